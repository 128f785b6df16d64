"""`polyopt db path|list|show|export|clear`, and where the tuning database lives."""

from __future__ import annotations

import json

from polyopt.cli import main
from polyopt.core.files import tuning_database_path
from polyopt.tuning import Evaluation, TuningDatabase

FIRST, SECOND = "a1b2c3" + "0" * 26, "ff00ee" + "1" * 26


def _database(path):
    with TuningDatabase(path) as database:
        database.record_all([
            (FIRST, "m", "tile", Evaluation("original", "original", "ok", 2.0), "k.c"),
            (FIRST, "m", "tile", Evaluation("S1", "isl", "ok", 0.5, winner=True,
                                            build="gcc -O3 {src} -o {exe}"), "k.c"),
            (FIRST, "m", "tile", Evaluation("S2", "random-1", "build error", None), "k.c"),
            (SECOND, "m", "tile", Evaluation("original", "original", "ok", 1.0), "other.c")])
    return path


def test_list_show_export(tmp_path, capsys):
    path = _database(tmp_path / "db.sqlite")
    assert main(["db", "--db", str(path), "list"]) == 0
    out, err = capsys.readouterr()
    first = next(line for line in out.splitlines() if line.startswith(FIRST[:12]))
    assert "3 evaluated" in first and "2 verified" in first and "0.5 s" in first
    assert "chose isl" in first and "k.c" in first
    assert "2 SCoP(s)" in err
    assert main(["db", "--db", str(path), "show", "a1b2"]) == 0
    out = capsys.readouterr().out
    assert f"SCoP {FIRST}" in out and SECOND not in out
    assert "(chosen)" in out and "build error" in out and "gcc -O3" in out
    assert main(["db", "--db", str(path), "export", "-o", str(tmp_path / "rows.jsonl")]) == 0
    rows = [json.loads(line) for line in (tmp_path / "rows.jsonl").read_text().splitlines()]
    assert len(rows) == 4 and {row["scop"] for row in rows} == {FIRST, SECOND}
    assert rows[1]["winner"] == 1 and rows[1]["seconds"] == 0.5


def test_show_of_an_unknown_key_is_a_usage_error(tmp_path, capsys):
    path = _database(tmp_path / "db.sqlite")
    assert main(["db", "--db", str(path), "show", "0123"]) == 2
    assert "no SCoP's fingerprint starts with '0123'" in capsys.readouterr().err


def test_clear_one_scop_or_all(tmp_path, capsys):
    path = _database(tmp_path / "db.sqlite")
    assert main(["db", "--db", str(path), "clear"]) == 2       # neither a key nor --all
    assert main(["db", "--db", str(path), "clear", "ff00"]) == 0
    assert "deleted 1 evaluation(s)" in capsys.readouterr().err
    with TuningDatabase(path) as database:
        assert {row["scop"] for row in database.rows("")} == {FIRST}
    assert main(["db", "--db", str(path), "clear", "--all"]) == 0
    with TuningDatabase(path) as database:
        assert database.rows("") == []


def test_the_database_lives_in_the_platforms_data_directory(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("POLYOPT_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert tuning_database_path() == tmp_path / "data" / "polyopt" / "tuning.sqlite"
    assert main(["db", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "data" / "polyopt" / "tuning.sqlite")
    # a database where earlier versions kept it is used while the new place has none
    earlier = tmp_path / "cache" / "polyopt" / "tuning.sqlite"
    TuningDatabase(earlier).close()
    assert tuning_database_path() == earlier
    TuningDatabase(tmp_path / "data" / "polyopt" / "tuning.sqlite").close()
    assert tuning_database_path() == tmp_path / "data" / "polyopt" / "tuning.sqlite"
