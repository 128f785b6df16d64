"""The default scheduler: the candidate a static cost model predicts fastest.

Candidates (``scheduler.candidates``): the original code as written, the
original order, isl's schedules under several settings; each is tiled as the
pipeline tiles it, and where a tile band has no parallel member, also turned
into a wavefront of tiles (``scheduler.wavefront``). A stencil whose original
code streams its arrays from memory time step after time step (the model's
memory lines over ``STREAMED`` times those it touches) also gets its time
tiling (``scheduler.stencil``: diamonds where legal, else parallelograms; the
tiles of a wavefront in parallel). Every candidate is checked against the
dependences. The cost model (``scheduler.cost``) estimates each
from the schedule's flat map: no code is generated. A candidate that opens parallel
regions is also judged serial (the same loops, no OpenMP region): starting the
threads costs up to a millisecond on some machines (``Machine.team_ns``), more than a
short SCoP saves with them, while its better locality still pays. The original code is kept
unless a candidate is predicted to beat it by ``MARGIN``, and the original order
unless one of isl's schedules is predicted to beat it by ``MARGIN`` too: the model
is coarse, and the less a schedule changes, the less overhead it has that the
model does not see.

Where polyopt ships a learned model (``scheduler.learned``: gradient-boosted trees
over the analytical model's features, trained on measured generated programs), it
predicts each candidate's time instead, and the code as written is kept unless a
candidate is predicted to beat it by ``LEARNED_MARGIN``; ``--cost-model analytical``
chooses as above.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, replace

import islpy as isl

from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.errors import UsageError
from polyopt.core.scop import Scop
from polyopt.scheduler.learned import (ModelError, PerformanceModel, candidate_features,
                                       feature_vector, shipped_model)
from polyopt.scheduler.learned import load as load_model
from polyopt.scheduler.expansion import expanded_arrays_scop, expanded_scop
from polyopt.scheduler.packing import packed_scop
from polyopt.scheduler.privatize import keeps_live_ranges
from polyopt.scheduler.base import ScheduleResult, Scheduler, register
from polyopt.scheduler.candidates import ORIGINAL_ORDER, CandidateSchedule, candidate_schedules
from polyopt.core.machine.cpu import Machine, this_machine
from polyopt.scheduler.cost import (Estimate, compulsory_lines, estimate, parameter_point,
                                    statement_shapes, vector_safe_pairs)
from polyopt.scheduler.tiling import TilingReport, tilable_bands, tile_schedule
from polyopt.scheduler.stencil import time_tile_or_why
from polyopt.scheduler.wavefront import skew_tile_bands
from polyopt.core.timebox import map_beside

log = logging.getLogger(__name__)

MARGIN = 1.25    # predicted speedup needed to change the code more (see choose)
# the learned model's predicted speed-up needed to change the code as written (chosen
# by cross-validation on the corpus: experiments/corpus/)
LEARNED_MARGIN = 1.0
# a region the analytical model predicts to run for less than this (seconds) keeps the
# code as written: what any rewrite could save is below what can be measured, and the
# rewrite would still add its size and overlap tests
NEGLIGIBLE_SECONDS = 1e-6
# the learned model's weight in the log speed-up the default chooses by, the rest the
# analytical model's (chosen by the same cross-validation; 1: the learned model alone)
LEARNED_WEIGHT = 0.9
# a candidate the analytical model predicts slower than the code as written is not
# chosen unless the learned model alone predicts it this much faster: where the two
# disagree, the cross-validated regret on the corpus is about the same with the veto
# and without (+0.005) and fewer programs lose more than 2x (experiments/corpus/README.md)
DISAGREEMENT_VETO = 1.25
# ... and a candidate with no parallel loop at all not unless the learned model predicts
# it this much faster: its only gain is locality, which the analytical model charges
# (cross-validated by the kind of the programs' nests, on kinds of code the model never
# saw: regret 1.309 -> 1.278, programs more than 2x slower than their best 82 -> 71; by
# program 1.190 -> 1.194; experiments/corpus/README.md)
SERIAL_VETO = math.inf
TIE = 1.05       # predicted times closer than this are a tie (see choose)
# a wavefront of tiles is chosen by its predicted time times this: its skewed tile
# loops, the partial tiles at both ends of every wavefront and the threads idle while
# a wavefront is short cost more than the model sees (nussinov at MEDIUM: the
# wavefront on one thread took 1.3x the original's time, predicted 1.27x faster on two)
WAVEFRONT_OVERHEAD = 1.2
# time tiles are a candidate where the original brings this many times the lines it
# touches from memory (judge_candidates)
STREAMED = 4.0


@dataclass
class Judged:
    candidate: CandidateSchedule
    estimate: Estimate

    @property
    def label(self) -> str:
        name = self.candidate.name
        if self.candidate.schedule is None:
            return name
        if self.candidate.time_tiling is not None:
            return name
        return (name + (" tiled" if self.tiled else "") + (" untiled" if self.untiled else "")
                + (f", {self.rewrite[0]}" if self.rewrite else "")
                + (", wavefront" if self.candidate.wavefront else "")
                + (", serial" if self.serial else ""))

    tiled: bool = False
    serial: bool = False      # generated without parallel regions
    # a schedule the cache model tiles, judged (and generated) without its tiles: where
    # the data a tile would keep stays in cache anyway, the tiles' loops only cost
    untiled: bool = False
    # a candidate of the SCoP rewritten with buffers (REWRITES): (the kind of rewrite,
    # that SCoP, its dependences)
    rewrite: tuple[str, Scop, Dependences] | None = None
    # where its tiles get register tiles (scheduler.registers), which `estimate` counts:
    # the estimate without them, what the learned model's features describe (it was
    # trained on measurements of code without register tiles; model_speedups)
    bare: Estimate | None = None

    def serial_of(self) -> "Judged":
        """The same candidate generated without parallel regions."""
        return replace(self, estimate=self.estimate.serial(), serial=True,
                       bare=self.bare.serial() if self.bare is not None else None)


def judge_candidates(scop: Scop, dependences: Dependences, tile: bool = True,
                     tile_sizes: list[int] | None = None, parallel: bool = True,
                     machine: Machine | None = None) -> list[Judged]:
    """Every legal candidate with its estimate, the original code first."""
    machine = machine or this_machine()
    all_dependences, flow = dependences.all, dependences.flow
    point, touched, safe = parameter_point(scop), {}, vector_safe_pairs(dependences)

    def shapes_of(schedule: isl.Schedule):
        return statement_shapes(scop, schedule, all_dependences, flow, point, machine, touched,
                                safe)

    def judge(candidate: CandidateSchedule
              ) -> tuple[bool, Estimate, Estimate | None, Estimate | None, bool,
                         Estimate | None] | None:
        """(tiled, estimate, the wavefront's estimate or None, the estimate without the
        tiles or None, whether its tiles get register tiles, the estimate without the
        register tiles or None where it has none) of one candidate; None where, tiled,
        it would break a private scalar's live ranges."""
        scheduled, report = candidate.schedule, TilingReport()
        if tile:     # (a band the cache model leaves untiled may still be permuted)
            scheduled = tile_schedule(candidate.schedule, tile_sizes, report, isolate=False, scop=scop,
                                      find_registers=tile_sizes is None)
        tiled = bool(report.bands)
        registers = any(factors is not None for factors in report.registers)
        untiled = None      # (not judged beside register tiles: judge_candidates drops it)
        if tiled and not registers and keeps_live_ranges(candidate.schedule, dependences):
            untiled = estimate(shapes_of(candidate.schedule), machine, parallel)
        if not keeps_live_ranges(scheduled, dependences):
            if untiled is None:
                return None     # its tiles interleave a private scalar's values
            return False, untiled, None, None, registers, None
        shapes = shapes_of(scheduled)
        estimated, wave, bare = estimate(shapes, machine, parallel), None, None
        if report.register_gains:
            bare, estimated = estimated, estimate(shapes, machine, parallel,
                                                  report.register_gains)
        if tiled and parallel:
            skewed = skew_tile_bands(scheduled, all_dependences)
            if skewed is not None and keeps_live_ranges(skewed, dependences):
                # (a wavefront serial is the tiled schedule, skewed: not one)
                wave = estimate(shapes_of(skewed), machine, parallel)
        return tiled, estimated, wave, untiled, registers, bare

    candidates = candidate_schedules(scop, dependences)   # each checked legal there
    # the original first, here: the lines each access touches are then known to the
    # processes that judge the others
    original_shapes = shapes_of(scop.schedule)
    judged = [Judged(candidates[0], estimate(original_shapes, machine, parallel=False))]
    # Time tiles save memory traffic: only where the original streams its data from
    # memory again and again (not where the time loop's data stays in the last cache,
    # and the tiles' overhead, which the model underestimates, would remain).
    streamed = (tile and parallel and tile_sizes is None
                and judged[0].estimate.memory_lines > STREAMED * compulsory_lines(original_shapes))

    def time_tiles() -> Judged | None:
        stencil = time_tiled_candidate(scop, all_dependences) if streamed else None
        if stencil is None or not keeps_live_ranges(stencil.schedule, dependences):
            return None         # (its tiles would interleave a private scalar's values)
        return Judged(stencil, estimate(shapes_of(stencil.schedule), machine, parallel), True)

    # judged side by side (timebox.map_beside); the time tiles in this process
    results, stencil = map_beside(BESIDE_SECONDS, judge, candidates[1:], time_tiles)
    # Each tiled candidate is also judged without its tiles (where the data a tile
    # would keep stays in cache anyway, the tiles' loops only cost), but not where some
    # candidate's tiles get register tiles (scheduler.registers): they need the tiles,
    # and the model counts them only roughly (register_gains).
    registers = any(result is not None and result[4] for result in results)
    for candidate, result in zip(candidates[1:], results):
        if result is None:
            continue
        tiled, parallel_estimate, wave, untiled, _, bare = result
        if registers:
            untiled = None
        made = Judged(candidate, parallel_estimate, tiled, bare=bare)
        # the serial one first: in a tie (see choose) the one without regions wins
        if parallel_estimate.regions:
            judged.append(made.serial_of())
        judged.append(made)
        if wave is not None:
            judged.append(Judged(CandidateSchedule(candidate.name, candidate.schedule, wavefront=True),
                                 wave, True))
        if untiled is not None:     # after the tiled ones: a tie keeps the tiles
            if untiled.regions:
                judged.append(Judged(candidate, untiled.serial(), serial=True, untiled=True))
            judged.append(Judged(candidate, untiled, untiled=True))
    if stencil is not None:
        judged.append(stencil)
    return judged


