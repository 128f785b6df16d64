"""Build, run, time and verify C programs: search strategies and ``bench`` judge a
transformation by compiling the original and the transformed program with the same
command, timing them in separate processes and comparing stdout and written files."""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from polyopt.core import interrupt
from polyopt.core.commands import DEFAULT_BUILD, DEFAULT_RUN
from polyopt.core.errors import BuildError, RunError, RunTimeout, UsageError
from polyopt.frontend.source import encode_text

log = logging.getLogger(__name__)


# the flags that turn off FMA contraction (a * b + c rounded once), and the
# compilers whose command line takes each
NO_CONTRACTION = "-ffp-contract=off"
NO_CONTRACTION_NVCC = "-fmad=false"
_NO_CONTRACTION = [(re.compile(r"(.*-)?(gcc|g\+\+|cc|c\+\+|clang|clang\+\+)(-[0-9.]+)?"),
                    NO_CONTRACTION),
                   (re.compile(r"nvcc"), NO_CONTRACTION_NVCC)]


def strict_build_command(build: str, shell: bool = False) -> str | None:
    """`build` with FMA contraction turned off, where it runs gcc, clang or nvcc
    directly (not through a shell or make); None where that cannot be told."""
    if shell:
        return None
    try:
        words = shlex.split(build)
    except ValueError:
        return None
    if not words:
        return None
    compiler = os.path.basename(words[0])
    for pattern, flag in _NO_CONTRACTION:
        if pattern.fullmatch(compiler):
            text = build.lstrip()
            if text.startswith(words[0] + " "):     # keep the user's own quoting
                return f"{words[0]} {flag} {text[len(words[0]) + 1:]}"
            return shlex.join([words[0], flag, *words[1:]])
    return None

_STDERR_LIMIT = 2000  # characters of a tool's stderr quoted in an error
_MAX_DIFFERENCES = 10  # differences listed by compare, in all


@dataclass
class Program:
    """A built executable; its source and executable live in their own temp directory."""
    source: Path
    executable: Path
    build_seconds: float
    label: str


@dataclass
class RunOutput:
    """What one run produced; ``files`` maps relative paths to contents."""
    returncode: int
    stdout: bytes
    stderr: bytes
    files: dict[str, bytes]
    seconds: float


@dataclass
class Timing:
    """Wall-clock seconds of the timed runs of one program (warm-up excluded)."""
    seconds: list[float]

    median = property(lambda self: statistics.median(self.seconds))
    minimum = property(lambda self: min(self.seconds))
    maximum = property(lambda self: max(self.seconds))

    @property
    def spread(self) -> float:
        """(maximum - minimum) / median: the relative noise of the measurement."""
        median = self.median
        return (self.maximum - self.minimum) / median if median > 0 else 0.0


@dataclass
class Comparison:
    """Whether two runs' outputs agree, and the first few differences if not."""
    equal: bool
    differences: list[str]


@dataclass
class BenchResult:
    """Timings of an original and a transformed program, and their output comparison."""
    original: Timing
    transformed: Timing
    comparison: Comparison
    transformed_stderr: list[bytes] = field(default_factory=list)   # of the timed runs

    @property
    def speedup(self) -> float:
        """original.median / transformed.median (> 1 means the transformation helped)."""
        transformed = self.transformed.median
        return self.original.median / transformed if transformed > 0 else math.inf


def _exit_status(returncode: int) -> str:
    if returncode >= 0:
        return f"exited with code {returncode}"
    try:
        return f"killed by signal {signal.Signals(-returncode).name}"
    except ValueError:
        return f"killed by signal {-returncode}"


def _tail(data: bytes, limit: int = _STDERR_LIMIT) -> str:
    text = data.decode("utf-8", errors="replace").strip()
    return text if len(text) <= limit else "..." + text[-limit:]


def defined(text: str, defines: list[str]) -> str:
    """`text` with each of `defines` (the user's -D: "NAME" or "NAME=VALUE") defined
    first, as the compiler's -D would, whatever the build command; its own lines
    numbered as before."""
    if not defines:
        return text
    lines = []
    for define in defines:
        name, _, value = define.partition("=")
        lines.append(f"#define {name} {value if '=' in define else 1}\n")
    return "".join(lines) + "#line 1\n" + text


