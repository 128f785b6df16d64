"""The CPU path of one SCoP: OpenMP C from its schedule (private scalars one copy per
thread where that checks right), full tiles set apart where affordable."""

from __future__ import annotations

import logging

import islpy as isl

from polyopt.codegen import GeneratedNest, generate_openmp
from polyopt.codegen.buffers import with_buffers
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.versioning import fixed_values, least_values
from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.errors import (CodegenError, LegalityError, WrongCodeError, format_warning)
from polyopt.core.operations import isl_operations
from polyopt.core.scop import Scop
from polyopt.core.timebox import (step)
from polyopt.frontend import SourceFile
from polyopt.scheduler import ScheduleResult
from polyopt.scheduler.bands import is_legal
from polyopt.pipeline.options import Options
from polyopt.pipeline.report import RenderState, ScopOutcome, ScopReport, format_note, kept_message
from polyopt.pipeline.schedule import ScheduledScop, schedule_scop, tiled, written_order

log = logging.getLogger(__name__)


# isl operations allowed for generating code with full tiles isolated; past it,
# the (rare, usually skewed) band is generated without the separation instead.
ISOLATION_BUDGET = 1_000_000
# with register tiles, whose loops isl bounds in every full tile too (2mm, 3mm: 2-4
# million operations, 0.5-0.8 s)
REGISTER_ISOLATION_BUDGET = 4_000_000


def generate(scheduled: ScheduledScop, expressions: ExpressionPrinter) -> GeneratedNest:
    """OpenMP C for a scheduled SCoP, falling back to unseparated tiles if too costly.
    Tiled code is versioned (codegen.versioning) where the SCoP's text allows it; code
    with parallel regions is generated again for the small sizes the calls in the file
    pass (codegen.versioning.fixed_values), where it has some."""
    scop, options = scheduled.scop, scheduled.options
    before = set(expressions.macros_used)
    nest = _generate(scheduled, expressions, {})
    if not (nest.parallel_loops and options.versioning and scop.original_lines):
        return nest
    fixed = fixed_values(scop)
    if not fixed:
        return nest
    first = expressions.macros_used
    expressions.macros_used = set(before)
    try:
        return _generate(scheduled, expressions, fixed)
    except (CodegenError, isl.Error) as error:
        log.info("%s: no code for the sizes the calls pass (%s)", scop.region.location, error)
        expressions.macros_used = first
        return nest


def _generate(scheduled: ScheduledScop, expressions: ExpressionPrinter,
              fixed: dict[str, int]) -> GeneratedNest:
    """generate's code, for the sizes `fixed` only where it has some."""
    step("code generation")
    scop, options = scheduled.scop, scheduled.options
    dependences = scheduled.dependences.all if options.parallel or scheduled.simd else None
    private = scheduled.private
    if not scheduled.tiling.bands:
        # isl's wrong code was seen for tiled trees only; untiled code is not checked
        # (but for private scalars' live ranges).
        return generate_openmp(scop, scheduled.schedule, dependences, expressions,
                               min_region_work=options.min_region_work, parallel=options.parallel,
                               private=private, outer_simd=options.outer_simd, fixed=fixed)
    assumed = (least_values(scop, scheduled.tiling.bands)
               if options.versioning and scop.original_lines else {})
    check = scheduled.dependences.all if options.check else None
    try:
        if scheduled.time_tiled:
            # No full tiles set apart to fall back from. The read-back check of the
            # AST (codegen.verify) runs out of its budget on time tiles after tens of
            # seconds without a verdict: the tree is checked legal, each parallel loop
            # is proven on isl's build (codegen.ast), as for every schedule, and the
            # AST is run at small sizes where the code is generated for them.
            return generate_openmp(scop, scheduled.schedule, dependences, expressions,
                                   min_region_work=options.min_region_work,
                                   parallel=options.parallel, assumed=assumed, private=private,
                                   run=check, outer_simd=options.outer_simd, fixed=fixed)
        return _generate_tiled(scheduled, expressions, dependences, assumed, check, fixed)
    except WrongCodeError as error:
        if private:
            raise
        # isl's code of the tiled tree and of its flat map both wrong (codegen.verify)
        nest = generate_openmp(scop, scheduled.untiled, dependences, expressions,
                               min_region_work=options.min_region_work, parallel=options.parallel,
                               outer_simd=options.outer_simd, fixed=fixed)
        nest.untiled = True
        nest.notes.append(f"{error.message}; generated untiled instead")
        return nest


