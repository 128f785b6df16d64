"""Scalar replacement of the element an innermost loop accumulates into.

For ``C[i][j] += A[i][k] * B[k][j]`` with ``k`` innermost, the cell ``C[i][j]``
is loaded into a local before the loop, updated there, and stored once after
it, so the C compiler keeps it in a register (it often cannot: C may alias A
or B as far as it knows). The order of the floating-point operations is the
original's, so results are bit-identical.

Proven, per generated loop, on isl's build schedule (statement instances ->
outer loop values p, this loop's value c), before the loop is printed:

- the loop is innermost, not parallel and not SIMD;
- the cells an array X is written at, for fixed p, are one cell W(p): the
  written element does not depend on the loop's iterator; or those of one of its
  writes are, and the other writes' cells are never W(p) (below);
- every p at which the loop executes an instance writes W(p), and the loop's
  body has no condition (each iteration executes each of its statements): so
  where the loop runs at least once, the original program touches W(p) there;
  the load and the store are guarded by the loop's condition at its first value;
- every access to X in the loop's statements, read or write, either is W(p)
  for every instance (it is replaced by the local) or never is (isl proves the
  cells disjoint): nothing else in the loop can alias the local's cell;
- the element type of X is known from its declaration (not volatile), and
  every reference replaced is found in its statement's text at a position no
  other reference to X shares.

The cell W(p) is printed by isl from the build (``access_from_pw_multi_aff``);
it must not mention the loop's own iterator.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from polyopt.codegen.ast import union_maps
from polyopt.core.errors import Location
from polyopt.core.scop import Scop, full_references

ACCUMULATE = "accumulate"


@dataclass
class Accumulation:
    """One scalar replacement: the array, its element type, the isl expression of
    the cell (an access), and the references the local replaces."""

    array: str
    element_type: str
    cell: isl.AstExpr
    references: dict[str, set[int]] = field(default_factory=dict)  # statement -> id(ArrayRef)


class AccumulationFinder:
    """The `innermost` hook of codegen.ast.build_ast: annotates the loops it can
    scalar-replace with a unique id and keeps what to print for them."""

    def __init__(self, scop: Scop):
        self.scop = scop
        self.found: dict[str, Accumulation] = {}

    def __call__(self, node: isl.AstNode, build: isl.AstBuild) -> isl.AstNode:
        accumulation = self.analyse(node, build)
        if accumulation is None:
            return node
        name = f"{ACCUMULATE}{len(self.found)}"
        self.found[name] = accumulation
        return node.set_annotation(isl.Id.read_from_str(node.get_ctx(), name))

    def analyse(self, node: isl.AstNode, build: isl.AstBuild) -> Accumulation | None:
        iterator = node.for_get_iterator().get_id().get_name()
        if _contains_condition(node.for_get_body()):
            return None
        schedule = build.get_schedule()
        maps = union_maps(schedule)
        if not maps:
            return None
        last = maps[0].dim(isl.dim_type.out) - 1
        # every access of the loop's statements, as {[p, c] -> X[cell]}
        accesses: list[tuple[str, object, isl.Map]] = []
        for instances in maps:
            statement = self.scop.statement(instances.get_tuple_name(isl.dim_type.in_))
            for access in statement.accesses:
                accesses.append((statement.name, access, access.relation.apply_domain(instances)))
        executed = isl.Set.from_union_set(schedule.range())   # (p, c) of the loop's instances
        for array in dict.fromkeys(a.array for _, a, _ in accesses if a.is_write):
            found = self._replace(array, accesses, executed, last, build, iterator)
            if found is not None:
                return found
        return None

    def _replace(self, array: str, accesses, executed: isl.Set, last: int,
                 build: isl.AstBuild, iterator: str) -> Accumulation | None:
        declared = self.scop.arrays.get(array)
        if (declared is None or declared.rank == 0 or not declared.element_type
                or declared.linear_sizes):      # its cell cannot be written as subscripts
            return None
        mine = [(name, access, cells) for name, access, cells in accesses if access.array == array]
        writes = [cells for _, access, cells in mine if access.is_write]
        everything = writes[0]
        for cells in writes[1:]:
            everything = everything.union(cells)
        # all the writes one cell W(p); else one write's cell, the others' apart from
        # it (`Ov[p] += a; Ov[q] += a` with q > p: Ov[p] kept in the local)
        for written in [everything] + (writes if len(writes) > 1 else []):
            found = self._replace_cell(array, declared, mine, written, executed, last, build,
                                       iterator)
            if found is not None:
                return found
        return None

    def _replace_cell(self, array: str, declared, mine, written: isl.Map, executed: isl.Set,
                      last: int, build: isl.AstBuild, iterator: str) -> Accumulation | None:
        """The replacement of the cells `written` (of some of the writes of `array`), if
        they are one cell W(p) that every accessed cell either is or never is."""
        # {[p, c] -> W(p)}: the cells written at any c' with the same outer values p
        same_prefix = isl.Map.universe(isl.Space.map_from_set(written.get_space().domain()))
        for dim in range(last):
            same_prefix = same_prefix.equate(isl.dim_type.in_, dim, isl.dim_type.out, dim)
        same_cell = same_prefix.apply_range(written)
        if not same_cell.is_single_valued() or not executed.is_subset(same_cell.domain()):
            return None
        replaced: dict[str, set[Location]] = {}
        for name, access, cells in mine:
            if cells.is_subset(same_cell):
                replaced.setdefault(name, set()).add(access.location)
            elif not cells.intersect(same_cell).is_empty():
                return None            # may alias the accumulated cell
        references = self._nodes(array, declared.rank, replaced, mine)
        if references is None:
            return None
        cell = build.access_from_pw_multi_aff(isl.PwMultiAff.from_map(same_cell))
        if _mentions(cell, iterator):
            return None
        return Accumulation(array, declared.element_type, cell, references)

    def _nodes(self, array: str, rank: int, replaced: dict[str, set[Location]],
               mine) -> dict[str, set[int]] | None:
        """The ArrayRef nodes of the replaced accesses, per statement; None where a
        position is shared by two references of the array (then they cannot be told apart)."""
        result: dict[str, set[int]] = {}
        for name in {name for name, _, _ in mine}:
            statement = self.scop.statement(name)
            nodes = full_references(statement.body, array, rank)
            positions = [(n.coord.line, n.coord.column) if n.coord else None for n in nodes]
            if None in positions or len(set(positions)) != len(positions):
                return None
            wanted = {(location.line, location.column) for location in replaced.get(name, set())}
            if not wanted <= set(positions):
                return None
            result[name] = {id(n) for n, p in zip(nodes, positions) if p in wanted}
        return result


def _contains_condition(node: isl.AstNode) -> bool:
    kind = node.get_type()
    if kind == isl.ast_node_type.block:
        children = node.block_get_children()
        return any(_contains_condition(children.get_at(k)) for k in range(children.n_ast_node()))
    if kind == isl.ast_node_type.mark:
        return _contains_condition(node.mark_get_node())
    return kind != isl.ast_node_type.user


def _mentions(expr: isl.AstExpr, name: str) -> bool:
    kind = expr.get_type()
    if kind == isl.ast_expr_type.id:
        return expr.get_id().get_name() == name
    if kind == isl.ast_expr_type.op:
        return any(_mentions(expr.get_op_arg(k), name) for k in range(expr.get_op_n_arg()))
    return False
