"""The threads' start: measured once on this machine, kept, read back; pinned by
$POLYOPT_TEAM_NS; the safe default where it cannot be measured."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from polyopt.core.machine import threads as machine
from polyopt.core.machine import cpu

from tests.conftest import needs_gcc


@pytest.fixture
def unpinned(monkeypatch):
    monkeypatch.delenv("POLYOPT_TEAM_NS", raising=False)
    monkeypatch.delenv("CC", raising=False)


def test_team_ns_is_first_region_over_later_ones():
    assert machine.team_ns_from([0.003, 0.005, 0.004], [1e-6, 2e-6, 3e-6]) == pytest.approx(
        0.004e9 - 2e3)
    assert machine.team_ns_from([1e-6], [5e-6]) == 0.0     # never below zero


@needs_gcc
def test_measured_once_then_kept(unpinned):
    value, source = machine.team_start_ns(2)
    assert value >= 0 and source.startswith("measured now")
    stored = json.loads(machine.store_path().read_text())
    (entry,) = stored.values()
    assert entry["team_ns"] == round(value) and len(entry["first_region_ns"]) == machine.RUNS
    again, source = machine.team_start_ns(2)
    assert again == round(value) and source.startswith("measured before")
    # another thread count is another entry
    machine.team_start_ns(1)
    assert len(json.loads(machine.store_path().read_text())) == 2


def test_a_value_of_an_earlier_probe_is_measured_again(unpinned, monkeypatch):
    # an entry without the probe's version (the probe that timed a region in a
    # process's first milliseconds) is not used: measured again, and replaced
    path = machine.store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({machine._key(2): {"team_ns": 5_600_000, "runs": 9}}))
    monkeypatch.setattr(machine, "measure", lambda runs, threads: ([3e-4] * runs, [1e-6] * 9))
    value, source = machine.team_start_ns(2)
    assert value == pytest.approx(3e-4 * 1e9 - 1e3) and source.startswith("measured now")
    entry = json.loads(path.read_text())[machine._key(2)]
    assert entry["probe"] == machine.PROBE and entry["team_ns"] == round(value)
    assert machine.team_start_ns(2) == (round(value), f"measured before, kept in {path}")


def test_the_probe_works_serially_before_its_first_region():
    # a program's first region comes after it has read or built its data
    assert machine.WARM_SECONDS >= 0.05
    assert "omp_get_wtime() - start < WARM_SECONDS" in machine.PROGRAM


def test_pinned_by_the_environment(unpinned, monkeypatch):
    monkeypatch.setenv("POLYOPT_TEAM_NS", "1234")
    assert machine.team_start_ns(2) == (1234.0, "$POLYOPT_TEAM_NS")
    assert not machine.store_path().exists()


def test_default_where_it_cannot_be_measured(unpinned, monkeypatch):
    monkeypatch.setenv("CC", "false")         # a "compiler" that fails
    value, source = machine.team_start_ns(2)
    assert value == machine.DEFAULT_TEAM_NS and "not measured" in source
    assert not machine.store_path().exists()  # tried again next time


def test_the_cost_model_uses_it(unpinned, monkeypatch):
    monkeypatch.setenv("POLYOPT_TEAM_NS", "50000")
    model, sources = cpu.machine_and_sources()
    assert model.team_ns == 50000.0 and sources["team_ns"] == "$POLYOPT_TEAM_NS"


@needs_gcc
def test_command_measures_and_shows(unpinned):
    shown = subprocess.run([sys.executable, "-m", "polyopt", "machine", "--measure", "--runs", "3"],
                           capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "threads' start:" in shown.stdout and "measured before" in shown.stdout
    assert json.loads(machine.store_path().read_text())
