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
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl
from pycparser import c_ast, c_generator

from polyopt.core.scop import ELEMENT_BYTES, Access, Scop, Statement

ELEMENT_PREFIX = {"double": "d", "float": "s"}


class NoMatch(Exception):
    """Why a statement is not a BLAS operation."""


@dataclass
class Operand:
    """An array argument: its first element and its layout."""

    array: str
    first: list[str]              # C subscripts of the first element used
    leading: str | None = None    # row length of a rank-2 array (declared last extent)
    transposed: bool = False


@dataclass
class BlasCall:
    """One CBLAS call, row-major; sizes are C expressions of the parameters."""

    routine: str                  # "gemm", "gemv", "ger"
    element: str                  # "double" or "float"
    sizes: list[str]              # gemm: M, N, K; gemv: rows, columns of A; ger: M, N
    alpha: str
    beta: str                     # "1" for none (ger: always "1")
    output: Operand
    operands: list[Operand]
    lower: bool | None = None     # syrk, syr2k, trsv, trsm, trmm: the triangle used
    unit: bool = False            # trsv, trsm, trmm: the diagonal is taken to be 1
    left: bool = True             # trsm, trmm: the triangular matrix on the left

    @property
    def name(self) -> str:
        """The routine's name, without the "cblas_" prefix ("?gemm" for a type name)."""
        return ELEMENT_PREFIX.get(self.element, "?") + self.routine


@dataclass
class BlasMatch:
    """Statements (initialisation first) that one or more calls replace."""

    statements: list[str]
    calls: list[BlasCall]

    def describe(self) -> str:
        calls = ", ".join(f"{c.name}({describe_call(c)})" for c in self.calls)
        return f"{' + '.join(self.statements)}: {calls}"


@dataclass
class BlasAnalysis:
    matches: list[BlasMatch] = field(default_factory=list)
    rejected: dict[str, str] = field(default_factory=dict)   # statement -> why not


def describe_call(call: BlasCall) -> str:
    operands = ", ".join(f"{o.array}{'^T' if o.transposed else ''}" for o in call.operands) \
        or call.output.array
    if call.routine == "symm":              # A symmetric, one triangle read; B general
        symmetric = f"{call.operands[0].array} (symmetric, {'lower' if call.lower else 'upper'})"
        general = call.operands[1].array
        operands = f"{symmetric} * {general}" if call.left else f"{general} * {symmetric}"
    beta = "" if call.beta == "1" else f", beta={call.beta}"
    return f"{call.output.array} <- {operands}, alpha={call.alpha}{beta}, sizes {' x '.join(call.sizes)}"


# ---------------------------------------------------------------- affine parts

@dataclass
class _Box:
    """A domain that is a box: per dimension, lower bound and size (isl affs of
    the parameters) and their C text."""

    lower: list[isl.Aff]
    upper: list[isl.Aff]
    # a triangle (low, high, strict): the box cut by x[low] <= x[high] (or <),
    # the two dimensions having the same bounds
    triangle: tuple[int, int, bool] | None = None

    def lower_text(self, d: int, parameters: list[str]) -> str:
        return aff_text(self.lower[d], parameters)

    def size_text(self, d: int, parameters: list[str]) -> str:
        return aff_text(self.upper[d].sub(self.lower[d]).add_constant_val(
            isl.Val.one(self.upper[d].get_ctx())), parameters)


def _single_aff(pw: isl.PwAff) -> isl.Aff:
    pieces = pw.get_pieces()
    if len(pieces) != 1:
        raise NoMatch("a bound of the domain is not one affine expression")
    return pieces[0][1]


def _box(domain: isl.Set) -> _Box:
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
        return _Box(lower, upper)
    triangle = _triangle(domain, box, lower, upper)
    if triangle is None:
        raise NoMatch("the domain is neither a box nor a triangle (bounds in the parameters)")
    return _Box(lower, upper, triangle)


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


def _signature(access: Access, dims: int) -> list[tuple[int, isl.Aff]]:
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

_PRINTER = c_generator.CGenerator()


def _sum_terms(node: c_ast.Node, sign: int = 1) -> list[tuple[int, c_ast.Node]]:
    if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
        return _sum_terms(node.left, sign) + _sum_terms(node.right, sign if node.op == "+" else -sign)
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
        return _sum_terms(node.expr, -sign if node.op == "-" else sign)
    return [(sign, node)]


def _factors(node: c_ast.Node, sign: int = 1) -> tuple[int, list[c_ast.Node]]:
    if isinstance(node, c_ast.BinaryOp) and node.op == "*":
        left_sign, left = _factors(node.left, sign)
        right_sign, right = _factors(node.right, left_sign)
        return right_sign, left + right
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
        return _factors(node.expr, -sign if node.op == "-" else sign)
    return sign, [node]


