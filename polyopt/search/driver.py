"""The search driver every strategy shares: candidates, the judge, the final rounds,
the tuning database, progress.

The baseline candidates are the original code, the original schedule (tiled and
parallelized as usual), isl's schedule and the best schedules stored for the
same SCoPs in the tuning database; a *strategy* then proposes ``budget`` more
(``polyopt.search.random``: distinct random schedules; ``polyopt.search.genetic``:
Polyite's genetic algorithm; with a classifier, GA_C or the guard, which
keep some schedules from running: ``unbenchmarked``, status NOT_BENCHMARKED,
recorded but never built). Every batch of candidates goes through
``Search.evaluate_batch``, the one place that builds and runs them: in this
process, or on a Dask cluster (``polyopt.search.cluster``, with ``--jobs`` or
``--cluster``; imported only then). A *judge*
builds and runs each candidate and compares its output with the original's; a
candidate that is slower than ``timeout_factor`` times the best so far is
killed. The few fastest are timed again, interleaved, and the one with the
lowest median wins. Every evaluation goes into the tuning database, with the
tile sizes a candidate carries (see ``polyopt.tuning``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import random
import re
import statistics
import time
from collections.abc import Sequence
from fractions import Fraction
from dataclasses import dataclass, field, replace
from pathlib import Path

import islpy as isl

from polyopt.core.dependences import Dependences
from polyopt.core.errors import (BuildError, DatabaseError, PolyoptError, RunError, RunTimeout,
                            UsageError, format_warning)
from polyopt.evaluator import Evaluator, RunOutput
from polyopt.harness import harness_seconds
from polyopt.frontend import SourceFile
from polyopt.core.extras import require
from polyopt.core.scop import Scop
from polyopt.pipeline import (CODEGEN_SECONDS, Options, OptimizeResult, dependences_within_budget,
                              find_scops, options_key, render, render_many_within, render_within,
                              schedule_within_budget,
                              stored_result)
from polyopt.scheduler import ScheduleResult
from polyopt.scheduler.sampler import Sample, ScheduleSpace
from polyopt.search import gpu_genes
from polyopt.search.statuses import LOST, OK, PRUNED, STATUSES, WRONG
from polyopt.core.timebox import (TimeBoxExceeded, TimeBoxFailed, call_with_cpu_limit,
                                   call_with_step_limits)
from polyopt.tuning import (FLAT_MAP_NOTE, Evaluation, TuningDatabase, choice_text, gpu_text,
                            machine_fingerprint, scop_fingerprint, shaped_text,
                            tile_sizes_text, time_tile_text)

log = logging.getLogger(__name__)


class ProgramError(UsageError):
    """The program a search times does not build, or does not run (its original)."""

CLASSIFIER_MODES = ("gac", "guard")   # polyopt.search.genetic: GA_C, the guard
# --classifier performance: the default's learned performance model judges (its .npz
# files too), instead of a schedule classifier (polyopt.search.predicted)
PERFORMANCE = "performance"


STRATEGIES = ("random", "ga", "tune")


# A searched candidate's code may take CODEGEN_FACTOR times the median of the first
# CODEGEN_SAMPLE or more candidates' (never under CODEGEN_MINIMUM s, never over
# pipeline.CODEGEN_SECONDS); past it the candidate is a polyopt error (Search._codegen_limit)
CODEGEN_FACTOR = 10.0
CODEGEN_MINIMUM = 5.0
CODEGEN_SAMPLE = 3
# ... and a batch's code is made side by side once that median is at least this
# (Search._codegen_side_by_side): below it, a forked process per candidate costs
# about as much as it saves
SIDE_BY_SIDE_SECONDS = 0.25
# CPU seconds the features of one schedule may take (Search.features_of; a median of
# 36 ms on the PolyBench searches): past it the schedule has none, as when isl fails
FEATURE_SECONDS = 10.0
# CPU seconds a candidate's lower bound may take (Search.bound: the scheduling, tiling
# and checks its bound needs, a fraction of a second on the PolyBench searches); past
# them the candidate has no bound and is built and run
BOUND_SECONDS = 5.0


@dataclass
class SearchSettings:
    budget: int = 20                 # schedules the strategy may evaluate (baselines apart)
    seed: int | None = None
    strategy: str = "random"         # one of STRATEGIES
    generations: int = 20            # ga: generations after the initial population
    population: int = 30             # ga: individuals per generation
    mode: str = "sparse"             # generator combination: sparse, dense or mixed
    strong_probability: float = 0.4
    timeout: float = 300.0           # seconds a run may take at most
    timeout_factor: float = 3.0      # ... and at most this many times the best so far
    minimum_timeout: float = 2.0     # ... but never less than this
    finalists: int = 3               # best candidates timed again at the end
    final_repeat: int = 2            # extra runs of each finalist
    draw_factor: int = 20            # draws allowed per wanted schedule (duplicates, stuck draws)
    use_database: bool = True
    stored: int = 3                  # best stored schedules re-evaluated as candidates
    # the original order, isl's schedule, the default's choice and time tiles as
    # baselines; False: the original code (and stored schedules) only (the tune strategy
    # proposes the default's candidates itself)
    baselines: bool = True
    classifier_mode: str | None = None   # ga with a classifier: one of CLASSIFIER_MODES
    classifier_model: str | None = None  # ... its model file (None: the shipped one)
    features: bool = False           # every schedule's features for --dump samples
    bound: bool = True               # skip a candidate whose lower bound exceeds the best time
    # processes that generate a batch's code side by side before any of it is timed
    # (in this process; a cluster has its own): the CPUs this process may use
    codegen_jobs: int = field(default_factory=lambda: len(os.sched_getaffinity(0)))


@dataclass
class Measurement:
    status: str
    seconds: float | None = None      # what the judge times (the process, or the kernel)
    detail: str = ""
    wall_seconds: float | None = None  # the slowest whole run, which run time limits bound
    machine: str | None = None         # on a cluster: the fingerprint of the machine that ran it
    machine_seconds: float | None = None   # ... and `seconds` as measured there (unscaled)
    # wall seconds this measurement spent compiling and running (rechecks included): where
    # a search's time goes (--dump samples; experiments/search_jobs_speed.py)
    build_seconds: float = 0.0
    run_seconds: float = 0.0


@dataclass
class Candidate:
    """One way of generating the whole file: a schedule (or the original code) per SCoP."""

    name: str
    choices: list[ScheduleResult]                    # schedule None: SCoP left as written
    samples: list[Sample | None] = field(default_factory=list)
    text: str = ""
    status: str = ""
    seconds: list[float] = field(default_factory=list)
    detail: str = ""
    # where a strategy's candidate came from (for --dump samples)
    generation: int | None = None                    # ga: 0 for the initial population
    operator: str | None = None                      # "random", a genetic operator, "seed:isl"...
    parents: list[str] = field(default_factory=list)  # names of the parent candidates
    prediction: bool | None = None                   # a classifier's verdict, where one judged it
    bound: float | None = None                       # seconds it takes at least (search.bound)
    probabilities: list[float | None] = field(default_factory=list)  # per SCoP: profitable
    features: list[dict | None] = field(default_factory=list)        # per SCoP: what it saw
    machine: str | None = None                       # on a cluster: the machine that timed it
    machine_seconds: list[float] = field(default_factory=list)   # ... its times there
    # wall seconds spent on it: code generation (here), compilation and runs (wherever
    # they ran: on a cluster, summed over the workers), final runs included
    codegen_seconds: float = 0.0
    build_seconds: float = 0.0
    run_seconds: float = 0.0

    def spend(self, measurement: Measurement) -> None:
        """Count a measurement's compilation and run time (whatever its status)."""
        self.build_seconds += measurement.build_seconds
        self.run_seconds += measurement.run_seconds

    def add_measurement(self, measurement: Measurement) -> None:
        """Append an OK measurement's seconds (and the machine's own, on a cluster)."""
        self.seconds.append(measurement.seconds)
        if measurement.machine is not None:
            self.machine = self.machine or measurement.machine
            if measurement.machine == self.machine:
                self.machine_seconds.append(measurement.machine_seconds)

    @property
    def median(self) -> float | None:
        return statistics.median(self.seconds) if self.seconds else None

    def schedule_texts(self) -> list[str]:
        return [choice_text(c) for c in self.choices]

    def tile_texts(self) -> list[str]:
        """Each SCoP's tile sizes as the tuning database stores them ('' = default)."""
        return [time_tile_text(c.time_tile) if c.time_tile is not None
                else gpu_text(c.gpu, c.tile_sizes) if c.gpu is not None and c.schedule is not None
                else shaped_text(c.tile_sizes, c.wavefront, c.parallel, c.rewrite)
                if c.schedule is not None and (c.wavefront or not c.parallel
                                               or c.rewrite is not None)
                else tile_sizes_text(c.tile_sizes if c.schedule is not None else None)
                for c in self.choices]