# CPU seconds the candidates judged in a second process may take (the analysis's
# own time box bounds it as well: the child dies with its parent)
BESIDE_SECONDS = 60.0


def time_tiled_candidate(scop: Scop, dependences: isl.UnionMap) -> CandidateSchedule | None:
    """A stencil's time tiling (scheduler.stencil: diamonds where legal, else
    parallelograms, the tiles of a wavefront in parallel), checked, or None."""
    tiling, why = time_tile_or_why(scop, dependences)
    if tiling is None:
        log.debug("%s: no time tiling: %s", scop.region.location, why)
        return None
    if not tiling.is_legal(dependences):
        log.warning("%s: the time tiling violates a dependence; not considered",
                    scop.region.location)
        return None
    sizes = "x".join(str(size) for size in tiling.sizes)
    return CandidateSchedule(f"time tiles ({tiling.shape} {sizes})", tiling.schedule, time_tiling=tiling)


def choose(judged: list[Judged], margin: float = MARGIN) -> tuple[Judged, str]:
    """The winner and one line saying why: the original code, unless a candidate is
    predicted to beat it by `margin`; the original order (tiled), unless one of
    isl's schedules is predicted to beat it by `margin` too. A reordered schedule
    has costs the model does not see (partial tiles, more complex bounds)."""
    original = judged[0]
    best = min(judged[1:], key=_charged, default=original)
    # Predictions closer than TIE are not told apart by a model this coarse: the
    # first such candidate in list order wins (isl's own settings before their
    # variants: serialized components split a fused nest, which the model sees as
    # free but costs a second pass over the data).
    best = next(j for j in judged[1:] if _charged(j) <= _charged(best) * TIE) \
        if best is not original else best
    speedup = original.estimate.seconds / _charged(best) if _charged(best) else 1.0
    if best is original or speedup < margin:
        runner = f" (best: {best.label}, {speedup:.2f}x)" if best is not original else ""
        return original, (f"auto: original code kept; no candidate predicted to beat it by "
                          f"{margin:g}x{runner}")
    same_order = [j for j in judged[1:] if j.candidate.name == ORIGINAL_ORDER]
    if same_order and best.candidate.name != ORIGINAL_ORDER:
        kept = min(same_order, key=_charged)
        if _charged(kept) < _charged(best) * margin and (
                original.estimate.seconds >= _charged(kept) * margin):
            best, speedup = kept, original.estimate.seconds / _charged(kept)
    return best, f"auto: {best.label}; predicted {speedup:.1f}x over the original: {_why(original, best)}"


