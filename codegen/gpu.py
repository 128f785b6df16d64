"""GPU mapping (PPCG-style), a step of its own before CUDA printing.

The schedule tree is walked from the root. The first band met on each path
whose leading members are coincident (checked exactly against the dependences
that no outer band carries) becomes a kernel: up to three of those members are
mapped, the innermost to x. Each mapped member is strip-mined by the block
size: block index = tile, thread index = point. Members after the mapped ones
and everything below run sequentially inside the kernel. A band whose first
member is not coincident stays on the host as a loop (the time loop of a
stencil), and the walk goes on below it. A subtree without any parallel band
becomes a kernel of one thread, so that the data never leaves the device
between kernels.

The mapping marks each kernel in the host tree (a mark node "kernel<k>") and
describes it by isl objects only: the host dimensions it sits under and the
mapped schedule functions. The instances one thread runs are those whose host
dimensions equal the host loop iterators and whose mapped dimensions equal
``low + block_size * block_index + thread_index``; ``kernel_schedule`` builds
that, with all of these as isl parameters, for the kernel's own AST.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from polyopt.scheduler.bands import coincident_members

MAX_MAPPED = 3
DEFAULT_BLOCK = {1: [256], 2: [32, 8], 3: [32, 4, 2]}   # x first
KERNEL_MARK = "kernel"


@dataclass
class Kernel:
    """One kernel launch site of the host tree."""

    index: int
    depth: int                              # number of host schedule dimensions above it
    mapped: isl.UnionMap | None             # instances -> mapped dims (outer first); None: one thread
    block_sizes: list[int]                  # per mapped dim, outer first
    domain: isl.UnionSet                    # the instances it runs (all host iterations)
    prefix: isl.UnionMap                    # instances -> host dims

    @property
    def n_mapped(self) -> int:
        return len(self.block_sizes)

    @property
    def mark(self) -> str:
        return f"{KERNEL_MARK}{self.index}"


@dataclass
class GpuMapping:
    schedule: isl.Schedule                  # the host tree, kernels marked
    kernels: list[Kernel] = field(default_factory=list)

    @property
    def parallel(self) -> bool:
        """True if some kernel runs more than one thread."""
        return any(kernel.mapped is not None for kernel in self.kernels)


def block_sizes_for(n_mapped: int, sizes: list[int] | None,
                    max_threads: int = 1024) -> list[int]:
    """Block sizes, outer mapped dimension first; `sizes` is given x first (CUDA's order)."""
    chosen = list(sizes) if sizes else list(DEFAULT_BLOCK[n_mapped])
    chosen = (chosen + [1] * n_mapped)[:n_mapped]
    while _product(chosen) > max_threads:
        largest = max(range(n_mapped), key=lambda k: chosen[k])
        chosen[largest] = max(1, chosen[largest] // 2)
    return list(reversed(chosen))


def _product(values: list[int]) -> int:
    result = 1
    for value in values:
        result *= value
    return result


def map_to_gpu(schedule: isl.Schedule, dependences: isl.UnionMap,
               sizes: list[int] | None = None, max_threads: int = 1024) -> GpuMapping:
    """Mark the kernels of a (legal, untiled) schedule tree."""
    mapping = GpuMapping(schedule)
    node = schedule.get_root().child(0)
    node = _visit(node, dependences, sizes, max_threads, mapping)
    mapping.schedule = node.get_schedule()
    return mapping


def _visit(node: isl.ScheduleNode, dependences: isl.UnionMap, sizes, max_threads,
           mapping: GpuMapping) -> isl.ScheduleNode:
    kind = node.get_type()
    if kind == isl.schedule_node_type.band:
        coincident = coincident_members(node, dependences)
        if coincident[0]:
            n = 0
            while n < min(len(coincident), MAX_MAPPED) and coincident[n]:
                n += 1
            if n < node.band_n_member():
                node = node.band_split(n)
            return _make_kernel(node, block_sizes_for(n, sizes, max_threads), mapping)
        if not _has_parallel_band(node, dependences):
            return _make_kernel(node, [], mapping)
        if node.band_n_member() > 1:
            node = node.band_split(1)
        return _visit(node.child(0), dependences, sizes, max_threads, mapping).parent()
    if kind in (isl.schedule_node_type.sequence, isl.schedule_node_type.set):
        if not _has_parallel_band(node, dependences):
            return _make_kernel(node, [], mapping)
        for k in range(node.n_children()):
            node = _visit(node.child(k), dependences, sizes, max_threads, mapping).parent()
        return node
    if kind == isl.schedule_node_type.leaf:
        return _make_kernel(node, [], mapping)
    if node.n_children() == 1:
        return _visit(node.child(0), dependences, sizes, max_threads, mapping).parent()
    return node


def _has_parallel_band(node: isl.ScheduleNode, dependences: isl.UnionMap) -> bool:
    found = []

    def visit(inner: isl.ScheduleNode) -> bool:
        if found:
            return False
        if inner.get_type() == isl.schedule_node_type.band:
            if coincident_members(inner, dependences)[0]:
                found.append(True)
                return False
        return True

    node.foreach_descendant_top_down(visit)
    return bool(found)


def _make_kernel(node: isl.ScheduleNode, block_sizes: list[int],
                 mapping: GpuMapping) -> isl.ScheduleNode:
    domain = node.get_domain()
    if domain.is_empty():
        return node
    mapped = None
    if block_sizes:
        mapped = node.band_get_partial_schedule_union_map().intersect_domain(domain)
    kernel = Kernel(len(mapping.kernels), node.get_schedule_depth(), mapped, block_sizes,
                    domain, node.get_prefix_schedule_union_map().intersect_domain(domain))
    mapping.kernels.append(kernel)
    # the mark takes the node's place in the tree: return it, at the same position
    return node.insert_mark(isl.Id.read_from_str(node.get_ctx(), kernel.mark))


@dataclass
class KernelNames:
    """isl parameter names of a kernel's AST: host iterators, low bounds, indices."""

    host: list[str]
    low: list[str]
    block: list[str]
    thread: list[str]


def _maps(union: isl.UnionMap) -> list[isl.Map]:
    maps: list[isl.Map] = []
    union.foreach_map(maps.append)
    return maps


def _out_dims(union: isl.UnionMap) -> int:
    dims = {m.dim(isl.dim_type.out) for m in _maps(union)}
    return dims.pop() if dims else 0


def _equalities(prefix: isl.UnionMap, expressions: list[str], params: list[str]) -> isl.UnionSet:
    """Instances of `prefix`'s domain whose image equals the given expressions."""
    n = _out_dims(prefix)
    dims = [f"d{k}" for k in range(n)]
    constraints = " and ".join(f"{d} = {e}" for d, e in zip(dims, expressions)) or "true"
    target = isl.Set(f"[{', '.join(params)}] -> {{ [{', '.join(dims)}] : {constraints} }}")
    result = isl.UnionSet.empty(prefix.get_space().params())
    for relation in _maps(prefix):
        wanted = target.set_tuple_id(relation.get_tuple_id(isl.dim_type.out)) \
            if relation.has_tuple_id(isl.dim_type.out) else target
        aligned = wanted.align_params(relation.get_space())
        relation = relation.align_params(aligned.get_space())
        result = result.union(isl.UnionSet.from_set(relation.intersect_range(aligned).domain()))
    return result


def thread_instances(kernel: Kernel, names: KernelNames) -> isl.UnionSet:
    """The instances one thread of a kernel runs, in terms of the kernel's parameters."""
    params = names.host + names.low + names.block + names.thread
    instances = _equalities(kernel.prefix, names.host, params)
    if kernel.mapped is not None:
        expressions = [f"{low} + {size} * {block} + {thread}"
                       for low, size, block, thread in zip(names.low, kernel.block_sizes,
                                                           names.block, names.thread)]
        instances = instances.intersect(_equalities(kernel.mapped, expressions, params))
    return instances.intersect(kernel.domain.align_params(instances.get_space()))


def kernel_context(kernel: Kernel, names: KernelNames, context: isl.Set) -> isl.Set:
    """What the kernel may assume: 0 <= block index, 0 <= thread index < block size."""
    constraints = [f"0 <= {b}" for b in names.block]
    constraints += [f"0 <= {t} < {size}" for t, size in zip(names.thread, kernel.block_sizes)]
    params = names.host + names.low + names.block + names.thread
    text = " and ".join(constraints) or "true"
    local = isl.Set(f"[{', '.join(params)}] -> {{ : {text} }}")
    return local.align_params(context.get_space()).intersect(
        context.align_params(local.get_space()))


def kernel_schedule(mapping: GpuMapping, kernel: Kernel, names: KernelNames) -> isl.Schedule:
    """The host tree restricted to what one thread of `kernel` runs."""
    instances = thread_instances(kernel, names)
    return mapping.schedule.intersect_domain(instances)


def mapped_bounds(kernel: Kernel, names: KernelNames) -> list[tuple[isl.PwAff, isl.PwAff]]:
    """(lowest, highest) value of each mapped dimension, as functions of the
    parameters and the host iterators."""
    if kernel.mapped is None:
        return []
    params = names.host
    at_host = _equalities(kernel.prefix, names.host, params)
    values = kernel.mapped.intersect_domain(at_host.align_params(kernel.mapped.get_space()))
    # a band's partial schedule has one (anonymous) range space for all statements
    ranges = isl.Set.from_union_set(values.range())
    return [(ranges.dim_min(dim), ranges.dim_max(dim)) for dim in range(kernel.n_mapped)]