@dataclass
class SearchResult:
    best: Candidate
    candidates: list[Candidate]
    optimized: OptimizeResult
    reference_seconds: float
    sampling_seconds: float
    notes: list[str] = field(default_factory=list)
    unbenchmarked: list[Candidate] = field(default_factory=list)  # a classifier kept them out
    classifier: dict | None = None       # what the classifier did (counts), where one was used
    pruned: list[Candidate] = field(default_factory=list)   # their lower bound was too high

    def pruning_note(self) -> str | None:
        """How many candidates the lower bound kept from being built and run, and about
        what that saved (the mean build and run time of the strategy's others)."""
        if not self.pruned:
            return None
        spent = [c.build_seconds + c.run_seconds for c in self.candidates if c.samples]
        saved = len(self.pruned) * (sum(spent) / len(spent)) if spent else 0.0
        return (f"the lower bound pruned {len(self.pruned)} candidate(s) before they were "
                f"built (about {saved:.3g} s of builds and runs saved)")

    def phase_seconds(self) -> dict[str, float]:
        """Wall seconds by phase, summed over the candidates (and, on a cluster, over
        the processes that ran them side by side): sampling schedules, code generation,
        compilation, runs."""
        return {"sampling": self.sampling_seconds,
                # a candidate pruned at its turn had its code made with its batch's
                "code generation": sum(c.codegen_seconds for c in self.candidates + self.pruned),
                "compilation": sum(c.build_seconds for c in self.candidates),
                "runs": sum(c.run_seconds for c in self.candidates)}

    def counts(self, sampled_only: bool = False) -> dict[str, int]:
        """Candidates by status (only a strategy's sampled ones if `sampled_only`);
        NOT_BENCHMARKED only where a classifier kept some from running."""
        result = {status: 0 for status in STATUSES}
        for candidate in self.candidates + self.unbenchmarked + self.pruned:
            if not sampled_only or candidate.samples:
                result[candidate.status] = result.get(candidate.status, 0) + 1
        return result


class Prebuilt:
    """Programs built before a batch is timed, by text (``Judge.build_all``): what
    ``Judge.measure`` takes as ``executables``, each used once."""

    def __init__(self, programs: dict):
        self.programs = programs

    def get(self, evaluator, text: str, label: str, origin: Path | None):
        return self.programs.pop(text, None)

    def put(self, text: str, program) -> None:
        pass

    def discard(self, evaluator: Evaluator) -> None:
        """Remove what was built and not used."""
        for program in self.programs.values():
            evaluator.discard(program)
        self.programs.clear()


