"""Random whole C programs for polyopt's generated-input test.

Each program is valid C with deterministic output and no undefined behaviour:
it fills its arrays deterministically, runs a few loop-nest regions, and prints
hashes of every array (bit-exact for doubles: polyopt reorders statement
instances but never reassociates, so any legal schedule prints the same).
Every subscript stays inside the arrays (sizes 2*N+8, iterators in [0, N),
offsets of at most N+4); integer data stay below P in magnitude (every integer
statement ends in `% P`), so nothing overflows; doubles stay finite.

The programs mix: affine nests of depth 1-3 (products,
stencils, triangular and min/max bounds, steps, downward loops, affine
guards), `#pragma scop` regions or plain nests for --auto-scop, macros in
subscripts (`#define OFF (c0 + 1)`, a file-scope `c0`), `#ifdef`/`#else` and
`#define` lines between and around loops, comments and string literals with
odd characters (form feed, raw U+2028, tabs, Latin-1 bytes in comments),
unsigned/size_t/long iterators, iterators beyond `int`, GNU C
(`__attribute__`, `typeof`, `__asm__`, backslash-newline), deep expressions,
non-affine subscripts and calls.

The generator knows which text it emitted inside regions, so it can say which
bytes polyopt must leave alone: ``GeneratedProgram.kept_segments``.

    python tests/program_generator.py SEED > prog.c    # one program
    python tests/program_generator.py SEED --options   # the polyopt options its test uses
"""

from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass, field

P = 1009   # every integer statement reduces modulo P: values stay below P in magnitude

# Raw characters that are not plain ASCII text. Latin-1 bytes are written as
# lone surrogates and become single bytes through the 'surrogateescape' encoding.
FORM_FEED = "\f"
LINE_SEPARATOR = "\u2028"
LATIN1 = ["\udce9", "\udcb5", "\udcff", "\udca0"]   # bytes E9 B5 FF A0

_LOOP = "loop"          # a statement-level `for` (a region candidate for --auto-scop)
_TEXT = "text"          # anything else
_REGION = "region"      # the text strictly between `#pragma scop` and `#pragma endscop` lines


@dataclass
class Piece:
    text: str
    kind: str = _TEXT
    # for a _REGION piece: its own pieces (loops and the text around them)
    parts: list["Piece"] = field(default_factory=list)


@dataclass
class GeneratedProgram:
    seed: int
    pieces: list[Piece]
    options: list[str]
    features: list[str]

    @property
    def text(self) -> str:
        return "".join(piece.text for piece in self.pieces)

    @property
    def data(self) -> bytes:
        return self.text.encode("utf-8", errors="surrogateescape")

    @property
    def auto_scop(self) -> bool:
        return "--auto-scop" in self.options

    def kept_segments(self) -> list[bytes]:
        """The bytes outside every region, in order, as maximal runs.

        With '#pragma scop', a region is what lies between the two pragma lines.
        With --auto-scop, a region is a statement-level `for` statement, joined
        with the next one when only blanks and comments separate them (polyopt
        may take consecutive nests as one SCoP; nothing else may be absorbed).
        """
        flat: list[tuple[str, str]] = []          # (kind, text), kind 'keep' or 'region'
        for piece in self.pieces:
            if piece.kind == _REGION and not self.auto_scop:
                flat.append(("region", piece.text))
            elif piece.kind == _REGION:
                flat += [("region" if part.kind == _LOOP else "keep", part.text)
                         for part in piece.parts]
            elif piece.kind == _LOOP and self.auto_scop:
                flat.append(("region", piece.text))
            else:
                flat.append(("keep", piece.text))
        if self.auto_scop:
            flat = _absorb_blank_gaps(flat)
        # keep segments alternate with regions: the first and the last may be empty
        segments, previous = [""], "keep"
        for kind, text in flat:
            if kind == "keep":
                if previous == "region":
                    segments.append("")
                segments[-1] += text
            previous = kind
        if previous == "region":
            segments.append("")
        return [segment.encode("utf-8", errors="surrogateescape") for segment in segments]


