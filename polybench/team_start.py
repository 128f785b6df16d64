"""What starting the OpenMP threads costs on this machine (the cost model's ``team_ns``).

    python -m polyopt.polybench.team_start [--runs 30] > polybench/results/team_start.txt

A C program (gcc -O3 -fopenmp) times, with ``omp_get_wtime``, each of its first
parallel regions (empty ``omp parallel for`` loops); each run is a fresh process,
as a PolyBench kernel is, and runs alternate with nothing else. It prints the first
region's time over the runs (median, quartiles, range) and the median time of a
region once the threads run: the first minus the latter is what a program pays once
for the team. Run it alone on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

PROGRAM = r"""
#include <stdio.h>
#include <omp.h>
static double sink[1024];
int main(void) {
  double t[11];
  t[0] = omp_get_wtime();
  for (int r = 0; r < 10; r++) {
    #pragma omp parallel for
    for (int i = 0; i < 1024; i++) sink[i] += i;
    t[r + 1] = omp_get_wtime();
  }
  printf("%.9f", t[1] - t[0]);
  for (int r = 2; r <= 10; r++) printf(" %.9f", t[r] - t[r - 1]);
  printf("\n");
  return 0;
}
"""


def measure(runs: int, threads: str) -> tuple[list[float], list[float]]:
    """First regions' seconds, and every later region's, over `runs` fresh processes."""
    with tempfile.TemporaryDirectory() as work:
        source, exe = Path(work, "team.c"), Path(work, "team")
        source.write_text(PROGRAM)
        subprocess.run(["gcc", "-O3", "-fopenmp", str(source), "-o", str(exe)], check=True)
        env = dict(os.environ, OMP_NUM_THREADS=threads)
        first, later = [], []
        for _ in range(runs):
            values = [float(v) for v in subprocess.run([str(exe)], env=env, check=True,
                                                       capture_output=True, text=True).stdout.split()]
            first.append(values[0])
            later.extend(values[1:])
    return first, later


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    threads = os.environ.get("OMP_NUM_THREADS") or str(len(os.sched_getaffinity(0)))
    first, later = measure(args.runs, threads)
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
