"""Training data for the schedule classifier from ``polyopt polybench`` searches:
the ``samples/KERNEL.VARIANT.jsonl`` files a search writes (plain, ``.jsonl.xz``, or
in a tar archive: ``polyopt.search.classifier.sample_files``), with the kernels'
sources from polyopt's PolyBench suite (``polyopt model train --samples DIR``)."""

from __future__ import annotations

import json
from pathlib import Path

from polyopt.search.classifier import (TRAINING_STATUSES, Example, TrainingData, feature_extractor,
                                features_of, sample_files)
from polyopt.core.errors import UsageError
from polyopt.frontend import read_source
from polyopt.pipeline import Options, find_scops
from polyopt.polybench.suite import DATASETS, own_suite


def samples_data(directory: str | Path, dataset: str = "LARGE", progress=None) -> TrainingData:
    """Examples from the ``samples/KERNEL.VARIANT.jsonl`` files of a ``polyopt
    polybench`` search (each line a candidate of one SCoP of the kernel), the
    kernels' sources from polyopt's PolyBench suite, built at `dataset`.
    `directory`: a samples/ directory (``*.jsonl``, ``*.jsonl.xz``), a tar archive
    of such files (``.tar.xz``, ...) or one file (``sample_files``)."""
    directory = Path(directory)
    if dataset not in DATASETS:
        raise UsageError(f"unknown dataset '{dataset}' (choose from {', '.join(DATASETS)})")
    files = sample_files(directory)
    suite = {kernel.name: kernel for kernel in own_suite().kernels}
    data = TrainingData(sources=[f"samples:{directory}"])
    for name, text in files:
        kernel_name = Path(name).name.split(".")[0]
        kernel = suite.get(kernel_name)
        if kernel is None:
            data.skipped.append(f"{name}: no kernel '{kernel_name}' in polyopt's suite")
            continue
        entries = [json.loads(line) for line in text.splitlines() if line.strip()]
        options = Options(defines=[f"{dataset}_DATASET"],
                          include_dirs=[str(d) for d in kernel.include_dirs])
        scops, _ = find_scops(read_source(str(kernel.source)), options)
        extractors: dict[int, object] = {}
        # the original's time in this file's search, per SCoP: each example's reference
        originals = {entry.get("scop", 0): entry["seconds"] for entry in entries
                     if entry.get("schedule") == "original" and entry.get("status") == "ok"
                     and entry.get("seconds")}
        for entry in entries:
            index = entry.get("scop", 0)
            program = kernel_name if len(scops) == 1 else f"{kernel_name}#{index}"
            if entry.get("schedule") == "original":
                if index in originals:
                    data.references[program] = originals[index]
                continue
            if entry.get("status") not in TRAINING_STATUSES or index >= len(scops):
                continue
            if index not in extractors:
                extractors[index] = feature_extractor(scops[index])
            features = features_of(extractors[index], entry["schedule"], entry.get("tile_sizes"))
            if progress is not None:
                progress.update(1)
            if features is None:
                data.skipped.append(f"{name}: {entry.get('candidate')}: features failed")
                continue
            data.examples.append(Example(program, entry.get("candidate", ""), features,
                                         entry["status"], entry.get("seconds"),
                                         reference=originals.get(index)))
    return data
