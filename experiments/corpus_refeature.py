"""The cost-model features of a measured corpus computed again, the measurements kept:
after a change to the analytical model (``scheduler.cost``), a learned model must be
trained on the features this polyopt computes, and measuring the corpus again takes
hours. Times nothing.

For each program of IN (``corpus_measure.py``'s JSON lines, plain or .xz), the
program's candidates are judged again at the same sizes (``corpus_measure.judged_program``)
and each candidate measured before, found by its label, gets the new features; the
default's new choice is marked. Candidates the default no longer judges are left
out (with a count), candidates it judges now but that were never measured too.
With ``--as-default`` the candidates are judged as ``corpus_measure.py --as-default``
judged them (the rewrites with buffers among them), and what that run recorded of the
default's own choice is kept.

    python experiments/corpus_generate.py 0 500 -o /tmp/corpus
    python experiments/corpus_refeature.py experiments/corpus/corpus-v2.jsonl.xz \\
        --programs /tmp/corpus --out /tmp/corpus-v3.jsonl
    P=$PWD/polybench
    python experiments/corpus_refeature.py experiments/corpus/suite-medium-v2.jsonl.xz \\
        --programs $P/kernels -D MEDIUM_DATASET -I $P --out /tmp/suite-medium-v3.jsonl
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
from pathlib import Path

from corpus_measure import judged_program

from polyopt.core.errors import PolyoptError
from polyopt.scheduler.learned import candidate_features

# what a measurement recorded (with --as-default: the default's choice then), kept
MEASURED = ("status", "seconds", "detail", "tool_seconds", "default_speedup",
            "default_chosen", "rewrite")


def refeatured(record: dict, path: Path, defines: list[str], include_dirs: list[str],
               as_default: bool = False) -> tuple[dict, int]:
    """The record with its candidates' features computed again; and how many measured
    candidates the default no longer judges."""
    *_, judged, winner, description, sizes = judged_program(path, defines, include_dirs,
                                                            as_default)
    if sizes != record.get("sizes"):
        raise PolyoptError(f"{path}: sizes {sizes}, measured at {record.get('sizes')}")
    measured = {c["label"]: c for c in record.get("candidates", [])}
    candidates = []
    for each in judged:
        before = measured.pop(each.label, None)
        if before is None:
            continue
        candidates.append({"label": each.label, **candidate_features(each),
                           "chosen": each is winner,
                           **{key: before[key] for key in MEASURED if key in before}})
    return dict(record, default=description, candidates=candidates), len(measured)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--programs", type=Path, required=True,
                        help="the folder of the corpus's programs")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("-D", "--define", dest="defines", action="append", default=[])
    parser.add_argument("-I", "--include-dir", dest="include_dirs", action="append", default=[])
    parser.add_argument("--as-default", action="store_true",
                        help="IN was measured with corpus_measure.py --as-default")
    args = parser.parse_args(argv)
    raw = args.corpus.read_bytes()
    text = (lzma.decompress(raw) if args.corpus.suffix == ".xz" else raw).decode()
    lost, lines = 0, []
    for line in text.splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if "candidates" in record:
            try:
                record, missing = refeatured(record, args.programs / record["program"],
                                             args.defines, args.include_dirs,
                                             args.as_default)
                lost += missing
            except PolyoptError as error:
                print(f"{record['program']}: {error}", file=sys.stderr)
                continue
        lines.append(json.dumps(record))
        print(f"{record['program']}: {len(record.get('candidates', []))} candidates",
              file=sys.stderr, flush=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} programs; {lost} measured candidates no longer judged, left out",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
