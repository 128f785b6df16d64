"""The tuning database: every schedule a search evaluated, and how it did.

One SQLite file (``tuning.sqlite`` in the platform's data directory unless ``--db`` or
``POLYOPT_DB`` says otherwise). Rows are keyed by a fingerprint of the SCoP
(its domains, accesses, original schedule and statement bodies), of the
machine (CPU model, core count, architecture) and of the options that shape
the generated code (tiling, tile sizes, parallelism). A later search of the
same SCoP starts from what is stored; a plain ``polyopt FILE`` uses the
fastest verified schedule stored for an unchanged SCoP on this machine.

Each row holds one SCoP's schedule (the schedule tree as isl prints it, or
``original``) and, in ``tile_sizes``, the tile sizes the candidate carried for
it (the genetic search makes them genes), as JSON: a list with one list per
tilable band of the schedule tree, e.g. ``[[32, 32, 0], [64, 8]]``. The bands
are the permutable bands of two or more members, in the order the tiling visits
them (bottom-up: a band's inner bands before it, siblings left to right; see
``polyopt.scheduler.tiling.tilable_bands``), and each list has one size per
member in the band's member order; 0 leaves that member untiled, a band of
zeros is not tiled. ``''`` (the empty text) means the default tiling: the
cache model's sizes, or ``--tile-sizes``. A plain run that reuses a stored
schedule reuses its tile sizes too.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from pycparser import c_generator

from polyopt.core.deepstack import deep_stack
from polyopt.core.errors import DatabaseError, Location
from polyopt.core.files import tuning_database_path
from polyopt.core.scop import Scop

ORIGINAL = "original"   # schedule text of "leave the SCoP as it was written"
BLAS = "blas"           # schedule text of "its BLAS matches as calls" (--blas)


def choice_text(choice) -> str:
    """The schedule text stored for a ScheduleResult."""
    if getattr(choice, "blas", False):
        return BLAS
    return ORIGINAL if choice.schedule is None else str(choice.schedule)
# In an evaluation's detail: its code was generated from the flat schedule map
# (isl's code for the tree gave wrong output); a stored schedule is reused that way.
FLAT_MAP_NOTE = "generated from the flat schedule map"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS evaluations (
    id INTEGER PRIMARY KEY,
    scop TEXT NOT NULL,
    machine TEXT NOT NULL,
    options TEXT NOT NULL,
    schedule_key TEXT NOT NULL,
    schedule TEXT NOT NULL,
    candidate TEXT NOT NULL,
    status TEXT NOT NULL,
    seconds REAL,
    detail TEXT NOT NULL DEFAULT '',
    build TEXT NOT NULL DEFAULT '',
    run TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    winner INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    tile_sizes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS evaluations_key ON evaluations (scop, machine, options);
"""


def _digest(parts) -> str:
    # surrogateescape: the text keeps the file's bytes that are not UTF-8 (read_source)
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _printable(text: str) -> str:
    """A file name that is not UTF-8 as sqlite can store it (it is only shown)."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


@deep_stack
def scop_fingerprint(scop: Scop) -> str:
    """Changes whenever anything that decides the SCoP's meaning changes."""
    generator = c_generator.CGenerator()
    parts = [",".join(scop.parameters), *scop.definitions, str(scop.schedule.get_map())]
    for statement in scop.statements:
        parts += [statement.name, ",".join(statement.iterators), str(statement.domain),
                  generator.visit(statement.body)]
        parts += [f"{a.array} {'W' if a.is_write else 'R'} {a.relation}" for a in statement.accesses]
    return _digest(parts)


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware", "cpu model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine_fingerprint() -> str:
    return _digest([platform.machine(), _cpu_model(), str(os.cpu_count())])


def schedule_key(schedule_text: str) -> str:
    return _digest([schedule_text])


def _column(value) -> str:
    """The ``tile_sizes`` column's text of a JSON value."""
    return json.dumps(value, separators=(",", ":"))


def _decoded(text: str):
    """The JSON value of a ``tile_sizes`` column ('' or what is not JSON: None)."""
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None


def _bands(sizes: list[list[int]] | None) -> list[list[int]] | None:
    return None if sizes is None else [[int(size) for size in band] for band in sizes]


def _valid_bands(value) -> list[list[int]] | None:
    """`value` where it is per-band sizes (lists of sizes >= 0), else None."""
    if not isinstance(value, list) or not all(
            isinstance(band, list) and all(isinstance(size, int) and size >= 0 for size in band)
            for band in value):
        return None
    return value


def tile_sizes_text(sizes: list[list[int]] | None) -> str:
    """The ``tile_sizes`` column's text of per-band sizes (None: '', the default)."""
    return "" if sizes is None else _column(_bands(sizes))


def time_tile_text(gene: tuple[str, tuple[int, ...]]) -> str:
    """The ``tile_sizes`` column's text of a time tiling (scheduler.stencil): its shape
    and sizes, from which the pipeline makes the tiles again."""
    shape, sizes = gene
    return _column({"time_tile": shape, "sizes": [int(size) for size in sizes]})


