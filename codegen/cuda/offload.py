"""Whether a SCoP goes to the GPU: what nvcc would reject in the file around it,
what a kernel would compute otherwise than the region, what would make the GPU code
slower than the CPU (kernels of one thread, launches by the million), whether its
private scalars can be locals of the threads, and whether isl's host code launches
each kernel once. NothingToOffload (or PrivateNotKept) says why a SCoP stays C on
the host."""

from __future__ import annotations

import re

import islpy as isl
from pycparser import c_ast

from polyopt.codegen.expressions import IDENTIFIER
from polyopt.codegen.gpu import GpuMapping, Kernel
from polyopt.core.scop import Scop
from polyopt.frontend.calls import node_text, walk
from polyopt.frontend.declarations import Scope

# Functions of CUDA's math headers (always included by nvcc) whose names C
# programs also use for variables; a file-scope variable of that name is an error.
CUDA_MATH_NAMES = frozenset("""y0 y1 yn j0 j1 jn gamma norm rnorm norm3d norm4d rhypot rcbrt
    rsqrt sinpi cospi exp10 erfinv erfcinv erfcx normcdf normcdfinv min max signbit""".split())


class NothingToOffload(Exception):
    """The SCoP stays C on the host, for the reason given."""

    def __init__(self, reason: str = "no parallel loop to offload to the GPU"):
        super().__init__(reason)
        self.reason = reason


class PrivateNotKept(Exception):
    """The private scalars' values would not stay in one thread (see private_kept)."""


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
                for word in IDENTIFIER.findall(extent)}
        if used & variables:
            problems.append(f"parameter '{name}' is a variable-length array, which C++ (nvcc "
                            "compiles the .cu file as C++) does not have: give its extents as "
                            "constants or macros")
    return problems


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
    used = set(IDENTIFIER.findall(source.blanked[scop.region.start:scop.region.end]))
    used |= {word for array in scop.arrays.values()
             for word in IDENTIFIER.findall(array.element_type or "")}
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
            local |= set(IDENTIFIER.findall(declaration))
        inside = sorted(used & local)
        if inside:
            return (f"'{inside[0]}' is defined in the region's function, where a kernel "
                    "(placed before the function) would not see it: not offloaded to the GPU")
    return None


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


def check_costs(mapping: GpuMapping, point: isl.Set) -> None:
    """NothingToOffload where, at the parameter values of `point` (the sizes the file
    gives), a kernel of one thread runs over SERIAL_KERNEL_INSTANCES instances or the
    kernels are launched over MAX_LAUNCHES times: the CPU is faster."""
    for kernel in mapping.kernels:
        if kernel.mapped is None:
            count = serial_instances(kernel, point)
            if count > SERIAL_KERNEL_INSTANCES:
                raise NothingToOffload(
                    f"a part with no parallel loop would run on one GPU thread "
                    f"(about {count:.2g} instances, over {SERIAL_KERNEL_INSTANCES:.0e}: "
                    "the CPU is faster)")
    total = sum(launch_count(kernel, point) for kernel in mapping.kernels)
    if total > MAX_LAUNCHES:
        raise NothingToOffload(
            f"the GPU code would launch its kernels about {total:.2g} times (over "
            f"{MAX_LAUNCHES:.0e}, a few microseconds each: the CPU is faster)")


def private_kept(mapping: GpuMapping, private: dict) -> str | None:
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


def launched_once(sites: dict[str, list[isl.UnionSet]]) -> None:
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
