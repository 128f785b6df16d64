"""Genetic operators on schedule matrices (Polyite's, Ganser's thesis §6.2).

Every operator is closed over legal schedules. The bookkeeping is the
thesis's: walking down a matrix, U is the set of dependence polyhedra that the
rows so far do not carry; a row is legal if it satisfies every polyhedron of U
weakly (W_D), and it carries, takes out of U, those it satisfies strongly
(S_D). A child is made of its parents' rows and of fresh rows drawn as the
sampler draws them. Whatever the operator did, the child is walked again: it
is cut at the first row that breaks a polyhedron of U (a row taken into a
context it was not drawn for may), continued by the sampler until U is empty,
completed so that every statement has as many independent rows as loops, and
its schedule tree is checked by isl before it is returned.

Mutations, each row eligible with the annealed probability (at least one):

- ``replace-dimension``: a chosen row is replaced by a row drawn from the
  polyhedron that respects what the child leaves uncarried and carries what
  the parent's row carried (Thm 6.2.1); a row that carried nothing is replaced
  by one that adds a loop, as completion would.
- ``replace-prefix``: the first e rows are replaced by rows that carry at
  least what they carried; the parent's other rows follow unchanged.
- ``replace-suffix``: the last m rows are replaced by rows the sampler draws
  for what is left to carry, then by a completion in random loop order (m
  grows where the kept rows leave only the parent's suffix possible).
- ``replace-coefficients``: a chosen row keeps its generators and gets new
  coefficients for them (rational, denominators up to 3; vertices may mix).
  A row without a generator combination moves towards a fresh point of its
  region's polyhedron instead.

Crossovers: ``row-crossover`` (Alg 6.2: each row from either parent at the
same depth, with backtracking; choosing one parent throughout rebuilds it) and
``geometric-crossover`` (a convex combination of the parents' rows at a depth
where one parent leaves a subset of what the other leaves uncarried, then a
fresh suffix; up to 3 children).

Individuals are the same under the thesis's relation 1 (``same_individual``):
same matrix and same generator combination in every row.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import islpy as isl

from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.generators import Combination, combine, projection_sample, random_combination
from polyopt.scheduler.sampler import (IteratorBasis, Region, Row, Sample, SamplingError,
                                       ScheduleSpace, integer_row)
from polyopt.scheduler.tree import matrix_to_tree

MUTATIONS = ("replace-dimension", "replace-prefix", "replace-suffix", "replace-coefficients")
CROSSOVERS = ("row-crossover", "geometric-crossover")

ATTEMPTS = 20                 # tries of one operator before it gives up (Polyite's GA limit)
SECONDS = 60.0                # and wall-clock time (new regions' generators can take seconds)
ROW_DRAWS = 10                # draws for one replacement row
MAX_DENOMINATOR = 3           # of generator coefficients (Polyite's generatorCoeffMaxDenominator)
MAX_COEFFICIENT = 3           # |generator coefficient|, as the sparse sampler's
MAX_CHILDREN = 3              # of one geometric crossover
MAX_VERTICES = 3              # mixed in one row by coefficient replacement
WEIGHTS = (Fraction(1, 3), Fraction(1, 2), Fraction(2, 3))   # of convex combinations
CROSSOVER_STEPS = 10_000      # search-tree nodes one row crossover may visit


# -- the public operators -------------------------------------------------------------

def mutate(space: ScheduleSpace, parent: Sample, operator: str, rng: random.Random,
           probability: float) -> Sample:
    """A legal, complete child of `parent` that differs from it in its matrix.

    `probability` is the share of rows to change (annealed by the caller); at
    least one row changes. Raises SamplingError when no such child is found
    in ``ATTEMPTS`` tries, ValueError for an unknown operator.
    """
    if operator not in _MUTATIONS:
        raise ValueError(f"unknown mutation {operator!r}; known: {', '.join(MUTATIONS)}")
    last: Exception | None = None
    for _ in _attempts():
        try:
            child = _finish(space, _MUTATIONS[operator](space, parent, rng, probability), rng)
        except SamplingError as error:
            last = error
            continue
        if child.matrix() != parent.matrix():
            checked_tree(space, child)
            return child
    raise SamplingError(f"{operator}: no new legal child in {ATTEMPTS} tries or {SECONDS:g} s"
                        + (f" ({last})" if last else ""))


def crossover(space: ScheduleSpace, first: Sample, second: Sample, operator: str,
              rng: random.Random) -> list[Sample]:
    """1 to 3 legal, complete children of two parents, each different from both
    parents' matrices; raises SamplingError if none is found, ValueError for an
    unknown operator."""
    if operator not in CROSSOVERS:
        raise ValueError(f"unknown crossover {operator!r}; known: {', '.join(CROSSOVERS)}")
    parents = (first.matrix(), second.matrix())
    last: Exception | None = None
    for _ in _attempts():
        try:
            if operator == "row-crossover":
                rows = row_crossover(space, first, second, lambda depth: rng.sample((0, 1), 2))
                candidates = [rows] if rows is not None else []
            else:
                candidates = _geometric_children(space, first, second, rng)
        except SamplingError as error:
            last = error
            continue
        children: list[Sample] = []
        for rows in candidates:
            try:
                child = _finish(space, rows, rng)
            except SamplingError as error:
                last = error
                continue
            if child.matrix() not in parents and all(child.matrix() != c.matrix() for c in children):
                checked_tree(space, child)
                children.append(child)
        if children:
            return children
    raise SamplingError(f"{operator}: no new legal child in {ATTEMPTS} tries or {SECONDS:g} s"
                        + (f" ({last})" if last else ""))


def _attempts():
    """Up to ATTEMPTS tries within SECONDS."""
    deadline = time.monotonic() + SECONDS
    for attempt in range(ATTEMPTS):
        if attempt and time.monotonic() > deadline:
            return
        yield attempt


def checked_tree(space: ScheduleSpace, sample: Sample) -> isl.Schedule:
    """The sample's schedule tree, checked by isl against the exact dependences."""
    tree = matrix_to_tree(space.scop, space.space, sample.matrix(), space.dependences.all)
    if not is_legal(tree, space.dependences.all):
        raise AssertionError(f"a genetic operator made an illegal schedule (internal error): "
                             f"{sample.matrix()}")
    return tree


