"""isl's operation budget for a piece of work (polyopt/core/operations.py)."""

from __future__ import annotations

import islpy as isl
import pytest

from polyopt.core.operations import isl_operations


def _work(ctx: isl.Context) -> isl.Set:
    union = isl.Set.read_from_str(ctx, "[n] -> { [i, j] : 0 <= i < n and 0 <= j < i }")
    for k in range(1, 30):
        union = union.union(isl.Set.read_from_str(
            ctx, f"[n] -> {{ [i, j] : {k} <= i < n + {k} and j = {k} * i }}"))
    return union.coalesce().lexmin()


def test_the_callers_limit_comes_back_and_a_limit_stops_isl():
    ctx = isl.Context()
    ctx.set_max_operations(10_000_000)
    with isl_operations(ctx, 0):
        assert ctx.get_max_operations() == 0
        _work(ctx)
    assert ctx.get_max_operations() == 10_000_000
    with pytest.raises(isl.Error):
        with isl_operations(ctx, 10):
            _work(ctx)
    assert ctx.get_max_operations() == 10_000_000
    ctx.set_max_operations(0)
