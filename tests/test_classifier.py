"""The schedule classifier (polyopt/search/classifier.py): Polyite's labels, training
and prediction, model files refused when they do not match, training from a
tuning database made here, and ``polyopt model train|evaluate``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from polyopt.search import classifier
from polyopt.search.classifier import (Example, TrainingData, database_data, label, load_model,
                                leave_one_program_out, predict, predict_probabilities,
                                save_model, train)
from polyopt.cli import main
from polyopt.core.errors import ModelError
from polyopt.scheduler.features import FEATURE_NAMES
from tests.test_features import PRODUCT, REDUCTION


def _example(program, seconds, status="ok", features=None):
    return Example(program, "c", features or [0.5] * len(FEATURE_NAMES), status, seconds)


def test_labels_follow_polyite():
    data = TrainingData(references={"a": 10.0, "b": 1.0})
    # a: best 1.0 (10x): profitable up to 2.0; a run killed at the cap is not
    data.examples = [_example("a", 1.0), _example("a", 1.9), _example("a", 2.1),
                     _example("a", None, "timeout")]
    # b: the best is only 1.1x faster than the original: nothing is profitable
    data.examples += [_example("b", 0.9), _example("b", 0.95)]
    # c: no original measured: the 2x rule alone
    data.examples += [_example("c", 3.0), _example("c", 7.0)]
    label(data)
    assert [e.profitable for e in data.examples] == [True, True, False, False,
                                                      False, False, True, False]


def test_labels_of_several_campaigns_compare_speedups():
    """A program searched twice, the second time on a machine three times slower:
    each schedule's speedup over its own campaign's original decides, so the slow
    campaign's schedules are not all unprofitable because of the machine."""
    def example(seconds, reference):
        return Example("k", "c", [0.5] * len(FEATURE_NAMES), "ok", seconds, reference=reference)
    data = TrainingData(references={"k": 30.0})         # the last campaign's original
    # first campaign: original 10 s; second: original 30 s (the same code, 3x slower)
    data.examples = [example(2.0, 10.0), example(5.0, 10.0),      # 5x, 2x
                     example(6.0, 30.0), example(15.0, 30.0),     # 5x, 2x
                     Example("k", "c", [0.5] * len(FEATURE_NAMES), "timeout", None, reference=30.0)]
    label(data)
    # best 5x: profitable from 2.5x on; by times alone, 6 s (the slow machine's best)
    # would have been 3x the best time
    assert [e.profitable for e in data.examples] == [True, False, True, False, False]
    # a campaign whose best beats its original by less than 1.2x: none is profitable
    data.examples = [example(9.0, 10.0), example(26.0, 30.0)]
    label(data)
    assert [e.profitable for e in data.examples] == [False, False]


def _synthetic(programs=3, per_program=60, seed=1) -> TrainingData:
    """Schedules whose speed depends on F_Par: the parallel ones are fast."""
    rng = random.Random(seed)
    data = TrainingData(sources=["samples:synthetic"])
    par = FEATURE_NAMES.index("F_Par")
    for p in range(programs):
        data.references[f"p{p}"] = 10.0
        for _ in range(per_program):
            features = [rng.random() for _ in FEATURE_NAMES]
            seconds = 1.0 + rng.random() * 0.5 if features[par] > 0.5 else 5.0 + rng.random()
            data.examples.append(Example(f"p{p}", "c", features, "ok", seconds))
    return data


def test_train_predict_save_load(tmp_path):
    model = train(_synthetic())
    par = FEATURE_NAMES.index("F_Par")
    fast = {name: 0.5 for name in FEATURE_NAMES} | {"F_Par": 0.9}
    slow = [0.5] * len(FEATURE_NAMES)
    slow[par] = 0.1
    assert predict(model, [fast, slow]) == [True, False]
    path = tmp_path / "m.model"
    save_model(model, path)
    loaded = load_model(path)
    assert loaded.feature_names == list(FEATURE_NAMES)
    assert "180 schedules of 3 programs" in loaded.description
    assert predict_probabilities(loaded, [fast, slow]) == predict_probabilities(model, [fast, slow])
    assert path.stat().st_size < 2_000_000