def individual_key(sample: Sample) -> tuple:
    """Hashable identity under the thesis's relation 1: the matrix and, per row,
    the generator combination (with the region whose generators it combines)."""
    return tuple((row.values, (row.region, row.combination) if row.combination is not None else None)
                 for row in sample.rows)


def same_individual(a: Sample, b: Sample) -> bool:
    """Relation 1 (thesis §6.3): same matrix and same generator combinations."""
    return individual_key(a) == individual_key(b)


# -- walking a matrix -------------------------------------------------------------------

@dataclass
class _Walk:
    before: list[frozenset[int]]     # U before each row, and after the last
    carried: list[frozenset[int]]    # what each row carries of the U before it
    illegal: int | None              # the first row that breaks a polyhedron of U


def _all(space: ScheduleSpace) -> frozenset[int]:
    return frozenset(d.index for d in space.polyhedra)


def _walk(space: ScheduleSpace, rows: list[Row]) -> _Walk:
    uncarried = _all(space)
    before, carried, illegal = [], [], None
    for k, row in enumerate(rows):
        before.append(uncarried)
        if illegal is None and not all(space.polyhedra[d].weakly_satisfied_by(row.values)
                                       for d in uncarried):
            illegal = k
        now = frozenset(d for d in uncarried if space.polyhedra[d].strongly_satisfied_by(row.values))
        carried.append(now)
        uncarried = uncarried - now
    before.append(uncarried)
    return _Walk(before, carried, illegal)


def _row_cap(space: ScheduleSpace) -> int:
    return 2 * space.row_limit + max(space.space.depths.values(), default=0)


def _finish(space: ScheduleSpace, rows: list[Row], rng: random.Random) -> Sample:
    """The child of some rows: cut at the first illegal row, carried to the end by
    the sampler, completed. Raises SamplingError if that gets stuck or too long."""
    rows = [row for row in rows if any(row.values)]
    walk = _walk(space, rows)
    if walk.illegal is not None:
        rows, uncarried = rows[:walk.illegal], walk.before[walk.illegal]
    else:
        uncarried = walk.before[-1]
    if uncarried:
        rows = rows + space.carry(uncarried, rng)
    rows = rows + space.completion(rows)
    if len(rows) > _row_cap(space):
        raise SamplingError(f"a child of {len(rows)} rows (at most {_row_cap(space)})")
    return Sample(rows)


