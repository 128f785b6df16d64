"""Every test kernel, both schedulers, tiled and untiled: the optimized program
compiles without new warnings and prints exactly what the original prints.

No tolerance is needed: the schedules respect every dependence, including the
order of each reduction, so results are bit-identical.
"""

from __future__ import annotations

import pytest

from polyopt.frontend import read_source
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, kernel_paths, needs_gcc, reference_output

pytestmark = needs_gcc

VARIANTS = [("isl", True), ("isl", False), ("identity", True), ("identity", False)]


# the 3-D stencil's untiled and identity cases (4-5 s each) run with `make test-slow`
_SLOW_CASES = {("heat3d_like", "isl", False), ("heat3d_like", "identity", True),
               ("heat3d_like", "identity", False)}


@pytest.mark.parametrize("path,scheduler,tile", [
    pytest.param(p, s, t, marks=pytest.mark.slow) if (p.stem, s, t) in _SLOW_CASES else (p, s, t)
    for p in kernel_paths() for s, t in VARIANTS],
    ids=[f"{p.stem}-{s}-{'tiled' if t else 'untiled'}" for p in kernel_paths() for s, t in VARIANTS])
def test_kernel_optimized_matches_original(path, scheduler, tile, tmp_path, tmp_path_factory):
    expected_output, original_warnings = reference_output(path, tmp_path_factory)
    # every parallel loop gets its region, however little work: the parallel code is tested
    options = Options(scheduler=scheduler, tile=tile, min_region_work=0)
    result = optimize_source(read_source(str(path)), options)
    assert result.scops, f"no SCoP of {path.name} was modelled: {result.warnings}"
    assert result.text != path.read_text()
    output, warnings = compile_and_run(result.text, tmp_path, path.stem)
    assert warnings <= original_warnings, f"new warnings: {warnings - original_warnings}"
    assert output == expected_output
