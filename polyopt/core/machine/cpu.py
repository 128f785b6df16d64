"""The machine the generated code runs on, as the cost model sees it: its threads, its
data caches and TLBs, and the costs of its operations.

``this_machine()`` is the one description every decision reads: the default costs
below with this machine's thread count, cache sizes (``caches``: sysfs or
``POLYOPT_CACHES``) and the cost of starting its threads (``threads``: measured once,
then kept).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache

from polyopt.core.machine.caches import (SHARED_BY_ALL, configured_caches, sysfs_cache_sharing,
                                         sysfs_data_caches)
from polyopt.core.machine.threads import DEFAULT_TEAM_NS, team_start_ns


@dataclass(frozen=True)
class CacheLevel:
    capacity: int            # bytes the model lets a footprint use (about half the cache)
    line_ns: float           # cost of one line (for a TLB: one page) brought into this level
    # CPUs that share it (a last-level cache): the threads of a parallel loop split it,
    # each footprint getting capacity / min(shared, threads)
    shared: int = 1


@dataclass(frozen=True)
class Machine:
    """What the model assumes of the machine that runs the code.

    The costs were fitted (``experiments/calibrate_cost.py``) to the committed sweeps of
    the 30 PolyBench kernels at SMALL, MEDIUM and LARGE on the 2-core development
    machine (gcc 12 -O3 -march=native, 2 OpenMP threads): the predicted speedup of
    isl's schedule over the original code against the measured one, and the original
    code's predicted time against gcc's. They are the costs of that machine as the
    model sees it, not measurements of single operations.
    """

    threads: int = 2
    caches: tuple[CacheLevel, ...] = (CacheLevel(16 << 10, 0.93), CacheLevel(256 << 10, 0.52),
                                      CacheLevel(4 << 20, 4.1, shared=SHARED_BY_ALL))
    # address translation: a page's entry missing from the first-level TLB (64 entries)
    # and from the second (2048); a walk through columns of a large array takes one per access
    tlbs: tuple[CacheLevel, ...] = (CacheLevel(64 * 4096, 0.21), CacheLevel(2048 * 4096, 5.0))
    line_bytes: int = 64
    page_bytes: int = 4096
    element_bytes: int = 8   # double
    vector_width: int = 4    # doubles per SIMD register (AVX2)
    op_ns: float = 0.1       # one arithmetic operation, scalar
    latency_ns: float = 0.75  # one operation on a recurrence carried by the innermost loop
    access_ns: float = 0.05  # one load or store that hits the first level
    loop_ns: float = 12.0    # entering a loop: setup, the mispredicted exit
    skewed_loop_ns: float = 1.0   # more for the min/max bounds of a skewed loop
    region_ns: float = 300.0     # opening an OpenMP parallel region (threads waiting, spinning)
    # starting the threads, at the first region of the program: measured on the machine
    # that runs polyopt, once, and kept (polyopt/core/machine/threads.py; ``this_machine``). This
    # default is the development machine's median, a 2-vCPU virtual machine: its first
    # region took 0.2-9.8 ms over 40 starts, median 5.6-5.9 ms in two measurements (the
    # idle second CPU is woken by the hypervisor; later regions 1.3-2.4 us); it varies
    # with the host's load. A kernel of a few milliseconds does not win that back.
    team_ns: float = DEFAULT_TEAM_NS
    # the work below which the code generator keeps a loop serial: the same
    # threshold as codegen.granularity.MIN_REGION_WORK (tests check they agree)
    min_region_work: float = 250_000.0


def _cache_sizes() -> list[tuple[int, int]]:
    """(level, bytes) of this machine's data caches, innermost first, from sysfs (empty
    if unknown)."""
    sizes = sysfs_data_caches()
    return [(level, sizes[level]) for level in sorted(sizes)]


def thread_count() -> int:
    value = os.environ.get("OMP_NUM_THREADS", "").split(",")[0].strip()
    if value.isdigit() and int(value) > 0:
        return int(value)
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@cache
def this_machine() -> Machine:
    """The default machine with this one's thread count, cache sizes and the cost of
    starting its threads (measured at first use, then kept: ``polyopt.core.machine.threads``)."""
    return machine_and_sources()[0]


def machine_and_sources() -> tuple[Machine, dict[str, str]]:
    """``this_machine()``, and where its measured parts came from (``polyopt machine``)."""
    default = Machine()
    sizes = _cache_sizes()
    caches = default.caches
    sources = {"caches": "the development machine's (none found in sysfs)"}
    if len(sizes) >= 2:
        costs = [level.line_ns for level in default.caches]
        sharing = sysfs_cache_sharing()
        caches = tuple(CacheLevel(max(size // 2, 4 << 10), costs[min(k, len(costs) - 1)],
                                  sharing.get(level, 1))
                       for k, (level, size) in enumerate(sizes[:3]))
        sources["caches"] = (("POLYOPT_CACHES" if configured_caches() is not None else "sysfs")
                             + " (the model lets a footprint use half of each, and the "
                             "threads of a parallel loop split a shared one)")
    threads = max(1, thread_count())
    team_ns, sources["team_ns"] = team_start_ns(threads)
    return Machine(threads=threads, caches=caches, team_ns=team_ns), sources
