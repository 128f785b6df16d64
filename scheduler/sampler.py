"""Random legal schedules from the space of Farkas polyhedra (Polyite's sampler).

A schedule is sampled one row at a time. For row d, the region P_d is the
intersection of W_D over the dependence polyhedra D not yet carried; with
probability ``strong_probability`` a random non-empty subset of them is asked
to be carried too (S_D added for each that keeps P_d non-empty). A row is then
drawn from P_d's generators (see ``polyopt.scheduler.generators``), or by
projection when the generators take too long. Every D the row carries leaves
the uncarried set; when none is left, rows linearly independent of the
existing ones complete each statement's schedule, and the matrix becomes a
schedule tree (``polyopt.scheduler.tree``).
"""

from __future__ import annotations

import logging
import math
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction

import islpy as isl

from polyopt.core.dependences import Dependences
from polyopt.core.scop import Scop
from polyopt.scheduler.generators import (GENERATOR_SECONDS, Combination, Generators,
                                          combine, compute_generators, projection_sample,
                                          random_combination)
from polyopt.scheduler.space import CoefficientSpace, DependencePolyhedron, dependence_polyhedra

log = logging.getLogger(__name__)

STRONG_PROBABILITY = 0.4
ROW_ATTEMPTS = 20          # zero rows drawn in a row before a sample is abandoned


class SamplingError(Exception):
    """One sample could not be completed (the caller draws another)."""


@dataclass(frozen=True)
class Region:
    """Which polyhedra must be weakly and which strongly satisfied."""

    weak: frozenset[int]
    strong: frozenset[int]


@dataclass
class Row:
    """One sampled (or completing) row with where it came from."""

    values: tuple[int, ...]
    region: Region | None                  # None for completion rows
    combination: Combination | None        # None for projection and completion rows
    # "generators", "projection" or "completion"; the genetic operators
    # (polyopt.scheduler.operators) add "interpolated" and "seed" rows
    how: str

    def key(self) -> tuple:
        if self.how == "generators":
            return (self.region.weak, self.region.strong, self.combination)
        return (self.how, self.values)


@dataclass
class Sample:
    """A sampled schedule matrix (integer rows), before it becomes a tree."""

    rows: list[Row]

    def key(self) -> tuple:
        """Identity by generator combination, for de-duplication."""
        return tuple(row.key() for row in self.rows)

    def matrix(self) -> list[tuple[int, ...]]:
        return [row.values for row in self.rows]


@dataclass
class RegionStatistics:
    vertices: int
    rays: int
    lines: int
    seconds: float
    projected: bool


