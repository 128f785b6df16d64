"""Kernel times of `--blas` pairs of matrix-vector products (A x and A^T y over one
matrix: atax, bicg, mvt) as one OpenMP pass over the matrix, against the two
plain BLAS calls and the default, side by side in one run (issue 17: atax was
1.77x the default, short of 2x, its two calls each reading all of A).

    python polybench/blas_one_pass.py [KERNEL ...] [--dataset LARGE] [--repeat 9]
        [--extra NAME=PROGRAM.c ...]

For each kernel: polyopt's default, the program with two calls and the one-pass
program, each built once with `gcc -O3 -march=native -fopenmp` and the wheel's
OpenBLAS, then run --repeat times in turns with the kernel as written
(side_by_side.py's runner and table: median, spread, speedup over gcc; outputs
checked within 1e-11), 2 threads. `--extra` adds a program of your own (with one
kernel), such as the output of another polyopt version. Run it alone on the machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import polyopt.blas_pipeline
from polyopt.blas_library import library_flags
from polyopt.frontend.source import read_source
from polyopt.pipeline import Options, optimize_source
from side_by_side import build, print_timed

HERE = Path(__file__).resolve().parent


def _program(kernel: str, dataset: str, blas: bool, one_pass: bool = True) -> str:
    path = HERE / "kernels" / f"{kernel}.c"
    options = Options(blas=blas, blas_mode="always" if blas else "auto", use_database=False,
                      defines=[f"{dataset}_DATASET"], include_dirs=[str(HERE)])
    saved = polyopt.blas_pipeline.paired
    if not one_pass:
        polyopt.blas_pipeline.paired = lambda found: found
    try:
        return optimize_source(read_source(str(path)), options).text
    finally:
        polyopt.blas_pipeline.paired = saved


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="*", default=["atax", "bicg", "mvt"])
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--extra", action="append", default=[], metavar="NAME=PROGRAM.c")
    args = parser.parse_args(argv)
    print("| kernel | program | median ms | spread | speedup over gcc |\n|---|---|---|---|---|")
    for kernel in args.kernels:
        programs = {"default": _program(kernel, args.dataset, False),
                    "two calls": _program(kernel, args.dataset, True, one_pass=False),
                    "one pass": _program(kernel, args.dataset, True)}
        for extra in args.extra:
            name, _, path = extra.partition("=")
            programs[name] = Path(path).read_text()
        with tempfile.TemporaryDirectory() as directory:
            directory = Path(directory)
            executables = {"gcc": directory / "gcc"}
            build(HERE / "kernels" / f"{kernel}.c", executables["gcc"], args.dataset)
            for k, (name, text) in enumerate(programs.items()):
                (directory / f"p{k}.c").write_text(text)
                executables[name] = directory / f"p{k}"
                build(directory / f"p{k}.c", executables[name], args.dataset,
                      library_flags(None))
            print_timed(kernel, executables, args.repeat, 2, 1e-11)
    return 0


if __name__ == "__main__":
    sys.exit(main())
