"""What the scripts here read of a ``polyopt polybench`` sweep directory (a helper,
not a script: ``from sweep_data import outcome_medians``).

A sweep writes ``outcomes.jsonl`` (one line per kernel and variant, with every timed
run) and ``results.csv`` (one row per timed run). Only ``results.csv`` is committed
under ``polybench/results/`` (the ``.jsonl`` files are campaign data, kept out of the
repository), so the medians come from ``outcomes.jsonl`` where a sweep has it and
from ``results.csv`` otherwise: the same numbers for every committed sweep.
"""

from __future__ import annotations

import csv
import json
import statistics
from pathlib import Path


def outcome_medians(directory: Path) -> dict[tuple[str, str], float]:
    """{(kernel, variant): median seconds of its timed runs} of the variants that
    ran correctly, in the order the sweep recorded them."""
    directory = Path(directory)
    outcomes = directory / "outcomes.jsonl"
    result: dict[tuple[str, str], float] = {}
    if outcomes.is_file():
        for line in outcomes.read_text().splitlines():
            if not line.strip():
                continue
            outcome = json.loads(line)
            if outcome["status"] == "ok" and outcome["seconds"]:
                result[(outcome["kernel"], outcome["variant"])] = \
                    statistics.median(outcome["seconds"])
        return result
    table = directory / "results.csv"
    if not table.is_file():
        raise SystemExit(f"{directory}: neither outcomes.jsonl nor results.csv: "
                         "not a 'polyopt polybench' sweep directory")
    runs: dict[tuple[str, str], list[float]] = {}
    with table.open(newline="") as stream:
        for row in csv.DictReader(stream):
            if row["status"] == "ok" and row["seconds"]:
                runs.setdefault((row["kernel"], row["variant"]), []).append(float(row["seconds"]))
    return {key: statistics.median(seconds) for key, seconds in runs.items()}
