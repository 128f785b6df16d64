"""The GPU path of one SCoP (``--target cuda``): host code and kernels (codegen.cuda),
the SCoP's private scalars local to each thread, the kernels of a file gathered
before its functions; a SCoP that cannot be offloaded stays C on the host."""

from __future__ import annotations

import logging
import os
import re
from dataclasses import replace as replace_dataclass


from polyopt.codegen import GeneratedNest, iterator_prefixes
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.splice import macro_lines
from polyopt.codegen.versioning import (copies_test, disjoint_summary,
                                        joined_condition, overlapping_pairs)
from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.errors import (CodegenError, LegalityError, Location, format_warning)
from polyopt.core.scop import Scop
from polyopt.frontend import SourceFile
from polyopt.frontend.sizes import known_values
from polyopt.scheduler import ScheduleResult
from polyopt.pipeline.cpu import finish_on_cpu, kept_as_written
from polyopt.pipeline.options import Options
from polyopt.pipeline.report import RenderState, ScopOutcome, ScopReport
from polyopt.pipeline.schedule import ScheduledScop, schedule_scop, scheduler_name

log = logging.getLogger(__name__)


LOCALS_NOT_PRIVATE = ("the region declares {}: scalars declared in a region are offloaded "
                      "to the GPU only as locals of each thread, and a value of one of them "
                      "would not stay in one thread")


def not_offloaded(source: SourceFile, scop: Scop) -> str | None:
    """Why the CUDA target leaves the SCoP as written (what its kernels cannot hold);
    scalars declared in the region are judged later (privatized_cuda)."""
    from polyopt.codegen.cuda import kernel_problem
    problem = kernel_problem(source, scop)
    if problem is not None:
        return problem
    if scop.macro_accesses:
        return ("the region accesses arrays through macros (#define A(i, j) a[...]): not "
                "offloaded to the GPU")
    if scop.helpers:
        return (f"the region calls {', '.join(repr(name) for name in scop.helpers)}, a "
                "function of the file, which GPU code cannot call (host code)")
    if scop.hidden_reads:
        function, reads, _ = scop.hidden_reads[0]
        return (f"'{function}' reads {', '.join(sorted(reads))} in host memory, which GPU "
                "code cannot")
    linear = sorted(name for name, array in scop.arrays.items() if array.linear_sizes)
    if linear:
        return (f"{', '.join(linear)} indexed as multi-dimensional (y[i * m + j]): such "
                "arrays are not offloaded to the GPU")
    return None


def gpu_scop_code(source: SourceFile, scop: Scop, choice: ScheduleResult | None,
                  dependences: Dependences | None, options: Options, state: RenderState,
                  outcome: ScopOutcome) -> None:
    """The GPU's path: `outcome` filled with the SCoP's host code (its kernels kept in
    the file's DeviceCode), or with C on the host where it cannot be offloaded, or with
    why it stays as written (a CodegenError for the dispatcher otherwise)."""
    if choice is not None and choice.gpu is not None:
        from polyopt.codegen.gpu_options import parts
        block, shared, registers, coarsening = parts(choice.gpu)    # a CUDA search's genes
        options = replace_dataclass(options, block_sizes=list(block) or None,
                                    coarsening=coarsening,
                                    shared_memory=shared, registers=registers)
    if scop.locals or (options.parallel and options.private_scalars
                       and (options.scheduler in ("auto", "isl") if choice is None
                            else choice.schedule is not None)):
        if privatized_cuda(source, scop, dependences, options, state, outcome, choice):
            return
        if scop.locals:
            # no host variable holds them once the region is replaced: only as the
            # threads' locals
            outcome.warnings.append(format_warning(
                LOCALS_NOT_PRIVATE.format(", ".join(sorted(scop.locals)))
                + "; SCoP left unchanged", scop.region.location))
            return
    scheduled = schedule_scop(scop, options, dependences, choice)
    if scheduled.schedule is None:
        kept_as_written(outcome, scheduled)
        return
    from polyopt.codegen.cuda import NothingToOffload
    try:
        nest = state.device.generate(source, scheduled, state.expressions)
    except NothingToOffload as nothing:
        outcome.warnings.append(format_warning(f"{nothing.reason}; the SCoP stays C on the host",
                                               scop.region.location))
        if choice is None and options.scheduler == "auto":
            # the CPU's default for it, not the GPU's schedule (isl's wavefront of a
            # closure can be several times slower on the CPU than the order as written)
            scheduled = schedule_scop(scop, replace_dataclass(options, target="c"),
                                      dependences)
            if scheduled.schedule is None:
                outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                            scheduled.description, [], [], kept=True,
                                            candidates=scheduled.candidates)
                return
        finish_on_cpu(scheduled, None, None, options, choice, state, outcome)
        return
    outcome.nest = nest
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                scheduled.description, [], [], scheduled.fallback,
                                nest.parallel_loops)


