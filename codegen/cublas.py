"""cuBLAS calls for the matches of polyopt.blas.match on the CUDA target (``--blas``).

The matches are row-major CBLAS calls (``codegen.blas``); cuBLAS is column-major.
A row-major matrix is its transpose read column-major, so each call is rewritten:
a product C = op(A) op(B) becomes C^T = op(B)^T op(A)^T (operands swapped, sizes
swapped, each operand's transposition kept); a matrix-vector product transposes
the matrix (flipped), a rank-1 update swaps its vectors; symmetric and triangular
routines flip the triangle (a row-major upper triangle is a column-major lower one),
the side of a triangular product or solve, and the transposition of a rank-k update.

The routines are declared here under names of their own bound to cuBLAS's symbols
by asm labels (as ``codegen.blas`` binds CBLAS's), so no cuBLAS header is needed
to compile the file and one that includes ``cublas_v2.h`` does not conflict;
overloads on the element type (``polyopt_cublas_gemm(..., const double *, ...)``)
choose the double or the float routine where the type is a macro or a typedef.
Link with ``-lcublas``. Each call's status is checked; the arrays live in device
memory for the SCoP as for its kernels (copied in where the SCoP reads them).
"""

from __future__ import annotations

from polyopt.blas import BlasCall, BlasMatch, Operand
from polyopt.codegen.blas import guarded_sizes
from polyopt.codegen.expressions import linear_index

# cuBLAS's enumerations (cublas_api.h)
OP_N, OP_T = 0, 1
FILL_LOWER, FILL_UPPER = 0, 1
DIAG_NON_UNIT, DIAG_UNIT = 0, 1
SIDE_LEFT, SIDE_RIGHT = 0, 1

SUPPORTED = ("gemm", "gemv", "ger", "scal", "axpy", "syrk", "syr2k", "symm", "trmm", "trsm",
             "trsv")

# (routine, parameters after the handle with {t} for the element type); the wrapper
# polyopt_cublas_<routine> has the same parameters
_SIGNATURES = {
    "gemm": "int, int, int, int, int, const {t} *, const {t} *, int, const {t} *, int, "
            "const {t} *, {t} *, int",
    "gemv": "int, int, int, const {t} *, const {t} *, int, const {t} *, int, const {t} *, "
            "{t} *, int",
    "ger": "int, int, const {t} *, const {t} *, int, const {t} *, int, {t} *, int",
    "scal": "int, const {t} *, {t} *, int",
    "axpy": "int, const {t} *, const {t} *, int, {t} *, int",
    "syrk": "int, int, int, int, const {t} *, const {t} *, int, const {t} *, {t} *, int",
    "syr2k": "int, int, int, int, const {t} *, const {t} *, int, const {t} *, int, "
             "const {t} *, {t} *, int",
    "symm": "int, int, int, int, const {t} *, const {t} *, int, const {t} *, int, "
            "const {t} *, {t} *, int",
    "trmm": "int, int, int, int, int, int, const {t} *, const {t} *, int, const {t} *, int, "
            "{t} *, int",
    "trsm": "int, int, int, int, int, int, const {t} *, const {t} *, int, {t} *, int",
    "trsv": "int, int, int, int, const {t} *, int, {t} *, int",
}


def declarations() -> list[str]:
    """Emitted once per file, before the first function that calls cuBLAS."""
    lines = ["#ifndef POLYOPT_CUBLAS", "#define POLYOPT_CUBLAS",
             "struct cublasContext;",
             'extern "C" int polyopt_cublasCreate(struct cublasContext **) '
             '__asm__("cublasCreate_v2");',
             'extern "C" int polyopt_cublasDestroy(struct cublasContext *) '
             '__asm__("cublasDestroy_v2");',
             "static void polyopt_cublas_check(int status, const char *call, const char *file, "
             "int line)",
             "{",
             "  if (status != 0) {",
             '    fprintf(stderr, "%s:%d: polyopt: cuBLAS error in %s: status %d\\n", file, line, '
             "call, status);",
             "    exit(EXIT_FAILURE);",
             "  }",
             "}"]
    for routine, signature in _SIGNATURES.items():
        for letter, element in (("D", "double"), ("S", "float")):
            parameters = signature.format(t=element)
            names = [f"p{k}" for k in range(parameters.count(",") + 1)]
            typed = ", ".join(f"{kind.strip()} {name}"
                              for kind, name in zip(parameters.split(","), names))
            symbol = f"cublas{letter}{routine}_v2"
            lines.append(f'extern "C" int polyopt_{symbol}(struct cublasContext *, {parameters}) '
                         f'__asm__("{symbol}");')
            lines.append(f"__attribute__((unused)) static inline int polyopt_cublas_{routine}("
                         f"struct cublasContext *h, "
                         f"{typed}) {{ return polyopt_{symbol}(h, {', '.join(names)}); }}")
    lines.append("#endif")
    return lines


class Unsupported(Exception):
    """A call cuBLAS is not asked for here (the reason)."""


