"""The learned performance model (polyopt.scheduler.learned): its trees as arrays agree
with scikit-learn's, a model survives a round trip through its file, the default
chooses with it (or with the analytical model when asked), `polyopt model train
--corpus` makes one, and `--tune` measures the best predicted candidates, stores its
choice and takes it from the tuning database the second time."""

from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
import sys

import pytest

from polyopt.core.dependences import compute_dependences
from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, find_scops, optimize_source
from polyopt.scheduler import learned
from polyopt.scheduler.auto import choose_learned, judge_candidates, learned_speedups, ranked

GCC = shutil.which("gcc")
needs_gcc = pytest.mark.skipif(GCC is None, reason="gcc is not installed")

PRODUCT = r"""
#define N 300
void product(double C[N][N], double A[N][N], double B[N][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[k][i] * B[k][j];
#pragma endscop
}
"""


def _synthetic(count: int, seed: int = 1) -> tuple[list[list[float]], list[float]]:
    rng = random.Random(seed)
    vectors = [[rng.uniform(-3, 3) for _ in range(23)] for _ in range(count)]
    targets = [math.sin(v[0]) + 0.5 * v[1] * (v[7] > 0) - 0.2 * v[3] for v in vectors]
    return vectors, targets


def test_the_arrays_predict_as_scikit_learn_and_survive_a_round_trip(tmp_path):
    from sklearn.ensemble import GradientBoostingRegressor
    vectors, targets = _synthetic(300)
    fitted = GradientBoostingRegressor(n_estimators=40, max_depth=3, learning_rate=0.1,
                                       random_state=0).fit(vectors, targets)
    _agrees_and_round_trips(learned.from_sklearn, fitted, tmp_path)


def _agrees_and_round_trips(convert, fitted, tmp_path) -> tuple:
    """The arrays `convert` makes of `fitted`: the same predictions as scikit-learn's,
    and again after a round trip through a file; (the model, its probe rows)."""
    model = convert(fitted, {"format": learned.FORMAT,
                             "feature_version": learned.FEATURE_VERSION})
    probe, _ = _synthetic(50, seed=2)
    expected = fitted.predict(probe)
    assert max(abs(a - b) for a, b in zip(model.predict(probe), expected)) < 1e-9
    path = tmp_path / "model.npz"
    learned.save(model, path)
    again = learned.load(path)
    assert again.predict(probe) == model.predict(probe)
    assert again.header["format"] == learned.FORMAT
    return model, probe


def test_the_arrays_of_a_histogram_model_predict_as_scikit_learn(tmp_path):
    """A HistGradientBoostingRegressor (with a monotonic constraint, as the corpus
    experiments train one) as arrays: the same predictions, through a round trip."""
    from sklearn.ensemble import HistGradientBoostingRegressor
    vectors, targets = _synthetic(300)
    constraints = [0] * len(vectors[0])
    constraints[1] = 1
    fitted = HistGradientBoostingRegressor(max_iter=40, max_leaf_nodes=7, early_stopping=False,
                                           monotonic_cst=constraints,
                                           random_state=0).fit(vectors, targets)
    model, probe = _agrees_and_round_trips(learned.from_hist_sklearn, fitted, tmp_path)
    # the constraint holds: a larger feature 1, all else the same, never predicts less
    for row in probe[:10]:
        values = model.predict([row[:1] + [x] + row[2:] for x in (-3.0, -1.0, 0.0, 1.0, 3.0)])
        assert all(a <= b + 1e-12 for a, b in zip(values, values[1:]))


def test_the_averaged_model_predicts_the_mean_of_its_members(tmp_path):
    from sklearn.ensemble import GradientBoostingRegressor
    vectors, targets = _synthetic(300)
    members = [GradientBoostingRegressor(n_estimators=30 + 10 * k, max_depth=2 + k,
                                         learning_rate=0.1, subsample=0.8,
                                         random_state=k).fit(vectors, targets)
               for k in range(3)]
    model = learned.averaged([learned.from_sklearn(m, {}) for m in members],
                             {"format": learned.FORMAT,
                              "feature_version": learned.FEATURE_VERSION})
    probe, _ = _synthetic(50, seed=2)
    expected = sum(m.predict(probe) for m in members) / 3
    assert max(abs(a - b) for a, b in zip(model.predict(probe), expected)) < 1e-9
    path = tmp_path / "model.npz"
    learned.save(model, path)
    assert learned.load(path).predict(probe) == model.predict(probe)


