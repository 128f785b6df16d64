"""A lower bound on a candidate's time before it is built: Telamon's idea
(Beaugnon's thesis, §2), a no-regret filter for the search.

A candidate whose bound is already above the best time measured cannot win: the
search skips it (status PRUNED) before compiling and running it, and before any
classifier sees it. The bound counts the work every version of the SCoP must do
and charges it at the machine's peaks, with the optimistic choice wherever the
code's real behaviour is not known:

- CPU (``cpu_bound``): the arithmetic of all instances at the peak of every core
  (8 doubles per vector, two fused multiply-adds per cycle, 5 GHz: above any x86
  core), all cores wherever the candidate has OpenMP at all; the lines that do not
  fit in the last-level cache at a bandwidth above any socket's; and the parallel
  regions the candidate opens (the cost model's count, with tiled loops counted
  by tiles of the largest size) at a floor far below what opening one costs.
- GPU (``gpu_bound``): the launches of each kernel (one per host iteration) at a
  floor below any GPU's launch rate; the arrays' footprints over the host link
  at PCIe 5's peak; the arithmetic at every SM's peak and the footprints at the
  device memory's peak (whichever is larger: they overlap); and for each kernel
  the latency of one thread's sequential chain, a cycle per iteration, in waves
  of blocks over the SMs.

Counts are the cost model's (``scheduler.cost``): the instances of a statement
are its trip counts' product with outer loops at the middle of their ranges, so
a triangular domain is counted about right, not exactly. The bound takes half of
each count for that reason. It is a bound on the SCoP's code alone: whatever a
judge times around it (the process, the harness's kernel time) only adds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import islpy as isl

from polyopt.core.scop import Scop
from polyopt.scheduler import ScheduleResult

COUNT_MARGIN = 0.5    # counts are "about": the bound takes half of each


@dataclass(frozen=True)
class CpuPeaks:
    """What no CPU this runs on can beat (the optimistic side of each number)."""

    threads: int = 1
    ops_per_ns: float = 32 * 5.0        # per core: 8 doubles x 2 FMA units x 2 ops at 5 GHz
    region_ns: float = 100.0            # opening a parallel region (measured here: 1.3-2.4 us)
    memory_bytes_per_ns: float = 500.0  # memory bandwidth of the whole socket
    cache_bytes: int = 0                # last-level cache: a footprint that fits costs nothing
    line_bytes: int = 64


@dataclass(frozen=True)
class GpuPeaks:
    """A GPU's peaks: the detected device's where known (``polyopt.core.machine.gpu``), else
    a current data-center GPU's, which no GPU exceeds by much (and the bound is scaled down)."""

    multiprocessors: int = 132
    clock_ghz: float = 1.98
    ops_per_cycle_per_sm: int = 256          # 128 lanes x 2 ops (an FMA): FP32 as FP64's bound
    memory_bytes_per_ns: float = 3350.0      # HBM3
    link_bytes_per_ns: float = 64.0          # PCIe 5 x16, one direction
    launch_ns: float = 1000.0                # back to back launches take 2-4 us on a data-center GPU
    blocks_per_sm: int = 32                  # resident blocks per SM (Hopper: 32)

    @staticmethod
    def of(device) -> "GpuPeaks":
        """The peaks of a ``cuda_device.Device`` (its clock, SMs and memory where read)."""
        peaks = GpuPeaks()
        if device is None:
            return peaks
        return replace(peaks,
                       multiprocessors=device.multiprocessors or peaks.multiprocessors,
                       clock_ghz=(device.clock_khz / 1e6) if device.clock_khz else peaks.clock_ghz,
                       memory_bytes_per_ns=(device.memory_bytes_per_second / 1e9
                                            if device.memory_bytes_per_second
                                            else peaks.memory_bytes_per_ns))


def cpu_peaks() -> CpuPeaks:
    """This machine's: its OpenMP threads and last-level cache (the cost model's)."""
    from polyopt.core.machine.cpu import this_machine
    machine = this_machine()
    largest = max((level.capacity * 2 for level in machine.caches), default=0)
    return CpuPeaks(threads=machine.threads, cache_bytes=largest, line_bytes=machine.line_bytes)


