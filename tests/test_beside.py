"""Computations side by side on a second CPU (timebox.map_beside, Beside,
map_with_cpu_limit) and what uses them: the same answers as one after another."""

from __future__ import annotations

import os
import time

import pytest

from polyopt.core import timebox
from polyopt.core.timebox import (Beside, TimeBoxExceeded, TimeBoxFailed, map_beside,
                             map_with_cpu_limit)

TWO_CPUS = timebox.parallel_jobs() > 1


def _slow_pid(item):
    time.sleep(0.1)
    return item * 10, os.getpid()


def test_map_beside_keeps_the_order_and_shares_the_items():
    parent = os.getpid()
    values, extra = map_beside(30, _slow_pid, list(range(8)), first=lambda: "first")
    assert [value for value, _ in values] == [k * 10 for k in range(8)]
    assert extra == "first"
    pids = {pid for _, pid in values}
    assert parent in pids
    if TWO_CPUS:
        assert len(pids) == 2         # the child took some


def test_map_beside_computes_here_what_a_dead_child_had_taken():
    parent = os.getpid()

    def dies_in_the_child(item):
        if os.getpid() != parent:
            os._exit(3)
        time.sleep(0.02)
        return item + 1

    values, extra = map_beside(30, dies_in_the_child, [1, 2, 3, 4])
    assert values == [2, 3, 4, 5] and extra is None


def test_map_beside_raises_as_one_after_another_would():
    def fails_on_three(item):
        if item == 3:
            raise ValueError("three")
        return item

    with pytest.raises(ValueError, match="three"):
        map_beside(30, fails_on_three, [1, 2, 3, 4])


def test_one_cpu_computes_inline(monkeypatch):
    monkeypatch.setattr(timebox, "parallel_jobs", lambda: 1)
    values, _ = map_beside(30, _slow_pid, [1, 2, 3])
    assert {pid for _, pid in values} == {os.getpid()}
    assert Beside(30, _slow_pid, 4).result() == (40, os.getpid())


def test_beside_runs_in_a_child_and_reports_its_failure():
    beside = Beside(30, _slow_pid, 2)
    value, pid = beside.result()
    assert value == 20 and (pid != os.getpid()) == TWO_CPUS
    if TWO_CPUS:
        with pytest.raises(TimeBoxFailed, match="ZeroDivisionError"):
            Beside(30, lambda: 1 / 0).result()


def _spin(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass
    return seconds


def test_map_with_cpu_limit_yields_each_with_its_own_limit():
    found = {index: (value, error) for index, value, error, _ in
             map_with_cpu_limit(0.5, 2, _spin, [(0.01,), (30,), (0.02,)])}
    assert found[0] == (0.01, None) and found[2] == (0.02, None)
    assert found[1][0] is None and isinstance(found[1][1], TimeBoxExceeded)


def test_closing_map_with_cpu_limit_starts_no_more():
    runs = map_with_cpu_limit(5, 1, _spin, [(0.01,), (0.01,), (0.01,)])
    first = next(runs)
    runs.close()
    assert first[0] == 0


def test_default_schedule_is_the_same_on_one_cpu(monkeypatch, tmp_path):
    """The default's candidates judged side by side and the AST check's halves give
    the same file as one process alone."""
    from polyopt.cli import main
    source = os.path.join(os.path.dirname(__file__), "kernels", "cholesky_like.c")
    assert main(["--no-db", source, "-o", str(tmp_path / "two.c")]) == 0
    monkeypatch.setattr(timebox, "parallel_jobs", lambda: 1)
    assert main(["--no-db", source, "-o", str(tmp_path / "one.c")]) == 0
    assert (tmp_path / "two.c").read_text() == (tmp_path / "one.c").read_text()


def test_isl_settings_past_the_budget_are_not_considered(monkeypatch):
    """Which of isl's settings count is decided in their order: with no budget, only
    the first (as one after another would), however many ran side by side."""
    from polyopt.core.dependences import compute_dependences
    from polyopt.frontend import extract_scops, read_source
    from polyopt.scheduler import candidates
    source = read_source(os.path.join(os.path.dirname(__file__), "kernels", "jacobi2d.c"))
    scop = extract_scops(source).scops[0]
    dependences = compute_dependences(scop)
    every = candidates._isl_schedule_texts(scop, dependences.all)
    assert len(every) > 1
    monkeypatch.setattr(candidates, "SCHEDULING_SECONDS", 0.0)
    first = candidates._isl_schedule_texts(scop, dependences.all)
    assert [found[0] for found in first] == [candidates.ISL_SETTINGS[0][0]]
    assert first[0] == every[0]
