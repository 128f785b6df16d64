"""The CUDA target: host code and kernels for a GPU mapping (see ``gpu``).

For one SCoP it prints

* the kernels, ``__global__`` functions that go before the function holding
  the SCoP (everything the file declares above is visible to them): each thread
  first names its block and thread indices, then runs the isl AST of its own
  instances; arrays are device pointers indexed linearly (``A[i][j]`` becomes
  ``A[(i) * (M) + (j)]`` with the declared extents), a written scalar is a
  pointer to device memory, everything else read is passed by value;
* the host code that replaces the SCoP: device buffers, copy-in of the arrays
  read before they are written (and of those only partly written), the host
  loops with one launch per kernel mark, copy-out of what was written, and
  ``cudaFree``. Every CUDA call is checked and a failure names the call.

With ``-DPOLYOPT_CUDA_TIMING`` the host code also times the SCoP with CUDA
events, once end to end (allocation and transfers included) and once for the
kernels alone, and prints both on stderr.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import cgen
import islpy as isl
from pycparser import c_ast

from polyopt.codegen.accumulate import Accumulation, AccumulationFinder
from polyopt.codegen.ast import build_ast
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.gpu import SHARED_MARK, TILE_STEP_MARK, GpuMapping, Kernel, KernelNames, \
    DEFAULT_MULTIPROCESSORS, SHARED_ALL, SHARED_REUSE, Occupancy, Promotion, as_parameters, \
    block_instances_in_tile, block_schedule, kernel_context, kernel_schedule, \
    map_time_tiles, map_to_gpu, \
    mapped_bounds, promotions, step_bands, step_points, thread_schedule_in_tile, tile_block_schedule, \
    tile_map, tiled_members
from polyopt.codegen.openmp import OpenMPPrinter
from polyopt.core.dependences import accesses_to
from polyopt.codegen.statements import SubstitutingGenerator, substitutions
from polyopt.core.errors import CodegenError
from polyopt.frontend.calls import MATH_STEMS, node_text, walk
from polyopt.frontend.declarations import Declaration, Scope
from polyopt.core.scop import Scop

AXES = ("x", "y", "z")
# Functions of CUDA's math headers (always included by nvcc) whose names C
# programs also use for variables; a file-scope variable of that name is an error.
CUDA_MATH_NAMES = frozenset("""y0 y1 yn j0 j1 jn gamma norm rnorm norm3d norm4d rhypot rcbrt
    rsqrt sinpi cospi exp10 erfinv erfcinv erfcx normcdf normcdfinv min max signbit""".split())
TIMING_MACRO = "POLYOPT_CUDA_TIMING"

# Emitted once per file, before the first kernel.
CHECK_FUNCTION = r"""#ifndef POLYOPT_CUDA_CHECK
#define POLYOPT_CUDA_CHECK
#include <stdio.h>
#include <stdlib.h>
static void polyopt_cuda_check(cudaError_t status, const char *call, const char *file, int line)
{
  if (status != cudaSuccess) {
    fprintf(stderr, "%s:%d: polyopt: CUDA error in %s: %s\n", file, line, call,
            cudaGetErrorString(status));
    exit(EXIT_FAILURE);
  }
}
#endif"""


def cplusplus_problems(scope: Scope, scop: Scop) -> list[str]:
    """What, in the file around a SCoP, nvcc (which compiles a .cu file as C++ with
    CUDA's headers) will reject: globals named like CUDA math functions and
    variable-length array parameters."""
    problems = [f"'{name}' is declared at file scope but is also a function of CUDA's math "
                "library: nvcc will reject the file until it is renamed"
                for name in sorted(scope.file_scope & CUDA_MATH_NAMES)]
    variables = {name for name, d in scope.declarations.items() if d.rank == 0}
    for name in sorted(scope.parameters & set(scop.arrays)):
        used = {word for extent in scope.declarations[name].extents if extent
                for word in _IDENTIFIER.findall(extent)}
        if used & variables:
            problems.append(f"parameter '{name}' is a variable-length array, which C++ (nvcc "
                            "compiles the .cu file as C++) does not have: give its extents as "
                            "constants or macros")
    return problems


class NothingToOffload(Exception):
    """The SCoP stays C on the host, for the reason given."""

    def __init__(self, reason: str = "no parallel loop to offload to the GPU"):
        super().__init__(reason)
        self.reason = reason


class PrivateNotKept(Exception):
    """The private scalars' values would not stay in one thread (see _private_kept)."""


# A kernel of one thread runs its instances one after another on one GPU core,
# tens of times slower than the CPU: on an H100, symm's 6e8 at LARGE took over
# 90 s (the CPU: 3 s), deriche's 4e7 1.06 s (the CPU: 0.38 s). Above this many
# instances, at the sizes the file's macros (or -D) give, the SCoP is not offloaded.
SERIAL_KERNEL_INSTANCES = 10_000


