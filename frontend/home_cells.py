"""A scalar that stands in for an array cell is the cell itself.

Hand-written linear algebra loads a cell into a scalar, accumulates there and
stores the result back to the same cell (Rodinia's LU, Numerical Recipes' and
PolyBench's ludcmp, Crout and Cholesky forms):

    for (j = i; j < n; j++) {
        sum = a[i][j];
        for (k = 0; k < i; k++)
            sum -= a[i][k] * a[k][j];
        a[i][j] = sum;
    }

The scalar's dependences tie every iteration of every loop around it to the
next (one location, written everywhere): no loop can be interchanged, tiled or
run in parallel. Where the scalar is the cell's stand-in, the statements are
rewritten to use the cell (``a[i][j] -= a[i][k] * a[k][j]``, ``a[i][j] =
a[i][j]`` dropped): the dependences are then those of the array, which leave
the loops free as far as the computation allows; the code generator keeps the
accumulated cell in a register again where a loop accumulates into it
(codegen.accumulate). The floating-point operations and their order are the
original's, so the results are bit-identical (with ``-ffp-contract=off``: a compiler
that contracts multiply-adds may contract other ones in the new code).

A range ``s = X; ...; X = g(s);`` (one block's consecutive items, the first and
the last expression statements of that block, X an array reference and s a
scalar of X's element type) is rewritten where

- nothing outside the region can read `s` (frontend.declarations.private_scalars),
  and nothing in X is assigned inside the range (X names the same cell from the
  first item to the last);
- every value of `s` written in the range is read only in the range, at the same
  iteration of the loops around the block, and every read of `s` there reads a
  value written there (the original SCoP's flow dependences of `s`);
- no other access in the range touches the cell, for any iteration (the
  rewritten SCoP's accesses to X's array, checked with isl; the substituted
  references are told apart by their positions, those of the `s` they replace).

Occurrences of `s` outside such ranges stay as they are.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import islpy as isl
from pycparser import c_ast, c_generator

from polyopt.core.dependences import keeps_prefix
from polyopt.core.scop import Scop, ast_nodes, set_child
from polyopt.frontend.extract import RegionNames

Position = tuple[int, int]


@dataclass
class HomeCell:
    """One range ``s = X; ...; X = g(s);`` of a block (see the module)."""

    scalar: str
    array: str                      # the array X indexes
    init: Position                  # the statements' positions in the file
    first: Position                 # of the first item after the initialization
    final: Position
    substituted: set[Position] = field(default_factory=set)   # the `s` replaced by X


def _position(node: c_ast.Node) -> Position | None:
    coord = getattr(node, "coord", None)
    if coord is None or coord.line is None:
        return None
    return (coord.line, coord.column or 0)


def _base(node: c_ast.Node) -> str | None:
    while isinstance(node, c_ast.ArrayRef):
        node = node.name
    return node.name if isinstance(node, c_ast.ID) else None


def _names(nodes) -> RegionNames:
    """The identifiers of `nodes` (frontend.extract's first pass)."""
    found = RegionNames()
    for node in nodes:
        found.visit(node)
    return found


def _assigned(nodes) -> set[str]:
    """The names `nodes` assign or declare (a declaration hides an outer name). An
    address taken (`&i`) leaves the region unmodelled altogether (frontend.extract)."""
    names = _names(nodes)
    return names.written | set(names.declarations)


def _scalar_assignment(node: c_ast.Node) -> tuple[str, c_ast.Node] | None:
    """`s = X;` with X an array reference: (s, X)."""
    if (isinstance(node, c_ast.Assignment) and node.op == "=" and isinstance(node.lvalue, c_ast.ID)
            and isinstance(node.rvalue, c_ast.ArrayRef) and _base(node.rvalue) is not None):
        return node.lvalue.name, node.rvalue
    return None


class _Replace(c_ast.NodeVisitor):
    """Replaces each ID `name` of a subtree by a copy of `cell` at the ID's position."""

    def __init__(self, name: str, cell: c_ast.Node, positions: set[Position]):
        self.name, self.cell, self.positions = name, cell, positions

    def _copy(self, node: c_ast.ID) -> c_ast.Node:
        made = copy.deepcopy(self.cell)
        for each in ast_nodes(made):
            each.coord = copy.copy(node.coord)
        self.positions.add(_position(node))
        return made

    def generic_visit(self, node):
        for name, child in node.children():
            if isinstance(child, c_ast.ID) and child.name == self.name:
                set_child(node, name, self._copy(child))
            else:
                self.visit(child)


def _blocks(node: c_ast.Node):
    """Every list of block items in a subtree (compounds), outermost first."""
    if isinstance(node, c_ast.Compound) and node.block_items:
        yield node.block_items
    for _, child in node.children():
        yield from _blocks(child)


def rewritten(body: list[c_ast.Node], scalars: dict[str, str], element_types: dict[str, str],
              only: set[Position] | None = None) -> tuple[list[c_ast.Node], list[HomeCell]]:
    """A copy of the region's `body` with each range ``s = X; ...; X = g(s);`` of a
    block rewritten to use X (the initialization dropped), for the scalars `scalars`
    (name -> element type) and arrays of the same element type (`element_types`), and
    the ranges; with `only`, the ranges whose initialization is at one of those
    positions. Only the form is checked here; ``exact`` checks the rest."""
    body = copy.deepcopy(body)
    cells: list[HomeCell] = []
    generator = c_generator.CGenerator()
    for items in [body] + [b for node in body for b in _blocks(node)]:
        start = 0
        while start < len(items):
            found = _scalar_assignment(items[start])
            if found is None or found[0] not in scalars \
                    or scalars[found[0]] != element_types.get(_base(found[1])):
                start += 1
                continue
            name, cell = found
            text = generator.visit(cell)
            final = next((k for k in range(start + 1, len(items))
                          if isinstance(items[k], c_ast.Assignment) and items[k].op == "="
                          and isinstance(items[k].lvalue, c_ast.ArrayRef)
                          and generator.visit(items[k].lvalue) == text), None)
            if final is None or name not in _names([items[final].rvalue]).identifiers:
                start += 1
                continue
            inside = items[start + 1:final + 1]
            # the names of X's subscripts (its array is written in the range, by X = g(s))
            cell_names = _names([cell]).identifiers - {_base(cell)}
            if cell_names & _assigned(inside) or name in cell_names:
                start += 1
                continue
            home = HomeCell(name, _base(cell), _position(items[start]),
                            _position(items[start + 1]), _position(items[final]))
            if None in (home.init, home.first, home.final) \
                    or (only is not None and home.init not in only):
                start += 1
                continue
            replace = _Replace(name, cell, home.substituted)
            for k in range(start + 1, final + 1):
                if isinstance(items[k], c_ast.ID) and items[k].name == name:
                    items[k] = replace._copy(items[k])
                else:
                    replace.visit(items[k])
            cells.append(home)
            copied = isinstance(items[final].rvalue, c_ast.ArrayRef) \
                and _position(items[final].rvalue) in home.substituted
            if copied:                # `X = s;`, now `X = X;`
                del items[final]
            del items[start]          # `s = X;`
            start = final - copied    # the item after the range
    return body, cells


def _in_range(position: Position, home: HomeCell, init: bool) -> bool:
    return (home.init if init else home.first) <= position <= home.final


def exact(original: Scop, flow: isl.UnionMap | None, scop: Scop, home: HomeCell) -> bool:
    """Whether the rewriting of one range is exact (see the module): `original` the
    SCoP as written with `flow` the flow dependences of the scalar, `scop` the SCoP
    rewritten."""
    positions = {s.name: _at(s.location) for s in original.statements}
    members = {name for name, at in positions.items() if _in_range(at, home, init=True)}
    init = next((s for s in original.statements if positions[s.name] == home.init), None)
    if init is None:
        return False
    reads = [a for a in init.reads if a.array == home.array]
    if len(reads) != 1 or len(init.accesses) != 2:
        return False
    cell, depth = reads[0].relation, len(init.iterators)
    if flow is not None and not _flow_within(flow, members, depth):
        return False
    # in the rewritten SCoP, while the range runs, only the substituted references
    # and the final store touch the cell
    for statement in scop.statements:
        at = _at(statement.location)
        if not _in_range(at, home, init=False):
            continue
        if statement.iterators[:depth] != init.iterators:
            return False
        cells = _prefix_map(statement, init, depth).apply_range(cell).intersect_domain(
            statement.domain)
        for access in statement.accesses:
            place = _at(access.location)
            if access.array != home.array or (access.is_write and place == home.final):
                continue
            if place in home.substituted:
                if not access.relation.intersect_domain(statement.domain).is_equal(cells):
                    return False
                continue
            touching = access.relation.intersect(cells)
            if scop.assumption is not None:
                touching = touching.intersect_params(isl.Set(scop.assumption))
            if not touching.is_empty():
                return False
    return True


def _at(location) -> Position:
    return (location.line, location.column or 0)


def _prefix_map(statement, outer, depth: int) -> isl.Map:
    """{ statement[i0..in] -> outer[i0..i(depth-1)] }"""
    dims = [f"i{k}" for k in range(len(statement.iterators))]
    text = (f"{{ {statement.name}[{', '.join(dims)}] -> "
            f"{outer.name}[{', '.join(dims[:depth])}] }}")
    return isl.Map(text)


def _flow_within(flow: isl.UnionMap, members: set[str], depth: int) -> bool:
    """Every flow pair of the scalar that starts or ends at a member of the range
    has both ends there, at the same iterations of the `depth` loops around it."""
    pieces: list[isl.Map] = []
    flow.foreach_map(pieces.append)
    for piece in pieces:
        source = piece.get_tuple_name(isl.dim_type.in_)
        sink = piece.get_tuple_name(isl.dim_type.out)
        if source not in members and sink not in members:
            continue
        if source not in members or sink not in members or not keeps_prefix(piece, depth):
            return False
    return True
