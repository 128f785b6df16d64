"""A learned performance model on the measured corpus (experiments/corpus_measure.py),
tested on programs it never saw: each candidate's time relative to the program's code
as written, predicted by gradient boosting from the cost model's features, and the
candidate each model would choose, per program, in a cross-validation by program.

Reported per model (the analytical model's own choice with its margins; the analytical
model's fastest prediction; the learned model's): the geometric mean and the worst of
the regret (measured time of the chosen candidate / the best candidate's), the share of
programs where it picks the best, Spearman's rank correlation of predicted and measured
times within a program, and the geometric-mean speedup over the code as written.

    python experiments/corpus_model.py corpus.jsonl [more.jsonl ...] [--folds 5] [--report report.md] \
        [--test suite-medium.jsonl]
"""

from __future__ import annotations

import argparse
import json
import lzma
import math
import random
import statistics
import sys
from pathlib import Path

from polyopt.scheduler.auto import (DISAGREEMENT_VETO, LEARNED_MARGIN, LEARNED_WEIGHT,
                                   SERIAL_VETO)
from polyopt.scheduler.learned import MEMBERS, corpus_programs, row_target, row_vector, train

def spearman(a: list[float], b: list[float]) -> float | None:
    if len(a) < 3:
        return None

    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        result = [0.0] * len(values)
        for rank, index in enumerate(order):
            result[index] = float(rank)
        return result

    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return num / den if den else None


TUNED = (2, 3, 4)      # candidates --tune measures (--tune-candidates)


def blended(row: dict, predictions: dict[int, float], weight: float) -> float:
    """A row's predicted log time relative to the code as written: the learned model's
    with `weight`, the analytical model's with the rest (scheduler.auto.blend)."""
    analytical = math.log(row["predicted"] / row["base_predicted"]) \
        if row["predicted"] > 0 and row["base_predicted"] > 0 else 0.0
    return weight * predictions[id(row)] + (1 - weight) * analytical


def _vetoed(row: dict, original: dict, predictions: dict[int, float], veto: float,
            strong: float = math.inf, serial: float | None = None) -> bool:
    """scheduler.auto._vetoed on a corpus row: the analytical model predicts it slower
    than the code as written and the learned model alone less than `veto` faster; or
    (`strong`) the analytical model predicts it `strong` times slower or more."""
    learned = math.exp(predictions[id(original)] - predictions[id(row)])
    slower = row["predicted"] > row["base_predicted"] > 0
    if slower and serial is not None and not row.get("regions"):
        return learned < serial      # no parallel loop: the veto for serial candidates
    return slower and (learned < veto or row["predicted"] >= strong * row["base_predicted"])


def _pair_vetoed(row: dict, rows: list[dict], predictions: dict[int, float],
                 pair: tuple[float, float]) -> bool:
    """scheduler.auto's pairwise veto on a corpus row: some other candidate the analytical
    model predicts `pair[0]` times faster or more, which the learned model predicts
    less than `pair[1]` times slower than this one."""
    slower, overrides = pair
    return any(other is not row and row["predicted"] >= slower * other["predicted"] > 0
               and math.exp(predictions[id(other)] - predictions[id(row)]) < overrides
               for other in rows)


def _with_margin(rows: list[dict], predictions: dict[int, float],
                 weight: float = LEARNED_WEIGHT, margin: float = LEARNED_MARGIN,
                 veto: float = DISAGREEMENT_VETO, strong: float = math.inf,
                 tie: float = 1.0, pair: tuple[float, float] | None = None,
                 serial: float | None = None) -> dict:
    """The choice as the default makes it (scheduler.auto.choose_learned): the best
    candidate by the learned model blended with the analytical one, passing over those
    the two disagree on (`veto`; 0: none), unless it is predicted faster than the code
    as written by less than `margin`. With `tie` above 1, the candidates (not passed
    over) predicted within `tie` of the best are told apart by the analytical model."""
    original = next(r for r in rows if r["original"])
    ordered = sorted(rows, key=lambda r: blended(r, predictions, weight))
    allowed = [r for r in ordered
               if r is original or not (_vetoed(r, original, predictions, veto, strong, serial)
                                        or (pair and _pair_vetoed(r, rows, predictions, pair)))]
    best = allowed[0]
    if tie > 1.0:
        close = [r for r in allowed if blended(r, predictions, weight)
                 <= blended(best, predictions, weight) + math.log(tie)]
        best = min(close, key=lambda r: r["predicted"])
    gain = blended(original, predictions, weight) - blended(best, predictions, weight)
    return best if gain >= math.log(margin) else original


