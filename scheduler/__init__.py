"""Schedule strategies; each maps (Scop, Dependences) to an isl schedule tree."""

from polyopt.scheduler.base import ScheduleResult, Scheduler, get_scheduler, scheduler_names
from polyopt.scheduler import auto, identity, isl_scheduler  # noqa: F401  (registration)
# random_scheduler registers itself when first asked for (base._LATER)

__all__ = ["ScheduleResult", "Scheduler", "get_scheduler", "scheduler_names"]
