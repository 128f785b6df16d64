"""The pipeline's driver: frontend -> dependences -> scheduler -> tiling -> codegen ->
splice. Each SCoP is generated in a time-boxed child by one dispatcher to the
per-target paths (BLAS calls where asked, then the GPU's or the CPU's)."""

from __future__ import annotations

import re
import time
from dataclasses import replace as replace_dataclass


from polyopt.codegen import GeneratedNest
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.splice import braced_block, indent_block, macro_lines, splice
from polyopt.codegen.versioning import (versioned)
from polyopt.core.deepstack import deep_stack
from polyopt.core.dependences import Dependences
from polyopt.core.errors import (CodegenError, Location, PolyoptError,
                                 format_warning)
from polyopt.core.scop import Scop
from polyopt.core.timebox import (FILE_SECONDS, TimeBoxExceeded, TimeBoxFailed,
                                  call_with_step_limits, call_with_time_limit, in_child,
                                  limits_within, map_with_time_limit)
from polyopt.frontend import TOO_DEEP, SourceFile
from polyopt.scheduler import ScheduleResult
from polyopt.pipeline.analysis import find_scops, unchanged_warning
from polyopt.pipeline.blas import blas_outcome, cublas_outcome
from polyopt.pipeline.cpu import cpu_scop_code
from polyopt.pipeline.gpu import DeviceCode, gpu_scop_code, not_offloaded
from polyopt.pipeline.options import Options
from polyopt.pipeline.report import (OptimizeResult, RenderState, ScopOutcome, ScopReport,
                                     format_note, kept_message, summary_comment)
from polyopt.pipeline.stored import stored_choices


@deep_stack
def optimize_source(source: SourceFile, options: Options) -> OptimizeResult:
    """The optimized text of a whole file."""
    scops, warnings = find_scops(source, options)
    choices = stored_choices(scops, options, warnings) if options.use_database else [None] * len(scops)
    return render(source, scops, warnings, options, choices)


