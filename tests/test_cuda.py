"""The CUDA target: mapping, generated code that nvcc accepts without warnings,
and results checked on the CPU by emulating every launch (see
polyopt.codegen.emulation), with the threads run in three different orders."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polyopt.cli import main
from polyopt.codegen.emulation import EMULATION_HEADER, ORDERS, emulated_source
from polyopt.codegen.gpu import SharedMemory, block_sizes_for, map_to_gpu
from polyopt.core.dependences import compute_dependences
from polyopt.frontend import extract_scops, read_source
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from polyopt.scheduler import get_scheduler
from tests.conftest import GCC, KERNELS, compile_and_run, kernel_paths, polybench_params
from polyopt.polybench.experiment import compare_dumps, parse_dumps
from polyopt.polybench.suite import POLYBENCH_KERNELS
from tests.test_polybench_suite import SUITE

GXX = shutil.which("g++")
NVCC = shutil.which("nvcc")
needs_gxx = pytest.mark.skipif(GCC is None or GXX is None, reason="needs gcc and g++")
needs_nvcc = pytest.mark.skipif(NVCC is None, reason="needs nvcc")
CUDA = Options(target="cuda")


def _cuda(path: Path, options: Options = CUDA):
    result = optimize_source(read_source(str(path)), options)
    return result


def _run(command, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, timeout=300, **kwargs)


def _emulate(cuda_text: str, directory: Path, name: str, flags=(), objects=(),
             env=None) -> list[bytes]:
    """Build the CUDA program for the CPU; (stdout, stderr) of a run in each thread order."""
    (directory / "emulation.h").write_text(EMULATION_HEADER)
    source = directory / f"{name}.cpp"
    source.write_text(emulated_source(cuda_text))
    executable = directory / f"{name}-emulated"
    build = _run([GXX, "-O1", "-include", str(directory / "emulation.h"), *flags, str(source),
                  *map(str, objects), "-o", str(executable), "-lm"], text=True)
    assert build.returncode == 0, f"{name}: the emulation does not build:\n{build.stderr}"
    outputs = []
    for order in ORDERS:
        run = _run([str(executable)], env={**os.environ, **(env or {}),
                                            "POLYOPT_EMULATION_ORDER": order})
        assert run.returncode == 0, f"{name} ({order}) failed: {run.stderr[-2000:]!r}"
        outputs.append(run)
    return outputs


def _kernel_count(text: str) -> int:
    return len(re.findall(r"^__global__ void ", text, re.MULTILINE))


# -- mapping ---------------------------------------------------------------

def _scop_and_schedule(path: Path):
    scop = extract_scops(read_source(str(path))).scops[0]
    dependences = compute_dependences(scop)
    schedule = get_scheduler("isl").schedule(scop, dependences).schedule
    return scop, dependences, schedule


def test_matrix_product_maps_two_parallel_loops_to_a_2d_grid():
    _, dependences, schedule = _scop_and_schedule(KERNELS / "matmul.c")
    mapping = map_to_gpu(schedule, dependences.all)
    mapped = [k for k in mapping.kernels if k.mapped is not None]
    assert len(mapped) >= 1 and mapped[0].n_mapped == 2
    assert mapped[0].block_sizes == [8, 32]          # y, x: 32 threads along the inner loop


def test_stencil_time_loop_stays_on_the_host():
    path = KERNELS / "jacobi2d.c"
    _, dependences, schedule = _scop_and_schedule(path)
    mapping = map_to_gpu(schedule, dependences.all)
    assert mapping.kernels and all(k.depth >= 1 for k in mapping.kernels)
    text = _cuda(path).text
    host = text[text.index("#pragma scop"):]
    assert re.search(r"for \(int c0 = .*\n(.*\n)*?.*polyopt_kernel\d+<<<", host), host


def test_block_sizes_option_and_device_limit():
    assert block_sizes_for(2, None) == [8, 32]
    assert block_sizes_for(2, [64, 4]) == [4, 64]
    assert block_sizes_for(1, [2048], max_threads=1024) == [1024]
    text = _cuda(KERNELS / "matmul.c", Options(target="cuda", block_sizes=[16, 16])).text
    assert "dim3 polyopt_block(16, 16);" in text


def test_matrix_product_tiles_go_to_shared_memory(tmp_path):
    # 32x8 threads (the default ones would be made smaller for N=64 to fill a GPU)
    text = _cuda(KERNELS / "matmul.c", Options(target="cuda", block_sizes=[32, 8])).text
    kernel = text[text.index("__global__"):text.index("#pragma scop")]
    assert re.search(r"__shared__ double shared_A\[8\]\[32\];", kernel), kernel
    assert re.search(r"__shared__ double shared_B\[32\]\[32\];", kernel), kernel
    # copy-in between two barriers, then the body reads the tiles
    copy = kernel.index("__syncthreads();")
    assert kernel.index("shared_A[polyopt_d0][polyopt_d1] = A[", copy) < \
        kernel.index("__syncthreads();", copy + 1) < kernel.index("* shared_B[")
    plain = _cuda(KERNELS / "matmul.c", Options(target="cuda", shared_memory=False)).text
    assert "__shared__" not in plain and "__syncthreads" not in plain


@needs_gxx
def test_without_shared_memory_still_matches(tmp_path):
    path = KERNELS / "matmul.c"
    original = _run([GCC, "-O1", str(path), "-o", str(tmp_path / "original"), "-lm"])
    assert original.returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    text = _cuda(path, Options(target="cuda", shared_memory=False)).text
    for run in _emulate(text, tmp_path, "plain"):
        assert run.stdout == expected


def test_scalars_arrays_and_copies(tmp_path):
    # s carries a value only within one i: by default a local of each thread
    private = _cuda(KERNELS / "scalars.c").text
    assert "private to each thread: s" in private and "dev_s" not in private
    assert "(void) s;" in private         # its declaration before the region, now unused
    # n unknown (the call passes a value polyopt cannot tell): the copies for every n
    unknown = (KERNELS / "scalars.c").read_text().replace("kernel(N, 0.25);",
                                                          "kernel(N - (int) A[0][0], 0.25);")
    assert unknown.count("(int) A[0][0]") == 1
    text = optimize_source(SourceFile("scalars.c", unknown),
                           Options(target="cuda", private_scalars=False)).text
    # the written scalar lives in device memory, the read-only one is passed by value
    assert re.search(r"__global__ void \w+\(double \*__restrict__ s, .*double alpha", text)
    assert "(*s) = 0.0;" in text
    # s is written before it is read, but not at all when n <= 0: copied in and out
    assert "cudaMemcpy(dev_s, &s" in text and "cudaMemcpy(&s, dev_s" in text
    # the n rows of the N x N arrays accessed: the rows copied (none where n <= 0)
    # (isl prints the last row as a conditional or as a max, by the order in which its
    # union maps' pieces come, which follows memory addresses: either is right)
    last = r"\((?:n <= 0 \? -1 : n - 1|polyopt_max\(-1, n - 1\))\)"
    assert re.search(rf"if \(\({last} \+ 1\) > 0\) polyopt_cuda_check\(cudaMemcpy\(B, dev_B, "
                     rf"sizeof\(double\) \* \({last} \+ 1\), cudaMemcpyDeviceToHost\)", text), \
        [line for line in text.splitlines() if "dev_B" in line]
    assert "cudaMemcpy(A, dev_A" not in text           # A is only read
    assert 'polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(double) * (N) * (N)), ' \
           '"cudaMalloc(A)", __FILE__, __LINE__);' in text


# symm's shape: `t` carries a value only within one (i, j); kept in device memory it
# would serialize every (i, j), a local of each thread it leaves j (and isl's i) parallel
PRIVATE_SCALAR = """
#include <stdio.h>
#define M 37
#define N 45
static double A[M][M], B[M][N], C[M][N];
int main(void)
{
  double t;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      B[i][j] = (double) ((i * 7 + j * 3) % 13) / 13.0;
      C[i][j] = (double) ((i + 2 * j) % 11) / 11.0;
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double) ((i * j + 1) % 17) / 17.0;
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      t = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += 1.5 * B[i][j] * A[i][k];
        t += B[k][j] * A[i][k];
      }
      C[i][j] = 1.2 * C[i][j] + 1.5 * B[i][j] * A[i][i] + 1.5 * t;
    }
