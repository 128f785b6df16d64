"""Macros that a region uses. polyopt reads C without preprocessing, so a macro
must not hide from the model what it needs to see: an access other than one array
element (`#define CUR V[i]`, `#define G(i) a[b[i]]`), a name the region itself
writes, loops over or subscripts (`#define X A`, `#define ROW (i * n)`), or an
expression whose value changes with its context (`#define H 4+4` in `2*H`). A
function-like macro whose body is an expression (`#define IDX(i, j) ((i) * n + (j))`)
or one array element (`#define A(i, j) a[(i) * lda + (j)]`) is expanded where the
model needs it (a subscript, a bound, an access: ``expander``); the generated code
keeps the call."""

from __future__ import annotations

import re

from polyopt.frontend.affine import MACRO_DEPTH, keeps_meaning
from polyopt.frontend.source import SourceFile, splice_lines

_MACRO = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\([^)\n]*\))?"
                    r"((?:[^\n]*\\[ \t]*\n)*[^\n]*)", re.MULTILINE)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# Identifiers and preprocessing numbers (1.5e-3f is one).
_TOKEN = re.compile(r"[A-Za-z_]\w*|\.?\d(?:[eEpP][+-]|[\w.])*")
_NAME_OR_CALL = re.compile(r"([A-Za-z_]\w*)(\s*\()?")
# Words a macro body may hold that name nothing in the program.
_TYPE_WORDS = frozenset("""char short int long float double signed unsigned const volatile void
    _Bool _Complex struct union enum typeof __typeof__ __typeof""".split())
_KEYWORDS = _TYPE_WORDS | {"sizeof", "restrict", "__restrict__", "inline"}


_CONDITIONAL = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|endif|undef)\b[ \t]*(\w*)",
                          re.MULTILINE)
UNDEFINED = None        # a macro's value after #undef


def _history(source: SourceFile) -> dict[str, list[tuple[int, bool, tuple | None]]]:
    """name -> [(offset, inside an #if, (parameters or None, body) or UNDEFINED)] for
    every #define and #undef of the file, in order."""
    if "macro history" not in source.cache:
        events = []         # (offset, directive, name, value)
        for match in _MACRO.finditer(source.blanked):
            parameters = (None if match.group(2) is None else
                          [p.strip() for p in match.group(2)[1:-1].split(",") if p.strip()])
            events.append((match.start(), "define", match.group(1),
                           (parameters, splice_lines(match.group(3)).strip())))
        events += [(match.start(), match.group(1), match.group(2), UNDEFINED)
                   for match in _CONDITIONAL.finditer(source.blanked)]
        history: dict[str, list] = {}
        depth = 0
        for start, directive, name, value in sorted(events, key=lambda event: event[0]):
            if directive in ("define", "undef"):
                history.setdefault(name, []).append((start, depth > 0, value))
            else:
                depth += -1 if directive == "endif" else 1
        source.cache["macro history"] = history
    return source.cache["macro history"]


def _definitions(source: SourceFile, offset: int) -> dict[str, list[tuple[list[str] | None, str]]]:
    """name -> the definitions (parameters of a function-like macro or None, body) a
    macro may have at `offset` of the file: the last #define before it, or every one
    since the last outside an #if (one per branch); a name #undef'd there, or
    defined after the offset only, is no macro at the offset."""
    key = ("macros at", offset)
    if key not in source.cache:
        found = {}
        for name, history in _history(source).items():
            values: list = []
            for start, conditional, value in history:
                if start >= offset:
                    break
                if not conditional:
                    values = []
                if value not in values:
                    values.append(value)
            if values and values != [UNDEFINED]:
                found[name] = values
        source.cache[key] = found
    return source.cache[key]


def object_macros(source: SourceFile, offset: int) -> dict[str, list[str]]:
    """name -> the bodies an object-like macro may have at `offset` of the file (one
    per branch of an #if; none #undef'd there): _definitions without the
    function-like ones."""
    return {name: [body for _, body in values]
            for name, values in _definitions(source, offset).items()
            if all(parameters is None for parameters, _ in values)}


