"""Empirical schedule search: the shared driver (``driver``) and one module per
strategy (``random``, ``genetic``, ``tune``), each registered with the driver when this package
is imported; the learned classifier, the lower bound and cluster evaluation beside them."""

from polyopt.search import genetic, random, tune  # noqa: F401  (registration)
from polyopt.search.driver import (STRATEGIES, Candidate, Judge, Measurement, Search,
                                   SearchResult, SearchSettings, samples_json_lines)
from polyopt.search.statuses import OK, STATUSES, WRONG

__all__ = ["OK", "STATUSES", "STRATEGIES", "WRONG", "Candidate", "Judge", "Measurement", "Search",
           "SearchResult", "SearchSettings", "samples_json_lines"]
