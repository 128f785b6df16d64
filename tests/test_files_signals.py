"""Output files (-o, --save), bad option values, SIGINT/SIGTERM during bench
and searches, the tuning database as a cache, and no user text reaching a shell."""

from __future__ import annotations

import os
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from polyopt import tuning
from polyopt.cli import main
from polyopt.search import Search
from tests.conftest import KERNELS, needs_gcc

MATMUL = KERNELS / "matmul.c"
QUICK_BUILD = "gcc -O1 {src} -o {exe}"


def _optimize(*argv: str) -> int:
    return main([str(MATMUL), "-q", "--no-db", *argv])


def _temporaries(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


# -- 2. output files ----------------------------------------------------------------

def test_output_is_written_through_a_symlink(tmp_path):
    real = tmp_path / "real.c"
    real.write_text("old\n")
    link = tmp_path / "link.c"
    link.symlink_to("real.c")
    assert _optimize("-o", str(link)) == 0
    assert link.is_symlink() and os.readlink(link) == "real.c"
    assert "/* polyopt: auto: " in real.read_text()


def test_output_into_a_fifo_reaches_its_reader_and_leaves_a_fifo(tmp_path):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    holder = os.open(fifo, os.O_RDWR)   # the reader's open and its end of file never hang
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        assert _optimize("-o", str(fifo)) == 0
    finally:
        os.close(holder)
        reader.join(timeout=60)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert b"/* polyopt: auto: " in received[0]


def test_output_into_a_pipe_named_through_a_link_as_dev_stdout_is(tmp_path):
    read_end, write_end = os.pipe()
    link = tmp_path / "stdout"
    link.symlink_to(f"/proc/self/fd/{write_end}")
    try:
        assert _optimize("-o", str(link)) == 0
        os.close(write_end)
        with os.fdopen(read_end, "rb") as stream:
            data = stream.read()
    finally:
        for fd in (read_end, write_end):
            try:
                os.close(fd)
            except OSError:
                pass
    assert b"/* polyopt: auto: " in data
    assert link.is_symlink()


def test_output_into_a_character_device_leaves_the_device(tmp_path):
    device = tmp_path / "null"
    try:      # a /dev/null of our own where we may (root), else /dev/null itself
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        device = Path("/dev/null")
    assert _optimize("-o", str(device)) == 0
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert device.read_bytes() == b""


def test_output_keeps_an_existing_files_mode_and_a_new_one_follows_the_umask(tmp_path):
    existing = tmp_path / "existing.c"
    existing.write_text("old\n")
    existing.chmod(0o640)
    assert _optimize("-o", str(existing)) == 0
    assert stat.S_IMODE(existing.stat().st_mode) == 0o640
    previous = os.umask(0o002)
    try:
        assert _optimize("-o", str(tmp_path / "new.c")) == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "new.c").stat().st_mode) == 0o664
    assert _temporaries(tmp_path) == []


def test_output_with_a_250_byte_name(tmp_path):
    target = tmp_path / ("o" * 248 + ".c")
    assert _optimize("-o", str(target)) == 0
    assert "/* polyopt: auto: " in target.read_text()


def test_a_failed_rename_leaves_no_temporary_file(tmp_path, monkeypatch, capsys):
    target = tmp_path / "out.c"
    target.write_text("old\n")

    def failing_replace(source, destination):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(os, "replace", failing_replace)
    assert _optimize("-o", str(target)) == 1
    assert f"cannot write '{target}'" in capsys.readouterr().err
    assert target.read_text() == "old\n"
    assert _temporaries(tmp_path) == []


def test_a_directory_without_room_for_a_temporary_file_still_takes_the_file(tmp_path, monkeypatch):
    # as '>' would: the file is writable though its directory is not (root cannot
    # make such a directory, so creating the temporary file fails here by hand)
    import tempfile
    target = tmp_path / "out.c"
    target.write_text("old\n")

    def no_temporary(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(tempfile, "mkstemp", no_temporary)
    assert _optimize("-o", str(target)) == 0
    assert "/* polyopt: auto: " in target.read_text()


@needs_gcc
def test_bench_save_writes_through_a_symlink(tmp_path, capsys):
    real = tmp_path / "real.c"
    real.write_text("old\n")
    link = tmp_path / "saved.c"
    link.symlink_to(real)
    status = main(["bench", str(MATMUL), "--repeat", "1", "--warmup", "0", "--build", QUICK_BUILD,
                   "--save", str(link), "-q", "--no-db"])
    assert status == 0
    assert link.is_symlink() and "/* polyopt: auto: " in real.read_text()


# -- 3. option values ----------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["--scheduler", "random", "--run", ""], ["--scheduler", "random", "--build", "  "],
    ["--scheduler", "random", "--build", "gcc '{src} -o {exe}"],
    ["--scheduler", "random", "--run", '"{exe}'],
    ["--timeout", "nan"], ["--timeout", "inf"], ["--timeout", "0"], ["--timeout", "-1"],
    ["--budget", "-1"], ["--tolerance", "-1"], ["--tolerance", "nan"],
    ["--tile-sizes", "2000000"], ["--block-sizes", "32,99999999999"],
    ["bench", "--repeat", "0"], ["bench", "--warmup", "-1"], ["bench", "--timeout", "nan"],
    ["bench", "--run", ""], ["bench", "--build", "gcc \"{src}"], ["bench", "--tolerance", "inf"],
    ["polybench", "--list", "--timeout", "nan"], ["polybench", "--list", "--tolerance", "nan"],
])
def test_bad_option_values_are_usage_errors(argv, capsys):
    if argv[0] in ("bench", "polybench"):
        argv = [argv[0], str(MATMUL), *argv[1:]] if argv[0] == "bench" else argv
    else:
        argv = [str(MATMUL), *argv]
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument" in err and "Traceback" not in err