def _charged(judged: Judged) -> float:
    """The predicted time a candidate is chosen by (a wavefront's overhead added)."""
    return judged.estimate.seconds * (WAVEFRONT_OVERHEAD if judged.candidate.wavefront else 1.0)


def _why(original: Judged, best: Judged) -> str:
    reasons = []
    statements = best.estimate.statements
    main = max(statements, key=lambda c: c.compute_ns + c.memory_ns, default=None)
    if main is not None and main.parallel_depth is not None:
        where = "outer" if main.parallel_depth == 0 else f"depth-{main.parallel_depth + 1}"
        reasons.append(f"parallel {where} loop" + (f" ({best.estimate.regions:.3g} regions)"
                                                    if best.estimate.regions > 1 else ""))
    before, after = original.estimate.memory_lines, best.estimate.memory_lines
    if after and before / after >= 1.5:
        reasons.append(f"{before / after:.1f}x less memory traffic")
    vector_before, vector_after = original.estimate.weighted("vectorized"), best.estimate.weighted("vectorized")
    if vector_after > vector_before + 0.1:
        reasons.append("stride-1 vectorizable innermost loop")
    return ", ".join(reasons) or "lower predicted cost"


def model_speedups(judged: list[Judged], model: PerformanceModel
                   ) -> tuple[list[float], list[float]]:
    """Each candidate's speed-up over the code as written (judged[0]) as the learned
    model predicts it, and as the analytical model's predicted times give it."""
    base = judged[0].estimate.seconds
    features = [candidate_features(j) for j in judged]
    predictions = model.predict([feature_vector(f, features[0]) for f in features])
    # what a candidate's register tiles save of its statements' work, by the analytical
    # model: the learned model's features leave them out (see Judged.bare), its
    # prediction is scaled (the same for a candidate serial and parallel: the tiles do
    # not shorten the threads' start)
    unseen = [j.bare.work_seconds / j.estimate.work_seconds
              if j.bare is not None and j.estimate.work_seconds > 0 else 1.0 for j in judged]
    learned = [math.exp(predictions[0] - value) * gain
               for value, gain in zip(predictions, unseen)]
    analytical = [base / j.estimate.seconds if base > 0 and j.estimate.seconds > 0 else 1.0
                  for j in judged]
    return learned, analytical