def _generate_tiled(scheduled: ScheduledScop, expressions: ExpressionPrinter,
                    dependences: isl.UnionMap | None, assumed: dict[str, int],
                    check: isl.UnionMap | None, fixed: dict[str, int]) -> GeneratedNest:
    """generate's code of a tiled schedule: with full tiles set apart, or without where
    that is too costly."""
    scop, options, private = scheduled.scop, scheduled.options, scheduled.private
    budget = REGISTER_ISOLATION_BUDGET if any(scheduled.tiling.registers) else ISOLATION_BUDGET
    try:
        with isl_operations(scheduled.schedule.get_ctx(), budget):
            return generate_openmp(scop, scheduled.schedule, dependences, expressions, check,
                                   flat=scheduled.flat_map,
                                   min_region_work=options.min_region_work,
                                   parallel=options.parallel, assumed=assumed, private=private,
                                   outer_simd=options.outer_simd, fixed=fixed)
    except isl.Error:
        log.info("%s: full-tile separation too costly; generating tiles without it",
                 scop.region.location)
    step("code generation")
    plain = written_order(tiled(scheduled.untiled, options, scop, scheduled.dependences,
                                scheduled.wavefront, isolate=False,
                                band_sizes=scheduled.tile_sizes),
                          scop, scheduled.dependences)
    return generate_openmp(scop, plain, dependences, expressions, check, flat=scheduled.flat_map,
                           min_region_work=options.min_region_work, parallel=options.parallel,
                           assumed=assumed, private=private, outer_simd=options.outer_simd,
                           fixed=fixed)


def privatized(source: SourceFile, scop: Scop, dependences: Dependences, options: Options,
                expressions: ExpressionPrinter
                ) -> tuple[ScheduledScop | None, GeneratedNest | None]:
    """The SCoP scheduled and generated with its private scalars one copy per thread
    (polyopt.scheduler.privatize), where it has some and the code with them checks right;
    (None, None) otherwise. Where the scheduler keeps the code as written, that is
    the answer (a schedule without a nest): every schedule legal with all the
    dependences was legal here too, and scheduling again would double the time."""
    from polyopt.scheduler.privatize import relaxed_dependences
    relaxed = relaxed_dependences(source, scop, dependences)
    if relaxed is None:
        return None, None
    try:
        scheduled = schedule_scop(scop, options, relaxed)
        if scheduled.schedule is None:
            return scheduled, None
        nest = generate(scheduled, expressions)
    except (CodegenError, LegalityError) as error:
        log.info("%s: private scalars %s: %s; scheduled with every dependence",
                 scop.region.location, ", ".join(sorted(relaxed.live_ranges)), error.message)
        return None, None
    return scheduled, nest


def cpu_scop_code(source: SourceFile, scop: Scop, choice: ScheduleResult | None,
                  dependences: Dependences | None, options: Options, state: RenderState,
                  outcome: ScopOutcome) -> None:
    """The CPU's path: `outcome` filled with the SCoP's OpenMP C, or with why it stays
    as written (a CodegenError for the dispatcher otherwise)."""
    scheduled, nest, every = None, None, None
    if options.parallel and options.private_scalars:
        if dependences is None:
            dependences = compute_dependences(scop)
        if choice is None and options.scheduler in ("auto", "identity", "isl"):
            scheduled, nest = privatized(source, scop, dependences, options, state.expressions)
        elif dependences.live_ranges is None:
            # a search's (or the tuning database's) schedule: made with the private
            # scalars' freedom (polyopt.search.driver) or without it, legal with it
            from polyopt.scheduler.privatize import relaxed_dependences
            every = dependences
            dependences = relaxed_dependences(source, scop, dependences) or dependences
    if scheduled is None:
        scheduled = schedule_scop(scop, options, dependences, choice)
    if scheduled.schedule is None:
        kept_as_written(outcome, scheduled)
        return
    finish_on_cpu(scheduled, nest, every, options, choice, state, outcome)


def kept_as_written(outcome: ScopOutcome, scheduled: ScheduledScop) -> None:
    """The scheduler kept the original code: the region stays as written."""
    scop = scheduled.scop
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                scheduled.description, [], [], candidates=scheduled.candidates,
                                kept=True)
    outcome.warnings.append(format_note(kept_message(ScheduleResult(None, scheduled.description)),
                                        scop.region.location))


def finish_on_cpu(scheduled: ScheduledScop, nest: GeneratedNest | None,
                  every: Dependences | None, options: Options, choice: ScheduleResult | None,
                  state: RenderState, outcome: ScopOutcome) -> None:
    """`outcome` filled with the OpenMP C of `scheduled` (`nest`, where it is generated
    already). Where the code of private scalars fails its check, the schedule with
    `every` dependence instead, where it is legal with them."""
    scop = scheduled.scop
    if nest is None:
        try:
            nest = generate(scheduled, state.expressions)
        except CodegenError:
            if every is None or scheduled.private is None or scheduled.untiled is None \
                    or not is_legal(scheduled.untiled, every.all):
                raise
            scheduled = schedule_scop(scop, options, every, choice)
            nest = generate(scheduled, state.expressions)
    with_buffers(nest, scop, state.expressions)
    outcome.warnings += [format_warning(note, scop.region.location) for note in nest.notes]
    outcome.nest = nest
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                scheduled.description + ("; isl's code of its tiles was wrong: "
                                                          "untiled" if nest.untiled else ""),
                                [] if nest.untiled else scheduled.tiling.bands,
                                nest.parallel_loops, scheduled.fallback, checked=nest.checked,
                                parallel_nests=nest.parallel_nests,
                                parallel_conditions=nest.parallel_conditions,
                                small_regions=nest.small_regions, condition=nest.summary,
                                candidates=scheduled.candidates)
