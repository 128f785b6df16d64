"""What the schedule features (scheduler/features.py) cost per schedule, on the
schedules of a ``polyopt polybench`` search's samples/ directory (or a tar archive of
one, as the classifier's training data is committed).

    python experiments/feature_cost.py [SAMPLES] [--dataset LARGE]

SAMPLES defaults to ``polyopt/data/training/large-random.tar.xz`` (the samples of
``polybench/results/large-random``).

Per kernel: the one-time setup (dependences and the SCoP's share of the
extraction) and the milliseconds per schedule (median and largest), all
features, and F_DataLoc alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import islpy as isl

from polyopt.core.dependences import compute_dependences
from polyopt.frontend import read_source
from polyopt.pipeline import Options, find_scops
from polyopt.polybench.suite import own_suite
from polyopt.search.classifier import sample_files
from polyopt.scheduler.features import ScheduleFeatures


def kernel_cost(kernel, entries: list[dict], dataset: str) -> tuple[float, list[float], list[float]]:
    scops, _ = find_scops(read_source(str(kernel.source)),
                     Options(defines=[f"{dataset}_DATASET"],
                             include_dirs=[str(d) for d in kernel.include_dirs]))
    start = time.perf_counter()
    extractors = {index: ScheduleFeatures(scop, compute_dependences(scop))
                  for index, scop in enumerate(scops)}
    setup = time.perf_counter() - start
    total, locality = [], []
    for entry in entries:
        if entry.get("schedule") == "original" or entry.get("scop", 0) not in extractors:
            continue
        extractor = extractors[entry.get("scop", 0)]
        start = time.perf_counter()
        schedule = isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, entry["schedule"])
        extractor.features(schedule)
        total.append(time.perf_counter() - start)
        start = time.perf_counter()
        extractor.data_locality(schedule)
        locality.append(time.perf_counter() - start)
    return setup, total, locality


ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", nargs="?", type=Path,
                        default=ROOT / "polyopt" / "data" / "training" / "large-random.tar.xz",
                        help="a samples/ directory (KERNEL.VARIANT.jsonl or .jsonl.xz) or a tar "
                             "archive of one (default: polyopt/data/training/large-random.tar.xz)")
    parser.add_argument("--dataset", default="LARGE", help="the searches' (default: LARGE)")
    args = parser.parse_args(argv)
    dataset = args.dataset
    kernels = {kernel.name: kernel for kernel in own_suite().kernels}
    print(f"{'kernel':<16} {'schedules':>9} {'setup ms':>9} {'median ms':>9} {'max ms':>8} "
          f"{'DataLoc median ms':>17}")
    medians = []
    for name, text in sample_files(args.samples):
        kernel = kernels.get(Path(name).name.split(".")[0])
        if kernel is None:
            continue
        entries = [json.loads(line) for line in text.splitlines() if line.strip()]
        setup, total, locality = kernel_cost(kernel, entries, dataset)
        if not total:
            continue
        medians.append(statistics.median(total))
        print(f"{kernel.name:<16} {len(total):9d} {1000 * setup:9.0f} "
              f"{1000 * statistics.median(total):9.0f} {1000 * max(total):8.0f} "
              f"{1000 * statistics.median(locality):17.0f}")
    if medians:
        print(f"median over kernels of the median per schedule: "
              f"{1000 * statistics.median(medians):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
