"""Putting generated code back into the original text; nothing else changes."""

from __future__ import annotations

from polyopt.codegen.expressions import HELPER_MACROS


def macro_lines(names: set[str]) -> list[str]:
    """Guarded definitions of the helper macros used by the generated code."""
    lines = []
    for name in sorted(names):
        lines += [f"#ifndef {name}", HELPER_MACROS[name], "#endif"]
    return lines


def _stays_flush(line: str) -> bool:
    """Empty lines and preprocessor lines start in column 0, except pragmas (OpenMP),
    which indent with the code."""
    return not line or (line.startswith("#") and not line.startswith("#pragma"))


def braced_block(lines: list[str]) -> list[str]:
    """The lines in a block of their own, indented one level inside the braces."""
    return ["{"] + [line if _stays_flush(line) else "  " + line for line in lines] + ["}"]


def indent_block(lines: list[str], indent: str, first_line_indented: bool) -> str:
    """Indent generated lines to sit where the region was; preprocessor lines stay flush."""
    out = []
    for k, line in enumerate(lines):
        if _stays_flush(line):
            out.append(line)
        elif k == 0 and not first_line_indented:
            out.append(line)
        else:
            out.append(indent + line)
    return "\n".join(out)


def splice(text: str, replacements: list[tuple[int, int, str]]) -> str:
    """Replace [start, end) ranges of text; ranges must not overlap."""
    pieces = []
    position = 0
    for start, end, new_text in sorted(replacements):
        pieces.append(text[position:start])
        pieces.append(new_text)
        position = end
    pieces.append(text[position:])
    return "".join(pieces)
