"""The benchmark scripts' own logic (the acceptance sweeps): the polybench report's count
and marks of kernels below 0.95x gcc, the default-pipeline variant, external tools
(retry on the preprocessed source, killed with what they started on a timeout),
--no-verify, and the whole-program script's comparison and table."""

from __future__ import annotations

import argparse
import csv
import importlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from polyopt.cli import main
from polyopt.core.errors import UsageError
from polyopt.polybench import variants
from polyopt.polybench.experiment import (OK, Experiment, Outcome, Settings,
                                          parse_dumps, run_tool)
from polyopt.polybench.report import RunInfo, slow_counts, summary_line, write_report
from polyopt.polybench.suite import own_suite
from polyopt.polybench.variants import Variant
from tests.conftest import needs_gcc

SUITE = Path(__file__).resolve().parents[1] / "polybench"
EXPERIMENTS = Path(__file__).resolve().parents[1] / "experiments"


def _experiment(name: str):
    """A script of experiments/, imported the way its siblings import it: by file
    name, with experiments/ on sys.path (experiments/README.md)."""
    if str(EXPERIMENTS) not in sys.path:
        sys.path.insert(0, str(EXPERIMENTS))
    return importlib.import_module(name)


programs_speed = _experiment("programs_speed")


def _outcome(kernel, variant, seconds, status=OK):
    return Outcome(kernel, variant, status=status, seconds=list(seconds),
                   verification="exact" if status == OK else "")


def test_report_marks_and_counts_kernels_below_095x(tmp_path):
    results = [
        _outcome("a", "gcc", [1.0, 1.0, 1.0]), _outcome("a", "polyopt", [1.04, 1.05, 1.06]),
        _outcome("a", "pluto", [0.5, 0.5, 0.5]),
        _outcome("b", "gcc", [2.0, 2.0, 2.0]), _outcome("b", "polyopt", [1.0, 1.0, 1.0]),
        _outcome("b", "pluto", [], status="timeout"),
        _outcome("c", "gcc", [1.0]), _outcome("c", "polyopt", [1.0]),
        _outcome("c", "pluto", [], status="wrong output"),
    ]
    names = ["gcc", "polyopt", "pluto"]
    # a: 1/1.05 = 0.952x is not below 0.95x; pluto's timeout and wrong output are failures
    assert slow_counts(results, names) == {"polyopt": (0, 0, 3, 0), "pluto": (0, 2, 1, 0)}
    results[1] = _outcome("a", "polyopt", [1.06, 1.07, 1.08])   # 0.935x: below
    assert slow_counts(results, names)["polyopt"] == (1, 0, 3, 0)
    info = RunInfo("polyopt polybench", "suite", "harness", "LARGE", 3, 2, 1e-6,
                   [(name, "") for name in names], [], timeout=100.0)
    write_report(tmp_path / "report.md", info, results, [])
    report = (tmp_path / "report.md").read_text()
    row = next(line for line in report.splitlines() if line.startswith("| a |"))
    assert "**0.935x** ▼" in row and "| 2x |" in row
    # b's timeout: slower than gcc's 2 s over the 100 s limit
    assert "**timeout** (<0.02x) ▼" in report
    counts = next(line for line in report.splitlines() if line.startswith("| below 0.95x"))
    assert counts.split("|")[3:5] == [" **1**/3 ", " 0/1 (+2 failed) "]
    assert "(1 below 0.95x)" in summary_line(results, names)
    # the same code as gcc's: said in the cell and in the count (its ratio is noise)
    results[1].original_code = True
    assert slow_counts(results, names)["polyopt"] == (1, 0, 3, 1)
    write_report(tmp_path / "report.md", info, results, [])
    report = (tmp_path / "report.md").read_text()
    assert "**0.935x** ▼ (original code)" in report
    assert "**1**/3 (1 of them the original code)" in report


def test_same_code_ignores_comments_and_spaces_only():
    from polyopt.polybench.experiment import same_code
    original = "int f(int x) {\n  return x + 1; // one\n}\n"
    assert same_code(original, "int f(int x) {\n/* polyopt: kept */\n    return x + 1;\n}\n")
    assert not same_code(original, "int f(int x) {\n  return x + 2;\n}\n")