def redefined(source: SourceFile) -> dict[str, list[tuple[list[str] | None, str]]]:
    """The macros the file or a header it includes with quotes defines more than one
    way, or #undefs: name -> every definition written. Where the compiler's final
    view (`-dM`) gives a region's macro one body, such a macro may have had another
    at the region."""
    if "redefined macros" not in source.cache:
        found: dict[str, list] = {}
        for text_source in [source, *(SourceFile(f"<header {k}>", text)
                                      for k, text in enumerate(source.local_headers()))]:
            for name, history in _history(text_source).items():
                values = found.setdefault(name, [])
                values += [value for _, _, value in history if value not in values]
        source.cache["redefined macros"] = {
            name: [value for value in values if value is not UNDEFINED]
            for name, values in found.items() if len(values) > 1}
    return source.cache["redefined macros"]


def _parenthesized(body: str) -> bool:
    """The whole body is one parenthesized expression."""
    if not body.startswith("(") or not body.endswith(")"):
        return False
    depth = 0
    for k, char in enumerate(body):
        depth += char == "("
        depth -= char == ")"
        if depth == 0 and k < len(body) - 1:
            return False
    return True


def hidden_by_macros(source: SourceFile, text: str, offset: int) -> str | None:
    """Why the region `text` (at `offset` of the file) cannot be modelled without
    expanding its macros, or None. A macro with several possible definitions there
    (branches of an #if) is checked in each."""
    definitions = _definitions(source, offset)
    if not definitions:
        return None
    used = set(_IDENTIFIER.findall(text))
    reached: dict[str, str] = {}          # name a macro body reads -> the macro used

    def visit(name: str, root: str, seen: frozenset) -> str | None:
        for definition in definitions[name]:
            if definition is not UNDEFINED:
                problem = visit_one(name, definition, root, seen)
                if problem:
                    return problem
        return None

    def visit_one(name: str, definition, root: str, seen: frozenset) -> str | None:
        parameters, body = definition
        exempt = set()
        if "[" in body:
            base = _access_base(parameters, body)
            if base is None:
                return f"macro '{name}' hides an array access ('{body}')"
            exempt.add(base)        # the model reads the access from its expansion
        tokens = _TOKEN.findall(body)
        if (parameters is None and len(tokens) > 1 and not _parenthesized(body)
                and not _TYPE_WORDS.intersection(tokens)):      # a type is no value
            return (f"macro '{name}' expands to '{body}', which is not parenthesized: its value "
                    "depends on the expression around it")
        for match in _NAME_OR_CALL.finditer(body):
            word, call = match.group(1), match.group(2)
            if word in _KEYWORDS or (parameters and word in parameters) or word in exempt:
                continue
            if word in definitions and word not in seen:
                problem = visit(word, root, seen | {word})
                if problem:
                    return problem
                continue
            if call:        # a function: calls in a region are taken as pure (README)
                continue
            if word in used and _changed_or_subscripted(word, text):
                return f"macro '{name}' names '{word}', which the region also uses"
            # two names for one array (or a variable the region writes) would hide
            # their dependences; two for one size only make the model less exact
            if not aliases(root):
                continue
            if reached.setdefault(word, root) != root:
                return (f"macros '{reached[word]}' and '{root}' both name '{word}': "
                        "the region would see two names for one thing")
        return None

    def aliases(root: str) -> bool:
        """The model takes macro `root` for an array or a variable it writes."""
        return any(definition is not UNDEFINED and definition[0] is None
                   for definition in definitions[root]) and _changed_or_subscripted(root, text)

    for name in sorted(used & definitions.keys()):
        problem = visit(name, name, frozenset({name}))
        if problem:
            return problem
    return None


_PARSER_PREFIX = "void polyopt_macro(void) { ("


def _parsed(text: str):
    """The expression `text` as pycparser reads it, or None."""
    from pycparser import c_parser
    try:
        parsed = c_parser.CParser().parse(f"{_PARSER_PREFIX}{text}); }}", "<macro>")
    except Exception:       # noqa: BLE001 - pycparser raises several kinds
        return None
    return parsed.ext[0].body.block_items[0]


