"""Generated whole programs through the `polyopt` command (a property test).

Each seed gives one valid C program (tests/program_generator.py) that mixes the
constructs of program_generator, and one set of polyopt options. polyopt runs as a
subprocess, as a user runs it, with a time limit. The checks:

- polyopt answers within its budget (past BUDGET_SECONDS of CPU time is a failure);
- no Python traceback, ever; a refusal is a compiler-style `error:` and exit 1;
- every byte outside the regions is unchanged (the generator knows the regions);
- an accepted program compiles with `gcc -O2 -fopenmp` and prints exactly what
  the original prints (2 OpenMP threads; doubles are printed as bit hashes:
  polyopt reorders statement instances and never reassociates).

A failure names the seed, the options and the program's path; the program comes
back with `python tests/program_generator.py SEED > prog.c`.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import GCC, needs_gcc
from tests.program_generator import GeneratedProgram, generate

# A plain run answers in seconds; past BUDGET_SECONDS of CPU time it is a hang. CPU
# time, not wall-clock time, so that a busy machine does not make a slow run a hang;
# WALL_SECONDS catches a run that waits without computing.
BUDGET_SECONDS = 60
WALL_SECONDS = 600
RUN_SECONDS = 30           # each generated program runs in milliseconds
FAST_SEEDS = [seed for seed in range(16) if seed != 13]
SLOW_SEEDS = [13] + list(range(16, 25)) + list(range(1000, 1300))
_ERROR_LINE = re.compile(r"^(\S.*?: )?error: ", re.MULTILINE)


class GeneratorBug(Exception):
    """The original program itself is at fault (it does not build or run)."""


def _build_and_run(source: Path, executable: Path) -> tuple[bool, str]:
    """(built and ran cleanly, stdout or the reason it did not)."""
    build = subprocess.run([GCC, "-O2", "-fopenmp", str(source), "-o", str(executable), "-lm"],
                           capture_output=True, text=True, errors="replace")
    if build.returncode != 0:
        return False, f"does not compile:\n{build.stderr[-3000:]}"
    try:
        run = subprocess.run([str(executable)], capture_output=True, timeout=RUN_SECONDS,
                             env={**os.environ, "OMP_NUM_THREADS": "2"})
    except subprocess.TimeoutExpired:
        return False, f"ran past {RUN_SECONDS} s"
    if run.returncode != 0:
        return False, f"exited with status {run.returncode}: {run.stderr[-2000:]!r}"
    return True, run.stdout.decode("utf-8", errors="replace")


def _limit_cpu_time() -> None:
    """In the child before exec: the kernel stops it (SIGXCPU) past the budget."""
    resource.setrlimit(resource.RLIMIT_CPU, (BUDGET_SECONDS, BUDGET_SECONDS + 10))


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def unkept_bytes(original: bytes, output: bytes, segments: list[bytes],
                 anchored: bool = True) -> str | None:
    """Why the output does not hold every segment outside the regions, in order; None if it does.

    Anchored, the segments alternate with the regions: the first starts the file,
    the last ends it.
    """
    if anchored and len(segments) == 1:
        return None if output == original else "the file has no region, yet the output differs"
    starts, position = [], 0
    for segment in segments:
        found = original.find(segment, position)
        starts.append(found)
        position = found + len(segment)
    position = 0
    for index, segment in enumerate(segments):
        if anchored and index == 0:
            found = 0 if output.startswith(segment) else -1
        elif anchored and index == len(segments) - 1:
            found = len(output) - len(segment)
            found = found if found >= position and output.endswith(segment) else -1
        else:
            found = output.find(segment, position)
        if found < 0:
            # the longest start of the segment still there: where the change begins
            keep = 0
            while keep < len(segment) and output.find(segment[:keep + 1], position) >= 0:
                keep += 1
            offset = starts[index] + keep
            return (f"text outside the regions changed or lost at line "
                    f"{_line_of(original, offset)} of the original: "
                    f"{segment[keep:keep + 160]!r} (segment {index} of {len(segments)}, "
                    f"starting at line {_line_of(original, starts[index])})")
        position = found + len(segment)
    return None


def check_program(program: GeneratedProgram, directory: Path,
                  record: dict | None = None) -> list[str]:
    """Run polyopt on a generated program; the problems found (an empty list when it behaves).

    Raises GeneratorBug when the original program does not build or run. `record`,
    if given, receives polyopt's exit status and standard error.
    """
    return check_polyopt(program.data, program.options, program.kept_segments(), directory,
                         f"seed{program.seed}", record=record)


def check_polyopt(data: bytes, options: list[str], segments: list[bytes], directory: Path,
                  name: str, anchored: bool = True, record: dict | None = None) -> list[str]:
    """The checks on one C file; `segments` are the bytes polyopt must keep, in order
    (`anchored`: the first starts the file and the last ends it)."""
    record = {} if record is None else record
    source = directory / f"{name}.c"
    output = directory / f"{name}.opt.c"
    source.write_bytes(data)
    built, expected = _build_and_run(source, directory / f"{name}.orig")
    if not built:
        raise GeneratorBug(f"the original program {source} {expected}")
    environment = {**os.environ, "POLYOPT_DB": str(directory / "tuning.sqlite")}
    command = [sys.executable, "-m", "polyopt", str(source), "-o", str(output), *options]
    used_before = _children_cpu_seconds()
    try:
        result = subprocess.run(command, capture_output=True, timeout=WALL_SECONDS,
                                env=environment, cwd=directory, preexec_fn=_limit_cpu_time)
    except subprocess.TimeoutExpired:
        return [f"no answer within {WALL_SECONDS} s of wall-clock time"]
    stderr = result.stderr.decode("utf-8", errors="replace")
    record.update(status=result.returncode, stderr=stderr,
                  cpu_seconds=_children_cpu_seconds() - used_before)
    if result.returncode == -signal.SIGXCPU:
        return [f"no answer within {BUDGET_SECONDS} s of CPU time"]
    problems = []
    if "Traceback" in stderr:
        problems.append("Python traceback:\n" + stderr[-3000:])
    if result.returncode != 0:
        if result.returncode != 1 or not _ERROR_LINE.search(stderr):
            problems.append(f"exit status {result.returncode} without a compiler-style error:\n"
                            + stderr[-2000:])
        if output.exists():
            problems.append("a refused file still wrote its output file")
        return problems
    if not output.exists():
        return problems + ["exit status 0 but no output file"]
    optimized = output.read_bytes()
    lost = unkept_bytes(data, optimized, segments, anchored)
    if lost:
        problems.append(lost)
    built, printed = _build_and_run(output, directory / f"{name}.opt")
    if not built:
        problems.append(f"the optimized program {printed}")
    elif printed != expected:
        problems.append(f"the optimized program prints something else:\n"
                        f"--- original\n{expected[-1500:]}--- optimized\n{printed[-1500:]}")
    return problems


def _report(program: GeneratedProgram, directory: Path, problems: list[str]) -> str:
    options = " ".join(program.options)
    text = program.data.decode("utf-8", errors="backslashreplace")
    lines = [f"seed {program.seed}, options '{options}', constructs: {', '.join(program.features)}",
             *[f"- {problem}" for problem in problems],
             f"program: {directory / f'seed{program.seed}.c'}",
             f"reproduce: python tests/program_generator.py {program.seed} > prog.c && "
             f"polyopt prog.c {options}"]
    if len(text) < 6000:
        lines += ["--- program", text]
    return "\n".join(lines)


def _check_seed(seed: int, directory: Path) -> None:
    program = generate(seed)
    try:
        problems = check_program(program, directory)
    except GeneratorBug as error:
        pytest.fail(f"GENERATOR BUG (not polyopt's) for seed {seed}: {error}")
    if problems:
        pytest.fail(_report(program, directory, problems), pytrace=False)


@needs_gcc
@pytest.mark.parametrize("seed", FAST_SEEDS)
def test_generated_program(seed, tmp_path):
    _check_seed(seed, tmp_path)


@needs_gcc
@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
def test_generated_program_many(seed, tmp_path):
    _check_seed(seed, tmp_path)


# -- failures the generator found, reduced by hand -------------------------------

FAILURES = Path(__file__).parent / "data" / "generated-failures"
_OPTIONS = re.compile(rb"^/\* polyopt:([^\n]*)")
_PRAGMA_LINE = re.compile(rb"^[ \t]*#[ \t]*pragma[ \t]+(end)?scop[ \t]*\n", re.MULTILINE)
_DIRECTIVE_LINE = re.compile(rb"^[ \t]*#.*\n", re.MULTILINE)


def recorded_file_segments(data: bytes, auto_scop: bool) -> tuple[list[bytes], bool]:
    """What polyopt must keep of a hand-written file: outside its pragma regions,
    or (--auto-scop, where polyopt finds the regions) every preprocessor line."""
    if auto_scop:
        return [match.group(0) for match in _DIRECTIVE_LINE.finditer(data)], False
    segments, position = [], 0
    for match in _PRAGMA_LINE.finditer(data):
        if match.group(1):          # endscop: the region ends where its line starts
            segments.append(data[position:match.start()])
            position = match.start()
        else:
            segments.append(data[position:match.end()])
            position = match.end()
    kept = [segments[k] for k in range(0, len(segments), 2)] + [data[position:]]
    return kept, True


@needs_gcc
@pytest.mark.parametrize("path", sorted(FAILURES.glob("*.c")), ids=lambda path: path.stem)
def test_recorded_failure(path, tmp_path):
    data = path.read_bytes()
    options = _OPTIONS.match(data).group(1).decode().split()
    segments, anchored = recorded_file_segments(data, "--auto-scop" in options)
    try:
        problems = check_polyopt(data, options, segments, tmp_path, path.stem, anchored)
    except GeneratorBug as error:
        pytest.fail(f"the recorded program itself is at fault: {error}")
    if problems:
        pytest.fail(f"{path.name} (polyopt {' '.join(options)}):\n"
                    + "\n".join(f"- {problem}" for problem in problems), pytrace=False)


# -- the checker's own checks: it must be able to fail --------------------------

def test_unkept_bytes_sees_a_changed_comment_outside_the_regions():
    original = b"a /* x */\n#pragma scop\nREGION\n#pragma endscop\nz\n"
    segments = [b"a /* x */\n#pragma scop\n", b"#pragma endscop\nz\n"]
    assert unkept_bytes(original, b"a /* x */\n#pragma scop\nNEW\nCODE\n#pragma endscop\nz\n",
                        segments) is None
    assert "line 1" in unkept_bytes(original, b"a /* y */\n#pragma scop\nNEW\n#pragma endscop\nz\n",
                                    segments)
    assert unkept_bytes(original, b"a /* x */\n#pragma scop\nNEW\n#pragma endscop\n",
                        segments) is not None


def test_generator_is_deterministic_and_marks_its_regions():
    for seed in (3, 4, 5):
        first, second = generate(seed), generate(seed)
        assert first.data == second.data and first.options == second.options
        segments = first.kept_segments()
        # the segments are the file minus its regions, in order
        position = 0
        for segment in segments:
            found = first.data.find(segment, position)
            assert found >= position
            position = found + len(segment)
        assert first.data.endswith(segments[-1])
        assert sum(map(len, segments)) < len(first.data)
