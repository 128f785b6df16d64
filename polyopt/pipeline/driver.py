"""The pipeline: frontend -> dependences -> scheduler -> tiling -> codegen -> splice."""

from __future__ import annotations

import itertools
import logging
import re
import time
from dataclasses import dataclass, field, replace as replace_dataclass

import islpy as isl

from polyopt.codegen import GeneratedNest, generate_openmp, iterator_prefixes, region_condition
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.splice import braced_block, indent_block, macro_lines, splice
from polyopt.codegen.versioning import (assumption_text, copies_test, disjoint_summary,
                                        joined_condition, least_values, overlapping_pairs,
                                        rows_apart, versioned)
from polyopt.core.deepstack import deep_stack
from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.errors import (CodegenError, LegalityError, Location, PolyoptError, UnsupportedError,
                             WrongCodeError, format_warning)
from polyopt.frontend import TOO_DEEP, SourceFile, extract_scops
from polyopt.frontend.sizes import known_values
from polyopt.core.scop import Scop
from polyopt.scheduler.privatize import keeps_live_ranges
from polyopt.scheduler import ScheduleResult, get_scheduler
from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.tiling import TilingReport, tile_schedule
from polyopt.scheduler.wavefront import skew_tile_bands
from polyopt.core.timebox import (FILE_SECONDS, TimeBoxExceeded, TimeBoxFailed, call_with_step_limits,
                             call_with_time_limit, in_child, limits_within, map_with_time_limit,
                             step)

log = logging.getLogger(__name__)


@dataclass
class Options:
    """What the user asked for; the CLI fills it in."""

    scheduler: str = "auto"           # auto: a cost model's choice (scheduler.auto)
    tile: bool = True
    tile_sizes: list[int] | None = None
    parallel: bool = True
    auto_scop: bool = False
    strict: bool = False
    use_database: bool = False        # use the best stored schedule of an unchanged SCoP
    database: str | None = None       # tuning database path (None: the default one)
    seed: int | None = None           # for the random scheduler
    target: str = "c"                 # "c" (OpenMP C) or "cuda"
    block_sizes: list[int] | None = None   # CUDA thread block sizes, x first
    coarsening: int = 1                    # CUDA: points of the x dimension per thread
    # CUDA, what goes to shared memory: 0 nothing, 1 (True) reused tiles of read-only arrays,
    # 2 also written arrays and uncoalesced reads (codegen.gpu's SHARED_*)
    shared_memory: int = 1
    registers: bool = True            # CUDA: an innermost loop's accumulated element in a register
    check: bool = True                # read the generated AST back, check it (codegen.verify)
    # tiled code for the known sizes and larger, the code as written for smaller ones
    # (codegen.versioning); False: tiled code for every size
    versioning: bool = True
    # NAME or NAME=VALUE, as -D: the sizes the file chooses under them (and values of
    # parameters that are no macros) are known for decisions; the code stays parametric
    defines: list[str] = field(default_factory=list)
    include_dirs: list[str] = field(default_factory=list)   # searched for headers, as -I
    # work a parallel region must do (codegen.granularity); None: the calibrated
    # MIN_REGION_WORK, 0: every outermost parallel loop (tests of parallel code)
    min_region_work: int | None = None
    # time tiling of stencils (scheduler.stencil): None off, else the tile shape
    # ("auto": diamond where legal, else parallelogram); sizes [T, S1, ..., Sn]
    time_tile: str | None = None
    stencil_tile: list[int] | None = None
    # scalars whose values live within one iteration of their outer loops are private
    # to each thread (polyopt.scheduler.privatize); False: every dependence of a scalar is kept
    private_scalars: bool = True
    blas: bool = False                # matched statements become BLAS calls (polyopt.blas.match)
    blas_library: str | None = None   # the CBLAS linked with (None: scipy-openblas32's)
    blas_mode: str = "auto"           # "auto": a match is replaced where predicted to pay
                                      # (polyopt.blas.cost); "always": every match


def options_key(options: Options) -> str:
    """What, besides the schedule, shapes the generated code (a tuning database key)."""
    sizes = ",".join(map(str, options.tile_sizes)) if options.tile_sizes else "default"
    key = f"tile={int(options.tile)};sizes={sizes};parallel={int(options.parallel)}"
    if options.defines:     # they choose the sizes decisions see
        key += ";defines=" + ",".join(options.defines)
    if options.min_region_work is not None:
        key += f";region={options.min_region_work}"
    if not options.versioning:
        key += ";versioning=0"
    if options.time_tile is not None:
        sizes = ",".join(map(str, options.stencil_tile)) if options.stencil_tile else "default"
        key += f";time-tile={options.time_tile};stencil-tile={sizes}"
    if options.blas:
        key += ";blas=1" + (f";blas-mode={options.blas_mode}" if options.blas_mode != "auto" else "")
    if options.target != "c":
        blocks = ",".join(map(str, options.block_sizes)) if options.block_sizes else "default"
        key += f";target={options.target};blocks={blocks};shared={int(options.shared_memory)}"
        key += "" if options.registers else ";registers=0"
    return key


@dataclass
class ScheduledScop:
    """One SCoP through the middle of the pipeline."""

    scop: Scop
    dependences: Dependences
    schedule: isl.Schedule            # final tree (tiled if asked)
    description: str
    tiling: TilingReport
    untiled: isl.Schedule             # the scheduler's tree, before tiling
    options: Options
    fallback: str | None = None       # why the scheduler kept the original order
    flat_map: bool = False            # tiled code from the flat schedule map, not isl's tree
    wavefront: bool = False           # tile bands skewed into wavefronts (scheduler.wavefront)
    tile_sizes: list[list[int]] | None = None   # per tilable band; None: the default tiling
    time_tiled: bool = False          # a stencil's time-tiled tree (scheduler.stencil), as is
    # --target cuda: the time tiles with a GPU's inside (TimeTiling.for_blocks), checked
    gpu_tree: isl.Schedule | None = None
    # innermost loops proven free of dependences get `omp simd`: also in a serial
    # choice of the default (options.parallel made False), not with --no-parallel
    simd: bool = True

    @property
    def private(self) -> dict | None:
        """Scalars private to each thread, with their live ranges (polyopt.scheduler.privatize),
        where `dependences` are those of the program with them expanded: the code
        then gets `private(s)` and is always checked (codegen.generate_openmp)."""
        return self.dependences.live_ranges


@dataclass
class ScopReport:
    location: Location
    statements: int
    description: str
    tile_bands: list[list[int]]
    parallel_loops: list[str]
    fallback: str | None = None
    kernels: list[str] | None = None   # CUDA: block shape of each kernel
    checked: bool | None = None        # the generated AST was checked (None: not, or no verdict)
    parallel_nests: list[int] = field(default_factory=list)   # nest of each parallel loop
    parallel_conditions: list[str | None] = field(default_factory=list)  # its if clause
    small_regions: list[str] = field(default_factory=list)  # parallel, serial: little work
    condition: str | None = None       # versioned: the tiled code's test (codegen.versioning)