def _chosen(indices, probability: float, rng: random.Random) -> list[int]:
    """Each index with the probability, and at least one."""
    indices = list(indices)
    if not indices:
        return []
    result = [k for k in indices if rng.random() < probability]
    return result or [rng.choice(indices)]


def _bases(space: ScheduleSpace, rows: list[Row]) -> dict[str, IteratorBasis]:
    layout = space.space
    bases = {s: IteratorBasis(layout.depths[s]) for s in layout.statements}
    for row in rows:
        for s in layout.statements:
            bases[s].add(layout.iterators(row.values, s))
    return bases


def _completion_row(space: ScheduleSpace, bases: dict[str, IteratorBasis],
                    rng: random.Random) -> Row | None:
    """A completion row that adds a random independent loop to each statement that
    lacks one (None if none does); `bases` are updated."""
    layout = space.space
    values = [0] * layout.dimension
    for s in layout.statements:
        basis = bases[s]
        if basis.full:
            continue
        units = [k for k in range(basis.size) if basis.independent(_unit(basis.size, k))]
        unit = _unit(basis.size, rng.choice(units))
        basis.add(unit)
        start = layout.iterator_offsets[s]
        values[start:start + basis.size] = unit
    return Row(tuple(values), None, None, "completion") if any(values) else None


def _unit(size: int, k: int) -> list[int]:
    return [1 if j == k else 0 for j in range(size)]


def _random_completion(space: ScheduleSpace, rows: list[Row], rng: random.Random) -> list[Row]:
    """Completion rows in a random loop order (the sampler's take the first free loop)."""
    bases = _bases(space, rows)
    result = []
    while (row := _completion_row(space, bases, rng)) is not None:
        result.append(row)
    return result


# -- mutations --------------------------------------------------------------------------

def _replace_dimension(space: ScheduleSpace, parent: Sample, rng: random.Random,
                       probability: float) -> list[Row]:
    walk = _walk(space, parent.rows)
    chosen = set(_chosen(range(len(parent.rows)), probability, rng))
    rows: list[Row] = []
    uncarried = _all(space)
    bases = _bases(space, [])
    for d, row in enumerate(parent.rows):
        if d in chosen:
            row = _replacement_row(space, uncarried, walk.carried[d] & uncarried, bases, rng) or row
        rows.append(row)
        uncarried = uncarried - {k for k in uncarried
                                 if space.polyhedra[k].strongly_satisfied_by(row.values)}
        for s in space.space.statements:
            bases[s].add(space.space.iterators(row.values, s))
    return rows


def _replacement_row(space: ScheduleSpace, uncarried: frozenset[int], targets: frozenset[int],
                     bases: dict[str, IteratorBasis], rng: random.Random) -> Row | None:
    """A row respecting `uncarried` and carrying `targets`; without targets, one that
    adds a loop to some statement (None if none is found)."""
    layout = space.space
    if targets:
        region = Region(uncarried, targets)
        for _ in range(ROW_DRAWS):
            row = space.sample_row(region, rng)
            if row is not None and any(row.values):
                return row
        return None
    if not uncarried:
        return _completion_row(space, {s: b.copy() for s, b in bases.items()}, rng)
    region = Region(uncarried, frozenset())
    for _ in range(ROW_DRAWS):
        row = space.sample_row(region, rng)
        if row is not None and any(not bases[s].full and bases[s].independent(layout.iterators(row.values, s))
                                   for s in layout.statements):
            return row
    return None


def _replace_prefix(space: ScheduleSpace, parent: Sample, rng: random.Random,
                    probability: float) -> list[Row]:
    e = len(_chosen(range(len(parent.rows)), probability, rng))
    everything = _all(space)
    targets = everything - _walk(space, parent.rows[:e]).before[-1]    # C_Θ^{1..e}
    prefix = space.carry(everything, rng, targets) if targets else []
    if not prefix:    # the old prefix carried nothing: the new one is one row, drawn as a first row
        row = space.sample_row(space.random_region(everything, rng), rng)
        if row is None or not any(row.values):
            raise SamplingError("no first row drawn")
        prefix = [row]
    return prefix + parent.rows[e:]


