"""`--dump`: each stage's result as text, for users studying what polyopt does."""

from __future__ import annotations

from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.dependences import compute_dependences, describe
from polyopt.frontend import SourceFile
from polyopt.model import Scop
from polyopt.pipeline import Options, generate, model, schedule_scop


def _scop_text(scop: Scop) -> str:
    lines = [f"parameters: {', '.join(scop.parameters) or '(none)'}",
             "arrays: " + ", ".join(f"{a.name}[{a.rank}]" for a in scop.arrays.values())]
    for statement in scop.statements:
        lines.append(f"{statement.name} at {statement.location}")
        lines.append(f"  domain: {statement.domain}")
        for access in statement.accesses:
            kind = "write" if access.is_write else "read "
            lines.append(f"  {kind} {access.relation}")
    lines.append(f"original schedule: {scop.schedule}")
    return "\n".join(lines)


def _space_text(scop: Scop, options: Options) -> str:
    import random

    from polyopt.scheduler.sampler import ScheduleSpace
    from polyopt.scheduler.statistics import describe_space, space_statistics
    space = ScheduleSpace(scop, compute_dependences(scop))
    return describe_space(space, space_statistics(space, random.Random(options.seed)))


def dump(source: SourceFile, options: Options, stage: str) -> tuple[str, list[str]]:
    scops, warnings = model(source, options)
    sections = []
    for scop in scops:
        header = f"# SCoP at {scop.region.location}"
        if stage == "scop":
            body = _scop_text(scop)
        elif stage == "deps":
            body = describe(scop, compute_dependences(scop))
        elif stage == "space":
            body = _space_text(scop, options)
        else:
            scheduled = schedule_scop(scop, options)
            nest = generate(scheduled, ExpressionPrinter())
            body = (f"{scheduled.description}\nschedule tree: {scheduled.schedule}\n"
                    "code:\n" + "\n".join(nest.lines))
        sections.append(f"{header}\n{body}\n")
    return "\n".join(sections), warnings
