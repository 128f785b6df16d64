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

A time-tiled stencil (``--time-tile``; ``map_time_tiles``) is mapped as PPCG maps
hybrid hexagonal tiles instead: the tile loops before the first parallel one stay
on the host (a launch per phase, or per wavefront), each tile of that loop is one
block, and the block's threads run the tile's time steps together, sharing each
statement's points of a step (innermost space loop over x, the next over y) with
a barrier after each.

The mapping marks each kernel in the host tree (a mark node "kernel<k>") and
describes it by isl objects only: the host dimensions it sits under and the
mapped schedule functions. The instances one thread runs are those whose host
dimensions equal the host loop iterators and whose mapped dimensions equal
``low + block_size * block_index + thread_index``; ``kernel_schedule`` builds
that, with all of these as isl parameters, for the kernel's own AST.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import islpy as isl

from polyopt.codegen.ast import union_maps
from polyopt.scheduler.bands import coincident_members, permutable_prefix

MAX_MAPPED = 3
DEFAULT_BLOCK = {1: [256], 2: [32, 8], 3: [32, 4, 2]}   # x first
KERNEL_MARK = "kernel"
TILE_STEP_MARK = "tile_step"     # (+ a number) a time tile's statement: its points of one step


@dataclass
class Kernel:
    """One kernel launch site of the host tree."""

    index: int
    depth: int                              # number of host schedule dimensions above it
    mapped: isl.UnionMap | None             # instances -> mapped dims (outer first); None: one thread
    block_sizes: list[int]                  # per mapped dim, outer first
    domain: isl.UnionSet                    # the instances it runs (all host iterations)
    prefix: isl.UnionMap                    # instances -> host dims
    sequential: isl.UnionMap | None = None  # instances -> first loop below the mapped band
    # a time tile per block (map_time_tiles): the block's threads, x first; they share
    # the points of each statement's time step below the tree's TILE_STEP_MARK marks
    threads: list[int] | None = None
    # thread coarsening: the points of the innermost mapped dimension (x) one thread
    # runs, a block's width apart (coalesced: neighbouring threads, neighbouring points)
    coarsening: int = 1
    # makes instances -> the leading members of the band below the mapped one that are
    # permutable (at least the first): what PPCG's policy tiles for shared memory; called
    # when first needed (Kernel.tiled with tile_band), not for every mapping
    sequential_band: Callable[[], isl.UnionMap | None] | None = None
    tile_band: bool = False     # shared-memory tiles per tile of all of them (SharedMemory.ALL)

    @functools.cached_property
    def permutable_band(self) -> isl.UnionMap | None:
        return self.sequential_band() if self.sequential_band is not None else self.sequential

    @property
    def tiled(self) -> isl.UnionMap | None:
        """instances -> the sequential members cut into tiles for shared memory."""
        return self.permutable_band if self.tile_band else self.sequential

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


# Without a GPU to ask, the blocks are sized for an H100's 132 multiprocessors.
DEFAULT_MULTIPROCESSORS = 132
WARP = 32


@dataclass(frozen=True)
class Occupancy:
    """What default block sizes are fitted to: the parameter values the code is made
    for (known sizes) and the GPU's multiprocessors."""

    point: isl.Set
    multiprocessors: int = DEFAULT_MULTIPROCESSORS


def mapped_extents(mapped: isl.UnionMap, point: isl.Set) -> list[int] | None:
    """The range of each mapped dimension over all the instances at `point` (None where
    one is unbounded or not constant there)."""
    ranges = mapped.range().intersect_params(point)
    extents: list[int] | None = None
    sets = ranges.get_set_list()
    for k in range(sets.n_set()):
        piece = sets.get_at(k)
        if piece.is_empty():
            continue
        piece = piece.project_out(isl.dim_type.param, 0, piece.dim(isl.dim_type.param))
        sizes = []
        for dim in range(piece.dim(isl.dim_type.set)):
            low, high = piece.dim_min_val(dim), piece.dim_max_val(dim)
            if not (low.is_int() and high.is_int()):
                return None
            sizes.append(high.to_python() - low.to_python() + 1)
        extents = sizes if extents is None else [max(a, b) for a, b in zip(extents, sizes)]
    return extents


