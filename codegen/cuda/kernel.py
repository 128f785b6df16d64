"""The kernels of a SCoP (PPCG's kernel part of gpu_print), ``__global__``
functions that go before the function holding the SCoP (everything the file
declares above is visible to them): each thread first names its block and thread
indices, then runs the isl AST of its own instances; arrays are device pointers
indexed linearly (``A[i][j]`` becomes ``A[(i) * (M) + (j)]`` with the declared
extents), a written scalar is a pointer to device memory, everything else read is
passed by value. Where tiles go to shared memory (codegen.gpu.promotions), each
tile is copied in between barriers (and the written ones back); a time tile per
block (codegen.gpu.map_time_tiles) runs its steps with a barrier after each; an
accumulated element is kept in a register (codegen.accumulate).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cgen
import islpy as isl
from pycparser import c_ast

from polyopt.codegen.accumulate import Accumulation, AccumulationFinder
from polyopt.codegen.ast import build_ast
from polyopt.codegen.cuda.arrays import DeviceArray, accesses_of
from polyopt.codegen.cuda.names import blocks_name, fresh
from polyopt.codegen.expressions import ExpressionPrinter, linear_index, parenthesized
from polyopt.codegen.gpu import SHARED_MARK, TILE_STEP_MARK, GpuMapping, Kernel, KernelNames, \
    Promotion, SharedMemory, as_parameters, block_instances_in_tile, block_schedule, \
    kernel_context, kernel_schedule, promotions, step_bands, step_points, \
    thread_schedule_in_tile, tile_block_schedule, tile_map, tiled_members
from polyopt.codegen.openmp import OpenMPPrinter
from polyopt.codegen.statements import SubstitutingGenerator, substitutions
from polyopt.core.errors import CodegenError
from polyopt.core.scop import Scop
from polyopt.frontend.calls import MATH_STEMS
from polyopt.frontend.declarations import Declaration

AXES = ("x", "y", "z")

# C's math functions of doubles: C converts their arguments to double; C++ (nvcc)
# would call the float overload of `sqrt(x)` for a float x, and `abs` of a float
# is no conversion to int there. Kernels cast the arguments as C converts them.
_DOUBLE_MATH = frozenset(MATH_STEMS)
_INTEGER_ABS = {"abs": "int", "labs": "long", "llabs": "long long"}


class KernelStatementGenerator(SubstitutingGenerator):
    """Statement text inside a kernel: arrays linearized, written scalars dereferenced."""

    def __init__(self, values: dict[str, str], arrays: dict[str, DeviceArray],
                 shared: dict[str, "SharedTile"] | None = None, replaced: dict[int, str] | None = None):
        super().__init__(values, replaced)
        self.arrays = arrays
        self.shared = shared or {}

    def visit_ID(self, n: c_ast.ID) -> str:
        if n.name in self.substitutions:
            return self.substitutions[n.name]
        array = self.arrays.get(n.name)
        if array is not None and not array.extents:
            return f"(*{n.name})"
        return n.name

    def visit_FuncCall(self, n: c_ast.FuncCall) -> str:
        name = n.name.name if isinstance(n.name, c_ast.ID) else None
        kind = "double" if name in _DOUBLE_MATH else _INTEGER_ABS.get(name)
        if kind is None or n.args is None:
            return super().visit_FuncCall(n)
        arguments = ", ".join(f"({kind}) ({self.visit(a)})" for a in n.args.exprs)
        return f"{name}({arguments})"

    def visit_ArrayRef(self, n: c_ast.ArrayRef) -> str:
        if id(n) in self.replaced:          # the element kept in a register (codegen.accumulate)
            return self.replaced[id(n)]
        subscripts = []
        base: c_ast.Node = n
        while isinstance(base, c_ast.ArrayRef):
            subscripts.insert(0, base.subscript)
            base = base.name
        array = self.arrays.get(base.name) if isinstance(base, c_ast.ID) else None
        tile = self.shared.get(base.name) if isinstance(base, c_ast.ID) else None
        if tile is not None and len(subscripts) == len(tile.lower):
            return tile.name + "".join(f"[{parenthesized(self.visit(subscript))} - {lower}]"
                                       for subscript, lower in zip(subscripts, tile.lower))
        if array is None or len(subscripts) != len(array.extents) or len(subscripts) == 1:
            return super().visit_ArrayRef(n)
        return f"{base.name}[{linear_index([self.visit(s) for s in subscripts], array.extents)}]"


@dataclass
class SharedTile:
    """A promoted array inside a kernel: its __shared__ buffer and, per dimension,
    the name of the lowest element index of the current tile."""

    name: str
    lower: list[str]
    promotion: Promotion
    array: DeviceArray

    def declaration(self) -> str:
        dims = "".join(f"[{size}]" for size in self.promotion.declared)
        return f"__shared__ {self.array.element_type} {self.name}{dims};"


class KernelBodyPrinter(OpenMPPrinter):
    """A kernel's AST; at the shared-memory mark, the cooperative copy of each
    promoted tile between two barriers, then the body reading the tiles."""

    def __init__(self, scop: Scop, expressions: ExpressionPrinter, arrays: dict[str, DeviceArray],
                 shared: dict[str, SharedTile] | None = None, threads: int = 1,
                 tile: list[str] = (), pieces: dict | None = None,
                 accumulations: dict[str, Accumulation] | None = None):
        super().__init__(scop, expressions, accumulations)
        self.arrays = arrays
        self.shared = shared or {}
        self.threads = threads
        self.tile = list(tile)            # the variables holding the tile's indices
        # mark annotation -> (tile index expressions, one thread's AST there, tiles it uses,
        # the written ones' elements to copy back)
        self.pieces = pieces or {}
        self.inside_shared = False

    def print(self, node: isl.AstNode) -> list[cgen.Generable]:
        if node.get_type() == isl.ast_node_type.mark and \
                node.mark_get_id().get_name().startswith(TILE_STEP_MARK):
            # a time tile's step of one statement: this thread's points, then a
            # barrier every thread of the block reaches (the loops around are the block's)
            values, thread_body = self.pieces[node.get_annotation().get_name()]
            return [cgen.Block([cgen.Line(f"const int {name} = {value};") for name, value in values]
                               + self.print(thread_body)),
                    cgen.Line("__syncthreads();")]
        if node.get_type() == isl.ast_node_type.mark and \
                node.mark_get_id().get_name() == SHARED_MARK:
            value, thread_body, tiles, written = self.pieces[node.get_annotation().get_name()]
            self.inside_shared = True
            try:
                body = self.print(thread_body)
            finally:
                self.inside_shared = False
            return [cgen.Block([cgen.Line(f"const int {name} = {index};")
                                for name, index in zip(self.tile, value)]
                               + self._copies(tiles) + body + self._copies_back(tiles, written))]
        return super().print(node)

    def _copies(self, tiles: dict[str, SharedTile]) -> list[cgen.Generable]:
        if not tiles:
            return []
        lines: list[cgen.Generable] = []
        for tile in tiles.values():
            for name, lower in zip(tile.lower, tile.promotion.lower):
                lines.append(cgen.Line(f"const int {name} = {self._parameter_expression(lower)};"))
        lines.append(cgen.Line("__syncthreads();"))
        for tile in tiles.values():
            lines.append(self._copy(tile))
        lines.append(cgen.Line("__syncthreads();"))
        return lines

    def _copies_back(self, tiles: dict[str, SharedTile],
                     written: dict[str, tuple[list[str], str]]) -> list[cgen.Generable]:
        """After a tile's body, a barrier and the copy back of each written tile:
        its elements the block wrote in this tile (`written`: the names of an
        element's coordinates and the condition that it is one of them), no
        others, which other blocks may be writing."""
        back = [(tiles[name], coordinates, condition)
                for name, (coordinates, condition) in written.items()
                if name in tiles and condition != "0"]    # "0": none written in this piece
        if not back:
            return []
        return [cgen.Line("__syncthreads();")] + [self._copy(tile, coordinates, condition)
                                                  for tile, coordinates, condition in back]

    def _copy(self, tile: SharedTile, coordinates: list[str] | None = None,
              condition: str | None = None) -> cgen.Generable:
        """The cooperative copy of a tile, element e by thread e modulo the block's
        threads: into shared memory, or (`coordinates` given) back from it, where
        `condition` holds for the element named by `coordinates`."""
        sizes = tile.promotion.sizes
        volume = 1
        for size in sizes:
            volume *= size
        offsets, stride = [], 1
        for size in reversed(sizes):
            offsets.insert(0, f"polyopt_e / {stride} % {size}" if stride > 1 else f"polyopt_e % {size}")
            stride *= size
        offsets[0] = f"polyopt_e / {stride // sizes[0]}" if len(sizes) > 1 else "polyopt_e"
        declare = ", ".join(f"polyopt_d{d} = {o}" for d, o in enumerate(offsets))
        element = [f"{lower} + polyopt_d{d}" for d, lower in enumerate(tile.lower)]
        inside = " && ".join(f"{e} >= 0 && {e} < {parenthesized(extent)}"
                             for e, extent in zip(element, tile.array.extents))
        index = linear_index(element, tile.array.extents)
        target = tile.name + "".join(f"[polyopt_d{d}]" for d in range(len(sizes)))
        if coordinates is None:
            copy = [cgen.If(inside, cgen.Line(f"{target} = {tile.array.name}[{index}];"))]
        else:
            named = ", ".join(f"{name} = {e}" for name, e in zip(coordinates, element))
            copy = [cgen.Line(f"const int {named};"),
                    cgen.If(f"{inside} && ({condition})",
                            cgen.Line(f"{tile.array.name}[{index}] = {target};"))]
        return cgen.For("int polyopt_e = polyopt_thread", f"polyopt_e < {volume}",
                        f"polyopt_e += {self.threads}", cgen.Block([
                            cgen.Line(f"const int {declare};")] + copy))

    def _parameter_expression(self, value: isl.PwAff) -> str:
        build = isl.AstBuild.from_context(isl.Set.universe(value.get_domain_space()))
        return self.expressions(build.expr_from_pw_aff(value))

    def _user(self, call: isl.AstExpr) -> str:
        statement = self.scop.statement(call.get_op_arg(0).get_id().get_name())
        values = [self.expressions(call.get_op_arg(k)) for k in range(1, call.get_op_n_arg())]
        generator = KernelStatementGenerator(substitutions(statement.iterators, values), self.arrays,
                                             self.shared if self.inside_shared else None,
                                             self.replaced.get(statement.name))
        return generator.visit(statement.body)

    def _cell(self, accumulation: Accumulation) -> str:
        cell = accumulation.cell            # an access: the array, then its subscripts
        positions = [self.expressions(cell.get_op_arg(k)) for k in range(1, cell.get_op_n_arg())]
        tile = self.shared.get(accumulation.array) if self.inside_shared else None
        if tile is not None and len(positions) == len(tile.lower):
            # a written tile: the element's value is the tile's until it is copied back
            return tile.name + "".join(f"[{parenthesized(position)} - {lower}]"
                                       for position, lower in zip(positions, tile.lower))
        array = self.arrays.get(accumulation.array)
        if array is None or len(positions) != len(array.extents) or len(positions) == 1:
            return super()._cell(accumulation)
        return f"{array.name}[{linear_index(positions, array.extents)}]"


@dataclass
class KernelCode:
    """A kernel's definition and what its launch needs."""

    name: str
    names: KernelNames
    arguments: list[str]          # C text, in the order of its parameters
    lines: list[str]              # the definition
    parameters: list[str] = field(default_factory=list)   # C declarations, as `arguments`


class KernelGenerator:
    """The kernels of one SCoP's GPU mapping: `used`, the names taken in the generated
    code (each kernel's are added); `private`, the scalars local to each thread;
    `shared_memory`, what goes to shared memory (at most `shared_bytes` a block);
    `registers`, an accumulated element in a register."""

    def __init__(self, scop: Scop, expressions: ExpressionPrinter, used: set[str],
                 host_prefix: str, kernel_prefix: str, first_kernel: int,
                 shared_memory: SharedMemory, shared_bytes: int, registers: bool,
                 private: dict[str, Declaration]):
        self.scop = scop
        self.expressions = expressions
        self.used = used
        self.host_prefix = host_prefix
        self.kernel_prefix = kernel_prefix
        self.first_kernel = first_kernel
        self.shared_memory = shared_memory
        self.shared_bytes = shared_bytes
        self.registers = registers
        self.private = private

    def _names(self, kernel: Kernel) -> KernelNames:
        n = kernel.n_mapped
        return KernelNames([f"{self.host_prefix}{k}" for k in range(kernel.depth)],
                           [f"polyopt_low{k}" for k in range(n)],
                           [fresh(f"b{k}", self.used) for k in range(n)],
                           [fresh(f"t{k}", self.used) for k in range(n)])

    def definition(self, mapping: GpuMapping, kernel: Kernel, arrays: dict[str, DeviceArray],
                   values: list[Declaration]) -> KernelCode:
        """The kernel's definition; it takes the device arrays `arrays`, the variables
        `values` and the host loops' values and the mapped loops' lower bounds."""
        name = f"polyopt_kernel{self.first_kernel + kernel.index}"
        names = self._names(kernel)
        context = kernel_context(kernel, names, self.scop.context)
        tile, shared = self._tiles(mapping, kernel, names, arrays)
        threads = 1
        for size in kernel.block_sizes:
            threads *= size
        spread = [fresh(f"polyopt_thread_{axis}", self.used)
                  for axis in AXES[:len(kernel.threads or [])]]
        if kernel.threads:
            body = self._tile_body(mapping, kernel, names, arrays, spread, context)
        elif shared:
            body = self._shared_body(mapping, kernel, names, arrays, shared, threads, tile, context)
        else:
            accumulations = self._accumulations()
            ast = build_ast(kernel_schedule(mapping, kernel, names), context, None,
                            self.kernel_prefix, innermost=accumulations)
            body = KernelBodyPrinter(self.scop, self.expressions, arrays,
                                     accumulations=accumulations and accumulations.found
                                     ).print(ast.root)
        n = kernel.n_mapped
        for k in reversed(range(n - 1)):    # y and z: their blocks in a loop (GRID_LIMIT)
            block, axis = names.block[k], AXES[n - 1 - k]
            body = [cgen.For(f"int {block} = blockIdx.{axis}", f"{block} < {blocks_name(k)}",
                             f"{block} += gridDim.{axis}", cgen.Block(body))]
        if shared:
            body = ([cgen.Line(tile.declaration()) for tile in shared.values()]
                    + [cgen.Line("const int polyopt_thread = threadIdx.x + blockDim.x * "
                                 "(threadIdx.y + blockDim.y * threadIdx.z);")] + body)
        # polyopt's dependence analysis already takes distinct arrays not to overlap;
        # saying so lets nvcc keep values in registers and use the read-only cache
        parameters = [f"{a.element_type} *__restrict__ {a.name}" for a in arrays.values()]
        parameters += [f"{v.element_type} {v.name}" for v in values]
        looped = [blocks_name(k) for k in range(n - 1)]
        parameters += [f"int {n}" for n in names.host + names.low + looped]
        arguments = [a.device for a in arrays.values()] + [v.name for v in values]
        arguments += names.host + names.low + looped
        indices = []
        for k in range(n):
            axis = AXES[n - 1 - k]
            thread = f"{names.thread[k]} = threadIdx.{axis}"
            if k == n - 1:
                indices.append(f"const int {names.block[k]} = blockIdx.{axis}"
                               + ("" if kernel.threads else f", {thread}") + ";")
            elif not kernel.threads:
                indices.append(f"const int {thread};")
        indices += [f"const int {name} = threadIdx.{axis};" for name, axis in zip(spread, AXES)]
        # the private scalars its statements use: one of each per thread
        indices += [f"{declaration.element_type} {name};"
                    for name, declaration in sorted(self.private.items())
                    if any(access.array == name for statement in self.scop.statements
                           if not _statement_instances(kernel.domain, statement.name).is_empty()
                           for access in statement.accesses)]
        # a dimension of one thread (blocks made small to fill the GPU): isl's code has no
        # use for its index, which nvcc would warn about
        indices += [f"(void){names.thread[k]};" for k in range(n)
                    if not kernel.threads and kernel.block_sizes[k] == 1]
        signature = f"__global__ void {name}({', '.join(parameters)})"
        definition = [signature] + str(cgen.Block([cgen.Line(i) for i in indices] + body)).split("\n")
        return KernelCode(name, names, arguments, definition, parameters)

    def _shared_body(self, mapping: GpuMapping, kernel: Kernel, names: KernelNames,
                     arrays: dict[str, DeviceArray], shared: dict[str, SharedTile], threads: int,
                     tile: list[str], context: isl.Set) -> list[cgen.Generable]:
        """The loops of a block, each tile's copies between barriers, then what one
        thread runs in that tile (generated apart, the tile's indices parameters)."""
        pieces: dict[str, tuple[list[str], isl.UnionSet]] = {}
        tiles = tile_map(kernel)

        def after_mark(node: isl.AstNode, build: isl.AstBuild) -> isl.AstNode:
            if node.mark_get_id().get_name() != SHARED_MARK:
                return node
            # isl may generate the subtree of the mark more than once (one piece per
            # group of statements), and drop the tile loop where it has one value:
            # keep, per piece, its instances and the tile index in terms of the loops
            schedule = build.get_schedule()
            value = isl.PwMultiAff.from_map(isl.Map.from_union_map(
                schedule.reverse().apply_range(tiles)))
            key = f"polyopt_piece_{len(pieces)}"
            pieces[key] = ([self.expressions(build.expr_from_pw_aff(value.get_pw_aff(k).coalesce()))
                            for k in range(len(tile))], schedule.domain())
            return node.set_annotation(isl.Id.read_from_str(node.get_ctx(), key))

        block = build_ast(block_schedule(mapping, kernel, names), context, None,
                          self.kernel_prefix, after_mark)
        thread_context = context.align_params(isl.Set(f"[{', '.join(tile)}] -> {{ : }}").get_space())
        in_tile = thread_schedule_in_tile(mapping, kernel, names, tile)
        bodies = {}
        accumulations = self._accumulations()
        for key, (value, instances) in pieces.items():
            thread = build_ast(in_tile.intersect_domain(instances), thread_context, None,
                               f"{self.kernel_prefix}_", innermost=accumulations)
            used = {access.array for statement in self.scop.statements
                    if not _statement_instances(instances, statement.name).is_empty()
                    for access in statement.accesses}
            tiles_used = {a: t for a, t in shared.items() if a in used}
            bodies[key] = (value, thread.root, tiles_used,
                           self._written_elements(kernel, names, tiles_used, instances, tile,
                                                  thread_context))
        printer = KernelBodyPrinter(self.scop, self.expressions, arrays, shared, threads, tile, bodies,
                                    accumulations and accumulations.found)
        return printer.print(block.root)

    def _written_elements(self, kernel: Kernel, names: KernelNames, tiles: dict[str, SharedTile],
                          instances: isl.UnionSet, tile: list[str],
                          context: isl.Set) -> dict[str, tuple[list[str], str]]:
        """Per written tile of a piece: names for an element's coordinates and the C
        condition that the block wrote it in the tile `tile` (parameters), from the
        writes of the piece's instances in that tile."""
        result = {}
        in_tile = None
        for name, shared in tiles.items():
            if not shared.promotion.written:
                continue
            if in_tile is None:
                in_tile = block_instances_in_tile(kernel, names, tile)
                in_tile = in_tile.intersect(instances.align_params(in_tile.get_space()))
            writes = accesses_of(self.scop, name, True)
            elements = writes.intersect_domain(in_tile.align_params(writes.get_space())).range()
            coordinates = [fresh(f"{name}_x{d}", self.used) for d in range(len(shared.lower))]
            if elements.is_empty():
                result[name] = (coordinates, "0")
                continue
            as_params = as_parameters(isl.Set.from_union_set(elements),    # one array: one space
                                      isl.dim_type.set, coordinates).params()
            known = context.align_params(as_params.get_space())
            build = isl.AstBuild.from_context(known)
            result[name] = (coordinates, self.expressions(
                build.expr_from_set(as_params.align_params(known.get_space()).gist(known))))
        return result

    def _tile_body(self, mapping: GpuMapping, kernel: Kernel, names: KernelNames,
                   arrays: dict[str, DeviceArray], spread: list[str],
                   context: isl.Set) -> list[cgen.Generable]:
        """A block's time tile (map_time_tiles): the loops every thread of the block
        runs alike (the tile's time steps, its statements), and at each statement's
        TILE_STEP_MARK, the points of that step this thread runs, generated apart
        with the loops' values as parameters, then a barrier."""
        spaces = dict(step_bands(mapping.schedule))
        pieces: dict[str, tuple[list[tuple[str, str]], object]] = {}
        wanted: list[tuple[str, isl.UnionMap]] = []
        step_names: list[str] = []      # the values of the loops around (each piece's block)

        def after_mark(node: isl.AstNode, build: isl.AstBuild) -> isl.AstNode:
            name = node.mark_get_id().get_name()
            if not name.startswith(TILE_STEP_MARK):
                return node
            outer = build.get_schedule()
            space = build.get_schedule_space()
            local = isl.LocalSpace.from_space(space)
            values = []
            for j in range(space.dim(isl.dim_type.set)):
                value = isl.PwAff.from_aff(isl.Aff.var_on_domain(local, isl.dim_type.set, j))
                if j == len(step_names):
                    step_names.append(fresh(f"polyopt_step{j}", self.used))
                values.append((step_names[j], self.expressions(build.expr_from_pw_aff(value))))
            key = f"polyopt_piece_{len(pieces)}"
            pieces[key] = (values, None)
            wanted.append((key, step_points(spaces[name], outer, [v for v, _ in values],
                                            kernel.threads, spread)))
            return node.set_annotation(isl.Id.read_from_str(node.get_ctx(), key))

        block = build_ast(tile_block_schedule(mapping, kernel, names), context, None,
                          self.kernel_prefix, after_mark)
        for key, points in wanted:
            values = pieces[key][0]
            local = isl.Set(f"[{', '.join([v for v, _ in values] + spread)}] -> {{ : "
                            + " and ".join(f"0 <= {t} < {size}"
                                           for t, size in zip(spread, kernel.threads)) + " }")
            thread_context = local.align_params(context.get_space()).intersect(
                context.align_params(local.get_space()))
            if points.is_empty():
                raise CodegenError("--target cuda: a time tile's step has no points "
                                   "(internal error)", self.scop.region.location)
            thread = build_ast(points, thread_context, None, f"{self.kernel_prefix}_")
            pieces[key] = (values, thread.root)
        printer = KernelBodyPrinter(self.scop, self.expressions, arrays, pieces=pieces)
        return printer.print(block.root)

    def _accumulations(self) -> AccumulationFinder | None:
        """Register promotion (PPCG's private memory, for the one case that pays most):
        in a thread's innermost loop, the element it accumulates into is kept in a
        local, loaded before the loop and stored after it (codegen.accumulate proves
        it on the thread's schedule; the loop holds no barrier, so no other thread
        can see the difference)."""
        return AccumulationFinder(self.scop) if self.registers else None

    def _tiles(self, mapping: GpuMapping, kernel: Kernel, names: KernelNames,
               arrays: dict[str, DeviceArray]) -> tuple[list[str], dict[str, SharedTile]]:
        """The tile indices of the kernel's sequential loops and its arrays in shared
        memory. PPCG's policy (SharedMemory.ALL) tiles every permutable sequential
        member, one tile index each; the default tiles the first one, or all of them
        where only that gives a reused read-only array a tile of fixed size (a
        triangular loop below the first: trmm's A[k][i], i < k)."""
        everything = self.shared_memory >= SharedMemory.ALL
        kernel.tile_band = everything
        tile = self._tile_names(kernel)
        if not self.shared_memory or kernel.threads:
            return tile, {}
        shared = self._shared_tiles(mapping, kernel, names, arrays, tile)
        if shared or everything:
            return tile, shared
        kernel.tile_band = True
        if kernel.tiled is not None and tiled_members(kernel) >= 2:
            used = set(self.used)
            band = self._tile_names(kernel)
            shared = self._shared_tiles(mapping, kernel, names, arrays, band)
            if shared:
                return band, shared
            self.used.clear()       # nothing to gain: as if the band had not been tried
            self.used.update(used)
        kernel.tile_band = False
        return tile, {}

    def _tile_names(self, kernel: Kernel) -> list[str]:
        """Fresh names of the kernel's tile indices, one per tiled sequential member."""
        members = tiled_members(kernel) if kernel.tiled is not None else 1
        return [fresh("polyopt_tile" if members == 1 else f"polyopt_tile{k}", self.used)
                for k in range(members)]

    def _shared_tiles(self, mapping: GpuMapping, kernel: Kernel, names: KernelNames,
                      arrays: dict[str, DeviceArray], tile: list[str]) -> dict[str, SharedTile]:
        """The arrays of a kernel worth a tile in shared memory: read-only ones
        (SharedMemory.REUSE), also written ones and uncoalesced reads (SharedMemory.ALL)."""
        policy = self.shared_memory
        offered = {name: accesses_of(self.scop, name, False).union(accesses_of(self.scop, name, True))
                   for name, array in arrays.items() if array.extents
                   and (policy >= SharedMemory.ALL or not self.scop.arrays[name].written)}
        # written by this kernel (one written elsewhere in the SCoP only is read-only here)
        written = frozenset(name for name in offered if self.scop.arrays[name].written
                            and not accesses_of(self.scop, name, True).intersect_domain(
                                kernel.domain.align_params(self.scop.context.get_space()))
                            .is_empty())
        references = {name: [access.relation for statement in self.scop.statements
                             for access in statement.accesses if access.array == name]
                      for name in offered} if policy >= SharedMemory.ALL else None
        chosen = promotions(kernel, names, tile, offered, self.shared_bytes, written,
                            max(policy, SharedMemory.REUSE), references,
                            mapping.schedule.get_map() if references else None)
        result = {}
        for promotion in chosen:
            array = arrays[promotion.array]
            shared_name = fresh(f"shared_{array.name}", self.used)
            lower = [fresh(f"{array.name}_low{d}", self.used) for d in range(len(promotion.sizes))]
            result[array.name] = SharedTile(shared_name, lower, promotion, array)
        return result


def _statement_instances(instances: isl.UnionSet, name: str) -> isl.UnionSet:
    found = []
    instances.foreach_set(lambda piece: found.append(piece) if piece.get_tuple_name() == name else None)
    result = isl.UnionSet.empty(instances.get_space())
    for piece in found:
        result = result.union(isl.UnionSet.from_set(piece))
    return result