#pragma endscop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      printf("%.17g\\n", C[i][j]);
  return 0;
}
"""


@needs_gxx
def test_private_scalars_are_locals_of_each_thread(tmp_path):
    path = tmp_path / "private.c"
    path.write_text(PRIVATE_SCALAR)
    result = optimize_source(read_source(str(path)), CUDA)
    text = result.text
    kernels = text[text.index("__global__"):text.index("int main")]
    assert "private to each thread: t" in text
    assert re.search(r"^\s*double t;$", kernels, re.MULTILINE), kernels
    assert "dev_t" not in text and "(*t)" not in text          # no device copy of it
    assert _run([GCC, "-O1", str(path), "-o", str(tmp_path / "original"), "-lm"]).returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    for run, order in zip(_emulate(text, tmp_path, "private"), ORDERS):
        assert run.stdout == expected, f"threads in {order} order"
    # without the option, t stays in device memory and the SCoP runs as written would
    kept = optimize_source(read_source(str(path)), Options(target="cuda", private_scalars=False))
    assert "private to each thread" not in kept.text


def test_private_scalar_values_must_stay_in_one_thread():
    import islpy as isl

    from polyopt.codegen.cuda import private_kept
    source = SourceFile("private.c", PRIVATE_SCALAR)
    scop = extract_scops(source).scops[0]
    from polyopt.scheduler.privatize import relaxed_dependences
    relaxed = relaxed_dependences(source, scop, compute_dependences(scop))
    mapping = map_to_gpu(get_scheduler("isl-gpu").schedule(scop, relaxed).schedule, relaxed.all)
    flow, writes = relaxed.live_ranges["t"]
    assert private_kept(mapping, relaxed.live_ranges) is None
    # a value read by the thread of the next j, or one written again before its read
    names = [s.name for s in scop.statements]
    across = isl.UnionMap(f"{{ {names[0]}[i, j] -> {names[3]}[i, j + 1] }}").intersect_domain(
        writes).intersect_range(flow.range())
    assert "between threads" in private_kept(mapping, {"t": (across, writes)})
    again = isl.UnionMap(f"{{ {names[0]}[i, j] -> {names[3]}[i, j] }}").intersect_domain(
        writes)
    assert "again before" in private_kept(mapping, {"t": (again, writes)})


def test_a_searched_schedule_also_gets_its_private_scalars_on_the_gpu():
    # a CUDA search's candidates are legal with every dependence; mapped with those of
    # the program with `t` expanded they run in parallel too (symm's search had none)
    from polyopt.pipeline import dependences_within_budget, find_scops, render
    from polyopt.scheduler import ScheduleResult
    source = SourceFile("private.c", PRIVATE_SCALAR)
    options = Options(target="cuda")
    scops, warnings = find_scops(source, options)
    scops, dependences, warnings = dependences_within_budget(scops, warnings)
    every = get_scheduler("isl").schedule(scops[0], dependences[0])
    choice = ScheduleResult(every.schedule, "drawn by a search")
    cuda = render(source, scops, warnings, options, [choice], dependences).text
    assert "drawn by a search; private to each thread: t" in cuda
    assert _kernel_count(cuda) >= 1


def test_kernels_go_before_the_function_and_the_rest_is_unchanged():
    path = KERNELS / "matmul.c"
    original = path.read_text()
    text = _cuda(path).text
    first_kernel = text.index("__global__")
    function = text.index(original[:original.index("#pragma scop")].rstrip().splitlines()[-1])
    assert first_kernel < text.index("#pragma scop")
    before, after = original.split("#pragma scop")[0], original.split("#pragma endscop")[1]
    assert text.endswith(after)
    assert function > 0 and before.splitlines()[0] == text.splitlines()[0]


def test_no_parallelism_stays_c_on_the_host():
    source = SourceFile("serial.c", """
void prefix(int n, double *a)
{
#pragma scop
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + a[i];
#pragma endscop
}
""")
    result = optimize_source(source, CUDA)
    assert "__global__" not in result.text
    assert any("no parallel loop to offload" in w and "serial.c:5:1" in w
               for w in result.warnings)


@pytest.mark.parametrize("helper, call", [
    ("static double half(double x) { return 0.5 * x; }", "half(a[i])"),   # a host function
    ("static double scale = 2.0;\n#define SCALED(x) ((x) * scale)", "SCALED(a[i])"),  # host memory
])
def test_calls_that_gpu_code_cannot_make_stay_on_the_host(helper, call):
    """nvcc refused the file: `calling a __host__ function from a __global__ function`."""
    source = SourceFile("calls.cu.c", f"""{helper}
void scale(int n, double a[1000], double b[1000])
{{
#pragma scop
  for (int i = 0; i < n; i++)
    b[i] = {call};
#pragma endscop
}}
""")
    result = optimize_source(source, CUDA)
    assert result.text == source.text
    assert any("GPU code cannot" in w for w in result.warnings), result.warnings


KERNEL_SCOPE = """#include <stdio.h>
#define N 64
#define SCALE 2.0
enum { W = 2 };
typedef double real;
double A[N], B[N];
int polyopt_extent0 = 5;
int main(void) {
  DEFINITIONS
  for (int i = 0; i < N; i++) A[i] = i + 1;
#pragma scop
  for (int i = 0; i < N; i++)
    B[i] = A[i] * VALUE;
#pragma endscop
  printf("%g\\n", B[3]);
  return 0;
}
"""


@pytest.mark.parametrize("definitions, value, reason", [
    ("#undef SCALE\n#define SCALE 3.0", "SCALE", "'SCALE' is defined in the region's function"),
    ("enum { W = 3 };", "W", "'W' is defined in the region's function"),
    ("typedef float real; real C[N];", "(real) 1", "declares a type (typedef)"),
    ("", "(sizeof(A) / sizeof(A[0]))", "'sizeof' of an expression"),
    ("", "polyopt_extent0", "'polyopt_extent0', a name of polyopt's generated host code"),
])
def test_what_a_kernel_would_see_otherwise_stays_on_the_host(definitions, value, reason):
    """Kernels go before the function and are C++ with pointer parameters: a macro,
    enum or typedef the function defines, `sizeof` of an array, a name of the host
    code would change the result silently (3 printed as 2...)."""
    text = KERNEL_SCOPE.replace("DEFINITIONS", definitions).replace("VALUE", value)
    result = optimize_source(SourceFile("scope.c", text), CUDA)
    assert result.text == text
    line = 12 + definitions.count("\n")
    assert any(reason in w and f"scope.c:{line}:1" in w for w in result.warnings), \
        result.warnings


def test_a_negative_subscript_of_a_pointer_stays_on_the_host():
    source = SourceFile("below.c", """
