"""Generators of a polyhedron of schedule rows, and sampling rows from them.

A polyhedron P = {x : Ax + b ≥ 0} is also the set of points v + Σ a_k r_k +
Σ c_k l_k with v in the convex hull of its vertices, a_k ≥ 0 on its rays and
c_k free on its lines (Minkowski–Weyl). pycddlib computes these generators
exactly (Chernikova's algorithm, rational arithmetic). Polyite samples a row
by picking one vertex and a few rays and lines with small integer
coefficients; the combination is kept so that the genetic operators can
recombine rows later.

Generator computation can explode with the dimension, so it is time-boxed:
it runs in a forked process that is killed past the limit, and the caller
then samples by projection (``projection_sample``) instead.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

import islpy as isl

log = logging.getLogger(__name__)

GENERATOR_SECONDS = 5.0      # time box for one generator computation
IN_PROCESS_DIMENSION = 12    # below this many coordinates cdd runs in-process
MAX_DENOMINATOR = 16         # vertices with larger denominators are moved to an integer point
MAX_RAY_COMPONENT = 1000     # rays with larger (primitive integer) components are dropped
PROJECTION_BOUND = 8         # |coordinate| range of projection sampling


@dataclass
class Generators:
    """Vertices (rational), rays and lines (primitive integer vectors) of a polyhedron."""

    vertices: list[tuple[Fraction, ...]]
    rays: list[tuple[int, ...]]
    lines: list[tuple[int, ...]]
    polyhedron: isl.BasicSet | None = None
    _usable: dict = field(default_factory=dict, repr=False)

    def vertex(self, index: int) -> tuple[Fraction, ...]:
        """The vertex, or a nearby integer point of the polyhedron if its
        denominators are large (computed when first used: there can be many)."""
        if index not in self._usable:
            vertex = self.vertices[index]
            if self.polyhedron is not None and any(v.denominator > MAX_DENOMINATOR for v in vertex):
                vertex = tuple(_integer_point_near(self.polyhedron, vertex))
            self._usable[index] = vertex
        return self._usable[index]


@dataclass(frozen=True)
class Combination:
    """Which generators, with which coefficients, made a row."""

    vertex: int
    rays: tuple[tuple[int, int], ...] = ()     # (ray index, coefficient > 0)
    lines: tuple[tuple[int, int], ...] = ()    # (line index, nonzero coefficient)
    # A convex combination of several vertices, (index, weight > 0) with weights
    # summing to 1 (the genetic operators make them); empty: `vertex` alone.
    # Sampling gives integer coefficients; the operators also rational ones.
    vertices: tuple[tuple[int, Fraction], ...] = ()


def constraints_of(basic_set: isl.BasicSet) -> list[tuple[list[Fraction], Fraction, bool]]:
    """(coefficients, constant, is_equality) of each constraint: coefficients·x + constant ≥ 0 (= 0)."""
    result = []
    n = basic_set.dim(isl.dim_type.set)
    for constraint in basic_set.get_constraints():
        coefficients = [Fraction(constraint.get_coefficient_val(isl.dim_type.set, k).to_python())
                        for k in range(n)]
        constant = Fraction(constraint.get_constant_val().to_python())
        result.append((coefficients, constant, constraint.is_equality()))
    return result


def _primitive(vector) -> tuple[int, ...]:
    """The positive multiple of a rational vector with coprime integer entries."""
    fractions = [v if type(v) is Fraction else Fraction(v) for v in vector]
    scale = math.lcm(*(f.denominator for f in fractions)) if fractions else 1
    integers = [f.numerator * (scale // f.denominator) for f in fractions]
    divisor = math.gcd(*integers) if any(integers) else 1
    return tuple(v // divisor for v in integers)


def _cdd_generators(rows: list[list[Fraction]], equalities: list[int]):
    import cdd
    matrix = cdd.Matrix(rows, number_type="fraction")
    matrix.rep_type = cdd.RepType.INEQUALITY
    matrix.lin_set = frozenset(equalities)
    generators = cdd.Polyhedron(matrix).get_generators()
    lines = set(generators.lin_set)
    # rays and lines as primitive integer vectors already here: in the time box's
    # process that is both quicker to send back and done in parallel
    vertices, rays, line_vectors = [], [], []
    for k in range(generators.row_size):
        row = generators[k]
        if k in lines:
            line_vectors.append(_primitive(row[1:]))
        elif row[0] == 0:
            rays.append(_primitive(row[1:]))
        else:
            vertices.append([Fraction(value) for value in row[1:]])
    return vertices, rays, line_vectors


def _cdd_time_boxed(rows, equalities, seconds: float):
    from polyopt.core.timebox import TimeBoxExceeded, TimeBoxFailed, call_with_time_limit
    try:
        return call_with_time_limit(seconds, _cdd_generators, rows, equalities)
    except (TimeBoxExceeded, TimeBoxFailed) as error:
        log.debug("cdd: %s", error)
        return None


def compute_generators(polyhedron: isl.BasicSet, seconds: float = GENERATOR_SECONDS) -> Generators | None:
    """The generators of a rational polyhedron, or None past the time box."""
    n = polyhedron.dim(isl.dim_type.set)
    rows, equalities = [], []
    for coefficients, constant, equality in constraints_of(polyhedron):
        if equality:
            equalities.append(len(rows))
        rows.append([constant, *coefficients])
    if not rows:    # the whole space: one vertex at the origin, every axis a line
        rows = [[Fraction(0)] * (n + 1)]
    if n < IN_PROCESS_DIMENSION:
        result = _cdd_generators(rows, equalities)
    else:
        result = _cdd_time_boxed(rows, equalities, seconds)
    if result is None:
        return None
    vertices, rays, lines = result
    if not vertices and all(row[0] == 0 for row in rows):
        vertices = [[Fraction(0)] * n]   # cdd leaves out the apex of a cone with lines
    kept = [r for r in rays if max(map(abs, r)) <= MAX_RAY_COMPONENT]
    return Generators([tuple(v) for v in vertices], kept or rays, lines, polyhedron)


def _integer_point_near(polyhedron: isl.BasicSet, vertex) -> list[Fraction]:
    """An integer point of the polyhedron near the vertex (the vertex if none is close)."""
    space = polyhedron.get_space()
    # An integer (not rational) copy of the polyhedron, boxed around the vertex.
    text_constraints = []
    for coefficients, constant, equality in constraints_of(polyhedron):
        scale = math.lcm(*(c.denominator for c in coefficients), constant.denominator)
        terms = " + ".join(f"{int(c * scale)}*x{k}" for k, c in enumerate(coefficients) if c)
        text_constraints.append(f"{terms or 0} + {int(constant * scale)} {'=' if equality else '>='} 0")
    names = ", ".join(f"x{k}" for k in range(space.dim(isl.dim_type.set)))
    for radius in (1, 2, 4):
        box = [f"{math.floor(v) - radius} <= x{k} <= {math.ceil(v) + radius}" for k, v in enumerate(vertex)]
        candidate = isl.BasicSet("{ [" + names + "] : " + " and ".join(text_constraints + box) + " }")
        if not candidate.is_empty():
            point = candidate.sample_point()
            return [Fraction(point.get_coordinate_val(isl.dim_type.set, k).to_python())
                    for k in range(len(vertex))]
    return list(vertex)


def combine(generators: Generators, combination: Combination) -> list[Fraction]:
    """The row a combination of generators gives."""
    if combination.vertices:
        row = [Fraction(0)] * len(generators.vertex(combination.vertex))
        for index, weight in combination.vertices:
            row = [x + weight * v for x, v in zip(row, generators.vertex(index))]
    else:
        row = list(generators.vertex(combination.vertex))
    for index, coefficient in combination.rays:
        row = [x + coefficient * r for x, r in zip(row, generators.rays[index])]
    for index, coefficient in combination.lines:
        row = [x + coefficient * line for x, line in zip(row, generators.lines[index])]
    return row


def random_combination(generators: Generators, rng: random.Random, mode: str = "sparse") -> Combination:
    """A random vertex with random rays and lines, as Polyite samples them.

    sparse: up to 2 rays with coefficients in {1,2,3} and up to 2 lines with
    coefficients in {±1,±2,±3}; dense: every ray (coefficient 0..3) and every
    line (−3..3); mixed: sparse or dense, half and half.
    """
    if mode == "mixed":
        mode = rng.choice(("sparse", "dense"))
    vertex = rng.randrange(len(generators.vertices))
    if mode == "dense":
        rays = tuple((k, c) for k in range(len(generators.rays)) if (c := rng.randint(0, 3)))
        lines = tuple((k, c) for k in range(len(generators.lines)) if (c := rng.randint(-3, 3)))
        return Combination(vertex, rays, lines)
    n_rays = rng.randint(0, min(2, len(generators.rays)))
    n_lines = rng.randint(0, min(2, len(generators.lines)))
    rays = tuple(sorted((k, rng.randint(1, 3)) for k in rng.sample(range(len(generators.rays)), n_rays)))
    lines = tuple(sorted((k, rng.choice((-3, -2, -1, 1, 2, 3)))
                         for k in rng.sample(range(len(generators.lines)), n_lines)))
    return Combination(vertex, rays, lines)


def _small_integer(low: Fraction | None, high: Fraction | None, rng: random.Random) -> Fraction:
    """An integer in [low, high] ∩ [−B, B], small magnitudes likelier; a bound if none fits."""
    lo = max(math.ceil(low), -PROJECTION_BOUND) if low is not None else -PROJECTION_BOUND
    hi = min(math.floor(high), PROJECTION_BOUND) if high is not None else PROJECTION_BOUND
    if lo > hi:
        if low is not None and (high is None or abs(low) <= abs(high)):
            return Fraction(low)
        return Fraction(high)
    values = list(range(lo, hi + 1))
    weights = [1.0 / (1 + abs(v)) ** 2 for v in values]
    return Fraction(rng.choices(values, weights)[0])


def _bound(value: isl.Val) -> Fraction | None:
    if value.is_infty() or value.is_neginfty() or value.is_nan():
        return None
    return Fraction(value.to_python())


def projection_sample(polyhedron: isl.BasicSet, rng: random.Random) -> list[Fraction] | None:
    """A point of the polyhedron chosen one coordinate at a time, each within the
    projection of what is left; None if the polyhedron is empty."""
    if polyhedron.is_empty():
        return None
    n = polyhedron.dim(isl.dim_type.set)
    current = isl.Set.from_basic_set(polyhedron)
    local = isl.LocalSpace.from_space(current.get_space())
    values = []
    for k in range(n):
        variable = isl.Aff.var_on_domain(local, isl.dim_type.set, k)
        low, high = _bound(current.min_val(variable)), _bound(current.max_val(variable))
        value = _small_integer(low, high, rng)
        values.append(value)
        equality = isl.Constraint.equality_alloc(local)
        equality = equality.set_coefficient_val(isl.dim_type.set, k, isl.Val.int_from_si(
            current.get_ctx(), value.denominator))
        equality = equality.set_constant_val(isl.Val.int_from_si(current.get_ctx(), -value.numerator))
        current = current.add_constraint(equality)
        if current.is_empty():
            return None
    return values
