"""What starting the OpenMP threads costs on this machine (the cost model's ``team_ns``).

    python experiments/team_start.py [--runs 30] > polybench/results/team_start.txt

The probe of ``polyopt.core.machine.threads`` (the C compiler, -O2 -fopenmp) times, with ``omp_get_wtime``, each of its first
parallel regions (empty ``omp parallel for`` loops) after a tenth of a second of serial
work (as a program reads or initializes its data first); each run is a fresh process,
and runs alternate with nothing else. It prints the first
region's time over the runs (median, quartiles, range) and the median time of a
region once the threads run: the first minus the latter is what a program pays once
for the team. Run it alone on the machine. (polyopt itself measures the same, with
fewer runs, at first use: ``polyopt machine``.)
"""

from __future__ import annotations

import argparse
import os
import statistics

from polyopt.core.machine.threads import measure


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    threads = os.environ.get("OMP_NUM_THREADS") or str(len(os.sched_getaffinity(0)))
    first, later = measure(args.runs, int(threads))
    quartiles = statistics.quantiles(first, n=4)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "?")
    print(f"# {cpu}, {os.cpu_count()} CPUs, OMP_NUM_THREADS={threads}, {args.runs} runs")
    print(f"first region: median {statistics.median(first) * 1e6:.0f} us, quartiles "
          f"{quartiles[0] * 1e6:.0f}-{quartiles[2] * 1e6:.0f} us, range "
          f"{min(first) * 1e6:.0f}-{max(first) * 1e6:.0f} us")
    print(f"later regions: median {statistics.median(later) * 1e6:.1f} us")
    print("first regions, sorted (us): " + " ".join(f"{v * 1e6:.0f}" for v in sorted(first)))


if __name__ == "__main__":
    main()