def blended(learned: list[float], analytical: list[float],
            weight: float = LEARNED_WEIGHT) -> list[float]:
    """The two models' speed-ups blended geometrically, the learned one with `weight`."""
    if weight >= 1.0:
        return learned
    return [a ** (1 - weight) * b ** weight for a, b in zip(analytical, learned)]


def learned_speedups(judged: list[Judged], model: PerformanceModel,
                     weight: float = LEARNED_WEIGHT) -> list[float]:
    """Each candidate's speed-up over the code as written (judged[0]) that the learned
    model predicts, blended (geometrically, the learned one with `weight`) with the
    analytical model's."""
    return blended(*model_speedups(judged, model), weight)


def choose_learned(judged: list[Judged], speedups: list[float],
                   margin: float = LEARNED_MARGIN,
                   learned: list[float] | None = None) -> tuple[Judged, str]:
    """The winner by the learned model's predicted `speedups` (``learned_speedups``),
    and one line saying why: the original code unless a candidate is predicted to
    beat it by `margin`. With `learned` (the learned model's own speed-ups,
    ``model_speedups``), a candidate the two models disagree on is passed over
    (``_vetoed``)."""
    original = judged[0]
    order = sorted(range(len(judged)), key=speedups.__getitem__, reverse=True)
    index = next((k for k in order if k == 0 or learned is None
                  or not _vetoed(judged, k, learned[k])), 0)
    best, speedup = judged[index], speedups[index]
    if index and original.estimate.seconds < NEGLIGIBLE_SECONDS:
        return original, (f"auto: original code kept; it is predicted to run "
                          f"{original.estimate.seconds * 1e9:.3g} ns, too little to gain from "
                          f"a rewrite (best: {best.label}, {speedup:.2f}x)")
    if index == 0 and order[0] != 0:
        top = judged[order[0]]
        return original, (f"auto: original code kept; the candidates predicted faster (best: "
                          f"{top.label}, {speedups[order[0]]:.2f}x) are predicted slower by the "
                          f"analytical model")
    if index == 0 or speedup < margin:
        runner = f" (best: {best.label}, {speedup:.2f}x)" if index else ""
        beat = "faster" if margin <= 1 else f"to beat it by {margin:g}x"
        return original, f"auto: original code kept; no candidate predicted {beat}{runner}"
    return best, (f"auto: {best.label}; predicted {speedup:.1f}x over the original: "
                  f"{_why(original, best)}")


