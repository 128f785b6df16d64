"""Wavefronts of tiles: parallelism where no loop of a tiled band is parallel.

In a permutable band every dependence distance is non-negative in each member,
so between tiles too. Skewing the first tile loop by the second, Pluto's
``t0' = t0 + t1`` (in tile units), leaves every distance non-negative, and a
dependence with a zero distance in ``t0'`` has zero distance in both ``t0`` and
``t1``: the second tile loop then carries none of the dependences left, and
the tiles of one wavefront run in parallel. Only the tile loops are skewed; the
point loops inside each tile stay as they were (rectangular, stride 1).
Legality is checked against the dependences, and parallelism is proven again
on the generated AST, as for every schedule.
"""

from __future__ import annotations

import islpy as isl

from polyopt.scheduler.bands import is_legal


def _pieces(upa: isl.UnionPwAff) -> list[isl.Aff]:
    pws: list[isl.PwAff] = []
    upa.foreach_pw_aff(pws.append)
    return [aff for pw in pws for _, aff in pw.get_pieces()]


def tile_size(upa: isl.UnionPwAff) -> int | None:
    """T if the band member is a tile loop `T * floor(x / T)` of every statement."""
    sizes = set()
    for aff in _pieces(upa):
        if aff.dim(isl.dim_type.div) != 1:
            return None
        if any(not aff.get_coefficient_val(isl.dim_type.in_, k).is_zero()
               for k in range(aff.dim(isl.dim_type.in_))):
            return None
        size = aff.get_coefficient_val(isl.dim_type.div, 0).to_python()
        if size <= 1:
            return None
        sizes.add(size)
    return sizes.pop() if len(sizes) == 1 else None


def _tile_sizes(node: isl.ScheduleNode) -> list[int] | None:
    partial = node.band_get_partial_schedule()
    sizes = [tile_size(partial.get_at(k)) for k in range(node.band_n_member())]
    return None if any(size is None for size in sizes) else sizes


def _wavefront_band(node: isl.ScheduleNode) -> bool:
    if node.get_type() != isl.schedule_node_type.band or node.band_n_member() < 2:
        return False
    if not node.band_get_permutable():
        return False
    if node.n_children() != 1 or node.child(0).get_type() != isl.schedule_node_type.band:
        return False
    if any(node.band_member_get_coincident(k) for k in range(node.band_n_member())):
        return False
    return _tile_sizes(node) is not None


def skew_tile_bands(schedule: isl.Schedule, dependences: isl.UnionMap,
                    isolate: bool = False) -> isl.Schedule | None:
    """The tiled tree (tiled without isolation) with each tile band that has no
    parallel member turned into a wavefront (first tile loop skewed by the second);
    None if there is none, or the result would not be legal. `isolate` sets the
    full tiles of each wavefront band apart, as ``tiling.tile_schedule`` does."""
    from polyopt.scheduler.tiling import isolate_full_tiles
    changed = [0]

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if not _wavefront_band(node):
            return node
        sizes = _tile_sizes(node)
        partial = node.band_get_partial_schedule()
        first = partial.get_at(0).scale_down_val(isl.Val.int_from_si(node.get_ctx(), sizes[0]))
        second = partial.get_at(1).scale_down_val(isl.Val.int_from_si(node.get_ctx(), sizes[1]))
        skewed = partial.set_at(0, first.add(second))
        n = node.band_n_member()
        node = node.delete().insert_partial_schedule(skewed)
        node = node.band_set_permutable(1)
        for member in range(n):
            node = node.band_member_set_coincident(member, 1 if member == 1 else 0)
        changed[0] += 1
        extents = _point_extents(node.child(0)) if isolate else None
        return isolate_full_tiles(node, extents) if extents else node

    result = schedule.map_schedule_node_bottom_up(visit)
    if not changed[0] or not is_legal(result, dependences):
        return None
    return result


def _point_extents(points: isl.ScheduleNode) -> list[int] | None:
    """Tile sizes from the point band's members `x mod T`."""
    partial = points.band_get_partial_schedule()
    sizes = []
    for k in range(points.band_n_member()):
        values = set()
        for aff in _pieces(partial.get_at(k)):
            if aff.dim(isl.dim_type.div) != 1:
                return None
            values.add(-aff.get_coefficient_val(isl.dim_type.div, 0).to_python())
        if len(values) != 1 or min(values) <= 1:
            return None
        sizes.append(values.pop())
    return sizes
