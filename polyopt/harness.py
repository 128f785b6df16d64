"""The kernel harness: a standalone driver for the SCoPs of a file, so that a file with
no ``main`` (a library's kernels) can be searched and a region timed alone.

The driver is the file itself with three additions: a timer around each region
(``polyopt_harness_start()`` before its ``#pragma scop`` line, ``..._stop()`` after its
``#pragma endscop`` line), and a ``main`` at the end that, for each function holding a
region, allocates the arrays the regions access (pointer parameters and pointers at
file scope, as many elements as the regions reach at the sizes they run with), fills
every array they access with deterministic values away from zero, infinity and
denormals, calls the function once to warm up, fills again, resets the timer, calls it
again, then prints the time of the regions alone (stderr, ``HARNESS_TIME``) and samples
and weighted sums of every array they write (stdout: what a judge compares).

Sizes come from the file's ``#define``s under ``--define``, ``--define NAME=VALUE`` for a
function's parameter, and the constant or macro arguments of the calls to the
function in the same file. What the harness cannot drive (a region outside a
function, a parameter it cannot size or fill) is a ``HarnessError`` that says why and
what to pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import islpy as isl

from polyopt.core.errors import Location, UsageError
from polyopt.core.scop import Scop
from polyopt.frontend.declarations import (Declaration, DeclarationError, Function,
                                          file_scope, functions, scope_at)
from polyopt.frontend.sizes import call_site_values, evaluate_text, known_values
from polyopt.frontend.source import SourceFile

HARNESS_TIME = "polyopt-harness-seconds:"
_TIME_LINE = re.compile(rb"^polyopt-harness-seconds: ([0-9.eE+-]+)\s*$", re.MULTILINE)
SAMPLES = 2048          # elements of each written array printed, evenly spaced
FLOATING = {"float", "double", "long double"}

PRELUDE = r"""/* polyopt kernel harness */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double polyopt_harness_seconds, polyopt_harness_started;
static double polyopt_harness_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
static void polyopt_harness_start(void) { polyopt_harness_started = polyopt_harness_now(); }
static void polyopt_harness_stop(void)
{
  polyopt_harness_seconds += polyopt_harness_now() - polyopt_harness_started;
}
"""

# values 1..17 for integers, 0.875..1.125 for floating point: never zero, never large.
# Written out for each array, not as a macro with the element type for an argument:
# the harness is read again as C (its regions found, its names' types looked up).
def fill_loop(element: str, buffer: str, count: str, seed: int) -> str:
    """The statement that fills `buffer` (`count` elements of type `element`)."""
    return (f"  for (long polyopt_k = 0; polyopt_k < (long) ({count}); polyopt_k++)\n"
            f"    {buffer}[polyopt_k] = ({element}) 0.5 == 0 "
            f"? ({element}) ((polyopt_k * 7 + {seed}) % 17 + 1)\n"
            f"      : ({element}) (1 + ((polyopt_k * 7 + {seed}) % 17 - 8) / 64.0);")


FILL = r"""
#define POLYOPT_PRINT(name, p, n) do { \
    long polyopt_step = (long) (n) / POLYOPT_SAMPLES + 1; double polyopt_sum = 0, polyopt_weighted = 0; \
    for (long polyopt_k = 0; polyopt_k < (long) (n); polyopt_k++) { \
      polyopt_sum += (double) (p)[polyopt_k]; \
      polyopt_weighted += (double) (p)[polyopt_k] * (1 + polyopt_k % 7); } \
    printf("%s sum %.17g weighted %.17g\n", name, polyopt_sum, polyopt_weighted); \
    for (long polyopt_k = 0; polyopt_k < (long) (n); polyopt_k += polyopt_step) \
      printf("%.17g\n", (double) (p)[polyopt_k]); } while (0)
""".replace("POLYOPT_SAMPLES", str(SAMPLES))


class HarnessError(UsageError):
    """The kernel harness cannot drive a region: why, and what to pass."""


@dataclass
class Harness:
    """A driver program for the SCoPs of a file."""

    text: str                          # the whole program, built like the user's file
    calls: list[str]                   # each function it calls, with its arguments
    sizes: dict[str, int] = field(default_factory=dict)   # every size it chose
    # the file's own main runs (region_harness): its data, its calls, its regions timed
    in_program: bool = False

    @property
    def description(self) -> str:
        if self.in_program:
            return "the program as it is, built and run whole, its regions timed alone"
        return "kernel harness: " + "; ".join(self.calls)


def has_main(source: SourceFile) -> bool:
    """Does the file define ``main`` (as the parser reads it, else as its text says)?"""
    found = functions(source)
    if found:
        return any(function.name == "main" for function in found)
    return re.search(r"\bmain\s*\([^;{]*\)\s*\{", source.blanked) is not None


def harness_seconds(stderr: bytes) -> float | None:
    """The regions' time a harness run printed."""
    match = _TIME_LINE.search(stderr)
    return float(match.group(1)) if match else None


