"""The buffers of a SCoP rewritten with them (packed copies, scheduler.packing;
expanded scalars, scheduler.expansion): allocated before its generated code, freed
after it; where one cannot be allocated (or its sizes are not positive, or it would
be larger than its limit), the code as written runs instead."""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from polyopt.codegen.expressions import ExpressionPrinter, parameter_casts, parenthesized
from polyopt.codegen.nest import GeneratedNest
from polyopt.codegen.versioning import joined_condition
from polyopt.core.scop import Scop


@dataclass
class BufferCode:
    allocations: list[str] = field(default_factory=list)   # before the test
    condition: str | None = None                           # every buffer allocated
    releases: list[str] = field(default_factory=list)      # after the code


def buffer_code(scop: Scop, expressions: ExpressionPrinter) -> BufferCode:
    """The C of the SCoP's buffers: each a pointer to its rows (`T (*b)[n1]...`)
    from `__builtin_malloc` (no header needed), null where a length is not
    positive."""
    code = BufferCode()
    build = isl.AstBuild.from_context(scop.context)
    expressions.renamed = parameter_casts(scop)
    try:
        for buffer in scop.buffers:
            extents = [expressions(build.expr_from_pw_aff(isl.PwAff(text)))
                       for text in buffer.extents]
            rows = "".join(f"[{extent}]" for extent in extents[1:])
            cells = "".join(f"[{extent}]" for extent in extents)
            allocation = f"__builtin_malloc(sizeof({buffer.element_type}{cells}))"
            # an extent may be a conditional expression (a piecewise maximum of the
            # extents of two scalars of one name): each in parentheses in the test
            positive = " && ".join(f"{parenthesized(extent)} > 0" for extent in extents
                                   if not extent.isdigit())
            if buffer.limit_bytes is not None:
                size = " * ".join([f"(double) ({extents[0]})"]
                                  + [f"({extent})" for extent in extents[1:]]
                                  + [f"sizeof({buffer.element_type})"])
                positive = " && ".join(filter(None, [positive,
                                                     f"{size} <= {buffer.limit_bytes}"]))
            if positive:
                allocation = f"{positive} ? {allocation} : 0"
            code.allocations.append(f"{buffer.element_type} (*{buffer.name}){rows} = "
                                    f"{allocation};")
            code.releases.append(f"__builtin_free({buffer.name});")
    finally:
        expressions.renamed = {}
    code.condition = joined_condition([f"{buffer.name} != 0" for buffer in scop.buffers])
    return code


def with_buffers(nest: GeneratedNest, scop: Scop, expressions: ExpressionPrinter) -> None:
    """`nest` (a rewritten SCoP's code) with its buffers allocated before it, tested, and
    freed after it."""
    if not scop.buffers:
        return
    code = buffer_code(scop, expressions)
    nest.preamble = code.allocations + nest.preamble
    nest.condition = joined_condition([code.condition, nest.condition])
    parts = []
    for expands, scalar, what in ((False, None, "the copies of"),
                                  (True, True, "the expanded scalars"),
                                  (True, False, "the expanded arrays")):
        names = sorted({buffer.array for buffer in scop.buffers if buffer.expands == expands
                        and (scalar is None or (buffer.array not in scop.arrays) == scalar)})
        if names:
            parts.append(f"{what} {', '.join(names)}")
    allocated = f"{' and '.join(parts)} allocated"
    nest.summary = f"{nest.summary} and {allocated}" if nest.summary else allocated
    nest.epilogue = code.releases + nest.epilogue