@dataclass
class OptimizeResult:
    text: str
    scops: list[ScopReport] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _expand_constant_calls(source: SourceFile, scops: list[Scop], options: Options) -> None:
    """Scop.expansions: the statements' right-hand sides that call a macro on constants
    only, as the preprocessor expands them (one preprocessor run for the file)."""
    from pycparser import c_ast, c_generator
    printer = c_generator.CGenerator()
    wanted: list[tuple[Scop, str]] = []
    for scop in scops:
        for statement in scop.statements:
            body = statement.body
            if (isinstance(body, c_ast.Assignment) and isinstance(body.rvalue, c_ast.FuncCall)
                    and isinstance(body.rvalue.name, c_ast.ID) and body.rvalue.args is not None
                    and all(isinstance(a, c_ast.Constant) for a in body.rvalue.args.exprs)):
                wanted.append((scop, printer.visit(body.rvalue)))
    if not wanted:
        return
    from polyopt.frontend.sizes import expand_expressions
    expanded = expand_expressions(source, [text for _, text in wanted], options.defines,
                                  options.include_dirs)
    for (scop, text), value in zip(wanted, expanded):
        if value is not None:
            scop.expansions[text] = value


def model(source: SourceFile, options: Options) -> tuple[list[Scop], list[str]]:
    """The SCoPs of a file and the warnings for regions left unchanged."""
    result = extract_scops(source, auto_scop=options.auto_scop, defines=options.defines,
                           include_dirs=options.include_dirs)
    for scop in result.scops:
        scop.known_values = known_values(source, scop.parameters, options.defines,
                                         options.include_dirs)
    if options.blas:
        _expand_constant_calls(source, result.scops, options)
    warnings = []
    for diagnostic in result.diagnostics:
        if options.strict:
            raise UnsupportedError(diagnostic.message, diagnostic.location)
        warnings.append(format_warning(diagnostic.message, diagnostic.location))
    scops = []
    for scop in result.scops:
        warnings += [format_note(message, where) for message, where in scop.notes]
        pairs, rows = overlapping_pairs(scop), rows_apart(scop)
        if (scop.assumption is not None or pairs or rows) and scop.original_lines is None:
            needed = ([f"the model of this region holds only where {assumption_text(scop)}"]
                      if scop.assumption is not None else []) + (
                      [f"the optimized code is right only where {disjoint_summary(pairs, rows)}"]
                      if pairs or rows else [])
            message = (f"{'; '.join(needed)}, and the region's text cannot be kept beside "
                       "the optimized code to run otherwise (a line continued with a "
                       "backslash); region left unchanged")
            if options.strict:
                raise UnsupportedError(message, scop.region.location)
            warnings.append(format_warning(message, scop.region.location))
        else:
            scops.append(scop)
    return scops, warnings


def unchanged_warning(error: TimeBoxExceeded | TimeBoxFailed, failure: str,
                      location: Location) -> str:
    """The warning for a SCoP left unchanged: its step ran out of time, or failed."""
    if isinstance(error, TimeBoxExceeded):
        return format_warning(f"{error.step} exceeded its time budget ({error.seconds:g} s); "
                              "SCoP left unchanged", location)
    return format_warning(f"{failure} ({error}); SCoP left unchanged", location)


def dependences_within_budget(scops: list[Scop], warnings: list[str]
                              ) -> tuple[list[Scop], list[Dependences], list[str]]:
    """The SCoPs whose dependences were computed within their time budget, those
    dependences, and the warnings with one more for each SCoP dropped (it is then
    left as it was written)."""
    kept, found, warnings = [], [], list(warnings)
    for scop in scops:
        try:
            dependences = call_with_step_limits(compute_dependences, scop,
                                                first="dependence analysis")
        except (TimeBoxExceeded, TimeBoxFailed) as error:
            warnings.append(unchanged_warning(error, "dependence analysis failed",
                                              scop.region.location))
            continue
        kept.append(scop)
        found.append(dependences)
    return kept, found, warnings


def schedule_within_budget(name: str, scop: Scop, dependences: Dependences,
                           options: Options | None = None) -> ScheduleResult:
    """The schedule of scheduler `name`, computed within the scheduling budget; past
    it (or if it fails), the original code, with why in its description. `options`:
    how the pipeline will tile and parallelize (what auto's cost model assumes); its
    choice of wavefronts, parallel regions and time tiles comes with the schedule."""
    def text() -> tuple:
        kind = get_scheduler(name) if options is None else get_scheduler(
            name, seed=options.seed, tile=options.tile, tile_sizes=options.tile_sizes,
            parallel=options.parallel)
        result = kind.schedule(scop, dependences)
        gene = result.time_tiling.gene if result.time_tiling is not None else None
        return (None if result.schedule is None else str(result.schedule), result.description,
                result.fallback, result.flat_map, result.wavefront, result.parallel, gene)
    try:
        schedule, description, fallback, flat_map, wavefront, parallel, gene = \
            call_with_step_limits(text, first="scheduling")
    except TimeBoxExceeded as error:
        return ScheduleResult(None, f"original code ({name} {error.step} exceeded its time "
                                    f"budget, {error.seconds:g} s)")
    except TimeBoxFailed as error:
        return ScheduleResult(None, f"original code ({name} scheduling failed: {error})")
    if schedule is None:
        return ScheduleResult(None, description, fallback)
    return ScheduleResult(isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, schedule),
                          description, fallback, flat_map, wavefront=wavefront,
                          parallel=parallel, time_tile=gene)


def scheduler_name(options: Options) -> str:
    """The strategy that runs: auto's cost model is a CPU model; CUDA takes isl's
    schedule as PPCG computes it for a GPU."""
    if options.scheduler == "auto" and options.target == "cuda":
        return "isl-gpu"
    return options.scheduler


def schedule_scop(scop: Scop, options: Options, dependences: Dependences | None = None,
                  chosen: ScheduleResult | None = None) -> ScheduledScop:
    """Dependences, a legal schedule (the scheduler's, or `chosen`), and tiling for one SCoP.
    A result without a schedule (the original code kept) gives one without a schedule."""
    scheduled = _schedule_scop(scop, options, dependences, chosen)
    scheduled.simd = options.parallel      # the user's --no-parallel: no pragma at all
    return scheduled


