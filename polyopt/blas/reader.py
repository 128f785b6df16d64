"""What the matchers share: reading a statement of the SCoP as BLAS pieces.

The domain as a box (or a triangle) with bounds affine in the parameters
(`domain_box`), each access as one domain dimension plus a shift per subscript
(`access_signature`), the right-hand side as a sum of terms, each a product of
scalars and array elements (`StatementReader`, `parse_update`), the arrays'
declarations (`Layout`: contiguous row-major arrays, their element type), the
factor of a scaling (`scaling`), and the exact dataflow into a read (`dataflow`).
A form none of this reads raises `NoMatch` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import islpy as isl
from pycparser import c_ast, c_generator

from polyopt.blas.calls import ELEMENT_PREFIX, NoMatch, Operand
from polyopt.core.scop import ELEMENT_BYTES, Access, Scop, Statement


# ---------------------------------------------------------------- affine parts

@dataclass
class Box:
    """A domain that is a box: per dimension, lower bound and size (isl affs of
    the parameters) and their C text."""

    lower: list[isl.Aff]
    upper: list[isl.Aff]
    # a triangle (low, high, strict): the box cut by x[low] <= x[high] (or <),
    # the two dimensions having the same bounds
    triangle: tuple[int, int, bool] | None = None

    def size_text(self, d: int, parameters: list[str]) -> str:
        return aff_text(self.upper[d].sub(self.lower[d]).add_constant_val(
            isl.Val.one(self.upper[d].get_ctx())), parameters)


def _single_aff(pw: isl.PwAff) -> isl.Aff:
    pieces = pw.get_pieces()
    if len(pieces) != 1:
        raise NoMatch("a bound of the domain is not one affine expression")
    return pieces[0][1]


def domain_box(domain: isl.Set) -> Box:
    """The domain as a box with bounds affine in the parameters (NoMatch if not)."""
    if domain.is_empty():
        raise NoMatch("the domain is empty")
    lower, upper = [], []
    for d in range(domain.dim(isl.dim_type.set)):
        lower.append(_single_aff(domain.dim_min(d)))
        upper.append(_single_aff(domain.dim_max(d)))
    box = isl.Set.universe(domain.get_space())
    for d, (low, high) in enumerate(zip(lower, upper)):
        position = isl.Aff.var_on_domain(isl.LocalSpace.from_space(domain.get_space()),
                                         isl.dim_type.set, d)
        space = isl.LocalSpace.from_space(domain.get_space())
        low_on = isl.Aff.zero_on_domain(space).add(_on_set_space(low, domain))
        high_on = isl.Aff.zero_on_domain(space).add(_on_set_space(high, domain))
        box = box.intersect(position.ge_set(low_on)).intersect(position.le_set(high_on))
    for aff in lower + upper:
        if aff.dim(isl.dim_type.div):
            raise NoMatch("a bound of the domain has an integer division")
    if box.is_equal(domain):
        return Box(lower, upper)
    triangle = _triangle(domain, box, lower, upper)
    if triangle is None:
        raise NoMatch("the domain is neither a box nor a triangle (bounds in the parameters)")
    return Box(lower, upper, triangle)


def _triangle(domain: isl.Set, box: isl.Set, lower: list[isl.Aff], upper: list[isl.Aff]
              ) -> tuple[int, int, bool] | None:
    """(low, high, strict) where the domain is a box cut by x[low] <= x[high] (or <),
    the two dimensions then taking the same bounds: lower[low] to upper[high].
    `lower` and `upper` are updated to those bounds."""
    space = isl.LocalSpace.from_space(domain.get_space())
    dims = domain.dim(isl.dim_type.set)
    for low in range(dims):
        for high in range(dims):
            if low == high:
                continue
            square = box
            for d in (low, high):
                position = isl.Aff.var_on_domain(space, isl.dim_type.set, d)
                square = square.drop_constraints_involving_dims(isl.dim_type.set, d, 1)
                square = square.intersect(position.ge_set(
                    isl.Aff.zero_on_domain(space).add(_on_set_space(lower[low], domain))))
                square = square.intersect(position.le_set(
                    isl.Aff.zero_on_domain(space).add(_on_set_space(upper[high], domain))))
            first = isl.Aff.var_on_domain(space, isl.dim_type.set, low)
            second = isl.Aff.var_on_domain(space, isl.dim_type.set, high)
            for strict in (False, True):
                cut = (first.add_constant_val(isl.Val.one(first.get_ctx())) if strict
                       else first).le_set(second)
                if square.intersect(cut).is_equal(domain):
                    lower[high], upper[low] = lower[low], upper[high]
                    return low, high, strict
    return None


def _on_set_space(aff: isl.Aff, domain: isl.Set) -> isl.Aff:
    """A parameter-only aff (on a 0-d domain) as an aff on the domain's set space."""
    dims = domain.dim(isl.dim_type.set)
    return aff.insert_dims(isl.dim_type.in_, 0, dims).set_tuple_id(
        isl.dim_type.in_, domain.get_tuple_id()) if domain.has_tuple_id() else \
        aff.insert_dims(isl.dim_type.in_, 0, dims)


