"""The OpenMP C target: isl AST to C text through cgen.

Loops annotated parallel get ``#pragma omp parallel for``, with an ``if`` clause
where the work of a region depends on sizes not known (codegen.granularity);
innermost loops proven free of dependences get ``#pragma omp simd`` (gcc and clang
honour it with ``-fopenmp`` or ``-fopenmp-simd``); an innermost loop that
accumulates into one element gets it in a local (codegen.accumulate); all
iterators are declared in their ``for`` so they are private to each thread.
"""

from __future__ import annotations

import re

import cgen
import islpy as isl

from polyopt.core.scop import Scop
from polyopt.codegen.accumulate import Accumulation
from polyopt.codegen.ast import PARALLEL, SIMD
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.granularity import SMALL_REGION, RegionWork
from polyopt.codegen.statements import statement_text


class OpenMPPrinter:
    """Turns one SCoP's isl AST into cgen objects."""

    def __init__(self, scop: Scop, expressions: ExpressionPrinter,
                 accumulations: dict[str, Accumulation] | None = None,
                 private: dict[str, set[str]] | None = None):
        self.scop = scop
        self.private = private or {}    # private scalar -> the statements that write it
        self.expressions = expressions
        self.accumulations = accumulations or {}
        self.replaced: dict[str, dict[int, str]] = {}   # statement -> ArrayRef id -> local
        self.local = _free_name(scop, "polyopt_accumulator")
        self.parallel_loops: list[str] = []
        self.parallel_nests: list[int] = []   # the nest of each parallel loop, from 1
        self.parallel_conditions: list[str | None] = []   # the if clause of each one
        self.small_regions: list[str] = []    # parallel loops left serial: too little work
        self.nest = 0

    def print_nests(self, root: isl.AstNode) -> list[cgen.Generable]:
        """The whole AST; each top-level loop or condition is a nest, numbered from 1
        (in the report of the parallel loops)."""
        nodes = [root]
        if root.get_type() == isl.ast_node_type.block:
            children = root.block_get_children()
            nodes = [children.get_at(k) for k in range(children.n_ast_node())]
        items = []
        for node in nodes:
            if node.get_type() != isl.ast_node_type.user:
                self.nest += 1
            items.extend(self.print(node))
        return items

    def print(self, node: isl.AstNode) -> list[cgen.Generable]:
        kind = node.get_type()
        if kind == isl.ast_node_type.block:
            children = node.block_get_children()
            items = []
            for k in range(children.n_ast_node()):
                items.extend(self.print(children.get_at(k)))
            return items
        if kind == isl.ast_node_type.for_:
            return self._for(node)
        if kind == isl.ast_node_type.if_:
            then = cgen.Block(self.print(node.if_get_then_node()))
            otherwise = cgen.Block(self.print(node.if_get_else_node())) if node.if_has_else_node() else None
            return [cgen.If(self.expressions(node.if_get_cond()), then, otherwise)]
        if kind == isl.ast_node_type.user:
            return [cgen.Statement(self._user(node.user_get_expr()))]
        if kind == isl.ast_node_type.mark:
            return self.print(node.mark_get_node())
        raise NotImplementedError(f"isl AST node {kind}")

    def _for(self, node: isl.AstNode) -> list[cgen.Generable]:
        annotation = node.get_annotation()
        accumulation = (self.accumulations.get(annotation.get_name())
                        if annotation is not None and not node.for_is_degenerate() else None)
        if accumulation is not None:
            return self._accumulating_for(node, accumulation)
        iterator = self.expressions(node.for_get_iterator())
        init = self.expressions(node.for_get_init())
        body = self.print(node.for_get_body())
        if node.for_is_degenerate():
            if not re.search(rf"\b{re.escape(iterator)}\b", "\n".join(map(str, body))):
                return body      # a value nothing uses: -Wunused-variable
            return [cgen.Block([cgen.Statement(f"const {self.scop.iterator_type} {iterator} = {init}"),
                                *body])]
        increment = self.expressions(node.for_get_inc())
        update = f"{iterator}++" if increment == "1" else f"{iterator} += {increment}"
        loop = cgen.For(f"{self.scop.iterator_type} {iterator} = {init}", self.expressions(node.for_get_cond()),
                        update, cgen.Block(body))
        if annotation is not None and annotation.get_name() == PARALLEL:
            self.parallel_loops.append(iterator)
            self.parallel_nests.append(self.nest)
            work = annotation.user
            condition = work.condition(self.expressions) if isinstance(work, RegionWork) else None
            self.parallel_conditions.append(condition)
            clause = f" if({condition})" if condition else ""
            return [cgen.Pragma(f"omp parallel for{self._private_clause(node)}{clause}"), loop]
        if annotation is not None and annotation.get_name() == SMALL_REGION:
            self.small_regions.append(iterator)
        if annotation is not None and annotation.get_name() == SIMD:
            if annotation.user == SMALL_REGION:
                self.small_regions.append(iterator)
            return [cgen.Pragma(f"omp simd{self._private_clause(node)}"), loop]
        return [loop]

    def _private_clause(self, node: isl.AstNode) -> str:
        """` private(s, ...)`: the private scalars a statement in the loop writes."""
        if not self.private:
            return ""
        inside = _statements(node)
        names = [name for name, statements in sorted(self.private.items()) if statements & inside]
        return f" private({', '.join(names)})" if names else ""

    def _accumulating_for(self, node: isl.AstNode, accumulation: Accumulation
                          ) -> list[cgen.Generable]:
        """The loop with its accumulated cell in a local: loaded before, stored after."""
        cell = self._cell(accumulation)
        self.replaced = {name: {reference: self.local for reference in references}
                         for name, references in accumulation.references.items()}
        try:
            loop = self._for_loop(node)
        finally:
            self.replaced = {}
        block = cgen.Block([cgen.Statement(f"{accumulation.element_type} {self.local} = {cell}"),
                            *loop, cgen.Statement(f"{cell} = {self.local}")])
        # the loop runs at least once: its condition at its first value
        iterator = self.expressions(node.for_get_iterator())
        init = self.expressions(node.for_get_init())
        if not re.fullmatch(r"\w+", init):
            init = f"({init})"
        first = re.sub(rf"\b{re.escape(iterator)}\b", init, self.expressions(node.for_get_cond()))
        if _always_true(first):
            return [block]
        return [cgen.If(first, block)]

    def _cell(self, accumulation: Accumulation) -> str:
        """The accumulated element as C (a kernel linearizes it)."""
        return self.expressions(accumulation.cell)

    def _for_loop(self, node: isl.AstNode) -> list[cgen.Generable]:
        iterator = self.expressions(node.for_get_iterator())
        init = self.expressions(node.for_get_init())
        body = self.print(node.for_get_body())
        increment = self.expressions(node.for_get_inc())
        update = f"{iterator}++" if increment == "1" else f"{iterator} += {increment}"
        return [cgen.For(f"{self.scop.iterator_type} {iterator} = {init}",
                         self.expressions(node.for_get_cond()), update, cgen.Block(body))]

    def _user(self, call: isl.AstExpr) -> str:
        name = call.get_op_arg(0).get_id().get_name()
        statement = self.scop.statement(name)
        values = [self.expressions(call.get_op_arg(k)) for k in range(1, call.get_op_n_arg())]
        return statement_text(statement.body, statement.iterators, values, self.scop.iterator_casts,
                              self.replaced.get(name))