void shift(int n, double *a, double *b)
{
#pragma scop
  for (int i = 0; i < n; i++)
    b[i] = a[i - 1];
#pragma endscop
}
""")
    result = optimize_source(source, CUDA)
    assert result.text == source.text
    assert any("'a' is accessed below its first element" in w for w in result.warnings)


@needs_gxx
def test_kernels_convert_math_arguments_as_c_does_and_copy_nothing_for_no_work(tmp_path):
    # C++ would call sqrt(float) and abs(float); cudaMalloc of n - 1 < 0 bytes failed
    text = """#include <stdio.h>
#include <stdlib.h>
#include <math.h>
float A[4] = {-2.5f, 1.5f, 2.0f, 3.0f};
double B[4], C[4];
void stencil(int n, double *a, double *b)
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i - 1] + a[i + 1];
#pragma endscop
}
int main(void) {
  double a[3] = {1, 2, 3}, b[3] = {4, 5, 6};
#pragma scop
  for (int i = 0; i < 4; i++) {
    C[i] = abs(A[i]);
    B[i] = sqrt(A[i] + 5);
  }
#pragma endscop
  stencil(0, a, b);
  stencil(1, a, b);
  stencil(3, a, b);
  printf("%g %g %.17g %g %g %g\\n", C[0], C[1], B[2], b[0], b[1], b[2]);
  return 0;
}
"""
    result = optimize_source(SourceFile("convert.c", text), CUDA)
    assert _kernel_count(result.text) >= 2, result.warnings
    expected, _ = compile_and_run(text, tmp_path, "original", ("-O1",))
    assert expected == "2 1 2.6457513110645907 4 4 6\n"
    for run, order in zip(_emulate(result.text, tmp_path, "convert"), ORDERS):
        assert run.stdout.decode() == expected, order


def test_unknown_array_extent_leaves_the_scop_unchanged():
    source = SourceFile("pointers.c", """
void scale(int n, double **a)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = 2.0 * a[i][j];
#pragma endscop
}
""")
    result = optimize_source(source, CUDA)
    assert result.text == source.text
    assert any("pointers.c:5:1: warning:" in w and "extents of 'a'" in w for w in result.warnings)


def test_pointer_array_gets_its_extent_from_the_accesses(tmp_path):
    source = SourceFile("vector.c", """
void axpy(int n, double alpha, double *x, double *y)
{
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
#pragma endscop
}
""")
    text = optimize_source(source, CUDA).text
    # none where n <= 0 (cudaMalloc of a negative size fails)
    assert ("if (sizeof(double) * (((n) > 0 ? (n) : 0)) > 0) polyopt_cuda_check(cudaMalloc("
            "(void **) &dev_x, sizeof(double) * (((n) > 0 ? (n) : 0)))") in text


@needs_gxx
def test_transfers_copy_the_rows_accessed_only(tmp_path):
    """rows.c accesses rows 9..n of A and 10..n-1 of B[120][50] (none for n <= 10):
    only those rows are copied, the others keep the host's values, and the output is
    the original's in every thread order."""
    path = KERNELS / "rows.c"
    text = _cuda(path).text
    copies = [line for line in text.splitlines() if "cudaMemcpy(" in line]
    assert len(copies) == 3, copies
    assert all("dev_A + " in c or "dev_B + " in c for c in copies), copies
    assert all(c.lstrip().startswith("if ((") for c in copies), copies   # none for no rows
    original = _run([GCC, "-O1", str(path), "-o", str(tmp_path / "original"), "-lm"])
    assert original.returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    for run, order in zip(_emulate(text, tmp_path, "rows"), ORDERS):
        assert run.stdout == expected, order


def test_fully_written_array_is_not_copied_in():
    source = SourceFile("fill.c", """
static double x[100], y[100];
void f(void)
{
#pragma scop
  for (int i = 0; i < 100; i++)
    x[i] = 2.0 * y[i];
#pragma endscop
}
""")
    text = optimize_source(source, CUDA).text
    assert "cudaMemcpy(dev_y, y" in text and "cudaMemcpy(x, dev_x" in text
    assert "cudaMemcpy(dev_x, x" not in text and "cudaMemcpy(y, dev_y" not in text


def test_cuda_math_name_clash_is_reported():
    source = SourceFile("clash.c", """
static double y1[100], x[100];
void f(void)
{
#pragma scop
  for (int i = 0; i < 100; i++)
    x[i] = 2.0 * y1[i];
#pragma endscop
}
""")
    result = optimize_source(source, CUDA)
    assert any("'y1'" in w and "CUDA's math library" in w for w in result.warnings)


def test_cli_target_cuda_writes_a_cu_file(tmp_path, capsys):
    out = tmp_path / "matmul.cu"
    assert main([str(KERNELS / "matmul.c"), "--target", "cuda", "-o", str(out)]) == 0
    assert _kernel_count(out.read_text()) >= 1


# -- running the generated code on the CPU -----------------------------------

_references: dict[str, bytes] = {}


@needs_gxx
@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p.stem == "heat3d_like" else p
                                  for p in kernel_paths()], ids=lambda p: p.stem)   # 3-D: 10 s
def test_test_kernel_emulated_matches_original(path, tmp_path):
    result = _cuda(path)
    assert _kernel_count(result.text) >= 1, result.warnings
    original = _run([GCC, "-O1", str(path), "-o", str(tmp_path / "original"), "-lm"])
    assert original.returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    for run, order in zip(_emulate(result.text, tmp_path, path.stem), ORDERS):
        assert run.stdout == expected, f"{path.stem}: threads in {order} order"


def _polybench_emulated_exactly(kernel: str, text: str, tmp_path: Path,
                                dataset: str = "MINI_DATASET") -> None:
    """The suite's kernel's CUDA program `text`, emulated in every thread order, dumps
    exactly the original's arrays, both started from perturbed data (which no kernel
    leaves as it is)."""
    source = SUITE / "kernels" / f"{kernel}.c"
    harness = tmp_path / "harness.o"
    assert _run([GCC, "-O1", "-c", f"-I{SUITE}", str(SUITE / "harness.c"), "-o",
                 str(harness)]).returncode == 0
    flags = [f"-I{SUITE}", f"-D{dataset}"]
    original = _run([GCC, "-O1", *flags, str(source), str(harness), "-o",
                     str(tmp_path / "original"), "-lm"])
    assert original.returncode == 0
    dump = {"HARNESS_DUMP": "1", "HARNESS_PERTURB": "1"}
    expected = parse_dumps(_run([str(tmp_path / "original")],
                                env={**os.environ, **dump}).stderr)
    assert expected
    for run, order in zip(_emulate(text, tmp_path, kernel, flags, [harness], dump), ORDERS):
        verdict, error, difference = compare_dumps(expected, parse_dumps(run.stderr), 0.0, 0.0)
        assert verdict == "exact", f"{kernel} ({order}): {difference}"


