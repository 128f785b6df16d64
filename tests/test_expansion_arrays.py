"""Array expansion (scheduler.expansion.expanded_arrays_scop): an array that holds
values only within one iteration of its outer loops gets a cell per iteration, its
last values copied back; every candidate schedule of the expanded SCoP computes
what the original does."""

from __future__ import annotations

import islpy as isl
import pytest
from tests.conftest import compile_and_run, needs_gcc

from polyopt.codegen.statements import statement_text
from polyopt.core.dependences import compute_dependences
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source, render
from polyopt.pipeline.analysis import find_scops
from polyopt.scheduler.base import ScheduleResult
from polyopt.scheduler.candidates import candidate_schedules
from polyopt.scheduler.expansion import expanded_arrays_scop, private_arrays

# a work row refilled for every row (`row`, a global: its last values are read after
# the loops), and a sum vector cleared for every (r, q) (`sum`): neither outer loop
# is parallel as written
PROGRAM = """\
#include <stdio.h>
#define N 120
#define M 90
#define P 40
static double A[N][M], B[N][M], C[N][M], row[M + 2];
static double T[N][M][P], W[P][P], sum[P];
int main(void)
{
  int i, j, r, q, p, s;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      A[i][j] = ((i * 7 + j * 3) % 17) * 0.125 + 0.5;
      B[i][j] = ((i + 2 * j) % 11) * 0.25 + 0.25;
      for (p = 0; p < P; p++)
        T[i][j][p] = ((i * j + p) % 13) * 0.0625 + 0.5;
    }
  for (p = 0; p < P; p++)
    for (s = 0; s < P; s++)
      W[p][s] = ((p * 5 + s) % 7) * 0.125 - 0.25;
  for (j = 0; j < M + 2; j++)
    row[j] = -1.0;
#pragma scop
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++)
      row[j + 1] = A[i][j] * 2.0 + B[i][j];
    for (j = 1; j < M - 1; j++)
      C[i][j] = row[j] + row[j + 1] + row[j + 2];
  }
  for (r = 0; r < N; r++)
    for (q = 0; q < M; q++) {
      for (p = 0; p < P; p++) {
        sum[p] = 0.0;
        for (s = 0; s < P; s++)
          sum[p] += T[r][q][s] * W[s][p];
      }
      for (p = 0; p < P; p++)
        T[r][q][p] = sum[p];
    }
#pragma endscop
  double total = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      total += C[i][j] * ((i * 3 + j) % 7 + 1);
      for (p = 0; p < P; p++)
        total += T[i][j][p] * ((p + i) % 5 + 1);
    }
  for (j = 0; j < M + 2; j++)
    total += row[j] * (j + 1);
  for (p = 0; p < P; p++)
    total += sum[p] * (p + 2);
  printf("%.12e\\n", total);
  return 0;
}
"""


def _scop(text: str):
    """The file's first SCoP with the sizes its #defines give (as the pipeline sees it)."""
    scops, _ = find_scops(SourceFile("t.c", text), Options())
    return scops[0]


def test_each_work_array_gets_a_cell_per_iteration_of_the_loops_it_is_private_to():
    scop = _scop(PROGRAM)
    assert private_arrays(scop, compute_dependences(scop)) == {"row": 1, "sum": 2}
    expanded = expanded_arrays_scop(scop)
    assert expanded is not None
    buffers = {buffer.array: buffer for buffer in expanded.buffers}
    assert set(buffers) == {"row", "sum"} and all(b.expands for b in buffers.values())
    # a cell per row i, then per element written and read (row[1..M], from 1)
    assert [isl.PwAff(extent).intersect_params(isl.Set("[P, M, N] -> { : N = 120 and M = 90 }"))
            .max_val().to_python() for extent in buffers["row"].extents] == [120, 90]
    assert len(buffers["row"].extents) == 2 and len(buffers["sum"].extents) == 3
    texts = [statement_text(s.body, s.iterators, s.iterators) for s in expanded.statements]
    row, total = buffers["row"].name, buffers["sum"].name
    assert texts[:2] == [f"{row}[i][j] = (A[i][j] * 2.0) + B[i][j]",
                         f"C[i][j] = ({row}[i][j - 1] + {row}[i][j]) + {row}[i][j + 1]"], texts
    assert f"{total}[r][q][p] += T[r][q][s] * W[s][p]" in texts, texts
    # the last values copied back, each element from the cell of its last write
    copies = texts[len(scop.statements):]
    assert len(copies) == 2, texts
    assert copies[0] == "row[polyopt_row_0] = {}[polyopt_row_1][polyopt_row_0 - 1]".format(row)
    assert copies[1].startswith("sum[polyopt_sum_0] = ")


def test_an_array_that_carries_a_value_from_one_iteration_to_the_next_is_kept():
    carried = PROGRAM.replace("row[j + 1] = A[i][j] * 2.0 + B[i][j];",
                              "row[j + 1] = A[i][j] * 2.0 + row[j + 1];")
    scop = _scop(carried)
    assert "row" not in private_arrays(scop, compute_dependences(scop))
    # a value from before the region (row[M + 1] is read, never written in it)
    live_in = PROGRAM.replace("C[i][j] = row[j] + row[j + 1] + row[j + 2];",
                              "C[i][j] = row[j] + row[j + 1] + row[M + 1];")
    scop = _scop(live_in)
    assert "row" not in private_arrays(scop, compute_dependences(scop))


def _expanded_choices(text: str):
    """(SCoPs, each candidate schedule of the expanded SCoP as a choice)."""
    scop = _scop(text)
    dependences = compute_dependences(scop)
    expanded = expanded_arrays_scop(scop, dependences)
    expanded_dependences = compute_dependences(expanded)
    return scop, dependences, [
        ScheduleResult(candidate.schedule, candidate.name, rewrite="expanded arrays",
                       rewritten=expanded, rewritten_dependences=expanded_dependences)
        for candidate in candidate_schedules(expanded, expanded_dependences)[1:]]


@needs_gcc
def test_every_schedule_of_the_expanded_program_computes_what_the_original_does(tmp_path):
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    scop, dependences, choices = _expanded_choices(PROGRAM)
    assert len(choices) >= 2
    parallel = checked = 0
    for k, choice in enumerate(choices):
        result = render(SourceFile("t.c", PROGRAM), [scop], [], Options(), [choice],
                        [dependences])
        text = result.text
        assert "polyopt_expanded_row" in text and "polyopt_expanded_sum" in text, text
        assert "the expanded arrays row, sum allocated" in text, text
        checked += "checked against the dependences" in text
        parallel += "#pragma omp parallel for" in text
        output, _ = compile_and_run(text, tmp_path, f"expanded{k}")
        assert output == expected, (choice.description, text)
    assert parallel          # the expansion frees the outer loops
    assert checked           # the reordered ones: the AST read back and checked


@needs_gcc
@pytest.mark.parametrize("expansion", [True, False])
def test_the_default_with_or_without_expansion_computes_what_the_original_does(tmp_path,
                                                                                  expansion):
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    text = optimize_source(SourceFile("t.c", PROGRAM), Options(expansion=expansion)).text
    if not expansion:
        assert "polyopt_expanded" not in text
    output, _ = compile_and_run(text, tmp_path, "optimized")
    assert output == expected
