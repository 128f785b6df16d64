"""Rectangular tiling of permutable bands, with full tiles isolated, and the
tile-size model.

A permutable band of two or more members is strip-mined into a tile band and
a point band (isl's ``band_tile``: tile loops step by the tile size, point
loops run from 0 to size-1). The tile band gets an isl ``isolate`` option for
the set of full tiles, so the AST generator emits them separately, with point
loops free of min/max; partial tiles are generated ``atomic`` (once, guarded).

Which bands are tiled, and by how much (``band_tile_sizes``), where the user
gave no sizes:

* Extents. Each member's extent is the range its schedule takes over the
  domain under ``Scop.decision_context`` (the parameter values known at
  optimization time); unknown values make it unbounded. A member of a known
  extent of at most ``SMALL_EXTENT`` is not tiled (its tile covers it whole:
  a 5-iteration loop stays one loop of 5). A band with fewer than two members
  left to tile is not tiled at all, and neither is a band whose whole data
  footprint (all extents known) fits in half the L2 cache: one tile would hold
  it, so tiling only adds loop overhead.
* Footprint of a tile. For sizes T (one per member) and each array, the
  number of distinct cells one tile touches is the product over the array's
  subscripts of the extent the subscript spans, 1 + sum over members m of
  |coefficient of m's iterator| * (T_m - 1) (the largest over the array's
  references), times the element size (the declaration's, else 8 bytes),
  summed over the arrays. Iterators outside the band count as fixed.
* Sizes. Starting from ``MIN_TILE`` for every member, sizes are doubled one
  at a time, the innermost (stride-1) point loop first until it is
  ``INNERMOST_WEIGHT`` times the others (whole cache lines, long vector
  loops), then the others from the inside out, while (1) the footprint of
  one iteration of the outermost point loop (the data the inner point loops
  reuse) fits in half the L1 data cache and (2) the whole tile's footprint
  fits in half the L2 cache; no size grows past ``MAX_INNERMOST_TILE`` (innermost)
  or ``MAX_TILE`` (the others, which leaves tiles for the threads of a parallel
  tile loop), nor past the member's known extent (a tile that is never full only
  adds dead code), nor past ``DEFAULT_TILE_SIZE`` where the extent is unknown
  (a size safe for small and large extents alike). Sizes are powers of two. Cache sizes come from
  the machine (``scheduler.cache``), with safe defaults.
* Bands whose members are not plain iterators (skewed) have no footprint
  model: their members get ``DEFAULT_TILE_SIZE`` (or the largest power of two
  within a smaller known extent), small extents still apart.
* Threads. Where the first member of a band no loop encloses is parallel (its tile
  loop is the one the threads share) and its known extent makes fewer tiles than the
  machine has threads, its size is halved until each thread has a tile (not below
  ``MIN_TILE``): 32 iterations in one tile of 32 would leave a parallel loop of one
  iteration and every thread but one idle.

A search can choose the sizes of each band itself (``band_sizes``, the genetic
search's tile genes): one list per *tilable band* (``tilable_bands``: the
permutable bands of two or more members, in the order ``tile_schedule`` visits
them, bottom-up), one size per member in the band's member order, 0 for a
member left untiled; a band whose sizes are all 0 is not tiled.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import islpy as isl

from polyopt.core.operations import isl_operations
from polyopt.core.scop import Scop
from polyopt.core.machine.caches import CacheSizes, machine_caches
from polyopt.core.machine.cpu import thread_count
from polyopt.scheduler.bands import tile_band
from polyopt.scheduler.registers import register_factors, register_gains, register_tile
from polyopt.scheduler.locality import (CONSTANT, innermost_first_order, iterator_of_member,
                                        member_scores, permute_band)

DEFAULT_TILE_SIZE = 32
MIN_TILE = 8
MAX_TILE = 64          # outer members: enough tiles for the threads
MAX_INNERMOST_TILE = 256
SMALL_EXTENT = 16
INNERMOST_WEIGHT = 4
DEFAULT_ELEMENT_BYTES = 8


@dataclass
class TilingReport:
    """What tiling did, for the comment above the generated code."""

    bands: list[list[int]] = field(default_factory=list)   # tile sizes of each tiled band
    # each tiled band's register tile (scheduler.registers), None where it has none
    registers: list[list[int] | None] = field(default_factory=list)
    # per statement of a band with a register tile: what the tile saves
    # (scheduler.registers.register_gains), for the cost model
    register_gains: dict[str, tuple[float, float]] = field(default_factory=dict)


def tile_sizes_for(n_members: int, sizes: list[int] | None) -> list[int]:
    """Sizes for an n-member band: the given list, its last entry repeated."""
    if not sizes:
        return [DEFAULT_TILE_SIZE] * n_members
    return [sizes[min(k, len(sizes) - 1)] for k in range(n_members)]


def member_ranges(node: isl.ScheduleNode, scop: Scop) -> list[tuple[int, int] | None]:
    """(lowest, highest) value of each band member over the domain under the known
    parameter values; None where unbounded (an unknown parameter) or unknown."""
    n = node.band_n_member()
    partial = node.band_get_partial_schedule_union_map().intersect_domain(node.get_domain())
    values = partial.range()
    if values.is_empty():
        return [None] * n
    points = isl.Set.from_union_set(values)
    known = scop.decision_context.align_params(points.get_space())
    points = points.align_params(known.get_space()).intersect_params(known)
    points = points.project_out(isl.dim_type.param, 0, points.dim(isl.dim_type.param))
    ranges: list[tuple[int, int] | None] = []
    for member in range(n):
        low, high = points.dim_min_val(member), points.dim_max_val(member)
        if low.is_int() and high.is_int():
            ranges.append((low.to_python(), high.to_python()))
        else:
            ranges.append(None)
    return ranges


@dataclass
class _Reference:
    array: str
    element_bytes: int
    coefficients: list[list[int]]       # per subscript, per band member: |coefficient|


def band_references(node: isl.ScheduleNode, scop: Scop) -> list[_Reference] | None:
    """Each access of the band's statements as coefficients on the band members,
    None if some member is not a single iterator of its statement."""
    n = node.band_n_member()
    partial = node.band_get_partial_schedule_union_map().intersect_domain(node.get_domain())
    relations: list[isl.Map] = []
    partial.foreach_map(relations.append)
    references = []
    for relation in relations:
        statement = scop.statement(relation.get_tuple_name(isl.dim_type.in_))
        iterators = []
        for member in range(n):
            iterator = iterator_of_member(relation, member)
            if iterator is None:
                return None
            iterators.append(iterator)
        for access in statement.accesses:
            coefficients = _subscript_coefficients(access.relation, iterators)
            if coefficients is None:
                return None
            array = scop.arrays.get(access.array)
            size = getattr(array, "element_bytes", None) or DEFAULT_ELEMENT_BYTES
            references.append(_Reference(access.array, size, coefficients))
    return references


def _subscript_coefficients(access: isl.Map, iterators: list[int]) -> list[list[int]] | None:
    subscripts = isl.PwMultiAff.from_map(access)
    result = []
    for position in range(access.dim(isl.dim_type.out)):
        pieces = subscripts.get_pw_aff(position).get_pieces()
        if len(pieces) != 1:
            return None
        aff = pieces[0][1]
        result.append([0 if iterator == CONSTANT else
                       abs(aff.get_coefficient_val(isl.dim_type.in_, iterator).to_python())
                       for iterator in iterators])
    return result


def footprint_bytes(references: list[_Reference], sizes: list[int]) -> int:
    """Bytes of the distinct cells one tile of these sizes touches (see the module)."""
    largest: dict[str, int] = {}       # per array, its largest reference's bytes
    for reference in references:
        count = 1
        for coefficients in reference.coefficients:
            count *= 1 + sum(c * (size - 1) for c, size in zip(coefficients, sizes))
        largest[reference.array] = max(largest.get(reference.array, 0),
                                       count * reference.element_bytes)
    return sum(largest.values())


def model_tile_sizes(references: list[_Reference] | None, ranges: list[tuple[int, int] | None],
                     order: list[int], caches: CacheSizes, threads: int = 1,
                     parallel: int | None = None) -> list[int] | None:
    """Tile sizes of a band by the cache model (see the module), None: do not tile.

    `order` is the point loops' order, innermost last; `parallel`, the member whose
    tile loop `threads` threads share (None: none)."""
    n = len(ranges)
    extents = [None if r is None else r[1] - r[0] + 1 for r in ranges]
    small = [e is not None and e <= SMALL_EXTENT for e in extents]
    if n - sum(small) < 2:
        return None
    if (references is not None and all(e is not None for e in extents)
            and footprint_bytes(references, extents) <= caches.l2 // 2):
        return None
    if references is None:
        sizes = [0 if s else _floor_power_of_two(_size_limit(False, e), DEFAULT_TILE_SIZE)
                 for s, e in zip(small, extents)]
    else:
        sizes = [0 if s else MIN_TILE for s in small]
        _grow(sizes, references, extents, order, caches)
    for member, (is_small, r) in enumerate(zip(small, ranges)):
        if is_small:       # one tile spans the whole member
            low, high = r
            sizes[member] = high + 1 if low >= 0 else high - low + 1
    if parallel is not None and extents[parallel] is not None and not small[parallel]:
        sizes[parallel] = _thread_tiles(sizes[parallel], extents[parallel], threads)
    return sizes


def _grow(sizes: list[int], references: list[_Reference], extents: list[int | None],
          order: list[int], caches: CacheSizes) -> None:
    innermost, outermost = order[-1], order[0]
    growing = [size > 0 for size in sizes]

    def fits(candidate: list[int]) -> bool:
        inner = list(candidate)
        inner[outermost] = 1
        full = [max(size, 1) for size in candidate]
        inner = [max(size, 1) for size in inner]
        return (footprint_bytes(references, inner) <= caches.l1 // 2
                and footprint_bytes(references, full) <= caches.l2 // 2)

    # members from the inside out: the innermost wins ties
    preference = {member: rank for rank, member in enumerate(reversed(order))}
    while any(growing):
        member = min((m for m in range(len(sizes)) if growing[m]),
                     key=lambda m: (sizes[m] / (INNERMOST_WEIGHT if m == innermost else 1),
                                    preference[m]))
        candidate = list(sizes)
        candidate[member] *= 2
        if candidate[member] > _size_limit(member == innermost, extents[member]) \
                or not fits(candidate):
            growing[member] = False
            continue
        sizes[member] = candidate[member]


def _floor_power_of_two(value: int, cap: int) -> int:
    """The largest power of two at most `value` and `cap`."""
    return 1 << (min(value, cap).bit_length() - 1)


def _thread_tiles(size: int, extent: int, threads: int) -> int:
    """`size` halved (not below MIN_TILE) while `extent` iterations make fewer tiles
    than `threads`."""
    while size > MIN_TILE and -(-extent // size) < threads:
        size //= 2
    return size


def _size_limit(innermost: bool, extent: int | None) -> int:
    """The largest tile size of a member: within its known extent (a larger tile is
    never full, and the C compiler warns about the dead code for full tiles), and
    DEFAULT_TILE_SIZE where the extent is unknown (safe for small and large sizes)."""
    if extent is None:
        return DEFAULT_TILE_SIZE
    return min(MAX_INNERMOST_TILE if innermost else MAX_TILE, extent)


def _is_tilable(node: isl.ScheduleNode) -> bool:
    return (node.get_type() == isl.schedule_node_type.band and node.band_n_member() >= 2
            and bool(node.band_get_permutable()))


def tilable_bands(schedule: isl.Schedule) -> list[int]:
    """The member count of each tilable band, in the order ``tile_schedule`` visits
    them: the bands a search's per-band tile sizes (``band_sizes``) belong to."""
    counts: list[int] = []

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if _is_tilable(node):
            counts.append(node.band_n_member())
        return node

    schedule.map_schedule_node_bottom_up(visit)
    return counts


