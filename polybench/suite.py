"""Benchmark suites for ``polyopt polybench``: the project's own PolyBench kernels
(``polybench/`` in the source tree, shipped as ``polyopt.polybench``) or a
PolyBench/C 4.2.1 checkout that the user already has, used as it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from polyopt.core.errors import UsageError

DATASETS = ("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE")

# The 30 kernels of PolyBench/C 4.2, in the order PolyBench lists them.
POLYBENCH_KERNELS = (
    "correlation", "covariance", "2mm", "3mm", "atax", "bicg", "doitgen", "mvt",
    "gemm", "gemver", "gesummv", "symm", "syr2k", "syrk", "trmm", "cholesky", "durbin",
    "gramschmidt", "lu", "ludcmp", "trisolv", "deriche", "floyd-warshall", "nussinov",
    "adi", "fdtd-2d", "heat-3d", "jacobi-1d", "jacobi-2d", "seidel-2d")


@dataclass
class Kernel:
    """One benchmark program: its source and what it is compiled with."""
    name: str
    source: Path
    include_dirs: list[Path] = field(default_factory=list)
    support_sources: list[Path] = field(default_factory=list)   # the harness, compiled along


@dataclass
class Suite:
    """A set of kernels sharing one harness and one way to time and dump."""
    description: str
    root: Path
    kernels: list[Kernel]
    harness: str            # how timing, cache flushing and dumps work, for the report
    time_defines: list[str]  # -D flags that make a build print its kernel time
    dump_environment: dict[str, str]  # environment of a run that dumps the arrays
    dump_abs_tolerance: float = 0.0   # the dump's own rounding (PolyBench prints %0.2lf)

    def select(self, names: list[str]) -> list[Kernel]:
        """The named kernels, in the suite's order; all of them if ``names`` is empty."""
        if not names:
            return list(self.kernels)
        by_name = {kernel.name: kernel for kernel in self.kernels}
        unknown = [name for name in names if name not in by_name]
        if unknown:
            raise UsageError(f"unknown kernel(s) {', '.join(unknown)} in {self.description}; "
                             f"known: {', '.join(by_name)}")
        wanted = set(names)
        return [kernel for kernel in self.kernels if kernel.name in wanted]


def _order(name: str) -> tuple[int, str]:
    return (POLYBENCH_KERNELS.index(name) if name in POLYBENCH_KERNELS else len(POLYBENCH_KERNELS),
            name)


def own_suite(root: Path | None = None) -> Suite:
    """polyopt's own implementations of the PolyBench kernels and their harness."""
    root = Path(root) if root is not None else Path(str(resources.files("polyopt.polybench")))
    harness = root / "harness.c"
    sources = sorted((root / "kernels").glob("*.c"), key=lambda path: _order(path.stem))
    if not harness.is_file() or not sources:
        raise UsageError(f"{root} is not a polyopt suite (no harness.c or kernels/*.c)")
    kernels = [Kernel(path.stem, path, [root], [harness]) for path in sources]
    return Suite(f"polyopt's PolyBench suite ({root})", root, kernels,
                 "polyopt harness (polybench/harness.c): monotonic wall clock around the kernel "
                 "call only, 64 MiB cache flush before it, arrays dumped to stderr at %.17g "
                 "when HARNESS_DUMP is set; verification runs start from data perturbed by "
                 "about 2^-10 (HARNESS_PERTURB)", [], {"HARNESS_DUMP": "1", "HARNESS_PERTURB": "1"})


def polybench_suite(root: Path) -> Suite:
    """A PolyBench/C 4.2.1 checkout: its kernels and its utilities/polybench.c,
    built with -DPOLYBENCH_TIME -DPOLYBENCH_DUMP_ARRAYS; nothing in it is changed."""
    root = Path(root).resolve()
    utilities = root / "utilities"
    listing = utilities / "benchmark_list"
    if listing.is_file():
        sources = [root / line.strip() for line in listing.read_text().splitlines()
                   if line.strip() and not line.startswith("#")]
    else:
        sources = [path for path in root.rglob("*.c")
                   if path.parent.name == path.stem and utilities not in path.parents]
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        raise UsageError(f"{listing} names missing files: {', '.join(missing[:3])}")
    sources.sort(key=lambda path: _order(path.stem))
    kernels = [Kernel(path.stem, path, [utilities, path.parent], [utilities / "polybench.c"])
               for path in sources]
    return Suite(f"PolyBench/C at {root}", root, kernels,
                 "PolyBench's utilities/polybench.c with -DPOLYBENCH_TIME (its timer and cache "
                 "flush) and -DPOLYBENCH_DUMP_ARRAYS (arrays dumped to stderr at %0.2lf)",
                 ["-DPOLYBENCH_TIME", "-DPOLYBENCH_DUMP_ARRAYS"], {}, dump_abs_tolerance=0.01)


def open_suite(path: str | None) -> Suite:
    """The suite at ``path`` (a PolyBench/C checkout or a polyopt suite directory),
    or polyopt's own suite when ``path`` is None."""
    if path is None:
        return own_suite()
    root = Path(path)
    if (root / "utilities" / "polybench.c").is_file():
        return polybench_suite(root)
    if (root / "harness.c").is_file():
        return own_suite(root)
    raise UsageError(f"--suite {path}: neither a PolyBench/C checkout (no utilities/polybench.c) "
                     "nor a polyopt suite (no harness.c)")
