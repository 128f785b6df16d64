"""Polyite's genetic algorithm over legal schedules, fitness by benchmarking (GA_B;
Ganser's thesis, Alg 6.1 and §9.1.4), with tile sizes as genes.

An *individual* is one schedule matrix (a sampler ``Sample``) per SCoP, its
schedule tree, and its *tile genes*: per SCoP, one size per member of each
tilable band of the tree (``scheduler.tiling.tilable_bands``), drawn from
``TILE_SIZES`` (0: that member is not tiled). Its fitness is the time of its
first run; a candidate that fails (build error, crash, timeout, wrong output,
code generation) gets the worst, infinity.

* Generation 0: ``population`` individuals (30): the original order and isl's
  schedule as matrices (``seed:original``, ``seed:isl``, with the cache model's
  tile sizes), then random sparse samples with random tile genes.
* Each next generation keeps the fitter half (truncation selection: the best is
  never lost), adds ``IMMIGRANTS`` (2) fresh random individuals, and fills up
  with offspring of the kept half: mutation or crossover with probability 1/2
  each, the operator chosen uniformly (``scheduler.operators``). A mutation
  changes one SCoP's matrix and re-draws each tile gene with the annealed
  probability f(p, g) = p / sqrt(ln(g + e - 1)), p = 0.1, which the matrix
  operators also get as the share of rows to change (at least one row). A
  crossover crosses every SCoP's matrices (up to 3 children); each child takes
  the tile genes of one parent, chosen at random. Genes follow the bands by
  position where a child's tree has other bands; missing ones are drawn.
* Duplicates: a child equal to an individual already made (same matrices by
  ``operators.individual_key``, Ganser's relation 1, and same tile genes) is dropped; one
  whose schedule trees and tile genes were already benchmarked joins the
  population with that fitness and is not run again.
* The loop ends after ``generations`` generations, when the best time improved
  by less than ``IMPROVEMENT`` (2%) from each generation to the next over the
  last ``WINDOW`` (8) generations (the thesis's window criterion, §9.1.4), when
  ``budget`` schedules were benchmarked, or when no new individual can be made
  (``ATTEMPTS`` failures in a row, as Polyite's limit of 20).

The loop itself (``GeneticAlgorithm``) knows nothing of compilers: it hands
the individuals to benchmark to a callback. ``GeneticStrategy`` is the search
strategy that makes those candidates and evaluates them with the driver.
"""

from __future__ import annotations

import importlib
import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import islpy as isl

from polyopt.errors import PolyoptError
from polyopt.scheduler import ScheduleResult
from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.random_scheduler import draw_schedule
from polyopt.scheduler.sampler import Sample, SamplingError, ScheduleSpace
from polyopt.scheduler.tiling import model_band_sizes, tilable_bands
from polyopt.scheduler.tree import matrix_to_tree
from polyopt.search.driver import OK, Candidate, Search

POPULATION = 30
IMMIGRANTS = 2
GENERATIONS = 20
MUTATION_SHARE = 0.1          # p of the annealing: the share of rows (and tile genes) changed
WINDOW = 8                    # generations the termination window looks back
IMPROVEMENT = 0.02            # ... and the improvement per generation that keeps the loop going
ATTEMPTS = 20                 # failures in a row to make a new individual before giving up
TILE_SIZES = (0, 4, 8, 16, 32, 64, 128, 256)   # a tile gene: not tiled, or a power of two

WORST = math.inf

TileGenes = list[list[int]]   # one size per member of each tilable band of one SCoP


def operators_module():
    """``polyopt.scheduler.operators``: MUTATIONS, CROSSOVERS, mutate, crossover,
    sample_from_schedule (imported on first use)."""
    return importlib.import_module("polyopt.scheduler.operators")


def annealed_probability(generation: int, share: float = MUTATION_SHARE) -> float:
    """f(p, g) = p / sqrt(ln(g + e - 1)): p at generation 1, falling slowly after."""
    return share / math.sqrt(math.log(generation + math.e - 1))