def _regrets(programs: dict[str, list[dict]], predictions: dict[int, float],
             **choice) -> list[float]:
    """Each program's regret of the default's choice (_with_margin with `choice`)."""
    return [_with_margin(rows, predictions, **choice)["seconds"]
            / min(r["seconds"] for r in rows) for rows in programs.values()]


def _geometric_mean(values: list[float]) -> float:
    return math.exp(statistics.mean(math.log(v) for v in values))


def veto_table(programs: dict[str, list[dict]], predictions: dict[int, float],
               vetoes=(0.0, 1.25, 1.5, 2.0, 3.0, math.inf)) -> str:
    """Regret of the default's choice (its weight and margin) per DISAGREEMENT_VETO, and
    per setting of the other rules tried beside it."""
    tables = [
        ("veto (learned speed-up that overrides the analytical model)",
         [(f"{veto:g}", {"veto": veto}) for veto in vetoes]),
        ("ties: blended predictions within this factor told apart by the analytical model",
         [(f"{tie:g}", {"tie": tie}) for tie in (1.0, 1.02, 1.05, 1.1, 1.2)]),
        ("veto, and any candidate the analytical model predicts this many times slower "
         "than the code as written",
         [(f"{DISAGREEMENT_VETO:g}, {strong:g}", {"strong": strong})
          for strong in (math.inf, 8.0, 4.0, 2.0, 1.5)]),
        ("and a candidate passed over where the analytical model predicts another A times "
         "faster and the learned model does not predict it L times faster than that one: A, L",
         [(f"{a:g}, {b:g}", {"pair": (a, b)}) for a, b in PAIRS]),
        ("the veto for candidates with no parallel loop (the others' 1.25)",
         [(f"{serial:g}", {"serial": serial}) for serial in (1.25, 1.5, 2.0, 3.0, math.inf)]),
    ]
    lines = []
    for title, settings in tables:
        lines += ([""] if lines else []) + [
            f"| {title} | regret (geo. mean) | regret (worst) | programs > 2x |",
            "|---|---|---|---|"]
        for label, choice in settings:
            regrets = _regrets(programs, predictions, **choice)
            lines.append(f"| {label} | {_geometric_mean(regrets):.3f} | {max(regrets):.2f} "
                         f"| {sum(r > 2 for r in regrets)} |")
    return "\n".join(lines) + "\n"


PAIRS = [(a, b) for a in (1.5, 2.0, 3.0, 4.0) for b in (1.25, 1.5, 2.0, 3.0)]


def blend_table(programs: dict[str, list[dict]], predictions: dict[int, float],
                weights=(1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.3, 0.0),
                margins=(1.0, 1.05, 1.1, 1.2)) -> tuple[str, tuple[float, float]]:
    """Regret of the default's choice per weight of the learned model and margin, and
    the pair with the lowest geometric-mean regret (the worst case breaks ties)."""
    lines = ["| learned weight | margin | regret (geo. mean) | regret (worst) |",
             "|---|---|---|---|"]
    scores = {}
    for weight in weights:
        for margin in margins:
            regrets = _regrets(programs, predictions, weight=weight, margin=margin, veto=0.0)
            geo = _geometric_mean(regrets)
            scores[(weight, margin)] = (round(geo, 3), max(regrets))
            lines.append(f"| {weight:g} | {margin:g} | {geo:.3f} | {max(regrets):.2f} |")
    return "\n".join(lines) + "\n", min(scores, key=scores.get)


