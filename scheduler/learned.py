"""A learned performance model: each candidate's time relative to the code as written,
predicted from what the analytical cost model (``scheduler.cost``) computes of it.

The model is a gradient-boosted ensemble of regression trees (scikit-learn's
``GradientBoostingRegressor``, squared error) trained on measured programs that are
generated, never on the suite the default is tested on (``polyopt model train
--corpus``). It is stored as plain arrays (``save``/``load``: a compressed NumPy
archive with a JSON header) and evaluated here with NumPy, so that choosing needs
neither scikit-learn nor its import time, and a model file does not depend on
scikit-learn's version.

Features (``feature_vector``): the analytical prediction (absolute, and relative to
the code as written), the instances, compute, memory and loop time per instance,
the vectorized, parallel and outer-parallel shares, the predicted parallel speed-up,
the cache lines per instance at each level, the parallel regions, the statements,
and the kind of candidate (the code as written, tiled, serial, wavefront, time
tiles); then each of them minus the code as written's. A model records the feature
version it was trained with; a model of another version is not used.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

FEATURE_VERSION = 2     # 2: each feature also minus the code as written's
LEVELS = 3       # cache levels in the feature vector (missing ones are 0)
FORMAT = "polyopt-performance-model"

SHIPPED = "performance.npz"   # in polyopt/data: trained on the generated corpus (experiments/corpus/)


def candidate_features(judged) -> dict:
    """What the cost model computed of a judged candidate (``scheduler.auto.Judged``),
    summed over its statements: the corpus's record of a candidate."""
    estimate = judged.bare or judged.estimate    # (without register tiles: Judged.bare)
    costs = estimate.statements
    instances = sum(cost.instances for cost in costs) or 1.0
    levels = max((len(cost.lines) for cost in costs), default=0)
    lines = [sum(cost.lines[k] for cost in costs if k < len(cost.lines)) for k in range(levels)]
    return {
        "predicted": estimate.seconds,
        "regions": estimate.regions,
        "instances": instances,
        "compute_ns": sum(cost.compute_ns for cost in costs),
        "memory_ns": sum(cost.memory_ns for cost in costs),
        "loop_ns": sum(cost.loop_ns for cost in costs),
        "vectorized": estimate.weighted("vectorized"),
        "parallel": sum(c.instances for c in costs if c.parallel_depth is not None) / instances,
        "outer_parallel": sum(c.instances for c in costs if c.parallel_depth == 0) / instances,
        "speedup": sum(c.instances * c.speedup for c in costs) / instances,
        "lines": lines,
        "statements": len(costs),
        "original": judged.candidate.schedule is None,
        "tiled": judged.tiled,
        "serial": judged.serial,
        "wavefront": judged.candidate.wavefront,
        "time_tiles": judged.candidate.time_tiling is not None,
    }


def feature_vector(row: dict, base: dict) -> list[float]:
    """The model's input for one candidate (``candidate_features``), given the code as
    written's (``base``): the candidate's own features, then the same minus the code
    as written's (what the candidate changes: its traffic, its vectorized and
    parallel shares, its regions)."""
    own = own_vector(row, base["predicted"])
    original = own_vector(base, base["predicted"])
    return own + [a - b for a, b in zip(own, original)]


def own_vector(row: dict, base_predicted: float) -> list[float]:
    """A candidate's features by themselves (the prediction also relative to the
    code as written's)."""
    instances = max(row["instances"], 1.0)
    lines = (list(row.get("lines") or []) + [0.0] * LEVELS)[:LEVELS]
    predicted = max(row["predicted"], 1e-9)
    return [
        math.log(predicted),
        math.log(predicted / max(base_predicted, 1e-9)),
        math.log(instances),
        row["compute_ns"] / instances, row["memory_ns"] / instances, row["loop_ns"] / instances,
        row["vectorized"], row["parallel"], row["outer_parallel"], row["speedup"],
        *(math.log1p(lines[k]) - math.log(instances) for k in range(LEVELS)),
        math.log1p(row["regions"]), row["statements"],
        float(row["original"]), float(row["tiled"]), float(row["serial"]),
        float(row["wavefront"]), float(row["time_tiles"]),
    ]


