"""What starting the OpenMP threads costs on this machine: measured once, then kept.

A program pays, at its first parallel region, for starting its team of threads. On a
quiet workstation that is tens of microseconds. On a virtual machine it depends on
when the region comes: on the 2-vCPU development machine a region in the first few
milliseconds of a process took 2.5-10 ms (the hypervisor wakes the idle CPU, and the
new thread waits for a scheduler tick), one after a tenth of a second of serial work
0.2-0.3 ms (``polybench/results/team_start.txt``). A program that runs a kernel worth
optimizing has read or initialized its data first, so the probe works serially for
``WARM_SECONDS`` before its first region, and that region's cost over the later ones
is what the default scheduler's cost model charges once to every candidate that opens
a region (``Machine.team_ns``): a kernel of a few milliseconds stays serial where
threads would not pay.

``team_start_ns`` answers, in this order: ``$POLYOPT_TEAM_NS`` (nanoseconds; pins
it, as the tests do); the value measured before on this machine for this number of
threads by this probe, kept in ``machine.json`` beside the tuning database; otherwise
it measures now (a C program built with the C compiler and ``-fopenmp``, run as fresh
processes: about a second, once) and keeps the result. Where nothing can be measured
(no compiler, no OpenMP) it falls back to ``DEFAULT_TEAM_NS``, on the safe side.
``polyopt machine --measure`` measures again (after moving to another machine, or on
a quieter day).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import tempfile
from pathlib import Path

from polyopt.core.errors import UsageError
from polyopt.core.files import tuning_database_path, write_file

DEFAULT_TEAM_NS = 1_000_000.0    # several times the development machine's (0.2-0.3 ms)
PROBE = 2                        # the probe's version: entries of another are measured again
WARM_SECONDS = 0.1               # serial work before the first region, as a program's set-up
RUNS = 9                         # fresh processes at first use
MEASURE_RUNS = 30                # with `polyopt machine --measure`
TIMEOUT = 20.0                   # seconds for the build and for each run

PROGRAM = r"""
#include <stdio.h>
#include <omp.h>
static double sink[1024];
int main(void) {
  double t[11], start = omp_get_wtime();
  /* serial work first, as a program reads or initializes its data before its kernel */
  for (long n = 0; omp_get_wtime() - start < WARM_SECONDS; n++)
    sink[n % 1024] += (double) n * 0.5;
  t[0] = omp_get_wtime();
  for (int r = 0; r < 10; r++) {
    #pragma omp parallel for
    for (int i = 0; i < 1024; i++) sink[i] += i;
    t[r + 1] = omp_get_wtime();
  }
  printf("%.9f", t[1] - t[0]);
  for (int r = 2; r <= 10; r++) printf(" %.9f", t[r] - t[r - 1]);
  printf("\n");
  return sink[7] == -1.0;
}
"""


class MeasureError(Exception):
    """The probe could not be built or run; the message says why."""


def compiler() -> str | None:
    """The C compiler the probe is built with: $CC, else gcc, else cc."""
    given = os.environ.get("CC", "").split()
    if given and shutil.which(given[0]):
        return given[0]
    return shutil.which("gcc") or shutil.which("cc")


def measure(runs: int, threads: int) -> tuple[list[float], list[float]]:
    """Seconds of the first parallel region of each of `runs` fresh processes, and of
    every later region (the team already running), with `threads` threads."""
    cc = compiler()
    if cc is None:
        raise MeasureError("no C compiler found (set CC)")
    with tempfile.TemporaryDirectory(prefix="polyopt-team-") as work:
        source, exe = Path(work, "team.c"), Path(work, "team")
        source.write_text(PROGRAM.replace("WARM_SECONDS", repr(WARM_SECONDS)))
        try:
            built = subprocess.run([cc, "-O2", "-fopenmp", str(source), "-o", str(exe)],
                                   capture_output=True, text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise MeasureError(f"{cc}: {error}") from error
        if built.returncode != 0:
            lines = built.stderr.strip().splitlines()
            raise MeasureError(f"{cc} -fopenmp failed: {lines[0] if lines else built.returncode}")
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        first: list[float] = []
        later: list[float] = []
        for _ in range(runs):
            try:
                ran = subprocess.run([str(exe)], env=env, capture_output=True, text=True,
                                     timeout=TIMEOUT)
                values = [float(v) for v in ran.stdout.split()]
            except (OSError, subprocess.TimeoutExpired, ValueError) as error:
                raise MeasureError(f"the probe did not run: {error}") from error
            if ran.returncode != 0 or len(values) != 10:
                raise MeasureError(f"the probe failed with status {ran.returncode}")
            first.append(values[0])
            later.extend(values[1:])
    return first, later


def team_ns_from(first: list[float], later: list[float]) -> float:
    """What the first region costs more than the later ones, in nanoseconds: the
    medians' difference (never below zero)."""
    import statistics     # here: not every run measures (its import is start-up time)
    return max(0.0, statistics.median(first) - statistics.median(later)) * 1e9


def store_path() -> Path:
    """``machine.json`` in the tuning database's directory."""
    return tuning_database_path().with_name("machine.json")


def _key(threads: int) -> str:
    # one file may serve several hosts (a shared home directory)
    return f"{platform.node()}/{threads} threads"


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(path: Path, key: str, entry: dict) -> None:
    """Adds `key` to the file, replaced at once (processes measuring side by side
    each leave a whole file)."""
    data = _read(path)
    data[key] = entry
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file(str(path), json.dumps(data, indent=1, sort_keys=True).encode())
    except (OSError, UsageError):
        pass            # a read-only cache: measured again next time


def measure_and_store(threads: int, runs: int = RUNS) -> tuple[float, str]:
    """Measure the team start now and keep it; (nanoseconds, where it came from)."""
    import statistics
    first, later = measure(runs, threads)
    value = team_ns_from(first, later)
    _write(store_path(), _key(threads), {
        "team_ns": round(value), "runs": runs, "probe": PROBE,
        "first_region_ns": sorted(round(v * 1e9) for v in first),
        "later_region_ns_median": round(statistics.median(later) * 1e9),
        "compiler": compiler()})
    return value, f"measured now ({runs} fresh processes), kept in {store_path()}"


def team_start_ns(threads: int) -> tuple[float, str]:
    """The team start the cost model charges, in nanoseconds, and where it came from."""
    pinned = os.environ.get("POLYOPT_TEAM_NS", "").strip()
    if pinned:
        try:
            value = float(pinned)
        except ValueError:
            value = -1.0
        if value >= 0:
            return value, "$POLYOPT_TEAM_NS"
    path = store_path()
    entry = _read(path).get(_key(threads))
    if (isinstance(entry, dict) and isinstance(entry.get("team_ns"), (int, float))
            and entry.get("probe") == PROBE):
        return float(entry["team_ns"]), f"measured before, kept in {path}"
    try:
        return measure_and_store(threads)
    except MeasureError as error:
        return DEFAULT_TEAM_NS, f"the default: not measured ({error})"