def _replace_suffix(space: ScheduleSpace, parent: Sample, rng: random.Random,
                    probability: float) -> list[Row]:
    n = len(parent.rows)
    m = min(len(_chosen(range(n), probability, rng)), max(n - 1, 1))
    # a suffix the parent's prefix determines (its last loops) is made longer
    for m in range(m, n + 1):
        kept = parent.rows[:n - m]
        walk = _walk(space, kept)
        if walk.illegal is not None:
            kept, uncarried = kept[:walk.illegal], walk.before[walk.illegal]
        else:
            uncarried = walk.before[-1]
        rows = kept + (space.carry(uncarried, rng) if uncarried else [])
        rows = rows + _random_completion(space, rows, rng)
        if [row.values for row in rows] != parent.matrix():
            break
    return rows


def _replace_coefficients(space: ScheduleSpace, parent: Sample, rng: random.Random,
                          probability: float) -> list[Row]:
    rows = list(parent.rows)
    walk = _walk(space, rows)
    eligible = ([d for d, row in enumerate(rows) if row.combination is not None]
                or [d for d, row in enumerate(rows) if row.how != "completion"]
                or range(len(rows)))
    for d in _chosen(eligible, probability, rng):
        new = _new_coefficients(space, rows[d], Region(walk.before[d], walk.carried[d]), rng, probability)
        if new is not None:
            rows[d] = new
    return rows


def _new_coefficients(space: ScheduleSpace, row: Row, context: Region, rng: random.Random,
                      probability: float) -> Row | None:
    """The row with new generator coefficients; a row without a combination moves
    towards a fresh point of its region (`context`, what it respects and carries
    where it stands, if it has no region of its own)."""
    if row.combination is not None:
        generators = space.generators(row.region)
        if generators is not None:
            for _ in range(ROW_DRAWS):
                combination = _mutated_combination(generators, row.combination, rng, probability)
                if combination != row.combination:
                    values = integer_row(combine(generators, combination))
                    return Row(values, row.region, combination, "generators")
            return None
    region = row.region if row.region is not None else context
    generators = space.generators(region)
    if generators is not None:
        point = combine(generators, random_combination(generators, rng, space.mode))
    else:
        point = projection_sample(space.polyhedron(region), rng)
        if point is None:
            return None
    weight = rng.choice(WEIGHTS)
    values = integer_row([weight * x + (1 - weight) * y for x, y in zip(row.values, point)])
    return Row(values, region, None, "interpolated")


def _rational(rng: random.Random, positive: bool) -> Fraction:
    denominator = rng.randint(1, MAX_DENOMINATOR)
    value = Fraction(rng.randint(1, MAX_COEFFICIENT * denominator), denominator)
    return value if positive or rng.random() < 0.5 else -value


def _mutated_combination(generators, combination: Combination, rng: random.Random,
                         probability: float) -> Combination:
    """New coefficients for a share of the combination's generators (at least one):
    rays positive, lines nonzero, vertices convex weights; a combination of a
    lone vertex gets a ray or line."""
    rays, lines = dict(combination.rays), dict(combination.lines)
    weights = dict(combination.vertices) or {combination.vertex: Fraction(1)}
    slots = [("ray", k) for k in rays] + [("line", k) for k in lines]
    if len(generators.vertices) > 1:
        slots.append(("vertex", None))
    unused = ([("ray", k) for k in range(len(generators.rays)) if k not in rays]
              + [("line", k) for k in range(len(generators.lines)) if k not in lines])
    if not slots and unused:
        slots.append(("add", None))
    for slot in _chosen(range(len(slots)), probability, rng):
        kind, index = slots[slot]
        if kind == "add":
            kind, index = rng.choice(unused)
        if kind == "ray":
            rays[index] = _rational(rng, positive=True)
        elif kind == "line":
            lines[index] = _rational(rng, positive=False)
        else:
            other = rng.randrange(len(generators.vertices))
            weight = rng.choice(WEIGHTS)
            if len(weights) >= MAX_VERTICES:    # keep the mixture small
                weights = {combination.vertex: Fraction(1)}
            weights = {k: w * weight for k, w in weights.items()}
            weights[other] = weights.get(other, Fraction(0)) + 1 - weight
    vertex = max(weights, key=lambda k: (weights[k], -k))
    vertices = tuple(sorted(weights.items())) if len(weights) > 1 else ()
    return Combination(vertex, tuple(sorted(rays.items())), tuple(sorted(lines.items())), vertices)


