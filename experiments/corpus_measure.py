"""Measure the default's candidates on the generated corpus (experiments/corpus_generate.py)
through the kernel harness: the dataset a learned performance model is trained on.

For each program: its kernel harness (sizes from the call in the file), the candidates
the default judges at those sizes (scheduler.auto.judge_candidates: the code as written,
the original order and isl's schedules under several settings, tiled, serial or
parallel, wavefronts, time tiles), each generated as the pipeline generates a choice,
built, run ``--runs`` times and its output compared with the original's. One JSON line
per program in OUT (``--out``): the sizes, each candidate's cost-model features and
predicted time, its status and median time, which candidate the default chose. A
program already in OUT is skipped, so an interrupted run resumes where it stopped.
Timing: run it alone on the machine.

    python experiments/corpus_generate.py 0 500 -o /tmp/corpus
    python experiments/corpus_measure.py /tmp/corpus/*.c --out corpus.jsonl

With ``--as-default`` the candidates are judged as the default judges them (its rewrites
with buffers among them: packed copies, expansions) and each record also holds the
default's own choice (``shipped_default``; per candidate ``default_chosen``) and the
speed-up it ranks by (``default_speedup``): the shipped model's, scaled by what the
register tiles save, which ``corpus_model.py`` reports as "as recorded".

The suite's kernels (the test set: measured, never trained on) the same way, their main
renamed by the harness, built with the suite's harness:

    P=$PWD/polybench
    python experiments/corpus_measure.py $P/kernels/*.c --out suite-medium.jsonl \
        -D MEDIUM_DATASET -I $P --build "gcc -O3 -march=native -fopenmp -DMEDIUM_DATASET \
        -I $P {src} $P/harness.c -o {exe} -lm"
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from polyopt.core.dependences import compute_dependences
from polyopt.core.errors import PolyoptError
from polyopt.core.machine.cpu import this_machine
from polyopt.evaluator import Evaluator, strict_build_command
from polyopt.frontend import SourceFile, read_source
from polyopt.harness import kernel_harness
from polyopt.pipeline import Options, find_scops, render_within
from polyopt.pipeline.schedule import rewrites
from polyopt.scheduler.auto import (as_result, choose, default_choice, judge_candidates,
                                    rewritten_candidates, shipped_model)
from polyopt.scheduler.learned import candidate_features
from polyopt.scheduler.privatize import relaxed_dependences
from polyopt.search.driver import HarnessJudge

BUILD = "gcc -O3 -march=native -fopenmp {src} -o {exe} -lm"


def judged_program(path: Path, defines: list[str] | None = None,
                   include_dirs: list[str] | None = None, as_default: bool = False):
    """(the program's kernel harness as a source, its SCoPs, warnings, options, the
    default's judged candidates, its choice, the choice's description, the sizes);
    `as_default`: as the default judges them, with its rewrites with buffers and the
    SCoP's private scalars one copy per thread (pipeline.cpu.privatized)."""
    source = read_source(str(path))
    given = Options(defines=defines or [], include_dirs=include_dirs or [])
    scops, _ = find_scops(source, given)
    harness = kernel_harness(source, scops, given.defines, given.include_dirs)
    options = Options(defines=given.defines + [f"{name}={value}" for name, value
                                               in harness.sizes.items()],
                      include_dirs=given.include_dirs)
    driven = SourceFile(source.name, harness.text)
    scops, warnings = find_scops(driven, options)
    if len(scops) != 1:
        raise PolyoptError(f"{path}: {len(scops)} SCoPs (the corpus has one per program)")
    dependences = compute_dependences(scops[0])
    if as_default:      # as the pipeline judges: the private scalars one copy per thread
        dependences = relaxed_dependences(driven, scops[0], dependences) or dependences
    judged = judge_candidates(scops[0], dependences)
    if as_default:      # the rewrites with buffers (scheduler.auto.REWRITES) it judges
        judged += rewritten_candidates(scops[0], dependences, kinds=rewrites(Options()),
                                       plain=judged)
    winner, description = choose(judged)
    return driven, scops, warnings, options, judged, winner, description, harness.sizes


