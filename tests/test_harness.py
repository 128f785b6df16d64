"""The kernel harness: a driver for the regions of a file without main (polyopt.harness):
sizes from call sites and --define, the driver's outputs of the original and of the
optimized regions compared, and searches and bench through it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polyopt.frontend import SourceFile, read_source
from polyopt.harness import HarnessError, harness_seconds, kernel_harness, region_harness
from polyopt.pipeline import Options, find_scops, optimize_source

ROOT = Path(__file__).resolve().parents[1]
GCC = shutil.which("gcc")
needs_gcc = pytest.mark.skipif(GCC is None, reason="gcc is not installed")

LIBRARY = r"""
#define NI 60

void mm(int n, int m, int p, double alpha, double A[n][p], double B[p][m], double C[n][m])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
#pragma endscop
}

void heat(int steps, int len, float *x, float *y)
{
  int t, i;
#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < len - 1; i++)
      y[i] = 0.33f * (x[i - 1] + x[i] + x[i + 1]);
    for (i = 1; i < len - 1; i++)
      x[i] = y[i];
  }
#pragma endscop
}

void caller(double *a, double *b, double *c, float *x, float *y)
{
  mm(NI, 70, NI + 20, 1.5, (void *) a, (void *) b, (void *) c);
  heat(10, 5000, x, y);
}
"""


def harness_of(text: str, name: str = "lib.c", defines=None):
    source = SourceFile(name, text)
    scops, _ = find_scops(source, Options(defines=defines or []))
    return kernel_harness(source, scops, defines)


def build_and_run(text: str, directory: Path, name: str, flags=()) -> subprocess.CompletedProcess:
    path = directory / f"{name}.c"
    path.write_text(text)
    subprocess.run([GCC, "-O2", "-fopenmp", *flags, str(path), "-o", str(directory / name),
                    "-lm"], check=True, capture_output=True)
    return subprocess.run([str(directory / name)], check=True, capture_output=True, timeout=120)


def test_sizes_come_from_the_calls_in_the_file():
    harness = harness_of(LIBRARY)
    assert harness.sizes == {"n": 60, "m": 70, "p": 80, "steps": 10, "len": 5000}
    assert harness.description == ("kernel harness: mm(n=60, m=70, p=80); "
                                   "heat(steps=10, len=5000)")


def test_a_size_nobody_gives_is_a_located_error_that_says_what_to_pass():
    text = LIBRARY[:LIBRARY.index("void caller")]
    with pytest.raises(HarnessError) as raised:
        harness_of(text)
    message = str(raised.value)
    assert message.startswith("lib.c:8:1: error: ") and "--define m=VALUE" in message
    # --define NAME=VALUE gives it
    harness = harness_of(text, defines=["n=8", "m=9", "p=10", "steps=2", "len=100"])
    assert harness.sizes["n"] == 8 and harness.sizes["len"] == 100


def test_the_harness_of_unsigned_arrays_reads_back_with_its_regions():
    """The driver is read again as C to put the optimized regions in it: it parses (no
    macro with a type for an argument), and its integer sizes keep their types."""
    text = (
        "static void mul(int nb, int n, const unsigned long long A[restrict nb][n],\n"
        "                unsigned long long C[restrict nb][2 * n])\n{\n  int b, k;\n"
        "#pragma scop\n  for (b = 0; b < nb; b++)\n    for (k = 0; k < 2 * n - 1; k++)\n"
        "      C[b][k + 1] += A[b][k / 2] >> 16;\n#pragma endscop\n}\n"
        "void caller(unsigned long long (*A)[64], unsigned long long (*C)[128])\n"
        "{\n  mul(8, 64, A, C);\n}\n")
    harness = harness_of(text)
    scops, warnings = find_scops(SourceFile("driver.c", harness.text), Options())
    assert len(scops) == 1, warnings


def test_a_region_in_main_is_refused_with_what_to_do():
    source = read_source(str(ROOT / "examples" / "matmul.c"))
    scops, _ = find_scops(source, Options())
    with pytest.raises(HarnessError, match="--harness program"):
        kernel_harness(source, scops)


@needs_gcc
def test_a_program_runs_as_it_is_with_its_regions_timed(tmp_path):
    """The program's own data and calls (a region in main too), its output unchanged,
    the regions' time printed when it ends."""
    source = read_source(str(ROOT / "examples" / "matmul.c"))
    scops, _ = find_scops(source, Options())
    harness = region_harness(source, scops)
    assert harness.in_program and "regions timed alone" in harness.description
    want = build_and_run(source.text, tmp_path, "original")
    got = build_and_run(harness.text, tmp_path, "timed")
    assert got.stdout == want.stdout and harness_seconds(want.stderr) is None
    seconds = harness_seconds(got.stderr)
    assert seconds is not None and seconds >= 0
    with pytest.raises(HarnessError, match="no main .*--harness kernel"):
        region_harness(SourceFile("lib.c", LIBRARY),
                       find_scops(SourceFile("lib.c", LIBRARY), Options())[0])


