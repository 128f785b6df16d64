"""The genetic search with a classifier (polyopt/search/genetic.py): GA_C, whose
generations the classifier judges alone, and the guard, which benchmarks only the
schedules predicted profitable; the loop with stand-in operators and verdicts,
then searches from the command line with real models, and ``--ignore-output``."""

from __future__ import annotations

import importlib.util
import json
import random
import re

import pytest

from polyopt.cli import main
from polyopt.core.errors import ModelError
from polyopt.evaluator import without_lines
from polyopt.scheduler.features import FEATURE_NAMES
from polyopt.search import classifier
from polyopt.search.genetic import (CLASSIFIED, GUARD, PROFITABLE_SHARE, WORST,
                                    GeneticAlgorithm)
from tests.conftest import KERNELS, compile_and_run, needs_gcc
from tests.test_genetic import Bench, genetic_operators, operators, space  # noqa: F401

# the shipped classifier and a trained one are scikit-learn models (the [ml] extra);
# --blas without --blas-library links the OpenBLAS of scipy-openblas32 (the [blas] extra)
needs_sklearn = pytest.mark.skipif(importlib.util.find_spec("sklearn") is None,
                                   reason="needs scikit-learn: pip install 'polyopt[ml]'")
needs_openblas = pytest.mark.skipif(importlib.util.find_spec("scipy_openblas32") is None,
                                    reason="needs scipy-openblas32: pip install 'polyopt[blas]'")

MV = KERNELS / "mv.c"


class Verdicts:
    """A classify callback without features: profitable as `rule(individual)` says."""

    def __init__(self, rule):
        self.rule, self.calls = rule, []

    def __call__(self, individuals):
        self.calls.append(list(individuals))
        for individual in individuals:
            verdict = self.rule(individual)
            individual.prediction = verdict
            individual.probabilities = [0.9 if verdict else 0.1]
            individual.features = [None]


def _every_other(individual) -> bool:
    return individual.birth % 2 == 0


def _ga(space, bench, classify, mode, seed=1, **settings):
    settings = {"budget": 60, "generations": 4, "population": 8, **settings}
    return GeneticAlgorithm([space], random.Random(seed), bench, classify=classify, mode=mode,
                            **settings)


# -- the loop -----------------------------------------------------------------------
def test_gac_judges_generations_by_the_classifier_and_benchmarks_the_last(space, operators):
    bench = Bench()
    verdicts = Verdicts(_every_other)
    algorithm = _ga(space, bench, verdicts, CLASSIFIED, generations=3)
    final = algorithm.run()
    assert len(bench.batches) == 1                       # only the final population
    assert len(algorithm.populations) == 5               # initial, 3 generations, benchmarked
    assert {i.name for i in bench.batches[0]} <= {(i.same_as or i).name for i in final}
    assert algorithm.classified == len(algorithm.made) > len(final)
    assert all(i.skipped for i in algorithm.made if i not in bench.batches[0])
    assert final[0].fitness < WORST
    assert any("classifier (GA_C): 3 generation(s)" in note for note in algorithm.notes)


def test_gac_stops_once_the_population_is_predicted_profitable(space, operators):
    bench = Bench()
    algorithm = _ga(space, bench, Verdicts(lambda i: True), CLASSIFIED, generations=40)
    final = algorithm.run()
    assert algorithm.final_share >= PROFITABLE_SHARE
    assert len(algorithm.populations) == 2               # the initial one, then benchmarked
    assert bench.count == len({(i.same_as or i).name for i in final})


def test_gac_benchmarks_at_most_the_budget_the_profitable_first(space, operators):
    bench = Bench()
    algorithm = _ga(space, bench, Verdicts(_every_other), CLASSIFIED, budget=3, generations=2)
    algorithm.run()
    assert bench.count == 3
    assert all(i.prediction for i in bench.batches[0])   # four of eight predicted profitable


