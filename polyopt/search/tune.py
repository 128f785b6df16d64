"""The tune strategy (``polyopt --tune``): the default's few best predicted candidates,
measured. Each SCoP's candidates (``scheduler.auto.judge_candidates``: the original
order and isl's schedules, tiled, serial or parallel, wavefronts, time tiles; those
of the SCoP rewritten with buffers, ``scheduler.auto.rewritten_candidates``) are
ranked by the cost model's predicted speed-ups over the code as written (the learned
model where one is shipped); the ``budget`` best of them (the code as written apart,
which is a baseline) are built side by side, then run and verified one at a time,
rank by rank over the file's SCoPs, and the driver keeps the fastest. Its choice
goes to the tuning database like any search's, where a later plain run finds it."""

from __future__ import annotations

import logging

from polyopt.scheduler import ScheduleResult
from polyopt.pipeline.schedule import rewrites
from polyopt.scheduler.auto import (as_result, judge_candidates, performance_model, ranked,
                                    rewritten_candidates, worth_its_buffer)
from polyopt.search.driver import Candidate, Search, register

log = logging.getLogger(__name__)


@register("tune")
class TuneStrategy:
    """The best predicted candidates of every SCoP, measured."""

    def explore(self, search: Search) -> None:
        options = search.options
        model = performance_model(options.cost_model)
        per_scop: list[list[ScheduleResult]] = []
        for scop, dependences in zip(search.scops, search.dependences):
            judged = judge_candidates(scop, dependences, options.tile, options.tile_sizes,
                                      options.parallel)
            kinds = rewrites(options)
            rewritten = rewritten_candidates(scop, dependences, options.tile, options.tile_sizes,
                                             options.parallel, kinds=kinds) if kinds else []
            plain = list(judged)
            judged += [j for j in rewritten if worth_its_buffer(j, plain)]
            choices = [(as_result(j, f"tune: {j.label} (predicted {speedup:.2f}x)"), j.label)
                       for j, speedup in ranked(judged, model) if j.candidate.schedule is not None]
            choices = choices[:search.settings.budget]
            # the expansions the model passes over: their buffers' cost and the loops they
            # free are what it judges worst; the best of each kind is measured as well
            passed = [j for j in rewritten if not worth_its_buffer(j, plain)]
            for kind in sorted({j.rewrite[0] for j in passed}):
                own = [j for j in plain[:1] + passed if j.rewrite is None or j.rewrite[0] == kind]
                best, speedup = next((j, speedup) for j, speedup in ranked(own, model)
                                     if j.rewrite is not None)
                choices.append((as_result(best, f"tune: {best.label} (predicted "
                                                f"{speedup:.2f}x)"), best.label))
            per_scop.append([choice for choice, _ in choices])
            log.info("%s: tune: %s", scop.region.location,
                     "; ".join(label for _, label in choices) or "none")
        batch = []
        for rank in range(max((len(c) for c in per_scop), default=0)):
            choices = [c[rank] if rank < len(c) else ScheduleResult(None, "original code")
                       for c in per_scop]
            batch.append(Candidate(f"tune-{rank + 1}", choices))
        search.evaluate_batch(batch, build_first=True)
