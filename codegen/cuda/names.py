"""Names in a SCoP's generated CUDA code that no other name there takes."""

from __future__ import annotations


def fresh(base: str, used: set[str]) -> str:
    """`base`, or `base` prefixed with polyopt_ (again) until no name of `used` is
    it; then one of `used`."""
    name = base
    while name in used:
        name = f"polyopt_{name}"
    used.add(name)
    return name
