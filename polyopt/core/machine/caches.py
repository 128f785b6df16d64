"""The data caches of the machine polyopt runs on, for the tile-size model.

Read from Linux's sysfs (``/sys/devices/system/cpu/cpu0/cache/index*``), else
from ``os.sysconf`` where the C library answers, else safe defaults (32 KiB of
L1 data cache, 1 MiB of L2): sizes that hold on every x86-64 and ARM server
core of the last decade, so a model built on them never asks too much.

``POLYOPT_CACHES`` (e.g. ``32K,512K,32M``: each data cache level's size, innermost
first, the last one shared by all CPUs) stands for what sysfs says: for generating
code on one machine for another. Sizes read from sysfs are bounded by what a cache
of that level plausibly holds (``plausible``): a virtual machine may report caches it
does not have (a 480 MiB L3 shared by two CPUs). The tests set it, so that their
decisions do not depend on the machine that runs them.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_L1 = 32 * 1024
DEFAULT_L2 = 1024 * 1024
_SYSFS = Path("/sys/devices/system/cpu/cpu0/cache")


@dataclass(frozen=True)
class CacheSizes:
    """Bytes of the first two data cache levels of one core."""

    l1: int = DEFAULT_L1
    l2: int = DEFAULT_L2


def _parse_size(text: str) -> int | None:
    text = text.strip().upper()
    scale = {"K": 1024, "M": 1024 * 1024, "G": 1024 ** 3}.get(text[-1:], 1)
    digits = text.rstrip("KMGB")
    return int(digits) * scale if digits.isdigit() and int(digits) > 0 else None


def _per_level(root: Path, name: str, parse) -> dict[int, int]:
    """parse(the file `name`) of each data (or unified) cache level in `root`, the
    first one of a level; levels where it is unreadable or None are left out."""
    found: dict[int, int] = {}
    for index in sorted(root.glob("index*")):
        try:
            level = int((index / "level").read_text())
            kind = (index / "type").read_text().strip()
            value = parse((index / name).read_text())
        except (OSError, ValueError):
            continue
        if kind in ("Data", "Unified") and value is not None and level not in found:
            found[level] = value
    return found


def _from_sysfs(root: Path) -> dict[int, int]:
    return _per_level(root, "size", _parse_size)


CACHES_VARIABLE = "POLYOPT_CACHES"
SHARED_BY_ALL = 1 << 16     # CPUs sharing a cache level where the machine does not say
                            # (the last level POLYOPT_CACHES gives; the cost model's default)


def configured_caches() -> dict[int, int] | None:
    """{level: bytes} from POLYOPT_CACHES, or None where it is unset; a malformed
    value is an error that says what is expected."""
    text = os.environ.get(CACHES_VARIABLE, "").strip()
    if not text:
        return None
    sizes = [_parse_size(part) for part in text.split(",")]
    if not all(sizes):
        from polyopt.core.errors import UsageError
        raise UsageError(f"{CACHES_VARIABLE}={text!r}: expected each data cache level's "
                         "size, innermost first, e.g. 32K,512K,32M")
    return {level: size for level, size in enumerate(sizes, start=1)}


# The most a level can plausibly hold for the cost model, per CPU sharing it (and at
# least the total given): a virtual machine may report its host's whole last level
# (480 MiB seen on a 2-CPU one), in which nothing would ever be worth tiling.
PLAUSIBLE = {1: (256 << 10, 256 << 10), 2: (8 << 20, 8 << 20), 3: (8 << 20, 32 << 20)}


def plausible(sizes: dict[int, int], sharing: dict[int, int]) -> dict[int, int]:
    """`sizes` with each level bounded by what a real cache of that level holds for
    the CPUs sharing it (sysfs's shared_cpu_list)."""
    bounded = {}
    for level, size in sizes.items():
        per_cpu, least = PLAUSIBLE.get(level, PLAUSIBLE[3])
        bounded[level] = min(size, max(least, per_cpu * sharing.get(level, 1)))
    return bounded


def sysfs_data_caches() -> dict[int, int]:
    """Bytes of each data (or unified) cache level of this machine's first core, from
    POLYOPT_CACHES, or sysfs bounded by what is plausible (empty where it says nothing)."""
    configured = configured_caches()
    if configured is not None:
        return configured
    return plausible(_from_sysfs(_SYSFS), _per_level(_SYSFS, "shared_cpu_list", _cpu_count))


def _cpu_count(text: str) -> int | None:
    """CPUs in a sysfs CPU list (`0-3,8`)."""
    total = 0
    for part in text.strip().split(","):
        first, _, last = part.partition("-")
        if not first.isdigit() or (last and not last.isdigit()):
            return None
        total += int(last) - int(first) + 1 if last else 1
    return total or None


def sysfs_cache_sharing() -> dict[int, int]:
    """CPUs sharing each data (or unified) cache level of the first core, from sysfs
    (`shared_cpu_list`; empty where it says nothing); with POLYOPT_CACHES, the last
    level shared by all and the others by none."""
    configured = configured_caches()
    if configured is not None:
        return {level: SHARED_BY_ALL if level == max(configured) else 1 for level in configured}
    return _per_level(_SYSFS, "shared_cpu_list", _cpu_count)


def _from_sysconf() -> dict[int, int]:
    found = {}
    for level, name in ((1, "SC_LEVEL1_DCACHE_SIZE"), (2, "SC_LEVEL2_CACHE_SIZE")):
        try:
            value = os.sysconf(name)
        except (ValueError, OSError):
            continue
        if value and value > 0:
            found[level] = value
    return found


@functools.lru_cache(maxsize=1)
def machine_caches() -> CacheSizes:
    """The L1 data and L2 sizes of this machine, or the defaults where unknown."""
    found = sysfs_data_caches() or _from_sysconf()
    l1 = found.get(1, DEFAULT_L1)
    l2 = found.get(2, max(DEFAULT_L2, l1))
    return CacheSizes(l1, max(l2, l1))
