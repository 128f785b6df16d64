"""BLAS call emission: CBLAS calls, row-major, for the matches of polyopt.blas.

The routines are declared in the generated block itself, under names of their
own bound to the library's symbols by asm labels (``POLYOPT_CBLAS_PREFIX``
"cblas_dgemm"): no header is needed, and a file that includes cblas.h does not
conflict. Array arguments are ``void *`` there, so that where the element type is
a name (a macro or typedef) the routine can be chosen with ``_Generic`` and the
call guarded by a check that the type is double or float (the caller supplies
the loops to run otherwise).
"""

from __future__ import annotations

from polyopt.blas import ELEMENT_PREFIX, BlasCall, BlasMatch, Operand

ROW_MAJOR, NO_TRANS, TRANS, UPPER, LOWER = 101, 111, 112, 121, 122
NON_UNIT, UNIT, LEFT, RIGHT = 131, 132, 141, 142

_PARAMETERS = {
    "gemm": "int, int, int, int, int, int, {t}, const void *, int, const void *, int, {t}, "
            "void *, int",
    "gemv": "int, int, int, int, {t}, const void *, int, const void *, int, {t}, void *, int",
    "ger": "int, int, int, {t}, const void *, int, const void *, int, void *, int",
    "dot": "int, const void *, int, const void *, int",
    "axpy": "int, {t}, const void *, int, void *, int",
    "scal": "int, {t}, void *, int",
    "trsv": "int, int, int, int, int, const void *, int, void *, int",
    "trsm": "int, int, int, int, int, int, int, {t}, const void *, int, void *, int",
    "trmm": "int, int, int, int, int, int, int, {t}, const void *, int, void *, int",
    "syrk": "int, int, int, int, int, {t}, const void *, int, {t}, void *, int",
    "syr2k": "int, int, int, int, int, {t}, const void *, int, const void *, int, {t}, "
             "void *, int",
    "symm": "int, int, int, int, int, {t}, const void *, int, const void *, int, {t}, "
            "void *, int",
}


def prefix_lines(default_prefix: str) -> list[str]:
    """The symbol prefix macro, defaulting to the library chosen at generation."""
    return ["#ifndef POLYOPT_CBLAS_PREFIX", f'#define POLYOPT_CBLAS_PREFIX "{default_prefix}"',
            "#endif"]


def _local_name(letter: str, routine: str) -> str:
    return f"polyopt_cblas_{letter}{routine}"


def declaration_lines(matches: list[BlasMatch]) -> list[str]:
    """Block-scope declarations of every routine the matches call."""
    wanted = []
    for match in matches:
        for call in match.calls:
            letters = [ELEMENT_PREFIX[call.element]] if call.element in ELEMENT_PREFIX else ["d", "s"]
            wanted += [(letter, call.routine) for letter in letters]
    lines = []
    for letter, routine in dict.fromkeys(wanted):
        element = "double" if letter == "d" else "float"
        result = element if routine == "dot" else "void"
        lines.append(f"extern {result} {_local_name(letter, routine)}("
                     f"{_PARAMETERS[routine].format(t=element)}) "
                     f'__asm__(POLYOPT_CBLAS_PREFIX "cblas_{letter}{routine}");')
    return lines


def _element(operand: Operand) -> str:
    return f"{operand.array}{''.join(f'[{s}]' for s in operand.first)}"


def _address(operand: Operand) -> str:
    return f"&{_element(operand)}"


def _routine(call: BlasCall) -> str:
    if call.element in ELEMENT_PREFIX:
        return _local_name(ELEMENT_PREFIX[call.element], call.routine)
    return (f"_Generic({_element(call.output)}, float: {_local_name('s', call.routine)}, "
            f"default: {_local_name('d', call.routine)})")


def _reduction(call: BlasCall) -> int | None:
    """Where in ``call.sizes`` the size summed over is (None: the call has no sum)."""
    if call.routine == "gemm":
        return 2
    if call.routine == "gemv":            # y = op(A) x: the sum runs over op(A)'s columns
        return 0 if call.operands[0].transposed else 1
    if call.routine in ("syrk", "syr2k"):
        return 1
    return None


