"""Tests of the evaluator: build, run, time and compare real C programs."""

import shutil
import time
from pathlib import Path

import pytest

from polyopt.core.errors import BuildError, RunError
from polyopt.evaluator import DEFAULT_BUILD, Evaluator, RunOutput

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")

QUICK_BUILD = "gcc -O1 {src} -o {exe} -lm"

PRINT_42 = '#include <stdio.h>\nint main(void) { printf("%d\\n", 6 * 7); return 0; }\n'

WRITE_FILE = r"""
#include <stdio.h>
int main(void) {
    FILE *f = fopen("result.txt", "w");
    fprintf(f, "first\n%d\n", VALUE);
    fclose(f);
    puts("done");
    return 0;
}
"""


@pytest.fixture
def evaluator():
    with Evaluator(QUICK_BUILD, repeat=1, warmup=0, timeout=10) as instance:
        yield instance


def output(stdout: bytes, files=None) -> RunOutput:
    return RunOutput(0, stdout, b"", dict(files or {}), 0.0)


def test_build_and_run_prints_number(evaluator):
    program = evaluator.build(PRINT_42, "answer")
    assert program.executable.is_file()
    result = evaluator.run(program)
    assert result.returncode == 0
    assert result.stdout == b"42\n"
    assert result.files == {}


def test_the_users_defines_reach_the_build_whatever_its_command(tmp_path):
    """-D as polyopt read the file with: the sizes it analysed are the sizes it times."""
    text = ('#include <stdio.h>\n#ifndef LARGE\n#error no LARGE\n#endif\n'
            'int main(void) { printf("%d %d\\n", N, LARGE); return 0; }\n')
    with Evaluator(QUICK_BUILD, repeat=1, warmup=0, timeout=10,
                   defines=["N=12", "LARGE"]) as evaluator:
        assert evaluator.run(evaluator.build(text, "sizes")).stdout == b"12 1\n"
    # without them, as without -D; a compiler message keeps the file's own line numbers
    for defines in ([], ["N=1"]):
        with Evaluator(QUICK_BUILD, repeat=1, warmup=0, timeout=10,
                       defines=defines) as evaluator:
            with pytest.raises(BuildError, match=r"sizes\.c:3:\d+: error: #error no LARGE"):
                evaluator.build(text, "sizes")


def test_default_build_command_compiles_openmp():
    source = ("#include <omp.h>\n#include <stdio.h>\n"
              'int main(void) { printf("%d\\n", omp_get_max_threads() > 0); }\n')
    with Evaluator(DEFAULT_BUILD, timeout=10) as evaluator:
        assert evaluator.run(evaluator.build(source, "omp")).stdout == b"1\n"


def test_build_error_carries_compiler_message(evaluator):
    with pytest.raises(BuildError) as caught:
        evaluator.build("int main(void) { return undeclared_name; }\n", "broken")
    message = str(caught.value)
    assert "undeclared_name" in message
    assert "gcc" in message


def test_crash_raises_run_error(evaluator):
    program = evaluator.build("#include <stdlib.h>\nint main(void) { abort(); }\n", "crash")
    with pytest.raises(RunError, match="SIGABRT"):
        evaluator.run(program)


def test_nonzero_exit_raises_run_error_with_stderr(evaluator):
    source = '#include <stdio.h>\nint main(void) { fputs("bad input\\n", stderr); return 3; }\n'
    with pytest.raises(RunError, match=r"code 3[\s\S]*bad input"):
        evaluator.run(evaluator.build(source, "exit3"))


