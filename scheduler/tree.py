"""A schedule matrix as an isl schedule tree.

Dimension by dimension, for the group of statements that share a subtree:
a dimension that only orders whole statements (every iterator and parameter
coefficient zero) becomes a sequence node with one filter per value of the
constant, in increasing order; any other dimension becomes a one-member band.
Simplifications on the way: a dimension constant on the group is dropped; a
band's row loses the offset its statements share and is divided by the GCD
of its coefficients; a single statement whose instances the outer dimensions
already order needs no more dimensions. Then consecutive bands merge into
permutable bands where every dependence not carried outside them is weakly
satisfied by each member, and members with zero dependence distance are
marked coincident.
"""

from __future__ import annotations

import functools
import math

import islpy as isl

from polyopt.core.scop import Scop
from polyopt.scheduler.bands import coincident_members, node_dependences
from polyopt.scheduler.sampler import IteratorBasis
from polyopt.scheduler.space import CoefficientSpace


def _affine_text(iterators: list[str], parameters: list[str], coefficients, parameter_coefficients,
                 constant: int) -> str:
    terms = [f"{c}*{name}" for c, name in zip(coefficients, iterators) if c]
    terms += [f"{c}*{name}" for c, name in zip(parameter_coefficients, parameters) if c]
    terms.append(str(constant))
    return " + ".join(terms)


