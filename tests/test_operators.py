"""The genetic operators on schedule matrices, as properties.

Every child is checked here again, independently of the operators' own
bookkeeping: its tree is legal by isl against the exact dependences, covers
the whole domain, orders each statement's instances injectively, and each
statement has as many independent iterator rows as loops. Parents are
sampled schedules, the original order and isl's schedule (as the GA seeds its
population), and children of children.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from pathlib import Path

import islpy as isl
import pytest

from polyopt.core.dependences import compute_dependences
from polyopt.core.errors import CodegenError
from polyopt.frontend import extract_scops, read_source
from polyopt.pipeline import Options, render_within
from polyopt.polybench.suite import POLYBENCH_KERNELS
from polyopt.scheduler import ScheduleResult
from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.generators import IN_PROCESS_DIMENSION, combine
from polyopt.scheduler.identity import IdentityScheduler
from polyopt.scheduler.isl_scheduler import IslScheduler
from polyopt.scheduler.operators import (CROSSOVERS, MUTATIONS, WEIGHTS, _walk, crossover, individual_key,
                                         mutate, row_crossover, same_individual, sample_from_schedule)
from polyopt.scheduler.random_scheduler import draw_schedule
from polyopt.scheduler.sampler import IteratorBasis, Row, Sample, SamplingError, ScheduleSpace, integer_row
from polyopt.scheduler.tree import matrix_to_tree
from tests.conftest import compile_and_run, kernel_paths, needs_gcc
from tests.test_polybench_suite import SUITE

LARGE_SPACE = 100     # coefficients: such spaces take seconds per sample (slow run only)
PROBABILITIES = (0.0, 0.1, 0.5, 1.0)   # 0: still one row (the GA's floor)


@functools.lru_cache(maxsize=None)
def _space(path: Path) -> ScheduleSpace:
    scops = extract_scops(read_source(str(path))).scops
    return ScheduleSpace(scops[0], compute_dependences(scops[0]))


def _check(space: ScheduleSpace, sample: Sample) -> isl.Schedule:
    """The child's tree, after checking it is a legal, complete schedule."""
    layout = space.space
    for statement in layout.statements:
        basis = IteratorBasis(layout.depths[statement])
        for values in sample.matrix():
            basis.add(layout.iterators(values, statement))
        assert basis.full, f"{statement} is not complete in {sample.matrix()}"
    tree = matrix_to_tree(space.scop, layout, sample.matrix(), space.dependences.all)
    assert is_legal(tree, space.dependences.all), f"illegal child {sample.matrix()}:\n{tree}"
    assert tree.get_domain().is_equal(space.scop.domain())
    schedule = tree.get_map()
    for statement in space.scop.statements:
        single = schedule.intersect_domain(isl.UnionSet.from_set(statement.domain))
        assert single.is_injective(), f"{statement.name} not ordered by {tree}"
    return tree


def _seeds(path: Path) -> list[Sample]:
    """The original order and isl's schedule as samples."""
    space = _space(path)
    return [sample_from_schedule(space, schedule) for schedule in _schedules(path)]


@functools.lru_cache(maxsize=None)
def _schedules(path: Path) -> tuple[isl.Schedule, isl.Schedule]:
    """The original order and isl's schedule (isl's takes seconds on some kernels)."""
    space = _space(path)
    scop, dependences = space.scop, space.dependences
    return (IdentityScheduler().schedule(scop, dependences).schedule,
            IslScheduler().schedule(scop, dependences).schedule)


def _exercise(path: Path, seeds: int) -> dict[str, int]:
    """Every operator on sampled, seeded and bred parents; children checked; the
    number of children per operator."""
    space = _space(path)
    made = {operator: 0 for operator in MUTATIONS + CROSSOVERS}
    population = _seeds(path)
    for seed in range(seeds):
        rng = random.Random(seed)
        parents = [draw_schedule(space, rng)[0], draw_schedule(space, rng)[0], rng.choice(population)]
        for operator in MUTATIONS:
            parent = rng.choice(parents)
            try:
                child = mutate(space, parent, operator, rng, rng.choice(PROBABILITIES))
            except SamplingError:
                continue
            _check(space, child)
            assert child.matrix() != parent.matrix()
            made[operator] += 1
            population.append(child)
        for operator in CROSSOVERS:
            first, second = rng.sample(parents + population[-4:], 2)
            try:
                children = crossover(space, first, second, operator, rng)
            except SamplingError:
                continue
            assert 1 <= len(children) <= 3
            for child in children:
                _check(space, child)
                assert child.matrix() not in (first.matrix(), second.matrix())
            made[operator] += 1
            population.extend(children)
    return made