def test_gac_parents_are_predicted_profitable_where_they_can_be(space, operators):
    algorithm = _ga(space, Bench(), Verdicts(_every_other), CLASSIFIED)
    population = algorithm.initial([])
    algorithm.judge(population)
    basis = algorithm.basis(population, 4)
    assert len(basis) == 4 and all(i.prediction for i in basis)
    assert sum(map(bool, (i.prediction for i in population))) == 4
    assert len(algorithm.basis(population, 6)) == 6      # filled up with others


def test_the_guard_benchmarks_only_what_is_predicted_profitable(space, operators):
    bench = Bench()
    algorithm = _ga(space, bench, Verdicts(_every_other), GUARD, budget=20, generations=3)
    algorithm.run()
    ran = [i for batch in bench.batches for i in batch]
    # half of each population is predicted profitable: nothing needs filling up
    assert ran and all(i.prediction for i in ran) and algorithm.filled == 0
    assert algorithm.skipped == sum(1 for i in algorithm.made if not i.prediction) > 0
    assert algorithm.spent == len(ran) <= 20
    assert len(algorithm.made) > len(ran)
    assert any(f"classifier (guard): skipped {algorithm.skipped} of {algorithm.classified}"
               in note for note in algorithm.notes)


def test_the_guard_drops_what_the_bound_rules_out_before_the_classifier(space, operators):
    """The no-regret filter comes first: an individual whose lower bound is above the
    best time is neither classified nor run (nor used to fill up the population)."""
    bench, verdicts = Bench(), Verdicts(lambda i: True)
    algorithm = _ga(space, bench, verdicts, GUARD, budget=20, generations=2,
                    bound=lambda i: 5.0 if i.birth % 2 else 0.1, best=lambda: 1.0)
    algorithm.run()
    classified = [i for batch in verdicts.calls for i in batch]
    ran = [i for batch in bench.batches for i in batch]
    pruned = [i for i in algorithm.made if i.pruned_bound is not None]
    assert pruned and algorithm.pruned == len(pruned)
    assert not any(i.pruned_bound is not None for i in classified + ran)
    assert all(i.birth % 2 == 0 for i in ran)
    without = _ga(space, Bench(), Verdicts(lambda i: True), GUARD, budget=20, generations=2,
                  bound=lambda i: 5.0, best=lambda: None)      # nothing measured yet
    without.run()
    assert without.pruned == 0


def test_the_guard_fills_up_half_the_population_with_unprofitable_ones(space, operators):
    bench = Bench()
    algorithm = _ga(space, bench, Verdicts(lambda i: i.birth == 0), GUARD)
    population = algorithm.initial([])
    algorithm.evaluate(population)
    assert bench.count == 4 and algorithm.filled == 3    # half of 8: one profitable, 3 more
    assert sum(1 for i in population if i.skipped) == algorithm.skipped == 4
    basis = algorithm.basis(population, 4)
    assert all(i.benchmarked for i in basis)
    # a generation with enough that ran: no more filling
    algorithm.evaluate(population[:4], population[:4] + basis)
    assert bench.count == 4


def test_the_guard_budget_counts_only_benchmarks(space, operators):
    bench = Bench()
    algorithm = _ga(space, bench, Verdicts(lambda i: i.birth % 3 == 0), GUARD, budget=7,
                    generations=20)
    algorithm.run()
    assert bench.count == algorithm.spent == 7
    assert algorithm.skipped > 0 and len(algorithm.made) > bench.count


def test_an_individual_of_several_scops_is_judged_by_the_mean():
    from polyopt.search.genetic import Individual, individual_probability
    def individual(probabilities):
        return Individual([], [], [], 0, "random", probabilities=probabilities)
    assert individual_probability(individual([0.6, 0.3, 0.7])) == pytest.approx(1.6 / 3)
    assert individual_probability(individual([0.9, None])) == pytest.approx(0.45)
    assert individual_probability(individual([])) == 0.0


