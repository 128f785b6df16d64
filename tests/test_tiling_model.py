"""The tiling decisions and the tile-size cache model (scheduler.tiling)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import compile_and_run, needs_gcc

from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, schedule_scop
from polyopt.core.machine.caches import CacheSizes, _from_sysfs, _parse_size
from polyopt.scheduler.tiling import (DEFAULT_ELEMENT_BYTES, TilingReport, footprint_bytes,
                                      band_references, model_tile_sizes, tile_schedule)

CACHES = CacheSizes(l1=32 * 1024, l2=1024 * 1024)

MATMUL = """
double A[N][N], B[N][N], C[N][N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
"""

FILTER = """
double in[N][N], out[N][N], w[K][K];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int p = 0; p < 5; p++)
        for (int q = 0; q < 5; q++)
          out[i][j] += w[p][q] * in[i + p][j + q];
#pragma endscop
}
"""


def _scop(text: str, known: dict[str, int] | None = None):
    scop = extract_scops(SourceFile("t.c", text)).scops[0]
    scop.known_values = dict(known or {})
    return scop


def _tiled(text: str, known: dict[str, int] | None = None, caches: CacheSizes = CACHES):
    scop = _scop(text, known)
    untiled = schedule_scop(scop, Options(scheduler="isl", tile=False)).schedule
    report = TilingReport()
    tiled = tile_schedule(untiled, None, report, scop=scop, caches=caches)
    return scop, untiled, tiled, report


def _band_shape(schedule) -> list[int]:
    """The member counts of the bands, depth first: tiling doubles a band."""
    shape = []

    def visit(node):
        if node.get_type() == node.get_type().band:
            shape.append(node.band_n_member())
        return node

    schedule.map_schedule_node_bottom_up(visit)
    return shape


def _outermost_band(schedule):
    node = schedule.get_root()
    while node.get_type() != node.get_type().band:
        node = node.child(0)
    return node


def test_matrix_product_tile_fits_the_caches():
    """N = 2000: the product is tiled; its tile's three double arrays fit half of L2,
    one row of tiles fits half of L1, and the stride-1 loop gets the largest size."""
    scop, _, tiled, report = _tiled(MATMUL, {"N": 2000})
    assert len(report.bands) == 1
    sizes = report.bands[0]               # in point-loop order, innermost last
    assert len(sizes) == 3
    assert all(size & (size - 1) == 0 for size in sizes), sizes
    assert sizes[-1] == max(sizes) and sizes[-1] >= 64, sizes
    assert sizes != [32, 32, 32]
    tile = 8 * (sizes[0] * sizes[1] + sizes[1] * sizes[2] + sizes[0] * sizes[2])
    assert tile <= CACHES.l2 // 2
    row = 8 * (sizes[1] + sizes[1] * sizes[2] + sizes[2])
    assert row <= CACHES.l1 // 2


def test_footprint_of_a_matrix_product_tile():
    scop = _scop(MATMUL)
    band = _outermost_band(schedule_scop(scop, Options(scheduler="isl", tile=False)).schedule)
    references = band_references(band, scop)
    # members (i, j, k): C is TixTj, A TixTk, B TkxTj, doubles
    assert footprint_bytes(references, [4, 8, 2]) == DEFAULT_ELEMENT_BYTES * (32 + 8 + 16)
    assert footprint_bytes(references, [1, 1, 1]) == 3 * DEFAULT_ELEMENT_BYTES


def test_smaller_caches_give_smaller_tiles():
    _, _, _, large = _tiled(MATMUL, {"N": 2000})
    _, _, _, small = _tiled(MATMUL, {"N": 2000}, CacheSizes(l1=4 * 1024, l2=64 * 1024))
    assert sum(small.bands[0]) < sum(large.bands[0])


def test_unknown_extents_keep_the_default_bound():
    """Nothing known: no size above 32, safe for small and large sizes alike."""
    _, _, _, report = _tiled(MATMUL)
    assert len(report.bands) == 1 and max(report.bands[0]) <= 32


def test_no_tile_larger_than_a_known_extent():
    """A tile larger than its loop is never full: M = 60 keeps that member within 60."""
    text = MATMUL.replace("double A[N][N], B[N][N], C[N][N];",
                          "double A[N][M], B[M][M], C[N][M];").replace("j < N", "j < M")
    text = text.replace("k < N", "k < M")
    _, _, _, report = _tiled(text, {"N": 2000, "M": 60})
    assert len(report.bands) == 1
    # the two members of extent 60 (j, k) stay within it; only i's may be larger
    assert sum(size <= 60 for size in report.bands[0]) >= 2, report.bands


FILTER_1D = """
double in[N + 5], out[N], w[5];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int p = 0; p < 5; p++)
      out[i] += w[p] * in[i + p];
#pragma endscop
}
"""


def test_five_iteration_loop_is_one_tile():
    """A 5x5 filter: isl's band (i, j, p) keeps p whole (one tile of 5), i and j tiled."""
    _, _, _, report = _tiled(FILTER)
    assert len(report.bands) == 1
    sizes = sorted(report.bands[0])
    assert sizes[0] == 5 and sizes[1] >= 8, report.bands


