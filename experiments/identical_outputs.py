"""polyopt's outputs on the suite and the test inputs, written to a directory and
compared with another such directory: a change that must not alter what polyopt
generates (a restructuring, a speed-up of the tool itself) is checked byte for byte.

Each input is optimized in a fresh process by the ``polyopt`` on PATH (or
``--polyopt``) under four settings: the default, ``--target cuda``, ``--blas`` and
``--time-tile``; the suite's kernels with ``--define LARGE_DATASET -I polybench``,
the files of ``tests/kernels/`` with their own sizes. The output file and the
diagnostics (stderr, exit status) are both kept and both compared. Each runs in the
output directory, not in the checkout: a ``--polyopt`` that runs ``python -m polyopt``
would otherwise import the checkout's package, whatever its PYTHONPATH says. The caches are
pinned (``POLYOPT_CACHES``) and the tuning database is off, so that the outputs
depend on the code only. Usage:

    python experiments/identical_outputs.py DIR                   # write DIR
    python experiments/identical_outputs.py DIR --compare BEFORE  # write, then compare

Exit status 1 if a file differs from (or is missing in) BEFORE.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {"default": [], "cuda": ["--target", "cuda"], "blas": ["--blas"],
            "timetile": ["--time-tile"]}


def inputs() -> list[tuple[str, Path, list[str]]]:
    """(name, file, size flags) of every input."""
    suite = [(f"suite-{path.stem}", path,
              ["--define", "LARGE_DATASET", "-I", str(ROOT / "polybench")])
             for path in sorted((ROOT / "polybench" / "kernels").glob("*.c"))]
    tests = [(f"test-{path.stem}", path, [])
             for path in sorted((ROOT / "tests" / "kernels").glob("*.c"))]
    return suite + tests


def run_one(polyopt: str, directory: Path, name: str, source: Path, flags: list[str],
            setting: str) -> list[Path]:
    output = directory / f"{name}.{setting}.out"
    log = directory / f"{name}.{setting}.log"
    env = dict(os.environ, POLYOPT_CACHES="32K,512K,32M", POLYOPT_TEAM_NS="6000000")
    run = subprocess.run([polyopt, "--no-db", *SETTINGS[setting], *flags, str(source),
                          "-o", str(output)], capture_output=True, text=True,
                         timeout=900, env=env, cwd=directory)
    log.write_text(f"exit status {run.returncode}\n{run.stdout}{run.stderr}"
                   .replace(str(ROOT), "ROOT"))
    if output.is_file():     # CUDA programs include the harness by its absolute path
        output.write_text(output.read_text().replace(str(ROOT), "ROOT"))
    print(f"{name} {setting}: {run.returncode}", file=sys.stderr, flush=True)
    return [output, log]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--compare", type=Path, metavar="BEFORE")
    parser.add_argument("--polyopt", default=shutil.which("polyopt") or "polyopt")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    args.directory = args.directory.resolve()
    args.directory.mkdir(parents=True, exist_ok=True)
    jobs = [(name, source, flags, setting) for name, source, flags in inputs()
            for setting in SETTINGS]
    with ThreadPoolExecutor(args.jobs) as pool:
        written = [path for paths in pool.map(
            lambda job: run_one(args.polyopt, args.directory, *job), jobs) for path in paths]
    if args.compare is None:
        return 0
    different = [path.name for path in written
                 if path.is_file() != (args.compare / path.name).is_file()
                 or (path.is_file() and not filecmp.cmp(path, args.compare / path.name,
                                                         shallow=False))]
    for name in different:
        print(f"differs: {name}")
    print(f"{len(written) - len(different)} of {len(written)} files identical to "
          f"{args.compare}")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