def test_a_mode_needs_a_classifier(space):
    with pytest.raises(ValueError):
        GeneticAlgorithm([space], random.Random(1), Bench(), budget=5, mode=GUARD)


# -- models for the command line ------------------------------------------------------
def _model_file(tmp_path, profitable_when, name="tiny.model"):
    """A real forest trained on made-up schedules: profitable where `profitable_when`
    (a function of a feature dict) holds."""
    rng = random.Random(3)
    data = classifier.TrainingData(sources=["samples:made-up"])
    for program in range(3):
        data.references[f"p{program}"] = 10.0
        for _ in range(80):
            features = {name: rng.random() for name in FEATURE_NAMES}
            seconds = 1.0 if profitable_when(features) else 6.0
            data.examples.append(classifier.Example(f"p{program}", "c",
                                                    [features[n] for n in FEATURE_NAMES],
                                                    "ok", seconds))
    path = tmp_path / name
    classifier.save_model(classifier.train(data), path)
    return path


def _search(tmp_path, *extra, kernel=MV, samples=True):
    out = tmp_path / ("samples.jsonl" if samples else "out.c")
    argv = [str(kernel), "-o", str(out), "--scheduler", "ga", "--seed", "1", "--no-db",
            *(["--dump", "samples"] if samples else []), *extra]
    return main(argv), out


@needs_gcc
@needs_sklearn
def test_gac_search_makes_a_verified_program(tmp_path, genetic_operators):
    """GA_C with the shipped model on a small product: the program it writes gives
    the original's output."""
    kernel = KERNELS / "matmul.c"
    status, out = _search(tmp_path, "--classifier", "--population", "4", "--generations", "2",
                          "--budget", "3", "-q", kernel=kernel, samples=False)
    assert status == 0
    expected, _ = compile_and_run(kernel.read_text(), tmp_path, "original")
    actual, _ = compile_and_run(out.read_text(), tmp_path, "searched")
    assert actual == expected


@needs_gcc
@needs_sklearn
@needs_openblas
def test_gac_with_blas_times_the_calls_as_a_baseline(tmp_path, genetic_operators):
    """--blas with GA_C: the BLAS version is a baseline, benchmarked with its calls
    and never shown to the classifier (its code has no schedule tree)."""
    status, samples = _search(tmp_path, "--classifier", "--population", "3", "--generations",
                              "1", "--budget", "2", "--blas", "--tolerance", "1e-9", "-q",
                              kernel=KERNELS / "matmul.c")
    assert status == 0
    entries = [json.loads(line) for line in samples.read_text().splitlines()]
    blas = [e for e in entries if e["candidate"] == "blas"]
    assert len(blas) == 1 and blas[0]["status"] == "ok" and blas[0]["schedule"] == "blas"
    assert blas[0]["prediction"] is None and blas[0]["probability"] is None
    searched = [e for e in entries if e["candidate"].startswith("ga-")]
    assert entries[0]["classifier"]["classified"] == len(searched)


@needs_gcc
@needs_sklearn
def test_the_guard_skips_schedules_predicted_unprofitable(tmp_path, capsys, genetic_operators):
    """A model that calls only untiled or shallowly tiled schedules profitable: the
    guard runs fewer schedules than it makes, says how many it skipped, and the
    samples carry each one's prediction, probability and features."""
    model = _model_file(tmp_path, lambda f: f["F_Tile"] < 0.5)
    status, samples = _search(tmp_path, "--classifier", str(model), "--classifier-mode",
                              "guard", "--population", "5", "--generations", "2",
                              "--budget", "6", "--no-bound")
    assert status == 0
    err = capsys.readouterr().err
    entries = [json.loads(line) for line in samples.read_text().splitlines()]
    searched = [e for e in entries if e["candidate"].startswith("ga-")]
    ran = [e for e in searched if e["status"] != "not benchmarked"]
    skipped = [e for e in searched if e["status"] == "not benchmarked"]
    assert ran and skipped
    summary = entries[0]["classifier"]
    profitable = [e for e in ran if e["prediction"]]
    assert all(e["probability"] >= 0.5 for e in profitable)
    assert len(ran) - len(profitable) == summary["filled"]       # run to fill up
    assert all(e["prediction"] is False and e["probability"] < 0.5 for e in skipped)
    assert all(set(e["features"]) == set(FEATURE_NAMES) for e in searched)
    assert summary["mode"] == "guard" and summary["skipped"] == len(skipped)
    assert summary["classified"] == len(searched)
    assert f"classifier (guard): skipped {len(skipped)} of {len(searched)} candidates" in err
    assert all(e["seconds"] is None and e["runs"] == [] for e in skipped)


