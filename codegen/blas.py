"""BLAS call emission: CBLAS calls, row-major, for the matches of polyopt.blas.match.

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
    condition, sizes = guarded_sizes(call)
    if call.routine == "dot":
        return _dot_lines(call)
    return [f"if ({condition})", f"  {_call_text(call, sizes)}"]


def _dot_lines(call: BlasCall) -> list[str]:
    a, b = call.operands
    n, = call.sizes
    product = f"{_routine(call)}({n}, {_address(a)}, 1, {_address(b)}, 1)"
    if call.alpha != "1":
        product = f"{call.alpha} * {product}"
    target = _element(call.output)
    if call.beta == "0":
        return [f"{target} = {n} > 0 ? {product} : 0;"]
    if call.beta != "1":
        return [f"{target} = {call.beta} * {target} + ({n} > 0 ? {product} : 0);"]
    return [f"if ({n} > 0)", f"  {target} += {product};"]


def _call_text(call: BlasCall, sizes: list[str]) -> str:
    """The C call statement, with `sizes` as its size arguments."""
    a, b = (call.operands + [None, None])[:2]
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
    return f"{_routine(call)}({', '.join(map(str, arguments))});"


def match_lines(match: BlasMatch, block_bytes: int = 0) -> list[str]:
    """The calls of a match; with `block_bytes`, a pair of matrix-vector products over
    the same matrix that blocks_rows_together allows runs in row blocks of about
    that many bytes of the matrix."""
    lines, calls = [], list(match.calls)
    while calls:
        call = calls.pop(0)
        if block_bytes and calls and blocks_rows_together(call, calls[0]):
            lines += row_blocked_lines(call, calls.pop(0), block_bytes)
        else:
            lines += call_lines(call)
    return lines


def blocks_rows_together(first: BlasCall, second: BlasCall) -> bool:
    """Whether two matrix-vector products, one call after the other, one with A and
    one with A^T of the same matrix, compute the same when they run in row blocks
    of A (each block's two calls one after the other, so that the second reads
    the block from cache where the first left it: one pass over A from memory
    rather than two). The second call's results take the blocks' partial sums
    in another order; nothing else changes where neither call writes what the
    other reads, but for the second's vector being the first's output at the
    same rows (A x, then A^T of that: the block of it is complete when read)."""
    if first.routine != "gemv" or second.routine != "gemv":
        return False
    (matrix, first_vector), (other, second_vector) = first.operands, second.operands
    if ((matrix.array, matrix.first, matrix.leading) != (other.array, other.first, other.leading)
            or matrix.transposed == other.transposed or first.sizes != second.sizes
            or first.element != second.element):
        return False
    outputs = {first.output.array, second.output.array}
    if len(outputs) < 2 or matrix.array in outputs or first_vector.array == second.output.array:
        return False
    if second_vector.array == first.output.array:
        return not matrix.transposed and second_vector.first == first.output.first
    return True


def _shifted(operand: Operand, row: str) -> Operand:
    """`operand` from `row` rows (elements of a vector) further on."""
    first = list(operand.first)
    first[0] = row if first[0] == "0" else f"({first[0]}) + {row}"
    return Operand(operand.array, first, operand.leading, operand.transposed)


def row_blocked_lines(first: BlasCall, second: BlasCall, block_bytes: int) -> list[str]:
    """Two matrix-vector products (blocks_rows_together) in row blocks of their
    matrix, each about `block_bytes` (at least 8 rows); the two plain calls where
    the matrix is empty (a beta still scales an output)."""
    rows, columns = first.sizes
    block, row, count = "polyopt_block", "polyopt_row", "polyopt_rows"

    def blocked(call: BlasCall) -> BlasCall:
        matrix, vector = call.operands
        output = call.output
        if matrix.transposed:           # x is indexed by A's rows; y accumulates blocks
            vector = _shifted(vector, row)
            beta = call.beta if call.beta == "1" else f"({row} == 0 ? {call.beta} : 1)"
        else:                           # y is indexed by A's rows
            output, beta = _shifted(output, row), call.beta
        return BlasCall(call.routine, call.element, [count, columns], call.alpha, beta,
                        output, [_shifted(matrix, row), vector])

    element = f"sizeof({_element(first.operands[0])})"
    return [f"if ({rows} > 0 && {columns} > 0)",
            "{",
            f"  int {block} = (int)({block_bytes}L / ((long)({columns}) * (long){element}));",
            f"  if ({block} < 8)",
            f"    {block} = 8;",
            f"  for (int {row} = 0; {row} < {rows}; {row} += {block})",
            "  {",
            f"    int {count} = {rows} - {row} < {block} ? {rows} - {row} : {block};",
            f"    {_call_text(blocked(first), [count, columns])}",
            f"    {_call_text(blocked(second), [count, columns])}",
            "  }",
            "}",
            "else",
            "{",
            *(f"  {line}" for line in call_lines(first) + call_lines(second)),
            "}"]


def needs_type_check(match: BlasMatch) -> str | None:
    """The C condition that the element type is double or float, where the match's
    element type is a name (None where it is double or float as written)."""
    call = match.calls[0]
    if call.element in ELEMENT_PREFIX:
        return None
    return f"_Generic({_element(call.output)}, double: 1, float: 1, default: 0)"
