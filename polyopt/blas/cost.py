"""When a BLAS call pays: `--blas` judges each match like any other candidate.

A call is not always faster than the loops it replaces: a product of 13x17
matrices costs the call's entry (argument checks, packing, the library's threads)
more than the loops' whole work, and a matrix-vector product is bound by memory
either way. So, with ``--blas`` (``--blas-mode auto``, the default), each match is
kept only where its predicted time as calls beats the predicted time of its
statements in the schedule the default would choose (``scheduler.auto``: the same
candidates, cost model and choice, `choose`). ``--blas-mode always`` keeps every
match (tests, or a user who knows better).

**The call's time.** For each call, ``CALL_NS`` (entering the library) plus its
floating-point operations (two per instance of a matched update: a multiply and an
add; one per instance of a matched initialisation such as ``C *= beta``) at the
rate of its level:

* level 3 (gemm, symm, syrk, syr2k, trmm, trsm): ``LEVEL3_GFLOPS`` per thread, the
  rate of OpenBLAS's DGEMM on one core of the development machine for products of
  256 and more (measured with ``experiments/blas_rate.py``: 19 GFLOP/s; 10-13 GFLOP/s
  at 16-64, which ``CALL_NS`` accounts for at those sizes); all threads where the
  call does at least ``THREADED_FLOPS`` operations (OpenBLAS runs small products
  on one thread);
* levels 1 and 2 (gemv, ger, trsv, dot, axpy, scal): ``LEVEL2_GFLOPS`` per thread,
  streaming the matrix from memory (8 bytes per multiply-add). The wheel's dgemv on
  the development machine ran at 3.6-4.8 GFLOP/s on one core for 2000 and 4000 rows
  (memory-bound), 9.8-11.5 in cache, 5.7-9.4 on two cores; 2.5, the earlier value,
  kept gemver's transposed product as loops at LARGE, where the calls were 1.65x
  faster (6.2 ms against 10.3 ms for the kernel).

Single precision runs at twice these rates (twice the elements per vector).

**The loops' time.** The statements' predicted time in the chosen candidate's
estimate (compute, memory and loop overhead, divided by the threads its parallel
loop keeps busy), as ``scheduler.cost`` computes it.
"""

from __future__ import annotations

import dataclasses

from polyopt.blas.calls import BlasAnalysis, BlasMatch
from polyopt.core.dependences import Dependences
from polyopt.core.scop import Scop

CALL_NS = 400.0               # entering a CBLAS routine (measured: 0.42 us for an 8x8 dgemm)
LEVEL3_GFLOPS = 19.0          # OpenBLAS dgemm, per thread, products of 256 and more
LEVEL2_GFLOPS = 3.5           # levels 1 and 2, per thread (blas_rate-style dgemv: 3.6-11.5 GFLOP/s on one core)
THREADED_FLOPS = 2_000_000    # below this, OpenBLAS computes on one thread
LEVEL3 = {"gemm", "symm", "syrk", "syr2k", "trmm", "trsm"}
MARGIN = 1.1                  # a call must be predicted this much faster to be made


@dataclasses.dataclass
class MatchVerdict:
    match: BlasMatch
    call_seconds: float
    loop_seconds: float

    @property
    def kept(self) -> bool:
        return self.call_seconds * MARGIN < self.loop_seconds

    def describe(self) -> str:
        routines = ", ".join(f"cblas_{c.name}" for c in self.match.calls)
        return (f"{routines} predicted {self.call_seconds * 1e6:.3g} us against "
                f"{self.loop_seconds * 1e6:.3g} us for the loops")


def call_seconds(match: BlasMatch, instances: dict[str, float], threads: int) -> float:
    """Predicted time of the match's calls (see the module docstring)."""
    flops = 0.0
    for position, name in enumerate(match.statements):
        updates = position > 0 or len(match.statements) == 1
        flops += instances.get(name, 0.0) * (2.0 if updates else 1.0)
    level3 = any(call.routine in LEVEL3 for call in match.calls)
    rate = (LEVEL3_GFLOPS if level3 else LEVEL2_GFLOPS) * 1e9
    if all(call.element == "float" for call in match.calls):
        rate *= 2
    used = threads if flops >= THREADED_FLOPS else 1
    return len(match.calls) * CALL_NS * 1e-9 + flops / (rate * used)


def judge_matches(scop: Scop, dependences: Dependences, analysis: BlasAnalysis,
                  tile_sizes: list[int] | None = None) -> list[MatchVerdict]:
    """Each match's predicted time as calls and as the default's loops."""
    from polyopt.scheduler.auto import choose, judge_candidates
    from polyopt.core.machine.cpu import this_machine
    machine = this_machine()
    judged = judge_candidates(scop, dependences, tile_sizes=tile_sizes, machine=machine)
    best, _ = choose(judged)
    # instances are those of the statements, whatever the schedule: the original's
    instances = {cost.name: cost.instances for cost in judged[0].estimate.statements}
    loop_ns = {cost.name: (cost.compute_ns + cost.memory_ns + cost.loop_ns) / cost.speedup
               for cost in best.estimate.statements}
    return [MatchVerdict(match, call_seconds(match, instances, machine.threads),
                         sum(loop_ns.get(name, 0.0) for name in match.statements) * 1e-9)
            for match in analysis.matches]


def paying_matches(scop: Scop, dependences: Dependences, analysis: BlasAnalysis,
                   tile_sizes: list[int] | None = None) -> tuple[BlasAnalysis, list[MatchVerdict]]:
    """The analysis with only the matches whose calls are predicted to pay, and the
    verdicts on all of them."""
    verdicts = judge_matches(scop, dependences, analysis, tile_sizes)
    kept = [verdict.match for verdict in verdicts if verdict.kept]
    return dataclasses.replace(analysis, matches=kept), verdicts