@needs_sklearn
def test_a_model_for_other_features_is_refused(tmp_path, capsys):
    model = _model_file(tmp_path, lambda f: f["F_Par"] > 0.5)
    data = model.read_bytes()
    header, body = data[len(classifier.MODEL_MAGIC):].split(b"\n", 1)
    fields = json.loads(header)
    fields["feature_names"] = fields["feature_names"][:-1] + ["F_Other"]
    model.write_bytes(classifier.MODEL_MAGIC + json.dumps(fields).encode() + b"\n" + body)
    with pytest.raises(ModelError):
        classifier.load_model(model)
    status, _ = _search(tmp_path, "--classifier", str(model), "--budget", "3")
    assert status == 1
    err = capsys.readouterr().err
    assert f"{model}: error: the model was trained on other features" in err
    assert "unknown F_Other" in err and "Traceback" not in err


def test_classifier_options_need_the_genetic_search(capsys):
    assert main([str(MV), "--scheduler", "random", "--classifier"]) == 2
    assert "--classifier judges the genetic search's schedules" in capsys.readouterr().err
    assert main([str(MV), "--scheduler", "ga", "--classifier-mode", "guard"]) == 2
    assert "--classifier-mode needs --classifier" in capsys.readouterr().err
    assert main([str(MV), "--scheduler", "ga", "--classifier", "guard", "--no-db"]) == 2
    assert "--classifier-mode guard" in capsys.readouterr().err


def test_classifier_variants_of_the_polybench_runner():
    from polyopt.core.errors import UsageError
    from polyopt.polybench.variants import label, make_variant
    gac = make_variant("ga-c:50", 2)
    assert (gac.search_budget, gac.search_population, gac.search_generations) == (50, 50, 40)
    assert gac.search_classifier == "gac" and gac.search_strategy == "ga"
    guard = make_variant("ga-guard:30", 2)
    assert guard.search_classifier == "guard" and guard.search_budget == 30
    assert guard.search_population is None
    assert label("ga-guard:30") == "polyopt (ga-guard:30)"
    for wrong in ("ga-c:x", "ga-guard:0"):
        with pytest.raises(UsageError):
            make_variant(wrong, 2)


def test_the_polybench_runner_takes_a_model_per_kernel(tmp_path):
    """--classifier-model DIR/{kernel}.model: each kernel's search gets its own model
    (one trained without it); a missing one is named before anything runs."""
    from polyopt.core.errors import UsageError
    from polyopt.polybench import sweep
    from polyopt.polybench.experiment import Experiment, Settings
    pattern = str(tmp_path / "{kernel}.model")
    with pytest.raises(UsageError, match=r"no model file '.*gemm\.model' for gemm"):
        sweep.run(["gemm", "--variants", "ga-c:5", "--classifier-model", pattern,
                   "--out", str(tmp_path / "out"), "-q"])
    with pytest.raises(UsageError, match="for the ga-c:N and ga-guard:N variants"):
        sweep.run(["gemm", "--variants", "ga:5", "--classifier-model", pattern,
                   "--out", str(tmp_path / "out"), "-q"])
    assert not (tmp_path / "out").exists()
    experiment = Experiment(None, [], Settings(classifier_model=pattern), tmp_path)
    assert experiment.classifier_model("lu") == str(tmp_path / "lu.model")
    assert Experiment(None, [], Settings(), tmp_path).classifier_model("lu") is None


