"""GFLOP/s of the suite's kernels per variant of a sweep (`--blas`, the default, Pluto...),
against OpenBLAS's own DGEMM rate on this machine.

    python experiments/blas_rate.py SWEEP_DIRECTORY [--dataset LARGE] [--threads 2]
                                    [--variants polyopt,blas]

SWEEP_DIRECTORY holds a `polyopt polybench` sweep of those variants (its
outcomes.jsonl). For each kernel there, the floating-point operations of one run
are counted on the polyhedral model, not taken from a table: for every statement,
its instances at the dataset's sizes times the arithmetic operations of its body
(`floating_operations`: ``C[i][j] += alpha * A[i][k] * B[k][j]`` counts 2, the
usual multiply-add; the scaling by a scalar is not counted, as BLAS does it once
per output).
GFLOP/s = operations / median kernel time. The DGEMM rate is measured here: a C
program calls the wheel's ``cblas_dgemm`` on square matrices of 1000 and 2000
(the best of 5 calls each, OPENBLAS_NUM_THREADS = --threads; with OpenBLAS's own
choice of kernel and with OPENBLAS_CORETYPE=Haswell, AVX2), and again as one call
into an output array never touched before, in a fresh process (median of 5): the way
a kernel's first write to an array the harness allocated runs in its timed region,
paying the page faults. Writes gflops.md next to the sweep's report. Run it alone on
the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from pycparser import c_ast

from polyopt.blas import library_flags
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, find_scops
from polyopt.core.dependences import compute_dependences
from polyopt.core.machine.cpu import this_machine
from polyopt.scheduler.cost import parameter_point, statement_shapes
from sweep_data import outcome_medians

POLYBENCH = Path(__file__).resolve().parents[1] / "polybench"   # the suite: harness, kernels/

DGEMM_PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cblas.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
                          return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
  int n = atoi(argv[1]), cold = argc > 2;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n),
         *C = malloc(sizeof(double) * n * n), best = 1e30;
  for (long i = 0; i < (long) n * n; i++) { A[i] = i % 7 * 0.1; B[i] = i % 5 * 0.2; }
  if (!cold)
    for (long i = 0; i < (long) n * n; i++) C[i] = 0;
  for (int r = 0; r < (cold ? 1 : 5); r++) {
    double t = now();
    scipy_cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, A, n, B, n,
                      cold ? 0.0 : 1.0, C, n);
    t = now() - t;
    if (t < best) best = t;
  }
  printf("%.6g %g\n", 2.0 * n * n * n / best * 1e-9, C[n + 1]);
  return 0;
}
"""


def dgemm_rate(threads: int, sizes=(1000, 2000), cold: bool = False,
               core_type: str | None = None) -> dict[int, float]:
    """OpenBLAS's DGEMM GFLOP/s on this machine, per size: the best of 5 calls in one
    process; `cold`: the median over 5 processes of one call whose output was never
    touched (as a kernel's first write in the harness's timed region: the output's
    pages are faulted in by the call). `core_type`: OPENBLAS_CORETYPE (None: unset,
    OpenBLAS's own choice of kernel for this CPU)."""
    with tempfile.TemporaryDirectory() as directory:
        source, exe = Path(directory) / "dgemm.c", Path(directory) / "dgemm"
        source.write_text(DGEMM_PROGRAM)
        subprocess.run(["gcc", "-O2", str(source), "-o", str(exe), *library_flags(None)],
                       check=True, capture_output=True)
        env = dict(os.environ, OPENBLAS_NUM_THREADS=str(threads))
        env.pop("OPENBLAS_CORETYPE", None)
        if core_type is not None:
            env["OPENBLAS_CORETYPE"] = core_type

        def one(n: int) -> float:
            command = [str(exe), str(n)] + (["cold"] if cold else [])
            return float(subprocess.run(command, env=env, check=True, capture_output=True,
                                        text=True).stdout.split()[0])

        return {n: statistics.median(one(n) for _ in range(5 if cold else 1)) for n in sizes}


