"""The GPU genes of a search for ``--target cuda`` (issue 23, part 5): with each
schedule, the thread blocks (or the default ones, which are sized to fill the
multiprocessors), what goes to shared memory (nothing, reused tiles of read-only
arrays, or PPCG's policy: codegen.gpu's SHARED_*), whether the accumulated
element is kept in a register, and how many points of the x dimension each thread
runs (coarsening). One gene per candidate, for all its SCoPs; the random
strategy draws it, the genetic one draws, mutates and inherits it."""

from __future__ import annotations

import random

# (blocks x first, shared-memory policy 0/1/2 (a bool in genes stored before the third
# policy: True is 1), registers, coarsening)
Gene = tuple[tuple[int, ...], int, bool, int]

# x first; () is the default (PPCG's 256 / 32x8 / 32x4x2, smaller to fill the SMs)
BLOCKS: tuple[tuple[int, ...], ...] = ((), (32,), (64,), (128,), (256,), (512,), (32, 2),
                                       (32, 4), (32, 8), (32, 16), (64, 4), (16, 16))
SHARED_NAMES = {0: False, 1: True, 2: "all"}     # as the tuning database writes them
REGISTERS_SHARE = 0.75
COARSENING: tuple[int, ...] = (1, 1, 2, 4, 8)     # one point per thread twice as often
DEFAULT: Gene = ((), 1, True, 1)


def parts(gene) -> Gene:
    """The four parts of a gene (one stored before coarsening was a gene: 1)."""
    return gene if len(gene) == 4 else (*gene, 1)


def shared_policy(value) -> int:
    """The shared-memory part as stored (False, True or "all") or drawn: 0, 1 or 2."""
    return 2 if value == "all" else int(value)


def _drawn_shared(rng: random.Random) -> int:
    """Reused read-only tiles half the time, nothing or PPCG's policy a quarter each."""
    value = rng.random()
    return 1 if value < 0.5 else 0 if value < 0.75 else 2


def as_dict(gene) -> dict:
    """The gene as the tuning database and the samples write it."""
    block, shared, registers, coarsening = parts(gene)
    return {"block": [int(b) for b in block], "shared": SHARED_NAMES[shared_policy(shared)],
            "registers": bool(registers), "coarsening": int(coarsening)}


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


def describe(gene: Gene) -> str:
    block, shared, registers, coarsening = parts(gene)
    described = ["blocks " + ("x".join(map(str, block)) if block else "default")]
    policy = shared_policy(shared)
    described += ["no shared memory"] if policy == 0 else ["shared memory: all"] if policy == 2 else []
    described += [] if registers else ["no register promotion"]
    described += [f"{coarsening} points per thread"] if coarsening > 1 else []
    return ", ".join(described)