# -- lines that differ from run to run ------------------------------------------------
def test_ignored_lines_leave_the_comparison():
    pattern = [re.compile(r"^[0-9]+\.[0-9]{6}$")]
    assert without_lines(b"1 2 3\n0.001234\n4 5\n", pattern) == b"1 2 3\n4 5\n"
    assert without_lines(b"0.5 \n0.001234\r\n", pattern) == b"0.5 \n"
    assert without_lines(b"0.001234\n", []) == b"0.001234\n"


TIMED = r"""
#include <stdio.h>
#include <unistd.h>
#define N 40
double A[N][N], B[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 7;
#pragma scop
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = A[i][j] + A[i - 1][j];
#pragma endscop
  printf("%0.6f\n", (double) getpid() / 1e6);   /* differs from run to run */
  for (int i = 0; i < N; i++)
    printf("%g\n", B[i][i]);
  return 0;
}
"""


@needs_gcc
def test_a_search_ignores_lines_that_differ_from_run_to_run(tmp_path, capsys):
    """A program printing a time-like line: without --ignore-output every candidate
    differs from the original; with it they verify, and the other lines still count."""
    kernel = tmp_path / "timed.c"
    kernel.write_text(TIMED)
    argv = [str(kernel), "--scheduler", "random", "--budget", "2", "--seed", "1", "--no-db",
            "--dump", "samples", "-o"]
    assert main(argv + [str(tmp_path / "plain.jsonl")]) == 1          # nothing verifies
    capsys.readouterr()
    ignore = ["--ignore-output", r"^[0-9]+\.[0-9]{6}$"]
    assert main(argv + [str(tmp_path / "ignored.jsonl"), *ignore]) == 0
    entries = [json.loads(line) for line in (tmp_path / "ignored.jsonl").read_text().splitlines()]
    assert {e["status"] for e in entries} == {"ok"}
    # a wrong value on another line is still caught
    wrong = TIMED.replace('printf("%g\\n", B[i][i]);', 'printf("%g\\n", B[i][i] + (i == 7));')
    from polyopt.evaluator import Evaluator
    with Evaluator() as evaluator:
        outputs = [evaluator.run(evaluator.build(text, name))
                   for text, name in ((TIMED, "a"), (wrong, "b"))]
        comparison = evaluator.compare(*outputs, ignore=[re.compile(ignore[1])])
    assert not comparison.equal and "line 8" in comparison.differences[0]


@needs_gcc
def test_gac_with_the_performance_model_makes_a_verified_program(tmp_path, genetic_operators):
    """GA_C judged by the default's learned performance model (--classifier performance):
    each searched schedule carries its predicted speed-up, and the written program
    gives the original's output."""
    kernel = KERNELS / "matmul.c"
    status, samples = _search(tmp_path, "--classifier", "performance", "--population", "4",
                              "--generations", "2", "--budget", "3", "-q", kernel=kernel)
    assert status == 0
    entries = [json.loads(line) for line in samples.read_text().splitlines()]
    searched = [e for e in entries if e["candidate"].startswith("ga-")]
    assert searched and entries[0]["classifier"]["mode"] == "gac"
    judged = [e for e in searched if e["features"] is not None]
    assert judged and all(e["features"]["predicted_speedup"] > 0 for e in judged)
    assert all((e["probability"] >= 0.5) == e["prediction"] for e in judged)
    status, out = _search(tmp_path, "--classifier", "performance", "--population", "4",
                          "--generations", "2", "--budget", "3", "-q", kernel=kernel,
                          samples=False)
    expected, _ = compile_and_run(kernel.read_text(), tmp_path, "original")
    actual, _ = compile_and_run(out.read_text(), tmp_path, "searched")
    assert status == 0 and actual == expected