def aff_text(aff: isl.Aff, parameters: list[str]) -> str:
    """C text of an affine expression of the parameters with integer coefficients."""
    if not aff.get_denominator_val().is_one():
        raise NoMatch("a bound has a rational coefficient")
    terms = []
    for k in range(aff.dim(isl.dim_type.param)):
        value = aff.get_coefficient_val(isl.dim_type.param, k).to_python()
        name = aff.get_dim_name(isl.dim_type.param, k)
        if value:
            terms.append((value, name))
    for k in range(aff.dim(isl.dim_type.in_)):
        if aff.get_coefficient_val(isl.dim_type.in_, k).to_python():
            raise NoMatch("a bound depends on an iterator")
    constant = aff.get_constant_val().to_python()
    text = ""
    for value, name in terms:
        sign = "-" if value < 0 else "+"
        part = name if abs(value) == 1 else f"{abs(value)} * {name}"
        text = (f"-{part}" if sign == "-" else part) if not text else f"{text} {sign} {part}"
    if constant or not text:
        text = str(constant) if not text else f"{text} {'-' if constant < 0 else '+'} {abs(constant)}"
    return text if len(terms) + bool(constant) <= 1 else f"({text})"


def access_signature(access: Access, dims: int) -> list[tuple[int, isl.Aff]]:
    """Per subscript: the domain dimension it follows and the shift (an aff of the
    parameters): subscript r = x[d_r] + shift_r. NoMatch for other subscripts."""
    pieces = []
    if access.relation.is_single_valued():
        isl.PwMultiAff.from_map(access.relation).foreach_piece(
            lambda piece, multi: pieces.append((piece, multi)))
    if len(pieces) != 1:
        raise NoMatch(f"the access to '{access.array}' is not one affine function")
    multi = pieces[0][1]
    result = []
    for r in range(multi.dim(isl.dim_type.out)):
        aff = multi.get_at(r)
        if aff.dim(isl.dim_type.div):
            raise NoMatch(f"a subscript of '{access.array}' has an integer division")
        followed = [d for d in range(dims)
                    if aff.get_coefficient_val(isl.dim_type.in_, d).to_python() != 0]
        if len(followed) != 1 or aff.get_coefficient_val(
                isl.dim_type.in_, followed[0]).to_python() != 1:
            raise NoMatch(f"a subscript of '{access.array}' is not one iterator plus a shift")
        result.append((followed[0], _parameter_part(aff, access.relation.get_space())))
    return result


def _parameter_part(aff: isl.Aff, space: isl.Space) -> isl.Aff:
    """The constant and parameter terms of `aff`, as an aff on the parameter space
    (the space of the bounds isl's dim_min gives)."""
    result = isl.Aff.zero_on_domain(isl.LocalSpace.from_space(space.params()))
    for k in range(aff.dim(isl.dim_type.param)):
        result = result.set_coefficient_val(isl.dim_type.param, k,
                                            aff.get_coefficient_val(isl.dim_type.param, k))
    return result.set_constant_val(aff.get_constant_val())


# ---------------------------------------------------------------- C expressions

PRINTER = c_generator.CGenerator()   # C text of a pycparser node (scalars, factors)


