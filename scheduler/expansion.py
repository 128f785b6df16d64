"""Scalar expansion: a block-local scalar that carries a value only within one
iteration of its outer loops becomes an array with a cell per iteration.

    for (p...) for (a...) { double m = 0; for (b...) m += S[a][b] * W[b][p]; M[p][a] = m; }

The scalar `m` is private to each (p, a) (``scheduler.privatize``): the pipeline
already schedules with the dependences of the expanded program, but it keeps one
`m` in the generated code, so only schedules that keep each value's live range
whole are candidates, and the reduction loop `b` must stay innermost around its
use. Here the scalar is rewritten into a buffer,

    m_x[p][a] = 0;  ...  m_x[p][a] += S[a][b] * W[b][p];  ...  M[p][a] = m_x[p][a];

a SCoP of its own (``expanded_scop``) whose dependences are exact: every schedule
legal for it is a candidate, among them the interchanged and tiled product whose
innermost loop runs along rows. The cost models judge its candidates beside the
plain SCoP's (``scheduler.auto.REWRITES``); the buffer is allocated before the
generated code and freed after it, and where it cannot be allocated (or would be
larger than ``EXPANSION_BYTES``), the code as written runs (``codegen.buffers``).

A scalar qualifies where the region declares it in one of its blocks (nothing
outside names it), the SCoP writes it, every read reads a value the SCoP wrote,
and its flow dependences keep the first d >= 1 iterators of the statements that
access it (``privatize.privatizable``): cell (i_1, ..., i_d) then holds exactly the
values the scalar held during that iteration, and every read finds in its cell the
value it read from the scalar. Each expanded dimension needs a constant least
value (the cells start there).
"""

from __future__ import annotations

import copy
import math
from dataclasses import replace

import islpy as isl
from pycparser import c_ast

from polyopt.core.dependences import (Dependences, accesses_to, compute_dependences,
                                      keeps_prefix_everywhere, same_prefix)
from polyopt.core.scop import (RESTRICT, ROWS, Access, Array, Buffer, Scop, Statement,
                                ast_nodes, full_reference_count, full_references,
                                numbered_name, set_child)
from polyopt.scheduler.cost import parameter_point
from polyopt.scheduler.packing import (array_reference, cell_box, minus_constant, moved_cells,
                                      subscript_chain)
from polyopt.scheduler.privatize import privatizable

# the largest buffer (bytes, all expanded scalars together) at the sizes the file
# gives; at run time the same bound is tested before allocating
EXPANSION_BYTES = 64 << 20


def expanded_scop(scop: Scop, dependences: Dependences | None = None) -> Scop | None:
    """The SCoP with each qualifying block-local scalar (module doc) rewritten into a
    buffer with a cell per iteration of its outer loops; None where none qualifies.
    `dependences`: the SCoP's, where the caller has them (else computed here)."""
    if scop.macro_accesses or scop.original_lines is None or not scop.locals:
        return None
    names = {name for name in scop.locals if name in scop.arrays
             and scop.arrays[name].rank == 0 and scop.arrays[name].written}
    if not names:
        return None
    depths = privatizable(scop, dependences or compute_dependences(scop), names)
    return _each_expanded(scop, depths, _expanded,
                          lambda name: _element_bytes(scop.locals[name]))


def _each_expanded(scop: Scop, depths: dict[str, int], expand, element_bytes
                   ) -> Scop | None:
    """`scop` with each of `depths` (name -> loops) rewritten by `expand` (the SCoP
    and its cells, or None), in name order, while all the buffers together stay within
    EXPANSION_BYTES (`element_bytes`: a name's element size); None where none is."""
    expanded, total = scop, 0.0
    for name in sorted(depths):
        found = expand(expanded, name, depths[name])
        if found is None:
            continue
        candidate, cells = found
        total += cells * element_bytes(name)
        if total > EXPANSION_BYTES:
            break
        expanded = candidate
    return expanded if expanded is not scop else None


def _element_bytes(kind: str) -> int:
    return Array("", 0, element_type=kind).element_bytes or 8