def test_a_model_variant_runs_the_default_with_another_learned_model():
    made = variants.make_variant("model:/m/v4.npz", 2)
    assert made.transform == [sys.executable, "-m", "polyopt", "--no-db",
                              "--cost-model", "/m/v4.npz"] and made.size_flags
    assert variants.label("model:/m/v4.npz") == "polyopt (model:/m/v4.npz)"
    assert "model:FILE" in variants.known_variants()
    with pytest.raises(UsageError, match="needs a learned model file"):
        variants.make_variant("model:", 2)


def test_default_pipeline_variant_is_told_the_build_sizes_where_polyopt_can(monkeypatch,
                                                                           tmp_path):
    made = variants.make_variant("polyopt", 2)
    assert made.transform == [sys.executable, "-m", "polyopt", "--no-db"] and made.size_flags
    assert made.options is None and "-fopenmp" in made.compiler
    assert variants.label("polyopt") == "polyopt (default)"
    monkeypatch.setattr(variants, "_polyopt_options", lambda: "usage: polyopt FILE")
    assert variants.size_flags(["SMALL_DATASET"], ["/inc"]) == []
    monkeypatch.setattr(variants, "_polyopt_options",
                        lambda: "-D NAME, --define NAME[=VALUE]  -I DIR, --include-dir DIR")
    assert variants.size_flags(["SMALL_DATASET"], ["/inc"]) == [
        "--define", "SMALL_DATASET", "-I", "/inc"]
    # the flags reach the command, before the file
    tool = tmp_path / "tool.py"
    tool.write_text("import pathlib, sys\n"
                    "pathlib.Path(sys.argv[-1]).write_text(repr(sys.argv[1:-3]))\n")
    suite = own_suite(SUITE)
    experiment = Experiment(suite, [], Settings(dataset="MINI"), tmp_path)
    fake = Variant("polyopt", ["gcc"], transform=[sys.executable, str(tool)], size_flags=True)
    text = experiment._external(fake, suite.select(["gemm"])[0], Outcome("gemm", "polyopt"))
    assert text == repr(["--define", "MINI_DATASET", "-I", str(SUITE)])


def test_parse_dumps_of_an_empty_array():
    assert parse_dumps(b"begin dump: x\n\nend dump: x\n")["x"].tolist() == []


FAKE_TOOL = """import pathlib, sys
text = pathlib.Path(sys.argv[1]).read_text()
if "(DATA_TYPE)" in text:
    sys.exit("syntax error: a cast to a macro")
pathlib.Path(sys.argv[3]).write_text(text)
"""


def test_external_tool_is_retried_on_the_preprocessed_source(tmp_path):
    tool = tmp_path / "tool.py"
    tool.write_text(FAKE_TOOL)
    suite = own_suite(SUITE)
    kernel = suite.select(["adi"])[0]     # holds '(DATA_TYPE) N'
    assert "(DATA_TYPE)" in kernel.source.read_text()
    experiment = Experiment(suite, [], Settings(dataset="MINI"), tmp_path)
    variant = Variant("tool", ["gcc"], transform=[sys.executable, str(tool)])
    outcome = Outcome("adi", "tool")
    with pytest.raises(Exception, match="a cast to a macro"):
        experiment._external(variant, kernel, outcome)
    variant.retry_preprocessed = True
    text = experiment._external(variant, kernel, Outcome("adi", "tool"))
    assert "(double)" in text and "DATA_TYPE" not in text and "#pragma scop" in text
    assert "N - 1" not in text and "20 - 1" in text    # the MINI sizes, as constants


def test_tool_timeout_kills_what_the_tool_started(tmp_path):
    marker = tmp_path / "child.pid"
    script = f"sleep 60 & echo $! > {marker}; wait"
    with pytest.raises(subprocess.TimeoutExpired):
        run_tool(["sh", "-c", script], str(tmp_path), 1.0)
    child = int(marker.read_text())
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the tool's child outlived the timeout")


@needs_gcc
def test_no_verify_runs_the_default_pipeline_unverified(tmp_path):
    out = tmp_path / "out"
    assert main(["polybench", "jacobi-1d", "--dataset", "MINI", "--variants", "polyopt",
                 "--repeat", "1", "--threads", "1", "--no-verify", "--out", str(out), "-q"]) == 0
    with open(out / "results.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert {(row["variant"], row["status"], row["verification"]) for row in rows} == {
        ("gcc", "ok", "unverified"), ("polyopt", "ok", "unverified")}
    report = (out / "report.md").read_text()
    assert "(not verified)" in report and "verification: **none**" in report
    assert "## Source-to-source time" in report and "| polyopt (default) | 1 |" in report


