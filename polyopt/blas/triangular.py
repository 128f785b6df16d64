"""In-place triangular operations: solves (trsv, trsm) and products (trmm).

Their update reads the array it writes (``x[i] -= L[i][j] * x[j]``), which the
matcher of polyopt.blas.match rejects as aliasing; here the dataflow of that read
decides, computed exactly by isl over the original schedule:

- a solve: the update ``OUT[..i..] -= A[i][k] * OUT[..k..]`` on a strict
  triangle between i and k, followed by ``OUT[..i..] = OUT[..i..] / A[i][i]``;
  every read of ``OUT[..k..]`` must get its value from that division (the cell
  is final), and every update of a cell run before its division. Then
  ``op(A) X = X_in``: trsv (a vector), trsm (a matrix, A on the left when the
  triangle's index is the row, on the right when it is the column);
- a product: the update ``OUT[..i..] += A[i][k] * OUT[..k..]`` on a strict
  triangle, optionally followed by a scaling ``OUT = alpha * OUT``; no read of
  ``OUT[..k..]`` may get a value written by them (it reads the input). Then
  ``OUT = alpha op(A) OUT`` with a unit diagonal: trmm.
"""

from __future__ import annotations

import islpy as isl
from pycparser import c_ast

from polyopt.blas.calls import BlasCall, NoMatch
from polyopt.blas.reader import (Layout, StatementReader, Update, access_operand, access_signature,
                                 dataflow, domain_box, output_box, parse_update, scaling,
                                 written_cells)
from polyopt.core.scop import Access, Scop, Statement


def _same_cells(first: Statement, first_write: Access, second: Statement,
                second_write: Access) -> isl.UnionMap:
    return isl.UnionMap.from_map(first_write.relation.intersect_domain(first.domain)).apply_range(
        isl.UnionMap.from_map(second_write.relation.intersect_domain(second.domain)).reverse())


def _next_writer(scop: Scop, statement: Statement, array: str,
                 taken: set[str]) -> Statement | None:
    index = scop.statements.index(statement)
    for later in scop.statements[index + 1:]:
        if any(w.array == array for w in later.writes):
            return None if later.name in taken else later
    return None


def _division(scop: Scop, statement: Statement, matrix: str) -> tuple[Access, Access] | None:
    """(the write, the divisor's access) of `OUT = OUT / A[..]` or `OUT /= A[..]`."""
    body = statement.body
    if len(statement.writes) != 1 or not isinstance(body, c_ast.Assignment):
        return None
    write = statement.writes[0]
    reader = StatementReader(scop, statement)
    try:
        if body.op == "/=" and isinstance(body.rvalue, c_ast.ArrayRef):
            divisor = reader.access(body.rvalue)
        elif (body.op == "=" and isinstance(body.rvalue, c_ast.BinaryOp)
              and body.rvalue.op == "/" and isinstance(body.rvalue.left, c_ast.ArrayRef)
              and isinstance(body.rvalue.right, c_ast.ArrayRef)
              and reader.access(body.rvalue.left).relation.is_equal(write.relation)):
            divisor = reader.access(body.rvalue.right)
        else:
            return None
    except NoMatch:
        return None
    return (write, divisor) if divisor.array == matrix else None


def match_in_place(scop: Scop, statement: Statement, layout: Layout, order: isl.UnionMap,
                   taken: set[str]) -> tuple[list[str], BlasCall]:
    """The statements (the update first) and the call of a triangular solve or product."""
    update = parse_update(scop, statement, own_operands=True)
    if len(update.terms) != 1 or len(update.terms[0].arrays) != 2:
        raise NoMatch("not one product of two array elements")
    term = update.terms[0]
    write = update.write
    accesses = [update.reader.access(node) for node in term.arrays]
    own = [a for a in accesses if a.array == write.array]
    matrix = [a for a in accesses if a.array != write.array]
    if len(own) != 1 or len(matrix) != 1:
        raise NoMatch("not a product of the output and another array")
    own, matrix = own[0], matrix[0]
    dims = statement.domain.dim(isl.dim_type.set)
    box = domain_box(statement.domain)
    if box.triangle is None or not box.triangle[2]:
        raise NoMatch("the domain is not a strict triangle")
    out_signature = access_signature(write, dims)
    own_signature = access_signature(own, dims)
    out_dims = [d for d, _ in out_signature]
    reductions = [d for d in range(dims) if d not in out_dims]
    if len(reductions) != 1 or len(out_dims) not in (1, 2) or len(own_signature) != len(out_dims):
        raise NoMatch("not a reduction over one dimension into a vector or a matrix")
    k = reductions[0]
    changed = [p for p, (d, _) in enumerate(own_signature) if d != out_dims[p]]
    if len(changed) != 1 or own_signature[changed[0]][0] != k:
        raise NoMatch("the output is read at another index than the reduction's")
    p = changed[0]
    index = out_dims[p]
    low, high, _ = box.triangle
    if {low, high} != {index, k}:
        raise NoMatch("the triangle is not between the reduction and the output's index")
    if not all(own_signature[q][1].plain_is_equal(out_signature[q][1])
               for q in range(len(out_dims))):
        raise NoMatch("the output is read with other shifts than it is written")
    matrix_signature = access_signature(matrix, dims)
    matrix_dims = [d for d, _ in matrix_signature]
    left = p == 0
    natural = [index, k] if left else [k, index]
    if matrix_dims == natural:
        transposed = False
    elif matrix_dims == natural[::-1]:
        transposed = True
    else:
        raise NoMatch("the triangular matrix is not indexed by the triangle's two indices")
    if not matrix_signature[0][1].plain_is_equal(matrix_signature[1][1]):
        raise NoMatch("the triangular matrix is not read along its diagonal")
    after = (low, high) == (index, k)           # k > index
    op_upper = after if left else not after
    stored_lower = not (op_upper != transposed)
    parameters = scop.parameters
    a = access_operand(matrix, matrix_signature, box, layout, parameters, transposed)
    output = access_operand(write, out_signature, box, layout, parameters)
    element = layout.element([write.array, matrix.array])
    sizes = [box.size_text(d, parameters) for d in out_dims]
    if term.sign < 0 and not term.scalars:
        return _solve(scop, update, own, matrix, a, output, element, sizes, left, stored_lower,
                      box, order, taken, layout)
    if term.sign > 0 and not term.scalars:
        return _product(scop, update, own, a, output, element, sizes, left, stored_lower,
                        box, order, taken)
    raise NoMatch("neither a solve (-=, no factor) nor a product (+=, no factor)")