def _schedule_scop(scop: Scop, options: Options, dependences: Dependences | None,
                   chosen: ScheduleResult | None) -> ScheduledScop:
    if dependences is None:
        step("dependence analysis")
        dependences = compute_dependences(scop)
    step("scheduling")
    if chosen is None and options.time_tile is not None and options.tile:
        time_tiled = time_tiled_scop(scop, options, dependences)
        if time_tiled is not None:
            return time_tiled
    if chosen is not None and chosen.time_tile is not None and chosen.time_tiling is None:
        chosen = with_time_tiling(scop, dependences, chosen)
    result = chosen or get_scheduler(scheduler_name(options), seed=options.seed, tile=options.tile,
                                     tile_sizes=options.tile_sizes,
                                     parallel=options.parallel).schedule(scop, dependences)
    if not result.parallel:
        options = replace_dataclass(options, parallel=False)
    if result.time_tiling is not None:     # the default's choice: the tree as it is
        return time_tiled_as_scheduled(scop, options, dependences, result.time_tiling,
                                       result.description)
    tiling = TilingReport()
    if result.schedule is None:
        return ScheduledScop(scop, dependences, None, result.description, tiling, None, options,
                             result.fallback)
    if not is_legal(result.schedule, dependences.all):
        raise LegalityError(f"schedule '{result.description}' violates a dependence "
                            "(internal error)", scop.region.location)
    # (a GPU thread has its own copy of each: codegen.cuda checks its kernels' threads)
    sequential = options.target != "cuda"
    if sequential and not keeps_live_ranges(result.schedule, dependences):
        raise LegalityError(f"schedule '{result.description}' interleaves a private scalar's "
                            "values", scop.region.location)
    schedule = result.schedule
    if options.tile:
        step("tiling")
        schedule = tiled(result.schedule, options, scop, dependences, result.wavefront, tiling,
                         band_sizes=result.tile_sizes)
        if not is_legal(schedule, dependences.all):
            raise LegalityError("tiling produced an illegal schedule (internal error)",
                                scop.region.location)
        if sequential and not keeps_live_ranges(schedule, dependences):
            raise LegalityError("the tiles interleave a private scalar's values",
                                scop.region.location)
    return ScheduledScop(scop, dependences, schedule, result.description, tiling,
                         result.schedule, options, result.fallback, result.flat_map,
                         result.wavefront, result.tile_sizes)


def with_time_tiling(scop: Scop, dependences: Dependences,
                     chosen: ScheduleResult) -> ScheduleResult | None:
    """A stored choice's time tiles (shape and sizes) made again; None (the scheduler's
    own choice then, logged) if they cannot be made for this SCoP."""
    from polyopt.scheduler.stencil import time_tile_or_why
    shape, sizes = chosen.time_tile
    tiling, why = time_tile_or_why(scop, dependences.all, list(sizes), shape)
    if tiling is None:
        log.warning("%s: the stored time tiles (%s %s) cannot be made: %s; scheduled as usual",
                    scop.region.location, shape, "x".join(map(str, sizes)), why)
        return None
    return replace_dataclass(chosen, schedule=tiling.schedule, time_tiling=tiling,
                             description=f"{chosen.description}: {tiling.description}")


def time_tiled_scop(scop: Scop, options: Options, dependences: Dependences) -> ScheduledScop | None:
    """The SCoP time-tiled (scheduler.stencil), None if it is no stencil (logged)."""
    from polyopt.scheduler.stencil import AUTO, HEXAGONAL, time_tile_or_why
    result = None
    if options.target == "cuda" and options.time_tile == AUTO:
        # hexagons on a GPU (Grosser): every tile of a phase starts at once
        result, why = time_tile_or_why(scop, dependences.all, options.stencil_tile, HEXAGONAL)
    if result is None:
        result, why = time_tile_or_why(scop, dependences.all, options.stencil_tile,
                                       options.time_tile)
    if result is None:      # scheduled as usual then
        log.info("%s: not time-tiled: %s", scop.region.location, why)
        return None
    scheduled = time_tiled_as_scheduled(scop, options, dependences, result, result.description)
    if options.target == "cuda":
        scheduled.gpu_tree = gpu_time_tiles(scop, dependences, result)
        if scheduled.gpu_tree is None:
            return None
    return scheduled


def gpu_time_tiles(scop: Scop, dependences: Dependences, tiling) -> isl.Schedule | None:
    """The time tiles with a GPU's inside (TimeTiling.for_blocks), checked like the
    tiling itself, and mappable a tile per block; None (logged) if not."""
    from polyopt.codegen.gpu import TILE_STEP_MARK, map_time_tiles
    from polyopt.scheduler.stencil import tiles_in_order
    tree, untiled = tiling.for_blocks(TILE_STEP_MARK)
    if not (is_legal(untiled, dependences.all) and tiles_in_order(tiling.tile_band,
                                                                   dependences.all)):
        log.info("%s: not time-tiled for the GPU: the statements of one time step in "
                 "sequence are not legal", scop.region.location)
        return None
    if map_time_tiles(tree, dependences.all) is None:
        log.info("%s: not time-tiled for the GPU: no parallel tile loop, or the points of "
                 "one step depend on each other", scop.region.location)
        return None
    return tree


def time_tiled_as_scheduled(scop: Scop, options: Options, dependences: Dependences, tiling,
                            description: str) -> ScheduledScop:
    """A time tiling (scheduler.stencil.TimeTiling), checked, as the pipeline's result."""
    if not tiling.is_legal(dependences.all):    # is_legal on the tree: same, far slower
        raise LegalityError("time tiling produced an illegal schedule (internal error)",
                            scop.region.location)
    if not keeps_live_ranges(tiling.schedule, dependences):
        raise LegalityError("the time tiles interleave a private scalar's values",
                            scop.region.location)
    return ScheduledScop(scop, dependences, tiling.schedule, description,
                         TilingReport([tiling.sizes]), tiling.untiled, options,
                         time_tiled=True)


def tiled(schedule: isl.Schedule, options: Options, scop: Scop, dependences: Dependences,
          wavefront: bool, report: TilingReport | None = None,
          isolate: bool = True, band_sizes: list[list[int]] | None = None) -> isl.Schedule:
    """The schedule tiled as the options ask, or by `band_sizes` (one list per tilable
    band, a search's choice); with `wavefront`, tile bands without a parallel member
    skewed into wavefronts of tiles (full tiles isolated after)."""
    if not wavefront:
        return tile_schedule(schedule, options.tile_sizes, report, isolate=isolate, scop=scop,
                             band_sizes=band_sizes)
    plain = tile_schedule(schedule, options.tile_sizes, report, isolate=False, scop=scop,
                          band_sizes=band_sizes)
    skewed = skew_tile_bands(plain, dependences.all, isolate=isolate)
    if skewed is None:
        raise LegalityError("the wavefront of tiles is not legal (internal error)",
                            scop.region.location)
    return skewed


# isl operations allowed for generating code with full tiles isolated; past it,
# the (rare, usually skewed) band is generated without the separation instead.
ISOLATION_BUDGET = 1_000_000
def generate(scheduled: ScheduledScop, expressions: ExpressionPrinter) -> GeneratedNest:
    """OpenMP C for a scheduled SCoP, falling back to unseparated tiles if too costly.
    Tiled code is versioned (codegen.versioning) where the SCoP's text allows it."""
    step("code generation")
    scop, options = scheduled.scop, scheduled.options
    dependences = scheduled.dependences.all if options.parallel or scheduled.simd else None
    private = scheduled.private
    if not scheduled.tiling.bands:
        # isl's wrong code was seen for tiled trees only; untiled code is not checked
        # (but for private scalars' live ranges).
        return generate_openmp(scop, scheduled.schedule, dependences, expressions,
                               min_region_work=options.min_region_work, parallel=options.parallel,
                               private=private)
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
                                   run=check)
        return _generate_tiled(scheduled, expressions, dependences, assumed, check)
    except WrongCodeError as error:
        if private:
            raise
        # isl's code of the tiled tree and of its flat map both wrong (codegen.verify)
        nest = generate_openmp(scop, scheduled.untiled, dependences, expressions,
                               min_region_work=options.min_region_work, parallel=options.parallel)
        nest.untiled = True
        nest.notes.append(f"{error.message}; generated untiled instead")
        return nest


