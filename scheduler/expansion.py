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

from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.scop import (RESTRICT, Array, Buffer, Scop, ast_nodes, numbered_name,
                                set_child)
from polyopt.scheduler.cost import parameter_point
from polyopt.scheduler.packing import array_reference, cell_box, minus_constant, moved_cells
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
    expanded, total = scop, 0.0
    for name in sorted(depths):
        found = _expanded(expanded, name, depths[name])
        if found is None:
            continue
        candidate, cells = found
        total += cells * _element_bytes(scop.locals[name])
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