def parse_time_tile(text: str) -> tuple[str, tuple[int, ...]] | None:
    """(shape, sizes) from a ``tile_sizes`` column written by time_tile_text, else None."""
    from polyopt.scheduler.stencil import SHAPES
    value = _decoded(text)
    if not isinstance(value, dict) or value.get("time_tile") not in SHAPES:
        return None
    sizes = value.get("sizes")
    if not isinstance(sizes, list) or not sizes or not all(
            isinstance(size, int) and size > 0 for size in sizes):
        return None
    return value["time_tile"], tuple(sizes)


def gpu_text(gene: tuple, sizes: list[list[int]] | None) -> str:
    """The ``tile_sizes`` column's text of a CUDA candidate: its GPU genes (block sizes,
    shared memory, registers, coarsening) and any tile sizes."""
    from polyopt.codegen.gpu_options import as_dict
    return _column({"gpu": as_dict(gene), "sizes": _bands(sizes)})


def parse_gpu(text: str) -> tuple[tuple, list[list[int]] | None] | None:
    """(GPU genes, tile sizes) from a ``tile_sizes`` column written by gpu_text, else None."""
    value = _decoded(text)
    if not isinstance(value, dict) or not isinstance(value.get("gpu"), dict):
        return None
    from polyopt.codegen.gpu_options import shared_policy
    gpu = value["gpu"]
    block = gpu.get("block")
    if not isinstance(block, list) or not all(isinstance(b, int) and b > 0 for b in block):
        return None
    coarsening = gpu.get("coarsening", 1)
    if not isinstance(coarsening, int) or coarsening < 1:
        return None
    shared = gpu.get("shared", True)
    if shared not in (True, False, "all"):
        return None
    return ((tuple(block), shared_policy(shared), bool(gpu.get("registers", True)),
             coarsening), _valid_bands(value.get("sizes")))


def shaped_text(sizes: list[list[int]] | None, wavefront: bool, parallel: bool,
                rewrite: str | None = None) -> str:
    """The ``tile_sizes`` column's text of a choice that is generated other than a
    schedule usually is (the default's: its tile bands as wavefronts, no parallel
    region, or a schedule of the SCoP rewritten with buffers: scheduler.auto.REWRITES),
    with its tile sizes (None: the default ones)."""
    value = {"sizes": _bands(sizes), "wavefront": bool(wavefront), "parallel": bool(parallel)}
    if rewrite is not None:
        value["rewrite"] = rewrite
    return _column(value)


def parse_shaped(text: str) -> tuple[list[list[int]] | None, bool, bool, str | None] | None:
    """(tile sizes, wavefront, parallel, the kind of rewrite or None) from a
    ``tile_sizes`` column written by shaped_text, else None."""
    value = _decoded(text)
    if not isinstance(value, dict) or not {"wavefront", "parallel"} <= set(value):
        return None
    rewrite = value.get("rewrite")
    return (_valid_bands(value.get("sizes")), bool(value["wavefront"]), bool(value["parallel"]),
            rewrite if isinstance(rewrite, str) else None)


def parse_tile_sizes(text: str) -> list[list[int]] | None:
    """Per-band sizes from the ``tile_sizes`` column (None for '' or what is not such a list)."""
    return _valid_bands(_decoded(text))


@dataclass
class Evaluation:
    """One stored evaluation of a schedule of a SCoP."""

    schedule: str
    candidate: str
    status: str
    seconds: float | None
    detail: str = ""
    build: str = ""
    run: str = ""
    created: float = 0.0
    winner: bool = False        # the schedule a search chose
    tile_sizes: str = ""        # JSON per tilable band, '' = default tiling (see the module)


BUSY_TIMEOUT = 30.0   # seconds to wait for another process's lock on the database