def _generate_tiled(scheduled: ScheduledScop, expressions: ExpressionPrinter,
                    dependences: isl.UnionMap | None, assumed: dict[str, int],
                    check: isl.UnionMap | None) -> GeneratedNest:
    """generate's code of a tiled schedule: with full tiles set apart, or without where
    that is too costly."""
    scop, options, private = scheduled.scop, scheduled.options, scheduled.private
    ctx = scheduled.schedule.get_ctx()
    ctx.set_max_operations(ISOLATION_BUDGET)
    ctx.reset_operations()
    try:
        return generate_openmp(scop, scheduled.schedule, dependences, expressions, check,
                               flat=scheduled.flat_map, min_region_work=options.min_region_work,
                               parallel=options.parallel, assumed=assumed, private=private)
    except isl.Error:
        log.info("%s: full-tile separation too costly; generating tiles without it",
                 scop.region.location)
    finally:
        ctx.set_max_operations(0)
    step("code generation")
    plain = tiled(scheduled.untiled, options, scop, scheduled.dependences, scheduled.wavefront,
                  isolate=False, band_sizes=scheduled.tile_sizes)
    return generate_openmp(scop, plain, dependences, expressions, check, flat=scheduled.flat_map,
                           min_region_work=options.min_region_work, parallel=options.parallel,
                           assumed=assumed, private=private)


@deep_stack
def optimize_source(source: SourceFile, options: Options) -> OptimizeResult:
    """The optimized text of a whole file."""
    scops, warnings = model(source, options)
    choices = stored_choices(scops, options, warnings) if options.use_database else [None] * len(scops)
    return render(source, scops, warnings, options, choices)


def stored_choices(scops: list[Scop], options: Options,
                   warnings: list[str] | None = None) -> list[ScheduleResult | None]:
    """The best schedule stored in the tuning database for each SCoP, if any. The
    database is a cache: if it cannot be read, a warning goes to ``warnings``."""
    from polyopt.core.errors import DatabaseError
    from polyopt.tuning import TuningDatabase, machine_fingerprint, scop_fingerprint
    result: list[ScheduleResult | None] = []
    if not scops:
        return result
    try:
        with TuningDatabase(options.database) as database:
            machine = machine_fingerprint()
            for scop in scops:
                best = database.best(scop_fingerprint(scop), machine, options_key(options))
                result.append(stored_result(best[0]) if best else None)
    except DatabaseError as error:
        if warnings is not None:
            warnings.append(format_warning(f"{error.message}; going on without it",
                                           error.location))
        return [None] * len(scops)
    return result


def stored_result(evaluation) -> ScheduleResult:
    from polyopt.tuning import (BLAS, FLAT_MAP_NOTE, ORIGINAL, parse_gpu, parse_shaped,
                                parse_tile_sizes, parse_time_tile)
    built = f" built with '{evaluation.build}'" if evaluation.build else ""
    description = (f"tuned schedule from the database ({evaluation.candidate}, "
                   f"{evaluation.seconds:.4g} s{built})")
    if evaluation.schedule == BLAS:
        return ScheduleResult(None, f"a search found the BLAS calls fastest ({evaluation.seconds:.4g} s"
                                    f"{built})", blas=True)
    if evaluation.schedule == ORIGINAL:
        return ScheduleResult(None, f"a search found it fastest ('{evaluation.candidate}', "
                                    f"{evaluation.seconds:.4g} s{built}); the tuning database "
                                    "keeps that result")
    schedule = isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, evaluation.schedule)
    gene = parse_time_tile(evaluation.tile_sizes)
    if gene is not None:      # time tiles: made again from their shape and sizes
        return ScheduleResult(schedule, description, time_tile=gene)
    gpu = parse_gpu(evaluation.tile_sizes)
    if gpu is not None:       # a CUDA candidate: its blocks and promotions
        return ScheduleResult(schedule, description, flat_map=FLAT_MAP_NOTE in evaluation.detail,
                              tile_sizes=gpu[1], gpu=gpu[0])
    shaped = parse_shaped(evaluation.tile_sizes)
    if shaped is not None:    # the default's wavefronts, or no parallel region
        sizes, wavefront, parallel = shaped
        return ScheduleResult(schedule, description, flat_map=FLAT_MAP_NOTE in evaluation.detail,
                              tile_sizes=sizes, wavefront=wavefront, parallel=parallel)
    return ScheduleResult(schedule, description, flat_map=FLAT_MAP_NOTE in evaluation.detail,
                          tile_sizes=parse_tile_sizes(evaluation.tile_sizes))