KERNELS = kernel_paths()
POLYBENCH = [SUITE / "kernels" / f"{k}.c" for k in sorted(POLYBENCH_KERNELS)]


# minmax_bounds, heat3d_like and guards (7-10 s on a slower machine) run with `make test-slow`
@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow)
                                  if p.stem in ("minmax_bounds", "heat3d_like", "guards") else p
                                  for p in KERNELS],
                         ids=lambda p: p.stem)
def test_every_operator_yields_legal_complete_schedules(path):
    space = _space(path)
    # a new region costs a generator computation, in a forked process from
    # IN_PROCESS_DIMENSION coefficients on: those spaces get fewer seeds here
    made = _exercise(path, seeds=5 if space.space.dimension < IN_PROCESS_DIMENSION else 2)
    if space.polyhedra:
        # each mutation changes some row of every parent in some way
        assert all(made[operator] for operator in MUTATIONS), made


@pytest.mark.slow
@pytest.mark.parametrize("path", KERNELS + POLYBENCH, ids=lambda p: p.stem)
def test_operators_on_many_seeds(path):
    space = _space(path)
    made = _exercise(path, seeds=10 if space.space.dimension <= LARGE_SPACE else 1)
    assert sum(made.values()) > 0, made


STRUCTURED = [Path(__file__).parent / "kernels" / f"{k}.c" for k in ("lu", "seidel2d", "jacobi2d", "cholesky_like")]


def _carried_prefixes(space: ScheduleSpace, sample: Sample) -> list[frozenset[int]]:
    """C^{1..d}: the polyhedra the first d rows carry, for d = 0, 1, ..."""
    everything = frozenset(range(len(space.polyhedra)))
    return [everything - uncarried for uncarried in _walk(space, sample.rows).before]


@pytest.mark.parametrize("path", STRUCTURED, ids=lambda p: p.stem)
def test_mutations_keep_what_the_thesis_keeps(path):
    """Dimension replacement carries at every depth at least what the parent
    carried there (Thm 6.2.1); prefix replacement keeps the parent's rows after the
    prefix, suffix replacement those before the suffix (one row replaced at p = 0,
    more only where the parent's first rows leave only its last row possible)."""
    space = _space(path)
    rng = random.Random(17)
    longest = -1
    for _ in range(5):
        parent = draw_schedule(space, rng)[0]
        n = len(parent.rows)
        child = mutate(space, parent, "replace-dimension", rng, 0.5)
        before, after = _carried_prefixes(space, parent), _carried_prefixes(space, child)
        assert all(before[d] <= after[d] for d in range(min(len(before), len(after))))
        child = mutate(space, parent, "replace-prefix", rng, 0.0)
        rows = child.matrix()
        start = next(k for k in range(1, len(rows) + 1) if rows[k:k + n - 1] == parent.matrix()[1:])
        assert _carried_prefixes(space, child)[start] >= _carried_prefixes(space, parent)[1]
        child = mutate(space, parent, "replace-suffix", rng, 0.0)
        kept = next(k for k in range(n, -1, -1) if child.matrix()[:k] == parent.matrix()[:k])
        assert kept >= min(1, n - 1)
        longest = max(longest, kept - (n - 1))
    # at p = 0 one row is replaced, more only where one row cannot change
    assert longest == 0


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p.stem == "heat3d_like" else p
                                  for p in KERNELS], ids=lambda p: p.stem)