class Judge:
    """Builds and runs programs with an evaluator; the original's output is the reference.

    Subclasses change what is compared (``compare``) and what is timed
    (``seconds``), e.g. the PolyBench runner compares array dumps and times
    the kernel alone.

    ``strict``, if given, is an evaluator whose builds do not contract
    ``a * b + c`` into fused multiply-adds (``-ffp-contract=off``). A candidate
    whose output differs is then built and run once more that way, next to the
    original built that way: a legal schedule of an ill-conditioned kernel can
    differ only because the compiler fused other operations in its loops (as
    PolyBench's durbin does at -march=native), and such a candidate is kept.
    """

    def __init__(self, evaluator: Evaluator, origin: Path | None = None,
                 rel_tolerance: float = 0.0, run_environment: dict[str, str] | None = None,
                 strict: Evaluator | None = None, ignore: Sequence[re.Pattern] = (),
                 suffix: str = ".c"):
        self.evaluator, self.origin = evaluator, origin
        self.suffix = suffix             # of every program built (".cu": nvcc, the original too)
        self.ignore = list(ignore)       # stdout lines left out of the comparison
        self.rel_tolerance = rel_tolerance
        self.run_environment = run_environment
        self.reference: RunOutput | None = None
        self.build_command = evaluator.build_command
        self.run_command = evaluator.run_command
        self.strict = strict
        self._original_text: str | None = None
        self._strict_reference: RunOutput | None = None
        self._strictly_right: dict[str, str] = {}   # candidate text -> why it was kept

    def seconds(self, output: RunOutput) -> float | None:
        return output.seconds

    def compare(self, expected: RunOutput, actual: RunOutput) -> str | None:
        """None if the outputs agree, else the first differences."""
        comparison = self.evaluator.compare(expected, actual, self.rel_tolerance, self.ignore)
        return None if comparison.equal else "; ".join(comparison.differences[:3])

    def start(self, original_text: str) -> float:
        """Build and run the original: its output becomes the reference; returns its
        time (see ``reference.seconds`` for the whole run's)."""
        try:
            program = self.evaluator.build(original_text, "original", self.suffix,
                                           origin=self.origin)
        except BuildError as error:
            raise ProgramError(f"the search needs a program that builds and runs; {error}") from None
        try:
            self.reference = self.evaluator.run(program, self.run_environment)
        except RunError as error:
            raise ProgramError(f"the search needs a program that builds and runs; {error}") from None
        finally:
            self.evaluator.discard(program)
        seconds = self.seconds(self.reference)
        if seconds is None:
            raise UsageError("the original program's run printed no time")
        self._original_text = original_text
        return seconds

    def _strict_output(self, text: str, label: str, timeout: float | None,
                       spent: _Spent | None = None) -> RunOutput | None:
        """The output of `text` built by the strict evaluator (None if it fails)."""
        assert self.strict is not None
        spent = spent or _Spent()
        try:
            with spent.building():
                program = self.strict.build(text, f"{label} (no FMA contraction)", self.suffix,
                                            origin=self.origin)
        except BuildError:
            return None
        try:
            with spent.running():
                return self.strict.run(program, self.run_environment, timeout=timeout)
        except RunError:       # timeouts included
            return None
        finally:
            self.strict.discard(program)

    def recheck(self, text: str, label: str, difference: str, timeout: float,
                spent: _Spent | None = None) -> str | None:
        """None if the candidate's output, though it differs, equals the original's
        when both are built without FMA contraction; else the difference."""
        if self.strict is None or self._original_text is None:
            return difference
        if text in self._strictly_right:
            return None
        if self._strict_reference is None:
            self._strict_reference = self._strict_output(self._original_text, "original", None,
                                                         spent)
            if self._strict_reference is None:
                self.strict = None       # the strict build does not work: no rechecks
                return difference
        output = self._strict_output(text, label, timeout, spent)
        if output is None or self.compare(self._strict_reference, output) is not None:
            return difference
        self._strictly_right[text] = (f"differs from the original ({difference}) but not when "
                                      "both are built without FMA contraction")
        return None

    def build_all(self, programs: list[tuple[str, str]], jobs: int) -> Prebuilt:
        """Each (text, label) built, up to `jobs` builds side by side; a text whose
        build fails is left out (``measure`` builds it again and reports why)."""
        from concurrent.futures import ThreadPoolExecutor

        def build(item: tuple[str, str]):
            text, label = item
            try:
                return text, self.evaluator.build(text, label, self.suffix, origin=self.origin)
            except BuildError:
                return text, None

        unique = list({text: (text, label) for text, label in programs}.values())
        with ThreadPoolExecutor(max(1, jobs)) as pool:
            built = dict(pool.map(build, unique))
        return Prebuilt({text: program for text, program in built.items() if program})

    def measure(self, text: str, label: str, timeout: float, runs: int = 1,
                executables=None) -> Measurement:
        """Build `text`, run it `runs` times, compare the first run's output with the
        reference, time the runs. `executables` (on a Dask worker: the machine's
        ``polyopt.search.cluster.Executables``) gives an executable built before from
        the same text instead of a build, and keeps the one built here."""
        spent = _Spent()
        return spent.mark(self._measure(text, label, timeout, runs, spent, executables))

    def _measure(self, text: str, label: str, timeout: float, runs: int,
                 spent: _Spent, executables) -> Measurement:
        program = (executables.get(self.evaluator, text, label, self.origin)
                   if executables is not None else None)
        if program is None:
            try:
                with spent.building():
                    program = self.evaluator.build(text, label, self.suffix, origin=self.origin)
            except BuildError as error:
                return Measurement("build error", None, str(error))
            if executables is not None:
                executables.put(text, program)
        try:
            times, walls = [], []
            for _ in range(runs):
                try:
                    with spent.running():
                        output = self.evaluator.run(program, self.run_environment,
                                                    timeout=timeout)
                except RunTimeout as error:
                    return Measurement("timeout", None, str(error))
                except RunError as error:
                    return Measurement("crash", None, str(error))
                if not times:
                    difference = self.compare(self.reference, output)
                    if difference is not None and (
                            self.recheck(text, label, difference, timeout, spent) is not None):
                        return Measurement(WRONG, None, difference)
                seconds = self.seconds(output)
                if seconds is None:
                    return Measurement("crash", None, "the run printed no time")
                times.append(seconds)
                walls.append(output.seconds)
            return Measurement(OK, statistics.median(times), self._strictly_right.get(text, ""),
                               max(walls))
        finally:
            self.evaluator.discard(program)


class HarnessJudge(Judge):
    """A judge of kernel-harness programs (polyopt.harness): a run's time is the one it
    prints for the regions alone, not the process's."""

    def seconds(self, output: RunOutput) -> float | None:
        return harness_seconds(output.stderr)


class _Spent:
    """Wall seconds one measurement spends compiling and running. Kept per call, not
    on the judge: a Dask worker with several threads measures candidates at once."""

    def __init__(self):
        self.build_seconds = self.run_seconds = 0.0

    @contextlib.contextmanager
    def building(self):
        start = time.monotonic()
        try:
            yield
        finally:
            self.build_seconds += time.monotonic() - start

    @contextlib.contextmanager
    def running(self):
        start = time.monotonic()
        try:
            yield
        finally:
            self.run_seconds += time.monotonic() - start

    def mark(self, measurement: Measurement) -> Measurement:
        measurement.build_seconds, measurement.run_seconds = self.build_seconds, self.run_seconds
        return measurement


