"""isl's operation budget for a piece of work: a limit on the operations of one
context (``isl_ctx_set_max_operations``), after which isl fails the operation it is in
(``isl.Error``) and the caller takes its fallback, so that a schedule whose sets blow up
costs a bounded time. One context serves the whole SCoP, so a piece of work with its own
limit restores the caller's afterwards."""

from __future__ import annotations

from contextlib import contextmanager

import islpy as isl


@contextmanager
def isl_operations(ctx: isl.Context, limit: int, reset: bool = True,
                   reset_after: bool = False):
    """isl's operations on `ctx` limited to `limit` (0: no limit) inside the block,
    counted afresh with `reset` (else on from the count so far: one budget for work done
    in parts); the caller's limit restored after it, and its count started afresh with
    `reset_after` (what the block used does not count against the caller)."""
    budget = ctx.get_max_operations()
    ctx.set_max_operations(limit)
    if reset:
        ctx.reset_operations()
    try:
        yield
    finally:
        ctx.set_max_operations(budget)
        if reset_after:
            ctx.reset_operations()
