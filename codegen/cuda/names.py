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


# Blocks along y and z: at most GRID_LIMIT each (x allows 2^31 - 1). A kernel runs the
# blocks of such a dimension in a loop from its block index by the grid's size, to
# blocks_name(k) (a parameter: the blocks the mapped loop k needs).
GRID_LIMIT = 65535


def blocks_name(k: int) -> str:
    return f"polyopt_blocks{k}"
