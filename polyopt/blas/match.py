"""Linear algebra in a SCoP: statements that compute a BLAS operation.

A matcher over the polyhedral model (after Iooss's thesis, digest §5: a light
dataflow-and-access-signature matcher rather than full SARE equivalence).
A statement is an *update* ``OUT[w(x)] = OUT[w(x)] + t1 + t2 + ...`` (or ``+=``,
``-=``), each term a product of scalars (names the SCoP does not write, numbers)
and one or two array elements. Its domain must be a box whose bounds are affine
in the parameters; every access is one dimension of the domain plus a shift in
the parameters. The dimensions the output does not use are the reduction. The
signature of each term -- which domain dimensions the output and each operand
use, in which order -- is compared with the templates:

- gemm: OUT[i][j], operands [i][k] (or [k][i]) and [k][j] (or [j][k]);
- gemv: OUT[i], operands [i][k] (or [k][i]) and [k];
- ger:  OUT[i][j], operands [i] and [j], no reduction.

An *initialisation* ``OUT = 0`` / ``OUT *= beta`` / ``OUT = beta * OUT`` earlier
in the text, writing exactly the cells the update writes, before every update of
the same cell in the original order, becomes the call's beta (gemm and gemv).
Near misses are rejected with a reason (``--dump blas``): an index that is not
the template's, a statement that is no reduction, an output that an operand
aliases (the same array), a domain that is not a box, an element type that is
neither double nor float, an array that is not a contiguous row-major C array.

`match_blas` runs this matcher with the other families: products summed over
several statements (polyopt.blas.sums), in-place triangular solves and products
(polyopt.blas.triangular), and scalings that initialise nothing (scal).
"""

from __future__ import annotations

import islpy as isl

from polyopt.blas.calls import BlasAnalysis, BlasCall, BlasMatch, NoMatch, Operand
from polyopt.blas.reader import (Box, Layout, Term, Update, access_operand, access_signature,
                                 domain_box, output_box, parse_update, scalar_text, scaling)
from polyopt.blas.sums import match_sums
from polyopt.blas.triangular import match_in_place
from polyopt.core.scop import Access, Scop, Statement


# ---------------------------------------------------------------- the matcher

def _term_call(update: Update, term: Term, box: Box, out_dims: list[int],
               layout: Layout, scop: Scop) -> BlasCall:
    parameters = scop.parameters
    dims = update.statement.domain.dim(isl.dim_type.set)
    reductions = [d for d in range(dims) if d not in out_dims]
    accesses = [update.reader.access(node) for node in term.arrays]
    signatures = [access_signature(a, dims) for a in accesses]
    output_signature = access_signature(update.write, dims)

    def operand(access: Access, signature, transposed: bool = False) -> Operand:
        return access_operand(access, signature, box, layout, parameters, transposed)

    output = operand(update.write, output_signature)
    element = layout.element([update.write.array] + [a.array for a in accesses])
    alpha = scalar_text(term.sign, term.scalars)
    size = [box.size_text(d, parameters) for d in range(dims)]
    used = [[d for d, _ in s] for s in signatures]
    if len(out_dims) == 2 and len(reductions) == 1 and len(accesses) == 2:
        i, j = out_dims
        k = reductions[0]
        for a, b in ((0, 1), (1, 0)):
            first, second = used[a], used[b]
            if sorted(first) == sorted([i, k]) and sorted(second) == sorted([k, j]):
                return BlasCall("gemm", element, [size[i], size[j], size[k]], alpha, "1", output,
                                [operand(accesses[a], signatures[a], first == [k, i]),
                                 operand(accesses[b], signatures[b], second == [j, k])])
        raise NoMatch("a product of matrices whose indices are not [i][k] and [k][j] "
                      "(or transposed)")
    if len(out_dims) == 1 and len(reductions) == 1 and len(accesses) == 2:
        i, k = out_dims[0], reductions[0]
        for a, b in ((0, 1), (1, 0)):
            if sorted(used[a]) == sorted([i, k]) and len(used[a]) == 2 and used[b] == [k]:
                transposed = used[a] == [k, i]
                rows, columns = (size[k], size[i]) if transposed else (size[i], size[k])
                return BlasCall("gemv", element, [rows, columns], alpha, "1", output,
                                [operand(accesses[a], signatures[a], transposed),
                                 operand(accesses[b], signatures[b])])
        raise NoMatch("a matrix-vector product whose indices are not [i][k] and [k] "
                      "(or transposed)")
    if not out_dims and len(reductions) == 1 and len(accesses) == 2:
        k = reductions[0]
        if used == [[k], [k]]:
            return BlasCall("dot", element, [size[k]], alpha, "1", output,
                            [operand(accesses[0], signatures[0]),
                             operand(accesses[1], signatures[1])])
        raise NoMatch("a dot product whose indices are not [k] and [k]")
    if len(out_dims) == 1 and not reductions and len(accesses) == 1:
        if used[0] == out_dims:
            return BlasCall("axpy", element, [size[out_dims[0]]], alpha, "1", output,
                            [operand(accesses[0], signatures[0])])
        raise NoMatch("a vector update whose indices are not [i] and [i]")
    if len(out_dims) == 2 and not reductions and len(accesses) == 2:
        i, j = out_dims
        for a, b in ((0, 1), (1, 0)):
            if used[a] == [i] and used[b] == [j]:
                return BlasCall("ger", element, [size[i], size[j]], alpha, "1", output,
                                [operand(accesses[a], signatures[a]),
                                 operand(accesses[b], signatures[b])])
        raise NoMatch("an outer product whose indices are not [i] and [j]")
    raise NoMatch("no template has this shape (dimensions of the output, the reduction "
                  "and the operands)")