def _access_base(parameters: list[str] | None, body: str) -> str | None:
    """Where a function-like macro's body is one array element whose subscripts hold
    no other access (`a[(i) * lda + (j)]`, `A[i][j]`, `p[IDX(i, j)]`), the array's
    name in the body (a parameter's, where the array is an argument); else None."""
    from pycparser import c_ast
    if parameters is None or "#" in body:
        return None
    node = _parsed(body)
    if not isinstance(node, c_ast.ArrayRef):
        return None
    levels = 0
    while isinstance(node, c_ast.ArrayRef):
        levels += 1
        node = node.name
    if not isinstance(node, c_ast.ID) or body.count("[") != levels:
        return None             # a base that is no name, or an access in a subscript
    return node.name


def _changed_or_subscripted(word: str, text: str) -> bool:
    """`word` is assigned, incremented, a loop's iterator or subscripted in `text`
    (a macro naming it would hide a dependence, or a renamed iterator); a name the
    region only reads (a size) may be named by a macro too."""
    name = re.escape(word)
    return bool(re.search(rf"\b{name}\s*(?:\[|(?:[-+*/%&|^]|<<|>>)?=(?!=)|\+\+|--)"
                          rf"|(?:\+\+|--)\s*{name}\b", text))


def expander(source: SourceFile, offset: int):
    """For the region at `offset` of the file, a function from a call node (pycparser
    FuncCall) to the expression its function-like macro expands to (a pycparser node;
    the body's parameters replaced by the arguments' text, as the preprocessor does; a
    body that is a call of another such macro expanded in turn, `#define AT(i, j)
    A(IDX(i), j)`), or None where the
    name is no such macro, its body is no expression pycparser reads, uses # or ##,
    or holds an access other than one array element (_access_base), or where the macro
    may have another definition there (branches of an #if)."""
    from pycparser import c_ast, c_generator
    definitions = _definitions(source, offset)
    printer = c_generator.CGenerator()

    def once(call) -> object | None:
        name = getattr(call.name, "name", None)
        if name not in definitions or len(definitions[name]) != 1:
            return None
        parameters, body = definitions[name][0]
        arguments = call.args.exprs if call.args is not None else []
        if parameters is None or len(parameters) != len(arguments) or "#" in body \
                or "..." in parameters or ("[" in body and _access_base(parameters, body) is None):
            return None
        values = {p: printer.visit(a) for p, a in zip(parameters, arguments)}
        return _parsed(_IDENTIFIER.sub(lambda m: values.get(m.group(0), m.group(0)), body))

    def expand(call) -> object | None:
        expansion = None
        for _ in range(MACRO_DEPTH):
            following = once(call)
            if following is None:
                return expansion
            if not isinstance(following, c_ast.FuncCall):
                return following
            expansion = call = following
        return None             # a chain that does not end (a macro naming itself)

    return expand


def affine_meaning(source: SourceFile, offset: int, judge=None):
    """For the region at `offset` of the file, a function from a name of
    affine.AFFINE_CALLS (`floord`, `min`...) to whether the file's definitions of it
    have the value polyopt gives it (affine.keeps_meaning): the macro of that name
    there, or a header's (as the compiler sees it), and the functions of the file
    and its quoted headers that return one expression; a name the file does not
    define keeps it. `judge`: the region's frontend.calls.CallJudge."""
    from pycparser import c_ast
    known: dict[str, bool] = {}

    def meaning(name: str) -> bool:
        if name not in known:
            here = _definitions(source, offset)
            definitions = ([d for d in here[name] if d is not UNDEFINED] if name in here
                           else [] if judge is None else judge.macros()[0].get(name, []))
            bodies = [(parameters or [], None if parameters is None else _parsed(body))
                      for parameters, body in definitions]
            for function in ([] if judge is None else judge.definitions().get(name, [])):
                arguments = function.decl.type.args
                items = function.body.block_items or []
                returned = (items[0].expr if len(items) == 1 and isinstance(items[0], c_ast.Return)
                            else None)
                bodies.append(([getattr(p, "name", None) for p in
                                (arguments.params if arguments else [])], returned))
            known[name] = all(body is not None and keeps_meaning(name, parameters, body)
                              for parameters, body in bodies)
        return known[name]

    return meaning