def sum_terms(node: c_ast.Node, sign: int = 1) -> list[tuple[int, c_ast.Node]]:
    """The terms of a sum of `+` and `-` (unary signs folded in): (sign, node) each."""
    if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
        return sum_terms(node.left, sign) + sum_terms(node.right, sign if node.op == "+" else -sign)
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
        return sum_terms(node.expr, -sign if node.op == "-" else sign)
    return [(sign, node)]


def _factors(node: c_ast.Node, sign: int = 1) -> tuple[int, list[c_ast.Node]]:
    if isinstance(node, c_ast.BinaryOp) and node.op == "*":
        left_sign, left = _factors(node.left, sign)
        right_sign, right = _factors(node.right, left_sign)
        return right_sign, left + right
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
        return _factors(node.expr, -sign if node.op == "-" else sign)
    return sign, [node]


def expands_to_zero(scop: Scop, node: c_ast.Node) -> bool:
    """A macro call the preprocessor expands to a zero constant (Scop.expansions:
    PolyBench's `SCALAR_VAL(0.0)`, `0.0` or `0.0f`)."""
    if not isinstance(node, c_ast.FuncCall):
        return False
    text = scop.expansions.get(c_generator.CGenerator().visit(node))
    if text is None:
        return False
    text = text.strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    return is_zero(c_ast.Constant("double", text))


def is_zero(node: c_ast.Node) -> bool:
    """A numeric constant (decimal or hexadecimal, any suffix) whose value is zero."""
    if not isinstance(node, c_ast.Constant) or node.type not in (
            "int", "double", "float", "long", "unsigned int", "long double"):
        return False
    text = node.value.rstrip("fFlLuU")
    try:
        return float.fromhex(text) == 0 if text.lower().startswith("0x") else float(text) == 0
    except ValueError:
        return False


@dataclass
class Term:
    """A term of a sum: its sign, scalar factors and array-element factors."""

    sign: int
    scalars: list[c_ast.Node]
    arrays: list[c_ast.ArrayRef]
    lifted: c_ast.ID | None = None    # a scalar the SCoP writes, read as a factor


class StatementReader:
    """The arithmetic of one statement, with each array reference's access."""

    def __init__(self, scop: Scop, statement: Statement):
        self.scop, self.statement = scop, statement
        self.reads: dict[tuple, Access] = {}
        for access in statement.reads:
            location = access.location
            self.reads[(location.line, location.column)] = access
        self.written = {name for name, array in scop.arrays.items() if array.written}

    def access(self, node: c_ast.ArrayRef) -> Access:
        coord = node.coord
        found = self.reads.get((coord.line, coord.column)) if coord is not None else None
        if found is None:
            raise NoMatch("an array reference has no access in the model")
        return found

    def is_iterator(self, node: c_ast.ID) -> bool:
        return node.name in self.statement.iterators or node.name in self.scop.outer_iterators

    def is_scalar(self, node: c_ast.Node) -> bool:
        """A number, or a variable that is no iterator and that the SCoP does not write."""
        if isinstance(node, c_ast.Constant):
            return node.type in ("int", "double", "float", "long")
        return (isinstance(node, c_ast.ID) and not self.is_iterator(node)
                and node.name not in self.written)

    def term(self, sign: int, node: c_ast.Node, private: frozenset[str] = frozenset()) -> Term:
        """A product of scalars and array elements. A scalar the SCoP writes is a
        factor only when it is in `private` (polyopt.blas.sums lifts it), and
        then multiplied by scalars alone."""
        sign, factors = _factors(node, sign)
        scalars, arrays, lifted = [], [], []
        for factor in factors:
            if isinstance(factor, c_ast.ArrayRef):
                arrays.append(factor)
            elif self.is_scalar(factor):
                scalars.append(factor)
            elif isinstance(factor, c_ast.ID):
                if self.is_iterator(factor):
                    raise NoMatch(f"the iterator '{factor.name}' is a factor")
                if factor.name not in private:
                    raise NoMatch(f"the scalar '{factor.name}' is written in the SCoP")
                lifted.append(factor)
            else:
                raise NoMatch(f"a factor is a {type(factor).__name__}, not an array "
                              "element or a scalar")
        if len(lifted) > 1 or lifted and arrays:
            raise NoMatch("a term multiplies a written scalar by something else than scalars")
        return Term(sign, scalars, arrays, lifted[0] if lifted else None)


