"""``polyopt polybench``: optimize every kernel of a suite with every variant,
build, verify against the baseline's dumped arrays, time side by side, and
record everything (results.csv as it goes; report.md and speedup.png at the end)."""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import json
import logging
import re
import shlex
import subprocess
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy

from polyopt.core.errors import BuildError, PolyoptError, RunError, RunTimeout, UsageError
from polyopt.evaluator import Evaluator, Program, RunOutput, communicate_in_group
from polyopt.frontend import read_source
from polyopt.pipeline import optimize_source
from polyopt.search import Judge
from polyopt.polybench.suite import Kernel, Suite
from polyopt.polybench.variants import Variant, size_flags

log = logging.getLogger(__name__)

# Status of a kernel x variant: OK, or the failure found first: "polyopt error",
# "tool timeout", "compile error", "crash", "timeout", "wrong output" or "no baseline".
OK = "ok"
UNVERIFIED = "unverified"        # the verification of a run with --no-verify
TOOL_TIMEOUT = "tool timeout"   # the source-to-source step, not the program, ran out of time
OUTCOMES = "outcomes.jsonl"    # finished kernels, for --resume
SEARCHED = "searched"          # each finished search's program and outcome, for --resume
JOURNAL_SUFFIX = ".partial.jsonl"   # under SEARCHED: a search's measurements so far
# what a search sets on its outcome (kept with its program in SEARCHED)
_SEARCH_FIELDS = ("polyopt_seconds", "fallbacks", "original_code", "search_winner",
                  "search_counts")
CSV_FIELDS = ["kernel", "dataset", "variant", "run", "seconds", "status", "verification",
              "max_error", "polyopt_seconds", "compile_seconds", "detail"]

_DUMP = re.compile(rb"begin dump:\s*(\S+)(.*?)end\s+dump:\s*\1", re.S)
_LOCATED_WARNING = re.compile(r":\d+:\d+: (warning|note): ")
_NUMBER_LINE = re.compile(rb"^\s*([0-9.eE+-]+)\s*$", re.M)


@dataclass
class Settings:
    dataset: str = "LARGE"
    repeat: int = 5
    timeout: float = 300.0
    threads: int = 1
    tolerance: float = 1e-6   # relative, for variants whose output is not bit-identical
    keep: bool = False
    seed: int | None = None   # of random:N and ga:N searches
    database: str | None | bool = None   # tuning database path; None: the default; False: none
    verify: bool = True       # False: no arrays dumped or compared, every run only timed
    build_timeout: float = 300.0
    classifier_model: str | None = None   # ga-c:N, ga-guard:N ('{kernel}': its name); None: shipped
    resume: bool = False      # a search finished in an earlier run into the same --out is kept


_COMMENT_OR_SPACE = re.compile(r"/\*.*?\*/|//[^\n]*|\s+", re.S)


def same_code(original: str, output: str) -> bool:
    """`output` is `original` but for comments and white space (polyopt kept every
    SCoP as written)."""
    return _COMMENT_OR_SPACE.sub("", original) == _COMMENT_OR_SPACE.sub("", output)


@dataclass
class Outcome:
    """What happened to one kernel built one way."""
    kernel: str
    variant: str
    status: str = OK
    detail: str = ""
    seconds: list[float] = field(default_factory=list)   # kernel times of the timed runs
    verification: str = ""      # "exact", "tolerance" or "" when not verified
    max_error: float = 0.0
    polyopt_seconds: float = 0.0
    compile_seconds: float = 0.0
    run_seconds: float = 0.0    # wall time of every run, verification run included
    fallbacks: list[str] = field(default_factory=list)   # regions or SCoPs polyopt left as they were
    original_code: bool = False  # polyopt's output is the original code (comments aside):
                                 # its time differs from the baseline's by noise alone
    search_winner: str = ""     # random:N, ga:N: the candidate that won
    search_counts: dict[str, int] = field(default_factory=dict)  # searched candidates by status
    search_kept: bool = False   # the search ran in an earlier run into --out (--resume)
    gpu_kernel_seconds: list[float] = field(default_factory=list)  # cuda: kernels alone, per run

    @property
    def median(self) -> float | None:
        return float(numpy.median(self.seconds)) if self.seconds and self.status == OK else None


PERTURB = "HARNESS_PERTURB"   # polyopt's harness: verification runs start from perturbed data


def finite(dumps: dict[str, numpy.ndarray]) -> bool:
    return all(numpy.isfinite(values).all() for values in dumps.values())