def _tuned(rows: list[dict], n: int, rank) -> dict:
    """--tune's choice: the fastest measured of the code as written and the `n` other
    candidates first by `rank` (lower first)."""
    return min([r for r in rows if r["original"]]
               + sorted((r for r in rows if not r["original"]), key=rank)[:n],
               key=lambda r: r["seconds"])


def evaluate(programs: dict[str, list[dict]], predictions: dict[int, float]) -> dict:
    """Per model: regrets, picks of the best, rank correlations, speedups."""
    models = {"analytical choice": lambda rows: next((r for r in rows if r["chosen"]), rows[0]),
              "analytical fastest": lambda rows: min(rows, key=lambda r: r["predicted"]),
              "learned": lambda rows: min(rows, key=lambda r: predictions[id(r)]),
              f"learned {LEARNED_WEIGHT:g} + analytical {1 - LEARNED_WEIGHT:g}, margin "
              f"{LEARNED_MARGIN:g}, veto {DISAGREEMENT_VETO:g} (the default)":
                  lambda rows: _with_margin(rows, predictions, serial=SERIAL_VETO),
              **{f"--tune: the {n} best predicted measured":
                 (lambda rows, n=n: _tuned(rows, n, lambda r: blended(r, predictions,
                                                                      LEARNED_WEIGHT)))
                 for n in TUNED},
              "code as written": lambda rows: next(r for r in rows if r["original"])}
    if all("default_speedup" in r for rows in programs.values() for r in rows):
        # measured with corpus_measure.py --as-default: the default's own choice and
        # ranking as recorded (the shipped model, register tiles, rewrites with buffers);
        # where its choice did not run or verify (per_program shows it), the code as
        # written stands in for it
        models["the default as recorded"] = lambda rows: next(
            (r for r in rows if r["default_chosen"]), next(r for r in rows if r["original"]))
        models.update({f"--tune as recorded: the {n} best measured":
                       (lambda rows, n=n: _tuned(rows, n, lambda r: -r["default_speedup"]))
                       for n in TUNED})
    result = {}
    for name, pick in models.items():
        regrets, best, correlations, speedups = [], 0, [], []
        for rows in programs.values():
            fastest = min(r["seconds"] for r in rows)
            chosen = pick(rows)
            regrets.append(chosen["seconds"] / fastest)
            best += chosen["seconds"] <= fastest * 1.0001
            speedups.append(chosen["base_seconds"] / chosen["seconds"])
            if name.startswith("analytical") or name == "learned":
                predicted = [predictions[id(r)] if name == "learned" else r["predicted"]
                             for r in rows]
                rho = spearman(predicted, [r["seconds"] for r in rows])
                if rho is not None:
                    correlations.append(rho)
        result[name] = {
            "regret_geomean": math.exp(statistics.mean(math.log(r) for r in regrets)),
            "regret_worst": max(regrets),
            "picks_best": best / len(programs),
            "spearman_mean": statistics.mean(correlations) if correlations else None,
            "speedup_geomean": math.exp(statistics.mean(math.log(s) for s in speedups)),
        }
    result["best candidate"] = {"speedup_geomean": math.exp(statistics.mean(
        math.log(max(r["base_seconds"] / r["seconds"] for r in rows))
        for rows in programs.values())), "regret_geomean": 1.0, "regret_worst": 1.0,
        "picks_best": 1.0, "spearman_mean": None}
    return result


def per_program(programs: dict[str, list[dict]]) -> str:
    """Per program of a test file measured with ``corpus_measure.py --as-default``: the
    default's recorded choice, the best candidate measured, and the regret."""
    lines = ["| program | the default's choice | its time (s) | best candidate | best (s) "
             "| code as written (s) | regret |", "|---|---|---|---|---|---|---|"]
    for name, rows in sorted(programs.items()):
        chosen = next((r for r in rows if r.get("default_chosen")), None)
        best = min(rows, key=lambda r: r["seconds"])
        original = next(r for r in rows if r["original"])
        if chosen is None:
            lines.append(f"| {name} | (did not run or verify) | - | {best['label']} "
                         f"| {best['seconds']:.4g} | {original['seconds']:.4g} | - |")
            continue
        lines.append(f"| {name} | {chosen['label']} | {chosen['seconds']:.4g} | {best['label']} "
                     f"| {best['seconds']:.4g} | {original['seconds']:.4g} "
                     f"| {chosen['seconds'] / best['seconds']:.2f} |")
    return "\n".join(lines) + "\n"