def scalar_text(sign: int, scalars: list[c_ast.Node | str]) -> str:
    """C text of a signed product of scalars (nodes, or their C text)."""
    texts = [s if isinstance(s, str) else PRINTER.visit(s) for s in scalars]
    text = " * ".join(texts) if texts else "1"
    if sign < 0:
        return f"-{text}" if len(texts) <= 1 else f"-({text})"
    return text


# ---------------------------------------------------------------- updates, operands, dataflow

@dataclass
class Update:
    """A statement read as OUT = OUT + terms: its write, the terms, its reader."""

    statement: Statement
    write: Access
    terms: list[Term]
    reader: StatementReader


def parse_update(scop: Scop, statement: Statement, own_operands: bool = False) -> Update:
    """The statement as OUT = OUT + terms; with `own_operands`, terms may read OUT
    (in-place triangular operations, polyopt.blas.triangular, check their dataflow)."""
    body = statement.body
    if not isinstance(body, c_ast.Assignment) or not isinstance(body.lvalue,
                                                                (c_ast.ArrayRef, c_ast.ID)):
        raise NoMatch("not an assignment to an array element or a variable")
    writes = statement.writes
    if len(writes) != 1:
        raise NoMatch("not one write")
    write = writes[0]
    reader = StatementReader(scop, statement)
    if body.op in ("+=", "-="):
        terms = sum_terms(body.rvalue, 1 if body.op == "+=" else -1)
    elif body.op == "=":
        terms = sum_terms(body.rvalue)
        own = [k for k, (sign, node) in enumerate(terms)
               if sign == 1 and isinstance(node, (c_ast.ArrayRef, c_ast.ID))
               and (isinstance(node, c_ast.ArrayRef) or node.name == write.array)
               and reader.access(node).relation.is_equal(write.relation)]
        if len(own) != 1:
            raise NoMatch("not an update (the output is not read once as a term of a sum)")
        del terms[own[0]]
    else:
        raise NoMatch(f"the operator '{body.op}' is no accumulation")
    if not terms:
        raise NoMatch("nothing is added")
    parsed = [reader.term(sign, node) for sign, node in terms]
    for term in parsed:
        for node in term.arrays:
            if reader.access(node).array == write.array and not own_operands:
                raise NoMatch(f"the output '{write.array}' is also an operand (aliasing)")
    return Update(statement, write, parsed, reader)


class Layout:
    """Declarations: contiguous row-major arrays and their row lengths."""

    def __init__(self, scop: Scop, declarations: dict):
        self.scop, self.declarations = scop, declarations

    def check(self, array: str, rank: int) -> str | None:
        if array in self.scop.arrays and self.scop.arrays[array].linear_sizes:
            raise NoMatch(f"'{array}' is one-dimensional, indexed as multi-dimensional")
        declaration = self.declarations.get(array)
        if declaration is None:
            raise NoMatch(f"the declaration of '{array}' is not found")
        if declaration.rank != rank:
            raise NoMatch(f"'{array}' is declared with rank {declaration.rank}")
        if any(e is None for e in declaration.extents[1:]):
            raise NoMatch(f"'{array}' is not a contiguous row-major array (a pointer level "
                          "below the first)")
        if {"volatile", "_Atomic"} & set(declaration.qualifiers):
            raise NoMatch(f"'{array}' is volatile or atomic")
        return f"({declaration.extents[-1]})" if rank == 2 else None

    def element(self, arrays: list[str]) -> str:
        """The element type all the arrays share: double, float, or a type name
        (a macro or typedef: the generated code checks it is double or float)."""
        types = {self.scop.arrays[a].element_type if a in self.scop.arrays else None
                 for a in arrays}
        if len(types) != 1 or None in types:
            raise NoMatch("the arrays do not share one declared element type")
        element = next(iter(types))
        if element not in ELEMENT_PREFIX and (element in ELEMENT_BYTES or " " in element
                                              or not element.isidentifier()):
            raise NoMatch(f"the element type '{element}' is neither double nor float")
        return element


