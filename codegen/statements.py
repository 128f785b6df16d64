"""Statement bodies: the original C expression with iterators substituted."""

from __future__ import annotations

from pycparser import c_ast, c_generator


class SubstitutingGenerator(c_generator.CGenerator):
    def __init__(self, substitutions: dict[str, str], replaced: dict[int, str] | None = None):
        super().__init__()
        self.substitutions = substitutions
        self.replaced = replaced or {}     # id(ArrayRef node) -> text printed for it

    def visit_ID(self, n: c_ast.ID) -> str:
        return self.substitutions.get(n.name, n.name)

    def visit_ArrayRef(self, n: c_ast.ArrayRef) -> str:
        if id(n) in self.replaced:
            return self.replaced[id(n)]
        # A subscript needs no parentheses of its own.
        subscript = self.visit(n.subscript)
        if subscript.startswith("(") and subscript.endswith(")") and isinstance(n.subscript, c_ast.ID):
            subscript = subscript[1:-1]
        return f"{self._parenthesize_unless_simple(n.name)}[{subscript}]"

    def visit_FuncCall(self, n: c_ast.FuncCall) -> str:
        # The callee is a name, never an iterator: print it as is.
        name = n.name.name if isinstance(n.name, c_ast.ID) else self._parenthesize_unless_simple(n.name)
        return f"{name}({self.visit(n.args) if n.args else ''})"


def _is_simple(text: str) -> bool:
    return text.isidentifier() or text.isdigit()


def substitutions(iterators: list[str], values: list[str],
                  casts: dict[str, str] | None = None) -> dict[str, str]:
    """Iterator -> value expression, parenthesized unless it is a name or a number;
    an iterator in `casts` is converted back to its own type (the generated one is wider)."""
    result = {}
    for name, value in zip(iterators, values):
        if casts and name in casts:
            result[name] = f"(({casts[name]}) {value if _is_simple(value) else f'({value})'})"
        else:
            result[name] = value if _is_simple(value) else f"({value})"
    return result


def statement_text(body: c_ast.Node, iterators: list[str], values: list[str],
                   casts: dict[str, str] | None = None,
                   replaced: dict[int, str] | None = None) -> str:
    """C text of a statement with each iterator replaced by its value expression
    (and each ArrayRef node whose id is in `replaced` by its text there)."""
    return SubstitutingGenerator(substitutions(iterators, values, casts), replaced).visit(body)
