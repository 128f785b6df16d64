"""The interface every schedule strategy implements, and the registry of them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

import islpy as isl

from polyopt.core.dependences import Dependences
from polyopt.core.scop import Scop


@dataclass
class ScheduleResult:
    """A schedule tree for a SCoP and a short description of how it was found."""

    schedule: isl.Schedule
    description: str
    fallback: str | None = None   # why the strategy gave up and kept the original order
    flat_map: bool = False        # generate from the flat map: isl's code for the tree was wrong
    wavefront: bool = False       # after tiling, skew tile bands into wavefronts (scheduler.wavefront)
    # sizes per tilable band of `schedule` (scheduler.tiling.tilable_bands; 0: member not
    # tiled), chosen by a search; None: the default tiling (the cache model, --tile-sizes)
    tile_sizes: list[list[int]] | None = None
    # with --blas: the SCoP's BLAS matches become calls (polyopt.pipeline.blas), the
    # rest as usual; `schedule` is then None. A search's "blas" candidate.
    blas: bool = False
    # False: generated without parallel regions (the cost model's choice: the threads
    # would cost more to start than they save; scheduler.auto)
    parallel: bool = True
    # a stencil's time tiling (scheduler.stencil.TimeTiling), chosen by the cost model
    # or a search: `schedule` is its final tree, generated as it is (not tiled again)
    time_tiling: object | None = None
    # a search's time tiling as (shape, sizes) (its genes; the tuning database keeps
    # it): the pipeline makes the TimeTiling where `time_tiling` is not given
    time_tile: tuple[str, tuple[int, ...]] | None = None
    # --target cuda, a search's choice of the GPU code (polyopt.search.gpu_genes): block
    # sizes x first (() for the default ones), shared memory, register promotion
    gpu: tuple[tuple[int, ...], bool, bool] | None = None
    # the default's judged candidates, each a dict: label, predicted_seconds (the
    # analytical model), predicted_speedup over the code as written (the model that
    # chose), chosen (``--report``)
    candidates: list[dict] | None = None
    # where the schedule is one of the SCoP rewritten with buffers (the default's
    # choice; scheduler.auto.REWRITES): the kind of rewrite, and that SCoP and its
    # dependences (None: to be made again, a choice read back as text)
    rewrite: str | None = None
    rewritten: object | None = None
    rewritten_dependences: object | None = None

    @property
    def as_written(self) -> bool:
        """The SCoP is left as it was written: no schedule, and no BLAS calls either
        (a "blas" choice has no schedule but its code is generated all the same)."""
        return self.schedule is None and not self.blas


class Scheduler(ABC):
    """Maps a SCoP and its dependences to a legal schedule tree.

    The tree's bands carry permutable and coincident flags; tiling and parallel
    marks are decided later from them (see ``polyopt.scheduler.tiling``).
    """

    name: str = ""

    def __init__(self, seed: int | None = None, tile: bool = True,
                 tile_sizes: list[int] | None = None, parallel: bool = True,
                 cost_model: str | None = None, rewrites: tuple[str, ...] = ()):
        self.seed = seed        # only randomized strategies use it
        # a strategy that estimates the generated code (auto) may also judge the SCoP
        # rewritten with buffers, these kinds (scheduler.auto.REWRITES)
        self.rewrites = rewrites
        # the default's predictions: "learned" (None), "analytical" or a model file
        self.cost_model = cost_model
        # how the pipeline will tile and parallelize: a strategy that estimates
        # the generated code (auto) takes them into account
        self.tile, self.tile_sizes, self.parallel = tile, tile_sizes, parallel

    @abstractmethod
    def schedule(self, scop: Scop, dependences: Dependences) -> ScheduleResult:
        """A legal schedule tree (legality is checked again by the caller)."""


_REGISTRY: dict[str, type[Scheduler]] = {}
# strategies registered when first asked for: their modules (the legal schedule
# space: cdd, the sampler) are start-up time that the default run does not need
_LATER = {"random": "polyopt.scheduler.random_scheduler"}


def register(cls: type[Scheduler]) -> type[Scheduler]:
    _REGISTRY[cls.name] = cls
    return cls


def scheduler_names() -> list[str]:
    return sorted({*_REGISTRY, *_LATER})


def get_scheduler(name: str, **options) -> Scheduler:
    from polyopt.core.errors import UsageError
    if name in _LATER and name not in _REGISTRY:
        import importlib
        importlib.import_module(_LATER[name])
    try:
        cls = _REGISTRY[name]
    except KeyError:
        raise UsageError(f"unknown scheduler '{name}' (choose from {', '.join(scheduler_names())})") from None
    return cls(**options)