def _expanded(scop: Scop, name: str, depth: int) -> tuple[Scop, float] | None:
    """(`scop` with scalar `name` read and written through a buffer indexed by the first
    `depth` iterators of its statements, the buffer's cells at the known sizes); None
    where a dimension has no constant least value, or the statements name the scalar
    otherwise than as a value (its address, a member)."""
    params = ", ".join(scop.parameters)
    footprint = None
    relations = {}
    for statement in scop.statements:
        if not any(access.array == name for access in statement.accesses):
            continue
        if not _plain_uses(statement.body, name):
            return None
        space = ", ".join(statement.iterators)
        cells = ", ".join(statement.iterators[:depth])
        relation = isl.Map(f"[{params}] -> {{ {statement.name}[{space}] -> {name}[{cells}] }}") \
            .intersect_domain(statement.domain)
        relations[statement.name] = relation
        footprint = relation.range() if footprint is None else footprint.union(relation.range())
    box = cell_box(footprint, scop.context) if footprint is not None else None
    if box is None:
        return None
    lower, extents = box
    cells = _cells_at(extents, scop)
    if cells is None or cells * _element_bytes(scop.locals[name]) > EXPANSION_BYTES:
        return None
    taken = scop.taken_names | set(scop.arrays)
    buffer = numbered_name(f"polyopt_expanded_{name}", taken)
    moved = moved_cells(scop, name, buffer, lower, list(range(depth)))
    statements = []
    for statement in scop.statements:
        relation = relations.get(statement.name)
        if relation is None:
            statements.append(statement)
            continue
        located = relation.apply_range(moved)
        accesses = [replace(access, array=buffer,
                            relation=located.intersect_domain(access.relation.domain()))
                    if access.array == name else access for access in statement.accesses]
        subscripts = [minus_constant(c_ast.ID(iterator), lower[d])
                      for d, iterator in enumerate(statement.iterators[:depth])]
        statements.append(replace(statement, accesses=accesses,
                                  body=_rewritten(statement.body, name, buffer, subscripts)))
    arrays = {key: value for key, value in scop.arrays.items() if key != name}
    kind = scop.locals[name]
    arrays[buffer] = Array(buffer, depth, written=True, element_type=kind, storage=RESTRICT)
    locals_ = {key: value for key, value in scop.locals.items() if key != name}
    texts = [str(extent) for extent in extents]
    return replace(scop, statements=statements, arrays=arrays, locals=locals_,
                   identifiers=scop.identifiers | {buffer},
                   buffers=scop.buffers + [Buffer(buffer, name, kind, texts,
                                                  limit_bytes=EXPANSION_BYTES,
                                                  expands=True)]), cells


def _cells_at(extents: list[isl.PwAff], scop: Scop) -> float | None:
    """The buffer's cells at the sizes decisions use (the file's, the cost model's
    assumed ones for the others: ``cost.parameter_point``); None where that does not
    bound them."""
    point = parameter_point(scop)
    total = 1.0
    for extent in extents:
        largest = extent.intersect_params(point).max_val()
        if largest.is_nan() or largest.is_infty():
            return None
        total *= max(0, largest.to_python())
    return total if math.isfinite(total) else None


def _plain_uses(body: c_ast.Node, name: str) -> bool:
    """Does `body` name `name` only as a value (not its address, not a member's name)?"""
    for node in ast_nodes(body):
        if isinstance(node, c_ast.UnaryOp) and node.op == "&" and \
                isinstance(node.expr, c_ast.ID) and node.expr.name == name:
            return False
    return True


def _rewritten(body: c_ast.Node, name: str, buffer: str, subscripts: list[c_ast.Node]
               ) -> c_ast.Node:
    """A copy of `body` with each use of scalar `name` as the buffer's cell."""
    body = copy.deepcopy(body)

    def visit(node: c_ast.Node) -> None:
        for field_name, child in node.children():
            if isinstance(node, c_ast.StructRef) and child is node.field:
                continue            # a member's name, not the scalar
            if isinstance(node, c_ast.FuncCall) and child is node.name:
                continue
            if isinstance(child, c_ast.ID) and child.name == name:
                reference = array_reference(buffer, copy.deepcopy(subscripts))
                set_child(node, field_name, reference)
            else:
                visit(child)
    holder = c_ast.Compound([body])
    visit(holder)
    return holder.block_items[0]



def expanded_arrays_scop(scop: Scop, dependences: Dependences | None = None) -> Scop | None:
    """The SCoP with each array that holds values only within one iteration of its
    outer loops (a work row refilled for every row, a sum vector cleared for every
    output) given a cell per iteration of them, the last values copied back to the
    array at the end; None where no array qualifies (see ``private_arrays``)."""
    if scop.macro_accesses or scop.original_lines is None:
        return None
    dependences = dependences or compute_dependences(scop)
    return _each_expanded(scop, private_arrays(scop, dependences), _expanded_array,
                          lambda name: scop.arrays[name].element_bytes or 8)


