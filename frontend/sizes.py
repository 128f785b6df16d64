"""The values of a SCoP's size parameters, as the file defines them.

A file usually chooses its sizes with the preprocessor (`#define N 1200`, or a
chain `#if defined(SMALL_DATASET) # define N 60 #elif ...`), and a build picks a
branch with `-D` flags. ``known_values`` evaluates that choice under the user's
``--define`` options: it runs the C preprocessor (`gcc -E -dM`, with `-D` for each
define and `-I` for the file's directory and the given include directories) and
evaluates the integer constant expression each parameter's macro expands to. If a
header is missing, it runs again with the file's `#include` lines blanked; without a
preprocessor, or past its time limit, it reads plain `#define NAME <expression>`
lines that the file and its quoted headers give only one way.

A ``--define n=500`` for a parameter that is no macro (a function argument) is a
hint: the value is known for decisions too. The values are for decisions only
(tiling, parallel regions, the choice of schedule); the generated code stays right
for every size. Nothing here fails a run: what cannot be evaluated stays unknown.
"""

from __future__ import annotations

import functools
import logging
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

from pycparser import c_ast, c_parser

from polyopt.frontend.affine import NotAffine, integer_constant
from polyopt.frontend.source import SourceFile, blank_comments

log = logging.getLogger(__name__)

# Seconds the preprocessor runs of one file may take together.
PREPROCESSOR_SECONDS = 5.0
# Preprocessors tried in turn: each understands -E -dM -D -I.
PREPROCESSORS = ("gcc", "cc", "clang", "cpp")

_NAME = re.compile(r"[A-Za-z_]\w*")
_DEFINE_LINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?![\w(])[ \t]*(.*)$",
                          re.MULTILINE)
_INCLUDE_LINE = re.compile(r"^[ \t]*#[ \t]*include\b[^\n]*$", re.MULTILINE)
_CAST_WORDS = ("char short int long signed unsigned size_t ssize_t ptrdiff_t intptr_t uintptr_t "
               "int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t").split()
_TYPEDEFS = "".join(f"typedef long {name};\n" for name in _CAST_WORDS if "_" in name)
_LIMIT = 1 << 62      # larger values are not sizes (and isl's from_si needs less than 2**63)


def parse_define(text: str) -> tuple[str, str]:
    """`NAME` or `NAME=VALUE` (as `-D` takes it) -> (NAME, VALUE); VALUE is "1" when
    absent, as for `-D`. ValueError if NAME is not an identifier."""
    name, _, value = text.partition("=")
    name = name.strip()
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        raise ValueError(f"'{text}' is not NAME or NAME=VALUE with NAME an identifier")
    return name, value.strip() if "=" in text else "1"


def known_values(source: SourceFile, parameters: list[str], defines: list[str] | None = None,
                 include_dirs: list[str] | None = None) -> dict[str, int]:
    """The integer value of each parameter the file (with `defines`) gives one, for
    decisions only; parameters without one are left out."""
    if not parameters:
        return {}
    macros = _file_macros(source, tuple(defines or ()), tuple(include_dirs or ()))
    values = {}
    for name in parameters:
        value = evaluate_macro(name, macros)
        if value is not None:
            values[name] = value
    return values


def evaluate_text(source: SourceFile, text: str, defines: list[str] | None = None,
                  include_dirs: list[str] | None = None) -> int | None:
    """An integer constant expression of numbers and the file's macros, as C computes
    it (``evaluate_integer_expression`` once the macros are replaced)."""
    names = sorted(set(re.findall(r"\b[A-Za-z_]\w*\b", text)))
    values = known_values(source, names, defines, include_dirs)
    expression = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: f"({values[m.group(0)]})"
                        if m.group(0) in values else m.group(0), text)
    return evaluate_integer_expression(expression)


def call_site_values(source: SourceFile, offset: int, parameters: list[str],
                     defines: list[str] | None = None,
                     include_dirs: list[str] | None = None) -> dict[str, int]:
    """The value of each of `parameters` that is a parameter of the function defined
    around `offset`, from the calls to that function in the file: the first call whose
    argument there is a constant expression of numbers and macros, or a local variable
    the caller sets once to one (``declarations.call_arguments``). For decisions only,
    like ``known_values``; parameters without one are left out."""
    from polyopt.frontend.declarations import call_arguments, functions
    enclosing = [function for function in functions(source)
                 if function.start <= offset < function.end]
    if not enclosing or not parameters:
        return {}
    function = enclosing[0]
    positions = {name: k for k, (name, _) in enumerate(function.parameters)}
    calls = call_arguments(source, function.name)
    values = {}
    for name in parameters:
        position = positions.get(name)
        for arguments in calls if position is not None else []:
            if position < len(arguments):
                value = evaluate_text(source, arguments[position], defines, include_dirs)
                if value is not None:
                    values[name] = value
                    break
    return values