@dataclass
class PerformanceModel:
    """An ensemble of regression trees, as arrays: tree t's node n tests feature
    ``feature[t, n]`` against ``threshold[t, n]`` and goes to ``left[t, n]`` or
    ``right[t, n]``; a leaf (feature -1) holds ``value[t, n]``. The prediction is
    ``base + rate * sum of the trees' leaves``: the log of a candidate's time over
    the code as written's."""
    base: float
    rate: float
    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray
    depth: int
    header: dict = field(default_factory=dict)

    def predict(self, vectors: list[list[float]]) -> list[float]:
        """The predicted log relative time of each feature vector."""
        x = np.asarray(vectors, dtype=float)
        if x.ndim != 2 or not len(x):
            return []
        trees = np.arange(self.feature.shape[0])
        result = []
        for row in x:
            node = np.zeros(len(trees), dtype=np.int64)
            for _ in range(self.depth):
                feature = self.feature[trees, node]
                leaf = feature < 0
                goes_left = row[np.where(leaf, 0, feature)] <= self.threshold[trees, node]
                node = np.where(leaf, node, np.where(goes_left, self.left[trees, node],
                                                     self.right[trees, node]))
            result.append(float(self.base + self.rate * self.value[trees, node].sum()))
        return result

    @property
    def description(self) -> str:
        return str(self.header.get("description", ""))


def _stacked(rows: list[np.ndarray], fill, dtype) -> np.ndarray:
    """One row per tree, each tree's node values padded with `fill` to the largest."""
    array = np.full((len(rows), max(len(row) for row in rows)), fill, dtype=dtype)
    for index, row in enumerate(rows):
        array[index, :len(row)] = row
    return array


def from_sklearn(model, header: dict) -> PerformanceModel:
    """The arrays of a fitted ``GradientBoostingRegressor`` (squared error)."""
    trees = [estimator[0].tree_ for estimator in model.estimators_]
    feature = _stacked([tree.feature for tree in trees], -1, np.int64)
    left = _stacked([tree.children_left for tree in trees], -1, np.int64)
    right = _stacked([tree.children_right for tree in trees], -1, np.int64)
    feature[left < 0] = -1
    return PerformanceModel(
        base=float(np.ravel(model.init_.constant_)[0]), rate=float(model.learning_rate),
        feature=feature, threshold=_stacked([tree.threshold for tree in trees], 0.0, np.float64),
        left=left, right=right,
        value=_stacked([tree.value.reshape(tree.node_count) for tree in trees], 0.0, np.float64),
        depth=max(tree.max_depth for tree in trees), header=header)


def from_hist_sklearn(model, header: dict) -> PerformanceModel:
    """The arrays of a fitted ``HistGradientBoostingRegressor`` (squared error, no
    missing values): its leaves hold values already scaled by its learning rate."""
    trees = [iteration[0].nodes for iteration in model._predictors]
    leaf = _stacked([tree["is_leaf"].astype(bool) for tree in trees], True, bool)
    feature = _stacked([tree["feature_idx"] for tree in trees], -1, np.int64)
    feature[leaf] = -1
    return PerformanceModel(
        base=float(np.ravel(model._baseline_prediction)[0]), rate=1.0, feature=feature,
        threshold=_stacked([tree["num_threshold"] for tree in trees], 0.0, np.float64),
        left=_stacked([tree["left"] for tree in trees], -1, np.int64),
        right=_stacked([tree["right"] for tree in trees], -1, np.int64),
        value=_stacked([tree["value"] for tree in trees], 0.0, np.float64),
        depth=int(max(tree["depth"].max() for tree in trees)), header=header)


# what the shipped model was fitted with (chosen by cross-validation on the corpus)
PARAMETERS = {"n_estimators": 600, "max_depth": 4, "learning_rate": 0.03, "subsample": 0.8}
# models fitted with consecutive seeds and averaged (`averaged`). Each subsamples its
# rows, so one model's choices move with its seed (a test-set regret of +-0.05 from the
# seed or the row order alone). Five averaged: corpus cross-validation 1.183 against
# 1.189, the test set 1.41 against 1.47, but the held-out programs whose choice changed
# lost (experiments/corpus/README.md): the shipped model is one
MEMBERS = 1


def train(vectors: list[list[float]], targets: list[float], seed: int = 0,
          header: dict | None = None, members: int = MEMBERS) -> PerformanceModel:
    """A model fitted to feature vectors and their measured log relative times: the
    average of `members` gradient-boosted models, seeds `seed`, `seed` + 1, ..."""
    from polyopt.core.extras import require
    sklearn = require("sklearn", "polyopt model train --corpus")
    from sklearn.ensemble import GradientBoostingRegressor
    fitted = [GradientBoostingRegressor(random_state=seed + k, **PARAMETERS).fit(vectors, targets)
              for k in range(members)]
    return averaged([from_sklearn(each, {}) for each in fitted],
                    {"format": FORMAT, "feature_version": FEATURE_VERSION,
                     "parameters": PARAMETERS, "seed": seed, "members": members,
                     "sklearn_version": sklearn.__version__, **(header or {})})


