"""Time tiling of stencils: detection from the model, and tiled schedule trees.

A stencil, for this module, is a SCoP whose statements all sit in one outer
loop `t` (the time loop: the first iterator of every statement and the first
dimension of the original schedule), and whose dependences, seen in the
*time-step space*, have bounded distances in the space dimensions.

The time-step space (Grosser's thesis, §1.1 and §5.3, and Pluto's view of
Jacobi-like codes): the m statements of the time loop's body, in their order,
are m sub-steps of one time step, so statement k at time t is at virtual time
``tau = m*t + k``; its other iterators are its space coordinates, right-aligned
with those of the deepest statement (missing leading ones are 0). The
dependence distances there (``deltas``) decide everything:

* slopes: for each space dimension s, the smallest integers delta0, delta1 >= 0
  with ``d_s + delta0 * d_tau >= 0`` and ``delta1 * d_tau - d_s >= 0`` for every
  distance with ``d_tau >= 1`` (the dependence cone, in sub-steps);
* skews: each space dimension, in order, plus the smallest non-negative
  multiples of the dimensions before it (time first) that make every distance
  non-negative in it: then the band ``(tau, s1', ..., sn')`` is permutable
  (Seidel-like in-place updates need skews between space dimensions too).

Back in the statements' own iterators (``tau = m*t + k``), the band
``(t, s1', ..., sn')`` with the statements in sequence below it is permutable
(and legal): each statement is shifted in space by its sub-step.

Three tilings, each an isl schedule tree whose outer band holds the tile loops
(for the first two, as a wavefront: first tile loop plus second, the second
parallel: the tiles of one wavefront run concurrently) and whose inner band
holds the point loops ``(t, s1', ..., s(n-1)')`` (the time loop outermost in a tile), then the
statements in sequence, each with its own innermost loop ``sn'`` (stride 1, no
guards between statements: vectorizable):

* diamond tiles (Pluto's, with concurrent start): the first space dimension is
  tiled along the two faces of the dependence cone, ``h1 = delta0*tau + s1`` and
  ``h2 = delta1*tau - s1``, the other dimensions as parallelograms (``sk'``).
  Legal when no dependence within one sub-step moves along s1 (not Seidel);
  the first wavefront holds a whole row of tiles, so all threads start at once.
* parallelogram tiles: ``(t, s1', ..., sn')`` tiled as a box; the wavefront
  starts with one tile (pipelined start-up), but it is legal for every stencil
  found here, Seidel-like ones included.
* hybrid hexagonal/parallelogram tiles (Grosser's thesis §5.2, --time-tile-shape
  hexagonal): the tile band is (T, p, S0, S2, ..., Sn): time tile, phase (0
  before 1), the hexagon along s1 (parallel: the hexagons of one phase are
  independent, no pipelined start), then parallelogram tiles of the others;
  same legality condition as diamonds. Two parallel regions per time tile.

Every tree is checked against the exact dependences here (and again by the
pipeline, as the point loops' legality plus the tiles' order: see
``tiles_in_order``); the parallel loops are proven on isl's AST build, as for
every schedule (the read-back check of codegen.verify is skipped: it runs out of
its budget on time tiles without a verdict). Integer slopes only (Grosser's rational slopes would give narrower
cones for some stencils).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

import islpy as isl

from polyopt.core.scop import Scop
from polyopt.scheduler.bands import is_legal

MAX_FACTOR = 4          # largest skew factor or slope tried
DIAMOND, PARALLELOGRAM, HEXAGONAL, AUTO = "diamond", "parallelogram", "hexagonal", "auto"
SHAPES = (AUTO, DIAMOND, PARALLELOGRAM, HEXAGONAL)

# Default tile sizes [T, S1, ..., Sn] by the number of space dimensions:
# T time steps (parallelogram), S1 the diamond's width (both faces) or the
# parallelogram's along s1, then the others (the last one innermost, stride 1).
DEFAULT_SIZES = {1: [32, 64], 2: [16, 32, 64], 3: [8, 16, 16, 64]}


@dataclass
class Stencil:
    """A time-iterated stencil found in a SCoP (see the module)."""

    statements: list[str]            # in their order within one time step
    depths: dict[str, int]           # space iterators of each statement
    space_dims: int                  # n
    slopes: list[tuple[int, int]]    # (delta0, delta1) per space dimension, in sub-steps
    skews: list[list[int]]           # row k: x'_k = x_k + sum_l skews[k][l] * x'_l (l < k)
    distances: isl.Set = field(repr=False)   # dependence distances in (tau, s1, ..., sn)

    @property
    def steps(self) -> int:
        """m: the statements of one time step."""
        return len(self.statements)

    def transform(self) -> list[list[int]]:
        """The lower-triangular matrix L with x' = L x, x = (tau, s1, ..., sn)."""
        n = self.space_dims + 1
        rows = [[1 if c == 0 else 0 for c in range(n)]]
        for k in range(1, n):
            row = [1 if c == k else 0 for c in range(n)]
            for l, factor in enumerate(self.skews[k]):
                row = [a + factor * b for a, b in zip(row, rows[l])]
            rows.append(row)
        return rows

    @property
    def diamond_legal(self) -> bool:
        """True if the faces h1, h2 of the first space dimension are non-negative on
        every distance (no dependence within one sub-step moves along s1)."""
        delta0, delta1 = self.slopes[0]
        return (_nonnegative(self.distances, [delta0, 1] + [0] * (self.space_dims - 1))
                and _nonnegative(self.distances, [delta1, -1] + [0] * (self.space_dims - 1)))


