"""The statements of an innermost loop body in the order they are written where the
dependences allow it (scheduler.tree.in_written_order), and an innermost loop with a
test of outer iterators only printed once for each outcome (codegen.openmp: a fused
initialization's guard, out of the vector loop)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import islpy as isl

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from polyopt.scheduler.tree import in_written_order
from tests.conftest import compile_and_run, needs_gcc

# rates from a per-cell temperature, then a time loop of a per-cell update of two
# species through block-local rates: isl fuses the rates' nest into the time loop,
# each rate under a test of the first time step, and orders the statements its way
GROWTH = """\
#include <math.h>
#include <stdio.h>
#define NT 40
#define NY 64
#define NX 300
static double T[NY][NX], KA[NY][NX], KB[NY][NX], P[NY][NX], Q[NY][NX];
int main(void)
{
  int t, i, j;
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++) {
      T[i][j] = 300.0 + (double)((i * 5 + j * 3) % 41);
      P[i][j] = 0.5 + (double)((i + j) % 7) / 10.0;
      Q[i][j] = 0.25 + (double)((2 * i + j) % 5) / 20.0;
    }
#pragma scop
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++) {
      KA[i][j] = 0.5 * exp(-100.0 / T[i][j]);
      KB[i][j] = 0.25 * exp(-200.0 / T[i][j]);
    }
  for (t = 0; t < NT; t++)
    for (i = 0; i < NY; i++)
      for (j = 0; j < NX; j++) {
        double grow = KA[i][j] * P[i][j] * (1.0 - P[i][j]);
        double eat = KB[i][j] * P[i][j] * Q[i][j];
        P[i][j] = P[i][j] + 0.01 * (grow - eat);
        Q[i][j] = Q[i][j] + 0.01 * (eat - 0.1 * Q[i][j]);
      }