def privatized_cuda(source: SourceFile, scop: Scop, dependences: Dependences | None,
                     options: Options, state: "RenderState", outcome: "ScopOutcome",
                     choice: ScheduleResult | None = None) -> bool:
    """--target cuda with the SCoP's private scalars (polyopt.scheduler.privatize) local to each
    GPU thread (PPCG's private memory: symm's temp2, deriche's ym1 and xm1), scheduled
    for the program with them expanded (or a search's `choice`, legal with every
    dependence, mapped with the expanded program's: more of its loops are parallel):
    True, with `outcome` filled, where that maps to kernels that keep each value in one
    thread (codegen.cuda.private_kept); False where the SCoP has none or they do not
    fit, and it is generated with every dependence."""
    from polyopt.codegen.cuda import NothingToOffload, PrivateNotKept
    from polyopt.scheduler.privatize import relaxed_dependences
    if choice is not None and choice.schedule is None:
        return False            # the code as written
    relaxed = relaxed_dependences(source, scop, dependences or compute_dependences(scop))
    if relaxed is None or not set(scop.locals) <= set(relaxed.live_ranges):
        return False
    names = ", ".join(sorted(relaxed.live_ranges))
    # PPCG's GPU schedule, else isl's CPU one, else the original order: a statement
    # that reads the scalar split into a kernel of its own (C[i][j] = s after the k
    # loop: isl distributes what the expanded program allows) cannot read a thread's local
    tries = [options] if choice is not None or options.scheduler != "auto" else \
        [options, replace_dataclass(options, scheduler="isl"),
         replace_dataclass(options, scheduler="identity")]
    for attempt in tries:
        try:
            scheduled = schedule_scop(scop, attempt, relaxed, choice)
            if scheduled.schedule is None:
                return False
            nest = state.device.generate(source, scheduled, state.expressions)
            break
        except (NothingToOffload, PrivateNotKept, CodegenError, LegalityError) as error:
            log.info("%s: private scalars %s on the GPU (%s): %s", scop.region.location, names,
                     scheduler_name(attempt), getattr(error, "reason", None) or error)
    else:
        return False
    outcome.nest = nest
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                f"{scheduled.description}; private to each thread: {names}",
                                [], [], scheduled.fallback, nest.parallel_loops)
    return True


def _copies_condition(scop: Scop, copied: dict[str, tuple[str, str]]) -> dict[str, str | None]:
    """The test (and its words) that arrays copied apart to the device do not share
    host memory: each would be written back over the other's results."""
    pairs = overlapping_pairs(scop, promises=False)   # restrict: only the cells accessed
    condition = joined_condition(copies_test(pairs, copied))
    return {"condition": condition,
            "summary": disjoint_summary(pairs) if condition is not None else None}


def _device_limits() -> tuple[int, int, int]:
    """Threads and shared memory bytes per block, and multiprocessors: the GPU's if one
    is found, else what every GPU since 2010 allows (and the multiprocessors of a current data-center GPU)."""
    from polyopt.codegen.gpu import DEFAULT_MULTIPROCESSORS
    from polyopt.core.machine.gpu import Device, detect
    found = detect()
    if isinstance(found, Device):
        return (found.max_threads_per_block, found.shared_memory_per_block,
                found.multiprocessors or DEFAULT_MULTIPROCESSORS)
    return 1024, 48 * 1024, DEFAULT_MULTIPROCESSORS