def test_leave_one_program_out_rates():
    evaluation = leave_one_program_out(_synthetic())
    assert [p.program for p in evaluation.programs] == ["p0", "p1", "p2"]
    assert evaluation.mean_false_negatives < 0.2
    assert evaluation.mean_false_positives < 0.2


def _rewrite_header(path, **changes):
    data = path.read_bytes()
    magic, rest = data[:len(classifier.MODEL_MAGIC)], data[len(classifier.MODEL_MAGIC):]
    line, body = rest.split(b"\n", 1)
    header = json.loads(line) | changes
    path.write_bytes(magic + json.dumps(header).encode() + b"\n" + body)


def test_model_with_other_features_is_refused(tmp_path, capsys):
    path = tmp_path / "m.model"
    save_model(train(_synthetic(programs=2, per_program=30)), path)
    _rewrite_header(path, feature_names=list(FEATURE_NAMES[:-1]) + ["F_Other"])
    with pytest.raises(ModelError) as error:
        load_model(path)
    assert "trained on other features" in str(error.value)
    assert "missing F_TiledMembers, unknown F_Other" in str(error.value)
    assert str(error.value).startswith(f"{path}: error: ")
    # the command line says it as an error, no traceback
    assert main(["model", "evaluate", str(path)]) == 1
    assert "trained on other features" in capsys.readouterr().err


def test_model_of_other_versions_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "m.model"
    save_model(train(_synthetic(programs=2, per_program=30)), path)
    monkeypatch.setattr(classifier, "FEATURE_VERSION", classifier.FEATURE_VERSION + 1)
    with pytest.raises(ModelError, match="features of version"):
        load_model(path)
    monkeypatch.undo()
    _rewrite_header(path, sklearn_version="0.19.2")
    with pytest.raises(ModelError, match="scikit-learn 0.19.2"):
        load_model(path)


def test_not_a_model(tmp_path):
    path = tmp_path / "m.model"
    path.write_text("hello\n")
    with pytest.raises(ModelError, match="not a polyopt classifier model"):
        load_model(path)


def test_shipped_model_loads_and_predicts():
    model = load_model()
    assert model.feature_names == list(FEATURE_NAMES)
    assert "samples:polybench/results/large-random/samples" in model.sources
    answers = predict(model, [[0.5] * len(FEATURE_NAMES), [1.0] * len(FEATURE_NAMES)])
    assert all(isinstance(answer, bool) for answer in answers)


