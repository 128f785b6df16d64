"""Source text handling: reading, comment blanking, pragma regions, positions.

The frontend never preprocesses: macros stay as identifiers (sizes become
parameters) and calls to function-like macros stay calls, so the generated code
uses the same names as the original.
"""

from __future__ import annotations

import bisect
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from polyopt.core.errors import InputError, Location

_PRAGMA_SCOP = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+scop[ \t]*$")
_PRAGMA_ENDSCOP = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+endscop[ \t]*$")
_TYPEDEF = re.compile(r"\btypedef\b[^;{}]*?\b([A-Za-z_]\w*)\s*(?:\[[^;]*\])?\s*;")
_TYPE_WORDS = {"void", "char", "short", "int", "long", "float", "double", "signed",
               "unsigned", "const", "volatile", "_Bool", "_Complex"}
# A preprocessor line with its backslash-newline continuations.
DIRECTIVE = re.compile(r"^[ \t]*#(?:[^\n]*\\[ \t]*\n)*[^\n]*", re.MULTILINE)
NON_PRAGMA_DIRECTIVE = re.compile(r"^[ \t]*#(?![ \t]*pragma\b)(?:[^\n]*\\[ \t]*\n)*[^\n]*",
                                  re.MULTILINE)
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_MAX_HEADERS = 64
_SPLICE = re.compile(r"\\[ \t\r]*$")   # gcc allows blanks between
_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+(.*)$", re.MULTILINE)
# Types a C file gets from the standard headers it includes; pycparser must know them.
STANDARD_TYPEDEFS = (
    "size_t ssize_t ptrdiff_t intptr_t uintptr_t FILE bool wchar_t off_t time_t clock_t "
    "int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t __int128 va_list"
).split()


@dataclass
class SourceFile:
    """A C file as read: its text, name, and a comment-free twin of the same length."""

    name: str
    text: str
    blanked: str = field(init=False)
    _line_starts: list[int] = field(init=False)
    _identifiers: set[str] | None = field(init=False, default=None, repr=False)
    cache: dict = field(init=False, default_factory=dict, repr=False, compare=False)  # parses

    def __post_init__(self) -> None:
        # pycparser rejects '\r': CRLF files parse with it blanked (offsets unchanged).
        self.blanked = blank_comments(self.text).replace("\r", " ")
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]

    def location(self, offset: int) -> Location:
        line = bisect.bisect_right(self._line_starts, offset)
        return Location(self.name, line, offset - self._line_starts[line - 1] + 1)

    def offset(self, line: int, column: int) -> int:
        return self._line_starts[line - 1] + column - 1

    def line_start(self, line: int) -> int:
        return self._line_starts[line - 1]

    def typedef_names(self) -> list[str]:
        """Type names pycparser must know: typedefs, type-like macros, standard types."""
        names = set(STANDARD_TYPEDEFS)
        names.update(m.group(1) for m in _TYPEDEF.finditer(self.blanked))
        for header in self.local_headers():     # '(mylong) -x' is a cast only if mylong is known
            names.update(m.group(1) for m in _TYPEDEF.finditer(blank_comments(header)))
        for match in _DEFINE.finditer(self.blanked):
            words = match.group(2).split()
            if words and all(word in _TYPE_WORDS for word in words):
                names.add(match.group(1))
        return sorted(names)

    def identifier_tokens(self) -> set[str]:
        """Every identifier-like word of the file and of the headers it includes with
        quotes that can be found next to it (macro bodies included): names a generated
        one must not take, since a macro used in a region may expand to any of them."""
        if self._identifiers is None:
            self._identifiers = set(_IDENTIFIER.findall(self.text))
            for header in self.local_headers():
                self._identifiers.update(_IDENTIFIER.findall(header))
        return self._identifiers

    def local_headers(self) -> list[str]:
        """The texts of the headers the file includes with quotes, found next to it
        (and the ones they include), as far as they can be read."""
        if "local headers" not in self.cache:
            directory = Path(self.name).parent if self.name != "<stdin>" else Path.cwd()
            seen: set[Path] = set()
            found: list[str] = []
            todo = [(directory, self.text)]
            while todo and len(seen) < _MAX_HEADERS:
                folder, text = todo.pop()
                for include in _INCLUDE.findall(blank_comments(text)):
                    path = folder / include
                    if path in seen:
                        continue
                    seen.add(path)
                    try:
                        header = path.read_bytes().decode("utf-8", errors="surrogateescape")
                    except OSError:
                        continue
                    found.append(header)
                    todo.append((path.parent, header))
            self.cache["local headers"] = found
        return self.cache["local headers"]

    def definitions(self, names) -> list[str]:
        """The file's `#define` lines for these names and the macros they use, in file order.

        A parameter that is a macro (`#define N 1200`) has its value here; the
        tuning database keys on it, so a schedule searched at one size is not
        reused at another.
        """
        found: dict[str, list[tuple[int, str, str]]] = {}
        for match in _DEFINE.finditer(self.blanked):
            found.setdefault(match.group(1), []).append(
                (match.start(), " ".join(match.group(0).split()), match.group(2)))
        wanted, todo = set(), [name for name in names if name in found]
        while todo:
            name = todo.pop()
            if name not in wanted:
                wanted.add(name)
                todo += [word for _, _, value in found[name]
                         for word in re.findall(r"[A-Za-z_]\w*", value) if word in found]
        return [line for _, line, _ in sorted(entry for name in wanted for entry in found[name])]