_MUTATIONS: dict[str, Callable[[ScheduleSpace, Sample, random.Random, float], list[Row]]] = {
    "replace-dimension": _replace_dimension,
    "replace-prefix": _replace_prefix,
    "replace-suffix": _replace_suffix,
    "replace-coefficients": _replace_coefficients,
}


# -- crossovers -------------------------------------------------------------------------

def row_crossover(space: ScheduleSpace, first: Sample, second: Sample,
                  choose: Callable[[int], tuple[int, ...]]) -> list[Row] | None:
    """Alg 6.2: the child's row d is row d of either parent, tried in the order
    `choose(d)` gives (0: first, 1: second), with backtracking. A row must respect
    what the child leaves uncarried; a parent whose row d is the last chance to
    carry some polyhedron is forced. Once everything is carried the rest comes
    from the parent chosen first there (nothing if it has no more rows). Choosing
    one parent throughout rebuilds it. None if the search ran out of steps."""
    parents = (first.rows, second.rows)
    sizes = (len(first.rows), len(second.rows))
    carries = [[frozenset(k for k in range(len(space.polyhedra))
                          if space.polyhedra[k].strongly_satisfied_by(row.values)) for row in rows]
               for rows in parents]
    respects: dict[tuple[int, int, int], bool] = {}
    steps = 0

    def respected(p: int, d: int, uncarried: frozenset[int]) -> bool:
        for k in uncarried:
            if (p, d, k) not in respects:
                respects[p, d, k] = space.polyhedra[k].weakly_satisfied_by(parents[p][d].values)
            if not respects[p, d, k]:
                return False
        return True

    def last_chance(p: int, d: int, uncarried: frozenset[int]) -> bool:
        """Parent p's row d carries some polyhedron of U that no later row of p
        and no row from d on of the other parent carries."""
        later = frozenset().union(*carries[p][d + 1:], *carries[1 - p][d:])
        return bool((carries[p][d] & uncarried) - later)

    def search(d: int, child: list[Row], uncarried: frozenset[int]) -> list[Row] | None:
        nonlocal steps
        steps += 1
        if steps > CROSSOVER_STEPS:
            raise SamplingError("row crossover: search too long")
        if not uncarried:
            p = choose(d)[0]
            return child + list(parents[p][d:])
        if d >= sizes[0] and d >= sizes[1]:
            return None
        must = [d < sizes[p] and (d >= sizes[1 - p] or last_chance(p, d, uncarried)) for p in (0, 1)]
        if all(must):
            return None
        order = [0] if must[0] else [1] if must[1] else [p for p in choose(d) if d < sizes[p]]
        for p in order:
            if respected(p, d, uncarried):
                result = search(d + 1, child + [parents[p][d]], uncarried - carries[p][d])
                if result is not None:
                    return result
        return None

    try:
        return search(0, [], _all(space))
    except SamplingError:
        return None


def _proportional(a, b) -> bool:
    """True if one row is a non-negative multiple of the other (the same order)."""
    if not any(a) or not any(b):
        return True
    k = next(i for i, x in enumerate(a) if x)
    return b[k] * a[k] > 0 and all(x * b[k] == y * a[k] for x, y in zip(a, b))


def _geometric_children(space: ScheduleSpace, first: Sample, second: Sample,
                        rng: random.Random) -> list[list[Row]]:
    """Rows of up to 3 children: rows 1..d−1 of the parent Θa that leaves fewer
    polyhedra uncarried (U_a ⊆ U_b before row d), row d = α Θa^d + (1 − α) Θb^d
    (Thm 6.2.4: it respects U_a), then a fresh suffix."""
    parents = (first, second)
    walks = (_walk(space, first.rows), _walk(space, second.rows))
    options = []
    for d in range(min(len(first.rows), len(second.rows))):
        if any(w.illegal is not None and w.illegal <= d for w in walks):
            break
        rows = (first.rows[d].values, second.rows[d].values)
        if _proportional(*rows):
            continue
        before = (walks[0].before[d], walks[1].before[d])
        for a in (0, 1):
            if before[a] <= before[1 - a]:
                options.extend((d, a, weight) for weight in WEIGHTS)
                break
    if not options:
        raise SamplingError("geometric crossover: no depth where the parents are compatible")
    result = []
    for d, a, weight in rng.sample(options, min(MAX_CHILDREN, len(options))):
        mine, other = parents[a].rows[d].values, parents[1 - a].rows[d].values
        values = integer_row([weight * x + (1 - weight) * y for x, y in zip(mine, other)])
        before = walks[a].before[d]
        carried = frozenset(k for k in before if space.polyhedra[k].strongly_satisfied_by(values))
        row = Row(values, Region(before, carried), None, "interpolated")
        try:
            suffix = space.carry(before - carried, rng) if before - carried else []
        except SamplingError:
            continue
        result.append(list(parents[a].rows[:d]) + [row] + suffix)
    return result