#pragma endscop
  double sum = 0.0;
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++)
      sum += (P[i][j] + 2.0 * Q[i][j]) * (double)(1 + (i + 3 * j) % 7);
  printf("%.10e\\n", sum);
  return 0;
}
"""


def _innermost_bodies(text: str) -> list[str]:
    """The bodies of the loops that hold no loop, as printed."""
    bodies = []
    for match in re.finditer(r"for \([^\n]*\)\n(\s*)\{\n", text):
        indent = match.group(1)
        end = text.index(f"\n{indent}}}", match.end())
        body = text[match.end():end]
        if "for (" not in body:
            bodies.append(body)
    return bodies


@needs_gcc
def test_fused_update_in_written_order_and_its_guard_out_of_the_vector_loop(tmp_path):
    result = optimize_source(SourceFile("growth.c", GROWTH), Options(scheduler="isl"))
    bodies = [body for body in _innermost_bodies(result.text) if "grow =" in body]
    assert bodies, result.text
    for body in bodies:
        # no test inside: the first step's rates are in their own copy of the loop
        assert "if (" not in body, result.text
        starts = [line.strip()[:2] for line in body.splitlines() if line.strip()]
        update = [start for start in starts if start in ("gr", "ea", "P[", "Q[")]
        assert update == ["gr", "ea", "P[", "Q["], body
    # the copy under the first step's test: the rates first (where isl put them: the
    # statements of some iterations only keep their place, first or last)
    first = [body for body in bodies if "KA[" in body and "exp(" in body]
    assert first and max(first[0].index("KA["), first[0].index("KB[")) < \
        first[0].index("grow ="), result.text
    expected, _ = compile_and_run(GROWTH, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected


def _scop(*names: str):
    return SimpleNamespace(statements=[SimpleNamespace(name=name) for name in names])


def _leaf_order(schedule: isl.Schedule) -> list[str]:
    """The statements of the sequence below the band, in order."""
    node = schedule.get_root().child(0).child(0)
    assert node.get_type() == isl.schedule_node_type.sequence, schedule
    names = []
    for k in range(node.n_children()):
        found = []
        node.child(k).filter_get_filter().foreach_set(lambda s: found.append(s.get_tuple_name()))
        names.append(found)
    return [name for found in names for name in sorted(found)]


def _band_with(children: list[str], kind: str = "sequence",
               first_only: tuple[str, ...] = ()) -> isl.Schedule:
    """A band over i with `children` below it; those `first_only` run at i = 0 only."""
    domain = isl.UnionSet("[n] -> { " + "; ".join(
        f"{c}[i] : {'i = 0 < n' if c in first_only else '0 <= i < n'}" for c in children) + " }")
    node = isl.Schedule.from_domain(domain).get_root().child(0)
    node = node.insert_partial_schedule(isl.MultiUnionPwAff(
        "[n] -> [{ " + "; ".join(f"{c}[i] -> [(i)]" for c in children) + " }]"))
    filters = isl.UnionSetList.alloc(isl.DEFAULT_CONTEXT, len(children))
    for child in children:
        filters = filters.add(isl.UnionSet(f"[n] -> {{ {child}[i] }}"))
    node = node.child(0)
    node = node.insert_sequence(filters) if kind == "sequence" else node.insert_set(filters)
    return node.get_schedule()


def test_written_order_where_nothing_forbids_it():
    schedule = _band_with(["S2", "S0", "S1"])
    ordered = in_written_order(schedule, _scop("S0", "S1", "S2"), isl.UnionMap("[n] -> { }"))
    assert _leaf_order(ordered) == ["S0", "S1", "S2"]
    assert ordered.get_map().is_equal(ordered.get_map())


def test_a_dependence_at_one_iteration_keeps_its_order():
    schedule = _band_with(["S2", "S0", "S1"])
    # S2 before S0 in the same iteration: S0 can go no earlier than after S2
    dependences = isl.UnionMap("[n] -> { S2[i] -> S0[i] }")
    ordered = in_written_order(schedule, _scop("S0", "S1", "S2"), dependences)
    assert _leaf_order(ordered) == ["S1", "S2", "S0"]


def test_a_dependence_carried_by_the_loop_does_not_order_the_body():
    schedule = _band_with(["S1", "S0"])
    dependences = isl.UnionMap("[n] -> { S1[i] -> S0[i + 1] : 0 <= i < n - 1 }")
    ordered = in_written_order(schedule, _scop("S0", "S1"), dependences)
    assert _leaf_order(ordered) == ["S0", "S1"]


def test_a_set_becomes_a_sequence_in_written_order():
    schedule = _band_with(["S1", "S0"], kind="set")
    ordered = in_written_order(schedule, _scop("S0", "S1"), isl.UnionMap("[n] -> { }"))
    assert _leaf_order(ordered) == ["S0", "S1"]


def test_unchanged_where_already_in_order():
    schedule = _band_with(["S0", "S1", "S2"])
    ordered = in_written_order(schedule, _scop("S0", "S1", "S2"), isl.UnionMap("[n] -> { }"))
    assert ordered.plain_is_equal(schedule)


def test_a_statement_of_the_first_iteration_only_stays_first():
    # (isl peels S2 off the loop there; after S0 it would be a test inside the loop)
    schedule = _band_with(["S2", "S1", "S0"], first_only=("S2",))
    ordered = in_written_order(schedule, _scop("S0", "S1", "S2"), isl.UnionMap("[n] -> { }"))
    assert _leaf_order(ordered) == ["S2", "S0", "S1"]


# the same with the rates from divisions (no call): gcc, if-converting the first step's
# test, would divide in every iteration
DIVIDED = GROWTH.replace("0.5 * exp(-100.0 / T[i][j])", "0.5 / (1.0 + 100.0 / T[i][j])") \
    .replace("0.25 * exp(-200.0 / T[i][j])", "0.25 / (1.0 + 200.0 / T[i][j])")


def test_a_guard_around_a_division_is_out_of_the_vector_loop_too(tmp_path):
    assert "exp(" not in DIVIDED.split("#pragma scop")[1]
    result = optimize_source(SourceFile("growth.c", DIVIDED), Options(scheduler="isl"))
    bodies = [body for body in _innermost_bodies(result.text) if "grow =" in body]
    assert bodies and any("KA[" in body for body in bodies), result.text
    assert all("if (" not in body for body in bodies), result.text


def test_what_if_conversion_would_compute_in_every_iteration():
    from pycparser import c_parser
    from polyopt.codegen.openmp import _costly

    def body(text: str):
        return c_parser.CParser().parse(f"void f(void) {{ {text}; }}").ext[0].body.block_items[0]
    assert _costly(body("x = 65536 / J[m]"))
    assert _costly(body("x %= n"))
    assert _costly(body("x = a + exp(y)"))
    assert not _costly(body("x = a / 2.0 + b"))
    assert not _costly(body("x = SCALAR_VAL(0.0)"))
    assert not _costly(body("C[i][j] *= beta"))
