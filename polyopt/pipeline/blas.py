"""`--blas`: a SCoP whose statements BLAS calls replace, generated in pieces.

The statements are split into units: each match (polyopt.blas.match) is one unit, and
each maximal run of other statements, in the text's order, is another. A unit
runs whole, before or after another: the units are ordered so that every
dependence between two of them goes forward (textual order among the free
choices); if the dependences make a cycle, nothing is replaced. The runs are
sub-SCoPs scheduled and generated as usual; the matches become calls.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from dataclasses import replace as replace_dataclass

import islpy as isl

from polyopt.blas import BlasMatch, match_blas, symbol_prefix
from polyopt.codegen import GeneratedNest, region_condition
from polyopt.codegen.blas import (blocks_rows_together, declaration_lines, match_lines,
                                  needs_type_check, prefix_lines)
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.splice import braced_block
from polyopt.codegen.versioning import joined_condition, versioned
from polyopt.core.dependences import Dependences, compute_dependences
from polyopt.core.errors import CodegenError, format_warning
from polyopt.core.scop import Scop, Statement
from polyopt.frontend import SourceFile
from polyopt.frontend.declarations import private_scalars
from polyopt.core.machine.caches import machine_caches
from polyopt.pipeline.cpu import generate
from polyopt.pipeline.options import Options
from polyopt.pipeline.report import RenderState, ScopOutcome, ScopReport, format_note
from polyopt.pipeline.schedule import schedule_scop

FLOATING_POINT_NOTE = "--blas changes the order of floating-point sums"


@dataclasses.dataclass
class BlasCode:
    nest: GeneratedNest
    description: str
    tile_bands: list[list[int]]


def analyse(source, scop: Scop):
    """The matches of a SCoP (a BlasAnalysis), or a string saying why none can be made."""
    from polyopt.frontend.declarations import DeclarationError, scope_at
    if scop.iterator_type != "int" or scop.parameter_casts:
        return "--blas: sizes of a type wider than 'int' or unsigned: the BLAS takes 'int'"
    if scop.parameter_names:
        return (f"--blas: the size '{sorted(scop.parameter_names.values())[0]}' is named like "
                "a word of isl's syntax; the BLAS calls are not written for it")
    try:
        scope = scope_at(source, scop.region.start)
    except (DeclarationError, RecursionError) as error:
        return f"--blas needs the declarations of the arrays ({error})"
    return match_blas(scop, scope.declarations, private_scalars(source, scop, scope))


def sub_scop(scop: Scop, statements: list[Statement]) -> Scop:
    """The SCoP of some of the statements, in their original order."""
    domain = isl.UnionSet.empty(scop.context.get_space())
    for statement in statements:
        domain = domain.union(isl.UnionSet.from_set(statement.domain))
    used = {access.array for statement in statements for access in statement.accesses}
    return dataclasses.replace(
        scop, statements=list(statements),
        arrays={name: array for name, array in scop.arrays.items() if name in used},
        schedule=scop.schedule.intersect_domain(domain))


def units(scop: Scop, matches: list[BlasMatch]) -> list[list[Statement] | BlasMatch]:
    """Matches and runs of the other statements, in the text's order (by first statement)."""
    matched = {name: match for match in matches for name in match.statements}
    result: list = []
    run: list[Statement] = []
    for statement in scop.statements:
        match = matched.get(statement.name)
        if match is None:
            run.append(statement)
            continue
        if run:
            result.append(run)
            run = []
        if not any(unit is match for unit in result):
            result.append(match)
    if run:
        result.append(run)
    return result


def _names(unit) -> list[str]:
    return unit.statements if isinstance(unit, BlasMatch) else [s.name for s in unit]


def ordered(scop: Scop, dependences: Dependences, found: list) -> list | None:
    """The units in an order that keeps every dependence between two of them
    forward (the text's order where free); None if there is none."""
    domains = {s.name: s.domain for s in scop.statements}

    def domain(unit) -> isl.UnionSet:
        result = isl.UnionSet.empty(scop.context.get_space())
        for name in _names(unit):
            result = result.union(isl.UnionSet.from_set(domains[name]))
        return result

    every = dependences.all
    before = {k: set() for k in range(len(found))}    # k -> units that must run before k
    for a, first in enumerate(found):
        for b, second in enumerate(found):
            if a != b and not every.intersect_domain(domain(first)).intersect_range(
                    domain(second)).is_empty():
                before[b].add(a)
    order, done = [], set()
    while len(order) < len(found):
        ready = [k for k in range(len(found)) if k not in done and before[k] <= done]
        if not ready:
            return None
        order.append(ready[0])
        done.add(ready[0])
    return [found[k] for k in order]


