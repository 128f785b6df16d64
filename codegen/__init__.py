"""Code generation: schedule tree -> isl AST -> target text (OpenMP C)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from polyopt.codegen.deferred import numpy_deferred

with numpy_deferred():
    import cgen
import islpy as isl

from polyopt.core.errors import CodegenError, WrongCodeError
from polyopt.core.scop import Scop
from polyopt.codegen.accumulate import AccumulationFinder
from polyopt.codegen.ast import PARALLEL, SIMD, build_ast
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.granularity import RegionDecider
from polyopt.codegen.openmp import OpenMPPrinter
from polyopt.codegen.verify import AstCheck, check_ast, run_checks
from polyopt.codegen.versioning import (assumed_context, assumption_text, disjoint_summary,
                                        disjoint_test, joined_condition, overlapping_pairs,
                                        rows_apart, version_condition)
from polyopt.core.timebox import step

log = logging.getLogger(__name__)

__all__ = ["GeneratedNest", "generate_openmp", "iterator_prefix", "iterator_prefixes"]


@dataclass
class GeneratedNest:
    lines: list[str]
    parallel_loops: list[str] = field(default_factory=list)
    checked: bool | None = None      # the AST was read back and checked (codegen.verify)
    notes: list[str] = field(default_factory=list)   # for the user, as warnings
    parallel_nests: list[int] = field(default_factory=list)  # top-level nest of each parallel loop
    parallel_conditions: list[str | None] = field(default_factory=list)  # if clause of each one
    small_regions: list[str] = field(default_factory=list)  # parallel, left serial: little work
    # The code holds only where this C condition does (codegen.versioning): the region
    # becomes `if (condition) { lines } else { the code as written }`. None: always.
    condition: str | None = None
    summary: str | None = None          # the condition in words, for the summary comment
    # statements that compute what the condition reads, run before it (in a block
    # with the if): the rows of pointers to rows scanned (codegen.versioning)
    preamble: list[str] = field(default_factory=list)
    untiled: bool = False   # a tiled schedule's code was wrong: its untiled one's instead


def parameter_casts(scop: Scop) -> dict[str, str]:
    """Each unsigned parameter as generated bounds print it: converted to the
    (signed) iterator type, so that isl's "n - 1" does not wrap."""
    return {name: f"(({scop.iterator_type}) {name})" for name in scop.parameter_casts}


def region_condition(scop: Scop, expressions: ExpressionPrinter,
                     assumed: dict[str, int] | None = None) -> dict:
    """The C test under which the generated code of the SCoP is right and meant to
    run (codegen.versioning: its model's assumption, the least sizes of its tiled
    code `assumed`, its arrays not overlapping; None: always), the same in words,
    and the statements to run before the test (pointers to rows scanned): the
    `condition`, `summary` and `preamble` of a GeneratedNest."""
    expressions.renamed = parameter_casts(scop)
    try:
        conditions = [assumption_text(scop, expressions),
                      version_condition(assumed, expressions.renamed) if assumed else None]
        pairs, rows = overlapping_pairs(scop), rows_apart(scop)
        overlap = disjoint_test(scop, pairs, expressions)
        condition = joined_condition(conditions + overlap.conditions)
    finally:
        expressions.renamed = {}
    summary = joined_condition(conditions)
    if pairs or rows:
        summary = (f"{summary} and " if summary else "") + disjoint_summary(pairs, rows)
    return {"condition": condition, "summary": summary, "preamble": overlap.preamble}


def iterator_prefix(scop: Scop) -> str:
    """A prefix for generated iterators that no identifier of the region uses."""
    return iterator_prefixes(scop, 1)[0]


def iterator_prefixes(scop: Scop, count: int,
                      candidates: tuple[str, ...] = ("c", "t", "polyopt_c")) -> list[str]:
    """`count` distinct prefixes for generated iterators, unused in the region and in
    the file (a macro the region uses may expand to any name of the file)."""
    taken = scop.taken_names

    def free(prefix: str) -> bool:
        return not any(name.startswith(prefix) and name[len(prefix):].isdigit() for name in taken)

    result = [prefix for prefix in candidates if free(prefix)]
    n = 0
    while len(result) < count:
        if free(f"polyopt_iterator{n}_"):
            result.append(f"polyopt_iterator{n}_")
        n += 1
    return result[:count]


def _checked(root: isl.AstNode, domain: isl.UnionSet, check: isl.UnionMap, context: isl.Set,
             private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None,
             for_all_sizes=None) -> AstCheck:
    """check_ast's verdict on the AST; where it cannot tell, _run's."""
    verdict = check_ast(root, domain, check, context, (PARALLEL, SIMD), private)
    if verdict.correct is None:
        run = _run(root, domain, check, context, for_all_sizes)
        if run.correct is False:
            return run
        log.info("the generated code's check: %s; %s", verdict.reason, run.reason)
    return verdict


def _run(root: isl.AstNode, domain: isl.UnionSet, dependences: isl.UnionMap,
         context: isl.Set, for_all_sizes=None) -> AstCheck:
    """The AST run at small parameter values (codegen.verify.run_checks), which can
    find it wrong. Where it is generated for large sizes only (versioned code: too
    many instances to run), `for_all_sizes()` (the AST of the same schedule for every
    size and its context, or None) is run instead: isl's wrong code for a schedule
    tree shows at small sizes there, and is taken as this AST's too (conservatively:
    the flat map's code, or the untiled, follows)."""
    run = run_checks(root, domain, dependences, context, (PARALLEL, SIMD))
    general = for_all_sizes() if run.correct is None and for_all_sizes else None
    if general is not None:
        proxy = run_checks(general[0], domain, dependences, general[1], (PARALLEL, SIMD))
        if proxy.correct is False:
            return AstCheck(False, f"{proxy.reason}, in its code for every size")
    return run


