"""The default pipeline's output for every PolyBench kernel, kept in a directory, and
compared with another such directory: a change meant to make polyopt faster (or
otherwise not to change what it generates) is checked byte for byte this way.

For each kernel, ``polyopt --no-db KERNEL.c -o OUT`` is run in a fresh process once
per size setting: with ``--define LARGE_DATASET -I polybench`` (as ``kernel_tool_speed.py``
runs it; ``--datasets`` names others) and once without (the sizes then come from the
file's own defaults); the output file and the diagnostics on stderr are both kept.
Each run's wall time goes to ``DIR/times.tsv``, which is not compared (a rough record
of polyopt's own time, as loaded as the machine was). Usage:

    python experiments/default_outputs.py DIR                  # write DIR
    python experiments/default_outputs.py DIR --compare BEFORE  # write DIR, then compare
    python experiments/default_outputs.py DIR --datasets MINI SMALL MEDIUM LARGE EXTRALARGE

Exit status 1 if a file differs (or is missing) in the comparison.
"""

from __future__ import annotations

import argparse
import filecmp
import subprocess
import sys
import time
from pathlib import Path

from polyopt.polybench.suite import DATASETS, own_suite
from polyopt.polybench.variants import default_pipeline_command, size_flags

ROOT = Path(__file__).resolve().parents[1]

def write_outputs(directory: Path, kernels: list[str],
                  datasets: tuple[str, ...] = ("LARGE",)) -> list[Path]:
    """Every kernel's output and diagnostics in `directory`, for each dataset and without
    one; the files written (``times.tsv`` apart: it is not to be compared)."""
    suite = own_suite(ROOT / "polybench")
    directory.mkdir(parents=True, exist_ok=True)
    written, times = [], []
    variants = {name.lower(): size_flags([f"{name}_DATASET"], [str(suite.root)])
                for name in datasets}
    variants["plain"] = []
    for kernel in suite.select(kernels):
        for tag, flags in variants.items():
            output = directory / f"{kernel.name}.{tag}.c"
            start = time.perf_counter()
            run = subprocess.run(default_pipeline_command() + flags
                                 + [str(kernel.source), "-o", str(output)],
                                 capture_output=True, text=True, timeout=600)
            seconds = time.perf_counter() - start
            log = directory / f"{kernel.name}.{tag}.log"
            log.write_text(f"exit status {run.returncode}\n{run.stdout}{run.stderr}")
            written += [output, log]
            times.append(f"{kernel.name}\t{tag}\t{seconds:.3f}\n")
            print(f"{kernel.name} ({tag}): exit status {run.returncode}, {seconds:.2f} s",
                  file=sys.stderr)
    (directory / "times.tsv").write_text("".join(times))
    return written


def compare(written: list[Path], before: Path) -> list[str]:
    """The names of the files that differ from (or are missing in) `before`."""
    return [path.name for path in written
            if not (before / path.name).is_file() or not path.is_file()
            or not filecmp.cmp(path, before / path.name, shallow=False)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("directory", type=Path)
    parser.add_argument("kernels", nargs="*", help="kernel names (default: all 30)")
    parser.add_argument("--datasets", nargs="+", default=["LARGE"], type=str.upper,
                        choices=DATASETS, help="size settings given with --define, each "
                        "besides the run without one (default: LARGE)")
    parser.add_argument("--compare", type=Path, metavar="BEFORE",
                        help="a directory written the same way earlier")
    args = parser.parse_args(argv)
    written = write_outputs(args.directory, args.kernels, tuple(args.datasets))
    if args.compare is None:
        return 0
    different = compare(written, args.compare)
    for name in different:
        print(f"differs: {name}")
    print(f"{len(written) - len(different)} of {len(written)} files identical to {args.compare}")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
