"""The schedule classifier (Ganser's thesis §7.2, §9.4): a random forest that
predicts from a schedule's features (``scheduler.features``) whether it is
worth benchmarking.

Labels, as Polyite's (§7.2): within one program (one SCoP, measured on one
machine with one build and run command), a schedule is *profitable* if its
speedup over the original code is at least half the best speedup among the
program's schedules, i.e. its time is at most ``PROFITABLE_FACTOR`` (2) times
the best time. If no schedule of the program reaches a speedup of
``MIN_BEST_SPEEDUP`` (1.2) over the original, the program is taken not to
profit from polyopt at all and all its schedules are unprofitable. The
original's time is that of its ``original`` candidate (the code as written,
built the same way); a program without one is labelled by the 2x rule alone.
The original itself is no training example (it is no schedule of the tree).
A program searched in several campaigns (the samples of a random and of a genetic
search, measured in different sessions) is labelled by speedups, each schedule's
over the original measured in its own campaign (``Example.reference``): the same
rule, but a machine that ran all of one campaign slower (floyd-warshall's original
took 35 s on one development machine and 10 s on another) moves no schedule across
the line. Where a schedule's campaign measured no original, times are compared as
above.

Which evaluations become examples: those that ran and verified (``ok``), as
in Polyite, and also those killed for running past the search's run cap
(``timeout``): the cap is ``timeout_factor`` (3) times the best time so far,
so such a schedule is certainly slower than twice the best, i.e. unprofitable.
Build errors, crashes, wrong outputs and code generation failures are left
out (they say nothing about speed). A schedule evaluated several times counts
once, with its best time.

The forest has Polyite's chosen hyper-parameters (E 9.4.2): 100 trees,
``max_features`` 8, ``min_samples_leaf`` 20, bootstrap.

A model file holds the forest with the feature names and version it was
trained on, the scikit-learn and polyopt versions, and a description of its
training data; ``load_model`` refuses (``ModelError``) a file made for other
features, another feature version or another scikit-learn version (a pickled
forest is only valid under the scikit-learn that wrote it). Loading a model
unpickles it: load only models from sources you trust. A model made by ``polyopt
model train`` also records what made it (``Model.trained_from``: the command line,
and each ``--samples``/``--db`` source with a digest of its contents), which an older
polyopt ignores.

Search samples (``--samples``) are read plain (``*.jsonl``), xz-compressed
(``*.jsonl.xz``) or from a tar archive of them (``.tar``, ``.tar.xz``, ...):
``sample_files``. The shipped model's samples are committed that way, in
``polyopt/data/training/`` (not installed).
"""

from __future__ import annotations

import hashlib
import json
import logging
import lzma
import pickle
import sqlite3
import statistics
import tarfile
import zlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from polyopt import __version__
from polyopt.core.errors import Location, ModelError, PolyoptError, UsageError
from polyopt.core.extras import require
from polyopt.scheduler.features import FEATURE_NAMES, FEATURE_VERSION

log = logging.getLogger(__name__)

PROFITABLE_FACTOR = 2.0     # profitable: at most this many times the best time
MIN_BEST_SPEEDUP = 1.2      # below it for every schedule: the whole program unprofitable
TREES = 100
MAX_FEATURES = 8
MIN_SAMPLES_LEAF = 20
MODEL_FORMAT = 1
MODEL_MAGIC = b"polyopt-classifier\n"
TRAINING_STATUSES = ("ok", "timeout")
SHIPPED_MODEL = "classifier.model"      # in polyopt/data


@dataclass
class Example:
    """One schedule of one program, its features and how it did."""

    program: str
    candidate: str
    features: list[float]
    status: str
    seconds: float | None
    profitable: bool = False
    # the original's time in the same campaign (search) as this schedule, where the
    # program's examples come from several; None: TrainingData.references' (one campaign)
    reference: float | None = None


