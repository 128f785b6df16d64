"""Macros that a region uses. polyopt reads C without preprocessing, so a macro
must not hide from the model what it needs to see: an access other than one array
element (`#define CUR V[i]`, `#define G(i) a[b[i]]`), a name the region itself
writes, loops over or subscripts (`#define X A`, `#define ROW (i * n)`), or an
expression whose value changes with its context (`#define H 4+4` in `2*H`). A
function-like macro whose body is an expression (`#define IDX(i, j) ((i) * n + (j))`)
or one array element (`#define A(i, j) a[(i) * lda + (j)]`) is expanded where the
model needs it (a subscript, a bound, an access: ``expander``); the generated code
keeps the call. A name of affine.AFFINE_CALLS (`floord`, `min`...) that the file
defines as a macro or function is modelled as polyopt's floor division, minimum...
only where that definition agrees with it at sample points (``affine_meaning``)."""

from __future__ import annotations

import re

from pycparser import c_ast, c_generator, c_parser

from polyopt.frontend.affine import FLOORD_NAMES, MACRO_DEPTH, MAX_NAMES, MIN_NAMES, cast_type
from polyopt.frontend.calls import NUMBER, names_in, walk
from polyopt.frontend.defines import UNDEFINED, macros_at
from polyopt.frontend.sizes import evaluate_with
from polyopt.frontend.source import SourceFile

# Identifiers and preprocessing numbers (1.5e-3f is one).
_TOKEN = re.compile(r"[A-Za-z_]\w*|" + NUMBER.pattern)
# (a preprocessing number first, so that no name is read inside one: the 'e' of 1e-6f)
_NAME_OR_CALL = re.compile(NUMBER.pattern + r"|([A-Za-z_]\w*)(\s*\()?")
# Words a macro body may hold that name nothing in the program.
_TYPE_WORDS = frozenset("""char short int long float double signed unsigned const volatile void
    _Bool _Complex struct union enum typeof __typeof__ __typeof""".split())
_KEYWORDS = _TYPE_WORDS | {"sizeof", "restrict", "__restrict__", "inline"}


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
    definitions = macros_at(source, offset)
    if not definitions:
        return None
    used = set(names_in(text))
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
            if word is None:        # a number
                continue
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
    try:
        parsed = c_parser.CParser().parse(f"{_PARSER_PREFIX}{text}); }}", "<macro>")
    except Exception:       # noqa: BLE001 - pycparser raises several kinds
        return None
    return parsed.ext[0].body.block_items[0]


def _access_base(parameters: list[str] | None, body: str) -> str | None:
    """Where a function-like macro's body is one array element whose subscripts hold
    no other access (`a[(i) * lda + (j)]`, `A[i][j]`, `p[IDX(i, j)]`), the array's
    name in the body (a parameter's, where the array is an argument); else None."""
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
    definitions = macros_at(source, offset)
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
        return _parsed(_TOKEN.sub(lambda m: values.get(m.group(0), m.group(0)), body))

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
    have the value polyopt gives it (keeps_meaning): the macro of that name
    there, or a header's (as the compiler sees it), and the functions of the file
    and its quoted headers that return one expression; a name the file does not
    define keeps it. `judge`: the region's frontend.calls.CallJudge."""
    known: dict[str, bool] = {}

    def meaning(name: str) -> bool:
        if name not in known:
            here = macros_at(source, offset)
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


def keeps_meaning(name: str, parameters: list[str], body: c_ast.Node) -> bool:
    """A definition of `name` (a name of AFFINE_CALLS) by the file, the expression
    `body` of its `parameters` (a macro's body, a function's `return` value), has
    the value polyopt gives the name (floor division, minimum...) at sample points:
    an integer definition that agrees there is one of the usual spellings
    (`((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d)`); a truncating `floord` or a
    `min` that is a maximum is not. Casts to unsigned types are not taken (the
    evaluation does not wrap)."""
    if len(parameters) != 2 or any(
            isinstance(node, c_ast.Cast) and not getattr(cast_type(node, None), "signed", False)
            for node in walk(body)):
        return False
    if name in MIN_NAMES | MAX_NAMES:
        points = [(x, y) for x in range(-5, 6) for y in range(-5, 6)]
        expected = min if name in MIN_NAMES else max
    else:
        points = [(n, d) for n in range(-13, 14) for d in range(1, 5)]
        expected = (lambda n, d: n // d) if name in FLOORD_NAMES else (lambda n, d: -(-n // d))
    return all(evaluate_with(body, dict(zip(parameters, point))) == expected(*point)
               for point in points)
