"""`--report FILE`: what polyopt decided, as JSON, validated against its schema."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

jsonschema = pytest.importorskip("jsonschema")

from polyopt.cli import main  # noqa: E402
from polyopt.pipeline.report import REPORT_FORMAT, diagnostic_json  # noqa: E402
from tests.conftest import needs_gcc  # noqa: E402

LOCATION = {"type": "object", "required": ["file", "line", "column"],
            "properties": {"file": {"type": "string"},
                           "line": {"type": ["integer", "null"]},
                           "column": {"type": ["integer", "null"]}}}
CANDIDATE = {"type": "object",
             "required": ["label", "predicted_seconds", "predicted_speedup", "chosen",
                          "parallel_regions"],
             "properties": {"label": {"type": "string"},
                            "predicted_seconds": {"type": "number", "minimum": 0},
                            "predicted_speedup": {"type": "number", "minimum": 0},
                            "chosen": {"type": "boolean"},
                            "parallel_regions": {"type": "number", "minimum": 0}}}
SCOP = {"type": "object",
        "required": ["location", "statements", "decision", "kept_as_written", "tiles",
                     "parallel_loops", "serial_small_regions", "versioned_condition",
                     "checked", "fallback", "cuda_kernels", "candidates"],
        "properties": {
            "location": LOCATION,
            "statements": {"type": "integer", "minimum": 1},
            "decision": {"type": "string"},
            "kept_as_written": {"type": "boolean"},
            "tiles": {"type": "array", "items": {"type": "array",
                                                 "items": {"type": "integer"}}},
            "parallel_loops": {"type": "array", "items": {
                "type": "object", "required": ["loop", "nest", "condition"],
                "properties": {"loop": {"type": "string"},
                               "nest": {"type": ["integer", "null"]},
                               "condition": {"type": ["string", "null"]}}}},
            "serial_small_regions": {"type": "array", "items": {"type": "string"}},
            "versioned_condition": {"type": ["string", "null"]},
            "checked": {"type": ["boolean", "null"]},
            "fallback": {"type": ["string", "null"]},
            "cuda_kernels": {"type": ["array", "null"], "items": {"type": "string"}},
            "candidates": {"type": ["array", "null"], "items": CANDIDATE}}}
DIAGNOSTIC = {"type": "object", "required": ["location", "severity", "message"],
              "properties": {"location": {"oneOf": [LOCATION, {"type": "null"}]},
                             "severity": {"enum": ["warning", "note", "error"]},
                             "message": {"type": "string"}}}
REPORT_SCHEMA = {
    "type": "object",
    "required": ["format", "polyopt", "file", "mode", "scops", "diagnostics"],
    "properties": {
        "format": {"const": REPORT_FORMAT},
        "polyopt": {"type": "string"},
        "file": {"type": "string"},
        "mode": {"enum": ["optimize", "tune", "random", "ga", "bench"]},
        "from_database": {"type": "boolean"},
        "harness": {"type": "string"},
        "measured": {"type": "object",
                     "required": ["candidates", "statuses", "best", "best_seconds"]},
        "scops": {"type": "array", "items": SCOP},
        "diagnostics": {"type": "array", "items": DIAGNOSTIC}}}
TIMES = {"type": "object", "required": ["median", "min", "max", "runs"],
         "properties": {"median": {"type": "number", "exclusiveMinimum": 0},
                        "runs": {"type": "array", "minItems": 1,
                                 "items": {"type": "number", "minimum": 0}}}}
BENCH_SCHEMA = {"allOf": [REPORT_SCHEMA, {
    "type": "object", "required": ["harness", "original", "optimized", "speedup", "output"],
    "properties": {"mode": {"const": "bench"}, "original": TIMES, "optimized": TIMES,
                   "speedup": {"type": "number", "exclusiveMinimum": 0},
                   "output": {"type": "object", "required": ["equal", "tolerance", "differences"],
                              "properties": {"equal": {"type": "boolean"},
                                             "differences": {"type": "array",
                                                             "items": {"type": "string"}}}}}}]}
MACHINE_SCHEMA = {
    "type": "object",
    "required": ["format", "threads", "data_caches", "caches_from", "team_start_ns",
                 "team_start_from", "vector_width"],
    "properties": {"format": {"const": "polyopt-machine/1"},
                   "threads": {"type": "integer", "minimum": 1},
                   "data_caches": {"type": "array", "minItems": 1, "items": {
                       "type": "object", "required": ["level", "bytes", "shared_by"],
                       "properties": {"level": {"type": "integer"},
                                      "bytes": {"type": "integer", "minimum": 1}}}},
                   "team_start_ns": {"type": "number", "minimum": 0},
                   "vector_width": {"type": "integer", "minimum": 1}}}

# a product the default transforms, and a short loop it keeps as written
TWO_SCOPS = """\
#define N 600
double A[N][N], B[N][N], C[N][N], x[4];
void product(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
void tiny(void)
{
  int i;
#pragma scop
  for (i = 1; i < 4; i++)
    x[i] = x[i - 1] + 1.0;
#pragma endscop
}
"""

PRODUCT_LIBRARY = """\
void product(int n, double C[n][n], double A[n][n], double B[n][n])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
void caller(double C[120][120], double A[120][120], double B[120][120])
{
  product(120, C, A, B);
}
"""


def _validated(path, schema=REPORT_SCHEMA) -> dict:
    document = json.loads(path.read_text())
    jsonschema.validate(document, schema)
    return document


PROGRAM = """\
#include <stdio.h>
#define N 300
static double A[N][N], B[N][N], C[N][N];
int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (i * j % 7) / 7.0;
      B[i][j] = (i + j) % 5 - 2.0;
    }
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
  double s = 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += C[i][j] * (i + 1);
  printf("%.8e\\n", s);
  return 0;
}
"""


@needs_gcc
def test_bench_report_has_every_run_and_the_verification(tmp_path):
    (tmp_path / "prog.c").write_text(PROGRAM)
    assert main(["bench", str(tmp_path / "prog.c"), "--repeat", "2", "--warmup", "0",
                 "--report", str(tmp_path / "bench.json")]) == 0
    document = _validated(tmp_path / "bench.json", BENCH_SCHEMA)
    assert document["output"]["equal"] and not document["output"]["differences"]
    assert len(document["original"]["runs"]) == len(document["optimized"]["runs"]) == 2
    assert document["speedup"] == pytest.approx(document["original"]["median"]
                                                / document["optimized"]["median"])


def test_machine_json():
    run = subprocess.run([sys.executable, "-m", "polyopt", "machine", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    jsonschema.validate(json.loads(run.stdout), MACHINE_SCHEMA)


def test_report_of_the_default_says_what_it_chose_and_why(tmp_path):
    source = tmp_path / "two.c"
    source.write_text(TWO_SCOPS)
    assert main([str(source), "-o", str(tmp_path / "out.c"), "-q",
                 "--report", str(tmp_path / "r.json")]) == 0
    document = _validated(tmp_path / "r.json")
    product, tiny = document["scops"]
    assert (product["location"]["line"], tiny["location"]["line"]) == (7, 17)
    assert not product["kept_as_written"] and product["parallel_loops"] and product["tiles"]
    assert sum(c["chosen"] for c in product["candidates"]) == 1
    chosen = next(c for c in product["candidates"] if c["chosen"])
    assert chosen["label"] in product["decision"]
    # the decision is the one the summary comment in the output states
    assert f"polyopt: {product['decision']}" in (tmp_path / "out.c").read_text()
    assert len(tiny["candidates"]) >= 2 and tiny["candidates"][0]["label"] == "original code"


def test_report_of_a_region_kept_as_written(tmp_path):
    """The analytical model keeps a loop of three iterations (every candidate predicted
    the same): the report says so, and the note that says why is located there."""
    source = tmp_path / "two.c"
    source.write_text(TWO_SCOPS)
    assert main([str(source), "-o", str(tmp_path / "out.c"), "-q", "--cost-model",
                 "analytical", "--report", str(tmp_path / "r.json")]) == 0
    document = _validated(tmp_path / "r.json")
    tiny = document["scops"][1]
    assert tiny["kept_as_written"] and not tiny["tiles"] and not tiny["parallel_loops"]
    assert tiny["candidates"][0]["label"] == "original code" and tiny["candidates"][0]["chosen"]
    notes = [d for d in document["diagnostics"] if d["severity"] == "note"]
    assert any(d["location"] and d["location"]["line"] == 17 for d in notes), notes

def test_report_of_a_fixed_scheduler_has_no_candidates(tmp_path):
    source = tmp_path / "two.c"
    source.write_text(TWO_SCOPS)
    assert main([str(source), "-o", str(tmp_path / "out.c"), "-q", "--scheduler", "isl",
                 "--report", str(tmp_path / "r.json")]) == 0
    document = _validated(tmp_path / "r.json")
    assert all(scop["candidates"] is None for scop in document["scops"])


def test_diagnostics_are_parsed_with_their_location():
    assert diagnostic_json("k.c:3:7: warning: subscript is not affine") == {
        "location": {"file": "k.c", "line": 3, "column": 7}, "severity": "warning",
        "message": "subscript is not affine"}
    assert diagnostic_json("note: nothing")["location"] is None
    assert diagnostic_json("lost.c: error: No such file")["location"] == {
        "file": "lost.c", "line": None, "column": None}
    assert diagnostic_json("polyopt: error: no input")["location"] is None


INDIRECT = """void f(int n, double *a, int *idx) {
#pragma scop
  for (int i = 0; i < n; i++)
    a[idx[i]] = 0;
#pragma endscop
}
"""


def test_diagnostics_json_writes_one_object_a_line(tmp_path, capsys):
    source = tmp_path / "indirect.c"
    source.write_text(INDIRECT)
    assert main([str(source), "-o", str(tmp_path / "out.c"), "--diagnostics", "json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines, "the region kept as written is warned about"
    for line in lines:
        jsonschema.validate(json.loads(line), DIAGNOSTIC)
    warning = json.loads(lines[0])
    assert warning["severity"] == "warning" and warning["location"]["line"] == 4
    assert "not affine" in warning["message"]
    # an error (a file that is not there) too, with exit status 1
    assert main([str(tmp_path / "lost.c"), "--diagnostics=json"]) == 1
    error = json.loads(capsys.readouterr().err.splitlines()[-1])
    assert error["severity"] == "error" and error["location"]["file"].endswith("lost.c")


@needs_gcc
def test_report_of_tune_says_when_the_database_answered(tmp_path):
    (tmp_path / "lib.c").write_text(PRODUCT_LIBRARY)
    command = [sys.executable, "-m", "polyopt", "lib.c", "--tune", "--tune-candidates", "1",
               "--db", str(tmp_path / "db.sqlite"), "-q", "-o", "out.c", "--report"]
    first = subprocess.run(command + ["first.json"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    document = _validated(tmp_path / "first.json")
    assert document["mode"] == "tune" and not document["from_database"]
    assert document["harness"] != "program" and document["measured"]["candidates"] >= 1
    assert document["measured"]["best_seconds"] > 0
    second = subprocess.run(command + ["second.json"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=600)
    assert second.returncode == 0, second.stderr
    assert _validated(tmp_path / "second.json")["from_database"] is True