class TuningDatabase:
    """Stored evaluations; use as a context manager or call ``close``.

    Every failure to open, read or write it raises DatabaseError, located at
    the database's path: callers treat the database as a cache and go on.
    """

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else tuning_database_path()
        self.connection = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT)
            self.connection.executescript(_SCHEMA)
            columns = {row[1] for row in self.connection.execute("PRAGMA table_info(evaluations)")}
            # a database from before the winner, or the tile sizes, were recorded
            for column, declaration in (("winner", "INTEGER NOT NULL DEFAULT 0"),
                                        ("tile_sizes", "TEXT NOT NULL DEFAULT ''")):
                if column not in columns:
                    with self.connection:
                        self.connection.execute(f"ALTER TABLE evaluations ADD COLUMN {column} "
                                                f"{declaration}")
        except (OSError, sqlite3.Error) as error:
            self.close()
            raise self._error("cannot open the tuning database", error) from None

    def _error(self, what: str, error: Exception) -> DatabaseError:
        reason = getattr(error, "strerror", None) or str(error)
        return DatabaseError(f"{what}: {reason}", Location(str(self.path)))

    def _query(self, query: str, arguments) -> list[tuple]:
        try:
            return self.connection.execute(query, arguments).fetchall()
        except sqlite3.Error as error:
            raise self._error("cannot read the tuning database", error) from None

    def __enter__(self) -> TuningDatabase:
        return self

    def __exit__(self, *exc_info):
        self.close()

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def record(self, scop: str, machine: str, options: str, evaluation: Evaluation,
               source: str = "") -> None:
        self.record_all([(scop, machine, options, evaluation, source)])

    def record_all(self, rows) -> None:
        """Store (scop, machine, options, evaluation, source) rows in one transaction."""
        try:
            with self.connection:
                self.connection.executemany(
                    "INSERT INTO evaluations (scop, machine, options, schedule_key, schedule,"
                    " candidate, status, seconds, detail, build, run, source, winner, created,"
                    " tile_sizes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(scop, machine, options, schedule_key(e.schedule), e.schedule, e.candidate,
                      e.status, e.seconds, e.detail, e.build, e.run, _printable(source), int(e.winner),
                      e.created or time.time(), e.tile_sizes)
                     for scop, machine, options, e, source in rows])
        except sqlite3.Error as error:
            raise self._error("cannot write the tuning database", error) from None

    def evaluations(self, scop: str, machine: str, options: str) -> list[Evaluation]:
        rows = self._query(
            "SELECT schedule, candidate, status, seconds, detail, build, run, created, winner,"
            " tile_sizes FROM evaluations WHERE scop = ? AND machine = ? AND options = ?"
            " ORDER BY id",
            (scop, machine, options))
        return [Evaluation(*row) for row in rows]

    def best(self, scop: str, machine: str, options: str, limit: int = 1) -> list[Evaluation]:
        """The schedule the latest search chose, then the fastest verified others,
        each once (with its best time; a schedule with other tile sizes is another)."""
        rows = self._query(
            "SELECT schedule, candidate, status, MIN(seconds), detail, build, run, created,"
            " MAX(winner), tile_sizes FROM evaluations WHERE scop = ? AND machine = ?"
            " AND options = ? AND status = 'ok' AND seconds IS NOT NULL"
            " GROUP BY schedule_key, tile_sizes"
            " ORDER BY MAX(winner * created) DESC, MIN(seconds) LIMIT ?",
            (scop, machine, options, limit))
        return [Evaluation(*row) for row in rows]

    def known_schedules(self, scop: str, machine: str, options: str,
                        build: str | None = None, run: str | None = None) -> set[str]:
        """Schedules already evaluated with the default tiling; with ``build``/``run``,
        only those evaluated with these commands (times under another compiler or
        flags do not count)."""
        query = ("SELECT DISTINCT schedule_key FROM evaluations WHERE scop = ? AND machine = ?"
                 " AND options = ? AND tile_sizes = ''")
        arguments: list[str] = [scop, machine, options]
        for column, value in (("build", build), ("run", run)):
            if value is not None:
                query += f" AND {column} = ?"
                arguments.append(value)
        return {row[0] for row in self._query(query, arguments)}

    _COLUMNS = ("scop", "machine", "options", "schedule", "candidate", "status", "seconds",
                "detail", "build", "run", "source", "winner", "created", "tile_sizes")

    def summary(self) -> list[dict]:
        """Per SCoP, machine and options (latest first): the evaluations, the verified
        ones, the best verified time, the candidate the latest search chose, the file."""
        rows = self._query(
            "SELECT scop, machine, options, COUNT(*), SUM(status = 'ok'),"
            " MIN(CASE WHEN status = 'ok' THEN seconds END), MAX(created), MAX(source)"
            " FROM evaluations GROUP BY scop, machine, options ORDER BY MAX(created) DESC", ())
        chosen = {(s, m, o): c for s, m, o, c in self._query(
            "SELECT scop, machine, options, candidate FROM evaluations WHERE winner = 1"
            " ORDER BY created", ())}
        return [{"scop": s, "machine": m, "options": o, "evaluations": n, "verified": ok or 0,
                 "best_seconds": best, "latest": latest, "region": source,
                 "chosen": chosen.get((s, m, o))}
                for s, m, o, n, ok, best, latest, source in rows]

    def rows(self, prefix: str) -> list[dict]:
        """Every evaluation of the SCoPs whose fingerprint starts with `prefix`, oldest
        first ('' for all)."""
        found = self._query(f"SELECT {', '.join(self._COLUMNS)} FROM evaluations"
                            " WHERE substr(scop, 1, ?) = ? ORDER BY id", (len(prefix), prefix))
        return [dict(zip(self._COLUMNS, row)) for row in found]

    def delete(self, prefix: str | None) -> int:
        """Delete the evaluations of the SCoPs whose fingerprint starts with `prefix`
        (None: every one); how many were deleted."""
        try:
            with self.connection:
                cursor = (self.connection.execute("DELETE FROM evaluations") if prefix is None
                          else self.connection.execute(
                              "DELETE FROM evaluations WHERE substr(scop, 1, ?) = ?",
                              (len(prefix), prefix)))
                return cursor.rowcount
        except sqlite3.Error as error:
            raise self._error("cannot write the tuning database", error) from None
