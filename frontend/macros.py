"""Macros that a region uses. polyopt reads C without preprocessing, so a macro
must not hide from the model what it needs to see: an access to an array or a
name the region itself uses (`#define UP(i, j) A[(i) - 1][j]`, `#define X A`), or
an expression whose value changes with its context (`#define H 4+4` in `2*H`)."""

from __future__ import annotations

import re

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


def _definitions(source: SourceFile) -> dict[str, tuple[list[str] | None, str]]:
    """name -> (parameters of a function-like macro or None, body) for every #define."""
    if "macros" not in source.cache:
        found = {}
        for match in _MACRO.finditer(source.blanked):
            parameters = (None if match.group(2) is None else
                          [p.strip() for p in match.group(2)[1:-1].split(",") if p.strip()])
            found[match.group(1)] = (parameters, splice_lines(match.group(3)).strip())
        source.cache["macros"] = found
    return source.cache["macros"]


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


def hidden_by_macros(source: SourceFile, text: str) -> str | None:
    """Why the region `text` cannot be modelled without expanding its macros, or None."""
    definitions = _definitions(source)
    if not definitions:
        return None
    used = set(_IDENTIFIER.findall(text))
    reached: dict[str, str] = {}          # name a macro body reads -> the macro used

    def visit(name: str, root: str, seen: frozenset) -> str | None:
        parameters, body = definitions[name]
        if "[" in body:
            return f"macro '{name}' hides an array access ('{body}')"
        tokens = _TOKEN.findall(body)
        if (parameters is None and len(tokens) > 1 and not _parenthesized(body)
                and not _TYPE_WORDS.intersection(tokens)):      # a type is no value
            return (f"macro '{name}' expands to '{body}', which is not parenthesized: its value "
                    "depends on the expression around it")
        for match in _NAME_OR_CALL.finditer(body):
            word, call = match.group(1), match.group(2)
            if word in _KEYWORDS or (parameters and word in parameters):
                continue
            if word in definitions and word not in seen:
                problem = visit(word, root, seen | {word})
                if problem:
                    return problem
                continue
            if call:        # a function: calls in a region are taken as pure (README)
                continue
            if word in used:
                return f"macro '{name}' names '{word}', which the region also uses"
            if reached.setdefault(word, root) != root:
                return (f"macros '{reached[word]}' and '{root}' both name '{word}': "
                        "the region would see two names for one thing")
        return None

    for name in sorted(used & definitions.keys()):
        problem = visit(name, name, frozenset({name}))
        if problem:
            return problem
    return None
