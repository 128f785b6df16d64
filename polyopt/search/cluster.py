"""Evaluating a search's candidates on a Dask cluster (``--jobs N``, ``--cluster ADDRESS``).

Why Dask: scheduling, worker deaths, resources and SLURM/PBS launchers are
solved there (``distributed``, ``dask-jobqueue``); polyopt only says what a
task is. Without ``--jobs``/``--cluster`` nothing here is imported and the
search runs in-process as before.

What runs where:

* The **client** (the ``polyopt`` process) keeps everything that holds isl
  objects: the model, the strategy, code generation of each candidate (in
  ``Cluster.codegen_jobs`` forked processes side by side, each inheriting the
  SCoPs; it overlaps with the workers' builds and verification runs: a
  candidate is submitted as soon as its text is made; timed runs of a batch
  start once all its code is made), the judge's decisions, and the tuning
  database, whose only writer it stays.
* A **worker** receives source text and the judge (its build and run commands,
  tolerance, what it compares and times; pickled) and returns a
  ``RemoteMeasurement``: status, seconds, detail, and which machine it ran on.
  Each worker process builds and runs the original once per search
  (``_worker_judge``): that is the reference its candidates' outputs are
  compared with, and, on a timing worker, the machine's own time of the
  original.

Timing is never shared. A candidate is evaluated in two tasks:

1. ``verify_task`` (no resource: any worker, side by side with others): build,
   run once, compare the output with that worker's reference. A build error,
   crash, timeout or wrong output ends the candidate here.
2. ``time_task`` (resource ``timing=1``): run again on a worker that holds the
   machine's one ``timing`` unit, compare again, and time. It runs the executable
   the verification task left on that machine (``Executables``), so the machine
   is not held for a compilation; it builds only where the verification ran on
   another machine. Workers are
   started with ``--resources timing=1`` on one worker per machine (optionally a
   second worker without it for builds and verification runs), so each machine
   times one program at a time. ``--jobs N`` starts N local worker processes of
   which one holds ``timing``.

Machines differ: a time measured on a machine of another kind (another
``machine_fingerprint``) is scaled to the client's reference by the ratio of the
two machines' times of the original (``RemoteMeasurement.scaled``) before
candidates are compared; times from machines of the client's kind (``--jobs``)
are compared as they are. The database records the raw seconds under the
fingerprint of the machine that timed them.

Faults: a worker that dies mid-task is the scheduler's to retry elsewhere
(``distributed.scheduler.allowed-failures``; the local cluster allows 1). A task
that fails that way once more is resubmitted once by the client; after that the
candidate is recorded as ``lost worker`` (not stored in the database: it says
nothing about the schedule). With no worker (or none with ``timing``) for
``NO_WORKER_SECONDS`` the remaining candidates are lost too. Ctrl-C cancels the
outstanding futures; only finished candidates reach the database. A scheduler
that cannot be reached within ``CONNECT_TIMEOUT`` seconds is a ``UsageError``.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import logging
import os
import shutil
import signal
import socket
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field, replace
from pathlib import Path

from polyopt.core.errors import PolyoptError, UsageError
from polyopt.core.extras import require
from polyopt.frontend.source import encode_text
from polyopt.search.statuses import LOST, OK

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 10.0     # seconds to reach a scheduler before giving up
NO_WORKER_SECONDS = 60.0   # seconds without a (timing) worker before candidates are lost
POLL_SECONDS = 0.5         # how often the client looks at its futures and the workers
TIMING = "timing"          # the worker resource of the one timed run per machine


@dataclass
class RemoteMeasurement:
    """What a worker returns for one candidate (its fields are plain data)."""
    status: str
    seconds: float | None
    detail: str
    wall_seconds: float | None
    machine: str                # tuning.machine_fingerprint() of the worker's machine
    host: str
    reference_seconds: float    # that worker's time of the original (judge.seconds)
    reference_wall: float       # ... and of its whole run
    build_seconds: float = 0.0  # wall seconds compiling and running on the worker (the
    run_seconds: float = 0.0    # client sums a candidate's verify and time tasks)

    def scaled(self, seconds: float | None, reference: float, wall: bool = False) -> float | None:
        """`seconds` measured here, in the client's terms: times the ratio of the
        client's time of the original (`reference`) to this machine's (of the
        whole run if `wall`)."""
        mine = self.reference_wall if wall else self.reference_seconds
        if seconds is None or not mine or not reference:
            return seconds
        return seconds * reference / mine


# -- on the workers -------------------------------------------------------------
_KEPT_SEARCHES = 4                       # searches whose judges a worker keeps at once
_judges: dict[str, _WorkerJudge] = {}    # search key -> this worker's judge of it
_judges_lock = threading.Lock()


@dataclass
class _WorkerJudge:
    """A worker's judge of one search, and its time of the original: measured in a
    timed task (under the machine's ``timing`` resource) once one comes."""
    judge: object
    reference_seconds: float
    reference_wall: float
    timed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


@contextlib.contextmanager
def children_allowed():
    """On a worker: let this task start processes of its own. A worker process that a
    nanny started is a daemonic ``multiprocessing`` process, which may not have
    children, yet polyopt's pipeline runs steps within time budgets in forked
    processes (``polyopt.core.timebox``). The flag only serves to kill such children
    when the worker exits; timebox ends its own children."""
    import multiprocessing
    process = multiprocessing.current_process()
    daemon = process._config.get("daemon")
    process._config["daemon"] = False
    try:
        yield
    finally:
        if daemon is not None:
            process._config["daemon"] = daemon


class Executables:
    """The executables built on this machine for one search, by text: a candidate's
    verification task builds it (on any worker), its timed task on a worker of the
    same machine runs that build instead of compiling again while it holds the
    machine's ``timing`` resource. A directory in the machine's temp directory,
    shared by its worker processes; removed when the search ends (``forget``)."""

    def __init__(self, key: str):
        self.directory = Path(tempfile.gettempdir()) / f"polyopt-dask-{key}"

    def _path(self, text: str) -> Path:
        return self.directory / hashlib.sha256(encode_text(text)).hexdigest()

    def get(self, evaluator, text: str, label: str, origin: Path | None):
        """A Program of the executable built from `text` here before, or None."""
        path = self._path(text)
        if not path.is_file():
            return None
        try:
            return evaluator.adopt(path, text, label, origin=origin)
        except OSError as error:
            log.debug("%s: cannot reuse %s (%s); building it again", label, path, error)
            return None

    def put(self, text: str, program) -> None:
        """Keep `program`'s executable (whole or not at all: another process may read it)."""
        path = self._path(text)
        partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}")
        try:
            self.directory.mkdir(exist_ok=True)
            shutil.copy2(program.executable, partial)
            os.replace(partial, path)
        except OSError as error:
            log.debug("cannot keep %s's executable (%s)", program.label, error)
            partial.unlink(missing_ok=True)

    def forget(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)


