"""isl's Pluto-like scheduler: validity, proximity and coincidence constraints."""

from __future__ import annotations

import logging

import islpy as isl

from polyopt.dependences import Dependences
from polyopt.model import Scop
from polyopt.scheduler.base import ScheduleResult, Scheduler, register
from polyopt.scheduler.identity import IdentityScheduler

log = logging.getLogger(__name__)


@register
class IslScheduler(Scheduler):
    """All dependences are validity constraints (legal order), proximity
    constraints (keep dependent instances close, for locality) and coincidence
    constraints (prefer outer loops that carry none, for parallelism)."""

    name = "isl"

    def schedule(self, scop: Scop, dependences: Dependences) -> ScheduleResult:
        ctx = isl.DEFAULT_CONTEXT
        ctx.set_schedule_outer_coincidence(1)
        ctx.set_schedule_maximize_band_depth(1)
        all_dependences = dependences.all
        constraints = (isl.ScheduleConstraints.on_domain(scop.domain())
                       .set_context(scop.context)
                       .set_validity(all_dependences)
                       .set_proximity(all_dependences)
                       .set_coincidence(all_dependences))
        reason = "isl found no schedule"
        try:
            schedule = constraints.compute_schedule()
        except isl.Error as error:
            schedule, reason = None, f"isl scheduler error: {error}"
            log.warning("isl scheduler failed (%s); keeping the original order", error)
        if schedule is None:
            result = IdentityScheduler().schedule(scop, dependences)
            return ScheduleResult(result.schedule, "isl scheduler failed; original order", reason)
        return ScheduleResult(schedule, "isl scheduler")
