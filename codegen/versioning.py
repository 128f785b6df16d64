"""Versioning: tiled code for the sizes it is made for, the code as written for the rest.

isl generates a tiled nest for every value of the parameters, so the AST also
holds the cases where a loop runs fewer iterations than a tile (one copy of the
point loops per combination of full and partial tiles, with min/max bounds and
case tests). Those cases cost isl most of its time and double the code, for sizes
where tiling does not pay anyway. Where the file gives a parameter's value, the
tiled code is generated (and checked) for that parameter at least
``min(largest tile size, its value)`` only, and the region becomes

    if (N >= 64 && M >= 64) { tiled code } else { the code as written }

The known sizes always take the tiled branch (the least value is never above the
known one); smaller ones run the original loops, which is right for every size.
A parameter without a known value is not constrained (it may be an offset or a
count that is small in every run), so its cases stay in the tiled code.

A size that the calls in the file pass to the region's function as a small constant
(at most ``FIXED_MAX``: 16 ages, 9 directions) and that bounds a loop is fixed to it
where the code has parallel regions (``fixed_values``): the code is generated for that
value, printed as a literal, under ``na == 16``. In serial code gcc inlines the
function and knows the trip count (it unrolls the loop completely and vectorizes the
loop around it); in a parallel region's outlined function it does not, and it
vectorizes the small loop itself where it can (a reduction of 16 ages: 4x slower per
thread than serial code).

region_condition joins a region's tests (its model's assumption, the least sizes,
its arrays apart) into the condition of its GeneratedNest (codegen.nest).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from polyopt.codegen.expressions import ExpressionPrinter, parameter_casts
from polyopt.codegen.splice import braced_block
from polyopt.core.scop import (OBJECT, POINTER, RESTRICT, ROWS, Scop, original_lines,
                           testable_arrays)

__all__ = ["FIXED_MAX", "OverlapTest", "assumed_context", "assumption_text", "copies_test",
           "disjoint_summary", "disjoint_test", "fixed_values", "joined_condition",
           "least_values",
           "original_lines", "overlapping_pairs", "region_condition", "rows_apart",
           "version_condition", "versioned"]


#: gcc unrolls a loop of up to this many iterations completely (its
#: max-completely-peel-times), where it knows the count
FIXED_MAX = 16


def fixed_values(scop: Scop) -> dict[str, int]:
    """The parameters the calls in the file pass as constants of at most FIXED_MAX
    (Scop.passed_values) that bound a loop inside another, with their values."""
    found = {}
    for name in sorted(scop.passed_values):
        value = scop.known_values.get(name)
        if value is not None and 0 < value <= FIXED_MAX and any(
                _bounds_inner_loop(statement.domain, name) for statement in scop.statements):
            found[name] = value
    return found


def _bounds_inner_loop(domain: isl.Set, parameter: str) -> bool:
    """Whether a constraint of `domain` names the parameter and an iterator other
    than the outermost."""
    inner = domain.dim(isl.dim_type.set) - 1
    index = domain.find_dim_by_name(isl.dim_type.param, parameter)
    return inner > 0 and index >= 0 and any(
        constraint.involves_dims(isl.dim_type.param, index, 1)
        and constraint.involves_dims(isl.dim_type.set, 1, inner)
        for piece in domain.get_basic_sets() for constraint in piece.get_constraints())


def least_values(scop: Scop, tile_sizes: list[list[int]]) -> dict[str, int]:
    """Each known parameter's least value for the tiled code: the largest tile size,
    or its known value where that is smaller (empty: no tiles or no known value)."""
    sizes = [size for band in tile_sizes for size in band if size > 0]
    if not sizes:
        return {}
    largest = max(sizes)
    return {name: min(largest, scop.known_values[name])
            for name in scop.parameters if name in scop.known_values}


def assumed_context(scop: Scop, assumed: dict[str, int],
                    fixed: dict[str, int] | None = None) -> isl.Set:
    """The SCoP's parameter context with each parameter of `assumed` at least its value,
    each of `fixed` at its value."""
    context = scop.context
    for name, value in assumed.items():
        context = context.lower_bound_val(isl.dim_type.param, scop.parameters.index(name),
                                          isl.Val.int_from_si(context.get_ctx(), value))
    for name, value in (fixed or {}).items():
        context = context.fix_val(isl.dim_type.param, scop.parameters.index(name),
                                  isl.Val.int_from_si(context.get_ctx(), value))
    return context


def version_condition(assumed: dict[str, int], renamed: dict[str, str],
                      fixed: dict[str, int] | None = None) -> str:
    """The C test of `assumed` and `fixed` (a parameter's generated name where it has
    one: the cast of an unsigned parameter, as in the generated bounds)."""
    tests = {name: f"{renamed.get(name, name)} >= {value}" for name, value in assumed.items()}
    tests.update({name: f"{renamed.get(name, name)} == {value}"
                  for name, value in (fixed or {}).items()})
    return " && ".join(test for _, test in sorted(tests.items()))


def assumption_text(scop: Scop, expressions=None) -> str | None:
    """The C test of the SCoP's own assumption (Scop.assumption: where its model
    is right), printed by `expressions` (codegen.expressions.ExpressionPrinter:
    an unsigned parameter's cast) or plainly; None where it has none."""
    if scop.assumption is None:
        return None
    assumption = isl.Set(scop.assumption)
    build = isl.AstBuild.from_context(isl.Set.universe(assumption.get_space()))
    return (expressions or ExpressionPrinter())(build.expr_from_set(assumption))


def overlapping_pairs(scop: Scop, promises: bool = True) -> list[tuple[str, str]]:
    """The pairs of arrays whose cells may be the same, where that would change
    what the optimized code computes: one of them written, not two array objects
    (distinct storage), not a restrict pointer and another that cannot be based on
    it (the program promises; `promises` False: not even then, for copies of whole
    arrays). Pointers to rows (`double **a`) are tested row by row (`disjoint_test`)."""
    arrays = testable_arrays(scop)

    def promised(x, y) -> bool:
        # restrict: no access to its cells but through it (C11 6.7.3.1), where the
        # other cannot be based on it (a local pointer, one set in the function, one
        # of an unknown type may be)
        return promises and x.storage == RESTRICT and y.storage in (OBJECT, POINTER, RESTRICT)
    # and the global arrays that calls read (frontend: their whole extent)
    return [(x.name, y.name) for k, x in enumerate(arrays) for y in arrays[k + 1:]
            if (x.written or y.written) and not (x.storage == y.storage == OBJECT)
            and not promised(x, y) and not promised(y, x)] + list(scop.hidden_pairs)


def rows_apart(scop: Scop) -> list[str]:
    """The arrays of pointers to rows that the SCoP writes: two of their row pointers
    may give the same row, or rows that overlap (`a[1] = a[0] + 1`), and the model
    takes every subscript for a cell of its own; each is tested before the
    optimized code runs (its rows in ascending order, each past the last)."""
    return sorted(array.name for array in scop.arrays.values()
                  if array.storage == ROWS and array.row_block is not None and array.written)


@dataclass
class OverlapTest:
    """The C tests that arrays do not share cells (one a pair, one an array whose
    rows must be apart), and the statements to run before them: pointers to rows
    are scanned row by row for the first and the last byte they reach."""

    conditions: list[str] = field(default_factory=list)
    preamble: list[str] = field(default_factory=list)


def disjoint_test(scop: Scop, pairs: list[tuple[str, str]], expressions=None) -> OverlapTest:
    """The C tests (one a pair) that the cells each array of `pairs` accesses in the SCoP do not
    meet the other's: its first and last cell in memory (isl's lexicographic least
    and greatest accessed cell, row-major) end before the other's first one
    (Polly's run-time alias check). Where an array is not accessed for some
    parameters, its bounds there are any value: no cell of it is then accessed,
    and either branch is right. Pointers to rows (and those the SCoP writes, from
    `rows_apart`, even alone) are scanned over the rows the SCoP accesses: the
    first byte of any, the end of any, and, for one written, each row starting
    past the end of those before it (which proves its rows distinct)."""
    written_rows = rows_apart(scop)
    if not pairs and not written_rows:
        return OverlapTest()
    printer = expressions or ExpressionPrinter()
    names = {name for pair in pairs for name in pair} | set(written_rows)
    cells = _footprints(scop, names)
    build = isl.AstBuild.from_context(scop.context)
    ranges = {}             # name -> (its first byte, the byte past its last cell)
    rows = sorted(name for name in names
                  if name in scop.arrays and scop.arrays[name].storage == ROWS)
    scan = _RowScan(scop, printer, written_rows) if rows else None
    for name in names - set(cells):     # a global array a call reads: all of it
        ranges[name] = (f"(const char *) {name}", f"(const char *) {name} + sizeof {name}")
    for name, footprint in cells.items():
        footprint = footprint.intersect_params(scop.context).coalesce()
        if scan is not None and name in rows:
            ranges[name] = scan.add(name, footprint)
            continue
        first = _cell_address(scop, name, footprint.lexmin_pw_multi_aff(), build, printer)
        last = _cell_address(scop, name, footprint.lexmax_pw_multi_aff(), build, printer)
        ranges[name] = (f"(const char *) {first}", f"(const char *) ({last} + 1)")
    conditions = [(scan.nonempty(x, y) if scan else "") + _apart(ranges[x], ranges[y])
                  for x, y in pairs]
    if scan is None:
        return OverlapTest(conditions)
    return OverlapTest(conditions + scan.conditions(), scan.preamble())


def _braced(lines: list[str]) -> list[str]:
    return ["{"] + [f"  {line}" for line in lines] + ["}"]


def _footprints(scop: Scop, names: set[str]) -> dict[str, isl.Set]:
    """The cells each array of `names` is accessed at in the SCoP."""
    cells: dict[str, isl.Set] = {}
    for statement in scop.statements:
        for access in statement.accesses:
            if access.array in names:
                footprint = access.relation.intersect_domain(statement.domain).range()
                cells[access.array] = (footprint if access.array not in cells
                                       else cells[access.array].union(footprint))
    return cells


class _RowScan:
    """The loops over the rows of arrays of pointers to rows that the SCoP accesses,
    setting, per array, the first byte of its cells, the byte past its last, and
    whether its rows come in ascending order, each past those before."""

    def __init__(self, scop: Scop, printer, written: list[str]):
        self.scop, self.printer, self.written = scop, printer, written
        taken = scop.taken_names
        prefix, n = "polyopt_rows_", 0
        while any(name.startswith(prefix) for name in taken):
            prefix, n = f"polyopt_rows{n}_", n + 1
        self.prefix = prefix
        self.loops: list[tuple[str, list[str]]] = []    # (array, its scan)

    def variable(self, name: str, what: str) -> str:
        return f"{self.prefix}{what}_{name}"

    def add(self, name: str, footprint: isl.Set) -> tuple[str, str]:
        """Scan `name`'s rows (footprint: its accessed cells); its (first, end) bytes."""
        array = self.scop.arrays[name]
        selectors, rank = array.row_block, array.rank
        counters = [f"{self.prefix}{k}" for k in range(selectors)]
        # the rows: the selectors of the cells (isl makes the loops over them)
        rows = footprint.project_out(isl.dim_type.set, selectors, rank - selectors).coalesce()
        ctx = rows.get_ctx()
        build = isl.AstBuild.from_context(self.scop.context)
        iterators = isl.IdList.alloc(ctx, 0)
        for k in range(selectors):
            iterators = iterators.add(isl.Id.read_from_str(ctx, f"{self.prefix}i{k}"))
        schedule = isl.Map.from_domain_and_range(rows, rows).intersect(
            isl.Map.identity(isl.Space.map_from_set(rows.get_space())))
        root = build.set_iterators(iterators).node_from_schedule_map(
            isl.UnionMap.from_map(schedule))
        # a row's cells: the selectors as parameters, where they select a row
        nparams = footprint.dim(isl.dim_type.param)
        block = footprint.move_dims(isl.dim_type.param, nparams, isl.dim_type.set, 0, selectors)
        for k, counter in enumerate(counters):
            block = block.set_dim_name(isl.dim_type.param, nparams + k, counter)
        inside = isl.AstBuild.from_context(block.params().intersect_params(
            self.scop.context.align_params(block.get_space())))
        first, last = block.lexmin_pw_multi_aff(), block.lexmax_pw_multi_aff()
        selected = "".join(f"[{counter}]" for counter in counters)

        def address(cell: isl.PwMultiAff) -> str:
            return f"&{name}{selected}" + "".join(
                f"[{self.printer(inside.expr_from_pw_aff(cell.get_pw_aff(k)))}]"
                for k in range(cell.dim(isl.dim_type.out)))
        start, end = self.variable(name, "first"), self.variable(name, "end")
        row_start, row_end = f"{self.prefix}start", f"{self.prefix}end"
        body = [f"const char *{row_start} = (const char *) {address(first)};",
                f"const char *{row_end} = (const char *) ({address(last)} + 1);"]
        if name in self.written:
            body.append(f"if ({end} && {row_start} < {end}) {self.variable(name, 'apart')} = 0;")
        body += [f"if (!{start} || {row_start} < {start}) {start} = {row_start};",
                 f"if (!{end} || {row_end} > {end}) {end} = {row_end};"]

        def printed(node: isl.AstNode) -> list[str]:
            kind = node.get_type()
            if kind == isl.ast_node_type.block:
                children = node.block_get_children()
                return [line for k in range(children.n_ast_node())
                        for line in braced(children.get_at(k))]
            if kind == isl.ast_node_type.for_:
                iterator = self.printer(node.for_get_iterator())
                return [f"for (long {iterator} = {self.printer(node.for_get_init())}; "
                        f"{self.printer(node.for_get_cond())}; "
                        f"{iterator} += {self.printer(node.for_get_inc())})"] + _braced(
                            printed(node.for_get_body()))
            if kind == isl.ast_node_type.if_:
                lines = [f"if ({self.printer(node.if_get_cond())})"] + _braced(
                    printed(node.if_get_then_node()))
                if node.if_has_else_node():
                    lines += ["else"] + _braced(printed(node.if_get_else_node()))
                return lines
            if kind == isl.ast_node_type.user:
                call = node.user_get_expr()
                values = [f"const long {counter} = {self.printer(call.get_op_arg(k + 1))};"
                          for k, counter in enumerate(counters)]
                return values + body
            raise AssertionError(f"unexpected AST node in a scan of rows: {kind}")

        def braced(node: isl.AstNode) -> list[str]:
            lines = printed(node)
            return _braced(lines) if node.get_type() == isl.ast_node_type.user else lines
        self.loops.append((name, braced(root)))
        return start, end

    def nonempty(self, x: str, y: str) -> str:
        """The test that x and y are apart is true where one of them has no rows."""
        scanned = {name for name, _ in self.loops}
        ends = [self.variable(name, "end") for name in (x, y) if name in scanned]
        return "".join(f"!{end} || " for end in ends)

    def conditions(self) -> list[str]:
        return [self.variable(name, "apart") for name in self.written]

    def preamble(self) -> list[str]:
        lines = []
        for name, _ in self.loops:
            lines.append(f"const char *{self.variable(name, 'first')} = 0, "
                         f"*{self.variable(name, 'end')} = 0;")
            if name in self.written:
                lines.append(f"int {self.variable(name, 'apart')} = 1;")
        names = [name for name, _ in self.loops]
        listed = ", ".join(names[:-1]) + (" and " if names[1:] else "") + names[-1]
        lines.append(f"/* the rows of {listed}: "
                     "the bytes they span" + (", and whether each row starts past those "
                                              "before it" if self.written else "") + " */")
        for _, loop in self.loops:
            lines += loop
        return lines


def copies_test(pairs: list[tuple[str, str]], copied: dict[str, tuple[str, str]]) -> list[str]:
    """The C tests (one a pair) that the host memory the CUDA code copies of each
    array of `pairs` (name -> address, bytes: whole arrays, more than the cells
    accessed) does not meet the other's: copied apart to the device, two arrays
    that share memory would each be written back over the other's results."""
    ranges = {name: (f"(const char *) {address}", f"(const char *) {address} + {size}")
              for name, (address, size) in copied.items()}
    return [_apart(ranges[x], ranges[y]) for x, y in pairs if x in ranges and y in ranges]


def _apart(x: tuple[str, str], y: tuple[str, str]) -> str:
    """The C test that the bytes [start, end) of x end before y's start or y's
    before x's (each a `const char *` expression)."""
    (start_x, end_x), (start_y, end_y) = x, y
    return f"{end_x} <= {start_y} || {end_y} <= {start_x}"


def disjoint_summary(pairs: list[tuple[str, str]], rows: list[str] = ()) -> str:
    """The test of `pairs` (and of the rows of `rows`) in words: "A, B and C do not
    overlap in memory", "the rows of a do not overlap"."""
    names = sorted({name for pair in pairs for name in pair})
    said = []
    if names:
        said.append(", ".join(names[:-1]) + f" and {names[-1]} do not overlap in memory")
    if rows:
        said.append("the rows of " + ", ".join(rows[:-1]) + (" and " if rows[1:] else "")
                    + f"{rows[-1]} do not overlap")
    return " and ".join(said)


def joined_condition(conditions: list[str | None]) -> str | None:
    """The conditions that are given, joined with && (a disjunction in parentheses,
    but where it is alone); None where none is."""
    given = [c for c in conditions if c]
    if len(given) == 1:
        return given[0]
    return " && ".join(f"({c})" if "||" in c else c for c in given) or None


def _cell_address(scop: Scop, name: str, cell: isl.PwMultiAff, build: isl.AstBuild,
                  printer) -> str:
    """`&A[e0][e1]` for the cell (parameters -> subscripts); a delinearized array's
    one subscript `&y[(e0) * m + (e1)]`."""
    subscripts = [printer(build.expr_from_pw_aff(cell.get_pw_aff(k)))
                  for k in range(cell.dim(isl.dim_type.out))]
    sizes = scop.arrays[name].linear_sizes
    if sizes:
        index = subscripts[0]
        for size, subscript in zip(sizes, subscripts[1:]):
            index = f"({index}) * {printer.renamed.get(size, size)} + ({subscript})"
        subscripts = [index]
    return f"&{name}" + "".join(f"[{s}]" for s in subscripts)


def versioned(lines: list[str], condition: str, original: list[str]) -> list[str]:
    """`if (condition) { lines } else { original }`, in the generated code's layout
    (a long condition with each disjunction on a line of its own)."""
    terms: list[str] = []
    for term in _terms(condition) if len(condition) > 100 else [condition]:
        if terms and not term.startswith("(") and not terms[-1].startswith("("):
            terms[-1] += f" && {term}"
        else:
            terms.append(term)
    head = [f"if ({terms[0]}"] + [f"    && {term}" for term in terms[1:]]
    head[-1] += ")"
    return head + braced_block(lines) + ["else"] + braced_block(original)


def _terms(condition: str) -> list[str]:
    """The operands of the condition's top-level `&&`s."""
    terms, depth, start = [], 0, 0
    for k, char in enumerate(condition):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and condition.startswith(" && ", k):
            terms.append(condition[start:k])
            start = k + 4
    return terms + [condition[start:]]


def region_condition(scop: Scop, expressions: ExpressionPrinter,
                     assumed: dict[str, int] | None = None,
                     fixed: dict[str, int] | None = None) -> dict:
    """The C test under which the generated code of the SCoP is right and meant to
    run (codegen.versioning: its model's assumption, the least sizes of its tiled
    code `assumed`, the sizes `fixed`, its arrays not overlapping; None: always), the
    same in words,
    and the statements to run before the test (pointers to rows scanned): the
    `condition`, `summary` and `preamble` of a GeneratedNest."""
    expressions.renamed = parameter_casts(scop)
    try:
        conditions = [assumption_text(scop, expressions),
                      version_condition(assumed or {}, expressions.renamed, fixed)
                      if assumed or fixed else None]
        pairs, rows = overlapping_pairs(scop), rows_apart(scop)
        overlap = disjoint_test(scop, pairs, expressions)
        condition = joined_condition(conditions + overlap.conditions)
    finally:
        expressions.renamed = {}
    summary = joined_condition(conditions)
    if pairs or rows:
        summary = (f"{summary} and " if summary else "") + disjoint_summary(pairs, rows)
    return {"condition": condition, "summary": summary, "preamble": overlap.preamble}