def test_band_with_one_large_member_is_not_tiled():
    """(i, p) with p of 5 iterations: strip-mining i alone brings no reuse."""
    _, untiled, tiled, report = _tiled(FILTER_1D)
    assert report.bands == []
    assert _band_shape(tiled) == _band_shape(untiled)


def test_band_of_small_known_extents_is_not_tiled():
    _, untiled, tiled, report = _tiled(MATMUL, {"N": 5})
    assert report.bands == []
    assert _band_shape(tiled) == _band_shape(untiled)


def test_band_fitting_in_the_cache_is_not_tiled():
    # 3 x 100 x 100 doubles = 240 KB, within half of a 1 MiB L2
    _, untiled, tiled, report = _tiled(MATMUL, {"N": 100})
    assert report.bands == []
    # the same product does not fit a 256 KiB L2: tiled
    _, _, _, report = _tiled(MATMUL, {"N": 100}, CacheSizes(l1=32 * 1024, l2=256 * 1024))
    assert len(report.bands) == 1




def test_user_sizes_win():
    scop = _scop(MATMUL, {"N": 5})
    untiled = schedule_scop(scop, Options(scheduler="isl", tile=False)).schedule
    report = TilingReport()
    tile_schedule(untiled, [16, 8], report, scop=scop, caches=CACHES)
    assert sorted(report.bands[0]) == [8, 8, 16]


PROGRAM = """#include <stdio.h>
#define N 70
#define K 5
double in[N + K][N + K], out[N][N], w[K][K];
int main(void) {
  for (int i = 0; i < N + K; i++)
    for (int j = 0; j < N + K; j++)
      in[i][j] = (i * 7 + j * 3) % 11 / 10.0;
  for (int p = 0; p < K; p++)
    for (int q = 0; q < K; q++)
      w[p][q] = (p + 2 * q) / 7.0;
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int p = 0; p < K; p++)
        for (int q = 0; q < K; q++)
          out[i][j] += w[p][q] * in[i + p][j + q];
#pragma endscop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%.17g\\n", out[i][j]);
  return 0;
}
"""


@needs_gcc
def test_filter_with_known_sizes_keeps_its_output(tmp_path, monkeypatch):
    """Known K = 5 (one tile) and a small L2 (N tiled): the output is unchanged."""
    from polyopt.pipeline import render
    import polyopt.scheduler.tiling as tiling
    source = SourceFile("t.c", PROGRAM)
    scops = extract_scops(source).scops
    scops[0].known_values = {"N": 70, "K": 5}
    monkeypatch.setattr(tiling, "machine_caches", lambda: CacheSizes(l1=4 * 1024, l2=16 * 1024))
    result = render(source, scops, [], Options(scheduler="isl"), [None])
    tiled = re.search(r"tiled (\d+)x(\d+)x(\d+)", result.text)
    assert tiled and sorted(map(int, tiled.groups()))[0] == 5, result.text[:400]
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    optimized, _ = compile_and_run(result.text, tmp_path, "optimized")
    assert optimized == expected


@pytest.mark.parametrize("text,size", [("32K", 32768), ("1024K\n", 1048576), ("2M", 2097152),
                                       ("x", None), ("0K", None)])
def test_cache_size_text(text, size):
    assert _parse_size(text) == size


def test_cache_sizes_from_sysfs(tmp_path):
    for index, (level, kind, size) in enumerate([(1, "Data", "48K"), (1, "Instruction", "32K"),
                                                 (2, "Unified", "2048K")]):
        directory = tmp_path / f"index{index}"
        directory.mkdir()
        (directory / "level").write_text(f"{level}\n")
        (directory / "type").write_text(f"{kind}\n")
        (directory / "size").write_text(f"{size}\n")
    assert _from_sysfs(tmp_path) == {1: 48 * 1024, 2: 2048 * 1024}


def test_cache_sharing_from_sysfs(tmp_path, monkeypatch):
    import polyopt.core.machine.caches as cache
    for index, (level, kind, cpus) in enumerate([(1, "Data", "0"), (1, "Instruction", "0"),
                                                 (2, "Unified", "0-1"), (3, "Unified", "0-3,8-11")]):
        directory = tmp_path / f"index{index}"
        directory.mkdir()
        (directory / "level").write_text(f"{level}\n")
        (directory / "type").write_text(f"{kind}\n")
        (directory / "shared_cpu_list").write_text(f"{cpus}\n")
    monkeypatch.setattr(cache, "_SYSFS", tmp_path)
    monkeypatch.delenv("POLYOPT_CACHES")          # (tests/conftest.py pins it)
    assert cache.sysfs_cache_sharing() == {1: 1, 2: 2, 3: 8}