def private_arrays(scop: Scop, dependences: Dependences) -> dict[str, int]:
    """Array -> the number of outer loops d >= 1 whose every iteration reads from it
    only values it wrote itself, where some other dependence on it runs from one of
    their iterations to another (expanding it frees those loops). An array
    qualifies where every reference to it is a full subscript chain in the text
    (nothing through a pointer or a call, no function the statements call reads it),
    the SCoP reads it, every read reads a
    value written in the SCoP, and its flow dependences keep the first d iterators
    of statements that all have at least d loops."""
    found = {}
    for name, array in sorted(scop.arrays.items()):
        if (not array.rank or not array.written or array.linear_sizes
                or array.storage == ROWS or not array.element_type or name in scop.locals):
            continue
        if any(name in names for _, names, _ in scop.hidden_reads) or \
                any(name == written for written, _ in scop.hidden_pairs):
            continue        # a function the statements call reads it (or may)
        statements = [s for s in scop.statements if any(a.array == name for a in s.accesses)]
        if any(full_reference_count(s.body, name, array.rank) < 0 for s in statements):
            continue
        flow = dependences.by_array.get(("flow", name))
        if flow is None or _reads_from_before(scop, name):
            continue
        depth = min(len(s.iterators) for s in statements)
        while depth > 0 and not keeps_prefix_everywhere(flow, depth):
            depth -= 1
        false = isl.UnionMap.empty(scop.context.get_space())
        for kind in ("anti", "output"):
            false = false.union(dependences.by_array.get((kind, name), false))
        if depth == 0 or keeps_prefix_everywhere(false, depth):
            continue            # nothing to free
        # as few loops as free the same dependences (the fewest cells)
        while depth > 1 and keeps_prefix_everywhere(_with_prefix(false, depth - 1), depth):
            depth -= 1
        found[name] = depth
    return found


def _reads_from_before(scop: Scop, name: str) -> bool:
    """Does some reference to `name` read a value from before the SCoP (in some
    instance, no write in the SCoP before it)?"""
    writes = accesses_to(scop, name, writes=True)
    for statement in scop.statements:
        for access in statement.accesses:
            if access.array != name or access.is_write:
                continue
            unwritten = (isl.UnionAccessInfo.from_sink(isl.UnionMap.from_map(access.relation))
                         .set_must_source(writes).set_schedule(scop.schedule).compute_flow()
                         .get_must_no_source())
            if not unwritten.is_empty():
                return True
    return False


def _with_prefix(relation: isl.UnionMap, depth: int) -> isl.UnionMap:
    """The pairs of `relation` whose ends have equal first `depth` iterators."""
    result = isl.UnionMap.empty(relation.get_space())
    pieces: list[isl.Map] = []
    relation.foreach_map(pieces.append)
    for piece in pieces:
        same = same_prefix(piece, depth)
        if same is not None:
            result = result.union(isl.UnionMap.from_map(same))
    return result


def _prefix_map(statement, depth: int, params: str) -> isl.Map:
    """`S[i0, ..., in] -> [i0, ..., i(depth-1)]` on the statement's domain."""
    space = ", ".join(statement.iterators)
    cells = ", ".join(statement.iterators[:depth])
    return isl.Map(f"[{params}] -> {{ {statement.name}[{space}] -> [{cells}] }}") \
        .intersect_domain(statement.domain)


def _last_cells(scop: Scop, name: str, depth: int, params: str, sink: str) -> isl.Map | None:
    """`sink[e] -> [p]`: for each element the SCoP writes, the outer iterators of its
    last write (the cell of the expanded array that holds its final value)."""
    written = accesses_to(scop, name, writes=True)
    elements = written.range()
    if elements.n_set() != 1:
        return None
    domain = isl.Set.from_union_set(elements).set_tuple_name(sink)
    reads = isl.UnionMap.from_map(isl.Map.identity(domain.get_space().map_from_set())
                                  .intersect_domain(domain)
                                  .set_tuple_name(isl.dim_type.out, name))
    after = scop.schedule.sequence(isl.Schedule.from_domain(isl.UnionSet.from_set(domain)))
    last = (isl.UnionAccessInfo.from_sink(reads).set_must_source(written)
            .set_schedule(after).compute_flow().get_must_dependence())
    cells = isl.UnionMap.empty(scop.context.get_space())
    for statement in scop.statements:
        if any(a.array == name and a.is_write for a in statement.accesses):
            cells = cells.union(isl.UnionMap.from_map(_prefix_map(statement, depth, params)))
    found = last.reverse().apply_range(cells)
    if found.is_empty() or found.n_map() != 1:
        return None
    return isl.Map.from_union_map(found)