@dataclass
class Work:
    """What a SCoP must do whatever its schedule, at its known sizes."""

    operations: float       # arithmetic of all instances
    footprint_bytes: float  # the lines of every array touched, once


def _point(scop: Scop) -> isl.Set:
    from polyopt.scheduler.cost import parameter_point
    return parameter_point(scop)


def scop_work(shapes, line_bytes: int = 64) -> Work:
    """The arithmetic and the compulsory footprint of the statements' shapes."""
    from polyopt.scheduler.cost import compulsory_lines
    operations = sum(shape.instances * shape.operations for shape in shapes)
    return Work(operations, compulsory_lines(shapes) * float(line_bytes))


def _shapes(scop: Scop, schedule: isl.Schedule, dependences, touched: dict):
    from polyopt.core.machine.cpu import Machine
    from polyopt.scheduler.cost import statement_shapes, vector_safe_pairs
    if "vector safe" not in touched:
        touched["vector safe"] = vector_safe_pairs(dependences)
    return statement_shapes(scop, schedule, dependences.all, None, _point(scop), Machine(),
                            touched, touched["vector safe"])


def cpu_bound(scop: Scop, dependences, scheduled, peaks: CpuPeaks,
              touched: dict | None = None) -> float:
    """Seconds the SCoP's code takes at least on the CPU under `scheduled` (a
    ``pipeline.ScheduledScop``; one without a schedule: the code as written, serial)."""
    from polyopt.core.machine.cpu import Machine
    from polyopt.scheduler.cost import estimate
    touched = touched if touched is not None else {}
    written = scheduled is None or scheduled.schedule is None
    schedule = scop.schedule if written else scheduled.untiled
    shapes = _shapes(scop, schedule, dependences, touched)
    work = scop_work(shapes, peaks.line_bytes)
    parallel = not written and scheduled.options.parallel and peaks.threads > 1
    cores = peaks.threads if parallel else 1
    compute_ns = work.operations / (cores * peaks.ops_per_ns)
    beyond_cache = max(0.0, work.footprint_bytes - peaks.cache_bytes)
    memory_ns = beyond_cache / peaks.memory_bytes_per_ns
    regions = 0.0
    if parallel and not scheduled.time_tiled and not scheduled.wavefront:
        # the regions the cost model says the code opens (the code generator's rule:
        # codegen.granularity); a tiled loop opens one per tile, of the largest size
        largest = _largest_tile(scheduled)
        model = estimate(shapes, Machine(threads=peaks.threads))
        by_loop: dict[tuple, float] = {}
        for shape, cost in zip(shapes, model.statements):
            if cost.parallel_dim is None:
                continue
            count = 1.0
            for trip in shape.trips[:cost.parallel_dim]:
                count *= math.ceil(trip / largest) if trip > 1 else 1
            key = (cost.parallel_dim, tuple(shape.constants[:cost.parallel_dim]))
            by_loop[key] = max(by_loop.get(key, 0.0), count)
        regions = sum(by_loop.values())
    return COUNT_MARGIN * (regions * peaks.region_ns + max(compute_ns, memory_ns)) * 1e-9


def _largest_tile(scheduled) -> int:
    if not scheduled.options.tile:
        return 1
    sizes = [size for band in (scheduled.tile_sizes or []) for size in band]
    sizes += list(scheduled.options.tile_sizes or [])
    from polyopt.scheduler.tiling import MAX_INNERMOST_TILE   # the largest the model picks
    return max([MAX_INNERMOST_TILE, *sizes])


