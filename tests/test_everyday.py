"""What a new user meets first: the README's instructions, the help text, the
messages, the layout of the code, and the reports of `polyopt polybench`."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polyopt.cli import main
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import needs_gcc

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent          # the polyopt command of this environment
needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")

PROGRAM = """\
#include <stdio.h>
#define N 64
double A[N][N];
int main(void) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = i * 2 + j;
#pragma endscop
  printf("%f\\n", A[N - 1][N - 1]);
  return 0;
}
"""


def _environment() -> dict[str, str]:
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


# -- 1. the README's Makefile snippet -------------------------------------------

def _readme_makefile() -> str:
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```make\n(.*?)```", readme, re.S)
    assert len(blocks) == 1, "the README has one ```make block"
    return blocks[0]


@needs_gcc
@needs_make
def test_readme_makefile_snippet_runs_polyopt_as_written(tmp_path):
    """Copied into a fresh directory, `make kernel` builds kernel from kernel.opt.c,
    which polyopt wrote (make's built-in `%: %.c` would compile kernel.c directly)."""
    (tmp_path / "Makefile").write_text(_readme_makefile())
    (tmp_path / "kernel.c").write_text(PROGRAM)
    build = subprocess.run(["make", "kernel"], cwd=tmp_path, capture_output=True, text=True,
                           env=_environment(), timeout=300)
    assert build.returncode == 0, build.stdout + build.stderr
    assert "polyopt kernel.c -o kernel.opt.c" in build.stdout
    assert "kernel.opt.c -o kernel" in build.stdout
    # polyopt wrote it: optimized, or (a 64x64 nest, too small to pay) the input as written
    written = (tmp_path / "kernel.opt.c").read_text()
    assert "/* polyopt: " in written or written == PROGRAM
    run = subprocess.run([str(tmp_path / "kernel")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout == "189.000000\n"


# -- 2. links ---------------------------------------------------------------------

USER_DOCUMENTS = ["README.md", "polybench/README.md", "experiments/README.md",
                  *sorted(f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("document", USER_DOCUMENTS)
def test_relative_links_and_paths_resolve_in_the_repository(document):
    """Every relative link, and every path to a Markdown file in backquotes, names a
    file of the repository (not ../shared/DESIGN.md, which no clone has)."""
    path = ROOT / document
    text = path.read_text()
    links = [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:|#", t)]
    # a path in backquotes is the repository's (from its root) or the document's folder's
    quoted = [t for t in re.findall(r"`([^`\s]+\.md)`(?!\])", text) if "/" in t]
    assert links or document != "README.md"
    for target in links + quoted:
        bases = [path.parent] + ([ROOT] if target in quoted else [])
        resolved = [(base / target.split("#")[0]).resolve() for base in bases]
        assert any(r.is_relative_to(ROOT) and r.exists() for r in resolved), f"{document}: {target}"
    assert "shared/DESIGN" not in text


# -- 3. help ------------------------------------------------------------------------

def test_help_lists_the_subcommands(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    usage = text.split("\n\n")[0]
    assert "polyopt bench FILE" in usage and "polyopt polybench" in usage
    epilog = " ".join(text.split("\n\n")[-1].split())
    assert "'polyopt bench FILE'" in epilog and "'polyopt polybench [KERNELS...]'" in epilog


# -- 5, 6. the original code kept by a search -----------------------------------

# Built by this command, a program whose source polyopt changed sleeps 0.5 s first,
# so the original code wins the search.
SLOW_WHEN_OPTIMIZED = ('gcc -O1 {src} -o {exe}.bin && if grep -q "polyopt:" {src}; then '
                       'printf "#!/bin/sh\\nsleep 0.5\\nexec %s.bin\\n" {exe} > {exe}; '
                       'else cp {exe}.bin {exe}; fi && chmod +x {exe}')


@needs_gcc
def test_the_original_code_kept_by_a_search_is_said(tmp_path):
    """A search that keeps the original code says so, and so do a later plain run
    that reuses its result and `--dump schedule`; stderr, a pipe, gets no progress
    bar (its label: test_progress_shows_the_best_first_run_labelled)."""
    source = tmp_path / "tiny.c"
    source.write_text(PROGRAM)
    environment = {**_environment(), "POLYOPT_DB": str(tmp_path / "tuning.sqlite")}

    def polyopt(*arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "polyopt", *arguments], capture_output=True,
                              text=True, env=environment, cwd=tmp_path, timeout=300)

    search = polyopt("tiny.c", "--scheduler", "random", "--budget", "1", "--seed", "1",
                     "--shell", "--build", SLOW_WHEN_OPTIMIZED, "-o", "searched.c")
    assert search.returncode == 0, search.stderr
    assert (tmp_path / "searched.c").read_text() == PROGRAM
    assert "tiny.c:7:1: note: the original code was kept: it was the fastest in a search" \
        in search.stderr
    assert "\r" not in search.stderr and "best first run " not in search.stderr
    plain = polyopt("tiny.c", "-o", "plain.c")
    assert (tmp_path / "plain.c").read_text() == PROGRAM
    assert "tiny.c:7:1: note: the original code was kept: a search found it fastest " \
           "('original'" in plain.stderr
    dumped = polyopt("tiny.c", "--dump", "schedule")
    assert "the original code was kept: a search found it fastest" in dumped.stdout
    assert "schedule tree" not in dumped.stdout


def test_a_stored_original_winner_is_said_by_a_plain_run_and_the_dump(tmp_path):
    """The same through the tuning database's API, without building anything."""
    from polyopt.dump import dump
    from polyopt.pipeline import find_scops, options_key
    from polyopt.tuning import (ORIGINAL, Evaluation, TuningDatabase, machine_fingerprint,
                                scop_fingerprint)
    database = tmp_path / "tuning.sqlite"
    options = Options(use_database=True, database=str(database))
    source = SourceFile("tiny.c", PROGRAM)
    scops, _ = find_scops(source, options)
    with TuningDatabase(database) as stored:
        stored.record(scop_fingerprint(scops[0]), machine_fingerprint(), options_key(options),
                      Evaluation(ORIGINAL, "original", "ok", 0.25, build="gcc {src} -o {exe}",
                                 winner=True))
    result = optimize_source(source, options)
    assert result.text == PROGRAM
    assert result.warnings == [
        "tiny.c:7:1: note: the original code was kept: a search found it fastest ('original', "
        "0.25 s built with 'gcc {src} -o {exe}'); the tuning database keeps that result"]
    text, _ = dump(source, options, "schedule")
    assert "the original code was kept" in text and "schedule tree" not in text


def test_progress_shows_the_best_first_run_labelled():
    from types import SimpleNamespace

    from polyopt.search import Search
    shown = []
    progress = SimpleNamespace(update=lambda n: None, set_postfix_str=shown.append)
    search = SimpleNamespace(progress=progress, best_seconds=0.5, status_note="")
    search._postfix = lambda: Search._postfix(search)
    Search._advance(search)
    assert shown == ["best first run 0.5 s"]
    search.status_note = "classifier skipped 3 of 5"     # a strategy's word beside it
    Search._advance(search)
    assert shown[-1] == "best first run 0.5 s, classifier skipped 3 of 5"


# -- 7, 8. the generated code -----------------------------------------------------

AUTO = """\
#define N 300031
double A[N][N], B[N][N], x[N];
void f(int c) {
    int i, j;
    if (c) {
        for (i = 0; i < N; i++)
            x[i] = 0;
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                B[j][i] = A[i][j];
    }
}
"""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def test_auto_scop_braces_and_body_share_the_region_indentation():
    result = optimize_source(SourceFile("auto.c", AUTO), Options(auto_scop=True))
    lines = result.text.splitlines()
    opening = lines.index("    if (c) {") + 1
    closing = len(lines) - 1 - lines[::-1].index("    }") - 1
    assert lines[opening] == "        {" and lines[closing] == "        }"
    body = [line for line in lines[opening + 1:closing]
            if line and not (line.startswith("#") and not line.lstrip().startswith("#pragma"))]
    assert min(map(_indent, body)) == 10
    assert _indent(lines[opening + 1]) == 10 and "/* polyopt:" in lines[opening + 1]
    pragmas = [k for k in range(opening, closing) if lines[k].strip() == "#pragma omp parallel for"]
    assert pragmas and all(_indent(lines[k]) == _indent(lines[k + 1]) for k in pragmas)


def test_summary_comment_names_each_parallel_loop_once():
    result = optimize_source(SourceFile("auto.c", AUTO), Options(scheduler="isl", auto_scop=True))
    comment = next(line for line in result.text.splitlines() if "/* polyopt:" in line)
    loops = re.search(r"parallel loops ([^;]*);", comment).group(1)
    names = re.findall(r"\bc\d+\b", loops)
    assert names and len(names) == len(set(names)), comment
    assert "(nest" in loops, comment      # several nests: which one each is parallel in
    large = PROGRAM.replace("#define N 64", "#define N 16384")   # enough work to be parallel
    single = optimize_source(SourceFile("one.c", large), Options(tile=False))
    assert "; parallel loops c0 */" in single.text


# -- 9. examples/ -------------------------------------------------------------------

@needs_gcc
@needs_make
@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="needs a git checkout")
def test_what_make_builds_in_examples_is_ignored_by_git(tmp_path):
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples)
    before = set(os.listdir(examples))
    programs = [path.stem for path in (ROOT / "examples").glob("*.c")]
    targets = ["all"] + programs + [f"{name}.orig" for name in programs]
    build = subprocess.run(["make", *targets], cwd=examples, capture_output=True, text=True,
                           env={**_environment(), "POLYOPT_DB": str(tmp_path / "db.sqlite")},
                           timeout=300)
    assert build.returncode == 0, build.stdout + build.stderr
    built = sorted(set(os.listdir(examples)) - before)
    assert {*programs, "matmul.orig", "matmul.opt.c"} <= set(built)
    for name in built:
        check = subprocess.run(["git", "check-ignore", "-q", "--no-index", f"examples/{name}"],
                               cwd=ROOT, capture_output=True)
        assert check.returncode == 0, f"examples/{name} is not ignored by .gitignore"
    for name in before:
        check = subprocess.run(["git", "check-ignore", "-q", "--no-index", f"examples/{name}"],
                               cwd=ROOT, capture_output=True)
        assert check.returncode == 1, f"examples/{name} (a source) is ignored"


# -- 10, 11. reports of `polyopt polybench` -----------------------------------------

def _outcomes():
    from polyopt.polybench.experiment import Outcome
    return [Outcome("gemm", "gcc", seconds=[2.0, 2.1]),
            Outcome("gemm", "isl", seconds=[0.5, 0.6]),
            Outcome("gemm", "identity-omp", status="wrong output", detail="array C[3]"),
            Outcome("atax", "gcc", seconds=[0.0002, 0.0003]),
            Outcome("atax", "isl", seconds=[0.0004]),
            Outcome("atax", "identity-omp", seconds=[0.0002])]


VARIANTS = ["gcc", "isl", "identity-omp"]


def test_report_says_where_kernels_ran_too_short_to_time(tmp_path):
    from polyopt.polybench.report import RunInfo, summary_line, write_report
    info = RunInfo("polyopt polybench", "suite", "harness", "SMALL", 2, 2, 1e-6,
                   [(name, "") for name in VARIANTS], [])
    write_report(tmp_path / "report.md", info, _outcomes(), [])
    report = (tmp_path / "report.md").read_text()
    assert "| atax ‡ |" in report and "| gemm |" in report and "| gemm ‡ |" not in report
    note = next(line for line in report.splitlines() if line.startswith("**Timed mostly as noise"))
    assert "1 kernel(s) ran for less than 1 ms" in note and "atax (gcc 0.25 ms" in note
    assert "gemm" not in note
    assert "1 kernel(s) ran under 1 ms" in summary_line(_outcomes(), VARIANTS)


def test_report_names_polyopts_variants_as_polyopts(tmp_path):
    from polyopt.polybench.report import RunInfo, summary_line, write_report
    info = RunInfo("polyopt polybench", "suite", "harness", "LARGE", 2, 2, 1e-6,
                   [(name, "") for name in VARIANTS + ["polly", "random:5"]], [])
    write_report(tmp_path / "report.md", info, _outcomes(), [])
    report = (tmp_path / "report.md").read_text()
    assert "| kernel | gcc (s) | polyopt (isl) | polyopt (identity) | polly | polyopt (random:5) |" \
        in report
    assert "- gemm / polyopt (identity): **wrong output**" in report
    assert "- `isl` (polyopt (isl)): " in report and "- `polly`: " in report
    assert "polyopt (isl) " in summary_line(_outcomes(), VARIANTS)


def test_speedup_plot_labels_polyopts_variants_and_marks_failures():
    from polyopt.polybench.report import FAILED_LABEL, plot_speedups
    outcomes = [o for o in _outcomes() if (o.kernel, o.variant) != ("atax", "identity-omp")]
    figure = plot_speedups(outcomes, VARIANTS)
    import matplotlib.pyplot as pyplot
    try:
        axes = figure.axes[0]
        legend = {text.get_text() for text in axes.get_legend().get_texts()}
        assert legend == {"polyopt (isl)", "polyopt (identity)", FAILED_LABEL}
        marks = [collection.get_offsets().tolist() for collection in axes.collections]
        # kernels gemm (0), atax (1); variants isl (-0.2), identity (+0.2): gemm's identity
        # failed; atax's identity was not run, which leaves its slot empty, unmarked
        assert marks == [[[pytest.approx(0.2), 1.0]]]
    finally:
        pyplot.close(figure)


# -- layout ---------------------------------------------------------------------

def test_nothing_in_the_optimizer_imports_the_polybench_runner():
    """polybench/ sits above everything: only the CLI reaches it, lazily (in a function)."""
    offenders = []
    for folder in ("polyopt", "frontend", "scheduler", "codegen"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text())
            top_level = {id(node) for node in tree.body}
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                if not any(name.startswith("polyopt.polybench") for name in names):
                    continue
                lazy_in_cli = path.name == "cli.py" and folder == "polyopt" and id(node) not in top_level
                if not lazy_in_cli:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
    for module in ("experiment", "variants", "suite", "report", "sweep"):
        assert not (ROOT / "polyopt" / f"{module}.py").exists()
        assert (ROOT / "polybench" / f"{module}.py").exists()
