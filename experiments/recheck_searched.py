"""Verify again the programs a sweep's searches chose (``searched/KERNEL.VARIANT.json``
under a results directory), with the suite's verification as it is now: each is built
with gcc -O3 -march=native -fopenmp at the sweep's dataset, run once with its arrays
dumped from the harness's perturbed data (HARNESS_PERTURB), and compared with the
original built and run the same way, within the sweep's tolerance (where they differ,
both are built and compared again with -ffp-contract=off, as the sweep does). A
program that skips work and is right only on PolyBench's own data (seidel-2d's is a
fixed point of its stencil) is found wrong here. Usage:

    python experiments/recheck_searched.py polybench/results/large-ga [KERNEL...]
                                         [--dataset LARGE] [--tolerance 1e-6]

Prints one line per program: exact, tolerance (max relative error), right without
contraction, or WRONG (the first difference); exits 1 if any is wrong. Nothing is
timed: it may run beside other work.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from polyopt.evaluator import NO_CONTRACTION
from polyopt.polybench.experiment import compare_dumps, finite, parse_dumps, unperturbed
from polyopt.polybench.suite import own_suite

COMPILER = ["gcc", "-O3", "-march=native", "-fopenmp"]


def _dumps(source: Path, executable: Path, dataset: str, root: Path,
           environment: dict[str, str], flags=()) -> dict:
    subprocess.run([*COMPILER, *flags, f"-D{dataset}_DATASET", "-I", str(root), str(source),
                    str(root / "harness.c"), "-o", str(executable), "-lm"],
                   check=True, capture_output=True)
    ran = subprocess.run([str(executable)], capture_output=True, check=True, timeout=3600,
                         env={**os.environ, "OMP_NUM_THREADS": "2", **environment})
    return parse_dumps(ran.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("kernels", nargs="*")
    parser.add_argument("--dataset", default="LARGE", help="the sweep's (default: LARGE)")
    parser.add_argument("--tolerance", type=float, default=1e-6,
                        help="relative, as the sweep's (default: 1e-6)")
    args = parser.parse_args(argv)
    dataset, tolerance = args.dataset, args.tolerance
    suite = own_suite()
    by_kernel: dict[str, list[Path]] = {}
    for path in sorted((args.results / "searched").glob("*.json")):
        kernel = path.name.split(".")[0]
        if not args.kernels or kernel in args.kernels:
            by_kernel.setdefault(kernel, []).append(path)
    wrong = 0
    with tempfile.TemporaryDirectory(prefix="polyopt-recheck-") as work:
        work = Path(work)
        for kernel, paths in by_kernel.items():
            source = suite.root / "kernels" / f"{kernel}.c"
            environment = suite.dump_environment
            expected = _dumps(source, work / kernel, dataset, suite.root, environment)
            if not finite(expected):
                environment = unperturbed(environment)
                expected = _dumps(source, work / kernel, dataset, suite.root, environment)
            strict = None
            data = "perturbed" if environment == suite.dump_environment else "its own"
            for path in paths:
                program = work / f"{path.stem}.c"
                program.write_text(json.loads(path.read_text())["text"])
                actual = _dumps(program, work / path.stem, dataset, suite.root, environment)
                verdict, error, difference = compare_dumps(expected, actual, tolerance,
                                                           suite.dump_abs_tolerance)
                if verdict == "wrong":      # as the sweep: both again without contraction
                    if strict is None:
                        strict = _dumps(source, work / f"{kernel}.strict", dataset, suite.root,
                                        environment, [NO_CONTRACTION])
                    again = _dumps(program, work / f"{path.stem}.strict", dataset, suite.root,
                                   environment, [NO_CONTRACTION])
                    verdict, error, _ = compare_dumps(strict, again, tolerance,
                                                      suite.dump_abs_tolerance)
                    if verdict != "wrong":
                        verdict = "no-contraction"
                wrong += verdict == "wrong"
                shown = {"exact": "exact", "tolerance": f"tolerance ({error:.3g})",
                         "no-contraction": f"differs ({difference}), but agrees ({error:.3g}) "
                                           f"when both are built with {NO_CONTRACTION}",
                         "wrong": f"WRONG: {difference}"}[verdict]
                print(f"{path.stem:32s} {dataset} from {data} data: {shown}", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