def test_a_file_of_another_format_is_refused(tmp_path):
    path = tmp_path / "model.npz"
    path.write_bytes(b"not a model")
    with pytest.raises(learned.ModelError, match="not a performance model"):
        learned.load(path)
    model = learned.train(*_synthetic(60), header={"feature_version": 0})
    learned.save(model, path)
    with pytest.raises(learned.ModelError, match="feature version"):
        learned.load(path)


def test_the_shipped_model_loads_and_ranks_the_candidates_of_a_product():
    model = learned.shipped_model()
    assert model is not None and model.header["feature_version"] == learned.FEATURE_VERSION
    source = SourceFile("product.c", PRODUCT)
    scops, _ = find_scops(source, Options())
    judged = judge_candidates(scops[0], compute_dependences(scops[0]))
    order = ranked(judged, model)
    assert len(order) == len(judged)
    speedups = [speedup for _, speedup in order]
    assert speedups == sorted(speedups, reverse=True)
    winner, description = choose_learned(judged, learned_speedups(judged, model))
    assert description.startswith("auto: ")
    # a margin no prediction reaches keeps the code as written
    kept, why = choose_learned(judged, learned_speedups(judged, model), margin=1e9)
    assert kept is judged[0] and "original code kept" in why


def test_the_cost_model_option_selects_what_the_default_chooses_with(tmp_path):
    source = SourceFile("product.c", PRODUCT)
    for name in ("learned", "analytical"):
        result = optimize_source(source, Options(cost_model=name))
        assert "auto" in result.text or "polyopt" in result.text
    from polyopt.core.errors import UsageError
    with pytest.raises(UsageError, match="not a performance model"):
        optimize_source(source, Options(cost_model=str(tmp_path / "missing.npz")))


def _corpus_record(program: str, rng: random.Random) -> dict:
    candidates = []
    for index in range(4):
        predicted = rng.uniform(0.1, 2.0)
        candidates.append({
            "label": f"c{index}", "predicted": predicted, "regions": float(index % 2),
            "instances": 1e6, "compute_ns": 1e6 * predicted, "memory_ns": 2e5, "loop_ns": 1e4,
            "vectorized": rng.random(), "parallel": float(index % 2), "outer_parallel": 0.0,
            "speedup": 1.0 + index % 2, "lines": [1e5, 1e4, 1e3], "statements": 1,
            "original": index == 0, "tiled": index > 1, "serial": False, "wavefront": False,
            "time_tiles": False, "status": "ok", "seconds": predicted * rng.uniform(0.5, 2)})
    return {"program": program, "candidates": candidates}


