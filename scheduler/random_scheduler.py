"""One random legal schedule from the sampler: the `random` strategy.

On its own (``--scheduler random`` with ``--budget 0``, or the pipeline's
``Options(scheduler="random")``) it returns a single sample; the search in
``polyopt.search`` draws many and keeps the fastest.
"""

from __future__ import annotations

import random

import islpy as isl

from polyopt.core.dependences import Dependences
from polyopt.core.scop import Scop
from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.base import ScheduleResult, Scheduler, register
from polyopt.scheduler.identity import IdentityScheduler
from polyopt.scheduler.sampler import Sample, SamplingError, ScheduleSpace
from polyopt.scheduler.tree import matrix_to_tree

ATTEMPTS = 50    # draws before giving up on a SCoP whose sampling keeps getting stuck


def draw_schedule(space: ScheduleSpace, rng: random.Random,
                  attempts: int = ATTEMPTS) -> tuple[Sample, isl.Schedule]:
    """A sample and its checked schedule tree; raises SamplingError after `attempts` stuck draws."""
    last = None
    for _ in range(attempts):
        try:
            sample = space.sample(rng)
        except SamplingError as error:
            last = error
            continue
        tree = matrix_to_tree(space.scop, space.space, sample.matrix(), space.dependences.all)
        if not is_legal(tree, space.dependences.all):
            raise AssertionError("the sampler produced an illegal schedule (internal error)")
        return sample, tree
    raise SamplingError(f"no schedule after {attempts} draws: {last}")


@register
class RandomScheduler(Scheduler):
    """A random schedule from the space of legal schedules (Polyite's sampler)."""

    name = "random"

    def schedule(self, scop: Scop, dependences: Dependences) -> ScheduleResult:
        rng = random.Random(self.seed)
        try:
            _, tree = draw_schedule(ScheduleSpace(scop, dependences), rng)
        except SamplingError as error:
            result = IdentityScheduler().schedule(scop, dependences)
            return ScheduleResult(result.schedule, "random sampling failed; original order", str(error))
        seed = "" if self.seed is None else f" (seed {self.seed})"
        return ScheduleResult(tree, f"random schedule{seed}")
