"""C's integer types, for the names a SCoP uses (LP64: int 32 bits, long 64).

The model computes with mathematical integers; C computes in the type the usual
arithmetic conversions give, where an unsigned type wraps and a conversion to a
narrower or unsigned type changes the value. ``IntegerTypes`` tells the type of a
name visible at a region (its declaration, a typedef, a macro's constant); the
affine builder uses it to prove that C's value is the mathematical one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polyopt.frontend.declarations import DeclarationError, scope_at
from polyopt.frontend.defines import object_macros
from polyopt.frontend.source import SourceFile


@dataclass(frozen=True)
class IntegerType:
    bits: int
    signed: bool

    @property
    def minimum(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def maximum(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    @property
    def spelling(self) -> str:
        base = {8: "char", 16: "short", 32: "int", 64: "long"}[self.bits]
        if self.bits == 8:
            return "signed char" if self.signed else "unsigned char"
        return base if self.signed else f"unsigned {base}"

    def holds(self, other: IntegerType) -> bool:
        """Every value of `other` is a value of this type."""
        return self.minimum <= other.minimum and other.maximum <= self.maximum


INT = IntegerType(32, True)
UNSIGNED = IntegerType(32, False)
LONG = IntegerType(64, True)
UNSIGNED_LONG = IntegerType(64, False)

_STANDARD = {
    "size_t": UNSIGNED_LONG, "uintptr_t": UNSIGNED_LONG, "uint64_t": UNSIGNED_LONG,
    "uintmax_t": UNSIGNED_LONG, "uint_fast64_t": UNSIGNED_LONG, "uint_least64_t": UNSIGNED_LONG,
    "ssize_t": LONG, "ptrdiff_t": LONG, "intptr_t": LONG, "int64_t": LONG, "intmax_t": LONG,
    "off_t": LONG, "time_t": LONG, "clock_t": LONG, "int_fast64_t": LONG, "int_least64_t": LONG,
    "uint32_t": UNSIGNED, "uint_least32_t": UNSIGNED, "wchar_t": INT, "int32_t": INT,
    "int_least32_t": INT, "uint16_t": IntegerType(16, False), "int16_t": IntegerType(16, True),
    "uint8_t": IntegerType(8, False), "int8_t": IntegerType(8, True),
    "bool": IntegerType(8, False), "_Bool": IntegerType(8, False),
}
_QUALIFIERS = {"const", "volatile", "register", "static", "extern", "auto", "restrict", "signed",
               "__restrict", "__restrict__", "inline"}
_FLOATING = {"float", "double", "_Complex", "void", "struct", "union", "enum"}
_TYPEDEF = re.compile(r"\btypedef\s+([A-Za-z_][\w\s]*?)\s+([A-Za-z_]\w*)\s*;")
_TOKEN = re.compile(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|[A-Za-z_]\w*")


def promote(kind: IntegerType) -> IntegerType:
    """Integer promotion: narrower than int becomes int."""
    return INT if kind.bits < 32 else kind


def common_type(left: IntegerType, right: IntegerType) -> IntegerType:
    """The usual arithmetic conversions of two integer operands."""
    left, right = promote(left), promote(right)
    if left == right:
        return left
    if left.signed == right.signed:
        return left if left.bits > right.bits else right
    unsigned, signed = (left, right) if right.signed else (right, left)
    return unsigned if unsigned.bits >= signed.bits else signed


def literal_type(text: str) -> IntegerType:
    """The type of an integer literal (C11 6.4.4.1, LP64)."""
    suffix = text[len(text.rstrip("uUlL")):].lower()
    digits = text[:len(text) - len(suffix)].replace("'", "")     # C23 digit separators
    prefix = digits[:2].lower()
    base = (16 if prefix == "0x" else 2 if prefix == "0b" else
            8 if len(digits) > 1 and digits[0] == "0" else 10)
    value = int(digits[2:] if base in (2, 16) else digits, base)
    unsigned = "u" in suffix
    candidates = [INT, UNSIGNED, LONG, UNSIGNED_LONG]
    if "l" in suffix:
        candidates = [LONG, UNSIGNED_LONG]
    if unsigned:
        candidates = [c for c in candidates if not c.signed]
    elif base == 10:
        candidates = [c for c in candidates if c.signed]
    for candidate in candidates:
        if value <= candidate.maximum:
            return candidate
    return UNSIGNED_LONG


def type_of_words(words: list[str], typedefs: dict[str, list[str]], depth: int = 0) -> IntegerType | None:
    """The integer type spelled by declaration specifiers; None if not an integer type."""
    words = [w for w in words if w not in _QUALIFIERS or w == "signed"]
    if any(w in _FLOATING for w in words):
        return None
    for word in words:
        if word in typedefs and depth < 16:
            return type_of_words(typedefs[word], typedefs, depth + 1)
        if word in _STANDARD:
            return _STANDARD[word]
    unsigned = "unsigned" in words
    if "char" in words:
        bits = 8
    elif "short" in words:
        bits = 16
    elif "long" in words:
        bits = 64
    elif unsigned or "int" in words or "signed" in words:
        bits = 32
    else:
        return None
    return IntegerType(bits, not unsigned)


class IntegerTypes:
    """Types of the names visible at one offset of a file; None: not known."""

    def __init__(self, source: SourceFile, offset: int):
        self.source = source
        self.offset = offset
        if "integer types" not in source.cache:
            source.cache["integer types"] = {
                m.group(2): m.group(1).split() for m in _TYPEDEF.finditer(source.blanked)}
        self.typedefs = source.cache["integer types"]
        # the macros defined at the offset (#undef and #if branches read: defines.py),
        # each with its bodies
        self.macros = object_macros(source, offset)
        self._declared: dict[str, IntegerType | None] | None = None
        self._known: dict[str, IntegerType | None] = {}

    def __call__(self, name: str) -> IntegerType | None:
        if name not in self._known:
            self._known[name] = None      # a macro that names itself stops here
            self._known[name] = self._lookup(name)
        return self._known[name]

    def not_integer(self, name: str) -> bool:
        """`name` is declared in scope with a type that is not an integer (float,
        double): known only where the file parses."""
        declared = self._declarations()
        return name not in self.macros and name in declared and declared[name] is None

    def _lookup(self, name: str) -> IntegerType | None:
        if name in self.macros:
            # one body per #if branch: the common type of them all
            result = None
            for body in self.macros[name]:
                kind = self._expression_type(body)
                if kind is None:
                    return None
                result = kind if result is None else common_type(result, kind)
            return result
        return self._declarations().get(name)

    def _expression_type(self, text: str) -> IntegerType | None:
        """The type of a macro's body: the common type of its literals and names
        (a cast or sizeof counts as its type; 'sizeof' is size_t)."""
        result = None
        for token in _TOKEN.findall(text):
            if token[0].isdigit():
                kind = literal_type(token)
            elif token == "sizeof":
                kind = UNSIGNED_LONG
            elif token in ("unsigned", "long") or token in _STANDARD or token in self.typedefs:
                kind = type_of_words([token], self.typedefs)
            else:
                kind = self(token)
            if kind is not None:
                result = kind if result is None else common_type(result, kind)
        return result

    def _declarations(self) -> dict[str, IntegerType | None]:
        if self._declared is None:
            try:
                scope = scope_at(self.source, self.offset)
            except (DeclarationError, RecursionError, AssertionError):
                # pycparser's own limits too: the scan is the conservative way
                self._declared = self._scanned()
            else:
                self._declared = {name: type_of_words(d.element_type.split(), self.typedefs)
                                  for name, d in scope.declarations.items() if d.rank == 0}
        return self._declared

    def _scanned(self) -> dict[str, IntegerType | None]:
        """Without a parse: every declaration-like statement before the offset that
        names a type; a name declared with several types gets the widest."""
        result: dict[str, IntegerType | None] = {}
        text = self.source.blanked[:self.offset]
        for chunk in re.split(r"[;{}()]", text):
            # a subscript names sizes, not what is declared (`int n, double A[n][m]`)
            chunk = re.sub(r"\[[^\]]*\]", " ", chunk)
            kind = None
            for part in chunk.split(","):
                words = re.findall(r"[A-Za-z_]\w*", part)
                if any(self._names_a_type(word) for word in words):
                    kind = type_of_words(words, self.typedefs)   # a parameter of its own
                # else a declarator of the list before it (`int a, b`)
                if kind is None:
                    continue
                for word in words:
                    known = result.get(word)
                    result[word] = kind if known is None else common_type(known, kind)
        return result

    def _names_a_type(self, word: str) -> bool:
        return (word in _QUALIFIERS or word in _FLOATING or word in _STANDARD
                or word in self.typedefs
                or word in ("int", "char", "short", "long", "unsigned", "signed"))