def measure_program(path: Path, runs: int, timeout: float, build: str = BUILD,
                    defines: list[str] | None = None,
                    include_dirs: list[str] | None = None, as_default: bool = False) -> dict:
    driven, scops, warnings, options, judged, winner, description, sizes = judged_program(
        path, defines, include_dirs, as_default)
    harness_text = driven.text
    record = {"program": path.name, "header": read_source(str(path)).text.splitlines()[0],
              "sizes": sizes, "default": description, "candidates": []}
    own = None
    if as_default:      # the default's own choice and ranking, with the shipped model
        shipped, record["shipped_default"], own = default_choice(judged, shipped_model())
    evaluator = Evaluator(build, "{exe}", repeat=1, warmup=0, timeout=timeout)
    strict = Evaluator(strict_build_command(build), "{exe}", repeat=1, warmup=0,
                       timeout=timeout)
    with evaluator, strict:
        judge = HarnessJudge(evaluator, path.resolve(), strict=strict)
        judge.start(harness_text)
        original = judge.measure(harness_text, "original", timeout, runs)
        record["original_seconds"] = original.seconds
        limit = max(3 * (original.seconds or timeout), 2.0)
        for index, each in enumerate(judged):
            entry = {"label": each.label, **candidate_features(each), "chosen": each is winner}
            if own is not None:
                entry.update(default_speedup=own[index], default_chosen=each is shipped,
                             rewrite=each.rewrite[0] if each.rewrite else None)
            started = time.monotonic()
            try:
                text = render_within(60.0, driven, scops, warnings, options,
                                     [as_result(each, each.label)])
            except PolyoptError as error:
                entry.update(status="polyopt error", seconds=None, detail=str(error)[:200])
            else:
                if index == 0:
                    entry.update(status=original.status, seconds=original.seconds)
                else:
                    measured = judge.measure(text, f"candidate-{index}", limit, runs)
                    entry.update(status=measured.status, seconds=measured.seconds,
                                 detail=measured.detail[:200])
            entry["tool_seconds"] = round(time.monotonic() - started, 3)
            record["candidates"].append(entry)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("programs", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True, help="JSON lines, appended to")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per candidate")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per run at most")
    parser.add_argument("--build", default=BUILD, help=f"build command (default: '{BUILD}')")
    parser.add_argument("-D", "--define", dest="defines", action="append", default=[],
                        help="as polyopt's -D: the sizes the programs choose under it")
    parser.add_argument("-I", "--include-dir", dest="include_dirs", action="append", default=[])
    parser.add_argument("--as-default", action="store_true",
                        help="judge the candidates as the default does (its rewrites with "
                             "buffers too) and record its own choice (the shipped learned "
                             "model's) and ranking: the test set's regret of the default")
    args = parser.parse_args(argv)
    done = set()
    if args.out.exists():
        done = {json.loads(line)["program"] for line in args.out.read_text().splitlines()
                if line.strip()}
    machine = this_machine()
    for path in args.programs:
        if path.name in done:
            continue
        started = time.monotonic()
        try:
            record = measure_program(path, args.runs, args.timeout, args.build, args.defines,
                                     args.include_dirs, args.as_default)
        except PolyoptError as error:
            record = {"program": path.name, "error": str(error)[:300]}
        record["machine"] = {"threads": machine.threads,
                             "caches": [level.capacity for level in machine.caches],
                             "omp_threads": os.environ.get("OMP_NUM_THREADS")}
        with args.out.open("a") as stream:
            stream.write(json.dumps(record) + "\n")
        best = min((c["seconds"] for c in record.get("candidates", []) if c.get("seconds")),
                   default=None)
        print(f"{path.name}: {len(record.get('candidates', []))} candidates, original "
              f"{record.get('original_seconds')}, best {best}, "
              f"{time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