def forget_search(key: str) -> None:
    """On each worker (``Client.run``) at a search's end: its judge and executables."""
    with _judges_lock:
        _judges.pop(key, None)
    Executables(key).forget()


def _worker_judge(key: str, judge, original_text: str) -> _WorkerJudge:
    """This worker's judge of search `key`: the original built and run here once."""
    with _judges_lock:
        state = _judges.get(key)
        if state is None:
            started = copy.copy(judge)
            if started.origin is not None and not started.origin.parent.is_dir():
                started.origin = None      # no shared file system: no local includes
            started.start(original_text)
            state = _WorkerJudge(started, started.seconds(started.reference),
                                 started.reference.seconds)
            while len(_judges) >= _KEPT_SEARCHES:
                forgotten = next(iter(_judges))      # a search whose client went away
                _judges.pop(forgotten)
                Executables(forgotten).forget()
            _judges[key] = state
        return state


def _measure_here(key: str, judge, original_text: str, text: str, label: str,
                  timeout: float, runs: int, timed: bool) -> RemoteMeasurement:
    from polyopt.tuning import machine_fingerprint
    state = _worker_judge(key, judge, original_text)
    original = None
    if timed and not state.timed:
        with state.lock:           # the machine's time of the original, timed alone
            if not state.timed:
                original = state.judge.measure(original_text, "original",
                                               state.judge.evaluator.timeout)
                if original.seconds is not None:
                    state.reference_seconds = original.seconds
                    state.reference_wall = original.wall_seconds
                state.timed = True
    with children_allowed():
        measurement = state.judge.measure(text, label, timeout, runs, Executables(key))
    spent = [measurement] + ([original] if original is not None else [])
    return RemoteMeasurement(measurement.status, measurement.seconds, measurement.detail,
                             measurement.wall_seconds, machine_fingerprint(),
                             socket.gethostname(), state.reference_seconds, state.reference_wall,
                             sum(m.build_seconds for m in spent),
                             sum(m.run_seconds for m in spent))


