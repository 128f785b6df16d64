"""Schedule features (Ganser's thesis §7.1): numbers about a schedule tree,
each normalized to about [0, 1] and independent of the SCoP's size, for the
classifier that predicts whether a schedule is worth benchmarking.

They are computed on the simplified schedule tree a scheduler hands on (the
thesis's T_S: ``scheduler.tree.matrix_to_tree``, isl's tree, the original
order), before tiling; ``F_Tile`` and the tile-size features follow what
``scheduler.tiling.tile_schedule`` will do with it (the thesis's T_C). N is
the number of statements, dim(S) the number of iterators of statement S.

* ``F_Leaves`` = leaves / N (fusion and distribution).
* ``F_Seq`` = sequence and set nodes / (N - 1); 0 for a single statement.
* ``F_Depth`` = γ / (N + max_S dim(S) + 1), where γ is the longest path from
  the root to a leaf counting band, sequence, set and leaf nodes (not the
  domain, filters or marks); slightly above 1 is possible.
* ``F_SpIter`` = share of zero iterator coefficients over every band member
  and every statement under it.
* ``F_Par`` = mean over statements with loops of (dim(S) - δ_S) / dim(S),
  where δ_S is the position, among the loops around S (the band members
  whose iterator rows are linearly independent of the outer ones), of the
  outermost coincident one; a statement without a parallel loop contributes
  0. Statements without loops are left out of the mean (the thesis's
  suggested improvement).
* ``F_Tile`` = mean over statements with loops of λ_S / dim(S), λ_S the loops
  around S in bands that ``tile_schedule`` tiles (permutable, two or more
  members, and the cache model or the given sizes tile it).
* ``F_DataLoc`` = Σ_k η_k d_k / (n Σ_k η_k) over dependence polyhedra k: the
  flow, anti and output dependences per array and statement pair, and the
  read-after-read pairs ordered by the schedule (not transitively reduced).
  d_k is the innermost dimension (from 1) of the flat schedule map (n
  dimensions, sequence positions included) that carries a pair of k; η_k
  counts the array cells both ends of k touch, reads and writes apart:
  v(R,R) + v(W,R) + v(R,W) + v(W,W). 0 when there is no dependence.
  **Approximation:** the cells are not counted with Barvinok (the
  ``islpy-barvinok`` wheel is GPL-2 and replaces islpy itself, a dependency
  every user has). Each set of cells is counted as the volume of its bounding
  box under the known parameter values (``Scop.known_values``; an unknown
  parameter is taken as ``DEFAULT_PARAMETER_VALUE``): exact for rectangular
  sets, up to about 2x too large per triangular pair of subscripts. For a
  read-after-read polyhedron, η is counted on the pairs reading the same cell
  in either order (cached per SCoP), not only the pairs the schedule orders;
  they differ by the cells at the borders.
* ``F_MemAcc`` = share of accesses whose subscripts, as functions of the
  loops around the statement (f ∘ Θ⁻¹), move along the innermost loop in the
  last subscript only, forward (positive) or not at all. Accesses of
  statements without loops, and to scalars, count as such.
* ``F_TileSize`` = mean of log2(size) / 8 over tiled members (256 gives 1);
  0 if nothing is tiled.
* ``F_TiledMembers`` = tiled members (size 2 or more) / all band members.

Tile sizes: ``None`` is what the pipeline does by default (the cache model of
``scheduler.tiling``); a flat list of ints is ``Options.tile_sizes`` (every
tiled band, the last size repeated); a list of lists gives each tilable band
its own sizes, bands in depth-first order (outer first, children in order),
a band's list empty or all 0 or 1 for "not tiled", a member's 0 or 1 for
"this member not tiled" (bands past the end of the list: the cache model).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import islpy as isl

from polyopt.core.dependences import Dependences, accesses_to, zero_padded
from polyopt.core.scop import Scop, subscript_rows
from polyopt.scheduler.locality import innermost_first_order, member_scores
from polyopt.scheduler.sampler import IteratorBasis
from polyopt.scheduler.tiling import MAX_INNERMOST_TILE, band_tile_sizes

# Bump whenever a feature's definition changes: models trained on other
# versions are refused (polyopt.search.classifier).
FEATURE_VERSION = 1
FEATURE_NAMES = ("F_Leaves", "F_Seq", "F_Depth", "F_SpIter", "F_Par", "F_Tile", "F_DataLoc",
                 "F_MemAcc", "F_TileSize", "F_TiledMembers")
DEFAULT_PARAMETER_VALUE = 1000   # for parameters whose value is not known

_COUNTED_NODES = (isl.schedule_node_type.band, isl.schedule_node_type.sequence,
                  isl.schedule_node_type.set, isl.schedule_node_type.leaf)


@dataclass
class _Loop:
    """One loop around a statement: its iterator row, flags of its band member."""

    row: list[int]
    coincident: bool
    tiled: bool


@dataclass
class _TreeFacts:
    leaves: int = 0
    sequences: int = 0
    depth: int = 0
    zero_coefficients: int = 0
    coefficients: int = 0
    members: int = 0
    tiled_sizes: list[int] = field(default_factory=list)
    loops: dict[str, list[_Loop]] = field(default_factory=dict)


def _statement_names(domain: isl.UnionSet) -> list[str]:
    names: list[str] = []
    domain.foreach_set(lambda s: names.append(s.get_tuple_name()))
    return names


def _iterator_coefficients(partial: isl.MultiUnionPwAff, member: int) -> dict[str, list[int]]:
    """Per statement, the iterator coefficients of one band member."""
    result: dict[str, list[int]] = {}

    def take(pw: isl.PwAff) -> None:
        pieces = pw.get_pieces()
        if not pieces:
            return
        aff = pieces[0][1]
        name = pw.get_domain_space().get_tuple_name(isl.dim_type.set)
        result[name] = [_integer(aff.get_coefficient_val(isl.dim_type.in_, k))
                        for k in range(aff.dim(isl.dim_type.in_))]

    partial.get_at(member).foreach_pw_aff(take)
    return result


def _integer(value: isl.Val):
    return Fraction(value.get_num_si(), value.get_den_val().to_python())


class ScheduleFeatures:
    """Feature extraction for many schedules of one SCoP: what does not depend
    on the schedule (parameter values, the cells of each dependence) is
    computed once."""

    def __init__(self, scop: Scop, dependences: Dependences):
        self.scop, self.dependences = scop, dependences
        self.dims = {s.name: len(s.iterators) for s in scop.statements}
        self.values = self._parameter_values()
        self._volumes: dict[tuple, int] = {}
        self._reads_same_cell: dict[str, isl.UnionMap] | None = None
        self._all_polyhedra: list[tuple[tuple, isl.Map]] | None = None
        self._grouped: list[tuple[isl.Map, int]] | None = None

    def prepare(self) -> None:
        """Compute what does not depend on the schedule (the dependence polyhedra and
        their volumes), so that children forked afterwards share it."""
        self._distinct_polyhedra()

    # -- parameters --------------------------------------------------------
    def _parameter_values(self) -> isl.Set:
        context = self.scop.context
        for position, name in enumerate(self.scop.parameters):
            value = self.scop.known_values.get(name, DEFAULT_PARAMETER_VALUE)
            context = context.fix_val(isl.dim_type.param, position,
                                      isl.Val.int_from_si(context.get_ctx(), value))
        return context

    def _fixed(self, relation):
        return relation.intersect_params(self.values.align_params(relation.get_space()))

    # -- the tree ------------------------------------------------------------
    def _walk(self, node: isl.ScheduleNode, facts: _TreeFacts, bases: dict[str, IteratorBasis],
              depth: int, sizes) -> None:
        kind = node.get_type()
        if kind in _COUNTED_NODES:
            depth += 1
        if kind == isl.schedule_node_type.leaf:
            facts.leaves += 1
            facts.depth = max(facts.depth, depth)
            return
        if kind in (isl.schedule_node_type.sequence, isl.schedule_node_type.set):
            facts.sequences += 1
        if kind == isl.schedule_node_type.band:
            bases = self._band(node, facts, bases, sizes)
        for child in range(node.n_children()):
            self._walk(node.child(child), facts, bases, depth, sizes)

    def _band(self, node: isl.ScheduleNode, facts: _TreeFacts, bases: dict[str, IteratorBasis],
              sizes) -> dict[str, IteratorBasis]:
        n = node.band_n_member()
        facts.members += n
        tile = self._band_tile_sizes(node, sizes)
        if tile is not None:
            facts.tiled_sizes += [size for size in tile if size >= 2]
        partial = node.band_get_partial_schedule()
        statements = _statement_names(node.get_domain())
        bases = {name: basis.copy() if name in statements else basis
                 for name, basis in bases.items()}
        for member in range(n):
            coefficients = _iterator_coefficients(partial, member)
            coincident = bool(node.band_member_get_coincident(member))
            for name in statements:
                row = coefficients.get(name, [0] * self.dims[name])
                facts.coefficients += len(row)
                facts.zero_coefficients += sum(1 for c in row if c == 0)
                if bases[name].add(row):
                    facts.loops[name].append(_Loop(row, coincident, tile is not None))
        return bases

    def _band_tile_sizes(self, node: isl.ScheduleNode, sizes) -> list[int] | None:
        """The sizes tile_schedule gives this band, None if it leaves it untiled."""
        n = node.band_n_member()
        if n < 2 or not node.band_get_permutable():
            return None
        if sizes is not None and sizes and isinstance(sizes[0], (list, tuple)):
            # one list per tilable band, in depth-first order
            index = sizes.pop(0) if sizes else []
            chosen = [int(size) for size in index] if index else None
            if not chosen:
                return None
            result = [chosen[min(k, len(chosen) - 1)] for k in range(n)]
        else:
            order = list(range(n))
            scores = member_scores(node, self.scop)
            if scores is not None:
                order = innermost_first_order(scores)
            result = band_tile_sizes(node, self.scop, list(sizes) if sizes else None, order)
        if result is None or all(size <= 1 for size in result):
            return None
        return result

    # -- features ------------------------------------------------------------
    def features(self, schedule: isl.Schedule, tile_sizes=None) -> dict[str, float]:
        """The features of one schedule tree (see the module for the definitions)."""
        statements = [s.name for s in self.scop.statements]
        facts = _TreeFacts(loops={name: [] for name in statements})
        sizes = [list(band) for band in tile_sizes] if tile_sizes and isinstance(
            tile_sizes[0], (list, tuple)) else (list(tile_sizes) if tile_sizes else None)
        self._walk(schedule.get_root(), facts,
                   {name: IteratorBasis(self.dims[name]) for name in statements}, 0, sizes)
        n = len(statements)
        looped = [name for name in statements if self.dims[name] > 0]
        result = {
            "F_Leaves": facts.leaves / n,
            "F_Seq": facts.sequences / (n - 1) if n > 1 else 0.0,
            "F_Depth": facts.depth / (n + max(self.dims.values(), default=0) + 1),
            "F_SpIter": (facts.zero_coefficients / facts.coefficients
                         if facts.coefficients else 1.0),
            "F_Par": _mean([self._parallel(facts.loops[name], self.dims[name]) for name in looped]),
            "F_Tile": _mean([sum(1 for loop in facts.loops[name] if loop.tiled) / self.dims[name]
                             for name in looped]),
            "F_DataLoc": self.data_locality(schedule),
            "F_MemAcc": self.memory_access(facts.loops),
            "F_TileSize": _mean([math.log2(size) / math.log2(MAX_INNERMOST_TILE)
                                 for size in facts.tiled_sizes]),
            "F_TiledMembers": len(facts.tiled_sizes) / facts.members if facts.members else 0.0,
        }
        return {name: float(result[name]) for name in FEATURE_NAMES}

    @staticmethod
    def _parallel(loops: list[_Loop], dim: int) -> float:
        for position, loop in enumerate(loops):
            if loop.coincident:
                return (dim - position) / dim
        return 0.0

    def memory_access(self, loops: dict[str, list[_Loop]]) -> float:
        good = total = 0
        for statement in self.scop.statements:
            rows = [loop.row for loop in loops[statement.name]]
            direction = _innermost_direction(rows, len(statement.iterators)) if rows else None
            for access in statement.accesses:
                total += 1
                if direction is None:
                    good += 1        # no loop around it: one cell per execution
                    continue
                subscripts = subscript_rows(access.relation)
                if subscripts is None:
                    continue
                if not subscripts:
                    good += 1        # a scalar
                    continue
                moves = [sum(c * v for c, v in zip(row, direction)) for row in subscripts]
                if all(m == 0 for m in moves[:-1]) and moves[-1] >= 0:
                    good += 1
        return good / total if total else 1.0

    # -- data locality -------------------------------------------------------
    def _flat_maps(self, schedule: isl.Schedule) -> tuple[dict[str, isl.Map], int]:
        """The flat schedule map of each statement, all padded with zeros to the same
        dimension n (sequence positions included), and n."""
        maps, n = zero_padded(schedule.get_map())
        return {each.get_tuple_name(isl.dim_type.in_): each.reset_tuple_id(isl.dim_type.out)
                for each in maps}, n

    def _same_cell_reads(self) -> dict[str, isl.UnionMap]:
        """Per array, pairs of distinct statement instances that read the same cell."""
        if self._reads_same_cell is None:
            self._reads_same_cell = {}
            for array in self.scop.arrays:
                reads = accesses_to(self.scop, array, writes=False)
                if reads.is_empty():
                    continue
                pairs = reads.apply_range(reads.reverse()).subtract(self.scop.domain().identity())
                if not pairs.is_empty():
                    self._reads_same_cell[array] = pairs
        return self._reads_same_cell

    def _polyhedra(self) -> list[tuple[tuple, isl.Map]]:
        """(key, relation) of every dependence polyhedron, the read-after-read ones in
        either order (the schedule orders them: ``_carrying_level``)."""
        if self._all_polyhedra is None:
            result = []
            for (kind, array), relation in self.dependences.by_array.items():
                pieces: list[isl.Map] = []
                relation.foreach_map(pieces.append)
                result += [((kind, array, p.get_tuple_name(isl.dim_type.in_),
                             p.get_tuple_name(isl.dim_type.out)), p) for p in pieces]
            for array, pairs in self._same_cell_reads().items():
                pieces = []
                pairs.foreach_map(pieces.append)
                result += [(("read", array, p.get_tuple_name(isl.dim_type.in_),
                             p.get_tuple_name(isl.dim_type.out)), p) for p in pieces]
            self._all_polyhedra = result
        return self._all_polyhedra

    def _distinct_polyhedra(self) -> list[tuple[isl.Map, int]]:
        """Each distinct relation among the polyhedra with the sum of their volumes
        (flow, anti and output dependences often coincide): one level for all."""
        if self._grouped is None:
            groups: dict[tuple, list] = {}
            for key, relation in self._polyhedra():
                volume = self._volume(key, relation)
                if volume:
                    group = groups.setdefault((key[2], key[3], str(relation)), [relation, 0])
                    group[1] += volume
            self._grouped = [(relation, volume) for relation, volume in groups.values()]
        return self._grouped

    def data_locality(self, schedule: isl.Schedule) -> float:
        flat, n = self._flat_maps(schedule)
        if n == 0:
            return 0.0
        weighted = total = 0
        for relation, volume in self._distinct_polyhedra():
            level = _carrying_level(relation, flat, n)
            if level:          # 0: no pair the schedule orders this way (read-after-read)
                weighted += volume * level
                total += volume
        return weighted / (n * total) if total else 0.0

    def _volume(self, key: tuple, relation: isl.Map) -> int:
        """η: cells both ends of the polyhedron touch, reads and writes apart (cached:
        the polyhedra do not depend on the schedule)."""
        if key not in self._volumes:
            self._volumes[key] = self._cells_volume(relation)
        return self._volumes[key]

    def _cells_volume(self, relation: isl.Map) -> int:
        sources = self._fixed(relation.domain())
        targets = self._fixed(relation.range())
        source = self.scop.statement(relation.get_tuple_name(isl.dim_type.in_))
        target = self.scop.statement(relation.get_tuple_name(isl.dim_type.out))
        total = 0
        for source_writes in (False, True):
            for target_writes in (False, True):
                for array in self.scop.arrays:
                    first = _cells(source, array, source_writes, sources)
                    second = _cells(target, array, target_writes, targets)
                    if first is None or second is None:
                        continue
                    total += _box_volume(first.intersect(second))
        return total


def _cells(statement, array: str, writes: bool, instances: isl.Set) -> isl.Set | None:
    result = None
    for access in statement.accesses:
        if access.array != array or access.is_write != writes:
            continue
        cells = instances.apply(access.relation.align_params(instances.get_space()))
        result = cells if result is None else result.union(cells)
    return result


def _box_volume(cells: isl.Set) -> int:
    """Points of the bounding box of a bounded set (0 if empty)."""
    if cells.is_empty():
        return 0
    cells = cells.project_out(isl.dim_type.param, 0, cells.dim(isl.dim_type.param))
    volume = 1
    for position in range(cells.dim(isl.dim_type.set)):
        low, high = cells.dim_min_val(position), cells.dim_max_val(position)
        if not (low.is_int() and high.is_int()):
            return 0
        volume *= high.to_python() - low.to_python() + 1
    return volume


def _carrying_level(relation: isl.Map, flat: dict[str, isl.Map], n: int) -> int:
    """The innermost dimension (from 1) of the flat schedule that carries a pair of the
    relation in schedule order (its first dimension where target and source differ,
    the target later); 0 if the schedule orders no pair this way."""
    source = flat[relation.get_tuple_name(isl.dim_type.in_)]
    target = flat[relation.get_tuple_name(isl.dim_type.out)]
    deltas = relation.apply_domain(source).apply_range(target).deltas()
    zero, one = isl.Val.zero(deltas.get_ctx()), isl.Val.one(deltas.get_ctx())
    level = 0
    for k in range(n):      # deltas: those equal to zero up to k
        if not deltas.lower_bound_val(isl.dim_type.set, k, one).is_empty():
            level = k + 1
        deltas = deltas.fix_val(isl.dim_type.set, k, zero)
        if deltas.is_empty():
            break
    return level


def _innermost_direction(rows: list[list], size: int) -> list[Fraction] | None:
    """A vector v of iterator steps with rows · v = (0, ..., 0, 1): one step of the
    innermost loop, the outer loops fixed (free iterators held at 0)."""
    if size == 0:
        return None
    matrix = [[Fraction(c) for c in row] + [Fraction(1 if k == len(rows) - 1 else 0)]
              for k, row in enumerate(rows)]
    pivots = []
    r = 0
    for column in range(size):
        pivot = next((i for i in range(r, len(matrix)) if matrix[i][column]), None)
        if pivot is None:
            continue
        matrix[r], matrix[pivot] = matrix[pivot], matrix[r]
        lead = matrix[r][column]
        matrix[r] = [v / lead for v in matrix[r]]
        for i in range(len(matrix)):
            if i != r and matrix[i][column]:
                factor = matrix[i][column]
                matrix[i] = [a - factor * b for a, b in zip(matrix[i], matrix[r])]
        pivots.append(column)
        r += 1
    direction = [Fraction(0)] * size
    for i, column in enumerate(pivots):
        direction[column] = matrix[i][size]
    return direction


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def schedule_features(scop: Scop, dependences: Dependences, schedule: isl.Schedule,
                      tile_sizes=None) -> dict[str, float]:
    """The features of one schedule of a SCoP (FEATURE_NAMES, in that order);
    for many schedules of one SCoP, ``ScheduleFeatures`` keeps what they share."""
    return ScheduleFeatures(scop, dependences).features(schedule, tile_sizes)