def test_row_crossover_can_rebuild_either_parent(path):
    space = _space(path)
    rng = random.Random(11)
    parents = [draw_schedule(space, rng)[0] for _ in range(4)] + _seeds(path)
    for first, second in zip(parents, parents[1:] + parents[:1]):
        assert [r.values for r in row_crossover(space, first, second, lambda d: (0, 1))] == first.matrix()
        assert [r.values for r in row_crossover(space, first, second, lambda d: (1, 0))] == second.matrix()


@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.stem)
def test_geometric_crossover_interpolates_the_parents(path):
    """Each child has a row that is a convex combination of the parents' rows at
    the same depth (scaled to integers), and differs from both parents."""
    space = _space(path)
    rng = random.Random(12)
    crossed = 0
    for _ in range(3):
        first, second = draw_schedule(space, rng)[0], draw_schedule(space, rng)[0]
        try:
            children = crossover(space, first, second, "geometric-crossover", rng)
        except SamplingError:
            continue
        crossed += 1
        for child in children:
            assert child.matrix() not in (first.matrix(), second.matrix())
            assert any(_between(row.values, first.matrix()[d], second.matrix()[d])
                       for d, row in enumerate(child.rows[:min(len(first.rows), len(second.rows))])
                       if row.how == "interpolated")
    if space.polyhedra:
        assert crossed


def _between(row, a, b) -> bool:
    return any(tuple(row) == integer_row([w * x + (1 - w) * y for x, y in zip(a, b)]) for w in WEIGHTS)


def test_coefficient_replacement_draws_rational_coefficients():
    """New generator coefficients have denominators up to 3, some above 1, and the
    row is the (integer-scaled) combination of its region's generators."""
    space = _space(SUITE / "kernels" / "gemm.c")
    rng = random.Random(13)
    denominators = set()
    for _ in range(20):
        parent = draw_schedule(space, rng)[0]
        child = mutate(space, parent, "replace-coefficients", rng, 1.0)
        for row in child.rows:
            if row.combination is None:
                continue
            generators = space.generators(row.region)
            assert row.values == integer_row(combine(generators, row.combination))
            coefficients = [c for _, c in row.combination.rays + row.combination.lines
                            + row.combination.vertices]
            denominators |= {Fraction(c).denominator for c in coefficients}
            assert all(Fraction(c) > 0 for _, c in row.combination.rays + row.combination.vertices)
    assert denominators <= {1, 2, 3} and denominators - {1}, denominators


@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.stem)
def test_seeds_keep_the_order_of_their_schedule(path):
    """The original order and isl's schedule as matrices: their trees order every
    pair of instances as the schedules do."""
    space = _space(path)
    for schedule in _schedules(path):
        sample = sample_from_schedule(space, schedule)
        assert all(row.how in ("seed", "completion") for row in sample.rows)
        domain = space.scop.domain()
        assert _order(_check(space, sample), domain).is_equal(_order(schedule, domain))


def _order(schedule: isl.Schedule, domain: isl.UnionSet) -> isl.UnionMap:
    """Pairs of instances, the first scheduled before the second."""
    flat = schedule.get_map().intersect_domain(domain)
    return flat.lex_lt_union_map(flat)


def test_a_tiled_schedule_is_no_seed():
    from polyopt.pipeline import tiled
    space = _space(SUITE / "kernels" / "gemm.c")
    schedule = IslScheduler().schedule(space.scop, space.dependences).schedule
    tiles = tiled(schedule, Options(), space.scop, space.dependences, wavefront=False)
    with pytest.raises(SamplingError):
        sample_from_schedule(space, tiles)


def test_same_individual_is_relation_one():
    """Same matrix and same generator combination in every row."""
    space = _space(SUITE / "kernels" / "gemm.c")
    rng = random.Random(14)
    sample = draw_schedule(space, rng)[0]
    copy = Sample([Row(r.values, r.region, r.combination, r.how) for r in sample.rows])
    assert same_individual(sample, copy) and individual_key(sample) == individual_key(copy)
    child = mutate(space, sample, "replace-dimension", rng, 0.5)
    assert not same_individual(sample, child)
    # the same matrix from another combination is another individual (relation 1,
    # not relation 2), and a row's matrix entries count
    k = next(k for k, r in enumerate(sample.rows) if r.combination is not None)
    row = sample.rows[k]
    other = Sample(list(sample.rows))
    other.rows[k] = Row(row.values, row.region, type(row.combination)(row.combination.vertex + 1), row.how)
    assert not same_individual(sample, other)
    moved = Sample(list(sample.rows))
    moved.rows[k] = Row(tuple(2 * v for v in row.values), row.region, row.combination, row.how)
    assert not same_individual(sample, moved)
    assert len({individual_key(s) for s in (sample, copy, child, other)}) == 3


