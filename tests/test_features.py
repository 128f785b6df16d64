"""Schedule features (scheduler/features.py) on small trees whose values were
worked out by hand, as in the thesis's examples (§7.1)."""

from __future__ import annotations

import islpy as isl
import pytest

from polyopt.core.dependences import compute_dependences
from polyopt.frontend import SourceFile, extract_scops
from polyopt.scheduler.features import FEATURE_NAMES, ScheduleFeatures, schedule_features
from tests.conftest import kernel_paths

# x[i] accumulates column i of A: S0[i, j], accesses write x[i], read x[i], read A[j][i].
# Dependences (flow, anti, output on x): S0[i, j] -> S0[i, j + 1].
REDUCTION = """
#define N 10
void f(double x[N], double A[N][N]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x[i] += A[j][i];
#pragma endscop
}
"""

# gemm with C initialized: S0[i, j] writes C[i][j]; S1[i, k, j] reads and writes
# C[i][j], reads A[i][k] and B[k][j].
PRODUCT = """
#define N 10
void f(double C[N][N], double A[N][N], double B[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      C[i][j] = 0;
    for (k = 0; k < N; k++)
      for (j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
#pragma endscop
}
"""


def _scop(text: str):
    scop = extract_scops(SourceFile("k.c", text)).scops[0]
    scop.known_values = {"N": 10}
    return scop, compute_dependences(scop)


def _tree(text: str) -> isl.Schedule:
    return isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, text)


REDUCTION_DOMAIN = '"[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }"'
# i outer (parallel), j inner: the dependences are carried innermost
ROWS = _tree('{ domain: %s, child: { schedule: "[{ S0[i, j] -> [(i)] }, { S0[i, j] -> [(j)] }]",'
             ' permutable: 1, coincident: [ 1, 0 ] } }' % REDUCTION_DOMAIN)
# j outer, i inner: every dependence carried by the outer loop
COLUMNS = _tree('{ domain: %s, child: { schedule: "[{ S0[i, j] -> [(j)] }, { S0[i, j] -> [(i)] }]",'
                ' permutable: 1, coincident: [ 0, 1 ] } }' % REDUCTION_DOMAIN)


def test_reduction_rows_by_hand():
    scop, dependences = _scop(REDUCTION)
    features = schedule_features(scop, dependences, ROWS, tile_sizes=[[32, 32]])
    assert list(features) == list(FEATURE_NAMES)
    assert features["F_Leaves"] == 1.0                 # 1 leaf / 1 statement
    assert features["F_Seq"] == 0.0                    # a single statement
    assert features["F_Depth"] == pytest.approx(2 / 4)  # band, leaf / (1 + 2 + 1)
    assert features["F_SpIter"] == pytest.approx(2 / 4)
    assert features["F_Par"] == 1.0                    # the outermost loop is parallel
    assert features["F_Tile"] == 1.0                   # both loops in the tiled band
    assert features["F_TileSize"] == pytest.approx(5 / 8)   # log2(32) / log2(256)
    assert features["F_TiledMembers"] == 1.0
    # x[i] invariant in j (read and write), A[j][i] strides across rows of A
    assert features["F_MemAcc"] == pytest.approx(2 / 3)
    # N = 10. Each of the flow, anti and output polyhedra S0[i, j] -> S0[i, j + 1]
    # touches: reads both ends 10 (x) + 80 (A[1..8][*]), write/read 10, read/write 10,
    # write/write 10: 120. The read-after-read pairs of x (same i, other j), in
    # either order: 10 + 100 + 10 + 10 + 10 = 140. All carried by dimension 2 of 2.
    assert features["F_DataLoc"] == pytest.approx((3 * 120 * 2 + 140 * 2) / (2 * (3 * 120 + 140)))


def test_reduction_columns_by_hand():
    scop, dependences = _scop(REDUCTION)
    features = schedule_features(scop, dependences, COLUMNS, tile_sizes=[[0]])
    assert features["F_Par"] == pytest.approx((2 - 1) / 2)   # the parallel loop is the 2nd
    assert features["F_Tile"] == 0.0                         # sizes say: not tiled
    assert features["F_TileSize"] == 0.0
    assert features["F_TiledMembers"] == 0.0
    assert features["F_MemAcc"] == 1.0       # x[i] moves forward, A[j][i] along its row
    # every dependence now carried by dimension 1 of 2
    assert features["F_DataLoc"] == pytest.approx(0.5)


def test_flat_tile_sizes_apply_to_every_band():
    scop, dependences = _scop(REDUCTION)
    features = schedule_features(scop, dependences, ROWS, tile_sizes=[16])
    assert features["F_TileSize"] == pytest.approx(4 / 8)
    assert features["F_Tile"] == 1.0
    untiled = schedule_features(scop, dependences, ROWS, tile_sizes=[0])   # --no-tile
    assert untiled["F_Tile"] == 0.0 and untiled["F_TiledMembers"] == 0.0