_EXPANSION = re.compile(r"^polyopt_expansion_(\d+)\s+(.*)$", re.MULTILINE)


def expand_expressions(source: SourceFile, texts: list[str], defines: list[str] | None = None,
                       include_dirs: list[str] | None = None) -> list[str | None]:
    """Each expression text as the preprocessor expands it at the end of the file (its
    macros, function-like ones too, under `defines`); None where it cannot tell. For
    decisions only (`X = SCALAR_VAL(0.0)` sets X to zero): the code keeps the text."""
    preprocessor = _preprocessor()
    if preprocessor is None or not texts:
        return [None] * len(texts)
    command = _command([preprocessor, "-E", "-P", "-x", "c"], source,
                       _define_pairs(defines or ()), include_dirs or ())
    marked = "\n".join(f"polyopt_expansion_{k} {text}" for k, text in enumerate(texts))
    result = _run_preprocessor(command, f"{source.text}\n{marked}\n")
    if result is None or result[0] != 0:
        return [None] * len(texts)
    found = {int(k): text.strip() for k, text in _EXPANSION.findall(result[1])}
    return [found.get(k) for k in range(len(texts))]


def _file_macros(source: SourceFile, defines: tuple[str, ...],
                 include_dirs: tuple[str, ...]) -> dict[str, str]:
    """Object-like macros (name -> body) the file leaves defined under `defines`,
    without the compiler's own (`unix`, `__GNUC__`) unless a define names them."""
    key = ("macros under", defines, include_dirs)
    if key not in source.cache:
        pairs = _define_pairs(defines)
        found = _preprocessed_macros(source, pairs, include_dirs)
        if found is None:
            found = _written_macros(source, pairs)
        source.cache[key] = found
    return source.cache[key]


def _define_pairs(defines) -> list[tuple[str, str]]:
    """(name, value) of each --define that parses (parse_define); the others ignored."""
    pairs = []
    for text in defines:
        try:
            pairs.append(parse_define(text))
        except ValueError:
            log.debug("--define '%s' ignored", text)
    return pairs


def _command(base: list[str], source: SourceFile, defines: list[tuple[str, str]],
             include_dirs) -> list[str]:
    """The preprocessor's command line for `source` on standard input: `base`, the
    defines, the file's directory and `include_dirs` for its headers."""
    directory = Path(source.name).parent if source.name != "<stdin>" else Path.cwd()
    return [*base, *(f"-D{name}={value}" for name, value in defines),
            f"-I{directory}", *(f"-I{folder}" for folder in include_dirs), "-"]


def _preprocessor() -> str | None:
    for name in PREPROCESSORS:
        path = shutil.which(name)
        if path:
            return path
    return None


def _run_preprocessor(command: list[str], text: str,
                      seconds: float | None = None) -> tuple[int, str] | None:
    """(exit status, standard output) of the preprocessor on `text`, None if it
    cannot run or runs out of time."""
    seconds = PREPROCESSOR_SECONDS if seconds is None else seconds
    if seconds <= 0:
        return None
    try:
        result = subprocess.run(command, input=text.encode("utf-8", "surrogateescape"),
                                capture_output=True, timeout=seconds)
    except (OSError, subprocess.SubprocessError) as error:
        log.debug("preprocessor %s: %s", command[0], error)
        return None
    return result.returncode, result.stdout.decode("utf-8", "replace")


@functools.cache
def _predefined(command: tuple[str, ...]) -> frozenset[str]:
    """The macros the preprocessor defines by itself."""
    result = _run_preprocessor(list(command), "")
    return frozenset(_object_macros(result[1])) if result and result[0] == 0 else frozenset()


