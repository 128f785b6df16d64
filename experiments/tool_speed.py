"""How long polyopt itself takes on a large file.

Generates a C file of about 2000 lines holding ten SCoPs of different shapes
(products, stencils with time loops, triangular solvers, imperfect nests)
among ordinary non-SCoP code, then times `polyopt FILE -o OUT` end to end
(a fresh process each time, so start-up is included): median and spread over
several runs, for each scheduler. Usage:

    python experiments/tool_speed.py [--runs 5] [--keep generated.c]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCOPS = {
    "matmul": """
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }""",
    "jacobi2d": """
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }""",
    "lu": """
  for (int k = 0; k < N; k++) {
    for (int j = k + 1; j < N; j++)
      A[k][j] = A[k][j] / A[k][k];
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }""",
    "seidel": """
  for (int t = 0; t < T; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j]
                   + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;""",
    "syrk": """
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < N; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }""",
    "mvt": """
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];""",
    "trisolv": """
  for (int i = 0; i < N; i++) {
    x1[i] = y1[i];
    for (int j = 0; j < i; j++)
      x1[i] -= A[i][j] * x1[j];
    x1[i] = x1[i] / A[i][i];
  }""",
    "cholesky": """
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }""",
    "floyd": """
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[i][j] = A[i][j] < A[i][k] + A[k][j] ? A[i][j] : A[i][k] + A[k][j];""",
    "gemver": """
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] + x1[i] * y1[j] + x2[i] * y2[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + beta * A[j][i] * y1[j];
  for (int i = 0; i < N; i++)
    x1[i] = x1[i] + y2[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] = x2[i] + alpha * A[i][j] * x1[j];""",
}

FILLER = """
static int filler_{n}(const char *text, int limit)
{{
  /* Ordinary code that is not a SCoP: a while loop over a string. */
  int count = 0;
  while (*text && count < limit) {{
    if (*text == ' ')
      count++;
    text++;
  }}
  return count + {n};
}}
"""


def generate(target_lines: int = 2000) -> str:
    parts = ["#include <math.h>", "#include <stdio.h>", "#define N 256", "#define T 20",
             "static double A[N][N], B[N][N], C[N][N];",
             "static double x1[N], x2[N], y1[N], y2[N];", ""]
    for name, body in SCOPS.items():
        parts += [f"void kernel_{name}(double alpha, double beta)", "{",
                  "  (void)alpha; (void)beta;", "#pragma scop", body.strip("\n"),
                  "#pragma endscop", "}", ""]
    n = 0
    while sum(part.count("\n") + 1 for part in parts) < target_lines:
        parts.append(FILLER.format(n=n))
        n += 1
    parts += ["int main(void)", "{"]
    parts += [f"  kernel_{name}(1.5, 1.2);" for name in SCOPS]
    parts += ['  printf("%f\\n", A[1][1] + C[2][2] + x1[3] + x2[4]);', "  return 0;", "}", ""]
    return "\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", help="write the generated file here too")
    args = parser.parse_args()
    text = generate()
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "big.c"
        source.write_text(text)
        if args.keep:
            Path(args.keep).write_text(text)
        print(f"generated {text.count(chr(10))} lines, {len(SCOPS)} SCoPs")
        for scheduler in ("isl", "identity"):
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "polyopt", str(source), "-o",
                                str(Path(directory) / "out.c"), "--scheduler", scheduler],
                               check=True)
                times.append(time.perf_counter() - start)
            output = (Path(directory) / "out.c").read_text()
            print(f"{scheduler:9s} median {statistics.median(times):.2f} s "
                  f"(min {min(times):.2f}, max {max(times):.2f}, {args.runs} runs); "
                  f"{output.count('/* polyopt:')} SCoPs rewritten, "
                  f"{output.count(chr(10))} output lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