@needs_gxx
@pytest.mark.parametrize("kernel", polybench_params(POLYBENCH_KERNELS))
def test_polybench_emulated_matches_original(kernel, tmp_path):
    _polybench_emulated_exactly(kernel, _cuda(SUITE / "kernels" / f"{kernel}.c").text, tmp_path)


# -- thread coarsening: several points of the x dimension per thread ---------------

@needs_gxx
@pytest.mark.parametrize("name, coarsening", [
    ("matmul", 3), ("scalars", 4), pytest.param("jacobi2d", 2, marks=pytest.mark.slow),
    pytest.param("rows", 3, marks=pytest.mark.slow), pytest.param("mvt", 5, marks=pytest.mark.slow)])
def test_coarsened_threads_compute_exactly_the_original(name, coarsening, tmp_path):
    path = KERNELS / f"{name}.c"
    text = _cuda(path, Options(target="cuda", coarsening=coarsening)).text
    assert f"{coarsening} points per thread" in text
    original = _run([GCC, "-O1", str(path), "-o", str(tmp_path / "original"), "-lm"])
    assert original.returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    for run, order in zip(_emulate(text, tmp_path, name), ORDERS):
        assert run.stdout == expected, f"{name}, {coarsening} points per thread ({order})"


def test_coarsening_divides_the_grid_and_loops_in_the_thread():
    text = _cuda(KERNELS / "matmul.c", Options(target="cuda", block_sizes=[32, 8],
                                                coarsening=4)).text
    assert re.search(r"dim3 polyopt_grid\(\(polyopt_extent1 \+ 127\) / 128, ", text), text
    kernel = text[text.index("__global__"):text.index("#pragma scop")]
    assert re.search(r"for \(int \w+ = .*; \w+ \+= 32\)", kernel), kernel


@pytest.mark.slow
@needs_gxx
@pytest.mark.parametrize("kernel", ["gemm", "jacobi-2d", "symm", "lu", "adi", "correlation",
                                    "trmm", "nussinov"])
def test_polybench_coarsened_matches_original(kernel, tmp_path):
    result = _cuda(SUITE / "kernels" / f"{kernel}.c", Options(target="cuda", coarsening=3))
    _polybench_emulated_exactly(kernel, result.text, tmp_path)


# -- PPCG's shared-memory policy: written arrays, uncoalesced reads ----------------

# each thread's row of C, read and written (the element it accumulates into, kept in a
# register, is the tile's), and rows of A read (not coalesced: thread i reads row i); 70
# rows in blocks of 32 and columns 3..44 in tiles of 32 leave partial blocks and tiles
WRITTEN_ROWS = r"""
#include <stdio.h>
#define N 70
#define M 45
static double A[N][M], B[M], C[N][M];
int main(void)
{
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      A[i][j] = (double) ((i * 7 + j) % 13) / 13;
      C[i][j] = (double) ((i + 3 * j) % 11) / 11;
    }
  }
  for (int j = 0; j < M; j++)
    B[j] = (double) (j % 5);
#pragma scop
  for (int i = 0; i < N; i++)
    for (int k = 3; k < M; k++) {
      C[i][k] = C[i][k] * 0.5 + B[k];
      for (int j = k - 3; j < k; j++)
        C[i][k] += A[i][j] * C[i][j];
    }
#pragma endscop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%.17g\n", C[i][j]);
  return 0;
}
"""


@needs_gxx
def test_written_tiles_are_copied_back_exactly(tmp_path):
    path = tmp_path / "written.c"
    path.write_text(WRITTEN_ROWS)
    text = _cuda(path, Options(target="cuda", block_sizes=[32], shared_memory=SharedMemory.ALL)).text
    kernel = text[text.index("__global__"):text.index("int main")]
    # C's tile: 32 rows (one per thread), columns of a tile of k and of j (the band
    # (k, j) is permutable: tiled, as PPCG does), padded; A's: read, not coalesced
    assert re.search(r"__shared__ double shared_C\[32\]\[\d+\];", kernel), kernel
    assert re.search(r"__shared__ double shared_A\[32\]\[\d+\];", kernel), kernel
    assert "const int polyopt_tile1 = " in kernel
    # the copy back after the body's barrier, the elements the block wrote only
    back = kernel.index("C[(C_low0 + polyopt_d0) * M + (C_low1 + polyopt_d1)] = shared_C[")
    assert kernel.rindex("__syncthreads();", 0, back) > kernel.index("shared_C[(")
    assert re.search(r"C_x1 >= 3", kernel), kernel            # column 0..2: never written
    original = _run([GCC, "-O1", str(path), "-o", str(tmp_path / "original"), "-lm"])
    assert original.returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    for run, order in zip(_emulate(text, tmp_path, "written"), ORDERS):
        assert run.stdout == expected, f"threads in {order} order"
    # the default policy leaves both arrays in global memory
    assert "__shared__" not in _cuda(path, Options(target="cuda", block_sizes=[32])).text


@pytest.mark.slow
@needs_nvcc
@pytest.mark.parametrize("kernel", ["written", "adi", "atax"])
def test_shared_all_compiles_with_nvcc(kernel, tmp_path):
    if kernel == "written":
        path = tmp_path / "written.c"
        path.write_text(WRITTEN_ROWS)
        flags = []
    else:
        path, flags = SUITE / "kernels" / f"{kernel}.c", [f"-I{SUITE}", "-DLARGE_DATASET"]
    text = _cuda(path, Options(target="cuda", block_sizes=[32], shared_memory=SharedMemory.ALL,
                               defines=["LARGE_DATASET"])).text
    assert "__shared__" in text
    _nvcc_compiles(text, tmp_path, kernel, flags)


# the suite's kernels whose CUDA programs --shared-memory all changes (checked at SMALL,
# where a block's loops run several tiles of 32; MINI's arrays fit in one)
SHARED_ALL_KERNELS = ["2mm", "3mm", "adi", "atax", "bicg", "deriche", "doitgen", "gemver",
                      "gesummv", "gramschmidt", "mvt", "symm", "trmm"]


@needs_gxx
@pytest.mark.parametrize("kernel", [k if k in ("adi", "atax", "trmm")
                                    else pytest.param(k, marks=pytest.mark.slow)
                                    for k in SHARED_ALL_KERNELS])
def test_polybench_shared_all_matches_original(kernel, tmp_path):
    result = _cuda(SUITE / "kernels" / f"{kernel}.c",
                   Options(target="cuda", shared_memory=SharedMemory.ALL, defines=["SMALL_DATASET"]))
    default = _cuda(SUITE / "kernels" / f"{kernel}.c",
                    Options(target="cuda", defines=["SMALL_DATASET"])).text
    tiles = lambda text: sorted(re.findall(r"__shared__ .*;", text))   # noqa: E731
    assert tiles(result.text) != tiles(default)
    _polybench_emulated_exactly(kernel, result.text, tmp_path, "SMALL_DATASET")