def kernel_harness(source: SourceFile, scops: list[Scop], defines: list[str] | None = None,
                   include_dirs: list[str] | None = None) -> Harness:
    """The driver of `scops` (the SCoPs of `source`); HarnessError where it cannot be made."""
    if not scops:
        raise HarnessError(f"{source.name}: no SCoP for the kernel harness to drive")
    by_function: dict[str, tuple[Function, list[Scop]]] = {}
    for scop in scops:
        function = _enclosing(source, scop)
        if function.name == "main":
            raise HarnessError("the kernel harness calls the functions that hold the regions, "
                               "and this one is in main: move it into a function of its own, "
                               "or time the whole program (--harness program)",
                               scop.region.location)
        by_function.setdefault(function.name, (function, []))[1].append(scop)
    driver = _Driver(source, defines or [], include_dirs or [])
    for function, regions in by_function.values():
        driver.call(function, regions)
    text = _with_timers(source, scops)
    if has_main(source):
        # the file's own main stays, by another name, static: never called, it is not
        # compiled, nor are the functions it calls from the program's other files needed
        text = "#define main static polyopt_original_main\n" + text + "\n#undef main\n"
    return Harness(PRELUDE + text + driver.main(), driver.calls, driver.sizes)


# the regions' time printed when the program ends (returning from main or calling exit)
AT_EXIT = r"""static void polyopt_harness_report(void)
{
  fprintf(stderr, "POLYOPT_TIME %.9f\n", polyopt_harness_seconds);
}
__attribute__((constructor)) static void polyopt_harness_at_exit(void)
{
  atexit(polyopt_harness_report);
}
""".replace("POLYOPT_TIME", HARNESS_TIME)


def region_harness(source: SourceFile, scops: list[Scop]) -> Harness:
    """The program itself with the timer around each of `scops` (the SCoPs of
    `source`), the regions' time printed at its end: the program's own data and calls
    (what a region does can depend on its data: a ternary on integers branches as the
    data says), only the regions timed. HarnessError where the file has no main."""
    if not scops:
        raise HarnessError(f"{source.name}: no SCoP to time")
    if not has_main(source):
        raise HarnessError(f"{source.name}: the regions are timed in the program, and the "
                           "file has no main (the kernel harness drives them: --harness "
                           "kernel)")
    return Harness(PRELUDE + AT_EXIT + _with_timers(source, scops), [], in_program=True)


def _enclosing(source: SourceFile, scop: Scop) -> Function:
    for function in functions(source):
        if function.start <= scop.region.start < function.end:
            return function
    raise HarnessError("the kernel harness drives regions inside functions, and the file "
                       "does not parse as C without its headers or the region is outside "
                       "a function", scop.region.location)


_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+(scop|endscop)\b[^\n]*\n?", re.MULTILINE)


def _with_timers(source: SourceFile, scops: list[Scop]) -> str:
    """The file's text with the timer calls around each region (outside its pragmas)."""
    text = source.text
    insertions: list[tuple[int, str]] = []
    for scop in scops:
        region = scop.region
        start, end = region.start, region.end
        if region.from_pragma:
            before = [m for m in _PRAGMA.finditer(text, 0, region.start) if m.group(1) == "scop"]
            after = next((m for m in _PRAGMA.finditer(text, region.end)
                          if m.group(1) == "endscop"), None)
            if before and after is not None:
                start, end = before[-1].start(), after.end()
        insertions += [(start, "polyopt_harness_start();\n"),
                       (end, "\npolyopt_harness_stop();\n")]
    for offset, added in sorted(insertions, reverse=True):
        text = text[:offset] + added + text[offset:]
    return text