@dataclass
class TrainingData:
    examples: list[Example] = field(default_factory=list)
    references: dict[str, float | None] = field(default_factory=dict)  # program -> original's time
    sources: list[str] = field(default_factory=list)   # what it was read from
    skipped: list[str] = field(default_factory=list)   # why some data was left out

    def extend(self, other: TrainingData) -> None:
        self.examples += other.examples
        self.references.update(other.references)
        self.sources += other.sources
        self.skipped += other.skipped

    @property
    def programs(self) -> list[str]:
        return list(dict.fromkeys(e.program for e in self.examples))

    def leave_out(self, names: list[str]) -> list[str]:
        """Drop the examples of the programs `names` name (each of its SCoPs, on any
        machine: ``program_name``); returns the names that matched nothing."""
        wanted = set(names)
        found = {program_name(e.program) for e in self.examples} & wanted
        self.examples = [e for e in self.examples if program_name(e.program) not in wanted]
        if found:
            self.sources.append("left out: " + ", ".join(sorted(found)))
        return [name for name in names if name not in found]


def program_name(program: str) -> str:
    """The file or kernel a training program comes from: 'gemm' of a PolyBench
    search's 'gemm' or 'gemm#1' (its SCoPs), 'product' of a database's
    'product.c:1a2b3c4d:2' (a SCoP, measured one way)."""
    name = program.split("#", 1)[0].split(":", 1)[0]
    return name[:-2] if name.endswith(".c") else name


def label(data: TrainingData) -> None:
    """Set each example's ``profitable`` by Polyite's rule (see the module)."""
    by_program: dict[str, list[Example]] = {}
    for example in data.examples:
        by_program.setdefault(example.program, []).append(example)
    for program, examples in by_program.items():
        ran = [e for e in examples if e.status == "ok" and e.seconds]
        references = [e.reference or data.references.get(program) for e in ran]
        if ran and all(references):
            # speedups over the original of each schedule's own campaign
            speedups = {id(e): r / e.seconds for e, r in zip(ran, references)}
            best = max(speedups.values())
            worth = best >= MIN_BEST_SPEEDUP
            for example in examples:
                example.profitable = bool(worth and id(example) in speedups and
                                          speedups[id(example)] * PROFITABLE_FACTOR >= best)
            continue
        times = [e.seconds for e in ran]
        reference = data.references.get(program)
        best = min(times) if times else None
        worth = best is not None and (reference is None or reference / best >= MIN_BEST_SPEEDUP)
        for example in examples:
            example.profitable = bool(worth and example.status == "ok" and example.seconds
                                      and example.seconds <= PROFITABLE_FACTOR * best)


# -- the model ------------------------------------------------------------------
@dataclass
class Model:
    forest: object                      # sklearn.ensemble.RandomForestClassifier
    feature_names: list[str]
    feature_version: int
    sklearn_version: str
    polyopt_version: str
    description: str                    # the training data, for people
    sources: list[str] = field(default_factory=list)   # --db / --samples it was trained on
    parameters: dict = field(default_factory=dict)
    # what made it ('polyopt model train': "command", "samples" and "db", each source
    # {"path", "sha256" of its contents}); {} for a model that does not say
    trained_from: dict = field(default_factory=dict)


CLASSIFIER_PURPOSE = "the schedule classifier (--classifier, polyopt model)"


def _sklearn_version() -> str:
    return require("sklearn", CLASSIFIER_PURPOSE).__version__


def new_forest(seed: int = 0):
    require("sklearn", CLASSIFIER_PURPOSE)
    from sklearn.ensemble import RandomForestClassifier
    return RandomForestClassifier(n_estimators=TREES, max_features=MAX_FEATURES,
                                  min_samples_leaf=MIN_SAMPLES_LEAF, bootstrap=True,
                                  random_state=seed, n_jobs=1)


def _fit(examples: list[Example], seed: int = 0):
    forest = new_forest(seed)
    forest.set_params(max_features=min(MAX_FEATURES, len(FEATURE_NAMES)))
    forest.fit([e.features for e in examples], [int(e.profitable) for e in examples])
    return forest


def describe(data: TrainingData) -> str:
    profitable = sum(e.profitable for e in data.examples)
    return (f"{len(data.examples)} schedules of {len(data.programs)} programs "
            f"({profitable} profitable) from {', '.join(data.sources) or 'nothing'}")