def test_unknown_operators_are_refused():
    space = _space(SUITE / "kernels" / "gemm.c")
    sample = draw_schedule(space, random.Random(15))[0]
    with pytest.raises(ValueError, match="replace-dimension"):
        mutate(space, sample, "swap", random.Random(0), 0.1)
    with pytest.raises(ValueError, match="row-crossover"):
        crossover(space, sample, sample, "swap", random.Random(0))


CODEGEN_SECONDS = 20    # isl's code for some skewed, tiled schedules takes minutes


@needs_gcc
def test_bred_schedules_compute_what_the_original_computes(tmp_path):
    """A mutation's child of trisolv's original order and a crossover's child of that
    and isl's schedule, generated, compiled and run: the output is the original's.
    (Children whose code isl does not generate within the time box are bred again,
    as the search would skip them.)"""
    path = Path(__file__).parent / "kernels" / "trisolv.c"
    source = read_source(str(path))
    scops = extract_scops(source).scops
    space = _space(path)
    expected, _ = compile_and_run(path.read_text(), tmp_path, "original")
    original, isl_schedule = _seeds(path)
    rng = random.Random(16)

    def breed(operator: str):
        for _ in range(3):
            if operator in MUTATIONS:
                child = mutate(space, original, operator, rng, 0.5)
            else:
                child = crossover(space, original, isl_schedule, operator, rng)[0]
            tree = _check(space, child)
            choices = [ScheduleResult(tree, "bred")] + [None] * (len(scops) - 1)
            try:
                return child, tree, render_within(CODEGEN_SECONDS, source, scops, [], Options(), choices)
            except CodegenError:
                continue
        raise AssertionError(f"code generation keeps failing for {operator}")

    for number, operator in enumerate(("replace-prefix", "geometric-crossover")):
        child, tree, text = breed(operator)
        output, _ = compile_and_run(text, tmp_path, f"bred{number}")
        assert output == expected, f"{operator}: schedule {child.matrix()} changes the output:\n{tree}"


PRIVATE_ACCUMULATOR = """
#define NB 40
#define D 6
#define STEPS 3
double A[NB][D][D], g[NB][D], x[NB][D], y[NB][D];
void forecast(void)
{
  int s, b, i, j;
#pragma scop
  for (s = 0; s < STEPS; s++) {
    for (b = 0; b < NB; b++)
      for (i = 0; i < D; i++) {
        double acc = g[b][i];
        for (j = 0; j < D; j++)
          acc += A[b][i][j] * x[b][j];
        y[b][i] = acc;
      }
    for (b = 0; b < NB; b++)
      for (i = 0; i < D; i++)
        x[b][i] = y[b][i];
  }
#pragma endscop
}
"""


def test_a_schedule_legal_only_with_private_scalars_is_no_seed():
    """isl's schedule made with the block-local accumulator private to each iteration
    interleaves its values: with every dependence (the search's space) it is illegal,
    a seed the genetic search skips with a note, not an internal error."""
    from polyopt.frontend.source import SourceFile
    from polyopt.scheduler.privatize import relaxed_dependences
    source = SourceFile("forecast.c", PRIVATE_ACCUMULATOR)
    scop = extract_scops(source).scops[0]
    dependences = compute_dependences(scop)
    relaxed = relaxed_dependences(source, scop, dependences)
    schedule = IslScheduler().schedule(scop, relaxed).schedule
    assert not is_legal(schedule, dependences.all)
    with pytest.raises(SamplingError, match="not legal with every dependence"):
        sample_from_schedule(ScheduleSpace(scop, dependences), schedule)
