"""`--dump`: each stage's result as text, for users studying what polyopt does."""

from __future__ import annotations

from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.dependences import compute_dependences, describe
from polyopt.frontend import SourceFile
from polyopt.model import Scop
from polyopt.pipeline import (Options, generate, kept_message, model, schedule_scop,
                              stored_choices)
from polyopt.scheduler import ScheduleResult


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


def dump(source: SourceFile, options: Options, stage: str,
         choices: list[ScheduleResult | None] | None = None) -> tuple[str, list[str]]:
    """One stage's result for every SCoP. The schedule is `choices`' (a search's),
    else the one a plain run uses (a stored one where the database has it)."""
    scops, warnings = model(source, options)
    if choices is None:
        choices = (stored_choices(scops, options) if stage == "schedule" and options.use_database
                   else [None] * len(scops))
    sections = []
    for scop, choice in zip(scops, choices):
        header = f"# SCoP at {scop.region.location}"
        if stage == "scop":
            body = _scop_text(scop)
        elif stage == "deps":
            body = describe(scop, compute_dependences(scop))
        elif stage == "space":
            body = _space_text(scop, options)
        elif choice is not None and choice.schedule is None:
            body = f"{kept_message(choice)}\n(no schedule: the SCoP is left as it was written)"
        else:
            scheduled = schedule_scop(scop, options, chosen=choice)
            nest = generate(scheduled, ExpressionPrinter())
            body = (f"{scheduled.description}\nschedule tree: {scheduled.schedule}\n"
                    "code:\n" + "\n".join(nest.lines))
        sections.append(f"{header}\n{body}\n")
    return "\n".join(sections), warnings
