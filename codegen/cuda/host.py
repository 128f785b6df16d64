"""The host code that replaces a SCoP (PPCG's host part of gpu_print): device
buffers, copy-in of the arrays read before they are written (and of those only
partly written), the host loops with one launch per kernel mark, copy-out of what
was written, and ``cudaFree``. Every CUDA call is checked and a failure names the
call (CHECK_FUNCTION, emitted once per file).

With ``-DPOLYOPT_CUDA_TIMING`` the host code also times the SCoP with CUDA events,
once end to end (allocation and transfers included) and once for the kernels alone,
and prints both on stderr.
"""

from __future__ import annotations

import re

import cgen
import islpy as isl

from polyopt.codegen.ast import build_ast
from polyopt.codegen.cuda.arrays import DeviceArray
from polyopt.codegen.cuda.names import GRID_LIMIT, blocks_name
from polyopt.codegen.cuda.offload import launched_once
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.gpu import GpuMapping, Kernel, KernelNames, mapped_bounds
from polyopt.codegen.openmp import OpenMPPrinter
from polyopt.core.scop import Scop

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


def host_loops(scop: Scop, expressions: ExpressionPrinter, mapping: GpuMapping,
               host_prefix: str, launches: dict[str, list[cgen.Generable]]
               ) -> list[cgen.Generable]:
    """The host loops of `mapping` (iterators `host_prefix`0, 1...), each kernel mark
    replaced by its launch (`launches`: kernel mark -> lines); NothingToOffload where
    isl's code would launch a kernel twice for the same host values."""
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
            name = f"{host_prefix}{j}"
            value = expressions(build.expr_from_pw_aff(values.get_pw_aff(j).coalesce()))
            if value != name:
                values_of.append(f"const int polyopt_host_value{j} = {value};")
                declared.append(f"const int {name} = polyopt_host_value{j};")
        declared = values_of + declared
        key = f"polyopt_launch_{len(host_values)}"
        host_values[key] = declared
        return node.set_annotation(isl.Id.read_from_str(node.get_ctx(), key))

    host = build_ast(mapping.schedule, scop.context, None, host_prefix, after_mark)
    launched_once(sites)
    return HostPrinter(scop, expressions, launches, host_values).print(host.root)


def launch_lines(scop: Scop, expressions: ExpressionPrinter, kernel: Kernel,
                 names: KernelNames, name: str, arguments: list[str],
                 from_c: bool = False) -> list[cgen.Generable]:
    """The launch of the kernel `name`: its grid from the extents of the mapped
    loops (none where one is empty), then the check of the launch. `from_c`: host
    code in C, which calls the kernel's launcher (launcher_lines) in the .cu file."""
    check = f'polyopt_cuda_check(cudaGetLastError(), "launch of {name}", __FILE__, __LINE__);'

    def launch(grid: list[str], block: list[str]) -> str:
        if from_c:
            sizes = _three(grid) + _three(block)
            return f"{launcher_name(name)}({', '.join(sizes + arguments)});"
        if kernel.mapped is None:
            return f"{name}<<<1, 1>>>({', '.join(arguments)});"
        return f"{name}<<<polyopt_grid, polyopt_block>>>({', '.join(arguments)});"

    if kernel.mapped is None:
        return [cgen.Line(launch(["1"], ["1"])), cgen.Line(check)]
    lines, extents = [], []
    for k, (low, high) in enumerate(mapped_bounds(kernel, names)):
        lines.append(cgen.Line(f"const int {names.low[k]} = "
                               f"{_host_expression(scop, expressions, low)};"))
        extent = f"polyopt_extent{k}"
        # (a piecewise bound prints as a conditional expression: parenthesized)
        lines.append(cgen.Line(f"const int {extent} = ({_host_expression(scop, expressions, high)})"
                               f" - {names.low[k]} + 1;"))
        extents.append(extent)
    widths = kernel.block_sizes[:-1] + [kernel.block_sizes[-1] * kernel.coarsening]
    grid = [f"({extents[k]} + {size - 1}) / {size}" if size > 1 else extents[k]
            for k, size in enumerate(widths)]
    block = kernel.threads or list(reversed(kernel.block_sizes))
    # (y and z: at most GRID_LIMIT blocks, each kernel's block loops over the rest)
    for k in range(len(grid) - 1):
        lines.append(cgen.Line(f"const int {blocks_name(k)} = {grid[k]};"))
        grid[k] = f"{blocks_name(k)} < {GRID_LIMIT} ? {blocks_name(k)} : {GRID_LIMIT}"
    grid, block = list(reversed(grid)), [str(size) for size in block]
    launch = [cgen.Line(launch(grid, block)), cgen.Line(check)] if from_c else [
        cgen.Line(f"dim3 polyopt_grid({', '.join(grid)});"),
        cgen.Line(f"dim3 polyopt_block({', '.join(block)});"),
        cgen.Line(launch(grid, block)),
        cgen.Line(check),
    ]
    condition = " && ".join(f"{e} > 0" for e in extents)
    return [cgen.Block(lines + [cgen.If(condition, cgen.Block(launch))])]


