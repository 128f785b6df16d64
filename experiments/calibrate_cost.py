"""Fit the static cost model's machine costs (polyopt.core.machine.cpu.Machine) to committed sweeps.

    python experiments/calibrate_cost.py SMALL=polybench/results/small \
        MEDIUM=polybench/results/medium LARGE=polybench/results/large-default

For every kernel of the suite at each size, the model's statement shapes are computed
once for the original code and for what ``--scheduler isl`` generates (isl's schedule,
tiled). The costs are then searched (coordinate descent on a log scale, each within
bounds that keep it physically plausible) to minimize, over kernels and sizes,

    (log predicted isl speedup - log measured isl speedup)^2
    + 0.3 (log predicted original time - log measured gcc time)^2

with the speedups of the ``isl`` variant over ``gcc`` from the sweeps' outcomes. The
first term is what the default's choices rest on: ratios between schedules of one
SCoP; the second keeps the scale sane. It prints the fitted costs and, per kernel,
the measured and predicted speedups. Nothing here runs a benchmark: it reads sweeps
that were run alone on the machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from pathlib import Path

from polyopt.core.dependences import compute_dependences
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, find_scops
from polyopt.core.machine.cpu import Machine, this_machine
from polyopt.scheduler.cost import estimate, parameter_point, statement_shapes
from polyopt.scheduler.isl_scheduler import IslScheduler
from polyopt.scheduler.tiling import tile_schedule
from sweep_data import outcome_medians

POLYBENCH = Path(__file__).resolve().parents[1] / "polybench"   # the suite: harness, kernels/
# team_ns is measured (experiments/team_start.py), not fitted: the sweeps' kernels
# do not tell it apart from the cost of their regions
SCALAR_COSTS = ["op_ns", "latency_ns", "access_ns", "loop_ns", "skewed_loop_ns", "region_ns"]
BOUNDS = {"op_ns": (0.1, 1.0), "latency_ns": (0.5, 3.0), "access_ns": (0.05, 0.5),
          "loop_ns": (1, 20), "skewed_loop_ns": (1, 30), "region_ns": (300, 10000),
          "cache1": (0.2, 3), "cache2": (0.5, 10), "cache3": (2, 30),
          "tlb1": (0.2, 5), "tlb2": (2, 40)}


def measured_medians(directory: Path) -> dict[tuple[str, str], float]:
    """Medians of the sweep's timed runs (outcomes.jsonl, or results.csv where it is not kept)."""
    return outcome_medians(directory)


def kernel_shapes(path: Path, size: str, machine: Machine):
    """[(original shapes, isl shapes)] for each SCoP of the kernel at `size`."""
    options = Options(defines=[f"{size}_DATASET"], include_dirs=[str(POLYBENCH)])
    scops, _ = find_scops(SourceFile(str(path), path.read_text()), options)
    result = []
    for scop in scops:
        dependences = compute_dependences(scop)
        point, touched = parameter_point(scop), {}

        def shapes_of(schedule):
            return statement_shapes(scop, schedule, dependences.all, dependences.flow, point,
                                    machine, touched)
        isl_schedule = IslScheduler().schedule(scop, dependences).schedule
        tiled = tile_schedule(isl_schedule, None, isolate=False, scop=scop)
        result.append((shapes_of(scop.schedule), shapes_of(tiled)))
    return result


def machine_with(base: Machine, costs: dict[str, float]) -> Machine:
    caches = tuple(dataclasses.replace(level, line_ns=costs[f"cache{k + 1}"])
                   for k, level in enumerate(base.caches))
    tlbs = tuple(dataclasses.replace(level, line_ns=costs[f"tlb{k + 1}"])
                 for k, level in enumerate(base.tlbs))
    return dataclasses.replace(base, caches=caches, tlbs=tlbs,
                               **{name: costs[name] for name in SCALAR_COSTS})


def costs_of(machine: Machine) -> dict[str, float]:
    costs = {name: getattr(machine, name) for name in SCALAR_COSTS}
    costs.update({f"cache{k + 1}": level.line_ns for k, level in enumerate(machine.caches)})
    costs.update({f"tlb{k + 1}": level.line_ns for k, level in enumerate(machine.tlbs)})
    return costs


def rows(data, machine: Machine):
    """(size, kernel, measured isl speedup, predicted, log error of the speedup,
    log error of the original's time) per kernel measured."""
    for size, kernel, shapes, gcc, isl in data:
        original = sum(estimate(o, machine, parallel=False).seconds for o, _ in shapes)
        scheduled = sum(estimate(i, machine, parallel=True).seconds for _, i in shapes)
        yield (size, kernel, gcc / isl, original / scheduled,
               math.log(original / scheduled) - math.log(gcc / isl), math.log(original / gcc))


def loss(data, machine: Machine) -> float:
    return sum(error ** 2 + 0.3 * scale ** 2 for *_, error, scale in rows(data, machine))


def fit(data, base: Machine, step: float = 1.0, smallest: float = 0.05) -> dict[str, float]:
    costs = costs_of(base)
    best = loss(data, base)
    while step > smallest:
        improved = False
        for name in costs:
            for factor in (math.exp(step), math.exp(-step)):
                trial = dict(costs, **{name: costs[name] * factor})
                low, high = BOUNDS[name]
                if not low <= trial[name] <= high:
                    continue
                value = loss(data, machine_with(base, trial))
                if value < best - 1e-9:
                    best, costs, improved = value, trial, True
        print(f"step {step:.3f}: loss {best:.2f}", file=sys.stderr)
        if not improved:
            step /= 2
    return costs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sweeps", nargs="+", metavar="SIZE=DIRECTORY")
    parser.add_argument("--kernels", help="comma-separated (default: the whole suite)")
    args = parser.parse_args(argv)
    base = this_machine()
    kernels = (args.kernels.split(",") if args.kernels else
               sorted(path.stem for path in (POLYBENCH / "kernels").glob("*.c")))
    data = []
    for sweep in args.sweeps:
        size, _, directory = sweep.partition("=")
        measured = measured_medians(Path(directory))
        for kernel in kernels:
            gcc, isl = measured.get((kernel, "gcc")), measured.get((kernel, "isl"))
            if gcc and isl:
                shapes = kernel_shapes(POLYBENCH / "kernels" / f"{kernel}.c", size, base)
                if shapes:
                    data.append((size, kernel, shapes, gcc, isl))
    print(f"loss with today's costs: {loss(data, base):.2f}")
    costs = fit(data, base)
    fitted = machine_with(base, costs)
    print(f"loss with the fitted costs: {loss(data, fitted):.2f}")
    print("fitted costs:", {name: round(value, 3) for name, value in costs.items()})
    print("| size | kernel | measured isl speedup | predicted |\n|---|---|---|---|")
    for size, kernel, measured, predicted, _, _ in rows(data, fitted):
        print(f"| {size} | {kernel} | {measured:.2f}x | {predicted:.2f}x |")


if __name__ == "__main__":
    main()