def train(data: TrainingData, seed: int = 0) -> Model:
    """A forest trained on every example (labelled here)."""
    label(data)
    if not data.examples:
        raise UsageError("no training data: no evaluation that ran (ok or timeout) of a "
                         "schedule whose SCoP could be read again" +
                         (f" ({'; '.join(data.skipped[:3])})" if data.skipped else ""))
    return Model(_fit(data.examples, seed), list(FEATURE_NAMES), FEATURE_VERSION,
                 _sklearn_version(), __version__, describe(data), list(data.sources),
                 {"n_estimators": TREES, "max_features": MAX_FEATURES,
                  "min_samples_leaf": MIN_SAMPLES_LEAF, "seed": seed})


def _vectors(features_list) -> list[list[float]]:
    result = []
    for features in features_list:
        if isinstance(features, dict):
            result.append([float(features[name]) for name in FEATURE_NAMES])
        else:
            result.append([float(value) for value in features])
    return result


def predict_probabilities(model: Model, features_list) -> list[float]:
    """The forest's probability that each schedule is profitable; each entry a
    dict of FEATURE_NAMES (``schedule_features``) or a list in that order."""
    vectors = _vectors(features_list)
    if not vectors:
        return []
    classes = list(model.forest.classes_)
    if 1 not in classes:
        return [0.0] * len(vectors)
    column = classes.index(1)
    return [float(row[column]) for row in model.forest.predict_proba(vectors)]


def predict(model: Model, features_list) -> list[bool]:
    """Whether each schedule is predicted profitable (probability at least 1/2)."""
    return [p >= 0.5 for p in predict_probabilities(model, features_list)]


def save_model(model: Model, path: str | Path) -> None:
    header = {"format": MODEL_FORMAT, "feature_names": model.feature_names,
              "feature_version": model.feature_version,
              "sklearn_version": model.sklearn_version, "polyopt_version": model.polyopt_version,
              "description": model.description, "sources": model.sources,
              "parameters": model.parameters}
    if model.trained_from:
        header["trained_from"] = model.trained_from
    body = zlib.compress(pickle.dumps(model.forest, protocol=4), 9)
    try:
        with open(path, "wb") as stream:
            stream.write(MODEL_MAGIC)
            stream.write(json.dumps(header).encode() + b"\n")
            stream.write(body)
    except OSError as error:
        raise ModelError(f"cannot write the model: {error.strerror or error}",
                         Location(str(path))) from None


def default_model_path() -> Path:
    return Path(str(resources.files("polyopt") / "data" / SHIPPED_MODEL))


def load_model(path: str | Path | None = None) -> Model:
    """The model at `path` (the shipped one if None), checked against this polyopt's
    features and scikit-learn (ModelError if it does not match)."""
    path = Path(path) if path is not None else default_model_path()
    where = Location(str(path))
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ModelError(f"cannot read the model: {error.strerror or error}", where) from None
    if not data.startswith(MODEL_MAGIC):
        raise ModelError("not a polyopt classifier model (train one with 'polyopt model train')",
                         where)
    try:
        line, body = data[len(MODEL_MAGIC):].split(b"\n", 1)
        header = json.loads(line)
    except ValueError:
        raise ModelError("the model file is damaged (its header does not read)", where) from None
    retrain = "; train it again with 'polyopt model train'"
    if header.get("format") != MODEL_FORMAT:
        raise ModelError(f"model format {header.get('format')} is not the format this polyopt "
                         f"reads ({MODEL_FORMAT}){retrain}", where)
    names = header.get("feature_names")
    if names != list(FEATURE_NAMES):
        missing = [n for n in FEATURE_NAMES if n not in (names or [])]
        extra = [n for n in names or [] if n not in FEATURE_NAMES]
        detail = ", ".join(filter(None, [f"missing {', '.join(missing)}" if missing else "",
                                         f"unknown {', '.join(extra)}" if extra else ""]))
        raise ModelError(f"the model was trained on other features than this polyopt computes "
                         f"({detail or 'in another order'}){retrain}", where)
    if header.get("feature_version") != FEATURE_VERSION:
        raise ModelError(f"the model was trained on features of version "
                         f"{header.get('feature_version')}, this polyopt computes version "
                         f"{FEATURE_VERSION}{retrain}", where)
    if header.get("sklearn_version") != _sklearn_version():
        raise ModelError(f"the model was written by scikit-learn {header.get('sklearn_version')}, "
                         f"this is scikit-learn {_sklearn_version()}{retrain}", where)
    try:
        forest = pickle.loads(zlib.decompress(body))
    except Exception as error:      # a damaged body: any unpickling error
        raise ModelError(f"the model file is damaged ({type(error).__name__})", where) from None
    return Model(forest, names, header["feature_version"], header["sklearn_version"],
                 header.get("polyopt_version", "?"), header.get("description", ""),
                 header.get("sources", []), header.get("parameters", {}),
                 header.get("trained_from", {}))