def kernel_operations(kernel: str, dataset: str) -> float:
    """Floating-point operations of one run of the kernel's SCoPs, on the model: the
    cost model's instance counts (trip counts of the original schedule: exact for
    boxes and triangles) times each statement's arithmetic operations."""
    path = POLYBENCH / "kernels" / f"{kernel}.c"
    options = Options(defines=[f"{dataset}_DATASET"], include_dirs=[str(POLYBENCH)])
    scops, _ = find_scops(SourceFile(str(path), path.read_text()), options)
    total = 0.0
    for scop in scops:
        dependences = compute_dependences(scop)
        shapes = statement_shapes(scop, scop.schedule, dependences.all, dependences.flow,
                                  parameter_point(scop), this_machine(), {})
        operations = {statement.name: floating_operations(statement.body)
                      for statement in scop.statements}
        total += sum(shape.instances * operations[shape.name] for shape in shapes)
    return total


def floating_operations(body) -> int:
    """Arithmetic operations of a statement body as BLAS counts them: each +, -, *, /
    and compound assignment, except a product by a scalar variable (``alpha * A[i][k]``
    inside a product: BLAS scales once per output, not per multiply-add)."""
    count = 0

    class Counter(c_ast.NodeVisitor):
        def visit_Assignment(self, node):
            nonlocal count
            count += node.op != "="
            self.visit(node.rvalue)

        def visit_BinaryOp(self, node):
            nonlocal count
            if node.op in "+-/" or node.op == "*" and not (
                    isinstance(node.left, c_ast.ID) or isinstance(node.right, c_ast.ID)):
                count += 1
            self.visit(node.left)
            self.visit(node.right)

        def visit_ArrayRef(self, node):
            pass            # subscripts: address arithmetic

    Counter().visit(body)
    return count


def medians(directory: Path) -> dict[tuple[str, str], float]:
    """Medians of the sweep's timed runs (outcomes.jsonl, or results.csv where it is not kept)."""
    return outcome_medians(directory)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sweep", type=Path)
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--variants", default="polyopt,blas",
                        help="the sweep's variants to report besides gcc (default: polyopt,blas)")
    args = parser.parse_args(argv)
    variants = ["gcc"] + [v for v in args.variants.split(",") if v and v != "gcc"]
    rates = dgemm_rate(args.threads)
    peak = max(rates.values())
    haswell = dgemm_rate(args.threads, core_type="Haswell")
    first_calls = dgemm_rate(args.threads, cold=True)
    measured = medians(args.sweep)
    kernels = sorted({kernel for kernel, _ in measured}, key=lambda k: list(measured).index((k, "gcc"))
                     if (k, "gcc") in measured else 0)
    lines = [f"# GFLOP/s ({args.dataset}, {args.threads} threads)", "",
             "OpenBLAS DGEMM on this machine (best of 5 calls), its own choice of kernel "
             "(OPENBLAS_CORETYPE unset): " + ", ".join(
                 f"n={n}: {rate:.1f} GFLOP/s" for n, rate in rates.items())
             + "; with OPENBLAS_CORETYPE=Haswell (AVX2): " + ", ".join(
                 f"n={n}: {rate:.1f} GFLOP/s" for n, rate in haswell.items())
             + "; one call into an output never touched before (its pages faulted in by the "
             "call, as a kernel's first write in the harness's timer), its own kernel, median "
             "of 5 processes: " + ", ".join(
                 f"n={n}: {rate:.1f} GFLOP/s" for n, rate in first_calls.items()) + ".", "",
             f"Operations counted on the polyhedral model (instances x arithmetic operations of "
             f"each statement; `+=` counts one). Medians of the sweep's timed runs. In "
             f"parentheses: the share of the best DGEMM rate above ({peak:.1f} GFLOP/s).", "",
             "| kernel | GFLOP | " + " | ".join(variants) + " |",
             "|---|---|" + "---|" * len(variants)]
    for kernel in kernels:
        operations = kernel_operations(kernel, args.dataset)

        def rate(variant: str) -> str:
            seconds = measured.get((kernel, variant))
            if not seconds:
                return "-"
            value = operations / seconds * 1e-9
            return f"{value:.2f} ({value / peak:.0%})"

        lines.append(f"| {kernel} | {operations * 1e-9:.3g} | "
                     + " | ".join(rate(variant) for variant in variants) + " |")
    report = "\n".join(lines) + "\n"
    (args.sweep / "gflops.md").write_text(report)
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