def _preprocessed_macros(source: SourceFile, defines: list[tuple[str, str]],
                         include_dirs: tuple[str, ...]) -> dict[str, str] | None:
    """The macros `preprocessor -E -dM` reports; None if no preprocessor could tell."""
    preprocessor = _preprocessor()
    if preprocessor is None:
        return None
    base = [preprocessor, "-E", "-dM", "-x", "c"]
    command = _command(base, source, defines, include_dirs)
    deadline = time.monotonic() + PREPROCESSOR_SECONDS
    # the preprocessor's own macros, asked at the same time (its run waits on a pipe,
    # not on Python): 10-20 ms less per file; joined before anything else goes on
    predefined_command = tuple(base + ["-"])
    asking = threading.Thread(target=_predefined, args=(predefined_command,), daemon=True)
    asking.start()
    complete = ("-dM complete", tuple(defines), include_dirs)
    try:
        result = _run_preprocessor(command, source.text)
        source.cache[complete] = result is not None and result[0] == 0
        if result is not None and result[0] != 0:
            # a header that is not here (or another fatal error): the file's own lines
            log.debug("%s: the preprocessor failed; again without the #include lines",
                      source.name)
            blanked = _INCLUDE_LINE.sub("", source.text)
            result = _run_preprocessor(command, blanked, deadline - time.monotonic())
    finally:
        asking.join()
    if result is None or not result[1].strip():
        return None
    source.cache[("-dM", tuple(defines), include_dirs)] = result[1]
    macros = _object_macros(result[1])
    user = {name for name, _ in defines}
    for name in _predefined(predefined_command) - user:
        macros.pop(name, None)
    return macros


_FUNCTION_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)[ \t]*"
                              r"((?:[^\n\\]|\\.|\\\n)*)", re.MULTILINE)


def function_macros(source: SourceFile, defines: list[str] | None = None,
                    include_dirs: list[str] | None = None) -> dict[str, list[tuple[list[str], str]]]:
    """Function-like macros: name -> [(parameters, body)]. As the preprocessor leaves
    them defined under `defines` (one body each); without a preprocessor, every body
    the file and its quoted headers give a name (one per branch of an #if)."""
    defines, include_dirs = tuple(defines or ()), tuple(include_dirs or ())
    _file_macros(source, defines, include_dirs)
    preprocessed_text = source.cache.get(("-dM", tuple(_define_pairs(defines)), include_dirs))
    found: dict[str, list[tuple[list[str], str]]] = {}
    if preprocessed_text is not None:
        found = _function_defines([preprocessed_text])
        if preprocessed(source, defines, include_dirs):
            return found            # the build's own view: one body each, #undef seen
    # the preprocessor ran without the file's #include lines (a header was missing),
    # or not at all: every body the file and its quoted headers give a name as well
    written = _function_defines([source.blanked, *map(blank_comments, source.local_headers())])
    for name, bodies in written.items():
        found[name] = found.get(name, []) + [body for body in bodies
                                             if body not in found.get(name, [])]
    return found


def preprocessed(source: SourceFile, defines: list[str] | None = None,
                 include_dirs: list[str] | None = None) -> bool:
    """The preprocessor read the file with every header it includes (under `defines`)."""
    defines, include_dirs = tuple(defines or ()), tuple(include_dirs or ())
    _file_macros(source, defines, include_dirs)
    return bool(source.cache.get(("-dM complete", tuple(_define_pairs(defines)), include_dirs)))


def _function_defines(texts: list[str]) -> dict[str, list[tuple[list[str], str]]]:
    found: dict[str, list[tuple[list[str], str]]] = {}
    for text in texts:
        for match in _FUNCTION_DEFINE.finditer(text):
            parameters = [p.strip() for p in match.group(2).split(",") if p.strip()]
            body = " ".join(match.group(3).replace("\\\n", " ").split())
            found.setdefault(match.group(1), []).append((parameters, body))
    return found


def object_macros(source: SourceFile, defines: list[str] | None = None,
                  include_dirs: list[str] | None = None) -> dict[str, str]:
    """Object-like macros (name -> body) the file leaves defined under `defines`."""
    return _file_macros(source, tuple(defines or ()), tuple(include_dirs or ()))


def _object_macros(text: str) -> dict[str, str]:
    """name -> body of each object-like `#define` line of `-dM` output."""
    return {match.group(1): match.group(2).strip() for match in _DEFINE_LINE.finditer(text)}


def _written_macros(source: SourceFile, defines: list[tuple[str, str]]) -> dict[str, str]:
    """Without a preprocessor: the `#define NAME body` lines of the file and its
    quoted headers, where a name has one body only (a name defined in several
    branches of an #if cannot be told without evaluating them); a define the file
    does not give a value is taken as `-D` gives it."""
    bodies: dict[str, set[str]] = {}
    for text in [source.blanked, *map(blank_comments, source.local_headers())]:
        for match in _DEFINE_LINE.finditer(text):
            bodies.setdefault(match.group(1), set()).add(" ".join(match.group(2).split()))
    macros = {name: value for name, value in defines}
    macros.update({name: next(iter(found)) for name, found in bodies.items() if len(found) == 1})
    return macros


def evaluate_macro(name: str, macros: dict[str, str]) -> int | None:
    """The value of macro `name` as an integer constant expression, or None."""
    if name not in macros:
        return None
    text = _expand(name, macros, frozenset())
    if text is None:
        return None
    return evaluate_integer_expression(text)