def _statements(node: isl.AstNode) -> set[str]:
    """The names of the statements an AST node runs."""
    kind = node.get_type()
    if kind == isl.ast_node_type.user:
        return {node.user_get_expr().get_op_arg(0).get_id().get_name()}
    if kind == isl.ast_node_type.block:
        children = node.block_get_children()
        return set().union(*(_statements(children.get_at(k)) for k in range(children.n_ast_node())))
    if kind == isl.ast_node_type.for_:
        return _statements(node.for_get_body())
    if kind == isl.ast_node_type.if_:
        found = _statements(node.if_get_then_node())
        return found | _statements(node.if_get_else_node()) if node.if_has_else_node() else found
    if kind == isl.ast_node_type.mark:
        return _statements(node.mark_get_node())
    return set()


_CONSTANT_COMPARISON = re.compile(r"^\(?(-?\d+)\)? (<=|<) (-?\d+)$")


def _always_true(condition: str) -> bool:
    """True for a comparison of two integer literals that holds (`(0) <= 31`)."""
    match = _CONSTANT_COMPARISON.match(condition)
    if not match:
        return False
    left, operator, right = int(match.group(1)), match.group(2), int(match.group(3))
    return left <= right if operator == "<=" else left < right


def _free_name(scop: Scop, stem: str) -> str:
    """`stem`, or `stem` with a number, that no name of the region or file uses."""
    taken = scop.taken_names
    if stem not in taken:
        return stem
    n = 1
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"
