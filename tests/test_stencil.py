"""Time tiling of stencils (scheduler.stencil): detection from the model, and
time-tiled code that computes exactly what the original computes."""

from __future__ import annotations

import islpy as isl
import pytest

from polyopt.core.dependences import compute_dependences
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from polyopt.scheduler.bands import is_legal
from polyopt.scheduler.stencil import detect_stencil, tiles_in_order, time_tile
from tests.conftest import compile_and_run, needs_gcc

# Each program: its declarations (sizes as #defines, none a multiple of a tile
# size), the SCoP, and the arrays printed element by element, exactly (%a).
STENCILS = {
    "jacobi1d": ("#define T 11\n#define N 53\nstatic double A[N], B[N];", """
    for (int t = 0; t < T; t++) {
        for (int i = 1; i < N - 1; i++)
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
        for (int i = 1; i < N - 1; i++)
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }""", ["A[N]", "B[N]"]),
    "jacobi2d": ("#define T 7\n#define N 29\nstatic double A[N][N], B[N][N];", """
    for (int t = 0; t < T; t++) {
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
    }""", ["A[N][N]", "B[N][N]"]),
    "heat3d": ("#define T 5\n#define N 13\nstatic double A[N][N][N], B[N][N][N];", """
    for (int t = 1; t <= T; t++) {
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                for (int k = 1; k < N - 1; k++)
                    B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                               + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                               + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                               + A[i][j][k];
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                for (int k = 1; k < N - 1; k++)
                    A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                               + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                               + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                               + B[i][j][k];
    }""", ["A[N][N][N]", "B[N][N][N]"]),
    "fdtd2d": ("#define TMAX 9\n#define NX 23\n#define NY 27\n"
               "static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];", """
    for (int t = 0; t < TMAX; t++) {
        for (int j = 0; j < NY; j++)
            ey[0][j] = fict[t];
        for (int i = 1; i < NX; i++)
            for (int j = 0; j < NY; j++)
                ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
        for (int i = 0; i < NX; i++)
            for (int j = 1; j < NY; j++)
                ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
        for (int i = 0; i < NX - 1; i++)
            for (int j = 0; j < NY - 1; j++)
                hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
    }""", ["ex[NX][NY]", "ey[NX][NY]", "hz[NX][NY]", "fict[TMAX]"]),
    "seidel2d": ("#define T 6\n#define N 23\nstatic double A[N][N];", """
    for (int t = 0; t <= T - 1; t++)
        for (int i = 1; i <= N - 2; i++)
            for (int j = 1; j <= N - 2; j++)
                A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                           + A[i][j - 1] + A[i][j] + A[i][j + 1]
                           + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;""",
                 ["A[N][N]"]),
    "seidel1d": ("#define T 9\n#define N 47\nstatic double A[N];", """
    for (int t = 0; t < T; t++)
        for (int i = 1; i < N - 1; i++)
            A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;""", ["A[N]"]),
}

NOT_STENCILS = {
    # the outer loop carries no dependence
    "matmul": ("#define N 20\nstatic double A[N][N], B[N][N], C[N][N];", """
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++)
                C[i][j] += A[i][k] * B[k][j];""", ["C[N][N]"]),
    # distances in space grow with N: a reversal, no stencil
    "reversal": ("#define T 8\n#define N 31\nstatic double A[N], B[N];", """
    for (int t = 0; t < T; t++) {
        for (int i = 0; i < N; i++)
            B[i] = A[N - 1 - i] + 1.0;
        for (int i = 0; i < N; i++)
            A[i] = 0.5 * B[i];
    }""", ["A[N]"]),
    # two loop nests, no loop around both
    "two_nests": ("#define N 30\nstatic double A[N][N], B[N][N];", """
    for (int i = 1; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = A[i - 1][j] + 1.0;
    for (int i = 0; i < N; i++)
        for (int j = 1; j < N; j++)
            B[i][j] = B[i][j - 1] + A[i][j];""", ["A[N][N]", "B[N][N]"]),
}


def _program(declarations: str, scop: str, arrays: list[str]) -> str:
    """A whole program: arrays filled from their indices, the SCoP, every element printed."""
    fill, dump = [], []
    for array in arrays:
        name, dims = array.split("[", 1)[0], ["" + d.rstrip("]") for d in array.split("[")[1:]]
        iterators = [f"x{k}" for k in range(len(dims))]
        subscript = "".join(f"[{x}]" for x in iterators)
        loops = "".join(f"for (int {x} = 0; {x} < {d}; {x}++) " for x, d in zip(iterators, dims))
        value = " + ".join(f"{3 + 2 * k} * {x}" for k, x in enumerate(iterators))
        fill.append(f"    {loops}{name}{subscript} = (double)(({value} + {len(name)}) % 17) / 7.0;")
        dump.append(f'    {loops}printf("%a\\n", {name}{subscript});')
    return ("#include <stdio.h>\n" + declarations + "\nint main(void)\n{\n" + "\n".join(fill)
            + "\n#pragma scop" + scop + "\n#pragma endscop\n" + "\n".join(dump)
            + "\n    return 0;\n}\n")


