"""The lower bound on a candidate's time (polyopt.search.bound) and the search's
no-regret filter: the bound is never above what a candidate measures, and a
candidate whose bound exceeds the best time so far is never built."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from polyopt.cli import main
from polyopt.frontend import read_source
from polyopt.pipeline import Options, find_scops
from tests.conftest import KERNELS, needs_gcc
from tests.test_cuda import needs_gxx

POLYBENCH = Path(__file__).resolve().parent.parent / "polybench"


def _samples(tmp_path, kernel: Path, seed: int, *extra) -> list[dict]:
    out = tmp_path / f"{kernel.stem}-{seed}.jsonl"
    assert main([str(kernel), "--scheduler", "random", "--budget", "4", "--seed", str(seed),
                 "--no-db", "--dump", "samples", "-q", "-o", str(out), *extra]) == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


@needs_gcc
# cholesky_like (19 s, a third of this file's time) and jacobi2d (11 s) run with `make
# test-slow`: make test stays under 10 minutes on 2 cores
@pytest.mark.parametrize("kernel", ["matmul.c",
                                    pytest.param("jacobi2d.c", marks=pytest.mark.slow),
                                    pytest.param("cholesky_like.c", marks=pytest.mark.slow)])
def test_the_bound_is_never_above_a_measured_time(tmp_path, kernel):
    """Every candidate of a CPU search (baselines, random schedules) measures at least
    its bound; the bound is not zero (it counts the work)."""
    samples = _samples(tmp_path, KERNELS / kernel, 5)
    measured = [s for s in samples if s["status"] == "ok"]
    assert len(measured) >= 3
    for sample in measured:
        assert sample["bound"] is not None and sample["bound"] > 0, sample["candidate"]
        assert sample["bound"] <= min(sample["runs"]), (sample["candidate"], sample["bound"],
                                                         sample["runs"])


def _fake_search(best: float, bounds: dict[str, float], measured: dict[str, float],
                 jobs: int = 1):
    """A Search with preset bounds whose judge 'measures' from a table; with `jobs` > 1,
    a batch's code is all made before the first run (Search._evaluate_generated_first)."""
    from polyopt.search import Candidate, Measurement, Search, SearchSettings
    built = []

    def measure(text, name, timeout):
        built.append(name)
        return Measurement("ok", measured[name], "", measured[name])

    search = Search.__new__(Search)
    search.settings = SearchSettings(codegen_jobs=jobs)
    search.codegen_times = [1.0] * 3
    search.baselines, search.candidates, search.pruned = [], [], []
    search.best_seconds, search.best_wall = best, best
    search.remote, search.progress, search.options = None, None, SimpleNamespace(check=False)
    search.judge = SimpleNamespace(measure=measure)
    search._timeout = lambda: 10.0
    search._prepare = lambda candidate: search.candidates.append(candidate) or True
    search._prepare_all = lambda left, jobs: [(c, search._prepare(c)) for c in left]
    candidates = [Candidate(name, [SimpleNamespace(as_written=False)], bound=bound)
                  for name, bound in bounds.items()]
    return search, candidates, built


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_candidate_whose_bound_exceeds_the_best_time_is_never_built(jobs):
    search, candidates, built = _fake_search(
        best=1.0, bounds={"fast": 0.2, "hopeless": 3.0, "close": 0.49},
        measured={"fast": 0.5, "hopeless": 4.0, "close": 1.2}, jobs=jobs)
    from polyopt.search.driver import Search
    from polyopt.search.statuses import PRUNED
    Search.evaluate_batch(search, candidates)
    assert built == ["fast", "close"]
    assert candidates[1].status == PRUNED and "lower bound 3" in candidates[1].detail
    assert search.pruned == [candidates[1]] and search.best_seconds == 0.5


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_filter_follows_the_best_time_as_it_falls(jobs):
    """A bound above the best time at the candidate's turn (not the first one's)."""
    search, candidates, built = _fake_search(
        best=10.0, bounds={"a": 0.1, "b": 0.6, "c": 0.3},
        measured={"a": 0.5, "b": 0.55, "c": 0.4}, jobs=jobs)
    from polyopt.search.driver import Search
    Search.evaluate_batch(search, candidates)
    assert built == ["a", "c"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_without_the_filter_every_candidate_is_built(jobs):
    search, candidates, built = _fake_search(best=1.0, bounds={"a": 3.0}, measured={"a": 4.0},
                                             jobs=jobs)
    from polyopt.search.driver import Search
    search.settings.bound = False
    Search.evaluate_batch(search, candidates)
    assert built == ["a"]


@needs_gcc
def test_pruning_never_drops_the_winner(tmp_path):
    """The same search with and without the filter ends with the same winner (the
    filter drops only what is slower than something measured)."""
    with_filter = _samples(tmp_path, KERNELS / "matmul.c", 11)
    without = _samples(tmp_path, KERNELS / "matmul.c", 11, "--no-bound")
    winner = [s["schedule"] for s in with_filter if s["best"]]
    assert winner
    pruned = {s["candidate"] for s in with_filter if s["status"] == "pruned"}
    assert all(not s["best"] for s in without if s["candidate"] in pruned)


def _scop(path: Path, *defines: str):
    options = Options(defines=list(defines), include_dirs=[str(POLYBENCH)])
    scops, _ = find_scops(read_source(str(path)), options)
    return scops[0], options


def test_gpu_bound_counts_launches_and_the_cpu_bound_the_work():
    """floyd-warshall's isl schedule on the GPU is a wavefront of launches (one per
    (k, i + j): 5e5 at N=500, a microsecond each at least); at N=2800 (1.6e7 launches)
    the code stays on the host, and so does the bound. Its CPU bound counts N^3
    instances of 4 operations at every core's peak."""
    from polyopt.core.dependences import compute_dependences
    from polyopt.pipeline import schedule_within_budget
    from polyopt.search.bound import COUNT_MARGIN, CpuPeaks, GpuPeaks, candidate_bound
    scop, options = _scop(POLYBENCH / "kernels" / "floyd-warshall.c", "LARGE_DATASET")
    dependences = compute_dependences(scop)
    isl_choice = schedule_within_budget("isl", scop, dependences)
    cuda = Options(target="cuda", defines=options.defines, include_dirs=options.include_dirs)
    gpu = candidate_bound([scop], [dependences], cuda, [isl_choice], CpuPeaks(threads=2),
                          GpuPeaks(), [{}])
    serial = candidate_bound([scop], [dependences], options, [None], CpuPeaks(threads=1), None,
                             [{}])
    assert gpu == serial
    cpu = candidate_bound([scop], [dependences], options, [isl_choice], CpuPeaks(threads=2),
                          None, [{}])
    operations = 2800 ** 3 * 4        # <, + (twice) and ?: per instance
    assert cpu == pytest.approx(COUNT_MARGIN * operations / (2 * CpuPeaks().ops_per_ns) * 1e-9,
                                rel=0.05)
    scop, options = _scop(POLYBENCH / "kernels" / "floyd-warshall.c", "MEDIUM_DATASET")
    dependences = compute_dependences(scop)
    isl_choice = schedule_within_budget("isl", scop, dependences)
    cuda = Options(target="cuda", defines=options.defines, include_dirs=options.include_dirs)
    gpu = candidate_bound([scop], [dependences], cuda, [isl_choice], CpuPeaks(threads=2),
                          GpuPeaks(), [{}])
    launches = 500 * (2 * 500 - 1)
    assert gpu >= COUNT_MARGIN * launches * GpuPeaks().launch_ns * 1e-9 * 0.95


@needs_gxx
@pytest.mark.slow           # 12 s: make test-slow
def test_a_cuda_search_runs_every_candidate_through_the_build_it_is_given(tmp_path):
    """--target cuda with a search: the candidates are CUDA programs (here built for the
    CPU by polyopt's emulation); the winner's output is the original's."""
    out = tmp_path / "matmul.cu"
    build = f"{sys.executable} -m polyopt.codegen.emulation {{src}} -o {{exe}}"
    samples_file = tmp_path / "samples.jsonl"
    assert main([str(KERNELS / "matmul.c"), "--target", "cuda", "--scheduler", "random",
                 "--budget", "2", "--seed", "3", "--no-db", "-q", "--cuda-build", build,
                 "--dump", "samples", "-o", str(samples_file)]) == 0
    samples = [json.loads(line) for line in samples_file.read_text().splitlines()]
    assert {s["candidate"] for s in samples} >= {"original", "identity", "isl"}
    assert all(s["status"] in ("ok", "pruned") for s in samples), samples
    assert all(s["bound"] is not None for s in samples)
    assert main([str(KERNELS / "matmul.c"), "--target", "cuda", "--scheduler", "random",
                 "--budget", "2", "--seed", "3", "--no-db", "-q", "--cuda-build", build,
                 "-o", str(out)]) == 0
    assert out.read_text()


def test_a_cuda_search_without_a_gpu_says_so(capsys, monkeypatch):
    from polyopt.core.machine import gpu as cuda_device
    monkeypatch.setattr(cuda_device, "detect", lambda ordinal=0: cuda_device.NoDevice("no GPU here"))
    assert main([str(KERNELS / "matmul.c"), "--target", "cuda", "--scheduler", "random",
                 "--budget", "2"]) != 0
    err = capsys.readouterr().err
    assert "runs every candidate on the GPU" in err and "no GPU here" in err
    assert "--cuda-build" in err


def test_polybench_cuda_search_variants(monkeypatch):
    """cuda-random:N and cuda-ga:N: the CUDA variant with a search; without a GPU they
    are unavailable and say why; a bad budget is a usage error."""
    from polyopt.core.machine import gpu as cuda_device
    from polyopt.core.errors import UsageError
    from polyopt.polybench.variants import Unavailable, make_variant
    monkeypatch.setattr(cuda_device, "detect", lambda ordinal=0: cuda_device.NoDevice("no GPU here"))
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    missing = make_variant("cuda-random:4", 2)
    assert isinstance(missing, Unavailable) and "no GPU here" in missing.reason
    with pytest.raises(UsageError):
        make_variant("cuda-ga:x", 2)
    monkeypatch.setattr(cuda_device, "detect", lambda ordinal=0: cuda_device.Device(
        "H100", (9, 0), 1024, 48 << 10, 132))
    variant = make_variant("cuda-ga:6", 2)
    assert (variant.search_budget, variant.search_strategy, variant.suffix) == (6, "ga", ".cu")
    assert variant.options.target == "cuda" and "-arch=sm_90" in variant.compiler


def test_a_cuda_search_times_the_scops_on_the_gpu_not_the_context():
    """The search's judge of a CUDA variant takes the CUDA events' time (transfers
    included) where the program printed them, else the harness's (the original, or a
    candidate whose SCoPs stayed on the host)."""
    from polyopt.evaluator import RunOutput
    from polyopt.polybench.experiment import DumpJudge
    judge = DumpJudge.__new__(DumpJudge)
    judge.cuda_events = True
    on_gpu = RunOutput(0, b"0.152000\n", b"polyopt-cuda: k.c:3:1: total 0.006100 s, kernels "
                       b"0.000900 s\n", {}, 0.3)
    on_host = RunOutput(0, b"0.420000\n", b"", {}, 0.5)
    assert judge.seconds(on_gpu) == pytest.approx(0.0061)
    assert judge.seconds(on_host) == pytest.approx(0.42)
    judge.cuda_events = False
    assert judge.seconds(on_gpu) == pytest.approx(0.152)


def test_a_scop_of_unknown_sizes_bounds_nothing():
    """A SCoP whose sizes are function parameters no call in the file fixes is counted
    at sizes the cost model assumes, which may be far above the real ones: its bound
    is 0, and no candidate of it is pruned."""
    from polyopt.core.dependences import compute_dependences
    from polyopt.frontend import SourceFile, extract_scops
    from polyopt.pipeline import schedule_within_budget
    from polyopt.search.bound import CpuPeaks, candidate_bound
    text = """void scale(int n, int m, double A[n][m], double x[m], double y[n])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
#pragma endscop
}
"""
    scop, = extract_scops(SourceFile("t.c", text)).scops
    assert not scop.sizes_known
    dependences = compute_dependences(scop)
    choice = schedule_within_budget("isl", scop, dependences)
    for chosen in (None, choice):
        assert candidate_bound([scop], [dependences], Options(), [chosen], CpuPeaks(threads=2),
                               None, [{}]) == 0.0


@needs_gcc
def test_a_bound_past_its_time_limit_is_none_and_the_candidate_runs(tmp_path, monkeypatch):
    """The bound's scheduling and checks run in a child with a CPU limit (a tiled random
    schedule's check could take isl minutes): past it the candidate has no bound and
    is built and run as any other."""
    from polyopt.search import driver
    monkeypatch.setattr(driver, "BOUND_SECONDS", 1e-6)
    samples = _samples(tmp_path, KERNELS / "matmul.c", 5)
    measured = [s for s in samples if s["status"] == "ok"]
    assert len(measured) >= 3
    # (a bound done before the child's CPU time is first read, within 10 ms, stays)
    assert any(s["bound"] is None for s in samples), [s["bound"] for s in samples]