def model_band_sizes(schedule: isl.Schedule, scop: Scop,
                     caches: CacheSizes | None = None) -> list[list[int]]:
    """The sizes the cache model gives each tilable band (as ``band_sizes``: member
    order, zeros for a band it leaves untiled)."""
    result: list[list[int]] = []

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if _is_tilable(node):
            order = _point_order(node, scop)
            sizes = band_tile_sizes(node, scop, None, order, caches)
            result.append([0] * node.band_n_member() if sizes is None else list(sizes))
        return node

    schedule.map_schedule_node_bottom_up(visit)
    return result


def _point_order(node: isl.ScheduleNode, scop: Scop | None) -> list[int]:
    """The point loops' order for spatial locality (innermost last)."""
    if scop is not None:
        scores = member_scores(node, scop)
        if scores is not None:
            return innermost_first_order(scores)
    return list(range(node.band_n_member()))


def _chosen_sizes(band_sizes: list[list[int]], index: int, n: int) -> list[int] | None:
    """A search's sizes for the `index`-th tilable band (n members), None: untiled."""
    chosen = list(band_sizes[index]) if index < len(band_sizes) else []
    chosen = (chosen + [0] * n)[:n]
    if all(size <= 1 for size in chosen):
        return None
    return [max(size, 1) for size in chosen]


