"""What became of a candidate: the statuses the judge, the search and the cluster give."""

OK = "ok"
WRONG = "wrong output"
LOST = "lost worker"      # a Dask worker died with it, twice (never stored in the database)
STATUSES = (OK, "build error", "crash", "timeout", WRONG, "polyopt error", LOST)
NOT_BENCHMARKED = "not benchmarked"   # judged by a classifier alone (--classifier), never run
PRUNED = "pruned"     # its lower bound (polyopt.search.bound) is above the best time: never built