def _absorb_blank_gaps(flat: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Keep text made only of blanks and comments between two regions becomes region."""
    out = list(flat)
    region_indices = [k for k, (kind, _) in enumerate(out) if kind == "region"]
    for first, second in zip(region_indices, region_indices[1:]):
        gap = "".join(text for _, text in out[first + 1:second])
        if not strip_comments(gap).strip():
            for k in range(first + 1, second):
                out[k] = ("region", out[k][1])
    return out


def strip_comments(text: str) -> str:
    """The text without its comments (string literals respected)."""
    out, i = [], 0
    while i < len(text):
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
            out.append(" ")
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif text[i] in "\"'":
            quote, j = text[i], i + 1
            while j < len(text) and text[j] != quote:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


# -- the generator ------------------------------------------------------------

_SIGNED_TYPES = ["int", "long"]
_UNSIGNED_TYPES = ["unsigned", "size_t", "unsigned long"]


@dataclass
class _Iterator:
    name: str
    signed: bool


class _Generator:
    """One program from one seed; `program()` builds it."""

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        self.features: list[str] = []
        # private-scalar nests draw from a stream of their own, so that the programs of
        # the seeds before them stay what they were wherever none is drawn
        self.private_rng = random.Random(seed * 7919 + 13)
        self.private_scalars: list[str] = []     # declarations in main, "double pv0"
        self.private_count = 0

    # -- small helpers ---------------------------------------------------------
    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, items):
        return self.rng.choice(items)

    def feature(self, name: str) -> None:
        if name not in self.features:
            self.features.append(name)

    def odd_text(self, in_comment: bool) -> str:
        """Words with odd characters in them."""
        words = ["scop", "loop", "a*b", "x/y", "don't", "'q'", '"quoted"', "#pragma scop",
                 "for (i = 0; i < N; i++)", "}", "{", "tab\there", "caf\u00e9", "\u03bb", "->"]
        odd = [FORM_FEED, LINE_SEPARATOR, "\t", "\u00a0"]
        if in_comment:
            odd += LATIN1
        parts = []
        for _ in range(self.rng.randint(2, 6)):
            if self.chance(0.3):
                character = self.pick(odd)
                parts.append(character)
                if character == FORM_FEED:
                    self.feature("form-feed")
                elif character == LINE_SEPARATOR:
                    self.feature("u2028")
                elif character in LATIN1:
                    self.feature("latin1")
            else:
                parts.append(self.pick(words))
        return " ".join(parts)

    def comment(self, indent: str) -> str:
        """A comment on its own line(s), ending with a newline."""
        self.feature("comments")
        text = self.odd_text(in_comment=True).replace("*/", "* /")
        if self.chance(0.5):
            return f"{indent}// {text.rstrip()}\n".replace("\\\n", "\n")
        if self.chance(0.3):
            return f"{indent}/* {text}\n{indent}   {self.odd_text(True).replace('*/', '* /')} */\n"
        return f"{indent}/* {text} */\n"

    def string_literal(self) -> str:
        """A C string literal with raw odd characters and escapes (never a raw newline)."""
        self.feature("string-literals")
        parts = []
        for _ in range(self.rng.randint(1, 5)):
            choice = self.rng.randint(0, 8)
            if choice == 0:
                parts.append(FORM_FEED)
                self.feature("form-feed")
            elif choice == 1:
                parts.append(LINE_SEPARATOR)
                self.feature("u2028")
            elif choice == 2:
                parts.append("\t")
            elif choice == 3:
                parts.append("/* not a comment */")
            elif choice == 4:
                parts.append("// nor this")
            elif choice == 5:
                parts.append('\\"q\\"')
            elif choice == 6:
                parts.append("\\n\\t\\f")
            elif choice == 7:
                parts.append("#pragma endscop")
            else:
                parts.append("caf\u00e9 {;}")
        return '"' + "".join(parts) + '"'

    # -- whole program ---------------------------------------------------------
    def program(self) -> GeneratedProgram:
        rng = self.rng
        self.auto = self.chance(0.35)
        self.n = rng.randint(8, 40)
        self.m = rng.randint(4, self.n)
        self.use_long = self.chance(0.75)
        self.use_double = not self.use_long or self.chance(0.4)
        self.gnu = self.chance(0.3 if not self.auto else 0.15)
        self.capture = self.chance(0.25)           # #define OFF (c0 + 1) with a file-scope c0
        self.alt_defined = self.chance(0.5)
        self.iterator_type = self.pick(["int"] * 4 + ["long"] + _UNSIGNED_TYPES)
        self.signed = self.iterator_type in _SIGNED_TYPES
        self.declare_in_loop = self.chance(0.3)
        self.indent = self.pick(["  ", "    ", "\t"])
        self.used_minmax = False
        self.banner = self.chance(0.3)
        if self.iterator_type != "int":
            self.feature(f"iterator-{self.iterator_type.replace(' ', '-')}")
        if self.capture:
            self.feature("macro-capture")

        body = self.main_body()
        pieces = self.file_head() + body
        options = self.options()
        return GeneratedProgram(self.seed, pieces, options, self.features)

    def options(self) -> list[str]:
        if self.auto:
            self.feature("auto-scop")
            extra = self.pick([[], [], ["--no-tile"], ["--scheduler", "identity"]])
            return ["--auto-scop"] + extra
        return self.pick([[], [], [], ["--no-tile"], ["--scheduler", "identity"],
                          ["--tile-sizes", "4,8"], ["--no-parallel"]])

    def file_head(self) -> list[Piece]:
        lines = [f"/* generated program, seed {self.seed} */\n"]
        if self.chance(0.5):
            lines.append(self.comment(""))
        lines += ["#include <stdio.h>\n", "#include <string.h>\n", "#include <stddef.h>\n"]
        lines += [f"#define N {self.n}\n", f"#define M {self.m}\n", f"#define P {P}\n",
                  "#define SZ (2 * N + 8)\n"]
        if self.used_minmax:
            lines += ["#define min(a, b) ((a) < (b) ? (a) : (b))\n",
                      "#define max(a, b) ((a) > (b) ? (a) : (b))\n"]
        if self.capture:
            lines += ["static int c0 = 1;   /* a file-scope name that OFF expands to */\n",
                      "#define OFF (c0 + 1)\n"]
        if self.alt_defined:
            lines.append("#define ALT 1\n")
        if self.gnu:
            self.feature("gnu")
            lines += ["#define SHIFT(x) \\\n  ((x) + 1)\n",
                      "static int spare __attribute__((unused));\n"]
        if self.banner:
            lines.append(f"static const char banner[] = {self.string_literal()};\n")
        arrays = []
        if self.use_long:
            arrays.append("static long A[SZ][SZ], B[SZ][SZ], C[SZ][SZ], V[SZ], W[SZ];\n")
        if self.use_double:
            arrays.append("static double X[SZ][SZ], Y[SZ][SZ], Z[SZ][SZ], U[SZ];\n")
        arrays.append("static int idx[SZ];\n")
        lines += arrays
        pieces = [Piece("".join(lines))]
        pieces += self.helper_functions()
        return pieces

    def helper_functions(self) -> list[Piece]:
        pieces = [Piece(
            "\nstatic long mix(long a, long b)\n{\n  return (3 * a + b) % P;\n}\n\n"
            "static long lit(const char *s, long v)\n{\n  long h = v % P;\n  "),
            Piece("for (; *s; s++)\n    h = (h * 7 + (unsigned char)*s) % P;", _LOOP),
            Piece("\n  return h;\n}\n\n"
            "static unsigned long hash_l(const long *p, long n)\n{\n"
            "  unsigned long h = 1469598103934665603UL;\n  long q;\n  "),
            Piece("for (q = 0; q < n; q++)\n    h = (h ^ (unsigned long)p[q]) * 1099511628211UL;",
                  _LOOP),
            Piece("\n  return h;\n}\n\n"
                  "static unsigned long hash_d(const double *p, long n)\n{\n"
                  "  unsigned long h = 1469598103934665603UL, b;\n  long q;\n  "),
            Piece("for (q = 0; q < n; q++) {\n    memcpy(&b, &p[q], sizeof b);\n"
                  "    h = (h ^ b) * 1099511628211UL;\n  }", _LOOP),
            Piece("\n  return h;\n}\n\n")]
        return pieces

    def main_body(self) -> list[Piece]:
        ind = self.indent
        self.iterators = [_Iterator(name, self.signed) for name in ("i", "j", "k", "t")]
        head = ["int main(void)\n{\n"]
        if not self.declare_in_loop:
            head.append(f"{ind}{self.iterator_type} i, j, k, t;\n")
        head.append(f"{ind}long acc = 0;\n{ind}double dacc = 0.0;\n")
        head.append(f"{ind}int n = N - 2;\n{ind}unsigned un = N;\n")
        self.locals = ["n", "un"]
        if self.chance(0.2):
            # a local with a generated-looking name, used in subscripts
            head.append(f"{ind}int c1 = 2;\n")
            self.locals.append("c1")
            self.feature("local-c1")
        if self.gnu:
            head.append(f"{ind}long scratch __attribute__((unused)) = 0;\n")
            head.append(f"{ind}typeof(N) lim = M;\n")
            self.locals.append("lim")
        pieces = [Piece("")]
        pieces += self.initialisation()
        regions = self.rng.randint(1, 3)
        for number in range(regions):
            pieces += self.between(number)
            pieces += self.region(number)
        pieces += self.final_prints()
        pieces.append(Piece(f"{ind}return 0;\n}}\n"))
        head += [f"{ind}{declaration};\n" for declaration in self.private_scalars]
        pieces[0] = Piece("".join(head))
        return pieces

    def declared(self, name: str) -> str:
        """The iterator as a `for` initialisation names it."""
        return f"{self.iterator_type} {name}" if self.declare_in_loop else name

    def initialisation(self) -> list[Piece]:
        ind = self.indent
        i, j = self.declared("i"), self.declared("j")
        statements = ["idx[i] = (int)((i * 7 + 3) % N);"]
        inner = []
        if self.use_long:
            statements += ["V[i] = (long)((i * 5 + 1) % 11);", "W[i] = (long)((i * 3 + 2) % 7);"]
            inner += ["A[i][j] = (long)((i * 7 + j * 3 + 1) % 13);",
                      "B[i][j] = (long)((i * 2 + j * 5 + 3) % 11);",
                      "C[i][j] = (long)((i + j) % 5);"]
        if self.use_double:
            statements.append("U[i] = (double)((i * 3 + 1) % 9) / 8.0;")
            inner += ["X[i][j] = (double)((i * 5 + j * 11 + 2) % 17) / 8.0;",
                      "Y[i][j] = (double)((i * 3 + j * 7) % 13) / 16.0;",
                      "Z[i][j] = (double)((i + 2 * j) % 7) / 4.0;"]
        text = (f"for ({i} = 0; i < SZ; i++) {{\n"
                + "".join(f"{ind}{ind}{s}\n" for s in statements)
                + f"{ind}{ind}for ({j} = 0; j < SZ; j++) {{\n"
                + "".join(f"{ind}{ind}{ind}{s}\n" for s in inner)
                + f"{ind}{ind}}}\n{ind}}}")
        return [Piece(ind), Piece(text, _LOOP), Piece("\n")]

    def hash_prints(self, label: str) -> str:
        ind = self.indent
        lines = []
        if self.use_long:
            lines.append(f'{ind}printf("{label} A %lu B %lu C %lu V %lu W %lu\\n", '
                         "hash_l(&A[0][0], (long)SZ * SZ), hash_l(&B[0][0], (long)SZ * SZ), "
                         "hash_l(&C[0][0], (long)SZ * SZ), hash_l(V, SZ), hash_l(W, SZ));\n")
        if self.use_double:
            lines.append(f'{ind}printf("{label} X %lu Y %lu Z %lu U %lu %.6e\\n", '
                         "hash_d(&X[0][0], (long)SZ * SZ), hash_d(&Y[0][0], (long)SZ * SZ), "
                         "hash_d(&Z[0][0], (long)SZ * SZ), hash_d(U, SZ), X[1][2]);\n")
        lines.append(f'{ind}printf("{label} acc %ld dacc %.6e\\n", acc, dacc);\n')
        return "".join(lines)

    def final_prints(self) -> list[Piece]:
        text = "\n" + self.hash_prints("end")
        if self.banner:
            text += f'{self.indent}printf("%s|\\n", banner);\n'
        return [Piece(text)]

    # -- text between regions -----------------------------------------------
    def between(self, number: int) -> list[Piece]:
        ind = self.indent
        pieces = [Piece("\n")]
        if number > 0 and self.chance(0.5):
            pieces.append(Piece(self.hash_prints(f"r{number}")))
        if self.chance(0.4):
            pieces.append(Piece(self.comment(ind)))
        if self.gnu and self.chance(0.4):
            pieces.append(Piece(f'{ind}__asm__ volatile("" ::: "memory");\n'))
        if self.chance(0.25):
            pieces.append(Piece(f'{ind}printf("%s\\n", {self.string_literal()});\n'))
        if self.chance(0.25):
            pieces += self.ifdef_loops()
        return pieces

    def ifdef_loops(self) -> list[Piece]:
        """`#ifdef ALT` loop `#else` loop `#endif`, with loops around (for --auto-scop)."""
        self.feature("ifdef-between-loops")
        ind = self.indent
        pieces = []
        if self.auto and self.chance(0.7):
            pieces += [Piece(ind), Piece(self.nest(), _LOOP), Piece("\n")]
        pieces += [Piece("#ifdef ALT\n" + ind), Piece(self.nest(), _LOOP),
                   Piece("\n#else\n" + ind), Piece(self.nest(), _LOOP), Piece("\n#endif\n")]
        if self.chance(0.3):
            self.feature("define-between-loops")
            pieces += [Piece("#define STEP_" + str(len(self.features)) + " 1\n")]
        if self.auto and self.chance(0.7):
            pieces += [Piece(ind), Piece(self.nest(), _LOOP), Piece("\n")]
        return pieces

    # -- regions --------------------------------------------------------------
    def region(self, number: int) -> list[Piece]:
        ind = self.indent
        parts: list[Piece] = []
        for k in range(self.rng.randint(1, 3)):
            if k > 0 and self.chance(0.3):
                parts.append(Piece(self.comment(ind)))
            elif k > 0 and self.chance(0.2):
                parts.append(Piece("\n"))
            if self.chance(0.04):
                self.feature("directive-inside-region")
                parts += [Piece("#ifdef ALT\n" + ind), Piece(self.nest(), _LOOP),
                          Piece("\n#endif\n")]
                continue
            parts += [Piece(ind), Piece(self.nest(), _LOOP), Piece("\n")]
        if self.chance(0.1):
            parts.append(Piece(self.comment(ind)))
        if self.auto:
            return parts
        inner = "".join(part.text for part in parts)
        if self.chance(0.15):
            # the same region in both branches of an #ifdef around the pragmas
            self.feature("ifdef-around-region")
            other = self.nest()
            other_parts = [Piece(ind), Piece(other, _LOOP), Piece("\n")]
            return [Piece("#ifdef ALT\n#pragma scop\n"), Piece(inner, _REGION, parts),
                    Piece("#pragma endscop\n#else\n#pragma scop\n"),
                    Piece("".join(p.text for p in other_parts), _REGION, other_parts),
                    Piece("#pragma endscop\n#endif\n")]
        return [Piece("#pragma scop\n"), Piece(inner, _REGION, parts),
                Piece("#pragma endscop\n")]

    # -- loop nests --------------------------------------------------------
    def nest(self) -> str:
        """One statement-level loop nest, from `for` to its last character."""
        if self.private_rng.random() < 0.12:
            return self.private_nest()
        kind = self.rng.choices(
            ["general", "matmul", "stencil", "deep", "wide", "mixed-sign", "gnu", "prime"],
            weights=[50, 10, 10, 5, 4, 4, 5 if self.gnu else 0, 1])[0]
        if kind == "matmul":
            return self.matmul()
        if kind == "stencil":
            return self.stencil()
        if kind == "deep":
            return self.deep()
        if kind == "wide":
            return self.wide()
        if kind == "mixed-sign":
            return self.mixed_sign()
        if kind == "gnu":
            return self.gnu_nest()
        if kind == "prime":
            return self.prime()
        return self.general()

    def private_nest(self) -> str:
        """A nest with a scalar of its own (declared in main, named nowhere else) that
        holds a value within one iteration of its outer loops: a sum, a value per
        row, a temporary per element (polyopt.scheduler.privatize)."""
        rng = self.private_rng
        self.feature("private-scalar")
        double = self.use_double and (not self.use_long or rng.random() < 0.5)
        name = f"pv{self.private_count}"
        self.private_count += 1
        kind = "double" if double else "long"
        first = f"{kind} {name}"            # its first write: a declaration in the block
        if rng.random() < 0.5:              # (C99 style) or a local of main
            self.private_scalars.append(first)
            first = name
        ind = self.indent
        b = [rng.choice(["N", "M", "n"]) for _ in range(3)]
        loops = [f"for ({self.declared(v)} = 0; {v} < {bound}; {v}++)" for v, bound in zip("ijk", b)]
        if double:
            (out, a, c), vector, keep, scale = rng.sample(["X", "Y", "Z"], 3), "U", "0.5 * ", "0.0625 * "
        else:
            (out, a, c), vector, keep, scale = rng.sample(["A", "B", "C"], 3), rng.choice(["V", "W"]), "", ""

        def value(text: str) -> str:
            return text if double else f"({text}) % P"

        form = rng.choice(["sum", "row", "element"])
        if form == "sum":
            product = f"{a}[i][k] * {c}[k][j]" if rng.random() < 0.5 else f"{a}[i][k] * {c}[j][k]"
            return (f"{loops[0]}\n{ind * 2}{loops[1]} {{\n{ind * 3}{first} = 0;\n"
                    f"{ind * 3}{loops[2]}\n{ind * 4}{name} = {value(f'{name} + {scale}{product}')};\n"
                    f"{ind * 3}{out}[i][j] = {value(f'{keep}{out}[i][j] + {name}')};\n{ind * 2}}}")
        if form == "row":
            return (f"{loops[0]} {{\n{ind * 2}{first} = {value(f'{scale}{vector}[i] + 1')};\n"
                    f"{ind * 2}{loops[1]}\n{ind * 3}{out}[i][j] = "
                    f"{value(f'{keep}{out}[i][j] + {name} * {a}[i][j]')};\n{ind}}}")
        return (f"{loops[0]}\n{ind * 2}{loops[1]} {{\n"
                f"{ind * 3}{first} = {value(f'{a}[i][j] + {scale}{c}[j][i]')};\n"
                f"{ind * 3}{out}[i][j] = {value(f'{keep}{out}[i][j] + {name} * {name}')};\n"
                f"{ind * 2}}}")

    def bound(self) -> str:
        """An upper bound parameter with value at most N."""
        choices = ["N", "N", "M", "n"]
        if "lim" in self.locals:
            choices.append("lim")
        choices.append("un")     # an unsigned bound (a signed iterator here is never negative)
        return self.pick(choices)

    def header(self, var: str, outer: list[str]) -> str:
        """A loop header over values in [0, N)."""
        rng = self.rng
        name = self.declared(var)
        forms = ["plain"] * 5 + ["le", "step"]
        if self.signed:
            forms += ["down", "down-step"]
        if outer:
            forms += ["tri"] * 3 + ["minmax", "ternary"]
        form = self.pick(forms)
        low = rng.randint(0, 2)
        if form == "plain":
            return f"for ({name} = {low}; {var} < {self.bound()}; {var}++)"
        if form == "le":
            return f"for ({name} = {low}; {var} <= {self.bound()} - 1; ++{var})"
        if form == "step":
            self.feature("steps")
            step = rng.randint(2, 3)
            return self.pick([f"for ({name} = {low}; {var} < {self.bound()}; {var} += {step})",
                              f"for ({name} = {low}; {var} < {self.bound()}; {var} = {var} + {step})"])
        if form == "down":
            self.feature("downward")
            return f"for ({name} = {self.bound()} - 1; {var} >= {low}; {var}--)"
        if form == "down-step":
            self.feature("downward")
            return f"for ({name} = N - 1; {var} >= {low}; {var} -= 2)"
        u = self.pick(outer)
        if form == "tri":
            self.feature("triangular")
            return self.pick([f"for ({name} = 0; {var} <= {u}; {var}++)",
                              f"for ({name} = {u}; {var} < N; {var}++)",
                              f"for ({name} = {u} + 1; {var} < {self.bound()}; {var}++)"])
        if form == "minmax":
            self.feature("minmax")
            self.used_minmax = True
            if self.signed:
                return f"for ({name} = max(0, {u} - 3); {var} < min(N, {u} + 4); {var}++)"
            return f"for ({name} = {u} / 2; {var} <= min(N - 1, {u} + 2); {var}++)"
        self.feature("ternary-bound")
        return f"for ({name} = 0; {var} < ({u} + 5 < N ? {u} + 5 : N); {var}++)"

    def subscript(self, vars_: list[str], nonaffine: bool = False) -> str:
        v = self.pick(vars_)
        if nonaffine:
            self.feature("non-affine")
            return self.pick([f"({v} * {v}) % N", f"idx[{v}]"])
        options = [v] * 6 + [f"{v} + {self.rng.randint(1, 3)}"] * 3 + [f"N - 1 - {v}", "2"]
        if len(vars_) > 1:
            w = self.pick([x for x in vars_ if x != v])
            options += [f"{v} + {w}", f"{w} + {v} + 1"]
        options.append(f"2 * {v} + 1")
        if self.capture:
            options += [f"{v} + OFF"] * 2
        if "c1" in self.locals:
            options.append(f"{v} + c1")
        if self.gnu and self.chance(0.1):
            options.append(f"SHIFT({v})")     # a call: the region is not modelled
        return self.pick(options)

    def reference(self, vars_: list[str], double: bool, rank: int | None = None,
                  nonaffine: bool = False) -> str:
        if rank is None:
            rank = self.pick([1, 2, 2])
        names = (["X", "Y", "Z"] if rank == 2 else ["U"]) if double else \
                (["A", "B", "C"] if rank == 2 else ["V", "W"])
        name = self.pick(names)
        subscripts = [self.subscript(vars_, nonaffine and k == 0) for k in range(rank)]
        return name + "".join(f"[{s}]" for s in subscripts)

    def statement(self, vars_: list[str]) -> str:
        double = self.use_double and (not self.use_long or self.chance(0.4))
        nonaffine = self.chance(0.06)
        if self.chance(0.08):
            # a scalar accumulated in the region
            self.feature("scalar")
            if double:
                return f"dacc = dacc + 0.5 * {self.reference(vars_, True)};"
            return f"acc = (acc + {self.reference(vars_, False)}) % P;"
        target = self.reference(vars_, double, nonaffine=nonaffine)
        terms = [self.reference(vars_, double) for _ in range(self.rng.randint(1, 3))]
        if double:
            # coefficients sum below 1: values stay bounded
            rhs = " + ".join(f"{self.pick(['0.125', '0.0625'])} * {t}" for t in terms)
            if self.chance(0.3):
                rhs += f" - 0.0625 * {self.reference(vars_, True)}"
            if self.chance(0.2):
                rhs += f" + 0.5 * (double){self.pick(vars_)}"
            return f"{target} = 0.5 * {target} + {rhs};"
        pieces = []
        for term in terms:
            form = self.rng.randint(0, 9)
            if form == 0:
                pieces.append(f"{self.rng.randint(2, 5)} * {term}")
            elif form == 1:
                pieces.append(f"{term} * {self.reference(vars_, False)}")
            elif form == 2:
                self.feature("calls")
                pieces.append(f"mix({term}, (long){self.pick(vars_)})")
            elif form == 3:
                self.feature("calls")
                pieces.append(f"lit({self.string_literal()}, {term})")
            elif form == 4:
                pieces.append(f"(long){self.pick(vars_)}")
            else:
                pieces.append(term)
        rhs = self.pick([" + ", " - "]).join(pieces)
        if self.chance(0.5):
            return f"{target} = ({target} + {rhs}) % P;"
        if self.gnu and self.chance(0.1):
            self.feature("backslash-newline")
            return f"{target} = ({rhs} \\\n    + 1) % P;"
        return f"{target} = ({rhs}) % P;"

    def general(self) -> str:
        depth = self.rng.choices([1, 2, 3], weights=[3, 4, 3])[0]
        names = ["i", "j", "k"][:depth]
        headers = [self.header(name, names[:d]) for d, name in enumerate(names)]
        return self.render(headers, names)

    def render(self, headers: list[str], names: list[str]) -> str:
        ind = self.indent
        level = len(headers)
        body = self.body(names, level)
        text = body
        for d in range(level - 1, -1, -1):
            inner_ind = ind * (d + 2)
            lines = text
            if self.chance(0.15) and d < level - 1:
                # an imperfect nest: a statement before the inner loop
                self.feature("imperfect")
                pre = self.statement(names[:d + 1])
                text = (f"{headers[d]} {{\n{inner_ind}{pre}\n{inner_ind}{lines}\n"
                        f"{ind * (d + 1)}}}")
            elif self.chance(0.2):
                text = f"{headers[d]} {{\n{inner_ind}{lines}\n{ind * (d + 1)}}}"
            else:
                text = f"{headers[d]}\n{inner_ind}{lines}"
        return text

    def body(self, names: list[str], level: int) -> str:
        ind = self.indent * (level + 1)
        statements = [self.statement(names) for _ in range(self.rng.choices([1, 2], [3, 1])[0])]
        if self.chance(0.2):
            self.feature("guards")
            statements[0] = self.guarded(names, statements[0], ind)
        if self.chance(0.1):
            statements.insert(0, self.comment("").rstrip("\n").replace("\n", "\n" + ind))
        if len(statements) == 1 and "\n" not in statements[0]:
            return statements[0]
        inner = f"\n{ind}".join(statements)
        return f"{{\n{ind}{inner}\n{self.indent * level}}}"

    def guarded(self, names: list[str], statement: str, ind: str) -> str:
        v = self.pick(names)
        w = self.pick(names)
        conditions = [f"{v} <= {w} + 1", f"({v} + {w}) % 2 == 0", f"{v} > 2 && {v} < N - 2",
                      f"!({v} % 3 == 1) || {w} < 5", f"{v} == {w}", f"{v} >= M"]
        condition = self.pick(conditions)
        if self.chance(0.4):
            other = self.statement(names)
            return f"if ({condition})\n{ind}  {statement}\n{ind}else\n{ind}  {other}"
        return f"if ({condition})\n{ind}  {statement}"

    def matmul(self) -> str:
        self.feature("matmul")
        names = ["i", "j", "k"]
        headers = [f"for ({self.declared(v)} = 0; {v} < {b}; {v}++)"
                   for v, b in zip(names, [self.bound(), self.bound(), self.bound()])]
        if self.use_long and (not self.use_double or self.chance(0.6)):
            body = "C[i][j] = (C[i][j] + A[i][k] * B[k][j]) % P;"
        else:
            body = "X[i][j] = X[i][j] + 0.0625 * Y[i][k] * Z[k][j];"
        ind = self.indent
        return (f"{headers[0]}\n{ind * 2}{headers[1]}\n{ind * 3}{headers[2]}\n"
                f"{ind * 4}{body}")

    def stencil(self) -> str:
        self.feature("stencil")
        ind = self.indent
        steps = self.rng.randint(2, 5)
        t, i = self.declared("t"), self.declared("i")
        if self.use_long and (not self.use_double or self.chance(0.6)):
            body = self.pick(["V[i + 1] = (V[i] + V[i + 1] + V[i + 2]) % P;",
                              "W[i + 1] = (V[i] + 2 * V[i + 2]) % P;"])
            second = "V[i + 1] = (W[i + 1] + V[i + 1]) % P;"
        else:
            body = "U[i + 1] = 0.25 * (U[i] + 2.0 * U[i + 1] + U[i + 2]);"
            second = "U[i] = 0.5 * (U[i] + U[i + 1]);"
        if self.chance(0.5):
            return (f"for ({t} = 0; t < {steps}; t++)\n{ind * 2}for ({i} = 0; i < n; i++)\n"
                    f"{ind * 3}{body}")
        return (f"for ({t} = 0; t < {steps}; t++) {{\n{ind * 2}for ({i} = 0; i < n; i++)\n"
                f"{ind * 3}{body}\n{ind * 2}for ({i} = 0; i < n; i++)\n{ind * 3}{second}\n{ind}}}")

    def deep(self) -> str:
        """A statement of 50-300 terms, or 40-200 nested parentheses."""
        ind = self.indent
        i = self.declared("i")
        if self.chance(0.5):
            self.feature("deep-sum")
            terms = self.rng.randint(50, 300)
            if self.use_long:
                sum_ = " + ".join(f"{self.rng.randint(1, 3)} * V[i + {self.rng.randint(0, 3)}]"
                                  for _ in range(terms))
                return f"for ({i} = 0; i < N; i++)\n{ind * 2}W[i] = ({sum_}) % P;"
            sum_ = " + ".join(f"U[i + {self.rng.randint(0, 3)}]" for _ in range(terms))
            return f"for ({i} = 0; i < N; i++)\n{ind * 2}U[i] = 0.001 * ({sum_});"
        self.feature("deep-parentheses")
        depth = self.rng.randint(40, 200)
        if self.use_long:
            expression = "V[i]"
            for level in range(depth):
                expression = f"({expression} + {level % 7})"
            return f"for ({i} = 0; i < N; i++)\n{ind * 2}W[i + 1] = {expression} % P;"
        expression = "U[i]"
        for level in range(depth):
            expression = f"({expression} * 0.5 + {level % 3}.0)"
        return f"for ({i} = 0; i < N; i++)\n{ind * 2}U[i + 1] = {expression};"

    def wide(self) -> str:
        """Iterators that do not fit `int`: near 2^31, near 2^32, steps of 10^9."""
        self.feature("wide-iterators")
        ind = self.indent
        form = self.rng.randint(0, 2)
        array = "W" if self.use_long else "U"
        def stmt(index, extra):
            if self.use_long:
                return f"{array}[{index}] = ({array}[{index}] + {extra}) % P;"
            return f"{array}[{index}] = 0.5 * {array}[{index}] + (double)({extra});"
        if form == 0:
            return (f"for (long s = 2147483640L; s < 2147483650L; s++)\n"
                    f"{ind * 2}{stmt('s - 2147483640L', 's % 5')}")
        if form == 1:
            return (f"for (unsigned long s = 4294967290UL; s < 4294967300UL; s++)\n"
                    f"{ind * 2}{stmt('s - 4294967290UL', 's % 7')}")
        return (f"for (long s = 0; s < 5000000000L; s += 1000000000L)\n"
                f"{ind * 2}{stmt('s / 1000000000L', 's % 3')}")

    def mixed_sign(self) -> str:
        """A signed iterator below an unsigned bound: C compares as unsigned."""
        self.feature("mixed-sign")
        ind = self.indent
        array = "V" if self.use_long else "U"
        if self.use_long:
            body = f"{array}[s + 1] = ({array}[s + 1] + 1) % P;"
        else:
            body = f"{array}[s + 1] = {array}[s + 1] + 1.0;"
        low = self.pick(["-1", "-2", "0"])
        return f"for (int s = {low}; s < un; s++)\n{ind * 2}{body}"

    def gnu_nest(self) -> str:
        """GNU C inside a loop nest: __asm__, typeof, __attribute__ on a label-free statement."""
        ind = self.indent
        i = self.declared("i")
        form = self.rng.randint(0, 1)
        array = ("V", "W") if self.use_long else ("U", "U")
        if form == 0:
            self.feature("gnu-asm-in-region")
            update = (f"{array[0]}[i] = ({array[0]}[i] + {array[1]}[i + 1]) % P;" if self.use_long
                      else "U[i] = 0.5 * U[i + 1];")
            return (f"for ({i} = 0; i < N; i++) {{\n{ind * 2}{update}\n"
                    f'{ind * 2}__asm__ volatile("" ::: "memory");\n{ind}}}')
        self.feature("gnu-typeof-in-region")
        if self.use_long:
            return (f"for ({i} = 0; i < N; i++)\n"
                    f"{ind * 2}V[i] = (typeof(V[0]))((V[i] + W[i]) % P);")
        return f"for ({i} = 0; i < N; i++)\n{ind * 2}U[i] = (typeof(U[0]))(U[i] * 0.5);"

    def prime(self) -> str:
        """Large prime coefficients in a quasi-affine subscript."""
        self.feature("prime-coefficients")
        ind = self.indent
        i, j = self.declared("i"), self.declared("j")
        array = "V" if self.use_long else "U"
        # the subscript is below 16 <= SZ
        body = (f"{array}[(1000003 * i + 999983 * j + 7919) % 16] = "
                + (f"({array}[(1000003 * i + 999983 * j + 7919) % 16] + 1) % P;" if self.use_long
                   else f"0.5 * {array}[(1000003 * i + 999983 * j + 7919) % 16];"))
        return f"for ({i} = 0; i < N; i++)\n{ind * 2}for ({j} = 0; j < N; j++)\n{ind * 3}{body}"


def generate(seed: int) -> GeneratedProgram:
    """The program of this seed (always the same text for the same seed)."""
    generator = _Generator(seed)
    program = generator.program()
    return program


def main(argv: list[str]) -> int:
    if not argv or not re.fullmatch(r"-?\d+", argv[0]):
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    program = generate(int(argv[0]))
    if "--options" in argv[1:]:
        print(" ".join(program.options))
    elif "--features" in argv[1:]:
        print(" ".join(program.features))
    else:
        sys.stdout.buffer.write(program.data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