class Evaluator:
    """Compiles, runs, times and compares C programs.

    ``build`` and ``run`` are command templates with the placeholders ``{src}``
    (the source file), ``{exe}`` (the executable) and ``{dir}`` (the directory
    of the user's original file, through a link). They are split with shlex
    and run without a shell, unless ``shell`` is true; then the placeholders
    are shell-quoted. What they stand for are names polyopt chose in a temp
    directory of its own, so no text of the user's file name reaches a shell. ``env`` adds to or overrides the process
    environment of builds and runs. Temp directories are removed by ``close``
    unless ``keep`` is true.
    """

    def __init__(self, build: str = DEFAULT_BUILD, run: str = DEFAULT_RUN, *,
                 shell: bool = False, repeat: int = 5, warmup: int = 1,
                 timeout: float = 60.0, build_timeout: float = 300.0,
                 include_dirs=(), defines=(), env: dict[str, str] | None = None,
                 keep: bool = False):
        if repeat < 1 or warmup < 0:
            raise UsageError(f"need repeat >= 1 and warmup >= 0 (got {repeat}, {warmup})")
        if not (0 < timeout < math.inf and 0 < build_timeout < math.inf):
            raise UsageError("timeouts must be positive and finite")
        for name, template in (("build", build), ("run", run)):
            try:
                words = shlex.split(template)
            except ValueError as error:
                raise UsageError(f"cannot split the {name} command '{template}': {error}") from None
            if not words:
                raise UsageError(f"the {name} command is empty")
        self.build_command, self.run_command, self.shell = build, run, shell
        self.repeat, self.warmup = repeat, warmup
        self.timeout, self.build_timeout = timeout, build_timeout
        self.include_dirs = [Path(d).resolve() for d in include_dirs]
        self.defines = list(defines)
        self.env, self.keep = dict(env or {}), keep
        self._directories: list[Path] = []
        self._origins: dict[Path, Path] = {}  # program directory -> origin directory

    def __enter__(self) -> Evaluator:
        return self

    def __exit__(self, *exc_info):
        self.close()

    def close(self) -> None:
        """Remove every temp directory this evaluator made, unless ``keep``."""
        for directory in self._directories:
            self._remove(directory)
        self._directories.clear()

    def discard(self, program: Program) -> None:
        """Remove one program's temp directory now (unless ``keep``)."""
        directory = program.executable.parent
        if directory in self._directories:
            self._directories.remove(directory)
            self._origins.pop(directory, None)
            self._remove(directory)

    def _remove(self, directory: Path) -> None:
        if self.keep:
            log.info("keeping %s", directory)
        else:
            shutil.rmtree(directory, ignore_errors=True)

    def _command(self, template: str, values: dict[str, Path]) -> list[str] | str:
        """Fill the placeholders: an argv list, or one quoted string for /bin/sh."""
        def fill(text: str, quote) -> str:
            for name, value in values.items():
                text = text.replace("{" + name + "}", quote(str(value)))
            return text
        if self.shell:
            return fill(template, shlex.quote)
        return [fill(token, lambda s: s) for token in shlex.split(template)]

    def _execute(self, command, cwd: Path, env: dict[str, str], timeout: float):
        """Run ``command`` in its own process group; returns (returncode, stdout,
        stderr, seconds); on timeout or interrupt kills the group and re-raises."""
        log.debug("running %s (cwd %s)", command, cwd)
        start = time.perf_counter()
        process = None
        try:
            with interrupt.deferred():   # an interrupt while it starts finds it to kill
                process = subprocess.Popen(command, shell=self.shell, cwd=cwd, env=env,
                                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                           stderr=subprocess.PIPE, start_new_session=True)
        except BaseException:  # Ctrl-C or SIGTERM while it starts
            if process is None:
                raise
            kill_group(process)
            raise
        stdout, stderr = communicate_in_group(process, timeout)
        return process.returncode, stdout, stderr, time.perf_counter() - start

    def build(self, source_text: str, label: str, suffix: str = ".c",
              origin: Path | None = None, command: str | None = None) -> Program:
        """Write ``source_text`` to a fresh temp directory and compile it.

        ``origin`` is the user's file the text came from: its directory goes on
        the include path (CPATH) and is the build's working directory, so the
        original's ``#include "local.h"`` still resolves. ``command`` replaces the
        evaluator's build command for this build. Raises BuildError.
        """
        program, origin_dir = self._new_program(defined(source_text, self.defines), label,
                                                suffix, origin)
        directory, source, executable = program.source.parent, program.source, program.executable
        include = [str(d) for d in [origin_dir, *self.include_dirs]]
        environment = {**os.environ, **self.env}
        if environment.get("CPATH"):
            include.append(environment["CPATH"])
        environment["CPATH"] = os.pathsep.join(include)
        command = self._command(command or self.build_command,
                                {"src": source, "exe": executable,
                                 "dir": self._origins[directory]})
        shown = command if isinstance(command, str) else shlex.join(command)
        try:
            returncode, _, stderr, program.build_seconds = self._execute(
                command, origin_dir, environment, self.build_timeout)
        except subprocess.TimeoutExpired:
            failure = f"timed out after {self.build_timeout:g} s: {shown}"
        except OSError as error:
            failure = f"cannot run {shown}: {error}"
        else:
            if returncode != 0:
                failure = f"failed ({_exit_status(returncode)}): {shown}\n{_tail(stderr)}"
            elif not executable.is_file():
                failure = f"did not produce {executable}: {shown}"
            else:
                log.debug("built %s in %.2f s", label, program.build_seconds)
                return program
        self.discard(program)
        raise BuildError(f"building {label} {failure}".rstrip())

    def _new_program(self, source_text: str, label: str, suffix: str,
                     origin: Path | None) -> tuple[Program, Path]:
        """A fresh temp directory with the source written in it, as a Program whose
        executable is still to be made, and the directory builds run in."""
        with interrupt.deferred():     # made and listed for removal, or neither
            directory = Path(tempfile.mkdtemp(prefix="polyopt-"))
            self._directories.append(directory)
        # Names polyopt chooses, never the user's: a template may put a placeholder
        # where a shell expands what is in it ("{src}" with --shell).
        stem = re.sub(r"[^A-Za-z0-9_]", "_", label)[:64] or "program"
        source, executable = directory / (stem + suffix), directory / stem
        source.write_bytes(encode_text(source_text))    # the user's bytes, as read
        origin_dir = Path(origin).resolve().parent if origin is not None else directory
        self._origins[directory] = directory
        if origin is not None:      # {dir}: the user's directory, by a fixed name
            self._origins[directory] = directory / "origin"
            self._origins[directory].symlink_to(origin_dir, target_is_directory=True)
        return Program(source, executable, 0.0, label), origin_dir

    def adopt(self, executable: Path, source_text: str, label: str, suffix: str = ".c",
              origin: Path | None = None) -> Program:
        """A Program of an executable built before from ``source_text`` by this build
        command (on this machine: a Dask worker's verification task built it), copied
        into a directory of its own as ``build`` would have left it. Raises OSError."""
        program, _ = self._new_program(source_text, label, suffix, origin)
        try:
            shutil.copy2(executable, program.executable)
        except OSError:
            self.discard(program)
            raise
        return program

    def run(self, program: Program, env: dict[str, str] | None = None,
            timeout: float | None = None) -> RunOutput:
        """Run ``program`` once in a new empty working directory; collect stdout and
        the files it wrote there. ``env`` adds to the evaluator's environment and
        ``timeout`` replaces its run time limit, for this run only. Raises RunError
        on failure or signal, RunTimeout on timeout."""
        timeout = self.timeout if timeout is None else timeout
        directory = program.executable.parent
        workdir = Path(tempfile.mkdtemp(prefix="run-", dir=directory))
        command = self._command(self.run_command, {
            "src": program.source, "exe": program.executable,
            "dir": self._origins.get(directory, directory)})
        try:
            try:
                returncode, stdout, stderr, seconds = self._execute(
                    command, workdir, {**os.environ, **self.env, **(env or {})}, timeout)
            except subprocess.TimeoutExpired:
                raise RunTimeout(f"{program.label} timed out after {timeout:.3g} s")
            except OSError as error:
                raise RunError(f"cannot run {program.label}: {error}")
            if returncode != 0:
                raise RunError(f"{program.label} {_exit_status(returncode)}\n"
                               f"{_tail(stderr)}".rstrip())
            files = {path.relative_to(workdir).as_posix(): path.read_bytes()
                     for path in sorted(workdir.rglob("*"))
                     if path.is_file() and not path.is_symlink()}
        finally:
            self._remove(workdir)
        return RunOutput(returncode, stdout, stderr, files, seconds)

    def time(self, program: Program) -> tuple[RunOutput, Timing]:
        """``warmup`` untimed runs, then ``repeat`` timed runs, each a separate
        process; returns the first run's output (a warm-up one if warmup > 0) and the timing."""
        outputs = [self.run(program) for _ in range(self.warmup + self.repeat)]
        return outputs[0], Timing([output.seconds for output in outputs[self.warmup:]])

    def bench(self, original_text: str, transformed_text: str,
              origin: Path | None = None, rel_tolerance: float = 0.0,
              transformed_build: str | None = None, transformed_suffix: str = ".c",
              ignore: Sequence[re.Pattern] = (),
              seconds: Callable[[RunOutput], float | None] | None = None) -> BenchResult:
        """Build both versions, time them with interleaved runs (A B A B ...), and
        compare the transformed program's first output with the original's.
        ``transformed_build`` and ``transformed_suffix`` build the transformed
        program differently (CUDA: nvcc, a .cu file). ``seconds`` reads a run's time
        from its output (the kernel harness prints the regions' own); by default the
        run's wall time."""
        programs: list[Program] = []
        outputs: list[RunOutput] = []
        times: tuple[list[float], list[float]] = ([], [])
        stderr: list[bytes] = []
        try:
            programs.append(self.build(original_text, "original", origin=origin))
            programs.append(self.build(transformed_text, "transformed", transformed_suffix,
                                       origin=origin, command=transformed_build))
            for index in range(self.warmup + self.repeat):
                for program, recorded in zip(programs, times):
                    output = self.run(program)
                    if index == 0:
                        outputs.append(output)
                    if index >= self.warmup:
                        measured = seconds(output) if seconds is not None else None
                        recorded.append(output.seconds if measured is None else measured)
                        if program is programs[1]:
                            stderr.append(output.stderr)
        finally:
            for program in programs:
                self.discard(program)
        comparison = self.compare(outputs[0], outputs[1], rel_tolerance, ignore)
        return BenchResult(Timing(times[0]), Timing(times[1]), comparison, stderr)

    def compare(self, expected: RunOutput, actual: RunOutput,
                rel_tolerance: float = 0.0, ignore: Sequence[re.Pattern] = ()) -> Comparison:
        """Compare stdout and written files: byte for byte when ``rel_tolerance``
        is 0, otherwise token by token with floats compared relatively. Lines of
        stdout that a pattern of `ignore` matches (``search``) are left out on both
        sides first: a line that differs from run to run, such as a printed time."""
        differences: list[str] = []
        streams = [("stdout", without_lines(expected.stdout, ignore),
                    without_lines(actual.stdout, ignore))]
        for name in sorted(set(expected.files) | set(actual.files)):
            if name not in actual.files:
                differences.append(f"file {name}: missing (the original wrote it)")
            elif name not in expected.files:
                differences.append(f"file {name}: extra (the original did not write it)")
            else:
                streams.append((f"file {name}", expected.files[name], actual.files[name]))
        for name, want, got in streams:
            if rel_tolerance == 0:
                differences += _exact_differences(name, want, got)
            else:
                differences += _tolerant_differences(name, want, got, rel_tolerance)
        return Comparison(not differences, differences[:_MAX_DIFFERENCES])