def unperturbed(environment: dict[str, str]) -> dict[str, str]:
    """A dump environment without the harness's perturbation of the data: for a kernel
    whose perturbed data gives infinities or NaNs (a factorization no longer defined)."""
    return {name: value for name, value in environment.items() if name != PERTURB}


def parse_dumps(stderr: bytes) -> dict[str, numpy.ndarray]:
    """The arrays of a dump ("begin dump: NAME" ... "end dump: NAME"), by name."""
    arrays = {}
    for match in _DUMP.finditer(stderr):
        arrays[match.group(1).decode()] = _numbers(match.group(2))
    return arrays


def _numbers(text: bytes) -> numpy.ndarray:
    """The whitespace-separated numbers of ``text`` (numpy's text reader, twice as fast as
    splitting, which matters for LARGE dumps of millions of elements; the slow path where
    it stops early on something that is not a number)."""
    if not text.strip():   # numpy reads an empty text as [-1.0]
        return numpy.array([], dtype=float)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            return numpy.fromstring(text, dtype=float, sep=" ")
        except (DeprecationWarning, ValueError):
            return numpy.array(text.split(), dtype=float)


def compare_dumps(expected: dict[str, numpy.ndarray], actual: dict[str, numpy.ndarray],
                  rel_tolerance: float, abs_tolerance: float) -> tuple[str, float, str]:
    """("exact" | "tolerance" | "wrong", largest relative error, first difference).

    An element passes when |x - y| <= abs_tolerance + rel_tolerance * max(|y|, 1e-6 * max|Y|):
    relative, with the denominator floored so elements near zero do not fail on rounding."""
    if not expected:
        return "wrong", float("inf"), "the baseline dumped no array"
    worst, first, exact = 0.0, "", True
    for name, want in expected.items():
        got = actual.get(name)
        if got is None or got.shape != want.shape:
            return "wrong", float("inf"), f"array {name}: missing or of another size"
        if numpy.array_equal(want, got, equal_nan=True):
            continue
        exact = False
        scale = numpy.maximum(numpy.abs(want), 1e-6 * (numpy.nanmax(numpy.abs(want)) or 1.0))
        error = numpy.abs(got - want)
        relative = numpy.nan_to_num(error / scale, nan=numpy.inf)
        worst = max(worst, float(relative.max()))
        bad = numpy.flatnonzero(~(error <= abs_tolerance + rel_tolerance * scale))
        if bad.size and not first:
            index = int(bad[0])
            first = (f"array {name}[{index}]: expected {float(want[index]):.17g}, "
                     f"got {float(got[index]):.17g}")
    if exact:
        return "exact", 0.0, ""
    return ("wrong" if first else "tolerance"), worst, first


