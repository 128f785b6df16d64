"""SCoPs of a C file: the regions to model, each parsed and modelled with isl.

``extract_scops`` takes the regions marked with '#pragma scop' (or, with
--auto-scop, the maximal runs of loop nests it can model), checks each against
what its text and the file's declarations show, and returns the modelled SCoPs
and, for each region it could not model, a diagnostic saying where and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pycparser import c_ast, c_parser

from polyopt.core.deepstack import deep_stack
from polyopt.core.dependences import compute_dependences
from polyopt.core.errors import Location, ParseError
from polyopt.core.scop import ROWS, Region, Scop, original_lines, testable_arrays
from polyopt.frontend.calls import MACRO_NAME, CallJudge
from polyopt.frontend.declarations import (OBJECT, POINTER, RESTRICT, DeclarationError, Scope,
                                           element_types, enumerators, file_scope, row_blocks,
                                           scope_at, scope_private_scalars, storage_kinds,
                                           variables_at, volatile_names)
from polyopt.frontend.extract import ScopBuilder, Unmodelled
from polyopt.frontend.home_cells import exact, rewritten
from polyopt.frontend.integers import IntegerTypes
from polyopt.frontend.macros import affine_meaning, expander, hidden_by_macros
from polyopt.frontend.source import (DIRECTIVE, SourceFile, blank_directives, find_pragma_regions,
                                     line_indent, skip_literal, splice_lines)
from polyopt.frontend.typenames import prelude

_PARSE_MESSAGE = re.compile(r"^(.*?):(\d+):(\d+): (.*)$", re.DOTALL)
_WRAPPER = "polyopt_region"
# GNU typeof: pycparser parses '(typeof(x))(y)' as a call of a call and prints it
# back without the cast's parentheses, which no longer compiles.
_TYPEOF = re.compile(r"\b(?:__typeof__|__typeof|typeof)\b")
_LINE_MACRO = re.compile(r"\b__LINE__\b")
# The file name the parser is given: the user's may hold '"', a newline or ':',
# which a '#line' directive or an error message cannot carry. Parse errors are
# located with the user's name again (`_parse`).
_PARSED_NAME = "polyopt-input"
TOO_DEEP = "expression nested too deeply for polyopt (Python's recursion limit)"


@dataclass
class Diagnostic:
    """A region left unchanged, and why."""

    message: str
    location: Location | None


@dataclass
class FrontendResult:
    scops: list[Scop] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


@deep_stack
def extract_scops(source: SourceFile, auto_scop: bool = False, defines=None,
                  include_dirs=None) -> FrontendResult:
    """Model every SCoP of the file: pragma regions, or maximal affine loop nests.
    `defines` and `include_dirs` (the user's -D and -I) tell the macros a region's
    calls expand to (frontend.calls)."""
    judge = CallJudge(source, defines, include_dirs)
    result = _auto_scops(source, judge) if auto_scop else _pragma_scops(source, judge)
    if not auto_scop:              # --auto-scop checked each region it tried (_try_model)
        kept = []
        for scop in result.scops:
            problem = _declared_problem(source, scop, judge)
            if problem is not None:
                result.diagnostics.append(problem)
                continue
            kept.append(_with_home_cells(source, scop, judge))
        result.scops = kept
    return result


def _declared_problem(source: SourceFile, scop: Scop, judge: CallJudge) -> Diagnostic | None:
    """What the declarations of the file show wrong with a SCoP's model (a volatile
    name; a global read behind a call that a written pointer may reach), after its
    arrays get their element types and storage; None where nothing is."""
    volatile = volatile_names(source, scop.region.start, sorted(scop.identifiers))
    if volatile:
        name = volatile[0]
        where = next((access.location for statement in scop.statements
                      for access in statement.accesses if access.array == name),
                     scop.region.location)
        return Diagnostic(f"'{name}' is declared volatile (or _Atomic): each of its accesses "
                          "must stay in its order and number; region left unchanged", where)
    scop.definitions = source.definitions(scop.c_parameters)
    scop.file_identifiers = source.identifier_tokens()
    # the else branch of versioned code (the size, model and overlap tests)
    scop.original_lines = original_lines(source.text[scop.region.start:scop.region.end],
                                         scop.region.indent)
    _record_element_types(source, scop)
    return _hidden_array_read(source, scop, judge)


def _with_home_cells(source: SourceFile, scop: Scop, judge: CallJudge) -> Scop:
    """The SCoP with each scalar that stands in for an array cell replaced by the cell
    where that is exact (frontend.home_cells), else `scop` itself."""
    scalars = {name: array.element_type for name, array in scop.arrays.items()
               if not array.rank and array.written and array.element_type}
    if not scalars:
        return scop
    private = scope_private_scalars(source, scop)
    scalars = {name: kind for name, kind in scalars.items() if name in private}
    types = {name: array.element_type for name, array in scop.arrays.items()
             if array.rank and array.element_type}
    if not scalars or not types:
        return scop
    start, only = scop.region.start, None
    try:
        body = _parse_region(source, start, scop.region.end)
        flow = None
        while True:
            new_body, cells = rewritten(body, scalars, types, only)
            if not cells:
                return scop
            made = ScopBuilder(source.name, scop.region, new_body, IntegerTypes(source, start),
                               expander(source, start), judge,
                               affine_meaning(source, start, judge)).build()
            if _declared_problem(source, made, judge) is not None:
                return scop
            if flow is None:
                flow = compute_dependences(scop).by_array
            passed = {home.init for home in cells
                      if exact(scop, flow.get(("flow", home.scalar)), made, home)}
            if len(passed) == len(cells):
                made.replaced_scalars = sorted({home.scalar for home in cells})
                return made
            only = passed
    except (ParseError, Unmodelled, RecursionError):
        return scop


def _hidden_array_read(source: SourceFile, scop: Scop, judge: CallJudge) -> Diagnostic | None:
    """A variable that a called function or macro reads and that an array the region
    writes may reach: a dependence the model cannot see. Arithmetic scalars are
    compared by name (ScopBuilder); an array, a pointer or a variable of a type polyopt
    does not know (a struct that holds a pointer) may be reached, but for two array
    objects, a const array (the program cannot write it), or a restrict pointer
    written and a variable that cannot be based on it (the program promises). Names
    of macros, enumerators and functions are no variables; a name polyopt cannot
    place is refused (in capitals: taken for a macro of a header it did not find)."""
    if not scop.hidden_reads:
        return None
    functions, objects, _ = judge.macros()
    try:
        scope = scope_at(source, scop.region.start)
    except (DeclarationError, RecursionError):
        scope = Scope({}, None)
    visible = scope.declarations
    tested = {array.name for array in testable_arrays(scop)}
    globals_ = file_scope(source)
    values = judge.value_types()
    for function, reads, where in scop.hidden_reads:
        names = [name for name in sorted(reads)
                 if not (name in scop.c_parameters or name in functions or name in objects
                         or name in enumerators(source) or name in judge.definitions()
                         or judge.declared(name) or name in scop.arrays
                         and not scop.arrays[name].rank)]
        kinds = storage_kinds(source, scop.region.start, [n for n in names if n in visible])
        for name in names:
            declaration = visible.get(name) or globals_.get(name)
            if declaration is None and name not in visible and name not in globals_:
                if MACRO_NAME.fullmatch(name):
                    continue        # a macro constant of a header polyopt did not find
                return Diagnostic(f"'{function}' reads '{name}', which polyopt cannot place "
                                  "(a dependence it cannot see?); region left unchanged", where)
            if declaration is not None and not declaration.extents and all(
                    word in values for word in declaration.element_type.split()):
                continue            # an arithmetic scalar
            if (declaration is not None and declaration.extents and not declaration.pointer
                    and "const" in declaration.qualifiers):
                continue            # a const array: nothing writes it
            kind = kinds.get(name) if name in visible else (
                None if declaration is None else POINTER if declaration.pointer else OBJECT)
            # a global array object of known size, seen by this name in the region's
            # function: its whole extent joins the run-time overlap test
            testable = (kind == OBJECT and name in scope.file_scope and name in visible
                        and name not in scope.parameters and name not in scope.locals
                        and declaration is not None and bool(declaration.extents)
                        and all(extent is not None for extent in declaration.extents))
            for written in scop.arrays.values():
                if not (written.written and written.rank and written.name != name):
                    continue
                if kind == OBJECT and written.storage == OBJECT:
                    continue
                if written.storage == RESTRICT and kind in (OBJECT, POINTER, RESTRICT):
                    continue
                if testable and written.name in tested:
                    if (written.name, name) not in scop.hidden_pairs:
                        scop.hidden_pairs.append((written.name, name))
                    continue
                return Diagnostic(
                    f"'{function}' reads '{name}', which '{written.name}' may point into "
                    "(a dependence the model cannot see); region left unchanged", where)
    return None


def _record_element_types(source: SourceFile, scop: Scop) -> None:
    """Each array's declared element type and storage, where the file's declarations
    show them."""
    found = element_types(source, scop.region.start, scop.arrays)
    arrays = [name for name, array in scop.arrays.items() if array.rank]
    kinds = storage_kinds(source, scop.region.start, arrays)
    blocks = row_blocks(source, scop.region.start, arrays)
    for name, array in scop.arrays.items():
        array.element_type = scop.locals.get(name) or found.get(name)
        array.storage = kinds.get(name, array.storage)
        if array.storage == ROWS and blocks.get(name, array.rank) < array.rank:
            array.row_block = blocks[name]


def _is_a_body(source: SourceFile, start: int) -> bool:
    """The region (starting at `start`, after its pragma line) stands where one
    statement goes, e.g. right after 'if (...)' or 'else': what is before it, past
    blanks and preprocessor lines, ends neither a statement nor a block."""
    before = blank_directives(source.blanked[:start]).rstrip()
    return bool(before) and before[-1] not in ";{}:"


def _braces_unbalanced(text: str) -> bool:
    """A '}' closes a block opened before the region, or a '{' stays open."""
    depth = 0
    for char in text:
        depth += char == "{"
        depth -= char == "}"
        if depth < 0:
            return True
    return depth != 0


def _text_problem(source: SourceFile, start: int, text: str) -> tuple[str, int | None] | None:
    """Why the region `text` (at offset `start`) cannot be rewritten, whatever its
    loops are, and the offset to point at (None: the region's): a directive, a macro
    that hides what the model needs, braces that do not balance, GNU typeof, __LINE__."""
    directive = DIRECTIVE.search(text)
    if directive:
        return "preprocessor directive inside the region", start + directive.start()
    hidden = hidden_by_macros(source, text, start)
    if hidden:
        return hidden, None
    if _braces_unbalanced(text):
        return "the region's braces do not balance (it spans blocks or functions)", None
    typeof = _TYPEOF.search(text)
    if typeof:
        return (f"'{typeof.group(0)}' (GNU C) inside the region: pycparser reads it as a "
                "function call", start + typeof.start())
    line = _LINE_MACRO.search(text)
    if line:
        return "__LINE__ inside the region: the new code has other lines", start + line.start()
    return None


def _pragma_scops(source: SourceFile, judge: CallJudge) -> FrontendResult:
    result = FrontendResult()
    regions, problems = find_pragma_regions(source)
    result.diagnostics.extend(Diagnostic(message, location) for message, location in problems)
    for pragma_region in regions:
        start, end = pragma_region.start, pragma_region.end
        region = Region(start, end, source.location(start), line_indent(source.text, start),
                        from_pragma=True, braced=_is_a_body(source, start))
        text = source.blanked[start:end]
        problem = _text_problem(source, start, text)
        if problem:
            message, offset = problem
            result.diagnostics.append(Diagnostic(
                f"{message}; region left unchanged",
                pragma_region.pragma if offset is None else source.location(offset)))
            continue
        body = None
        try:
            body = _parse_region(source, start, end)
            result.scops.append(ScopBuilder(source.name, region, body,
                                            IntegerTypes(source, start),
                                            expander(source, start), judge,
                                            affine_meaning(source, start, judge)).build())
        except ParseError as error:
            # Valid C that pycparser does not know (GNU extensions, a macro used as a
            # statement) is as likely as a real mistake: either way only this region
            # is left as it is, and the compiler has the last word.
            result.diagnostics.append(Diagnostic(f"{error.message}; region left unchanged",
                                                 error.location))
        except Unmodelled as error:
            parts = _partial_scops(source, body, judge) if body is not None else []
            result.scops.extend(parts)
            message = error.message
            if parts:
                message = (message.replace("; region left unchanged", "")
                           + f"; this part of the region stays as written, its other loop "
                             f"nests are optimized on their own ({len(parts)} SCoP(s): "
                           + ", ".join(f"line {scop.region.location.line}" for scop in parts)
                           + ")")
            result.diagnostics.append(Diagnostic(message, error.location))
        except RecursionError:
            result.diagnostics.append(Diagnostic(f"{TOO_DEEP}; region left unchanged",
                                                 pragma_region.pragma))
    return result


def _partial_scops(source: SourceFile, body: list[c_ast.Node], judge: CallJudge) -> list[Scop]:
    """Where a marked region as a whole is not modelled (one statement is not affine),
    the maximal runs of its top-level loop nests that are, each a SCoP of its own as
    --auto-scop makes them (the iterators get the values the loops as written leave);
    a nest that holds the statement stays as written, inner loops included."""
    found = FrontendResult()
    try:
        _find_nests(source, c_ast.Compound(body), found, judge, inside=False)
    except RecursionError:
        return []
    return found.scops


def _parse(source: SourceFile, text: str, first: Location, last: Location) -> c_ast.FileAST:
    """Parse; errors are located inside [first, last] (the wrapper is not the user's)."""
    try:
        return c_parser.CParser().parse(text, _PARSED_NAME)
    except c_parser.ParseError as error:
        message = str(error)
        match = _PARSE_MESSAGE.match(message)
        if match:
            location = Location(source.name, int(match.group(2)), int(match.group(3)))
            detail = match.group(4).strip()
            if location.line > last.line:
                location, detail = last, "syntax error at the end of the region (missing ';' or '}'?)"
        else:
            prefix = f"{_PARSED_NAME}: "
            detail = message[len(prefix):] if message.startswith(prefix) else message
            location = first
        if detail.startswith("before"):
            detail = f"syntax error {detail}"
        raise ParseError(detail, location) from None


def _parse_region(source: SourceFile, start: int, end: int) -> list[c_ast.Node]:
    """Parse region text as a function body; coordinates are those of the file."""
    region_text = splice_lines(source.blanked[start:end])
    line = source.location(start).line
    text = (f"{prelude(source, region_text, variables_at(source, start))}\n"
            f"void {_WRAPPER}(void) {{\n"
            f'#line {line} "{_PARSED_NAME}"\n{region_text}\n}}\n')
    tree = _parse(source, text, source.location(start), source.location(end))
    function = tree.ext[-1]
    return list(function.body.block_items or [])


# -- automatic SCoP detection -------------------------------------------------

def _auto_scops(source: SourceFile, judge: CallJudge) -> FrontendResult:
    result = FrontendResult()
    # Directives are blanked, except pragmas: the parser keeps those, and a loop
    # under the user's own '#pragma omp' must stay as it is.
    text = blank_directives(source.blanked, pragmas=False)
    try:
        tree = _parse(source, f'{prelude(source, text)}\n#line 1 "{_PARSED_NAME}"\n{text}',
                      Location(source.name, 1, 1), source.location(len(text)))
    except RecursionError:
        result.diagnostics.append(Diagnostic(f"--auto-scop: {TOO_DEEP}; file left unchanged",
                                             Location(source.name)))
        return result
    except ParseError as error:
        result.diagnostics.append(Diagnostic(
            f"--auto-scop cannot parse the file without preprocessing ({error.message}); "
            "mark regions with '#pragma scop' instead", error.location))
        return result
    for node in tree.ext:
        if isinstance(node, c_ast.FuncDef):
            _find_nests(source, node.body, result, judge)
    return result


def _find_nests(source: SourceFile, compound: c_ast.Node, result: FrontendResult,
                judge: CallJudge, inside: bool = True) -> None:
    """Maximal runs of consecutive modellable loop nests among a block's statements
    (and, with `inside`, in the blocks of the statements that are not)."""
    items = list(compound.block_items or []) if isinstance(compound, c_ast.Compound) else [compound]
    i = 0
    while i < len(items):
        scop = None
        # A loop right after a pragma (e.g. '#pragma omp parallel for') is the user's own.
        after_pragma = i > 0 and isinstance(items[i - 1], c_ast.Pragma)
        if isinstance(items[i], c_ast.For) and not after_pragma:
            scop = _try_model(source, items[i:i + 1], judge)
        if scop is None:
            for child in _sub_blocks(items[i]) if inside else []:
                _find_nests(source, child, result, judge)
            i += 1
            continue
        j = i + 1
        while j < len(items) and isinstance(items[j], c_ast.For):
            longer = _try_model(source, items[i:j + 1], judge)
            if longer is None:
                break
            scop, j = longer, j + 1
        result.scops.append(scop)
        i = j


def _sub_blocks(node: c_ast.Node) -> list[c_ast.Node]:
    if isinstance(node, (c_ast.For, c_ast.While, c_ast.DoWhile)):
        return [node.stmt]
    if isinstance(node, c_ast.If):
        return [b for b in (node.iftrue, node.iffalse) if b is not None]
    if isinstance(node, c_ast.Compound):
        return [node]
    return []


def _try_model(source: SourceFile, nodes: list[c_ast.Node], judge: CallJudge) -> Scop | None:
    start = source.offset(nodes[0].coord.line, nodes[0].coord.column)
    end = statement_end(source, nodes[-1])
    text = source.blanked[start:end]
    if _text_problem(source, start, text):
        # e.g. a directive the parser saw blanked: a rewritten region would lose
        # it, run both sides of an #if, or move a #define
        return None
    region = Region(start, end, source.location(start), line_indent(source.text, start),
                    from_pragma=False)
    try:
        scop = ScopBuilder(source.name, region, nodes, IntegerTypes(source, start),
                           expander(source, start), judge,
                           affine_meaning(source, start, judge)).build()
    except (Unmodelled, RecursionError):
        return None
    # checked here, so that a refused loop leaves the nests around it to be found
    if _declared_problem(source, scop, judge) is not None:
        return None
    return _with_home_cells(source, scop, judge)


def statement_end(source: SourceFile, node: c_ast.Node) -> int:
    """Offset just past the last character of a statement."""
    if isinstance(node, c_ast.For):
        return statement_end(source, node.stmt)
    if isinstance(node, c_ast.If):
        return statement_end(source, node.iffalse if node.iffalse is not None else node.iftrue)
    start = source.offset(node.coord.line, node.coord.column)
    text = source.blanked
    closing = "}" if isinstance(node, c_ast.Compound) else ";"
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c in "\"'":
            i = skip_literal(text, i)
            continue
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
            if closing == "}" and depth == 0 and c == "}":
                return i + 1
        elif c == ";" and closing == ";" and depth == 0:
            return i + 1
        i += 1
    return len(text)

