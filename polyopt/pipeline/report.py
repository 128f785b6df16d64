"""What the pipeline says of each SCoP: the report behind the summary comment and
the notes, and the outcome of one SCoP's generation."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING


from polyopt.codegen import GeneratedNest
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.core.errors import (Location, PolyoptError)
from polyopt.scheduler import ScheduleResult

if TYPE_CHECKING:
    from polyopt.pipeline.gpu import DeviceCode


@dataclass
class ScopReport:
    location: Location
    statements: int
    description: str
    tile_bands: list[list[int]]
    parallel_loops: list[str]
    fallback: str | None = None
    kernels: list[str] | None = None   # CUDA: block shape of each kernel
    checked: bool | None = None        # the generated AST was checked (None: not, or no verdict)
    parallel_nests: list[int] = field(default_factory=list)   # nest of each parallel loop
    parallel_conditions: list[str | None] = field(default_factory=list)  # its if clause
    small_regions: list[str] = field(default_factory=list)  # parallel, serial: little work
    condition: str | None = None       # versioned: the tiled code's test (codegen.versioning)
    candidates: list[dict] | None = None   # the default's judged ones (ScheduleResult)
    kept: bool = False                 # the region is left as written


@dataclass
class OptimizeResult:
    text: str
    scops: list[ScopReport] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    kernels: str | None = None      # CUDA with host code in C: the kernels' .cu file


@dataclass
class RenderState:
    """What generating the SCoPs of a file accumulates: helper macros, CUDA kernels."""

    expressions: ExpressionPrinter
    device: DeviceCode | None


@dataclass
class ScopOutcome:
    state: RenderState
    nest: GeneratedNest | None = None
    report: ScopReport | None = None
    warnings: list[str] = field(default_factory=list)
    error: PolyoptError | None = None     # not the user's region: the run stops


def kept_message(choice: ScheduleResult) -> str:
    """Why a SCoP whose chosen schedule is none is left as it was written."""
    return f"the original code was kept: {choice.description}"


def format_note(message: str, location: Location | None) -> str:
    """A note for the user, compiler-style (`file:line:col: note: ...`)."""
    return f"{location}: note: {message}" if location else f"note: {message}"


def summary_comment(report: ScopReport) -> str:
    parts = [f"polyopt: {report.description}"]
    if report.kernels is not None:
        parts.append(f"CUDA, {len(report.kernels)} kernel(s): " + ", ".join(report.kernels))
        return _comment("; ".join(parts))
    if report.tile_bands:
        parts.append("tiled " + ", ".join("x".join(map(str, band)) for band in report.tile_bands))
        if report.condition:
            parts.append(f"tiled code where {report.condition}, else the code as written")
    else:
        parts.append("not tiled")
        if report.condition:      # the model's own assumption (a delinearized array's sizes)
            parts.append(f"this code where {report.condition}, else the code as written")
    if report.parallel_loops:
        parts.append("parallel loops " + _parallel_loops(report))
    else:
        parts.append("no parallel loop")
    conditions = list(dict.fromkeys(c for c in report.parallel_conditions if c))
    if len(conditions) == 1:
        parts.append(f"parallel only if {conditions[0]}")
    elif conditions:
        parts.append("parallel only where the work of a region is large enough (if clauses)")
    if report.small_regions:
        parts.append(f"not parallel: too little work per region "
                     f"({', '.join(dict.fromkeys(report.small_regions))})")
    if report.checked:
        parts.append("checked against the dependences")
    return _comment("; ".join(parts))


def _parallel_loops(report: ScopReport) -> str:
    """Each parallel loop's iterator once, with the nests it is parallel in where the
    generated code has several nests with parallel loops (`c0 (nests 1, 3), c1 (nest 2)`)."""
    nests: dict[str, list[int]] = {}
    for index, name in enumerate(report.parallel_loops):
        numbers = nests.setdefault(name, [])
        if index < len(report.parallel_nests) and report.parallel_nests[index] not in numbers:
            numbers.append(report.parallel_nests[index])
    if len({n for numbers in nests.values() for n in numbers}) <= 1:
        return ", ".join(nests)
    return ", ".join(f"{name} (nest{'s' if len(numbers) > 1 else ''} "
                     f"{', '.join(map(str, sorted(numbers)))})" for name, numbers in nests.items())


REPORT_FORMAT = "polyopt-report/1"
_DIAGNOSTIC = re.compile(r"^(?P<file>.*?)(?::(?P<line>\d+)(?::(?P<column>\d+))?)?: "
                         r"(?P<severity>warning|note|error): (?P<message>.*)$", re.DOTALL)


def diagnostic_json(text: str, severity: str = "warning") -> dict:
    """A warning, note or error line (`file:line:col: warning: ...`) as a JSON object;
    `severity` is that of a line that names none."""
    match = _DIAGNOSTIC.match(text)
    if match is None:
        named, _, message = text.partition(": ")
        if named in ("warning", "note", "error"):
            return {"location": None, "severity": named, "message": message}
        return {"location": None, "severity": severity, "message": text}
    location = None if match["file"] in ("", "polyopt") else {
        "file": match["file"], "line": int(match["line"]) if match["line"] else None,
        "column": int(match["column"]) if match["column"] else None}
    return {"location": location, "severity": match["severity"], "message": match["message"]}


def scop_json(report: ScopReport) -> dict:
    """One SCoP's decision as a JSON object (``--report``)."""
    location = report.location
    return {
        "location": {"file": location.file, "line": location.line, "column": location.column},
        "statements": report.statements,
        "decision": report.description,
        "kept_as_written": report.kept,
        "tiles": report.tile_bands,
        "parallel_loops": [{"loop": name,
                            "nest": report.parallel_nests[i] if i < len(report.parallel_nests)
                            else None,
                            "condition": report.parallel_conditions[i]
                            if i < len(report.parallel_conditions) else None}
                           for i, name in enumerate(report.parallel_loops)],
        "serial_small_regions": list(dict.fromkeys(report.small_regions)),
        "versioned_condition": report.condition,
        "checked": report.checked,
        "fallback": report.fallback,
        "cuda_kernels": report.kernels,
        "candidates": report.candidates,
    }


def report_json(result: OptimizeResult, file: str, mode: str, **more) -> dict:
    """What polyopt decided for a file (``--report``): per SCoP its decision, the
    default's candidates with their predictions, tiles and parallel loops, and every
    warning and note, located."""
    from polyopt import __version__
    return {"format": REPORT_FORMAT, "polyopt": __version__, "file": file, "mode": mode,
            **more, "scops": [scop_json(r) for r in result.scops],
            "diagnostics": [diagnostic_json(w) for w in result.warnings]}


def _comment(text: str) -> str:
    """A C comment of one line (a build command may hold "*/" or a newline)."""
    return "/* " + " ".join(text.replace("*/", "* /").split()) + " */"
