"""The variants ``polyopt polybench`` compares: how each turns a kernel's source
into a program (polyopt's pipeline, another optimizer, or nothing) and which
compiler and flags build it. ``gcc`` is the baseline every speedup is against."""

from __future__ import annotations

import dataclasses

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from polyopt.core.errors import UsageError
from polyopt.evaluator import NO_CONTRACTION, NO_CONTRACTION_NVCC
from polyopt.pipeline import Options

BASELINE = "gcc"
GCC_FLAGS = ["-O3", "-march=native"]
# Debian's clang packages have Polly linked in; the newest one that works is used.
CLANG_NAMES = ["clang"] + [f"clang-{version}" for version in range(22, 13, -1)]


@dataclass
class Variant:
    """One way of building a kernel."""
    name: str
    compiler: list[str]              # compiler and flags, before include paths and sources
    options: Options | None = None   # polyopt pipeline options; None: the source as it is
    transform: list[str] | None = None  # an external source-to-source tool: argv before {src}
    description: str = ""
    search_budget: int | None = None    # random:N, ga:N: search N schedules per kernel
    search_strategy: str = "random"     # which search (polyopt.search.STRATEGIES)
    search_classifier: str | None = None  # ga-c:N, ga-guard:N: the classifier's mode
    search_population: int | None = None  # ga: schedules per generation (None: the default)
    search_generations: int | None = None  # ga: generations at most (None: the default)
    suffix: str = ".c"                  # of the source file the compiler is given
    no_contraction: str = NO_CONTRACTION   # the flag that turns off FMA contraction
    cuda_events: bool = False           # timed by the CUDA events the program prints
    # an external tool that cannot parse the original (Pluto's Clan reads the text before
    # the preprocessor: a cast to a macro type fails) is given the preprocessed source, as
    # PolyBench's utilities/create_cpped_version.pl prepares it for such tools
    retry_preprocessed: bool = False
    size_flags: bool = False            # the tool is polyopt's command: give it the build's -D, -I
    libraries: list[str] = field(default_factory=list)   # link flags, after the sources


@dataclass
class Unavailable:
    """A variant that cannot run on this machine, and why."""
    name: str
    reason: str


def _compiles(command: list[str], program: str = "int main(void) { return 0; }\n") -> str | None:
    """None if ``command`` builds a small OpenMP program here, else the error text."""
    with tempfile.TemporaryDirectory(prefix="polyopt-probe-") as directory:
        source = Path(directory) / "probe.c"
        source.write_text("#include <omp.h>\n" + program)
        try:
            result = subprocess.run(command + [str(source), "-o", str(Path(directory) / "probe")],
                                    capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as error:
            return str(error)
        if result.returncode != 0:
            return result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "failed"
        if "cannot be used" in result.stderr:   # gcc built without isl disables Graphite
            return result.stderr.strip()
    return None


@functools.cache
def _polly_clang() -> tuple[str | None, str]:
    for name in CLANG_NAMES:
        path = shutil.which(name)
        if path and _compiles([path, "-O3", "-mllvm", "-polly", "-fopenmp"]) is None:
            return path, ""
    return None, "no clang with Polly found (tried clang, clang-22 ... clang-14; " \
                 "on Debian: apt-get install clang-16 libomp-16-dev)"


# polyopt's own variants, named as polyopt's in reports and plots (the keys, which
# --variants and results.csv use, name only the scheduler).
_POLYOPT_LABELS = {"polyopt": "polyopt (default)", "auto": "polyopt (auto)", "isl": "polyopt (isl)",
                   "identity-omp": "polyopt (identity)", "time-tile": "polyopt (time-tile)",
                   "hexagonal": "polyopt (hexagonal)",
                   "no-registers": "polyopt (--no-register-tiles)",
                   "no-packing": "polyopt (--no-packing)",
                   "blas": "polyopt (--blas)",
                   "cuda": "polyopt (CUDA)"}


def label(name: str) -> str:
    """How reports name a variant: polyopt's own as polyopt's, the others as they are."""
    if name.startswith(("random:", "ga:", "ga-c:", "ga-guard:", "model:")):
        return f"polyopt ({name})"
    return _POLYOPT_LABELS.get(name, name)


def known_variants() -> list[str]:
    return ["gcc", "polyopt", "no-registers", "no-packing", "auto", "isl", "identity-omp", "time-tile", "hexagonal",
            "blas",
            "random:N", "ga:N",
            "ga-c:N", "ga-guard:N", "model:FILE",
            "cuda", "cuda-random:N", "cuda-ga:N", "pluto", "polly", "graphite"]


def _cuda_variant(name: str) -> Variant | Unavailable:
    from polyopt.core.machine import gpu as cuda_device
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        return Unavailable(name, "nvcc (the CUDA toolkit) is not on PATH")
    found = cuda_device.detect()
    if isinstance(found, cuda_device.NoDevice):
        return Unavailable(name, found.reason)
    command = [nvcc, "-O3", f"-arch={found.arch}", "-DPOLYOPT_CUDA_TIMING"]
    return Variant(name, command, Options(target="cuda"), suffix=".cu", no_contraction=NO_CONTRACTION_NVCC,
                   cuda_events=True,
                   description=f"polyopt --target cuda on {found.name}, nvcc -O3 -arch={found.arch}; "
                               "time: CUDA events around the SCoP, allocation and transfers included")


@functools.cache
def _polyopt_options() -> str:
    """``polyopt --help``: which options the installed polyopt has."""
    try:
        return subprocess.run(polyopt_command() + ["--help"], capture_output=True, text=True,
                              timeout=120).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def polyopt_command() -> list[str]:
    """The polyopt command line this runner belongs to (the same installation)."""
    return [sys.executable, "-m", "polyopt"]


def default_pipeline_command() -> list[str]:
    """``polyopt`` as a user runs it: no --scheduler (whatever the default is), and no
    tuning database (a search's stored schedules would not be the default's choice)."""
    return polyopt_command() + ["--no-db"]


def size_flags(defines: list[str], include_dirs: list[str]) -> list[str]:
    """The build's -D and -I for polyopt's command line (its decisions then see the sizes
    being built), as far as the installed polyopt has --define and --include-dir."""
    options = _polyopt_options()
    flags = []
    if "--define" in options:
        flags += [flag for name in defines for flag in ("--define", name)]
    if "--include-dir" in options:
        flags += [flag for directory in include_dirs for flag in ("-I", directory)]
    return flags


def _default_pipeline(name: str, gcc: str, flags: list[str], description: str) -> Variant:
    """polyopt's default pipeline as a user runs it (with `flags`), the build's sizes
    passed on, then gcc with OpenMP."""
    return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"],
                   transform=default_pipeline_command() + flags, size_flags=True,
                   description=description)


