"""Products summed over several statements, read as sums of products over the
polyhedral model: symmetric matrix products (symm), and matrix products whose sums
are kept in a scalar (gemm), which no one statement shows.

PolyBench's symm reads only one triangle of the symmetric matrix, and spreads one
product over three statements and a scalar:

    temp2 = 0;
    for (k = 0; k < i; k++) {
      C[k][j] += alpha * B[i][j] * A[i][k];       /* the upper part, through A's lower */
      temp2 += B[k][j] * A[i][k];                  /* the lower part, in a scalar */
    }
    C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;

No one statement is a template here. As in Iooss's normal form (digest §1-2:
reductions lifted, each output cell's value written as one sum), the statements
that write the output array are read as a whole, by exact dataflow (isl):

- every write of an output cell reads the cell's previous value once, as a term:
  the first write of each cell reads the input, scaled by beta (the same for all
  cells); every later one adds to what the write before it left (factor 1). So
  each cell's final value is ``beta * C_in + (every term added to it)``;
- a scalar read as a term (``alpha * temp2``) is *lifted*: it is set to zero, then
  accumulated by ``temp2 += product`` statements, and each value is read exactly
  once (so every accumulation is read by the one term at the end of its chain);
  the term is then the sum of the products accumulated since the last zero. The
  scalar must be private to the region: declared in the function, and named
  nowhere else in the file after the region and nowhere before it in the function
  but its declaration (``privatize.private_scalars``);
- each product becomes tuples (output cell, element of one matrix, element of the
  other); every tuple must come from one statement instance only, and the union
  must be exactly what ``C = alpha * op(A) * B`` (side left) or ``B * op(A)``
  (right) sums with A symmetric and only its lower (or upper) triangle read:
  ``A_sym[r][t] = A[max(r,t)][min(r,t)]`` (lower).

Then the statements (with the scalar's) become one ``cblas_?symm`` call.

The same reading finds matrix products that the one-statement templates
(polyopt.blas.match) miss because the sum is kept in a scalar::

    s = 0;
    for (k = 0; k < NK; k++)
      s += A[i][k] * B[k][j];
    C[i][j] = s;                 /* or beta * C[i][j] + alpha * s, or C[i][j] += s */

an overwrite like ``C[i][j] = s`` being a first write with beta 0: the union of the
tuples must be ``C[r][c] += op(A)[r][t] * op(B)[t][c]`` for the output's cells (a
rectangle) and t over one interval, with A or B transposed or not; that interval
gives the call's K and the operands' first elements.

Other statements may read the output's final values (or its input, before the
writers: the call is then ordered after them), never a value that a later write
replaces; and an operand the SCoP writes is written before all the matched
statements, or after all of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import islpy as isl
from pycparser import c_ast

from polyopt.blas.calls import BlasCall, NoMatch, Operand
from polyopt.blas.reader import (PRINTER, Layout, StatementReader, Term, aff_text, dataflow,
                                 domain_box, expands_to_zero, is_zero, scalar_text, scaling,
                                 sum_terms)
from polyopt.core.dependences import accesses_to
from polyopt.core.scop import Access, Scop, Statement


@dataclass
class _Product:
    """Products added to the output: `domain` (a set of statement instances, or of
    wrapped pairs [reader -> accumulation]) and the maps from it to the output cell
    and to each matrix element multiplied, with their scalar factor."""

    sign: int
    scalars: list[str]            # C text of each scalar factor
    domain: isl.Set
    cell: isl.Map
    elements: list[isl.Map]       # two matrix elements

    def key(self) -> str:
        """The C text of the factor (the call's alpha)."""
        return scalar_text(self.sign, sorted(self.scalars))


def _own_read(statement: Statement, write: Access) -> Access:
    """The read of the written cell by the left side of `+=` or `*=`."""
    found = [r for r in statement.reads if r.location == write.location]
    if len(found) != 1:
        raise NoMatch("the written cell's own read is not found in the model")
    return found[0]


def _texts(scalars: list[c_ast.Node]) -> list[str]:
    return [PRINTER.visit(s) for s in scalars]


@dataclass
class _Accumulation:
    """A statement OUT = scale * OUT + terms (or OUT += terms)."""

    statement: Statement
    write: Access
    own: Access | None                # None: OUT = 0 (scale "0")
    scale: str                        # the C text of the own term's factor
    terms: list[Term]


def _accumulation(scop: Scop, statement: Statement, private: frozenset[str]) -> _Accumulation:
    body = statement.body
    if (not isinstance(body, c_ast.Assignment) or len(statement.writes) != 1
            or not isinstance(body.lvalue, (c_ast.ArrayRef, c_ast.ID))):
        raise NoMatch("not one assignment")
    write = statement.writes[0]
    reader = StatementReader(scop, statement)
    if body.op in ("+=", "-="):
        terms = [reader.term(sign, node, private)
                 for sign, node in sum_terms(body.rvalue, 1 if body.op == "+=" else -1)]
        return _Accumulation(statement, write, _own_read(statement, write), "1", terms)
    scale = scaling(scop, statement)      # OUT = 0, OUT *= beta, OUT = beta * OUT
    if scale is not None:
        own = (None if scale == "0" else _own_read(statement, write) if body.op == "*="
               else reader.access(reader.term(1, body.rvalue).arrays[0]))
        return _Accumulation(statement, write, own, scale, [])
    if body.op != "=":
        raise NoMatch(f"the operator '{body.op}' is no accumulation")
    own, terms = [], []
    for term_sign, node in sum_terms(body.rvalue):
        term = reader.term(term_sign, node, private)
        cells = [a for a in term.arrays if reader.access(a).array == write.array]
        if cells:
            if len(term.arrays) != 1 or term.lifted is not None:
                raise NoMatch(f"the output '{write.array}' is multiplied by something else "
                              "than scalars the SCoP does not write")
            read = reader.access(cells[0])
            if not read.relation.is_equal(write.relation):
                raise NoMatch(f"the output '{write.array}' is read at another cell")
            own.append((read, scalar_text(term.sign, term.scalars)))
        else:
            terms.append(term)
    if len(own) > 1:
        raise NoMatch("the output's cell is read in two terms")
    if not own:                             # OUT = terms: overwritten (scale "0")
        return _Accumulation(statement, write, None, "0", terms)
    return _Accumulation(statement, write, own[0][0], own[0][1], terms)


def _instances(statements: list[Statement]) -> isl.UnionSet:
    result = None
    for statement in statements:
        domain = isl.UnionSet.from_set(statement.domain)
        result = domain if result is None else result.union(domain)
    return result


def _access_map(scop: Scop, statement: Statement, node: c_ast.Node) -> isl.Map:
    reader = StatementReader(scop, statement)
    return reader.access(node).relation.intersect_domain(statement.domain)


def _direct_products(scop: Scop, accumulation: _Accumulation) -> list[_Product]:
    statement = accumulation.statement
    cell = accumulation.write.relation.intersect_domain(statement.domain)
    products = []
    for term in accumulation.terms:
        if term.lifted is not None:
            continue
        if len(term.arrays) != 2:
            raise NoMatch("a term is not a product of two matrix elements")
        products.append(_Product(term.sign, _texts(term.scalars), statement.domain, cell,
                                 [_access_map(scop, statement, a) for a in term.arrays]))
    return products


def _lifted_products(scop: Scop, accumulation: _Accumulation, order: isl.UnionMap,
                     private: frozenset[str], group: set[str]) -> list[_Product]:
    """The products a lifted scalar's terms stand for (see the module); `group` gets
    the names of the statements that set and accumulate the scalars."""
    reader = accumulation.statement
    products = []
    for term in accumulation.terms:
        if term.lifted is None:
            continue
        scalar = term.lifted.name
        kinds = {name: " ".join((scop.arrays[name].element_type or "?").split())
                 for name in (scalar, accumulation.write.array)}
        if "?" in kinds.values() or len(set(kinds.values())) != 1:
            # an int sum truncates at each step, a double one of floats rounds less:
            # the call sums in the arrays' type
            raise NoMatch(f"the scalar '{scalar}' is not declared with the type of "
                          f"'{accumulation.write.array}' ({kinds[scalar]}, not "
                          f"{kinds[accumulation.write.array]})")
        writers = [s for s in scop.statements if any(w.array == scalar for w in s.writes)]
        zeros, sums = [], []
        for writer in writers:
            body = writer.body
            if (isinstance(body, c_ast.Assignment) and body.op == "="
                    and (is_zero(body.rvalue) or expands_to_zero(scop, body.rvalue))):
                zeros.append(writer)
            else:
                sums.append(_accumulation(scop, writer, private))
        if not zeros or not sums:
            raise NoMatch(f"the scalar '{scalar}' is not set to zero, then accumulated")
        for summed in sums:
            if summed.scale != "1":
                raise NoMatch(f"the scalar '{scalar}' is scaled while accumulated")
            if any(t.lifted is not None or len(t.arrays) != 2 for t in summed.terms):
                raise NoMatch(f"the scalar '{scalar}' accumulates something else than "
                              "products of two matrix elements")
        readers = [s for s in scop.statements
                   if any(r.array == scalar for r in s.reads)]
        if {s.name for s in readers} != {reader.name} | {s.statement.name for s in sums}:
            raise NoMatch(f"the scalar '{scalar}' is read elsewhere")
        read = [r for r in reader.reads if r.array == scalar]
        if len(read) != 1:
            raise NoMatch(f"the scalar '{scalar}' is read twice")
        sources = zeros + [s.statement for s in sums]
        into_reader = dataflow(scop, reader, read[0], sources)
        into_sums = [dataflow(scop, s.statement, s.own, sources) for s in sums]
        if not into_reader.domain().is_equal(isl.UnionSet.from_set(reader.domain)):
            raise NoMatch(f"a read of '{scalar}' gets no value set in the SCoP")
        every = into_reader
        for summed, flow in zip(sums, into_sums):
            if not flow.domain().is_equal(isl.UnionSet.from_set(summed.statement.domain)):
                raise NoMatch(f"an accumulation of '{scalar}' adds to a value not set in "
                              "the SCoP")
            every = every.union(flow)
        readers_of = every.reverse()
        if (not readers_of.is_single_valued()
                or not readers_of.domain().is_equal(_instances(sources))):
            raise NoMatch(f"a value of '{scalar}' is read twice, or never")
        # the accumulations of a reader's chain: before it, with no zeroing between
        target = isl.UnionSet.from_set(reader.domain)
        zeroed = _instances(zeros)
        for summed in sums:
            own = isl.UnionSet.from_set(summed.statement.domain)
            before = order.intersect_domain(own).intersect_range(target)
            cut = (order.intersect_domain(own).intersect_range(zeroed)
                   .apply_range(order.intersect_domain(zeroed).intersect_range(target)))
            to_space = summed.statement.domain.get_space()   # (statements' parameters differ)
            from_space = reader.domain.get_space().align_params(to_space)
            chain = before.subtract(cut).reverse().extract_map(      # reader -> sum
                isl.Space.map_from_domain_and_range(from_space, to_space.align_params(from_space)))
            pairs = chain.wrap()
            cell = chain.domain_map().apply_range(
                accumulation.write.relation.intersect_domain(reader.domain))
            for inner in summed.terms:
                elements = [chain.range_map().apply_range(
                    _access_map(scop, summed.statement, a)) for a in inner.arrays]
                products.append(_Product(term.sign * inner.sign, _texts(term.scalars + inner.scalars),
                                         pairs, cell, elements))
        group.update(s.name for s in writers)
    return products


def _tuples(product: _Product, roles: tuple[str, str]) -> isl.Set:
    """{ P[r, c, a0, a1, b0, b1] }: the cell, then the elements of roles[0] and roles[1]."""
    arrays = [e.get_tuple_name(isl.dim_type.out) for e in product.elements]
    if sorted(arrays) != sorted(roles):
        raise NoMatch("the products do not multiply the same two matrices")
    first, second = product.elements if arrays[0] == roles[0] else product.elements[::-1]
    joined = product.cell.flat_range_product(first).flat_range_product(second)
    joined = joined.intersect_domain(product.domain)
    if not joined.is_injective():
        raise NoMatch("one product is added twice to a cell")
    return joined.range().set_tuple_name("P")


_EXPECTED = {
    # (left, lower): the tuples [r, c, a0, a1, b0, b1] of C[r][c] += A_sym[r][t] * B[t][c]
    (True, True): "{ [r, c, t] -> P[r, c, r, t, t, c] : t <= r; "
                  "[r, c, t] -> P[r, c, t, r, t, c] : t > r }",
    (True, False): "{ [r, c, t] -> P[r, c, t, r, t, c] : t <= r; "
                   "[r, c, t] -> P[r, c, r, t, t, c] : t > r }",
    # right: C[r][c] += B[r][t] * A_sym[t][c]
    (False, True): "{ [r, c, t] -> P[r, c, c, t, r, t] : t <= c; "
                   "[r, c, t] -> P[r, c, t, c, r, t] : t > c }",
    (False, False): "{ [r, c, t] -> P[r, c, t, c, r, t] : t <= c; "
                    "[r, c, t] -> P[r, c, c, t, r, t] : t > c }",
}


def _expected(cells: isl.Set, left: bool, lower: bool) -> isl.Set:
    """Every tuple symm sums for the output's cells (a box)."""
    plain = cells.reset_tuple_id()
    along = 0 if left else 1            # t runs over the rows (left) or the columns
    other = 1 - along
    line = plain.project_out(isl.dim_type.set, other, 1)
    triples = plain.flat_product(line)
    return triples.apply(isl.Map(_EXPECTED[(left, lower)]))


def match_sums(scop: Scop, layout: Layout, order: isl.UnionMap, taken: set[str],
               private: frozenset[str], forms: tuple[str, ...],
               rejected: dict[str, str] | None = None) -> list[tuple[list[str], BlasCall]]:
    """Each output array whose writers compute one of `forms` ("symm", "gemm", "gemv"; see
    the module): the names of the statements, in the text's order, and the call.
    `taken` gets the names of each match's statements. Where the writers of an output
    that no match took read a private scalar (a sum kept in one), `rejected` (statement
    -> why not, as polyopt.blas.calls.BlasAnalysis) gets why the sum is no call."""
    found = []
    for name, array in scop.arrays.items():
        if array.rank not in (1, 2) or not array.written:
            continue
        try:
            names, call = _match_output(scop, name, layout, order, taken, private, forms)
        except (NoMatch, isl.Error) as why:
            writers = [s for s in scop.statements if any(w.array == name for w in s.writes)]
            if rejected is not None and any(r.array in private for s in writers
                                            for r in s.reads):
                for writer in writers:
                    if writer.name not in taken:
                        rejected[writer.name] = "; ".join(
                            filter(None, [rejected.get(writer.name),
                                          f"summed over statements: {why}"]))
            continue
        taken.update(names)
        found.append((names, call))
    return found


def _match_output(scop: Scop, output: str, layout: Layout, order: isl.UnionMap,
                  taken: set[str], private: frozenset[str], forms: tuple[str, ...]
                  ) -> tuple[list[str], BlasCall]:
    writers = [s for s in scop.statements if any(w.array == output for w in s.writes)]
    if any(s.name in taken for s in writers):
        raise NoMatch("a writer is matched already")
    _final_values_only(scop, output, writers, order)
    accumulations = [_accumulation(scop, s, private) for s in writers]
    # which writes read the input: all of a statement's, or none
    betas = set()
    for accumulation in accumulations:
        if accumulation.own is None:        # OUT = 0 or OUT = terms: a first write
            if not dataflow(scop, accumulation.statement, accumulation.write, writers).is_empty():
                raise NoMatch(f"{accumulation.statement.name} overwrites cells after they "
                              "were written")
            betas.add("0")
            continue
        # the instances that read the input are first writes: their scale is beta;
        # the others add to a value computed in the SCoP, which they may not scale
        computed = dataflow(scop, accumulation.statement, accumulation.own, writers).domain()
        domain = isl.UnionSet.from_set(accumulation.statement.domain)
        if not computed.is_equal(domain):
            betas.add(accumulation.scale)
        if not computed.is_empty() and accumulation.scale != "1":
            raise NoMatch(f"{accumulation.statement.name} scales a value computed in the SCoP")
    if len(betas) != 1:
        raise NoMatch("the cells are not all scaled by one beta")
    group = {s.name for s in writers}
    products = []
    for accumulation in accumulations:
        products += _direct_products(scop, accumulation)
        products += _lifted_products(scop, accumulation, order, private, group)
    if group & taken:
        raise NoMatch("a statement of the scalar's is matched already")
    if len({p.key() for p in products}) != 1:
        raise NoMatch("the products do not share one scalar factor")
    arrays = sorted({e.get_tuple_name(isl.dim_type.out) for p in products for e in p.elements})
    if len(arrays) != 2 or output in arrays:
        raise NoMatch("the products do not multiply two arrays other than the output")
    names = [s.name for s in scop.statements if s.name in group]
    instances = _instances([scop.statement(name) for name in names])
    for operand in arrays:
        _unchanged_while_read(scop, operand, instances, order)
    cells = None
    for accumulation in accumulations:
        written = accumulation.write.relation.intersect_domain(
            accumulation.statement.domain).range()
        cells = written if cells is None else cells.union(written)
    box = domain_box(cells)
    if box.triangle is not None:
        raise NoMatch("the output's cells are not a rectangle")
    parameters = scop.parameters
    rank = scop.arrays[output].rank
    for roles in (tuple(arrays), tuple(arrays[::-1])):
        tuples = [_tuples(p, roles) for p in products]
        union = tuples[0]
        for k, part in enumerate(tuples[1:], 1):
            if any(not part.intersect(earlier).is_empty() for earlier in tuples[:k]):
                raise NoMatch("one product is added twice to a cell")
            union = union.union(part)
        found = _Sum(union, cells, roles, tuple(scop.arrays[a].rank for a in roles),
                     [aff_text(box.lower[d], parameters) for d in range(rank)],
                     [box.size_text(d, parameters) for d in range(rank)], len(products),
                     parameters)
        for form in forms:
            call = _FORMS[form](found)
            if call is not None:
                routine, sizes, operands, flags = call
                call = BlasCall(routine, layout.element([output, *roles]), sizes,
                                products[0].key(), next(iter(betas)),
                                Operand(output, found.corner, layout.check(output, rank)),
                                [Operand(array, first, layout.check(array, len(first)), flipped)
                                 for array, first, flipped in operands], **flags)
                return names, call
    raise NoMatch("the sums are not " + " or ".join(_FORM_TEXT[f] for f in forms))


@dataclass
class _Sum:
    """What the writers of an output sum, for the forms to recognise: the union of
    the tuples (cell, element of roles[0], element of roles[1]), the cells, the ranks
    of the two arrays, the cells' first element and sizes (C text)."""

    union: isl.Set
    cells: isl.Set
    roles: tuple[str, str]
    ranks: tuple[int, int]
    corner: list[str]
    sizes: list[str]
    products: int
    parameters: list[str]

    def line(self, position: int) -> isl.Set:
        """The values of tuple dimension `position` (the summed index)."""
        n = self.union.dim(isl.dim_type.set)
        return self.union.project_out(isl.dim_type.set, position + 1, n - position - 1) \
            .project_out(isl.dim_type.set, 0, position).reset_tuple_id()

    def summed(self, position: int, template: str) -> tuple[str, str] | None:
        """(first value, count) of the summed index t, where the union is exactly
        `template` ({ [cell..., t] -> P[...] }) over the cells and one interval of t."""
        line = self.line(position)
        expected = self.cells.reset_tuple_id().flat_product(line).apply(isl.Map(template))
        if not self.union.is_equal(expected):
            return None
        inner = domain_box(line.gist_params(self.cells.params()))     # where there are cells
        return aff_text(inner.lower[0], self.parameters), inner.size_text(0, self.parameters)


def _symm_form(found: _Sum):
    if found.ranks != (2, 2) or len(found.corner) != 2 or found.products < 2:
        return None
    row, column = found.corner
    for left in (True, False):
        for lower in (True, False):
            if found.union.is_equal(_expected(found.cells, left, lower)):
                corner = row if left else column
                return "symm", found.sizes, [(found.roles[0], [corner, corner], False),
                                             (found.roles[1], [row, column], False)], \
                    {"lower": lower, "left": left}
    return None


_GEMM = {
    # (A transposed, B transposed): the tuples [r, c, a0, a1, b0, b1] of
    # C[r][c] += op(A)[r][t] * op(B)[t][c]
    (False, False): "{ [r, c, t] -> P[r, c, r, t, t, c] }",
    (True, False): "{ [r, c, t] -> P[r, c, t, r, t, c] }",
    (False, True): "{ [r, c, t] -> P[r, c, r, t, c, t] }",
    (True, True): "{ [r, c, t] -> P[r, c, t, r, c, t] }",
}


def _gemm_form(found: _Sum):
    if found.ranks != (2, 2) or len(found.corner) != 2:
        return None
    row, column = found.corner
    for (transposed_a, transposed_b), template in _GEMM.items():
        summed = found.summed(2 if transposed_a else 3, template)
        if summed is not None:
            start, count = summed
            return "gemm", [*found.sizes, count], [
                (found.roles[0], [start, row] if transposed_a else [row, start], transposed_a),
                (found.roles[1], [column, start] if transposed_b else [start, column],
                 transposed_b)], {}
    return None


_GEMV = {
    # A transposed: the tuples [r, a0, a1, x0] of y[r] += op(A)[r][t] * x[t]
    False: "{ [r, t] -> P[r, r, t, t] }",
    True: "{ [r, t] -> P[r, t, r, t] }",
}


def _gemv_form(found: _Sum):
    if found.ranks != (2, 1) or len(found.corner) != 1:
        return None
    row = found.corner[0]
    for transposed, template in _GEMV.items():
        summed = found.summed(1 if transposed else 2, template)
        if summed is not None:
            start, count = summed
            rows, columns = (count, found.sizes[0]) if transposed else (found.sizes[0], count)
            return "gemv", [rows, columns], [
                (found.roles[0], [start, row] if transposed else [row, start], transposed),
                (found.roles[1], [start], False)], {}
    return None


_FORMS = {"symm": _symm_form, "gemm": _gemm_form, "gemv": _gemv_form}
_FORM_TEXT = {"symm": "a symmetric matrix (one triangle read) times a matrix",
              "gemm": "a product of two matrices",
              "gemv": "a matrix times a vector"}


def _final_values_only(scop: Scop, output: str, writers: list[Statement],
                       order: isl.UnionMap) -> None:
    """A statement that reads the output without writing it may read the values the
    writers leave, or those before them (the call is then ordered after it), but not
    one that a later write replaces: one call never shows it. NoMatch if it does."""
    others = [s for s in scop.statements
              if s not in writers and any(r.array == output for r in s.reads)]
    if not others:
        return
    written = accesses_to(scop, output, writes=True)     # writer instance -> cell
    # (order holds only the SCoP's instances)
    overwritten = written.apply_range(written.reverse()).intersect(order).domain()
    for statement in others:
        for read in statement.reads:
            if read.array == output and not dataflow(scop, statement, read, writers).range() \
                    .intersect(overwritten).is_empty():
                raise NoMatch(f"{statement.name} reads a value of '{output}' that a later "
                              "write replaces")


def _unchanged_while_read(scop: Scop, operand: str, instances: isl.UnionSet,
                          order: isl.UnionMap) -> None:
    """Every write of `operand` in the SCoP comes before all the matched instances, or
    after all of them (the call reads it at one time). NoMatch if not."""
    writes = _instances([s for s in scop.statements
                         if any(w.array == operand for w in s.writes)])
    if writes is None:
        return
    before = isl.UnionMap.from_domain_and_range(writes, instances)
    after = isl.UnionMap.from_domain_and_range(instances, writes)
    if not (before.is_subset(order) or after.is_subset(order)):
        raise NoMatch(f"'{operand}' is written while the products read it")
