"""`--dump`: each stage's result as text, for users studying what polyopt does."""

from __future__ import annotations

from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.core.deepstack import deep_stack
from polyopt.core.dependences import compute_dependences, describe
from polyopt.core.errors import format_warning
from polyopt.frontend import SourceFile
from polyopt.core.scop import Scop
from polyopt.pipeline import (Options, generate, kept_message, find_scops, schedule_scop,
                              stored_choices)
from polyopt.scheduler import ScheduleResult
from polyopt.core.timebox import TimeBoxExceeded, TimeBoxFailed, call_with_step_limits, step


def _array_text(array) -> str:
    """`a[2]`; a delinearized one with its rows (`a[2] (one-dimensional, rows of lda)`)."""
    if not array.linear_sizes:
        return f"{array.name}[{array.rank}]"
    return (f"{array.name}[{array.rank}] (one-dimensional, rows of "
            f"{' x '.join(array.linear_sizes)})")


def _scop_text(scop: Scop) -> str:
    lines = [f"parameters: {', '.join(scop.c_parameters) or '(none)'}",
             "arrays: " + ", ".join(_array_text(a) for a in scop.arrays.values())]
    if scop.assumption is not None:
        lines.append(f"assumed (tested before the generated code runs): {scop.assumption}")
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
    dependences = compute_dependences(scop)
    step("legal schedule space")
    space = ScheduleSpace(scop, dependences)
    return describe_space(space, space_statistics(space, random.Random(options.seed)))


@deep_stack
def dump(source: SourceFile, options: Options, stage: str,
         choices: list[ScheduleResult | None] | None = None) -> tuple[str, list[str]]:
    """One stage's result for every SCoP. The schedule is `choices`' (a search's),
    else the one a plain run uses (a stored one where the database has it)."""
    scops, warnings = find_scops(source, options)
    if choices is None:
        choices = (stored_choices(scops, options) if stage == "schedule" and options.use_database
                   else [None] * len(scops))
    sections = []
    for scop, choice in zip(scops, choices):
        header = f"# SCoP at {scop.region.location}"
        if choice is not None and choice.schedule is None:
            body = (f"{choice.description}\n(no schedule: the SCoP's BLAS matches become calls; "
                    "see --dump blas)" if choice.blas else
                    f"{kept_message(choice)}\n(no schedule: the SCoP is left as it was written)")
            sections.append(f"{header}\n{body}\n")
            continue
        if stage == "blas":
            sections.append(f"{header}\n{_blas_text(source, scop)}\n")
            continue
        first = "dependence analysis" if stage in ("deps", "space", "schedule") else "start"
        try:
            body = call_with_step_limits(_stage_text, scop, options, stage, choice, first=first)
        except TimeBoxExceeded as error:
            body = f"({error.step} exceeded its time budget, {error.seconds:g} s)"
            warnings.append(format_warning(body[1:-1], scop.region.location))
        except TimeBoxFailed as error:
            body = f"(failed: {error})"
            warnings.append(format_warning(body[1:-1], scop.region.location))
        sections.append(f"{header}\n{body}\n")
    return "\n".join(sections), warnings


def _blas_text(source: SourceFile, scop: Scop) -> str:
    """The statements BLAS calls can replace, and why each other one is not one."""
    from polyopt.pipeline.blas import analyse
    analysis = analyse(source, scop)
    if isinstance(analysis, str):
        return analysis
    lines = [f"match {match.describe()}" for match in analysis.matches] or ["no match"]
    for name, why in analysis.rejected.items():
        statement = scop.statement(name)
        lines.append(f"{name} at {statement.location}: not matched: {why}")
    return "\n".join(lines)


def _stage_text(scop: Scop, options: Options, stage: str,
                choice: ScheduleResult | None) -> str:
    """One SCoP's section, in a time-boxed child (timebox.STEP_SECONDS per step)."""
    if stage == "scop":
        return _scop_text(scop)
    if stage == "deps":
        return describe(scop, compute_dependences(scop))
    if stage == "space":
        return _space_text(scop, options)
    scheduled = schedule_scop(scop, options, chosen=choice)
    if scheduled.schedule is None:
        return (f"{kept_message(ScheduleResult(None, scheduled.description))}\n"
                "(no schedule: the SCoP is left as it was written)")
    nest = generate(scheduled, ExpressionPrinter())
    return (f"{scheduled.description}\nschedule tree: {scheduled.schedule}\n"
            "code:\n" + "\n".join(nest.lines))
