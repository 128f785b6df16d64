"""Code generation: schedule tree -> isl AST -> target text (OpenMP C)."""

from __future__ import annotations

from dataclasses import dataclass, field

import cgen
import islpy as isl

from polyopt.model import Scop
from polyopt.codegen.ast import build_ast
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.openmp import OpenMPPrinter

__all__ = ["GeneratedNest", "generate_openmp", "iterator_prefix", "iterator_prefixes"]


@dataclass
class GeneratedNest:
    lines: list[str]
    parallel_loops: list[str] = field(default_factory=list)


def iterator_prefix(scop: Scop) -> str:
    """A prefix for generated iterators that no identifier of the region uses."""
    return iterator_prefixes(scop, 1)[0]


def iterator_prefixes(scop: Scop, count: int,
                      candidates: tuple[str, ...] = ("c", "t", "polyopt_c")) -> list[str]:
    """`count` distinct prefixes for generated iterators, unused in the region."""
    free = [prefix for prefix in candidates
            if not any(name.startswith(prefix) and name[len(prefix):].isdigit()
                       for name in scop.identifiers)]
    free += [f"polyopt_iterator{n}_" for n in range(count)]
    return free[:count]


def generate_openmp(scop: Scop, schedule: isl.Schedule, dependences: isl.UnionMap | None,
                    expressions: ExpressionPrinter) -> GeneratedNest:
    """C lines for a scheduled SCoP; `dependences` None disables parallel loops."""
    ast = build_ast(schedule, scop.context, dependences, iterator_prefix(scop))
    printer = OpenMPPrinter(scop, expressions)
    items = printer.print(ast.root)
    lines = str(cgen.Module(items)).splitlines() if items else []
    return GeneratedNest(lines, printer.parallel_loops)
