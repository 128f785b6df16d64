"""``polyopt polybench --jobs N / --cluster ADDRESS``: the kernels of a sweep spread
over Dask workers (see ``polyopt.search.cluster`` for the cluster itself).

A kernel is two tasks. ``sources_task`` (any worker, side by side with
others) makes the text of every variant that does not time anything: polyopt's
pipelines and external source-to-source tools. ``run_kernel_task`` then holds
the machine's ``timing`` resource, by the same rule as a search's timed runs
(one timed program per machine at a time), and does the rest of
``Experiment.run_kernel``: the searches of random:N and ga:N variants (they
time candidates), builds, verification against the baseline, and the timed
runs side by side (run r of every variant before run r + 1 of any). The
variants of one kernel stay together on one machine: a speedup over the gcc
baseline only means something between runs on the same machine.

A worker opens the suite and makes the variants itself (by name: paths and
tools are its own), runs the kernel in a scratch directory, and returns the
outcomes and the searches' sample files; the client writes results.csv,
outcomes.jsonl (``--resume`` works as without a cluster) and the samples. The
searches of random:N and ga:N variants run on the worker without a tuning
database: the database stays with a client, its one writer, and a sweep's
client has no search of its own to record.
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
import socket
import tempfile
from pathlib import Path

from polyopt.search.cluster import TIMING, Cluster, worker_died, children_allowed, wait_some

log = logging.getLogger(__name__)

LOST = "lost worker"


def _open(suite_path: str | None, kernel_name: str, variant_names: list[str], threads: int):
    """The suite's kernel and the variants, made here (a worker's own paths and tools)."""
    from polyopt.polybench.suite import open_suite
    from polyopt.polybench.variants import make_variants
    suite = open_suite(suite_path)
    variants, unavailable = make_variants(variant_names[1:], threads)
    return suite, suite.select([kernel_name])[0], variants, unavailable


def sources_task(suite_path: str | None, kernel_name: str, variant_names: list[str],
                 threads: int, settings) -> dict:
    """On any worker: variant name -> (text or None, Outcome) of the variants that
    time nothing to make their text."""
    from polyopt.polybench.experiment import Experiment, Outcome
    suite, kernel, variants, _ = _open(suite_path, kernel_name, variant_names, threads)
    scratch = Path(tempfile.mkdtemp(prefix="polyopt-sweep-"))
    try:
        experiment = Experiment(suite, variants, settings, scratch)
        made = {}
        with children_allowed():
            for variant in variants:
                if variant.search_budget is None:
                    outcome = Outcome(kernel.name, variant.name)
                    made[variant.name] = (experiment.source_or_failure(variant, kernel, outcome),
                                          outcome)
        return made
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run_kernel_task(suite_path: str | None, kernel_name: str, variant_names: list[str],
                    threads: int, settings, sources: dict | None = None
                    ) -> tuple[list, dict[str, str]]:
    """On a worker with ``timing``: the rest of one kernel; (outcomes, sample file
    name -> text)."""
    from polyopt.polybench.experiment import Experiment, Outcome
    suite, kernel, variants, unavailable = _open(suite_path, kernel_name, variant_names, threads)
    scratch = Path(tempfile.mkdtemp(prefix="polyopt-sweep-"))
    try:
        experiment = Experiment(suite, variants, dataclasses.replace(settings, database=False),
                                scratch)
        with children_allowed():
            outcomes = experiment.run_kernel(kernel, sources=sources)
        host = socket.gethostname()
        outcomes += [Outcome(kernel_name, skipped.name, "polyopt error",
                             f"variant unavailable on worker {host}: {skipped.reason}")
                     for skipped in unavailable]
        samples = {path.name: path.read_text()
                   for path in sorted((scratch / "samples").glob("*.jsonl"))}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    order = {name: index for index, name in enumerate(variant_names)}
    outcomes.sort(key=lambda outcome: order.get(outcome.variant, len(order)))
    return outcomes, samples


def run_kernels(cluster: Cluster, experiment, kernels, suite_path: str | None, threads: int,
                progress=None, after_kernel=None) -> None:
    """Submit every kernel, record each as it finishes (``after_kernel()`` then).
    A kernel whose worker died is submitted once more, then recorded as lost."""
    from distributed import CancelledError

    from polyopt.polybench.experiment import Outcome
    names = [variant.name for variant in experiment.variants]
    client = cluster.client
    attempts: dict[str, int] = {}

    def submit(kernel):
        attempt = attempts.get(kernel.name, 0)
        arguments = (suite_path, kernel.name, names, threads, experiment.settings)
        sources = client.submit(sources_task, *arguments, pure=False,
                                key=f"polyopt-sources-{kernel.name}-{attempt}")
        return client.submit(run_kernel_task, *arguments, sources, resources={TIMING: 1},
                             pure=False, key=f"polyopt-kernel-{kernel.name}-{attempt}")

    pending = {submit(kernel): kernel for kernel in kernels}
    try:
        while pending:
            for future in wait_some(cluster, list(pending), 1.0):
                kernel = pending.pop(future)
                try:
                    outcomes, samples = future.result()
                except (CancelledError, Exception) as error:   # noqa: BLE001 - reported below
                    if isinstance(error, CancelledError) or worker_died(error):
                        if attempts.get(kernel.name, 0) < 1:
                            attempts[kernel.name] = 1
                            pending[submit(kernel)] = kernel
                            continue
                        status = LOST
                    else:
                        status = "polyopt error"
                    detail = f"on a Dask worker: {type(error).__name__}: {error}"
                    outcomes, samples = [Outcome(kernel.name, name, status, detail)
                                         for name in names], {}
                experiment.record_kernel(outcomes, samples)
                if progress is not None:
                    progress.update(1)
                if after_kernel is not None:
                    after_kernel()
    except BaseException:
        client.cancel(list(pending))
        raise
