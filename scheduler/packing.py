"""Packing: a read-only array copied, its dimensions reordered, into a buffer that
the SCoP reads instead.

    for (i...) for (k...) for (j = 0; j <= i; j++) C[i][j] += A[i][k] * A[j][k];

The innermost loop `j` reads `A[j][k]` a row apart from one iteration to the next:
no vector load, a cache line for every element. With `A` copied transposed first,

    P[k][j] = A[j][k];   (every cell the SCoP reads)
    ... C[i][j] += P[k][i] * P[k][j];

the same loop reads `P[k][j]` contiguously, and the product's register tiles and
vector loads apply (the CPU counterpart of the shared-memory copies of the CUDA
target; BLIS packs its operands for the same reason). The copy is a statement of
the SCoP (``packed_scop``): it is scheduled, tiled and checked with the rest, and
the cost models judge its cost with the candidates' (``scheduler.auto`` judges the
packed SCoP's candidates beside the plain one's and keeps packing where it is
predicted faster).

An array qualifies where the SCoP never writes it, every reference to it in the
statements' text is a full subscript chain (`A[x][y]`, nothing through a pointer
or a call), its cells read are bounded with constant least subscripts, and some
statement's innermost loop moves along one of its dimensions but the last while the
last stays put (the original order's innermost loop strides through it): that
dimension goes last in the buffer, the others keep their order. The buffer is
allocated before the generated code and freed after it; where it cannot be
allocated, the code as written runs (``codegen.buffers``).
"""

from __future__ import annotations

import copy
from dataclasses import replace

import islpy as isl
from pycparser import c_ast

from polyopt.core.scop import (RESTRICT, ROWS, Access, Array, Buffer, Scop, Statement,
                                full_reference_count, full_references, numbered_name,
                                subscript_rows)


def packed_scop(scop: Scop, dependences=None) -> Scop | None:
    """The SCoP with each qualifying array (module doc) read through a reordered copy
    made at its start, by the statements whose innermost loop strides through it;
    None where no array qualifies. (`dependences`, the SCoP's, are not needed here:
    the signature of every rewrite, scheduler.auto.REWRITES.)"""
    if scop.macro_accesses or scop.original_lines is None:
        return None
    packed = scop
    for name in sorted(scop.arrays):
        found = _strided_statements(scop, name)
        if found is not None:
            packed = _packed(packed, name, *found) or packed
    return packed if packed is not scop else None


def _strided_statements(scop: Scop, name: str) -> tuple[list[int], set[str]] | None:
    """(the buffer's order of `name`'s dimensions: buffer dimension d holds the
    array's dimension order[d]; the statements that read the buffer instead), where
    the array qualifies; else None."""
    array = scop.arrays[name]
    if (array.written or array.rank < 2 or array.linear_sizes or array.storage == ROWS
            or not array.element_type):
        return None
    order, statements = None, set()
    for statement in scop.statements:
        count = sum(access.array == name for access in statement.accesses)
        if count != full_reference_count(statement.body, name, array.rank):
            return None     # named otherwise too (a pointer, a call's argument)
        for access in statement.accesses:
            if access.array != name:
                continue
            moving = _moving_dimensions(access.relation, len(statement.iterators) - 1)
            if moving is None:
                return None
            last = array.rank - 1
            strided = [d for d in moving if d != last]
            if not strided or last in moving:
                continue
            mine = [d for d in range(array.rank) if d != strided[0]] + [strided[0]]
            if order is None or mine == order:
                order = mine
                statements.add(statement.name)
    return (order, statements) if order is not None else None


def _moving_dimensions(relation: isl.Map, innermost: int) -> list[int] | None:
    """The array dimensions whose subscript changes with the statement's iterator
    `innermost`; None where a subscript is not one affine expression."""
    if innermost < 0:
        return []
    rows = subscript_rows(relation)
    if rows is None:
        return None
    return [d for d, row in enumerate(rows) if row[innermost] != 0]


def subscript_chain(node: c_ast.ArrayRef, rank: int) -> tuple[str, list[c_ast.Node]] | None:
    """(base name, subscripts outermost first) of a chain of exactly `rank` subscripts."""
    subscripts, base = [], node
    while isinstance(base, c_ast.ArrayRef):
        subscripts.insert(0, base.subscript)
        base = base.name
    if not isinstance(base, c_ast.ID) or len(subscripts) != rank:
        return None
    return base.name, subscripts