def _pointer(operand: Operand, devices: dict) -> str:
    array = devices[operand.array]
    if not operand.first:
        return array.device
    return f"{array.device} + ({linear_index(operand.first, array.extents)})"


def call_lines(call: BlasCall, devices: dict, handle: str, number: int) -> list[str]:
    """The cuBLAS call (guarded by its sizes as the CBLAS one is) for one match call;
    `devices`: array name -> codegen.cuda.arrays.DeviceArray; `number` makes its scalars' names."""
    if call.routine not in SUPPORTED:
        raise Unsupported(f"no cuBLAS call for {call.routine} here")
    element = devices[call.output.array].element_type
    alpha, beta = f"polyopt_alpha{number}", f"polyopt_beta{number}"
    scalars = [f"const {element} {alpha} = {call.alpha};",
               f"const {element} {beta} = {call.beta};"]
    a, b = (call.operands + [None, None])[:2]
    out = _pointer(call.output, devices)
    condition, sizes = guarded_sizes(call)          # as the CBLAS call's
    if call.routine == "gemm":
        m, n, k = sizes
        arguments = [OP_T if b.transposed else OP_N, OP_T if a.transposed else OP_N, n, m,
                     k, f"&{alpha}", _pointer(b, devices),
                     b.leading, _pointer(a, devices), a.leading, f"&{beta}", out,
                     call.output.leading]
    elif call.routine == "gemv":
        rows, columns = sizes
        arguments = [OP_N if a.transposed else OP_T, columns, rows, f"&{alpha}",
                     _pointer(a, devices), a.leading, _pointer(b, devices), 1, f"&{beta}", out, 1]
    elif call.routine == "ger":
        m, n = sizes
        arguments = [n, m, f"&{alpha}", _pointer(b, devices), 1, _pointer(a, devices), 1, out,
                     call.output.leading]
    elif call.routine == "scal":
        n, = sizes
        arguments = [n, f"&{alpha}", out, 1]
    elif call.routine == "axpy":
        n, = sizes
        arguments = [n, f"&{alpha}", _pointer(a, devices), 1, out, 1]
    elif call.routine in ("syrk", "syr2k"):
        n, k = sizes
        matrices = [argument for operand in call.operands
                    for argument in (_pointer(operand, devices), operand.leading)]
        arguments = [FILL_UPPER if call.lower else FILL_LOWER, OP_N if a.transposed else OP_T,
                     n, k, f"&{alpha}", *matrices, f"&{beta}", out, call.output.leading]
    elif call.routine == "symm":
        # row-major C = A B (left) is column-major C^T = B^T A^T: the other side, and
        # the stored triangle seen transposed
        m, n = sizes
        arguments = [SIDE_RIGHT if call.left else SIDE_LEFT,
                     FILL_UPPER if call.lower else FILL_LOWER, n, m, f"&{alpha}",
                     _pointer(a, devices), a.leading, _pointer(b, devices), b.leading,
                     f"&{beta}", out, call.output.leading]
    elif call.routine in ("trmm", "trsm"):
        m, n = sizes
        arguments = [SIDE_RIGHT if call.left else SIDE_LEFT,
                     FILL_UPPER if call.lower else FILL_LOWER, OP_T if a.transposed else OP_N,
                     DIAG_UNIT if call.unit else DIAG_NON_UNIT, n, m, f"&{alpha}",
                     _pointer(a, devices), a.leading, out, call.output.leading]
        if call.routine == "trmm":          # cuBLAS's is out of place: the output in place
            arguments += [out, call.output.leading]
    elif call.routine == "trsv":
        n, = sizes
        arguments = [FILL_UPPER if call.lower else FILL_LOWER, OP_N if a.transposed else OP_T,
                     DIAG_UNIT if call.unit else DIAG_NON_UNIT, n, _pointer(a, devices),
                     a.leading, out, 1]
    else:                                    # pragma: no cover (SUPPORTED)
        raise Unsupported(call.routine)
    text = f"polyopt_cublas_{call.routine}({handle}, {', '.join(map(str, arguments))})"
    scalars = [line for line, name in zip(scalars, (alpha, beta)) if f"&{name}" in text]
    return ["{", *("  " + s for s in scalars), f"  if ({condition})",
            f'    polyopt_cublas_check({text}, "cublas {call.name}", __FILE__, __LINE__);', "}"]


def match_lines(matches: list[BlasMatch], devices: dict, handle: str
                ) -> tuple[list[str], list[str], list[str]]:
    """The handle's creation, the calls of the matches in order, its destruction."""
    setup = [f"struct cublasContext *{handle};",
             f'polyopt_cublas_check(polyopt_cublasCreate(&{handle}), "cublasCreate", __FILE__, '
             "__LINE__);"]
    calls, number = [], 0
    for match in matches:
        for call in match.calls:
            calls += call_lines(call, devices, handle, number)
            number += 1
    return setup, calls, [f"polyopt_cublasDestroy({handle});"]
