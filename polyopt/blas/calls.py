"""What a match is: the CBLAS calls that replace statements of a SCoP.

A call (`BlasCall`) names the routine, the element type, the sizes, alpha and beta
(C text of the parameters and scalars) and its array arguments (`Operand`: first
element and row length); a match (`BlasMatch`) is the statements one or more
calls replace, the initialisation first; the analysis of a SCoP (`BlasAnalysis`)
is its matches and, for every other statement, why it is no call (`NoMatch`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

ELEMENT_PREFIX = {"double": "d", "float": "s"}


class NoMatch(Exception):
    """Why a statement is not a BLAS operation."""


@dataclass
class Operand:
    """An array argument: its first element and its layout."""

    array: str
    first: list[str]              # C subscripts of the first element used
    leading: str | None = None    # row length of a rank-2 array (declared last extent)
    transposed: bool = False


@dataclass
class BlasCall:
    """One CBLAS call, row-major; sizes are C expressions of the parameters."""

    routine: str                  # "gemm", "gemv", "ger"
    element: str                  # "double" or "float"
    sizes: list[str]              # gemm: M, N, K; gemv: rows, columns of A; ger: M, N
    alpha: str
    beta: str                     # "1" for none (ger: always "1")
    output: Operand
    operands: list[Operand]
    lower: bool | None = None     # syrk, syr2k, trsv, trsm, trmm: the triangle used
    unit: bool = False            # trsv, trsm, trmm: the diagonal is taken to be 1
    left: bool = True             # trsm, trmm: the triangular matrix on the left

    @property
    def name(self) -> str:
        """The routine's name, without the "cblas_" prefix ("?gemm" for a type name)."""
        return ELEMENT_PREFIX.get(self.element, "?") + self.routine


@dataclass
class BlasMatch:
    """Statements (initialisation first) that one or more calls replace."""

    statements: list[str]
    calls: list[BlasCall]

    def describe(self) -> str:
        calls = ", ".join(f"{c.name}({describe_call(c)})" for c in self.calls)
        return f"{' + '.join(self.statements)}: {calls}"


@dataclass
class BlasAnalysis:
    """The matches of a SCoP, and why each other statement is none."""

    matches: list[BlasMatch] = field(default_factory=list)
    rejected: dict[str, str] = field(default_factory=dict)   # statement -> why not


def describe_call(call: BlasCall) -> str:
    """The call's arguments as text: output, operands, alpha, beta and sizes."""
    operands = ", ".join(f"{o.array}{'^T' if o.transposed else ''}" for o in call.operands) \
        or call.output.array
    if call.routine == "symm":              # A symmetric, one triangle read; B general
        symmetric = f"{call.operands[0].array} (symmetric, {'lower' if call.lower else 'upper'})"
        general = call.operands[1].array
        operands = f"{symmetric} * {general}" if call.left else f"{general} * {symmetric}"
    beta = "" if call.beta == "1" else f", beta={call.beta}"
    return f"{call.output.array} <- {operands}, alpha={call.alpha}{beta}, sizes {' x '.join(call.sizes)}"