class _TreeBuilder:
    def __init__(self, scop: Scop, space: CoefficientSpace, matrix: list[tuple[int, ...]]):
        self.scop, self.space, self.matrix = scop, space, matrix
        self.parameters = ", ".join(scop.parameters)

    def domain(self, group: list[str]) -> isl.UnionSet:
        result = isl.UnionSet.empty(self.scop.context.get_space())
        for name in group:
            result = result.union(isl.UnionSet.from_set(self.scop.statement(name).domain))
        return result

    def band(self, group: list[str], row: tuple[int, ...]) -> isl.MultiUnionPwAff:
        space = self.space
        # Within the subtree the parameters are fixed, so a shift common to the
        # group (a parametric one included) changes nothing: take the smallest
        # of each parameter coefficient and of the constants off every statement.
        entries = {s: (space.iterators(row, s), space.parameter_coefficients(row, s),
                       space.constant(row, s)) for s in group}
        offsets = [min(mu[k] for _, mu, _ in entries.values()) for k in range(len(space.parameters))]
        offset = min(constant for _, _, constant in entries.values())
        entries = {s: (lam, [m - o for m, o in zip(mu, offsets)], constant - offset)
                   for s, (lam, mu, constant) in entries.items()}
        values = [v for lam, mu, constant in entries.values() for v in [*lam, *mu, constant]]
        divisor = math.gcd(*values) or 1
        pieces = []
        for s, (lam, mu, constant) in entries.items():
            iterators = [f"i{k}" for k in range(len(lam))]
            text = _affine_text(iterators, self.scop.parameters, [c // divisor for c in lam],
                                [c // divisor for c in mu], constant // divisor)
            pieces.append(f"{s}[{', '.join(iterators)}] -> [({text})]")
        return isl.MultiUnionPwAff(f"[{self.parameters}] -> [{{ " + "; ".join(pieces) + " }]")

    def build(self, group: list[str], depth: int, bases: dict[str, IteratorBasis]) -> isl.Schedule:
        space = self.space
        if len(group) == 1 and bases[group[0]].full or depth == len(self.matrix):
            return isl.Schedule.from_domain(self.domain(group))
        row = self.matrix[depth]
        scalar = all(not any(space.iterators(row, s)) and not any(space.parameter_coefficients(row, s))
                     for s in group)
        if scalar:
            constants = sorted({space.constant(row, s) for s in group})
            if len(constants) == 1:
                return self.build(group, depth + 1, bases)
            result = None
            for value in constants:
                part = [s for s in group if space.constant(row, s) == value]
                child = self.build(part, depth + 1, bases)
                result = child if result is None else result.sequence(child)
            return result
        if len(group) == 1 and not bases[group[0]].independent(space.iterators(row, group[0])):
            return self.build(group, depth + 1, bases)   # constant inside the subtree
        inner = {s: bases[s].copy() for s in group}
        for s in group:
            inner[s].add(space.iterators(row, s))
        child = self.build(group, depth + 1, inner)
        return child.insert_partial_schedule(self.band(group, row))


def matrix_to_tree(scop: Scop, space: CoefficientSpace, matrix: list[tuple[int, ...]],
                   dependences: isl.UnionMap) -> isl.Schedule:
    """The simplified schedule tree of a schedule matrix, bands merged and marked."""
    builder = _TreeBuilder(scop, space, matrix)
    statements = [s.name for s in scop.statements]
    tree = builder.build(statements, 0, {s: IteratorBasis(space.depths[s]) for s in statements})
    return mark_bands(merge_bands(tree, dependences), dependences)


def _combined_permutable(parent: isl.ScheduleNode, child: isl.ScheduleNode,
                         dependences: isl.UnionMap) -> isl.MultiUnionPwAff | None:
    """The merged partial schedule if every member is non-negative on the dependences left."""
    combined = parent.band_get_partial_schedule().flat_range_product(child.band_get_partial_schedule())
    relevant = node_dependences(parent, dependences)
    if relevant.is_empty():
        return combined
    schedule = isl.UnionMap.from_multi_union_pw_aff(combined)
    distances = isl.Set.from_union_set(relevant.apply_domain(schedule).apply_range(schedule).deltas())
    nonnegative = isl.Set.universe(distances.get_space())
    for member in range(distances.dim(isl.dim_type.set)):
        nonnegative = nonnegative.lower_bound_val(isl.dim_type.set, member,
                                                  isl.Val.zero(distances.get_ctx()))
    return combined if distances.is_subset(nonnegative) else None


def merge_bands(schedule: isl.Schedule, dependences: isl.UnionMap) -> isl.Schedule:
    """Merge each band with the band directly below it while the result stays permutable."""

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if node.get_type() != isl.schedule_node_type.band:
            return node
        while node.n_children() == 1 and node.child(0).get_type() == isl.schedule_node_type.band:
            combined = _combined_permutable(node, node.child(0), dependences)
            if combined is None:
                break
            node = node.child(0).delete().parent().delete()
            node = node.insert_partial_schedule(combined)
        return node

    return schedule.map_schedule_node_bottom_up(visit)


def mark_bands(schedule: isl.Schedule, dependences: isl.UnionMap) -> isl.Schedule:
    """Set the permutable flag (bands of 2+ members are permutable by construction)
    and the coincident flag of each member with zero distance."""

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if node.get_type() != isl.schedule_node_type.band:
            return node
        node = node.band_set_permutable(1 if node.band_n_member() > 1 else 0)
        for member, coincident in enumerate(coincident_members(node, dependences)):
            node = node.band_member_set_coincident(member, 1 if coincident else 0)
        return node

    return schedule.map_schedule_node_bottom_up(visit)


def in_written_order(schedule: isl.Schedule, scop: Scop,
                     dependences: isl.UnionMap) -> isl.Schedule:
    """The schedule with the statements of each innermost loop body (a subtree of
    sequences and sets, no band) in one sequence, in the order they are written where
    the dependences between them at one iteration of the loops around allow it: the
    closest such order to the written one (a stable topological sort). A statement that
    runs at some iterations of the innermost loop around only keeps its place, and the
    statements on either side of it stay on their side; one of some iterations of the
    loops outside it (a fused initialization) moves like the others. Meant for the
    tiled tree, whose loop order is the generated code's.

    A scheduler orders the statements it fuses by its own graph (isl: its strongly
    connected components, with sets where it finds no order); a store it puts before
    the loads of another statement makes the C compiler load again what the stores
    may alias, and the loads wait for them (a fused update of three concentrations:
    1.3x slower per element than in the written order). Unchanged where the order is
    the written one already, or where a child is not made of whole statements."""
    position = {statement.name: k for k, statement in enumerate(scop.statements)}

    def visit(node: isl.ScheduleNode) -> isl.ScheduleNode:
        if node.get_type() in _ORDERS and _only_orders(node):
            return _reordered(node, position, dependences)
        for k in range(node.n_children()):
            node = visit(node.child(k)).parent()
        return node

    return visit(schedule.get_root()).get_schedule()


_ORDERS = (isl.schedule_node_type.sequence, isl.schedule_node_type.set)


def _only_orders(node: isl.ScheduleNode) -> bool:
    """Whether the subtree of `node` is sequences, sets, filters and leaves."""
    return node.get_type() in (*_ORDERS, isl.schedule_node_type.filter,
                               isl.schedule_node_type.leaf) and \
        all(_only_orders(node.child(k)) for k in range(node.n_children()))


def _reordered(node: isl.ScheduleNode, position: dict[str, int],
               dependences: isl.UnionMap) -> isl.ScheduleNode:
    """The subtree at `node` as one sequence of its statements in the written order
    where legal (in_written_order); `node` where that changes nothing or fails."""
    parent = node.parent() if node.has_parent() else None
    if parent is not None and parent.get_type() == isl.schedule_node_type.filter and \
            parent.parent().get_type() in _ORDERS:
        return node     # (order_before would splice into the sequence around it)
    if _in_position(node, position):
        return node     # (the stable sort below would keep it: spared its isl work)
    parts: dict[str, isl.Set] = {}

    def add(part: isl.Set) -> None:
        parts[part.get_tuple_name()] = part

    node.get_domain().foreach_set(add)
    if any(name not in position for name in parts):
        return node
    prefix = node.get_prefix_schedule_union_map()
    together = prefix.apply_range(prefix.reverse())     # instances at one prefix time
    # a statement that runs at some iterations of the innermost loop around only stays
    # where it is (isl peels it off the loop where it comes first or last; moved, it
    # becomes a test of that loop's iterator inside it), first among the children of a
    # set (isl's choice there); one of some iterations of the outer loops only may move
    # (its test names outer iterators: codegen.openmp prints the loop once for each
    # outcome); compared where every statement runs
    sizes = functools.reduce(isl.Set.intersect, (part.params() for part in parts.values()))
    images = {name: prefix.intersect_domain(isl.UnionSet.from_set(part)).range()
              .intersect_params(sizes) for name, part in parts.items()}
    every = functools.reduce(isl.UnionSet.union, images.values())
    anchored = {name for name, image in images.items() if _innermost_partial(image, every)}
    names = _tree_order(node, anchored)
    if len(set(names)) != len(names):
        return node
    statements = [isl.UnionSet.from_set(parts[name]) for name in names]
    order: list[int] = []
    run: list[int] = []
    for k in range(len(statements) + 1):
        if k < len(statements) and names[k] not in anchored:
            run.append(k)
            continue
        ordered = _written_first(run, statements, names, position, dependences, together)
        if ordered is None:
            return node             # (a cycle: the scheduler's order breaks none)
        order += ordered + ([k] if k < len(statements) else [])
        run = []
    if order == sorted(order):
        return node
    # order_before splits off what it is given first; at the rest, a node below a
    # filter of the sequence it made, isl splices the split into that sequence
    path = []
    top = node
    while top.has_parent():
        path.insert(0, top.get_child_position())
        top = top.parent()
    schedule = node.get_schedule()
    try:
        for i, k in enumerate(order[:-1]):
            schedule = _at(schedule, path + ([i, 0] if i else [])).order_before(
                statements[k]).get_schedule()
        result = _at(schedule, path)
    except isl.Error:
        return node
    if result.get_type() != isl.schedule_node_type.sequence or \
            not _flat_in(result, statements, order):
        return node
    return result


def _in_position(node: isl.ScheduleNode, position: dict[str, int]) -> bool:
    """Whether the subtree at `node` is sequences (no set), with one statement per
    leaf, in the written order: the order _reordered keeps, whatever it anchors."""
    names: list[str] = []

    def walk(node: isl.ScheduleNode) -> bool:
        if node.get_type() == isl.schedule_node_type.set:
            return False
        if node.get_type() == isl.schedule_node_type.leaf:
            here: list[str] = []
            node.get_domain().foreach_set(lambda part: here.append(part.get_tuple_name()))
            names.extend(here)
            return len(here) == 1
        return all(walk(node.child(k)) for k in range(node.n_children()))

    if not walk(node) or any(name not in position for name in names):
        return False
    order = [position[name] for name in names]
    return order == sorted(order) and len(set(order)) == len(order)


def _innermost_partial(image: isl.UnionSet, every: isl.UnionSet) -> bool:
    """Whether the prefix times `image` of a statement miss some of `every` (those of
    all the statements) at the outer times where it runs: a statement of some
    iterations of the innermost loop around only."""
    image, every = isl.Set.from_union_set(image), isl.Set.from_union_set(every)
    inner = image.dim(isl.dim_type.set) - 1
    if inner < 0:
        return False
    outer = image.project_out(isl.dim_type.set, inner, 1).insert_dims(
        isl.dim_type.set, inner, 1)
    outer = outer.reset_space(every.get_space())
    return not image.is_equal(every.intersect(outer))


def _tree_order(node: isl.ScheduleNode, first: set[str]) -> list[str]:
    """The statements of the subtree at `node` (sequences, sets, filters, leaves), in
    the order of its children (a leaf's several statements by name); a set's children
    made of statements `first` only before its others."""
    if node.get_type() == isl.schedule_node_type.leaf:
        names: list[str] = []
        node.get_domain().foreach_set(lambda part: names.append(part.get_tuple_name()))
        return sorted(names, key=lambda name: (name not in first, name))
    children = [_tree_order(node.child(k), first) for k in range(node.n_children())]
    if node.get_type() == isl.schedule_node_type.set:
        children.sort(key=lambda names: not set(names) <= first)
    return [name for names in children for name in names]


def _written_first(run: list[int], statements: list[isl.UnionSet], names: list[str],
                   position: dict[str, int], dependences: isl.UnionMap,
                   together: isl.UnionMap) -> list[int] | None:
    """The statements `run` (indices into `statements`) in the order closest to the
    written one that keeps every dependence between them at one prefix time: a stable
    topological sort; None on a cycle."""
    before: dict[int, set[int]] = {k: set() for k in run}   # -> the statements it follows
    for a in run:
        leaving = dependences.intersect_domain(statements[a]).intersect(together)
        if leaving.is_empty():
            continue
        for b in run:
            if a != b and not leaving.intersect_range(statements[b]).is_empty():
                before[b].add(a)
    order: list[int] = []
    waiting = sorted(run, key=lambda k: position[names[k]])
    while waiting:
        free = [k for k in waiting if before[k] <= set(order)]
        if not free:
            return None
        order.append(free[0])       # the first written of those free
        waiting.remove(free[0])
    return order


def _flat_in(node: isl.ScheduleNode, statements: list[isl.UnionSet], order: list[int]) -> bool:
    """Whether the sequence `node` has one child per statement, in `order`, each a leaf."""
    return node.n_children() == len(order) and all(
        statements[k].is_subset(node.child(i).filter_get_filter())
        and node.child(i).child(0).get_type() == isl.schedule_node_type.leaf
        for i, k in enumerate(order))


def _at(schedule: isl.Schedule, path: list[int]) -> isl.ScheduleNode:
    node = schedule.get_root()
    for k in path:
        node = node.child(k)
    return node