@needs_gxx
def test_triangular_reuse_tiles_the_whole_band(tmp_path):
    # trmm: A[k][i] (i < k) has no tile of fixed size per tile of k alone; the default
    # tiles the permutable band (k, i) then, and A goes to shared memory
    result = _cuda(SUITE / "kernels" / "trmm.c", Options(target="cuda", defines=["SMALL_DATASET"]))
    kernel = result.text[result.text.index("__global__"):result.text.index("#pragma scop")]
    assert re.search(r"__shared__ DATA_TYPE shared_A\[32\]\[32\];", kernel), kernel
    assert "const int polyopt_tile1 = " in kernel
    _polybench_emulated_exactly("trmm", result.text, tmp_path, "SMALL_DATASET")
    # a band that gives nothing more keeps one tile index (the matrix product's k)
    text = _cuda(KERNELS / "matmul.c", Options(target="cuda", block_sizes=[32, 8])).text
    assert "polyopt_tile1" not in text and "polyopt_tile" in text


@pytest.mark.slow
@needs_nvcc
def test_coarsened_code_compiles_with_nvcc(tmp_path):
    _nvcc_compiles(_cuda(KERNELS / "matmul.c", Options(target="cuda", coarsening=4)).text,
                   tmp_path, "matmul4")


# -- time tiles: a hexagon per block, its threads share each step -------

def _time_tiled_cuda(name: str, shape: str, sizes):
    from tests.test_stencil import STENCILS, _program
    text = _program(*STENCILS[name])
    options = Options(target="cuda", time_tile=shape, stencil_tile=sizes)
    return text, optimize_source(SourceFile(f"{name}.c", text), options).text


@needs_gxx
@pytest.mark.parametrize("name, shape, sizes", [
    ("jacobi1d", "auto", [4, 5]), ("jacobi1d", "auto", None), ("jacobi2d", "auto", [3, 5, 7]),
    pytest.param("heat3d", "hexagonal", [2, 3, 4, 5], marks=pytest.mark.slow),
    pytest.param("fdtd2d", "auto", [4, 5, 6], marks=pytest.mark.slow),
    pytest.param("jacobi2d", "diamond", [4, 6, 5], marks=pytest.mark.slow)])
def test_time_tiled_stencils_on_the_gpu_compute_exactly_the_original(tmp_path, name, shape, sizes):
    """Sizes that are no multiple of a tile: partial tiles, partial steps, threads idle."""
    text, cuda = _time_tiled_cuda(name, shape, sizes)
    tiles = "hexagonal" if shape == "auto" else shape
    assert f"time-tiled stencil ({tiles} tiles" in cuda
    assert "a time tile per block of" in cuda and "__syncthreads();" in cuda
    original = tmp_path / "original.c"
    original.write_text(text)
    assert _run([GCC, "-O1", str(original), "-o", str(tmp_path / "original")]).returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    for run, order in zip(_emulate(cuda, tmp_path, name), ORDERS):
        assert run.stdout == expected, f"{name}: threads in {order} order"


@needs_gxx
def test_time_tiles_whose_steps_are_sequential_stay_usual_cuda(tmp_path):
    """Seidel: the points of one step depend on each other; no time tiles on the GPU."""
    text, cuda = _time_tiled_cuda("seidel2d", "auto", None)
    assert "time-tiled" not in cuda and "a time tile per block" not in cuda
    original = tmp_path / "original.c"
    original.write_text(text)
    assert _run([GCC, "-O1", str(original), "-o", str(tmp_path / "original")]).returncode == 0
    expected = _run([str(tmp_path / "original")]).stdout
    for run in _emulate(cuda, tmp_path, "seidel2d"):
        assert run.stdout == expected


@needs_nvcc
@pytest.mark.parametrize("name", ["jacobi2d", pytest.param("heat3d", marks=pytest.mark.slow)])
def test_time_tiled_stencils_compile_with_nvcc(name, tmp_path):
    _nvcc_compiles(_time_tiled_cuda(name, "auto", None)[1], tmp_path, name)


# -- nvcc ----------------------------------------------------------------------

def _nvcc_compiles(text: str, directory: Path, name: str, flags=()) -> None:
    source = directory / f"{name}.cu"
    source.write_text(text)
    build = _run([NVCC, "-O3", "-arch=sm_90", *flags, "-c", str(source), "-o",
                  str(directory / f"{name}.o")], text=True)
    assert build.returncode == 0, f"{name}: nvcc fails:\n{build.stderr}"
    assert build.stderr.strip() == "", f"{name}: nvcc warns:\n{build.stderr}"


# nvcc takes about 2.5 s a file (the CUDA headers, parsed three times): the default
# run compiles the 30 PolyBench kernels; the test kernels, whose CUDA code the
# emulation tests run, are compiled in `make test-slow`.
@pytest.mark.slow
@needs_nvcc
@pytest.mark.parametrize("path", kernel_paths(), ids=lambda p: p.stem)
def test_test_kernel_compiles_with_nvcc(path, tmp_path):
    _nvcc_compiles(_cuda(path).text, tmp_path, path.stem)


@needs_nvcc
@pytest.mark.parametrize("kernel", polybench_params(POLYBENCH_KERNELS))
def test_polybench_compiles_with_nvcc(kernel, tmp_path):
    result = _cuda(SUITE / "kernels" / f"{kernel}.c")
    assert not [w for w in result.warnings if "left unchanged" in w], result.warnings
    _nvcc_compiles(result.text, tmp_path, kernel, [f"-I{SUITE}", "-DLARGE_DATASET"])


# -- the device, through libcuda or PyCUDA -----------------------------------------------

class _FakeDriver:
    """What polyopt uses of pycuda.driver, for a machine with one H100."""

    class device_attribute:
        MAX_THREADS_PER_BLOCK, MAX_SHARED_MEMORY_PER_BLOCK, MULTIPROCESSOR_COUNT = range(3)

    class Device:
        @staticmethod
        def count():
            return 1

        def __init__(self, ordinal):
            self.ordinal = ordinal

        def name(self):
            return "NVIDIA H100"

        def compute_capability(self):
            return (9, 0)

        def get_attributes(self):
            return {0: 1024, 1: 49152, 2: 132}

    @staticmethod
    def init():
        pass


def test_device_limits_through_pycuda(monkeypatch):
    import sys
    import types

    from polyopt.core.machine import gpu as cuda_device
    package = types.ModuleType("pycuda")
    package.driver = _FakeDriver
    monkeypatch.setitem(sys.modules, "pycuda", package)
    monkeypatch.setitem(sys.modules, "pycuda.driver", _FakeDriver)
    monkeypatch.setattr(cuda_device, "_load_driver", _FakeLibcuda)
    found = cuda_device.detect()
    assert isinstance(found, cuda_device.Device)
    assert (found.arch, found.max_threads_per_block, found.multiprocessors) == ("sm_90", 1024, 132)
    assert "132 SMs" in cuda_device.describe(found)


class _FakeLibcuda:
    """What polyopt asks the CUDA driver library (libcuda) through ctypes."""

    def __init__(self, init_status=0, devices=1):
        self.init_status, self.devices = init_status, devices

    def cuInit(self, flags):
        return self.init_status

    def cuDeviceGetCount(self, count):
        count._obj.value = self.devices
        return 0

    def cuGetErrorName(self, status, name):
        return 1


