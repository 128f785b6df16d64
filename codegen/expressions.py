"""Printing isl AST expressions as C, with the fewest parentheses C needs; and C
expression text made otherwise: an operand parenthesized where it needs it, the
row-major offset of an array element (a kernel's, a cuBLAS call's pointer), the
SCoP's unsigned parameters as the generated bounds print them."""

from __future__ import annotations

import re

import islpy as isl

from polyopt.core.scop import Scop

op = isl.ast_expr_op_type

# Helper macros the generated code may use; emitted once per file, guarded.
HELPER_MACROS = {
    "polyopt_floord": "#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))",
    "polyopt_ceild": "#define polyopt_ceild(n, d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))",
    "polyopt_min": "#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))",
    "polyopt_max": "#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))",
}

# C precedence, higher binds tighter; (symbol, precedence).
_BINARY = {
    op.or_: ("||", 3), op.or_else: ("||", 3),
    op.and_: ("&&", 4), op.and_then: ("&&", 4),
    op.eq: ("==", 8),
    op.lt: ("<", 9), op.le: ("<=", 9), op.gt: (">", 9), op.ge: (">=", 9),
    op.add: ("+", 11), op.sub: ("-", 11),
    op.mul: ("*", 12), op.div: ("/", 12), op.pdiv_q: ("/", 12),
    op.pdiv_r: ("%", 12), op.zdiv_r: ("%", 12),
}
_MACROS = {op.min: "polyopt_min", op.max: "polyopt_max", op.fdiv_q: "polyopt_floord"}
ATOM = 16          # the precedence of an operand that needs no parentheses


class ExpressionPrinter:
    """Prints isl AST expressions; records which helper macros were used."""

    def __init__(self) -> None:
        self.macros_used: set[str] = set()
        self.renamed: dict[str, str] = {}    # identifier -> text printed for it (a cast)

    def __call__(self, expr: isl.AstExpr) -> str:
        return self.print(expr)[0]

    def print(self, expr: isl.AstExpr) -> tuple[str, int]:
        """(text, precedence of its outermost operator)."""
        kind = expr.get_type()
        if kind == isl.ast_expr_type.id:
            name = expr.get_id().get_name()
            return self.renamed.get(name, name), ATOM
        if kind == isl.ast_expr_type.int:
            value = expr.get_val().to_python()
            return str(value), (ATOM if value >= 0 else 13)
        operation = expr.get_op_type()
        args = [expr.get_op_arg(k) for k in range(expr.get_op_n_arg())]
        if operation in _BINARY:
            symbol, precedence = _BINARY[operation]
            left = self._operand(args[0], precedence, right=False)
            right = self._operand(args[1], precedence, right=True)
            return f"{left} {symbol} {right}", precedence
        if operation == op.minus:
            return f"-{self._operand(args[0], 13, right=True)}", 13
        if operation in _MACROS:
            name = _MACROS[operation]
            self.macros_used.add(name)
            text = self(args[-1])
            for arg in reversed(args[:-1]):      # min/max may be n-ary
                text = f"{name}({self(arg)}, {text})"
            return text, ATOM
        if operation in (op.cond, op.select):
            cond = self._operand(args[0], 3, right=False)
            return f"{cond} ? {self(args[1])} : {self(args[2])}", 2
        if operation == op.access:
            return self(args[0]) + "".join(f"[{self(a)}]" for a in args[1:]), ATOM
        if operation == op.call:
            name = self(args[0])
            return f"{name}({', '.join(self(a) for a in args[1:])})", ATOM
        raise NotImplementedError(f"isl AST operation {operation}")

    def _operand(self, expr: isl.AstExpr, precedence: int, right: bool) -> str:
        text, inner = self.print(expr)
        # Left-associative operators: a right operand of equal precedence needs parentheses.
        # gcc -Wall wants '&&' inside '||' and comparisons inside comparisons parenthesized.
        if (inner < precedence or (right and inner == precedence)
                or (precedence == 3 and inner == 4) or (precedence in (8, 9) and inner in (8, 9))):
            return f"({text})"
        return text


IDENTIFIER = re.compile(r"[A-Za-z_]\w*")      # a C name


def parenthesized(text: str) -> str:
    """C text as an operand: as it is where it is a name, a number or in parentheses
    already, else in parentheses."""
    if IDENTIFIER.fullmatch(text) or text.isdigit():
        return text
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for position, char in enumerate(text):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0 and position < len(text) - 1:
                break
        else:
            return text
    return f"({text})"


def linear_index(positions: list[str], extents: list[str]) -> str:
    """Row-major offset of an element: ((p0 * e1 + p1) * e2 + p2) ..."""
    index = parenthesized(positions[0])
    for position, extent in zip(positions[1:], extents[1:]):
        index = f"{parenthesized(index)} * {parenthesized(extent)} + {parenthesized(position)}"
    return index


def parameter_casts(scop: Scop) -> dict[str, str]:
    """Each parameter that generated bounds print otherwise than the model names it:
    by its C name where the two differ (Scop.parameter_names), converted to the
    (signed) iterator type where it is cast, so that isl's "n - 1" does not wrap."""
    printed = dict(scop.parameter_names)
    printed.update({name: f"(({scop.iterator_type}) {scop.c_name(name)})"
                    for name in scop.parameter_casts})
    return printed
