"""The genetic search (GA_B): its loop with stand-in operators, tile sizes as genes,
the tuning database's tile sizes, and one search from the command line."""

from __future__ import annotations

import json
import math
import random
import re
import sqlite3
import sys
import types
import zlib
from pathlib import Path

import pytest

from polyopt.core.dependences import compute_dependences
from polyopt.frontend import extract_scops, read_source
from polyopt.scheduler.sampler import Row, Sample, SamplingError, ScheduleSpace
from polyopt.scheduler.tiling import tilable_bands
from polyopt.search import genetic
from polyopt.search.genetic import (IMMIGRANTS, TILE_SIZES, GeneticAlgorithm, Individual,
                                    annealed_probability, converged, draw_tiles, inherit_tiles,
                                    mutate_tiles, select)
from tests.conftest import KERNELS, compile_and_run, needs_gcc

MATMUL = KERNELS / "matmul.c"


# -- stand-in operators -------------------------------------------------------------
# The real operators live in polyopt.scheduler.operators; the loop is tested with
# stand-ins that draw fresh samples, so that what is tested here is the loop.
class StandIn(types.ModuleType):
    MUTATIONS = ("replace-dimension", "replace-prefix", "replace-suffix", "replace-coefficients")
    CROSSOVERS = ("row-crossover", "geometric-crossover")

    def __init__(self):
        super().__init__("polyopt.scheduler.operators")
        self.mutations: list[float] = []      # the probability of each mutate call
        self.crossovers = 0
        self.seeded: list = []
        self.mutant = None                    # a function (space, parent, rng) -> Sample

    def mutate(self, space, parent, operator, rng, probability):
        assert operator in self.MUTATIONS
        self.mutations.append(probability)
        if self.mutant is not None:
            return self.mutant(space, parent, rng)
        return space.sample(rng)

    def crossover(self, space, first, second, operator, rng):
        assert operator in self.CROSSOVERS
        self.crossovers += 1
        return [space.sample(rng) for _ in range(rng.randint(1, 3))]

    def sample_from_schedule(self, space, schedule):
        self.seeded.append(schedule)
        return space.sample(random.Random(len(self.seeded)))


@pytest.fixture()
def operators(monkeypatch) -> StandIn:
    module = StandIn()
    monkeypatch.setitem(sys.modules, "polyopt.scheduler.operators", module)
    return module


@pytest.fixture(scope="module")
def space() -> ScheduleSpace:
    scop = extract_scops(read_source(str(MATMUL))).scops[0]
    return ScheduleSpace(scop, compute_dependences(scop))


def _fitness_of_tree(individual: Individual) -> float:
    """A made-up fitness that depends only on the schedule and its tiles."""
    return 1.0 + zlib.crc32(repr(individual.tree_key()).encode()) % 1000 / 1000


class Bench:
    """A benchmark callback without a compiler: records what it was asked."""

    def __init__(self, fitness=_fitness_of_tree, failing=()):
        self.batches: list[list[Individual]] = []
        self.fitness, self.failing = fitness, set(failing)

    def __call__(self, individuals):
        self.batches.append(list(individuals))
        for individual in individuals:
            if individual.name in self.failing:
                continue              # left unmeasured: the loop makes it the worst
            individual.measured = self.fitness(individual)

    @property
    def count(self) -> int:
        return sum(len(batch) for batch in self.batches)


def _algorithm(space, bench, seed=1, **settings) -> GeneticAlgorithm:
    settings = {"budget": 60, "generations": 4, "population": 8, **settings}
    return GeneticAlgorithm([space], random.Random(seed), bench, **settings)


# -- the loop -----------------------------------------------------------------------
def test_annealing_formula():
    assert annealed_probability(1) == pytest.approx(0.1)
    for generation in (2, 5, 20, 40):
        assert annealed_probability(generation) == pytest.approx(
            0.1 / math.sqrt(math.log(generation + math.e - 1)))
    assert annealed_probability(2) < annealed_probability(1)
    assert annealed_probability(40) < annealed_probability(20)