class _FakeFullLibcuda(_FakeLibcuda):
    """libcuda of a machine with one H100, as the driver API answers."""

    VALUES = {1: 1024, 8: 49152, 13: 1980000, 16: 132, 36: 2619000, 37: 5120, 75: 9, 76: 0}

    def cuDeviceGet(self, device, ordinal):
        device._obj.value = ordinal
        return 0

    def cuDeviceGetName(self, name, length, device):
        name.value = b"NVIDIA H100 80GB HBM3"
        return 0

    def cuDeviceGetAttribute(self, value, attribute, device):
        value._obj.value = self.VALUES[attribute]
        return 0


def test_device_limits_through_the_driver_library_alone(monkeypatch):
    """No PyCUDA: libcuda's own calls give the name and every limit."""
    import sys

    from polyopt.core.machine import gpu as cuda_device
    monkeypatch.setitem(sys.modules, "pycuda", None)
    monkeypatch.setattr(cuda_device, "_load_driver", _FakeFullLibcuda)
    found = cuda_device.detect()
    assert isinstance(found, cuda_device.Device), found
    assert (found.name, found.arch, found.max_threads_per_block, found.shared_memory_per_block,
            found.multiprocessors) == ("NVIDIA H100 80GB HBM3", "sm_90", 1024, 49152, 132)
    assert found.memory_bytes_per_second == pytest.approx(3.35e12, rel=0.01)


def test_no_pycuda_is_a_clear_reason(monkeypatch):
    import sys

    from polyopt.core.machine import gpu as cuda_device
    monkeypatch.setitem(sys.modules, "pycuda", None)      # import fails
    monkeypatch.setattr(cuda_device, "_load_driver", _FakeLibcuda)   # a GPU is here
    found = cuda_device.detect()
    assert isinstance(found, cuda_device.NoDevice)
    assert "a CUDA GPU is here" in found.reason and "pip install 'polyopt[cuda]'" in found.reason
    assert "libcuda cannot be asked" in found.reason or "cannot be asked" in found.reason


@pytest.mark.parametrize("driver, reason", [
    (lambda: None, "no NVIDIA"),
    (lambda: _FakeLibcuda(init_status=100), "the NVIDIA driver is installed but finds no GPU"),
    (lambda: _FakeLibcuda(devices=0), "the NVIDIA driver finds none"),
    (lambda: _FakeLibcuda(init_status=35), "cuInit: error 35")])
def test_no_gpu_or_driver_is_the_reason_not_pycuda(monkeypatch, driver, reason):
    """Without a GPU, the reason is the GPU (or its driver), whether PyCUDA is there or not."""
    import sys

    from polyopt.core.machine import gpu as cuda_device
    monkeypatch.setitem(sys.modules, "pycuda", None)
    monkeypatch.setattr(cuda_device, "_load_driver", driver)
    found = cuda_device.detect()
    assert isinstance(found, cuda_device.NoDevice)
    assert reason in found.reason and "PyCUDA" not in found.reason


def _gpu_here() -> bool:
    import glob

    from polyopt.core.machine import gpu as cuda_device
    return bool(glob.glob("/dev/nvidia[0-9]*")) or cuda_device._load_driver() is not None


@needs_nvcc
def test_bench_without_a_gpu_compile_checks_and_says_why(monkeypatch, capsys):
    import sys

    from polyopt.core.machine import gpu as cuda_device
    monkeypatch.setitem(sys.modules, "pycuda", None)
    monkeypatch.setattr(cuda_device, "_load_driver", lambda: None)
    assert main(["bench", str(KERNELS / "matmul.c"), "--target", "cuda", "--repeat", "1"]) == 1
    error = capsys.readouterr().err
    assert "the CUDA program builds, but it cannot run here: no NVIDIA" in error
    assert "PyCUDA" not in error


@needs_nvcc
@pytest.mark.skipif(_gpu_here(), reason="this machine has an NVIDIA GPU or driver")
def test_bench_on_this_machine_without_a_gpu_says_there_is_no_gpu():
    """`polyopt bench --target cuda` here (no GPU, no driver, no PyCUDA needed to see it)."""
    run = subprocess.run([sys.executable, "-m", "polyopt", "bench", str(KERNELS / "matmul.c"),
                          "--target", "cuda", "--repeat", "1"], capture_output=True, text=True)
    assert run.returncode == 1
    assert "cannot run here: no NVIDIA GPU here" in run.stderr, run.stderr
    assert "PyCUDA" not in run.stderr


# -- experiments ----------------------------------------------------------------

def test_cuda_variant_needs_a_gpu(monkeypatch):
    import sys

    from polyopt.polybench.variants import Unavailable, make_variant
    from polyopt.core.machine import gpu as cuda_device
    monkeypatch.setitem(sys.modules, "pycuda", None)
    monkeypatch.setattr(cuda_device, "_load_driver", lambda: None)
    made = make_variant("cuda", 1)
    assert isinstance(made, Unavailable)
    assert "no NVIDIA" in made.reason or "nvcc" in made.reason


def test_cuda_event_times_and_report(tmp_path):
    from polyopt.core.machine.gpu import event_times
    from polyopt.polybench.experiment import Outcome, cuda_times
    from polyopt.polybench.report import _gpu_times
    stderr = (b"begin dump: C\n1 2\nend dump: C\n"
              b"polyopt-cuda: gemm.c:48:1: total 0.250000 s, kernels 0.100000 s\n"
              b"polyopt-cuda: gemm.c:60:1: total 0.050000 s, kernels 0.020000 s\n")
    assert event_times(stderr)[0] == ("gemm.c:48:1", 0.25, 0.1)
    assert cuda_times(stderr) == pytest.approx((0.3, 0.12))
    assert cuda_times(b"nothing") is None
    base = Outcome("gemm", "gcc", seconds=[1.2, 1.0, 1.1])
    gpu = Outcome("gemm", "cuda", seconds=[0.3, 0.4, 0.3], gpu_kernel_seconds=[0.1, 0.2, 0.1])
    lines = _gpu_times([base, gpu], {("gemm", "gcc"): base, ("gemm", "cuda"): gpu}, "gcc")
    assert "| gemm | polyopt (CUDA) | 1.1 | 0.1 | 0.3 | 11x | 3.67x |" in lines


def test_variable_length_array_parameters_are_reported():
    source = SourceFile("vla.c", """
void scale(int n, int m, double A[n][m])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = 2.0 * A[i][j];
#pragma endscop
}
""")
    result = optimize_source(source, CUDA)
    assert any("vla.c:5:1: warning: parameter 'A' is a variable-length array" in w
               for w in result.warnings), result.warnings


def test_a_long_part_without_parallel_loop_stays_on_the_host():
    """A SCoP whose serial part would run on one GPU thread for many instances (the
    scalar of symm serializes it; on a data-center GPU that took 90 s against the CPU's 3 s)
    is not offloaded, and the warning says why; a short one still is."""
    from polyopt.codegen.cuda import SERIAL_KERNEL_INSTANCES
    # (symm's scalar temp2, a local of each thread by default, leaves its loops parallel)
    result = _cuda(SUITE / "kernels" / "symm.c", Options(target="cuda", private_scalars=False))
    warning = [w for w in result.warnings if "one GPU thread" in w]
    assert warning and "stays C on the host" in warning[0], result.warnings
    assert "<<<" not in result.text
    offloaded = _cuda(SUITE / "kernels" / "symm.c")
    assert "<<<" in offloaded.text and not [w for w in offloaded.warnings if "one GPU thread" in w]
    assert SERIAL_KERNEL_INSTANCES == 10_000
    short = _cuda(SUITE / "kernels" / "trisolv.c")       # one-thread kernels of one instance each
    assert "<<<1, 1>>>" in short.text and not [w for w in short.warnings if "one GPU thread" in w]


