"""All 30 kernels of polyopt's own PolyBench suite go through polyopt (isl
scheduler, tiling, OpenMP) at MINI and SMALL: every SCoP is modelled (nothing
left unchanged, no scheduler fallback), the result compiles, and its dumped
arrays equal the original's bit for bit."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from polyopt.polybench.experiment import compare_dumps, finite, parse_dumps
from polyopt.frontend import read_source
from polyopt.pipeline import Options, optimize_source
from polyopt.polybench.suite import POLYBENCH_KERNELS, own_suite
from tests.conftest import needs_gcc, polybench_params

SUITE = Path(__file__).resolve().parents[1] / "polybench"
GCC = shutil.which("gcc")


def test_suite_has_all_30_kernels():
    names = [kernel.name for kernel in own_suite(SUITE).kernels]
    assert sorted(names) == sorted(POLYBENCH_KERNELS)
    assert len(names) == 30


def _build_and_dump(source: Path, dataset: str, directory: Path, label: str,
                    allowed: frozenset[str] = frozenset()) -> bytes:
    executable = directory / f"{label}-{dataset}"
    build = subprocess.run(
        [GCC, "-O2", "-fopenmp", "-Wall", "-Wno-unknown-pragmas", f"-I{SUITE}",
         f"-D{dataset}_DATASET", str(source), str(SUITE / "harness.c"), "-o", str(executable),
         "-lm"], capture_output=True, text=True)
    assert build.returncode == 0, f"{label} at {dataset} does not compile:\n{build.stderr}"
    warnings = set(re.findall(r"warning: .*\[(-W[\w-]+)\]", build.stderr))
    # gcc's flow-sensitive bound warnings can fire on full-tile code that never
    # runs at these sizes (arrays smaller than one tile); the run below decides.
    assert warnings <= ({"-Warray-bounds", "-Waggressive-loop-optimizations", *allowed}
                        if label != "original" else set()), build.stderr
    run = subprocess.run([str(executable)], capture_output=True, timeout=300,
                         env={**os.environ, "OMP_NUM_THREADS": "2",
                              **own_suite(SUITE).dump_environment})   # perturbed data
    assert run.returncode == 0, f"{label} at {dataset} failed: {run.stderr[-2000:]!r}"
    return run.stderr


@needs_gcc
@pytest.mark.parametrize("kernel", polybench_params(POLYBENCH_KERNELS))
def test_kernel_through_isl(kernel, tmp_path):
    source = SUITE / "kernels" / f"{kernel}.c"
    result = optimize_source(read_source(str(source)), Options(scheduler="isl",
                                                                    include_dirs=[str(SUITE)]))
    assert result.warnings == [], "a region was left unchanged"
    assert result.scops, "no SCoP modelled"
    assert [r.fallback for r in result.scops if r.fallback] == []
    optimized = tmp_path / f"{kernel}.c"
    optimized.write_text(result.text)
    for dataset in ("MINI", "SMALL"):
        expected = parse_dumps(_build_and_dump(source, dataset, tmp_path, "original"))
        actual = parse_dumps(_build_and_dump(optimized, dataset, tmp_path, "isl"))
        assert expected, "the original dumped nothing"
        assert finite(expected), "the original's output from perturbed data is not finite"
        verdict, error, difference = compare_dumps(expected, actual, 0.0, 0.0)
        assert verdict == "exact", f"{kernel} at {dataset}: {difference} (max rel. error {error:g})"