def tile_schedule(schedule: isl.Schedule, sizes: list[int] | None = None,
                  report: TilingReport | None = None, isolate: bool = True,
                  scop: Scop | None = None, caches: CacheSizes | None = None,
                  band_sizes: list[list[int]] | None = None,
                  registers: bool = False, find_registers: bool = False) -> isl.Schedule:
    """Tile the permutable bands of at least two members; `isolate` separates full tiles.

    With `scop`, the point loops of each tile (the members of an untiled band, where
    its outermost loop stays parallel) are ordered for spatial locality and,
    unless `sizes` are given, which bands are tiled and by how much follow the cache
    model of the module (`caches`: the machine's by default); without `scop`,
    every such band is tiled by `sizes` or DEFAULT_TILE_SIZE. `band_sizes`, if
    given, decides instead: one list per tilable band (see the module). With
    `registers` (and `scop`), each tile's point loops get the register tile of
    ``scheduler.registers`` where its model finds one. With `find_registers` instead,
    the register tiles are found and reported (``report.registers``), not made.
    """
    visited = [0]     # tilable bands seen so far: the index into band_sizes

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if not _is_tilable(node):
            return node
        n = node.band_n_member()
        index = visited[0]
        visited[0] += 1
        if node.is_subtree_anchored():   # an inner tiled band's isolate option: isl cannot tile
            return node
        order = _point_order(node, scop)
        if band_sizes is not None:
            chosen = _chosen_sizes(band_sizes, index, n)
        else:
            chosen = band_tile_sizes(node, scop, sizes, order, caches)
        if chosen is None or all(size <= 1 for size in chosen):
            # untiled: the stride-1 member innermost still, if the outer loop stays parallel
            if order != list(range(n)) and (node.band_member_get_coincident(order[0])
                                            or not node.band_member_get_coincident(0)):
                node = permute_band(node, order)
            return node
        factors = None
        if (registers or find_registers) and scop is not None:
            # (found for the default's choice: the tiles of products the cost model
            # underestimates, not the sums along the innermost loop it does not)
            factors = register_factors(node, scop, order, chosen, sums=not find_registers)
            if factors is not None and report is not None:
                full = _full_share(member_ranges(node, scop), chosen)
                report.register_gains.update(register_gains(node, scop, order[-1], factors, full))
        node = tile_band(node, chosen)
        if order != list(range(n)):
            node = permute_band(node.child(0), order).parent()
            chosen = [chosen[m] for m in order]
            if factors is not None:
                factors = [factors[m] for m in order]
        made = factors if registers else None       # (find_registers: found, not made)
        full = full_tiles(node, chosen) if isolate or made is not None else None
        if isolate:
            node = _isolate(node, full)
        if made is not None:        # after the full tiles: they are computed on the point loops
            tiled = register_tile_full_tiles(node, full, made)
            node, factors = (node, None) if tiled is None else (tiled, factors)
        if report is not None:
            report.bands.append(chosen)
            report.registers.append(factors)
        return node

    return schedule.map_schedule_node_bottom_up(visit)