class _Driver:
    """The driver's main, a function call at a time."""

    def __init__(self, source: SourceFile, defines: list[str], include_dirs: list[str]):
        self.source, self.defines, self.include_dirs = source, defines, include_dirs
        self.calls: list[str] = []
        self.sizes: dict[str, int] = {}
        self.setup: list[str] = []         # allocations (once)
        self.fills: list[str] = []         # before each call
        self.invocations: list[str] = []
        self.prints: list[str] = []
        self.filled: set[str] = set()
        self.count = 0

    # -- values

    def _value(self, name: str, function: Function, location: Location) -> int:
        """The integer value of `name`: a macro (under --define), --define NAME=VALUE,
        or, a parameter of `function`, the value the calls to it pass
        (frontend.sizes.call_site_values)."""
        known = known_values(self.source, [name], self.defines, self.include_dirs)
        if name not in known:
            known = call_site_values(self.source, function.start, [name], self.defines,
                                     self.include_dirs)
        if name in known:
            return known[name]
        raise HarnessError(f"the kernel harness cannot tell the value of '{name}' in "
                           f"{function.name}() (no #define, no call with a constant "
                           f"argument): pass --define {name}=VALUE", location)

    def _evaluate(self, text: str) -> int | None:
        """An integer constant expression of numbers and the file's macros, as C computes
        it (frontend.sizes.evaluate_text)."""
        return evaluate_text(self.source, text, self.defines, self.include_dirs)

    def _extent(self, text: str | None, values: dict[str, int], location: Location) -> int:
        """A declared extent (`N`, `m + 1`) at these values."""
        if text is None:
            raise HarnessError("the kernel harness cannot size an array of pointers whose "
                               "pointed-to extent is not declared", location)
        substituted = re.sub(r"\b[A-Za-z_]\w*\b",
                             lambda m: f"({values[m.group(0)]})" if m.group(0) in values
                             else m.group(0), text)
        value = self._evaluate(substituted)
        if value is None:
            raise HarnessError(f"the kernel harness cannot evaluate the extent '{text}'",
                               location)
        return value

    # -- one function

    def call(self, function: Function, scops: list[Scop]) -> None:
        location = scops[0].region.location
        values: dict[str, int] = {}
        positions = {name: k for k, (name, _) in enumerate(function.parameters)}
        needed = sorted({name for scop in scops for name in scop.c_parameters})
        for name in needed:
            values[name] = self._value(name, function, location)
        for name, declaration in function.parameters:
            if name not in values and declaration is not None and declaration.rank == 0 \
                    and declaration.element_type not in FLOATING:
                try:
                    values[name] = self._value(name, function, location)
                except HarnessError:
                    pass
        self.sizes.update(values)
        for name in needed:       # a size the file keeps in a variable at file scope
            declaration = self._file_scope_declaration(name)
            if name not in positions and declaration is not None and declaration.rank == 0:
                self.setup.append(f"  {name} = {values[name]};")
        arrays = {name: array for scop in scops for name, array in scop.arrays.items()}
        counts = {name: self._count(scops, name, values, location) for name, array in
                  arrays.items() if array.rank}
        arguments = []
        for name, declaration in function.parameters:
            arguments.append(self._argument(function, name, declaration, arrays, counts,
                                            values, location))
        for name, array in arrays.items():      # arrays at file scope the regions access
            if name in positions or not array.rank:
                continue
            declaration = self._file_scope_declaration(name)
            if declaration is not None:
                self._array(name, declaration, counts[name], array.written, location,
                            global_name=name)
        self.invocations.append(f"  {function.name}({', '.join(arguments)});")
        shown = [f"{name}={values[name]}" for name, _ in function.parameters if name in values]
        self.calls.append(f"{function.name}({', '.join(shown)})" if shown
                          else f"{function.name}()")

    def _file_scope_declaration(self, name: str) -> Declaration | None:
        return file_scope(self.source).get(name)

    def _argument(self, function: Function, name: str, declaration: Declaration | None,
                  arrays, counts, values, location: Location) -> str:
        if declaration is None:
            raise HarnessError(f"the kernel harness cannot make the argument '{name}' of "
                               f"{function.name}() (its type is not a number nor an array "
                               "of numbers)", location)
        if declaration.rank == 0:
            if name in values:
                return f"({declaration.element_type}) {values[name]}"
            if declaration.element_type in FLOATING:
                return f"({declaration.element_type}) 1.5"
            return f"({declaration.element_type}) 3"
        if name not in arrays:
            raise HarnessError(f"the kernel harness cannot make the argument '{name}' of "
                               f"{function.name}(): the regions do not access it, so its "
                               "extent is not known", location)
        return self._array(name, declaration, counts[name], arrays[name].written, location)

    def _count(self, scops: list[Scop], name: str, values: dict[str, int],
               location: Location) -> int:
        """Elements of `name` to allocate: as far as the regions reach, in the layout of
        its declaration (rows of its declared extents, or of its delinearized sizes)."""
        upper = _upper_bounds(scops, name, values, location)
        array = next(scop.arrays[name] for scop in scops if name in scop.arrays)
        declaration = self._declaration_of(scops[0], name)
        if array.linear_sizes:
            strides = [self._extent(text, values, location) for text in array.linear_sizes]
            total, stride = 0, 1
            for bound, size in zip(reversed(upper), [*reversed(strides), 1]):
                total += bound * stride
                stride *= size
            return total + 1
        inner = declaration.extents[1:] if declaration is not None else []
        if declaration is not None and len(declaration.extents) == len(upper) \
                and all(text is not None for text in inner):
            count = upper[0] + 1
            for text in inner:
                count *= self._extent(text, values, location)
            return count
        count = 1
        for bound in upper:
            count *= bound + 1
        return count

    def _declaration_of(self, scop: Scop, name: str) -> Declaration | None:
        try:
            return scope_at(self.source, scop.region.start).declarations.get(name)
        except DeclarationError:
            return None

    def _array(self, name: str, declaration: Declaration, count: int, written: bool,
               location: Location, global_name: str | None = None) -> str:
        """The driver's memory for an array: allocated where it is a pointer (a
        parameter, or a pointer at file scope), filled before each call, printed after
        the timed one where the regions write it. Returns the argument to pass."""
        element = declaration.element_type
        self.count += 1
        buffer = f"polyopt_array{self.count}"
        if declaration.rank >= 2 and all(extent is None for extent in declaration.extents[:2]):
            raise HarnessError(f"the kernel harness cannot make '{name}': pointers to rows "
                               "are not driven yet", location)
        if global_name is not None and not declaration.pointer:
            # an array object of the file: its own memory
            self.setup.append(f"  {element} *{buffer} = ({element} *) {global_name};")
            count_text = f"(long) (sizeof {global_name} / sizeof({element}))"
        else:
            self.setup.append(f"  {element} *{buffer} = ({element} *) calloc({count}, "
                              f"sizeof({element}));")
            count_text = str(count)
        key = global_name or buffer
        # a constant table of the file (`static const double G[2] = {...}`) keeps its
        # own values, in memory that may not be written
        constant = (global_name is not None and not declaration.pointer
                    and "const" in declaration.qualifiers)
        if key not in self.filled and not constant:
            self.filled.add(key)
            self.fills.append(fill_loop(element, buffer, count_text, self.count * 5))
            if written:
                self.prints.append(f'  POLYOPT_PRINT("{name}", {buffer}, {count_text});')
        if global_name is not None and declaration.pointer:
            self.setup.append(f"  {global_name} = (void *) {buffer};")
        return f"(void *) {buffer}"

    def main(self) -> str:
        lines = [FILL, "int main(void)", "{", *self.setup, *self.fills, *self.invocations,
                 *self.fills, "  polyopt_harness_seconds = 0;", *self.invocations,
                 f'  fprintf(stderr, "{HARNESS_TIME} %.9f\\n", polyopt_harness_seconds);',
                 *self.prints, "  return 0;", "}"]
        return "\n\n" + "\n".join(lines) + "\n"