@deep_stack
def render(source: SourceFile, scops: list[Scop], warnings: list[str], options: Options,
           choices: list[ScheduleResult | None],
           dependences: list[Dependences] | None = None) -> OptimizeResult:
    """The file with each SCoP generated from its choice (None: the scheduler's
    schedule; a choice without a schedule: the SCoP left as it was written).

    Each SCoP is analysed and generated in a child process with a time limit per
    step (``timebox.STEP_SECONDS``): a SCoP whose analysis runs out of time, or
    fails, is left as it is, with a warning that names the step; the others are
    optimized."""
    warnings = list(warnings)
    if not scops and not warnings:
        warnings.append(format_warning(
            "no SCoP found: mark loop nests with '#pragma scop' / '#pragma endscop', "
            "or use --auto-scop", Location(source.name)))
    state = _RenderState(ExpressionPrinter(), DeviceCode() if options.target == "cuda" else None)
    generated: list[tuple[Scop, GeneratedNest, ScopReport]] = []
    reports = []
    # inside a time-boxed child (a search's candidate), the parent keeps the time
    file_deadline = time.monotonic() + (float("inf") if in_child() else FILE_SECONDS)
    for index, (scop, choice) in enumerate(zip(scops, choices)):
        if choice is not None and choice.as_written:
            reports.append(ScopReport(scop.region.location, len(scop.statements),
                                      choice.description, [], []))
            # the output is the input there, with no summary comment: say why
            warnings.append(format_note(kept_message(choice), scop.region.location))
            continue
        given = dependences[index] if dependences else None
        first = "dependence analysis" if given is None else "scheduling"
        remaining = file_deadline - time.monotonic()
        if remaining <= 0:
            warnings.append(format_warning(
                f"the file's analysis time budget ({FILE_SECONDS:g} s) is spent; "
                "SCoP left unchanged", scop.region.location))
            continue
        try:
            outcome = call_with_step_limits(_scop_code, source, scop, choice, given, options,
                                            state, first=first, limits=limits_within(remaining))
        except (TimeBoxExceeded, TimeBoxFailed) as error:
            warnings.append(unchanged_warning(error, "internal error", scop.region.location))
            continue
        state = outcome.state
        warnings += outcome.warnings
        if outcome.error is not None:
            raise outcome.error
        if outcome.nest is not None:
            generated.append((scop, outcome.nest, outcome.report))
        if outcome.report is not None:
            reports.append(outcome.report)
    replacements = []
    device, expressions = state.device, state.expressions
    if device is not None:
        replacements = device.insertions(expressions)
        warnings += device.warnings
    for scop, nest, report in generated:
        # The helper macros go with every region (guarded by #ifndef): the first
        # one may sit in a branch of an #if that the compiler skips.
        # the scalars the region declares in its blocks: once, before the new code
        # (those it still names: BLAS calls may have replaced a scalar's statements)
        code = "\n".join(nest.lines)
        body = [f"{kind} {name};" for name, kind in scop.locals.items()
                if re.search(rf"\b{re.escape(name)}\b", code)] + nest.lines
        if not scop.region.from_pragma:
            # a region found by --auto-scop: the code after it may read its iterators
            body += scop.final_values
        if nest.condition is not None:
            if scop.original_lines is None:     # model() leaves such a SCoP out
                raise CodegenError("the optimized code holds only where "
                                   f"{nest.summary or nest.condition}, and the region's text "
                                   "cannot be kept beside it (a line continued with a "
                                   "backslash)", scop.region.location)
            body = versioned(body, nest.condition, scop.original_lines)
            if nest.preamble:       # its variables: in a block of their own, with the if
                body = braced_block(nest.preamble + body)
        lines = [_summary_comment(report)] + macro_lines(expressions.macros_used) + body
        if scop.outer_iterators and scop.region.from_pragma:
            # The original iterators are no longer used (the pragma's promise: no
            # code after the region reads them); keep -Wunused quiet.
            lines.append(" ".join(f"(void){name};" for name in scop.outer_iterators))
        region = scop.region
        if not region.from_pragma:
            text = indent_block(braced_block(lines), region.indent, first_line_indented=False)
        else:
            braced = region.braced or (scop.locals and nest.condition is None)
            text = indent_block(braced_block(lines) if braced else lines, region.indent,
                                first_line_indented=True) + "\n"
            if _LINE_NUMBERS_USED.search(source.blanked):
                # the lines after the region keep their numbers (__LINE__, assert messages)
                text += f"#line {source.location(region.end).line}\n"
        replacements.append((region.start, region.end, text))
    return OptimizeResult(splice(source.text, replacements), reports, warnings)


# A file whose behaviour can depend on its own line numbers.
_LINE_NUMBERS_USED = re.compile(r"\b(?:__LINE__|assert)\b")


@dataclass
class _RenderState:
    """What generating the SCoPs of a file accumulates: helper macros, CUDA kernels."""

    expressions: ExpressionPrinter
    device: DeviceCode | None


@dataclass
class _ScopOutcome:
    state: _RenderState
    nest: GeneratedNest | None = None
    report: ScopReport | None = None
    warnings: list[str] = field(default_factory=list)
    error: PolyoptError | None = None     # not the user's region: the run stops


LOCALS_NOT_PRIVATE = ("the region declares {}: scalars declared in a region are offloaded "
                      "to the GPU only as locals of each thread, and a value of one of them "
                      "would not stay in one thread")


def _not_offloaded(source: SourceFile, scop: Scop) -> str | None:
    """Why the CUDA target leaves the SCoP as written (what its kernels cannot hold);
    scalars declared in the region are judged later (_privatized_cuda)."""
    from polyopt.codegen.cuda import kernel_problem
    problem = kernel_problem(source, scop)
    if problem is not None:
        return problem
    if scop.macro_accesses:
        return ("the region accesses arrays through macros (#define A(i, j) a[...]): not "
                "offloaded to the GPU")
    if scop.helpers:
        return (f"the region calls {', '.join(repr(name) for name in scop.helpers)}, a "
                "function of the file, which GPU code cannot call (host code)")
    if scop.hidden_reads:
        function, reads, _ = scop.hidden_reads[0]
        return (f"'{function}' reads {', '.join(sorted(reads))} in host memory, which GPU "
                "code cannot")
    linear = sorted(name for name, array in scop.arrays.items() if array.linear_sizes)
    if linear:
        return (f"{', '.join(linear)} indexed as multi-dimensional (y[i * m + j]): such "
                "arrays are not offloaded to the GPU")
    return None