# -- schedules from elsewhere -----------------------------------------------------------

def sample_from_schedule(space: ScheduleSpace, schedule: isl.Schedule) -> Sample:
    """The matrix of a legal, untiled schedule tree (the original order, isl's):
    the rows of its flat map, sequence positions as constants, each statement
    completed to full rank. Rows get the regions they lie in where they respect
    every polyhedron still uncarried (the polyhedra are hulls, so a legal
    schedule's row may not). Raises SamplingError for a schedule that is not
    one affine function per statement and dimension (a tiled one)."""
    layout = space.space
    maps: list[isl.Map] = []
    schedule.get_map().foreach_map(maps.append)
    functions: dict[str, list[list[Fraction]]] = {}
    for relation in maps:
        name = relation.get_tuple_name(isl.dim_type.in_)
        if name not in layout.depths:
            continue
        functions[name] = _affine_rows(relation, layout.depths[name], layout.parameters)
    depth = max((len(f) for f in functions.values()), default=0)
    rows: list[Row] = []
    for k in range(depth):
        values = [Fraction(0)] * layout.dimension
        for name, function in functions.items():
            if k >= len(function):
                continue
            coefficients = function[k]
            n = layout.depths[name]
            start = layout.iterator_offsets[name]
            values[start:start + n] = coefficients[:n]
            start = layout.parameter_offsets[name]
            values[start:start + len(layout.parameters)] = coefficients[n:-1]
            values[layout.constant_offsets[name]] = coefficients[-1]
        if any(values):
            rows.append(Row(integer_row(values), None, None, "seed"))
    walk = _walk(space, rows)
    legal = len(rows) if walk.illegal is None else walk.illegal
    rows = [Row(row.values, Region(walk.before[d], walk.carried[d]) if d < legal else None, None, "seed")
            for d, row in enumerate(rows)]
    result = Sample(rows + space.completion(rows))
    tree = matrix_to_tree(space.scop, space.space, result.matrix(), space.dependences.all)
    if not is_legal(tree, space.dependences.all):
        # a schedule legal only with the region's scalars private to each iteration
        # (isl's, scheduled with them expanded), or one whose statements' completion
        # to full rank reorders what it left equal: not a seed of this space
        raise SamplingError("the schedule's matrix is not legal with every dependence of "
                            "the search's space")
    return result


def _affine_rows(relation: isl.Map, depth: int, parameters: list[str]) -> list[list[Fraction]]:
    """Per output dimension: iterator, parameter (in `parameters` order) and constant
    coefficients of the map's one affine function."""
    try:
        function = isl.PwMultiAff.from_map(relation)
    except isl.Error as error:
        raise SamplingError(f"schedule is not a function: {error}") from error
    result = []
    for k in range(relation.dim(isl.dim_type.out)):
        pieces: list[isl.Aff] = []
        function.get_pw_aff(k).foreach_piece(lambda _, aff: pieces.append(aff))
        if not pieces:
            raise SamplingError("schedule dimension without a value")
        aff = pieces[0]
        if any(not piece.plain_is_equal(aff) for piece in pieces[1:]):
            raise SamplingError("piecewise schedule dimension")
        if any(not aff.get_coefficient_val(isl.dim_type.div, j).is_zero()
               for j in range(aff.dim(isl.dim_type.div))):
            raise SamplingError("quasi-affine schedule dimension (tiled?)")
        row = [_fraction(aff.get_coefficient_val(isl.dim_type.in_, j)) for j in range(depth)]
        names = {aff.get_dim_name(isl.dim_type.param, j): j for j in range(aff.dim(isl.dim_type.param))}
        row += [_fraction(aff.get_coefficient_val(isl.dim_type.param, names[p]))
                if p in names else Fraction(0) for p in parameters]
        row.append(_fraction(aff.get_constant_val()))
        result.append(row)
    return result


def _fraction(value: isl.Val) -> Fraction:
    return Fraction(value.to_str())