class Search:
    """One search over the SCoPs of a file."""

    def __init__(self, source: SourceFile, options: Options, settings: SearchSettings,
                 judge: Judge, progress=None, cluster=None):
        self.source, self.options, self.settings = source, options, settings
        self.judge, self.progress = judge, progress
        self.cluster = cluster              # a polyopt.search.cluster.Cluster, or None
        self.remote = None                  # its RemoteJudge, once the reference is known
        self.rng = random.Random(settings.seed)
        self.scops, self.warnings = find_scops(source, options)
        self.scops, self.dependences, self.warnings = dependences_within_budget(self.scops,
                                                                                self.warnings)
        # With every dependence: for the baselines and the schedule spaces. Where a
        # SCoP has private scalars (polyopt.scheduler.privatize), self.dependences are those of
        # the program with them expanded, with which each candidate's code is made.
        self.every = list(self.dependences)
        if options.private_scalars and options.parallel and options.target == "c":
            self.dependences = [self._relaxed(scop, dependences)
                                for scop, dependences in zip(self.scops, self.dependences)]
        self.spaces: list[ScheduleSpace | None] = [None] * len(self.scops)
        self.candidates: list[Candidate] = []
        self.seen: set[tuple] = set()
        self.notes: list[str] = []
        self.sampling_seconds = 0.0
        self.codegen_times: list[float] = []   # seconds each candidate's code took, made
        self.best_seconds: float | None = None
        self.best_wall: float | None = None    # whole-run seconds of the fastest so far
        self.model, self.model_path = self._model(settings)
        self.unbenchmarked: list[Candidate] = []   # judged by the classifier, never run
        self.pruned: list[Candidate] = []          # their lower bound exceeded the best time
        self._bounds = None                        # (cpu, gpu peaks, count caches), at first use
        self.classifier_summary: dict | None = None
        self.extractors: dict[int, object] = {}   # per SCoP: its ScheduleFeatures
        self.status_note = ""                  # shown beside the progress bar's best time
        self.summary_note = ""                 # added to the winner's summary comment
        self.machine = machine_fingerprint()
        self.fingerprints = [scop_fingerprint(s) for s in self.scops]
        self.options_key = options_key(options)
        self.database: TuningDatabase | None = None
        self.known: list[set[str]] = [set() for _ in self.fingerprints]
        if settings.use_database:
            try:
                self.database = TuningDatabase(options.database)
                self.known = [self.database.known_schedules(f, self.machine, self.options_key,
                                                            judge.build_command, judge.run_command)
                              for f in self.fingerprints]
            except DatabaseError as error:
                self._without_database(error, "searching without it")
        try:
            self.baselines = self._baselines() if self.scops else []
        except DatabaseError as error:
            self._without_database(error, "searching without it")
            self.baselines = self._baselines() if self.scops else []

    @staticmethod
    def _model(settings: SearchSettings):
        """The classifier model a genetic search with a classifier uses, loaded before
        anything is built (a model made for other features is refused: ModelError)."""
        if settings.classifier_mode is None:
            return None, None
        if settings.classifier_mode not in CLASSIFIER_MODES:
            raise UsageError(f"unknown classifier mode '{settings.classifier_mode}' "
                             f"(choose from {', '.join(CLASSIFIER_MODES)})")
        if settings.strategy != "ga":
            raise UsageError("a classifier judges the genetic search's schedules: it needs "
                             "--scheduler ga")
        if settings.classifier_model == PERFORMANCE or (
                settings.classifier_model or "").endswith(".npz"):
            # the default's learned performance model (polyopt.search.predicted)
            from polyopt.scheduler.learned import ModelError, load, shipped_model, shipped_path
            try:
                path = (str(shipped_path()) if settings.classifier_model == PERFORMANCE
                        else settings.classifier_model)
                return load(path), path
            except ModelError as error:
                if settings.classifier_model == PERFORMANCE and shipped_model() is None:
                    raise UsageError(f"no performance model is shipped with this polyopt "
                                     f"({error})") from None
                raise UsageError(str(error)) from None
        if settings.classifier_model in CLASSIFIER_MODES and \
                not Path(settings.classifier_model).exists():
            path = settings.classifier_model
            raise UsageError(f"no model file '{path}' (the mode is given as --classifier-mode "
                             f"{path}; --classifier alone uses the shipped model)")
        require("sklearn", "--scheduler ga with --classifier")
        from polyopt.search.classifier import default_model_path, load_model
        path = settings.classifier_model or str(default_model_path())
        return load_model(path), path

    def _without_database(self, error: DatabaseError, consequence: str) -> None:
        """The database is a cache: a warning, and the search goes on without it."""
        self.warnings.append(format_warning(f"{error.message}; {consequence}", error.location))
        if self.database is not None:
            self.database.close()
        self.database = None

    @property
    def planned(self) -> int:
        """Candidates the search means to evaluate (fewer if sampling runs dry)."""
        return len(self.baselines) + self.settings.budget

    # -- candidates -----------------------------------------------------------
    def _relaxed(self, scop: Scop, dependences: Dependences) -> Dependences:
        """The dependences of the SCoP with its private scalars expanded
        (polyopt.scheduler.privatize), within the dependence analysis's time budget; the
        given ones where it has none or they take too long."""
        from polyopt.scheduler.privatize import relaxed_dependences
        try:
            relaxed = call_with_step_limits(relaxed_dependences, self.source, scop, dependences,
                                            first="dependence analysis")
        except (TimeBoxExceeded, TimeBoxFailed) as error:
            log.info("%s: private scalars not analysed (%s); searched with every dependence",
                     scop.region.location, error)
            return dependences
        return relaxed or dependences

    def _baselines(self) -> list[Candidate]:
        result = [Candidate("original", [ScheduleResult(None, "original code")] * len(self.scops))]
        for name in ("identity", "isl") if self.settings.baselines else ():
            choices = [schedule_within_budget(name, scop, deps)
                       for scop, deps in zip(self.scops, self.every)]
            result.append(Candidate(name, choices))
        if not self.settings.baselines:
            pass
        elif self.options.target == "c":
            # what a plain run would generate (the cost model's choice, with the private
            # scalars' dependences as the pipeline has them): a search never returns
            # code slower than the default's as measured, and the genetic search starts
            # from it
            default = Candidate("default", [
                schedule_within_budget("auto", scop, deps, self.options)
                for scop, deps in zip(self.scops, self.dependences)])
            if not all(choice.as_written for choice in default.choices):   # else: "original"
                result.append(default)
        elif self.options.target == "cuda":
            # likewise on the GPU: isl's schedule as PPCG computes it (the pipeline's
            # --target cuda), with the private scalars' freedom (symm's search, without
            # it, returned code 15x slower than the default's)
            relaxed = [self._relaxed(scop, deps) if self.options.private_scalars
                       and self.options.parallel else deps
                       for scop, deps in zip(self.scops, self.dependences)]
            result.append(Candidate("default", [
                schedule_within_budget("isl-gpu", scop, deps)
                for scop, deps in zip(self.scops, relaxed)]))
        if self.options.tile and self.options.target == "c" and self.settings.baselines:
            # stencils: their time tiles (the default shape and sizes; a genetic search
            # also varies them), the other SCoPs as isl schedules them
            tiled = [time_tiled_choice(scop, deps) for scop, deps in zip(self.scops, self.every)]
            if any(choice is not None for choice in tiled):
                result.append(Candidate("time-tiles", [choice or other for choice, other
                                                       in zip(tiled, result[-1].choices)]))
        if self.options.blas:
            # the BLAS version (CBLAS, or cuBLAS on the GPU) is one more candidate, judged
            # by its time like the others
            result.append(Candidate("blas", [ScheduleResult(None, "BLAS calls", blas=True)]
                                    * len(self.scops)))
        if self.database:
            stored = [self.database.best(f, self.machine, self.options_key, self.settings.stored)
                      for f in self.fingerprints]
            for rank in range(max((len(s) for s in stored), default=0)):
                choices = []
                for evaluations in stored:
                    chosen = evaluations[min(rank, len(evaluations) - 1)] if evaluations else None
                    choices.append(stored_result(chosen) if chosen else
                                   ScheduleResult(None, "original code"))
                result.append(Candidate(f"stored-{rank + 1}", choices))
        return result

    def space(self, index: int) -> ScheduleSpace:
        """The legal schedule space of SCoP `index` (made on first use)."""
        if self.spaces[index] is None:
            # schedules legal with every dependence keep private scalars' values whole
            # (sampled with the expanded program's, nearly all would not); their code
            # has the private scalars' parallel loops all the same (self.dependences)
            self.spaces[index] = ScheduleSpace(self.scops[index], self.every[index],
                                               mode=self.settings.mode,
                                               strong_probability=self.settings.strong_probability)
        return self.spaces[index]

    # -- features -------------------------------------------------------------
    def extractor(self, index: int):
        """The ``scheduler.features.ScheduleFeatures`` of SCoP `index` (made on first use)."""
        if index not in self.extractors:
            from polyopt.scheduler.features import ScheduleFeatures
            self.extractors[index] = ScheduleFeatures(self.scops[index], self.dependences[index])
        return self.extractors[index]

    def feature_tile_sizes(self, tile_sizes):
        """The tile sizes the features see for a schedule with these (a strategy's
        genes, or None): else what the options give every band (the cache model's: None)."""
        if tile_sizes is not None:
            return tile_sizes
        if not self.options.tile:
            return [0]
        return list(self.options.tile_sizes) if self.options.tile_sizes else None

    def schedule_features(self, index: int, schedule, tile_sizes) -> dict | None:
        """The features of one schedule of SCoP `index`; None where they cannot be had."""
        try:
            return self.extractor(index).features(schedule, self.feature_tile_sizes(tile_sizes))
        except (isl.Error, PolyoptError, ValueError, KeyError, ZeroDivisionError):
            return None

    def features_of(self, index: int, schedules: list) -> list[dict | None]:
        """schedule_features of SCoP `index` for each (schedule, tile sizes) of
        `schedules`, each in a forked child that is killed past FEATURE_SECONDS of CPU,
        side by side on the CPUs: isl cannot be interrupted, and a runaway computation
        on a large skew would hang the search and ignore Ctrl-C. What all schedules
        share (the dependence polyhedra and their volumes) is computed here first."""
        from polyopt.core.timebox import map_with_cpu_limit, parallel_jobs
        with contextlib.suppress(isl.Error, PolyoptError, ValueError, KeyError,
                                 ZeroDivisionError):       # then each child fails too
            self.extractor(index).prepare()
        result: list[dict | None] = [None] * len(schedules)
        jobs = min(parallel_jobs(), max(1, self.settings.codegen_jobs or 1))
        for k, value, _, _ in map_with_cpu_limit(
                FEATURE_SECONDS, jobs, self.schedule_features,
                [(index, schedule, tiles) for schedule, tiles in schedules]):
            result[k] = value
        return result

    def _fill_features(self) -> None:
        """The features of every candidate's schedules that no classifier judged
        (``SearchSettings.features``): what a classifier would see, in --dump samples."""
        missing = [c for c in self.candidates if not c.features]
        for candidate in missing:
            candidate.features = [None] * len(candidate.choices)
        for index in range(len(self.scops)):
            wanted = [(candidate, candidate.choices[index]) for candidate in missing
                      if candidate.choices[index].schedule is not None
                      and candidate.choices[index].time_tiling is None]
            found = self.features_of(index, [(choice.schedule, choice.tile_sizes)
                                             for _, choice in wanted])
            for (candidate, _), values in zip(wanted, found):
                candidate.features[index] = values

    # -- evaluation -----------------------------------------------------------
    def _timeout(self) -> float:
        settings = self.settings
        if self.best_wall is None:
            return settings.timeout
        return min(settings.timeout, max(settings.minimum_timeout,
                                         settings.timeout_factor * self.best_wall))

    def _codegen_limit(self) -> float:
        """Seconds the code of one candidate may take: CODEGEN_SECONDS, or, once a few
        candidates' code is made, CODEGEN_FACTOR times their median (never under
        CODEGEN_MINIMUM). isl's AST generation takes from a tenth of a second to
        minutes on the schedules of one search (large skews); the slow ones were
        most of a search's time, and code that big is rarely the fastest."""
        if len(self.codegen_times) < CODEGEN_SAMPLE:
            return CODEGEN_SECONDS
        return min(CODEGEN_SECONDS, max(CODEGEN_MINIMUM,
                                        CODEGEN_FACTOR * statistics.median(self.codegen_times)))

    def _render(self, candidate: Candidate, check: bool) -> str:
        start = time.monotonic()
        limit = CODEGEN_SECONDS if check else self._codegen_limit()
        try:
            text = render_within(limit, self.source, self.scops, self.warnings,
                                 replace(self.options, check=check), candidate.choices,
                                 self.dependences)
        finally:
            candidate.codegen_seconds += time.monotonic() - start
        if not check:
            self.codegen_times.append(time.monotonic() - start)
        return text

    def _second_chance(self, candidate: Candidate, wrong: Measurement) -> Measurement:
        """A wrong output may be isl's AST generation getting a schedule tree wrong
        (tests/test_isl_ast_bug.py): generate the code from the flat schedule map
        instead, checked against the dependences (codegen.verify), and measure that.
        The static check alone is budget-bound and cannot tell for some trees."""
        choices = candidate.choices
        candidate.choices = [replace(c, flat_map=True) if c is not None and c.schedule is not None
                             else c for c in choices]
        try:
            flat = self._render(candidate, check=True)
        except PolyoptError:
            flat = None
        measurement = (self._measure(flat, candidate.name, self._timeout())
                       if flat is not None and flat != candidate.text else None)
        if measurement is not None:
            candidate.spend(measurement)
        if measurement is None or measurement.status != OK:
            candidate.choices = choices
            return wrong
        candidate.text = flat
        note = (f"isl's code for the schedule tree gave wrong output; the code {FLAT_MAP_NOTE}, "
                "which its check against the dependences did not find wrong, runs right")
        measurement.detail = f"{note}; {measurement.detail}" if measurement.detail else note
        return measurement

    def evaluate_batch(self, candidates: list[Candidate],
                       build_first: bool = False) -> list[Candidate]:
        """Build, run and judge each candidate (its status, time and text are set);
        every strategy evaluates through here. In this process they go in order; on
        a cluster they are submitted as their code is generated and judged as they
        finish (``polyopt.search.cluster``). ``build_first``: a batch none of whose
        candidates is pruned by another's time (``--tune``'s few) has all its code
        generated and built first, builds side by side, then each run in turn.
        Returns the candidates."""
        if self.remote is not None:
            return self._evaluate_remotely(candidates)
        if build_first and self.settings.codegen_jobs > 1 and len(candidates) > 1:
            return self._evaluate_built_first(candidates)
        if self._codegen_side_by_side(candidates):
            return self._evaluate_generated_first(candidates)
        for candidate in candidates:
            if not self._pruned(candidate) and self._prepare(candidate):
                self._conclude(candidate, self.judge.measure(candidate.text, candidate.name,
                                                             self._timeout()))
            self._advance()
        return candidates

    def _evaluate_built_first(self, candidates: list[Candidate]) -> list[Candidate]:
        """``evaluate_batch`` with every candidate's code generated, then built by up to
        ``codegen_jobs`` compilers side by side, then each run and judged in turn,
        nothing else running while it is timed."""
        left = [candidate for candidate in candidates if not self._pruned(candidate)]
        ready = [candidate for candidate, made in
                 self._prepare_all(left, self.settings.codegen_jobs) if made]
        built = self.judge.build_all([(c.text, c.name) for c in ready if not _as_written(c)],
                                     self.settings.codegen_jobs)
        ready_ids = {id(candidate) for candidate in ready}
        try:
            for candidate in candidates:
                if id(candidate) in ready_ids:
                    self._conclude(candidate, self.judge.measure(
                        candidate.text, candidate.name, self._timeout(), executables=built))
                self._advance()
        finally:
            built.discard(self.judge.evaluator)
        return candidates

    def _codegen_side_by_side(self, candidates: list[Candidate]) -> bool:
        """Whether the batch's code is worth making in forked processes: more than one
        candidate, more than one job, and code that takes long enough (the median
        of the candidates' so far, once CODEGEN_SAMPLE are made) that starting a
        process per candidate is noise beside it."""
        return (self.settings.codegen_jobs > 1 and len(candidates) > 1
                and len(self.codegen_times) >= CODEGEN_SAMPLE
                and statistics.median(self.codegen_times) >= SIDE_BY_SIDE_SECONDS)

    def _evaluate_generated_first(self, candidates: list[Candidate]) -> list[Candidate]:
        """``evaluate_batch`` with the batch's code generated first, by up to
        ``codegen_jobs`` forked processes side by side (code generation is most of a
        search's time: seconds per schedule), then each candidate built, run and
        judged in turn, nothing else running while it is timed. A candidate is
        pruned by the best time before its batch, and again at its turn (the best may
        have fallen meanwhile: its code was made, but it is neither built nor run)."""
        left = [candidate for candidate in candidates if not self._pruned(candidate)]
        ready = {id(candidate) for candidate, made in
                 self._prepare_all(left, self.settings.codegen_jobs) if made}
        for candidate in candidates:
            if id(candidate) in ready:
                if self._pruned(candidate):
                    self.candidates.remove(candidate)
                else:
                    self._conclude(candidate, self.judge.measure(candidate.text, candidate.name,
                                                                 self._timeout()))
            self._advance()
        return candidates

    def bound(self, candidate: Candidate) -> float | None:
        """Seconds the candidate's code takes at least (``polyopt.search.bound``), or
        None where the bound cannot be had (kept on the candidate)."""
        if candidate.bound is not None:
            return candidate.bound
        from polyopt.search import bound
        if self._bounds is None:
            gpu = None
            if self.options.target == "cuda":
                from polyopt.core.machine.gpu import Device, detect
                found = detect()
                gpu = bound.GpuPeaks.of(found if isinstance(found, Device) else None)
            self._bounds = (bound.cpu_peaks(), gpu, [{} for _ in self.scops])
        cpu, gpu, caches = self._bounds
        # in a child with a CPU limit: the scheduling, tiling and checks of a tiled random
        # schedule can take isl many minutes, and cannot be interrupted (the candidate's
        # own generation has its time limits; the caches of lines touched stay the child's)
        try:
            candidate.bound, _ = call_with_cpu_limit(
                BOUND_SECONDS, bound.candidate_bound, self.scops, self.dependences,
                self.options, candidate.choices, cpu, gpu, caches)
        except (PolyoptError, isl.Error, TimeBoxExceeded, TimeBoxFailed) as error:
            log.debug("%s: no lower bound: %s", candidate.name, error)
            return None
        return candidate.bound

    def _pruned(self, candidate: Candidate) -> bool:
        """Whether the candidate cannot beat the best time measured so far (its bound is
        above it): then it is recorded as PRUNED and never built. Baselines are not."""
        if not self.settings.bound:
            return False
        lower = self.bound(candidate)     # kept for every candidate (--dump samples)
        if (lower is None or lower <= (self.best_seconds or math.inf)
                or candidate in self.baselines or _as_written(candidate)):
            return False
        candidate.status = PRUNED
        candidate.detail = (f"lower bound {lower:.4g} s is above the best time so far "
                            f"{self.best_seconds:.4g} s")
        self.pruned.append(candidate)
        log.info("%s: %s", candidate.name, candidate.detail)
        return True

    def _evaluate_remotely(self, candidates: list[Candidate]) -> list[Candidate]:
        candidates_left = []
        for candidate in candidates:
            if self._pruned(candidate):
                self._advance()
            else:
                candidates_left.append(candidate)
        try:
            for candidate, ready in self._prepare_all(candidates_left, self.cluster.codegen_jobs):
                if ready:
                    self.remote.submit(candidate, self._timeout())
                else:
                    self._advance()
        except BaseException:         # Ctrl-C while generating code: nothing left running
            self.remote.cancel()
            raise
        for candidate, result, status, detail in self.remote.results():
            self._conclude(candidate, self._remote_measurement(result, status, detail))
            self._advance()
        return candidates

    def _remote_measurement(self, result, status: str, detail: str) -> Measurement:
        """A worker's RemoteMeasurement as a Measurement in this machine's terms."""
        if result is None:
            return Measurement(status, None, detail)
        if result.machine == self.machine:
            # a machine like this one (--jobs, or a node of the same kind): its times
            # are comparable as they are; scaling them by the ratio of two single runs
            # of the original would only add those runs' noise
            seconds, wall = result.seconds, result.wall_seconds
        else:
            reference = self.judge.reference
            seconds = result.scaled(result.seconds, self.judge.seconds(reference))
            wall = result.scaled(result.wall_seconds, reference.seconds, wall=True)
        return Measurement(result.status, seconds, result.detail, wall, result.machine,
                           result.seconds, result.build_seconds, result.run_seconds)

    def _measure(self, text: str, label: str, timeout: float,
                 verified: bool = False) -> Measurement:
        """One measurement, here or on the cluster (`verified`: time it only, there)."""
        if self.remote is None:
            return self.judge.measure(text, label, timeout)
        return self._remote_measurement(*self.remote.measure_now(label, text, timeout, verified))

    def _prepare(self, candidate: Candidate) -> bool:
        """Generate the candidate's code; False if that failed (its status is set)."""
        self.candidates.append(candidate)
        if _as_written(candidate):
            candidate.text = self.source.text
            return True
        try:
            # Running a candidate verifies it; the static check of its code (seconds
            # per schedule) is kept for the candidates whose output is wrong.
            candidate.text = self._render(candidate, check=False)
        except PolyoptError as error:
            candidate.status, candidate.detail = "polyopt error", str(error)
            return False
        return True

    def _prepare_all(self, candidates: list[Candidate], jobs: int):
        """``_prepare`` for each candidate, the code of up to `jobs` generated side by
        side in forked processes (on a cluster: the workers build and run meanwhile).
        Yields (candidate, ready) as each is done."""
        generated = []
        for candidate in candidates:
            if jobs <= 1 or _as_written(candidate):
                yield candidate, self._prepare(candidate)
            else:
                self.candidates.append(candidate)
                generated.append(candidate)
        if not generated:
            return
        options = replace(self.options, check=False)
        for index, text, error, spent in render_many_within(
                self._codegen_limit, jobs, self.source, self.scops, self.warnings, options,
                [c.choices for c in generated], self.dependences):
            candidate = generated[index]
            candidate.codegen_seconds += spent
            if error is not None:
                candidate.status, candidate.detail = "polyopt error", str(error)
                yield candidate, False
            else:
                self.codegen_times.append(spent)
                candidate.text = text
                yield candidate, True

    def _conclude(self, candidate: Candidate, measurement: Measurement) -> None:
        """Judge a candidate by its measurement (a wrong output gets its second chance)."""
        candidate.spend(measurement)
        if measurement.status == WRONG and self.options.check and candidate.choices:
            measurement = self._second_chance(candidate, measurement)
        candidate.status, candidate.detail = measurement.status, measurement.detail
        if measurement.status == OK:
            candidate.add_measurement(measurement)
            if self.best_seconds is None or measurement.seconds < self.best_seconds:
                self.best_seconds = measurement.seconds
                self.best_wall = measurement.wall_seconds
        log.info("%s: %s %s", candidate.name, candidate.status,
                 f"{measurement.seconds:.4g} s" if measurement.seconds is not None else candidate.detail)

    def _finals(self) -> Candidate:
        """The fastest candidates timed again, interleaved; a finalist that fails a
        final run (a timeout: its first time was luck) is out. If every finalist
        is out, the next ones are tried."""
        ok = sorted((c for c in self.candidates if c.status == OK), key=lambda c: c.median)
        if not ok:
            raise PolyoptError("search: no candidate built, ran and verified "
                               "(not even the original; see --dump samples)")
        # three times the usual limit: a slow final run must be recorded (it moves
        # the median), only a candidate far slower than its first time is out
        timeout = min(self.settings.timeout, max(
            self.settings.minimum_timeout, 3 * self.settings.timeout_factor * self.best_wall))
        # a baseline (the original code, the original order, isl's schedule) is timed
        # once in the first pass; one noisy run must not keep it out: within 2x of
        # the best, it joins the first finalists
        count = self.settings.finalists
        close = [c for c in ok[count:] if c in self.baselines and c.median <= 2 * ok[0].median]
        rest = [c for c in ok[count:] if c not in close]
        batches = [ok[:count] + close] + [rest[i:i + count] for i in range(0, len(rest), count)]
        for finalists in batches:
            out: set[str] = set()
            for _ in range(self.settings.final_repeat):
                for candidate in finalists:
                    if candidate.name in out:
                        continue
                    measurement = self._measure(candidate.text, candidate.name, timeout,
                                                verified=True)
                    candidate.spend(measurement)
                    if measurement.status == OK:
                        candidate.add_measurement(measurement)
                    else:
                        out.add(candidate.name)
                        candidate.status = measurement.status
                        candidate.detail = f"final run: {measurement.detail}"
            standing = [c for c in finalists if c.name not in out]
            if standing:
                return min(standing, key=lambda c: c.median)
        raise PolyoptError("search: every candidate failed when timed again "
                           "(see --dump samples)")

    def _record(self, best: Candidate | None) -> None:
        """Store every finished candidate (not one interrupted, nor one never run)."""
        if not self.database:
            return
        # on a cluster, under the machine that timed it, with the seconds measured there
        rows = [(fingerprint, candidate.machine or self.machine, self.options_key, Evaluation(
                    text, candidate.name, candidate.status,
                    statistics.median(candidate.machine_seconds) if candidate.machine_seconds
                    else candidate.median, candidate.detail,
                    self.judge.build_command, self.judge.run_command, winner=candidate is best,
                    tile_sizes=tiles),
                 self.source.name)
                for candidate in self.candidates
                if candidate.status not in ("", "polyopt error", LOST, PRUNED)
                for fingerprint, text, tiles in zip(self.fingerprints, candidate.schedule_texts(),
                                                     candidate.tile_texts())]
        try:
            self.database.record_all(rows)
        except DatabaseError as error:
            self._without_database(error, "this search's results are not stored")

    def run(self) -> SearchResult:
        if not self.scops:
            raise UsageError(f"{self.source.name}: no SCoP to search a schedule for")
        started = time.monotonic()
        reference = self.judge.start(self.source.text)
        self.best_seconds, self.best_wall = reference, self.judge.reference.seconds
        if self.cluster is not None:
            from polyopt.search.cluster import RemoteJudge
            self.remote = RemoteJudge(self.cluster, self.judge, self.source.text)
        best = None
        try:
            self.evaluate_batch(self.baselines)
            strategy(self.settings.strategy).explore(self)
            best = self._finals()
            if self.settings.features:
                self._fill_features()
        finally:
            if self.remote is not None:
                self.remote.close()
            self._record(best)
            if self.database:
                self.database.close()
        if any(c.as_written for c in best.choices):
            kept = self._kept_description(best)
            best.choices = [replace(c, description=kept) if c.as_written else c
                            for c in best.choices]
        if self.summary_note:
            best.choices = [replace(c, description=f"{c.description}; {self.summary_note}")
                            for c in best.choices]
        # The candidates' code was generated unchecked (running verified it, and a
        # program's data can hide a wrong one: PolyBench's seidel-2d is a fixed point
        # of its stencil); this generation checks the winner's. A SCoP it leaves
        # unchanged (its check found the code wrong, or ran out of time) stays as
        # written: never the benchmarked text instead.
        optimized = render(self.source, self.scops, self.warnings, self.options,
                           best.choices, self.dependences)
        if all(c.as_written for c in best.choices):
            optimized.text = self.source.text
        result = SearchResult(best, self.candidates, optimized, reference,
                              self.sampling_seconds, self.notes, self.unbenchmarked,
                              self.classifier_summary, self.pruned)
        log.info("search: %.3g s in all; %s (summed over the processes that ran them)",
                 time.monotonic() - started, ", ".join(
                     f"{phase} {seconds:.3g} s" for phase, seconds in result.phase_seconds().items()))
        return result

    def _kept_description(self, best: Candidate) -> str:
        """Why the winner leaves a SCoP as written: it was fastest (and what came next)."""
        others = [c for c in self.candidates if c.status == OK and c is not best and c.median]
        runner = min(others, key=lambda c: c.median, default=None)
        after = f"; next '{runner.name}' {runner.median:.4g} s" if runner else ""
        return (f"it was the fastest in a search of {len(self.candidates)} candidates "
                f"('{best.name}' {best.median:.4g} s{after})")

    def _advance(self) -> None:
        if self.progress is not None:
            self.progress.update(1)
            self._postfix()

    def show_status(self, note: str) -> None:
        """A strategy's word beside the best time on the progress bar (a classifier's
        counts), shown at once: GA_C judges generations without running anything."""
        self.status_note = note
        if self.progress is not None:
            self._postfix()

    def _postfix(self) -> None:
        # one run each so far; the final rounds time the fastest again
        best = f"best first run {self.best_seconds:.4g} s" if self.best_seconds is not None else ""
        self.progress.set_postfix_str(", ".join(filter(None, [best, self.status_note])))


