"""The real-world-style kernels (experiments/realworld: arrays linearized by hand with
parametric strides, block-local index scalars clamped with ternaries, a local named
`min`, sizes as function parameters): each is modelled, and the optimized program,
by the default and by isl's scheduler, tiled and untiled, prints exactly what the
original prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from polyopt.frontend import read_source
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc, reference_output

pytestmark = needs_gcc

REALWORLD = sorted((Path(__file__).parent.parent / "experiments" / "realworld").glob("*.c"))
VARIANTS = [("auto", True), ("isl", True), ("isl", False)]


def test_the_set_is_there():
    assert len(REALWORLD) >= 8


def _cases():
    """Each program under each variant; the 3-D stencil's isl tiles (10 s on a slower
    machine; its default tiles stay) run with `make test-slow`."""
    for path in REALWORLD:
        for scheduler, tile in VARIANTS:
            slow = path.stem == "hotspot3d" and scheduler == "isl" and tile
            yield pytest.param(path, scheduler, tile,
                               id=f"{path.stem}-{scheduler}-{'tiled' if tile else 'untiled'}",
                               marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("path,scheduler,tile", list(_cases()))
def test_realworld_kernel_optimized_matches_original(path, scheduler, tile, tmp_path,
                                                     tmp_path_factory):
    expected_output, original_warnings = reference_output(path, tmp_path_factory)
    # every parallel loop gets its region, however little work: the parallel code is run
    options = Options(scheduler=scheduler, tile=tile, min_region_work=0, use_database=False)
    result = optimize_source(read_source(str(path)), options)
    assert result.scops, f"no SCoP of {path.name} was modelled: {result.warnings}"
    if scheduler == "isl":
        assert result.text != path.read_text()
    output, warnings = compile_and_run(result.text, tmp_path, path.stem)
    assert warnings <= original_warnings, f"new warnings: {warnings - original_warnings}"
    assert output == expected_output
