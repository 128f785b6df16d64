"""Versioning: tiled code for the sizes it is made for, the code as written for the rest.

isl generates a tiled nest for every value of the parameters, so the AST also
holds the cases where a loop runs fewer iterations than a tile (one copy of the
point loops per combination of full and partial tiles, with min/max bounds and
case tests). Those cases cost isl most of its time and double the code, for sizes
where tiling does not pay anyway. Where the file gives a parameter's value, the
tiled code is generated (and checked) for that parameter at least
``min(largest tile size, its value)`` only, and the region becomes

    if (N >= 64 && M >= 64) { tiled code } else { the code as written }

The known sizes always take the tiled branch (the least value is never above the
known one); smaller ones run the original loops, which is right for every size.
A parameter without a known value is not constrained (it may be an offset or a
count that is small in every run), so its cases stay in the tiled code.
"""

from __future__ import annotations

import islpy as isl

from polyopt.codegen.splice import braced_block
from polyopt.model import Scop

__all__ = ["assumed_context", "assumption_text", "least_values", "original_lines",
           "version_condition", "versioned"]


def least_values(scop: Scop, tile_sizes: list[list[int]]) -> dict[str, int]:
    """Each known parameter's least value for the tiled code: the largest tile size,
    or its known value where that is smaller (empty: no tiles or no known value)."""
    sizes = [size for band in tile_sizes for size in band if size > 0]
    if not sizes:
        return {}
    largest = max(sizes)
    return {name: min(largest, scop.known_values[name])
            for name in scop.parameters if name in scop.known_values}


def assumed_context(scop: Scop, assumed: dict[str, int]) -> isl.Set:
    """The SCoP's parameter context with each parameter of `assumed` at least its value."""
    context = scop.context
    for name, value in assumed.items():
        context = context.lower_bound_val(isl.dim_type.param, scop.parameters.index(name),
                                          isl.Val.int_from_si(context.get_ctx(), value))
    return context


def version_condition(assumed: dict[str, int], renamed: dict[str, str]) -> str:
    """The C test of `assumed` (a parameter's generated name where it has one: the
    cast of an unsigned parameter, as in the generated bounds)."""
    return " && ".join(f"{renamed.get(name, name)} >= {value}"
                       for name, value in sorted(assumed.items()))


def assumption_text(scop: Scop, expressions=None) -> str | None:
    """The C test of the SCoP's own assumption (Scop.assumption: where its model
    is right), printed by `expressions` (codegen.expressions.ExpressionPrinter:
    an unsigned parameter's cast) or plainly; None where it has none."""
    if scop.assumption is None:
        return None
    from polyopt.codegen.expressions import ExpressionPrinter
    assumption = isl.Set(scop.assumption)
    build = isl.AstBuild.from_context(isl.Set.universe(assumption.get_space()))
    return (expressions or ExpressionPrinter())(build.expr_from_set(assumption))


def original_lines(text: str, indent: str) -> list[str] | None:
    """The region's text as lines relative to the region's indentation (which the
    splice adds back); None where a line is continued with a backslash (a string
    literal could span it: no line of it may be re-indented)."""
    if "\\\n" in text or "\\\r\n" in text:
        return None
    result = []
    for line in text.strip("\n").rstrip().split("\n"):
        if not line.strip():
            result.append("")
        elif line.startswith(indent):
            result.append(line[len(indent):])
        else:              # the first line of a region found by --auto-scop
            result.append(line)
    return result


def versioned(lines: list[str], condition: str, original: list[str]) -> list[str]:
    """`if (condition) { lines } else { original }`, in the generated code's layout."""
    return [f"if ({condition})"] + braced_block(lines) + ["else"] + braced_block(original)