def verify_task(key, judge, original_text, text, label, timeout) -> RemoteMeasurement:
    """Build, run once, compare (any worker, side by side with other tasks)."""
    return _measure_here(key, judge, original_text, text, label, timeout, 1, False)


def time_task(key, judge, original_text, text, label, timeout, runs=1) -> RemoteMeasurement:
    """Build, run `runs` times, compare, time (submitted with the ``timing`` resource)."""
    return _measure_here(key, judge, original_text, text, label, timeout, runs, True)


# -- on the client ----------------------------------------------------------------
class Cluster:
    """A Dask client, with the local cluster it started for ``--jobs``."""

    def __init__(self, client, local=None):
        self.client, self.local = client, local
        # candidates whose code the client generates side by side (forked processes):
        # as many as local workers (a batch's timed runs start only once its code is
        # all made: they never share the machine with code generation), or this
        # machine's cores beside a remote cluster
        self.codegen_jobs = (len(local.workers) if local is not None
                             else max(1, len(os.sched_getaffinity(0))))
        self.description = (
            f"a local Dask cluster of {len(local.workers)} worker processes"
            if local is not None else f"the Dask scheduler at {client.scheduler.address}")

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc_info):
        self.close()

    def close(self) -> None:
        try:
            self.client.close(timeout=5)
        except Exception as error:                # noqa: BLE001 - closing is best effort
            log.debug("closing the Dask client: %s", error)
        if self.local is not None:
            try:
                self.local.close(timeout=10)
            except Exception as error:            # noqa: BLE001
                log.debug("closing the local Dask cluster: %s", error)

    def workers(self) -> dict[str, dict]:
        """The scheduler's workers: address -> info (with 'resources')."""
        try:
            return self.client.scheduler_info(n_workers=-1)["workers"]
        except TypeError:                         # distributed before n_workers
            return self.client.scheduler_info()["workers"]


def connect(jobs: int | None = None, address: str | None = None) -> Cluster:
    """A client of a new local cluster of `jobs` worker processes, or of the
    scheduler at `address`. Raises UsageError if the scheduler cannot be reached."""
    dask = require("dask", "--jobs or --cluster")
    require("distributed", "--jobs or --cluster")
    from distributed import Client, Nanny, Scheduler, SpecCluster
    # Dask's own log: what matters to a user reaches them as polyopt's errors (a lost
    # scheduler, a lost worker); its warnings with -v, its INFO lines with -vv
    level = logging.getLogger().getEffectiveLevel()
    quiet = (logging.CRITICAL if level >= logging.WARNING else
             logging.WARNING if level == logging.INFO else logging.INFO)
    for name, logger in list(logging.root.manager.loggerDict.items()):
        if name.split(".")[0] in ("distributed", "dask") and isinstance(logger, logging.Logger):
            logger.setLevel(quiet)        # each: Dask's configuration sets some levels
    if address is not None:
        _probe(address)
        try:
            client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise PolyoptError(f"--cluster {address}: cannot reach a Dask scheduler there within "
                             f"{CONNECT_TIMEOUT:g} s ({type(error).__name__}: {error})") from None
        except ValueError as error:
            raise PolyoptError(f"--cluster {address}: {error}") from None
        return Cluster(client)
    if jobs is None or jobs < 1:
        raise UsageError("--jobs must be at least 1")
    workers = {f"polyopt-{index}": {"cls": Nanny, "options": {
        "nthreads": 1, "resources": {TIMING: 1} if index == 0 else {},
        "dashboard": False, "silence_logs": quiet, "host": "127.0.0.1"}}
        for index in range(jobs)}
    with dask.config.set({"distributed.scheduler.allowed-failures": 1,
                          "distributed.worker.daemon": False}), _workers_ignore_interrupts():
        local = SpecCluster(scheduler={"cls": Scheduler, "options": {
                                "host": "127.0.0.1", "dashboard": False,
                                "dashboard_address": "127.0.0.1:0"}},   # no fixed port
                            workers=workers, silence_logs=quiet,
                            name="polyopt")
        client = Client(local, timeout=CONNECT_TIMEOUT, set_as_default=False)
    return Cluster(client, local)