def _vetoed(judged: list[Judged], index: int, learned: float) -> bool:
    """Whether the analytical model predicts candidate `index` slower than the code as
    written while the learned model predicts it (`learned`) less than
    DISAGREEMENT_VETO faster (SERIAL_VETO where it has no parallel loop)."""
    veto = DISAGREEMENT_VETO if judged[index].estimate.regions else SERIAL_VETO
    return judged[index].estimate.seconds > judged[0].estimate.seconds > 0 and learned < veto


def default_choice(judged: list[Judged], model: PerformanceModel | None
                   ) -> tuple[Judged, str, list[float] | None]:
    """The default's winner among `judged` (the code as written first), one line saying
    why, and the speed-ups it ranked them by: with a learned `model`, the two models'
    blended (``choose_learned``, passing over those they disagree on); without one, the
    analytical model's choice (``choose``) and None."""
    if model is None:
        return (*choose(judged), None)
    learned, analytical = model_speedups(judged, model)
    speedups = blended(learned, analytical)
    return (*choose_learned(judged, speedups, learned=learned), speedups)


def analytical_speedups(judged: list[Judged]) -> list[float]:
    """Each candidate's speed-up over the code as written (judged[0]) by the analytical
    model's charged times (``choose``'s)."""
    base = judged[0].estimate.seconds
    return [base / _charged(j) if _charged(j) else 1.0 for j in judged]


def ranked(judged: list[Judged], model: PerformanceModel | None) -> list[tuple[Judged, float]]:
    """The candidates with their predicted speed-ups over the code as written, fastest
    first (the learned model's, else the analytical model's)."""
    speedups = learned_speedups(judged, model) if model is not None else \
        analytical_speedups(judged)
    return sorted(zip(judged, speedups), key=lambda pair: -pair[1])


def performance_model(name: str | None) -> PerformanceModel | None:
    """The learned model a cost-model name selects: "learned" (or None) the shipped
    one, "analytical" none, else a model file (``polyopt model train --corpus``)."""
    if name in (None, "learned"):
        return shipped_model()
    if name == "analytical":
        return None
    try:
        return load_model(name)
    except ModelError as error:
        raise UsageError(str(error)) from None


@register
class AutoScheduler(Scheduler):
    """Chooses among the original code, the original order and isl's schedules
    (tiled, or as wavefronts of tiles, or time tiles) by a cost model's predictions:
    the learned model (``scheduler.learned``) where one is shipped, else the
    analytical one."""

    name = "auto"

    def schedule(self, scop: Scop, dependences: Dependences) -> ScheduleResult:
        judged = judge_candidates(scop, dependences, self.tile, self.tile_sizes, self.parallel)
        if self.rewrites:
            judged += rewritten_candidates(scop, dependences, self.tile, self.tile_sizes,
                                           self.parallel, kinds=self.rewrites, plain=judged)
        winner, description, speedups = default_choice(judged,
                                                       performance_model(self.cost_model))
        for index, each in enumerate(judged):
            learned = f", learned {speedups[index]:.3g}x" if speedups is not None else ""
            log.info("%s: %s: predicted %.4g s%s", scop.region.location, each.label,
                     each.estimate.seconds, learned)
        result = as_result(winner, description)
        if speedups is None:
            speedups = analytical_speedups(judged)
        result.candidates = [{"label": each.label, "predicted_seconds": each.estimate.seconds,
                              "predicted_speedup": speedup, "chosen": each is winner,
                              "parallel_regions": each.estimate.regions}
                             for each, speedup in zip(judged, speedups)]
        return result