def time_tiled_choice(scop, dependences, gene: tuple[str, tuple[int, ...]] | None = None,
                      description: str = "time tiles") -> ScheduleResult | None:
    """The SCoP's time tiles (scheduler.stencil) as a search's choice: of `gene`'s
    shape and sizes, or the default ones; None where it is no stencil or they
    cannot be made."""
    from polyopt.scheduler.stencil import steps_depend, time_tile_or_why
    if not steps_depend(scop, dependences.all):
        return None
    shape, sizes = gene if gene is not None else ("auto", None)
    tiling, _ = time_tile_or_why(scop, dependences.all, list(sizes) if sizes else None, shape)
    if tiling is None:
        return None
    return ScheduleResult(tiling.schedule, f"{description}: {tiling.description}",
                          time_tiling=tiling, time_tile=tiling.gene)


def _as_written(candidate: Candidate) -> bool:
    """The candidate keeps every SCoP as written: its text is the source's, no code made."""
    return not candidate.choices or all(c.as_written for c in candidate.choices)


# name -> strategy class; each strategy's module registers itself (``register``) and the
# package imports them all, so that the driver never imports a strategy back
_STRATEGY_CLASSES: dict[str, type] = {}


def register(name: str):
    """Class decorator: the strategy of `name` (one of STRATEGIES)."""
    def decorate(cls):
        _STRATEGY_CLASSES[name] = cls
        return cls
    return decorate