def averaged(models: list[PerformanceModel], header: dict) -> PerformanceModel:
    """One model predicting the mean of `models`' predictions (fitted with one learning
    rate): their trees side by side, each weighed by the rate over their number."""
    if len({m.rate for m in models}) != 1:
        raise ValueError("models of different learning rates")
    nodes = max(m.feature.shape[1] for m in models)

    def joined(name, fill):
        return np.concatenate([np.pad(getattr(m, name), ((0, 0), (0, nodes - m.feature.shape[1])),
                                      constant_values=fill) for m in models])

    return PerformanceModel(
        base=float(np.mean([m.base for m in models])), rate=models[0].rate / len(models),
        feature=joined("feature", -1), threshold=joined("threshold", 0.0),
        left=joined("left", -1), right=joined("right", -1), value=joined("value", 0.0),
        depth=max(m.depth for m in models), header=header)


def save(model: PerformanceModel, path: str | Path) -> None:
    with open(path, "wb") as stream:
        np.savez_compressed(stream, header=np.array(json.dumps(model.header)),
                            scalars=np.array([model.base, model.rate, model.depth]),
                            feature=model.feature, threshold=model.threshold,
                            left=model.left, right=model.right, value=model.value)


class ModelError(ValueError):
    """A file that is not a performance model of this version."""


def load(path: str | Path) -> PerformanceModel:
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            base, rate, depth = (float(v) for v in data["scalars"])
            arrays = {name: data[name] for name in ("feature", "threshold", "left", "right",
                                                     "value")}
    except (OSError, KeyError, ValueError) as error:
        raise ModelError(f"{path}: not a performance model ({error})") from None
    if header.get("format") != FORMAT or header.get("feature_version") != FEATURE_VERSION:
        raise ModelError(f"{path}: a performance model of another format or feature version "
                         f"({header.get('format')}, {header.get('feature_version')}; this "
                         f"polyopt reads {FORMAT}, {FEATURE_VERSION})")
    return PerformanceModel(base, rate, depth=int(depth), header=header, **arrays)


_shipped: list[PerformanceModel | None] = []


def shipped_path() -> Path:
    return Path(str(resources.files("polyopt") / "data" / SHIPPED))


def shipped_model() -> PerformanceModel | None:
    """The model polyopt ships (loaded once), or None where it is missing."""
    if not _shipped:
        try:
            _shipped.append(load(shipped_path()))
        except ModelError:
            _shipped.append(None)
    return _shipped[0]


def corpus_programs(path: str | Path) -> dict[str, list[dict]]:
    """The measured programs of a corpus file (``experiments/corpus_measure.py``: JSON
    lines, or xz-compressed ones): per program, its candidates that ran and verified,
    each with ``base_seconds`` and ``base_predicted`` (the code as written's measured
    and predicted times). Programs with fewer than two such candidates are left out."""
    path = Path(path)
    raw = path.read_bytes()
    if path.suffix == ".xz":
        import lzma
        raw = lzma.decompress(raw)
    programs: dict[str, list[dict]] = {}
    for line in raw.decode().splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        candidates = [c for c in record.get("candidates", [])
                      if c.get("status") == "ok" and c.get("seconds")]
        original = next((c for c in record.get("candidates", []) if c.get("original")), None)
        if original is None or not original.get("seconds") or len(candidates) < 2:
            continue
        programs[record["program"]] = [
            dict(c, program=record["program"], base_seconds=original["seconds"],
                 base_predicted=original["predicted"], base=original) for c in candidates]
    return programs


def row_vector(row: dict) -> list[float]:
    """A corpus row's feature vector (``corpus_programs``)."""
    return feature_vector(row, row["base"])


def row_target(row: dict) -> float:
    """A corpus row's measured log time relative to the code as written."""
    return math.log(row["seconds"] / row["base_seconds"])


def train_on_corpus(paths: list[str | Path], seed: int = 0,
                    header: dict | None = None) -> PerformanceModel:
    """A model trained on every measured candidate of the corpus files."""
    programs: dict[str, list[dict]] = {}
    for path in paths:
        programs.update({f"{Path(path).name}:{name}": rows
                         for name, rows in corpus_programs(path).items()})
    if len(programs) < 2:
        raise ModelError(f"{', '.join(map(str, paths))}: {len(programs)} measured programs "
                         "with two or more verified candidates: too few to train on")
    rows = [row for name in sorted(programs) for row in programs[name]]
    return train([row_vector(r) for r in rows], [row_target(r) for r in rows], seed,
                 {"description": f"{len(rows)} measured candidates of {len(programs)} programs",
                  "corpus": [Path(p).name for p in paths], **(header or {})})
