"""Odd inputs and faults: a clear error or a located
warning, never a traceback or a hang; a region polyopt cannot handle is left
byte-for-byte as it was, and the file's other regions are still optimized.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from polyopt.cli import main
from tests.conftest import compile_and_run, needs_gcc

# A whole program: the first region is plain and always optimized; {second} is
# where each test puts its odd region (or nothing).
HEAD = """#include <stdio.h>
#define N 48
#define STEP() { }
double A[N][N], B[N][N], C[N];
int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      B[i][j] = (i * 7 + j * 3) % 11;
"""
GOOD = """#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[j][i] = B[i][j] * 2.0 + 1.0;
#pragma endscop
"""
TAIL = """  for (i = 0; i < N; i++)
    printf("%.1f %.1f %.1f\\n", A[i][(i * 5) % N], B[(i * 3) % N][i], C[i]);
  return 0;
}
"""


def _program(second: str) -> str:
    return HEAD + GOOD + second + TAIL


# The default keeps small regions as written when nothing is predicted to pay; these
# tests need regions transformed, so they name isl's scheduler (which always does).
ISL = ["--scheduler", "isl"]


def _with_isl(argv):
    return list(argv) if "--scheduler" in argv else [*argv, *ISL]


def _run(capsys, argv):
    status = main(_with_isl(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _polyopt(args, cwd, timeout=120, **kwargs):
    """polyopt in a subprocess; the timeout is a safety net, not a measure."""
    if "stdout" not in kwargs:
        kwargs["capture_output"] = True
    return subprocess.run([sys.executable, "-m", "polyopt", *_with_isl(args)], cwd=cwd,
                          timeout=timeout, **kwargs)


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ": warning: " in line]


def _assert_good_optimized_second_unchanged(tmp_path, source: str, output: str, second: str):
    """The first region rewritten, the second (and all after it) byte-identical,
    and the program prints the same."""
    assert "Traceback" not in output
    assert output.startswith(HEAD)
    assert output.endswith(second + TAIL)
    assert GOOD not in output and output.count("/* polyopt:") == 1
    expected, _ = compile_and_run(source, tmp_path, "original")
    assert compile_and_run(output, tmp_path, "optimized")[0] == expected


# -- class 3: deep expressions --------------------------------------------------

def _sum_region(terms: int) -> str:
    total = " + ".join(f"B[i][{k % 48}]" for k in range(terms))
    return f"#pragma scop\n  for (i = 0; i < N; i++)\n    C[i] = {total};\n#pragma endscop\n"


def _parenthesized_region(depth: int) -> str:
    value = "(" * depth + "B[i][i] + 1.0" + ")" * depth
    return f"#pragma scop\n  for (i = 0; i < N; i++)\n    C[i] = C[i] + {value};\n#pragma endscop\n"


@needs_gcc
def test_deep_expressions_are_optimized(tmp_path, capsys, monkeypatch):
    """250 terms and 150 nested parentheses pass Python's default recursion limit."""
    monkeypatch.chdir(tmp_path)
    second = _sum_region(250) + _parenthesized_region(150)
    source = _program(second)
    (tmp_path / "deep.c").write_text(source)
    status, out, err = _run(capsys, ["deep.c", "--scheduler", "isl"])
    assert status == 0, err
    assert "Traceback" not in err and not _warnings(err), err
    assert out.count("/* polyopt:") == 3
    expected, _ = compile_and_run(source, tmp_path, "original")
    assert compile_and_run(out, tmp_path, "optimized")[0] == expected