# -- leave one program out --------------------------------------------------------
@dataclass
class ProgramRates:
    program: str
    schedules: int
    profitable: int
    false_negatives: float | None       # share of the profitable ones predicted unprofitable
    false_positives: float | None       # share of the unprofitable ones predicted profitable


@dataclass
class CrossValidation:
    programs: list[ProgramRates]

    @property
    def mean_false_negatives(self) -> float | None:
        values = [p.false_negatives for p in self.programs if p.false_negatives is not None]
        return statistics.mean(values) if values else None

    @property
    def mean_false_positives(self) -> float | None:
        values = [p.false_positives for p in self.programs if p.false_positives is not None]
        return statistics.mean(values) if values else None


def leave_one_program_out(data: TrainingData, seed: int = 0) -> CrossValidation:
    """For each program, a forest trained on all the others predicts its schedules
    (the thesis's leave-p-out with p = 1, T 9.10)."""
    label(data)
    result = []
    for program in data.programs:
        held = [e for e in data.examples if e.program == program]
        rest = [e for e in data.examples if e.program != program]
        if not rest:
            raise UsageError("leave-one-program-out needs schedules of at least two programs")
        forest = _fit(rest, seed)
        model = Model(forest, list(FEATURE_NAMES), FEATURE_VERSION, "", "", "")
        predicted = predict(model, [e.features for e in held])
        profitable = [p for e, p in zip(held, predicted) if e.profitable]
        unprofitable = [p for e, p in zip(held, predicted) if not e.profitable]
        result.append(ProgramRates(
            program, len(held), len(profitable),
            sum(not p for p in profitable) / len(profitable) if profitable else None,
            sum(p for p in unprofitable) / len(unprofitable) if unprofitable else None))
    return CrossValidation(result)


def evaluation_report(evaluation: CrossValidation) -> str:
    def percent(value: float | None) -> str:
        return "-" if value is None else f"{100 * value:.0f}%"

    width = max([len("program")] + [len(p.program) for p in evaluation.programs])
    lines = [f"{'program':<{width}}  schedules  profitable  false neg.  false pos."]
    for p in evaluation.programs:
        lines.append(f"{p.program:<{width}}  {p.schedules:9d}  {p.profitable:10d}  "
                     f"{percent(p.false_negatives):>10}  {percent(p.false_positives):>10}")
    lines.append(f"{'mean':<{width}}  {sum(p.schedules for p in evaluation.programs):9d}  "
                 f"{sum(p.profitable for p in evaluation.programs):10d}  "
                 f"{percent(evaluation.mean_false_negatives):>10}  "
                 f"{percent(evaluation.mean_false_positives):>10}")
    lines.append("(leave one program out; false negatives among each program's profitable "
                 "schedules, false positives among its unprofitable ones, averaged over the "
                 "programs that have some, as the thesis's Table 9.10: 65% and 8%)")
    return "\n".join(lines)


# -- training data ----------------------------------------------------------------
def features_of(extractor, schedule_text: str, tile_sizes=None) -> list[float] | None:
    import islpy as isl
    from polyopt.scheduler.features import FEATURE_NAMES as names
    try:
        schedule = isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, schedule_text)
        features = extractor.features(schedule, tile_sizes)
    except (isl.Error, PolyoptError, ValueError, KeyError) as error:
        log.info("features of a schedule failed: %s", error)
        return None
    return [features[name] for name in names]