def _scop_code(source: SourceFile, scop: Scop, choice: ScheduleResult | None,
               dependences: Dependences | None, options: Options,
               state: _RenderState) -> _ScopOutcome:
    """One SCoP's code, in its time-boxed child: everything it returns pickles."""
    outcome = _ScopOutcome(state)
    kept = _not_offloaded(source, scop) if state.device is not None else None
    if kept is not None:
        outcome.warnings.append(format_warning(f"{kept}; SCoP left unchanged",
                                               scop.region.location))
        return outcome
    if options.blas and (choice is None or choice.blas):
        if choice is not None and state.device is None:   # a search's: measured, not predicted
            options = replace_dataclass(options, blas_mode="always")
        try:
            done = (_cublas_outcome(source, scop, dependences, state, outcome)
                    if state.device is not None
                    else _blas_outcome(source, scop, dependences, options, state, outcome))
        except PolyoptError as error:
            outcome.error = error
            return outcome
        if done:
            return outcome
        if choice is not None:      # nothing to call: the code as written
            library = "cuBLAS" if state.device is not None else "BLAS"
            choice = ScheduleResult(None, f"original code (no {library} call could be made)")
    if state.device is not None and choice is not None and choice.gpu is not None:
        from polyopt.search.gpu_genes import parts
        block, shared, registers, coarsening = parts(choice.gpu)    # a CUDA search's genes
        options = replace_dataclass(options, block_sizes=list(block) or None,
                                    coarsening=coarsening,
                                    shared_memory=shared, registers=registers)
    try:
        scheduled, nest, every = None, None, None
        if state.device is not None and (scop.locals or (
                options.parallel and options.private_scalars
                and (options.scheduler in ("auto", "isl") if choice is None
                     else choice.schedule is not None))):
            if _privatized_cuda(source, scop, dependences, options, state, outcome, choice):
                return outcome
            if scop.locals:
                # no host variable holds them once the region is replaced: only as the
                # threads' locals
                outcome.warnings.append(format_warning(
                    LOCALS_NOT_PRIVATE.format(", ".join(sorted(scop.locals)))
                    + "; SCoP left unchanged", scop.region.location))
                return outcome
        if state.device is None and options.parallel and options.private_scalars:
            if dependences is None:
                dependences = compute_dependences(scop)
            if choice is None and options.scheduler in ("auto", "identity", "isl"):
                scheduled, nest = _privatized(source, scop, dependences, options,
                                              state.expressions)
            elif dependences.live_ranges is None:
                # a search's (or the tuning database's) schedule: made with the private
                # scalars' freedom (polyopt.search.driver) or without it, legal with it
                from polyopt.scheduler.privatize import relaxed_dependences
                every = dependences
                dependences = relaxed_dependences(source, scop, dependences) or dependences
        if scheduled is None:
            scheduled = schedule_scop(scop, options, dependences, choice)
        if scheduled.schedule is None:
            # the scheduler kept the original code: the region stays as written
            outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                        scheduled.description, [], [])
            outcome.warnings.append(format_note(kept_message(ScheduleResult(None, scheduled.description)),
                                                scop.region.location))
            return outcome
        device = state.device
        if device is not None:
            from polyopt.codegen.cuda import NothingToOffload
            try:
                nest = device.generate(source, scheduled, state.expressions)
            except NothingToOffload as nothing:
                outcome.warnings.append(format_warning(f"{nothing.reason}; the SCoP stays C on the host",
                                                       scop.region.location))
                if choice is None and options.scheduler == "auto":
                    # the CPU's default for it, not the GPU's schedule (floyd-warshall:
                    # isl's wavefront, 4x slower on the CPU than the order as written)
                    scheduled = schedule_scop(scop, replace_dataclass(options, target="c"),
                                              dependences)
                    if scheduled.schedule is None:
                        outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                                    scheduled.description, [], [])
                        return outcome
            else:
                outcome.nest = nest
                outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                            scheduled.description, [], [], scheduled.fallback,
                                            nest.parallel_loops)
                return outcome
        if nest is None:
            try:
                nest = generate(scheduled, state.expressions)
            except CodegenError:
                # private scalars' code that the check refused or could not check:
                # the schedule with every dependence, where it is legal with them
                if every is None or scheduled.private is None or scheduled.untiled is None \
                        or not is_legal(scheduled.untiled, every.all):
                    raise
                scheduled = schedule_scop(scop, options, every, choice)
                nest = generate(scheduled, state.expressions)
    except CodegenError as error:
        outcome.warnings.append(format_warning(f"{error.message}; SCoP left unchanged",
                                               error.location))
        return outcome
    except PolyoptError as error:
        outcome.error = error
        return outcome
    except RecursionError:
        outcome.warnings.append(format_warning(f"{TOO_DEEP}; SCoP left unchanged",
                                               scop.region.location))
        return outcome
    outcome.warnings += [format_warning(note, scop.region.location) for note in nest.notes]
    outcome.nest = nest
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                scheduled.description + ("; isl's code of its tiles was wrong: "
                                                          "untiled" if nest.untiled else ""),
                                [] if nest.untiled else scheduled.tiling.bands,
                                nest.parallel_loops, scheduled.fallback, checked=nest.checked,
                                parallel_nests=nest.parallel_nests,
                                parallel_conditions=nest.parallel_conditions,
                                small_regions=nest.small_regions, condition=nest.summary)
    return outcome


def _privatized(source: SourceFile, scop: Scop, dependences: Dependences, options: Options,
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


def _privatized_cuda(source: SourceFile, scop: Scop, dependences: Dependences | None,
                     options: Options, state: "_RenderState", outcome: "_ScopOutcome",
                     choice: ScheduleResult | None = None) -> bool:
    """--target cuda with the SCoP's private scalars (polyopt.scheduler.privatize) local to each
    GPU thread (PPCG's private memory: symm's temp2, deriche's ym1 and xm1), scheduled
    for the program with them expanded (or a search's `choice`, legal with every
    dependence, mapped with the expanded program's: more of its loops are parallel):
    True, with `outcome` filled, where that maps to kernels that keep each value in one
    thread (codegen.cuda._private_kept); False where the SCoP has none or they do not
    fit, and it is generated with every dependence."""
    from polyopt.codegen.cuda import NothingToOffload, PrivateNotKept
    from polyopt.scheduler.privatize import relaxed_dependences
    if choice is not None and choice.schedule is None:
        return False            # the code as written
    relaxed = relaxed_dependences(source, scop, dependences or compute_dependences(scop))
    if relaxed is None or not set(scop.locals) <= set(relaxed.live_ranges):
        return False
    names = ", ".join(sorted(relaxed.live_ranges))
    # PPCG's GPU schedule, else isl's CPU one, else the original order: a statement
    # that reads the scalar split into a kernel of its own (C[i][j] = s after the k
    # loop: isl distributes what the expanded program allows) cannot read a thread's local
    tries = [options] if choice is not None or options.scheduler != "auto" else \
        [options, replace_dataclass(options, scheduler="isl"),
         replace_dataclass(options, scheduler="identity")]
    for attempt in tries:
        try:
            scheduled = schedule_scop(scop, attempt, relaxed, choice)
            if scheduled.schedule is None:
                return False
            nest = state.device.generate(source, scheduled, state.expressions)
            break
        except (NothingToOffload, PrivateNotKept, CodegenError, LegalityError) as error:
            log.info("%s: private scalars %s on the GPU (%s): %s", scop.region.location, names,
                     scheduler_name(attempt), getattr(error, "reason", None) or error)
    else:
        return False
    outcome.nest = nest
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                f"{scheduled.description}; private to each thread: {names}",
                                [], [], scheduled.fallback, nest.parallel_loops)
    return True


