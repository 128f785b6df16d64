"""The space of legal schedule rows (Polyite's search space).

A schedule row is one affine function per statement, written as a vector of
rational coefficients laid out as ``[λ_S1 … λ_Sm | μ_S1 … μ_Sm | ν_S1 … ν_Sm]``:
iterator coefficients, then parameter coefficients, then constants. A schedule
is a list of such rows.

The dependences are split into a few convex *dependence polyhedra* D (see
``dependence_polyhedra``). By the affine form of Farkas' lemma, the rows that
satisfy D weakly (Θ_T(j) − Θ_S(i) ≥ 0 on D) form a polyhedron W_D, and those
that satisfy it strongly (≥ 1) a polyhedron S_D; isl computes both from the
coefficients of the valid constraints of D (``isl_set_coefficients``). They
are rational isl basic sets in the row space, computed once per polyhedron.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import islpy as isl

from polyopt.scheduler.generators import constraints_of
from polyopt.core.dependences import Dependences
from polyopt.core.operations import isl_operations
from polyopt.core.scop import Scop

SPLIT_LIMIT = 4            # lexicographic-minimum splits per statement pair
SPLIT_OPERATIONS = 200_000  # isl operations allowed for splitting one relation


@dataclass
class CoefficientSpace:
    """Where each statement's coefficients sit in a row vector."""

    statements: list[str]
    depths: dict[str, int]
    parameters: list[str]
    iterator_offsets: dict[str, int] = field(default_factory=dict)
    parameter_offsets: dict[str, int] = field(default_factory=dict)
    constant_offsets: dict[str, int] = field(default_factory=dict)
    dimension: int = 0

    @classmethod
    def of(cls, scop: Scop) -> CoefficientSpace:
        result = cls([s.name for s in scop.statements],
                     {s.name: len(s.iterators) for s in scop.statements}, list(scop.parameters))
        position = 0
        for name in result.statements:
            result.iterator_offsets[name] = position
            position += result.depths[name]
        for name in result.statements:
            result.parameter_offsets[name] = position
            position += len(result.parameters)
        for name in result.statements:
            result.constant_offsets[name] = position
            position += 1
        result.dimension = position
        return result

    def iterators(self, row, statement: str) -> list:
        start = self.iterator_offsets[statement]
        return list(row[start:start + self.depths[statement]])

    def parameter_coefficients(self, row, statement: str) -> list:
        start = self.parameter_offsets[statement]
        return list(row[start:start + len(self.parameters)])

    def constant(self, row, statement: str):
        return row[self.constant_offsets[statement]]

    def variables(self) -> list[str]:
        return [f"x{k}" for k in range(self.dimension)]

    def names(self) -> list[str]:
        """Readable names of the row's coordinates, for dumps."""
        result = [""] * self.dimension
        for name in self.statements:
            for k in range(self.depths[name]):
                result[self.iterator_offsets[name] + k] = f"λ{name}.{k}"
            for k, parameter in enumerate(self.parameters):
                result[self.parameter_offsets[name] + k] = f"μ{name}.{parameter}"
            result[self.constant_offsets[name]] = f"ν{name}"
        return result


@dataclass
class DependencePolyhedron:
    """One convex piece D of the dependences from `source` to `sink`."""

    index: int
    source: str
    sink: str
    relation: isl.BasicMap
    weak: isl.BasicSet            # W_D: rows with Θ_sink − Θ_source ≥ 0 on D
    strong: isl.BasicSet          # S_D: rows with Θ_sink − Θ_source ≥ 1 on D
    strong_constraints: list[tuple[list[Fraction], Fraction, bool]] = field(default_factory=list)
    # integer, sparse copies of the constraints of S_D and W_D, made when first asked
    _strong: list | None = field(default=None, repr=False)
    _weak: list | None = field(default=None, repr=False)

    def strongly_satisfied_by(self, row) -> bool:
        """True if the row carries D (exact arithmetic)."""
        if self._strong is None:
            self._strong = _integer_constraints(self.strong_constraints)
        return _satisfies(self._strong, row)

    def weakly_satisfied_by(self, row) -> bool:
        """True if the row respects D (Θ_sink − Θ_source ≥ 0 on D; exact arithmetic)."""
        if self._weak is None:
            self._weak = _integer_constraints(constraints_of(self.weak))
        return _satisfies(self._weak, row)


def _integer_constraints(constraints) -> list[tuple[tuple[tuple[int, int], ...], int, bool]]:
    """Each constraint scaled to integers (a positive factor keeps its sign), as
    (nonzero (index, coefficient) pairs, constant, is_equality)."""
    result = []
    for coefficients, constant, equality in constraints:
        scale = math.lcm(*(Fraction(c).denominator for c in coefficients), Fraction(constant).denominator)
        terms = tuple((k, int(c * scale)) for k, c in enumerate(coefficients) if c)
        result.append((terms, int(constant * scale), equality))
    return result


def _satisfies(constraints, row) -> bool:
    for terms, constant, equality in constraints:
        value = constant + sum(c * row[k] for k, c in terms)
        if value < 0 or (equality and value != 0):
            return False
    return True