def _full_share(ranges: list[tuple[int, int] | None], sizes: list[int]) -> float:
    """The share of a rectangular band's points that lie in full tiles of `sizes` (a
    member of unknown extent counts as all in full tiles)."""
    share = 1.0
    for extent, size in zip(ranges, sizes):
        if extent is not None and size > 1:
            points = extent[1] - extent[0] + 1
            if points > 0:
                share *= (points // size) * size / points
    return share


def band_tile_sizes(node: isl.ScheduleNode, scop: Scop | None, sizes: list[int] | None,
                    order: list[int], caches: CacheSizes | None = None) -> list[int] | None:
    """The tile sizes of one permutable band (None: leave it untiled): the user's
    `sizes` if given, else the cache model's where the SCoP is known."""
    n = node.band_n_member()
    if sizes or scop is None:
        return tile_sizes_for(n, sizes)
    # (a band inside another's loops: the threads may share one of those)
    outermost = node.get_schedule_depth() == 0
    parallel = 0 if outermost and node.band_member_get_coincident(0) else None
    return model_tile_sizes(band_references(node, scop), member_ranges(node, scop), order,
                            caches or machine_caches(), thread_count(), parallel)


# isl operations allowed for computing the full tiles of one band; past it
# (skewed bands with many pieces) the band is left without the isolation. isl counts
# coarsely: on a skewed random schedule of covariance, 200,000 took 0.16 s and
# 500,000 took 9.4 s; the default's code for the 30 kernels needs under 100,000.
FULL_TILES_BUDGET = 200_000


@contextmanager
def _full_tiles_budget(ctx: isl.Context, reset: bool = True):
    """isl's operations limited to FULL_TILES_BUDGET (counted afresh with `reset`,
    else on from the count so far: one budget for work done in parts)."""
    with isl_operations(ctx, FULL_TILES_BUDGET, reset):
        yield


def isolate_full_tiles(tile_node: isl.ScheduleNode, sizes: list[int]) -> isl.ScheduleNode:
    """Set the isolate option on a tile band for the tiles that are entirely full,
    unless computing them is too costly."""
    return _isolate(tile_node, full_tiles(tile_node, sizes))


def full_tiles(tile_node: isl.ScheduleNode, sizes: list[int]) -> isl.Set | None:
    """The values of the outer and tile dimensions of the tiles that are entirely full
    (every point of the box of `sizes` is a point of some statement); None if none, or
    where computing them takes more than FULL_TILES_BUDGET."""
    n = len(sizes)
    with _full_tiles_budget(tile_node.get_ctx()):
        try:
            below_points = tile_node.child(0).child(0)
            schedule_range = (below_points.get_prefix_schedule_union_map()
                              .intersect_domain(below_points.get_domain()).range())
            if schedule_range.is_empty():
                return None
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
            return None if full.is_empty() else full
        except isl.Error:
            return None


def _isolate(tile_node: isl.ScheduleNode, full: isl.Set | None) -> isl.ScheduleNode:
    """The isolate option for the full tiles `full` (``full_tiles``) on the tile band."""
    if full is None:
        return tile_node
    with _full_tiles_budget(tile_node.get_ctx(), reset=False):
        try:
            n = tile_node.band_n_member()
            outer = full.dim(isl.dim_type.set) - n
            isolate = isl.Map.from_domain(full).move_dims(isl.dim_type.out, 0, isl.dim_type.in_,
                                                          outer, n)
            isolate = isolate.wrap().set_tuple_name("isolate")
            atomic = isl.Set("{ atomic[x] }")
            options = isl.UnionSet.from_set(isolate).union(isl.UnionSet.from_set(atomic))
            return tile_node.band_set_ast_build_options(options)
        except isl.Error:
            return tile_node


def register_tile_full_tiles(tile_node: isl.ScheduleNode, full: isl.Set | None,
                             factors: list[int]) -> isl.ScheduleNode | None:
    """The register tile `factors` (``scheduler.registers``) on the point loops of the
    full tiles `full` (``full_tiles``) of the tile band `tile_node` alone: the instances
    of the full tiles and the others are two filters of a sequence below the tile band
    (each tile's instances are all in one of them, so nothing is reordered), the point
    band copied into both and register-tiled in the first. The copies of a full tile
    have constant bounds; a partial tile keeps its point loops (copies there would be
    loops inside the vectorized loop). None where no tile is full or finding their
    instances is too costly (within the budget of computing `full`)."""
    if full is None:
        return None
    ctx = tile_node.get_ctx()
    point = tile_node.child(0)
    with _full_tiles_budget(ctx, reset=False):
        try:
            domain = point.get_domain()
            inside = (point.get_prefix_schedule_union_map().intersect_domain(domain)
                      .intersect_range(isl.UnionSet.from_set(full)).domain())
            rest = domain.subtract(inside)
        except isl.Error:
            return None
    if inside.is_empty():
        return None
    if rest.is_empty():
        return register_tile(point, factors).parent()
    filters = isl.UnionSetList.alloc(ctx, 2).add(inside).add(rest)
    sequence = point.insert_sequence(filters)
    return register_tile(sequence.child(0).child(0), factors).parent().parent().parent()