class DumpJudge(Judge):
    """Judges search candidates the way the runner judges variants: by the kernel
    time the harness prints and by the arrays it dumps."""

    def __init__(self, evaluator: Evaluator, origin: Path, rel_tolerance: float,
                 abs_tolerance: float, dump_environment: dict[str, str],
                 strict: Evaluator | None = None, suffix: str = ".c", cuda_events: bool = False,
                 journal: Path | None = None, replay: bool = False):
        super().__init__(evaluator, origin, rel_tolerance, dump_environment, strict,
                         suffix=suffix)
        self.abs_tolerance = abs_tolerance
        self.cuda_events = cuda_events
        self._parsed: dict[bytes, dict[str, numpy.ndarray]] = {}   # references' dumps
        # `journal`: the first measurement of each program, a JSON line each as it is
        # made; with `replay`, those an interrupted search left there are taken back
        # (the search, with the same seed, makes the same programs again) instead of
        # being built and run again. Later measurements of a program (the finals)
        # are always made.
        self.journal = journal
        self._measured: set[str] = set()
        self._kept: dict[str, dict] = {}
        self.replayed = 0
        if journal is not None and replay and journal.is_file():
            for line in journal.read_text().splitlines():
                try:
                    entry = json.loads(line)
                    self._kept[entry.pop("program")] = entry
                except (ValueError, KeyError, AttributeError):
                    continue      # a line cut short when the search was stopped

    def __getstate__(self) -> dict:
        """A copy sent to a cluster's worker keeps no journal: it is this machine's."""
        return {**self.__dict__, "journal": None, "_kept": {}}

    def measure(self, text: str, label: str, timeout: float, runs: int = 1,
                executables=None):
        if self.journal is None or runs != 1:
            return super().measure(text, label, timeout, runs, executables)
        key = hashlib.sha256(text.encode()).hexdigest()
        if key in self._measured:
            return super().measure(text, label, timeout, runs, executables)
        self._measured.add(key)
        kept = self._kept.pop(key, None)
        if kept is not None and kept.pop("environment", None) == self.run_environment:
            from polyopt.search.driver import Measurement
            self.replayed += 1
            return Measurement(**kept)
        measurement = super().measure(text, label, timeout, runs, executables)
        with open(self.journal, "a") as stream:
            stream.write(json.dumps({"program": key, "environment": self.run_environment,
                                     **dataclasses.asdict(measurement)}) + "\n")
        return measurement

    def start(self, original_text: str) -> float:
        """As Judge.start, from perturbed data where the kernel is well defined and well
        conditioned on it; else from the data as written: where the original's output
        from perturbed data is not finite (and is from its own), or depends on how the
        compiler contracts multiply-adds by more than a hundredth of the tolerance
        (lu's perturbed matrix: 8e-7, against 1e-12 from its own; every candidate
        would differ, and be built and run again without contraction)."""
        perturbed = self.run_environment or {}
        if PERTURB not in perturbed:
            return super().start(original_text)
        try:
            seconds = super().start(original_text)
            if finite(self._reference_dumps()) and self._well_conditioned(original_text):
                return seconds
        except UsageError:      # it failed from the perturbed data: try its own
            pass
        self._strict_reference = None
        self.run_environment = unperturbed(perturbed)
        seconds = super().start(original_text)
        if not finite(self._reference_dumps()):     # not finite either way: perturbed
            self.run_environment = perturbed
            seconds = super().start(original_text)
        return seconds

    def _well_conditioned(self, original_text: str) -> bool:
        """Does the original's output, built without contraction (the strict
        evaluator), agree with the reference within a hundredth of the tolerance?
        True without a strict evaluator or where its build fails."""
        if self.strict is None:
            return True
        strict = self._strict_output(original_text, "original", None)
        if strict is None:
            return True
        self._strict_reference = strict
        verdict, _, _ = compare_dumps(self._reference_dumps(), parse_dumps(strict.stderr),
                                      self.rel_tolerance / 100, self.abs_tolerance)
        return verdict != "wrong"

    def _reference_dumps(self) -> dict[str, numpy.ndarray]:
        assert self.reference is not None
        return self._dumps(self.reference)

    def _dumps(self, reference: RunOutput) -> dict[str, numpy.ndarray]:
        """A reference's parsed dumps, parsed once."""
        if reference.stderr not in self._parsed:
            self._parsed[reference.stderr] = parse_dumps(reference.stderr)
        return self._parsed[reference.stderr]

    def seconds(self, output: RunOutput) -> float | None:
        """The harness's kernel time; for a CUDA program (built with POLYOPT_CUDA_TIMING)
        its SCoPs' CUDA event time, transfers included, as the runner times the cuda
        variant: the harness's timer would count creating the CUDA context (0.14 s on
        an H100, more than most kernels take), alike for every candidate."""
        return run_seconds(output, self.cuda_events)[0]

    def compare(self, expected: RunOutput, actual: RunOutput) -> str | None:
        if actual.stderr == expected.stderr:    # bit-identical dumps: no parsing needed
            return None
        verdict, _, difference = compare_dumps(self._dumps(expected),
                                               parse_dumps(actual.stderr),
                                               self.rel_tolerance, self.abs_tolerance)
        return difference or "wrong output" if verdict == "wrong" else None


def cuda_times(stderr: bytes) -> tuple[float, float] | None:
    """(with transfers, kernels alone): the CUDA event times a program built with
    -DPOLYOPT_CUDA_TIMING printed, summed over its SCoPs; None if it printed none."""
    from polyopt.core.machine.gpu import event_times
    found = event_times(stderr)
    if not found:
        return None
    return sum(total for _, total, _ in found), sum(kernels for _, _, kernels in found)


def run_seconds(output: RunOutput, cuda_events: bool) -> tuple[float | None, float | None]:
    """The time of a run (None: it printed none) and, for a CUDA program that printed
    CUDA events (`cuda_events`), its kernels' time alone. A CUDA program's time is that
    of its SCoPs on the GPU, transfers included: the harness's timer would also count
    creating the CUDA context. Where it printed no events (every SCoP stayed C on the
    host), the harness's time."""
    seconds = kernel_time(output.stdout)
    times = cuda_times(output.stderr) if cuda_events and seconds is not None else None
    return (seconds, None) if times is None else times