def _expands_to_zero(scop: Scop, node: c_ast.Node) -> bool:
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
    return _is_zero(c_ast.Constant("double", text))


def _is_zero(node: c_ast.Node) -> bool:
    if not isinstance(node, c_ast.Constant) or node.type not in (
            "int", "double", "float", "long", "unsigned int", "long double"):
        return False
    text = node.value.rstrip("fFlLuU")
    try:
        return float.fromhex(text) == 0 if text.lower().startswith("0x") else float(text) == 0
    except ValueError:
        return False


@dataclass
class _Term:
    sign: int
    scalars: list[c_ast.Node]
    arrays: list[c_ast.ArrayRef]
    lifted: c_ast.ID | None = None    # a scalar the SCoP writes, read as a factor


class _StatementReader:
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

    def term(self, sign: int, node: c_ast.Node, private: frozenset[str] = frozenset()) -> _Term:
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
        return _Term(sign, scalars, arrays, lifted[0] if lifted else None)


def _scalar_text(sign: int, scalars: list[c_ast.Node | str]) -> str:
    """C text of a signed product of scalars (nodes, or their C text)."""
    texts = [s if isinstance(s, str) else _PRINTER.visit(s) for s in scalars]
    text = " * ".join(texts) if texts else "1"
    if sign < 0:
        return f"-{text}" if len(texts) <= 1 else f"-({text})"
    return text


# ---------------------------------------------------------------- the matcher

@dataclass
class _Update:
    statement: Statement
    write: Access
    terms: list[_Term]
    reader: _StatementReader


def _parse_update(scop: Scop, statement: Statement, own_operands: bool = False) -> _Update:
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
    reader = _StatementReader(scop, statement)
    if body.op in ("+=", "-="):
        terms = _sum_terms(body.rvalue, 1 if body.op == "+=" else -1)
    elif body.op == "=":
        terms = _sum_terms(body.rvalue)
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
    return _Update(statement, write, parsed, reader)


class _Layout:
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


def _term_call(update: _Update, term: _Term, box: _Box, out_dims: list[int],
               layout: _Layout, scop: Scop) -> BlasCall:
    parameters = scop.parameters
    dims = update.statement.domain.dim(isl.dim_type.set)
    reductions = [d for d in range(dims) if d not in out_dims]
    accesses = [update.reader.access(node) for node in term.arrays]
    signatures = [_signature(a, dims) for a in accesses]
    output_signature = _signature(update.write, dims)

    def operand(access: Access, signature, transposed: bool = False) -> Operand:
        return _operand(access, signature, box, layout, parameters, transposed)

    output = operand(update.write, output_signature)
    element = layout.element([update.write.array] + [a.array for a in accesses])
    alpha = _scalar_text(term.sign, term.scalars)
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


def _match_update(scop: Scop, update: _Update, layout: _Layout) -> list[BlasCall]:
    statement = update.statement
    dims = statement.domain.dim(isl.dim_type.set)
    box = _box(statement.domain)
    out_dims = [d for d, _ in _signature(update.write, dims)]
    if len(set(out_dims)) != len(out_dims):
        raise NoMatch("the output is indexed twice by one iterator")
    if box.triangle is not None:
        return [_symmetric_call(update, box, out_dims, layout, scop)]
    return [_term_call(update, term, box, out_dims, layout, scop) for term in update.terms]


def _symmetric_call(update: _Update, box: _Box, out_dims: list[int], layout: _Layout,
                    scop: Scop) -> BlasCall:
    """syrk (C += alpha A A^T on a triangle) or syr2k (C += alpha A B^T + alpha B A^T)."""
    parameters = scop.parameters
    dims = update.statement.domain.dim(isl.dim_type.set)
    if len(out_dims) != 2 or set(box.triangle[:2]) != set(out_dims) or dims != 3 \
            or box.triangle[2]:
        raise NoMatch("the domain is a triangle, but not of the output of a rank-k update")
    i, j = out_dims
    k = next(d for d in range(dims) if d not in out_dims)
    output = _operand(update.write, _signature(update.write, dims), box, layout, parameters)
    if output.first[0] != output.first[1]:
        raise NoMatch("the triangle of the output does not start on its diagonal")
    pairs = []
    for term in update.terms:
        accesses = [update.reader.access(node) for node in term.arrays]
        if len(accesses) != 2:
            raise NoMatch("a term on a triangle is not a product of two matrices")
        signatures = [_signature(a, dims) for a in accesses]
        used = [[d for d, _ in sig] for sig in signatures]
        for a, b in ((0, 1), (1, 0)):
            for transposed, row, column in ((False, [i, k], [j, k]), (True, [k, i], [k, j])):
                if used[a] == row and used[b] == column:
                    pairs.append((_scalar_text(term.sign, term.scalars), transposed,
                                  _operand(accesses[a], signatures[a], box, layout, parameters,
                                           transposed),
                                  _operand(accesses[b], signatures[b], box, layout, parameters,
                                           transposed)))
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