def _solve(scop, update: Update, own: Access, matrix: Access, a, output, element, sizes,
           left, lower, box, order, taken, layout) -> tuple[list[str], BlasCall]:
    statement, write = update.statement, update.write
    dims = statement.domain.dim(isl.dim_type.set)
    group = [statement]
    divide = _next_writer(scop, statement, write.array, taken)
    found = _division(scop, divide, matrix.array) if divide is not None else None
    if found is not None:
        divide_write, divisor = found
        cells = output_box(update, box, dims)
        try:
            divide_box = domain_box(divide.domain)
            divide_dims = divide.domain.dim(isl.dim_type.set)
            divisor_signature = access_signature(divisor, divide_dims)
            row = access_signature(divide_write, divide_dims)[0 if left else -1][0]
            diagonal = access_operand(divisor, divisor_signature, divide_box, layout,
                                      scop.parameters)
        except NoMatch as why:
            raise NoMatch(f"the division: {why}") from None
        if not divide_write.relation.intersect_domain(divide.domain).range().is_equal(cells):
            raise NoMatch("the division does not cover the output's cells")
        if [d for d, _ in divisor_signature] != [row, row] or diagonal.first != a.first:
            raise NoMatch("the division is not by the diagonal of the triangular matrix")
        if not _same_cells(statement, write, divide, divide_write).is_subset(order):
            raise NoMatch("a cell is divided before all its updates")
        group.append(divide)
    if not _reads_final_values(scop, statement, own, group, order):
        raise NoMatch("the output read is not the finished value of its cell (no solve)")
    routine = "trsv" if len(sizes) == 1 else "trsm"
    call = BlasCall(routine, element, sizes, "1", "1", output, [a], lower, len(group) == 1, left)
    return [s.name for s in group], call


def _writers(scop: Scop, array: str) -> list[Statement]:
    return [s for s in scop.statements if any(w.array == array for w in s.writes)]


def _domain(statements: list[Statement]) -> isl.UnionSet:
    result = isl.UnionSet.from_set(statements[0].domain)
    for statement in statements[1:]:
        result = result.union(isl.UnionSet.from_set(statement.domain))
    return result


def _reads_final_values(scop: Scop, statement: Statement, read: Access,
                        group: list[Statement], order: isl.UnionMap) -> bool:
    """Every instance of `read` gets the value its cell has once the group is done:
    written by the group, by no later instance of it; or, where its value comes
    from before the group, never written by it."""
    flow = dataflow(scop, statement, read, _writers(scop, read.array)).intersect_range(
        _domain(group))
    writes = written_cells(group, read.array, flow.get_space())
    later = writes.apply_range(writes.reverse()).intersect(order)
    if not flow.apply_range(later).is_empty():
        return False
    sinks = isl.UnionSet.from_set(statement.domain).subtract(flow.domain())
    unwritten = sinks.apply(isl.UnionMap.from_map(read.relation))
    return unwritten.intersect(writes.range()).is_empty()


def _product(scop, update: Update, own: Access, a, output, element, sizes, left, lower,
             box, order, taken) -> tuple[list[str], BlasCall]:
    statement, write = update.statement, update.write
    if len(sizes) != 2:
        raise NoMatch("an in-place triangular product of a vector (trmv) is not replaced")
    dims = statement.domain.dim(isl.dim_type.set)
    names, alpha, writers = [statement.name], "1", [statement]
    scale = _next_writer(scop, statement, write.array, taken)
    factor = scaling(scop, scale) if scale is not None else None
    if factor not in (None, "0"):
        scale_write = scale.writes[0]
        if (scale_write.relation.intersect_domain(scale.domain).range().is_equal(
                output_box(update, box, dims))
                and _same_cells(statement, write, scale, scale_write).is_subset(order)):
            names.append(scale.name)
            alpha = factor
            writers.append(scale)
    flow = dataflow(scop, statement, own, _writers(scop, write.array))
    if not flow.intersect_range(_domain(writers)).is_empty():
        raise NoMatch("the output read is not the input value of its cell (no product)")
    call = BlasCall("trmm", element, sizes, alpha, "1", output, [a], lower, True, left)
    return names, call
