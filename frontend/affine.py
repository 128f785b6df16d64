"""Affine C expressions to isl: loop bounds, conditions and subscripts.

Expressions are built as ``isl.PwAff`` on the space of the enclosing loop
iterators; identifiers that are not iterators become parameters (isl aligns
parameter spaces by name). C semantics are kept: ``/`` and ``%`` truncate
towards zero (isl's tdiv), ``floord``/``ceild`` round as their names say.
"""

from __future__ import annotations

import islpy as isl
from pycparser import c_ast

MIN_NAMES = {"min", "MIN", "imin", "fmin_int"}
MAX_NAMES = {"max", "MAX", "imax", "fmax_int"}
FLOORD_NAMES = {"floord", "floordiv", "floor_div", "FLOORD"}
CEILD_NAMES = {"ceild", "ceildiv", "ceil_div", "CEILD"}
AFFINE_CALLS = MIN_NAMES | MAX_NAMES | FLOORD_NAMES | CEILD_NAMES


class NotAffine(Exception):
    """An expression outside the affine subset; carries the offending node."""

    def __init__(self, message: str, node: c_ast.Node):
        super().__init__(message)
        self.message = message
        self.node = node


def integer_constant(node: c_ast.Constant) -> int:
    """Value of a C integer literal (decimal, octal, hex; suffixes ignored)."""
    text = node.value.rstrip("uUlL")
    if node.type not in ("int", "unsigned int", "long int", "unsigned long int",
                         "long long int", "unsigned long long int") and not text.isdigit():
        raise NotAffine(f"constant '{node.value}' is not an integer", node)
    text = text.replace("'", "")      # C23 digit separators
    try:
        if len(text) > 1 and text[0] == "0" and text[1] not in "xXbB":
            value = int(text, 8)
        else:
            value = int(text, 0)
    except ValueError:
        raise NotAffine(f"constant '{node.value}' is not an integer polyopt reads", node) from None
    if value >= 2 ** 63:    # no C integer type of gcc's holds it (and isl's from_si neither)
        raise NotAffine(f"integer constant '{node.value}' is too large", node)
    return value


class AffineBuilder:
    """Builds isl expressions over the iterators in scope.

    ``parameters`` collects the names used as parameters; ``forbidden`` names
    (written inside the region, or iterators of loops not enclosing this point)
    cannot appear in an affine expression.
    """

    def __init__(self, iterators: list[str], forbidden: set[str], parameters: set[str]):
        self.ctx = isl.DEFAULT_CONTEXT
        self.iterators = iterators
        self.forbidden = forbidden
        self.parameters = parameters
        self.space = isl.Space.create_from_names(self.ctx, set=list(iterators))
        self.universe = isl.Set.universe(self.space)

    # -- expressions --------------------------------------------------------
    def constant(self, value: int) -> isl.PwAff:
        return isl.PwAff.val_on_domain(self.universe, isl.Val.int_from_si(self.ctx, value))

    def variable(self, name: str, node: c_ast.Node) -> isl.PwAff:
        if name in self.iterators:
            position = len(self.iterators) - 1 - self.iterators[::-1].index(name)
            return isl.PwAff.var_on_domain(isl.LocalSpace.from_space(self.space),
                                           isl.dim_type.set, position)
        if name in self.forbidden:
            raise NotAffine(f"'{name}' is modified inside the region, so it cannot be used "
                            "in a loop bound, condition or subscript", node)
        self.parameters.add(name)
        space = isl.Space.create_from_names(self.ctx, set=list(self.iterators), params=[name])
        return isl.PwAff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.param, 0)

    def expression(self, node: c_ast.Node) -> isl.PwAff:
        """A C integer expression as a piecewise quasi-affine function."""
        if isinstance(node, c_ast.Constant):
            return self.constant(integer_constant(node))
        if isinstance(node, c_ast.ID):
            return self.variable(node.name, node)
        if isinstance(node, c_ast.UnaryOp):
            if node.op == "-":
                return self.expression(node.expr).neg()
            if node.op == "+":
                return self.expression(node.expr)
            raise NotAffine(f"operator '{node.op}' in an affine expression", node)
        if isinstance(node, c_ast.Cast):
            return self.expression(node.expr)
        if isinstance(node, c_ast.BinaryOp):
            return self._binary(node)
        if isinstance(node, c_ast.TernaryOp):
            condition = self.condition(node.cond)
            true_value = self.expression(node.iftrue).intersect_domain(condition)
            false_value = self.expression(node.iffalse).intersect_domain(condition.complement())
            return true_value.union_add(false_value)
        if isinstance(node, c_ast.FuncCall):
            return self._call(node)
        if isinstance(node, c_ast.ArrayRef):
            raise NotAffine("array element used in a loop bound, condition or subscript "
                            "(data-dependent control or indirect access)", node)
        if isinstance(node, (c_ast.StructRef,)):
            raise NotAffine("structure member in an affine expression", node)
        raise NotAffine(f"expression '{type(node).__name__}' is not affine", node)

    def _binary(self, node: c_ast.BinaryOp) -> isl.PwAff:
        op = node.op
        if op in ("+", "-", "*", "/", "%"):
            left, right = self.expression(node.left), self.expression(node.right)
            if op == "+":
                return left.add(right)
            if op == "-":
                return left.sub(right)
            if op == "*":
                if not (left.is_cst() or right.is_cst()):
                    raise NotAffine("product of two non-constant expressions is not affine", node)
                return left.mul(right)
            self._require_positive_constant(right, node)
            return left.tdiv_q(right) if op == "/" else left.tdiv_r(right)
        raise NotAffine(f"operator '{op}' in an affine expression", node)

    def _require_positive_constant(self, value: isl.PwAff, node: c_ast.Node) -> None:
        if not value.is_cst() or not value.ge_set(self.constant(1)).is_equal(self.universe):
            raise NotAffine("division or modulo by something other than a positive constant", node)

    def _call(self, node: c_ast.FuncCall) -> isl.PwAff:
        name = node.name.name if isinstance(node.name, c_ast.ID) else None
        args = node.args.exprs if node.args is not None else []
        if name not in AFFINE_CALLS:
            raise NotAffine(f"call to '{name or '?'}' in a loop bound, condition or subscript", node)
        if len(args) != 2:
            raise NotAffine(f"'{name}' takes two arguments here", node)
        left, right = (self.expression(arg) for arg in args)
        if name in MIN_NAMES:
            return left.min(right)
        if name in MAX_NAMES:
            return left.max(right)
        self._require_positive_constant(right, node)
        quotient = left.div(right)
        return quotient.floor() if name in FLOORD_NAMES else quotient.ceil()

    # -- conditions ---------------------------------------------------------
    def condition(self, node: c_ast.Node) -> isl.Set:
        """A C condition as the set of iterator values where it holds."""
        if isinstance(node, c_ast.BinaryOp):
            op = node.op
            if op == "&&":
                return self.condition(node.left).intersect(self.condition(node.right))
            if op == "||":
                return self.condition(node.left).union(self.condition(node.right)).coalesce()
            comparisons = {"<": "lt_set", "<=": "le_set", ">": "gt_set", ">=": "ge_set",
                           "==": "eq_set", "!=": "ne_set"}
            if op in comparisons:
                left, right = self.expression(node.left), self.expression(node.right)
                return getattr(left, comparisons[op])(right)
        if isinstance(node, c_ast.UnaryOp) and node.op == "!":
            return self.condition(node.expr).complement()
        return self.expression(node).ne_set(self.constant(0))
