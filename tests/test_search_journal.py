"""A search's journal (polybench.experiment.DumpJudge): the first measurement of each
program is kept as it is made, so that `polyopt polybench --resume` takes back what an
interrupted search had measured instead of building and running it again (a LARGE
search of floyd-warshall runs longer than a working session)."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest

from polyopt.core.errors import BuildError
from polyopt.evaluator import Evaluator
from polyopt.polybench import experiment
from polyopt.polybench.experiment import JOURNAL_SUFFIX, DumpJudge
from polyopt.search.statuses import OK
from tests.conftest import needs_gcc

SUITE = Path(__file__).resolve().parents[1] / "polybench"
GCC = shutil.which("gcc")
SOURCE = SUITE / "kernels" / "atax.c"
ENVIRONMENT = {"HARNESS_DUMP": "1", "HARNESS_PERTURB": "1"}


def _evaluator() -> Evaluator:
    return Evaluator(shlex.join([GCC, "-O2", f"-I{SUITE}", "-DMINI_DATASET", "{src}",
                                 str(SUITE / "harness.c"), "-o", "{exe}", "-lm"]),
                     repeat=1, warmup=0)


def _judge(evaluator, journal, replay, environment=ENVIRONMENT) -> DumpJudge:
    judge = DumpJudge(evaluator, SOURCE, 1e-6, 0.0, environment, journal=journal,
                      replay=replay)
    judge.start(SOURCE.read_text())
    return judge


@needs_gcc
def test_first_measurements_are_kept_and_taken_back(tmp_path, monkeypatch):
    journal = tmp_path / f"atax.random-3{JOURNAL_SUFFIX}"
    text = SOURCE.read_text() + "\n/* a candidate */\n"
    with _evaluator() as evaluator:
        judge = _judge(evaluator, journal, replay=False)
        first = judge.measure(text, "c1", 60)
        assert first.status == OK
        judge.measure(text, "c1", 60)               # a final: measured, not journalled
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["seconds"] == first.seconds
    journal.write_text(journal.read_text() + '{"program": "cut sho')   # stopped mid-line

    with _evaluator() as evaluator:
        judge = _judge(evaluator, journal, replay=True)

        def no_build(*args, **kwargs):
            raise BuildError("built again")
        monkeypatch.setattr(evaluator, "build", no_build)
        again = judge.measure(text, "c1", 60)
        assert (again.status, again.seconds) == (OK, first.seconds)
        assert judge.replayed == 1
        assert judge.measure(text, "c1", 60).status == "build error"   # the finals run


@needs_gcc
def test_a_journal_of_other_data_is_not_taken_back(tmp_path):
    journal = tmp_path / f"atax.random-3{JOURNAL_SUFFIX}"
    text = SOURCE.read_text() + "\n/* a candidate */\n"
    with _evaluator() as evaluator:
        _judge(evaluator, journal, replay=False).measure(text, "c1", 60)
        judge = _judge(evaluator, journal, replay=True, environment={"HARNESS_DUMP": "1"})
        assert judge.measure(text, "c1", 60).status == OK
        assert judge.replayed == 0


def test_a_judge_sent_to_a_worker_keeps_no_journal(tmp_path):
    judge = DumpJudge.__new__(DumpJudge)
    judge.__dict__.update({"journal": tmp_path / "j", "_kept": {"x": {}}, "replayed": 0})
    state = judge.__getstate__()
    assert state["journal"] is None and state["_kept"] == {}


@needs_gcc
@pytest.mark.slow
def test_an_interrupted_search_resumes(tmp_path, monkeypatch):
    """`polyopt polybench --resume` after a search was stopped mid-way: what it had
    measured is taken back; the finished search leaves no journal."""
    from polyopt.polybench import sweep
    arguments = ["atax", "--dataset", "MINI", "--variants", "random:4", "--repeat", "1",
                 "--no-db", "--seed", "3", "--out", str(tmp_path / "out"), "-q"]
    measure, calls = DumpJudge.measure, []

    def stopping(self, text, label, timeout, runs=1, executables=None):
        calls.append(label)
        if len(calls) == 6:
            raise KeyboardInterrupt
        return measure(self, text, label, timeout, runs, executables)
    monkeypatch.setattr(DumpJudge, "measure", stopping)
    sweep.run(arguments)          # "interrupted; writing what was measured"
    journal = tmp_path / "out" / "searched" / f"atax.random-4{JOURNAL_SUFFIX}"
    assert len(journal.read_text().splitlines()) == 5

    monkeypatch.setattr(DumpJudge, "measure", measure)
    sweep.run([*arguments, "--resume"])
    outcomes = [json.loads(line) for line in
                (tmp_path / "out" / experiment.OUTCOMES).read_text().splitlines()]
    searched = [o for o in outcomes if o["variant"] == "random:4"]
    assert searched and searched[0]["status"] == OK
    assert any("search resumed: 5 first measurement(s)" in line
               for line in searched[0]["fallbacks"]), searched[0]["fallbacks"]
    assert not journal.exists()