def _nonnegative(distances: isl.Set, coefficients: list[int]) -> bool:
    """True if sum(c_k * d_k) >= 0 on every distance."""
    space = distances.get_space()
    local = isl.LocalSpace.from_space(space)
    expression = isl.Aff.zero_on_domain(local)
    for k, c in enumerate(coefficients):
        if c:
            expression = expression.add(isl.Aff.var_on_domain(local, isl.dim_type.set, k)
                                        .scale_val(isl.Val.int_from_si(space.get_ctx(), c)))
    return distances.is_subset(expression.ge_set(isl.Aff.zero_on_domain(local)))


def _statement_maps(union: isl.UnionMap) -> dict[str, isl.Map]:
    maps: list[isl.Map] = []
    union.foreach_map(maps.append)
    return {m.get_tuple_name(isl.dim_type.in_): m for m in maps}


def _time_loop_outermost(scop: Scop) -> bool:
    """True if the first dimension of the original schedule is the first iterator
    of every statement: one loop around all of them."""
    for name, relation in _statement_maps(scop.schedule.get_map()).items():
        if relation.dim(isl.dim_type.in_) < 1 or relation.dim(isl.dim_type.out) < 1:
            return False
        first = relation.project_out(isl.dim_type.out, 1, relation.dim(isl.dim_type.out) - 1)
        if not first.equate(isl.dim_type.in_, 0, isl.dim_type.out, 0).is_equal(first):
            return False
    return True


def _affine(coefficients: list[int], names: list[str], constant: int = 0) -> str:
    terms = [f"{c}*{name}" for c, name in zip(coefficients, names) if c]
    return " + ".join(terms + [str(constant)])


def _parameters(scop: Scop) -> str:
    return ", ".join(scop.parameters)


def _virtual_time_map(scop: Scop, order: list[str], depths: dict[str, int], n: int) -> isl.UnionMap:
    """Statement k: S[t, i1..id] -> [m*t + k, 0.., i1, ..., id] (right-aligned)."""
    m = len(order)
    pieces = []
    for k, name in enumerate(order):
        d = depths[name]
        iterators = [f"i{p}" for p in range(d + 1)]
        space = ["0"] * (n - d) + iterators[1:]
        pieces.append(f"{name}[{', '.join(iterators)}] -> [{m}*i0 + {k}, {', '.join(space)}]")
    return isl.UnionMap(f"[{_parameters(scop)}] -> {{ " + "; ".join(pieces) + " }")


def _smallest_factor(distances: isl.Set, coefficients) -> int | None:
    for factor in range(MAX_FACTOR + 1):
        if _nonnegative(distances, coefficients(factor)):
            return factor
    return None