PRODUCT_TREE = _tree(
    '{ domain: "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N; '
    'S1[i, k, j] : 0 <= i < N and 0 <= k < N and 0 <= j < N }", '
    'child: { schedule: "[{ S0[i, j] -> [(i)]; S1[i, k, j] -> [(i)] }]", coincident: [ 1 ], '
    'child: { sequence: [ '
    '{ filter: "{ S0[i, j] }", child: { schedule: "[{ S0[i, j] -> [(j)] }]", coincident: [ 1 ] } }, '
    '{ filter: "{ S1[i, k, j] }", child: { schedule: "[{ S1[i, k, j] -> [(k)] }, '
    '{ S1[i, k, j] -> [(j)] }]", permutable: 1, coincident: [ 0, 1 ] } } ] } } }')


def test_product_by_hand():
    """The shape of the thesis's Example 7.1.1: a parallel outer band over both
    statements, then a sequence, one inner band each."""
    scop, dependences = _scop(PRODUCT)
    features = schedule_features(scop, dependences, PRODUCT_TREE, tile_sizes=[[32, 32]])
    assert features["F_Leaves"] == 1.0                   # 2 leaves / 2 statements
    assert features["F_Seq"] == 1.0                      # 1 sequence / (2 - 1)
    assert features["F_Depth"] == pytest.approx(4 / 6)   # band, sequence, band, leaf / (2+3+1)
    # coefficients: outer band 2 + 3 (zeros 1 + 2), S0's band 2 (1), S1's band 3 + 3 (2 + 2)
    assert features["F_SpIter"] == pytest.approx(8 / 13)
    assert features["F_Par"] == 1.0
    # only S1's band (k, j) is tiled: S0 0/2, S1 2/3
    assert features["F_Tile"] == pytest.approx((0 + 2 / 3) / 2)
    assert features["F_TiledMembers"] == pytest.approx(2 / 4)
    # C[i][j] (S0's write, S1's read and write), B[k][j] move forward along j; A[i][k] stays
    assert features["F_MemAcc"] == 1.0


def test_default_tile_sizes_follow_the_cache_model():
    """Without sizes the features see what tile_schedule does: a 10 x 10 band whose
    data fits in the cache is not tiled."""
    scop, dependences = _scop(REDUCTION)
    features = ScheduleFeatures(scop, dependences).features(ROWS)
    assert features["F_Tile"] == 0.0
    assert features["F_TiledMembers"] == 0.0
    assert features["F_Par"] == 1.0


def test_isl_schedules_of_the_test_kernels():
    """Every feature is finite and about [0, 1] on isl's schedule of some test kernels."""
    from polyopt.frontend import read_source
    from polyopt.scheduler import get_scheduler
    chosen = ("matmul.c", "jacobi2d.c", "lu.c", "trisolv.c", "syrk_like.c", "scalars.c")
    for path in [p for p in kernel_paths() if p.name in chosen]:
        for scop in extract_scops(read_source(str(path))).scops:
            dependences = compute_dependences(scop)
            tree = get_scheduler("isl").schedule(scop, dependences).schedule
            features = schedule_features(scop, dependences, tree)
            for name, value in features.items():
                assert 0.0 <= value <= 1.5, (path.name, name, value)


def test_a_search_gives_no_features_to_a_schedule_whose_features_run_away(monkeypatch):
    """isl cannot be interrupted: each schedule's features are computed in a forked
    child that is killed past FEATURE_SECONDS of CPU, and that schedule has none
    (as one whose features fail); the others' are those computed inline."""
    from polyopt.pipeline import Options
    from polyopt.search import Search, SearchSettings, driver

    plain = ScheduleFeatures.features

    def runaway(self, schedule, tile_sizes=None):
        if schedule.plain_is_equal(COLUMNS):
            while True:
                pass
        return plain(self, schedule, tile_sizes)

    monkeypatch.setattr(ScheduleFeatures, "features", runaway)
    monkeypatch.setattr(driver, "FEATURE_SECONDS", 0.5)
    search = Search(SourceFile("k.c", REDUCTION), Options(),
                    SearchSettings(use_database=False, codegen_jobs=2), judge=None)
    search.scops[0].known_values = {"N": 10}
    found = search.features_of(0, [(ROWS, [[32, 32]]), (COLUMNS, [[0]]), (ROWS, [[0]])])
    assert found[1] is None
    assert found[0] == schedule_features(search.scops[0], search.dependences[0], ROWS,
                                         tile_sizes=[[32, 32]])
    assert found[2]["F_Tile"] == 0.0 and found[0]["F_Tile"] == 1.0