def row_block_bytes() -> int:
    """Bytes of a matrix's row block for a pair of matrix-vector products over it
    (codegen.blas.row_blocked_lines): the L2 caches of all cores, which hold the
    block between the two calls whichever core reads which part of it."""
    return machine_caches().l2 * (os.cpu_count() or 1)


def paired(found: list) -> list:
    """`found` with each two matches in a row whose calls run together in row blocks
    (the last call of one, the first of the other) made one match."""
    result: list = []
    for unit in found:
        last = result[-1] if result else None
        if (isinstance(unit, BlasMatch) and isinstance(last, BlasMatch)
                and blocks_rows_together(last.calls[-1], unit.calls[0])):
            result[-1] = BlasMatch(last.statements + unit.statements, last.calls + unit.calls)
        else:
            result.append(unit)
    return result


def blas_code(source, scop: Scop, dependences: Dependences | None, options,
              expressions: ExpressionPrinter, analysis) -> BlasCode | str:
    """The code of a SCoP with its matches replaced by calls, or why it is not."""
    from polyopt.scheduler import ScheduleResult
    if scop.assumption is not None:      # its generated parts would need their own test
        return ("--blas: the model of this region holds only for some sizes (an array "
                "indexed as multi-dimensional); the calls are not made")
    if dependences is None:
        dependences = compute_dependences(scop)
    found = ordered(scop, dependences, units(scop, analysis.matches))
    if found is None:
        return "--blas: the dependences do not let the calls run apart from the rest"
    found = paired(found)
    # the parts are generated for every size: their code has no test of its own to
    # fall back to the text as written (codegen.versioning), only the whole region has
    plain = dataclasses.replace(options, blas=False, versioning=False)

    parallel: list[str] = []

    def loops(statements: list[Statement], original: bool = False
              ) -> tuple[list[str], str, list[list[int]]]:
        part = sub_scop(scop, statements)
        scheduled = None if original else schedule_scop(part, plain)
        if scheduled is None or scheduled.schedule is None:   # the original order of the part
            scheduled = schedule_scop(part, dataclasses.replace(plain, tile=False),
                                      chosen=ScheduleResult(part.schedule, "original order"))
        nest = generate(scheduled, expressions)
        parallel.extend(nest.parallel_loops)
        return nest.lines, scheduled.description, scheduled.tiling.bands

    lines = prefix_lines(symbol_prefix(options.blas_library)) + declaration_lines(analysis.matches)
    descriptions, bands = [], []
    for unit in found:
        if isinstance(unit, BlasMatch):
            calls = match_lines(unit, row_block_bytes())
            check = needs_type_check(unit)
            if check is not None:
                statements = [scop.statement(name) for name in unit.statements]
                fallback, _, _ = loops(statements, original=True)   # runs for no real type
                calls = versioned(calls, check, fallback)
            lines += calls
            blocked = any(map(blocks_rows_together, unit.calls, unit.calls[1:]))
            descriptions.append("BLAS " + ", ".join(f"cblas_{c.name}" for c in unit.calls)
                                + (" (in row blocks)" if blocked else ""))
        else:
            body, description, tiled = loops(unit)
            lines += braced_block(body)
            descriptions.append(f"{'+'.join(_names(unit))}: {description}")
            bands += tiled
    description = "; ".join(descriptions) + f"; {FLOATING_POINT_NOTE}"
    # a call on arrays that overlap is wrong, as the parts' loops would be
    return BlasCode(GeneratedNest(lines, parallel, **region_condition(scop, expressions)),
                    description, bands)