def _processes_running(executable: Path) -> list[int]:
    """Live (non-zombie) processes whose command line mentions ``executable``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if str(executable).encode() in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


def test_timeout_kills_the_whole_process_group():
    # sh forks the program as a child (it is not the last command), so killing
    # only the direct child would leave the infinite loop running.
    with Evaluator(QUICK_BUILD, "sh -c '{exe}; true'", timeout=1) as evaluator:
        program = evaluator.build("int main(void) { for (;;) {} }\n", "spin")
        with pytest.raises(RunError, match="timed out after 1 s"):
            evaluator.run(program)
        deadline = time.monotonic() + 5  # let init reap the killed child
        while _processes_running(program.executable) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _processes_running(program.executable) == []


def test_written_file_is_collected_and_compared(evaluator):
    first = evaluator.run(evaluator.build("#define VALUE 1\n" + WRITE_FILE, "one"))
    second = evaluator.run(evaluator.build("#define VALUE 2\n" + WRITE_FILE, "two"))
    assert first.files == {"result.txt": b"first\n1\n"}
    assert first.stdout == second.stdout
    comparison = evaluator.compare(first, second)
    assert not comparison.equal
    assert any("result.txt" in d and "line 2" in d for d in comparison.differences)
    assert evaluator.compare(first, first).equal


def test_missing_file_is_a_difference(evaluator):
    comparison = evaluator.compare(output(b"x\n", {"a.txt": b"1"}), output(b"x\n"))
    assert not comparison.equal
    assert "a.txt" in comparison.differences[0]


def test_tolerance():
    evaluator = Evaluator()
    near = output(b"sum 1.0000000001\n")
    exact = output(b"sum 1.0\n")
    assert evaluator.compare(exact, near, rel_tolerance=1e-6).equal
    unequal = evaluator.compare(exact, near, rel_tolerance=0.0)
    assert not unequal.equal
    assert "stdout, line 1" in unequal.differences[0]
    assert not evaluator.compare(exact, output(b"sum 1.1\n"), rel_tolerance=1e-6).equal
    assert not evaluator.compare(exact, output(b"total 1.0\n"), rel_tolerance=1e-6).equal
    assert evaluator.compare(output(b"nan\n"), output(b"nan\n"), rel_tolerance=1e-6).equal
    assert not evaluator.compare(exact, output(b"sum 1.0 2\n"), rel_tolerance=1e-6).equal


def test_bench_identical_output_different_source():
    original = PRINT_42
    transformed = '#include <stdio.h>\nint main(void) { int x = 40; x += 2; printf("%d\\n", x); }\n'
    with Evaluator(QUICK_BUILD, repeat=3, warmup=1, timeout=10) as evaluator:
        result = evaluator.bench(original, transformed)
    assert result.comparison.equal, result.comparison.differences
    assert len(result.original.seconds) == 3 and len(result.transformed.seconds) == 3
    assert result.original.minimum > 0 and result.transformed.minimum > 0
    assert result.original.spread >= 0
    assert result.speedup > 0


def test_bench_reports_wrong_output():
    wrong = '#include <stdio.h>\nint main(void) { printf("%d\\n", 43); }\n'
    with Evaluator(QUICK_BUILD, repeat=1, warmup=0, timeout=10) as evaluator:
        result = evaluator.bench(PRINT_42, wrong)
    assert not result.comparison.equal
    assert "'42'" in result.comparison.differences[0]


def test_local_include_next_to_origin(tmp_path, evaluator):
    (tmp_path / "local.h").write_text("#define LOCAL_VALUE 17\n")
    origin = tmp_path / "kernel.c"
    text = '#include <stdio.h>\n#include "local.h"\nint main(void) { printf("%d\\n", LOCAL_VALUE); }\n'
    origin.write_text(text)
    program = evaluator.build(text, "kernel", origin=origin)
    assert program.source.parent != tmp_path
    assert evaluator.run(program).stdout == b"17\n"


def test_shell_build_with_and():
    build = "gcc -O1 -c {src} -o {exe}.o && gcc {exe}.o -o {exe}"
    with Evaluator(build, shell=True, timeout=10) as evaluator:
        assert evaluator.run(evaluator.build(PRINT_42, "two-step")).stdout == b"42\n"
    with Evaluator(build, timeout=10) as evaluator:  # without a shell, && is a gcc argument
        with pytest.raises(BuildError):
            evaluator.build(PRINT_42, "two-step")


def test_close_removes_temp_directories():
    evaluator = Evaluator(QUICK_BUILD)
    program = evaluator.build(PRINT_42, "tidy")
    evaluator.close()
    assert not program.executable.parent.exists()