def _cublas_outcome(source: SourceFile, scop: Scop, dependences: Dependences | None,
                    state: _RenderState, outcome: _ScopOutcome) -> bool:
    """--blas --target cuda: a SCoP whose statements all become BLAS calls runs them as
    cuBLAS calls (True); otherwise a note says why, and it is offloaded as usual (False).
    Every match is called: on a GPU the library's product is the fast one (the CPU's
    cost model does not judge them)."""
    from polyopt.blas.match import BlasMatch
    from polyopt.pipeline.blas import FLOATING_POINT_NOTE, analyse, ordered, sub_scop, units
    from polyopt.codegen.cublas import Unsupported
    from polyopt.codegen.cuda import NothingToOffload
    from polyopt.codegen.splice import braced_block
    analysis = analyse(source, scop)
    if isinstance(analysis, str) or not analysis.matches:
        why = analysis if isinstance(analysis, str) else "--blas: no statement is a BLAS operation"
        outcome.warnings.append(format_note(f"{why}; the SCoP is offloaded as usual",
                                            scop.region.location))
        return False
    found = ordered(scop, dependences or compute_dependences(scop),
                    units(scop, analysis.matches))
    if found is None:
        outcome.warnings.append(format_note("--blas: the dependences do not let the calls run "
                                            "apart; the SCoP is offloaded as usual",
                                            scop.region.location))
        return False
    # each unit a block of its own, the host's arrays the truth between them: a match's
    # cuBLAS calls, the other statements' kernels (or C, where they stay on the host)
    lines, descriptions, tests = [], [], []
    cuda = Options(target="cuda", defines=[], include_dirs=[])
    # consecutive matches run as one block (one copy of their arrays); a run of other
    # statements is one unit already (blas_pipeline.units)
    grouped: list[list] = []
    for is_match, run in itertools.groupby(found, key=lambda unit: isinstance(unit, BlasMatch)):
        grouped += [list(run)] if is_match else list(run)
    try:
        for unit in grouped:
            if isinstance(unit[0], BlasMatch):
                part = sub_scop(scop, [scop.statement(name) for match in unit
                                       for name in match.statements])
                nest, description = state.device.generate_blas(source, part, unit,
                                                               state.expressions)
            else:
                part = sub_scop(scop, unit)
                scheduled = schedule_scop(part, cuda)
                try:
                    generated = state.device.generate(source, scheduled, state.expressions)
                    nest, description = generated, "+".join(s.name for s in unit) + ": kernels"
                except NothingToOffload:
                    # generated for every size: a part has no text of its own to fall
                    # back to (codegen.versioning), only the whole region has
                    scheduled = schedule_scop(part, replace_dataclass(cuda, target="c",
                                                                      versioning=False))
                    nest = generate(scheduled, state.expressions)
                    description = "+".join(s.name for s in unit) + ": C on the host"
            lines += braced_block(nest.lines)
            descriptions.append(description)
            tests.append(nest.condition)      # its copies (or its cells, on the host)
    except Unsupported as error:
        outcome.warnings.append(format_note(f"--blas --target cuda: {error}; the SCoP is "
                                            "offloaded as usual", scop.region.location))
        return False
    except CodegenError as error:
        outcome.warnings.append(format_warning(f"{error.message}; SCoP left unchanged",
                                               error.location))
        return True
    if len(grouped) > 1:
        outcome.warnings.append(format_note(
            "--blas --target cuda: the calls and the other statements run one after another, "
            "each copying its arrays to the GPU and back", scop.region.location))
    # the whole region's cells apart (the order of its parts rests on it), and each
    # part's copies
    tested = region_condition(scop, state.expressions)
    tested["condition"] = joined_condition([tested["condition"], *tests])
    outcome.nest = GeneratedNest(lines, [], **tested)
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                f"{'; '.join(descriptions)}; {FLOATING_POINT_NOTE}", [], [],
                                condition=tested["summary"])
    return True


def _blas_outcome(source: SourceFile, scop: Scop, dependences: Dependences | None,
                  options: Options, state: _RenderState, outcome: _ScopOutcome) -> bool:
    """--blas: the SCoP's code with calls where statements match (True), or a note
    saying why not and False (the SCoP is then optimized as usual)."""
    from polyopt.pipeline.blas import analyse, blas_code
    analysis = analyse(source, scop)
    if isinstance(analysis, str) or not analysis.matches:
        why = analysis if isinstance(analysis, str) else "--blas: no statement is a BLAS operation"
        outcome.warnings.append(format_note(why, scop.region.location))
        return False
    verdicts = []
    if options.blas_mode == "auto":
        from polyopt.blas.cost import paying_matches
        analysis, verdicts = paying_matches(scop, dependences or compute_dependences(scop),
                                            analysis, options.tile_sizes)
        if not analysis.matches:
            outcome.warnings.append(format_note(
                "--blas: no call is predicted to beat the loops: " + "; ".join(
                    verdict.describe() for verdict in verdicts), scop.region.location))
            return False
    try:
        code = blas_code(source, scop, dependences, options, state.expressions, analysis)
    except CodegenError as error:
        code = f"--blas: {error.message}"
    if isinstance(code, str):
        outcome.warnings.append(format_note(code, scop.region.location))
        return False
    outcome.nest = code.nest
    dropped = [verdict for verdict in verdicts if not verdict.kept]
    if dropped:
        outcome.warnings.append(format_note("--blas: kept as loops, predicted faster: " + "; ".join(
            verdict.describe() for verdict in dropped), scop.region.location))
    outcome.report = ScopReport(scop.region.location, len(scop.statements), code.description,
                                code.tile_bands, code.nest.parallel_loops,
                                condition=code.nest.summary)
    return True


def _copies_condition(scop: Scop, copied: dict[str, tuple[str, str]]) -> dict[str, str | None]:
    """The test (and its words) that arrays copied apart to the device do not share
    host memory: each would be written back over the other's results."""
    pairs = overlapping_pairs(scop, promises=False)   # restrict: only the cells accessed
    condition = joined_condition(copies_test(pairs, copied))
    return {"condition": condition,
            "summary": disjoint_summary(pairs) if condition is not None else None}


def _device_limits() -> tuple[int, int, int]:
    """Threads and shared memory bytes per block, and multiprocessors: the GPU's if one
    is found, else what every GPU since 2010 allows (and an H100's multiprocessors)."""
    from polyopt.codegen.gpu import DEFAULT_MULTIPROCESSORS
    from polyopt.core.machine.gpu import Device, detect
    found = detect()
    if isinstance(found, Device):
        return (found.max_threads_per_block, found.shared_memory_per_block,
                found.multiprocessors or DEFAULT_MULTIPROCESSORS)
    return 1024, 48 * 1024, DEFAULT_MULTIPROCESSORS


