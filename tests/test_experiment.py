"""The experiment runner: dump parsing and comparison, and `polyopt polybench`
end to end on polyopt's suite and on a PolyBench/C-layout tree."""

from __future__ import annotations

import csv
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy
import pytest

from polyopt.cli import main
from polyopt.polybench.experiment import compare_dumps, kernel_time, parse_dumps
from polyopt.polybench.suite import open_suite
from tests.conftest import needs_gcc

TREE = Path(__file__).parent / "data" / "polybench-tree"


def test_parse_dumps_reads_both_formats():
    ours = b"begin dump: C\n1 2.5 -3e-2\n\nend dump: C\nbegin dump: x\n7\nend dump: x\n"
    polybench = b"==BEGIN DUMP_ARRAYS==\nbegin dump: A\n0.25 1.00 \nend   dump: A\n==END   DUMP_ARRAYS==\n"
    assert {k: v.tolist() for k, v in parse_dumps(ours).items()} == {"C": [1, 2.5, -0.03], "x": [7]}
    assert parse_dumps(polybench)["A"].tolist() == [0.25, 1.0]


def test_compare_dumps_exact_tolerance_and_wrong():
    want = {"A": numpy.array([1.0, 2.0, 0.0])}
    assert compare_dumps(want, {"A": numpy.array([1.0, 2.0, 0.0])}, 1e-6, 0)[0] == "exact"
    verdict, error, _ = compare_dumps(want, {"A": numpy.array([1.0, 2.0 + 1e-10, 1e-12])}, 1e-6, 0)
    assert verdict == "tolerance" and 0 < error < 1e-6
    verdict, _, first = compare_dumps(want, {"A": numpy.array([1.0, 2.1, 0.0])}, 1e-6, 0)
    assert verdict == "wrong" and "A[1]" in first
    assert compare_dumps(want, {"A": numpy.array([1.0, numpy.nan, 0.0])}, 1e-6, 0)[0] == "wrong"
    assert compare_dumps(want, {"B": numpy.array([1.0])}, 1e-6, 0)[0] == "wrong"
    assert compare_dumps(want, {"A": numpy.array([1.004, 2.0, 0.0])}, 0, 0.01)[0] == "tolerance"


def test_kernel_time_is_last_number_line():
    assert kernel_time(b"hello\n0.123456\n") == pytest.approx(0.123456)
    assert kernel_time(b"no time here\n") is None


def test_suite_selection_and_unknown_kernel(capsys):
    suite = open_suite(None)
    assert [k.name for k in suite.select(["gemm", "2mm"])] == ["2mm", "gemm"]  # suite order
    assert main(["polybench", "no-such-kernel", "--out", "unused"]) == 2
    assert "unknown kernel(s) no-such-kernel" in capsys.readouterr().err


def _rows(directory: Path) -> list[dict]:
    with open(directory / "results.csv", newline="") as stream:
        return list(csv.DictReader(stream))


