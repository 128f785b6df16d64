"""Affine C expressions to isl: loop bounds, conditions and subscripts.

Expressions are built as ``isl.PwAff`` on the space of the enclosing loop
iterators; identifiers that are not iterators become parameters (isl aligns
parameter spaces by name). C semantics are kept: ``/`` and ``%`` truncate
towards zero (isl's tdiv), ``floord``/``ceild`` round as their names say.
"""

from __future__ import annotations

import functools
from typing import Callable

import islpy as isl
from pycparser import c_ast

from polyopt.frontend.integers import INT, IntegerType, common_type, literal_type, promote, type_of_words

MIN_NAMES = {"min", "MIN", "imin", "fmin_int"}
MAX_NAMES = {"max", "MAX", "imax", "fmax_int"}
FLOORD_NAMES = {"floord", "floordiv", "floor_div", "FLOORD"}
CEILD_NAMES = {"ceild", "ceildiv", "ceil_div", "CEILD"}
AFFINE_CALLS = MIN_NAMES | MAX_NAMES | FLOORD_NAMES | CEILD_NAMES
MACRO_DEPTH = 16      # macros expanding to calls of macros: as deep as this


def names_in(node: c_ast.Node) -> set[str]:
    """The identifiers an expression names."""
    names: set[str] = set()

    class Visitor(c_ast.NodeVisitor):
        def visit_ID(self, found: c_ast.ID) -> None:
            names.add(found.name)
    Visitor().visit(node)
    return names


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

    def __init__(self, iterators: list[str], forbidden: set[str], parameters: set[str],
                 types: Callable[[str], IntegerType | None] | None = None,
                 expand: Callable[[c_ast.FuncCall], c_ast.Node | None] | None = None,
                 meaning: Callable[[str], bool] | None = None):
        self.ctx = isl.DEFAULT_CONTEXT
        # whether a name of AFFINE_CALLS is what polyopt takes it for where the file
        # defines it (a macro or function of that name: macros.keeps_meaning); None: it is
        self.meaning = meaning
        # a function-like macro's call -> the expression it expands to (None: not one)
        self.expand = expand
        self.expanding = 0
        self.iterators = iterators
        self.forbidden = forbidden
        self.parameters = parameters
        self.space = isl.Space.create_from_names(self.ctx, set=list(iterators))
        self.universe = isl.Set.universe(self.space)
        # With `types` (the C type of a name; None: int), every value that C computes
        # or converts in a type where it could differ from the mathematical integer
        # (an unsigned type, a narrowing cast) is kept: (value, type, node). The
        # caller proves each value within its type's range where it is evaluated.
        self.types = types
        self.obligations: list[tuple[isl.PwAff, IntegerType, c_ast.Node]] = []
        # scalars of the region assigned once, at their declaration, with an expression
        # (name -> it): where set, a subscript that names one has that expression's
        # value (frontend.extract sets it while it reads subscripts)
        self.definitions: dict[str, c_ast.Node] = {}
        self.substituting: list[str] = []
        self.size_nodes: dict[str, c_ast.Node] = {}    # (frontend.delinearize)
        # a size macro's value (name -> int, or None where it is no macro with one),
        # used where the macro multiplies a variable (`(cj - 1) * F + dj`): the model
        # takes the value, and `fixed` records it for the SCoP's run-time assumption
        # (name == value; the code as written runs for any other `-DF`)
        self.macro_value = None
        self.fixed: dict[str, int] = {}

    # -- expressions --------------------------------------------------------
    def constant(self, value: int) -> isl.PwAff:
        if -(1 << 62) < value < (1 << 62):
            number = isl.Val.int_from_si(self.ctx, value)
        else:
            number = isl.Val.read_from_str(self.ctx, str(value))
        return isl.PwAff.val_on_domain(self.universe, number)

    def type_of(self, name: str) -> IntegerType:
        kind = self.types(name) if self.types is not None else None
        return kind if kind is not None else INT

    def _within(self, value: isl.PwAff, kind: IntegerType, node: c_ast.Node) -> None:
        if self.types is not None:
            self.obligations.append((value, kind, node))

    def convert(self, value: isl.PwAff, source: IntegerType, target: IntegerType,
                 node: c_ast.Node) -> None:
        """C converts `value` of type `source` to `target`: it must fit."""
        if not target.holds(source):
            self._within(value, target, node)

    def variable(self, name: str, node: c_ast.Node) -> isl.PwAff:
        if name in self.iterators:
            position = len(self.iterators) - 1 - self.iterators[::-1].index(name)
            return isl.PwAff.var_on_domain(isl.LocalSpace.from_space(self.space),
                                           isl.dim_type.set, position)
        if name in self.definitions and name not in self.substituting:
            self.substituting.append(name)
            try:
                value, kind = self.typed_expression(self.definitions[name])
            except NotAffine as error:
                raise NotAffine(f"'{name}' holds a value that is not affine ({error.message})",
                                node) from None
            finally:
                self.substituting.pop()
            self.convert(value, kind, self.type_of(name), node)
            return value
        if name in self.forbidden:
            raise NotAffine(f"'{name}' is modified inside the region, so it cannot be used "
                            "in a loop bound, condition or subscript", node)
        self.parameters.add(name)
        space = isl.Space.create_from_names(self.ctx, set=list(self.iterators),
                                            params=[model_name(name)])
        return isl.PwAff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.param, 0)

    def expression(self, node: c_ast.Node) -> isl.PwAff:
        """A C integer expression as a piecewise quasi-affine function."""
        return self.typed_expression(node)[0]

    def typed_expression(self, node: c_ast.Node) -> tuple[isl.PwAff, IntegerType]:
        """An expression and its C type (the usual arithmetic conversions)."""
        if isinstance(node, c_ast.Constant):
            value = integer_constant(node)
            return self.constant(value), literal_type(node.value)
        if isinstance(node, c_ast.ID):
            value, kind = self.variable(node.name, node), self.type_of(node.name)
            if node.name in self.iterators and (not kind.signed or kind.bits < 32):
                self._within(value, kind, node)    # an unsigned or short iterator wraps
            return value, kind
        if isinstance(node, c_ast.UnaryOp):
            if node.op in ("-", "+"):
                value, kind = self.typed_expression(node.expr)
                kind = promote(kind)
                if node.op == "-":
                    value = value.neg()
                    if not kind.signed:
                        self._within(value, kind, node)
                return value, kind
            raise NotAffine(f"operator '{node.op}' in an affine expression", node)
        if isinstance(node, c_ast.Cast):
            value, kind = self.typed_expression(node.expr)
            target = cast_type(node, self.types)
            if target is None:
                return value, kind
            self.convert(value, kind, target, node)
            return value, target
        if isinstance(node, c_ast.BinaryOp):
            return self._binary(node)
        if isinstance(node, c_ast.TernaryOp):
            condition = self.condition(node.cond)
            true_value, true_kind = self.typed_expression(node.iftrue)
            false_value, false_kind = self.typed_expression(node.iffalse)
            kind = common_type(true_kind, false_kind)
            self.convert(true_value, true_kind, kind, node.iftrue)
            self.convert(false_value, false_kind, kind, node.iffalse)
            true_value = true_value.intersect_domain(condition)
            false_value = false_value.intersect_domain(condition.complement())
            return true_value.union_add(false_value), kind
        if isinstance(node, c_ast.FuncCall):
            return self._call(node)
        if isinstance(node, c_ast.ArrayRef):
            raise NotAffine("array element used in a loop bound, condition or subscript "
                            "(data-dependent control or indirect access)", node)
        if isinstance(node, (c_ast.StructRef,)):
            raise NotAffine("structure member in an affine expression", node)
        raise NotAffine(f"expression '{type(node).__name__}' is not affine", node)

    def _operands(self, left_node, right_node, node):
        """Both operands, converted to their common type."""
        left, left_kind = self.typed_expression(left_node)
        right, right_kind = self.typed_expression(right_node)
        kind = common_type(left_kind, right_kind)
        self.convert(left, left_kind, kind, left_node)
        self.convert(right, right_kind, kind, right_node)
        return left, right, kind

    def _binary(self, node: c_ast.BinaryOp) -> tuple[isl.PwAff, IntegerType]:
        op = node.op
        if op in ("+", "-", "*", "/", "%"):
            left, right, kind = self._operands(node.left, node.right, node)
            if op == "+":
                result = left.add(right)
            elif op == "-":
                result = left.sub(right)
            elif op == "*":
                if not (left.is_cst() or right.is_cst()):
                    left, right = self._fixed_factor(node.left, left), self._fixed_factor(
                        node.right, right)
                if not (left.is_cst() or right.is_cst()):
                    raise NotAffine("product of two non-constant expressions is not affine", node)
                result = left.mul(right)
            else:
                self._require_positive_constant(right, node)
                result = left.tdiv_q(right) if op == "/" else left.tdiv_r(right)
            if not kind.signed:
                self._within(result, kind, node)   # unsigned arithmetic wraps
            return result, kind
        raise NotAffine(f"operator '{op}' in an affine expression", node)

    def _fixed_factor(self, node: c_ast.Node, value: isl.PwAff) -> isl.PwAff:
        """A factor that is a size macro with one known value (``macro_value``), as
        that value (recorded in ``fixed``); any other factor as it is."""
        if (self.macro_value is None or not isinstance(node, c_ast.ID)
                or node.name in self.iterators or node.name in self.definitions
                or node.name not in self.parameters):
            return value
        known = self.macro_value(node.name)
        if known is None:
            return value
        self.fixed[node.name] = known
        return self.constant(known)

    def _require_positive_constant(self, value: isl.PwAff, node: c_ast.Node) -> None:
        if not value.is_cst() or not value.ge_set(self.constant(1)).is_equal(self.universe):
            raise NotAffine("division or modulo by something other than a positive constant", node)

    def expanded(self, node: c_ast.FuncCall) -> c_ast.Node | None:
        """The expression a function-like macro's call expands to, or None."""
        if self.expand is None or self.expanding > MACRO_DEPTH:
            return None
        return self.expand(node)

    def within_macro(self, node: c_ast.FuncCall, expansion: c_ast.Node, evaluate):
        """evaluate(expansion), its errors pointing at the call."""
        self.expanding += 1
        try:
            return evaluate(expansion)
        except NotAffine as error:
            name = node.name.name if isinstance(node.name, c_ast.ID) else "?"
            raise NotAffine(f"{error.message} (in the expansion of macro '{name}')",
                            node) from None
        finally:
            self.expanding -= 1

    def _call(self, node: c_ast.FuncCall) -> isl.PwAff:
        name = node.name.name if isinstance(node.name, c_ast.ID) else None
        args = node.args.exprs if node.args is not None else []
        if name not in AFFINE_CALLS or (self.meaning is not None and not self.meaning(name)):
            # a macro's value; `floord` too where the file defines it another way
            expansion = self.expanded(node)
            if expansion is not None:
                return self.within_macro(node, expansion, self.typed_expression)
            if name in AFFINE_CALLS:
                raise NotAffine(f"'{name}' is defined in the file with another value than "
                                f"polyopt takes '{name}' for", node)
            raise NotAffine(f"call to '{name or '?'}' in a loop bound, condition or subscript", node)
        if len(args) != 2:
            raise NotAffine(f"'{name}' takes two arguments here", node)
        left, right, kind = self._operands(args[0], args[1], node)
        if name in MIN_NAMES:
            return left.min(right), kind
        if name in MAX_NAMES:
            return left.max(right), kind
        self._require_positive_constant(right, node)
        quotient = left.div(right)
        result = quotient.floor() if name in FLOORD_NAMES else quotient.ceil()
        if not kind.signed:
            self._within(result, kind, node)
        return result, kind

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
                left, right, _ = self._operands(node.left, node.right, node)
                return getattr(left, comparisons[op])(right)
        if isinstance(node, c_ast.UnaryOp) and node.op == "!":
            return self.condition(node.expr).complement()
        if isinstance(node, c_ast.FuncCall):
            expansion = self.expanded(node)
            if expansion is not None:
                return self.within_macro(node, expansion, self.condition)
        return self.expression(node).ne_set(self.constant(0))


@functools.lru_cache(maxsize=None)
def readable_by_isl(name: str) -> bool:
    """isl's text syntax reads `name` as a parameter (not `min`, `mod`, `floor`,
    `and`, `true`, `infty`...: isl's words), as the model's texts need."""
    try:
        isl.Set(f"[{name}] -> {{ [i] : i <= {name} }}")
    except isl.Error:
        return False
    return True


# A size named like one of isl's words is another name in the model (the texts of
# isl objects must read back): a C-reserved name (two underscores), so that no
# identifier of a program is one. Printed code names the C variable
# (Scop.parameter_names, codegen.expressions.parameter_casts).
MODEL_NAME_PREFIX = "__polyopt_"


def model_name(name: str) -> str:
    """The name of the size parameter `name` in the model."""
    return name if readable_by_isl(name) else MODEL_NAME_PREFIX + name


def cast_type(node: c_ast.Cast, types) -> IntegerType | None:
    """The integer type a cast converts to; None for another type."""
    declared = node.to_type.type
    if not isinstance(declared, c_ast.TypeDecl) or not isinstance(declared.type, c_ast.IdentifierType):
        return None
    return type_of_words(declared.type.names, getattr(types, "typedefs", {}))