@dataclass
class ScheduleSpace:
    """Dependence polyhedra, their Farkas sets, and caches of regions and generators."""

    scop: Scop
    dependences: Dependences
    mode: str = "sparse"
    strong_probability: float = STRONG_PROBABILITY
    generator_seconds: float = GENERATOR_SECONDS
    space: CoefficientSpace = field(init=False)
    polyhedra: list[DependencePolyhedron] = field(init=False)
    _regions: dict = field(default_factory=dict, init=False)
    _generators: dict = field(default_factory=dict, init=False)
    statistics: dict = field(default_factory=dict, init=False)

    def __post_init__(self):
        self.space = CoefficientSpace.of(self.scop)
        self.polyhedra = dependence_polyhedra(self.scop, self.dependences, self.space)
        self._universe = isl.BasicSet.universe(isl.Space.create_from_names(
            isl.DEFAULT_CONTEXT, set=self.space.variables()))

    # -- regions --------------------------------------------------------------
    def polyhedron(self, region: Region) -> isl.BasicSet:
        """P for a region: ∩ W_D (weak) ∩ S_D (strong), rational, cached."""
        if region not in self._regions:
            if region.strong:
                last = max(region.strong)
                result = self.polyhedron(Region(region.weak, region.strong - {last}))
                result = result.intersect(self.polyhedra[last].strong)
            elif len(region.weak) > 1:
                last = max(region.weak)
                result = self.polyhedron(Region(region.weak - {last}, frozenset()))
                result = result.intersect(self.polyhedra[last].weak)
            elif region.weak:
                result = self.polyhedra[min(region.weak)].weak
            else:
                result = self._universe
            self._regions[region] = result
        return self._regions[region]

    def random_region(self, uncarried: frozenset[int], rng: random.Random,
                      candidates: frozenset[int] | None = None) -> Region:
        """Polyite's region choice for the next row: the polyhedra it may be asked
        to carry are `candidates` (by default all uncarried ones)."""
        candidates = uncarried if candidates is None else candidates & uncarried
        strong: set[int] = set()
        if candidates and rng.random() < self.strong_probability:
            chosen = [d for d in sorted(candidates) if rng.random() < 0.5] or [rng.choice(sorted(candidates))]
            rng.shuffle(chosen)
            for d in chosen:
                candidate = Region(uncarried, frozenset(strong | {d}))
                if not self.polyhedron(candidate).is_empty():
                    strong.add(d)
        return Region(uncarried, frozenset(strong))

    # -- rows -----------------------------------------------------------------
    def generators(self, region: Region) -> Generators | None:
        """Generators of a region's polyhedron (cached; None past the time box)."""
        if region not in self._generators:
            start = time.perf_counter()
            result = compute_generators(self.polyhedron(region), self.generator_seconds)
            seconds = time.perf_counter() - start
            if result is not None and not result.vertices:
                result = None
            if result is None:
                log.debug("generators of a %d-dimensional region timed out after %.1f s; "
                          "sampling by projection", self.space.dimension, seconds)
                self.statistics[region] = RegionStatistics(0, 0, 0, seconds, True)
            else:
                self.statistics[region] = RegionStatistics(
                    len(result.vertices), len(result.rays), len(result.lines), seconds, False)
            self._generators[region] = result
        return self._generators[region]

    def sample_row(self, region: Region, rng: random.Random) -> Row | None:
        generators = self.generators(region)
        if generators is None:
            values = projection_sample(self.polyhedron(region), rng)
            if values is None:
                return None
            return Row(integer_row(values), region, None, "projection")
        combination = random_combination(generators, rng, self.mode)
        return Row(integer_row(combine(generators, combination)), region, combination, "generators")

    # -- schedules ------------------------------------------------------------
    @property
    def row_limit(self) -> int:
        """Rows one sampled schedule may take to carry every polyhedron."""
        return max(self.space.depths.values(), default=0) + len(self.polyhedra) + 2

    def sample(self, rng: random.Random) -> Sample:
        """One legal schedule matrix; raises SamplingError if this draw got stuck."""
        rows = self.carry(frozenset(d.index for d in self.polyhedra), rng)
        return Sample(rows + self.completion(rows))

    def carry(self, uncarried: frozenset[int], rng: random.Random,
              targets: frozenset[int] | None = None) -> list[Row]:
        """Rows drawn as the sampler draws them, each respecting every polyhedron in
        `uncarried` not carried by the rows before it, until those of `targets`
        (by default all of `uncarried`) are carried; raises SamplingError if stuck."""
        targets = uncarried if targets is None else targets & uncarried
        rows: list[Row] = []
        limit = self.row_limit
        zero_rows = 0
        while targets:
            if len(rows) >= limit or zero_rows >= ROW_ATTEMPTS:
                raise SamplingError("dependences still uncarried after "
                                    f"{len(rows)} rows and {zero_rows} useless draws")
            region = self.random_region(uncarried, rng, targets)
            row = self.sample_row(region, rng)
            if row is None:
                zero_rows += 1
                continue
            carried = {d for d in uncarried if self.polyhedra[d].strongly_satisfied_by(row.values)}
            if not carried and not any(row.values):
                zero_rows += 1
                continue
            rows.append(row)
            uncarried = uncarried - carried
            targets = targets - carried
        return rows

    def completion(self, rows: list[Row]) -> list[Row]:
        """Rows that give each statement as many independent iterator rows as loops."""
        space = self.space
        bases = {s: IteratorBasis(space.depths[s]) for s in space.statements}
        for row in rows:
            for s in space.statements:
                bases[s].add(space.iterators(row.values, s))
        result = []
        while any(not basis.full for basis in bases.values()):
            values = [0] * space.dimension
            for s in space.statements:
                basis = bases[s]
                if basis.full:
                    continue
                unit = basis.independent_unit()
                basis.add(unit)
                start = space.iterator_offsets[s]
                values[start:start + space.depths[s]] = unit
            result.append(Row(tuple(values), None, None, "completion"))
        return result


def integer_row(values: list[Fraction]) -> tuple[int, ...]:
    """The row scaled by the least common multiple of its denominators."""
    scale = math.lcm(*(Fraction(v).denominator for v in values)) if values else 1
    return tuple(int(Fraction(v) * scale) for v in values)


class IteratorBasis:
    """Row-echelon basis of the iterator rows seen so far (exact arithmetic)."""

    def __init__(self, size: int):
        self.size = size
        self.rows: list[list[Fraction]] = []   # reduced rows with distinct pivots
        self.pivots: list[int] = []

    @property
    def full(self) -> bool:
        return len(self.rows) == self.size

    def reduce(self, vector) -> list[Fraction]:
        vector = [Fraction(v) for v in vector]
        for row, pivot in zip(self.rows, self.pivots):
            if vector[pivot]:
                factor = vector[pivot] / row[pivot]
                vector = [v - factor * r for v, r in zip(vector, row)]
        return vector

    def add(self, vector) -> bool:
        reduced = self.reduce(vector)
        for k, value in enumerate(reduced):
            if value:
                self.rows.append(reduced)
                self.pivots.append(k)
                return True
        return False

    def independent(self, vector) -> bool:
        return any(self.reduce(vector))

    def copy(self) -> IteratorBasis:
        result = IteratorBasis(self.size)
        result.rows, result.pivots = list(self.rows), list(self.pivots)
        return result

    def independent_unit(self) -> list[int]:
        for k in range(self.size):
            unit = [0] * self.size
            unit[k] = 1
            if self.independent(unit):
                return unit
        raise AssertionError("a basis that is not full has an independent unit vector")