def _scop(name: str, table=STENCILS):
    text = _program(*table[name])
    scop = extract_scops(SourceFile(f"{name}.c", text)).scops[0]
    return scop, compute_dependences(scop).all


@pytest.mark.parametrize("name, slopes, skews, diamond", [
    ("jacobi1d", [(1, 1)], [[], [1]], True),
    ("jacobi2d", [(1, 1), (1, 1)], [[], [1], [1, 0]], True),
    ("heat3d", [(1, 1)] * 3, [[], [1], [1, 0], [1, 0, 0]], True),
    ("fdtd2d", [(1, 1), (1, 1)], [[], [1], [1, 0]], True),
    # in place: dependences within one time step along i and j
    ("seidel2d", [(1, 0), (1, 1)], [[], [1], [1, 1]], False),
    ("seidel1d", [(1, 0)], [[], [1]], False),
])
def test_stencils_are_detected_with_their_slopes(name, slopes, skews, diamond):
    scop, dependences = _scop(name)
    stencil, why = detect_stencil(scop, dependences)
    assert stencil is not None, why
    assert stencil.slopes == slopes
    assert stencil.skews == skews
    assert stencil.diamond_legal == diamond


@pytest.mark.parametrize("name, why", [
    ("matmul", "carries no dependence"),
    ("reversal", "unbounded"),
    ("two_nests", "no outer loop"),
])
def test_other_programs_are_no_stencils(name, why):
    scop, dependences = _scop(name, NOT_STENCILS)
    stencil, reason = detect_stencil(scop, dependences)
    assert stencil is None and why in reason
    assert time_tile(scop, dependences)[0] is None


@pytest.mark.parametrize("name, shape", [("jacobi2d", "diamond"), ("seidel2d", "parallelogram"),
                                         ("fdtd2d", "diamond"), ("seidel1d", "parallelogram")])
def test_time_tiled_tree_is_legal_with_a_parallel_wavefront(name, shape):
    scop, dependences = _scop(name)
    tiling, why = time_tile(scop, dependences, [3, 4, 5])
    assert tiling is not None, why
    assert tiling.shape == shape
    assert is_legal(tiling.schedule, dependences)
    tile_band = tiling.schedule.get_root().child(0)
    assert tile_band.band_get_permutable()
    assert [tile_band.band_member_get_coincident(k) for k in range(2)] == [False, True]


@pytest.mark.parametrize("shape", ["diamond", "hexagonal"])
def test_diamonds_and_hexagons_are_refused_where_a_step_moves_along_space(shape):
    scop, dependences = _scop("seidel2d")
    tiling, why = time_tile(scop, dependences, shape=shape)
    assert tiling is None and shape in why


@pytest.mark.parametrize("shape", ["diamond", "parallelogram", "hexagonal"])
def test_the_faster_legality_check_agrees_with_the_tree(shape):
    scop, dependences = _scop("jacobi1d")
    tiling, why = time_tile(scop, dependences, [4, 5], shape=shape)
    assert tiling.is_legal(dependences) and is_legal(tiling.schedule, dependences)
    # a tile order against the dependences: the time tiles backwards
    backwards = tiling.tile_band.set_at(0, tiling.tile_band.get_at(0).neg())
    assert not tiles_in_order(backwards, dependences)


@pytest.mark.parametrize("name", ["jacobi1d", "jacobi2d", "fdtd2d"])
def test_hexagonal_tiles_cover_the_domain_once_in_a_legal_order(name):
    scop, dependences = _scop(name)
    tiling, why = time_tile(scop, dependences, [4, 5, 6], shape="hexagonal")
    assert tiling is not None, why
    assert tiling.is_legal(dependences)
    tiles = tiling.tile_band
    relation = isl.UnionMap.from_multi_union_pw_aff(tiles)
    assert relation.domain().is_equal(scop.domain())
    # both phases are used, and the hexagon loop (member 2) is the parallel one
    phases = isl.Set.from_union_set(relation.range()).project_out(isl.dim_type.set, 2,
                                                                  tiles.dim(isl.dim_type.set) - 2)
    assert not phases.is_empty() and phases.dim_max_val(1).to_python() == 1
    assert tiling.schedule.get_root().child(0).band_member_get_coincident(2)


