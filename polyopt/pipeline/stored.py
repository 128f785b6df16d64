"""Schedules a search stored in the tuning database, as the pipeline's choices."""

from __future__ import annotations


import islpy as isl

from polyopt.core.errors import (format_warning)
from polyopt.core.scop import Scop
from polyopt.scheduler import ScheduleResult
from polyopt.pipeline.options import Options, options_key


# with a build command: the stored schedules read to find the winner measured with it
WINNERS_READ = 8


def stored_choices(scops: list[Scop], options: Options, warnings: list[str] | None = None,
                   build: str | None = None) -> list[ScheduleResult | None]:
    """The best schedule stored in the tuning database for each SCoP, if any; with
    `build`, the latest search's winner measured with that build command (--tune). The
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
                best = database.best(scop_fingerprint(scop), machine, options_key(options),
                                     limit=1 if build is None else WINNERS_READ)
                if build is not None:
                    best = [e for e in best if e.winner and e.build == build]
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
    if shaped is not None:    # the default's wavefronts, no parallel region, buffers
        sizes, wavefront, parallel, rewrite = shaped
        return ScheduleResult(schedule, description, flat_map=FLAT_MAP_NOTE in evaluation.detail,
                              tile_sizes=sizes, wavefront=wavefront, parallel=parallel,
                              rewrite=rewrite)
    return ScheduleResult(schedule, description, flat_map=FLAT_MAP_NOTE in evaluation.detail,
                          tile_sizes=parse_tile_sizes(evaluation.tile_sizes))
