"""Statistics of the legal schedule space of every kernel: `polyopt --dump space`
for the 30 PolyBench kernels and the test kernels, as one Markdown table.

    python experiments/space_statistics.py [--regions 1000] [--seconds 20] > space.md
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from polyopt.core.dependences import compute_dependences
from polyopt.frontend import extract_scops, read_source
from polyopt.scheduler.sampler import ScheduleSpace
from polyopt.scheduler.statistics import space_statistics

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--regions", type=int, default=1000, help="random regions P_1 drawn")
    parser.add_argument("--schedules", type=int, default=100, help="schedules sampled at most")
    parser.add_argument("--seconds", type=float, default=20.0, help="sampling time at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args()
    paths = args.paths or sorted((ROOT / "polybench" / "kernels").glob("*.c")) + \
        sorted((ROOT / "tests" / "kernels").glob("*.c"))
    print("| kernel | coefficients | polyhedra | regions (distinct) | vertices | rays | lines "
          "| timed out | schedules/s | stuck draws |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for path in paths:
        start = time.perf_counter()
        scops = extract_scops(read_source(str(path))).scops
        if not scops:
            continue
        space = ScheduleSpace(scops[0], compute_dependences(scops[0]))
        result = space_statistics(space, random.Random(args.seed), args.regions,
                                  args.schedules, args.seconds)
        name = f"{path.parent.name}/{path.stem}"
        print(f"| {name} | {result.dimension} | {result.polyhedra} | {result.regions} "
              f"({result.distinct_regions}) | {result.vertices:.2f} | {result.rays:.2f} | "
              f"{result.lines:.2f} | {100 * result.projected:.1f}% | "
              f"{result.schedules_per_second:.2f} | {result.failed_draws} |", flush=True)
        print(f"{name}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