def strategy(name: str):
    """The strategy object of a name in STRATEGIES: its ``explore(search)`` proposes
    candidates and evaluates them with ``search.evaluate_batch``."""
    if name not in _STRATEGY_CLASSES:
        raise UsageError(f"unknown search strategy '{name}' (choose from {', '.join(STRATEGIES)})")
    return _STRATEGY_CLASSES[name]()


def _rational(value):
    """A genetic operator's rational coefficient in JSON: an integer, or "p/q"."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def samples_json_lines(result: SearchResult) -> str:
    """Every evaluated candidate, one JSON object per line (see ``--dump samples``)."""
    lines = []
    for candidate in result.candidates + result.unbenchmarked + result.pruned:
        for index, choice in enumerate(candidate.choices):
            sample = candidate.samples[index] if index < len(candidate.samples) else None
            entry = {
                "candidate": candidate.name, "scop": index, "status": candidate.status,
                "seconds": candidate.median, "runs": candidate.seconds,
                "best": candidate is result.best, "detail": candidate.detail,
                "schedule": choice_text(choice),
                "generation": candidate.generation, "operator": candidate.operator,
                "parents": candidate.parents,
                "tile_sizes": choice.tile_sizes if choice.schedule is not None else None,
                # a stencil's time tiles (they replace the matrix's schedule, if any)
                "time_tile": (None if choice.time_tile is None else
                              {"shape": choice.time_tile[0], "sizes": list(choice.time_tile[1])}),
                "prediction": candidate.prediction,
                # --target cuda: the GPU genes (block sizes x first, shared memory,
                # registers, coarsening)
                "gpu": None if choice.gpu is None else gpu_genes.as_dict(choice.gpu),
                "bound": candidate.bound,         # the whole candidate's lower bound, seconds
                # the candidate's (not the SCoP's) wall seconds by phase, final runs
                # included; on a cluster compilation and runs are the workers'
                "codegen_seconds": candidate.codegen_seconds,
                "build_seconds": candidate.build_seconds, "run_seconds": candidate.run_seconds,
            }
            if result.classifier is not None or candidate.features:
                entry["features"] = (candidate.features[index]
                                     if index < len(candidate.features) else None)
            if result.classifier is not None:
                entry["probability"] = (candidate.probabilities[index]
                                        if index < len(candidate.probabilities) else None)
                entry["classifier"] = result.classifier
            if sample is not None:
                entry["matrix"] = [list(row) for row in sample.matrix()]
                entry["rows"] = [row.how for row in sample.rows]
                entry["combinations"] = [None if row.combination is None else {
                    "vertex": row.combination.vertex, "rays": row.combination.rays,
                    "lines": row.combination.lines,
                    "vertices": row.combination.vertices,
                    "weak": sorted(row.region.weak), "strong": sorted(row.region.strong)}
                    for row in sample.rows]
            lines.append(json.dumps(entry, default=_rational))
    return "\n".join(lines) + "\n"
