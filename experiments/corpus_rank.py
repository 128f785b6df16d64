"""Alternative learned models of the measured corpus, compared by cross-validation by
program on the corpus alone: the regressor of feature version 1 (each candidate's own
features), the same with features relative to the code as written (feature version 2,
the shipped model's), a pairwise ranking classifier, the regressor
with programs weighted equally and its target clipped, a Huber-loss regressor and the
regressor with the code as written pinned at 0.

Per variant: the regret of its choice (measured seconds of the chosen candidate / the
fastest candidate's; geometric mean and worst over programs; the share of programs where
it picks the fastest), cross-validated by program (5 folds; the folds of
experiments/corpus_model.py, and again with other fold seeds to see how much the split
alone moves it). The choice between variants is made by that number only. The regret
on the test measurements (--test: the suite) of the variant trained on the whole corpus
is reported as an afterthought and chooses nothing.

The regressors choose as the default does (experiments/corpus_model.py, _with_margin:
learned LEARNED_WEIGHT + analytical the rest, the code as written unless a candidate is
predicted faster by LEARNED_MARGIN); "alone" is the learned prediction's own argmin;
"--tune 2" the fastest measured of the code as written and the two candidates the
variant's own score ranks first (not blended, unlike corpus_model.py's).
The pairwise classifier picks the candidate with the highest sum of predicted
probabilities of beating the others, the code as written unless it is predicted to beat
it (probability >= 0.5).

    python experiments/corpus_rank.py experiments/corpus/corpus-v3.jsonl.xz \
        --test experiments/corpus/suite-medium-v2.jsonl.xz [--seeds 0 1 2] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus_model import _with_margin  # noqa: E402

from polyopt.scheduler.learned import (PARAMETERS, corpus_programs, own_vector,  # noqa: E402
                                       row_target)

CLIP = math.log(20.0)       # variant 4's target clip (slowdowns beyond 20x count as 20x)
TIE = math.log(1.03)        # pairs closer than 3% in measured time are not trained on


def _vectors(programs):
    """Each row's own feature vector (feature version 1's; by id), computed once."""
    return {id(r): np.asarray(own_vector(r, r["base_predicted"]), dtype=float)
            for rows in programs.values() for r in rows}


def _original(rows):
    return next(r for r in rows if r["original"])


class Regressor:
    """A GradientBoostingRegressor of the log time relative to the code as written."""
    relative = False        # features: the vector and the vector minus the original's
    weighted = False        # sample weight 1 / candidates of the program
    clip = None             # upper clip of the target
    loss = "squared_error"
    pinned = False          # trained without the originals; the original predicted 0

    def __init__(self, vectors, seed):
        self.vectors, self.seed = vectors, seed

    def inputs(self, rows):
        base = self.vectors[id(_original(rows))]
        result = []
        for r in rows:
            v = self.vectors[id(r)]
            result.append(np.concatenate([v, v - base]) if self.relative else v)
        return result

    def fit(self, programs):
        from sklearn.ensemble import GradientBoostingRegressor
        x, y, w = [], [], []
        for rows in programs.values():
            kept = [(r, v) for r, v in zip(rows, self.inputs(rows))
                    if not (self.pinned and r["original"])]
            for r, v in kept:
                x.append(v)
                target = row_target(r)
                y.append(min(target, self.clip) if self.clip is not None else target)
                w.append(1.0 / len(kept) if self.weighted else 1.0)
        self.model = GradientBoostingRegressor(random_state=self.seed, loss=self.loss,
                                               **PARAMETERS)
        self.model.fit(np.array(x), np.array(y), sample_weight=np.array(w))
        return self

    def scores(self, rows):
        """Predicted log relative time per row (lower: faster)."""
        values = self.model.predict(np.array(self.inputs(rows)))
        return {id(r): (0.0 if self.pinned and r["original"] else float(v))
                for r, v in zip(rows, values)}

    def choose(self, rows, scores):
        return _with_margin(rows, scores)


class Relative(Regressor):
    relative = True


class WeightedClipped(Regressor):
    weighted = True
    clip = CLIP


class Huber(Regressor):
    loss = "huber"


class Pinned(Regressor):
    pinned = True


class Pairwise:
    """A HistGradientBoostingClassifier (log-loss; PARAMETERS' trees, depth and rate,
    no subsampling) of "a is measured faster than b" from (vec(a) - vec(b), vec(a),
    vec(b)), trained on the pairs of candidates of a program whose times differ by 3% or
    more, each in a random order; its probability is made antisymmetric at prediction:
    p(a, b) = (P(a, b) + 1 - P(b, a)) / 2."""
    slow = False
    magnitude = False       # weight each pair by its |log time ratio| (at most log 20)

    def classifier(self):
        from sklearn.ensemble import HistGradientBoostingClassifier
        return HistGradientBoostingClassifier(
            max_iter=PARAMETERS["n_estimators"], max_depth=PARAMETERS["max_depth"],
            max_leaf_nodes=2 ** PARAMETERS["max_depth"],
            learning_rate=PARAMETERS["learning_rate"], early_stopping=False,
            random_state=self.seed)

    def __init__(self, vectors, seed):
        self.vectors, self.seed = vectors, seed

    def pair(self, a, b):
        va, vb = self.vectors[id(a)], self.vectors[id(b)]
        return np.concatenate([va - vb, va, vb])

    def fit(self, programs):
        rng = random.Random(self.seed)
        x, y, w = [], [], []
        for rows in programs.values():
            for i, a in enumerate(rows):
                for b in rows[i + 1:]:
                    gap = abs(math.log(a["seconds"] / b["seconds"]))
                    if gap < TIE:
                        continue
                    w.append(min(gap, CLIP) if self.magnitude else 1.0)
                    if rng.random() < 0.5:
                        a, b = b, a
                    x.append(self.pair(a, b))
                    y.append(int(a["seconds"] < b["seconds"]))
        self.pairs = len(x)
        self.model = self.classifier()
        self.model.fit(np.array(x), np.array(y), sample_weight=np.array(w))
        return self

    def probabilities(self, rows):
        n = len(rows)
        x = [self.pair(a, b) for a in rows for b in rows]
        p = self.model.predict_proba(np.array(x))[:, 1].reshape(n, n)
        p = (p + 1.0 - p.T) / 2.0
        np.fill_diagonal(p, 0.0)
        return p

    def scores(self, rows):
        """Minus the expected wins per row (lower: predicted faster)."""
        p = self.probabilities(rows)
        return {id(r): -float(p[i].sum()) for i, r in enumerate(rows)}

    def choose(self, rows, scores):
        best = min(range(len(rows)), key=lambda i: scores[id(rows[i])])
        original = next(i for i, r in enumerate(rows) if r["original"])
        if best == original:
            return rows[best]
        return rows[best] if self.probabilities(rows)[best, original] >= 0.5 else rows[original]


class PairwiseMagnitude(Pairwise):
    magnitude = True


class PairwiseGBC(Pairwise):
    """The same pairs, scikit-learn's GradientBoostingClassifier with PARAMETERS (the
    regressor's tree arrays, from_sklearn's); slow (about 70 s a fit): first fold seed
    only."""
    slow = True

    def classifier(self):
        from sklearn.ensemble import GradientBoostingClassifier
        return GradientBoostingClassifier(random_state=self.seed, **PARAMETERS)


VARIANTS = {
    "1 baseline": (Regressor, "the current regressor (squared error, PARAMETERS)"),
    "2 relative": (Relative, "features: vector and vector minus the code as written's"),
    "3 pairwise": (Pairwise, "HistGradientBoostingClassifier on pairs (a - b, a, b) >=3% "
                             "apart; most expected wins"),
    "3w pairwise-weighted": (PairwiseMagnitude, "the same, each pair weighted by its |log "
                                                "time ratio| (at most log 20)"),
    "3g pairwise-gbc": (PairwiseGBC, "the same with GradientBoostingClassifier (PARAMETERS)"),
    "4 weighted+clip": (WeightedClipped, "weight 1/candidates per program, target <= log 20"),
    "5a huber": (Huber, "the regressor with Huber loss (alpha 0.9)"),
    "5b pinned": (Pinned, "trained without the originals; the original predicted 0"),
}


def evaluate(programs, chosen: dict, alone: dict, tuned: dict) -> dict:
    """Regret of the choices (row per program): geo. mean, worst, picks the best; the
    learned argmin alone's geo. mean; --tune 2's (the original and the two best ranked,
    measured)."""
    def stats(picks):
        regrets = [picks[n]["seconds"] / min(r["seconds"] for r in programs[n])
                   for n in programs]
        return (math.exp(statistics.mean(math.log(x) for x in regrets)), max(regrets),
                sum(x <= 1.0001 for x in regrets) / len(regrets))
    geo, worst, best = stats(chosen)
    return {"geo": geo, "worst": worst, "best": best, "alone": stats(alone)[0],
            "tune2": stats(tuned)[0]}


def _picks(variant, programs, names, picks):
    chosen, alone, tuned = picks
    for name in names:
        rows = programs[name]
        scores = variant.scores(rows)
        chosen[name] = variant.choose(rows, scores)
        alone[name] = min(rows, key=lambda r: scores[id(r)])
        ranked = sorted((r for r in rows if not r["original"]), key=lambda r: scores[id(r)])
        tuned[name] = min([_original(rows)] + ranked[:2], key=lambda r: r["seconds"])


def cross_validated(cls, programs, vectors, folds, seed):
    """The choices of models trained on the other folds (the folds of corpus_model.py)."""
    names = sorted(programs)
    random.Random(seed).shuffle(names)
    picks = ({}, {}, {})
    for fold in range(folds):
        test = set(names[fold::folds])
        # the training programs in corpus_model.py's order: the order of the rows moves
        # the subsampling, and so the regret, by about as much as a change of seed
        variant = cls(vectors, seed).fit({n: programs[n] for n in names if n not in test})
        _picks(variant, programs, sorted(test), picks)
    return evaluate(programs, *picks)


def tested(cls, programs, vectors, test_programs, seed):
    variant = cls(vectors, seed).fit({n: programs[n] for n in sorted(programs)})
    picks = ({}, {}, {})
    _picks(variant, test_programs, sorted(test_programs), picks)
    return evaluate(test_programs, *picks)


def table(name, description, cv: list[dict], seeds, test: dict | None) -> str:
    first = cv[0]
    lines = [f"### {name}: {description}", "",
             "| | regret geo. mean | worst | picks best | learned alone (geo.) "
             "| --tune 2 (geo.) |", "|---|---|---|---|---|---|"]
    lines.append(f"| CV by program, fold seed {seeds[0]} | {first['geo']:.3f} | "
                 f"{first['worst']:.2f} | {first['best']:.0%} | {first['alone']:.3f} | "
                 f"{first['tune2']:.3f} |")
    for seed, result in zip(seeds[1:], cv[1:]):
        lines.append(f"| CV, fold seed {seed} | {result['geo']:.3f} | {result['worst']:.2f} | "
                     f"{result['best']:.0%} | {result['alone']:.3f} | {result['tune2']:.3f} |")
    if len(cv) > 1:
        lines.append(f"| CV, mean over fold seeds | "
                     f"{statistics.mean(r['geo'] for r in cv):.3f} | "
                     f"{statistics.mean(r['worst'] for r in cv):.2f} | "
                     f"{statistics.mean(r['best'] for r in cv):.0%} | "
                     f"{statistics.mean(r['alone'] for r in cv):.3f} | "
                     f"{statistics.mean(r['tune2'] for r in cv):.3f} |")
    if test is not None:
        lines.append(f"| test (afterthought; trained on all the corpus) | {test['geo']:.3f} | "
                     f"{test['worst']:.2f} | {test['best']:.0%} | {test['alone']:.3f} | "
                     f"{test['tune2']:.3f} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--test", type=Path, help="the test measurements (reported only)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2],
                        help="fold seeds (the first: corpus_model.py's, the one compared)")
    parser.add_argument("--only", nargs="+", help="variants whose name starts with these")
    parser.add_argument("--report", type=Path, help="also write the tables here")
    args = parser.parse_args(argv)
    programs = corpus_programs(args.corpus)
    test_programs = corpus_programs(args.test) if args.test else None
    vectors = _vectors(programs)
    if test_programs:
        vectors.update(_vectors(test_programs))
    text = [f"{len(programs)} corpus programs, {sum(map(len, programs.values()))} candidates; "
            f"{args.folds}-fold CV by program; fold seeds {args.seeds}\n"]
    summary = []
    for name, (cls, description) in VARIANTS.items():
        if args.only and not any(name.startswith(o) for o in args.only):
            continue
        start = time.time()
        seeds = args.seeds[:1] if getattr(cls, "slow", False) else args.seeds
        cv = [cross_validated(cls, programs, vectors, args.folds, seed) for seed in seeds]
        test = tested(cls, programs, vectors, test_programs, args.seeds[0]) \
            if test_programs else None
        block = table(name, description, cv, seeds, test)
        print(block + f"({time.time() - start:.0f} s)\n", flush=True)
        text.append(block)
        summary.append((name, cv, test))
    lines = ["| variant | CV geo. mean (seed %d) | CV worst | CV picks best | CV geo. mean "
             "(mean of seeds) | CV minus baseline, per fold seed | test geo. mean "
             "| test worst |" % args.seeds[0],
             "|---|---|---|---|---|---|---|---|"]
    baseline = next((cv for name, cv, _ in summary if name == "1 baseline"), None)
    for name, cv, test in summary:
        t = f"{test['geo']:.3f} | {test['worst']:.2f}" if test else "- | -"
        mean = f"{statistics.mean(r['geo'] for r in cv):.3f}" if len(cv) == len(args.seeds) \
            else "- (first seed only)"
        paired = ", ".join(f"{a['geo'] - b['geo']:+.3f}" for a, b in zip(cv, baseline)) \
            if baseline else "-"
        lines.append(f"| {name} | {cv[0]['geo']:.3f} | {cv[0]['worst']:.2f} | "
                     f"{cv[0]['best']:.0%} | {mean} | {paired} | {t} |")
    text.append("### Summary\n\n" + "\n".join(lines) + "\n")
    print(text[-1])
    if args.report:
        args.report.write_text("\n".join(text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