def _database(tmp_path, text_source=False):
    """A tuning database of two programs, each with its original and schedules
    drawn by the sampler, timed by hand: the first half fast, the rest slow; the
    source column holds each file's path (or, with `text_source`, its text)."""
    from polyopt.core.dependences import compute_dependences
    from polyopt.frontend import read_source
    from polyopt.pipeline import Options, find_scops, options_key
    from polyopt.scheduler.random_scheduler import draw_schedule
    from polyopt.scheduler.sampler import ScheduleSpace
    from polyopt.tuning import Evaluation, TuningDatabase, scop_fingerprint
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "tuning.sqlite"
    options = options_key(Options())
    rows = []
    for name, text in (("reduction.c", REDUCTION), ("product.c", PRODUCT)):
        source_path = tmp_path / name
        source_path.write_text(text)
        scop = find_scops(read_source(str(source_path)), Options())[0][0]
        space = ScheduleSpace(scop, compute_dependences(scop))
        rng = random.Random(3)
        trees = list(dict.fromkeys(str(draw_schedule(space, rng)[1]) for _ in range(12)))
        fingerprint = scop_fingerprint(scop)
        evaluations = [Evaluation("original", "original", "ok", 4.0)]
        evaluations += [Evaluation(tree, f"random-{k}", "ok", 1.0 + 5 * (k >= len(trees) // 2))
                        for k, tree in enumerate(trees)]
        evaluations.append(Evaluation(trees[0], "again", "ok", 1.5))   # the same schedule again
        evaluations.append(Evaluation(trees[-1], "broken", "build error", None))
        source = text if text_source else str(source_path)
        rows += [(fingerprint, "machine", options, e, source) for e in evaluations]
    with TuningDatabase(path) as database:
        database.record_all(rows)
    return path, {name: len(trees) for name in ("reduction.c",)}


def test_tile_sizes_of_an_options_key():
    from polyopt.pipeline import Options, options_key
    assert classifier._tile_sizes_of(options_key(Options())) is None
    assert classifier._tile_sizes_of(options_key(Options(tile_sizes=[32, 8]))) == [32, 8]
    assert classifier._tile_sizes_of(options_key(Options(tile=False))) == [0]


def test_training_data_from_a_database(tmp_path):
    path, _ = _database(tmp_path)
    data = database_data(path)
    programs = data.programs
    assert len(programs) == 2 and programs[0].startswith("reduction.c:")
    for program in programs:
        examples = [e for e in data.examples if e.program == program]
        assert data.references[program] == 4.0
        assert all(e.status == "ok" for e in examples)      # the build error is left out
        assert len({tuple(e.features) for e in examples}) >= 1
        # each schedule once, with its best time
        assert len(examples) == len({e.candidate for e in examples})
    label(data)
    assert any(e.profitable for e in data.examples)
    assert not all(e.profitable for e in data.examples)


def test_database_with_file_texts_and_a_changed_file(tmp_path):
    path, _ = _database(tmp_path, text_source=True)
    data = database_data(path)
    assert [p.split(":")[0] for p in data.programs] == ["<database>", "<database>"]
    path, _ = _database(tmp_path / "again")
    (tmp_path / "again" / "product.c").write_text(PRODUCT.replace("C[i][j] = 0", "C[i][j] = 1"))
    data = database_data(path)
    assert len(data.programs) == 1 and data.programs[0].startswith("reduction.c:")
    assert any("is no longer in the file" in reason for reason in data.skipped)


def test_model_train_and_evaluate_commands(tmp_path, capsys):
    path, _ = _database(tmp_path)
    output = tmp_path / "my.model"
    assert main(["model", "train", "--db", str(path), "-o", str(output), "-q"]) == 0
    assert "trained on" in capsys.readouterr().out
    model = load_model(output)
    assert model.sources == [f"db:{path}"]
    assert main(["model", "evaluate", str(output), "-q"]) == 0
    report = capsys.readouterr().out
    assert "false neg." in report and "reduction.c:" in report and "product.c:" in report
    assert report.splitlines()[-2].startswith("mean")


def test_a_program_left_out_of_training(tmp_path, capsys):
    """--leave-out: a model for searching a program it has not seen."""
    from polyopt.search.classifier import program_name
    assert [program_name(p) for p in ("gemm", "gemm#1", "product.c:1a2b3c4d:2")] == [
        "gemm", "gemm", "product"]
    path, _ = _database(tmp_path)
    output = tmp_path / "without.model"
    assert main(["model", "train", "--db", str(path), "--leave-out", "product", "-o",
                 str(output), "-q"]) == 0
    model = load_model(output)
    assert "schedules of 1 programs" in model.description
    assert model.sources == [f"db:{path}", "left out: product"]
    capsys.readouterr()
    assert main(["model", "train", "--db", str(path), "--leave-out", "gemm", "-o",
                 str(output), "-q"]) == 2
    assert "--leave-out gemm: no such program in the training data (programs: product, " \
           "reduction)" in capsys.readouterr().err


def test_model_command_errors(tmp_path, capsys):
    assert main(["model", "evaluate", str(tmp_path / "none.model")]) == 1
    assert "none.model: error: cannot read the model" in capsys.readouterr().err
    assert main(["model", "train", "--db", str(tmp_path / "none.sqlite"), "-o",
                 str(tmp_path / "m")]) == 1
    assert "no such tuning database" in capsys.readouterr().err


TRAINING = Path(__file__).resolve().parent.parent / "polyopt" / "data" / "training"


def test_model_train_on_polybench_samples(tmp_path, capsys):
    """--samples: a few lines of the committed LARGE searches of two kernels (the
    shipped model's training data, polyopt/data/training/*.tar.xz), one file plain and
    one xz-compressed, then the same in a tar archive; the model records what made it."""
    import lzma
    import shlex
    import tarfile
    from polyopt.search.classifier import sample_files, samples_digest
    committed = dict(sample_files(TRAINING / "large-random.tar.xz"))
    texts = {kernel: "\n".join(committed[f"large-random/samples/{kernel}.random-50.jsonl"]
                               .splitlines()[:8]) + "\n" for kernel in ("gemm", "atax")}
    samples = tmp_path / "samples"
    samples.mkdir()
    (samples / "gemm.random-50.jsonl").write_text(texts["gemm"])
    (samples / "atax.random-50.jsonl.xz").write_bytes(lzma.compress(texts["atax"].encode()))
    output = tmp_path / "m.model"
    argv = ["train", "--samples", str(samples), "-o", str(output), "-q"]
    assert main(["model", *argv]) == 0
    assert "schedules of 2 programs" in capsys.readouterr().out
    model = load_model(output)
    assert model.sources == [f"samples:{samples}"]
    assert model.trained_from["command"] == shlex.join(["polyopt", "model", *argv])
    [source] = model.trained_from["samples"]
    assert source["path"] == str(samples) and len(source["sha256"]) == 64
    assert model.trained_from["caches"] == "32K,512K"     # POLYOPT_CACHES, set by conftest
    archive = tmp_path / "campaign.tar.xz"
    with tarfile.open(archive, "w:xz") as stream:
        stream.add(samples, arcname="campaign/samples")
    assert [name for name, _ in sample_files(archive)] == [
        "campaign/samples/atax.random-50.jsonl.xz", "campaign/samples/gemm.random-50.jsonl"]
    assert samples_digest(sample_files(archive)) == source["sha256"]
    assert main(["model", "train", "--samples", str(archive), "-o", str(output), "-q"]) == 0
    assert "schedules of 2 programs" in capsys.readouterr().out
    assert main(["model", "train", "--samples", str(samples), "--dataset", "HUGE", "-o",
                 str(output), "-q"]) == 2
    assert "unknown dataset 'HUGE'" in capsys.readouterr().err
    assert main(["model", "train", "--samples", str(tmp_path / "none"), "-o", str(output)]) == 2
    assert "no such directory or archive of search samples" in capsys.readouterr().err


def test_sample_files_plain_compressed_and_archived(tmp_path):
    """A directory's .jsonl and .jsonl.xz files (an .xz beside its plain twin left
    out), one file, a tar archive's members; what is neither is refused."""
    import lzma
    from polyopt.core.errors import UsageError
    from polyopt.search.classifier import count_samples, sample_files, samples_digest
    line = json.dumps({"candidate": "a", "status": "ok", "seconds": 1.0}) + "\n"
    (tmp_path / "k.v.jsonl").write_text(line)
    (tmp_path / "k.v.jsonl.xz").write_bytes(lzma.compress(line.encode()))
    (tmp_path / "j.v.jsonl.xz").write_bytes(lzma.compress((line * 2).encode()))
    (tmp_path / "notes.txt").write_text("not samples")
    assert sample_files(tmp_path) == [("j.v.jsonl.xz", line * 2), ("k.v.jsonl", line)]
    assert count_samples(tmp_path) == 3
    assert sample_files(tmp_path / "j.v.jsonl.xz") == [("j.v.jsonl.xz", line * 2)]
    assert samples_digest([("k.v.jsonl", line)]) == samples_digest([("x/k.v.jsonl.xz", line)])
    (tmp_path / "bad.v.jsonl.xz").write_bytes(b"not xz")
    with pytest.raises(UsageError, match="bad.v.jsonl.xz: cannot read search samples"):
        sample_files(tmp_path)
    with pytest.raises(UsageError, match="not a directory, tar archive or"):
        sample_files(tmp_path / "notes.txt")
    assert count_samples(tmp_path / "none") == 0


def test_the_shipped_models_training_data_is_committed():
    """polyopt/data/training/: the samples the shipped model was trained on (3664
    schedules after duplicates and failures; 3724 ok or timeout evaluations)."""
    from polyopt.search.classifier import count_samples, sample_files
    for campaign, files, evaluations in (("large-random", 30, 1435), ("large-ga", 30, 2289)):
        archive = TRAINING / f"{campaign}.tar.xz"
        assert len(sample_files(archive)) == files
        assert count_samples(archive) == evaluations
