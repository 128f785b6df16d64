"""The default pipeline's output for every PolyBench kernel, kept in a directory, and
compared with another such directory: a change meant to make polyopt faster (or
otherwise not to change what it generates) is checked byte for byte this way.

For each kernel, ``polyopt --no-db KERNEL.c -o OUT`` is run twice in a fresh process:
once with ``--define LARGE_DATASET -I polybench`` (as ``kernel_tool_speed.py`` runs it)
and once without (the sizes then come from the file's own defaults); the output file
and the diagnostics on stderr are both kept. Usage:

    python polybench/default_outputs.py DIR                  # write DIR
    python polybench/default_outputs.py DIR --compare BEFORE  # write DIR, then compare

Exit status 1 if a file differs (or is missing) in the comparison.
"""

from __future__ import annotations

import argparse
import filecmp
import subprocess
import sys
from pathlib import Path

from polyopt.polybench.suite import own_suite
from polyopt.polybench.variants import default_pipeline_command, size_flags

ROOT = Path(__file__).resolve().parents[1]

def write_outputs(directory: Path, kernels: list[str]) -> list[Path]:
    """Every kernel's output and diagnostics in `directory`; the files written."""
    suite = own_suite(ROOT / "polybench")
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    variants = {"large": size_flags(["LARGE_DATASET"], [str(suite.root)]), "plain": []}
    for kernel in suite.select(kernels):
        for tag, flags in variants.items():
            output = directory / f"{kernel.name}.{tag}.c"
            run = subprocess.run(default_pipeline_command() + flags
                                 + [str(kernel.source), "-o", str(output)],
                                 capture_output=True, text=True, timeout=600)
            log = directory / f"{kernel.name}.{tag}.log"
            log.write_text(f"exit status {run.returncode}\n{run.stdout}{run.stderr}")
            written += [output, log]
            print(f"{kernel.name} ({tag}): exit status {run.returncode}", file=sys.stderr)
    return written


def compare(written: list[Path], before: Path) -> list[str]:
    """The names of the files that differ from (or are missing in) `before`."""
    return [path.name for path in written
            if not (before / path.name).is_file() or not path.is_file()
            or not filecmp.cmp(path, before / path.name, shallow=False)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("kernels", nargs="*", help="kernel names (default: all 30)")
    parser.add_argument("--compare", type=Path, metavar="BEFORE",
                        help="a directory written the same way earlier")
    args = parser.parse_args(argv)
    written = write_outputs(args.directory, args.kernels)
    if args.compare is None:
        return 0
    different = compare(written, args.compare)
    for name in different:
        print(f"differs: {name}")
    print(f"{len(written) - len(different)} of {len(written)} files identical to {args.compare}")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