def test_program_outputs_compared_exactly_or_within_tolerance():
    compare = programs_speed.compare_outputs
    assert compare("sum 1.5\n", "sum 1.5\n", 1e-6) == "exact"
    assert compare("sum 1.0000000001e+00\n", "sum 1.0000000002e+00\n", 1e-6) == "tolerance"
    assert compare("sum 1.0\n", "sum 1.1\n", 1e-6) == "wrong"
    assert compare("sum 1.0\n", "total 1.0\n", 1e-6) == "wrong"
    assert compare("1 2\n", "1 2 3\n", 1e-6) == "wrong"


def test_program_table_flags_and_counts_below_095x():
    fast = programs_speed.Measured("fast.c", output="exact", original=[2.0, 2.1, 1.9],
                                   optimized=[1.0, 1.0, 1.0], single=2.0)
    slow = programs_speed.Measured("slow.c", output="tolerance", original=[2.5e-3] * 3,
                                   optimized=[2.75e-3] * 3, single=3e-3, batch=80)
    wrong = programs_speed.Measured("wrong.c", status="wrong output", detail="line 1")
    settings = argparse.Namespace(threads=2, repeat=3, tolerance=1e-6, polyopt_flags="--no-db",
                                  command="python experiments/programs_speed.py", min_batch=0.2)
    # slow.c's run is 0.5 ms more than an empty program's 2 ms: mostly start-up (‡)
    report = programs_speed.format_report([fast, slow, wrong], settings, start_up=2e-3)
    lines = report.splitlines()
    assert next(l for l in lines if l.startswith("| fast.c |")).split("|")[4] == " 2x "
    slow_row = next(l for l in lines if l.startswith("| slow.c ‡ |"))
    assert "**0.909x** ▼" in slow_row and "| 80 | ≈ |" in slow_row
    assert "**wrong output**" in next(l for l in lines if l.startswith("| wrong.c |"))
    assert "**1 of 2 programs measured below 0.95x gcc**; 1 not measured" in report
    # where polyopt kept the code as written, the row and the count say so
    slow.original_code = True
    report = programs_speed.format_report([fast, slow, wrong], settings, start_up=2e-3)
    assert "**0.909x** ▼ (original code)" in report
    assert "**1 of 2 programs measured below 0.95x gcc** (1 of them the original code" in report


def test_programs_with_a_main_are_found():
    found = [path.name for path in programs_speed.find_programs()]
    assert "matmul.c" in found and "jacobi2d.c" in found and len(found) >= 20