def launcher_name(kernel: str) -> str:
    return f"{kernel}_launch"


def launcher_lines(name: str, parameters: list[str]) -> tuple[str, list[str]]:
    """For host code in C: the prototype (C) and the definition (in the .cu file, with
    C linkage) of the function that launches the kernel `name`, whose parameters are
    `parameters` (C declarations), on a grid and blocks of three sizes each."""
    sizes = [f"unsigned polyopt_{kind}{k}" for kind in ("grid", "block") for k in range(3)]
    signature = f"void {launcher_name(name)}({', '.join(sizes + parameters)})"
    passed = [IDENTIFIER_AT_END.search(parameter).group() for parameter in parameters]
    return signature + ";", [
        f'extern "C" {signature}',
        "{",
        "  dim3 polyopt_grid(polyopt_grid0, polyopt_grid1, polyopt_grid2);",
        "  dim3 polyopt_block(polyopt_block0, polyopt_block1, polyopt_block2);",
        f"  {name}<<<polyopt_grid, polyopt_block>>>({', '.join(passed)});",
        "}"]


IDENTIFIER_AT_END = re.compile(r"[A-Za-z_]\w*$")


def _three(sizes: list[str]) -> list[str]:
    return sizes + ["1"] * (3 - len(sizes))


def _host_expression(scop: Scop, expressions: ExpressionPrinter, value: isl.PwAff) -> str:
    context = scop.context.align_params(value.get_space())
    build = isl.AstBuild.from_context(context)
    return expressions(build.expr_from_pw_aff(value))


def host_block(scop: Scop, private: dict, arrays: dict[str, DeviceArray],
               loops: list[cgen.Generable], setup: list[str] = (),
               teardown: list[str] = ()) -> list[str]:
    """The SCoP's host block: device arrays, copies, `loops` (the launches or calls)
    between CUDA events; `setup` and `teardown` (a library's handle) outside the
    events, as the CUDA context is. `private`: the scalars local to each thread."""
    # a private scalar's declaration on the host (before the region, or the region's
    # own, kept above this block) is no longer used there (its copies are the
    # threads' locals): said so, or compilers warn of it
    lines = [f"(void) {name};" for name in sorted(private)]
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
              f'  fprintf(stderr, "polyopt-cuda: {scop.region.location}: total %.6f s, '
              'kernels %.6f s\\n", polyopt_total / 1e3, polyopt_kernels / 1e3);',
              "}",
              "#endif"]
    lines += teardown
    return ["{"] + ["  " + line if not line.startswith("#") else line for line in lines] + ["}"]


def _checked(call: str, what: str) -> str:
    return f'polyopt_cuda_check({call}, "{what}", __FILE__, __LINE__);'