def kernel_time(stdout: bytes) -> float | None:
    """The kernel time a harness printed: the last line of stdout that is a number."""
    numbers = _NUMBER_LINE.findall(stdout)
    try:
        return float(numbers[-1]) if numbers else None
    except ValueError:
        return None


def run_tool(command: list[str], cwd: str, timeout: float) -> subprocess.CompletedProcess:
    """Run a source-to-source tool in a process group of its own, so that a timeout kills
    what it started too (polycc is a script that starts pluto); raises TimeoutExpired."""
    process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    stdout, stderr = communicate_in_group(process, timeout)
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


class Experiment:
    """Runs kernels x variants; ``results`` keeps every Outcome, ``rows`` the CSV rows."""

    def __init__(self, suite: Suite, variants: list[Variant], settings: Settings, out_dir: Path):
        self.suite, self.variants, self.settings = suite, variants, settings
        self.out_dir = out_dir
        self.results: list[Outcome] = []
        self.environment = {"OMP_NUM_THREADS": str(settings.threads)}
        # this kernel's (see _verify)
        self.dump_environment = suite.dump_environment if suite is not None else {}
        self._csv_file = None
        self._csv = None

    # -- recording ---------------------------------------------------------
    def open_csv(self, append: bool = False) -> None:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / "results.csv"
        if not append:
            (self.out_dir / OUTCOMES).unlink(missing_ok=True)
        new = not (append and path.is_file())
        self._csv_file = open(path, "w" if new else "a", newline="")
        self._csv = csv.DictWriter(self._csv_file, CSV_FIELDS)
        if new:
            self._csv.writeheader()

    def close_csv(self) -> None:
        if self._csv_file:
            self._csv_file.close()
            self._csv_file = None

    def _write_row(self, outcome: Outcome, run: int | None, seconds: float | None) -> None:
        if self._csv is None:
            return
        self._csv.writerow({
            "kernel": outcome.kernel, "dataset": self.settings.dataset,
            "variant": outcome.variant, "run": "" if run is None else run,
            "seconds": "" if seconds is None else f"{seconds:.6f}", "status": outcome.status,
            "verification": outcome.verification, "max_error": f"{outcome.max_error:.3g}",
            "polyopt_seconds": f"{outcome.polyopt_seconds:.3f}",
            "compile_seconds": f"{outcome.compile_seconds:.3f}",
            "detail": " | ".join([outcome.detail, *outcome.fallbacks]).strip(" |")[:500]})
        self._csv_file.flush()

    # -- one kernel --------------------------------------------------------
    def _evaluator(self, variant: Variant, kernel: Kernel, extra_flags=()) -> Evaluator:
        command = [*variant.compiler, *extra_flags, *(f"-I{d}" for d in kernel.include_dirs),
                   f"-D{self.settings.dataset}_DATASET", *self.suite.time_defines, "{src}",
                   *map(str, kernel.support_sources), "-o", "{exe}", "-lm", *variant.libraries]
        return Evaluator(shlex.join(command), timeout=self.settings.timeout,
                         build_timeout=self.settings.build_timeout, env=self.environment,
                         keep=self.settings.keep, repeat=1, warmup=0)

    def polyopt_options(self, variant: Variant, kernel: Kernel):
        """The variant's pipeline options, with the defines and include directories of
        the build, so that polyopt's decisions see the sizes being built."""
        defines = [f"{self.settings.dataset}_DATASET",
                   *(flag[2:] for flag in self.suite.time_defines if flag.startswith("-D"))]
        return dataclasses.replace(variant.options,
                                   defines=[*variant.options.defines, *defines],
                                   include_dirs=[*variant.options.include_dirs,
                                                 *map(str, kernel.include_dirs)])

    def _source(self, variant: Variant, kernel: Kernel, outcome: Outcome) -> str:
        """The text to build: the original, polyopt's output, or another tool's."""
        source = read_source(str(kernel.source))
        if variant.search_budget is not None:
            return self._search(variant, kernel, source, outcome)
        if variant.options is not None:
            start = time.perf_counter()
            try:
                result = optimize_source(source, self.polyopt_options(variant, kernel))
            finally:
                outcome.polyopt_seconds = time.perf_counter() - start
            outcome.fallbacks += result.warnings
            outcome.fallbacks += [f"{report.location}: {report.fallback}"
                                  for report in result.scops if report.fallback]
            outcome.original_code = same_code(source.text, result.text)
            return result.text
        if variant.transform is not None:
            text = self._external(variant, kernel, outcome)
            outcome.original_code = same_code(source.text, text)
            return text
        return source.text

    def classifier_model(self, kernel: str) -> str | None:
        """The model file ga-c:N and ga-guard:N use for a kernel (None: the shipped one)."""
        model = self.settings.classifier_model
        return model.replace("{kernel}", kernel) if model else None

    def _search(self, variant: Variant, kernel: Kernel, source, outcome: Outcome) -> str:
        """The best schedule of a search (random or genetic), each candidate judged by
        the kernel time the harness prints and by its dumped arrays. The program and
        what the search set on the outcome are kept in SEARCHED; with ``resume``, a
        search kept there (and its samples) is taken back instead of run again: a
        kernel stopped before all its variants were timed loses only the searches
        that had not finished, and every variant is timed side by side again."""
        name = f"{kernel.name}.{variant.name.replace(':', '-')}"
        kept = self.out_dir / SEARCHED / f"{name}.json"
        samples = self.out_dir / "samples"
        if self.settings.resume and kept.is_file() and (samples / f"{name}.jsonl").is_file():
            saved = json.loads(kept.read_text())
            for key in _SEARCH_FIELDS:
                setattr(outcome, key, saved[key])
            outcome.search_kept = True
            return saved["text"]
        # the measurements of a search not finished yet (JOURNAL_SUFFIX): with resume,
        # an interrupted search takes back what it had measured
        journal = self.out_dir / SEARCHED / f"{name}{JOURNAL_SUFFIX}"
        journal.parent.mkdir(parents=True, exist_ok=True)
        if not self.settings.resume:
            journal.unlink(missing_ok=True)
        text = self._run_search(variant, kernel, source, outcome, journal)
        kept.write_text(json.dumps({"text": text, **{key: getattr(outcome, key)
                                                     for key in _SEARCH_FIELDS}}))
        journal.unlink(missing_ok=True)
        return text

    def _run_search(self, variant: Variant, kernel: Kernel, source, outcome: Outcome,
                    journal: Path | None = None) -> str:
        from polyopt.search import Search, SearchSettings, samples_json_lines
        defaults = SearchSettings()
        settings = SearchSettings(budget=variant.search_budget, seed=self.settings.seed,
                                  strategy=variant.search_strategy,
                                  timeout=self.settings.timeout,
                                  use_database=self.settings.database is not False,
                                  population=variant.search_population or defaults.population,
                                  generations=variant.search_generations or defaults.generations,
                                  classifier_mode=variant.search_classifier,
                                  classifier_model=self.classifier_model(kernel.name))
        options = dataclasses.replace(self.polyopt_options(variant, kernel),
                                      database=self.settings.database or None)
        start = time.perf_counter()
        with self._evaluator(variant, kernel) as evaluator, \
                self._evaluator(variant, kernel, [variant.no_contraction]) as strict:
            judge = DumpJudge(evaluator, kernel.source, self.settings.tolerance,
                              self.suite.dump_abs_tolerance, self.suite.dump_environment, strict,
                              suffix=variant.suffix, cuda_events=variant.cuda_events,
                              journal=journal, replay=self.settings.resume)
            try:
                result = Search(source, options, settings, judge).run()
            finally:
                outcome.polyopt_seconds = time.perf_counter() - start
        if judge.replayed:
            outcome.fallbacks.append(f"search resumed: {judge.replayed} first measurement(s) "
                                     "taken from the interrupted run")
        outcome.fallbacks += result.optimized.warnings
        outcome.original_code = same_code(source.text, result.best.text or source.text)
        outcome.search_winner = result.best.name
        outcome.search_counts = result.counts(sampled_only=True)
        samples = self.out_dir / "samples"
        samples.mkdir(parents=True, exist_ok=True)
        (samples / f"{kernel.name}.{variant.name.replace(':', '-')}.jsonl").write_text(
            samples_json_lines(result))
        return result.optimized.text

    def _external(self, variant: Variant, kernel: Kernel, outcome: Outcome) -> str:
        with tempfile.TemporaryDirectory(prefix="polyopt-tool-") as directory:
            output = Path(directory) / kernel.source.name
            # the tool runs in a scratch directory (Pluto leaves files behind): the source by
            # its absolute path, so that a --suite given as a relative path still works
            flags = []
            if variant.size_flags:
                flags = size_flags([f"{self.settings.dataset}_DATASET",
                                    *(flag[2:] for flag in self.suite.time_defines
                                      if flag.startswith("-D"))],
                                   [str(d) for d in kernel.include_dirs])
            command = [*variant.transform, *flags, str(kernel.source.resolve()), "-o", str(output)]
            start = time.perf_counter()
            try:
                result = run_tool(command, directory, self.settings.timeout)
                if (result.returncode != 0 or not output.is_file()) and variant.retry_preprocessed:
                    first = result.stderr.strip().splitlines()
                    outcome.detail = ("failed on the original (" + (first[0] if first else
                                      f"status {result.returncode}") + "), was given the source "
                                      "through gcc -E -P instead")
                    command[-3] = self._preprocess(kernel, Path(directory))
                    result = run_tool(command, directory, self.settings.timeout)
            finally:
                outcome.polyopt_seconds = time.perf_counter() - start
            if result.returncode != 0 or not output.is_file():
                raise PolyoptError(f"{shlex.join(command)} failed: {result.stderr.strip()[-500:]}")
            # polyopt's own located warnings and notes: a region or SCoP it left as it was
            outcome.fallbacks += [line.strip() for line in result.stderr.splitlines()
                                  if _LOCATED_WARNING.search(line)]
            return output.read_text()

    def _preprocess(self, kernel: Kernel, directory: Path) -> str:
        """The kernel through the preprocessor at the run's dataset (macros expanded, no
        line markers, pragmas kept), written under ``directory``; its path."""
        target = directory / "preprocessed" / kernel.source.name
        target.parent.mkdir()
        command = ["gcc", "-E", "-P", *(f"-I{d}" for d in kernel.include_dirs),
                   f"-D{self.settings.dataset}_DATASET", *self.suite.time_defines,
                   str(kernel.source.resolve()), "-o", str(target)]
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=self.settings.timeout)
        if result.returncode != 0:
            raise PolyoptError(f"{shlex.join(command)} failed: {result.stderr.strip()[-500:]}")
        return str(target)

    def _run(self, evaluator: Evaluator, program: Program, outcome: Outcome,
             dump: bool) -> RunOutput | None:
        try:
            output = evaluator.run(program, self.dump_environment if dump else None)
        except RunTimeout as error:
            outcome.status, outcome.detail = "timeout", str(error)
            return None
        except RunError as error:
            outcome.status, outcome.detail = "crash", str(error)
            return None
        outcome.run_seconds += output.seconds
        return output

    def source_or_failure(self, variant: Variant, kernel: Kernel, outcome: Outcome) -> str | None:
        """The variant's text to build, or None with the outcome's failure set."""
        try:
            return self._source(variant, kernel, outcome)
        except subprocess.TimeoutExpired:
            outcome.status, outcome.detail = TOOL_TIMEOUT, (
                f"the source-to-source tool timed out after {self.settings.timeout:g} s"
                + (f" (it {outcome.detail})" if outcome.detail else ""))
        except PolyoptError as error:
            outcome.status, outcome.detail = "polyopt error", str(error)
        except Exception as error:  # an internal error must not stop a sweep
            log.debug("polyopt failed on %s", kernel.name, exc_info=True)
            outcome.status = "polyopt error"
            outcome.detail = f"internal error: {type(error).__name__}: {error}"
        return None

    def run_kernel(self, kernel: Kernel, progress=None,
                   sources: dict[str, tuple[str | None, Outcome]] | None = None) -> list[Outcome]:
        """Build every variant, verify each against the baseline, then time them
        side by side: run r of every variant before run r + 1 of any. `sources`:
        variants' texts (or failures) made beforehand, by variant name, with their
        outcomes so far (``source_or_failure``; elsewhere, on a cluster)."""
        sources = sources or {}
        outcomes = [sources[variant.name][1] if variant.name in sources
                    else Outcome(kernel.name, variant.name) for variant in self.variants]
        built: list[tuple[Outcome, Evaluator, Program]] = []
        texts: dict[str, str] = {}
        evaluators = []
        try:
            for variant, outcome in zip(self.variants, outcomes):
                evaluator = self._evaluator(variant, kernel)
                evaluators.append(evaluator)
                self._step(progress, kernel, variant.name, "build")
                text = (sources[variant.name][0] if variant.name in sources
                        else self.source_or_failure(variant, kernel, outcome))
                if text is None:
                    continue
                try:
                    program = evaluator.build(text, f"{kernel.name} ({variant.name})",
                                              variant.suffix, origin=kernel.source)
                except BuildError as error:
                    outcome.status, outcome.detail = "compile error", str(error)
                    continue
                outcome.compile_seconds = program.build_seconds
                built.append((outcome, evaluator, program))
                texts[variant.name] = text
            self._verify(kernel, built, outcomes[0], progress)
            self._verify_without_contraction(kernel, outcomes, texts, evaluators, progress)
            timed = [entry for entry in built if entry[0].status == OK]
            # the verification run was timed run 0 (the dump comes after the timer
            # stops) unless the outcome was verified by the rebuild without contraction
            for index in range(self.settings.repeat):
                for outcome, evaluator, program in timed:
                    if outcome.status != OK or len(outcome.seconds) > index:
                        continue
                    self._step(progress, kernel, outcome.variant, f"run {index + 1}")
                    output = self._run(evaluator, program, outcome, dump=False)
                    if output is not None:
                        self._record_time(outcome, output, index)
        except KeyboardInterrupt:
            for outcome in outcomes:
                if outcome.status == OK and len(outcome.seconds) < self.settings.repeat:
                    outcome.detail = f"interrupted after {len(outcome.seconds)} timed run(s)"
            raise
        finally:
            for evaluator in evaluators:
                evaluator.close()
            for outcome in outcomes:   # failures, and what an interrupt cut short, get a row
                if not outcome.seconds or outcome.status != OK:
                    self._write_row(outcome, None, None)
            self.results.extend(outcomes)
        self._save_outcomes(outcomes)
        return outcomes

    def record_kernel(self, outcomes: list[Outcome], samples: dict[str, str]) -> None:
        """Record a kernel that ran elsewhere (a Dask worker, ``polybench/spread.py``):
        its CSV rows, its outcomes and its searches' sample files."""
        for outcome in outcomes:
            for index, seconds in enumerate(outcome.seconds):
                self._write_row(outcome, index, seconds)
            if not outcome.seconds or outcome.status != OK:
                self._write_row(outcome, None, None)
        self.results.extend(outcomes)
        if samples:
            directory = self.out_dir / "samples"
            directory.mkdir(parents=True, exist_ok=True)
            for name, text in samples.items():
                (directory / Path(name).name).write_text(text)
        self._save_outcomes(outcomes)

    # -- resuming ------------------------------------------------------------
    def _save_outcomes(self, outcomes: list[Outcome]) -> None:
        """Every finished kernel's outcomes, for ``--resume``."""
        with open(self.out_dir / OUTCOMES, "a") as stream:
            for outcome in outcomes:
                stream.write(json.dumps(dataclasses.asdict(outcome)) + "\n")

    def resume(self) -> set[str]:
        """Take back the outcomes of a previous run in the same directory; returns the
        kernels it finished. Their CSV rows are kept, those of an unfinished kernel dropped."""
        path = self.out_dir / OUTCOMES
        if not path.is_file():
            return set()
        outcomes = [Outcome(**json.loads(line)) for line in path.read_text().splitlines() if line]
        names = {v.name for v in self.variants}
        done = {o.kernel for o in outcomes}
        done = {k for k in done if {o.variant for o in outcomes if o.kernel == k} >= names}
        self.results = [o for o in outcomes if o.kernel in done and o.variant in names]
        path.write_text("".join(json.dumps(dataclasses.asdict(o)) + "\n" for o in self.results))
        table = self.out_dir / "results.csv"
        if table.is_file():
            with open(table, newline="") as stream:
                rows = [row for row in csv.DictReader(stream) if row["kernel"] in done]
            with open(table, "w", newline="") as stream:
                writer = csv.DictWriter(stream, CSV_FIELDS)
                writer.writeheader()
                writer.writerows(rows)
        return done

    def _variant(self, outcome: Outcome) -> Variant:
        return next(v for v in self.variants if v.name == outcome.variant)

    def _record_time(self, outcome: Outcome, output: RunOutput, index: int) -> None:
        """Keep the kernel time a run printed (a run that printed none crashed).
        A CUDA program's time is that of its SCoPs on the GPU, transfers included
        (CUDA events); the harness's timer would also count creating the CUDA context."""
        seconds, kernels = run_seconds(output, self._variant(outcome).cuda_events)
        if kernels is not None:
            outcome.gpu_kernel_seconds.append(kernels)
        if seconds is None:
            outcome.status, outcome.detail = "crash", "printed no kernel time"
        else:
            outcome.seconds.append(seconds)
            self._write_row(outcome, index, seconds)

    def _verify_without_contraction(self, kernel: Kernel, outcomes: list[Outcome],
                                    texts: dict[str, str], evaluators: list, progress) -> None:
        """Outputs that differ may differ only because -march=native lets the
        compiler fuse a * b + c into one rounding (FMA) in some loops and not in
        others; on an ill-conditioned kernel that is visible. Rebuild the baseline
        and each such variant with -ffp-contract=off: if they then agree, the
        transformation is right, and the outcome is marked so."""
        baseline = outcomes[0]
        suspects = [o for o in outcomes[1:] if o.status == "wrong output"]
        if not suspects or baseline.status != OK:
            return
        variants = {variant.name: variant for variant in self.variants}
        dumps = {}
        for outcome in [baseline, *suspects]:
            self._step(progress, kernel, outcome.variant, "verify without FMA contraction")
            variant = variants[outcome.variant]
            evaluator = self._evaluator(variant, kernel, [variant.no_contraction])
            evaluators.append(evaluator)
            probe = Outcome(kernel.name, outcome.variant)
            try:
                program = evaluator.build(texts[outcome.variant], f"{kernel.name} "
                                          f"({outcome.variant}, {variant.no_contraction})",
                                          variant.suffix, origin=kernel.source)
            except BuildError:
                continue
            output = self._run(evaluator, program, probe, dump=True)
            outcome.compile_seconds += program.build_seconds
            outcome.run_seconds += probe.run_seconds
            if output is not None:
                dumps[outcome.variant] = parse_dumps(output.stderr)
        expected = dumps.get(baseline.variant)
        if not expected:
            return
        for outcome in suspects:
            if outcome.variant not in dumps:
                continue
            verdict, _, _ = compare_dumps(expected, dumps[outcome.variant],
                                          self.settings.tolerance, self.suite.dump_abs_tolerance)
            if verdict != "wrong":
                outcome.status, outcome.verification = OK, "no-contraction"
                outcome.detail = (f"differs from the baseline at -march=native ({outcome.detail}; "
                                  f"max relative error {outcome.max_error:.3g}), but agrees "
                                  f"({verdict}) when both are built with -ffp-contract=off: "
                                  "FMA contraction on an ill-conditioned kernel")

    def _verify(self, kernel: Kernel, built, baseline: Outcome, progress) -> None:
        """One run of each built variant with its arrays dumped, compared with the
        baseline's; its kernel time is the first timed run."""
        if not self.settings.verify:
            for outcome, evaluator, program in built:
                self._step(progress, kernel, outcome.variant, "run 1")
                output = self._run(evaluator, program, outcome, dump=False)
                if output is not None:
                    outcome.verification = UNVERIFIED
                    self._record_time(outcome, output, 0)
            return
        expected, expected_bytes = None, None
        self.dump_environment = self.suite.dump_environment
        for outcome, evaluator, program in built:
            self._step(progress, kernel, outcome.variant, "verify")
            if outcome is not baseline and expected is None:
                outcome.status, outcome.detail = "no baseline", \
                    f"the baseline failed ({baseline.status}), nothing to verify against"
                continue
            output = self._run(evaluator, program, outcome, dump=True)
            dumps = None    # the baseline's, parsed once (a LARGE dump holds millions)
            if outcome is baseline and output is not None:
                dumps = parse_dumps(output.stderr)
            if outcome is baseline and PERTURB in self.dump_environment and (
                    dumps is None or not finite(dumps)):
                # the perturbed data breaks the kernel (a matrix no longer definite): every
                # variant of this kernel is verified from its data as written
                self.dump_environment = unperturbed(self.dump_environment)
                outcome.status, outcome.detail = OK, ""
                output = self._run(evaluator, program, outcome, dump=True)
                dumps = None
            if output is None:
                continue
            if outcome is not baseline and output.stderr == expected_bytes:
                outcome.verification = "exact"   # the same bytes: no need to parse them (LARGE)
                self._record_time(outcome, output, 0)
                continue
            if dumps is None:
                dumps = parse_dumps(output.stderr)
            if outcome is baseline:
                expected, expected_bytes = dumps, output.stderr
                outcome.verification = "reference"
                if not dumps:
                    outcome.status, outcome.detail = "wrong output", "dumped no array"
                    expected = None
            else:
                verdict, error, difference = compare_dumps(
                    expected, dumps, self.settings.tolerance, self.suite.dump_abs_tolerance)
                outcome.max_error = error
                if verdict == "wrong":
                    outcome.status, outcome.detail = "wrong output", difference
                else:
                    outcome.verification = verdict
            if outcome.status == OK:
                self._record_time(outcome, output, 0)

    @staticmethod
    def _step(progress, kernel: Kernel, variant: str, what: str) -> None:
        if progress is not None:
            progress.set_postfix_str(f"{kernel.name} {variant} {what}", refresh=False)
            progress.refresh()