HEXAGONAL_CASES = [(name, "hexagonal", [4, 5, 6, 7]) for name in sorted(STENCILS)
                   if not name.startswith("seidel")]


def _case(name: str, shape: str, sizes: list[int] | None):
    """The largest programs under the less usual shapes, and the 3-D one's given sizes,
    run with the slow tests."""
    slow = (name in ("fdtd2d", "heat3d") and shape in ("parallelogram", "hexagonal")
            or name == "heat3d" and sizes is not None)
    return pytest.param(name, shape, sizes, marks=[pytest.mark.slow] if slow else [])


@needs_gcc
@pytest.mark.parametrize("name, shape, sizes",
                         [_case(name, shape, sizes) for name in sorted(STENCILS)
                          for shape, sizes in [("auto", [3, 5, 7, 6]), ("parallelogram", [4, 6, 5]),
                                               ("auto", None)]]
                         + [_case(*case) for case in HEXAGONAL_CASES])
def test_time_tiled_stencils_compute_exactly_the_original(tmp_path, name, shape, sizes):
    text = _program(*STENCILS[name])
    options = Options(time_tile=shape, stencil_tile=sizes, min_region_work=0)
    optimized = optimize_source(SourceFile(f"{name}.c", text), options).text
    assert f"time-tiled stencil ({shape if shape != 'auto' else ''}" in optimized
    assert "#pragma omp parallel for" in optimized
    expected, _ = compile_and_run(text, tmp_path, "original", flags=("-O2",))
    got, warnings = compile_and_run(optimized, tmp_path, "tiled",
                                    flags=("-O2", "-fopenmp", "-Wall", "-Wno-unknown-pragmas"))
    assert got == expected
    assert not warnings


def test_no_stencil_is_scheduled_as_usual():
    text = _program(*NOT_STENCILS["two_nests"])
    optimized = optimize_source(SourceFile("t.c", text),
                                Options(scheduler="isl", time_tile="auto")).text
    assert "time-tiled" not in optimized and "polyopt: isl scheduler" in optimized


def test_cli_time_tiles_for_both_targets(tmp_path, capsys):
    from polyopt.cli import main
    source = tmp_path / "jacobi1d.c"
    source.write_text(_program(*STENCILS["jacobi1d"]))
    output = tmp_path / "out.c"
    assert main([str(source), "--time-tile", "--stencil-tile", "4,6", "-o", str(output)]) == 0
    assert "time-tiled stencil (diamond tiles" in output.read_text()
    cuda = tmp_path / "out.cu"
    assert main([str(source), "--time-tile", "--target", "cuda", "-o", str(cuda)]) == 0
    assert "time-tiled stencil (hexagonal tiles" in cuda.read_text()
    assert main([str(source), "--time-tile", "--no-tile"]) != 0
    assert "--time-tile needs tiling" in capsys.readouterr().err


def test_hexagonal_variant_of_the_polybench_runner():
    """`polyopt polybench --variants hexagonal` runs Grosser's hybrid hexagonal tiles."""
    from polyopt.polybench.variants import known_variants, label, make_variant
    made = make_variant("hexagonal", 2)
    assert made.options.time_tile == "hexagonal" and made.options.scheduler == "auto"
    assert "-fopenmp" in made.compiler
    assert label("hexagonal") == "polyopt (hexagonal)" and "hexagonal" in known_variants()
    text = _program(*STENCILS["jacobi1d"])
    optimized = optimize_source(SourceFile("jacobi1d.c", text), made.options).text
    assert "time-tiled stencil (hexagonal" in optimized


def test_steps_depend_tells_iterated_stencils_from_rows():
    """Searches offer time tiles where a step depends on earlier steps only: a
    matrix-vector product's row loop passes detect_stencil (its statements are
    sub-steps) but no row depends on another."""
    from polyopt.scheduler.stencil import steps_depend
    for name in ("jacobi1d", "fdtd2d", "seidel2d"):
        scop, dependences = _scop(name)
        assert steps_depend(scop, dependences), name
    rows = {"mv": ("#define N 20\n#define M 17\nstatic double A[N][M], x[M], y[N];", """
    for (int i = 0; i < N; i++) {
        y[i] = 0.0;
        for (int j = 0; j < M; j++)
            y[i] += A[i][j] * x[j];
    }""", ["y[N]"])}
    scop, dependences = _scop("mv", rows)
    assert detect_stencil(scop, dependences)[0] is not None
    assert not steps_depend(scop, dependences)