def detect_stencil(scop: Scop, dependences: isl.UnionMap) -> tuple[Stencil | None, str]:
    """The stencil of the SCoP, or None and why it is not one."""
    if not _time_loop_outermost(scop):
        return None, "no outer loop around all statements"
    order = [s.name for s in scop.statements]
    depths = {s.name: s.domain.dim(isl.dim_type.set) - 1 for s in scop.statements}
    n = max(depths.values())
    if n < 1:
        return None, "no space loop inside the time loop"
    if dependences.is_empty():
        return None, "no dependences"
    virtual = _virtual_time_map(scop, order, depths, n)
    deltas = dependences.apply_domain(virtual).apply_range(virtual).deltas()
    distances = isl.Set.from_union_set(deltas)
    distances = distances.project_out(isl.dim_type.param, 0, distances.dim(isl.dim_type.param))
    if not _nonnegative(distances, [1] + [0] * n):
        return None, "a dependence goes backwards in the time steps"
    carried = distances.lower_bound_val(isl.dim_type.set, 0, isl.Val.one(distances.get_ctx()))
    if carried.is_empty():
        return None, "the outer loop carries no dependence"
    for k in range(1, n + 1):
        low, high = distances.dim_min_val(k), distances.dim_max_val(k)
        if not (low.is_int() and high.is_int()):
            return None, f"dependence distances unbounded in space dimension {k}"
    slopes = []
    for k in range(1, n + 1):
        def face(sign):
            return lambda f: [f] + [sign if c == k else 0 for c in range(1, n + 1)]
        delta0, delta1 = _smallest_factor(carried, face(1)), _smallest_factor(carried, face(-1))
        if delta0 is None or delta1 is None:
            return None, f"dependence slopes above {MAX_FACTOR} in space dimension {k}"
        slopes.append((delta0, delta1))
    skews = _skews(distances, n)
    if skews is None:
        return None, "no small skew makes the time and space loops permutable"
    return Stencil(order, depths, n, slopes, skews, distances), "stencil"


def steps_depend(scop: Scop, dependences: isl.UnionMap) -> bool:
    """True if a time step depends on an earlier one (a dependence between different
    values of the outer loop), as in every iterated stencil; not where the outer loop
    only orders the statements of one step (a matrix-vector product's rows, which
    detect_stencil also accepts). Searches offer time tiles only then."""
    if not _time_loop_outermost(scop):
        return False
    first = isl.UnionMap.empty(dependences.get_space())
    for name, relation in _statement_maps(scop.schedule.get_map()).items():
        n = relation.dim(isl.dim_type.in_)
        step = isl.Map(f"{{ {name}[{', '.join(f'i{p}' for p in range(n))}] -> [i0] }}")
        first = first.union(isl.UnionMap.from_map(step))
    steps = dependences.apply_domain(first).apply_range(first).deltas()
    return not steps.is_empty() and not isl.Set.from_union_set(steps).lower_bound_val(
        isl.dim_type.set, 0, isl.Val.one(dependences.get_ctx())).is_empty()


def _skews(distances: isl.Set, n: int) -> list[list[int]] | None:
    """Per space dimension, the smallest factors (fewest, then smallest total, time
    first) of the transformed dimensions before it that make it non-negative."""
    rows = [[1] + [0] * n]
    skews: list[list[int]] = [[]]
    for k in range(1, n + 1):
        candidates = sorted(itertools.product(range(MAX_FACTOR + 1), repeat=k),
                            key=lambda f: (sum(1 for x in f if x), sum(f), [-x for x in f]))
        for factors in candidates:
            row = [1 if c == k else 0 for c in range(n + 1)]
            for l, factor in enumerate(factors):
                row = [a + factor * b for a, b in zip(row, rows[l])]
            if _nonnegative(distances, row):
                rows.append(row)
                skews.append(list(factors))
                break
        else:
            return None
    return skews