def make_variant(spec: str, threads: int) -> Variant | Unavailable:
    """The variant named by ``spec``, or why it cannot run here."""
    name = spec.strip()
    gcc = shutil.which("gcc") or "gcc"
    if name == "gcc":
        return Variant(name, [gcc, *GCC_FLAGS], description="the original, gcc -O3 -march=native")
    if name == "polyopt":
        return _default_pipeline(
            name, gcc, [], description="polyopt's default pipeline as a user runs it: `polyopt "
                                       "--no-db [--define SIZE_DATASET -I DIR] FILE -o OUT` (a "
                                       "fresh process, start-up included in its time; the "
                                       "build's -D and -I where this polyopt has --define), "
                                       "then gcc -O3 -march=native -fopenmp")
    if name == "no-registers":
        return _default_pipeline(
            name, gcc, ["--no-register-tiles"],
            description="polyopt's default pipeline without register tiles (`polyopt "
                        "--no-register-tiles`: the point loops of tiles as they are)")
    if name == "no-packing":
        return _default_pipeline(
            name, gcc, ["--no-packing"],
            description="polyopt's default pipeline without packed copies (`polyopt "
                        "--no-packing`: every array read where it is)")
    if name.startswith("model:"):
        model = name.partition(":")[2]
        if not model:
            raise UsageError(f"'{name}': model:FILE needs a learned model file, e.g. "
                             "model:performance.npz ('polyopt model train --corpus')")
        return _default_pipeline(
            name, gcc, ["--cost-model", model],
            description=f"polyopt's default pipeline with the learned model {model} (`polyopt "
                        "--cost-model FILE`): models compared side by side")
    if name == "auto":
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="auto"),
                       description="polyopt's default: a cost model's choice among the original "
                                   "code, the original order and isl's schedules, tiling, OpenMP")
    if name == "isl":
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="isl"),
                       description="polyopt: isl scheduler, tiling, OpenMP")
    if name == "time-tile":
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="auto", time_tile="auto"),
                       description="polyopt --time-tile: stencils time-tiled (diamond tiles where "
                                   "legal, else parallelogram; wavefronts of tiles in parallel), "
                                   "other SCoPs as the default")
    if name == "hexagonal":
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"],
                       Options(scheduler="auto", time_tile="hexagonal"),
                       description="polyopt --time-tile --time-tile-shape hexagonal: stencils in "
                                   "Grosser's hybrid hexagonal/parallelogram tiles (two phases of "
                                   "parallel hexagons per time tile), other SCoPs as the default")
    if name == "identity-omp":
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="identity"),
                       description="polyopt: original order, tiled and parallel where legal")
    if name == "blas":
        from polyopt.blas import library_flags
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="auto", blas=True),
                       libraries=library_flags(None),
                       description="polyopt --blas: statements that are BLAS operations become "
                                   "calls to scipy-openblas32's OpenBLAS (its threads: "
                                   "OMP_NUM_THREADS), the rest as the default")
    if name.startswith("random:"):
        budget = name.split(":", 1)[1]
        if not budget.isdigit():
            raise UsageError(f"'{name}': random:N needs a number of schedules, e.g. random:50")
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="random"),
                       description=f"polyopt: best of the original code, original order, isl and "
                                   f"{budget} random legal schedules, each built, run and verified",
                       search_budget=int(budget))
    if name.startswith("ga:"):
        budget = name.split(":", 1)[1]
        if not budget.isdigit() or int(budget) < 1:
            raise UsageError(f"'{name}': ga:N needs a number of schedules, e.g. ga:50")
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="ga"),
                       description=f"polyopt: best of the original code, original order, isl and "
                                   f"a genetic search (Polyite's GA, tile sizes as genes) of "
                                   f"{budget} schedules, each built, run and verified",
                       search_budget=int(budget), search_strategy="ga")
    if name.startswith("ga-c:"):
        budget = name.split(":", 1)[1]
        if not budget.isdigit() or int(budget) < 1:
            raise UsageError(f"'{name}': ga-c:N needs a population size, e.g. ga-c:50")
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="ga"),
                       description=f"polyopt: best of the original code, original order, isl and "
                                   f"the final population ({budget} schedules, each built, run "
                                   f"and verified) of Polyite's GA_C, whose generations the "
                                   f"shipped classifier judges alone (at most 40)",
                       search_budget=int(budget), search_strategy="ga",
                       search_classifier="gac", search_population=int(budget),
                       search_generations=40)
    if name.startswith("ga-guard:"):
        budget = name.split(":", 1)[1]
        if not budget.isdigit() or int(budget) < 1:
            raise UsageError(f"'{name}': ga-guard:N needs a number of schedules, e.g. "
                             "ga-guard:50")
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"], Options(scheduler="ga"),
                       description=f"polyopt: best of the original code, original order, isl and "
                                   f"a genetic search that builds, runs and verifies only the "
                                   f"schedules the shipped classifier predicts profitable "
                                   f"({budget} of them at most)",
                       search_budget=int(budget), search_strategy="ga",
                       search_classifier="guard")
    if name == "cuda":
        return _cuda_variant(name)
    if name.startswith(("cuda-random:", "cuda-ga:")):
        budget = name.split(":", 1)[1]
        if not budget.isdigit() or int(budget) < 1:
            raise UsageError(f"'{name}': {name.split(':')[0]}:N needs a number of schedules, "
                             f"e.g. {name.split(':')[0]}:20")
        found = _cuda_variant(name)
        if isinstance(found, Unavailable):
            return found
        strategy = "ga" if name.startswith("cuda-ga:") else "random"
        return dataclasses.replace(
            found, search_budget=int(budget), search_strategy=strategy,
            description=f"{found.description}; the best of the original code, the original "
                        f"order, isl and {budget} {'genetic' if strategy == 'ga' else 'random'} "
                        "schedules, each built, run on the GPU and verified (candidates whose "
                        "lower bound exceeds the best time are not built)")
    if name == "graphite":
        command = [gcc, *GCC_FLAGS, "-floop-nest-optimize", "-floop-parallelize-all",
                   f"-ftree-parallelize-loops={threads}", "-fopenmp"]
        problem = _compiles(command)
        if problem:
            return Unavailable(name, f"gcc cannot use Graphite: {problem}")
        return Variant(name, command, description="gcc's Graphite: " + " ".join(command[1:]))
    if name == "polly":
        clang, problem = _polly_clang()
        if clang is None:
            return Unavailable(name, problem)
        command = [clang, *GCC_FLAGS, "-mllvm", "-polly", "-mllvm", "-polly-parallel", "-fopenmp"]
        return Variant(name, command, description="LLVM Polly: " + " ".join(command))
    if name == "pluto":
        polycc = shutil.which("polycc")
        if polycc is None:
            return Unavailable(name, "polycc (Pluto) is not on PATH; Pluto is in neither PyPI "
                                     "nor Debian, build it from source to compare with it")
        return Variant(name, [gcc, *GCC_FLAGS, "-fopenmp"],
                       transform=[polycc, "--tile", "--parallel"], retry_preprocessed=True,
                       description="Pluto: polycc --tile --parallel, then gcc -O3 -march=native "
                                   "-fopenmp (on the source as it is; where Clan cannot parse "
                                   "it, on the source through gcc -E -P, sizes then constants)")
    raise UsageError(f"unknown variant '{spec}'; known: {', '.join(known_variants())}")


def make_variants(specs: list[str], threads: int) -> tuple[list[Variant], list[Unavailable]]:
    """The baseline first, then the other requested variants that can run here."""
    names = [BASELINE] + [spec for spec in specs if spec.strip() != BASELINE]
    if len(set(names)) != len(names):
        raise UsageError("a variant is named twice in --variants")
    variants, unavailable = [], []
    for name in names:
        made = make_variant(name, threads)
        (variants if isinstance(made, Variant) else unavailable).append(made)
    return variants, unavailable


def default_threads() -> int:
    value = os.environ.get("OMP_NUM_THREADS", "")
    return int(value) if value.isdigit() and int(value) > 0 else (os.cpu_count() or 1)