def cross_validated(programs: dict[str, list[dict]], folds: int, seed: int,
                    members: int = MEMBERS) -> dict[int, float]:
    """Each row's prediction by a model trained on the other folds' programs."""
    names = sorted(programs)
    random.Random(seed).shuffle(names)
    predictions: dict[int, float] = {}
    for fold in range(folds):
        test = set(names[fold::folds])
        rows = [r for n in names if n not in test for r in programs[n]]
        model = train([row_vector(r) for r in rows], [row_target(r) for r in rows], seed,
                      members=members)
        for name in test:
            rows = programs[name]
            for row, value in zip(rows, model.predict([row_vector(r) for r in rows])):
                predictions[id(row)] = float(value)
    return predictions


def families(header: str) -> list[str]:
    """The kinds of nest a generated program's header names (its first comment:
    ``/* corpus program 12: stencil 2-D in place, map ij */``): each one's first word."""
    named = header.split(": ", 1)[1] if ": " in header else ""
    return [each.split()[0] for each in named.rstrip(" */").split(", ") if each.split()]


def by_family(programs: dict[str, list[dict]], headers: dict[str, str], seed: int,
              members: int = MEMBERS) -> dict[int, float]:
    """Each row's prediction by a model trained without any program that has a nest of
    its program's first kind (``families``): how the model does on a kind of code it
    never saw, as on a user's program unlike every generated one."""
    kinds = {name: families(headers.get(name, "")) for name in programs}
    predictions: dict[int, float] = {}
    for kind in sorted({each[0] for each in kinds.values() if each}):
        rows = [r for name in sorted(programs) if kind not in kinds[name]
                for r in programs[name]]
        model = train([row_vector(r) for r in rows], [row_target(r) for r in rows], seed,
                      members=members)
        for name in programs:
            if kinds[name] and kinds[name][0] == kind:
                tested = programs[name]
                for row, value in zip(tested, model.predict([row_vector(r) for r in tested])):
                    predictions[id(row)] = float(value)
    return predictions


def headers_of(path: Path) -> dict[str, str]:
    """Each program's header in a corpus file."""
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt") as lines:
        records = [json.loads(line) for line in lines if line.strip()]
    return {f"{path.name}:{r['program']}": r.get("header", "") for r in records}


# --learner: "boosting" (the shipped learner, scheduler.learned.train) or "monotonic": a
# histogram gradient boosting whose prediction cannot fall where the analytical model's
# relative time rises, all else the same (the learned model then corrects the
# analytical one's scale but cannot reverse its order on that feature alone)
MONOTONIC = {1: 1}          # feature index (scheduler.learned.own_vector) -> direction
HIST_PARAMETERS = {"max_iter": 600, "learning_rate": 0.03, "max_leaf_nodes": 15,
                   "min_samples_leaf": 20}


def monotonic_train(vectors: list[list[float]], targets: list[float], seed: int = 0,
                    header: dict | None = None, members: int = 1):
    """`train` with the "monotonic" learner (MONOTONIC, HIST_PARAMETERS)."""
    from sklearn.ensemble import HistGradientBoostingRegressor
    from polyopt.scheduler import learned
    width = len(vectors[0])
    own = width // 2            # own features, then each minus the code as written's
    constraints = [0] * width
    for index, direction in MONOTONIC.items():
        constraints[index] = constraints[own + index] = direction
    model = HistGradientBoostingRegressor(random_state=seed, early_stopping=False,
                                          monotonic_cst=constraints, **HIST_PARAMETERS)
    model.fit(vectors, targets)
    return learned.from_hist_sklearn(model, {"format": learned.FORMAT,
                                             "feature_version": learned.FEATURE_VERSION,
                                             **(header or {})})