@dataclass
class TimeTiling:
    """A time-tiled schedule tree and what it is."""

    schedule: isl.Schedule            # tile band (wavefront) -> point band -> statements
    untiled: isl.Schedule             # the point loops alone (the skewed time steps)
    shape: str                        # DIAMOND, PARALLELOGRAM or HEXAGONAL
    sizes: list[int]                  # tile sizes (hexagonal: period in sub-steps, width)
    stencil: Stencil
    tile_band: isl.MultiUnionPwAff = field(repr=False, default=None)
    members: "_Members" = field(repr=False, default=None)
    requested: list[int] = field(default_factory=list)   # [T, S1, ..., Sn] asked for

    @property
    def gene(self) -> tuple[str, tuple[int, ...]]:
        """(shape, requested sizes): what makes these tiles again (time_tile)."""
        return self.shape, tuple(self.requested)

    def is_legal(self, dependences: isl.UnionMap) -> bool:
        """The point loops legal, and no dependence from a later tile to an earlier
        one: the legality of the whole tree, checked faster (see tiles_in_order)."""
        return is_legal(self.untiled, dependences) and tiles_in_order(self.tile_band,
                                                                        dependences)

    def for_blocks(self, mark: str) -> tuple[isl.Schedule, isl.Schedule]:
        """The same tiles for a GPU, one tile per block (codegen.gpu): inside a tile,
        the time steps; in each, the statements in sequence, each with all its space
        loops (s1', ..., sn') below a mark named `mark` + its position, where a block's
        threads share the points of one step. (The tree, the tree without its tile
        band.) Legal where `is_legal` holds and no statement's instances depend on
        each other within one time step (codegen.gpu checks it: its space members
        must be coincident)."""
        members = self.members
        steps = _statements_in_sequence(members.scop, self.stencil.statements, members,
                                        first=1, mark=mark)
        untiled = steps.insert_partial_schedule(members.band(lambda each: members.point(each)[:1]))
        return untiled.insert_partial_schedule(self.tile_band), untiled

    @property
    def description(self) -> str:
        slopes = ", ".join(f"{a}/{b}" for a, b in self.stencil.slopes)
        parallel = ("two phases of parallel hexagons per time tile" if self.shape == HEXAGONAL
                    else "wavefronts of tiles in parallel")
        return (f"time-tiled stencil ({self.shape} tiles, {parallel}; slopes {slopes} per "
                f"sub-step, {self.stencil.steps} statement(s) per time step)")


def default_sizes(n: int) -> list[int]:
    return list(DEFAULT_SIZES.get(n, DEFAULT_SIZES[3][:1] + [16] * (n - 1) + [64]))


def _sizes(given: list[int] | None, n: int) -> list[int]:
    """[T, S1, ..., Sn] from the user's list (last entry repeated) or the defaults."""
    if not given:
        return default_sizes(n)
    return [given[min(k, len(given) - 1)] for k in range(n + 1)]


@dataclass
class _StepRow:
    """An affine function of one time step's statements: time * t + the space
    coordinates (padded) weighted by `space` + a shift of each statement."""

    time: int
    space: list[int]
    shifts: list[int]

    def plus(self, other: "_StepRow", factor: int = 1) -> "_StepRow":
        return _StepRow(self.time + factor * other.time,
                        [a + factor * b for a, b in zip(self.space, other.space)],
                        [a + factor * b for a, b in zip(self.shifts, other.shifts)])