@deep_stack
def render(source: SourceFile, scops: list[Scop], warnings: list[str], options: Options,
           choices: list[ScheduleResult | None],
           dependences: list[Dependences] | None = None) -> OptimizeResult:
    """The file with each SCoP generated from its choice (None: the scheduler's
    schedule; a choice without a schedule: the SCoP left as it was written).

    Each SCoP is analysed and generated in a child process with a time limit per
    step (``timebox.STEP_SECONDS``): a SCoP whose analysis runs out of time, or
    fails, is left as it is, with a warning that names the step; the others are
    optimized."""
    warnings = list(warnings)
    if not scops and not warnings:
        warnings.append(format_warning(
            "no SCoP found: mark loop nests with '#pragma scop' / '#pragma endscop', "
            "or use --auto-scop", Location(source.name)))
    state = RenderState(ExpressionPrinter(), DeviceCode(options.cuda_host_c) if options.target == "cuda"
                        else None)
    generated: list[tuple[Scop, GeneratedNest, ScopReport]] = []
    reports = []
    # inside a time-boxed child (a search's candidate), the parent keeps the time
    file_deadline = time.monotonic() + (float("inf") if in_child() else FILE_SECONDS)
    for index, (scop, choice) in enumerate(zip(scops, choices)):
        if choice is not None and choice.as_written:
            reports.append(ScopReport(scop.region.location, len(scop.statements),
                                      choice.description, [], [], kept=True))
            # the output is the input there, with no summary comment: say why
            warnings.append(format_note(kept_message(choice), scop.region.location))
            continue
        given = dependences[index] if dependences else None
        first = "dependence analysis" if given is None else "scheduling"
        remaining = file_deadline - time.monotonic()
        if remaining <= 0:
            warnings.append(format_warning(
                f"the file's analysis time budget ({FILE_SECONDS:g} s) is spent; "
                "SCoP left unchanged", scop.region.location))
            continue
        try:
            outcome = call_with_step_limits(scop_code, source, scop, choice, given, options,
                                            state, first=first, limits=limits_within(remaining))
        except (TimeBoxExceeded, TimeBoxFailed) as error:
            warnings.append(unchanged_warning(error, "internal error", scop.region.location))
            continue
        state = outcome.state
        warnings += outcome.warnings
        if outcome.error is not None:
            raise outcome.error
        if outcome.nest is not None:
            generated.append((scop, outcome.nest, outcome.report))
        if outcome.report is not None:
            reports.append(outcome.report)
    replacements = []
    device, expressions = state.device, state.expressions
    if device is not None:
        replacements = device.insertions(expressions)
        warnings += device.warnings
    for scop, nest, report in generated:
        # The helper macros go with every region (guarded by #ifndef): the first
        # one may sit in a branch of an #if that the compiler skips.
        # the scalars the region declares in its blocks: once, before the new code
        # (those it still names: BLAS calls may have replaced a scalar's statements)
        code = "\n".join(nest.lines)
        body = [f"{kind} {name};" for name, kind in scop.locals.items()
                if re.search(rf"\b{re.escape(name)}\b", code)] + nest.lines
        read_after = [] if not scop.region.from_pragma else \
            read_after_region(source, scop.region, scop.outer_iterators)
        if not scop.region.from_pragma or read_after:
            # a region found by --auto-scop, or one whose function reads an iterator
            # after it: the loops leave the iterators with the values they had
            body += scop.final_values
        if nest.condition is not None:
            if scop.original_lines is None:     # model() leaves such a SCoP out
                raise CodegenError("the optimized code holds only where "
                                   f"{nest.summary or nest.condition}, and the region's text "
                                   "cannot be kept beside it (a line continued with a "
                                   "backslash)", scop.region.location)
            body = versioned(body, nest.condition, scop.original_lines)
            if nest.preamble or nest.epilogue:  # its variables: in a block of their own
                body = braced_block(nest.preamble + body + nest.epilogue)
        lines = [summary_comment(report)] + macro_lines(expressions.macros_used) + body
        unread = [name for name in scop.outer_iterators if name not in read_after]
        if unread and scop.region.from_pragma:
            # The original iterators are no longer used (nothing after the region in
            # its function reads them); keep -Wunused quiet.
            lines.append(" ".join(f"(void){name};" for name in unread))
        unused = [name for name in scop.replaced_scalars if name not in scop.locals
                  and not re.search(rf"\b{re.escape(name)}\b", code)]
        if unused:      # declared in the function, no longer named: keep -Wunused quiet
            lines.append(" ".join(f"(void){name};" for name in unused))
        region = scop.region
        if not region.from_pragma:
            text = indent_block(braced_block(lines), region.indent, first_line_indented=False)
        else:
            braced = region.braced or (scop.locals and nest.condition is None)
            text = indent_block(braced_block(lines) if braced else lines, region.indent,
                                first_line_indented=True) + "\n"
            if _LINE_NUMBERS_USED.search(source.blanked):
                # the lines after the region keep their numbers (__LINE__, assert messages)
                text += f"#line {source.location(region.end).line}\n"
        replacements.append((region.start, region.end, text))
    kernels = device.kernel_file(source, expressions) if device is not None else None
    return OptimizeResult(splice(source.text, replacements), reports, warnings, kernels)


# A file whose behaviour can depend on its own line numbers.
_LINE_NUMBERS_USED = re.compile(r"\b(?:__LINE__|assert)\b")
_LITERAL = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])+\'')


def read_after_region(source: SourceFile, region, names: list[str]) -> list[str]:
    """The `names` (iterators declared outside the region) that the text after the
    region names before its function ends: a later read is possible there, so the
    optimized code must leave them with the values the loops as written leave."""
    if not names:
        return []
    text = _LITERAL.sub(lambda m: " " * len(m.group()), source.blanked)
    depth = text.count("{", 0, region.start) - text.count("}", 0, region.start)
    end = region.end
    while end < len(text) and depth > 0:
        if text[end] == "{":
            depth += 1
        elif text[end] == "}":
            depth -= 1
        end += 1
    after = text[region.end:end]
    return [name for name in names if _read_first(after, name)]


def _read_first(after: str, name: str) -> bool:
    """Whether the text after a region may read `name` before it writes it: it names
    it, and not first as the iterator a `for` at the region's own level starts
    (`for (i = 0; ...`, run whenever the code after the region is)."""
    found = re.search(rf"\b{re.escape(name)}\b", after)
    if found is None:
        return False
    before = after[:found.start()]
    # (a for right under another loop's header runs whenever that loop's body does)
    loop = re.search(r"(^|[;{}]|\bfor\s*\([^;{}]*;[^;{}]*;[^;{}]*\))\s*for\s*\(\s*$", before)
    level = before.count("{") - before.count("}")
    assigned = re.match(r"\s*=(?!=)", after[found.end():])
    return not (loop and assigned and level == 0)