@needs_gcc
def test_too_deep_expression_leaves_its_region_unchanged(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    second = _parenthesized_region(30_000)
    source = _program(second)
    (tmp_path / "deeper.c").write_text(source)
    status, out, err = _run(capsys, ["deeper.c"])
    assert status == 0, err
    warnings = _warnings(err)
    assert len(warnings) == 1 and warnings[0].startswith("deeper.c:15:1: warning: "), err
    assert "nested too deeply" in warnings[0] and "region left unchanged" in warnings[0]
    _assert_good_optimized_second_unchanged(tmp_path, source, out, second)


# -- class 3: inputs that are not C files -----------------------------------------

def test_dev_zero_is_refused_at_once(tmp_path):
    result = _polyopt(["/dev/zero"], tmp_path, timeout=60, text=True)
    assert result.returncode == 1
    assert result.stderr.startswith("/dev/zero: error: not a C text file"), result.stderr
    assert "Traceback" not in result.stderr


def test_endless_input_is_refused_past_the_size_limit(tmp_path):
    from polyopt.frontend.source import MAX_INPUT_BYTES
    result = _polyopt(["-"], tmp_path, timeout=60, input=b"x" * (MAX_INPUT_BYTES + 1))
    stderr = result.stderr.decode()
    assert result.returncode == 1, stderr
    assert stderr.startswith("<stdin>: error: input larger than 64 MiB"), stderr


# (file name, bytes, exit status, text stderr must hold: the region is then unchanged)
ODD_INPUTS = [
    ("huge-bound.c", b"void f(double *a) { int i;\n#pragma scop\n"
                     b"for (i = 0; i < 99999999999999999999999; i++) a[i] = 0;\n"
                     b"#pragma endscop\n}\n", 0, "'99999999999999999999999' is too large"),
    ("separators.c", b"void f(int n, double a[100]) { int i;\n#pragma scop\n"
                     b"for (i = 0; i < n; i++) a[i + 1'0] = 0;\n#pragma endscop\n}\n", 0, ""),
]


@pytest.mark.parametrize("name,data,status,message", ODD_INPUTS,
                         ids=[case[0] for case in ODD_INPUTS])
def test_odd_input_gives_a_clear_answer(tmp_path, name, data, status, message):
    (tmp_path / name).write_bytes(data)
    result = _polyopt([name], tmp_path)
    stderr = result.stderr.decode()
    assert result.returncode == status, stderr
    assert "Traceback" not in stderr
    assert message in stderr
    if status == 0 and message:
        assert result.stdout == data


# A region whose file name a '#line' directive cannot carry as it is, or that is
# not UTF-8: it is optimized, and warnings name the file as the user wrote it.
@needs_gcc
@pytest.mark.parametrize("name", [b'quote"d.c', b"new\nline.c", b"caf\xe9.c", b"co:lon.c"],
                         ids=["quote", "newline", "latin1", "colon"])
def test_hostile_file_names(tmp_path, name):
    source = _program("#pragma scop\n  C[0] = B[0][0] +;\n#pragma endscop\n")
    with open(os.path.join(os.fsencode(tmp_path), name), "wb") as stream:
        stream.write(source.encode())
    result = _polyopt([os.fsdecode(name)], tmp_path)
    assert result.returncode == 0, result.stderr
    stderr = result.stderr
    assert b"Traceback" not in stderr
    # (Python's standard error shows a byte that is not UTF-8 as an escape)
    shown = os.fsdecode(name).encode("utf-8", "backslashreplace")
    assert stderr.startswith(shown + b":16:1: warning: "), stderr
    output = result.stdout.decode()
    assert output.count("/* polyopt:") == 1 and GOOD not in output


# -- class 3: standard output closed, full, or gone ---------------------------------

@pytest.fixture
def kernel(tmp_path):
    (tmp_path / "k.c").write_text(_program(""))
    return tmp_path


def test_stdout_closed(kernel):
    result = _polyopt(["k.c"], kernel, text=True, stdout=None, stderr=subprocess.PIPE,
                      preexec_fn=lambda: os.close(1))
    assert result.returncode == 1
    assert result.stderr == "polyopt: error: cannot write standard output: it is closed\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_stdout_full(kernel):
    with open("/dev/full", "wb") as full:
        result = _polyopt(["k.c"], kernel, text=True, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 1
    assert result.stderr == ("polyopt: error: cannot write standard output: "
                             "No space left on device\n")


def test_stdout_reader_gone_exits_quietly(kernel):
    process = subprocess.Popen([sys.executable, "-m", "polyopt", "k.c", *ISL], cwd=kernel,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()          # `| head -0`
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 1
    assert stderr == b""


# -- class 3: bytes that are not UTF-8 in a program that is built ------------------

LATIN1_PROGRAM = ("/* caf\xe9 */\n" + HEAD.replace('#include <stdio.h>\n', '#include <stdio.h>\n'
                                                    'char mark = \'\xe9\';\n')
                  + GOOD.replace("+ 1.0;", "+ 1.0 + (mark == '\xe9');")
                  + TAIL.replace('printf("', 'printf("\xe9 ')).encode("latin-1")


@needs_gcc
def test_latin1_program_bench_and_database(tmp_path, capsys, monkeypatch):
    """The program text is written for the compiler with the bytes it was read with;
    the tuning database fingerprints it (a plain run reads the database)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latin.c").write_bytes(LATIN1_PROGRAM)
    status, out, err = _run(capsys, ["latin.c", "-o", "out.c"])
    assert status == 0, err
    optimized = (tmp_path / "out.c").read_bytes()
    assert optimized.startswith(b"/* caf\xe9 */\n") and b"(mark == '\xe9')" in optimized
    status, out, err = _run(capsys, ["bench", "latin.c", "--repeat", "1", "--warmup", "0"])
    assert status == 0, err
    assert "output     identical" in out


def test_evaluator_writes_the_bytes_it_was_given(tmp_path):
    from polyopt.evaluator import Evaluator
    from polyopt.frontend.source import read_source
    (tmp_path / "p.c").write_bytes(b"/* \xe9\xff */ int main(void) { return 0; }\n")
    text = read_source(str(tmp_path / "p.c")).text
    with Evaluator("cp {src} {exe}", "{exe}") as evaluator:
        program = evaluator.build(text, "program")
        assert program.executable.read_bytes() == (tmp_path / "p.c").read_bytes()


# -- class 4: every analysis step has a time budget -----------------------------------

PRIME_SUBSCRIPTS = """#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < M; k++)
        D[1000003*i + 999983*j + 7919*k] = D[1000003*i + 999983*j + 7919*k] + B[i][j];
#pragma endscop
"""


def _coupled_parameters() -> str:
    names = [f"p{k}" for k in range(20)]
    lines = ["#pragma scop"]
    for n in range(10):
        a, b, c, d = (names[(2 * n + k) % 20] for k in range(4))
        lines += [f"  for (i = {a}; i < {b} + {c}; i++)",
                  f"    for (j = {c} - i; j < {d} + i + {a}; j++)",
                  f"      E[i + {n}][j + 50] = E[i + {(n + 1) % 10}][j + 49] + E[i][j + 51];"]
    return "\n".join(lines) + "\n#pragma endscop\n"


HARD_DECLARATIONS = ("#define M 3\ndouble D[1000003 * M + 999983 * M + 7919 * M];\n"
                     "double E[200][300];\nint " + ", ".join(f"p{k} = {k + 3}" for k in range(20))
                     + ";\nint k;\n")


@needs_gcc
# (prime coefficients, 11 s, with `make test-slow`: make test stays under 10 minutes)
@pytest.mark.parametrize("second", [pytest.param(PRIME_SUBSCRIPTS, marks=pytest.mark.slow),
                                    _coupled_parameters()],
                         ids=["prime-coefficients", "twenty-coupled-parameters"])
def test_hard_dependence_analysis_answers_with_the_scop_unchanged(tmp_path, second):
    head = HEAD.replace("int main(void) {\n", HARD_DECLARATIONS + "int main(void) {\n")
    source = head + GOOD + second + TAIL
    (tmp_path / "hard.c").write_text(source)
    result = _polyopt(["hard.c"], tmp_path, timeout=60, text=True)   # a safety net
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    warnings = _warnings(result.stderr)
    line = head.count("\n") + GOOD.count("\n") + 2    # the line after the pragma
    assert warnings == [f"hard.c:{line}:1: warning: dependence analysis exceeded its time "
                        "budget (10 s); SCoP left unchanged"], result.stderr
    output = result.stdout
    assert output.startswith(head) and output.endswith(second + TAIL)
    assert output.count("/* polyopt:") == 1
    expected, _ = compile_and_run(source, tmp_path, "original")
    assert compile_and_run(output, tmp_path, "optimized")[0] == expected


def test_time_box_names_the_step_that_ran_out():
    import time

    from polyopt.core.timebox import TimeBoxExceeded, call_with_step_limits, step

    def work():
        step("quick")
        step("slow")
        time.sleep(30)

    with pytest.raises(TimeBoxExceeded) as raised:
        call_with_step_limits(work, limits={"quick": 5.0, "slow": 0.5})
    assert raised.value.step == "slow" and raised.value.seconds == 0.5


def _sleep_then(seconds: float, value):
    import os
    import time
    time.sleep(seconds)
    if value == "raise":
        raise ValueError("no such schedule")
    if value == "die":
        os._exit(3)
    return value, os.getpid()


def test_time_boxes_side_by_side_keep_their_own_limits_and_errors():
    """map_with_time_limit: at most `jobs` children at once, each its own process
    and limit; a late, a raising and a dying one are told apart; order of finishing."""
    import os
    import time

    from polyopt.core.timebox import TimeBoxExceeded, TimeBoxFailed, map_with_time_limit

    arguments = [(0.6, "slow"), (0.1, "quick"), (30, "late"), (0.1, "raise"), (0.1, "die"),
                 (0.1, "last")]
    start = time.monotonic()
    results = {index: (value, error, spent) for index, value, error, spent
               in map_with_time_limit(1.5, 3, _sleep_then, arguments)}
    wall = time.monotonic() - start
    assert results[0][0][0] == "slow" and results[1][0][0] == "quick"
    assert results[5][0][0] == "last"
    pids = {results[i][0][1] for i in (0, 1, 5)}
    assert len(pids) == 3 and os.getpid() not in pids
    assert isinstance(results[2][1], TimeBoxExceeded) and results[2][0] is None
    assert isinstance(results[3][1], TimeBoxFailed) and "no such schedule" in str(results[3][1])
    assert isinstance(results[4][1], TimeBoxFailed) and "died" in str(results[4][1])
    assert 1.4 <= results[2][2] < 10
    # three at a time: the late one holds a place for its 1.5 s, the others go by it
    assert wall < 10
    order = [index for index, *_ in map_with_time_limit(5, 2, _sleep_then,
                                                        [(0.8, 0), (0.05, 1), (0.05, 2)])]
    assert order == [1, 2, 0]


def test_closing_a_map_of_time_boxes_kills_the_children():
    import time

    from polyopt.core.timebox import map_with_time_limit

    results = map_with_time_limit(60, 2, _sleep_then, [(0.05, "a"), (60, "b"), (60, "c")])
    first = next(results)
    assert first[1][0] == "a"
    start = time.monotonic()
    results.close()
    assert time.monotonic() - start < 5


def _spin_then(cpu_seconds: float, value):
    """Busy for `cpu_seconds` of CPU time (sleeping would use none), then `value`."""
    import os
    import time
    start = time.process_time()
    while time.process_time() - start < cpu_seconds:
        pass
    if value == "raise":
        raise ValueError("no such schedule")
    if value == "die":
        os._exit(3)
    return value, os.getpid()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_cpu_time_box_kills_past_its_cpu_seconds_and_tells_failures_apart():
    import time

    from polyopt.core.timebox import (TimeBoxExceeded, TimeBoxFailed, call_with_cpu_limit,
                                 call_with_time_limit)

    (value, pid), used = call_with_cpu_limit(5.0, _spin_then, 0.2, "done")
    assert value == "done" and pid != os.getpid() and 0.15 <= used < 5.0
    start = time.monotonic()
    with pytest.raises(TimeBoxExceeded):
        call_with_cpu_limit(0.3, _spin_then, 60, "late")
    assert time.monotonic() - start < 10
    # sleeping uses no CPU time: not killed (it is CPU time that is limited)
    assert call_with_cpu_limit(0.05, _sleep_then, 0.3, "slept")[0][0] == "slept"
    with pytest.raises(TimeBoxFailed, match="no such schedule"):
        call_with_cpu_limit(5.0, _spin_then, 0, "raise")
    with pytest.raises(TimeBoxFailed, match="died"):
        call_with_cpu_limit(5.0, _spin_then, 0, "die")
    # inside a time-boxed child (the pipeline's analysis of a SCoP) it forks all the same
    (value, _), _ = call_with_time_limit(30, call_with_cpu_limit, 5.0, _spin_then, 0.05, "inner")
    assert value == "inner"
    with pytest.raises(TimeBoxFailed, match="TimeBoxExceeded"):
        call_with_time_limit(30, call_with_cpu_limit, 0.3, _spin_then, 60, "late")


def test_search_drops_a_scop_whose_dependences_run_out_of_time(tmp_path, monkeypatch):
    from polyopt.core import timebox
    from polyopt.frontend import extract_scops, read_source
    from polyopt.pipeline import dependences_within_budget
    monkeypatch.setitem(timebox.STEP_SECONDS, "dependence analysis", 1.0)
    head = HEAD.replace("int main(void) {\n", HARD_DECLARATIONS + "int main(void) {\n")
    (tmp_path / "hard.c").write_text(head + GOOD + PRIME_SUBSCRIPTS + TAIL)
    scops = extract_scops(read_source(str(tmp_path / "hard.c"))).scops
    kept, dependences, warnings = dependences_within_budget(scops, ["earlier"])
    assert kept == scops[:1] and len(dependences) == 1
    assert warnings[0] == "earlier"
    assert warnings[1].endswith("warning: dependence analysis exceeded its time budget (1 s); "
                                "SCoP left unchanged")


# -- class 7: valid C that pycparser does not parse --------------------------------

GNU_REGIONS = {
    "asm": "  for (i = 0; i < N; i++) {\n    __asm__ volatile(\"\" ::: \"memory\");\n"
           "    C[i] = C[i] + 1.0;\n  }\n",
    "attribute": "  for (i = 0; i < N; i++) {\n    double __attribute__((unused)) t;\n"
                 "    C[i] = C[i] + 1.0;\n  }\n",
    "typeof": "  for (i = 0; i < N; i++) {\n    typeof(C[0]) t = C[i];\n    C[i] = t + 1.0;\n  }\n",
    "utf8-identifier": "  for (i = 0; i < N; i++) {\n    double \u00e9t\u00e9 = C[i];\n"
                       "    C[i] = \u00e9t\u00e9 + 1.0;\n  }\n",
    "statement-macro": "  for (i = 0; i < N; i++)\n    C[i] = C[i] + 1.0;\n  STEP()\n"
                       "  for (i = 0; i < N; i++)\n    C[i] = C[i] * 2.0;\n",
}


@needs_gcc
@pytest.mark.parametrize("body", GNU_REGIONS.values(), ids=GNU_REGIONS.keys())
def test_gnu_c_region_is_left_unchanged_and_the_rest_optimized(tmp_path, capsys, monkeypatch,
                                                               body):
    monkeypatch.chdir(tmp_path)
    second = "#pragma scop\n" + body + "#pragma endscop\n"
    source = _program(second)
    (tmp_path / "gnu.c").write_text(source)
    status, out, err = _run(capsys, ["gnu.c"])
    assert status == 0, err
    warnings = _warnings(err)
    assert len(warnings) == 1 and warnings[0].startswith("gnu.c:"), err
    line = int(warnings[0].split(":")[1])
    assert 16 <= line <= 15 + body.count("\n"), err       # inside the second region
    assert warnings[0].endswith("region left unchanged"), err
    _assert_good_optimized_second_unchanged(tmp_path, source, out, second)


@needs_gcc
def test_line_splices_are_joined_as_the_compiler_joins_them(tmp_path, capsys, monkeypatch):
    """A backslash-newline between tokens is read as C reads it, and a `//` comment
    ending in one goes on over the next line (that line is not code)."""
    monkeypatch.chdir(tmp_path)
    second = ("#pragma scop\n"
              "  for (i = 0; \\\n"
              "       i < N; i++) \\\n"
              "    C[i] = C[i] + B[i][0] + \\\n"
              "      B[0][i];   // the comment goes on \\\n"
              "    C[i] = 0;\n"
              "  for (i = 0; i < N; i++)\n"
              "    C[i] = C[i] * 3.0;\n"
              "#pragma endscop\n")
    source = _program(second)
    (tmp_path / "splice.c").write_text(source)
    status, out, err = _run(capsys, ["splice.c", "--scheduler", "isl"])
    assert status == 0, err
    assert not _warnings(err), err
    assert out.count("/* polyopt:") == 2
    assert "C[c0] = 0;" not in out
    expected, _ = compile_and_run(source, tmp_path, "original")
    assert compile_and_run(out, tmp_path, "optimized")[0] == expected


def test_a_file_has_one_analysis_budget_for_all_its_scops(tmp_path, monkeypatch, capsys):
    """A file of many hard SCoPs answers within the file's budget, not the sum of
    every SCoP's step limits: past it, the SCoPs not yet done are left as they are."""
    from polyopt.pipeline import driver as pipeline
    monkeypatch.setattr(pipeline, "FILE_SECONDS", 0.0)
    source = HEAD + GOOD + GOOD + TAIL
    (tmp_path / "many.c").write_text(source)
    monkeypatch.chdir(tmp_path)
    assert main(["many.c", "--no-db"]) == 0
    captured = capsys.readouterr()
    assert captured.out == source
    assert captured.err.count("the file's analysis time budget (0 s) is spent; "
                              "SCoP left unchanged") == 2, captured.err


def test_polybench_results_directory_that_cannot_be_made_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "afile").write_text("")
    for out in ("afile", "afile/sub"):
        assert main(["polybench", "gemm", "--dataset", "MINI", "--out", str(tmp_path / out)]) == 1
        err = capsys.readouterr().err
        assert "cannot make the results directory" in err and "Traceback" not in err
