"""Exact dataflow dependences of a SCoP with isl.

Flow (read after write) dependences are value-based: each read depends on the
last write before it. Output dependences link each write to the previous write
of the same element; anti dependences link each write to the reads since that
previous write (writes act as kills). Together they order every pair of
conflicting accesses, transitively. Arrays never alias, so each array is
analysed on its own, which also labels every dependence with its array.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from polyopt.core.scop import Scop, fixed_sizes_set

KINDS = ("flow", "anti", "output")


@dataclass
class Dependences:
    """Statement-level dependences (S[i] -> T[j]), by kind and by array."""

    by_array: dict[tuple[str, str], isl.UnionMap] = field(default_factory=dict)
    empty: isl.UnionMap | None = None
    # Where some scalars are private (polyopt.scheduler.privatize): these are the dependences
    # of the program with them expanded, and a schedule must also keep each of their
    # values' live ranges whole (scalar -> its flow dependences and writes).
    live_ranges: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None = None
    every: isl.UnionMap | None = None     # then: the dependences with the scalars as written

    def kind(self, kind: str) -> isl.UnionMap:
        result = self.empty
        for (each, _), relation in self.by_array.items():
            if each == kind:
                result = result.union(relation)
        return result.coalesce()

    @property
    def flow(self) -> isl.UnionMap:
        return self.kind("flow")

    @property
    def anti(self) -> isl.UnionMap:
        return self.kind("anti")

    @property
    def output(self) -> isl.UnionMap:
        return self.kind("output")

    @property
    def all(self) -> isl.UnionMap:
        result = self.empty
        for relation in self.by_array.values():
            result = result.union(relation)
        return result.coalesce()


def accesses_to(scop: Scop, array: str, writes: bool) -> isl.UnionMap:
    """Every read (or write) relation of `array` in the SCoP, statement -> element."""
    result = isl.UnionMap.empty(scop.context.get_space())
    for statement in scop.statements:
        for access in statement.accesses:
            if access.array == array and access.is_write == writes:
                result = result.union(isl.UnionMap.from_map(access.relation))
    return result


def same_prefix(pair: isl.Map, depth: int) -> isl.Map | None:
    """The pairs of `pair` whose ends have equal first `depth` dimensions (the same
    iteration of the loops around both); None where an end has fewer."""
    if min(pair.dim(isl.dim_type.in_), pair.dim(isl.dim_type.out)) < depth:
        return None
    for dim in range(depth):
        pair = pair.equate(isl.dim_type.in_, dim, isl.dim_type.out, dim)
    return pair


def keeps_prefix(pair: isl.Map, depth: int) -> bool:
    """Do both ends of every pair of `pair` have `depth` dimensions or more, the first
    `depth` equal (the same iteration of the loops around both)?"""
    same = same_prefix(pair, depth)
    return same is not None and pair.is_subset(same)


def keeps_prefix_everywhere(relation: isl.UnionMap, depth: int) -> bool:
    """keeps_prefix for every pair of every statement pair in `relation`."""
    pieces: list[isl.Map] = []
    relation.foreach_map(pieces.append)
    return all(keeps_prefix(piece, depth) for piece in pieces)


def zero_padded(order: isl.UnionMap) -> tuple[list[isl.Map], int]:
    """Each statement's map of a flat schedule with zeros appended to its times up to
    the longest's dimension (the statements' times compared in one space), and that
    dimension."""
    maps: list[isl.Map] = []
    order.foreach_map(maps.append)
    width = max((m.dim(isl.dim_type.out) for m in maps), default=0)
    padded = []
    for times in maps:
        extra = width - times.dim(isl.dim_type.out)
        if extra:
            times = times.add_dims(isl.dim_type.out, extra)
            for k in range(width - extra, width):
                times = times.fix_val(isl.dim_type.out, k, isl.Val.zero(times.get_ctx()))
        padded.append(times)
    return padded, width


def all_accesses(scop: Scop) -> isl.UnionMap:
    """Every access relation of the SCoP, reads and writes, statement -> element."""
    result = isl.UnionMap.empty(scop.context.get_space())
    for statement in scop.statements:
        for access in statement.accesses:
            result = result.union(isl.UnionMap.from_map(access.relation))
    return result


def compute_dependences(scop: Scop) -> Dependences:
    """Flow, anti and output dependences under the original schedule."""
    schedule = scop.schedule
    result = Dependences(empty=isl.UnionMap.empty(scop.context.get_space()))
    fixed = fixed_sizes_set(scop.fixed_sizes)   # the size macros' values the model takes
    for array in scop.arrays:
        reads = accesses_to(scop, array, writes=False)
        writes = accesses_to(scop, array, writes=True)
        if fixed is not None:
            reads, writes = reads.intersect_params(fixed), writes.intersect_params(fixed)
        if writes.is_empty():
            continue
        # the schedule of the statements that access the array only: the same pairs,
        # and isl's flow analysis then walks a few statements, not the whole SCoP's (a
        # region of 40 statements and 39 arrays, most of them block-local scalars: 4.6 s
        # with the whole schedule for every array, 0.17 s so)
        own = schedule.intersect_domain(reads.domain().union(writes.domain()))
        flow = (isl.UnionAccessInfo.from_sink(reads).set_must_source(writes)
                .set_schedule(own).compute_flow().get_must_dependence())
        output = (isl.UnionAccessInfo.from_sink(writes).set_must_source(writes)
                  .set_schedule(own).compute_flow().get_must_dependence())
        anti = (isl.UnionAccessInfo.from_sink(writes).set_may_source(reads).set_kill(writes)
                .set_schedule(own).compute_flow().get_may_dependence())
        for kind, relation in (("flow", flow), ("anti", anti), ("output", output)):
            if not relation.is_empty():
                result.by_array[(kind, array)] = relation.coalesce()
    return result


def describe(scop: Scop, dependences: Dependences) -> str:
    """Readable listing: one entry per (kind, array, source, sink), with distances."""
    lines = []
    for kind in KINDS:
        for (each, array), relation in dependences.by_array.items():
            if each != kind:
                continue
            pieces = []
            relation.foreach_map(pieces.append)
            for piece in pieces:
                source = piece.get_tuple_name(isl.dim_type.in_)
                sink = piece.get_tuple_name(isl.dim_type.out)
                line = f"{kind:6s} {array}: {source} -> {sink}"
                if source == sink:
                    distance = piece.deltas().reset_tuple_id().coalesce()
                    line += f"  distance {distance}"
                lines.append(f"{line}\n       {piece}")
    return "\n".join(lines) if lines else "no dependences"
