"""Rectangular tiling of permutable bands, with full tiles isolated.

A permutable band of two or more members is strip-mined into a tile band and
a point band (isl's ``band_tile``: tile loops step by the tile size, point
loops run from 0 to size-1). The tile band gets an isl ``isolate`` option for
the set of full tiles, so the AST generator emits them separately, with point
loops free of min/max; partial tiles are generated ``atomic`` (once, guarded).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from polyopt.model import Scop
from polyopt.scheduler.locality import innermost_first_order, member_scores, permute_band

DEFAULT_TILE_SIZE = 32


@dataclass
class TilingReport:
    """What tiling did, for the comment above the generated code."""

    bands: list[list[int]] = field(default_factory=list)   # tile sizes of each tiled band


def tile_sizes_for(n_members: int, sizes: list[int] | None) -> list[int]:
    """Sizes for an n-member band: the given list, its last entry repeated."""
    if not sizes:
        return [DEFAULT_TILE_SIZE] * n_members
    return [sizes[min(k, len(sizes) - 1)] for k in range(n_members)]


def tile_schedule(schedule: isl.Schedule, sizes: list[int] | None = None,
                  report: TilingReport | None = None, isolate: bool = True,
                  scop: Scop | None = None) -> isl.Schedule:
    """Tile every permutable band with at least two members; `isolate` separates full tiles.

    With `scop`, the point loops of each tile are ordered for spatial locality.
    """

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if node.get_type() != isl.schedule_node_type.band:
            return node
        n = node.band_n_member()
        if n < 2 or not node.band_get_permutable():
            return node
        if node.is_subtree_anchored():   # an inner tiled band's isolate option: isl cannot tile
            return node
        band_sizes = tile_sizes_for(n, sizes)
        if all(size <= 1 for size in band_sizes):
            return node
        order = list(range(n))
        if scop is not None:
            scores = member_scores(node, scop)
            if scores is not None:
                order = innermost_first_order(scores)
        values = isl.MultiVal.zero(node.band_get_space())
        for member, size in enumerate(band_sizes):
            values = values.set_val(member, isl.Val.int_from_si(node.get_ctx(), size))
        node = node.band_tile(values)
        if order != list(range(n)):
            node = permute_band(node.child(0), order).parent()
            band_sizes = [band_sizes[m] for m in order]
        if report is not None:
            report.bands.append(band_sizes)
        return isolate_full_tiles(node, band_sizes) if isolate else node

    return schedule.map_schedule_node_bottom_up(visit)


# isl operations allowed for computing the full tiles of one band; past it
# (skewed bands with many pieces) the band is left without the isolation.
FULL_TILES_BUDGET = 500_000


def isolate_full_tiles(tile_node: isl.ScheduleNode, sizes: list[int]) -> isl.ScheduleNode:
    """Set the isolate option on a tile band for the tiles that are entirely full,
    unless computing them is too costly."""
    ctx = tile_node.get_ctx()
    budget = ctx.get_max_operations()
    ctx.set_max_operations(FULL_TILES_BUDGET)
    ctx.reset_operations()
    try:
        return _isolate_full_tiles(tile_node, sizes)
    except isl.Error:
        return tile_node
    finally:
        ctx.set_max_operations(budget)


def _isolate_full_tiles(tile_node: isl.ScheduleNode, sizes: list[int]) -> isl.ScheduleNode:
    n = len(sizes)
    below_points = tile_node.child(0).child(0)
    schedule_range = (below_points.get_prefix_schedule_union_map()
                      .intersect_domain(below_points.get_domain()).range())
    if schedule_range.is_empty():
        return tile_node
    points = isl.Set.from_union_set(schedule_range)
    total = points.dim(isl.dim_type.set)
    prefix_dims = total - n                       # outer dims and tile dims
    prefixes = points.project_out(isl.dim_type.set, prefix_dims, n)
    box = prefixes.insert_dims(isl.dim_type.set, prefix_dims, n)
    space = box.get_space()
    for member, size in enumerate(sizes):
        box = box.add_constraint(isl.Constraint.inequality_from_aff(
            isl.Aff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.set,
                                  prefix_dims + member)))
        box = box.add_constraint(isl.Constraint.inequality_from_aff(
            isl.Aff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.set,
                                  prefix_dims + member).neg().set_constant_val(
                isl.Val.int_from_si(space.get_ctx(), size - 1))))
    incomplete = box.subtract(points).project_out(isl.dim_type.set, prefix_dims, n)
    full = prefixes.subtract(incomplete).coalesce()
    if full.is_empty():
        return tile_node
    outer = prefix_dims - n
    isolate = isl.Map.from_domain(full).move_dims(isl.dim_type.out, 0, isl.dim_type.in_, outer, n)
    isolate = isolate.wrap().set_tuple_name("isolate")
    atomic = isl.Set("{ atomic[x] }")
    options = isl.UnionSet.from_set(isolate).union(isl.UnionSet.from_set(atomic))
    return tile_node.band_set_ast_build_options(options)