def _expand(name: str, macros: dict[str, str], active: frozenset[str]) -> str | None:
    """The body of `name` with its object-like macros expanded, parenthesized; None
    where it names one that expands to itself (C would leave that name, which has
    no value)."""
    if name in active:
        return None
    pieces = []
    position = 0
    body = macros[name]
    for match in _NAME.finditer(body):
        pieces.append(body[position:match.start()])
        word = match.group(0)
        if word in macros and not _is_literal_suffix(body, match.start()):
            expanded = _expand(word, macros, active | {name})
            if expanded is None:
                return None
            pieces.append(expanded)
        else:
            pieces.append(word)
        position = match.end()
    pieces.append(body[position:])
    return "(" + "".join(pieces) + ")"


def _is_literal_suffix(text: str, start: int) -> bool:
    """The word at `start` is part of a number (the L of 10L, the x of 0x10)."""
    return start > 0 and (text[start - 1].isalnum() or text[start - 1] in "._")


@functools.lru_cache(maxsize=1024)
def evaluate_integer_expression(text: str) -> int | None:
    """The value of a C integer constant expression (literals, casts to integer types,
    arithmetic, comparisons, logic, ?:), computed as C does for values that fit a
    long; None for anything else (a name, a float, a call, a division by zero)."""
    if len(text) > 10_000:
        return None
    try:
        unit = c_parser.CParser().parse(f"{_TYPEDEFS}long polyopt_value = {text};")
    except Exception:  # noqa: BLE001 - pycparser raises several kinds; any means "not known"
        return None
    declaration = unit.ext[-1]
    try:
        value = _evaluate(declaration.init)
    except (_NotConstant, RecursionError):
        return None
    return value if -_LIMIT <= value <= _LIMIT else None


def evaluate_with(node: c_ast.Node, values: dict[str, int]) -> int | None:
    """The value of the C integer expression `node` (a pycparser node) where its names
    have `values`, as evaluate_integer_expression computes it; None for anything else."""
    try:
        value = _evaluate(node, values)
    except (_NotConstant, RecursionError):
        return None
    return value if -_LIMIT <= value <= _LIMIT else None


class _NotConstant(Exception):
    pass


def _evaluate(node: c_ast.Node, values: dict[str, int] | None = None) -> int:
    if isinstance(node, c_ast.ID) and values and node.name in values:
        return values[node.name]
    if isinstance(node, c_ast.Constant):
        if node.type == "char":
            raise _NotConstant
        try:
            return integer_constant(node)
        except NotAffine:
            raise _NotConstant from None
    if isinstance(node, c_ast.Cast):
        names = getattr(getattr(node.to_type, "type", None), "type", None)
        if not isinstance(names, c_ast.IdentifierType) or not set(names.names) <= set(_CAST_WORDS):
            raise _NotConstant
        return _evaluate(node.expr, values)
    if isinstance(node, c_ast.UnaryOp):
        value = _evaluate(node.expr, values)
        operations = {"-": lambda v: -v, "+": lambda v: v, "~": lambda v: ~v,
                      "!": lambda v: int(not v)}
        if node.op not in operations:
            raise _NotConstant
        return operations[node.op](value)
    if isinstance(node, c_ast.TernaryOp):
        return (_evaluate(node.iftrue, values) if _evaluate(node.cond, values)
                else _evaluate(node.iffalse, values))
    if isinstance(node, c_ast.BinaryOp):
        return _binary(node, values)
    raise _NotConstant


def _binary(node: c_ast.BinaryOp, values: dict[str, int] | None = None) -> int:
    left = _evaluate(node.left, values)
    if node.op == "&&":
        return int(bool(left) and bool(_evaluate(node.right, values)))
    if node.op == "||":
        return int(bool(left) or bool(_evaluate(node.right, values)))
    right = _evaluate(node.right, values)
    if node.op in ("/", "%"):
        if right == 0:
            raise _NotConstant
        quotient = abs(left) // abs(right) * (1 if (left < 0) == (right < 0) else -1)
        return quotient if node.op == "/" else left - quotient * right
    if node.op in ("<<", ">>") and not 0 <= right < 64:
        raise _NotConstant
    operations = {
        "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "<<": lambda a, b: a << b, ">>": lambda a, b: a >> b, "&": lambda a, b: a & b,
        "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "<": lambda a, b: int(a < b),
        ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b),
        ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b),
        "!=": lambda a, b: int(a != b)}
    if node.op not in operations:
        raise _NotConstant
    value = operations[node.op](left, right)
    if abs(value) > _LIMIT:
        raise _NotConstant
    return value