class _Members:
    """Band members as isl text, per statement, in the statements' own iterators.

    The skews and diamond faces of the time-step space (integer slopes per
    sub-step) are refined here in whole time steps: a row ``a*t + s + c_S`` with a
    shift c_S of each statement (0 <= c_S <= a) and the smallest slope a that keeps
    every dependence distance non-negative, where it is below the sub-step form's
    ``m*delta`` (an FDTD-like step of 4 statements then skews by 1 per step, not 4)."""

    def __init__(self, scop: Scop, stencil: Stencil, dependences: isl.UnionMap | None = None):
        self.scop, self.stencil = scop, stencil
        self.rows = stencil.transform()
        self.dependences = dependences
        m = stencil.steps
        self.step_rows = [_StepRow(m * row[0], row[1:], [k * row[0] for k in range(m)])
                          for row in self.rows]
        if dependences is not None:
            for k in range(1, stencil.space_dims + 1):
                base = _StepRow(0, [1 if c == k else 0 for c in range(1, stencil.space_dims + 1)],
                                [0] * m)
                for l, factor in enumerate(stencil.skews[k][1:], start=1):
                    base = base.plus(self.step_rows[l], factor)
                found = self._smallest_time_part(base, self.step_rows[k])
                if found is not None:
                    self.step_rows[k] = found

    def _smallest_time_part(self, base: _StepRow, fallback: _StepRow) -> _StepRow | None:
        """base + a*t + shifts, non-negative on every dependence, with a below the
        fallback's time coefficient beyond what base has; None if none is found."""
        m = self.stencil.steps
        for a in range(0, fallback.time - base.time):
            for shifts in sorted(itertools.product(range(a + 1), repeat=m - 1), key=sum):
                row = base.plus(_StepRow(a, [0] * len(base.space), [0, *shifts]))
                if self._nonnegative(row):
                    return row
        return None

    def _nonnegative(self, row: _StepRow) -> bool:
        member = isl.UnionMap.from_multi_union_pw_aff(
            self.band(lambda name: [self.step_expression(name, row)]))
        distances = self.dependences.apply_domain(member).apply_range(member).deltas()
        if distances.is_empty():
            return True
        distances = isl.Set.from_union_set(distances)
        return distances.is_subset(distances.lower_bound_val(isl.dim_type.set, 0,
                                                             isl.Val.zero(distances.get_ctx())))

    def step_expression(self, name: str, row: _StepRow) -> str:
        stencil = self.stencil
        k, d, n = stencil.statements.index(name), stencil.depths[name], stencil.space_dims
        terms = [row.time] + row.space[n - d:]
        return _affine(terms, [f"i{p}" for p in range(d + 1)], row.shifts[k])

    @functools.cached_property
    def faces(self) -> tuple[_StepRow, _StepRow]:
        return self.face(1), self.face(-1)

    def face(self, sign: int) -> _StepRow:
        """The diamond face delta*tau + sign*s1, refined in whole steps (see the class)."""
        stencil, m, n = self.stencil, self.stencil.steps, self.stencil.space_dims
        delta = stencil.slopes[0][0 if sign > 0 else 1]
        fallback = _StepRow(m * delta, [sign] + [0] * (n - 1), [k * delta for k in range(m)])
        if self.dependences is None:
            return fallback
        base = _StepRow(0, [sign] + [0] * (n - 1), [0] * m)
        return self._smallest_time_part(base, fallback) or fallback

    def expression(self, name: str, coefficients: list[int]) -> str:
        """sum_c coefficients[c] * x_c for statement `name`, x = (tau, s1..sn), as text
        in its iterators i0 (= t), i1, ..., id; tau = m*i0 + k."""
        stencil = self.stencil
        k, d, n = stencil.statements.index(name), stencil.depths[name], stencil.space_dims
        terms = [stencil.steps * coefficients[0]] + coefficients[n - d + 1:]
        return _affine(terms, [f"i{p}" for p in range(d + 1)], k * coefficients[0])

    def band(self, members, statements: list[str] | None = None) -> isl.MultiUnionPwAff:
        """The band of `statements` (all by default); members(name) gives each
        statement's member texts."""
        per_statement = {name: members(name) for name in statements or self.stencil.statements}
        count = len(next(iter(per_statement.values())))
        parts = []
        for member in range(count):
            pieces = []
            for name, expressions in per_statement.items():
                d = self.stencil.depths[name]
                iterators = ", ".join(f"i{p}" for p in range(d + 1))
                pieces.append(f"{name}[{iterators}] -> [({expressions[member]})]")
            parts.append("{ " + "; ".join(pieces) + " }")
        return isl.MultiUnionPwAff(f"[{_parameters(self.scop)}] -> [" + ", ".join(parts) + "]")

    def point(self, name: str) -> list[str]:
        """(t, s1', ..., sn'): time outermost, then the skewed space coordinates."""
        return ["i0"] + [self.step_expression(name, row) for row in self.step_rows[1:]]


def time_tile_or_why(scop: Scop, dependences: isl.UnionMap, sizes: list[int] | None = None,
                     shape: str = AUTO) -> tuple[TimeTiling | None, str]:
    """``time_tile``, with an error isl raises on the way as the reason there is none."""
    try:
        return time_tile(scop, dependences, sizes, shape)
    except isl.Error as error:
        return None, f"isl: {error}".splitlines()[0]