def as_result(judged: Judged, description: str) -> ScheduleResult:
    """A judged candidate as the pipeline's choice, generated as it was estimated: where
    the model saw no region worth opening (or judged the candidate serial), none is
    opened, not even one codegen's own rule (codegen.granularity) would open: each
    costs the threads' start."""
    untiled = None
    if judged.untiled:      # every tilable band's sizes 0: not tiled
        untiled = [[0] * members for members in tilable_bands(judged.candidate.schedule)]
    rewrite, rewritten, rewritten_dependences = judged.rewrite or (None, None, None)
    return ScheduleResult(judged.candidate.schedule, description,
                          wavefront=judged.candidate.wavefront,
                          parallel=bool(judged.estimate.regions),
                          time_tiling=judged.candidate.time_tiling, tile_sizes=untiled,
                          rewrite=rewrite, rewritten=rewritten,
                          rewritten_dependences=rewritten_dependences)


# the SCoP rewritten with buffers, judged beside it: a kind of rewrite -> the function
# that makes it from the SCoP and, where the caller has them, its dependences (None
# where it does not apply)
REWRITES = {"packed": packed_scop, "expanded": expanded_scop,
            "expanded arrays": expanded_arrays_scop}
# an expansion's candidate must be predicted this much faster than the plain SCoP's
# best by the analytical model (rewritten_candidates): its buffer's traffic and the
# code around it cost more than the model sees (held-out programs whose expansion
# was predicted up to 1.4x faster ran slower)
EXPANSION_MARGIN = 1.5
# the kinds that apply only where the SCoP has private scalars (they rewrite them);
# the others only where it has none (their dependences are the plain SCoP's)
SCALAR_REWRITES = {"expanded"}
# the kinds that give values a cell per iteration (judged against the plain SCoP's best)
EXPANSIONS = {"expanded", "expanded arrays"}


def rewritten_candidates(scop: Scop, dependences: Dependences, tile: bool = True,
                         tile_sizes: list[int] | None = None, parallel: bool = True,
                         machine: Machine | None = None,
                         kinds: tuple[str, ...] = tuple(REWRITES),
                         plain: list[Judged] | None = None) -> list[Judged]:
    """The candidates of the SCoP rewritten with buffers (each kind of REWRITES: arrays
    read through packed copies, scheduler.packing; private scalars or arrays expanded,
    scheduler.expansion), judged, but its code as written; none where no kind
    applies. Packing and the arrays' expansion apply where the SCoP has no private
    scalars (its dependences are the plain SCoP's), the scalars' only where it has
    some. With `plain` (the plain
    SCoP's candidates, judged), an expansion's candidate is kept only where the
    analytical model, which counts the buffer's traffic, predicts it EXPANSION_MARGIN
    times faster than every one of them (the learned model has seen no such buffers: on held-out programs it
    preferred expansions the analytical model predicted slower, and they were)."""
    result = []
    for kind in kinds:
        if (kind in SCALAR_REWRITES) != (dependences.live_ranges is not None):
            continue
        rewritten = REWRITES[kind](scop, dependences)
        if rewritten is None:
            continue
        rewritten_dependences = compute_dependences(rewritten)
        judged = judge_candidates(rewritten, rewritten_dependences, tile, tile_sizes, parallel,
                                  machine)[1:]
        if kind in SCALAR_REWRITES:
            # a schedule that keeps the scalars' live ranges runs as well without the
            # buffer (the plain SCoP's candidates have it, or could): only the
            # schedules the expansion frees are worth its traffic
            judged = [each for each in judged
                      if not keeps_live_ranges(each.candidate.schedule, dependences)]
        for each in judged:
            each.rewrite = (kind, rewritten, rewritten_dependences)
        result += [each for each in judged if plain is None or worth_its_buffer(each, plain)]
    return result


def worth_its_buffer(judged: Judged, plain: list[Judged]) -> bool:
    """Whether a rewritten SCoP's candidate (``rewritten_candidates``) is worth judging
    beside the plain SCoP's candidates `plain`: an expansion's only where the analytical
    model predicts it EXPANSION_MARGIN times faster than every one of them."""
    if judged.rewrite is None or judged.rewrite[0] not in EXPANSIONS or not plain:
        return True
    return _charged(judged) * EXPANSION_MARGIN < min(_charged(each) for each in plain)