def cublas_outcome(source: SourceFile, scop: Scop, dependences: Dependences | None,
                    state: RenderState, outcome: ScopOutcome) -> bool:
    """--blas --target cuda: a SCoP whose statements all become BLAS calls runs them as
    cuBLAS calls (True); otherwise a note says why, and it is offloaded as usual (False).
    Every match is called: on a GPU the library's product is the fast one (the CPU's
    cost model does not judge them)."""
    from polyopt.blas import BlasMatch
    from polyopt.codegen.cublas import Unsupported
    from polyopt.codegen.cuda import NothingToOffload
    from polyopt.codegen.splice import braced_block
    analysis = analyse(source, scop)
    if isinstance(analysis, str) or not analysis.matches:
        why = analysis if isinstance(analysis, str) else "--blas: no statement is a BLAS operation"
        outcome.warnings.append(format_note(f"{why}; the SCoP is offloaded as usual",
                                            scop.region.location))
        return False
    found = ordered(scop, dependences or compute_dependences(scop),
                    units(scop, analysis.matches))
    if found is None:
        outcome.warnings.append(format_note("--blas: the dependences do not let the calls run "
                                            "apart; the SCoP is offloaded as usual",
                                            scop.region.location))
        return False
    # each unit a block of its own, the host's arrays the truth between them: a match's
    # cuBLAS calls, the other statements' kernels (or C, where they stay on the host)
    lines, descriptions, tests = [], [], []
    cuda = Options(target="cuda", defines=[], include_dirs=[])
    # consecutive matches run as one block (one copy of their arrays); a run of other
    # statements is one unit already (blas_pipeline.units)
    grouped: list[list] = []
    for is_match, run in itertools.groupby(found, key=lambda unit: isinstance(unit, BlasMatch)):
        grouped += [list(run)] if is_match else list(run)
    try:
        for unit in grouped:
            if isinstance(unit[0], BlasMatch):
                part = sub_scop(scop, [scop.statement(name) for match in unit
                                       for name in match.statements])
                nest, description = state.device.generate_blas(source, part, unit,
                                                               state.expressions)
            else:
                part = sub_scop(scop, unit)
                scheduled = schedule_scop(part, cuda)
                try:
                    generated = state.device.generate(source, scheduled, state.expressions)
                    nest, description = generated, "+".join(s.name for s in unit) + ": kernels"
                except NothingToOffload:
                    # generated for every size: a part has no text of its own to fall
                    # back to (codegen.versioning), only the whole region has
                    scheduled = schedule_scop(part, replace_dataclass(cuda, target="c",
                                                                      versioning=False))
                    nest = generate(scheduled, state.expressions)
                    description = "+".join(s.name for s in unit) + ": C on the host"
            lines += braced_block(nest.lines)
            descriptions.append(description)
            tests.append(nest.condition)      # its copies (or its cells, on the host)
    except Unsupported as error:
        outcome.warnings.append(format_note(f"--blas --target cuda: {error}; the SCoP is "
                                            "offloaded as usual", scop.region.location))
        return False
    except CodegenError as error:
        outcome.warnings.append(format_warning(f"{error.message}; SCoP left unchanged",
                                               error.location))
        return True
    if len(grouped) > 1:
        outcome.warnings.append(format_note(
            "--blas --target cuda: the calls and the other statements run one after another, "
            "each copying its arrays to the GPU and back", scop.region.location))
    # the whole region's cells apart (the order of its parts rests on it), and each
    # part's copies
    tested = region_condition(scop, state.expressions)
    tested["condition"] = joined_condition([tested["condition"], *tests])
    outcome.nest = GeneratedNest(lines, [], **tested)
    outcome.report = ScopReport(scop.region.location, len(scop.statements),
                                f"{'; '.join(descriptions)}; {FLOATING_POINT_NOTE}", [], [],
                                condition=tested["summary"])
    return True


def blas_outcome(source: SourceFile, scop: Scop, dependences: Dependences | None,
                  options: Options, state: RenderState, outcome: ScopOutcome) -> bool:
    """--blas: the SCoP's code with calls where statements match (True), or a note
    saying why not and False (the SCoP is then optimized as usual)."""
    analysis = analyse(source, scop)
    if isinstance(analysis, str) or not analysis.matches:
        why = analysis if isinstance(analysis, str) else "--blas: no statement is a BLAS operation"
        outcome.warnings.append(format_note(why, scop.region.location))
        return False
    verdicts = []
    if options.blas_mode == "auto":
        from polyopt.blas import paying_matches
        analysis, verdicts = paying_matches(scop, dependences or compute_dependences(scop),
                                            analysis, options.tile_sizes)
        if not analysis.matches:
            outcome.warnings.append(format_note(
                "--blas: no call is predicted to beat the loops: " + "; ".join(
                    verdict.describe() for verdict in verdicts), scop.region.location))
            return False
    try:
        code = blas_code(source, scop, dependences, options, state.expressions, analysis)
    except CodegenError as error:
        code = f"--blas: {error.message}"
    if isinstance(code, str):
        outcome.warnings.append(format_note(code, scop.region.location))
        return False
    outcome.nest = code.nest
    dropped = [verdict for verdict in verdicts if not verdict.kept]
    if dropped:
        outcome.warnings.append(format_note("--blas: kept as loops, predicted faster: " + "; ".join(
            verdict.describe() for verdict in dropped), scop.region.location))
    outcome.report = ScopReport(scop.region.location, len(scop.statements), code.description,
                                code.tile_bands, code.nest.parallel_loops,
                                condition=code.nest.summary)
    return True