def test_an_implausible_cache_from_sysfs_is_bounded(tmp_path, monkeypatch):
    """A virtual machine's 480 MiB L3 shared by its two CPUs is read as 32 MiB (the
    cost model would otherwise tile nothing); real sizes pass unchanged."""
    import polyopt.core.machine.caches as cache
    levels = [(1, "Data", "48K", "0"), (2, "Unified", "2048K", "0"),
              (3, "Unified", "491520K", "0-1")]
    for index, (level, kind, size, cpus) in enumerate(levels):
        directory = tmp_path / f"index{index}"
        directory.mkdir()
        (directory / "level").write_text(f"{level}\n")
        (directory / "type").write_text(f"{kind}\n")
        (directory / "size").write_text(f"{size}\n")
        (directory / "shared_cpu_list").write_text(f"{cpus}\n")
    monkeypatch.setattr(cache, "_SYSFS", tmp_path)
    monkeypatch.delenv("POLYOPT_CACHES")          # (tests/conftest.py pins it)
    assert cache.sysfs_data_caches() == {1: 48 << 10, 2: 2 << 20, 3: 32 << 20}
    assert cache.plausible({3: 256 << 20}, {3: 32}) == {3: 256 << 20}   # 32 CPUs share it


def test_caches_from_the_environment(monkeypatch):
    """POLYOPT_CACHES stands for sysfs: each level's size, innermost first, the last
    one shared by all CPUs; a malformed value is a usage error that says the format."""
    import polyopt.core.machine.caches as cache
    from polyopt.core.errors import UsageError
    monkeypatch.setenv("POLYOPT_CACHES", "48K,2M,64M")
    assert cache.sysfs_data_caches() == {1: 48 << 10, 2: 2 << 20, 3: 64 << 20}
    assert cache.sysfs_cache_sharing() == {1: 1, 2: 1, 3: cache.SHARED_BY_ALL}
    monkeypatch.setenv("POLYOPT_CACHES", "48K,lots")
    with pytest.raises(UsageError, match="POLYOPT_CACHES='48K,lots': expected .*32K,512K,32M"):
        cache.sysfs_data_caches()


def test_untiled_band_gets_its_stride_one_loop_innermost():
    """The product fits the cache (N = 100): not tiled, but j (stride 1 in C and B)
    goes innermost, the parallel i stays outermost; still legal."""
    from polyopt.scheduler.bands import is_legal
    from polyopt.core.dependences import compute_dependences
    scop, untiled, tiled, report = _tiled(MATMUL, {"N": 100})
    assert report.bands == []
    band = _outermost_band(tiled)
    members = [str(band.band_get_partial_schedule().get_at(m)) for m in range(3)]
    assert "-> [(i)]" in members[0] and "-> [(j)]" in members[2], members
    assert band.band_member_get_coincident(0)
    assert is_legal(tiled, compute_dependences(scop).all)



def test_band_without_a_footprint_model():
    """A skewed band (members not plain iterators): tiles of 32, or the largest power
    of two within a smaller known extent; a small member still whole."""
    assert model_tile_sizes(None, [None, None], [0, 1], CACHES) == [32, 32]
    assert model_tile_sizes(None, [(0, 23), (1, 4000)], [0, 1], CACHES) == [16, 32]
    assert model_tile_sizes(None, [(0, 4), (0, 99), None], [0, 1, 2], CACHES) == [5, 32, 32]


ROWS = """
double A[E][T], B[E][T];
void f(void) {
#pragma scop
  for (int e = 0; e < E; e++)
    for (int t = 0; t < T; t++)
      A[e][t] = 2.0 * B[e][t] + A[e][t];
#pragma endscop
}
"""


def test_a_parallel_member_leaves_a_tile_for_each_thread(monkeypatch):
    """32 rows in one tile of 32 would leave the parallel tile loop one iteration and
    every thread but one idle: the rows' tiles are cut for the threads (OMP_NUM_THREADS,
    else the CPUs polyopt may use); one thread, or rows enough, keep the cache model's."""
    def sizes(rows: int, threads: int) -> list[int] | None:
        monkeypatch.setenv("OMP_NUM_THREADS", str(threads))
        scop = _scop(ROWS, {"E": rows, "T": 100000})
        untiled = schedule_scop(scop, Options(scheduler="isl", tile=False)).schedule
        report = TilingReport()
        tile_schedule(untiled, None, report, scop=scop, caches=CACHES)
        return report.bands[0] if report.bands else None

    assert sizes(32, 1) == [32, 256]
    assert sizes(32, 2) == [16, 256]
    assert sizes(32, 4) == [8, 256]
    assert sizes(1000, 2) == sizes(1000, 1) == [64, 256]
    assert sizes(48, 2) == [32, 256]      # two tiles already (32 and 16)
    # a band without a footprint model (skewed) alike; no parallel member: no change
    assert model_tile_sizes(None, [(0, 31), (0, 4000)], [0, 1], CACHES, 2, 0) == [16, 32]
    assert model_tile_sizes(None, [(0, 31), (0, 4000)], [0, 1], CACHES, 2, None) == [32, 32]
