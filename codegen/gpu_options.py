"""A GPU mapping's options as one value: the thread blocks (x first; () for the default
ones, which are sized to fill the multiprocessors), what goes to shared memory (a
``SharedMemory`` policy), whether the accumulated element is kept in a register, and
how many points of the x dimension each thread runs (coarsening). A CUDA search varies
them with each schedule (polyopt.search.gpu_genes); the tuning database keeps them
(``as_dict``), and the pipeline applies a stored one (``parts``)."""

from __future__ import annotations

from polyopt.codegen.gpu import SharedMemory

# (blocks x first, shared-memory policy (a bool in values stored before the third
# policy: True is SharedMemory.REUSE), registers, coarsening)
GpuOptions = tuple[tuple[int, ...], SharedMemory, bool, int]

# each policy as the tuning database and the samples write it
SHARED_NAMES = {SharedMemory.NONE: False, SharedMemory.REUSE: True, SharedMemory.ALL: "all"}
DEFAULT: GpuOptions = ((), SharedMemory.REUSE, True, 1)


def parts(options) -> GpuOptions:
    """The four parts (a value stored before coarsening was one: 1)."""
    return options if len(options) == 4 else (*options, 1)


def shared_policy(value) -> SharedMemory:
    """The shared-memory part as stored (False, True or "all") or drawn (a policy, or
    its int)."""
    return SharedMemory.ALL if value == "all" else SharedMemory(int(value))


def as_dict(options) -> dict:
    """The options as the tuning database and the samples write them."""
    block, shared, registers, coarsening = parts(options)
    return {"block": [int(b) for b in block], "shared": SHARED_NAMES[shared_policy(shared)],
            "registers": bool(registers), "coarsening": int(coarsening)}


def describe(options: GpuOptions) -> str:
    block, shared, registers, coarsening = parts(options)
    described = ["blocks " + ("x".join(map(str, block)) if block else "default")]
    policy = shared_policy(shared)
    described += (["no shared memory"] if policy == SharedMemory.NONE
                  else ["shared memory: all"] if policy == SharedMemory.ALL else [])
    described += [] if registers else ["no register promotion"]
    described += [f"{coarsening} points per thread"] if coarsening > 1 else []
    return ", ".join(described)
