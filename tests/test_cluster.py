"""Searches on Dask: a real `dask scheduler` and two `dask worker` processes on
127.0.0.1 (--cluster), a local cluster (--jobs), a worker killed in the middle,
and a scheduler that is not there."""

from __future__ import annotations

import contextlib
import csv
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from polyopt.cli import main
from polyopt.search.statuses import STATUSES
from polyopt.tuning import machine_fingerprint
from tests.conftest import KERNELS, compile_and_run, needs_gcc

pytest.importorskip("distributed")
pytestmark = needs_gcc
MATMUL = KERNELS / "matmul.c"
DASK = Path(sys.executable).parent / "dask"
STARTUP = 90          # seconds the scheduler and workers may take to start on a loaded machine


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(arguments: list[str], log: Path) -> subprocess.Popen:
    # a session of its own: stopping it stops the nanny and its worker process together
    return subprocess.Popen([str(DASK), *arguments], stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait(timeout=30)


@contextlib.contextmanager
def _dask_processes(tmp_path: Path):
    """(address, [worker processes]) of a scheduler and two workers, each worker with
    the 'timing' resource (two machines, as far as polyopt can tell); all stopped after."""
    if not DASK.exists():
        pytest.skip("no dask command beside the Python interpreter")
    from distributed import Client
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    processes = [_start(["scheduler", "--host", "127.0.0.1", "--port", str(port),
                         "--no-dashboard"], tmp_path / "scheduler.log")]
    try:
        for index in range(2):
            processes.append(_start(["worker", address, "--nworkers", "1", "--nthreads", "1",
                                     "--resources", "timing=1", "--no-dashboard",
                                     "--host", "127.0.0.1", "--death-timeout", "60"],
                                    tmp_path / f"worker-{index}.log"))
        with Client(address, timeout=STARTUP) as client:
            client.wait_for_workers(2, timeout=STARTUP)
        yield address, processes[1:]
    finally:
        for process in reversed(processes):
            _stop(process)


@pytest.fixture(scope="module")
def shared_cluster(tmp_path_factory):
    """A scheduler and two workers for the tests that leave them running."""
    with _dask_processes(tmp_path_factory.mktemp("dask")) as cluster:
        yield cluster


@pytest.fixture()
def dask_cluster(tmp_path):
    """A scheduler and two workers of one test's own (it may kill one)."""
    with _dask_processes(tmp_path) as cluster:
        yield cluster


def _check_search(tmp_path: Path, out: Path, database: Path, stderr: str) -> None:
    """The searched program gives the original's output; the database holds one
    row per finished candidate (matmul has one SCoP), one winner, no lost ones."""
    expected, _ = compile_and_run(MATMUL.read_text(), tmp_path, "original")
    actual, _ = compile_and_run(out.read_text(), tmp_path, "searched")
    assert actual == expected
    rows = sqlite3.connect(database).execute(
        "SELECT candidate, status, machine, seconds, winner FROM evaluations").fetchall()
    stored = {status for _, status, _, _, _ in rows}
    assert stored <= set(STATUSES) - {"lost worker", "polyopt error"}
    assert {"original", "identity", "isl"} <= {name for name, *_ in rows}
    assert sum(winner for *_, winner in rows) == 1
    assert {machine for _, _, machine, _, _ in rows} == {machine_fingerprint()}
    assert all(seconds > 0 for _, status, _, seconds, _ in rows if status == "ok")
    summary = re.search(r"search: (\d+) candidates \(([^)]*)\)", stderr)
    assert summary, stderr
    counts = dict((status, int(n)) for n, status in
                  (part.split(" ", 1) for part in summary.group(2).split(", ")))
    finished = sum(n for status, n in counts.items() if status not in ("lost worker",
                                                                       "polyopt error"))
    assert len(rows) == finished


def test_search_on_a_dask_cluster(tmp_path, shared_cluster, capsys):
    address, _ = shared_cluster
    out, database = tmp_path / "out.c", tmp_path / "tuning.sqlite"
    status = main([str(MATMUL), "-o", str(out), "--scheduler", "random", "--budget", "2",
                   "--seed", "1", "--db", str(database), "--cluster", address])
    assert status == 0
    _check_search(tmp_path, out, database, capsys.readouterr().err)


@pytest.mark.slow
def test_a_worker_killed_in_the_middle_loses_nothing(tmp_path, dask_cluster):
    import psutil
    address, workers = dask_cluster
    out, database = tmp_path / "out.c", tmp_path / "tuning.sqlite"
    # each run sleeps first: the worker is caught with a candidate in its hands
    search = subprocess.Popen(
        [sys.executable, "-m", "polyopt", str(MATMUL), "-o", str(out), "--scheduler", "random",
         "--budget", "4", "--seed", "2", "--db", str(database), "--cluster", address,
         "--run", "sh -c 'sleep 0.5; exec \"$0\"' {exe}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        killed = None
        deadline = time.monotonic() + 120
        while killed is None and time.monotonic() < deadline and search.poll() is None:
            for worker in workers:
                busy = [child for child in psutil.Process(worker.pid).children(recursive=True)
                        if child.name() in ("sh", "sleep", "gcc", "cc1")]
                if busy:
                    os.killpg(worker.pid, signal.SIGKILL)
                    for child in busy:        # its run, in a session of its own
                        try:
                            child.kill()
                        except psutil.NoSuchProcess:
                            pass
                    killed = worker
                    break
            time.sleep(0.05)
        assert killed is not None, "no worker was caught running a candidate"
        _, stderr = search.communicate(timeout=240)
    finally:
        if search.poll() is None:
            search.kill()
            search.wait()
    assert search.returncode == 0, stderr
    assert killed.poll() is not None
    _check_search(tmp_path, out, database, stderr)


def test_polybench_kernels_on_a_dask_cluster(tmp_path, shared_cluster):
    address, _ = shared_cluster
    out = tmp_path / "results"
    status = main(["polybench", "jacobi-1d", "trisolv", "--dataset", "MINI", "--variants", "isl",
                   "--repeat", "1", "--threads", "1", "--out", str(out), "--cluster", address,
                   "-q"])
    assert status == 0
    with open(out / "results.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert {(row["kernel"], row["variant"]) for row in rows} == {
        (kernel, variant) for kernel in ("jacobi-1d", "trisolv") for variant in ("gcc", "isl")}
    assert all(row["status"] == "ok" and float(row["seconds"]) > 0 for row in rows)
    assert {row["verification"] for row in rows if row["variant"] == "isl"} <= {"exact",
                                                                               "tolerance"}
    assert len((out / "outcomes.jsonl").read_text().splitlines()) == 4


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path, monkeypatch, capsys):
    from polyopt.search import cluster
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2.0)
    address = f"tcp://127.0.0.1:{_free_port()}"
    start = time.monotonic()
    status = main([str(MATMUL), "-o", str(tmp_path / "out.c"), "--scheduler", "random",
                   "--budget", "1", "--cluster", address, "-q"])
    assert time.monotonic() - start < 20
    assert status == 1
    error = capsys.readouterr().err
    assert f"--cluster {address}: cannot reach a Dask scheduler there within 2 s" in error
    assert "Traceback" not in error


@pytest.mark.slow      # starting two worker processes: 7 s on a quiet machine, 18 s loaded
def test_jobs_start_a_local_cluster(tmp_path, capsys):
    out, database = tmp_path / "out.c", tmp_path / "tuning.sqlite"
    status = main([str(MATMUL), "-o", str(out), "--scheduler", "random", "--budget", "1",
                   "--seed", "3", "--db", str(database), "--jobs", "2"])
    assert status == 0
    _check_search(tmp_path, out, database, capsys.readouterr().err)


def test_jobs_and_cluster_need_a_search(capsys):
    assert main([str(MATMUL), "--jobs", "2", "-q"]) == 2
    assert "need --scheduler random or ga" in capsys.readouterr().err


def test_a_search_without_a_cluster_does_not_import_dask():
    code = ("import sys; import polyopt.cli, polyopt.search.driver, polyopt.search.random, "
            "polyopt.search.genetic; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_a_candidate_whose_worker_dies_twice_is_lost():
    """The client's side of a worker's death: one more submission, then 'lost worker'
    (the scheduler's own retries come before; a real death is the slow test's)."""
    from distributed.scheduler import KilledWorker

    from polyopt.search.cluster import RemoteJudge, _Submitted, _Task
    from polyopt.search.statuses import LOST
    remote = RemoteJudge.__new__(RemoteJudge)
    resubmitted = []
    remote._submit = resubmitted.append

    class DiedWith:
        def result(self):
            raise KilledWorker("verify_task-1", SimpleNamespace(address="tcp://127.0.0.1:1"), 3)

    task = _Task(_Submitted("random-1", "int main() { return 0; }"), "verify", 1.0)
    assert list(remote._finished(DiedWith(), task)) == []
    assert resubmitted == [task]
    [(candidate, result, status, detail)] = remote._finished(DiedWith(), task)
    assert (candidate.name, result, status) == ("random-1", None, LOST)
    assert "the worker died twice" in detail and "KilledWorker" in detail


def _remote(machine: str, seconds: float, build: float = 0.0, run: float = 0.0):
    from polyopt.search.cluster import RemoteMeasurement
    return RemoteMeasurement("ok", seconds, "", seconds, machine, "node", reference_seconds=2.0,
                             reference_wall=2.0, build_seconds=build, run_seconds=run)


def test_a_candidates_tasks_add_up_their_build_and_run_seconds():
    """A candidate's verify task and time task both build and run: the result the
    client gets carries both, for the search's account of where its time went."""
    from polyopt.search.cluster import RemoteJudge, _Submitted, _Task
    remote = RemoteJudge.__new__(RemoteJudge)
    resubmitted = []
    remote._submit = resubmitted.append

    class Finished:
        def __init__(self, result):
            self.value = result

        def result(self):
            return self.value

    task = _Task(_Submitted("random-1", "int main() { return 0; }"), "verify", 1.0)
    assert list(remote._finished(Finished(_remote("m", 0.1, 1.0, 0.5)), task)) == []
    [timed] = resubmitted
    assert timed.phase == "time"
    [(_, result, status, _)] = remote._finished(Finished(_remote("m", 0.1, 0.75, 0.25)), timed)
    assert status == "ok" and (result.build_seconds, result.run_seconds) == (1.75, 0.75)


def test_times_from_a_machine_of_another_kind_are_scaled_only():
    """A worker on a machine like the client's reports times as they are; another
    kind of machine's are scaled by the two machines' times of the original."""
    from polyopt.evaluator import RunOutput
    from polyopt.search import Search
    search = SimpleNamespace(machine="here", judge=SimpleNamespace(
        reference=RunOutput(0, b"", b"", {}, 1.0), seconds=lambda output: output.seconds))
    same = Search._remote_measurement(search, _remote("here", 0.5, 1.0, 0.25), "ok", "")
    other = Search._remote_measurement(search, _remote("there", 0.5), "ok", "")
    assert (same.seconds, same.wall_seconds, same.machine_seconds) == (0.5, 0.5, 0.5)
    assert (same.build_seconds, same.run_seconds) == (1.0, 0.25)
    assert (other.seconds, other.wall_seconds, other.machine_seconds) == (0.25, 0.25, 0.5)


def test_a_timed_task_runs_the_executable_its_verification_built(tmp_path):
    """What a verification task built on a machine is run by the timed task there
    (another worker process, another evaluator) without compiling again; the search's
    end removes it."""
    from polyopt.evaluator import Evaluator
    from polyopt.search import Judge
    from polyopt.search.cluster import Executables, forget_search
    text = '#include <stdio.h>\nint main(void) { printf("%d\\n", 6 * 7); return 0; }\n'
    executables = Executables(f"test-{os.getpid()}")
    with Evaluator(timeout=30) as verifier, Evaluator("false {src} {exe}", timeout=30) as timer:
        first = Judge(verifier)
        first.start(text)
        verified = first.measure(text, "random-1", 30, executables=executables)
        assert verified.status == "ok" and verified.build_seconds > 0
        # the timer's own build command would fail: an "ok" means it was not used
        second = Judge(timer)
        second.reference = first.reference
        timed = second.measure(text, "random-1", 30, runs=2, executables=executables)
        assert timed.status == "ok" and timed.build_seconds == 0 and timed.run_seconds > 0
        other = second.measure(text.replace("6 * 7", "6 * 8"), "random-2", 30,
                               executables=executables)
        assert other.status == "build error"
    assert executables.directory.is_dir()
    forget_search(executables.directory.name.removeprefix("polyopt-dask-"))
    assert not executables.directory.exists()


def test_a_batch_built_side_by_side_is_run_without_compiling_again(tmp_path):
    """Judge.build_all builds a batch's programs side by side; measure then runs each
    one built (its build time 0), and builds again, to report why, what failed."""
    from polyopt.evaluator import Evaluator
    from polyopt.search import Judge
    text = '#include <stdio.h>\nint main(void) { printf("%d\\n", 6 * 7); return 0; }\n'
    broken = text.replace("return 0;", "return 0")
    with Evaluator(timeout=30) as evaluator:
        judge = Judge(evaluator)
        judge.start(text)
        built = judge.build_all([(text, "tune-1"), (broken, "tune-2"), (text, "tune-3")], 2)
        assert list(built.programs) == [text]          # once per text; the broken one left out
        first = judge.measure(text, "tune-1", 30, executables=built)
        assert first.status == "ok" and first.build_seconds == 0
        again = judge.measure(text, "tune-3", 30, executables=built)
        assert again.status == "ok" and again.build_seconds > 0   # used once, then built
        assert judge.measure(broken, "tune-2", 30, executables=built).status == "build error"
        built.discard(evaluator)