def fill_multiprocessors(block_sizes: list[int], extents: list[int], multiprocessors: int) -> list[int]:
    """Default block sizes (outer first) made smaller where the launch would have fewer
    blocks than the GPU has multiprocessors: the outer dimensions first, x down to a
    warp. (trmm at LARGE: 1200 columns in blocks of 256 kept 5 of an H100's 132 SMs busy.)"""
    sizes = list(block_sizes)

    def blocks() -> int:
        return _product([-(-extent // size) for extent, size in zip(extents, sizes)])

    while blocks() < multiprocessors:
        # the outer dimension with the largest block first; x (the last) only down to a warp
        outer = [k for k in range(len(sizes) - 1) if sizes[k] > 1]
        if outer:
            sizes[max(outer, key=lambda k: sizes[k])] //= 2
        elif sizes[-1] > WARP:
            sizes[-1] //= 2
        else:
            break
    return sizes


def _product(values: list[int]) -> int:
    result = 1
    for value in values:
        result *= value
    return result


def map_to_gpu(schedule: isl.Schedule, dependences: isl.UnionMap,
               sizes: list[int] | None = None, max_threads: int = 1024,
               occupancy: Occupancy | None = None) -> GpuMapping:
    """Mark the kernels of a (legal, untiled) schedule tree; with `occupancy` (and no
    `sizes` given) each kernel's blocks are made smaller until its launches have
    enough of them for every multiprocessor."""
    mapping = GpuMapping(schedule)
    node = schedule.get_root().child(0)
    node = _visit(node, dependences, sizes, max_threads, mapping, occupancy)
    mapping.schedule = node.get_schedule()
    return mapping


def _visit(node: isl.ScheduleNode, dependences: isl.UnionMap, sizes, max_threads,
           mapping: GpuMapping, occupancy: Occupancy | None) -> isl.ScheduleNode:
    kind = node.get_type()
    if kind == isl.schedule_node_type.band:
        coincident = coincident_members(node, dependences)
        if coincident[0]:
            n = 0
            while n < min(len(coincident), MAX_MAPPED) and coincident[n]:
                n += 1
            if n < node.band_n_member():
                node = node.band_split(n)
            chosen = block_sizes_for(n, sizes, max_threads)
            if occupancy is not None and not sizes:
                extents = mapped_extents(node.band_get_partial_schedule_union_map()
                                         .intersect_domain(node.get_domain()), occupancy.point)
                if extents is not None:
                    chosen = fill_multiprocessors(chosen, extents, occupancy.multiprocessors)
            return _make_kernel(node, chosen, mapping, dependences)
        if not _has_parallel_band(node, dependences):
            return _make_kernel(node, [], mapping)
        if node.band_n_member() > 1:
            node = node.band_split(1)
        return _visit(node.child(0), dependences, sizes, max_threads, mapping, occupancy).parent()
    if kind in (isl.schedule_node_type.sequence, isl.schedule_node_type.set):
        if not _has_parallel_band(node, dependences):
            return _make_kernel(node, [], mapping)
        for k in range(node.n_children()):
            node = _visit(node.child(k), dependences, sizes, max_threads, mapping,
                          occupancy).parent()
        return node
    if kind == isl.schedule_node_type.leaf:
        return _make_kernel(node, [], mapping)
    if node.n_children() == 1:
        return _visit(node.child(0), dependences, sizes, max_threads, mapping, occupancy).parent()
    return node


def map_time_tiles(schedule: isl.Schedule, dependences: isl.UnionMap,
                   threads: list[int] | None = None, max_threads: int = 1024) -> GpuMapping | None:
    """Mark the kernel of a time-tiled tree (scheduler.stencil.TimeTiling.for_blocks),
    PPCG's hybrid tiling on a GPU: the tile band's members before its first parallel
    one stay host loops (the time tile and the phase, or the wavefront: a launch per
    phase), that member goes to blocks, one tile each, and the rest of the tile runs
    in its block, whose threads share the points of each statement's time step (the
    space band below each TILE_STEP_MARK mark), a barrier after each. None where no
    tile member is parallel or a statement's points of one step depend on each other."""
    node = schedule.get_root().child(0)
    if node.get_type() != isl.schedule_node_type.band:
        return None
    while not coincident_members(node, dependences)[0]:
        if node.band_n_member() == 1:
            return None
        node = node.band_split(1).child(0)
    if node.band_n_member() > 1:
        node = node.band_split(1)
    steps: list[bool] = []

    def visit(inner: isl.ScheduleNode) -> bool:
        if (inner.get_type() == isl.schedule_node_type.mark
                and inner.mark_get_id().get_name().startswith(TILE_STEP_MARK)):
            band = inner.child(0)
            steps.append(band.get_type() == isl.schedule_node_type.band
                         and all(coincident_members(band, dependences)))
        return True

    node.foreach_descendant_top_down(visit)
    if not steps or not all(steps):
        return None
    mapping = GpuMapping(schedule)
    node = _make_kernel(node, [1], mapping)
    space_dims = _out_dims(step_bands(node.get_schedule())[0][1])
    mapping.kernels[-1].threads = list(reversed(block_sizes_for(min(space_dims, 2), threads,
                                                                 max_threads)))
    mapping.schedule = node.get_schedule()
    return mapping


def step_bands(schedule: isl.Schedule) -> list[tuple[str, isl.UnionMap]]:
    """(mark name, instances -> space point) of each TILE_STEP_MARK mark of a tree."""
    found = []

    def visit(node: isl.ScheduleNode) -> bool:
        if (node.get_type() == isl.schedule_node_type.mark
                and node.mark_get_id().get_name().startswith(TILE_STEP_MARK)):
            band = node.child(0)
            found.append((node.mark_get_id().get_name(),
                          band.band_get_partial_schedule_union_map().intersect_domain(
                              band.get_domain())))
        return True

    schedule.get_root().foreach_descendant_top_down(visit)
    return found


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
                 mapping: GpuMapping, dependences: isl.UnionMap | None = None) -> isl.ScheduleNode:
    domain = node.get_domain()
    if domain.is_empty():
        return node
    mapped = sequential = band = None
    if block_sizes:
        mapped = node.band_get_partial_schedule_union_map().intersect_domain(domain)
        sequential = sequential_member(node)
        band = (functools.partial(sequential_member, node, dependences)
                if dependences is not None else None)
    kernel = Kernel(len(mapping.kernels), node.get_schedule_depth(), mapped, block_sizes,
                    domain, node.get_prefix_schedule_union_map().intersect_domain(domain),
                    sequential, sequential_band=band)
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


def _out_dims(union: isl.UnionMap) -> int:
    dims = {m.dim(isl.dim_type.out) for m in union_maps(union)}
    return dims.pop() if dims else 0


def _instances_where(relation: isl.UnionMap, constraints: list[str],
                     params: list[str]) -> isl.UnionSet:
    """Instances of `relation`'s domain whose image [d0, d1, ...] satisfies the
    constraints, written in terms of d0, d1, ... and the parameters."""
    dims = [f"d{k}" for k in range(_out_dims(relation))]
    condition = f" : {' and '.join(constraints)}" if constraints else ""
    target = isl.Set(f"[{', '.join(params)}] -> {{ [{', '.join(dims)}]{condition} }}")
    result = isl.UnionSet.empty(relation.get_space().params())
    for piece in union_maps(relation):
        wanted = target.set_tuple_id(piece.get_tuple_id(isl.dim_type.out)) \
            if piece.has_tuple_id(isl.dim_type.out) else target
        aligned = wanted.align_params(piece.get_space())
        piece = piece.align_params(aligned.get_space())
        result = result.union(isl.UnionSet.from_set(piece.intersect_range(aligned).domain()))
    return result


def _equalities(relation: isl.UnionMap, expressions: list[str], params: list[str]) -> isl.UnionSet:
    """Instances of `relation`'s domain whose image equals the given expressions."""
    return _instances_where(relation, [f"d{k} = {e}" for k, e in enumerate(expressions)], params)


def thread_instances(kernel: Kernel, names: KernelNames) -> isl.UnionSet:
    """The instances one thread of a kernel runs, in terms of the kernel's parameters."""
    params = names.host + names.low + names.block + names.thread
    instances = _equalities(kernel.prefix, names.host, params)
    if kernel.mapped is not None:
        constraints = [f"d{k} = {low} + {size} * {block} + {thread}"
                       for k, (low, size, block, thread) in enumerate(zip(
                           names.low, kernel.block_sizes, names.block, names.thread))]
        if kernel.coarsening > 1:
            k, c = kernel.n_mapped - 1, kernel.coarsening
            size = kernel.block_sizes[k]
            constraints[k] = (f"exists (r{k} : d{k} = {names.low[k]} + {size * c} * "
                              f"{names.block[k]} + {names.thread[k]} + {size} * r{k} and "
                              f"0 <= r{k} < {c})")
        instances = instances.intersect(_instances_where(kernel.mapped, constraints, params))
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


# -- shared memory (PPCG's promotion) ----------------------------------------

SHARED_TILE = 32          # iterations of the kernel's first sequential loop per copy
ELEMENT_BYTES = 8         # the fit test counts every element as a double
SHARED_MARK = "shared"


class SharedMemory(enum.IntEnum):
    """What goes to shared memory, the one encoding of the policy: Options.shared_memory,
    --shared-memory (by cli_name), the search's gene (polyopt.search.gpu_genes, which
    stores it as False, True or "all"). An int: `policy >= SharedMemory.ALL`."""

    NONE = 0        # nothing
    REUSE = 1       # read-only arrays whose tile several threads read (the default)
    ALL = 2         # PPCG's policy: also arrays the kernel writes, and tiles read
                    # without reuse but not coalesced; the tiles' rows padded

    @property
    def cli_name(self) -> str:
        """Its value of --shared-memory: none, reuse or all."""
        return self.name.lower()

    @classmethod
    def from_cli_name(cls, text: str) -> SharedMemory:
        """The policy of a --shared-memory value; ValueError where there is none."""
        for policy in cls:
            if policy.cli_name == text:
                return policy
        raise ValueError(f"'{text}' is not one of {', '.join(p.cli_name for p in cls)}")


@dataclass
class Promotion:
    """A tile of an array copied to shared memory once per tile of the kernel's
    first sequential loop: element d of the tile is array[lower_d + d]. A written
    one (`written`) is copied back after the tile, the elements written only."""

    array: str
    lower: list[isl.PwAff]      # functions of the kernel's parameters and the tile iterator
    sizes: list[int]
    written: bool = False
    pad: int = 0                # elements added to the last dimension (shared-memory banks)

    @property
    def declared(self) -> list[int]:
        return self.sizes[:-1] + [self.sizes[-1] + self.pad]


def sequential_member(node: isl.ScheduleNode,
                      dependences: isl.UnionMap | None = None) -> isl.UnionMap | None:
    """instances -> first member of the band right below a mapped band, if any; with
    `dependences`, its leading members in which no dependence of one thread goes
    backwards (a permutable band: tiling them all is legal; up to MAX_MAPPED)."""
    if node.n_children() != 1:
        return None
    child = node.child(0)
    if child.get_type() != isl.schedule_node_type.band:
        return None
    keep = 1
    if dependences is not None:
        keep = min(permutable_prefix(child, dependences), MAX_MAPPED)
    result = isl.UnionMap.empty(child.get_domain().get_space())
    for relation in union_maps(child.band_get_partial_schedule_union_map()):
        n = relation.dim(isl.dim_type.out)
        result = result.union(isl.UnionMap.from_map(
            relation.project_out(isl.dim_type.out, keep, n - keep)))
    return result.intersect_domain(child.get_domain())


def block_instances(kernel: Kernel, names: KernelNames) -> isl.UnionSet:
    """The instances one block of a kernel runs (all its threads)."""
    params = names.host + names.low + names.block + names.thread
    widths = kernel.block_sizes[:-1] + [kernel.block_sizes[-1] * kernel.coarsening]
    ranges = [f"{low} + {size} * {block} <= d{k} < {low} + {size} * {block} + {size}"
              for k, (low, size, block) in enumerate(zip(names.low, widths, names.block))]
    instances = _equalities(kernel.prefix, names.host, params)
    instances = instances.intersect(_instances_where(kernel.mapped, ranges, params))
    return instances.intersect(kernel.domain.align_params(instances.get_space()))


def tile_map(kernel: Kernel) -> isl.UnionMap:
    """instances -> the tile of the kernel's sequential loop(s) they are in."""
    return _tile_of(kernel.tiled)


def tiled_members(kernel: Kernel) -> int:
    """How many sequential members are cut into shared-memory tiles (1 or more)."""
    return _out_dims(kernel.tiled)


def _tile_of(sequential: isl.UnionMap) -> isl.UnionMap:
    """instances -> floor(c / SHARED_TILE) for each sequential member c."""
    result = isl.UnionMap.empty(sequential.get_space())
    for relation in union_maps(sequential):
        n = relation.dim(isl.dim_type.out)
        members = [f"c{k}" for k in range(n)]
        tile = isl.Map(f"{{ [{', '.join(members)}] -> "
                       f"[{', '.join(f'floor({c} / {SHARED_TILE})' for c in members)}] }}")
        result = result.union(isl.UnionMap.from_map(relation.apply_range(
            tile.align_params(relation.get_space()))))
    return result


def promotions(kernel: Kernel, names: KernelNames, tile_iterators: list[str],
               accesses: dict[str, isl.UnionMap], budget_bytes: int,
               written: frozenset[str] = frozenset(),
               policy: SharedMemory = SharedMemory.REUSE,
               references: dict[str, list[isl.Map]] | None = None,
               schedule: isl.UnionMap | None = None) -> list[Promotion]:
    """Arrays whose tile (per block and tile of the sequential loop) has a fixed
    size, fits, and is shared by several threads (PPCG's reuse test) or, with
    SharedMemory.ALL, is read by neighbouring threads from elements that are not
    neighbours (PPCG's coalescing test, on each reference in `references` under the
    flat `schedule`: a copy reads the tile coalesced). `accesses`: each array's
    reads and writes; `written`: the arrays among them the kernel writes (offered
    with SharedMemory.ALL only: a thread's written element is no other thread's, since
    the mapped loops carry no dependence, so the tile is copied back after the
    body, the elements the block wrote only)."""
    if kernel.mapped is None or kernel.tiled is None:
        return []
    instances = block_instances(kernel, names)
    tiles = _tile_of(kernel.tiled).intersect_domain(instances)
    threads = kernel.mapped.intersect_domain(instances)
    same_thread = threads.apply_range(threads.reverse())
    pad = 1 if policy >= SharedMemory.ALL else 0
    coalescing = policy >= SharedMemory.ALL and references and schedule is not None
    if coalescing:      # per statement, once for all references
        flat = _by_statement(schedule.intersect_domain(kernel.domain))
        mapped = _by_statement(kernel.mapped)
    result = []
    for array, relation in accesses.items():
        relation = relation.intersect_domain(instances)
        if relation.is_empty():
            continue
        footprint = tiles.reverse().apply_range(relation)
        box = _box(footprint, tile_iterators)
        if box is None:
            continue
        lower, sizes = box
        padding = pad if len(sizes) > 1 and math.prod(sizes[:-1]) > 1 else 0    # rows apart
        volume = 1
        for size in sizes[:-1] + [sizes[-1] + padding]:
            volume *= size
        if volume * ELEMENT_BYTES > budget_bytes:
            continue
        shared = relation.apply_range(relation.reverse()).subtract(same_thread)
        if shared.is_empty() and not (coalescing and not all(
                _coalesced(flat, mapped, r) for r in references.get(array, []))):
            continue       # every element is used by one thread only: no reuse to gain
        budget_bytes -= volume * ELEMENT_BYTES
        result.append(Promotion(array, lower, sizes, array in written, padding))
    return result


def _next_along(space: isl.Space, position: int) -> isl.Map:
    """x -> x + 1 in dimension `position`, on the set space `space` (PPCG's `next`)."""
    identity = isl.MultiAff.identity(isl.Space.map_from_set(space))
    step = identity.get_aff(position).add_constant_val(isl.Val.one(space.get_ctx()))
    return isl.Map.from_multi_aff(identity.set_aff(position, step))


def _by_statement(relation: isl.UnionMap) -> dict[str, list[isl.Map]]:
    found: dict[str, list[isl.Map]] = {}
    for piece in union_maps(relation):
        found.setdefault(piece.get_tuple_name(isl.dim_type.in_), []).append(piece)
    return found


def _coalesced(flat: dict[str, list[isl.Map]], mapped: dict[str, list[isl.Map]],
               reference: isl.Map) -> bool:
    """PPCG's test (gpu_group.c, access_is_coalesced) for one reference: does the
    next thread along x, at the same point of the rest of the flat schedule (`flat`,
    per statement, over the kernel's instances; `mapped`: the kernel's mapped
    dimensions per statement), access the next element of the last dimension? Also
    true where the reference never accesses two neighbouring elements (a copy would
    not coalesce either), or where the x dimension is no single member of the flat
    schedule."""
    n = reference.dim(isl.dim_type.out)
    if n == 0:
        return True
    next_element = _next_along(reference.get_space().range(), n - 1)
    accessed = reference.range()
    if next_element.intersect_domain(accessed).intersect_range(accessed).is_empty():
        return True
    statement = reference.get_tuple_name(isl.dim_type.in_)
    if len(flat.get(statement, [])) != 1 or len(mapped.get(statement, [])) != 1:
        return True
    schedule, threads = flat[statement][0], mapped[statement][0]
    x = threads.dim(isl.dim_type.out) - 1
    along_x = threads.project_out(isl.dim_type.out, 0, x).reset_tuple_id(isl.dim_type.out)
    width = schedule.dim(isl.dim_type.out)
    position = next((p for p in range(width)
                     if schedule.project_out(isl.dim_type.out, p + 1, width - p - 1)
                     .project_out(isl.dim_type.out, 0, p).reset_tuple_id(isl.dim_type.out)
                     .align_params(along_x.get_space()).is_equal(along_x)), None)
    if position is None:
        return True
    next_thread = schedule.apply_range(_next_along(schedule.get_space().range(), position)) \
        .apply_range(schedule.reverse())
    reference = reference.align_params(next_thread.get_space())
    touched = next_thread.apply_domain(reference).apply_range(reference)
    return touched.is_subset(next_element.align_params(touched.get_space()))


def as_parameters(value, kind: isl.dim_type, names: list[str]):
    """`value` (an isl Set or Map) with its first len(names) dimensions of `kind`
    made parameters of these names."""
    n = value.dim(isl.dim_type.param)
    value = value.move_dims(isl.dim_type.param, n, kind, 0, len(names))
    for k, name in enumerate(names):
        value = value.set_dim_name(isl.dim_type.param, n + k, name)
    return value


def _box(footprint: isl.UnionMap,
         tile_iterators: list[str]) -> tuple[list[isl.PwAff], list[int]] | None:
    """Per dimension, the lowest element as a function of the parameters and the
    tile iterators (made parameters), and a constant size; None if unbounded."""
    maps = union_maps(footprint)
    if len(maps) != 1:
        return None
    elements = as_parameters(maps[0], isl.dim_type.in_, tile_iterators).range()
    lower, sizes = [], []
    for dim in range(elements.dim(isl.dim_type.set)):
        low, high = elements.dim_min(dim), elements.dim_max(dim)
        span = high.sub(low).max_val()
        if not span.is_int():
            return None
        lower.append(low)
        sizes.append(span.to_python() + 1)
    return lower, sizes


def _find_mark(node: isl.ScheduleNode, name: str) -> isl.ScheduleNode | None:
    if node.get_type() == isl.schedule_node_type.mark and node.mark_get_id().get_name() == name:
        return node
    for k in range(node.n_children()):
        found = _find_mark(node.child(k), name)
        if found is not None:
            return found
    return None


def block_schedule(mapping: GpuMapping, kernel: Kernel, names: KernelNames) -> isl.Schedule:
    """The host tree restricted to one block of `kernel`, the mapped band removed
    (its values are the threads'), the sequential member strip-mined (the
    permutable ones tiled, with Kernel.tile_band), and a SHARED_MARK between the tile
    loops and the rest: the loops every thread of the block runs alike, so that
    barriers can go in them."""
    schedule = mapping.schedule.intersect_domain(block_instances(kernel, names))
    node = _find_mark(schedule.get_root(), kernel.mark)
    node = node.child(0).delete()
    members = tiled_members(kernel)
    if node.band_n_member() > members:
        node = node.band_split(members)
    tile = node.band_get_partial_schedule().scale_down_val(
        isl.Val.int_from_si(node.get_ctx(), SHARED_TILE)).floor()
    node = node.insert_partial_schedule(tile).child(0)
    node = node.insert_mark(isl.Id.read_from_str(node.get_ctx(), SHARED_MARK))
    return node.get_schedule()


def tile_block_schedule(mapping: GpuMapping, kernel: Kernel, names: KernelNames) -> isl.Schedule:
    """The host tree restricted to the tile of one block of a time-tile kernel
    (map_time_tiles), the mapped member removed (it is the block's)."""
    schedule = mapping.schedule.intersect_domain(block_instances(kernel, names))
    node = _find_mark(schedule.get_root(), kernel.mark)
    return node.child(0).delete().get_schedule()


def step_points(space: isl.UnionMap, outer: isl.UnionMap, outer_names: list[str],
                threads: list[int], thread_names: list[str]) -> isl.UnionMap:
    """instances -> space point, for the instances one thread runs of a time tile's
    step: those whose outer schedule values (`outer`: instances -> the values of the
    loops around, in the block's AST) are the parameters `outer_names`, and whose
    innermost space coordinate is threadIdx.x modulo the threads along x (the one
    outside it, threadIdx.y modulo those along y)."""
    n = _out_dims(space)
    spread = [f"(d{n - 1 - k} - {t}) mod {size} = 0"
              for k, (t, size) in enumerate(zip(thread_names, threads)) if k < n]
    instances = _equalities(outer, outer_names, outer_names).intersect(
        _instances_where(space, spread, thread_names))
    return space.intersect_domain(instances)


def block_instances_in_tile(kernel: Kernel, names: KernelNames,
                            tiles: list[str]) -> isl.UnionSet:
    """The instances one block runs in one tile of the sequential loop(s) (`tiles`:
    parameters, the tile's index per member)."""
    instances = block_instances(kernel, names)
    in_tile = _equalities(tile_map(kernel), tiles, tiles)
    return instances.align_params(in_tile.get_space()).intersect(
        in_tile.align_params(instances.get_space()))


def thread_schedule_in_tile(mapping: GpuMapping, kernel: Kernel, names: KernelNames,
                            tiles: list[str]) -> isl.Schedule:
    """What one thread runs in one tile of the sequential loop(s) (`tiles` parameters)."""
    instances = thread_instances(kernel, names)
    in_tile = _equalities(tile_map(kernel), tiles, tiles)
    instances = instances.align_params(in_tile.get_space()).intersect(
        in_tile.align_params(instances.get_space()))
    return mapping.schedule.intersect_domain(instances)
