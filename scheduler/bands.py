"""Properties of schedule-tree bands, checked against exact dependences."""

from __future__ import annotations

import islpy as isl


def tile_band(node: isl.ScheduleNode, sizes: list[int]) -> isl.ScheduleNode:
    """The band `node` tiled by `sizes` (one per member): isl's tile band, its point
    band the child."""
    values = isl.MultiVal.zero(node.band_get_space())
    for member, size in enumerate(sizes):
        values = values.set_val(member, isl.Val.int_from_si(node.get_ctx(), size))
    return node.band_tile(values)


def node_dependences(node: isl.ScheduleNode, dependences: isl.UnionMap) -> isl.UnionMap:
    """Dependences inside the node's subtree that no outer band carries."""
    domain = node.get_domain()
    prefix = node.get_prefix_schedule_union_map()
    same_prefix = prefix.apply_range(prefix.reverse())
    return (dependences.intersect_domain(domain).intersect_range(domain)
            .intersect(same_prefix))


def band_distances(node: isl.ScheduleNode, dependences: isl.UnionMap) -> isl.Set | None:
    """Distance vectors, in the band's space, of the dependences relevant to it."""
    relevant = node_dependences(node, dependences)
    if relevant.is_empty():
        return None
    partial = node.band_get_partial_schedule_union_map()
    distances = relevant.apply_domain(partial).apply_range(partial).deltas()
    return isl.Set.from_union_set(distances)


def _member_condition(distances: isl.Set, member: int, op: str) -> bool:
    space = distances.get_space()
    value = isl.Aff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.set, member)
    zero = isl.Aff.zero_on_domain(isl.LocalSpace.from_space(space))
    bound = value.ge_set(zero) if op == ">=" else value.eq_set(zero)
    return distances.is_subset(bound)


def permutable_prefix(node: isl.ScheduleNode, dependences: isl.UnionMap) -> int:
    """Number of leading members in which every relevant dependence is non-negative."""
    n = node.band_n_member()
    distances = band_distances(node, dependences)
    if distances is None:
        return n
    for member in range(n):
        if not _member_condition(distances, member, ">="):
            return max(member, 1)
    return n


def coincident_members(node: isl.ScheduleNode, dependences: isl.UnionMap) -> list[bool]:
    """Members with zero distance for every dependence relevant to the band."""
    n = node.band_n_member()
    distances = band_distances(node, dependences)
    if distances is None:
        return [True] * n
    return [_member_condition(distances, member, "==") for member in range(n)]


def annotate_bands(schedule: isl.Schedule, dependences: isl.UnionMap) -> isl.Schedule:
    """Split bands into permutable pieces and mark them permutable and coincident."""

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if node.get_type() != isl.schedule_node_type.band:
            return node
        return _annotate(node, dependences)

    return schedule.map_schedule_node_bottom_up(visit)


def _annotate(node: isl.ScheduleNode, dependences: isl.UnionMap) -> isl.ScheduleNode:
    n = node.band_n_member()
    prefix = permutable_prefix(node, dependences)
    if prefix < n:
        node = node.band_split(prefix)
        node = _annotate(node.child(0), dependences).parent()
    node = node.band_set_permutable(1 if node.band_n_member() > 1 else 0)
    for member, coincident in enumerate(coincident_members(node, dependences)):
        node = node.band_member_set_coincident(member, 1 if coincident else 0)
    return node


def scheduled_instances(schedule: isl.Schedule) -> isl.UnionSet:
    """The instances the schedule tree orders: those that reach one of its leaves (a
    sequence's filters may leave some out). Its map's domain is the same set, but
    for a tiled tree written with a division per tile loop, where isl's subset test
    ran for minutes on a skewed, tiled random schedule (covariance); the leaves'
    domains are only ever cut by filters, so they have none."""
    leaves: list[isl.UnionSet] = []

    def visit(node: isl.ScheduleNode) -> bool:
        if node.get_type() == isl.schedule_node_type.leaf:
            leaves.append(node.get_domain())
        return True

    schedule.get_root().foreach_descendant_top_down(visit)
    scheduled = isl.UnionSet.empty(schedule.get_domain().get_space())
    for domain in leaves:
        scheduled = scheduled.union(domain)
    return scheduled


def is_legal(schedule: isl.Schedule, dependences: isl.UnionMap) -> bool:
    """True if every dependence goes lexicographically forward under the schedule.

    The dependences are taken into the schedule's space (source time -> target time,
    one map per range space) and tested against "target not after source" there:
    the same answer as ``dependences ⊆ lex_lt_union_map(schedule)``, without building
    the order between every pair of statements (5x faster on kernels of many
    statements)."""
    schedule_map = schedule.get_map()
    scheduled = scheduled_instances(schedule)
    if not (dependences.domain().is_subset(scheduled)
            and dependences.range().is_subset(scheduled)):
        return False        # an instance the schedule does not order at all
    times = dependences.apply_domain(schedule_map).apply_range(schedule_map)
    backward: list[isl.Map] = []

    def check(pair: isl.Map) -> None:
        if backward:
            return
        space = pair.get_space()
        if not space.domain().is_equal(space.range()):    # times of different shapes:
            backward.append(pair)                         # not ordered (as lex_lt_union_map)
        elif not pair.intersect(isl.Map.lex_ge(space.domain())).is_empty():
            backward.append(pair)

    times.foreach_map(check)
    return not backward