def test_mutations_get_the_annealed_probability_of_their_generation(space, operators):
    algorithm = _algorithm(space, Bench())
    algorithm.run()
    mutants = [i for population in algorithm.populations for i in population
               if i.operator in StandIn.MUTATIONS]
    assert mutants and operators.mutations
    expected = {annealed_probability(g) for g in range(1, algorithm.generations + 1)}
    assert set(operators.mutations) <= expected
    assert {annealed_probability(i.generation) for i in mutants} <= set(operators.mutations)


def test_the_best_survives_every_generation(space, operators):
    algorithm = _algorithm(space, Bench(), generations=6)
    algorithm.run()
    assert len(algorithm.populations) == 7
    for before, after in zip(algorithm.populations, algorithm.populations[1:]):
        assert before[0] in after
        assert after[0].fitness <= before[0].fitness
        # truncation selection: the fitter half of the previous generation is kept
        kept = select(before, algorithm.size // 2)
        assert all(individual in after for individual in kept)
    assert algorithm.bests == sorted(algorithm.bests, reverse=True)


def test_each_generation_has_two_immigrants_and_is_refilled(space, operators):
    algorithm = _algorithm(space, Bench(), population=10)
    algorithm.run()
    for generation, population in enumerate(algorithm.populations[1:], 1):
        new = [i for i in population if i.generation == generation]
        assert sum(i.operator == "immigrant" for i in new) == IMMIGRANTS
        assert len(population) == 10
        for child in new:
            if child.operator in StandIn.MUTATIONS:
                assert len(child.parents) == 1
            elif child.operator in StandIn.CROSSOVERS:
                assert len(child.parents) == 2 and child.parents[0] is not child.parents[1]
            # parents come from the kept half of the previous generation
            kept = select(algorithm.populations[generation - 1], 5)
            assert all(parent in kept for parent in child.parents)
    assert operators.crossovers > 0 and operators.mutations


def test_the_budget_caps_the_benchmarks(space, operators):
    bench = Bench()
    algorithm = _algorithm(space, bench, budget=11, population=8, generations=20)
    algorithm.run()
    assert bench.count == 11 == algorithm.spent
    # 8 initial; then 4 kept, 2 immigrants and 1 child of the 2 that would fill it up
    assert [len(p) for p in algorithm.populations] == [8, 7]
    assert any("budget of 11 schedules spent after 1 generation" in note
               for note in algorithm.notes)


def test_the_initial_population_is_seeded_and_then_random(space, operators):
    schedules = [space.scop.schedule]
    algorithm = _algorithm(space, Bench(), generations=0)
    algorithm.run([("original", schedules), ("isl", schedules)])
    initial = algorithm.populations[0]
    assert sorted(i.operator for i in initial) == ["random"] * 6 + ["seed:isl", "seed:original"]
    assert operators.seeded == schedules * 2


def test_the_seeds_are_the_original_order_the_default_and_isl(space):
    """The baselines a search measured seed the genetic search: the original order,
    the default's schedule (not its time tiles: they are no schedule matrix) and
    isl's, in that order (the last is what the time-tile seed starts from)."""
    from polyopt.scheduler import ScheduleResult
    from polyopt.search import Candidate
    tree = space.scop.schedule

    def baseline(name, **fields):
        return Candidate(name, [ScheduleResult(tree, name, **fields)])
    search = types.SimpleNamespace(baselines=[
        Candidate("original", [ScheduleResult(None, "original code")]), baseline("identity"),
        baseline("isl"), baseline("default"), baseline("time-tiles")])
    assert [name for name, _ in genetic._seeds(search)] == ["original", "default", "isl"]
    search.baselines[3] = baseline("default", time_tile=("diamond", (16, 32, 64)))
    assert [name for name, _ in genetic._seeds(search)] == ["original", "isl"]


def test_failed_candidates_are_the_worst(space, operators):
    bench = Bench(failing={"ga-0-1", "ga-0-2"})
    algorithm = _algorithm(space, bench, generations=1)
    algorithm.run()
    initial = algorithm.populations[0]
    assert [i.name for i in initial[-2:]] == ["ga-0-1", "ga-0-2"]
    assert all(i.fitness == math.inf for i in initial[-2:])
    assert all(i.name not in ("ga-0-1", "ga-0-2") for i in algorithm.populations[1])


def test_a_relation_1_duplicate_is_dropped(space, operators):
    operators.mutant = lambda space, parent, rng: parent          # the same matrix
    bench = Bench()
    algorithm = _algorithm(space, bench, tile_genes=False, generations=5, population=10)
    algorithm.run()
    everyone = {i for population in algorithm.populations for i in population}
    assert operators.mutations and operators.crossovers
    assert not any(i.operator in StandIn.MUTATIONS for i in everyone)
    assert len({i.key() for i in everyone}) == len(everyone)


def test_a_schedule_already_benchmarked_is_not_run_again(space, operators):
    # another generator combination (relation 1 differs), the same matrix, so the
    # same tree: it joins with the fitness already measured
    def same_tree(space, parent, rng):
        return Sample([Row(row.values, None, None, "projection") for row in parent.rows])
    operators.mutant = same_tree
    bench = Bench()
    algorithm = _algorithm(space, bench, tile_genes=False, generations=5, population=10)
    algorithm.run()
    everyone = {i for population in algorithm.populations for i in population}
    twins = [i for i in everyone if i.same_as is not None]
    assert twins and algorithm.duplicates >= len(twins)
    benchmarked = [i for batch in bench.batches for i in batch]
    assert len({i.tree_key() for i in benchmarked}) == len(benchmarked)
    for twin in twins:
        assert twin not in benchmarked
        assert twin.tree_key() == twin.same_as.tree_key() and twin.fitness == twin.same_as.fitness
        assert twin.name == twin.same_as.name


def test_converged_needs_eight_generations_of_less_than_two_percent():
    assert not converged([10.0] * 8)
    assert converged([10.0] * 9)
    assert converged([10.0, 9.9, 9.8, 9.7, 9.6, 9.5, 9.4, 9.3, 9.2])      # ~1% each
    assert not converged([10.0, 9.0] + [9.0] * 7)                           # 10% in the window
    assert converged([20.0, 10.0] + [10.0] * 8)                             # before the window
    assert not converged([math.inf] + [10.0] * 8)
    assert converged([math.inf] * 9)


def test_the_loop_stops_when_the_best_stops_improving(space, operators):
    bench = Bench(fitness=lambda individual: 1.0)
    algorithm = _algorithm(space, bench, generations=20, budget=1000, population=4)
    algorithm.run()
    assert len(algorithm.populations) == 9           # the initial one and 8 generations
    assert any("converged after 8 generation(s)" in note for note in algorithm.notes)


def _history(space, seed):
    algorithm = _algorithm(space, Bench(), seed=seed, generations=3)
    algorithm.run()
    return [(i.name, i.operator, str(i.trees[0]), i.tiles, [p.name for p in i.parents])
            for population in algorithm.populations for i in population]


def test_the_same_seed_gives_the_same_search(space, operators):
    assert _history(space, 3) == _history(space, 3)
    assert _history(space, 3) != _history(space, 4)


# -- tile genes -------------------------------------------------------------------
def test_tile_genes_follow_the_bands_of_each_tree(space, operators):
    algorithm = _algorithm(space, Bench(), generations=3)
    algorithm.run()
    for population in algorithm.populations:
        for individual in population:
            genes, tree = individual.tiles[0], individual.trees[0]
            assert [len(band) for band in genes] == tilable_bands(tree)
            assert all(size in TILE_SIZES for band in genes for size in band)


def test_a_crossover_child_takes_a_parents_tile_genes(space, operators):
    algorithm = _algorithm(space, Bench(), generations=3, population=10)
    algorithm.run()
    children = [i for population in algorithm.populations for i in population
                if i.operator in StandIn.CROSSOVERS]
    assert children
    def inherited(genes, parent):
        return all(band[:len(theirs)] == theirs[:len(band)] for band, theirs in zip(genes, parent))
    for child in children:
        assert any(inherited(child.tiles[0], parent.tiles[0]) for parent in child.parents)


def test_inherited_and_mutated_tile_genes():
    rng = random.Random(1)
    parent = [[32, 64, 0], [8, 8]]
    assert inherit_tiles(parent, [3, 2], rng) == parent
    assert inherit_tiles(parent, [2], rng) == [[32, 64]]
    grown = inherit_tiles(parent, [4, 2, 3], rng)
    assert grown[0][:3] == [32, 64, 0] and grown[1] == [8, 8] and len(grown[2]) == 3
    assert all(size in TILE_SIZES for band in grown for size in band)
    assert mutate_tiles(parent, 0.0, rng) == parent
    changed = [mutate_tiles(parent, 1.0, random.Random(seed)) for seed in range(10)]
    assert any(genes != parent for genes in changed)
    assert all(len(genes[0]) == 3 and len(genes[1]) == 2 for genes in changed)
    assert {size for genes in (draw_tiles([3], random.Random(s)) for s in range(200))
            for size in genes[0]} == set(TILE_SIZES)


def test_without_tile_genes_every_individual_has_the_default_tiling(space, operators):
    algorithm = _algorithm(space, Bench(), tile_genes=False, generations=2)
    algorithm.run()
    assert all(i.tiles == [None] for population in algorithm.populations for i in population)


def test_no_new_individual_ends_the_loop(space, operators):
    def stuck(*args, **kwargs):
        raise SamplingError("stuck")
    operators.mutate = stuck
    operators.crossover = stuck
    algorithm = _algorithm(space, Bench(), immigrants=0, generations=5)
    algorithm.run()
    assert len(algorithm.populations) == 1
    assert any("nothing new in generation 1" in note for note in algorithm.notes)


# -- tile sizes through tiling, the database and a plain run -------------------------
def _identity(path: Path = MATMUL):
    from polyopt.scheduler import get_scheduler
    scop = extract_scops(read_source(str(path))).scops[0]
    dependences = compute_dependences(scop)
    return scop, dependences, get_scheduler("identity").schedule(scop, dependences).schedule


def test_band_sizes_choose_the_tiles_of_each_band():
    from polyopt.scheduler.tiling import TilingReport, model_band_sizes, tile_schedule
    scop, _, tree = _identity()
    assert tilable_bands(tree) == [2, 3]       # the zeroing band, then the product's
    report = TilingReport()
    tile_schedule(tree, None, report, scop=scop, band_sizes=[[0, 0], [16, 0, 8]])
    assert len(report.bands) == 1 and sorted(report.bands[0]) == [1, 8, 16]
    report = TilingReport()
    tile_schedule(tree, None, report, scop=scop, band_sizes=[[4, 8], [0, 0, 0]])
    assert [sorted(band) for band in report.bands] == [[4, 8]]
    # the cache model's sizes as genes tile as the default does
    default = tile_schedule(tree, None, scop=scop)
    assert str(tile_schedule(tree, None, scop=scop,
                             band_sizes=model_band_sizes(tree, scop))) == str(default)


@needs_gcc
def test_a_plain_run_reuses_the_stored_tile_sizes(tmp_path, monkeypatch):
    from polyopt.cli import main
    from polyopt.pipeline import Options, options_key
    from polyopt.tuning import (Evaluation, TuningDatabase, machine_fingerprint,
                                scop_fingerprint)
    scop, _, tree = _identity()
    database = tmp_path / "tuning.sqlite"
    with TuningDatabase(database) as db:
        db.record(scop_fingerprint(scop), machine_fingerprint(), options_key(Options()),
                  Evaluation(str(tree), "ga-3-7", "ok", 0.1, winner=True,
                             tile_sizes="[[0,0],[16,0,8]]"))
    out = tmp_path / "plain.c"
    assert main([str(MATMUL), "-o", str(out), "--db", str(database), "-q"]) == 0
    text = out.read_text()
    assert "tuned schedule from the database (ga-3-7" in text
    tiled = re.search(r"tiled (\d+)x(\d+)x(\d+);", text)
    assert tiled and sorted(map(int, tiled.groups())) == [1, 8, 16], text
    expected, _ = compile_and_run(MATMUL.read_text(), tmp_path, "original")
    actual, _ = compile_and_run(text, tmp_path, "plain")
    assert actual == expected


def test_a_database_from_before_the_tile_sizes_is_upgraded(tmp_path):
    from polyopt.tuning import Evaluation, TuningDatabase
    path = tmp_path / "old.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE evaluations (id INTEGER PRIMARY KEY, scop TEXT NOT NULL,"
                       " machine TEXT NOT NULL, options TEXT NOT NULL, schedule_key TEXT NOT NULL,"
                       " schedule TEXT NOT NULL, candidate TEXT NOT NULL, status TEXT NOT NULL,"
                       " seconds REAL, detail TEXT NOT NULL DEFAULT '', build TEXT NOT NULL"
                       " DEFAULT '', run TEXT NOT NULL DEFAULT '', source TEXT NOT NULL DEFAULT '',"
                       " winner INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL)")
    connection.execute("INSERT INTO evaluations (scop, machine, options, schedule_key, schedule,"
                       " candidate, status, seconds, created) VALUES ('s', 'm', 'o', 'k',"
                       " '{ S[i] -> [i] }', 'random-1', 'ok', 2.0, 0)")
    connection.commit()
    connection.close()
    with TuningDatabase(path) as database:
        assert [e.tile_sizes for e in database.best("s", "m", "o")] == [""]
        database.record("s", "m", "o", Evaluation("{ S[i] -> [i] }", "ga-0-1", "ok", 1.0,
                                                  tile_sizes="[[32,0]]"))
        # the same schedule with other tile sizes is another candidate
        assert [(e.candidate, e.tile_sizes) for e in database.best("s", "m", "o", 5)] == [
            ("ga-0-1", "[[32,0]]"), ("random-1", "")]
        # random search skips schedules tried with the default tiling only
        assert database.known_schedules("s", "m", "o") == {"k"}
    columns = [row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(evaluations)")]
    assert "tile_sizes" in columns


def test_tile_sizes_text_round_trips():
    from polyopt.tuning import parse_tile_sizes, tile_sizes_text
    assert tile_sizes_text(None) == "" and parse_tile_sizes("") is None
    assert tile_sizes_text([[32, 32, 0], [8, 256]]) == "[[32,32,0],[8,256]]"
    assert parse_tile_sizes("[[32,32,0],[8,256]]") == [[32, 32, 0], [8, 256]]
    assert parse_tile_sizes("[[32,-1]]") is None and parse_tile_sizes("nonsense") is None


def test_ga_variant_of_the_polybench_runner():
    from polyopt.core.errors import UsageError
    from polyopt.polybench.variants import label, make_variant
    variant = make_variant("ga:7", 2)
    assert variant.search_budget == 7 and variant.search_strategy == "ga"
    assert make_variant("random:7", 2).search_strategy == "random"
    assert label("ga:7") == "polyopt (ga:7)"
    with pytest.raises(UsageError):
        make_variant("ga:x", 2)


def test_ga_needs_a_budget(capsys):
    from polyopt.cli import main
    assert main([str(MATMUL), "--scheduler", "ga", "--budget", "0"]) == 2
    assert "--scheduler ga searches: it needs a --budget of at least 1" in capsys.readouterr().err


# -- one search from the command line ----------------------------------------------
@pytest.fixture()
def genetic_operators(monkeypatch):
    """The real operators where they are installed, else the stand-ins."""
    try:
        import polyopt.scheduler.operators  # noqa: F401
    except ImportError:
        monkeypatch.setitem(sys.modules, "polyopt.scheduler.operators", StandIn())


@needs_gcc
def test_genetic_search_from_the_command_line(tmp_path, genetic_operators):
    """A small GA search: every candidate says where it came from, the database
    keeps the tile sizes, and a plain run afterwards builds the winner, right."""
    from polyopt.cli import main
    kernel = KERNELS / "mv.c"
    database = tmp_path / "tuning.sqlite"
    samples = tmp_path / "samples.jsonl"
    assert main([str(kernel), "-o", str(samples), "--scheduler", "ga", "--budget", "8",
                 "--generations", "2", "--population", "5", "--seed", "1", "--db",
                 str(database), "--dump", "samples", "-q"]) == 0
    entries = [json.loads(line) for line in samples.read_text().splitlines()]
    searched = [e for e in entries if e["candidate"].startswith("ga-")]
    assert len(searched) == 8                        # the budget: 5, then 2 kept and 3 new
    assert {e["generation"] for e in searched} == {0, 1}
    names = {e["candidate"] for e in entries}
    for entry in entries:
        assert {"generation", "parents", "operator", "tile_sizes", "prediction"} <= set(entry)
        assert entry["prediction"] is None
        assert set(entry["parents"]) <= names
    initial = [e for e in searched if e["generation"] == 0]
    assert {e["operator"] for e in initial} >= {"seed:original", "seed:isl", "random"}
    later = [e for e in searched if e["generation"] == 1]
    assert sum(e["operator"] == "immigrant" for e in later) == 2
    children = [e for e in later if e["operator"] != "immigrant"]
    assert len(children) == 1 and children[0]["parents"]
    assert all(isinstance(e["tile_sizes"], list) for e in searched)
    rows = sqlite3.connect(database).execute(
        "SELECT candidate, tile_sizes, winner FROM evaluations").fetchall()
    stored = {name: tiles for name, tiles, _ in rows}
    assert all(json.loads(stored[e["candidate"]]) == e["tile_sizes"] for e in searched)
    assert stored["isl"] == ""
    out = tmp_path / "plain.c"
    assert main([str(kernel), "-o", str(out), "--db", str(database), "-q"]) == 0
    expected, _ = compile_and_run(kernel.read_text(), tmp_path, "original")
    actual, _ = compile_and_run(out.read_text(), tmp_path, "plain")
    assert actual == expected
    winner = next(e for e in entries if e["best"])
    if winner["candidate"].startswith("ga-"):
        assert f"tuned schedule from the database ({winner['candidate']}" in out.read_text()


# -- time tiles as genes ---------------------------------------------------
def test_stencil_genes_are_drawn_and_mutated():
    options = genetic.StencilOptions(["diamond", "hexagonal"], 2, ("diamond", (16, 32, 64)))
    rng = random.Random(3)
    drawn = [genetic.draw_stencil(options, rng) for _ in range(200)]
    assert 40 < sum(gene is None for gene in drawn) < 160
    for gene in filter(None, drawn):
        shape, sizes = gene
        assert shape in options.shapes and len(sizes) == 3
        assert sizes[0] in genetic.STENCIL_TIME_SIZES
        assert all(size in genetic.STENCIL_SPACE_SIZES for size in sizes[1:])
    assert genetic.draw_stencil(None, rng) is None
    gene = ("diamond", (16, 32, 64))
    assert genetic.mutate_stencil(gene, options, 0.0, rng) == gene
    assert genetic.mutate_stencil(gene, options, 1.0, rng) is None       # the tiles go
    assert genetic.mutate_stencil(None, options, 1.0, rng) is not None   # tiles come
    assert genetic.mutate_stencil(gene, None, 0.0, rng) is None          # no stencil: none


def _stencil_program(name: str = "jacobi1d") -> str:
    from tests.test_stencil import STENCILS, _program
    return _program(*STENCILS[name])


def test_time_tile_genes_in_the_genetic_loop(operators):
    from polyopt.frontend.source import SourceFile
    scop = extract_scops(SourceFile("j.c", _stencil_program())).scops[0]
    stencil_space = ScheduleSpace(scop, compute_dependences(scop))
    options = genetic.StencilOptions(["diamond", "parallelogram", "hexagonal"], 1,
                                     ("diamond", (32, 64)))
    bench = Bench()
    algorithm = _algorithm(stencil_space, bench, stencils=[options])
    algorithm.run([("isl", [scop.schedule])])
    seeded = [i for i in algorithm.made if i.operator == "seed:time-tiles"]
    assert len(seeded) == 1 and seeded[0].stencils == [options.default]
    genes = [i.stencils[0] for i in algorithm.made]
    assert any(gene is None for gene in genes)
    assert len({gene for gene in genes if gene is not None}) > 2    # drawn and mutated
    # an individual with time tiles is told apart by its genes alone, not its tree
    tiled = seeded[0]
    twin = Individual(tiled.samples, [scop.schedule], tiled.tiles, 0, "x", stencils=tiled.stencils)
    assert twin.tree_key() == tiled.tree_key()
    # without stencil options (or with a classifier) no individual has any
    plain = _algorithm(stencil_space, Bench())
    plain.run([("isl", [scop.schedule])])
    assert all(i.stencils == [] for i in plain.made)


def test_time_tile_text_round_trips():
    from polyopt.tuning import parse_tile_sizes, parse_time_tile, time_tile_text
    text = time_tile_text(("hexagonal", (4, 6)))
    assert parse_time_tile(text) == ("hexagonal", (4, 6)) and parse_tile_sizes(text) is None
    assert parse_time_tile("[[32,32]]") is None and parse_time_tile("") is None
    assert parse_time_tile('{"time_tile":"cube","sizes":[4]}') is None


@needs_gcc
def test_a_plain_run_reuses_stored_time_tiles(tmp_path):
    from polyopt.cli import main
    from polyopt.frontend.source import SourceFile
    from polyopt.pipeline import Options, options_key
    from polyopt.tuning import (Evaluation, TuningDatabase, machine_fingerprint,
                                scop_fingerprint, time_tile_text)
    text = _stencil_program()
    source = tmp_path / "jacobi1d.c"
    source.write_text(text)
    scop = extract_scops(SourceFile(str(source), text)).scops[0]
    database = tmp_path / "tuning.sqlite"
    with TuningDatabase(database) as db:
        db.record(scop_fingerprint(scop), machine_fingerprint(), options_key(Options()),
                  Evaluation(str(scop.schedule), "ga-2-3", "ok", 0.1, winner=True,
                             tile_sizes=time_tile_text(("hexagonal", (4, 6)))))
    out = tmp_path / "plain.c"
    assert main([str(source), "-o", str(out), "--db", str(database), "-q"]) == 0
    optimized = out.read_text()
    assert "tuned schedule from the database (ga-2-3" in optimized
    assert "time-tiled stencil (hexagonal tiles" in optimized
    expected, _ = compile_and_run(text, tmp_path, "original")
    actual, _ = compile_and_run(optimized, tmp_path, "plain", flags=("-O2", "-fopenmp"))
    assert actual == expected


@needs_gcc
def test_genetic_search_varies_time_tiles(tmp_path, genetic_operators):
    """A stencil's search times its default time tiles (a baseline) and genetic ones."""
    from polyopt.cli import main
    source = tmp_path / "jacobi1d.c"
    source.write_text(_stencil_program())
    samples = tmp_path / "samples.jsonl"
    assert main([str(source), "-o", str(samples), "--scheduler", "ga", "--budget", "6",
                 "--generations", "2", "--population", "5", "--seed", "1", "--no-db",
                 "--dump", "samples", "-q"]) == 0
    entries = [json.loads(line) for line in samples.read_text().splitlines()]
    baseline = next(e for e in entries if e["candidate"] == "time-tiles")
    assert baseline["time_tile"]["shape"] == "diamond" and baseline["status"] == "ok"
    seeded = next(e for e in entries if e["operator"] == "seed:time-tiles")
    assert seeded["time_tile"] == baseline["time_tile"]
    assert all(e["status"] == "ok" for e in entries if e["time_tile"])