def test_blocks_are_made_smaller_until_every_multiprocessor_has_one():
    """Default blocks for known sizes: 1200 columns in blocks of 256 would keep 5 of 132
    multiprocessors busy; the outer dimension shrinks first, x never below a warp."""
    from polyopt.codegen.gpu import fill_multiprocessors
    assert fill_multiprocessors([256], [1200], 132) == [32]
    assert fill_multiprocessors([256], [100000], 132) == [256]
    assert fill_multiprocessors([8, 32], [4000, 4000], 132) == [8, 32]
    assert fill_multiprocessors([8, 32], [64, 64], 132) == [1, 32]
    assert fill_multiprocessors([8, 32], [40, 600], 132) == [4, 32]


def test_cuda_takes_ppcg_s_schedule_and_sizes_blocks_for_the_gpu():
    """lu at LARGE: isl's scheduler as PPCG runs it keeps the two updates apart, each a
    2-D kernel (one band would leave a 1-D kernel whose threads walk rows), and the
    division's 1-D kernel gets blocks of a warp (about 2000 rows: 63 blocks)."""
    polybench = Path(__file__).resolve().parent.parent / "polybench"
    options = Options(target="cuda", defines=["LARGE_DATASET"], include_dirs=[str(polybench)])
    text = optimize_source(read_source(str(polybench / "kernels" / "lu.c")), options).text
    assert "isl scheduler (PPCG's GPU settings); CUDA, 3 kernel(s): 32, 32x8, 32x8" in text


# A schedule a search drew for jacobi-2d (on a GPU its output was wrong): the time
# dimension is 2t for one statement and 2t + 1 for the other, so isl's host loop c0
# runs over t and the launches need c0 = 2 * c0 and 2 * c0 + 1 declared.
JACOBI_2D_INTERLEAVED = (
    '{ domain: "[N, TSTEPS] -> { S1[t, i, j] : 0 <= t < TSTEPS and 0 < i <= -2 + N and '
    '0 < j <= -2 + N; S0[t, i, j] : 0 <= t < TSTEPS and 0 < i <= -2 + N and 0 < j <= -2 + N }", '
    'child: { schedule: "[N, TSTEPS] -> [{ S0[i0, i1, i2] -> [(2i0)]; S1[i0, i1, i2] -> '
    '[(1 + 2i0)] }]", child: { schedule: "[N, TSTEPS] -> [{ S0[i0, i1, i2] -> [(i1)]; '
    'S1[i0, i1, i2] -> [(i1)] }, { S0[i0, i1, i2] -> [(i2)]; S1[i0, i1, i2] -> [(i2)] }]", '
    'permutable: 1, coincident: [ 1, 1 ] } } }')


@needs_gxx
def test_a_host_loop_value_written_with_its_own_name_is_declared_apart(tmp_path):
    import islpy as isl

    from polyopt.pipeline import dependences_within_budget, find_scops, render
    from polyopt.scheduler import ScheduleResult
    source = SUITE / "kernels" / "jacobi-2d.c"
    options = Options(target="cuda", defines=["MINI_DATASET"], include_dirs=[str(SUITE)])
    text = read_source(str(source))
    scops, warnings = find_scops(text, options)
    scops, dependences, warnings = dependences_within_budget(scops, warnings)
    choice = ScheduleResult(isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, JACOBI_2D_INTERLEAVED),
                            "drawn by a search")
    cuda = render(text, scops, warnings, options, [choice], dependences).text
    assert "const int c0 = 2 * c0" not in cuda
    harness = tmp_path / "harness.o"
    assert _run([GCC, "-O1", "-c", f"-I{SUITE}", str(SUITE / "harness.c"), "-o",
                 str(harness)]).returncode == 0
    flags = [f"-I{SUITE}", "-DMINI_DATASET"]
    assert _run([GCC, "-O1", *flags, str(source), str(harness), "-o", str(tmp_path / "original"),
                 "-lm"]).returncode == 0
    dump = {"HARNESS_DUMP": "1"}
    expected = _run([str(tmp_path / "original")], env={**os.environ, **dump}).stderr
    for run, order in zip(_emulate(cuda, tmp_path, "jacobi2d", flags, [harness], dump), ORDERS):
        assert run.stderr == expected, order


# A random schedule of matmul.c (a CUDA search drew it; its output was twice the
# update): isl's host code split the loop over c0 by statement, the initialisation at
# c0 = -i over c0 <= 0 and the update at c0 = 0 again, each launching the kernel.
MATMUL_SPLIT_HOST_LOOP = (
    '{ domain: "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N; S1[i, j, k] : 0 <= i < N and '
    '0 <= j < N and 0 <= k < N }", child: { schedule: "[N] -> [{ S0[i0, i1] -> [(-i0)]; '
    'S1[i0, i1, i2] -> [(0)] }, { S0[i0, i1] -> [(i0)]; S1[i0, i1, i2] -> [(i0)] }, '
    '{ S0[i0, i1] -> [(0)]; S1[i0, i1, i2] -> [(i2)] }]", permutable: 1, coincident: '
    '[ 0, 1, 0 ], child: { schedule: "[N] -> [{ S0[i0, i1] -> [(-i0)]; S1[i0, i1, i2] -> '
    '[(-i2)] }, { S0[i0, i1] -> [(-i1)]; S1[i0, i1, i2] -> [(0)] }, { S0[i0, i1] -> [(0)]; '
    'S1[i0, i1, i2] -> [(2 + 3i2)] }, { S0[i0, i1] -> [(0)]; S1[i0, i1, i2] -> [(i1)] }]", '
    'permutable: 1, coincident: [ 1, 0, 0, 0 ] } } }')


def test_a_kernel_isl_would_launch_twice_for_the_same_values_stays_on_the_host(tmp_path):
    import islpy as isl

    from polyopt.pipeline import dependences_within_budget, find_scops, render
    from polyopt.scheduler import ScheduleResult
    source = read_source(str(KERNELS / "matmul.c"))
    options = Options(target="cuda")
    scops, warnings = find_scops(source, options)
    scops, dependences, warnings = dependences_within_budget(scops, warnings)
    choice = ScheduleResult(isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT,
                                                       MATMUL_SPLIT_HOST_LOOP), "drawn")
    result = render(source, scops, warnings, options, [choice], dependences)
    assert "__global__" not in result.text
    assert any("launch a kernel twice" in w for w in result.warnings)
    expected = _run([GCC, "-O1", "-x", "c", str(KERNELS / "matmul.c"), "-o",
                     str(tmp_path / "original")])
    assert expected.returncode == 0
    (tmp_path / "host.c").write_text(result.text)
    assert _run([GCC, "-O1", str(tmp_path / "host.c"), "-o", str(tmp_path / "host"),
                 "-lm"]).returncode == 0
    assert _run([str(tmp_path / "host")]).stdout == _run([str(tmp_path / "original")]).stdout