def _probe(address: str) -> None:
    """A UsageError unless something accepts TCP connections at `address` within
    CONNECT_TIMEOUT (a Client that fails to connect leaves noise at exit)."""
    from distributed.comm.addressing import parse_address, parse_host_port
    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            return
        host, port = parse_host_port(location)
    except ValueError as error:
        raise PolyoptError(f"--cluster {address}: {error}") from None
    deadline = time.monotonic() + CONNECT_TIMEOUT
    while True:
        try:
            socket.create_connection((host, port), timeout=max(0.1, deadline - time.monotonic())
                                     ).close()
            return
        except OSError as error:
            if time.monotonic() >= deadline:
                raise PolyoptError(f"--cluster {address}: cannot reach a Dask scheduler there "
                                 f"within {CONNECT_TIMEOUT:g} s ({error.strerror or error})"
                                 ) from None
            time.sleep(0.2)


@contextlib.contextmanager
def _workers_ignore_interrupts():
    """Worker processes started here inherit an ignored SIGINT: Ctrl-C in a terminal
    reaches the whole process group, and it is this process that stops them (by
    closing the cluster), not a traceback in each worker."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@dataclass
class _Submitted:
    """A text to evaluate that is not a search candidate (a second chance, a final run)."""
    name: str
    text: str


@dataclass
class _Task:
    """A candidate's future: its phase ('verify' or 'time') and resubmissions."""
    candidate: object
    phase: str
    timeout: float
    runs: int = 1
    attempts: int = 0
    build_seconds: float = 0.0   # of its tasks so far (verify, then time)
    run_seconds: float = 0.0