class DeviceCode:
    """The CUDA parts of a file: host code per SCoP, kernels before each function."""

    def __init__(self, from_c: bool = False) -> None:
        # host code in C (the file stays C): the kernels and their launchers go to a
        # .cu file of their own (kernel_file), the launchers' prototypes to the file
        self.from_c = from_c
        self.kernels: dict[int, list[str]] = {}     # insertion offset -> kernel lines
        self.prototypes: dict[int, list[str]] = {}  # insertion offset -> launchers' (from_c)
        self.count = 0
        self.warnings: list[str] = []
        self.max_threads, self.shared_bytes, self.multiprocessors = _device_limits()
        self.cublas = False                         # some SCoP calls cuBLAS: declare it
        self.restrict = False                       # the file says C's `restrict`

    def generate(self, source: SourceFile, scheduled: ScheduledScop,
                 expressions: ExpressionPrinter) -> GeneratedNest:
        """Host code of a SCoP (its kernels kept for later); NothingToOffload (with its
        reason) where the SCoP stays on the host."""
        scope, generator = self._generator(source, scheduled.scop, expressions,
                                           scheduled.options)
        if scheduled.gpu_tree is not None:
            nest = generator.generate(scheduled.gpu_tree, scheduled.dependences.all,
                                      scheduled.options.block_sizes, self.max_threads,
                                      time_tiles=True, private=scheduled.private)
        else:
            nest = generator.generate(scheduled.untiled, scheduled.dependences.all,
                                      scheduled.options.block_sizes, self.max_threads,
                                      multiprocessors=self.multiprocessors,
                                      private=scheduled.private,
                                      coarsening=scheduled.options.coarsening)
        self.count += nest.kernels
        self.kernels.setdefault(scope.function_start, []).extend(nest.kernel_lines)
        self.prototypes.setdefault(scope.function_start, []).extend(nest.prototypes)
        return GeneratedNest(nest.host_lines, nest.description,
                             **_copies_condition(scheduled.scop, nest.copied))

    def generate_blas(self, source: SourceFile, scop: Scop, matches: list,
                      expressions: ExpressionPrinter) -> tuple[GeneratedNest, str]:
        """Host code of a SCoP whose statements are all BLAS matches: cuBLAS calls on the
        arrays in device memory (codegen.cublas); Unsupported for a call it has none for."""
        scope, generator = self._generator(source, scop, expressions, Options(target="cuda"))
        nest = generator.blas(matches)
        self.cublas = True
        self.kernels.setdefault(scope.function_start, [])
        return (GeneratedNest(nest.host_lines, [], **_copies_condition(scop, nest.copied)),
                "; ".join(nest.description))

    def _generator(self, source: SourceFile, scop: Scop, expressions: ExpressionPrinter,
                   options: Options):
        """The SCoP's scope and a CudaGenerator for it (CodegenError where the file does
        not allow CUDA code for it)."""
        from polyopt.codegen.cuda import CudaGenerator
        from polyopt.frontend.declarations import DeclarationError, scope_at
        try:
            scope = scope_at(source, scop.region.start)
        except DeclarationError as error:
            raise CodegenError(f"--target cuda needs the declarations of the arrays, but the "
                               f"file does not parse without its headers ({error})",
                               scop.region.location) from None
        if scop.iterator_type != "int" or scop.parameter_casts:
            raise CodegenError("--target cuda: loop values or names of a type wider than 'int' "
                               "(long, unsigned) are not supported", scop.region.location)
        if scop.parameter_names:
            raise CodegenError(f"--target cuda: the size "
                               f"'{sorted(scop.parameter_names.values())[0]}' is named like a "
                               "word of isl's syntax; rename it for the CUDA target",
                               scop.region.location)
        if scope.function_start is None:
            raise CodegenError("--target cuda: the SCoP is not inside a function",
                               scop.region.location)
        from polyopt.codegen.cuda import cplusplus_problems
        # (once: a SCoP with private scalars may be generated twice)
        problems = [] if self.from_c else \
            [(problem, scop.region.location) for problem in cplusplus_problems(scope, scop)]
        problems += [] if self.from_c else _untyped_allocations(source)
        self.warnings += [warning for warning in (format_warning(problem, where)
                                                  for problem, where in problems)
                          if warning not in self.warnings]
        # C++ has no `restrict`: nvcc's spelling of it is __restrict__ (defined first)
        self.restrict = self.restrict or bool(_RESTRICT.search(source.blanked))
        prefixes = iterator_prefixes(scop, 2, ("c", "k", "polyopt_c", "polyopt_k"))
        generator = CudaGenerator(scop, scope, expressions, prefixes[0], prefixes[1], self.count,
                                  options.shared_memory, self.shared_bytes, options.registers,
                                  self.from_c)
        generator.values_of = lambda names: known_values(source, names, options.defines,
                                                         options.include_dirs)
        return scope, generator

    def insertions(self, expressions: ExpressionPrinter) -> list[tuple[int, int, str]]:
        """What goes before the functions of the file: the check of CUDA calls, then the
        kernels (the launchers' prototypes where the host code is C)."""
        from polyopt.codegen.cuda import CHECK_FUNCTION
        result = []
        for k, offset in enumerate(sorted(self.kernels)):
            lines = []
            if k == 0:
                if self.from_c:     # (C's declarations of the runtime's calls)
                    lines += ["#include <cuda_runtime_api.h>"]
                lines += macro_lines(expressions.macros_used) + CHECK_FUNCTION.splitlines() + [""]
                if self.cublas:
                    from polyopt.codegen.cublas import declarations
                    lines += [line.replace('extern "C" ', "") if self.from_c else line
                              for line in declarations()] + [""]
            prototypes = self.prototypes.get(offset, [])
            if not self.from_c:
                lines += self.kernels[offset]
            elif prototypes:
                lines += prototypes + [""]
            result.append((offset, offset, "\n".join(lines) + "\n"))
        if result and self.restrict and not self.from_c:
            result.insert(0, (0, 0, RESTRICT_DEFINE))
        return result

    def kernel_file(self, source: SourceFile, expressions: ExpressionPrinter) -> str | None:
        """Where the host code is C: the .cu file of the kernels and their launchers,
        after the file's preprocessor lines (its macros and headers: the kernels' sizes
        and types); None where no kernel was made."""
        kernels = [line for offset in sorted(self.kernels) for line in self.kernels[offset]]
        if not self.from_c or not kernels:
            return None
        from polyopt.frontend.source import NON_PRAGMA_DIRECTIVE
        directives = [found.group(0).rstrip() for found in
                      NON_PRAGMA_DIRECTIVE.finditer(source.blanked)
                      if not re.match(r"\s*#\s*line\b", found.group(0))]
        head = [f"/* The CUDA kernels polyopt made of {os.path.basename(source.name)}, with the "
                "launchers that its",
                "   host code (C) calls: build both with nvcc. */"]
        return "\n".join(head + [""] + directives + [""] + [RESTRICT_DEFINE.rstrip()]
                         + macro_lines(expressions.macros_used) + [""] + kernels) + "\n"


# C's `restrict` in a .cu file, which nvcc compiles as C++ (inserted at the file's start)
RESTRICT_DEFINE = "#if defined(__cplusplus) && !defined(restrict)\n#define restrict __restrict__\n#endif\n"
_RESTRICT = re.compile(r"\brestrict\b")
_ALLOCATION = re.compile(r"=\s*(malloc|calloc|realloc|aligned_alloc)\s*\(")


def _untyped_allocations(source: SourceFile) -> list[tuple[str, Location]]:
    """The first place the file assigns what malloc returns without a cast (C converts
    `void *`, C++ does not: nvcc compiles a .cu file as C++), with its location."""
    found = _ALLOCATION.search(source.blanked)
    if found is None:
        return []
    line = source.blanked.count("\n", 0, found.start()) + 1
    column = found.start() - (source.blanked.rfind("\n", 0, found.start()) + 1) + 1
    return [(f"{found.group(1)}'s result assigned without a cast, which C++ does not convert "
             "(nvcc compiles the .cu file as C++): cast it, e.g. "
             f"'(double *) {found.group(1)}(...)'", Location(source.name, line, column))]
