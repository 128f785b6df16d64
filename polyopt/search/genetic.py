"""Polyite's genetic algorithm over legal schedules, fitness by benchmarking (GA_B;
Ganser's thesis, Alg 6.1 and §9.1.4), with tile sizes as genes.

An *individual* is one schedule matrix (a sampler ``Sample``) per SCoP, its
schedule tree, and its *tile genes*: per SCoP, one size per member of each
tilable band of the tree (``scheduler.tiling.tilable_bands``), drawn from
``TILE_SIZES`` (0: that member is not tiled). Its fitness is the time of its
first run; a candidate that fails (build error, crash, timeout, wrong output,
code generation) gets the worst, infinity.

* Generation 0: ``population`` individuals (30): the original order, the
  default's schedule (the cost model's choice, where it is not time tiles) and
  isl's as matrices (``seed:original``, ``seed:default``, ``seed:isl``, with the
  cache model's tile sizes), then random sparse samples with random tile genes.
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
* Time tiles: for a SCoP that is a stencil (``scheduler.stencil``), the
  individual also has a *stencil gene*: None (its schedule matrix is used) or a
  time tiling's shape (those legal for it) and sizes ``[T, S1, ..., Sn]`` drawn
  from ``STENCIL_TIME_SIZES`` and ``STENCIL_SPACE_SIZES``; the tiles then replace
  its schedule. Random individuals draw one with probability ``STENCIL_SHARE``; a
  mutation re-draws it with the annealed probability (each size, the shape, and
  whether there is one), a crossover child takes its tile donor's. A seed
  ``seed:time-tiles`` (the last seed's matrices, isl's where it has one, with the
  default time tiles) joins the first population. Not with a classifier: its features describe the matrix's tree.
* Duplicates: a child equal to an individual already made (same matrices by
  ``operators.individual_key``, Ganser's relation 1, and same tile genes) is dropped; one
  whose schedule trees and tile genes were already benchmarked joins the
  population with that fitness and is not run again.
* The loop ends after ``generations`` generations, when the best time improved
  by less than ``IMPROVEMENT`` (2%) from each generation to the next over the
  last ``WINDOW`` (8) generations (the thesis's window criterion, §9.1.4), when
  ``budget`` schedules were benchmarked, or when no new individual can be made
  (``ATTEMPTS`` failures in a row, as Polyite's limit of 20).

With a classifier (``--classifier``, ``polyopt.search.classifier``), two
variants of §7.2 of the thesis (``mode``):

* GA_C (``gac``, §7.2.2, the one the thesis evaluated): the generations are
  judged by the classifier alone. The parents of each next generation are a
  random half of the population among those predicted profitable, filled up
  with random others. The loop stops when at least ``PROFITABLE_SHARE`` (95%)
  of the population is predicted profitable or after ``generations``
  generations (40 in the thesis); then the final population is benchmarked,
  those predicted profitable first, at most ``budget`` of them. Unlike GA_B it
  can lose its best schedule: nothing is timed before the end.
* The guard (``guard``, §7.2.1, proposed but never evaluated): GA_B, except
  that every new individual is classified first and only those predicted
  profitable are benchmarked; where fewer than half of the population ran
  successfully or are predicted profitable, random ones predicted unprofitable
  are benchmarked too, to fill up (the thesis: "to retain the population's
  diversity"). The parents are the fastest benchmarked ones (filled up with
  individuals that were not run, should too few have run within the budget).
  The budget counts the benchmarked ones; the skipped ones are counted
  (``skipped``) and reported.

An individual is predicted profitable when the mean of its SCoPs' probabilities
is at least 1/2 (``individual_probability``).

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
from dataclasses import dataclass, field, replace

import islpy as isl

from polyopt.core.errors import PolyoptError
from polyopt.scheduler import ScheduleResult
from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.random_scheduler import draw_schedule
from polyopt.scheduler.sampler import Sample, SamplingError, ScheduleSpace
from polyopt.scheduler.tiling import model_band_sizes, tilable_bands
from polyopt.scheduler.tree import matrix_to_tree
from polyopt.search import gpu_genes
from polyopt.search.driver import Candidate, Search, register, time_tiled_choice
from polyopt.search.statuses import NOT_BENCHMARKED, OK, PRUNED

POPULATION = 30
IMMIGRANTS = 2
GENERATIONS = 20
MUTATION_SHARE = 0.1          # p of the annealing: the share of rows (and tile genes) changed
WINDOW = 8                    # generations the termination window looks back
IMPROVEMENT = 0.02            # ... and the improvement per generation that keeps the loop going
ATTEMPTS = 20                 # failures in a row to make a new individual before giving up
TILE_SIZES = (0, 4, 8, 16, 32, 64, 128, 256)   # a tile gene: not tiled, or a power of two

WORST = math.inf
PROFITABLE_SHARE = 0.95       # GA_C stops once this share is predicted profitable (§7.2.2)
BENCHMARKED, CLASSIFIED, GUARD = "benchmark", "gac", "guard"   # GA_B, GA_C, the guard
MODES = (BENCHMARKED, CLASSIFIED, GUARD)

TileGenes = list[list[int]]   # one size per member of each tilable band of one SCoP
# a SCoP's time tiling (scheduler.stencil): (shape, [T, S1, ..., Sn]); None: its matrix
StencilGene = tuple[str, tuple[int, ...]]
STENCIL_SHARE = 0.5                       # random individuals with time tiles
STENCIL_TIME_SIZES = (2, 4, 8, 16, 32)    # T: time steps per tile
STENCIL_SPACE_SIZES = (8, 16, 32, 64, 128)


@dataclass
class StencilOptions:
    """What a SCoP's stencil genes may be: the shapes legal for it, its space dimensions
    and its default sizes (the seed's)."""

    shapes: list[str]
    space_dims: int
    default: StencilGene


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


def draw_stencil(options: StencilOptions | None, rng: random.Random,
                 share: float = STENCIL_SHARE) -> StencilGene | None:
    """A random stencil gene (None with probability 1 - `share`, or where none can be)."""
    if options is None or not options.shapes or rng.random() >= share:
        return None
    return (rng.choice(options.shapes), tuple([rng.choice(STENCIL_TIME_SIZES)]
                                              + [rng.choice(STENCIL_SPACE_SIZES)
                                                 for _ in range(options.space_dims)]))


def mutate_stencil(gene: StencilGene | None, options: StencilOptions | None, probability: float,
                   rng: random.Random) -> StencilGene | None:
    """Whether there are time tiles flips, the shape and each size are re-drawn, each
    with `probability`."""
    if options is None or not options.shapes:
        return None
    if rng.random() < probability:
        return None if gene is not None else draw_stencil(options, rng, share=1.0)
    if gene is None:
        return None
    shape, sizes = gene
    if rng.random() < probability:
        shape = rng.choice(options.shapes)
    sizes = tuple(rng.choice(STENCIL_TIME_SIZES if k == 0 else STENCIL_SPACE_SIZES)
                  if rng.random() < probability else size for k, size in enumerate(sizes))
    return shape, sizes


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
    # the classifier's verdict (--classifier; see individual_probability)
    prediction: bool | None = None
    probabilities: list[float | None] = field(default_factory=list)   # per SCoP
    features: list[dict | None] = field(default_factory=list)         # per SCoP
    skipped: bool = False                    # judged by the classifier alone, never run
    pruned_bound: float | None = None        # guard: its lower bound exceeded the best time
    stencils: list[StencilGene | None] = field(default_factory=list)   # per SCoP; [] none
    gpu: gpu_genes.Gene | None = None        # --target cuda: blocks, shared memory, registers

    @property
    def fitness(self) -> float:
        if self.same_as is not None:
            return self.same_as.fitness
        return WORST if self.measured is None else self.measured

    @property
    def benchmarked(self) -> bool:
        return (self.same_as or self).measured is not None

    def key(self) -> tuple:
        """Ganser's relation 1 (matrices and generator combinations), with the tile genes."""
        key_of = getattr(operators_module(), "individual_key", None) or (lambda s: s.key())
        return (tuple(key_of(sample) for sample in self.samples), _tiles_key(self.tiles),
                tuple(self.stencils), self.gpu)

    def tree_key(self) -> tuple:
        """The simplified trees as isl prints them, with the tile and stencil genes (a
        SCoP with time tiles has them alone: its tree and tile genes are not used)."""
        stencils = self.stencils or [None] * len(self.trees)
        return (tuple("" if gene else str(tree) for tree, gene in zip(self.trees, stencils)),
                _tiles_key([None if gene else tiles
                            for tiles, gene in zip(self.tiles, stencils)]),
                tuple(self.stencils), self.gpu)


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
                 notes: list[str] | None = None,
                 classify: Callable[[list[Individual]], None] | None = None,
                 mode: str = BENCHMARKED,
                 stencils: list[StencilOptions | None] | None = None,
                 bound: Callable[[Individual], float | None] | None = None,
                 best: Callable[[], float | None] | None = None,
                 gpu: bool = False):
        if mode not in MODES or (mode != BENCHMARKED) != (classify is not None):
            raise ValueError(f"genetic mode {mode!r} with{'' if classify else 'out'} a classifier")
        self.spaces, self.rng, self.benchmark = spaces, rng, benchmark
        self.classify, self.mode = classify, mode
        # the guard: an individual whose lower bound (search.bound) is above the best time
        # measured so far (`best`) is dropped before the classifier sees it
        self.bound, self.best = bound, best
        self.gpu = gpu                         # --target cuda: GPU genes (search.gpu_genes)
        self.pruned = 0                        # guard: dropped by the bound, never classified
        self.budget, self.generations = budget, generations
        self.size, self.immigrants = population, immigrants
        self.tile_genes, self.default_tiles = tile_genes, default_tiles
        # per SCoP, its stencil genes' options (None: no time tiles for it)
        self.stencils = (stencils if stencils is not None and any(stencils)
                         and classify is None else None)
        self.notes = notes if notes is not None else []
        self.keys: set[tuple] = set()
        self.trees: dict[tuple, Individual] = {}
        self.spent = 0                         # individuals benchmarked (or to be, this batch)
        self.births = itertools.count()
        self.numbers: dict[int, itertools.count] = {}
        self.populations: list[list[Individual]] = []
        self.bests: list[float] = []           # best fitness of each generation
        self.duplicates = 0                    # tree duplicates that were not run again
        self.made: list[Individual] = []       # every admitted individual with a new tree
        self.classified = 0                    # individuals the classifier judged
        self.skipped = 0                       # guard: predicted unprofitable, not run
        self.over_budget = 0                   # guard: predicted profitable, budget spent
        self.filled = 0                        # guard: predicted unprofitable, run to fill up
        self.final_share: float | None = None  # GA_C: share predicted profitable at the end

    @property
    def remaining(self) -> int:
        return self.budget - self.spent

    def _open(self) -> bool:
        """Whether new individuals may still be made: GA_C's generations cost no
        benchmark; the others stop once the budget is spent."""
        return self.mode == CLASSIFIED or self.remaining > 0

    # -- making individuals ---------------------------------------------------------
    def tree(self, index: int, sample: Sample) -> isl.Schedule:
        space = self.spaces[index]
        tree = matrix_to_tree(space.scop, space.space, sample.matrix(), space.dependences.all)
        if not is_legal(tree, space.dependences.all):
            raise SamplingError("a genetic operator produced an illegal schedule")
        return tree

    def _individual(self, samples: list[Sample], trees: list[isl.Schedule],
                    tiles: list[TileGenes | None], generation: int, operator: str,
                    parents: list[Individual] = (),
                    stencils: list[StencilGene | None] | None = None,
                    gpu: gpu_genes.Gene | None = None) -> Individual:
        if not self.stencils:
            stencils = []
        elif not stencils:
            stencils = [None] * len(self.spaces)
        return Individual(samples, trees, tiles, generation, operator, list(parents),
                          birth=next(self.births), stencils=list(stencils),
                          gpu=(gpu or gpu_genes.DEFAULT) if self.gpu else None)

    def _draw_stencils(self) -> list[StencilGene | None] | None:
        if not self.stencils:
            return None
        return [draw_stencil(options, self.rng) for options in self.stencils]

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
        return self._individual(samples, trees, tiles, generation, operator,
                                stencils=self._draw_stencils(),
                                gpu=gpu_genes.draw(self.rng) if self.gpu else None)

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
        stencils = None
        if self.stencils:
            stencils = [mutate_stencil(gene, options, probability, self.rng)
                        for gene, options in zip(parent.stencils, self.stencils)]
        gpu = gpu_genes.mutate(parent.gpu, probability, self.rng) if parent.gpu else None
        return self._individual(samples, trees, tiles, generation, operator, [parent], stencils,
                                gpu)

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
                                             [first, second], donor.stencils, donor.gpu))
        return children

    def admit(self, individual: Individual) -> bool:
        """Whether a new individual joins (a relation-1 duplicate does not); one
        whose trees were benchmarked already shares that fitness."""
        key = individual.key()
        if key in self.keys:
            return False
        known = self.trees.get(individual.tree_key())
        if known is None and not self._open():
            return False
        self.keys.add(key)
        if known is not None:
            individual.same_as, individual.name = known, known.name
            self.duplicates += 1
            return True
        self.trees[individual.tree_key()] = individual
        self.made.append(individual)
        if self.mode == BENCHMARKED:     # the others pay when they run (evaluate, final)
            self.spent += 1
        number = next(self.numbers.setdefault(individual.generation, itertools.count(1)))
        individual.name = f"ga-{individual.generation}-{number}"
        return True

    def _fill(self, count: int, make: Callable[[], list[Individual]], what: str,
              generation: int) -> list[Individual]:
        """Up to `count` admitted individuals from `make`, until ATTEMPTS failures in a
        row or (but in GA_C) the budget is spent."""
        result: list[Individual] = []
        failures = 0
        while len(result) < count and failures < ATTEMPTS and self._open():
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
    def judge(self, individuals: list[Individual]) -> None:
        """The classifier's verdict on each individual not judged yet (a tree duplicate
        shares that of the individual it repeats)."""
        fresh = [i for i in individuals if i.same_as is None and i.prediction is None]
        if fresh:
            self.classify(fresh)
            self.classified += len(fresh)
        for individual in individuals:
            if individual.same_as is not None:
                known = individual.same_as
                individual.prediction = known.prediction
                individual.probabilities, individual.features = known.probabilities, known.features

    def evaluate(self, individuals: list[Individual],
                 population: list[Individual] | None = None) -> None:
        """Benchmark the individuals not measured yet. The guard (§7.2.1) first asks
        the classifier and runs only those predicted profitable; if fewer than half
        of the `population` (default: the individuals) then ran successfully or are
        predicted profitable, it fills up with random ones predicted unprofitable,
        for diversity. All within the budget, the profitable first."""
        pending = [i for i in individuals
                   if i.same_as is None and i.measured is None and not i.skipped]
        if self.mode == GUARD:
            pending = self._guarded(pending, individuals if population is None else population)
        if pending:
            self.benchmark(pending)
            for individual in pending:
                if individual.measured is None:
                    individual.measured = WORST

    def _guarded(self, pending: list[Individual],
                 population: list[Individual]) -> list[Individual]:
        """The guard's choice among `pending` of those to benchmark; the others are
        marked skipped and counted. The lower bound comes first: what it rules out is
        neither classified nor run (the no-regret filter before the classifier)."""
        best = self.best() if self.best is not None else None
        if self.bound is not None and best is not None:
            for individual in pending:
                if individual.same_as is None and individual.prediction is None:
                    lower = self.bound(individual)
                    if lower is not None and lower > best:
                        individual.pruned_bound = lower
                        individual.prediction = False
                        individual.probabilities = [0.0] * len(individual.trees)
                        self.pruned += 1
        self.judge(pending)
        profitable = [i for i in pending if i.prediction]
        unprofitable = [i for i in pending if not i.prediction and i.pruned_bound is None]
        good = len(profitable) + sum(1 for i in population if i.fitness < WORST)
        wanted = max(1, len(population) // 2) - good
        fill = self.rng.sample(unprofitable, min(len(unprofitable), max(0, wanted)))
        run = (profitable + fill)[:max(0, self.remaining)]
        for individual in pending:
            if individual in run:
                continue
            individual.skipped = True
            if individual.prediction:
                self.over_budget += 1
            else:
                self.skipped += 1
        self.filled += sum(1 for i in run if not i.prediction)
        self.spent += len(run)
        return run

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
        if self.stencils and population and len(population) < self.size:
            # the last seed (isl's where isl gave one), each stencil with its default time tiles
            last = population[-1]
            tiled = self._individual(last.samples, last.trees, last.tiles, 0, "seed:time-tiles",
                                     stencils=[options.default if options else None
                                               for options in self.stencils])
            if self.admit(tiled):
                population.append(tiled)
        return population + self.randoms(self.size - len(population), 0, "random")

    def basis(self, population: list[Individual], count: int) -> list[Individual]:
        """The parents of the next generation. GA_B: the `count` fittest. The guard
        (§7.2.1): the fastest benchmarked ones, filled up with random individuals
        it did not run (predicted unprofitable), then with failed ones. GA_C
        (§7.2.2): a random subset of those predicted profitable, filled up with
        random others."""
        if self.mode == BENCHMARKED:
            return select(population, count)
        if self.mode == GUARD:
            result = select([i for i in population if i.fitness < WORST], count)
            unrun = [i for i in population if not i.benchmarked]
            result += self.rng.sample(unrun, min(len(unrun), count - len(result)))
            return result + select([i for i in population if i not in result],
                                   count - len(result))
        profitable = [i for i in population if i.prediction]
        others = [i for i in population if not i.prediction]
        result = self.rng.sample(profitable, min(len(profitable), count))
        return result + self.rng.sample(others, min(len(others), count - len(result)))

    def run(self, seeds: list[tuple[str, list[isl.Schedule]]] = ()) -> list[Individual]:
        """The final population, fittest first."""
        if self.mode == CLASSIFIED:
            return self.run_classified(list(seeds))
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
            survivors = self.basis(population, max(1, min(len(population), self.size // 2)))
            immigrants = self.randoms(min(self.immigrants, self.size - len(survivors)),
                                      generation, "immigrant")
            children = self.offspring(survivors, self.size - len(survivors) - len(immigrants),
                                      generation)
            if not immigrants and not children:
                self.notes.append(f"genetic: nothing new in generation {generation}; stopped")
                break
            self.evaluate(immigrants + children, survivors + immigrants + children)
            population = select(survivors + immigrants + children,
                                len(survivors) + len(immigrants) + len(children))
            self.populations.append(population)
            self.bests.append(population[0].fitness)
            # the guard may run nothing for generations: no time, no convergence
            if converged(self.bests) and (self.mode != GUARD or self.bests[-1] < WORST):
                self.notes.append(f"genetic: converged after {generation} generation(s) (the "
                                  f"best improved by less than {IMPROVEMENT:.0%} per generation "
                                  f"over {WINDOW})")
                break
        self._closing_notes()
        return population

    def _closing_notes(self) -> None:
        if self.duplicates and self.mode == CLASSIFIED:
            self.notes.append(f"genetic: {self.duplicates} individual(s) with an already "
                              "made schedule tree shared its verdict and time")
        elif self.duplicates:
            self.notes.append(f"genetic: {self.duplicates} individual(s) with an already "
                              "benchmarked schedule tree were not run again")
        if self.mode == GUARD:
            budget = (f"; {self.over_budget} predicted profitable were not run (budget spent)"
                      if self.over_budget else "")
            filled = (f"; {self.filled} predicted unprofitable were run to fill up half the "
                      "population" if self.filled else "")
            self.notes.append(f"classifier (guard): skipped {self.skipped} of {self.classified} "
                              f"candidates (predicted unprofitable, not benchmarked)"
                              f"{filled}{budget}")

    def profitable_share(self, population: list[Individual]) -> float:
        return sum(bool(i.prediction) for i in population) / len(population) if population else 0.0

    def run_classified(self, seeds: list[tuple[str, list[isl.Schedule]]]) -> list[Individual]:
        """GA_C (§7.2.2): every generation judged by the classifier alone, until
        PROFITABLE_SHARE of the population is predicted profitable or after
        `generations` generations; then the final population is benchmarked (those
        predicted profitable first, most probable first, at most `budget`). The
        final population, fittest first."""
        population = self.initial(seeds)
        if not population:
            self.notes.append("genetic: no initial population")
            return []
        self.judge(population)
        self.populations.append(population)
        generations = 0
        for generation in range(1, self.generations + 1):
            if self.profitable_share(population) >= PROFITABLE_SHARE:
                break
            basis = self.basis(population, max(1, min(len(population), self.size // 2)))
            immigrants = self.randoms(min(self.immigrants, self.size - len(basis)),
                                      generation, "immigrant")
            children = self.offspring(basis, self.size - len(basis) - len(immigrants), generation)
            if not immigrants and not children:
                self.notes.append(f"genetic: nothing new in generation {generation}; stopped")
                break
            self.judge(immigrants + children)
            population = basis + immigrants + children
            self.populations.append(population)
            generations = generation
        self.final_share = self.profitable_share(population)
        # the final population, benchmarked: a tree duplicate through the one it repeats
        ranked = sorted(population, key=lambda i: (not i.prediction,
                                                   -individual_probability(i), i.birth))
        pending = list(dict.fromkeys((i.same_as or i) for i in ranked))
        run = [i for i in pending if i.measured is None][:max(0, self.remaining)]
        self.spent += len(run)
        if run:
            self.benchmark(run)
            for individual in run:
                if individual.measured is None:
                    individual.measured = WORST
        for individual in self.made:
            if individual.measured is None:
                individual.skipped = True
        stop = ("stopped with" if self.final_share >= PROFITABLE_SHARE
                else "at the generation limit with")
        cut = (f" (budget {self.budget})" if len(run) < len(pending) and
               self.remaining <= 0 else "")
        self.notes.append(
            f"classifier (GA_C): {generations} generation(s) judged by the classifier alone, "
            f"{stop} {self.final_share:.0%} of the final population predicted profitable; "
            f"benchmarked {len(run)} of its {len(pending)} schedules{cut}; "
            f"skipped {self.classified - len(run)} of {self.classified} candidates "
            "(judged by the classifier alone)")
        population = select(population, len(population))
        self.populations.append(population)
        self.bests.append(population[0].fitness)
        self._closing_notes()
        return population


@register("ga")
class GeneticStrategy:
    """The search strategy: GA_B (or, with a classifier, GA_C or the guard) over the
    file's SCoPs, every batch through ``Search.evaluate_batch``."""

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
        algorithm: GeneticAlgorithm | None = None

        time_tiles: dict[tuple[int, StencilGene], ScheduleResult | None] = {}

        def tiles_of(index: int, gene: StencilGene) -> ScheduleResult | None:
            if (index, gene) not in time_tiles:
                time_tiles[index, gene] = time_tiled_choice(
                    search.scops[index], search.dependences[index], gene, "genetic time tiles")
            return time_tiles[index, gene]

        def benchmark(individuals: list[Individual]) -> None:
            began = time.perf_counter()
            candidates = [_candidate(individual, tiles_of) for individual in individuals]
            search.evaluate_batch(candidates)
            for individual, candidate in zip(individuals, candidates):
                individual.measured = candidate.median if candidate.status == OK else WORST
            benchmarking[0] += time.perf_counter() - began
            if algorithm is not None and algorithm.mode == GUARD:
                search.show_status(f"classifier skipped {algorithm.skipped} of "
                                   f"{algorithm.classified}")

        def default_tiles(index: int, tree: isl.Schedule) -> TileGenes:
            return model_band_sizes(tree, search.scops[index])

        classify = None
        if search.model is not None:
            from polyopt.scheduler.learned import PerformanceModel
            classify = (PredictedJudge(search) if isinstance(search.model, PerformanceModel)
                        else ScheduleJudge(search))

        algorithm = GeneticAlgorithm(
            [search.space(index) for index in range(len(search.scops))], search.rng, benchmark,
            budget=settings.budget, generations=settings.generations,
            population=settings.population,
            tile_genes=options.tile and not options.tile_sizes, default_tiles=default_tiles,
            notes=search.notes, classify=classify,
            mode=settings.classifier_mode if classify is not None else BENCHMARKED,
            stencils=(stencil_options(search) if options.tile and options.target == "c"
                      else None),
            bound=(lambda individual: search.bound(_candidate(individual, tiles_of)))
            if settings.bound else None,
            best=lambda: search.best_seconds, gpu=options.target == "cuda")
        try:
            algorithm.run(_seeds(search))
        finally:
            search.sampling_seconds += time.perf_counter() - start - benchmarking[0]
            if classify is not None:
                _record_classifier(search, algorithm)
                search.notes.append(f"classifier: features and predictions of {classify.count} "
                                    f"schedule(s) took {classify.seconds:.1f} s")


class ScheduleJudge:
    """The classifier's verdict on individuals: the features of each SCoP's schedule
    tree with its tile genes (``scheduler.features``), the forest's probability that
    it is profitable; an individual is predicted profitable if the mean over its
    SCoPs is at least 1/2 (``individual_probability``). A schedule whose features
    cannot be computed counts as unprofitable (probability 0)."""

    def __init__(self, search: Search):
        self.search = search
        self.seconds = 0.0        # spent on features and predictions
        self.count = 0            # individuals judged

    def __call__(self, individuals: list[Individual]) -> None:
        from polyopt.search.classifier import predict_probabilities
        began = time.perf_counter()
        for individual in individuals:
            individual.features, individual.probabilities = [], []
        for index in range(len(self.search.scops)):
            features = self.search.features_of(index, [(individual.trees[index],
                                                        individual.tiles[index])
                                                       for individual in individuals])
            known = [f for f in features if f is not None]
            probabilities = iter(predict_probabilities(self.search.model, known))
            for individual, values in zip(individuals, features):
                individual.features.append(values)
                individual.probabilities.append(None if values is None else next(probabilities))
        _concluded(self, individuals, began)


class PredictedJudge:
    """The learned performance model's verdict on individuals (``--classifier
    performance``, ``polyopt.search.predicted``): each SCoP's schedule with its tile
    genes, tiled and estimated as the pipeline would generate it, is profitable when
    its predicted speed-up over the code as written reaches half the best one
    predicted for the default's candidates. A schedule the estimate fails on counts
    as unprofitable."""

    def __init__(self, search: Search):
        from polyopt.search.predicted import PredictedSpeedups
        self.search = search
        options = search.options
        self.predictors = [PredictedSpeedups(scop, dependences, search.model, options.tile,
                                             options.tile_sizes, options.parallel)
                           for scop, dependences in zip(search.scops, search.dependences)]
        self.seconds = 0.0
        self.count = 0

    def __call__(self, individuals: list[Individual]) -> None:
        began = time.perf_counter()
        from polyopt.core.timebox import parallel_jobs
        from polyopt.search.driver import FEATURE_SECONDS
        jobs = min(parallel_jobs(), max(1, self.search.settings.codegen_jobs or 1))
        for individual in individuals:
            individual.features, individual.probabilities = [], []
        for index, predictor in enumerate(self.predictors):
            predictor.best     # (computed once, before the children fork)
            speedups = predictor.speedups([(i.trees[index], i.tiles[index])
                                           for i in individuals], FEATURE_SECONDS, jobs)
            for individual, speedup in zip(individuals, speedups):
                individual.features.append(None if speedup is None
                                           else {"predicted_speedup": speedup})
                individual.probabilities.append(None if speedup is None
                                                else predictor.probability(speedup))
        _concluded(self, individuals, began)


def _concluded(judge, individuals: list[Individual], began: float) -> None:
    """A judge's verdicts from its probabilities, its time and count, the status shown."""
    for individual in individuals:
        individual.prediction = individual_probability(individual) >= 0.5
    judge.seconds += time.perf_counter() - began
    judge.count += len(individuals)
    if judge.search.settings.classifier_mode == CLASSIFIED:
        judge.search.show_status(f"classified {judge.count}")


def individual_probability(individual: Individual) -> float:
    """The probability that an individual is profitable: the mean of its SCoPs'
    (a schedule without features counts as 0). Each SCoP's example in the training
    data is labelled by the whole program's time, so each says something of the
    whole; requiring every SCoP to be predicted profitable would leave almost
    nothing profitable in a file of several SCoPs."""
    values = [p or 0.0 for p in individual.probabilities]
    return sum(values) / len(values) if values else 0.0


def _record_classifier(search: Search, algorithm: GeneticAlgorithm) -> None:
    """The individuals the classifier kept from running become candidates of the
    search's record (``--dump samples``, status NOT_BENCHMARKED), and the counts
    go into its summary."""
    for individual in algorithm.made:
        if individual.benchmarked:
            continue
        candidate = _candidate(individual)
        if individual.pruned_bound is not None:
            candidate.status, candidate.bound = PRUNED, individual.pruned_bound
            candidate.detail = (f"lower bound {individual.pruned_bound:.4g} s is above the best "
                                "time so far: neither classified nor run (guard)")
            search.pruned.append(candidate)
            continue
        candidate.status = NOT_BENCHMARKED
        if algorithm.mode == CLASSIFIED:
            candidate.detail = "judged by the classifier alone (GA_C)"
        elif individual.prediction:
            candidate.detail = "predicted profitable, not run: the budget was spent"
        else:
            candidate.detail = "predicted unprofitable by the classifier, not run (guard)"
        search.unbenchmarked.append(candidate)
    benchmarked = sum(1 for i in algorithm.made if i.benchmarked)
    search.classifier_summary = {
        "mode": algorithm.mode, "model": search.model_path,
        "classified": algorithm.classified, "benchmarked": benchmarked,
        "skipped": algorithm.classified - benchmarked,
        "filled": algorithm.filled if algorithm.mode == GUARD else None,
        "pruned": algorithm.pruned,
        "final_profitable_share": algorithm.final_share}
    what = "guard" if algorithm.mode == GUARD else "GA_C"
    search.summary_note = (f"classifier ({what}) skipped {algorithm.classified - benchmarked} "
                           f"of {algorithm.classified} candidates")


def _seeds(search: Search) -> list[tuple[str, list[isl.Schedule]]]:
    """The original order, the default's schedule (where it is a plain schedule: no
    time tiles) and isl's, where every SCoP has one."""
    names = {"identity": "original", "default": "default", "isl": "isl"}
    found = {}
    for baseline in search.baselines:
        if (baseline.name in names and all(c.schedule is not None and c.time_tile is None
                                           for c in baseline.choices)):
            found[baseline.name] = (names[baseline.name], [c.schedule for c in baseline.choices])
    return [found[name] for name in names if name in found]


def stencil_options(search: Search) -> list[StencilOptions | None]:
    """Per SCoP of a search, the stencil genes it may have (None: no stencil)."""
    from polyopt.scheduler.stencil import (DIAMOND, HEXAGONAL, PARALLELOGRAM, steps_depend,
                                           time_tile_or_why)
    result = []
    for scop, dependences in zip(search.scops, search.dependences):
        shapes, default = [], None
        if not steps_depend(scop, dependences.all):
            result.append(None)
            continue
        for shape in (DIAMOND, PARALLELOGRAM, HEXAGONAL):
            tiling, _ = time_tile_or_why(scop, dependences.all, None, shape)
            if tiling is not None:
                shapes.append(shape)
                default = default or tiling
        result.append(StencilOptions(shapes, default.stencil.space_dims, default.gene)
                      if default is not None else None)
    return result


def _candidate(individual: Individual,
               tiles_of: Callable[[int, StencilGene], ScheduleResult | None] | None = None
               ) -> Candidate:
    description = f"genetic schedule {individual.name} ({individual.operator})"
    if individual.gpu is not None:
        description += f", {gpu_genes.describe(individual.gpu)}"
    choices = [ScheduleResult(tree, description, tile_sizes=tiles, gpu=individual.gpu)
               for tree, tiles in zip(individual.trees, individual.tiles)]
    for index, gene in enumerate(individual.stencils):
        tiled = tiles_of(index, gene) if gene is not None and tiles_of is not None else None
        if tiled is not None:     # (tiles that cannot be made: its matrix's schedule)
            choices[index] = replace(tiled, description=f"{description}, {tiled.description}")
    return Candidate(individual.name, choices, list(individual.samples),
                     generation=individual.generation, operator=individual.operator,
                     parents=[parent.name for parent in individual.parents],
                     prediction=individual.prediction,
                     probabilities=list(individual.probabilities),
                     features=list(individual.features))