def gpu_bound(scop: Scop, dependences, scheduled, peaks: GpuPeaks, max_threads: int = 1024,
              touched: dict | None = None) -> float:
    """Seconds the SCoP's CUDA code takes at least (transfers included) under
    `scheduled`; the CPU's bound is not taken for a SCoP that stays on the host."""
    from polyopt.codegen.cuda import MAX_LAUNCHES, count_points, launch_count
    from polyopt.codegen.gpu import Occupancy, map_to_gpu
    touched = touched if touched is not None else {}
    shapes = _shapes(scop, scheduled.untiled, dependences, touched)
    work = scop_work(shapes)
    point = _point(scop)
    peak_ops_per_ns = peaks.multiprocessors * peaks.ops_per_cycle_per_sm * peaks.clock_ghz
    device_ns = max(work.operations / peak_ops_per_ns,
                    work.footprint_bytes / peaks.memory_bytes_per_ns)
    link_ns = work.footprint_bytes / peaks.link_bytes_per_ns
    if scheduled.gpu_tree is not None:       # time tiles: one launch per phase at least
        return COUNT_MARGIN * (device_ns + link_ns) * 1e-9
    mapping = map_to_gpu(scheduled.untiled, dependences.all, scheduled.options.block_sizes,
                         max_threads,
                         Occupancy(point, peaks.multiprocessors) if scop.sizes_known else None)
    launch_ns = chain_ns = 0.0
    for kernel in mapping.kernels:
        domain = kernel.domain.intersect_params(point)
        launches = launch_count(kernel, point)
        instances = count_points(domain, point)
        launch_ns += launches * peaks.launch_ns
        if kernel.mapped is None:
            threads = 1
        else:
            threads = max(1.0, count_points(kernel.mapped.intersect_domain(domain).range(), point))
        # each thread's iterations run one after another, a cycle each at least; the
        # blocks of a launch go in waves over the SMs (a thread per mapped point: with
        # coarsening c, c times the iterations in c times fewer blocks take at least
        # as long, ceil(b / w) <= c * ceil(b / (c w)): the bound holds)
        per_thread = instances / max(1.0, launches * threads)
        block = math.prod(kernel.block_sizes) if kernel.block_sizes else 1
        blocks = max(1.0, threads / block)
        waves = math.ceil(blocks / (peaks.multiprocessors * peaks.blocks_per_sm))
        chain_ns += launches * waves * per_thread / peaks.clock_ghz
    bound = COUNT_MARGIN * (launch_ns + link_ns + max(device_ns, chain_ns)) * 1e-9
    if (not mapping.parallel or any(kernel.mapped is None for kernel in mapping.kernels)
            or launch_ns / peaks.launch_ns > MAX_LAUNCHES):
        # a serial part, or too many launches, may keep the SCoP C on the host
        # (codegen.cuda): then the CPU's
        return min(bound, cpu_bound(scop, dependences, None, CpuPeaks(threads=1), touched))
    return bound


def candidate_bound(scops: list[Scop], dependences: list, options, choices: list[ScheduleResult],
                    cpu: CpuPeaks, gpu: GpuPeaks | None, caches: list[dict]) -> float:
    """Seconds the whole candidate (one choice per SCoP) takes at least: its SCoPs'
    bounds summed, each SCoP whose sizes the file does not give counted as nothing
    (the cost model's assumed sizes may be far above the real ones). On the GPU target
    a SCoP with no parallel loop stays C on the host (its CPU bound, serial)."""
    from polyopt.pipeline import schedule_scop
    total = 0.0
    for scop, deps, choice, touched in zip(scops, dependences, choices, caches):
        if choice is not None and choice.blas:
            continue        # a library's calls, on threads of its own: nothing to say
        if not scop.sizes_known:
            continue        # counted at sizes the model assumes, it would bound nothing
        if choice is None or choice.schedule is None and choice.time_tile is None:
            total += cpu_bound(scop, deps, None, cpu, touched)
            continue
        scheduled = schedule_scop(scop, options, deps, choice)
        if scheduled.schedule is None:
            total += cpu_bound(scop, deps, None, cpu, touched)
        elif gpu is not None:
            total += gpu_bound(scop, deps, scheduled, gpu, touched=touched)
        else:
            total += cpu_bound(scop, deps, scheduled, cpu, touched)
    return total
