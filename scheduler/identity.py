"""The original execution order, with bands made permutable where legal."""

from __future__ import annotations

from polyopt.core.dependences import Dependences
from polyopt.core.scop import Scop
from polyopt.scheduler.bands import annotate_bands
from polyopt.scheduler.base import ScheduleResult, Scheduler, register


@register
class IdentityScheduler(Scheduler):
    """Keeps the loops as written; perfectly nested loops form bands, split where
    a dependence would forbid tiling them together."""

    name = "identity"

    def schedule(self, scop: Scop, dependences: Dependences) -> ScheduleResult:
        tree = annotate_bands(scop.schedule, dependences.all)
        return ScheduleResult(tree, "original order")