def feature_extractor(scop):
    from polyopt.core.dependences import compute_dependences
    from polyopt.scheduler.features import ScheduleFeatures
    return ScheduleFeatures(scop, compute_dependences(scop))


SAMPLE_SUFFIXES = (".jsonl", ".jsonl.xz")     # a search's samples file, plain or xz


def _sample_name(name: str) -> bool:
    return Path(name).name.endswith(SAMPLE_SUFFIXES)


def _sample_text(data: bytes, name: str, source: Path) -> str:
    try:
        if name.endswith(".xz"):
            data = lzma.decompress(data)
        return data.decode()
    except (lzma.LZMAError, UnicodeDecodeError) as error:
        raise UsageError(f"{source}: {name}: cannot read search samples ({error})") from None


def sample_files(source: str | Path) -> list[tuple[str, str]]:
    """The ``KERNEL.VARIANT.jsonl`` files of a ``--samples`` source, as (name, text),
    sorted by name: the ``*.jsonl`` and ``*.jsonl.xz`` files (decompressed with lzma)
    of a directory (a ``.jsonl.xz`` whose ``.jsonl`` is there too is left out), the
    ``*.jsonl``/``*.jsonl.xz`` members of a tar archive (``.tar``, ``.tar.xz``,
    ``.tar.gz``, ...; in any folder of it; the name is the member's path), or one such
    file. UsageError if `source` is none of these."""
    source = Path(source)
    if source.is_dir():
        paths = {path.name: path for path in source.iterdir()
                 if path.is_file() and _sample_name(path.name)}
        names = [name for name in sorted(paths)
                 if not (name.endswith(".xz") and name[:-len(".xz")] in paths)]
        return [(name, _sample_text(paths[name].read_bytes(), name, source)) for name in names]
    if source.is_file() and _sample_name(source.name):
        return [(source.name, _sample_text(source.read_bytes(), source.name, source))]
    if source.is_file() and tarfile.is_tarfile(source):
        try:
            with tarfile.open(source) as archive:
                members = sorted((m for m in archive.getmembers()
                                  if m.isfile() and _sample_name(m.name)), key=lambda m: m.name)
                return [(m.name, _sample_text(archive.extractfile(m).read(), m.name, source))
                        for m in members]
        except (tarfile.TarError, lzma.LZMAError, EOFError, OSError) as error:
            raise UsageError(f"{source}: cannot read the archive of search samples "
                             f"({error})") from None
    if source.exists():
        raise UsageError(f"{source}: not a directory, tar archive or .jsonl(.xz) file of "
                         "search samples")
    raise UsageError(f"{source}: no such directory or archive of search samples")


def samples_digest(files: list[tuple[str, str]]) -> str:
    """A SHA-256 of the (name, text) `files` of a ``--samples`` source: the same for
    the same samples plain, compressed or archived (names without ``.xz`` and folders)."""
    digest = hashlib.sha256()
    for name, text in sorted((Path(name).name.removesuffix(".xz"), text) for name, text in files):
        digest.update(f"{name}\n{len(text.encode())}\n".encode())
        digest.update(text.encode())
    return digest.hexdigest()


def count_samples(directory: str | Path) -> int:
    """How many evaluations of a ``--samples`` source become training examples
    (for the progress bar); 0 for a source that cannot be read."""
    try:
        files = sample_files(directory)
    except UsageError:
        return 0
    total = 0
    for _, text in files:
        for line in text.splitlines():
            if line.strip() and json.loads(line).get("status") in TRAINING_STATUSES:
                total += 1
    return total


def _defines_of(options_key: str) -> list[str]:
    for part in options_key.split(";"):
        if part.startswith("defines="):
            return [d for d in part[len("defines="):].split(",") if d]
    return []


def _tile_sizes_of(options_key: str):
    """The tile sizes the options key says every band got: None (the cache model),
    a flat list (``--tile-sizes``), or [0] (``--no-tile``: nothing tiled)."""
    parts = dict(part.split("=", 1) for part in options_key.split(";") if "=" in part)
    if parts.get("tile") == "0":
        return [0]
    sizes = parts.get("sizes", "default")
    if sizes == "default":
        return None
    try:
        return [int(size) for size in sizes.split(",")]
    except ValueError:
        return None