def _farkas_map(space: CoefficientSpace, source: str, sink: str, shift: int) -> isl.MultiAff:
    """Row space -> coefficient space of the wrapped relation [[cst, params] -> [i, j]]."""
    x = space.variables()

    def term(coefficient: int, index: int) -> str:
        return f"{coefficient}*{x[index]}"

    outputs = []
    constant = [term(1, space.constant_offsets[sink]), term(-1, space.constant_offsets[source])]
    outputs.append(" + ".join(constant) + f" - {shift}" if source != sink else f"{-shift}")
    for k in range(len(space.parameters)):
        if source == sink:
            outputs.append("0")
        else:
            outputs.append(f"{x[space.parameter_offsets[sink] + k]} - {x[space.parameter_offsets[source] + k]}")
    for k in range(space.depths[source]):
        outputs.append(f"-{x[space.iterator_offsets[source] + k]}")
    for k in range(space.depths[sink]):
        outputs.append(x[space.iterator_offsets[sink] + k])
    text = "{ [" + ", ".join(x) + "] -> [" + ", ".join(f"({o})" for o in outputs) + "] }"
    return isl.MultiAff(text)


def farkas_sets(space: CoefficientSpace, relation: isl.BasicMap) -> tuple[isl.BasicSet, isl.BasicSet]:
    """W_D and S_D of one convex dependence polyhedron, as rational sets of rows."""
    source = relation.get_tuple_name(isl.dim_type.in_)
    sink = relation.get_tuple_name(isl.dim_type.out)
    coefficients = relation.wrap().coefficients().flatten()
    weak = coefficients.preimage_multi_aff(_farkas_map(space, source, sink, 0))
    strong = coefficients.preimage_multi_aff(_farkas_map(space, source, sink, 1))
    return weak.remove_redundancies(), strong.remove_redundancies()


def _pieces(relation: isl.Map) -> list[isl.BasicMap]:
    result: list[isl.BasicMap] = []
    relation.foreach_basic_map(result.append)
    return result


def _lexmin_split(relation: isl.Map, limit: int) -> list[isl.Map]:
    """Repeated lexicographic minima of the relation; None past the split limit."""
    try:
        with isl_operations(relation.get_ctx(), SPLIT_OPERATIONS):
            remaining, result = relation, []
            for _ in range(limit):
                if remaining.is_empty():
                    return result
                minimum = remaining.lexmin()
                result.append(minimum)
                remaining = remaining.subtract(minimum)
            return result if remaining.is_empty() else None
    except isl.Error:
        return None


def _carry_level_split(relation: isl.Map, original: isl.UnionMap) -> list[isl.Map]:
    """The relation split by the original schedule dimension that carries each pair."""
    schedules: list[isl.Map] = []
    original.foreach_map(schedules.append)
    by_name = {m.get_tuple_name(isl.dim_type.in_): m for m in schedules}
    source = by_name[relation.get_tuple_name(isl.dim_type.in_)]
    sink = by_name[relation.get_tuple_name(isl.dim_type.out)]
    n = source.dim(isl.dim_type.out)
    before = [f"t{k}" for k in range(n)]
    after = [f"u{k}" for k in range(n)]
    result = []
    for level in range(n):
        conditions = [f"{before[k]} = {after[k]}" for k in range(level)]
        conditions.append(f"{before[level]} < {after[level]}")
        order = isl.Map("{ [" + ", ".join(before) + "] -> [" + ", ".join(after) + "] : "
                        + " and ".join(conditions) + " }")
        pairs = source.apply_range(order).apply_range(sink.reverse())
        piece = relation.intersect(pairs)
        if not piece.is_empty():
            result.append(piece)
    return result


def dependence_polyhedra(scop: Scop, dependences: Dependences, space: CoefficientSpace,
                         split_limit: int = SPLIT_LIMIT) -> list[DependencePolyhedron]:
    """The dependences as convex polyhedra, each with its W_D and S_D.

    Per statement pair: the disjuncts of repeated lexicographic minima (up to
    `split_limit` of them; past it, the relation's own disjuncts), each split
    by the dimension of the original schedule that carries it and replaced by
    its convex hull. The hull of pairs that one original dimension carries is
    carried by that dimension too, so the original schedule is always in the
    space; a hull of pairs carried at different levels could need a row that
    carries inner and outer pairs at once, which often does not exist.
    """
    relations: list[isl.Map] = []
    dependences.all.foreach_map(relations.append)
    original = scop.schedule.get_map()
    model = scop.context.get_space()
    result: list[DependencePolyhedron] = []
    for relation in relations:
        # Farkas coefficients of parameters come in the relation's parameter
        # order; align it with the SCoP's, which the row layout uses.
        relation = relation.align_params(model).coalesce()
        minima = _lexmin_split(relation, split_limit)
        pieces = [b for m in minima for b in _pieces(m)] if minima is not None else _pieces(relation)
        for piece in pieces:
            for level_piece in _carry_level_split(isl.Map.from_basic_map(piece), original):
                hull = level_piece.remove_divs().convex_hull().align_params(model)
                weak, strong = farkas_sets(space, hull)
                result.append(DependencePolyhedron(
                    len(result), hull.get_tuple_name(isl.dim_type.in_),
                    hull.get_tuple_name(isl.dim_type.out), hull, weak, strong,
                    constraints_of(strong)))
    return result