def _packed(scop: Scop, name: str, order: list[int], readers: set[str]) -> Scop | None:
    """`scop` with array `name` read through a buffer in dimension order `order` by
    the statements named in `readers`."""
    array = scop.arrays[name]
    footprint = None
    for statement in scop.statements:
        for access in statement.accesses:
            if access.array == name and statement.name in readers:
                cells = access.relation.range()
                footprint = cells if footprint is None else footprint.union(cells)
    box = cell_box(footprint, scop.context, nonnegative=True)
    if box is None:
        return None
    lower, lengths = box
    taken = scop.taken_names | set(scop.arrays)
    buffer = numbered_name(f"polyopt_packed_{name}", taken)
    iterators = [numbered_name(f"polyopt_{name}_{d}", taken | {buffer}) for d in range(array.rank)]
    # P, then P0, P01, ...: the names the copies have had from the start (isl's schedules
    # depend on the statements' names)
    names = {statement.name for statement in scop.statements}
    statement_name = numbered_name("P0" if "P" in names else "P", names)
    params = ", ".join(scop.parameters)
    moved = moved_cells(scop, name, buffer, lower, order)
    statements = []
    for statement in scop.statements:
        if statement.name not in readers:
            statements.append(statement)
            continue
        accesses = [replace(access, array=buffer, relation=access.relation.apply_range(moved))
                    if access.array == name else access for access in statement.accesses]
        body = _rewritten(statement.body, name, array.rank, buffer, order, lower)
        statements.append(replace(statement, accesses=accesses, body=body))
    domain = footprint.set_tuple_name(statement_name)
    space = ", ".join(iterators)
    location = statements[0].location if statements else scop.region.location
    reads = isl.Map(f"[{params}] -> {{ {statement_name}[{space}] -> {name}[{space}] }}") \
        .intersect_domain(domain)
    writes = reads.apply_range(moved)
    statements.insert(0, Statement(
        statement_name, iterators, domain,
        [Access(f"{statement_name}W", buffer, writes, True, location),
         Access(f"{statement_name}R", name, reads, False, location)],
        _copy_body(name, buffer, iterators, order, lower), location))
    extents = [str(lengths[d]) for d in order]
    arrays = dict(scop.arrays)
    arrays[buffer] = Array(buffer, array.rank, written=True, element_type=array.element_type,
                           storage=RESTRICT)
    band = ", ".join(f"{{ {statement_name}[{space}] -> [({iterator})] }}"
                     for iterator in iterators)
    copy_schedule = isl.Schedule.from_domain(isl.UnionSet.from_set(domain)) \
        .insert_partial_schedule(isl.MultiUnionPwAff(f"[{params}] -> [{band}]"))
    return replace(scop, statements=statements, arrays=arrays,
                   schedule=copy_schedule.sequence(scop.schedule),
                   identifiers=scop.identifiers | {buffer, *iterators},
                   buffers=scop.buffers + [Buffer(buffer, name, array.element_type, extents)])


def cell_box(footprint: isl.Set, context: isl.Set, nonnegative: bool = False
             ) -> tuple[list[int], list[isl.PwAff]] | None:
    """(the least cell, the number of cells) of each dimension of `footprint` where
    `context` holds; None where it is not bounded, or a least cell is not one constant
    (or is negative, with `nonnegative`)."""
    footprint = footprint.intersect_params(context).coalesce()
    if not footprint.is_bounded():
        return None
    lower, lengths = [], []
    for d in range(footprint.dim(isl.dim_type.set)):
        constant = constant_value(footprint.dim_min(d).coalesce())
        if constant is None or nonnegative and constant < 0:
            return None
        upper = footprint.dim_max(d).coalesce()
        lower.append(constant)
        lengths.append(upper.add_constant_val(isl.Val.int_from_si(upper.get_ctx(),
                                                                  1 - constant)))
    return lower, lengths


def moved_cells(scop: Scop, name: str, buffer: str, lower: list[int],
                order: list[int]) -> isl.Map:
    """`name[x0, ..., xr] -> buffer[x_order[0] - lower, ...]`: the buffer's cell of each
    of the array's (its dimensions in `order`, each from its least cell `lower`)."""
    inputs = ", ".join(f"x{d}" for d in range(len(lower)))
    outputs = ", ".join(f"x{d} - {lower[d]}" if lower[d] else f"x{d}" for d in order)
    params = ", ".join(scop.parameters)
    return isl.Map(f"[{params}] -> {{ {name}[{inputs}] -> {buffer}[{outputs}] }}")


def constant_value(value: isl.PwAff) -> int | None:
    """The value of a piecewise constant that is one integer wherever defined."""
    constants = set()

    def each(_, aff: isl.Aff) -> None:
        constants.add(aff.get_constant_val().to_python() if aff.is_cst() else None)
    value.foreach_piece(each)
    if len(constants) != 1:
        return None
    constant = constants.pop()
    return constant if isinstance(constant, int) else None


def minus_constant(node: c_ast.Node, lower: int) -> c_ast.Node:
    """`node - lower`, folded into the constant of `x + c` or `x - c`."""
    if not lower:
        return node
    if isinstance(node, c_ast.BinaryOp) and node.op in "+-" and \
            isinstance(node.right, c_ast.Constant) and node.right.value.isdigit():
        constant = (int(node.right.value) if node.op == "+" else -int(node.right.value)) - lower
        if constant == 0:
            return node.left
        return c_ast.BinaryOp("+" if constant > 0 else "-", node.left,
                              c_ast.Constant("int", str(abs(constant))))
    return c_ast.BinaryOp("-", node, c_ast.Constant("int", str(lower)))


def array_reference(base: str, subscripts: list[c_ast.Node]) -> c_ast.Node:
    node: c_ast.Node = c_ast.ID(base)
    for subscript in subscripts:
        node = c_ast.ArrayRef(node, subscript)
    return node


def _copy_body(name: str, buffer: str, iterators: list[str], order: list[int],
               lower: list[int]) -> c_ast.Node:
    """`buffer[x_order[0] - lower] ... = name[x0][x1]...`"""
    target = array_reference(buffer, [minus_constant(c_ast.ID(iterators[d]), lower[d]) for d in order])
    return c_ast.Assignment("=", target, array_reference(name, [c_ast.ID(i) for i in iterators]))


def _rewritten(body: c_ast.Node, name: str, rank: int, buffer: str, order: list[int],
               lower: list[int]) -> c_ast.Node:
    """A copy of `body` with each `name[x0]...[xr]` as the buffer's reference."""
    body = copy.deepcopy(body)
    for node in full_references(body, name, rank):
        _, subscripts = subscript_chain(node, rank)
        new = array_reference(buffer, [minus_constant(subscripts[d], lower[d]) for d in order])
        node.name, node.subscript = new.name, new.subscript
    return body