def access_operand(access: Access, signature, box: Box, layout: Layout, parameters: list[str],
                   transposed: bool = False) -> Operand:
    """The Operand of `access` over `box`: its first element (the box's lower corner
    through the access's `signature`) and its layout (`Layout.check`)."""
    first = [aff_text(box.lower[d].add(shift), parameters) for d, shift in signature]
    return Operand(access.array, first, layout.check(access.array, len(signature)), transposed)


def scaling(scop: Scop, statement: Statement) -> str | None:
    """The factor by which a statement scales the cell it writes ("0" where it
    sets it to zero): `X = 0`, `X *= b`, `X = b * X`; None for other statements."""
    body = statement.body
    if (len(statement.writes) != 1 or not isinstance(body, c_ast.Assignment)
            or not isinstance(body.lvalue, (c_ast.ArrayRef, c_ast.ID))):
        return None
    write = statement.writes[0]
    reader = StatementReader(scop, statement)
    try:
        if body.op == "=" and (is_zero(body.rvalue) or expands_to_zero(scop, body.rvalue)):
            return "0"
        term = reader.term(1, body.rvalue)
        if body.op == "*=" and not term.arrays:
            return scalar_text(term.sign, term.scalars)
        if (body.op == "=" and len(term.arrays) == 1
                and reader.access(term.arrays[0]).relation.is_equal(write.relation)):
            return scalar_text(term.sign, term.scalars)
    except NoMatch:
        pass
    return None


def output_box(update: Update, box: Box, dims: int) -> isl.Set:
    """The cells {OUT[x[d] + shift]} for x in the box over the output dimensions,
    for every value of the parameters (also where the reduction is empty)."""
    signature = access_signature(update.write, dims)
    space = update.write.relation.get_space().range()
    cells = isl.Set.universe(space)
    local = isl.LocalSpace.from_space(space)
    for r, (d, shift) in enumerate(signature):
        position = isl.Aff.var_on_domain(local, isl.dim_type.set, r)
        low = isl.Aff.zero_on_domain(local).add(_on_range(box.lower[d].add(shift), space))
        high = isl.Aff.zero_on_domain(local).add(_on_range(box.upper[d].add(shift), space))
        cells = cells.intersect(position.ge_set(low)).intersect(position.le_set(high))
    rows = [d for d, _ in signature]
    if box.triangle is not None and set(box.triangle[:2]) <= set(rows):
        # a triangle of the output: the shifts are equal (it starts on its diagonal)
        low, high = (isl.Aff.var_on_domain(local, isl.dim_type.set, rows.index(d))
                     for d in box.triangle[:2])
        cells = cells.intersect(low.le_set(high))
    return cells


def _on_range(aff: isl.Aff, space: isl.Space) -> isl.Aff:
    aff = aff.insert_dims(isl.dim_type.in_, 0, space.dim(isl.dim_type.set))
    return aff.set_tuple_id(isl.dim_type.in_, space.get_tuple_id(isl.dim_type.set))


def dataflow(scop: Scop, statement: Statement, read: Access,
             writers: list[Statement]) -> isl.UnionMap:
    """sink instance -> source instance of `read` among the writes of `writers`."""
    sink = isl.UnionMap.from_map(read.relation.intersect_domain(statement.domain))
    source = written_cells(writers, read.array, sink.get_space())
    info = isl.UnionAccessInfo.from_sink(sink).set_must_source(source)
    flow = info.set_schedule(scop.schedule).compute_flow()
    return flow.get_may_dependence().reverse()


def written_cells(statements: list[Statement], array: str, space: isl.Space) -> isl.UnionMap:
    """instance -> cell of `array` for every write of it by `statements` (empty in
    `space`, a parameter space, where none writes it)."""
    cells = isl.UnionMap.empty(space)
    for statement in statements:
        for write in statement.writes:
            if write.array == array:
                cells = cells.union(isl.UnionMap.from_map(
                    write.relation.intersect_domain(statement.domain)))
    return cells

