"""Delinearization: a one-dimensional array indexed as a multi-dimensional one.

C code often keeps a matrix in one block of memory and computes the index itself:
``y[i * m + j]`` for a row of ``m`` elements, ``a[(i * n + j) * m + k]`` for three
dimensions. The product of an iterator with a size parameter is not affine, so
such a subscript alone keeps the loops out of the polyhedral model. Where the
sizes are parameters, the subscript is a polynomial whose monomials in them
(``1``, ``m``, ``n m``) form a chain, each one size more than the last; with each
coefficient within its size (``0 <= j < m``; the outermost at least 0), the index
is the row-major position of ``y[i][j]`` in an array whose rows hold ``m``
elements, and two such indices are equal exactly where their subscripts are.
polyopt then models the array as ``y[i][j]`` (Grosser et al., "On recovering
multi-dimensional arrays in Polly", IMPACT 2015, for the idea; here only the
parametric case).

Every access of such an array in the SCoP takes the same shape, the affine ones
too (``y[j]``: its first coefficient is 0). Where a coefficient is within its size
for some sizes only (BLAS-style leading dimensions: ``a[i * lda + p]``, ``p < k``,
where ``k <= lda``), the model holds under that assumption, which the generated
code tests at run time (``Scop.assumption``, codegen.versioning). Where the
monomials of an array's accesses do not form one chain, or a coefficient is within
its size for no size at which its statement runs, the subscript stays non-affine
and the region is left unchanged with the reason. The generated statements keep
the subscripts as written; only the model sees the dimensions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl
from pycparser import c_ast, c_generator

from polyopt.frontend.affine import AffineBuilder, NotAffine, cast_type, names_in

Monomial = tuple[str, ...]          # sorted names of size parameters; () for 1


@dataclass
class Polynomial:
    """A subscript as a sum of coefficient * monomial: the coefficients are affine
    (isl.PwAff on the statement's iterators), the monomials products of parameters."""

    terms: dict[Monomial, isl.PwAff]
    node: c_ast.Node                   # the subscript, for messages
    # through a scalar that holds a value (`int w = x == 0 ? c : c - nx`): its pieces
    # may be a row off (`c - nx` reads as `x - nx` in the row `y`), carried back
    substituted: bool = False
    # sizes that are sums of parameters (`(n + 1)`, a row with one more element):
    # their text in the monomials -> the expression
    size_nodes: dict[str, c_ast.Node] = field(default_factory=dict)


def polynomial(builder: AffineBuilder, node: c_ast.Node) -> Polynomial:
    """The subscript `node` as a polynomial in size parameters with affine
    coefficients; NotAffine where it is not one (a product of two iterators, of an
    iterator with an expression that is not a product of parameters, ...)."""
    held = names_in(node) & set(builder.definitions)
    builder.size_nodes = {}
    terms = _terms(builder, node)
    return Polynomial(terms, node, substituted=bool(held), size_nodes=dict(builder.size_nodes))


def _terms(builder: AffineBuilder, node: c_ast.Node) -> dict[Monomial, isl.PwAff]:
    try:
        return {(): builder.expression(node)}
    except NotAffine as error:
        first = error
    if isinstance(node, c_ast.ID) and node.name in builder.definitions \
            and node.name not in builder.substituting:     # int c = x + y * nx;
        builder.substituting.append(node.name)
        try:
            return _terms(builder, builder.definitions[node.name])
        finally:
            builder.substituting.pop()
    if isinstance(node, c_ast.TernaryOp):     # x == 0 ? c : c - 1: term by term
        condition = builder.condition(node.cond)
        left, right = _terms(builder, node.iftrue), _terms(builder, node.iffalse)
        zero = builder.constant(0)
        return {m: left.get(m, zero).intersect_domain(condition).union_add(
                    right.get(m, zero).intersect_domain(condition.complement()))
                for m in {*left, *right}}
    if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
        left, right = _terms(builder, node.left), _terms(builder, node.right)
        for monomial, value in right.items():
            value = value.neg() if node.op == "-" else value
            left[monomial] = left[monomial].add(value) if monomial in left else value
        return left
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
        inner = _terms(builder, node.expr)
        return {m: (v.neg() if node.op == "-" else v) for m, v in inner.items()}
    if isinstance(node, c_ast.Cast) and _widening(builder, node):
        return _terms(builder, node.expr)
    if isinstance(node, c_ast.FuncCall) and (expansion := builder.expanded(node)) is not None:
        return builder.within_macro(node, expansion, lambda e: _terms(builder, e))
    if isinstance(node, c_ast.BinaryOp) and node.op == "*":
        # a factor of parameters alone before a sum of them (`(m - 1) * n` is n rows of
        # m - 1, not a product of two sizes)
        found = [(scale, other) for factor, other in ((node.left, node.right),
                                                      (node.right, node.left))
                 if (scale := _size_product(builder, factor)) is not None]
        found.sort(key=lambda pair: any(name in builder.size_nodes for name in pair[0][0]))
        for (monomial, constant), other in found:
            return {tuple(sorted(m + monomial)): v.mul(constant)
                    for m, v in _terms(builder, other).items()}
    raise first


def _size_product(builder: AffineBuilder, node: c_ast.Node) -> tuple[Monomial, isl.PwAff] | None:
    """(monomial, constant) where `node` is a constant times a product of size
    parameters (``m``, ``n * m``, ``2 * m``), else None."""
    if isinstance(node, c_ast.ID) and node.name not in builder.iterators:
        try:
            builder.variable(node.name, node)      # a parameter: read-only in the region
        except NotAffine:
            return None
        kind = builder.type_of(node.name)
        if not kind.signed and kind.bits < 64:
            return None       # the product could wrap where the mathematical one does not
        return (node.name,), builder.constant(1)
    if isinstance(node, c_ast.Constant):
        try:
            value = builder.expression(node)
        except NotAffine:
            return None
        return (), value
    if isinstance(node, c_ast.Cast) and _widening(builder, node):
        return _size_product(builder, node.expr)
    if isinstance(node, c_ast.FuncCall) and (expansion := builder.expanded(node)) is not None:
        return builder.within_macro(node, expansion, lambda e: _size_product(builder, e))
    if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
        # a row of `n + 1` elements (`k * (n2 + 1) + j`): a sum of parameters and
        # constants, positive, in a signed type, is a size of its own
        if names_in(node) & (set(builder.iterators) | set(builder.definitions)):
            return None
        try:
            value, kind = builder.typed_expression(node)
        except NotAffine:
            return None
        if not kind.signed:
            return None
        text = "(" + _PRINTER.visit(node) + ")"
        builder.size_nodes[text] = node
        return (text,), builder.constant(1)
    if isinstance(node, c_ast.BinaryOp) and node.op == "*":
        left, right = _size_product(builder, node.left), _size_product(builder, node.right)
        if left is not None and right is not None:
            return tuple(sorted(left[0] + right[0])), left[1].mul(right[1])
    return None


_PRINTER = c_generator.CGenerator()


def _widening(builder: AffineBuilder, node: c_ast.Cast) -> bool:
    """A cast to a 64-bit integer type (`(size_t) i * n`, `(long) i * n`): it changes
    no value a product of int operands can have; a narrower one could."""
    target = cast_type(node, builder.types)
    return target is not None and target.bits >= 64


def shape(polynomials: list[Polynomial]) -> tuple[list[str], list[Monomial]] | str:
    """(the sizes of the dimensions after the first, outermost first; the monomial of
    each dimension, outermost first) that every polynomial of one array fits, or
    why there is none."""
    monomials = {m for p in polynomials for m in p.terms if m}
    chain: list[Monomial] = [()]
    for length in range(1, max((len(m) for m in monomials), default=0) + 1):
        found = [m for m in monomials if len(m) == length]
        if len(found) != 1 or not _extends(found[0], chain[-1]):
            return ("its subscripts' products of parameters do not make one row-major "
                    "shape (" + ", ".join("*".join(m) for m in sorted(monomials)) + ")")
        chain.append(found[0])
    sizes = [_minus(chain[k], chain[k - 1]) for k in range(1, len(chain))]
    return sizes[::-1], chain[::-1]


def _extends(longer: Monomial, shorter: Monomial) -> bool:
    rest = list(longer)
    for name in shorter:
        if name not in rest:
            return False
        rest.remove(name)
    return len(rest) == 1


def _minus(longer: Monomial, shorter: Monomial) -> str:
    rest = list(longer)
    for name in shorter:
        rest.remove(name)
    return rest[0]


def _size_value(builder: AffineBuilder, poly: Polynomial, size: str) -> isl.PwAff:
    """A dimension's size: a parameter, or a sum of them (``(n + 1)``)."""
    if size in poly.size_nodes:
        return builder.expression(poly.size_nodes[size])
    return builder.variable(size, poly.node)


def subscripts(poly: Polynomial, sizes: list[str], chain: list[Monomial], domain: isl.Set,
               builder: AffineBuilder) -> tuple[list[isl.PwAff], isl.Set] | str:
    """(the subscripts of `poly`, outermost first, in the shape (sizes, chain); the
    parameters for which they are right), or why there are none. Right: each but the
    first within its dimension's size at every point of `domain` (the statement's
    instances; `builder` is over its iterators), the first at least 0. Where that
    holds only for some parameters (`p < k` in rows of `lda`: where k <= lda), those
    are the condition (simplified where the statement runs), which the generated
    code tests before it runs (frontend.extract: Scop.assumption); where it holds
    for none at which the statement runs, there are none."""
    zero, one = builder.constant(0), builder.constant(1)
    values = [poly.terms.get(m, zero) for m in chain]
    # one row borrowed or carried where a coefficient is one size below or above its
    # range: `c - nx` (as `x + (y - 1) * nx`); the index is the same
    for k in range(len(values) - 1 if poly.substituted else 0, 0, -1):
        size = _size_value(builder, poly, sizes[k - 1])
        low, high = values[k], values[k - 1]
        below, above = low.lt_set(zero), low.ge_set(size)
        rest = below.union(above).complement()
        values[k] = (low.add(size).intersect_domain(below)
                     .union_add(low.sub(size).intersect_domain(above))
                     .union_add(low.intersect_domain(rest)))
        values[k - 1] = (high.sub(one).intersect_domain(below)
                         .union_add(high.add(one).intersect_domain(above))
                         .union_add(high.intersect_domain(rest)))
    points = domain.reset_tuple_id()
    within = isl.Set.universe(points.get_space())
    for k, value in enumerate(values):
        within = within.intersect(value.ge_set(zero))
        if k > 0:
            within = within.intersect(value.lt_set(_size_value(builder, poly, sizes[k - 1])))
    running = points.params()
    right = points.subtract(within).params().complement().intersect(running)
    if right.is_empty():
        return (f"as an array of rows of {' x '.join(sizes)} elements, a subscript is not "
                "within its dimension (0 <= ... < its size) for any size where it is used")
    return values, right.gist(running)
