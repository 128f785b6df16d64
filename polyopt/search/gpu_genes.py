"""The GPU genes of a search for ``--target cuda``: with each schedule, one value of a
GPU mapping's options (polyopt.codegen.gpu_options: thread blocks, shared-memory
policy, registers, coarsening). One gene per candidate, for all its SCoPs; the random
strategy draws it, the genetic one draws, mutates and inherits it."""

from __future__ import annotations

import random

from polyopt.codegen.gpu import SharedMemory
from polyopt.codegen.gpu_options import DEFAULT, as_dict, describe, parts, shared_policy
from polyopt.codegen.gpu_options import GpuOptions as Gene

__all__ = ["BLOCKS", "COARSENING", "DEFAULT", "Gene", "as_dict", "describe", "draw", "mutate",
           "parts", "shared_policy"]

# x first; () is the default (PPCG's 256 / 32x8 / 32x4x2, smaller to fill the SMs)
BLOCKS: tuple[tuple[int, ...], ...] = ((), (32,), (64,), (128,), (256,), (512,), (32, 2),
                                       (32, 4), (32, 8), (32, 16), (64, 4), (16, 16))
REGISTERS_SHARE = 0.75
COARSENING: tuple[int, ...] = (1, 1, 2, 4, 8)     # one point per thread twice as often


def _drawn_shared(rng: random.Random) -> SharedMemory:
    """Reused read-only tiles half the time, nothing or PPCG's policy a quarter each."""
    value = rng.random()
    return (SharedMemory.REUSE if value < 0.5 else SharedMemory.NONE if value < 0.75
            else SharedMemory.ALL)


def draw(rng: random.Random) -> Gene:
    return (rng.choice(BLOCKS), _drawn_shared(rng), rng.random() < REGISTERS_SHARE,
            rng.choice(COARSENING))


def mutate(gene: Gene, probability: float, rng: random.Random) -> Gene:
    """Each part re-drawn with `probability`."""
    block, shared, registers, coarsening = parts(gene)
    return (rng.choice(BLOCKS) if rng.random() < probability else block,
            _drawn_shared(rng) if rng.random() < probability else shared,
            (rng.random() < REGISTERS_SHARE) if rng.random() < probability else registers,
            rng.choice(COARSENING) if rng.random() < probability else coarsening)
