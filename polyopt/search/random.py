"""The random strategy (Polyite's random exploration): ``budget`` distinct random
legal schedules from the sampler, distinct by generator combination and by
simplified tree, and not already evaluated with the same commands (the tuning
database), each with the default tiling."""

from __future__ import annotations

import time

from polyopt.scheduler import ScheduleResult
from polyopt.scheduler.random_scheduler import draw_schedule
from polyopt.scheduler.sampler import SamplingError
from polyopt.search import gpu_genes
from polyopt.search.driver import Candidate, Search, register
from polyopt.tuning import schedule_key

BATCH = 8     # candidates drawn, then evaluated together


@register("random")
class RandomStrategy:
    """Draws random candidates in batches and evaluates each batch."""

    def explore(self, search: Search) -> None:
        budget = search.settings.budget
        number = 0
        while number < budget:
            batch = []
            for _ in range(min(BATCH, budget - number)):
                candidate = random_candidate(search, number + 1)
                if candidate is None:
                    search.evaluate_batch(batch)
                    search.notes.append(f"found only {number} distinct new schedules "
                                        f"(budget {budget})")
                    return
                batch.append(candidate)
                number += 1
            search.evaluate_batch(batch)


def random_candidate(search: Search, number: int) -> Candidate | None:
    """A new random candidate, or None if no new one could be drawn."""
    for _ in range(search.settings.draw_factor):
        start = time.perf_counter()
        choices, samples = [], []
        # --target cuda: the GPU genes too (thread blocks, shared memory, registers)
        gene = gpu_genes.draw(search.rng) if search.options.target == "cuda" else None
        description = f"random schedule #{number}" + (
            f" ({gpu_genes.describe(gene)})" if gene is not None else "")
        try:
            for index in range(len(search.scops)):
                sample, tree = draw_schedule(search.space(index), search.rng)
                choices.append(ScheduleResult(tree, description, gpu=gene))
                samples.append(sample)
        except SamplingError as error:
            search.sampling_seconds += time.perf_counter() - start
            search.notes.append(f"sampling failed: {error}")
            return None
        search.sampling_seconds += time.perf_counter() - start
        keys = tuple(s.key() for s in samples) + ((gene,) if gene else ())
        trees = tuple(str(c.schedule) for c in choices) + ((gene,) if gene else ())
        if keys in search.seen or trees in search.seen:
            continue
        search.seen.update((keys, trees))
        if gene is None and all(schedule_key(t) in known
                                for t, known in zip(trees, search.known)):
            continue
        return Candidate(f"random-{number}", choices, samples, operator="random")
    return None