def trained(programs: dict[str, list[dict]], seed: int, members: int = MEMBERS):
    """The model trained on every row of `programs`."""
    rows = [r for name in sorted(programs) for r in programs[name]]
    return train([row_vector(r) for r in rows], [row_target(r) for r in rows], seed,
                 members=members)


def report(result: dict, programs: int, candidates: int,
           how: str = "learned model: cross-validated by program") -> str:
    lines = [f"{programs} programs, {candidates} measured candidates (ok and verified); "
             f"{how}", "",
             "| model | regret (geo. mean) | regret (worst) | picks the best | Spearman (mean) "
             "| speedup over the code as written (geo. mean) |",
             "|---|---|---|---|---|---|"]
    for name, values in result.items():
        rho = f"{values['spearman_mean']:.2f}" if values["spearman_mean"] is not None else "-"
        lines.append(f"| {name} | {values['regret_geomean']:.3f} | {values['regret_worst']:.2f} "
                     f"| {values['picks_best']:.0%} | {rho} | {values['speedup_geomean']:.2f}x |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, nargs="+",
                        help="JSON lines of corpus_measure.py (several: their programs together)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--members", type=int, default=MEMBERS,
                        help=f"models averaged (default: {MEMBERS}, as polyopt model train)")
    parser.add_argument("--by-family", action="store_true",
                        help="cross-validate by the kind of the programs' first nest instead "
                             "of by program: each program predicted by a model that never saw "
                             "a program with a nest of that kind")
    parser.add_argument("--report", type=Path, help="also write the table here (markdown)")
    parser.add_argument("--blend", action="store_true",
                        help="also the cross-validated regret of the default's choice per "
                             "weight of the learned model (the rest the analytical model's) "
                             "and margin: how LEARNED_WEIGHT and LEARNED_MARGIN are chosen")
    parser.add_argument("--test", type=Path, action="append", default=[],
                        help="measurements of other programs (the test set): the model trained "
                             "on the whole corpus chooses for them (repeatable)")
    parser.add_argument("--learner", choices=("boosting", "monotonic"), default="boosting",
                        help="boosting: the shipped learner; monotonic: see MONOTONIC")
    args = parser.parse_args(argv)
    if args.learner == "monotonic":
        global train
        train = monotonic_train
    programs = {f"{path.name}:{name}": rows for path in args.corpus
                for name, rows in corpus_programs(path).items()}
    if len(programs) < args.folds:
        print(f"{len(programs)} programs with two or more measured candidates: too few",
              file=sys.stderr)
        return 1
    if args.by_family:
        headers = {name: header for path in args.corpus
                   for name, header in headers_of(path).items()}
        programs = {name: rows for name, rows in programs.items() if families(headers[name])}
        predictions = by_family(programs, headers, args.seed, args.members)
        how = "learned model: cross-validated by the kind of the program's first nest"
    else:
        predictions = cross_validated(programs, args.folds, args.seed, args.members)
        how = "learned model: cross-validated by program"
    text = report(evaluate(programs, predictions), len(programs),
                  sum(len(rows) for rows in programs.values()), how)
    if args.blend:
        table, (weight, margin) = blend_table(programs, predictions)
        text += ("\nThe default's choice, cross-validated by program, per weight of the "
                 "learned model and margin:\n\n" + table
                 + f"\nLowest regret: weight {weight:g}, margin {margin:g}.\n"
                 + "\nThe default's choice per veto threshold (weight and margin as "
                 "shipped):\n\n" + veto_table(programs, predictions))
    for test_file in args.test:
        tested = corpus_programs(test_file)
        model = trained(programs, args.seed, args.members)
        predictions = {}
        for rows in tested.values():
            for row, value in zip(rows, model.predict([row_vector(r) for r in rows])):
                predictions[id(row)] = float(value)
        text += "\n" + report(evaluate(tested, predictions), len(tested),
                              sum(len(rows) for rows in tested.values()),
                              f"{test_file.name}: learned model trained on all "
                              f"{len(programs)} corpus programs")
        if all("default_chosen" in r for rows in tested.values() for r in rows):
            text += f"\n{test_file.name}, per program:\n\n" + per_program(tested)
    print(text)
    if args.report:
        args.report.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
