"""Kernel times of `--blas` pairs of matrix-vector products (A x and A^T y over one
matrix: atax, bicg, mvt) run in row blocks of several sizes, against the two plain
calls and the default, side by side in one run (issue 17: atax was 1.83x the
default, short of 2x, its two calls each reading all of A from memory).

    python polybench/blas_row_blocks.py [KERNEL ...] [--dataset LARGE] [--repeat 9]

For each kernel: the program with the two calls (no blocks), with row blocks of
each size in BLOCK_KIB, and polyopt's default, each built once with
`gcc -O3 -march=native -fopenmp` and the wheel's OpenBLAS, then run --repeat
times in turns (one run of each program per round, so that a slow spell of the
machine falls on all of them alike), OMP_NUM_THREADS = OPENBLAS_NUM_THREADS = 2.
Prints a Markdown table of median kernel times (the harness's timer: one cold
call, as PolyBench times it), their spreads ((max - min) / median), and the
ratios against the plain calls and the default. Run it alone on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import polyopt.blas_pipeline
from polyopt.blas_library import library_flags
from polyopt.frontend.source import read_source
from polyopt.pipeline import Options, optimize_source

HERE = Path(__file__).resolve().parent
BLOCK_KIB = (256, 512, 1024, 2048, 4096, 8192)
NO_BLOCKS = 1 << 40        # a block larger than any matrix: one block, the plain calls' order


def _program(kernel: str, dataset: str, blas: bool, block_bytes: int | None) -> str:
    path = HERE / "kernels" / f"{kernel}.c"
    options = Options(blas=blas, blas_mode="always" if blas else "auto", use_database=False,
                      defines=[f"{dataset}_DATASET"], include_dirs=[str(HERE)])
    saved = polyopt.blas_pipeline.row_block_bytes
    if block_bytes is not None:
        polyopt.blas_pipeline.row_block_bytes = lambda: block_bytes
    try:
        return optimize_source(read_source(str(path)), options).text
    finally:
        polyopt.blas_pipeline.row_block_bytes = saved


def _build(text: str, directory: Path, name: str, dataset: str) -> Path:
    source, executable = directory / f"{name}.c", directory / name
    source.write_text(text)
    subprocess.run(["gcc", "-O3", "-march=native", "-fopenmp", f"-D{dataset}_DATASET",
                    f"-I{HERE}", str(source), str(HERE / "harness.c"), "-o", str(executable),
                    "-lm", *library_flags(None)], check=True, capture_output=True, text=True)
    return executable


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="*", default=["atax", "bicg", "mvt"])
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args(argv)
    environment = {**os.environ, "OMP_NUM_THREADS": "2", "OPENBLAS_NUM_THREADS": "2"}
    print(f"| kernel | program | median ms | spread | vs two calls | vs default |\n"
          f"|---|---|---|---|---|---|")
    for kernel in args.kernels:
        programs = {"default": _program(kernel, args.dataset, False, None),
                    "two calls": _program(kernel, args.dataset, True, NO_BLOCKS)}
        for kib in BLOCK_KIB:
            programs[f"blocks of {kib} KiB"] = _program(kernel, args.dataset, True, kib * 1024)
        with tempfile.TemporaryDirectory() as directory:
            executables = {name: _build(text, Path(directory), f"p{k}", args.dataset)
                           for k, (name, text) in enumerate(programs.items())}
            times = {name: [] for name in programs}
            for _ in range(args.repeat):
                for name, executable in executables.items():
                    run = subprocess.run([str(executable)], capture_output=True, text=True,
                                         env=environment, check=True, timeout=120)
                    times[name].append(float(run.stdout.split()[-1]))
        medians = {name: statistics.median(values) for name, values in times.items()}
        for name, values in times.items():
            median = medians[name]
            print(f"| {kernel} | {name} | {median * 1e3:.3f} | "
                  f"{(max(values) - min(values)) / median:.0%} | "
                  f"{medians['two calls'] / median:.2f}x | {medians['default'] / median:.2f}x |")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
