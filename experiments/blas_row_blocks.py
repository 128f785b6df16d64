"""Kernel times of `--blas` pairs of matrix-vector products (A x and A^T y over one
matrix: atax, bicg, mvt) run in row blocks of several sizes, against the two plain
calls and the default, side by side in one run (atax was 1.83x the default, short
of 2x, its two calls each reading all of A from memory).

    python experiments/blas_row_blocks.py [KERNEL ...] [--dataset LARGE] [--repeat 9]

For each kernel: the program with the two calls (no blocks), with row blocks of
each size in BLOCK_KIB, and polyopt's default, each built once with
`gcc -O3 -march=native -fopenmp` and the wheel's OpenBLAS, then run --repeat
times in turns with the kernel as written (side_by_side.py's runner and table:
median, spread, speedup over gcc; outputs checked within 1e-11), 2 threads. Run it
alone on the machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import polyopt.pipeline.blas
from polyopt.blas import library_flags
from polyopt.frontend.source import read_source
from polyopt.pipeline import Options, optimize_source
from side_by_side import build, print_timed

POLYBENCH = Path(__file__).resolve().parents[1] / "polybench"   # the suite: harness, kernels/
BLOCK_KIB = (256, 512, 1024, 2048, 4096, 8192)
NO_BLOCKS = 1 << 40        # a block larger than any matrix: one block, the plain calls' order


def _program(kernel: str, dataset: str, blas: bool, block_bytes: int | None) -> str:
    path = POLYBENCH / "kernels" / f"{kernel}.c"
    options = Options(blas=blas, blas_mode="always" if blas else "auto", use_database=False,
                      defines=[f"{dataset}_DATASET"], include_dirs=[str(POLYBENCH)])
    saved = polyopt.pipeline.blas.row_block_bytes
    if block_bytes is not None:
        polyopt.pipeline.blas.row_block_bytes = lambda: block_bytes
    try:
        return optimize_source(read_source(str(path)), options).text
    finally:
        polyopt.pipeline.blas.row_block_bytes = saved


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="*", default=["atax", "bicg", "mvt"])
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args(argv)
    print("| kernel | program | median ms | spread | speedup over gcc |\n|---|---|---|---|---|")
    for kernel in args.kernels:
        programs = {"default": _program(kernel, args.dataset, False, None),
                    "two calls": _program(kernel, args.dataset, True, NO_BLOCKS)}
        for kib in BLOCK_KIB:
            programs[f"blocks of {kib} KiB"] = _program(kernel, args.dataset, True, kib * 1024)
        with tempfile.TemporaryDirectory() as directory:
            directory = Path(directory)
            executables = {"gcc": directory / "gcc"}
            build(POLYBENCH / "kernels" / f"{kernel}.c", executables["gcc"], args.dataset)
            for k, (name, text) in enumerate(programs.items()):
                (directory / f"p{k}.c").write_text(text)
                executables[name] = directory / f"p{k}"
                build(directory / f"p{k}.c", executables[name], args.dataset,
                      library_flags(None))
            print_timed(kernel, executables, args.repeat, 2, 1e-11)
    return 0


if __name__ == "__main__":
    sys.exit(main())
