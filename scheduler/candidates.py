"""The schedules the default scheduler chooses among.

The original order (bands made permutable where legal, so that the pipeline
tiles and parallelizes it) and isl's scheduler under several option settings:
outer coincidence on and off, strongly connected components serialized,
maximal band depth off, and Feautrier's algorithm. Identical schedules are
kept once; each is checked against the exact dependences. isl's options are
global to its context: each run sets the ones it needs and restores them.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass

import islpy as isl

from polyopt.core.dependences import Dependences
from polyopt.core.scop import Scop
from polyopt.scheduler.privatize import keeps_live_ranges
from polyopt.scheduler.bands import annotate_bands, is_legal
from polyopt.core.timebox import map_with_cpu_limit, parallel_jobs

log = logging.getLogger(__name__)


@dataclass
class CandidateSchedule:
    """One schedule to estimate: `schedule` None is the original code, as written."""

    name: str
    schedule: isl.Schedule | None
    wavefront: bool = False     # the tile bands are skewed into wavefronts after tiling
    # a stencil's time tiling (scheduler.stencil.TimeTiling): `schedule` is its final
    # tree, already tiled
    time_tiling: object | None = None


ORIGINAL_ORDER = "original order"

# (name, isl scheduler options); the first is today's `--scheduler isl`.
ISL_SETTINGS: list[tuple[str, dict[str, int]]] = [
    ("isl (outer coincidence)", dict(outer_coincidence=1, maximize_band_depth=1,
                                     serialize_sccs=0, algorithm=0)),
    ("isl (no outer coincidence)", dict(outer_coincidence=0, maximize_band_depth=1,
                                        serialize_sccs=0, algorithm=0)),
    ("isl (serialized components)", dict(outer_coincidence=1, maximize_band_depth=1,
                                         serialize_sccs=1, algorithm=0)),
    ("isl (no maximal band depth)", dict(outer_coincidence=1, maximize_band_depth=0,
                                         serialize_sccs=0, algorithm=0)),
    ("isl (Feautrier)", dict(outer_coincidence=1, maximize_band_depth=1, serialize_sccs=0,
                             algorithm=1)),
]

# When isl's settings stop being tried for one SCoP: after a setting that needed more
# than SLOW_SETTING_OPERATIONS of isl's operations (a SCoP slow to schedule is slow under
# every setting); after one that needed more than SETTING_OPERATIONS (stopped there: it
# gives no schedule); and, for the time isl's operation counter does not see (a 3-D
# stencil's first setting counts few operations in 3 s), after one killed past
# SETTING_SECONDS of CPU or once they took SCHEDULING_SECONDS together. Operations, not
# seconds, decide where programs are: a count is the same on every machine and in every
# run, where CPU time varies with the machine and its load (a threshold of 0.1 s gave one
# program three different schedules in five runs, and a slower CPU other candidates).
# Over PolyBench, the held-out and the real-world programs most settings need
# 10,000-360,000 operations (0.01-0.5 s), a few 400,000-800,000 (0.4-1.3 s); the seconds
# limits sit far above what settings that count few operations take (0.2 s), and below
# the 3-D stencils' (1.3-3 s each) and the one program whose settings take over 14 s.
SLOW_SETTING_OPERATIONS = 200_000
SETTING_OPERATIONS = 600_000
SETTING_SECONDS = 2.0
SCHEDULING_SECONDS = 4.0

_OPERATIONS_EXCEEDED = "maximal number of operations exceeded"


class OperationsExceeded(Exception):
    """isl stopped a computation at its context's operation limit."""


def isl_schedule(scop: Scop, dependences: isl.UnionMap, settings: dict[str, int],
                 max_operations: int = 0) -> isl.Schedule | None:
    """isl's schedule under `settings` (validity, proximity and coincidence: every
    dependence), None if isl finds none; the context's options are restored. With
    `max_operations` (0: no limit), OperationsExceeded where isl needs more."""
    ctx = isl.DEFAULT_CONTEXT
    saved = {name: getattr(ctx, f"get_schedule_{name}")() for name in settings}
    saved_operations = ctx.get_max_operations()
    try:
        ctx.set_max_operations(max_operations)
        ctx.reset_operations()
        for name, value in settings.items():
            getattr(ctx, f"set_schedule_{name}")(value)
        constraints = (isl.ScheduleConstraints.on_domain(scop.domain())
                       .set_context(scop.context)
                       .set_validity(dependences)
                       .set_proximity(dependences)
                       .set_coincidence(dependences))
        return constraints.compute_schedule()
    except isl.Error as error:
        if max_operations and _OPERATIONS_EXCEEDED in str(error):
            raise OperationsExceeded(str(error)) from None
        log.info("isl scheduler (%s) failed: %s", settings, error)
        return None
    finally:
        ctx.set_max_operations(saved_operations)
        ctx.reset_operations()
        for name, value in saved.items():
            getattr(ctx, f"set_schedule_{name}")(value)