def database_data(path: str | Path, progress=None) -> TrainingData:
    """Examples from a tuning database: per (SCoP, machine, options, build, run), its
    evaluations; the SCoP is read again from the file the search ran on (the
    ``source`` column: the file's text, or its path) and found by its fingerprint."""
    from polyopt.frontend import SourceFile, read_source
    from polyopt.pipeline import Options, find_scops
    from polyopt.tuning import BLAS, ORIGINAL, scop_fingerprint
    path = Path(path)
    where = Location(str(path))
    if not path.is_file():
        raise ModelError("no such tuning database", where)
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        columns = {row[1] for row in connection.execute("PRAGMA table_info(evaluations)")}
        tile_column = "tile_sizes" if "tile_sizes" in columns else "''"
        rows = connection.execute(
            f"SELECT scop, machine, options, build, run, source, schedule_key, schedule, "
            f"candidate, status, seconds, {tile_column} FROM evaluations ORDER BY id").fetchall()
        connection.close()
    except sqlite3.Error as error:
        raise ModelError(f"cannot read the tuning database: {error}", where) from None
    data = TrainingData(sources=[f"db:{path}"])
    groups: dict[tuple, list[tuple]] = {}
    for row in rows:
        groups.setdefault(row[:5], []).append(row)
    scop_cache: dict[tuple, object] = {}
    for (fingerprint, machine, options, build, run), evaluations in groups.items():
        source_field = evaluations[-1][5]
        key = (source_field, options, fingerprint)
        if key not in scop_cache:
            scop_cache[key] = None
            try:
                if not source_field:
                    raise ModelError("no source file recorded with the evaluations")
                text = "\n" in source_field     # the file's text, else its path
                source = (SourceFile("<database>", source_field) if text
                          else read_source(source_field))
                include_dirs = [] if text else [str(Path(source_field).parent)]
                found = None
                for auto_scop in (False, True):
                    scops, _ = find_scops(source, Options(defines=_defines_of(options),
                                                     auto_scop=auto_scop,
                                                     include_dirs=include_dirs))
                    found = next((s for s in scops if scop_fingerprint(s) == fingerprint), None)
                    if found is not None:
                        break
                if found is not None:
                    scop_cache[key] = (Path(source.name).name, feature_extractor(found))
                else:
                    data.skipped.append(f"{source.name}: the SCoP {fingerprint[:8]} is no longer "
                                        "in the file")
            except PolyoptError as error:
                data.skipped.append(f"{source_field[:80] or fingerprint[:8]}: {error.message}")
        if scop_cache[key] is None:
            continue
        name, extractor = scop_cache[key]
        program = f"{name}:{fingerprint[:8]}"
        settings = [g[1:] for g in groups if g[0] == fingerprint]
        if len(settings) > 1:       # measured on other machines or builds too: apart
            program += f":{settings.index((machine, options, build, run)) + 1}"
        best: dict[str, tuple] = {}
        for row in evaluations:
            schedule_text, status, seconds = row[7], row[9], row[10]
            if schedule_text == BLAS:      # calls, not a schedule: nothing to learn from
                continue
            if schedule_text == ORIGINAL:
                if status == "ok" and seconds:
                    previous = data.references.get(program)
                    data.references[program] = seconds if previous is None else min(previous, seconds)
                continue
            if status not in TRAINING_STATUSES:
                continue
            sizes = row[11] or ""
            schedule_key = (row[6], sizes)
            old = best.get(schedule_key)
            better = old is None or (status == "ok" and (old[9] != "ok" or seconds < old[10]))
            if better:
                best[schedule_key] = row
        for row in best.values():
            try:
                tile_sizes = json.loads(row[11]) if row[11] else _tile_sizes_of(row[2])
            except ValueError:
                data.skipped.append(f"{program}: {row[8]}: tile sizes '{row[11]}' do not read")
                continue
            features = features_of(extractor, row[7], tile_sizes)
            if progress is not None:
                progress.update(1)
            if features is None:
                continue
            data.examples.append(Example(program, row[8], features, row[9], row[10]))
    return data