def converged(bests: Sequence[float], window: int = WINDOW,
              improvement: float = IMPROVEMENT) -> bool:
    """True when, over the last `window` generations (bests[0] is the initial
    population's), the best time improved by less than `improvement` (a share)
    from each generation to the next."""
    if len(bests) <= window:
        return False
    recent = list(bests[-window - 1:])
    for before, after in zip(recent, recent[1:]):
        if after >= before:
            continue
        if math.isinf(before) or before - after >= improvement * before:
            return False
    return True


# -- tile genes -------------------------------------------------------------------
def draw_tiles(bands: list[int], rng: random.Random) -> TileGenes:
    """Random tile genes for bands of these member counts."""
    return [[rng.choice(TILE_SIZES) for _ in range(members)] for members in bands]


def inherit_tiles(parent: TileGenes, bands: list[int], rng: random.Random) -> TileGenes:
    """The parent's genes for a child's bands, band by band in order; a band the
    parent lacks, or members past the parent's band, are drawn."""
    result = []
    for index, members in enumerate(bands):
        sizes = list(parent[index][:members]) if index < len(parent) else []
        sizes += [rng.choice(TILE_SIZES) for _ in range(members - len(sizes))]
        result.append(sizes)
    return result


def mutate_tiles(genes: TileGenes, probability: float, rng: random.Random) -> TileGenes:
    """Each gene re-drawn with `probability`."""
    return [[rng.choice(TILE_SIZES) if rng.random() < probability else size for size in band]
            for band in genes]


def _tiles_key(tiles: list[TileGenes | None]) -> tuple:
    return tuple(None if t is None else tuple(map(tuple, t)) for t in tiles)


# -- individuals ------------------------------------------------------------------
@dataclass(eq=False)
class Individual:
    """Schedule matrices, trees and tile genes of every SCoP, and how it was made."""

    samples: list[Sample]
    trees: list[isl.Schedule]
    tiles: list[TileGenes | None]            # per SCoP; None: the default tiling
    generation: int
    operator: str                            # "seed:isl", "random", "immigrant", an operator
    parents: list[Individual] = field(default_factory=list)
    name: str = ""                           # the candidate that measured it
    birth: int = 0                           # order of creation (ties in selection)
    same_as: Individual | None = None        # a duplicate tree: the one that was benchmarked
    measured: float | None = None            # its own time (WORST: failed); None: not yet

    @property
    def fitness(self) -> float:
        if self.same_as is not None:
            return self.same_as.fitness
        return WORST if self.measured is None else self.measured

    def key(self) -> tuple:
        """Ganser's relation 1 (matrices and generator combinations), with the tile genes."""
        key_of = getattr(operators_module(), "individual_key", None) or (lambda s: s.key())
        return (tuple(key_of(sample) for sample in self.samples), _tiles_key(self.tiles))

    def tree_key(self) -> tuple:
        """The simplified trees as isl prints them, with the tile genes."""
        return (tuple(str(tree) for tree in self.trees), _tiles_key(self.tiles))


def select(population: list[Individual], count: int) -> list[Individual]:
    """Truncation selection: the `count` fittest, earlier-born first among equals."""
    return sorted(population, key=lambda i: (i.fitness, i.birth))[:count]


