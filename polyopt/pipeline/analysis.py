"""The front of the pipeline: a file's SCoPs (with the sizes the build chooses) and
their dependences, each within its time budget; a region that cannot be kept
beside its optimized code is left as written with a warning."""

from __future__ import annotations



from polyopt.codegen.versioning import (assumption_text, disjoint_summary,
                                        overlapping_pairs,
                                        rows_apart)
from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.errors import (Location, UnsupportedError, format_warning)
from polyopt.core.scop import Scop
from polyopt.core.timebox import (TimeBoxExceeded, TimeBoxFailed,
                                  call_with_step_limits)
from polyopt.frontend import SourceFile, extract_scops
from polyopt.frontend.sizes import call_site_values, known_values
from polyopt.pipeline.options import Options
from polyopt.pipeline.report import format_note


def _expand_constant_calls(source: SourceFile, scops: list[Scop], options: Options) -> None:
    """Scop.expansions: the statements' right-hand sides that call a macro on constants
    only, as the preprocessor expands them (one preprocessor run for the file)."""
    from pycparser import c_ast, c_generator
    printer = c_generator.CGenerator()
    wanted: list[tuple[Scop, str]] = []
    for scop in scops:
        for statement in scop.statements:
            body = statement.body
            if (isinstance(body, c_ast.Assignment) and isinstance(body.rvalue, c_ast.FuncCall)
                    and isinstance(body.rvalue.name, c_ast.ID) and body.rvalue.args is not None
                    and all(isinstance(a, c_ast.Constant) for a in body.rvalue.args.exprs)):
                wanted.append((scop, printer.visit(body.rvalue)))
    if not wanted:
        return
    from polyopt.frontend.sizes import expand_expressions
    expanded = expand_expressions(source, [text for _, text in wanted], options.defines,
                                  options.include_dirs)
    for (scop, text), value in zip(wanted, expanded):
        if value is not None:
            scop.expansions[text] = value


def find_scops(source: SourceFile, options: Options) -> tuple[list[Scop], list[str]]:
    """The SCoPs of a file and the warnings for regions left unchanged."""
    result = extract_scops(source, auto_scop=options.auto_scop, defines=options.defines,
                           include_dirs=options.include_dirs)
    for scop in result.scops:
        values = known_values(source, scop.c_parameters, options.defines, options.include_dirs)
        missing = [name for name in scop.c_parameters if name not in values]
        if missing:     # a function's parameters: the values its calls in the file pass
            passed = call_site_values(source, scop.region.start, missing, options.defines,
                                      options.include_dirs)
            values.update(passed)
            scop.passed_values = set(scop.by_model_name(passed))
        scop.known_values = scop.by_model_name(values)
    if options.blas:
        _expand_constant_calls(source, result.scops, options)
    warnings = []
    for diagnostic in result.diagnostics:
        if options.strict:
            raise UnsupportedError(diagnostic.message, diagnostic.location)
        warnings.append(format_warning(diagnostic.message, diagnostic.location))
    scops = []
    for scop in result.scops:
        warnings += [format_note(message, where) for message, where in scop.notes]
        pairs, rows = overlapping_pairs(scop), rows_apart(scop)
        if (scop.assumption is not None or pairs or rows) and scop.original_lines is None:
            needed = ([f"the model of this region holds only where {assumption_text(scop)}"]
                      if scop.assumption is not None else []) + (
                      [f"the optimized code is right only where {disjoint_summary(pairs, rows)}"]
                      if pairs or rows else [])
            message = (f"{'; '.join(needed)}, and the region's text cannot be kept beside "
                       "the optimized code to run otherwise (a line continued with a "
                       "backslash); region left unchanged")
            if options.strict:
                raise UnsupportedError(message, scop.region.location)
            warnings.append(format_warning(message, scop.region.location))
        else:
            scops.append(scop)
    return scops, warnings


def unchanged_warning(error: TimeBoxExceeded | TimeBoxFailed, failure: str,
                      location: Location) -> str:
    """The warning for a SCoP left unchanged: its step ran out of time, or failed."""
    if isinstance(error, TimeBoxExceeded):
        return format_warning(f"{error.step} exceeded its time budget ({error.seconds:g} s); "
                              "SCoP left unchanged", location)
    return format_warning(f"{failure} ({error}); SCoP left unchanged", location)


def dependences_within_budget(scops: list[Scop], warnings: list[str]
                              ) -> tuple[list[Scop], list[Dependences], list[str]]:
    """The SCoPs whose dependences were computed within their time budget, those
    dependences, and the warnings with one more for each SCoP dropped (it is then
    left as it was written)."""
    kept, found, warnings = [], [], list(warnings)
    for scop in scops:
        try:
            dependences = call_with_step_limits(compute_dependences, scop,
                                                first="dependence analysis")
        except (TimeBoxExceeded, TimeBoxFailed) as error:
            warnings.append(unchanged_warning(error, "dependence analysis failed",
                                              scop.region.location))
            continue
        kept.append(scop)
        found.append(dependences)
    return kept, found, warnings