def without_lines(data: bytes, patterns: Sequence[re.Pattern]) -> bytes:
    """`data` less the lines (with their line ends) that one of `patterns` matches."""
    if not patterns:
        return data
    kept = [line for line in data.splitlines(keepends=True)
            if not any(p.search(line.decode("utf-8", errors="replace").rstrip("\r\n"))
                       for p in patterns)]
    return b"".join(kept)


def _lines(data: bytes) -> list[str]:
    return data.decode("utf-8", errors="replace").splitlines()


def _exact_differences(name: str, want: bytes, got: bytes, limit: int = 3) -> list[str]:
    if want == got:
        return []
    pairs = itertools.zip_longest(_lines(want), _lines(got), fillvalue="<end of output>")
    found = list(itertools.islice((f"{name}, line {number}: expected {a!r}, got {b!r}"
                                   for number, (a, b) in enumerate(pairs, 1) if a != b), limit))
    return found or [f"{name}: differs in bytes only (line endings or final newline)"]


def _tokens(data: bytes) -> list[tuple[int, str]]:
    return [(number, token) for number, line in enumerate(_lines(data), 1)
            for token in line.split()]


def _tokens_equal(a: str, b: str, rel_tolerance: float) -> bool:
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return x == y or abs(x - y) <= rel_tolerance * max(abs(x), abs(y))