def test_summary_names_the_kernels_below_095x_and_compares_with_pluto(tmp_path):
    summary = _experiment("summary")
    run = tmp_path / "large"
    run.mkdir()
    rows = [("a", "gcc", "1.0", "ok"), ("a", "polyopt", "0.5", "ok"), ("a", "pluto", "0.4", "ok"),
            ("b", "gcc", "1.0", "ok"), ("b", "polyopt", "1.1", "ok"), ("b", "pluto", "", "timeout")]
    with open(run / "results.csv", "w", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(["kernel", "dataset", "variant", "run", "seconds", "status"])
        writer.writerows((k, "LARGE", v, "0", t, s) for k, v, t, s in rows)
    lines = summary.summarize([run])
    polyopt = next(line for line in lines if "| polyopt (default) |" in line)
    assert "| 1: b 0.909x | 0 |" in polyopt
    assert "| 0 | 1: b (timeout) |" in next(line for line in lines if "| pluto |" in line)
    # polyopt: sqrt(2 * 0.909) = 1.35x against pluto's 2.5x (one kernel measured)
    assert lines[-1] == ("- LARGE: polyopt (default): **1 kernel(s) below 0.95x gcc or failed**; "
                         "geometric mean 1.35x **<** pluto's 2.5x")


def test_blas_rate_counts_operations_as_blas_does():
    """GFLOP/s against DGEMM's rate need DGEMM's count: 2 per multiply-add, the
    scaling by a scalar not counted; gemm at LARGE is 2 NI NJ NK + NI NJ."""
    from pycparser import c_parser
    blas_rate = _experiment("blas_rate")
    floating_operations, kernel_operations = blas_rate.floating_operations, blas_rate.kernel_operations
    body = c_parser.CParser().parse(
        "void f(void) { C[i][j] += alpha * A[i][k] * B[k][j]; }").ext[0].body.block_items[0]
    assert floating_operations(body) == 2
    assert kernel_operations("gemm", "LARGE") == 2 * 1000 * 1100 * 1200 + 1000 * 1100


def test_convergence_counts_only_benchmarked_schedules(tmp_path):
    """The curve is the best speedup after each schedule that ran: the original,
    schedules polyopt could not generate and those the classifier skipped do not count."""
    import json as json_module
    convergence = _experiment("convergence")
    read_curves, report, to_reach = convergence.read_curves, convergence.report, convergence.to_reach
    (tmp_path / "outcomes.jsonl").write_text("\n".join(json_module.dumps(o) for o in [
        {"kernel": "k", "variant": "gcc", "status": "ok", "seconds": [2.0, 2.0, 2.0]},
        {"kernel": "k", "variant": "pluto", "status": "ok", "seconds": [1.0]}]) + "\n")
    (tmp_path / "samples").mkdir()
    samples = [{"candidate": "original", "status": "ok", "seconds": 2.0},
               {"candidate": "a", "status": "timeout", "seconds": None},
               {"candidate": "b", "status": "ok", "seconds": 1.0},
               {"candidate": "b", "scop": 1, "status": "ok", "seconds": 1.0},
               {"candidate": "c", "status": "not benchmarked", "seconds": None},
               {"candidate": "c2", "status": "unbenchmarked", "seconds": None},
               {"candidate": "d", "status": "polyopt error", "seconds": None},
               {"candidate": "e", "status": "ok", "seconds": 0.5}]
    (tmp_path / "samples" / "k.ga-c-3.jsonl").write_text(
        "\n".join(json_module.dumps(s) for s in samples) + "\n")
    curve = read_curves(tmp_path)["ga-c-3"]["k"]
    assert curve == [1.0, 2.0, 4.0]
    assert to_reach(curve) == 3
    text = report(tmp_path, [1, 2, 10])
    assert "| k | ga-c-3 | 1.00x | 2.00x | - | 4.00x | 3 | 3 | 2 |" in text
    assert "pluto 2.00x" in text
    # at equal budgets a search that stopped early keeps its final best
    assert "| ga-c-3 | 1.00x | 2.00x | 4.00x |" in text


def test_convergence_compares_searches_at_equal_budgets(tmp_path):
    """The equal-budget table is over the kernels every search ran, carries a
    search's final best past its end, and gives the ratio to the random search."""
    import json as json_module
    report = _experiment("convergence").report
    (tmp_path / "outcomes.jsonl").write_text("\n".join(json_module.dumps(
        {"kernel": k, "variant": "gcc", "status": "ok", "seconds": [4.0]}) for k in "ab") + "\n")
    (tmp_path / "samples").mkdir()
    runs = {("a", "random-4"): [4.0, 2.0, 2.0, 1.0], ("a", "ga-4"): [1.0, 1.0],
            ("b", "random-4"): [4.0, 4.0, 4.0, 4.0], ("b", "ga-4"): [2.0, 2.0, 1.0, 1.0],
            ("c", "ga-4"): [0.5]}    # c: no random search, so not in the equal-budget table
    for (kernel, variant), seconds in runs.items():
        (tmp_path / "samples" / f"{kernel}.{variant}.jsonl").write_text("\n".join(
            json_module.dumps({"candidate": f"x{n}", "status": "ok", "seconds": s})
            for n, s in enumerate(seconds)) + "\n")
    text = report(tmp_path, [1, 3, 4])
    assert "over the 2 kernels every search ran" in text
    # random: a 1, 2, 4 and b 1, 1, 1 -> 1, 1.41, 2; ga: a 4, 4, 4 and b 2, 4, 4
    assert "| random-4 | 1.00x | 1.41x | 2.00x |" in text
    assert "| ga-4 | 2.83x (2.83) | 4.00x (2.83) | 4.00x (2.00) |" in text