RESTRICT_PROGRAM = r"""#include <stdio.h>
#include <stdlib.h>
#define N 300
static void scale(int n, double *restrict y, const double *restrict x)
{
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = 2.0 * x[i] + 1.0;
#pragma endscop
}
int main(void)
{
  double *x = (double *) malloc(N * sizeof(double)), *y = (double *) malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    x[i] = (i % 7) * 0.25;
  scale(N, y, x);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += y[i] * (1 + i % 3);
  printf("%.17g\n", sum);
  free(x); free(y);
  return 0;
}
"""


@needs_gxx
def test_c_restrict_is_spelled_for_cplusplus(tmp_path):
    # C's `restrict` is no C++ word: the .cu file defines it as __restrict__ first
    result = _cuda_text(RESTRICT_PROGRAM)
    assert result.startswith("#if defined(__cplusplus) && !defined(restrict)\n"
                             "#define restrict __restrict__\n#endif\n"), result[:200]
    expected = _original_output(RESTRICT_PROGRAM, tmp_path)
    for run in _emulate(result, tmp_path, "restrict"):
        assert run.stdout == expected


def test_malloc_without_a_cast_is_named_for_cuda():
    text = RESTRICT_PROGRAM.replace("(double *) malloc(N * sizeof(double)), *y",
                                    "malloc(N * sizeof(double)), *y")
    result = optimize_source(SourceFile("alloc.c", text), Options(target="cuda"))
    assert any(w.startswith("alloc.c:13:") and "without a cast" in w for w in result.warnings), \
        result.warnings
    # C++'s no, not the file's: the plain C program gets no such warning
    assert not any("without a cast" in w for w in _cuda_warnings(RESTRICT_PROGRAM))


def _original_output(text: str, tmp_path: Path) -> bytes:
    """What the C program `text` prints, built by gcc."""
    original = _run([GCC, "-O1", "-x", "c", "-", "-o", str(tmp_path / "original"), "-lm"],
                    input=text.encode())
    assert original.returncode == 0
    return _run([str(tmp_path / "original")]).stdout


def _cuda_text(text: str) -> str:
    return optimize_source(SourceFile("k.c", text), Options(target="cuda")).text


def _cuda_warnings(text: str) -> list[str]:
    return optimize_source(SourceFile("k.c", text), Options(target="cuda")).warnings


@pytest.mark.slow
@needs_nvcc
def test_restrict_program_compiles_with_nvcc(tmp_path):
    _nvcc_compiles(_cuda_text(RESTRICT_PROGRAM), tmp_path, "restrict")


# C99 that C++ does not have: a variable-length array parameter, malloc without a cast
C99_PROGRAM = r"""#include <stdio.h>
#include <stdlib.h>
#define N 70
#define M 90
static void smooth(int n, int m, const double A[restrict n][m], double B[restrict n][m])
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) + 0.5 * A[i][j];
#pragma endscop
}
int main(void)
{
  double (*A)[M] = malloc(sizeof(double[N][M])), (*B)[M] = malloc(sizeof(double[N][M]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 7 + j * 3) % 11 * 0.125;
      B[i][j] = -1.0;
    }
  smooth(N, M, A, B);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += B[i][j] * (1 + (i + j) % 5);
  printf("%.17g\n", sum);
  free(A); free(B);
  return 0;
}
"""


def _c_host(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "c99.c").write_text(C99_PROGRAM)
    assert main([str(tmp_path / "c99.c"), "--target", "cuda", "--no-db",
                 "-o", str(tmp_path / "out.c")]) == 0
    return tmp_path / "out.c", tmp_path / "out_kernels.cu"


def test_c_host_code_keeps_c99_and_sends_kernels_apart(tmp_path, capsys):
    host, kernels = _c_host(tmp_path)
    assert "C++" not in capsys.readouterr().err      # nothing for the user to change
    text, device = host.read_text(), kernels.read_text()
    # the host code: C, the function with its VLA parameters and the uncast malloc as
    # written, the kernel launched through its launcher; the kernels in the .cu file
    assert "double B[restrict n][m]" in text and "(*A)[M] = malloc(" in text
    assert "<<<" not in text and "__global__" not in text and "dim3" not in text
    assert re.search(r"^void polyopt_kernel0_launch\(unsigned ", text, re.MULTILINE)
    assert "polyopt_kernel0_launch(" in text.split("#pragma scop")[1]
    assert _kernel_count(device) == 1 and 'extern "C" void polyopt_kernel0_launch(' in device
    assert "#define M 90" in device and "#pragma" not in device
    # one .cu file (no -o FILE.c): the C++ problems are named
    warnings = _cuda_warnings(C99_PROGRAM)
    assert any("variable-length array" in w for w in warnings), warnings
    assert any("without a cast" in w for w in warnings), warnings


@needs_gxx
def test_c_host_code_and_its_kernels_compute_the_original(tmp_path):
    from polyopt.codegen.emulation import C_RUNTIME_HEADER
    host, kernels = _c_host(tmp_path)
    expected = _original_output(C99_PROGRAM, tmp_path)
    # the host code built as C by gcc against the emulated runtime, linked with the
    # kernels' file emulated as C++ (their launchers have C linkage)
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    (runtime / "cuda_runtime_api.h").write_text(C_RUNTIME_HEADER)
    host_object = tmp_path / "host.o"
    built = _run([GCC, "-O1", "-std=c99", f"-I{runtime}", "-c", str(host), "-o",
                  str(host_object)], text=True)
    assert built.returncode == 0, built.stderr
    for run in _emulate(kernels.read_text(), tmp_path, "c99-kernels", objects=[host_object]):
        assert run.stdout == expected


@pytest.mark.slow
@needs_nvcc
def test_c_host_code_and_its_kernels_build_with_nvcc(tmp_path):
    host, kernels = _c_host(tmp_path)
    built = _run([NVCC, "-O3", str(host), str(kernels), "-o", str(tmp_path / "program")],
                 text=True)
    assert built.returncode == 0, built.stderr
    assert "warning" not in built.stderr, built.stderr


GRID_PROGRAM = r"""#include <stdio.h>
#define N 70000
#define M 3
static double A[N][M], B[N][M];
int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i % 13) * 0.5 + j;
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = 2.0 * A[i][j] + (i % 7);
#pragma endscop
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += B[i][j] * (1 + (i + j) % 5);
  printf("%.17g\n", sum);
  return 0;
}
"""


@needs_gxx
def test_blocks_beyond_the_grid_limit_run_in_a_loop(tmp_path):
    # one row per block along y: 70000 blocks, over the 65535 a grid's y allows; the
    # grid stops at the limit and each block runs its rows from blockIdx.y by gridDim.y
    text = optimize_source(SourceFile("grid.c", GRID_PROGRAM),
                           Options(target="cuda", block_sizes=[32, 1])).text
    assert "polyopt_blocks0 < 65535 ? polyopt_blocks0 : 65535" in text
    assert re.search(r"for \(int b0 = blockIdx\.y; b0 < polyopt_blocks0; b0 \+= gridDim\.y\)",
                     text), text
    expected = _original_output(GRID_PROGRAM, tmp_path)
    for run in _emulate(text, tmp_path, "grid"):
        assert run.stdout == expected
