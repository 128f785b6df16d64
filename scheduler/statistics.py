"""Statistics of the legal schedule space of a SCoP (``polyopt --dump space``).

How large the generator sets of the first region P_1 are (averaged over many
random regions, as Polyite reports them), how often their computation hit the
time box, and how fast whole schedules are sampled.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from polyopt.scheduler.random_scheduler import draw_schedule
from polyopt.scheduler.sampler import SamplingError, ScheduleSpace


@dataclass
class SpaceStatistics:
    dimension: int
    polyhedra: int
    regions: int                 # regions drawn for P_1
    distinct_regions: int
    vertices: float              # averages over the regions drawn
    rays: float
    lines: float
    projected: float             # share of regions whose generators timed out
    generator_seconds: float     # time spent computing generators of the distinct regions
    schedules: int
    failed_draws: int
    sampling_seconds: float

    @property
    def schedules_per_second(self) -> float:
        return self.schedules / self.sampling_seconds if self.sampling_seconds else 0.0


def space_statistics(space: ScheduleSpace, rng: random.Random, regions: int = 1000,
                     schedules: int = 100, seconds: float = 20.0) -> SpaceStatistics:
    """Generator counts of P_1 over `regions` random regions, then the rate of
    sampling up to `schedules` schedules (or for at most `seconds`)."""
    uncarried = frozenset(d.index for d in space.polyhedra)
    counts = []
    start = time.perf_counter()
    drawn = set()
    for _ in range(regions if uncarried else 0):
        region = space.random_region(uncarried, rng)
        drawn.add(region)
        generators = space.generators(region)
        if generators is None:
            counts.append(None)
        else:
            counts.append((len(generators.vertices), len(generators.rays), len(generators.lines)))
    generator_seconds = time.perf_counter() - start
    known = [c for c in counts if c is not None]

    def average(k: int) -> float:
        return statistics.fmean(c[k] for c in known) if known else 0.0

    sampled = failed = 0
    start = time.perf_counter()
    while sampled < schedules and time.perf_counter() - start < seconds:
        try:
            draw_schedule(space, rng, attempts=1)
            sampled += 1
        except SamplingError:
            failed += 1
    return SpaceStatistics(space.space.dimension, len(space.polyhedra), len(counts), len(drawn),
                           average(0), average(1), average(2),
                           (len(counts) - len(known)) / len(counts) if counts else 0.0,
                           generator_seconds, sampled, failed, time.perf_counter() - start)


def describe_space(space: ScheduleSpace, result: SpaceStatistics) -> str:
    lines = [f"row space: {result.dimension} coefficients "
             f"({', '.join(space.space.names()[:12])}{', ...' if result.dimension > 12 else ''})",
             f"dependence polyhedra: {result.polyhedra}"]
    for polyhedron in space.polyhedra:
        lines.append(f"  D{polyhedron.index}: {polyhedron.source} -> {polyhedron.sink}: "
                     f"{polyhedron.relation}")
    lines.append(f"P_1 over {result.regions} random regions ({result.distinct_regions} distinct, "
                 f"generators computed in {result.generator_seconds:.2f} s): "
                 f"vertices {result.vertices:.2f}, rays {result.rays:.2f}, lines {result.lines:.2f} "
                 f"on average; generators timed out (projection sampling) for "
                 f"{100 * result.projected:.1f}%")
    lines.append(f"sampling: {result.schedules} schedules in {result.sampling_seconds:.2f} s = "
                 f"{result.schedules_per_second:.1f} schedules/s ({result.failed_draws} stuck draws)")
    return "\n".join(lines)