def _upper_bounds(scops: list[Scop], name: str, values: dict[str, int],
                  location: Location) -> list[int]:
    """The largest index of each dimension of `name` the regions access at `values`."""
    uppers: list[int] | None = None
    for scop in scops:
        sizes = scop.by_model_name(values)
        for statement in scop.statements:
            for access in statement.accesses:
                if access.array != name:
                    continue
                cells = access.relation.intersect_domain(statement.domain).range()
                cells = _fixed(cells, sizes)
                if cells.is_empty():
                    continue
                rank = cells.dim(isl.dim_type.set)
                found = []
                for dimension in range(rank):
                    bound = _dimension_max(cells, dimension)
                    if bound is None:
                        raise HarnessError(f"the kernel harness cannot bound the cells of "
                                           f"'{name}' the region accesses", location)
                    lower = _dimension_min(cells, dimension)
                    if lower is not None and lower < 0:
                        raise HarnessError(f"the region accesses '{name}' below its first "
                                           "element", location)
                    found.append(bound)
                uppers = found if uppers is None else [max(a, b) for a, b in zip(uppers, found)]
    if uppers is None:
        raise HarnessError(f"the kernel harness cannot tell which cells of '{name}' the "
                           "regions access", location)
    return uppers


def _fixed(cells: isl.Set, values: dict[str, int]) -> isl.Set:
    for name, value in values.items():
        position = cells.find_dim_by_name(isl.dim_type.param, name)
        if position >= 0:
            cells = cells.fix_val(isl.dim_type.param, position, isl.Val.int_from_si(
                cells.get_ctx(), value))
    return cells


def _dimension_max(cells: isl.Set, dimension: int) -> int | None:
    bound = cells.dim_max(dimension)
    return _constant(bound, max)


def _dimension_min(cells: isl.Set, dimension: int) -> int | None:
    bound = cells.dim_min(dimension)
    return _constant(bound, min)


def _constant(bound: isl.PwAff, choose) -> int | None:
    pieces: list[int] = []

    def piece(_set: isl.Set, aff: isl.Aff) -> None:
        if not aff.is_cst():
            raise ValueError
        pieces.append(aff.get_constant_val().to_python())

    try:
        bound.foreach_piece(piece)
    except ValueError:
        return None
    return choose(pieces) if pieces else None
