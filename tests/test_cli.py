"""The `polyopt` command line: options, input/output plumbing, dumps, --auto-scop, bench."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from polyopt.cli import main
from tests.conftest import compile_and_run, needs_gcc

# C[i][j] += A[i][k] * B[k][j] alone in a scop: one flow dependence, along k.
MATMUL = """\
#define N 64
double A[N][N], B[N][N], C[N][N];
void f(void) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
"""

# A whole program: an affine initialisation and product, then a non-affine nest.
PROGRAM = """\
#include <stdio.h>
#define N 40
static double A[N][N], B[N][N], C[N][N];
static int idx[N];
int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++) {
    idx[i] = (i * 7 + 3) % N;
    for (j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + 1) % 7);
      B[i][j] = (double)((i + 2 * j) % 5);
      C[i][j] = 0.0;
    }
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
  for (i = 1; i < N; i++)
    A[idx[i]][0] = A[idx[i - 1]][0] + 1.0;
  double s = 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += C[i][j] * (j + 1) + A[i][j];
  printf("%.6f\\n", s);
  return 0;
}
"""
NON_AFFINE_NEST = ("  for (i = 1; i < N; i++)\n"
                   "    A[idx[i]][0] = A[idx[i - 1]][0] + 1.0;\n")

# The same program with its product marked as a scop.
MARKED_PROGRAM = PROGRAM.replace(
    "  for (i = 0; i < N; i++)\n    for (j = 0; j < N; j++)\n      for (k",
    "#pragma scop\n  for (i = 0; i < N; i++)\n    for (j = 0; j < N; j++)\n      for (k"
).replace("B[k][j];\n", "B[k][j];\n#pragma endscop\n")


def _run(capsys, argv):
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _subprocess(args, cwd, **kwargs):
    return subprocess.run([sys.executable, "-m", "polyopt", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, **kwargs)


@pytest.fixture
def matmul(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mm.c").write_text(MATMUL)
    return "mm.c"


def _optimize(capsys, *argv) -> str:
    status, out, err = _run(capsys, list(argv))
    assert status == 0, err
    assert "Traceback" not in err
    return out


def _loop_steps(text: str) -> list[tuple[str, int]]:
    return [(name, int(step)) for name, step in re.findall(r"for \(int (\w+) = .*?; \1 \+= (\d+)\)", text)]


# -- basics ---------------------------------------------------------------------------


def test_version_subprocess(tmp_path):
    result = _subprocess(["--version"], cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == "polyopt 0.1.0"


def test_version_in_process(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == "polyopt 0.1.0"


def test_default_output_and_dash_go_to_stdout(capsys, matmul):
    default = _optimize(capsys, matmul)
    dash = _optimize(capsys, matmul, "-o", "-")
    assert default == dash
    assert "/* polyopt:" in default


def test_output_file(tmp_path, capsys, matmul):
    expected = _optimize(capsys, matmul)
    out = _optimize(capsys, matmul, "-o", "result.c")
    assert out == ""
    assert (tmp_path / "result.c").read_text() == expected


def test_stdin_input(capsys, monkeypatch, matmul):
    expected = _optimize(capsys, matmul)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(MATMUL.encode())))
    assert _optimize(capsys, "-") == expected


def test_stdin_subprocess_keeps_non_utf8_bytes(tmp_path):
    source = MATMUL.encode().replace(b"#define N 64\n", b"#define N 64 /* \xe9 */\n")
    result = subprocess.run([sys.executable, "-m", "polyopt", "-", "--no-tile"], cwd=tmp_path,
                            input=source, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    assert result.stdout.startswith(b"#define N 64 /* \xe9 */\n")
    assert b"polyopt:" in result.stdout


@needs_gcc
def test_a_search_on_standard_input_builds_with_the_local_headers(tmp_path):
    """`polyopt - --scheduler random` reads `#include "sizes.h"` from the current
    directory, as a file in it would (the frontend does; the builds did not)."""
    (tmp_path / "sizes.h").write_text("#define N 24\n")
    source = MATMUL.replace("#define N 64\n", '#include <stdio.h>\n#include "sizes.h"\n') + (
        "int main(void) {\n  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++)\n"
        "    A[i][j] = B[j][i] = i + 2 * j;\n  f();\n  printf(\"%g\\n\", C[3][5]);\n"
        "  return 0;\n}\n")
    result = subprocess.run([sys.executable, "-m", "polyopt", "-", "--scheduler", "random",
                             "--budget", "1", "--seed", "1", "-q", "--no-db"], cwd=tmp_path,
                            input=source, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr      # (it was: "sizes.h: No such file")
    # the search's answer: its winner, or the code as written where that was fastest
    assert result.stdout.startswith('#include <stdio.h>\n#include "sizes.h"\n')


# -- optimization options ------------------------------------------------------------


def test_default_output_on_matrix_product(capsys, matmul):
    # 64x64: a quarter of a million multiply-adds, less than starting the threads
    # costs; the default reorders for a vectorizable innermost loop, serial
    out = _optimize(capsys, matmul)
    assert "/* polyopt: auto:" in out
    assert "#pragma omp parallel for" not in out
    # the sizes are the cache model's (tests/test_tiling_model.py): machine-dependent
    assert re.search(r"; (tiled \d+x\d+x\d+|not tiled);", out), out
    # 1000x1000: parallel
    (Path(matmul).parent / "big.c").write_text(MATMUL.replace("#define N 64", "#define N 1000"))
    out = _optimize(capsys, "big.c")
    assert "#pragma omp parallel for" in out


def test_isl_tiles_three_dimensions_outer_loop_parallel(capsys, matmul):
    out = _optimize(capsys, matmul, "--scheduler", "isl", "--tile-sizes", "32")
    tile_loops = {name for name, step in _loop_steps(out) if step == 32}
    assert len(tile_loops) == 3, out
    lines = [line.strip() for line in out.splitlines()]
    first_loop = next(i for i, line in enumerate(lines) if line.startswith("for ("))
    assert lines[first_loop - 1] == "#pragma omp parallel for", out
    assert lines[first_loop].endswith("+= 32)")


def test_identity_untiled(capsys, matmul):
    out = _optimize(capsys, matmul, "--scheduler", "identity", "--no-tile")
    assert "+= 32" not in out
    assert "not tiled" in out
    # the accumulated C[c0][c1] is kept in a local for the k loop (codegen.accumulate)
    assert "double polyopt_accumulator = C[c0][c1];" in out
    assert "polyopt_accumulator += A[c0][c2] * B[c2][c1];" in out


def test_tile_sizes(capsys, matmul):
    out = _optimize(capsys, matmul, "--scheduler", "isl", "--tile-sizes", "16,8",
                    "--no-register-tiles")     # (the register tiles' steps apart)
    steps = {step for _, step in _loop_steps(out)}
    assert steps == {16, 8}, out
    assert "tiled 16x8x8" in out


def test_no_parallel(capsys, matmul):
    out = _optimize(capsys, matmul, "--no-parallel")
    assert "#pragma omp" not in out
    assert "/* polyopt:" in out


def test_polycc_spellings_of_tiling_and_parallel(capsys, matmul):
    """Scripts written for polycc pass --tile --parallel, --notile, --noparallel."""
    assert _optimize(capsys, matmul, "--scheduler", "isl", "--tile", "--parallel") == \
        _optimize(capsys, matmul, "--scheduler", "isl")
    assert _optimize(capsys, matmul, "--scheduler", "isl", "--notile") == \
        _optimize(capsys, matmul, "--scheduler", "isl", "--no-tile")
    untiled = _optimize(capsys, matmul, "--scheduler", "isl", "--notile", "--noparallel")
    assert "#pragma omp" not in untiled and "not tiled" in untiled


def test_dump_samples_without_a_search_is_a_usage_error(capsys, matmul):
    """--dump samples never starts a build-and-run search by itself."""
    assert main([matmul, "--dump", "samples"]) == 2
    assert "--dump samples" in capsys.readouterr().err


@pytest.mark.parametrize("value,message", [("0", "positive"), ("x", "'x'")])
def test_bad_tile_sizes_in_process(capsys, matmul, value, message):
    with pytest.raises(SystemExit) as exit_info:
        main([matmul, "--tile-sizes", value])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: polyopt" in err
    assert re.search(r"error: argument --tile-sizes: .*" + re.escape(message), err), err


def test_shared_memory_policies(capsys, matmul):
    """--shared-memory none|reuse|all (--no-shared-memory is none); anything else is a
    usage error that names the choices."""
    programs = {policy: _optimize(capsys, matmul, "--target", "cuda", "--block-sizes", "32,8",
                                  "--shared-memory", policy) for policy in ("none", "reuse", "all")}
    assert "__shared__" not in programs["none"]
    assert programs["none"] == _optimize(capsys, matmul, "--target", "cuda", "--block-sizes",
                                         "32,8", "--no-shared-memory")
    assert programs["reuse"] == _optimize(capsys, matmul, "--target", "cuda", "--block-sizes",
                                          "32,8")
    assert "[8][32];" in programs["reuse"] and "[8][33];" in programs["all"]   # rows padded
    with pytest.raises(SystemExit) as exit_info:
        main([matmul, "--target", "cuda", "--shared-memory", "most"])
    assert exit_info.value.code == 2
    assert "argument --shared-memory: 'most' is not one of none, reuse, all" in \
        capsys.readouterr().err


def test_bad_tile_sizes_subprocess(tmp_path):
    (tmp_path / "mm.c").write_text(MATMUL)
    for value in ("0", "x"):
        result = _subprocess(["mm.c", "--tile-sizes", value, "-o", "out.c"], cwd=tmp_path)
        assert result.returncode == 2
        assert "error: argument --tile-sizes" in result.stderr
        assert "Traceback" not in result.stderr
        assert result.stdout == ""
        assert not (tmp_path / "out.c").exists()


def test_unknown_option_subprocess(tmp_path):
    (tmp_path / "mm.c").write_text(MATMUL)
    result = _subprocess(["mm.c", "--frobnicate"], cwd=tmp_path)
    assert result.returncode == 2
    assert "unrecognized arguments: --frobnicate" in result.stderr
    assert "Traceback" not in result.stderr


# -- dumps -------------------------------------------------------------------------------


def test_dump_scop(capsys, matmul):
    out = _optimize(capsys, matmul, "--dump", "scop")
    assert out.startswith("# SCoP at mm.c:")
    assert "parameters: N" in out
    assert re.search(r"^S0 at mm\.c:9:", out, re.MULTILINE), out
    assert "S0[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N" in out
    assert re.search(r"^\s*write .*S0\[i, j, k\] -> C\[i, j\]", out, re.MULTILINE), out
    assert re.search(r"^\s*read .*S0\[i, j, k\] -> B\[k, j\]", out, re.MULTILINE), out
    assert "original schedule:" in out


def test_dump_deps(capsys, matmul):
    out = _optimize(capsys, matmul, "--dump", "deps")
    flow = [line for line in out.splitlines() if line.startswith("flow")]
    assert len(flow) == 1, out
    assert re.search(r"\bC\b", flow[0])
    assert "i0 = 0, i1 = 0, i2 = 1" in flow[0]


def test_dump_schedule(capsys, matmul):
    assert "auto: " in _optimize(capsys, matmul, "--dump", "schedule")  # the default's choice
    out = _optimize(capsys, matmul, "--dump", "schedule", "--scheduler", "isl", "--tile-sizes", "32")
    assert "isl scheduler" in out
    assert "schedule tree:" in out
    assert "code:" in out
    code = out.split("code:", 1)[1]
    assert "#pragma omp parallel for" in code
    assert len({name for name, step in _loop_steps(code) if step == 32}) == 3


# -- whole programs (gcc) -------------------------------------------------------------


@needs_gcc
def test_auto_scop_optimizes_main_and_keeps_non_affine_nest(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text(PROGRAM)
    out = _optimize(capsys, "prog.c", "--auto-scop")
    assert "/* polyopt:" in out
    assert NON_AFFINE_NEST in out
    assert "C[i][j] += A[i][k] * B[k][j];" not in out
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    got, _ = compile_and_run(out, tmp_path, "optimized")
    assert got == expected


@needs_gcc
def test_twice_on_own_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert MARKED_PROGRAM.count("#pragma scop\n") == 1 and "#pragma endscop" in MARKED_PROGRAM
    (tmp_path / "prog.c").write_text(MARKED_PROGRAM)
    once = _optimize(capsys, "prog.c", "-o", "once.c")
    assert once == ""
    status, twice, err = _run(capsys, ["once.c"])
    assert status == 0 and "Traceback" not in err
    assert twice.count("/* polyopt:") == 1
    expected, _ = compile_and_run(MARKED_PROGRAM, tmp_path, "original")
    assert compile_and_run((tmp_path / "once.c").read_text(), tmp_path, "once")[0] == expected
    assert compile_and_run(twice, tmp_path, "twice")[0] == expected


@needs_gcc
def test_auto_scop_twice_on_own_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text(PROGRAM)
    once = _optimize(capsys, "prog.c", "--auto-scop")
    (tmp_path / "once.c").write_text(once)
    twice = _optimize(capsys, "once.c", "--auto-scop")
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    assert compile_and_run(twice, tmp_path, "twice")[0] == expected


@needs_gcc
def test_bench(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text(MARKED_PROGRAM.replace("#define N 40", "#define N 24"))
    status, out, err = _run(capsys, ["bench", "prog.c", "--repeat", "1", "--warmup", "0"])
    assert status == 0, out + err
    assert "Traceback" not in err
    assert "speedup" in out
    assert "output     identical" in out
    assert "1 SCoP(s) optimized" in out


def test_a_classifier_option_before_the_source_does_not_take_it_as_its_model():
    from polyopt.cli import _classifier_before_source, _main_parser
    argv = ["--scheduler", "ga", "--classifier", "kernel.c", "-o", "out.c"]
    args = _main_parser().parse_args(_classifier_before_source(argv))
    assert args.file == "kernel.c" and args.classifier == ""
    args = _main_parser().parse_args(_classifier_before_source(
        ["kernel.c", "--scheduler", "ga", "--classifier", "my.model"]))
    assert args.file == "kernel.c" and args.classifier == "my.model"
    args = _main_parser().parse_args(_classifier_before_source(
        ["--scheduler", "ga", "--classifier", "-"]))          # the source on standard input
    assert args.file == "-" and args.classifier == ""


@pytest.mark.parametrize("options, module, extra", [
    (["--scheduler", "ga", "--classifier"], "sklearn", "ml"),
    (["--scheduler", "random", "--jobs", "2"], "dask", "cluster"),
])
def test_a_search_without_its_extra_says_which_in_one_line(tmp_path, monkeypatch, capsys,
                                                             options, module, extra):
    # before anything is printed or built: the error is the command's only line
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, module, None)    # `import module` fails as if not installed
    (tmp_path / "k.c").write_text(MATMUL)
    status, out, err = _run(capsys, ["k.c", "--budget", "1", "--no-db", *options, "-o", "out.c"])
    assert status == 2
    assert out == ""
    assert err.splitlines() == [err.strip()], err
    assert err.strip().endswith(f"pip install 'polyopt[{extra}]'"), err


def test_help_lists_every_mode_and_blas_flags(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    for mode in ("polyopt bench", "polyopt polybench", "polyopt model", "polyopt machine",
                 "polyopt cc", "polyopt db", "polyopt --blas-flags"):
        assert mode in text, mode
    assert "\n  --blas-flags" in text and "--diagnostics" in text
