"""The GPU genes of a search for ``--target cuda`` (issue 23, part 5): with each
schedule, the thread blocks (or the default ones, which are sized to fill the
multiprocessors), whether arrays go to shared memory, and whether the accumulated
element is kept in a register. One gene per candidate, for all its SCoPs; the random
strategy draws it, the genetic one draws, mutates and inherits it."""

from __future__ import annotations

import random

Gene = tuple[tuple[int, ...], bool, bool]     # (block sizes x first, shared, registers)

# x first; () is the default (PPCG's 256 / 32x8 / 32x4x2, smaller to fill the SMs)
BLOCKS: tuple[tuple[int, ...], ...] = ((), (32,), (64,), (128,), (256,), (512,), (32, 2),
                                       (32, 4), (32, 8), (32, 16), (64, 4), (16, 16))
SHARED_SHARE = 0.5
REGISTERS_SHARE = 0.75
DEFAULT: Gene = ((), True, True)


def draw(rng: random.Random) -> Gene:
    return (rng.choice(BLOCKS), rng.random() < SHARED_SHARE, rng.random() < REGISTERS_SHARE)


def mutate(gene: Gene, probability: float, rng: random.Random) -> Gene:
    """Each part re-drawn with `probability`."""
    block, shared, registers = gene
    return (rng.choice(BLOCKS) if rng.random() < probability else block,
            (rng.random() < SHARED_SHARE) if rng.random() < probability else shared,
            (rng.random() < REGISTERS_SHARE) if rng.random() < probability else registers)


def describe(gene: Gene) -> str:
    block, shared, registers = gene
    parts = ["blocks " + ("x".join(map(str, block)) if block else "default")]
    parts += [] if shared else ["no shared memory"]
    parts += [] if registers else ["no register promotion"]
    return ", ".join(parts)