class DeviceCode:
    """The CUDA parts of a file: host code per SCoP, kernels before each function."""

    def __init__(self) -> None:
        self.kernels: dict[int, list[str]] = {}     # insertion offset -> kernel lines
        self.count = 0
        self.warnings: list[str] = []
        self.max_threads, self.shared_bytes, self.multiprocessors = _device_limits()
        self.cublas = False                         # some SCoP calls cuBLAS: declare it

    def generate(self, source: SourceFile, scheduled: ScheduledScop,
                 expressions: ExpressionPrinter) -> GeneratedNest:
        """Host code of a SCoP (its kernels kept for later); NothingToOffload (with its
        reason) where the SCoP stays on the host."""
        scope, generator = self._generator(source, scheduled.scop, expressions,
                                           scheduled.options)
        if scheduled.gpu_tree is not None:
            nest = generator.generate(scheduled.gpu_tree, scheduled.dependences.all,
                                      scheduled.options.block_sizes, self.max_threads,
                                      time_tiles=True, private=scheduled.private)
        else:
            nest = generator.generate(scheduled.untiled, scheduled.dependences.all,
                                      scheduled.options.block_sizes, self.max_threads,
                                      multiprocessors=self.multiprocessors,
                                      private=scheduled.private,
                                      coarsening=scheduled.options.coarsening)
        self.count += nest.kernels
        self.kernels.setdefault(scope.function_start, []).extend(nest.kernel_lines)
        return GeneratedNest(nest.host_lines, nest.description,
                             **_copies_condition(scheduled.scop, nest.copied))

    def generate_blas(self, source: SourceFile, scop: Scop, matches: list,
                      expressions: ExpressionPrinter) -> tuple[GeneratedNest, str]:
        """Host code of a SCoP whose statements are all BLAS matches: cuBLAS calls on the
        arrays in device memory (codegen.cublas); Unsupported for a call it has none for."""
        scope, generator = self._generator(source, scop, expressions, Options(target="cuda"))
        nest = generator.blas(matches)
        self.cublas = True
        self.kernels.setdefault(scope.function_start, [])
        return (GeneratedNest(nest.host_lines, [], **_copies_condition(scop, nest.copied)),
                "; ".join(nest.description))

    def _generator(self, source: SourceFile, scop: Scop, expressions: ExpressionPrinter,
                   options: Options):
        """The SCoP's scope and a CudaGenerator for it (CodegenError where the file does
        not allow CUDA code for it)."""
        from polyopt.codegen.cuda import CudaGenerator
        from polyopt.frontend.declarations import DeclarationError, scope_at
        try:
            scope = scope_at(source, scop.region.start)
        except DeclarationError as error:
            raise CodegenError(f"--target cuda needs the declarations of the arrays, but the "
                               f"file does not parse without its headers ({error})",
                               scop.region.location) from None
        if scop.iterator_type != "int" or scop.parameter_casts:
            raise CodegenError("--target cuda: loop values or names of a type wider than 'int' "
                               "(long, unsigned) are not supported", scop.region.location)
        if scope.function_start is None:
            raise CodegenError("--target cuda: the SCoP is not inside a function",
                               scop.region.location)
        from polyopt.codegen.cuda import cplusplus_problems
        # (once: a SCoP with private scalars may be generated twice)
        self.warnings += [warning for warning in (format_warning(problem, scop.region.location)
                                                  for problem in cplusplus_problems(scope, scop))
                          if warning not in self.warnings]
        prefixes = iterator_prefixes(scop, 2, ("c", "k", "polyopt_c", "polyopt_k"))
        generator = CudaGenerator(scop, scope, expressions, prefixes[0], prefixes[1], self.count,
                                  options.shared_memory, self.shared_bytes, options.registers)
        generator.values_of = lambda names: known_values(source, names, options.defines,
                                                         options.include_dirs)
        return scope, generator

    def insertions(self, expressions: ExpressionPrinter) -> list[tuple[int, int, str]]:
        from polyopt.codegen.cuda import CHECK_FUNCTION
        result = []
        for k, offset in enumerate(sorted(self.kernels)):
            lines = []
            if k == 0:
                lines += macro_lines(expressions.macros_used) + CHECK_FUNCTION.splitlines() + [""]
                if self.cublas:
                    from polyopt.codegen.cublas import declarations
                    lines += declarations() + [""]
            lines += self.kernels[offset]
            result.append((offset, offset, "\n".join(lines) + "\n"))
        return result


# Seconds allowed for generating the code of one searched schedule: isl's AST
# generation takes minutes or hours on some legal schedules (large skews,
# parametric shifts) that random search finds.
CODEGEN_SECONDS = 30.0


def render_within(seconds: float, source: SourceFile, scops: list[Scop], warnings: list[str],
                  options: Options, choices: list[ScheduleResult | None],
                  dependences: list[Dependences] | None = None) -> str:
    """The text ``render`` gives, computed in a forked process that is killed after
    `seconds`; raises CodegenError then, and for any error of the generation."""
    def text() -> str:
        return render(source, scops, warnings, options, choices, dependences).text

    try:
        return call_with_time_limit(seconds, text)
    except (TimeBoxExceeded, TimeBoxFailed) as error:
        raise _codegen_error(error, source, scops) from None


def _codegen_error(error: TimeBoxExceeded | TimeBoxFailed, source: SourceFile,
                   scops: list[Scop]) -> CodegenError:
    """A time-boxed code generation that ran out of time or failed, as a located error."""
    location = scops[0].region.location if scops else Location(source.name)
    if isinstance(error, TimeBoxExceeded):
        return CodegenError(f"code generation {error}", location)
    return CodegenError(f"code generation failed: {error}", location)


def render_many_within(seconds, jobs: int, source: SourceFile, scops: list[Scop],
                       warnings: list[str], options: Options,
                       choice_lists: list[list[ScheduleResult | None]],
                       dependences: list[Dependences] | None = None):
    """``render_within`` for each of `choice_lists`, up to `jobs` forked processes at
    a time (each inherits the SCoPs; only the text comes back), each within `seconds`
    (a number, or a function asked as each starts). Yields (index, text,
    error, seconds) as they finish: `error` a CodegenError (text None), `seconds` the
    wall time of that one generation."""
    def text(choices) -> str:
        return render(source, scops, warnings, options, choices, dependences).text

    for index, value, error, spent in map_with_time_limit(seconds, jobs, text,
                                                          [(c,) for c in choice_lists]):
        yield index, value, None if error is None else _codegen_error(error, source, scops), spent


def kept_message(choice: ScheduleResult) -> str:
    """Why a SCoP whose chosen schedule is none is left as it was written."""
    return f"the original code was kept: {choice.description}"


def format_note(message: str, location: Location | None) -> str:
    """A note for the user, compiler-style (`file:line:col: note: ...`)."""
    return f"{location}: note: {message}" if location else f"note: {message}"


def _summary_comment(report: ScopReport) -> str:
    parts = [f"polyopt: {report.description}"]
    if report.kernels is not None:
        parts.append(f"CUDA, {len(report.kernels)} kernel(s): " + ", ".join(report.kernels))
        return _comment("; ".join(parts))
    if report.tile_bands:
        parts.append("tiled " + ", ".join("x".join(map(str, band)) for band in report.tile_bands))
        if report.condition:
            parts.append(f"tiled code where {report.condition}, else the code as written")
    else:
        parts.append("not tiled")
        if report.condition:      # the model's own assumption (a delinearized array's sizes)
            parts.append(f"this code where {report.condition}, else the code as written")
    if report.parallel_loops:
        parts.append("parallel loops " + _parallel_loops(report))
    else:
        parts.append("no parallel loop")
    conditions = list(dict.fromkeys(c for c in report.parallel_conditions if c))
    if len(conditions) == 1:
        parts.append(f"parallel only if {conditions[0]}")
    elif conditions:
        parts.append("parallel only where the work of a region is large enough (if clauses)")
    if report.small_regions:
        parts.append(f"not parallel: too little work per region "
                     f"({', '.join(dict.fromkeys(report.small_regions))})")
    if report.checked:
        parts.append("checked against the dependences")
    return _comment("; ".join(parts))


def _parallel_loops(report: ScopReport) -> str:
    """Each parallel loop's iterator once, with the nests it is parallel in where the
    generated code has several nests with parallel loops (`c0 (nests 1, 3), c1 (nest 2)`)."""
    nests: dict[str, list[int]] = {}
    for index, name in enumerate(report.parallel_loops):
        numbers = nests.setdefault(name, [])
        if index < len(report.parallel_nests) and report.parallel_nests[index] not in numbers:
            numbers.append(report.parallel_nests[index])
    if len({n for numbers in nests.values() for n in numbers}) <= 1:
        return ", ".join(nests)
    return ", ".join(f"{name} (nest{'s' if len(numbers) > 1 else ''} "
                     f"{', '.join(map(str, sorted(numbers)))})" for name, numbers in nests.items())


def _comment(text: str) -> str:
    """A C comment of one line (a build command may hold "*/" or a newline)."""
    return "/* " + " ".join(text.replace("*/", "* /").split()) + " */"
