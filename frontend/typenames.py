"""Type names the parser must know in C that polyopt reads without preprocessing.

pycparser needs every type name declared before it is used. The file's typedefs
are known; a name used as a cast is taken for a type too, since no other C
expression puts an operand right after a parenthesized lone identifier.
"""

from __future__ import annotations

import re

from polyopt.frontend.source import SourceFile

# "(NAME) operand" is a cast: no other C expression puts an operand right after
# a parenthesized lone identifier. Such NAMEs are types defined where polyopt does
# not look (a macro in a header: PolyBench's "(DATA_TYPE) n").
_CAST = re.compile(r"\(\s*([A-Za-z_]\w*)\s*\)\s*(?=[A-Za-z_0-9.(])")
C_KEYWORDS = frozenset("""auto break case char const continue default do double else enum extern
    float for goto if inline int long register restrict return short signed sizeof static struct
    switch typedef union unsigned void volatile while""".split())


def cast_type_names(text: str) -> set[str]:
    """The names `text` puts in parentheses before an operand (casts), C's keywords
    left out."""
    names = set()
    for match in _CAST.finditer(text):
        before = text[:match.start()].rstrip()
        # "f(x) y" and "if (x) y" are not casts: a call or a condition
        if before and (before[-1].isalnum() or before[-1] in "_)]"):
            continue
        if match.group(1) not in C_KEYWORDS:
            names.add(match.group(1))
    return names


def prelude(source: SourceFile, text: str, variables: set[str] = frozenset()) -> str:
    """Type names for the parser of `text`: the file's typedefs and the names used as
    casts, except `variables` (a parameter or local that hides a typedef where the
    text stands: `(len) - 1` is then a subtraction, not a cast)."""
    words = set(re.findall(r"[A-Za-z_]\w*", text))
    names = {name for name in source.typedef_names() if name in words} | cast_type_names(text)
    return " ".join(f"typedef int {name};" for name in sorted(names - variables))