# A launch costs 2-4 us on an H100 however little it does: floyd-warshall at LARGE,
# whose (k, i + j) wavefront isl's schedule leaves on the host, launched 1.6e7
# kernels and ran over 90 s (the CPU: 20 s). Above this many launches in all, at the
# sizes the file gives, the SCoP is not offloaded.
MAX_LAUNCHES = 1_000_000


def count_points(union: isl.UnionSet, point: isl.Set) -> float:
    """About how many points a set has at the parameter values of `point` (the cost
    model's count, summed over its pieces)."""
    from polyopt.scheduler.cost import instance_count
    sets = union.intersect_params(point).get_set_list()
    return float(sum(instance_count(sets.get_at(k), point) for k in range(sets.n_set())
                     if not sets.get_at(k).is_empty()))


def launch_count(kernel: Kernel, point: isl.Set) -> float:
    """About how many times the kernel is launched: once per host iteration above it."""
    if not kernel.depth:
        return 1.0
    domain = kernel.domain.intersect_params(point)
    return count_points(kernel.prefix.intersect_domain(domain).range(), point)


def serial_instances(kernel: Kernel, point: isl.Set) -> int:
    """About how many instances a one-thread kernel runs at the parameter values of
    `point` (the cost model's count, per statement)."""
    return int(count_points(kernel.domain, point))


@dataclass
class DeviceArray:
    """An array (or a written scalar) that lives in device memory during the SCoP."""

    name: str
    device: str                   # host-side name of the device pointer
    element_type: str
    extents: list[str]            # outer first; empty for a scalar
    copy_in: bool
    copy_out: bool
    accessed: bool = False        # the first extent is the accessed one's: may be 0
    # the footprint copied, where it is fewer rows (first index) than the array's:
    # (first row, number of rows) in and out; None: the whole array
    rows_in: tuple[str, str] | None = None
    rows_out: tuple[str, str] | None = None

    @property
    def size(self) -> str:
        factors = [f"sizeof({self.element_type})"] + [f"({e})" for e in self.extents]
        return " * ".join(factors)

    def copy(self, to_device: bool) -> tuple[str, str]:
        """(condition, cudaMemcpy call) of the copy in or out: of the whole array, or of
        its footprint's rows."""
        kind = "cudaMemcpyHostToDevice" if to_device else "cudaMemcpyDeviceToHost"
        rows = self.rows_in if to_device else self.rows_out
        if rows is None:
            ends = (self.device, self.host_address) if to_device else (self.host_address, self.device)
            return (f"{self.size} > 0" if self.accessed else "",
                    f"cudaMemcpy({ends[0]}, {ends[1]}, {self.size}, {kind})")
        first, count = rows
        row = "".join(f" * ({e})" for e in self.extents[1:])
        device, host = self.device, self.host_address
        if first != "0":
            offset = f"({first}){row}"
            device, host = f"{device} + {offset}", f"(({self.element_type} *) {host}) + {offset}"
        ends = (device, host) if to_device else (host, device)
        return (f"{count} > 0",
                f"cudaMemcpy({ends[0]}, {ends[1]}, sizeof({self.element_type}) * {count}{row}, "
                f"{kind})")

    @property
    def host_address(self) -> str:
        return self.name if self.extents else f"&{self.name}"


def _copied(arrays: dict[str, DeviceArray]) -> dict[str, tuple[str, str]]:
    return {a.name: (a.host_address, a.size) for a in arrays.values() if a.extents}


@dataclass
class CudaNest:
    host_lines: list[str]
    kernel_lines: list[str]
    kernels: int = 0
    mapped_kernels: int = 0
    description: list[str] = field(default_factory=list)   # per kernel, for the summary
    # the host memory each array's copies move: name -> (address, bytes) (C text)
    copied: dict[str, tuple[str, str]] = field(default_factory=dict)


# C's math functions of doubles: C converts their arguments to double; C++ (nvcc)
# would call the float overload of `sqrt(x)` for a float x, and `abs` of a float
# is no conversion to int there. Kernels cast the arguments as C converts them.
_DOUBLE_MATH = frozenset(MATH_STEMS)
_INTEGER_ABS = {"abs": "int", "labs": "long", "llabs": "long long"}


