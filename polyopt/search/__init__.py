"""Empirical schedule search: the shared driver (``driver``) and one module per
strategy (``random``, ``genetic``)."""

from polyopt.search.driver import (OK, STATUSES, STRATEGIES, WRONG, Candidate, Judge, Measurement,
                                   Search, SearchResult, SearchSettings, samples_json_lines)

__all__ = ["OK", "STATUSES", "STRATEGIES", "WRONG", "Candidate", "Judge", "Measurement", "Search",
           "SearchResult", "SearchSettings", "samples_json_lines"]
