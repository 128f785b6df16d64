"""The CUDA code of one SCoP (PPCG's gpu.c): its schedule mapped to the GPU
(codegen.gpu), the offload decisions taken on the mapping (codegen.cuda.offload),
then its device arrays (codegen.cuda.arrays), its kernels (codegen.cuda.kernel)
and the host code that launches them (codegen.cuda.host); or, for a SCoP of BLAS
matches, cuBLAS calls on its device arrays (codegen.cublas)."""

from __future__ import annotations

from dataclasses import dataclass, field

import cgen
import islpy as isl

from polyopt.codegen.cublas import match_lines
from polyopt.codegen.cuda.arrays import DeviceData, copied_memory
from polyopt.codegen.cuda.host import host_block, host_loops, launch_lines, launcher_lines
from polyopt.codegen.cuda.kernel import KernelGenerator
from polyopt.codegen.cuda.names import fresh
from polyopt.codegen.cuda.offload import NothingToOffload, PrivateNotKept, check_costs, \
    private_kept
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.gpu import DEFAULT_MULTIPROCESSORS, Occupancy, SharedMemory, map_time_tiles, \
    map_to_gpu
from polyopt.core.scop import Scop
from polyopt.frontend.declarations import Declaration, Scope


@dataclass
class CudaNest:
    host_lines: list[str]
    kernel_lines: list[str]
    kernels: int = 0
    mapped_kernels: int = 0
    description: list[str] = field(default_factory=list)   # per kernel, for the summary
    # the host memory each array's copies move: name -> (address, bytes) (C text)
    copied: dict[str, tuple[str, str]] = field(default_factory=dict)
    # host code in C: the prototypes of the kernels' launchers (defined in kernel_lines)
    prototypes: list[str] = field(default_factory=list)


class CudaGenerator:
    """Host code and kernels for one SCoP."""

    def __init__(self, scop: Scop, scope: Scope, expressions: ExpressionPrinter,
                 host_prefix: str, kernel_prefix: str, first_kernel: int,
                 shared_memory: SharedMemory | int | bool = SharedMemory.REUSE,
                 shared_bytes: int = 48 * 1024, registers: bool = True,
                 from_c: bool = False):
        self.from_c = from_c        # host code in C: kernels launched through launchers
        self.shared_memory = SharedMemory(int(shared_memory))
        self.registers = registers
        self.shared_bytes = shared_bytes
        self.scop = scop
        self.scope = scope
        self.expressions = expressions
        self.host_prefix = host_prefix
        self.kernel_prefix = kernel_prefix
        self.first_kernel = first_kernel
        self.private: dict[str, Declaration] = {}     # scalars local to each thread
        # the integer values of names (macros) the file gives, for the arrays' extents
        self.values_of = lambda names: {}
        self.used = scop.taken_names | set(scope.declarations)
        self.used |= {f"{prefix}{k}" for prefix in (host_prefix, kernel_prefix) for k in range(64)}

    def _data(self) -> DeviceData:
        return DeviceData(self.scop, self.scope, self.expressions, self.used, self.values_of,
                          self.private)

    def blas(self, matches: list) -> CudaNest:
        """The host code of a SCoP whose statements are all BLAS matches (in an order
        the dependences allow): cuBLAS calls on its arrays in device memory."""
        arrays = self._data().arrays()
        handle = fresh("polyopt_cublas", self.used)
        setup, calls, teardown = match_lines(matches, arrays, handle)
        nest = CudaNest([], [], copied=copied_memory(arrays))
        nest.host_lines = host_block(self.scop, self.private, arrays,
                                     [cgen.Line(line) for line in calls], setup, teardown)
        nest.description = ["cuBLAS " + ", ".join(f"{call.name}" for match in matches
                                                  for call in match.calls)]
        return nest

    def generate(self, schedule: isl.Schedule, dependences: isl.UnionMap,
                 block_sizes: list[int] | None, max_threads: int = 1024,
                 time_tiles: bool = False,
                 multiprocessors: int = DEFAULT_MULTIPROCESSORS,
                 private: dict | None = None, coarsening: int = 1) -> CudaNest:
        """The CUDA code of `schedule`; with `time_tiles`, a time-tiled tree
        (scheduler.stencil.TimeTiling.for_blocks) mapped a tile per block. `private`
        (polyopt.scheduler.privatize.live_ranges): scalars that `dependences` treat as expanded,
        each a local variable of every thread (PPCG's private memory), where each of
        their values is written and read by one thread of one launch with no other write
        of it between; PrivateNotKept otherwise."""
        if time_tiles:
            mapping = map_time_tiles(schedule, dependences, block_sizes, max_threads)
            if mapping is None:
                raise NothingToOffload("the time tiles have no parallel tile loop or a step "
                                       "whose points depend on each other")
        from polyopt.scheduler.cost import parameter_point
        point = parameter_point(self.scop)
        # only at sizes the file gives (a guess at unknown ones must not keep code off the
        # GPU, nor size its blocks)
        known = self.scop.sizes_known
        if not time_tiles:
            mapping = map_to_gpu(schedule, dependences, block_sizes, max_threads,
                                 Occupancy(point, multiprocessors) if known else None)
        if not mapping.parallel:
            raise NothingToOffload()
        for kernel in mapping.kernels:
            if kernel.mapped is not None and not kernel.threads:
                kernel.coarsening = max(1, coarsening)
        if known:
            check_costs(mapping, point)
        if private:
            problem = "time tiles" if time_tiles else private_kept(mapping, private)
            if problem:
                raise PrivateNotKept(problem)
            self.private = {name: self.scope.declarations.get(name)
                            or Declaration(name, self.scop.locals[name])
                            for name in private}
        data = self._data()
        arrays = data.arrays()
        values = data.by_value(arrays)
        kernels = KernelGenerator(self.scop, self.expressions, self.used, self.host_prefix,
                                  self.kernel_prefix, self.first_kernel, self.shared_memory,
                                  self.shared_bytes, self.registers, self.private)
        launches = {}
        nest = CudaNest([], [], copied=copied_memory(arrays))
        for kernel in mapping.kernels:
            code = kernels.definition(mapping, kernel, arrays, values)
            launches[kernel.mark] = launch_lines(self.scop, self.expressions, kernel, code.names,
                                                 code.name, code.arguments, self.from_c)
            nest.kernel_lines += code.lines + [""]
            if self.from_c:
                prototype, launcher = launcher_lines(code.name, code.parameters)
                nest.prototypes.append(prototype)
                nest.kernel_lines += launcher + [""]
            nest.kernels += 1
            nest.mapped_kernels += kernel.mapped is not None
            nest.description.append(
                f"a time tile per block of {'x'.join(map(str, kernel.threads))}" if kernel.threads
                else "x".join(map(str, reversed(kernel.block_sizes)))
                + (f", {kernel.coarsening} points per thread" if kernel.coarsening > 1 else "")
                if kernel.block_sizes else "1 thread")
        loops = host_loops(self.scop, self.expressions, mapping, self.host_prefix, launches)
        nest.host_lines = host_block(self.scop, self.private, arrays, loops)
        return nest