def blank_directives(text: str, pragmas: bool = True) -> str:
    """Text with preprocessor lines (pragmas too unless `pragmas` is False) turned
    into spaces, newlines kept, so a parser sees no directive and positions stay."""
    pattern = DIRECTIVE if pragmas else NON_PRAGMA_DIRECTIVE
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
# Larger inputs are refused: a C file this big is not a program polyopt can help,
# and a device (/dev/zero) or an endless pipe would otherwise be read forever.
MAX_INPUT_BYTES = 64 * 1024 * 1024
_CHUNK = 1024 * 1024


def read_source(path: str) -> SourceFile:
    """Read a C file, or standard input for '-'. Bytes that are not UTF-8 survive.

    At most MAX_INPUT_BYTES are read; NUL bytes mean the input is not C text
    (checked as it is read, so /dev/zero is refused at once).
    """
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = _read_bounded(sys.stdin.buffer, name)
        else:
            with open(path, "rb") as stream:
                data = _read_bounded(stream, name)
    except IsADirectoryError:
        raise InputError("is a directory", Location(path)) from None
    except OSError as error:
        raise InputError(error.strerror or str(error), Location(path)) from None
    return SourceFile(name, data.decode("utf-8", errors="surrogateescape"))


def _read_bounded(stream, name: str) -> bytes:
    chunks, size = [], 0
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        if b"\0" in chunk:
            raise InputError("not a C text file (contains NUL bytes)", Location(name))
        size += len(chunk)
        if size > MAX_INPUT_BYTES:
            raise InputError(f"input larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB; "
                             "not a C file polyopt reads", Location(name))
        chunks.append(chunk)


def encode_text(text: str) -> bytes:
    """Inverse of the decoding in read_source: the original bytes round-trip."""
    return text.encode("utf-8", errors="surrogateescape")


def blank_comments(text: str) -> str:
    """Replace comments by spaces (newlines kept), so offsets and columns stay valid."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            for k in range(i, end):
                if out[k] != "\n":
                    out[k] = " "
            i = end
        elif c == "/" and i + 1 < n and text[i + 1] == "/":
            end = _line_comment_end(text, i)
            for k in range(i, end):
                if out[k] != "\n":
                    out[k] = " "
            i = end
        elif c in "\"'":
            i = skip_literal(text, i)
        else:
            i += 1
    return "".join(out)


def _line_comment_end(text: str, i: int) -> int:
    """Offset of the newline ending the `//` comment at text[i]: a backslash-newline
    continues the comment on the next line, as C splices lines before it sees comments."""
    while True:
        end = text.find("\n", i)
        if end < 0:
            return len(text)
        if not _SPLICE.search(text[i:end]):
            return end
        i = end + 1


def splice_lines(text: str) -> str:
    """Text with C's line splices (backslash-newline) joined, as the compiler sees it.

    Each removed newline is put back after the joined logical line, so every
    later line keeps its number: a parse of the result locates statements on the
    lines they start on.
    """
    if "\\" not in text:
        return text
    out, joined, pending = [], [], 0
    for line in text.split("\n"):
        match = _SPLICE.search(line)
        if match:
            joined.append(line[:match.start()])
            pending += 1
            continue
        out.append("".join(joined) + line + "\n" * pending)
        joined, pending = [], 0
    if joined:
        out.append("".join(joined) + "\n" * pending)
    return "\n".join(out)


def skip_literal(text: str, i: int) -> int:
    """Offset just past the string or character literal starting at text[i]."""
    quote = text[i]
    i += 1
    while i < len(text) and text[i] != quote and text[i] != "\n":
        i += 2 if text[i] == "\\" else 1
    return i + 1


@dataclass
class PragmaRegion:
    """Text strictly between a `#pragma scop` line and its `#pragma endscop` line."""

    start: int          # offset of the first character after the scop pragma line
    end: int            # offset of the start of the endscop pragma line
    pragma: Location


def find_pragma_regions(source: SourceFile) -> tuple[list[PragmaRegion], list[tuple[str, Location]]]:
    """Pairs of scop/endscop pragmas; unmatched pragmas are reported as problems."""
    regions: list[PragmaRegion] = []
    problems: list[tuple[str, Location]] = []
    open_at: tuple[int, int] | None = None   # (offset after the line, offset of the line)
    offset = 0
    # C's lines end at '\n' only (str.splitlines also ends them at '\f', U+2028, ...)
    for line in re.findall(r"[^\n]*\n|[^\n]+$", source.blanked):
        stripped = line.rstrip("\r\n")
        if _PRAGMA_SCOP.match(stripped):
            if open_at is not None:
                problems.append(("'#pragma scop' inside another scop region; the outer one is ignored",
                                 source.location(open_at[1])))
            open_at = (offset + len(line), offset)
        elif _PRAGMA_ENDSCOP.match(stripped):
            if open_at is None:
                problems.append(("'#pragma endscop' without a matching '#pragma scop'",
                                 source.location(offset)))
            else:
                regions.append(PragmaRegion(open_at[0], offset, source.location(open_at[1])))
                open_at = None
        offset += len(line)
    if open_at is not None:
        problems.append(("'#pragma scop' without a matching '#pragma endscop'; region left unchanged",
                         source.location(open_at[1])))
    return regions, problems


def line_indent(text: str, offset: int) -> str:
    """Leading whitespace of the line that holds offset, or of the first non-blank
    line after it if that line is blank. (A region found by --auto-scop starts at
    its first statement, after the line's indentation: that indentation is the
    region's, for the braces and the body alike.)"""
    for line in text[text.rfind("\n", 0, offset) + 1:].split("\n"):
        if line.strip():
            return line[: len(line) - len(line.lstrip())]
    return ""