def _match_update(scop: Scop, update: Update, layout: Layout) -> list[BlasCall]:
    statement = update.statement
    dims = statement.domain.dim(isl.dim_type.set)
    box = domain_box(statement.domain)
    out_dims = [d for d, _ in access_signature(update.write, dims)]
    if len(set(out_dims)) != len(out_dims):
        raise NoMatch("the output is indexed twice by one iterator")
    if box.triangle is not None:
        return [_symmetric_call(update, box, out_dims, layout, scop)]
    return [_term_call(update, term, box, out_dims, layout, scop) for term in update.terms]


def _symmetric_call(update: Update, box: Box, out_dims: list[int], layout: Layout,
                    scop: Scop) -> BlasCall:
    """syrk (C += alpha A A^T on a triangle) or syr2k (C += alpha A B^T + alpha B A^T)."""
    parameters = scop.parameters
    dims = update.statement.domain.dim(isl.dim_type.set)
    if len(out_dims) != 2 or set(box.triangle[:2]) != set(out_dims) or dims != 3 \
            or box.triangle[2]:
        raise NoMatch("the domain is a triangle, but not of the output of a rank-k update")
    i, j = out_dims
    k = next(d for d in range(dims) if d not in out_dims)
    output = access_operand(update.write, access_signature(update.write, dims), box, layout,
                            parameters)
    if output.first[0] != output.first[1]:
        raise NoMatch("the triangle of the output does not start on its diagonal")
    pairs = []
    for term in update.terms:
        accesses = [update.reader.access(node) for node in term.arrays]
        if len(accesses) != 2:
            raise NoMatch("a term on a triangle is not a product of two matrices")
        signatures = [access_signature(a, dims) for a in accesses]
        used = [[d for d, _ in sig] for sig in signatures]
        for a, b in ((0, 1), (1, 0)):
            for transposed, row, column in ((False, [i, k], [j, k]), (True, [k, i], [k, j])):
                if used[a] == row and used[b] == column:
                    pairs.append((scalar_text(term.sign, term.scalars), transposed,
                                  access_operand(accesses[a], signatures[a], box, layout,
                                                 parameters, transposed),
                                  access_operand(accesses[b], signatures[b], box, layout,
                                                 parameters, transposed)))
                    break
            else:
                continue
            break
        else:
            raise NoMatch("a term on a triangle is not A[i][k] * B[j][k] (or transposed)")
    element = layout.element([update.write.array] + [p.array for _, _, first, second in pairs
                                                       for p in (first, second)])
    lower = box.triangle[:2] == (j, i)
    sizes = [box.size_text(i, parameters), box.size_text(k, parameters)]
    if len(pairs) == 1:
        alpha, transposed, first, second = pairs[0]
        if (first.array, first.first) != (second.array, second.first):
            raise NoMatch("a product on a triangle of two different matrices (no rank-k update)")
        return BlasCall("syrk", element, sizes, alpha, "1", output, [first], lower)
    if len(pairs) == 2:
        (alpha, transposed, a, b), (alpha2, transposed2, b2, a2) = pairs
        if (alpha, transposed) != (alpha2, transposed2) or \
                (a.array, a.first, b.array, b.first) != (a2.array, a2.first, b2.array, b2.first):
            raise NoMatch("two products on a triangle that are not A B^T + B A^T with one alpha")
        return BlasCall("syr2k", element, sizes, alpha, "1", output, [a, b], lower)
    raise NoMatch("more than two products on a triangle")



def _written_cells(statement: Statement, write: Access) -> isl.Set:
    return write.relation.intersect_domain(statement.domain).range()



