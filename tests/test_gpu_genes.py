"""GPU genes of a search for --target cuda: thread blocks, shared
memory and register promotion chosen per candidate, applied by the pipeline, kept by
the tuning database, drawn by the random search and the genetic one."""

from __future__ import annotations

import json
import random
import sys

import islpy as isl
import pytest

from polyopt.cli import main
from polyopt.frontend import read_source
from polyopt.pipeline import (Options, dependences_within_budget, find_scops, render,
                              schedule_within_budget, stored_result)
from polyopt.search import gpu_genes
from polyopt.tuning import Evaluation, gpu_text, parse_gpu
from tests.conftest import KERNELS
from tests.test_cuda import needs_gxx


def test_drawn_and_mutated_genes_stay_in_their_sets():
    rng = random.Random(3)
    genes = [gpu_genes.draw(rng) for _ in range(200)]
    assert {block for block, _, _, _ in genes} == set(gpu_genes.BLOCKS)
    assert {shared for _, shared, _, _ in genes} == {0, 1, 2}
    assert {points for _, _, _, points in genes} == set(gpu_genes.COARSENING)
    assert gpu_genes.mutate(genes[0], 0.0, rng) == genes[0]
    mutated = {gpu_genes.mutate(gpu_genes.DEFAULT, 1.0, rng) for _ in range(50)}
    assert len(mutated) > 5 and all(block in gpu_genes.BLOCKS for block, _, _, _ in mutated)
    assert gpu_genes.describe(((32, 4), False, True, 1)) == "blocks 32x4, no shared memory"
    assert gpu_genes.describe(((), True, True, 4)) == "blocks default, 4 points per thread"
    assert gpu_genes.describe(((64,), 2, True, 1)) == "blocks 64, shared memory: all"
    # a gene stored before coarsening was one: one point per thread
    assert gpu_genes.mutate(((32, 4), False, True), 0.0, rng) == ((32, 4), False, True, 1)


def _matmul_cuda(gene) -> str:
    source = read_source(str(KERNELS / "matmul.c"))
    options = Options(target="cuda")
    scops, warnings = find_scops(source, options)
    scops, dependences, warnings = dependences_within_budget(scops, warnings)
    choices = [schedule_within_budget("isl", scop, deps) for scop, deps in zip(scops, dependences)]
    from dataclasses import replace
    choices = [replace(choice, gpu=gene) for choice in choices]
    return render(source, scops, warnings, options, choices, dependences).text


def test_the_pipeline_builds_what_the_genes_say():
    default = _matmul_cuda(None)
    assert "__shared__" in default
    chosen = _matmul_cuda(((64, 4), False, True, 1))
    assert "dim3 polyopt_block(64, 4);" in chosen and "__shared__" not in chosen
    assert _matmul_cuda(((), True, True, 1)) == default
    assert "2 points per thread" in _matmul_cuda(((32, 4), False, True, 2))
    assert "__shared__ double shared_A[8][33];" in _matmul_cuda(((32, 8), 2, True, 1))


def test_the_database_keeps_the_genes():
    gene = ((32, 8), False, True, 4)
    text = gpu_text(gene, [[16, 32]])
    assert parse_gpu(text) == (gene, [[16, 32]])
    assert parse_gpu(gpu_text(((), True, False), None)) == (((), True, False, 1), None)
    # PPCG's shared-memory policy, stored by name; an unknown one is no gene
    assert '"shared":"all"' in gpu_text(((), 2, True, 1), None)
    assert parse_gpu(gpu_text(((), 2, True, 1), None)) == (((), 2, True, 1), None)
    assert parse_gpu(gpu_text(((), 2, True, 1), None).replace('"all"', '"most"')) is None
    assert parse_gpu("[[32,32]]") is None and parse_gpu("") is None
    schedule = isl.Schedule.from_domain(isl.UnionSet("[N] -> { S[i] : 0 <= i < N }"))
    evaluation = Evaluation(str(schedule), "random-1", "ok", 0.5, "", "nvcc", "{exe}",
                            tile_sizes=text)
    result = stored_result(evaluation)
    assert result.gpu == gene and result.tile_sizes == [[16, 32]]


@pytest.mark.slow
@needs_gxx
def test_cuda_searches_draw_genes(tmp_path):
    build = f"{sys.executable} -m polyopt.codegen.emulation {{src}} -o {{exe}}"
    for strategy in (["--scheduler", "random", "--budget", "3"],
                     ["--scheduler", "ga", "--budget", "4", "--population", "4",
                      "--generations", "1"]):
        out = tmp_path / "samples.jsonl"
        assert main([str(KERNELS / "matmul.c"), "--target", "cuda", *strategy, "--seed", "5",
                     "--no-db", "-q", "--cuda-build", build, "--dump", "samples",
                     "-o", str(out)]) == 0
        samples = [json.loads(line) for line in out.read_text().splitlines()]
        drawn = [s for s in samples if s["candidate"] not in ("original", "identity", "isl", "default")]
        assert drawn and all(s["gpu"] is not None for s in drawn), strategy
        # (the emulation of a slow candidate may time out; none may compute wrong numbers)
        assert not any(s["status"] == "wrong output" for s in samples), samples
        assert any(s["status"] == "ok" for s in drawn)
