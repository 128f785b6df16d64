"""The pipeline: frontend -> dependences -> scheduler -> tiling -> codegen -> splice.

``optimize_source`` is the whole of it for one file. The modules, each a step:
``options`` (what the user asked), ``analysis`` (the file's SCoPs and their
dependences), ``schedule`` (one SCoP's schedule, checked, tiled), ``stored`` (a
search's stored choices), one module per target path (``cpu``, ``gpu``, ``blas``),
``report`` (what is said of each SCoP), and ``driver``, with ``render`` and the one
dispatcher to the per-target paths.
"""

from polyopt.pipeline.analysis import dependences_within_budget, find_scops
from polyopt.pipeline.cpu import generate
from polyopt.pipeline.options import Options, options_key
from polyopt.pipeline.driver import (CODEGEN_SECONDS, optimize_source, render,
                                     render_many_within, render_within)
from polyopt.pipeline.report import OptimizeResult, ScopReport, kept_message, summary_comment
from polyopt.pipeline.schedule import (ScheduledScop, schedule_scop, schedule_within_budget,
                                       tiled)
from polyopt.pipeline.stored import stored_choices, stored_result

__all__ = ["CODEGEN_SECONDS", "OptimizeResult", "Options", "ScheduledScop", "ScopReport",
           "dependences_within_budget", "find_scops", "generate", "kept_message",
           "optimize_source", "options_key", "render", "render_many_within", "render_within",
           "schedule_scop", "schedule_within_budget", "stored_choices", "stored_result",
           "summary_comment",
           "tiled"]