def _operand(access: Access, signature, box: _Box, layout: _Layout, parameters: list[str],
             transposed: bool = False) -> Operand:
    first = [aff_text(box.lower[d].add(shift), parameters) for d, shift in signature]
    return Operand(access.array, first, layout.check(access.array, len(signature)), transposed)


def _written_cells(statement: Statement, write: Access) -> isl.Set:
    return write.relation.intersect_domain(statement.domain).range()


def _scaling(scop: Scop, statement: Statement) -> str | None:
    """The factor by which a statement scales the cell it writes ("0" where it
    sets it to zero): `X = 0`, `X *= b`, `X = b * X`; None for other statements."""
    body = statement.body
    if (len(statement.writes) != 1 or not isinstance(body, c_ast.Assignment)
            or not isinstance(body.lvalue, (c_ast.ArrayRef, c_ast.ID))):
        return None
    write = statement.writes[0]
    reader = _StatementReader(scop, statement)
    try:
        if body.op == "=" and (_is_zero(body.rvalue) or _expands_to_zero(scop, body.rvalue)):
            return "0"
        term = reader.term(1, body.rvalue)
        if body.op == "*=" and not term.arrays:
            return _scalar_text(term.sign, term.scalars)
        if (body.op == "=" and len(term.arrays) == 1
                and reader.access(term.arrays[0]).relation.is_equal(write.relation)):
            return _scalar_text(term.sign, term.scalars)
    except NoMatch:
        pass
    return None


def _scal_call(scop: Scop, statement: Statement, layout: _Layout) -> BlasCall:
    """`x[i] *= a` over a box of one dimension."""
    factor = _scaling(scop, statement)
    if factor is None or factor == "0":
        raise NoMatch("not a scaling of a vector")
    write = statement.writes[0]
    box = _box(statement.domain)
    signature = _signature(write, statement.domain.dim(isl.dim_type.set))
    if len(signature) != 1 or box.triangle is not None:
        raise NoMatch("a scaling of something else than a vector")
    output = _operand(write, signature, box, layout, scop.parameters)
    return BlasCall("scal", layout.element([write.array]),
                    [box.size_text(signature[0][0], scop.parameters)], factor, "1", output, [])


def _initialisation(scop: Scop, update: _Update, order: isl.UnionMap) -> tuple[Statement, str] | None:
    """The statement that initialises the update's cells just before it in the text,
    and the beta it gives (None if there is none that can be one)."""
    index = scop.statements.index(update.statement)
    earlier = [s for s in scop.statements[:index]
               if any(w.array == update.write.array for w in s.writes)]
    if not earlier:
        return None
    init = earlier[-1]
    beta = _scaling(scop, init)
    if beta is None:
        return None
    write = init.writes[0]
    if not write.relation.intersect_domain(init.domain).is_injective():
        return None
    # the same cells: those of the update's output box, for every parameter value
    dims = update.statement.domain.dim(isl.dim_type.set)
    try:
        box = _box(update.statement.domain)
    except NoMatch:
        return None
    cells = _output_box(update, box, dims)
    if not _written_cells(init, write).is_equal(cells):
        return None
    # each cell initialised before every update of it, in the original order
    same_cell = isl.UnionMap.from_map(write.relation.intersect_domain(init.domain)).apply_range(
        isl.UnionMap.from_map(update.write.relation.intersect_domain(
            update.statement.domain)).reverse())
    if not same_cell.is_subset(order):
        return None
    return init, beta


def _output_box(update: _Update, box: _Box, dims: int) -> isl.Set:
    """The cells {OUT[x[d] + shift]} for x in the box over the output dimensions,
    for every value of the parameters (also where the reduction is empty)."""
    signature = _signature(update.write, dims)
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
    layout = _Layout(scop, declarations)
    schedule = scop.schedule.get_map().intersect_domain(scop.domain())
    order = schedule.lex_lt_union_map(schedule)
    taken: set[str] = set()
    from polyopt.blas.sums import match_sums
    for names, call in match_sums(scop, layout, order, taken, private, ("symm",)):
        analysis.matches.append(BlasMatch(names, [call]))   # over several statements
    for statement in scop.statements:
        if statement.name in taken:
            continue
        try:
            update = _parse_update(scop, statement)
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
    from polyopt.blas.triangular import match_in_place
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
