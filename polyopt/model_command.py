"""``polyopt model train|evaluate``: the schedule classifier's command line, and
``polyopt model train --corpus``: the default's learned performance model."""

from __future__ import annotations

import argparse
import logging
import shlex
import sys

from polyopt.search.classifier import (TrainingData, count_samples, database_data, evaluation_report,
                                leave_one_program_out, load_model, program_name, sample_files,
                                samples_digest, save_model, train)
from polyopt.core.errors import UsageError


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polyopt model",
        description="Train the schedule classifier (a random forest on schedule features, "
                    "Polyite's) on evaluations of earlier searches, or measure a model's "
                    "leave-one-program-out error rates; with --corpus, train the default's "
                    "performance model (gradient-boosted trees over the cost model's "
                    "features) on measured programs.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    train_parser = commands.add_parser("train", help="train a model on evaluated schedules")
    train_parser.add_argument("-o", "--output", required=True, metavar="FILE",
                              help="where to write the model")
    train_parser.add_argument("--corpus", action="append", default=[], metavar="FILE",
                              help="train the performance model the default chooses with "
                                   "(polyopt --cost-model FILE) on a measured corpus: JSON lines "
                                   "of experiments/corpus_measure.py, plain or .xz (repeatable)")
    train_parser.add_argument("--leave-out", action="append", default=[], metavar="PROGRAM",
                              help="train without this program's schedules (a PolyBench kernel "
                                   "or a source file's name without .c; repeatable): a model "
                                   "for searching a program it has not seen, e.g. for "
                                   "'polyopt polybench --classifier-model DIR/{kernel}.model'")
    evaluate_parser = commands.add_parser(
        "evaluate", help="leave-one-program-out false-negative and false-positive rates")
    evaluate_parser.add_argument("model", metavar="MODEL",
                                 help="a model file (its training data is used unless "
                                      "--db or --samples say otherwise)")
    for each in (train_parser, evaluate_parser):
        each.add_argument("--db", action="append", default=[], metavar="PATH",
                          help="a tuning database to read evaluations from (repeatable; "
                               "default for train without --samples: the default database)")
        each.add_argument("--samples", action="append", default=[], metavar="DIR",
                          help="a samples/ directory of 'polyopt polybench' searches "
                               "(KERNEL.VARIANT.jsonl or .jsonl.xz files, kernels of polyopt's "
                               "suite), a tar archive of such files (.tar.xz, ...) or one such "
                               "file (repeatable)")
        each.add_argument("--dataset", default="LARGE", type=str.upper,
                          help="the PolyBench dataset the --samples were measured at "
                               "(default: LARGE)")
        each.add_argument("--seed", type=int, default=0, help="the forest's random seed")
        each.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
        each.add_argument("-v", "--verbose", action="count", default=0, help="more log output")
    return parser


def _data(databases: list[str], samples: list[str], dataset: str, quiet: bool,
          samples_data) -> TrainingData:
    from tqdm import tqdm
    if samples and samples_data is None:
        raise UsageError("--samples needs polyopt's PolyBench suite (run it as 'polyopt model')")
    data = TrainingData()
    total = sum(count_samples(directory) for directory in samples)
    with tqdm(total=total or None, desc="features", unit="schedule",
              disable=True if quiet else None) as progress:
        for directory in samples:
            data.extend(samples_data(directory, dataset, progress))
        for path in databases:
            data.extend(database_data(path, progress))
    for reason in data.skipped:
        logging.getLogger("polyopt.search.classifier").info("left out: %s", reason)
    return data


def _train_performance(args: argparse.Namespace, argv: list[str]) -> int:
    """`polyopt model train --corpus FILE... -o OUT`: the performance model."""
    from polyopt.scheduler.learned import ModelError, save, train_on_corpus
    if args.db or args.samples or args.leave_out:
        raise UsageError("--corpus trains the performance model on measured programs alone: "
                         "it goes with neither --db, --samples nor --leave-out")
    try:
        model = train_on_corpus(args.corpus, args.seed,
                                {"command": shlex.join(["polyopt", "model", *argv])})
    except (OSError, ModelError) as error:
        raise UsageError(str(error)) from None
    save(model, args.output)
    print(f"{args.output}: performance model trained on {model.description}")
    return 0


def trained_from(argv: list[str], samples: list[str], databases: list[str]) -> dict:
    """What a model file records of what made it: the command line, each --samples
    source with a digest of its samples (the same plain, .xz or archived), and the
    L1 and L2 sizes the schedules' default tile sizes (features F_TileSize and
    F_TiledMembers) were computed for: ``POLYOPT_CACHES=...`` gives them again."""
    from polyopt.core.machine.caches import machine_caches
    caches = machine_caches()
    return {"command": shlex.join(["polyopt", "model", *argv]),
            "samples": [{"path": source, "sha256": samples_digest(sample_files(source))}
                        for source in samples],
            "db": [{"path": path} for path in databases],
            "caches": f"{caches.l1 // 1024}K,{caches.l2 // 1024}K"}


def run(argv: list[str], samples_data=None) -> int:
    """The command; `samples_data(directory, dataset, progress)` reads --samples
    directories (polybench/training.py: the CLI passes it, since nothing in the
    optimizer imports the PolyBench runner)."""
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose > 1 else
                        logging.INFO if args.verbose else logging.WARNING,
                        format="%(name)s: %(message)s")
    if args.command == "train" and args.corpus:
        return _train_performance(args, argv)
    if args.command == "train":
        databases = args.db
        if not databases and not args.samples:
            from polyopt.core.files import tuning_database_path
            databases = [str(tuning_database_path())]
        data = _data(databases, args.samples, args.dataset, args.quiet, samples_data)
        unknown = data.leave_out(args.leave_out)
        if unknown:
            raise UsageError(f"--leave-out {unknown[0]}: no such program in the training data "
                             f"(programs: {', '.join(sorted({program_name(p) for p in data.programs}))})")
        model = train(data, args.seed)
        model.trained_from = trained_from(argv, args.samples, databases)
        save_model(model, args.output)
        print(f"{args.output}: trained on {model.description}")
        if data.skipped:
            print(f"({len(data.skipped)} left out; -v lists them)", file=sys.stderr)
        return 0
    model = load_model(args.model)
    databases, samples = args.db, args.samples
    if not databases and not args.samples:
        databases = [s[len("db:"):] for s in model.sources if s.startswith("db:")]
        samples = [s[len("samples:"):] for s in model.sources if s.startswith("samples:")]
        if not databases and not samples:
            raise UsageError(f"{args.model}: the model does not say what it was trained on; "
                             "give --db or --samples")
    data = _data(databases, samples, args.dataset, args.quiet, samples_data)
    print(f"{args.model}: {model.description}")
    print(evaluation_report(leave_one_program_out(data, args.seed)))
    return 0