def kernel_problem(source, scop) -> str | None:
    """Why a kernel (placed before the region's function, compiled as C++) would not
    compute what the region computes, or None: `sizeof` of a variable (a pointer
    parameter in the kernel), a name the region's function defines before the region
    (a macro, typedef or enum constant the kernel would not see), a name of polyopt's
    own generated host code."""
    for statement in scop.statements:
        for node in walk(statement.body):
            if isinstance(node, c_ast.UnaryOp) and node.op == "sizeof" \
                    and not isinstance(node.expr, c_ast.Typename):
                return (f"'sizeof' of an expression ('{node_text(node)}') differs in a kernel "
                        "(arrays are pointers there, 'a' is one byte): not offloaded to the GPU")
    used = set(_IDENTIFIER.findall(source.blanked[scop.region.start:scop.region.end]))
    used |= {word for array in scop.arrays.values()
             for word in _IDENTIFIER.findall(array.element_type or "")}
    generated = sorted(name for name in used if name.startswith("polyopt_"))
    if generated:
        return (f"the region uses '{generated[0]}', a name of polyopt's generated host code: "
                "not offloaded to the GPU")
    from polyopt.frontend.declarations import DeclarationError, scope_at
    try:
        start = scope_at(source, scop.region.start).function_start
    except (DeclarationError, RecursionError, AssertionError):
        start = None
    if start is not None:
        text = source.blanked[start:scop.region.start]
        if re.search(r"\btypedef\b", text):
            # the arrays' types are read through the file's typedefs: a local one
            # (`typedef float real;` hiding the file's double) is not
            return ("the region's function declares a type (typedef) before the region, "
                    "which the kernels' types and copies (placed before the function) would "
                    "not see: not offloaded to the GPU")
        local = set(re.findall(r"^[ \t]*#[ \t]*(?:define|undef)[ \t]+(\w+)", text, re.MULTILINE))
        for declaration in re.findall(r"\benum\b[^;]*;", text):
            local |= set(_IDENTIFIER.findall(declaration))
        inside = sorted(used & local)
        if inside:
            return (f"'{inside[0]}' is defined in the region's function, where a kernel "
                    "(placed before the function) would not see it: not offloaded to the GPU")
    return None


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
            return tile.name + "".join(f"[{_parenthesized(self.visit(subscript))} - {lower}]"
                                       for subscript, lower in zip(subscripts, tile.lower))
        if array is None or len(subscripts) != len(array.extents) or len(subscripts) == 1:
            return super().visit_ArrayRef(n)
        return f"{base.name}[{linear_index([self.visit(s) for s in subscripts], array.extents)}]"


def linear_index(positions: list[str], extents: list[str]) -> str:
    """Row-major offset of an element: ((p0 * e1 + p1) * e2 + p2) ..."""
    index = _parenthesized(positions[0])
    for position, extent in zip(positions[1:], extents[1:]):
        index = f"{_parenthesized(index)} * {_parenthesized(extent)} + {_parenthesized(position)}"
    return index


