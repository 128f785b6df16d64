"""The GPU genes of a search for ``--target cuda`` (issue 23, part 5): with each
schedule, the thread blocks (or the default ones, which are sized to fill the
multiprocessors), whether arrays go to shared memory, whether the accumulated
element is kept in a register, and how many points of the x dimension each thread
runs (coarsening). One gene per candidate, for all its SCoPs; the random
strategy draws it, the genetic one draws, mutates and inherits it."""

from __future__ import annotations

import random

Gene = tuple[tuple[int, ...], bool, bool, int]  # (blocks x first, shared, registers, coarsening)

# x first; () is the default (PPCG's 256 / 32x8 / 32x4x2, smaller to fill the SMs)
BLOCKS: tuple[tuple[int, ...], ...] = ((), (32,), (64,), (128,), (256,), (512,), (32, 2),
                                       (32, 4), (32, 8), (32, 16), (64, 4), (16, 16))
SHARED_SHARE = 0.5
REGISTERS_SHARE = 0.75
COARSENING: tuple[int, ...] = (1, 1, 2, 4, 8)     # one point per thread twice as often
DEFAULT: Gene = ((), True, True, 1)


def parts(gene) -> Gene:
    """The four parts of a gene (one stored before coarsening was a gene: 1)."""
    return gene if len(gene) == 4 else (*gene, 1)


def as_dict(gene) -> dict:
    """The gene as the tuning database and the samples write it."""
    block, shared, registers, coarsening = parts(gene)
    return {"block": [int(b) for b in block], "shared": bool(shared),
            "registers": bool(registers), "coarsening": int(coarsening)}


def draw(rng: random.Random) -> Gene:
    return (rng.choice(BLOCKS), rng.random() < SHARED_SHARE, rng.random() < REGISTERS_SHARE,
            rng.choice(COARSENING))


def mutate(gene: Gene, probability: float, rng: random.Random) -> Gene:
    """Each part re-drawn with `probability`."""
    block, shared, registers, coarsening = parts(gene)
    return (rng.choice(BLOCKS) if rng.random() < probability else block,
            (rng.random() < SHARED_SHARE) if rng.random() < probability else shared,
            (rng.random() < REGISTERS_SHARE) if rng.random() < probability else registers,
            rng.choice(COARSENING) if rng.random() < probability else coarsening)


def describe(gene: Gene) -> str:
    block, shared, registers, coarsening = parts(gene)
    described = ["blocks " + ("x".join(map(str, block)) if block else "default")]
    described += [] if shared else ["no shared memory"]
    described += [] if registers else ["no register promotion"]
    described += [f"{coarsening} points per thread"] if coarsening > 1 else []
    return ", ".join(described)