class GeneticAlgorithm:
    """The GA_B loop over the schedule spaces of a file's SCoPs.

    `benchmark(individuals)` measures each individual (sets ``measured``, WORST
    for a failure). `default_tiles(index, tree)` gives the seeds' tile genes (the
    cache model's), `tile_genes` False keeps every individual at the default
    tiling. `populations` keeps every generation's population, fittest first.
    """

    def __init__(self, spaces: list[ScheduleSpace], rng: random.Random,
                 benchmark: Callable[[list[Individual]], None], *, budget: int,
                 generations: int = GENERATIONS, population: int = POPULATION,
                 immigrants: int = IMMIGRANTS, tile_genes: bool = True,
                 default_tiles: Callable[[int, isl.Schedule], TileGenes] | None = None,
                 notes: list[str] | None = None):
        self.spaces, self.rng, self.benchmark = spaces, rng, benchmark
        self.budget, self.generations = budget, generations
        self.size, self.immigrants = population, immigrants
        self.tile_genes, self.default_tiles = tile_genes, default_tiles
        self.notes = notes if notes is not None else []
        self.keys: set[tuple] = set()
        self.trees: dict[tuple, Individual] = {}
        self.spent = 0                         # individuals benchmarked (or to be, this batch)
        self.births = itertools.count()
        self.numbers: dict[int, itertools.count] = {}
        self.populations: list[list[Individual]] = []
        self.bests: list[float] = []           # best fitness of each generation
        self.duplicates = 0                    # tree duplicates that were not run again

    @property
    def remaining(self) -> int:
        return self.budget - self.spent

    # -- making individuals ---------------------------------------------------------
    def tree(self, index: int, sample: Sample) -> isl.Schedule:
        space = self.spaces[index]
        tree = matrix_to_tree(space.scop, space.space, sample.matrix(), space.dependences.all)
        if not is_legal(tree, space.dependences.all):
            raise SamplingError("a genetic operator produced an illegal schedule")
        return tree

    def _individual(self, samples: list[Sample], trees: list[isl.Schedule],
                    tiles: list[TileGenes | None], generation: int, operator: str,
                    parents: list[Individual] = ()) -> Individual:
        return Individual(samples, trees, tiles, generation, operator, list(parents),
                          birth=next(self.births))

    def _no_tiles(self) -> list[None]:
        return [None] * len(self.spaces)

    def random_individual(self, generation: int, operator: str) -> Individual:
        samples, trees = [], []
        for space in self.spaces:
            sample, tree = draw_schedule(space, self.rng)
            samples.append(sample)
            trees.append(tree)
        tiles = ([draw_tiles(tilable_bands(tree), self.rng) for tree in trees]
                 if self.tile_genes else self._no_tiles())
        return self._individual(samples, trees, tiles, generation, operator)

    def seed(self, name: str, schedules: list[isl.Schedule]) -> Individual:
        """An individual of given schedule trees (one per SCoP), as matrices."""
        operators = operators_module()
        samples = [operators.sample_from_schedule(space, schedule)
                   for space, schedule in zip(self.spaces, schedules)]
        trees = [self.tree(index, sample) for index, sample in enumerate(samples)]
        if not self.tile_genes:
            tiles = self._no_tiles()
        elif self.default_tiles is not None:
            tiles = [self.default_tiles(index, tree) for index, tree in enumerate(trees)]
        else:
            tiles = [draw_tiles(tilable_bands(tree), self.rng) for tree in trees]
        return self._individual(samples, trees, tiles, 0, f"seed:{name}")

    def mutant(self, parent: Individual, generation: int) -> Individual:
        operators = operators_module()
        operator = self.rng.choice(list(operators.MUTATIONS))
        probability = annealed_probability(generation)
        index = self.rng.randrange(len(self.spaces))    # the SCoP whose matrix changes
        samples, trees = list(parent.samples), list(parent.trees)
        samples[index] = operators.mutate(self.spaces[index], parent.samples[index], operator,
                                          self.rng, probability)
        trees[index] = self.tree(index, samples[index])
        tiles = self._no_tiles()
        if self.tile_genes:
            tiles = [mutate_tiles(inherit_tiles(genes or [], tilable_bands(tree), self.rng),
                                  probability, self.rng)
                     for genes, tree in zip(parent.tiles, trees)]
        return self._individual(samples, trees, tiles, generation, operator, [parent])

    def crossed(self, first: Individual, second: Individual, generation: int) -> list[Individual]:
        operators = operators_module()
        operator = self.rng.choice(list(operators.CROSSOVERS))
        per_scop = [operators.crossover(space, a, b, operator, self.rng)
                    for space, a, b in zip(self.spaces, first.samples, second.samples)]
        if not all(per_scop):
            raise SamplingError(f"{operator} made no child")
        children = []
        for k in range(max(len(made) for made in per_scop)):
            samples = [made[min(k, len(made) - 1)] for made in per_scop]
            trees = [self.tree(index, sample) for index, sample in enumerate(samples)]
            donor = self.rng.choice((first, second))     # whose tile genes the child takes
            tiles = self._no_tiles()
            if self.tile_genes:
                tiles = [inherit_tiles(genes or [], tilable_bands(tree), self.rng)
                         for genes, tree in zip(donor.tiles, trees)]
            children.append(self._individual(samples, trees, tiles, generation, operator,
                                             [first, second]))
        return children

    def admit(self, individual: Individual) -> bool:
        """Whether a new individual joins (a relation-1 duplicate does not); one
        whose trees were benchmarked already shares that fitness."""
        key = individual.key()
        if key in self.keys:
            return False
        known = self.trees.get(individual.tree_key())
        if known is None and self.remaining <= 0:
            return False
        self.keys.add(key)
        if known is not None:
            individual.same_as, individual.name = known, known.name
            self.duplicates += 1
            return True
        self.trees[individual.tree_key()] = individual
        self.spent += 1
        number = next(self.numbers.setdefault(individual.generation, itertools.count(1)))
        individual.name = f"ga-{individual.generation}-{number}"
        return True

    def _fill(self, count: int, make: Callable[[], list[Individual]], what: str,
              generation: int) -> list[Individual]:
        """Up to `count` admitted individuals from `make`, until ATTEMPTS failures in a
        row or the budget is spent."""
        result: list[Individual] = []
        failures = 0
        while len(result) < count and failures < ATTEMPTS and self.remaining > 0:
            try:
                made = make()
            except SamplingError:
                failures += 1
                continue
            admitted = False
            for individual in made:
                if len(result) < count and self.admit(individual):
                    result.append(individual)
                    admitted = True
            failures = 0 if admitted else failures + 1
        if len(result) < count and failures >= ATTEMPTS:
            self.notes.append(f"genetic: generation {generation}: only {len(result)} of "
                              f"{count} {what} ({ATTEMPTS} attempts in a row made nothing new)")
        return result

    def offspring(self, survivors: list[Individual], count: int,
                  generation: int) -> list[Individual]:
        def make() -> list[Individual]:
            if len(survivors) >= 2 and self.rng.random() < 0.5:
                first, second = self.rng.sample(survivors, 2)
                return self.crossed(first, second, generation)
            return [self.mutant(self.rng.choice(survivors), generation)]
        return self._fill(count, make, "children", generation)

    def randoms(self, count: int, generation: int, operator: str) -> list[Individual]:
        return self._fill(count, lambda: [self.random_individual(generation, operator)],
                          "random individuals", generation)

    # -- the loop -------------------------------------------------------------------
    def evaluate(self, individuals: list[Individual]) -> None:
        pending = [i for i in individuals if i.same_as is None and i.measured is None]
        if pending:
            self.benchmark(pending)
            for individual in pending:
                if individual.measured is None:
                    individual.measured = WORST

    def initial(self, seeds: list[tuple[str, list[isl.Schedule]]]) -> list[Individual]:
        population = []
        for name, schedules in seeds:
            if len(population) >= self.size:
                break
            try:
                individual = self.seed(name, schedules)
            except SamplingError as error:
                self.notes.append(f"genetic: no seed from {name}'s schedule: {error}")
                continue
            if self.admit(individual):
                population.append(individual)
        return population + self.randoms(self.size - len(population), 0, "random")

    def run(self, seeds: list[tuple[str, list[isl.Schedule]]] = ()) -> list[Individual]:
        """The final population, fittest first."""
        population = self.initial(list(seeds))
        if not population:
            self.notes.append("genetic: no initial population")
            return []
        self.evaluate(population)
        population = select(population, len(population))
        self.populations.append(population)
        self.bests.append(population[0].fitness)
        for generation in range(1, self.generations + 1):
            if self.remaining <= 0:
                self.notes.append(f"genetic: budget of {self.budget} schedules spent after "
                                  f"{generation - 1} generation(s)")
                break
            survivors = select(population, max(1, min(len(population), self.size // 2)))
            immigrants = self.randoms(min(self.immigrants, self.size - len(survivors)),
                                      generation, "immigrant")
            children = self.offspring(survivors, self.size - len(survivors) - len(immigrants),
                                      generation)
            if not immigrants and not children:
                self.notes.append(f"genetic: nothing new in generation {generation}; stopped")
                break
            self.evaluate(immigrants + children)
            population = select(survivors + immigrants + children,
                                len(survivors) + len(immigrants) + len(children))
            self.populations.append(population)
            self.bests.append(population[0].fitness)
            if converged(self.bests):
                self.notes.append(f"genetic: converged after {generation} generation(s) (the "
                                  f"best improved by less than {IMPROVEMENT:.0%} per generation "
                                  f"over {WINDOW})")
                break
        if self.duplicates:
            self.notes.append(f"genetic: {self.duplicates} individual(s) with an already "
                              "benchmarked schedule tree were not run again")
        return population


class GeneticStrategy:
    """The search strategy: GA_B over the file's SCoPs, every batch through
    ``Search.evaluate_batch``."""

    def explore(self, search: Search) -> None:
        settings, options = search.settings, search.options
        try:
            operators_module()
        except ImportError as error:
            raise PolyoptError(f"--scheduler ga needs the genetic operators "
                               f"(polyopt.scheduler.operators), which this installation "
                               f"lacks: {error}") from None
        start = time.perf_counter()
        benchmarking = [0.0]

        def benchmark(individuals: list[Individual]) -> None:
            began = time.perf_counter()
            candidates = [_candidate(individual) for individual in individuals]
            search.evaluate_batch(candidates)
            for individual, candidate in zip(individuals, candidates):
                individual.measured = candidate.median if candidate.status == OK else WORST
            benchmarking[0] += time.perf_counter() - began

        def default_tiles(index: int, tree: isl.Schedule) -> TileGenes:
            return model_band_sizes(tree, search.scops[index])

        algorithm = GeneticAlgorithm(
            [search.space(index) for index in range(len(search.scops))], search.rng, benchmark,
            budget=settings.budget, generations=settings.generations,
            population=settings.population,
            tile_genes=options.tile and not options.tile_sizes, default_tiles=default_tiles,
            notes=search.notes)
        try:
            algorithm.run(_seeds(search))
        finally:
            search.sampling_seconds += time.perf_counter() - start - benchmarking[0]


def _seeds(search: Search) -> list[tuple[str, list[isl.Schedule]]]:
    """The original order and isl's schedule, where every SCoP has one."""
    names = {"identity": "original", "isl": "isl"}
    result = []
    for baseline in search.baselines:
        if baseline.name in names and all(c.schedule is not None for c in baseline.choices):
            result.append((names[baseline.name], [c.schedule for c in baseline.choices]))
    return result


def _candidate(individual: Individual) -> Candidate:
    choices = [ScheduleResult(tree, f"genetic schedule {individual.name} "
                                    f"({individual.operator})", tile_sizes=tiles)
               for tree, tiles in zip(individual.trees, individual.tiles)]
    return Candidate(individual.name, choices, list(individual.samples),
                     generation=individual.generation, operator=individual.operator,
                     parents=[parent.name for parent in individual.parents])