@needs_gcc
def test_polybench_command_writes_csv_report_and_plot(tmp_path, capsys):
    out = tmp_path / "out"
    status = main(["polybench", "gemm", "jacobi-1d", "--dataset", "MINI", "--variants",
                   "isl,identity-omp,pluto", "--repeat", "2", "--threads", "2", "--out",
                   str(out), "-q"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    pluto = shutil.which("polycc") is not None
    assert ("skipping variant 'pluto'" in captured.err) != pluto
    rows = _rows(out)
    # one row per kernel x variant x timed run
    assert len(rows) == 2 * (4 if pluto else 3) * 2
    assert {row["status"] for row in rows} == {"ok"}
    assert {row["verification"] for row in rows if row["variant"] != "gcc"} == {"exact"}
    assert all(float(row["seconds"]) >= 0 for row in rows)
    report = (out / "report.md").read_text()
    assert "| gemm |" in report and "| jacobi-1d |" in report and "geometric mean" in report
    assert "OMP_NUM_THREADS=2" in report and "gcc" in report and "CPU:" in report
    assert "## Wall time" in report
    assert (out / "speedup.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "geometric-mean speedup over gcc" in captured.out


@needs_gcc
def test_random_variant_searches_and_keeps_every_sample(tmp_path, capsys):
    out = tmp_path / "out"
    status = main(["polybench", "gemm", "--dataset", "MINI", "--variants", "random:3",
                   "--repeat", "1", "--seed", "1", "--no-db", "--out", str(out), "-q"])
    assert status == 0, capsys.readouterr().err
    assert {row["status"] for row in _rows(out)} == {"ok"}
    samples = (out / "samples" / "gemm.random-3.jsonl").read_text().splitlines()
    names = [json.loads(line)["candidate"] for line in samples]
    assert {"original", "isl", "random-1", "random-2", "random-3"} <= set(names)
    report = (out / "report.md").read_text()
    assert "## Searches" in report and "Of 3 searched schedules" in report


@needs_gcc
def test_polybench_on_a_polybench_tree_leaves_it_unchanged(tmp_path):
    before = {p: p.read_bytes() for p in TREE.rglob("*") if p.is_file()}
    out = tmp_path / "out"
    status = main(["polybench", "--suite", str(TREE), "--dataset", "SMALL", "--repeat", "1",
                   "--variants", "isl", "--out", str(out), "-q"])
    assert status == 0
    rows = _rows(out)
    assert {(row["kernel"], row["variant"], row["status"]) for row in rows} == {
        ("gemm", "gcc", "ok"), ("gemm", "isl", "ok"),
        ("jacobi-1d", "gcc", "ok"), ("jacobi-1d", "isl", "ok")}
    assert "PolyBench/C at" in (out / "report.md").read_text()
    assert {p: p.read_bytes() for p in TREE.rglob("*") if p.is_file()} == before


@needs_gcc
def test_failures_are_recorded_by_kind(tmp_path):
    suite = tmp_path / "suite"
    (suite / "kernels").mkdir(parents=True)
    harness = Path(__file__).resolve().parents[1] / "polybench"
    for name in ("harness.h", "harness.c"):
        (suite / name).write_bytes((harness / name).read_bytes())
    # wrong in the optimized version only: reads past a loop bound the harness cannot see
    (suite / "kernels" / "crashy.c").write_text(
        '#include "harness.h"\n#include <signal.h>\nint main(void) { raise(SIGSEGV); return 0; }\n')
    out = tmp_path / "out"
    assert main(["polybench", "--suite", str(suite), "--dataset", "MINI", "--repeat", "1",
                 "--out", str(out), "-q"]) == 1
    statuses = {(row["variant"], row["status"]) for row in _rows(out)}
    assert ("gcc", "crash") in statuses
    assert ("isl", "no baseline") in statuses or ("isl", "crash") in statuses
    assert "crash" in (out / "report.md").read_text()


@needs_gcc
def test_interrupt_keeps_what_was_measured(tmp_path):
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "polyopt", "polybench", "gemm", "--dataset", "MINI",
         "--repeat", "400", "--variants", "isl", "--out", str(out), "-q"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    csv_path = out / "results.csv"
    # rows land run by run: interrupt once both variants have been timed once
    while time.time() < deadline:
        if csv_path.exists() and len(csv_path.read_text().splitlines()) > 2:
            break
        if process.poll() is not None:
            break
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr.decode()
    report = (out / "report.md").read_text()
    assert "Interrupted" in report and "| gemm |" in report and "interrupted after" in report
    rows = _rows(out)
    assert {row["variant"] for row in rows if row["seconds"]} == {"gcc", "isl"}


@needs_gcc
def test_resume_keeps_finished_kernels_and_runs_the_rest(tmp_path, capsys):
    out = tmp_path / "results"
    arguments = ["polybench", "gemm", "jacobi-1d", "--dataset", "MINI", "--variants", "isl",
                 "--repeat", "1", "--out", str(out), "-q"]
    assert main(arguments) == 0
    # as if the run had been stopped during jacobi-1d: its outcomes were never saved
    outcomes = out / "outcomes.jsonl"
    lines = outcomes.read_text().splitlines()
    outcomes.write_text("".join(line + "\n" for line in lines if '"jacobi-1d"' not in line))
    capsys.readouterr()
    assert main(arguments + ["--resume"]) == 0
    assert "1 kernel(s) already done" in capsys.readouterr().err
    with open(out / "results.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert sorted((r["kernel"], r["variant"]) for r in rows) == \
        [("gemm", "gcc"), ("gemm", "isl"), ("jacobi-1d", "gcc"), ("jacobi-1d", "isl")]
    report = (out / "report.md").read_text()
    assert "| gemm |" in report and "| jacobi-1d |" in report
    assert len((out / "outcomes.jsonl").read_text().splitlines()) == 4


@needs_gcc
@pytest.mark.slow           # 15 s: make test-slow (the other resume test stays in make test)
def test_resume_keeps_a_finished_search_of_an_unfinished_kernel(tmp_path, monkeypatch):
    """A kernel stopped after its search finished: --resume takes the search's program
    back (it is not searched again) and times it with the other variants."""
    from polyopt.polybench import experiment
    out = tmp_path / "results"
    arguments = ["polybench", "gemm", "--dataset", "MINI", "--variants", "random:2",
                 "--repeat", "1", "--seed", "1", "--no-db", "--out", str(out), "-q"]
    assert main(arguments) == 0
    kept = out / "searched" / "gemm.random-2.json"
    saved = json.loads(kept.read_text())
    assert "kernel_gemm" in saved["text"] and saved["search_winner"]
    (out / "outcomes.jsonl").write_text("")      # as if stopped before its timed runs
    searches = []
    original = experiment.Experiment._run_search
    monkeypatch.setattr(experiment.Experiment, "_run_search",
                        lambda *a, **k: searches.append(1) or original(*a, **k))
    assert main(arguments + ["--resume"]) == 0
    assert not searches
    outcomes = [json.loads(line) for line in (out / "outcomes.jsonl").read_text().splitlines()]
    search = next(o for o in outcomes if o["variant"] == "random:2")
    assert search["search_kept"] and search["status"] == "ok" and search["seconds"]
    assert search["search_winner"] == saved["search_winner"]
    # without --resume, the search runs again
    assert main(arguments) == 0 and searches == [1]
