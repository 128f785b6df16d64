"""The default's learned performance model as a search's classifier: a schedule (with
its tile sizes) is predicted *profitable* when the speed-up over the code as written
that the model predicts for it, tiled and parallelized as the pipeline would, is at
least half the best one it predicts for the default's own candidates (and above 1).
This mirrors Polyite's label (a schedule within 2x of the best time is profitable)
with the model's predictions in place of measurements, and needs no training on the
program searched: the model is trained on generated programs (``scheduler.learned``).

``PredictedSpeedups`` serves the genetic search's GA_C and guard modes
(``polyopt --scheduler ga --classifier performance``) and the evaluation of the rule
on measured searches (``experiments/performance_classifier.py``)."""

from __future__ import annotations

import math

import islpy as isl

from polyopt.core.dependences import Dependences
from polyopt.core.errors import PolyoptError
from polyopt.core.machine.cpu import Machine, this_machine
from polyopt.core.scop import Scop
from polyopt.scheduler.auto import Judged, judge_candidates, learned_speedups
from polyopt.scheduler.candidates import CandidateSchedule
from polyopt.scheduler.cost import (estimate, parameter_point, statement_shapes,
                                    vector_safe_pairs)
from polyopt.scheduler.learned import PerformanceModel
from polyopt.scheduler.tiling import TilingReport, tile_schedule

# a schedule is profitable when predicted at least this share of the best predicted
# speed-up of the default's candidates (Polyite: within 2x of the best time)
SHARE_OF_BEST = 0.5


class PredictedSpeedups:
    """The learned model's predicted speed-ups of schedules of one SCoP, and the
    profitability rule (``profitable``)."""

    def __init__(self, scop: Scop, dependences: Dependences, model: PerformanceModel,
                 tile: bool = True, tile_sizes: list[int] | None = None,
                 parallel: bool = True, machine: Machine | None = None):
        self.scop, self.dependences, self.model = scop, dependences, model
        self.tile, self.tile_sizes, self.parallel = tile, tile_sizes, parallel
        self.machine = machine or this_machine()
        self.point, self.touched = parameter_point(scop), {}
        self.vector_safe = vector_safe_pairs(dependences)
        self.original = Judged(CandidateSchedule("original code", None),
                               estimate(self._shapes(scop.schedule), self.machine,
                                        parallel=False))
        self._best: float | None = None

    def _shapes(self, schedule: isl.Schedule):
        return statement_shapes(self.scop, schedule, self.dependences.all,
                                self.dependences.flow, self.point, self.machine, self.touched,
                                self.vector_safe)

    def speedup(self, schedule: isl.Schedule, band_sizes: list[list[int]] | None = None
                ) -> float:
        """The predicted speed-up of `schedule` (tiled by `band_sizes`, else as the
        pipeline tiles) over the code as written."""
        report = TilingReport()
        scheduled = schedule
        if self.tile:
            scheduled = tile_schedule(schedule, self.tile_sizes, report, isolate=False,
                                      scop=self.scop, band_sizes=band_sizes)
        judged = Judged(CandidateSchedule("searched", schedule),
                        estimate(self._shapes(scheduled), self.machine, self.parallel),
                        tiled=bool(report.bands))
        return learned_speedups([self.original, judged], self.model)[1]

    def speedups(self, schedules: list[tuple[isl.Schedule, list[list[int]] | None]],
                 seconds: float = 10.0, jobs: int = 1) -> list[float | None]:
        """``speedup`` of each (schedule, band sizes), each in a forked child killed past
        `seconds` of CPU (isl cannot be interrupted, and a skewed random schedule can
        take minutes): None where it failed or took too long."""
        from polyopt.core.timebox import map_with_cpu_limit
        result: list[float | None] = [None] * len(schedules)
        for index, value, _, _ in map_with_cpu_limit(seconds, jobs, self._speedup_or_none,
                                                     list(schedules)):
            result[index] = value
        return result

    def _speedup_or_none(self, schedule: isl.Schedule, band_sizes) -> float | None:
        try:
            return self.speedup(schedule, band_sizes)
        except (isl.Error, PolyoptError, ValueError, ZeroDivisionError):
            return None

    @property
    def best(self) -> float:
        """The best predicted speed-up of the default's candidates (at least 1)."""
        if self._best is None:
            judged = judge_candidates(self.scop, self.dependences, self.tile, self.tile_sizes,
                                      self.parallel, self.machine)
            self._best = max([1.0, *learned_speedups(judged, self.model)])
        return self._best

    def probability(self, speedup: float) -> float:
        """A score in (0, 1) that is 1/2 at the profitability threshold."""
        threshold = max(1.0, SHARE_OF_BEST * self.best)
        return 1.0 / (1.0 + math.exp(-4.0 * math.log(max(speedup, 1e-9) / threshold)))

    def profitable(self, speedup: float) -> bool:
        return self.probability(speedup) >= 0.5