class RemoteJudge:
    """Submits candidates of one search to the cluster and collects their results."""

    def __init__(self, cluster: Cluster, judge, original_text: str):
        self.cluster, self.judge, self.original_text = cluster, judge, original_text
        self.key = uuid.uuid4().hex
        shipped = copy.copy(judge)            # what workers need, without the client's state
        shipped.reference, shipped._strict_reference = None, None
        shipped._strictly_right = {}
        shipped.evaluator = _fresh_evaluator(judge.evaluator)
        if judge.strict is not None:
            shipped.strict = _fresh_evaluator(judge.strict)
        self.shipped = shipped
        self._pending: dict = {}               # future -> _Task
        self._quiet_since: float | None = None

    # submitting
    def _submit(self, task: _Task):
        candidate = task.candidate
        client = self.cluster.client
        if task.phase == "verify":
            future = client.submit(verify_task, self.key, self.shipped, self.original_text,
                                   candidate.text, candidate.name, task.timeout, pure=False)
        else:
            future = client.submit(time_task, self.key, self.shipped, self.original_text,
                                   candidate.text, candidate.name, task.timeout, task.runs,
                                   resources={TIMING: 1}, pure=False)
        self._pending[future] = task

    def submit(self, candidate, timeout: float, verified: bool = False) -> None:
        """Evaluate `candidate.text`: verify, then time (only time if `verified`)."""
        self._submit(_Task(candidate, "time" if verified else "verify", timeout))

    def measure_now(self, name: str, text: str, timeout: float, verified: bool = False):
        """One evaluation, waited for, apart from a batch in flight: (RemoteMeasurement
        or None, status, detail)."""
        alone = copy.copy(self)
        alone._pending, alone._quiet_since = {}, None
        alone.submit(_Submitted(name, text), timeout, verified)
        for _, result, status, detail in alone.results():
            return result, status, detail
        raise PolyoptError(f"{name}: the Dask cluster returned no result")

    def close(self) -> None:
        """The search is over: the workers drop its judge and executables (not
        when the scheduler is lost: the client would wait for it to come back)."""
        client = self.cluster.client
        if client.status != "running":
            return
        try:
            client.run(forget_search, self.key, on_error="ignore")
        except Exception as error:        # noqa: BLE001 - best effort, the client may be down
            log.debug("forgetting search %s on the workers: %s", self.key, error)

    def cancel(self) -> None:
        """Cancel what is outstanding (Ctrl-C): nothing of it is recorded."""
        futures = list(self._pending)
        self._pending.clear()
        if futures:
            try:
                self.cluster.client.cancel(futures)
            except Exception as error:     # noqa: BLE001 - the client may be going down
                log.debug("cancelling futures: %s", error)

    # collecting
    def results(self):
        """Yield (candidate, RemoteMeasurement or None, status, detail) as candidates
        finish; a verified candidate is resubmitted for timing first. `candidate` is
        what was submitted: anything with ``name`` and ``text``."""
        try:
            while self._pending:
                done = wait_some(self.cluster, list(self._pending))
                if not done:
                    yield from self._check_workers()
                    continue
                self._quiet_since = None
                for future in done:
                    task = self._pending.pop(future)
                    yield from self._finished(future, task)
        except BaseException:
            self.cancel()
            raise

    def _finished(self, future, task: _Task):
        from distributed import CancelledError
        try:
            result = future.result()
        except CancelledError as error:
            yield from self._lost(task, f"cancelled by the scheduler ({error})")
            return
        except Exception as error:               # noqa: BLE001 - what the worker raised
            if worker_died(error):
                yield from self._lost(task, f"{type(error).__name__}: {error}")
                return
            yield task.candidate, None, "polyopt error", (
                f"on a Dask worker: {type(error).__name__}: {error}")
            return
        task.build_seconds += result.build_seconds
        task.run_seconds += result.run_seconds
        if task.phase == "verify" and result.status == OK:
            self._submit(_Task(task.candidate, "time", task.timeout, task.runs,
                               build_seconds=task.build_seconds, run_seconds=task.run_seconds))
            return
        result = replace(result, build_seconds=task.build_seconds,
                         run_seconds=task.run_seconds)
        yield task.candidate, result, result.status, result.detail

    def _lost(self, task: _Task, why: str):
        if task.attempts < 1:
            log.info("%s: a worker died (%s); submitting it again", task.candidate.name, why)
            task.attempts += 1
            self._submit(task)
            return
        yield task.candidate, None, LOST, f"the worker died twice ({why})"

    def _check_workers(self):
        """Candidates are lost when no worker (with timing, if one is wanted) has
        been there for NO_WORKER_SECONDS."""
        workers = self.cluster.workers()
        timing = any(info.get("resources", {}).get(TIMING) for info in workers.values())
        wanted_timing = any(t.phase == "time" for t in self._pending.values())
        if workers and (timing or not wanted_timing):
            self._quiet_since = None
            return
        now = time.monotonic()
        if self._quiet_since is None:
            self._quiet_since = now
            log.warning("no Dask worker%s is connected; waiting up to %g s",
                        f" with the '{TIMING}' resource" if workers else "", NO_WORKER_SECONDS)
            return
        if now - self._quiet_since < NO_WORKER_SECONDS:
            return
        why = ("no Dask worker" if not workers else
               f"no Dask worker with the '{TIMING}' resource (start one with "
               f"--resources {TIMING}=1)") + f" for {NO_WORKER_SECONDS:g} s"
        tasks = list(self._pending.values())
        self.cancel()
        for task in tasks:
            yield task.candidate, None, LOST, why


def wait_some(cluster: Cluster, futures: list, timeout: float = POLL_SECONDS) -> list:
    """The futures that are done (finished, failed or cancelled) after waiting up to
    `timeout` seconds for one; a PolyoptError if the scheduler went away."""
    from distributed import CancelledError, wait
    with cluster.client.as_current():
        try:
            done, _ = wait(futures, timeout=timeout, return_when="FIRST_COMPLETED")
            return list(done)
        except TimeoutError:
            return []
        except CancelledError as error:
            reasons = {str(getattr(group, "reason", ""))
                       for group in getattr(error, "error_groups", ())}
            if any("scheduler" in reason for reason in reasons):
                raise PolyoptError(f"{cluster.description}: the connection to the scheduler "
                                   f"was lost ({', '.join(sorted(reasons))}); what finished "
                                   "before is kept") from None
            return [future for future in futures if future.done()]


def worker_died(error: BaseException) -> bool:
    """Whether a future's error means its worker went away (not the task's failure)."""
    from distributed.scheduler import KilledWorker
    try:
        from distributed.comm.core import CommClosedError
    except ImportError:                           # pragma: no cover - older layouts
        CommClosedError = OSError                 # noqa: N806
    return isinstance(error, (KilledWorker, CommClosedError))


def _fresh_evaluator(evaluator):
    """A copy of `evaluator` without the client's temp directories."""
    fresh = copy.copy(evaluator)
    fresh._directories, fresh._origins = [], {}
    return fresh