def guarded_sizes(call: BlasCall) -> tuple[str, list[str]]:
    """(the C condition a call runs under, its sizes as its arguments), for CBLAS and
    cuBLAS alike: nothing where the output is empty; where only the sum is, a call
    that scales its output by beta still runs, with the sum's size (which may be
    negative in C) passed as at least zero."""
    reduction = _reduction(call)
    sizes = list(call.sizes)
    guard = [size for k, size in enumerate(sizes) if k != reduction]
    if reduction is not None:
        if call.beta != "1":
            sizes[reduction] = f"({sizes[reduction]} > 0 ? {sizes[reduction]} : 0)"
        else:
            guard.append(sizes[reduction])
    return " && ".join(f"{size} > 0" for size in dict.fromkeys(guard)), sizes


def call_lines(call: BlasCall) -> list[str]:
    """One guarded call (see guarded_sizes)."""
    a, b = (call.operands + [None, None])[:2]
    name = _routine(call)
    scaled = call.beta != "1"
    condition, sizes = guarded_sizes(call)
    if call.routine == "gemm":
        m, n, k = sizes
        arguments = [ROW_MAJOR, TRANS if a.transposed else NO_TRANS,
                     TRANS if b.transposed else NO_TRANS, m, n, k, call.alpha,
                     _address(a), a.leading, _address(b), b.leading, call.beta,
                     _address(call.output), call.output.leading]
    elif call.routine == "gemv":
        rows, columns = sizes
        arguments = [ROW_MAJOR, TRANS if a.transposed else NO_TRANS, rows, columns, call.alpha,
                     _address(a), a.leading, _address(b), 1, call.beta,
                     _address(call.output), 1]
    elif call.routine == "ger":
        m, n = sizes
        arguments = [ROW_MAJOR, m, n, call.alpha, _address(a), 1, _address(b), 1,
                     _address(call.output), call.output.leading]
    elif call.routine == "dot":
        n, = call.sizes
        product = f"{name}({n}, {_address(a)}, 1, {_address(b)}, 1)"
        if call.alpha != "1":
            product = f"{call.alpha} * {product}"
        target = _element(call.output)
        if call.beta == "0":
            return [f"{target} = {n} > 0 ? {product} : 0;"]
        if scaled:
            return [f"{target} = {call.beta} * {target} + ({n} > 0 ? {product} : 0);"]
        return [f"if ({n} > 0)", f"  {target} += {product};"]
    elif call.routine == "axpy":
        n, = sizes
        arguments = [n, call.alpha, _address(a), 1, _address(call.output), 1]
    elif call.routine == "scal":
        n, = sizes
        arguments = [n, call.alpha, _address(call.output), 1]
    elif call.routine == "trsv":
        n, = sizes
        arguments = [ROW_MAJOR, LOWER if call.lower else UPPER, TRANS if a.transposed else NO_TRANS,
                     UNIT if call.unit else NON_UNIT, n, _address(a), a.leading,
                     _address(call.output), 1]
    elif call.routine in ("trsm", "trmm"):
        m, n = sizes
        arguments = [ROW_MAJOR, LEFT if call.left else RIGHT, LOWER if call.lower else UPPER,
                     TRANS if a.transposed else NO_TRANS, UNIT if call.unit else NON_UNIT, m, n,
                     call.alpha, _address(a), a.leading, _address(call.output),
                     call.output.leading]
    elif call.routine in ("syrk", "syr2k"):
        n, k = sizes
        matrices = [argument for operand in call.operands
                    for argument in (_address(operand), operand.leading)]
        arguments = [ROW_MAJOR, LOWER if call.lower else UPPER,
                     TRANS if a.transposed else NO_TRANS, n, k,
                     call.alpha, *matrices, call.beta, _address(call.output),
                     call.output.leading]
    elif call.routine == "symm":           # C = alpha A B + beta C (left), B A (right)
        m, n = sizes
        arguments = [ROW_MAJOR, LEFT if call.left else RIGHT, LOWER if call.lower else UPPER,
                     m, n, call.alpha, _address(a), a.leading, _address(b), b.leading,
                     call.beta, _address(call.output), call.output.leading]
    else:
        raise ValueError(call.routine)
    return [f"if ({condition})",
            f"  {name}({', '.join(map(str, arguments))});"]


def match_lines(match: BlasMatch) -> list[str]:
    lines = []
    for call in match.calls:
        lines += call_lines(call)
    return lines


def needs_type_check(match: BlasMatch) -> str | None:
    """The C condition that the element type is double or float, where the match's
    element type is a name (None where it is double or float as written)."""
    call = match.calls[0]
    if call.element in ELEMENT_PREFIX:
        return None
    return f"_Generic({_element(call.output)}, double: 1, float: 1, default: 0)"