def time_tile(scop: Scop, dependences: isl.UnionMap, sizes: list[int] | None = None,
              shape: str = AUTO) -> tuple[TimeTiling | None, str]:
    """The time-tiled schedule of a stencil SCoP, or None and why not."""
    stencil, why = detect_stencil(scop, dependences)
    if stencil is None:
        return None, why
    n = stencil.space_dims
    sizes = _sizes(sizes, n)
    members = _Members(scop, stencil, dependences)
    # the statements in sequence inside the outer point loops, each with its own
    # innermost loop (stride 1, no guards: vectorizable)
    leaf = _statements_in_sequence(scop, stencil.statements, members)
    point_band = members.band(lambda name: members.point(name)[:-1])
    untiled = leaf.insert_partial_schedule(point_band)
    untiled = _mark(untiled, coincident=None)
    if not is_legal(untiled, dependences):
        return None, "the skewed time-step band is not legal (statements of one step interleave)"
    shapes = [DIAMOND, PARALLELOGRAM] if shape == AUTO else [shape]
    reasons = []
    for each in shapes:
        if each in (DIAMOND, HEXAGONAL) and not stencil.diamond_legal:
            reasons.append(f"{each} tiles: a dependence within one time step moves along "
                           "the first space dimension")
            continue
        if each == HEXAGONAL:
            tile_band, tile_sizes = _hexagonal_band(scop, members, sizes)
            if tile_band is None:
                reasons.append("hexagonal tiles do not cover the domain once (internal error)")
                continue
            schedule = _mark(untiled.insert_partial_schedule(tile_band), coincident=2,
                             permutable=False)
        else:
            tile_sizes = _tile_sizes(each, sizes, n)
            tile_band = members.band(lambda name: _tile_members(members, name, each, tile_sizes))
            schedule = _mark(untiled.insert_partial_schedule(tile_band), coincident=1)
        if tiles_in_order(tile_band, dependences):
            return (TimeTiling(schedule, untiled, each, tile_sizes, stencil, tile_band, members,
                               list(sizes)), "time-tiled")
        reasons.append(f"{each} tiles are not legal")
    return None, "; ".join(reasons)


def tiles_in_order(tile_band: isl.MultiUnionPwAff, dependences: isl.UnionMap) -> bool:
    """True if no dependence goes from a later tile to an earlier one. With the point
    loops below legal on their own (checked first), this is the legality of the whole
    tree, at a fraction of its cost on hexagons (fewer dimensions to compare)."""
    tiles = isl.UnionMap.from_multi_union_pw_aff(tile_band)
    steps = dependences.apply_domain(tiles).apply_range(tiles).deltas()
    if steps.is_empty():
        return True
    steps = isl.Set.from_union_set(steps)
    space = steps.get_space()
    forward = isl.Set.empty(space)
    for k in range(steps.dim(isl.dim_type.set) + 1):   # the first k equal, then one larger
        piece = isl.Set.universe(space)
        for j in range(min(k, steps.dim(isl.dim_type.set))):
            piece = piece.fix_val(isl.dim_type.set, j, isl.Val.zero(space.get_ctx()))
        if k < steps.dim(isl.dim_type.set):
            piece = piece.lower_bound_val(isl.dim_type.set, k, isl.Val.one(space.get_ctx()))
        forward = forward.union(piece)
    return steps.is_subset(forward)


def _tile_sizes(shape: str, sizes: list[int], n: int) -> list[int]:
    if shape == DIAMOND:
        return [sizes[1], sizes[1]] + sizes[2:]
    return list(sizes)


def _tile_members(members: _Members, name: str, shape: str, sizes: list[int]) -> list[str]:
    """The tile band's members of statement `name`: tile coordinates, the first plus
    the second as the wavefront."""
    points = members.point(name)
    if shape == DIAMOND:
        coordinates = [members.step_expression(name, members.faces[0]),
                       members.step_expression(name, members.faces[1])] + points[2:]
    else:
        coordinates = points
    tiles = [f"floor(({c})/{size})" for c, size in zip(coordinates, sizes)]
    return [f"{tiles[0]} + {tiles[1]}"] + tiles[1:]