# -- 5. signals ------------------------------------------------------------------------

# Appends its pid to $POLYOPT_TEST_PIDS; from the run numbered $POLYOPT_TEST_SPIN_FROM
# on, says so and spins.
SPINNER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#define N 16
static double A[N];
int main(void)
{
  int i, runs = 0;
  char line[64];
  FILE *log = fopen(getenv("POLYOPT_TEST_PIDS"), "a+");
  fprintf(log, "%d\n", (int)getpid());
  fflush(log);
  rewind(log);
  while (fgets(line, sizeof line, log))
    runs++;
  fclose(log);
  if (runs >= atoi(getenv("POLYOPT_TEST_SPIN_FROM"))) {
    FILE *spin = fopen(getenv("POLYOPT_TEST_SPINNING"), "w");
    fclose(spin);
    for (volatile unsigned long x = 0;; x++)
      ;
  }
#pragma scop
  for (i = 0; i < N; i++)
    A[i] = 2.0 * i;
#pragma endscop
  printf("%f\n", A[N - 1]);
  return 0;
}
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def _interrupt_while_spinning(tmp_path: Path, number: signal.Signals, spin_from: int,
                              argv: list[str]) -> tuple[subprocess.CompletedProcess, list[int]]:
    """Run polyopt on the spinner; once a run spins, send `number`; (result, pids)."""
    source = tmp_path / "spinner.c"
    source.write_text(SPINNER)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    pids, spinning = tmp_path / "pids", tmp_path / "spinning"
    environment = {**os.environ, "TMPDIR": str(temporary), "POLYOPT_TEST_PIDS": str(pids),
                   "POLYOPT_TEST_SPIN_FROM": str(spin_from),
                   "POLYOPT_TEST_SPINNING": str(spinning)}
    process = subprocess.Popen([sys.executable, "-m", "polyopt", *argv, str(source)],
                               env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               cwd=tmp_path)
    try:
        for _ in range(1200):           # until a run spins (or polyopt ends early)
            if spinning.exists() or process.poll() is not None:
                break
            time.sleep(0.1)
        assert spinning.exists(), process.communicate()
        process.send_signal(number)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        started = [int(line) for line in pids.read_text().split()] if pids.exists() else []
        survivors = {pid: Path(f"/proc/{pid}/stat").read_text() for pid in started if _alive(pid)}
        for pid in survivors:
            os.kill(pid, signal.SIGKILL)
    assert not survivors, f"left running: {survivors}; polyopt exited {process.returncode}"
    assert list(temporary.iterdir()) == [], "temporary directories left behind"
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr), started


@needs_gcc
@pytest.mark.parametrize("number", [signal.SIGTERM])
def test_an_interrupted_bench_kills_the_program_and_cleans_up(tmp_path, number):
    result, _ = _interrupt_while_spinning(tmp_path, number, 1,
                                          ["bench", "--build", QUICK_BUILD, "--no-db"])
    assert result.returncode == 128 + number
    assert result.stderr.decode().strip().endswith("polyopt: interrupted")
    assert b"Traceback" not in result.stderr


@needs_gcc
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_search_records_only_finished_candidates(tmp_path, number):
    database = tmp_path / "tuning.sqlite"
    # runs: the reference, the 'original' candidate, then 'identity' spins
    result, started = _interrupt_while_spinning(
        tmp_path, number, 3, ["--scheduler", "random", "--budget", "2", "--seed", "1", "-q",
                              "--build", QUICK_BUILD, "--db", str(database), "-o",
                              str(tmp_path / "out.c")])
    assert result.returncode == 128 + number
    assert b"Traceback" not in result.stderr
    assert len(started) == 3
    rows = sqlite3.connect(database).execute("SELECT candidate, status FROM evaluations").fetchall()
    assert rows == [("original", "ok")]


