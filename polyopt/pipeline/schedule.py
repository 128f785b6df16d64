"""Scheduling one SCoP: the scheduler's (or a given) schedule, checked legal, then
tiled, wavefronts or time tiles as the options and the choice say."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace as replace_dataclass

import islpy as isl

from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.errors import (LegalityError)
from polyopt.core.operations import isl_operations
from polyopt.core.scop import Scop
from polyopt.core.timebox import (TimeBoxExceeded, TimeBoxFailed,
                                  call_with_step_limits, step)
from polyopt.scheduler import ScheduleResult, get_scheduler
from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.privatize import keeps_live_ranges
from polyopt.scheduler.tiling import TilingReport, tile_schedule
from polyopt.scheduler.tree import in_written_order
from polyopt.scheduler.wavefront import skew_tile_bands
from polyopt.pipeline.options import Options

log = logging.getLogger(__name__)

#: isl operations the written order of the innermost bodies may take (written_order)
ORDER_BUDGET = 300_000


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
    candidates: list[dict] | None = None   # the default's judged ones (ScheduleResult)

    @property
    def private(self) -> dict | None:
        """Scalars private to each thread, with their live ranges (polyopt.scheduler.privatize),
        where `dependences` are those of the program with them expanded: the code
        then gets `private(s)` and is always checked (codegen.generate_openmp)."""
        return self.dependences.live_ranges


def schedule_within_budget(name: str, scop: Scop, dependences: Dependences,
                           options: Options | None = None) -> ScheduleResult:
    """The schedule of scheduler `name`, computed within the scheduling budget; past
    it (or if it fails), the original code, with why in its description. `options`:
    how the pipeline will tile and parallelize (what auto's cost model assumes); its
    choice of wavefronts, parallel regions and time tiles comes with the schedule."""
    def text() -> tuple:
        kind = get_scheduler(name) if options is None else get_scheduler(
            name, seed=options.seed, tile=options.tile, tile_sizes=options.tile_sizes,
            parallel=options.parallel, cost_model=options.cost_model,
            rewrites=rewrites(options))
        result = kind.schedule(scop, dependences)
        gene = result.time_tiling.gene if result.time_tiling is not None else None
        return (None if result.schedule is None else str(result.schedule), result.description,
                result.fallback, result.flat_map, result.wavefront, result.parallel, gene,
                result.rewrite)
    try:
        schedule, description, fallback, flat_map, wavefront, parallel, gene, rewrite = \
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
                          parallel=parallel, time_tile=gene, rewrite=rewrite)


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
    results: list[ScheduleResult] = []
    scheduled = _schedule_scop(scop, options, dependences, chosen, results)
    scheduled.simd = options.parallel      # the user's --no-parallel: no pragma at all
    scheduled.candidates = results[0].candidates if results else None
    return scheduled


def _schedule_scop(scop: Scop, options: Options, dependences: Dependences | None,
                   chosen: ScheduleResult | None, results: list[ScheduleResult]
                   ) -> ScheduledScop:
    """(`results` receives the scheduler's result, where one scheduled.)"""
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
                                     parallel=options.parallel,
                                     cost_model=options.cost_model,
                                     rewrites=rewrites(options)).schedule(scop, dependences)
    results.append(result)
    if result.rewrite is not None and result.rewritten is None:   # read back as text
        result = with_rewritten_scop(scop, result)
    if result.rewritten is not None:  # the schedule is one of the rewritten SCoP's
        scop, dependences = result.rewritten, result.rewritten_dependences
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
            # the schedule untiled keeps them (tested above): it runs untiled, where
            # scheduling again with every dependence would lose the private copies'
            # parallel loops too
            log.info("%s: the tiles would interleave a private scalar's values; not tiled",
                     scop.region.location)
            schedule, tiling = result.schedule, TilingReport()
    if options.target == "c":
        # (after tiling: its loop order decides which loop a statement's test names)
        schedule = written_order(schedule, scop, dependences)
    return ScheduledScop(scop, dependences, schedule, result.description, tiling,
                         result.schedule, options, result.fallback, result.flat_map,
                         result.wavefront, result.tile_sizes)


def written_order(schedule: isl.Schedule, scop: Scop,
                  dependences: Dependences) -> isl.Schedule:
    """The schedule with the statements of its innermost loop bodies in the written
    order where the dependences allow it (scheduler.tree.in_written_order), where that
    keeps the private scalars' values apart too, and within ORDER_BUDGET isl operations
    (a tiled tree's times at one prefix are costly for many statements); else as it is."""
    try:
        with isl_operations(schedule.get_ctx(), ORDER_BUDGET, reset_after=True):
            ordered = in_written_order(schedule, scop, dependences.all)
    except isl.Error:
        log.info("%s: the statements' written order not tried: past its budget",
                 scop.region.location)
        return schedule
    if ordered.plain_is_equal(schedule) or not (
            is_legal(ordered, dependences.all) and keeps_live_ranges(ordered, dependences)):
        return schedule
    return ordered


def rewrites(options: Options) -> tuple[str, ...]:
    """The kinds of rewrites with buffers the default may judge (scheduler.auto.REWRITES:
    packed copies, expanded scalars and arrays): OpenMP C, the code as written kept beside it
    (where a buffer cannot be allocated)."""
    if options.target != "c" or not options.versioning:
        return ()
    return (("packed",) if options.packing else ()) + \
        (("expanded",) if options.expansion and options.private_scalars else ()) + \
        (("expanded arrays",) if options.expansion else ())


def with_rewritten_scop(scop: Scop, chosen: ScheduleResult) -> ScheduleResult:
    """A choice of the SCoP rewritten with buffers (scheduler.auto.REWRITES), read back
    as text, with that SCoP made again (the same names: it is made the same way) and
    its dependences."""
    from polyopt.scheduler.auto import REWRITES
    rewritten = REWRITES[chosen.rewrite](scop) if chosen.rewrite in REWRITES else None
    if rewritten is None:
        raise LegalityError(f"a stored schedule is one of the SCoP {chosen.rewrite}, which "
                            "polyopt no longer makes for it (internal error)",
                            scop.region.location)
    return replace_dataclass(chosen, rewritten=rewritten,
                             rewritten_dependences=compute_dependences(rewritten))


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
                             band_sizes=band_sizes,
                             registers=options.register_tiles and options.target == "c")
    plain = tile_schedule(schedule, options.tile_sizes, report, isolate=False, scop=scop,
                          band_sizes=band_sizes)
    skewed = skew_tile_bands(plain, dependences.all, isolate=isolate)
    if skewed is None:
        raise LegalityError("the wavefront of tiles is not legal (internal error)",
                            scop.region.location)
    return skewed