def generate_openmp(scop: Scop, schedule: isl.Schedule, dependences: isl.UnionMap | None,
                    expressions: ExpressionPrinter,
                    check: isl.UnionMap | None = None, flat: bool = False,
                    min_region_work: int | None = None, parallel: bool = True,
                    assumed: dict[str, int] | None = None,
                    private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None = None,
                    run: isl.UnionMap | None = None) -> GeneratedNest:
    """C lines for a scheduled SCoP; `dependences` None disables parallel and SIMD
    loops, `parallel` False parallel loops only (innermost loops that carry no
    dependence are still marked SIMD).

    With `check` (every dependence of the SCoP), the AST is read back and checked
    (codegen.verify). Where isl generated a wrong AST from the schedule tree, the
    same schedule is generated again from its flat map, and checked again; if that
    is wrong too, CodegenError. `flat` generates from the flat map from the start
    (where a run showed the tree's code wrong and the check could not tell).
    A parallel loop gets a region only where it does `min_region_work` (None: the
    calibrated codegen.granularity.MIN_REGION_WORK).

    `assumed` (parameter -> least value; codegen.versioning) generates and checks the
    code for those parameter values only: the nest's `condition` says when it holds.

    `run` (every dependence of the SCoP), without `check`: the AST is only run at
    small parameter values (codegen.verify.run_checks), where the parametric check
    is known to run out of its budget (time tiles); WrongCodeError where it runs
    wrong.

    `private` (polyopt.scheduler.privatize.live_ranges: scalar -> its flow dependences and
    writes): scalars that `dependences` and `check` treat as expanded, one copy per
    thread in the code (`private(s)` on a parallel or SIMD loop that runs a statement
    writing it). The AST must then be checked right (checked True, with `check` the
    dependences where none is given), else CodegenError.
    """
    if private:
        check = check if check is not None else dependences
    prefix = iterator_prefix(scop)
    context = assumed_context(scop, assumed) if assumed else scop.context
    domain = schedule.get_domain()
    accumulations = AccumulationFinder(scop)

    def new_decider() -> RegionDecider | None:
        if dependences is None or not parallel:
            return None
        return RegionDecider(scop) if min_region_work is None else \
            RegionDecider(scop, threshold=min_region_work)

    def flat_map() -> isl.UnionMap:
        return schedule.get_map().intersect_domain(domain)

    decider = new_decider()
    ast = build_ast(flat_map() if flat else schedule,
                    context, dependences, prefix, innermost=accumulations,
                    region_decider=decider, regions=parallel)
    checked, notes = None, []

    def for_all_sizes(tree_or_map) -> tuple[isl.AstNode, isl.Set] | None:
        """The AST of the same schedule for every size and the SCoP's context: None
        where the code is generated for every size already, or isl runs out of its
        budget building it."""
        if not assumed:
            return None
        try:
            general = build_ast(tree_or_map, scop.context, dependences, prefix,
                                innermost=AccumulationFinder(scop),
                                region_decider=new_decider(), regions=parallel)
        except isl.Error:
            return None
        return general.root, scop.context

    def this_schedule():
        return for_all_sizes(flat_map() if flat else schedule)

    if run is not None and check is None:
        step("code check")
        verdict = _run(ast.root, domain, run, context, this_schedule)
        if verdict.correct is False:
            raise WrongCodeError(f"isl generated wrong code for the schedule: {verdict.reason}",
                                 scop.region.location)
        log.info("the generated code, run: %s", verdict.reason)
    if flat:
        notes.append("generated from the flat schedule map, without full-tile separation")
    if check is not None:
        step("code check")
        verdict = _checked(ast.root, domain, check, context, private, this_schedule)
        checked = verdict.correct
        if verdict.correct is False and flat:
            raise WrongCodeError(f"isl generated wrong code from the flat schedule map: "
                                 f"{verdict.reason}", scop.region.location)
        if verdict.correct is False:
            step("code generation")
            accumulations = AccumulationFinder(scop)
            ast = build_ast(flat_map(), context,
                            dependences, prefix, innermost=accumulations,
                            region_decider=decider, regions=parallel)
            step("code check")
            retry = _checked(ast.root, domain, check, context, private,
                             lambda: for_all_sizes(flat_map()))
            if retry.correct is False:
                raise WrongCodeError(f"isl generated wrong code for the schedule: {verdict.reason} "
                                     f"(from its flat map: {retry.reason})", scop.region.location)
            checked = retry.correct
            notes.append(f"isl generated wrong code for the schedule tree ({verdict.reason}); "
                         "generated from the flat schedule map instead, without full-tile "
                         "separation")
    if private and checked is not True:
        raise CodegenError("the code with private scalars could not be checked "
                           f"({verdict.reason})", scop.region.location)
    printer = OpenMPPrinter(scop, expressions, accumulations.found, {
        name: {s.name for s in scop.statements
               if any(a.array == name and a.is_write for a in s.accesses)}
        for name in private or ()})
    # unsigned parameters are converted to the (signed) iterator type in the
    # generated bounds: isl's "n - 1" must not wrap
    expressions.renamed = parameter_casts(scop)
    try:
        items = printer.print_nests(ast.root)
    finally:
        expressions.renamed = {}
    tested = region_condition(scop, expressions, assumed)
    # split on '\n' only: str.splitlines also splits at form feeds, U+2028... inside literals
    lines = str(cgen.Module(items)).split("\n") if items else []
    return GeneratedNest(lines, printer.parallel_loops, checked, notes, printer.parallel_nests,
                         printer.parallel_conditions, printer.small_regions, **tested)