def test_an_interrupt_inside_an_isl_callback_is_quiet_and_still_arrives(capfd):
    import islpy as isl

    from polyopt.core import interrupt
    pieces = isl.UnionSet("{ A[i] : 0 <= i < 10; B[i] : 0 <= i < 3 }")

    def callback(piece):
        os.kill(os.getpid(), signal.SIGTERM)   # arrives here, inside isl's foreach
    with interrupt.handled():
        with pytest.raises(KeyboardInterrupt):
            try:
                pieces.foreach_set(callback)
            except isl.Error:
                pass                            # as code that handles isl's errors would
            for _ in range(600):               # the interrupt arrives out here
                time.sleep(0.05)
        assert interrupt.exit_status() == 143
    assert "Traceback" not in capfd.readouterr().err


# -- 6. the tuning database is a cache ---------------------------------------------------

def _plain_run(tmp_path, *argv) -> tuple[int, str]:
    out = tmp_path / "out.c"
    status = main([str(MATMUL), "-o", str(out), *argv])
    assert "/* polyopt: auto: " in out.read_text()
    return status


def test_a_corrupt_database_is_a_warning_for_a_plain_run(tmp_path, capsys):
    database = tmp_path / "tuning.sqlite"
    database.write_bytes(os.urandom(4096))
    assert _plain_run(tmp_path, "--db", str(database)) == 0
    err = capsys.readouterr().err
    assert f"{database}: warning: cannot open the tuning database" in err
    assert "Traceback" not in err


def test_no_writable_home_is_a_warning_for_a_plain_run(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home"
    home.write_text("a file where a home directory should be\n")
    monkeypatch.delenv("POLYOPT_DB")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    assert _plain_run(tmp_path) == 0
    assert "warning: cannot open the tuning database" in capsys.readouterr().err


def test_a_locked_database_is_a_warning_for_a_plain_run(tmp_path, monkeypatch, capsys):
    database = tmp_path / "tuning.sqlite"
    tuning.TuningDatabase(database).close()
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(tuning, "BUSY_TIMEOUT", 0.1)
    try:
        assert _plain_run(tmp_path, "--db", str(database)) == 0
    finally:
        holder.close()
    assert "database is locked" in capsys.readouterr().err


def _search(tmp_path, database) -> tuple[int, Path]:
    out = tmp_path / "out.c"
    status = main([str(MATMUL), "-o", str(out), "--scheduler", "random", "--budget", "1",
                   "--seed", "1", "--build", QUICK_BUILD, "--db", str(database)])
    return status, out


@needs_gcc
def test_a_search_with_a_corrupt_database_still_writes_its_output(tmp_path, capsys):
    database = tmp_path / "tuning.sqlite"
    database.write_bytes(os.urandom(4096))
    status, out = _search(tmp_path, database)
    assert status == 0 and out.read_text()
    err = capsys.readouterr().err
    assert f"{database}: warning: cannot open the tuning database" in err
    assert "searching without it" in err


def _at_the_end_of_the_search(monkeypatch, action) -> None:
    finals = Search._finals

    def finals_then(self):
        best = finals(self)
        action(self)
        return best
    monkeypatch.setattr(Search, "_finals", finals_then)


@needs_gcc
def test_a_database_locked_at_the_end_of_a_search_loses_no_output(tmp_path, monkeypatch, capsys):
    database = tmp_path / "tuning.sqlite"
    holder = sqlite3.connect(database, isolation_level=None)
    monkeypatch.setattr(tuning, "BUSY_TIMEOUT", 0.1)
    _at_the_end_of_the_search(monkeypatch, lambda search: holder.execute("BEGIN EXCLUSIVE"))
    try:
        status, out = _search(tmp_path, database)
    finally:
        holder.close()
    assert status == 0 and "int main" in out.read_text()
    err = capsys.readouterr().err
    assert f"{database}: warning: cannot write the tuning database: database is locked" in err


@needs_gcc
def test_a_read_only_database_at_the_end_of_a_search_loses_no_output(tmp_path, monkeypatch,
                                                                     capsys):
    database = tmp_path / "tuning.sqlite"
    _at_the_end_of_the_search(monkeypatch, lambda search: search.database.connection.execute(
        "PRAGMA query_only = ON"))
    status, out = _search(tmp_path, database)
    assert status == 0 and "int main" in out.read_text()
    err = capsys.readouterr().err
    assert f"{database}: warning: cannot write the tuning database" in err
    assert "results are not stored" in err


# -- 8. no user text reaches a shell ------------------------------------------------------

@needs_gcc
def test_a_file_name_with_a_command_substitution_runs_nothing(tmp_path, monkeypatch, capsys):
    directory = tmp_path / "d$(touch PWNED_DIR)"
    directory.mkdir()
    source = directory / "a$(touch PWNED).c"
    source.write_text(MATMUL.read_text())
    monkeypatch.chdir(directory)
    status = main(["bench", str(source), "--shell", "--repeat", "1", "--warmup", "0", "--no-db",
                   "--build", 'gcc -I"{dir}" "{src}" -o "{exe}"', "--run", '"{exe}"'])
    assert not list(tmp_path.rglob("PWNED*"))
    assert status == 0, capsys.readouterr()