def _scal_call(scop: Scop, statement: Statement, layout: Layout) -> BlasCall:
    """`x[i] *= a` over a box of one dimension."""
    factor = scaling(scop, statement)
    if factor is None or factor == "0":
        raise NoMatch("not a scaling of a vector")
    write = statement.writes[0]
    box = domain_box(statement.domain)
    signature = access_signature(write, statement.domain.dim(isl.dim_type.set))
    if len(signature) != 1 or box.triangle is not None:
        raise NoMatch("a scaling of something else than a vector")
    output = access_operand(write, signature, box, layout, scop.parameters)
    return BlasCall("scal", layout.element([write.array]),
                    [box.size_text(signature[0][0], scop.parameters)], factor, "1", output, [])


def _initialisation(scop: Scop, update: Update, order: isl.UnionMap) -> tuple[Statement, str] | None:
    """The statement that initialises the update's cells just before it in the text,
    and the beta it gives (None if there is none that can be one)."""
    index = scop.statements.index(update.statement)
    earlier = [s for s in scop.statements[:index]
               if any(w.array == update.write.array for w in s.writes)]
    if not earlier:
        return None
    init = earlier[-1]
    beta = scaling(scop, init)
    if beta is None:
        return None
    write = init.writes[0]
    if not write.relation.intersect_domain(init.domain).is_injective():
        return None
    # the same cells: those of the update's output box, for every parameter value
    dims = update.statement.domain.dim(isl.dim_type.set)
    try:
        box = domain_box(update.statement.domain)
    except NoMatch:
        return None
    cells = output_box(update, box, dims)
    if not _written_cells(init, write).is_equal(cells):
        return None
    # each cell initialised before every update of it, in the original order
    same_cell = isl.UnionMap.from_map(write.relation.intersect_domain(init.domain)).apply_range(
        isl.UnionMap.from_map(update.write.relation.intersect_domain(
            update.statement.domain)).reverse())
    if not same_cell.is_subset(order):
        return None
    return init, beta



def match_blas(scop: Scop, declarations: dict,
               private: frozenset[str] = frozenset()) -> BlasAnalysis:
    """Every statement (with its initialisation) that BLAS calls can replace.
    `declarations`: name -> frontend.declarations.Declaration visible at the SCoP;
    `private`: scalars whose values nothing reads after the SCoP (a symmetric
    product may keep a sum in one: polyopt.blas.sums)."""
    analysis = BlasAnalysis()
    if scop.macro_accesses:         # the statements' text hides their accesses in calls
        analysis.rejected = {s.name: "it accesses arrays through macros" for s in scop.statements}
        return analysis
    layout = Layout(scop, declarations)
    schedule = scop.schedule.get_map().intersect_domain(scop.domain())
    order = schedule.lex_lt_union_map(schedule)
    taken: set[str] = set()
    for names, call in match_sums(scop, layout, order, taken, private, ("symm",)):
        analysis.matches.append(BlasMatch(names, [call]))   # over several statements
    for statement in scop.statements:
        if statement.name in taken:
            continue
        try:
            update = parse_update(scop, statement)
            calls = _match_update(scop, update, layout)
        except NoMatch as why:
            analysis.rejected[statement.name] = str(why)
            continue
        except isl.Error as error:      # a form isl cannot decide here: not matched
            analysis.rejected[statement.name] = f"isl: {error}"
            continue
        names = [statement.name]
        if calls[0].routine in ("gemm", "gemv", "syrk", "syr2k", "dot"):
            try:
                found = _initialisation(scop, update, order)
            except isl.Error:
                found = None
            if found is not None and found[0].name not in taken:
                init, beta = found
                calls[0].beta = beta
                names.insert(0, init.name)
                analysis.rejected.pop(init.name, None)
        taken.update(names)
        analysis.matches.append(BlasMatch(names, calls))
    for statement in scop.statements:       # triangular solves and products, in place
        if statement.name in taken:
            continue
        try:
            names, call = match_in_place(scop, statement, layout, order, taken)
        except (NoMatch, isl.Error) as why:
            if "aliasing" in analysis.rejected.get(statement.name, ""):
                analysis.rejected[statement.name] += f"; in place: {why}"
            continue
        for name in names:
            analysis.rejected.pop(name, None)
        taken.update(names)
        analysis.matches.append(BlasMatch(names, [call]))
    # products the templates above do not see: summed in a scalar, over several statements
    for names, call in match_sums(scop, layout, order, taken, private, ("gemm", "gemv"),
                                  analysis.rejected):
        for name in names:
            analysis.rejected.pop(name, None)
        analysis.matches.append(BlasMatch(names, [call]))
    for statement in scop.statements:       # scalings that initialise nothing
        if statement.name in taken:
            continue
        try:
            call = _scal_call(scop, statement, layout)
        except (NoMatch, isl.Error):
            continue
        analysis.rejected.pop(statement.name, None)
        analysis.matches.append(BlasMatch([statement.name], [call]))
    analysis.matches.sort(key=lambda m: scop.statements.index(scop.statement(m.statements[0])))
    return analysis