def _expanded_array(scop: Scop, name: str, depth: int) -> tuple[Scop, float] | None:
    """(`scop` with array `name` read and written through a buffer indexed by the first
    `depth` iterators of its statements and then its own subscripts, its final values
    copied back at the end; the buffer's cells at the known sizes); None where a
    dimension has no constant least value."""
    array = scop.arrays[name]
    params = ", ".join(scop.parameters)
    prefixes, elements = None, None
    for statement in scop.statements:
        for access in statement.accesses:
            if access.array != name:
                continue
            prefix = _prefix_map(statement, depth, params).intersect_domain(
                access.relation.domain()).range()
            prefixes = prefix if prefixes is None else prefixes.union(prefix)
            cells = access.relation.range()
            elements = cells if elements is None else elements.union(cells)
    outer, inner = cell_box(prefixes, scop.context), cell_box(elements, scop.context)
    if outer is None or inner is None:
        return None
    cells = _cells_at(outer[1] + inner[1], scop)
    if cells is None or cells * (array.element_bytes or 8) > EXPANSION_BYTES:
        return None
    names = {statement.name for statement in scop.statements}
    sink = numbered_name("E", names)
    last = _last_cells(scop, name, depth, params, sink)
    if last is None:
        return None
    taken = scop.taken_names | set(scop.arrays)
    buffer = numbered_name(f"polyopt_expanded_{name}", taken)
    lower = outer[0] + inner[0]
    inputs = [f"p{d}" for d in range(depth)] + [f"x{d}" for d in range(array.rank)]
    outputs = ", ".join(f"{value} - {least}" if least else value
                        for value, least in zip(inputs, lower))
    moved = isl.Map(f"[{params}] -> {{ [{', '.join(inputs)}] -> {buffer}[{outputs}] }}")
    statements = []
    for statement in scop.statements:
        if not any(access.array == name for access in statement.accesses):
            statements.append(statement)
            continue
        prefix = _prefix_map(statement, depth, params)
        accesses = [replace(access, array=buffer,
                            relation=prefix.intersect_domain(access.relation.domain())
                            .range_product(access.relation).flatten_range()
                            .apply_range(moved))
                    if access.array == name else access for access in statement.accesses]
        body = _rewritten_array(statement.body, name, array.rank, buffer,
                                [c_ast.ID(iterator) for iterator in statement.iterators[:depth]],
                                lower)
        statements.append(replace(statement, accesses=accesses, body=body))
    # the copy back: sink[x..., p...] for each element x written, p its last write's
    iterators = [numbered_name(f"polyopt_{name}_{d}", taken | {buffer})
                 for d in range(array.rank + depth)]
    domain = last.wrap().flatten().set_tuple_name(sink)
    space = ", ".join(iterators)
    elements_of = ", ".join(iterators[:array.rank])
    cells_of = ", ".join(iterators[array.rank:] + iterators[:array.rank])
    location = statements[-1].location if statements else scop.region.location
    writes = isl.Map(f"[{params}] -> {{ {sink}[{space}] -> {name}[{elements_of}] }}") \
        .intersect_domain(domain)
    reads = isl.Map(f"[{params}] -> {{ {sink}[{space}] -> [{cells_of}] }}") \
        .intersect_domain(domain).apply_range(moved)
    target = array_reference(name, [c_ast.ID(i) for i in iterators[:array.rank]])
    source = array_reference(buffer, [minus_constant(c_ast.ID(i), least) for i, least
                                      in zip(iterators[array.rank:] + iterators[:array.rank],
                                             lower)])
    statements.append(Statement(
        sink, iterators, domain,
        [Access(f"{sink}W", name, writes, True, location),
         Access(f"{sink}R", buffer, reads, False, location)],
        c_ast.Assignment("=", target, source), location))
    band = ", ".join(f"{{ {sink}[{space}] -> [({iterator})] }}" for iterator in iterators)
    copy_schedule = isl.Schedule.from_domain(isl.UnionSet.from_set(domain)) \
        .insert_partial_schedule(isl.MultiUnionPwAff(f"[{params}] -> [{band}]"))
    arrays = dict(scop.arrays)
    arrays[buffer] = Array(buffer, depth + array.rank, written=True,
                           element_type=array.element_type, storage=RESTRICT)
    texts = [str(extent) for extent in outer[1] + inner[1]]
    return replace(scop, statements=statements, arrays=arrays,
                   schedule=scop.schedule.sequence(copy_schedule),
                   identifiers=scop.identifiers | {buffer, *iterators},
                   buffers=scop.buffers + [Buffer(buffer, name, array.element_type, texts,
                                                  limit_bytes=EXPANSION_BYTES,
                                                  expands=True)]), cells


def _rewritten_array(body: c_ast.Node, name: str, rank: int, buffer: str,
                     outer: list[c_ast.Node], lower: list[int]) -> c_ast.Node:
    """A copy of `body` with each `name[x0]...[xr]` as `buffer[outer...][x0]...`, each
    subscript less its least value in `lower`."""
    body = copy.deepcopy(body)
    for node in full_references(body, name, rank):
        _, subscripts = subscript_chain(node, rank)
        new = array_reference(buffer, [minus_constant(copy.deepcopy(value), least) for value, least
                                       in zip(outer + subscripts, lower)])
        node.name, node.subscript = new.name, new.subscript
    return body
