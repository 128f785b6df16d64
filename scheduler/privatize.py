"""Private scalars: a scalar that carries a value only within one iteration of its
outer loops stops serializing them.

    for (i...) for (j...) { s = 0; for (k...) s += A[i][k] * B[k][j]; C[i][j] = s; }

Each (i, j) writes `s` before it reads it, and reads only what it wrote: the flow
dependences of `s` stay within one (i, j). Its anti and output dependences link
every (i, j) to the next and leave neither loop parallel; they are false: had
each (i, j) a cell of its own (`s[i][j]`, scalar expansion), there would be none
between them. So the dependences polyopt schedules with are those of the
*expanded* program (the accesses of `s` given the outer iterators as subscripts,
``expanded_dependences``), and the code keeps one `s`, private to each thread of
a parallel loop (``private(s)``), which is right where in the generated code

- no write of `s` comes between a write and a read of its value (live ranges do
  not interleave), and
- a loop marked parallel or SIMD holds both ends of a value's flow or neither,
  in one iteration;

``codegen.verify.check_ast`` checks both on the AST read back (its ``private``).
Where it fails or cannot tell, the SCoP is scheduled again with every dependence.

A scalar qualifies (``privatizable``) where the SCoP writes it, nothing outside
the region names it (``private_scalars``: declared in a block of the region, or
in the function, not a parameter, named nowhere else in the file: no value flows
in or out through a later run or a pointer), every read of it reads a value written in the SCoP (no
live-in value), and its flow dependences keep the first d iterators, d >= 1,
of statements that all have at least d loops: d is the largest such.
"""

from __future__ import annotations

import dataclasses

import islpy as isl

from polyopt.core.dependences import (Dependences, accesses_to, compute_dependences,
                                      keeps_prefix_everywhere, zero_padded)
from polyopt.core.scop import Scop
from polyopt.frontend.declarations import scope_private_scalars


def privatizable(scop: Scop, dependences: Dependences, names) -> dict[str, int]:
    """Scalar -> the number of outer loops it is private to (see the module)."""
    found = {}
    for name in sorted(names):
        array = scop.arrays.get(name)
        if array is None or array.rank or not array.written:
            continue
        statements = [s for s in scop.statements if any(a.array == name for a in s.accesses)]
        depth = min(len(s.iterators) for s in statements)
        flow = dependences.by_array.get(("flow", name))
        reads = accesses_to(scop, name, writes=False).domain()
        if flow is None:
            if not reads.is_empty():
                continue
            flow = isl.UnionMap.empty(scop.context.get_space())
        elif not reads.is_subset(flow.range()):
            continue                # a read of a value from before the SCoP
        while depth > 0 and not keeps_prefix_everywhere(flow, depth):
            depth -= 1
        if depth > 0:
            found[name] = depth
    return found


def expanded(scop: Scop, scalars: dict[str, int]) -> Scop:
    """The SCoP with each private scalar given its outer iterators as subscripts."""
    statements = []
    for statement in scop.statements:
        accesses = []
        for access in statement.accesses:
            depth = scalars.get(access.array)
            if depth is not None:
                relation = access.relation
                space = relation.get_space().domain()
                cells = isl.Map.identity(space.map_from_set()).project_out(
                    isl.dim_type.out, depth, space.dim(isl.dim_type.set) - depth)
                relation = (cells.set_tuple_name(isl.dim_type.out, access.array)
                            .intersect_domain(relation.domain()))
                access = dataclasses.replace(access, relation=relation)
            accesses.append(access)
        statements.append(dataclasses.replace(statement, accesses=accesses))
    return dataclasses.replace(scop, statements=statements)


def expanded_dependences(scop: Scop, scalars: dict[str, int],
                         every: Dependences | None = None) -> Dependences:
    """The dependences of the program with the private scalars expanded, with the
    live ranges a schedule must keep whole (keeps_live_ranges) and `every` (the
    dependences as written, computed here if not given: schedules legal with them
    are legal here too, and candidates; scheduler.candidates)."""
    dependences = compute_dependences(expanded(scop, scalars))
    dependences.live_ranges = live_ranges(scop, dependences, scalars)
    dependences.every = (every or compute_dependences(scop)).all
    return dependences


def relaxed_dependences(source, scop: Scop, dependences: Dependences) -> Dependences | None:
    """The expanded program's dependences where the SCoP has private scalars (None
    where it has none)."""
    scalars = privatizable(scop, dependences, scope_private_scalars(source, scop))
    return expanded_dependences(scop, scalars, dependences) if scalars else None


def keeps_live_ranges(schedule: isl.Schedule | isl.UnionMap, dependences: Dependences) -> bool:
    """Does no write of a private scalar run between a write and a read of the value
    it wrote, in `schedule`'s order? (A schedule that runs S0 of every (i, j) before
    S1 of any keeps the expanded program's dependences, not one scalar's values.)
    True where `dependences` have no private scalars (no live ranges)."""
    if not dependences.live_ranges:
        return True
    order = schedule.get_map() if isinstance(schedule, isl.Schedule) else schedule
    times = _in_one_space(order)
    if times is not None:
        return _keeps_in_time(times, dependences)
    for flow, writes in dependences.live_ranges.values():
        if flow.is_empty() or writes.is_empty():
            continue
        written = order.intersect_domain(writes)
        after_write = order.intersect_domain(flow.domain()).lex_lt_union_map(written)
        before_read = written.lex_lt_union_map(order.intersect_domain(flow.range()))
        if not after_write.apply_range(before_read).intersect(flow).is_empty():
            return False
    return True


def _in_one_space(order: isl.UnionMap) -> isl.UnionMap | None:
    """`order` with every statement's times in one space (padded with zeros to the
    longest), where its maps have anonymous ranges (a schedule tree's); else None."""
    maps, _ = zero_padded(order)
    if not maps or any(m.has_tuple_name(isl.dim_type.out) for m in maps):
        return None
    padded = isl.UnionMap.empty(order.get_space())
    for piece in maps:
        padded = padded.union(piece)
    return padded


def _keeps_in_time(order: isl.UnionMap, dependences: Dependences) -> bool:
    """keeps_live_ranges on times in one space: no write's time lies strictly between
    the times of a write and of a read of the value it wrote."""
    for flow, writes in dependences.live_ranges.values():
        if flow.is_empty() or writes.is_empty():
            continue
        pairs = isl.Map.from_union_map(flow.apply_domain(order).apply_range(order))
        written = isl.Set.from_union_set(writes.apply(order))
        space = written.get_space()
        after = isl.Map.lex_lt(space).intersect_range(written)       # a -> w, a < w
        before = isl.Map.lex_lt(space).intersect_domain(written)     # w -> b, w < b
        if not after.apply_range(before).intersect(pairs).is_empty():
            return False
    return True


def live_ranges(scop: Scop, dependences: Dependences, scalars
                ) -> dict[str, tuple[isl.UnionMap, isl.UnionSet]]:
    """Each private scalar's flow dependences (the values whose live ranges the
    generated code must keep whole) and the instances that write it, for
    codegen.verify.check_ast."""
    empty = isl.UnionMap.empty(scop.context.get_space())
    return {name: (dependences.by_array.get(("flow", name), empty),
                   accesses_to(scop, name, writes=True).domain())
            for name in scalars}
