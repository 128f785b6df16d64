"""The #define and #undef lines of a file: which definitions a macro may have at a
point of it.

polyopt reads C without preprocessing: a macro defined in each branch of an #if
may have any of those bodies where a region stands, and one #undef'd before it is
no macro there.
"""

from __future__ import annotations

import re

from polyopt.frontend.source import SourceFile, splice_lines

_MACRO = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\([^)\n]*\))?"
                    r"((?:[^\n]*\\[ \t]*\n)*[^\n]*)", re.MULTILINE)
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


def macros_at(source: SourceFile, offset: int) -> dict[str, list[tuple[list[str] | None, str]]]:
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
    per branch of an #if; none #undef'd there): macros_at without the
    function-like ones."""
    return {name: [body for _, body in values]
            for name, values in macros_at(source, offset).items()
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
