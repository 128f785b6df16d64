"""GeneratedNest: the code generated for one SCoP, whichever the target (OpenMP C,
the CUDA host code, BLAS calls), with what the file's summary and the splice need."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class GeneratedNest:
    lines: list[str]
    parallel_loops: list[str] = field(default_factory=list)
    checked: bool | None = None      # the AST was read back and checked (codegen.verify)
    notes: list[str] = field(default_factory=list)   # for the user, as warnings
    parallel_nests: list[int] = field(default_factory=list)  # top-level nest of each parallel loop
    parallel_conditions: list[str | None] = field(default_factory=list)  # if clause of each one
    small_regions: list[str] = field(default_factory=list)  # parallel, left serial: little work
    # The code holds only where this C condition does (codegen.versioning): the region
    # becomes `if (condition) { lines } else { the code as written }`. None: always.
    condition: str | None = None
    summary: str | None = None          # the condition in words, for the summary comment
    # statements that compute what the condition reads, run before it (in a block
    # with the if): the rows of pointers to rows scanned (codegen.versioning)
    preamble: list[str] = field(default_factory=list)
    # statements to run after the if (the packed arrays' buffers freed: codegen.buffers)
    epilogue: list[str] = field(default_factory=list)
    untiled: bool = False   # a tiled schedule's code was wrong: its untiled one's instead
