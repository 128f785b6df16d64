"""Code generation: schedule tree -> isl AST -> target text (OpenMP C)."""

from __future__ import annotations

from dataclasses import dataclass, field

import cgen
import islpy as isl

from polyopt.errors import CodegenError
from polyopt.model import Scop
from polyopt.codegen.ast import PARALLEL, build_ast
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.openmp import OpenMPPrinter
from polyopt.codegen.verify import check_ast
from polyopt.timebox import step

__all__ = ["GeneratedNest", "generate_openmp", "iterator_prefix", "iterator_prefixes"]


@dataclass
class GeneratedNest:
    lines: list[str]
    parallel_loops: list[str] = field(default_factory=list)
    checked: bool | None = None      # the AST was read back and checked (codegen.verify)
    notes: list[str] = field(default_factory=list)   # for the user, as warnings


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
                    expressions: ExpressionPrinter,
                    check: isl.UnionMap | None = None, flat: bool = False) -> GeneratedNest:
    """C lines for a scheduled SCoP; `dependences` None disables parallel loops.

    With `check` (every dependence of the SCoP), the AST is read back and checked
    (codegen.verify). Where isl generated a wrong AST from the schedule tree, the
    same schedule is generated again from its flat map, and checked again; if that
    is wrong too, CodegenError. `flat` generates from the flat map from the start
    (where a run showed the tree's code wrong and the check could not tell).
    """
    prefix = iterator_prefix(scop)
    domain = schedule.get_domain()
    ast = build_ast(schedule.get_map().intersect_domain(domain) if flat else schedule,
                    scop.context, dependences, prefix)
    checked, notes = None, []
    if flat:
        notes.append("generated from the flat schedule map, without full-tile separation")
    if check is not None:
        step("code check")
        verdict = check_ast(ast.root, domain, check, scop.context, PARALLEL)
        checked = verdict.correct
        if verdict.correct is False and flat:
            raise CodegenError(f"isl generated wrong code from the flat schedule map: "
                               f"{verdict.reason}", scop.region.location)
        if verdict.correct is False:
            step("code generation")
            ast = build_ast(schedule.get_map().intersect_domain(domain), scop.context,
                            dependences, prefix)
            step("code check")
            retry = check_ast(ast.root, domain, check, scop.context, PARALLEL)
            if retry.correct is False:
                raise CodegenError(f"isl generated wrong code for the schedule: {verdict.reason} "
                                   f"(from its flat map: {retry.reason})", scop.region.location)
            checked = retry.correct
            notes.append(f"isl generated wrong code for the schedule tree ({verdict.reason}); "
                         "generated from the flat schedule map instead, without full-tile "
                         "separation")
    printer = OpenMPPrinter(scop, expressions)
    items = printer.print(ast.root)
    lines = str(cgen.Module(items)).splitlines() if items else []
    return GeneratedNest(lines, printer.parallel_loops, checked, notes)