def scop_code(source: SourceFile, scop: Scop, choice: ScheduleResult | None,
              dependences: Dependences | None, options: Options,
              state: RenderState) -> ScopOutcome:
    """One SCoP's code, in its time-boxed child: everything it returns pickles. The one
    dispatcher to the per-target paths: BLAS calls where asked (cuBLAS on the GPU), then
    the GPU's path (``--target cuda``) or the CPU's."""
    outcome = ScopOutcome(state)
    on_gpu = state.device is not None
    kept = not_offloaded(source, scop) if on_gpu else None
    if kept is not None:
        outcome.warnings.append(format_warning(f"{kept}; SCoP left unchanged",
                                               scop.region.location))
        return outcome
    if options.blas and (choice is None or choice.blas):
        if choice is not None and not on_gpu:   # a search's: measured, not predicted
            options = replace_dataclass(options, blas_mode="always")
        try:
            done = (cublas_outcome(source, scop, dependences, state, outcome) if on_gpu
                    else blas_outcome(source, scop, dependences, options, state, outcome))
        except PolyoptError as error:
            outcome.error = error
            return outcome
        if done:
            return outcome
        if choice is not None:      # nothing to call: the code as written
            library = "cuBLAS" if on_gpu else "BLAS"
            choice = ScheduleResult(None, f"original code (no {library} call could be made)")
    path = gpu_scop_code if on_gpu else cpu_scop_code
    try:
        path(source, scop, choice, dependences, options, state, outcome)
    except CodegenError as error:
        outcome.warnings.append(format_warning(f"{error.message}; SCoP left unchanged",
                                               error.location))
    except PolyoptError as error:
        outcome.error = error
    except RecursionError:
        outcome.warnings.append(format_warning(f"{TOO_DEEP}; SCoP left unchanged",
                                               scop.region.location))
    return outcome


# Seconds allowed for generating the code of one searched schedule: isl's AST
# generation takes minutes or hours on some legal schedules (large skews,
# parametric shifts) that random search finds.
CODEGEN_SECONDS = 30.0


def render_within(seconds: float, source: SourceFile, scops: list[Scop], warnings: list[str],
                  options: Options, choices: list[ScheduleResult | None],
                  dependences: list[Dependences] | None = None) -> str:
    """The text ``render`` gives, computed in a forked process that is killed after
    `seconds`; raises CodegenError then, and for any error of the generation."""
    def text() -> str:
        return render(source, scops, warnings, options, choices, dependences).text

    try:
        return call_with_time_limit(seconds, text)
    except (TimeBoxExceeded, TimeBoxFailed) as error:
        raise _codegen_error(error, source, scops) from None


def _codegen_error(error: TimeBoxExceeded | TimeBoxFailed, source: SourceFile,
                   scops: list[Scop]) -> CodegenError:
    """A time-boxed code generation that ran out of time or failed, as a located error."""
    location = scops[0].region.location if scops else Location(source.name)
    if isinstance(error, TimeBoxExceeded):
        return CodegenError(f"code generation {error}", location)
    return CodegenError(f"code generation failed: {error}", location)


def render_many_within(seconds, jobs: int, source: SourceFile, scops: list[Scop],
                       warnings: list[str], options: Options,
                       choice_lists: list[list[ScheduleResult | None]],
                       dependences: list[Dependences] | None = None):
    """``render_within`` for each of `choice_lists`, up to `jobs` forked processes at
    a time (each inherits the SCoPs; only the text comes back), each within `seconds`
    (a number, or a function asked as each starts). Yields (index, text,
    error, seconds) as they finish: `error` a CodegenError (text None), `seconds` the
    wall time of that one generation."""
    def text(choices) -> str:
        return render(source, scops, warnings, options, choices, dependences).text

    for index, value, error, spent in map_with_time_limit(seconds, jobs, text,
                                                          [(c,) for c in choice_lists]):
        yield index, value, None if error is None else _codegen_error(error, source, scops), spent
