"""polyopt cc / polyopt-cc: polyopt in front of the C compiler (polyopt/cc.py)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import polyopt.pipeline
from polyopt import cc
from tests.conftest import GCC, needs_gcc

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cmake"
CMAKE = shutil.which("cmake")
NM = shutil.which("nm")

KERNEL = """\
#include "sizes.h"
#include "scale.h"

void kernel(double C[N][N], double A[N][N], double B[N][N])
{
    int i, j, k;
#pragma scop
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            C[i][j] = 0.0;
    for (i = 0; i < N; i++)
        for (k = 0; k < N; k++)
            for (j = 0; j < N; j++)
                C[i][j] += SCALE * A[i][k] * B[k][j];
#pragma endscop
}
"""

MAIN = """\
#include <stdio.h>
#include <stdlib.h>
#include "sizes.h"

void kernel(double C[N][N], double A[N][N], double B[N][N]);

int main(void)
{
    double (*A)[N] = malloc(sizeof(double[N][N]));
    double (*B)[N] = malloc(sizeof(double[N][N]));
    double (*C)[N] = malloc(sizeof(double[N][N]));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (double)((i * j + 1) % 7) / 7.0;
            B[i][j] = (double)((i + 2 * j) % 5) / 5.0;
        }
    kernel(C, A, B);
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += C[i][j] * ((i + j) % 3 + 1);
    printf("N=%d %.6f %.6f\\n", N, sum, C[N - 1][N - 1]);
    return 0;
}
"""

SIZES = "#ifndef N\n#define N 50\n#endif\n"


def polyopt_cc(*command: str, cwd: Path, env: dict | None = None,
               options: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """`polyopt cc [options] -- COMMAND` as a build would run polyopt-cc."""
    return subprocess.run([sys.executable, "-m", "polyopt", "cc", *options, "--", *command],
                          cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


def gomp_symbols(path: Path) -> bool:
    out = subprocess.run([NM, str(path)], capture_output=True, text=True).stdout
    return "GOMP_" in out


# ---------------------------------------------------------------------------
# (a) the command line

@pytest.mark.parametrize("command, why", [
    (["gcc", "a.o", "b.o", "-o", "prog", "-lm"], "no C source"),
    (["gcc", "-E", "a.c"], "-E"),
    (["gcc", "-M", "a.c"], "-M"),
    (["gcc", "-MM", "-Iinc", "a.c"], "-MM"),
    (["gcc", "-c", "start.s", "-o", "start.o"], "no C source"),
    (["gcc", "-c", "start.S"], "no C source"),
    (["gcc", "--version"], "--version"),
    (["cc"], "no C source"),
    (["gcc", "-fsyntax-only", "a.c"], "syntax"),
    (["g++", "-c", "a.c"], "C++"),
    (["gcc", "-x", "c++", "-c", "a.c"], "no C source"),
    (["gcc", "-c", "a.cpp"], "no C source"),
])
def test_what_passes_through(command, why):
    invocation = cc.parse_command(command)
    assert invocation.passes_through
    assert why in invocation.reason


def test_a_compile_of_c_sources_is_optimized():
    invocation = cc.parse_command(["gcc", "-O3", "-o", "out.c", "-x", "c", "-c", "src/a.c",
                                   "-Wall"])
    assert not invocation.passes_through
    assert invocation.sources == [7]        # out.c is the output, not a source
    assert invocation.output == "out.c" and invocation.compile_only
    linked = cc.parse_command(["/usr/bin/cc", "-O2", "a.c", "b.c", "-o", "prog"])
    assert linked.sources == [2, 3] and not linked.compile_only


def test_defines_and_include_dirs_in_both_spellings():
    invocation = cc.parse_command([
        "gcc", "-DN=1000", "-D", "M=20", "-DFLAG", "-D", "TMP", "-D", "F(x)=x", "-U", "TMP",
        "-Iinc", "-I", "other/include", "-isystem", "sys", "-std=c11", "-include", "pre.h",
        "-c", "k.c"])
    assert invocation.defines == ["N=1000", "M=20", "FLAG"]
    assert invocation.include_dirs == ["inc", "other/include"]
    assert invocation.std == "c11"
    assert invocation.sources == [invocation.command.index("k.c")]


def test_defines_in_a_response_file(tmp_path):
    (tmp_path / "flags.rsp").write_text("-DN=64 -I 'my inc'\n")
    invocation = cc.parse_command(["gcc", f"@{tmp_path / 'flags.rsp'}", "-c", "k.c"])
    assert invocation.defines == ["N=64"] and invocation.include_dirs == ["my inc"]


def test_the_rewritten_command():
    invocation = cc.parse_command(["gcc", "-O3", "-Iinc", "-c", "src/k.c"])
    command = cc.rewrite_command(invocation, {4: "/tmp/x/0/k.c"})
    # the object keeps the source's name; "..." includes look beside the source
    assert command == ["gcc", "-O3", "-Iinc", "-c", "/tmp/x/0/k.c", "-iquote", "src",
                       "-o", "k.o"]
    with_output = cc.parse_command(["gcc", "-iquote", "q", "-c", "k.c", "-o", "obj/k.o"])
    command = cc.rewrite_command(with_output, {4: "/tmp/x/0/k.c"})
    # the source's directory is searched before the command's -iquote, as it was
    assert command == ["gcc", "-iquote", ".", "-iquote", "q", "-c", "/tmp/x/0/k.c",
                       "-o", "obj/k.o"]
    # several sources, -c: each object is named after its source (the same basename)
    several = cc.parse_command(["gcc", "-c", "k.c", "other.c"])
    assert cc.rewrite_command(several, {2: "/tmp/x/0/k.c"}) == [
        "gcc", "-c", "/tmp/x/0/k.c", "other.c", "-iquote", "."]
    linked = cc.parse_command(["gcc", "k.c", "-o", "prog"])
    assert cc.rewrite_command(linked, {1: "/t/k.c"})[-2:] == ["-iquote", "."]


@pytest.mark.parametrize("argv, ours, command", [
    (["--no-db", "--scheduler", "isl", "--", "gcc", "-c", "a.c"],
     ["--no-db", "--scheduler", "isl"], ["gcc", "-c", "a.c"]),
    (["--scheduler", "isl", "-q", "gcc", "-c", "a.c"], ["--scheduler", "isl", "-q"],
     ["gcc", "-c", "a.c"]),
    (["/usr/bin/cc", "-O2", "-c", "a.c"], [], ["/usr/bin/cc", "-O2", "-c", "a.c"]),
    (["--", "gcc", "--", "x"], [], ["gcc", "--", "x"]),
])
def test_polyopt_options_and_the_compiler_command(argv, ours, command):
    assert cc.split_arguments(argv) == (ours, command)


def test_options_from_the_environment(monkeypatch):
    monkeypatch.setenv("POLYOPT_CC_FLAGS", "--no-parallel --scheduler isl")
    args = cc.parse_options(["--scheduler", "identity"])
    assert not args.parallel and args.scheduler == "identity"


FAKE_COMPILER = "#!/bin/sh\necho \"$@\"\nexit ${FAKE_STATUS:-0}\n"


@pytest.mark.parametrize("env, optimized", [({}, True),
                                           ({"POLYOPT_CC_DISABLE": "1", "FAKE_STATUS": "3"}, False)])
def test_a_fake_compiler_sees_the_command(tmp_path, env, optimized):
    """What the compiler is given; POLYOPT_CC_DISABLE runs it unchanged (and its exit
    status is the command's)."""
    fake = tmp_path / "fakecc"
    fake.write_text(FAKE_COMPILER)
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    (tmp_path / "sizes.h").write_text(SIZES)
    (tmp_path / "scale.h").write_text("#define SCALE 2.0\n")
    (tmp_path / "k.c").write_text(KERNEL)
    done = polyopt_cc(str(fake), "-DN=1000", "-c", "k.c", cwd=tmp_path, env=env,
                      options=("--scheduler", "isl", "-q"))
    assert done.returncode == (3 if not optimized else 0), done.stderr
    expected = "-DN=1000 -c k.c -iquote . -o k.o" if optimized else "-DN=1000 -c k.c"
    # (the optimized file's temporary path reads as the original's in the output)
    assert done.stdout.strip() == expected
    if not optimized:
        assert done.stderr == ""


# ---------------------------------------------------------------------------
# (b) a program built through polyopt cc

def write_project(root: Path) -> None:
    (root / "inc").mkdir()
    (root / "src").mkdir()
    (root / "build").mkdir()
    (root / "inc" / "sizes.h").write_text(SIZES)
    (root / "src" / "scale.h").write_text("#define SCALE 1.5\n")     # beside the source
    (root / "src" / "kernel.c").write_text(KERNEL)
    (root / "src" / "main.c").write_text(MAIN)


@needs_gcc
def test_a_program_built_through_polyopt_cc(tmp_path):
    write_project(tmp_path)
    build = tmp_path / "build"
    flags = ["-O2", "-fopenmp", "-DN=300", "-I../inc"]
    for name in ("kernel", "main"):
        done = polyopt_cc(GCC, *flags, "-MD", "-c", f"../src/{name}.c", cwd=build)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
    done = polyopt_cc(GCC, "-fopenmp", "kernel.o", "main.o", "-o", "prog", cwd=build)
    assert done.returncode == 0, done.stderr
    # the dependencies name the source, not the optimized copy
    depfile = (build / "kernel.d").read_text()
    assert "../src/kernel.c" in depfile and "polyopt-cc-" not in depfile
    plain = tmp_path / "plain"
    subprocess.run([GCC, *flags, "-I../src", "../src/kernel.c", "../src/main.c", "-o", plain],
                   cwd=build, check=True)
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    ours = subprocess.run([build / "prog"], capture_output=True, text=True, env=env, check=True)
    theirs = subprocess.run([plain], capture_output=True, text=True, env=env, check=True)
    assert ours.stdout == theirs.stdout
    assert ours.stdout.startswith("N=300 ")
    if NM:      # the kernel compiled is polyopt's, parallel
        assert gomp_symbols(build / "kernel.o")


def test_the_harness_build_is_the_compilers_own():
    invocation = cc.parse_command(["gcc", "-O2", "-fopenmp", "-DN=300", "-I", "../inc", "-MD",
                                "-MF", "k.d", "-c", "../src/kernel.c", "-o", "kernel.o",
                                "-march=native"])
    assert cc.harness_build(invocation) == ("gcc -O2 -fopenmp -DN=300 -I ../inc -march=native "
                                         "{src} -o {exe} -lm")


@needs_gcc
def test_tune_through_polyopt_cc_measures_once(tmp_path):
    """polyopt cc --tune measures with the compiler's own flags, the tuning database
    keeps the choice, the next build of the unchanged file measures nothing."""
    write_project(tmp_path)
    build = tmp_path / "build"
    command = (GCC, "-O2", "-fopenmp", "-DN=300", "-I../inc", "-c", "../src/kernel.c")
    options = ("--tune", "--tune-candidates", "1", "--db", str(tmp_path / "db.sqlite"))
    first = polyopt_cc(*command, cwd=build, options=options)
    assert first.returncode == 0, first.stderr
    assert "tune: 2 candidates" in first.stderr, first.stderr
    kept = (build / "kernel.o").read_bytes()
    second = polyopt_cc(*command, cwd=build, options=options)
    assert second.returncode == 0, second.stderr
    assert "tuning database's choice" in second.stderr, second.stderr
    assert (build / "kernel.o").read_bytes() == kept


# ---------------------------------------------------------------------------
# (c) the CMake example, the launcher polyopt cc

def cmake_build(source: Path, build: Path, *definitions: str) -> str:
    subprocess.run([CMAKE, "-S", source, "-B", build, "-DMATMUL_N=240", *definitions],
                   check=True, capture_output=True, timeout=120)
    done = subprocess.run([CMAKE, "--build", build], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "polyopt-cc:" not in done.stdout + done.stderr
    run = subprocess.run([build / "matmul"], capture_output=True, text=True, check=True,
                         timeout=60, env={**os.environ, "OMP_NUM_THREADS": "2"})
    return run.stdout


POLYOPT_SCRIPT = Path(sys.executable).parent / "polyopt"


@needs_gcc
@pytest.mark.skipif(CMAKE is None, reason="needs cmake")
@pytest.mark.parametrize("form", ["polyopt-cc", "polyopt;cc"])
def test_the_cmake_example_with_the_launcher(tmp_path, form):
    if form == "polyopt-cc":    # the console script may not be installed yet: its equivalent
        launcher = tmp_path / "polyopt-cc"
        launcher.write_text(f"#!/bin/sh\nexec '{sys.executable}' -m polyopt cc -- \"$@\"\n")
        launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR)
        launcher = str(launcher)
    elif not POLYOPT_SCRIPT.exists():
        pytest.skip(f"no polyopt script beside {sys.executable}")
    else:                       # a CMake launcher is a ;-list: `polyopt cc COMPILER ...`
        launcher = f"{POLYOPT_SCRIPT};cc"
    env_compiler = f"-DCMAKE_C_COMPILER={GCC}"
    ours = cmake_build(EXAMPLE, tmp_path / "ours", env_compiler,
                       f"-DCMAKE_C_COMPILER_LAUNCHER={launcher}")
    plain = cmake_build(EXAMPLE, tmp_path / "plain", env_compiler)
    assert ours == plain
    assert ours.startswith("N=240 checksum=")
    if NM:
        objects = tmp_path / "ours" / "CMakeFiles" / "matmul.dir" / "src"
        assert gomp_symbols(objects / "kernel.c.o")


# ---------------------------------------------------------------------------
# (d) what polyopt cannot handle is compiled as written

@needs_gcc
def test_a_file_polyopt_refuses_is_compiled_as_written(tmp_path):
    # a NUL byte in a comment: not C text to polyopt, a comment to gcc
    (tmp_path / "odd.c").write_bytes(b"/* \0 */\nint f(int *a)\n{\n#pragma scop\n"
                                     b"    for (int i = 0; i < 10; i++) a[i] = i;\n"
                                     b"#pragma endscop\n    return a[0];\n}\n")
    done = polyopt_cc(GCC, "-O2", "-c", "odd.c", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("polyopt-cc: odd.c: warning: ")
    assert lines[0].endswith("; compiled as written")
    assert (tmp_path / "odd.o").exists()


def _in_process(monkeypatch, capfd, tmp_path, source: str):
    (tmp_path / "k.c").write_text(source)
    monkeypatch.chdir(tmp_path)
    status = cc.run(["--", GCC, "-O2", "-c", "k.c"])
    return status, capfd.readouterr().err


GOOD = "int f(int *a)\n{\n#pragma scop\n    for (int i = 0; i < 10; i++) a[i] = i;\n" \
       "#pragma endscop\n    return a[0];\n}\n"


@needs_gcc
def test_a_failure_of_polyopt_breaks_no_build(tmp_path, monkeypatch, capfd):
    def broken(source, options):
        raise RuntimeError("a bug")
    monkeypatch.setattr(polyopt.pipeline, "optimize_source", broken)
    status, err = _in_process(monkeypatch, capfd, tmp_path, GOOD)
    assert status == 0
    assert err == "polyopt-cc: k.c: warning: polyopt failed (RuntimeError: a bug); " \
                  "compiled as written\n"
    assert (tmp_path / "k.o").exists()


@needs_gcc
def test_an_optimized_file_that_does_not_compile_is_compiled_as_written(tmp_path, monkeypatch,
                                                                         capfd):
    wrong = SimpleNamespace(text="this is not C;\n", warnings=[], scops=[])
    monkeypatch.setattr(polyopt.pipeline, "optimize_source", lambda source, options: wrong)
    status, err = _in_process(monkeypatch, capfd, tmp_path, GOOD)
    assert status == 0
    assert err == "polyopt-cc: k.c: warning: the optimized file does not compile; " \
                  "compiled as written\n"
    # the user's own errors are the user's: the compiler's status, no warning of polyopt-cc
    status, err = _in_process(monkeypatch, capfd, tmp_path,
                              GOOD + "int g(void) { return x; }\n")
    assert status != 0
    assert "polyopt-cc" not in err and "'x' undeclared" in err.replace("‘", "'").replace("’", "'")