def _parenthesized(text: str) -> str:
    if _IDENTIFIER.fullmatch(text) or text.isdigit():
        return text
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for position, char in enumerate(text):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0 and position < len(text) - 1:
                break
        else:
            return text
    return f"({text})"


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
        inside = " && ".join(f"{e} >= 0 && {e} < {_parenthesized(extent)}"
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
            return tile.name + "".join(f"[{_parenthesized(position)} - {lower}]"
                                       for position, lower in zip(positions, tile.lower))
        array = self.arrays.get(accumulation.array)
        if array is None or len(positions) != len(array.extents) or len(positions) == 1:
            return super()._cell(accumulation)
        return f"{array.name}[{linear_index(positions, array.extents)}]"


class HostPrinter(OpenMPPrinter):
    """Host loops; a kernel mark becomes the launch of that kernel."""

    def __init__(self, scop: Scop, expressions: ExpressionPrinter, launches: dict[str, list],
                 host_values: dict[str, list[str]]):
        super().__init__(scop, expressions)
        self.launches = launches
        # per kernel mark generated (its annotation, set by the AST build): declarations
        # of the host loops' values where isl left no loop (one value: no iterator)
        self.host_values = host_values

    def print(self, node: isl.AstNode) -> list[cgen.Generable]:
        if node.get_type() == isl.ast_node_type.mark:
            name = node.mark_get_id().get_name()
            if name in self.launches:
                declared = self.host_values[node.get_annotation().get_name()]
                if not declared:
                    return self.launches[name]
                return [cgen.Block([cgen.Line(line) for line in declared] + self.launches[name])]
        return super().print(node)


def _launched_once(sites: dict[str, list[isl.UnionSet]]) -> None:
    """NothingToOffload where isl's host code launches a kernel at two places for the
    same host loop values: it may split a host loop by statement (a random schedule of a
    matrix product: its initialisation at c0 = -i, the update at c0 = 0, so a loop over
    c0 <= 0 and then c0 = 0 again), and each launch runs every statement the kernel has
    there, so the update would run twice. (Launches at disjoint values, as for a time
    loop split into 2t and 2t + 1, are right: the kernel's guards test the values.)"""
    for mark, points in sites.items():
        for k, first in enumerate(points):
            for second in points[k + 1:]:
                if not first.intersect(second).is_empty():
                    raise NothingToOffload(
                        "isl's host code would launch a kernel twice for the same host loop "
                        "values (the loop split by statement)")


def _fresh(base: str, used: set[str]) -> str:
    name = base
    while name in used:
        name = f"polyopt_{name}"
    used.add(name)
    return name


_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


class _Identifiers(c_ast.NodeVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_ID(self, node: c_ast.ID) -> None:
        self.names.add(node.name)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if node.args is not None:
            self.visit(node.args)


class CudaGenerator:
    """Host code and kernels for one SCoP."""

    def __init__(self, scop: Scop, scope: Scope, expressions: ExpressionPrinter,
                 host_prefix: str, kernel_prefix: str, first_kernel: int,
                 shared_memory: bool = True, shared_bytes: int = 48 * 1024,
                 registers: bool = True):
        self.shared_memory = shared_memory
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

    # -- data -------------------------------------------------------------

    def device_arrays(self) -> dict[str, DeviceArray]:
        result = {}
        for name, array in self.scop.arrays.items():
            if name in self.private:
                continue
            declaration = self.scope.declarations.get(name)
            if declaration is None:
                raise CodegenError(f"--target cuda: no declaration of '{name}' found before the SCoP",
                                   self.scop.region.location)
            if declaration.rank < array.rank:
                raise CodegenError(f"--target cuda: '{name}' is declared with {declaration.rank} "
                                   f"dimension(s) but used with {array.rank}", self.scop.region.location)
            extents = list(declaration.extents[:array.rank])
            if any(extent is None for extent in extents[1:]):
                raise CodegenError(f"--target cuda: the extents of '{name}' are not known "
                                   "(declare it as an array or a pointer to arrays)",
                                   self.scop.region.location)
            accessed = bool(extents) and extents[0] is None
            if accessed:
                extents[0] = self._accessed_extent(name)
            copy_in = self._read_before_written(name) or not self._fully_written(name, extents)
            result[name] = DeviceArray(name, _fresh(f"dev_{name}", self.used),
                                       declaration.element_type, extents, copy_in, array.written,
                                       accessed)
            if extents and not accessed:
                # transfers of the rows accessed only (in: those read or written, so that
                # the rows copied out hold the host's values where they are not written)
                everything = self._accesses(name, False).union(self._accesses(name, True))
                result[name].rows_in = self._rows(everything, extents[0]) if copy_in else None
                result[name].rows_out = (self._rows(self._accesses(name, True), extents[0])
                                         if array.written else None)
        return result

    def _accesses(self, name: str, writes: bool) -> isl.UnionMap:
        return accesses_to(self.scop, name, writes).intersect_domain(self.scop.domain())

    def _accessed_extent(self, name: str) -> str:
        """One more than the largest first subscript (for `double *A` or `double (*A)[M]`),
        0 where the SCoP accesses none (`n - 1` for n = 0: copies of no bytes). The
        copies start at the first element: a subscript below it (`a[i - 1]` from
        i = 0, legal where `a` points inside an array) is not offloaded."""
        touched = isl.Set.from_union_set(
            self._accesses(name, False).union(self._accesses(name, True)).range())
        below = isl.Set.universe(touched.get_space())
        below = below.add_constraint(isl.Constraint.inequality_alloc(below.get_space())
                                     .set_coefficient_val(isl.dim_type.set, 0, -1)
                                     .set_constant_val(isl.Val.int_from_si(below.get_ctx(), -1)))
        if not touched.intersect(below).intersect_params(
                self.scop.context.align_params(touched.get_space()).params()).is_empty():
            raise CodegenError(f"--target cuda: '{name}' is accessed below its first element "
                               "(a negative subscript), which the copies to the GPU do not "
                               "hold", self.scop.region.location)
        highest = touched.dim_max(0)
        build = isl.AstBuild.from_context(self.scop.context.align_params(highest.get_space()))
        extent = self.expressions(build.expr_from_pw_aff(highest.add_constant_val(
            isl.Val.one(highest.get_ctx()))))
        return f"(({extent}) > 0 ? ({extent}) : 0)"

    def _rows(self, accesses: isl.UnionMap, extent: str) -> tuple[str, str] | None:
        """(first row, number of rows) of the elements `accesses` touch, where that is
        fewer rows than the array's `extent` for some sizes and both are expressions of
        the sizes for every size the SCoP allows; None (the whole array) otherwise."""
        if accesses.is_empty():
            return None             # (not accessed: copied as before)
        touched = isl.Set.from_union_set(accesses.range())
        rows = touched.project_out(isl.dim_type.set, 1, touched.dim(isl.dim_type.set) - 1)
        context = self.scop.context.align_params(rows.get_space()).params()
        names = set(_IDENTIFIER.findall(extent)) - set(self.scop.parameters)
        values = self.values_of(sorted(names)) if names else {}
        if set(values) != names:
            return None             # an extent not known: the whole array
        for name, value in values.items():
            extent = re.sub(rf"\b{name}\b", f"({value})", extent)
        try:
            whole = isl.Set(f"[{', '.join(self.scop.parameters)}] -> {{ [r] : 0 <= r < {extent} }}")
        except isl.Error:
            return None
        whole = whole.align_params(rows.get_space()).intersect_params(context)
        if self.scop.sizes_known:
            # at the sizes the file gives (copying the whole array is right at any)
            from polyopt.scheduler.cost import parameter_point
            at = parameter_point(self.scop)
            whole = whole.intersect_params(at.align_params(whole.get_space()))
        if whole.is_subset(rows.align_params(whole.get_space())):
            return None
        first, last = rows.dim_min(0), rows.dim_max(0)
        none = context.subtract(first.domain())
        if not none.is_empty():      # sizes with no row accessed: 0 rows from row 0
            zero = isl.PwAff.from_aff(isl.Aff.zero_on_domain(isl.LocalSpace.from_space(
                none.get_space()))).intersect_domain(none)
            first, last = first.union_min(zero), last.union_max(zero.add_constant_val(
                isl.Val.int_from_si(zero.get_ctx(), -1)))
        build = isl.AstBuild.from_context(self.scop.context.align_params(first.get_space()))
        low = self.expressions(build.expr_from_pw_aff(first))
        high = self.expressions(build.expr_from_pw_aff(last))
        return low, f"(({high}) + 1)" if low == "0" else f"(({high}) - ({low}) + 1)"

    def _read_before_written(self, name: str) -> bool:
        reads, writes = self._accesses(name, False), self._accesses(name, True)
        if reads.is_empty():
            return False
        if writes.is_empty():
            return True
        flow = (isl.UnionAccessInfo.from_sink(reads).set_must_source(writes)
                .set_schedule(self.scop.schedule).compute_flow())
        return not flow.get_must_no_source().is_empty() or not flow.get_may_no_source().is_empty()

    def _fully_written(self, name: str, extents: list[str]) -> bool:
        writes = self._accesses(name, True)
        if writes.is_empty():
            return True      # not copied out either
        dims = [f"i{k}" for k in range(len(extents))]
        bounds = " and ".join(f"0 <= {d} < {e}" for d, e in zip(dims, extents))
        try:
            box = isl.Set(f"[{', '.join(self.scop.parameters)}] -> "
                          f"{{ {name}[{', '.join(dims)}]{' : ' + bounds if bounds else ''} }}")
        except isl.Error:
            return False
        written = isl.Set.from_union_set(writes.range())
        return box.align_params(written.get_space()).is_subset(
            written.align_params(box.get_space()))

    def by_value(self, arrays: dict[str, DeviceArray]) -> list[Declaration]:
        """Variables the kernels read that are not device arrays: passed by value."""
        collector = _Identifiers()
        for statement in self.scop.statements:
            collector.visit(statement.body)
        names = collector.names | set(self.scop.parameters)
        for array in arrays.values():
            for extent in array.extents:
                names |= set(_IDENTIFIER.findall(extent))
        iterators = {name for statement in self.scop.statements for name in statement.iterators}
        result = []
        for name in sorted(names - iterators - set(arrays) - set(self.private)):
            declaration = self.scope.declarations.get(name)
            if declaration is not None and declaration.rank == 0:
                result.append(declaration)
            elif declaration is not None:
                raise CodegenError(f"--target cuda: '{name}' is an array the SCoP uses in a way "
                                   "polyopt does not model", self.scop.region.location)
        return result

    # -- code ---------------------------------------------------------------

    def blas(self, matches: list) -> CudaNest:
        """The host code of a SCoP whose statements are all BLAS matches (in an order
        the dependences allow): cuBLAS calls on its arrays in device memory."""
        from polyopt.codegen.cublas import match_lines
        arrays = self.device_arrays()
        handle = _fresh("polyopt_cublas", self.used)
        setup, calls, teardown = match_lines(matches, arrays, handle)
        nest = CudaNest([], [], copied=_copied(arrays))
        nest.host_lines = self._host(arrays, [cgen.Line(line) for line in calls], setup, teardown)
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
        for kernel in mapping.kernels:
            if kernel.mapped is None and known:
                count = serial_instances(kernel, point)
                if count > SERIAL_KERNEL_INSTANCES:
                    raise NothingToOffload(
                        f"a part with no parallel loop would run on one GPU thread "
                        f"(about {count:.2g} instances, over {SERIAL_KERNEL_INSTANCES:.0e}: "
                        "the CPU is faster)")
        if known:
            total = sum(launch_count(kernel, point) for kernel in mapping.kernels)
            if total > MAX_LAUNCHES:
                raise NothingToOffload(
                    f"the GPU code would launch its kernels about {total:.2g} times (over "
                    f"{MAX_LAUNCHES:.0e}, a few microseconds each: the CPU is faster)")
        if private:
            problem = "time tiles" if time_tiles else _private_kept(mapping, private)
            if problem:
                raise PrivateNotKept(problem)
            self.private = {name: self.scope.declarations.get(name)
                            or Declaration(name, self.scop.locals[name])
                            for name in private}
        arrays = self.device_arrays()
        values = self.by_value(arrays)
        launches = {}
        nest = CudaNest([], [], copied=_copied(arrays))
        for kernel in mapping.kernels:
            launch, definition = self._kernel(mapping, kernel, arrays, values)
            launches[kernel.mark] = launch
            nest.kernel_lines += definition + [""]
            nest.kernels += 1
            nest.mapped_kernels += kernel.mapped is not None
            nest.description.append(
                f"a time tile per block of {'x'.join(map(str, kernel.threads))}" if kernel.threads
                else "x".join(map(str, reversed(kernel.block_sizes)))
                + (f", {kernel.coarsening} points per thread" if kernel.coarsening > 1 else "")
                if kernel.block_sizes else "1 thread")
        host_values: dict[str, list[str]] = {}
        kernels = {kernel.mark: kernel for kernel in mapping.kernels}
        sites: dict[str, list[isl.UnionSet]] = {}   # kernel mark -> host points of each launch

        def after_mark(node: isl.AstNode, build: isl.AstBuild) -> isl.AstNode:
            kernel = kernels.get(node.mark_get_id().get_name())
            if kernel is None:
                return node
            # a host loop isl generated with one value has no iterator in the C code:
            # its value (in terms of the loops there are) is declared for the launch
            at = build.get_schedule().reverse().apply_range(kernel.prefix)
            sites.setdefault(kernel.mark, []).append(at.range())
            values = isl.PwMultiAff.from_map(isl.Map.from_union_map(at))
            # (in two steps: a value may be written with the name it defines, as when isl
            # makes the time loop c0 of a schedule whose dimension is 2t and 2t + 1:
            # 'const int c0 = 2 * c0;' would read the new, uninitialized c0)
            values_of, declared = [], []
            for j in range(kernel.depth):
                name = f"{self.host_prefix}{j}"
                value = self.expressions(build.expr_from_pw_aff(values.get_pw_aff(j).coalesce()))
                if value != name:
                    values_of.append(f"const int polyopt_host_value{j} = {value};")
                    declared.append(f"const int {name} = polyopt_host_value{j};")
            declared = values_of + declared
            key = f"polyopt_launch_{len(host_values)}"
            host_values[key] = declared
            return node.set_annotation(isl.Id.read_from_str(node.get_ctx(), key))

        host = build_ast(mapping.schedule, self.scop.context, None, self.host_prefix, after_mark)
        _launched_once(sites)
        loops = HostPrinter(self.scop, self.expressions, launches, host_values).print(host.root)
        nest.host_lines = self._host(arrays, loops)
        return nest

    def _names(self, kernel: Kernel) -> KernelNames:
        n = kernel.n_mapped
        return KernelNames([f"{self.host_prefix}{k}" for k in range(kernel.depth)],
                           [f"polyopt_low{k}" for k in range(n)],
                           [_fresh(f"b{k}", self.used) for k in range(n)],
                           [_fresh(f"t{k}", self.used) for k in range(n)])

    def _kernel(self, mapping: GpuMapping, kernel: Kernel, arrays: dict[str, DeviceArray],
                values: list[Declaration]) -> tuple[list[cgen.Generable], list[str]]:
        name = f"polyopt_kernel{self.first_kernel + kernel.index}"
        names = self._names(kernel)
        context = kernel_context(kernel, names, self.scop.context)
        # PPCG's policy tiles every permutable sequential member (one tile index each)
        kernel.tile_band = int(self.shared_memory) >= SHARED_ALL
        members = tiled_members(kernel) if kernel.tiled is not None else 1
        tile = [_fresh("polyopt_tile" if members == 1 else f"polyopt_tile{k}", self.used)
                for k in range(members)]
        shared = (self._shared_tiles(mapping, kernel, names, arrays, tile)
                  if self.shared_memory and not kernel.threads else {})
        threads = 1
        for size in kernel.block_sizes:
            threads *= size
        spread = [_fresh(f"polyopt_thread_{axis}", self.used)
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
        if shared:
            body = ([cgen.Line(tile.declaration()) for tile in shared.values()]
                    + [cgen.Line("const int polyopt_thread = threadIdx.x + blockDim.x * "
                                 "(threadIdx.y + blockDim.y * threadIdx.z);")] + body)
        # polyopt's dependence analysis already takes distinct arrays not to overlap;
        # saying so lets nvcc keep values in registers and use the read-only cache
        parameters = [f"{a.element_type} *__restrict__ {a.name}" for a in arrays.values()]
        parameters += [f"{v.element_type} {v.name}" for v in values]
        parameters += [f"int {n}" for n in names.host + names.low]
        arguments = [a.device for a in arrays.values()] + [v.name for v in values]
        arguments += names.host + names.low
        indices = []
        n = kernel.n_mapped
        for k in range(n):
            axis = AXES[n - 1 - k]
            indices.append(f"const int {names.block[k]} = blockIdx.{axis}"
                           + ("" if kernel.threads else f", {names.thread[k]} = threadIdx.{axis}")
                           + ";")
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
        return self._launch(kernel, names, name, arguments), definition

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
            writes = self._accesses(name, True)
            elements = writes.intersect_domain(in_tile.align_params(writes.get_space())).range()
            coordinates = [_fresh(f"{name}_x{d}", self.used) for d in range(len(shared.lower))]
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
                    step_names.append(_fresh(f"polyopt_step{j}", self.used))
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

    def _shared_tiles(self, mapping: GpuMapping, kernel: Kernel, names: KernelNames,
                      arrays: dict[str, DeviceArray], tile: list[str]) -> dict[str, SharedTile]:
        """The arrays of a kernel worth a tile in shared memory: read-only ones
        (SHARED_REUSE), also written ones and uncoalesced reads (SHARED_ALL)."""
        policy = int(self.shared_memory)
        offered = {name: self._accesses(name, False).union(self._accesses(name, True))
                   for name, array in arrays.items() if array.extents
                   and (policy >= SHARED_ALL or not self.scop.arrays[name].written)}
        # written by this kernel (one written elsewhere in the SCoP only is read-only here)
        written = frozenset(name for name in offered if self.scop.arrays[name].written
                            and not self._accesses(name, True).intersect_domain(
                                kernel.domain.align_params(self.scop.context.get_space()))
                            .is_empty())
        references = {name: [access.relation for statement in self.scop.statements
                             for access in statement.accesses if access.array == name]
                      for name in offered} if policy >= SHARED_ALL else None
        chosen = promotions(kernel, names, tile, offered, self.shared_bytes, written,
                            max(policy, SHARED_REUSE), references,
                            mapping.schedule.get_map() if references else None)
        result = {}
        for promotion in chosen:
            array = arrays[promotion.array]
            shared_name = _fresh(f"shared_{array.name}", self.used)
            lower = [_fresh(f"{array.name}_low{d}", self.used) for d in range(len(promotion.sizes))]
            result[array.name] = SharedTile(shared_name, lower, promotion, array)
        return result

    def _launch(self, kernel: Kernel, names: KernelNames, name: str,
                arguments: list[str]) -> list[cgen.Generable]:
        check = f'polyopt_cuda_check(cudaGetLastError(), "launch of {name}", __FILE__, __LINE__);'
        if kernel.mapped is None:
            return [cgen.Line(f"{name}<<<1, 1>>>({', '.join(arguments)});"), cgen.Line(check)]
        lines, extents = [], []
        for k, (low, high) in enumerate(mapped_bounds(kernel, names)):
            lines.append(cgen.Line(f"const int {names.low[k]} = {self._host_expression(low)};"))
            extent = f"polyopt_extent{k}"
            # (a piecewise bound prints as a conditional expression: parenthesized)
            lines.append(cgen.Line(f"const int {extent} = ({self._host_expression(high)}) - "
                                   f"{names.low[k]} + 1;"))
            extents.append(extent)
        widths = kernel.block_sizes[:-1] + [kernel.block_sizes[-1] * kernel.coarsening]
        grid = [f"({extents[k]} + {size - 1}) / {size}" if size > 1 else extents[k]
                for k, size in enumerate(widths)]
        block = kernel.threads or list(reversed(kernel.block_sizes))
        launch = [
            cgen.Line(f"dim3 polyopt_grid({', '.join(reversed(grid))});"),
            cgen.Line(f"dim3 polyopt_block({', '.join(map(str, block))});"),
            cgen.Line(f"{name}<<<polyopt_grid, polyopt_block>>>({', '.join(arguments)});"),
            cgen.Line(check),
        ]
        condition = " && ".join(f"{e} > 0" for e in extents)
        return [cgen.Block(lines + [cgen.If(condition, cgen.Block(launch))])]

    def _host_expression(self, value: isl.PwAff) -> str:
        context = self.scop.context.align_params(value.get_space())
        build = isl.AstBuild.from_context(context)
        return self.expressions(build.expr_from_pw_aff(value))

    def _host(self, arrays: dict[str, DeviceArray], loops: list[cgen.Generable],
              setup: list[str] = (), teardown: list[str] = ()) -> list[str]:
        """The SCoP's host block: device arrays, copies, `loops` (the launches or calls)
        between CUDA events; `setup` and `teardown` (a library's handle) outside the
        events, as the CUDA context is."""
        # a private scalar's declaration on the host (before the region, or the region's
        # own, kept above this block) is no longer used there (its copies are the
        # threads' locals): said so, or compilers warn of it
        lines = [f"(void) {name};" for name in sorted(self.private)]
        lines += [f"{a.element_type} *{a.device}{' = 0' if a.accessed else ''};"
                  for a in arrays.values()] + list(setup)
        lines += [f"#ifdef {TIMING_MACRO}",
                  "cudaEvent_t polyopt_events[4];",
                  "for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)",
                  "  cudaEventCreate(&polyopt_events[polyopt_e]);",
                  "cudaFree(0);",
                  "cudaEventRecord(polyopt_events[0]);",
                  "#endif"]
        def bytes_moved(a: DeviceArray) -> str:       # none where no element is accessed
            return f"if ({a.size} > 0) " if a.accessed else ""

        for a in arrays.values():
            lines.append(bytes_moved(a) + _checked(f"cudaMalloc((void **) &{a.device}, {a.size})",
                                                   f"cudaMalloc({a.name})"))
        def copied(a: DeviceArray, to_device: bool) -> str:
            condition, call = a.copy(to_device)
            return (f"if ({condition}) " if condition else "") + _checked(
                call, f"cudaMemcpy({a.name} to the {'device' if to_device else 'host'})")

        lines += [copied(a, True) for a in arrays.values() if a.copy_in]
        lines += [f"#ifdef {TIMING_MACRO}", "cudaEventRecord(polyopt_events[1]);", "#endif"]
        lines += str(cgen.Module(loops)).split("\n") if loops else []
        lines += [f"#ifdef {TIMING_MACRO}", "cudaEventRecord(polyopt_events[2]);", "#endif"]
        lines += [copied(a, False) for a in arrays.values() if a.copy_out]
        for a in arrays.values():
            lines.append(_checked(f"cudaFree({a.device})", f"cudaFree({a.name})"))
        lines += [f"#ifdef {TIMING_MACRO}",
                  "cudaEventRecord(polyopt_events[3]);",
                  "cudaEventSynchronize(polyopt_events[3]);",
                  "{",
                  "  float polyopt_total, polyopt_kernels;",
                  "  cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);",
                  "  cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);",
                  f'  fprintf(stderr, "polyopt-cuda: {self.scop.region.location}: total %.6f s, '
                  'kernels %.6f s\\n", polyopt_total / 1e3, polyopt_kernels / 1e3);',
                  "}",
                  "#endif"]
        lines += teardown
        return ["{"] + ["  " + line if not line.startswith("#") else line for line in lines] + ["}"]


def _private_kept(mapping: GpuMapping, private: dict) -> str | None:
    """Why the private scalars cannot be locals of the threads, or None where they can:
    each of their values (a flow dependence of the program as written) must be written
    and read in one launch of one kernel by one thread (equal host values and mapped
    values: one thread runs one point of the mapped band, in the tree's order), and no
    other write of the scalar by that thread may come between (the live ranges of one
    thread's values do not interleave; other threads have their own copy)."""
    same = None
    for kernel in mapping.kernels:
        if kernel.threads:
            return "a time tile per block"
        key = kernel.prefix.intersect_domain(kernel.domain)
        if kernel.mapped is not None:
            key = key.range_product(kernel.mapped.intersect_domain(kernel.domain))
        pairs = key.apply_range(key.reverse())
        same = pairs if same is None else same.union(pairs)
    if same is None:
        return "no kernel"
    order = mapping.schedule.get_map()
    for name, (flow, writes) in sorted(private.items()):
        if flow.is_empty():
            continue
        if not flow.is_subset(same):
            return f"a value of '{name}' would pass between threads or launches"
        if writes.is_empty():
            continue
        written = order.intersect_domain(writes)
        after_write = order.intersect_domain(flow.domain()).lex_lt_union_map(written).intersect(same)
        before_read = written.lex_lt_union_map(order.intersect_domain(flow.range()))
        if not after_write.apply_range(before_read).intersect(flow).is_empty():
            return f"a thread would write '{name}' again before it reads its value"
    return None


def _statement_instances(instances: isl.UnionSet, name: str) -> isl.UnionSet:
    found = []
    instances.foreach_set(lambda piece: found.append(piece) if piece.get_tuple_name() == name else None)
    result = isl.UnionSet.empty(instances.get_space())
    for piece in found:
        result = result.union(isl.UnionSet.from_set(piece))
    return result


def _checked(call: str, what: str) -> str:
    return f'polyopt_cuda_check({call}, "{what}", __FILE__, __LINE__);'