def _isl_schedule_text(scop: Scop, dependences: isl.UnionMap, settings: dict[str, int]
                       ) -> tuple[str | None, str, bool, float, bool]:
    """isl_schedule as text (it crosses from a child process), with what the parent
    would compute from that text next, here in the child, side by side with the
    other settings: the key of its flat map (for duplicates) and whether it is
    legal; the CPU seconds isl's scheduler took, and whether it needed more than
    SLOW_SETTING_OPERATIONS (what the limits above count). Past SETTING_OPERATIONS,
    no schedule and seconds infinite, as if killed."""
    started = time.process_time()
    slow = False
    try:
        schedule = isl_schedule(scop, dependences, settings, SLOW_SETTING_OPERATIONS)
    except OperationsExceeded:
        slow = True
        try:
            schedule = isl_schedule(scop, dependences, settings, SETTING_OPERATIONS)
        except OperationsExceeded:
            return None, "", False, math.inf, True
    seconds = time.process_time() - started
    if schedule is None:
        return None, "", False, seconds, slow
    text = schedule.to_str()
    schedule = isl.Schedule.read_from_str(schedule.get_ctx(), text)   # as the parent reads it
    return text, str(schedule.get_map()), is_legal(schedule, dependences), seconds, slow


def candidate_schedules(scop: Scop, dependences: Dependences) -> list[CandidateSchedule]:
    """The original code, the original order, and isl's distinct legal schedules."""
    all_dependences = dependences.all
    result = [CandidateSchedule("original code", None)]
    original_order = annotate_bands(scop.schedule, all_dependences)
    if is_legal(original_order, all_dependences):     # by construction; checked all the same
        result.append(CandidateSchedule(ORIGINAL_ORDER, original_order))
    seen = {str(scop.schedule.get_map())}
    found = _isl_schedule_texts(scop, all_dependences)
    if dependences.every is not None:
        # Private scalars (polyopt.scheduler.privatize): isl's schedules for the expanded program
        # often run every scalar's first write before any read (not kept below), so
        # isl's schedules with every dependence, legal here too, are candidates as well,
        # their bands marked again with these dependences.
        found += [(f"{name}, scalars in order", text, key, legal)
                  for name, text, key, legal in _isl_schedule_texts(scop, dependences.every)]
    for name, text, key, legal in found:
        if key in seen:
            continue
        seen.add(key)
        if not legal:
            log.warning("isl's schedule (%s) violates a dependence; not considered", name)
            continue
        schedule = isl.Schedule.read_from_str(scop.context.get_ctx(), text)
        if not keeps_live_ranges(schedule, dependences):
            log.info("isl's schedule (%s) interleaves a private scalar's values; not considered",
                     name)
            continue
        if name.endswith(", scalars in order"):
            schedule = annotate_bands(schedule, all_dependences)
        result.append(CandidateSchedule(name, schedule))
    return result


def _isl_schedule_texts(scop: Scop, dependences: isl.UnionMap) -> list[tuple[str, str, str, bool]]:
    """(name, schedule text, key, legal: see _isl_schedule_text) of each of ISL_SETTINGS
    that gives a schedule, in their order, as far as the settings before it leave
    the trying going (none needed more than SLOW_SETTING_OPERATIONS, all of them
    together took not more than SCHEDULING_SECONDS).

    Each runs in a forked child, as many at a time as there are CPUs: which ones count
    is decided in their order, as if one ran after another, so that a second CPU
    changes the time taken, not the answer."""
    outcomes: dict[int, tuple[tuple | None, float, bool]] = {}

    def stopped_before(count: int) -> bool | None:
        """Whether the first `count` settings end the trying (one of them slow, or all
        of them together past the budget); None while some still run."""
        if any(k not in outcomes for k in range(count)):
            return None
        return (any(outcomes[k][2] for k in range(count))
                or sum(outcomes[k][1] for k in range(count)) > SCHEDULING_SECONDS)

    # (the limit covers the child's check of its schedule too: milliseconds, where isl's
    # scheduler takes tens to hundreds)
    runs = map_with_cpu_limit(SETTING_SECONDS, parallel_jobs(), _isl_schedule_text,
                              [(scop, dependences, settings) for _, settings in ISL_SETTINGS])
    try:
        for index, found, error, _ in runs:
            if error is not None:
                log.info("isl scheduler (%s): %s; not considered", ISL_SETTINGS[index][0], error)
                found, seconds, slow = None, math.inf, True     # killed: no setting after it
            else:
                seconds, slow = found[3], found[4]
                found = None if found[0] is None else found[:3]
            outcomes[index] = (found, seconds, slow)
            done = next((k for k in range(len(ISL_SETTINGS)) if k not in outcomes),
                        len(ISL_SETTINGS))
            if stopped_before(done):
                break            # no setting after these is tried: start no more
    finally:
        runs.close()
    texts = []
    for index, (name, _) in enumerate(ISL_SETTINGS):
        if stopped_before(index) is not False:
            break
        found = outcomes[index][0] if index in outcomes else None
        if found is not None:
            texts.append((name, *found))
    return texts