@needs_gcc
def test_tune_times_the_regions_of_a_program_with_its_own_data(tmp_path):
    (tmp_path / "matmul.c").write_text((ROOT / "examples" / "matmul.c").read_text())
    run = subprocess.run([sys.executable, "-m", "polyopt", "matmul.c", "--tune",
                          "--tune-candidates", "1", "--no-db", "-o", "matmul.opt.c"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "tune: the program as it is, built and run whole, its regions timed alone" \
        in run.stderr
    assert "polyopt_harness" not in (tmp_path / "matmul.opt.c").read_text()


@needs_gcc
def test_a_file_of_a_larger_program_is_tuned_through_the_kernel_harness(tmp_path):
    """Its main calls what another file defines: the program does not link alone, the
    kernel harness (the file's main kept aside, never compiled) drives its region."""
    (tmp_path / "part.c").write_text(PART)
    run = subprocess.run([sys.executable, "-m", "polyopt", "part.c", "--tune",
                          "--tune-candidates", "1", "--no-db", "-o", "part.opt.c"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "does not build or run alone" in run.stderr
    assert "tune: kernel harness: kern()" in run.stderr
    assert "undefined reference" not in run.stderr       # said with -v only


PART = r"""
#include <stdio.h>
#define N 300
double A[N][N], B[N][N];
void fill(double *a, double *b);
void kern(void)
{
  int i, j;
#pragma scop
  for (i = 1; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = A[i - 1][j] * 0.5 + B[i][j];
#pragma endscop
}
int main(void) { fill(&A[0][0], &B[0][0]); kern(); printf("%g\n", A[N - 1][N - 1]); return 0; }
"""


@needs_gcc
def test_the_driver_runs_the_regions_and_prints_what_they_write(tmp_path):
    harness = harness_of(LIBRARY)
    run = build_and_run(harness.text, tmp_path, "driver")
    seconds = harness_seconds(run.stderr)
    assert seconds is not None and seconds >= 0
    lines = run.stdout.decode().splitlines()
    assert [line.split()[0] for line in lines if " sum " in line] == ["C", "x", "y"]
    values = [float(line) for line in lines if " sum " not in line]
    assert values and all(value != 0 for value in values)


SUITE = ["gemm", "jacobi-2d", "atax", "lu", "seidel-2d", "trmm", "covariance"]


@needs_gcc
@pytest.mark.parametrize("kernel", SUITE)
def test_the_driver_of_the_optimized_regions_agrees_with_the_original(kernel, tmp_path):
    """A suite kernel (its main renamed) driven as a library's: the optimized regions'
    outputs are the original regions' (both at MINI)."""
    suite = ROOT / "polybench"
    source = read_source(str(suite / "kernels" / f"{kernel}.c"))
    options = Options(defines=["MINI_DATASET"], include_dirs=[str(suite)])
    scops, _ = find_scops(source, options)
    harness = kernel_harness(source, scops, options.defines, options.include_dirs)
    optimized = optimize_source(SourceFile(source.name, harness.text),
                                Options(scheduler="isl", defines=["MINI_DATASET"],
                                        include_dirs=[str(suite)], min_region_work=0))
    assert optimized.text != harness.text
    flags = ["-DMINI_DATASET", f"-I{suite}", str(suite / "harness.c")]
    want = build_and_run(harness.text, tmp_path, "original", flags)
    got = build_and_run(optimized.text, tmp_path, "optimized", flags)
    assert want.stdout == got.stdout and want.stdout.count(b" sum ") >= 1
    assert harness_seconds(got.stderr) is not None


@needs_gcc
def test_a_file_without_main_is_searched_and_its_choice_verified(tmp_path):
    (tmp_path / "lib.c").write_text(LIBRARY)
    run = subprocess.run([sys.executable, "-m", "polyopt", "lib.c", "--scheduler", "random",
                          "--budget", "2", "--no-db", "-o", "lib.opt.c"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "search: kernel harness: mm(n=60, m=70, p=80)" in run.stderr
    counts = re.search(r"search: \d+ candidates \(([^)]*)\)", run.stderr)
    assert counts and re.search(r"\b[1-9]\d* ok\b", counts.group(1)), run.stderr
    optimized = (tmp_path / "lib.opt.c").read_text()
    assert "polyopt_harness" not in optimized and "int main" not in optimized
    subprocess.run([GCC, "-fopenmp", "-c", "lib.opt.c"], cwd=tmp_path, check=True)


@needs_gcc
def test_bench_times_the_regions_of_a_program_alone(tmp_path):
    program = LIBRARY + "\nint main(void) { return 0; }\n"
    (tmp_path / "prog.c").write_text(program)
    run = subprocess.run([sys.executable, "-m", "polyopt", "bench", "prog.c", "--harness",
                          "kernel", "--repeat", "1", "--warmup", "0"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "bench: kernel harness: mm(n=60" in run.stderr
    assert "output     identical" in run.stdout


def _experiment(name: str):
    """The script experiments/NAME.py as a module (registered, for its dataclasses; the
    folder on the path while it loads, for the scripts it imports)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, ROOT / "experiments" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    sys.path.insert(0, str(ROOT / "experiments"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "experiments"))
    return module


def test_every_program_of_the_corpus_generator_is_modelled_and_driven():
    """The generated corpus (experiments/corpus_generate.py): each program is one SCoP
    polyopt models whole, and the kernel harness drives it at the sizes of its call."""
    module = _experiment("corpus_generate")
    for seed in range(25):
        source = SourceFile(f"{seed}.c", module.generate(seed).text())
        scops, warnings = find_scops(source, Options())
        assert len(scops) == 1 and not warnings, (seed, warnings)
        harness = kernel_harness(source, scops)
        assert scops[0].parameters and all(harness.sizes[name] >= 8 for name in scops[0].parameters)


CONSTANT_TABLE = r"""
#define N 300
static double X[N][2], Y[N][2];
static const double G[2] = {0.5, -0.25};

static void step(void)
{
  int i, d;
#pragma scop
  for (i = 0; i < N; i++)
    for (d = 0; d < 2; d++)
      Y[i][d] = X[i][d] + G[d];
#pragma endscop
}

void run(void) { step(); }
"""


@needs_gcc
def test_a_constant_table_keeps_its_values(tmp_path):
    """A `static const` array at file scope the region reads is not filled by the driver
    (its memory may be read-only: writing it crashed the driver); its own values are
    read, and the driver runs."""
    harness = harness_of(CONSTANT_TABLE)
    run = build_and_run(harness.text, tmp_path, "driver")
    assert harness_seconds(run.stderr) is not None


PRIVATE_SCALAR = r"""
void kernel(int m, int n, double A[m][m], double B[m][n], double C[m][n])
{
  int i, j, k;
  double t;
#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      t = 0.0;
      for (k = 0; k < i; k++) {
        C[k][j] += B[i][j] * A[i][k];
        t += B[k][j] * A[i][k];
      }
      C[i][j] = 0.5 * C[i][j] + t;
    }
#pragma endscop
}

void caller(void) { kernel(200, 240, 0, 0, 0); }
"""


def test_the_corpus_measurement_judges_the_candidates_the_default_judges(tmp_path):
    """experiments/corpus_measure.py --as-default (the data the learned model is trained
    and tested on) judges a SCoP's candidates as the pipeline does, with its private
    scalars one copy per thread: the same candidates, in the same order, as the
    default's report at the same sizes; with the scalar's dependences kept, others."""
    from polyopt.scheduler.auto import default_choice, shipped_model
    module = _experiment("corpus_measure")
    path = tmp_path / "kernel.c"
    path.write_text(PRIVATE_SCALAR)
    driven, _, _, options, judged, _, _, sizes = module.judged_program(
        path, as_default=True)
    assert sizes == {"m": 200, "n": 240}
    report = optimize_source(driven, options).scops[0]
    assert [c["label"] for c in report.candidates] == [each.label for each in judged]
    chosen, _, _ = default_choice(judged, shipped_model())
    assert next(c["label"] for c in report.candidates if c["chosen"]) == chosen.label
    assert any("scalars in order" in each.label for each in judged)