def test_model_train_corpus_writes_a_model_the_default_reads(tmp_path):
    rng = random.Random(3)
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(_corpus_record(f"p{n}.c", rng)) + "\n"
                              for n in range(12)))
    output = tmp_path / "performance.npz"
    run = subprocess.run([sys.executable, "-m", "polyopt", "model", "train", "--corpus",
                          str(corpus), "-o", str(output)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "48 measured candidates of 12 programs" in run.stdout
    model = learned.load(output)
    assert model.header["corpus"] == ["corpus.jsonl"]
    source = SourceFile("product.c", PRODUCT)
    optimize_source(source, Options(cost_model=str(output)))    # it is usable


@needs_gcc
def test_tune_measures_stores_and_reuses_its_choice(tmp_path):
    (tmp_path / "lib.c").write_text(PRODUCT)
    command = [sys.executable, "-m", "polyopt", "lib.c", "--tune", "--tune-candidates", "2",
               "--db", str(tmp_path / "db.sqlite"), "-o"]
    first = subprocess.run(command + ["first.c"], cwd=tmp_path, capture_output=True, text=True,
                           timeout=600)
    assert first.returncode == 0, first.stderr
    assert "tune: kernel harness" in first.stderr
    assert "tune: 3 candidates" in first.stderr           # the code as written and 2
    second = subprocess.run(command + ["second.c"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=600)
    assert second.returncode == 0, second.stderr
    assert "tuning database's choice" in second.stderr
    assert (tmp_path / "first.c").read_text() == (tmp_path / "second.c").read_text()
    # another build command is another key: measured again
    third = subprocess.run(command + ["third.c", "--build",
                                      "gcc -O2 -fopenmp {src} -o {exe} -lm"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert third.returncode == 0, third.stderr
    assert "tuning database's choice" not in third.stderr
    subprocess.run([GCC, "-fopenmp", "-c", "first.c"], cwd=tmp_path, check=True)


def test_tune_refuses_a_scheduler_of_its_own(tmp_path):
    (tmp_path / "lib.c").write_text(PRODUCT)
    run = subprocess.run([sys.executable, "-m", "polyopt", "lib.c", "--tune", "--scheduler",
                          "isl"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 2 and "--tune" in run.stderr      # a usage error, as argparse's


@needs_gcc
def test_no_progress_bar_where_stderr_is_no_terminal(tmp_path):
    """A search or --tune in a build log (stderr a pipe) writes lines, no carriage
    returns of a progress bar."""
    (tmp_path / "lib.c").write_text(PRODUCT)
    run = subprocess.run([sys.executable, "-m", "polyopt", "lib.c", "--tune",
                          "--tune-candidates", "1", "--no-db", "-o", "out.c"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "\r" not in run.stderr and "tune: 2 candidates" in run.stderr


@needs_gcc
def test_tune_writes_a_file_without_a_scop_as_it_is(tmp_path):
    """--tune in a Makefile's pass: a file whose region is not modelled is written as
    it is, with the reason, and the build goes on (exit 0)."""
    text = ("#include <stdio.h>\nint main(void)\n{\n  int a[8], s = 0;\n"
            "  for (int i = 0; i < 8; i++)\n    a[i] = 7 - i;\n#pragma scop\n"
            "  for (int i = 0; i < 8; i++)\n    s += a[a[i]];\n#pragma endscop\n"
            "  printf(\"%d\\n\", s);\n  return 0;\n}\n")
    (tmp_path / "prog.c").write_text(text)
    run = subprocess.run([sys.executable, "-m", "polyopt", "prog.c", "--tune", "--no-db",
                          "-o", "out.c"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    assert "no SCoP to tune" in run.stderr and "prog.c:" in run.stderr
    assert (tmp_path / "out.c").read_text() == text


def test_a_candidate_the_two_models_disagree_on_is_not_chosen():
    """The analytical model predicts the candidate slower than the code as written and
    the learned model alone only a little faster: the code as written is kept; the
    same candidate predicted much faster by the learned model is chosen."""
    from types import SimpleNamespace
    from polyopt.scheduler import auto

    def judged(seconds: float, label: str, regions: float = 4.0):
        return SimpleNamespace(estimate=SimpleNamespace(seconds=seconds, regions=regions),
                               label=label)

    candidates = [judged(1.0, "original code", 0.0), judged(1.6, "reordered")]
    learned = [1.0, 1.12]
    speedups = auto.blended(learned, [1.0, 1 / 1.6])
    kept, why = auto.choose_learned(candidates, speedups, learned=learned)
    assert kept is candidates[0] and "predicted slower by the analytical model" in why
    assert auto._vetoed(candidates, 1, 2.0) is False
    # with no parallel loop, its only gain would be locality, which the analytical model
    # charges: the learned model's word alone does not choose it
    serial = [candidates[0], judged(1.6, "reordered, serial", regions=0.0)]
    assert auto._vetoed(serial, 1, 2.0) is True
    kept, _ = auto.choose_learned(serial, auto.blended([1.0, 2.0], [1.0, 1 / 1.6]),
                                  learned=[1.0, 2.0])
    assert kept is serial[0]
    # predicted faster by both: chosen
    faster = [candidates[0], judged(0.8, "reordered, serial", regions=0.0)]
    assert auto._vetoed(faster, 1, 2.0) is False
