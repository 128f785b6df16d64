"""isl's Pluto-like scheduler: validity, proximity and coincidence constraints."""

from __future__ import annotations

import logging

import islpy as isl

from polyopt.core.dependences import Dependences
from polyopt.core.scop import Scop
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


# PPCG's scheduling for a GPU: isl's incremental scheduler (not the whole component at
# once) maximizing coincidence, so that statements whose loops would be parallel apart
# are not fused into a band where only the outer loop is (lu at LARGE on a data-center GPU:
# one 1-D kernel per k, each thread walking a row, 0.88 s against PPCG's 0.058 s).
GPU_SETTINGS = dict(outer_coincidence=1, maximize_band_depth=1, serialize_sccs=0,
                    algorithm=0, whole_component=0, maximize_coincidence=1)


@register
class IslGpuScheduler(Scheduler):
    """isl's scheduler as PPCG runs it for a GPU (``GPU_SETTINGS``): the default of
    ``--target cuda``."""

    name = "isl-gpu"

    def schedule(self, scop: Scop, dependences: Dependences) -> ScheduleResult:
        from polyopt.scheduler.candidates import isl_schedule
        schedule = isl_schedule(scop, dependences.all, GPU_SETTINGS)
        if schedule is None:
            return IslScheduler().schedule(scop, dependences)
        return ScheduleResult(schedule, "isl scheduler (PPCG's GPU settings)")