def _tolerant_differences(name: str, want: bytes, got: bytes, rel_tolerance: float,
                          limit: int = 3) -> list[str]:
    expected, actual = _tokens(want), _tokens(got)
    found = []
    for (line_a, a), (line_b, b) in zip(expected, actual):
        if not _tokens_equal(a, b, rel_tolerance):
            where = f"line {line_a}" if line_a == line_b else f"line {line_a} (got line {line_b})"
            found.append(f"{name}, {where}: expected {a!r}, got {b!r}"
                         f" (relative tolerance {rel_tolerance:g})")
            if len(found) == limit:
                return found
    if len(expected) != len(actual):
        found.append(f"{name}: expected {len(expected)} tokens, got {len(actual)}")
    return found


def kill_group(process: subprocess.Popen) -> None:
    """Kill a process started with ``start_new_session`` and everything in its group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    try:
        process.communicate(timeout=5)
    except subprocess.TimeoutExpired:  # a descendant escaped the group and holds the pipes
        process.kill()
        process.wait()


def communicate_in_group(process: subprocess.Popen, timeout: float | None):
    """``process.communicate``; on timeout or interrupt (Ctrl-C, SIGTERM, which a new
    session does not get), its whole process group is killed and the error re-raised."""
    try:
        return process.communicate(timeout=timeout)
    except BaseException:
        kill_group(process)
        raise