def _hexagonal_band(scop: Scop, members: _Members, sizes: list[int]
                    ) -> tuple[isl.MultiUnionPwAff | None, list[int]]:
    """Grosser's hybrid tile band (thesis §5.2.1, eqs. 4-15 with integer slopes):
    (T, p, S0, S2, ..., Sn): time tile T, phase p (phase 0 before phase 1), the
    hexagon S0 along s1 (the tiles of one phase are independent), then
    parallelogram tiles of the skewed other dimensions. Hexagons are 2h+2 sub-steps
    high, h+1 = m * ceil(T/2) (every tile starts with the same statement: about T
    time steps per hexagon), at least w0+1 = S1 wide."""
    stencil = members.stencil
    m, n = stencil.steps, stencil.space_dims
    lower, upper = stencil.slopes[0]
    g0, g1 = upper, lower           # the thesis's delta0 (upper bound), delta1 (lower)
    h = m * max(1, (sizes[0] + 1) // 2) - 1
    w0 = max(sizes[1] - 1, max(g0, g1) - 1)      # the width condition (eq. 3)
    period, width, drift = 2 * h + 2, 2 * w0 + 2 + g0 * h + g1 * h, (g1 - g0) * h
    widths = sizes[2:]
    pieces = []
    for name in stencil.statements:
        d = stencil.depths[name]
        iterators = ", ".join(f"i{p}" for p in range(d + 1))
        tau = members.expression(name, [1] + [0] * n)
        s0 = members.expression(name, [0, 1] + [0] * (n - 1))
        points = members.point(name)
        # names of their own (a parameter may be called T): C reserves leading "__"
        rest = [f"__R{k} = floor(({points[k]})/{w})" for k, w in zip(range(2, n + 1), widths)]
        outputs = ", ".join(["__T", "__p", "__S"] + [f"__R{k}" for k in range(2, n + 1)])
        for phase, (time, space) in enumerate([(f"{tau} + {h + 1}", f"{s0} + {g1 * h + w0 + 1}"),
                                               (tau, s0)]):
            constraints = [
                f"__p = {phase}", f"__T = floor(({time})/{period})",
                f"__a = ({time}) - {period}*__T",
                f"__S = floor(({space} + {drift}*__T)/{width})",
                f"__b = ({space} + {drift}*__T) - {width}*__S",
                f"{g0}*__a - __b <= {(2 * h + 1) * g0 - g0 * h}",                   # (8)
                f"{g1}*__a + __b <= {(2 * h + 1) * g1 + g0 * h + w0}",              # (10)
                f"{g1}*__a + __b >= {h * g1}",                                      # (12)
                f"{g0}*__a - __b >= {-w0 - g1 * h}",                                # (14)
            ] + rest
            pieces.append(f"{name}[{iterators}] -> [{outputs}] : exists (__a, __b : "
                          + " and ".join(constraints) + ")")
    relation = isl.UnionMap(f"[{_parameters(scop)}] -> {{ " + "; ".join(pieces) + " }")
    domain = scop.domain()
    relation = relation.intersect_domain(domain)
    if not (relation.domain().is_equal(domain) and relation.is_single_valued()):
        return None, []
    band = isl.MultiUnionPwAff.from_union_map(relation)
    return band, [period, width] + widths


def _statements_in_sequence(scop: Scop, order: list[str], members: _Members,
                            first: int = -1, mark: str | None = None) -> isl.Schedule:
    """The statements in `order`, in sequence, each with a band of its point members
    from `first` on (the innermost alone by default), below a mark named `mark` + its
    position where `mark` is given."""
    schedules = []
    for k, name in enumerate(order):
        schedule = (isl.Schedule.from_domain(isl.UnionSet.from_set(scop.statement(name).domain))
                    .insert_partial_schedule(members.band(lambda each: members.point(each)[first:],
                                                          [name])))
        if mark is not None:
            schedule = schedule.get_root().child(0).insert_mark(
                isl.Id.read_from_str(schedule.get_ctx(), f"{mark}{k}")).get_schedule()
        schedules.append(schedule)
    return functools.reduce(lambda before, after: before.sequence(after), schedules)


def _mark(schedule: isl.Schedule, coincident: int | None, permutable: bool = True) -> isl.Schedule:
    """The outermost band permutable (unless not `permutable`); with `coincident`,
    that member coincident (the parallel tile loop) and the point band permutable."""
    node = schedule.get_root().child(0)
    if node.band_n_member() > 1 and permutable:
        node = node.band_set_permutable(1)
    if coincident is not None:
        node = node.band_member_set_coincident(coincident, 1)
        point = node.child(0)
        if point.band_n_member() > 1:
            node = point.band_set_permutable(1).parent()
    return node.get_schedule()
