"""The `polyopt` command line.

    polyopt FILE [-o OUT] [options]        optimize a C file (FILE '-' is standard input)
    polyopt FILE --dump scop|deps|schedule inspect a stage
    polyopt --blas-flags [--blas-library L]  compile and link flags for code made with --blas
    polyopt bench FILE [options]           build, run, time and verify original vs optimized
    polyopt polybench [KERNELS...] [opts]  the PolyBench experiment runner (see polybench/sweep.py)
    polyopt model train|evaluate [opts]    the schedule classifier (see polyopt/model_command.py)
    polyopt cc -- COMPILER ARGS...         compile with polyopt in front of the compiler (polyopt/cc.py)
    polyopt machine [--measure] [--json]   what the cost model assumes of this machine
    polyopt db path|list|show|export|clear the tuning database
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
from dataclasses import replace as replace_dataclass
from pathlib import Path

from polyopt import __version__, argtypes

from polyopt.core import interrupt
from polyopt.core.errors import PolyoptError, UsageError
from polyopt.core.files import write_file
from polyopt.frontend import SourceFile, read_source
from polyopt.frontend.source import encode_text
from polyopt.pipeline import Options, find_scops, optimize_source, render
from polyopt.scheduler import scheduler_names
from polyopt.scheduler.stencil import SHAPES

log = logging.getLogger("polyopt")

# exit statuses: a user's mistake in the command line (as argparse's own), a failure
# (unreadable input, a build that fails, ...), optimized code whose output differs
# from the original's (polyopt bench); 130/143 after Ctrl-C/SIGTERM
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_DIFFERS = 3

SEARCHES = ("random", "ga")     # the --scheduler values that search (polyopt.search)


def _add_optimization_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("optimization")
    group.add_argument("--scheduler", choices=sorted({*scheduler_names(), *SEARCHES}),
                       help="schedule strategy: auto (the original code, the original order or "
                            "one of isl's schedules, tiled or as wavefronts, chosen by a cost "
                            "model: --cost-model), identity, isl, or a search: random (random legal "
                            "schedules) or ga (a genetic algorithm over legal schedules and tile "
                            "sizes) (default: the best schedule a search stored for this SCoP "
                            "on this machine, else auto)")
    group.add_argument("--cost-model", default="learned", metavar="learned|analytical|FILE",
                       help="what auto's predictions come from: learned (default: the shipped "
                            "model, trained on measured generated programs), analytical (the "
                            "static model alone), or a model file of 'polyopt model train "
                            "--corpus'")
    group.add_argument("--tune", action="store_true",
                       help="measure the default's best predicted candidates (--tune-candidates) "
                            "through the kernel harness (the program where the regions cannot "
                            "be driven alone) and keep the fastest verified one; the choice is "
                            "stored in the tuning database under the SCoP, its sizes, the "
                            "threads and the build command, and a later --tune of the same "
                            "file takes it from there without measuring")
    group.add_argument("--tune-candidates", type=argtypes.positive_int, default=4, metavar="N",
                       help="--tune: candidates measured besides the code as written (default: 4)")
    group.add_argument("--no-tile", "--notile", dest="tile", action="store_false",
                       help="do not tile permutable bands (--notile: polycc's spelling)")
    group.add_argument("--tile", dest="tile", action="store_true",
                       help="tile permutable bands (the default; polycc's spelling)")
    group.add_argument("--no-versioning", dest="versioning", action="store_false",
                       help="tiled code for every size; by default, where the file gives the "
                            "sizes, the tiled code is generated for those sizes and larger "
                            "(at least a tile), inside 'if (N >= 64 && ...)', and the code as "
                            "written runs for smaller ones")
    group.add_argument("--tile-sizes", type=argtypes.sizes, metavar="N[,N...]",
                       help="tile sizes per band member, last one repeated (default: chosen per "
                            "band by a cache model from the footprints of the tiles)")
    group.add_argument("--register-tiles", dest="register_tiles", action="store_true",
                       default=True,
                       help="unroll-and-jam the point loops of each full rectangular tile "
                            "where a model of the registers and the load/store ports finds "
                            "reuse (matrix products, contractions, stencils), the innermost "
                            "loop left for the C compiler to vectorize (default)")
    group.add_argument("--no-register-tiles", dest="register_tiles", action="store_false",
                       help="leave the point loops of tiles as they are")
    group.add_argument("--packing", dest="packing", action="store_true", default=True,
                       help="the default may read an array it never writes through a copy "
                            "with its dimensions reordered, made before the loops, where the "
                            "innermost loop strides through it and the cost model predicts "
                            "the copy pays (default)")
    group.add_argument("--no-packing", dest="packing", action="store_false",
                       help="read every array where it is")
    group.add_argument("--expansion", dest="expansion", action="store_true", default=True,
                       help="the default may give a scalar declared in the region, or an "
                            "array, whose values live within one iteration of its outer "
                            "loops, a cell per iteration (a buffer allocated before the "
                            "loops; an array's last values copied back), where the "
                            "schedules this frees are predicted faster (default)")
    group.add_argument("--no-expansion", dest="expansion", action="store_false",
                       help="keep every scalar a scalar and every array as it is")
    group.add_argument("--time-tile", action="store_true",
                       help="time-tile stencils (an outer time loop around all statements, "
                            "bounded dependence distances in space), the tiles of one wavefront "
                            "in parallel; other SCoPs are scheduled as usual")
    group.add_argument("--time-tile-shape", choices=list(SHAPES), default="auto",
                       help="time tiles: diamonds with concurrent start, parallelograms, "
                            "hybrid hexagonal/parallelogram tiles (Grosser: two phases of "
                            "parallel hexagons per time tile), or auto: diamonds where legal, "
                            "else parallelograms (default)")
    group.add_argument("--stencil-tile", type=argtypes.sizes, metavar="T,S1[,S2...]",
                       help="time tiling: T time steps per parallelogram tile, then the tile "
                            "size of each space loop (S1 is a diamond's width; last one "
                            "repeated; default by depth: 32,64 / 16,32,64 / 8,16,16,64)")
    group.add_argument("--no-parallel", "--noparallel", dest="parallel", action="store_false",
                       help="no OpenMP pragmas (--noparallel: polycc's spelling)")
    group.add_argument("--parallel", dest="parallel", action="store_true",
                       help="OpenMP pragmas on parallel loops (the default; polycc's spelling)")
    group.add_argument("--outer-simd", action=argparse.BooleanOptionalAction, default=True,
                       help="'omp simd' on the loop around an innermost reduction loop where "
                            "it carries no dependence and every access steps by at most one "
                            "element along it: the vectorization gcc gives that loop in "
                            "serial code and not inside an OpenMP region (default: on)")
    group.add_argument("--no-private-scalars", dest="private_scalars", action="store_false",
                       help="schedule with every dependence of a scalar, also where its values "
                            "live within one iteration of its outer loops (default: such a "
                            "scalar is private to each thread: see the README)")
    group.add_argument("--target", choices=["c", "cuda"], default="c",
                       help="c: OpenMP C (default); cuda: a CUDA program, kernels and host code "
                            "(write it to a .cu file and build it with nvcc; with -o FILE.c the "
                            "host code stays C and the kernels go to FILE_kernels.cu: build "
                            "both with nvcc)")
    group.add_argument("--cuda-kernels", metavar="FILE",
                       help="with --target cuda: keep the host code C (the output) and write "
                            "the kernels to FILE (default with -o FILE.c: FILE_kernels.cu)")
    group.add_argument("--block-sizes", type=argtypes.sizes, metavar="X[,Y[,Z]]",
                       help="CUDA thread block sizes, x first (default: 256, 32x8 or 32x4x2 "
                            "by the number of parallel loops mapped)")
    group.add_argument("--coarsen", type=argtypes.positive_int, default=1, metavar="N",
                       help="CUDA: each thread runs N points of the innermost parallel loop "
                            "mapped (thread coarsening; default 1)")
    group.add_argument("--shared-memory", dest="shared_memory",
                       default=argtypes.SHARED_POLICIES["reuse"],
                       type=argtypes.shared_policy, metavar="{none,reuse,all}",
                       help="CUDA: what is copied to shared memory per tile: reuse (default) "
                            "the reused tiles of read-only arrays; all, PPCG's policy: also "
                            "tiles of written arrays (copied back, the written elements only) and "
                            "tiles read without reuse but not coalesced, rows padded; none")
    group.add_argument("--no-shared-memory", dest="shared_memory", action="store_const",
                       const=argtypes.SHARED_POLICIES["none"],
                       help="CUDA: the same as --shared-memory none")
    group.add_argument("--no-registers", dest="registers", action="store_false",
                       help="CUDA: do not keep the element a thread's innermost loop accumulates "
                            "into in a register (loaded before the loop, stored after it)")
    group.add_argument("-D", "--define", dest="defines", action="append", default=[],
                       type=argtypes.define, metavar="NAME[=VALUE]",
                       help="as the compiler's -D: the sizes the file's #defines and #if chains "
                            "choose under it are known for decisions (tiling, parallel regions); "
                            "NAME=VALUE for a parameter that is no macro (a function argument) is "
                            "a hint of its usual value. The code stays right for every size. "
                            "Repeatable")
    group.add_argument("-I", "--include-dir", dest="include_dirs", action="append", default=[],
                       metavar="DIR", help="as the compiler's -I, where the headers that choose "
                                           "the sizes are (the file's directory is searched too)")
    group.add_argument("--blas", action="store_true",
                       help="statements that compute a BLAS operation (matrix products, "
                            "matrix-vector products, rank-1 updates) become CBLAS calls; the "
                            "rest is optimized as usual. Changes the order of floating-point "
                            "sums. Build with $(polyopt --blas-flags)")
    group.add_argument("--blas-mode", choices=["auto", "always"], default="auto",
                       help="with --blas: 'auto' (default) makes a call only where the cost model "
                            "predicts it beats the loops the default would generate (not for "
                            "small products); 'always' replaces every match")
    group.add_argument("--blas-library", metavar="FLAGS_OR_NAME",
                       help="the CBLAS to call (plain cblas_* symbols): link flags ('-lmkl_rt'), "
                            "a library file, or a name for -l (default: the OpenBLAS of the "
                            "scipy-openblas32 package, scipy_cblas_* symbols)")
    group.add_argument("--auto-scop", action="store_true",
                       help="find maximal affine loop nests instead of '#pragma scop' regions")
    group.add_argument("--strict", action="store_true",
                       help="a region that cannot be modelled is an error, not a warning")
    group.add_argument("--db", metavar="PATH",
                       help="tuning database (default: $POLYOPT_DB, else tuning.sqlite in the "
                            "platform's data directory: 'polyopt db path')")
    group.add_argument("--no-db", dest="use_db", action="store_false",
                       help="neither read nor write the tuning database")
    group.add_argument("--seed", type=int, help="random seed of the random scheduler and search")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output")
    parser.add_argument("-q", "--quiet", action="store_true", help="only errors")
    _add_diagnostics_option(parser)


def _add_diagnostics_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--diagnostics", choices=("text", "json"), default="text",
                        help="how warnings and errors are written to standard error: 'text' "
                             "(file:line:col: warning: ...), or 'json', one JSON object a line "
                             "with location, severity and message (default: text)")


def _options(args: argparse.Namespace) -> Options:
    return Options(scheduler=args.scheduler or "auto", tile=args.tile, tile_sizes=args.tile_sizes,
                   register_tiles=args.register_tiles, packing=args.packing,
                   expansion=args.expansion,
                   parallel=args.parallel, outer_simd=args.outer_simd,
                   auto_scop=args.auto_scop, strict=args.strict,
                   use_database=args.scheduler is None and args.use_db and not args.time_tile, database=args.db,
                   seed=args.seed, target=args.target, block_sizes=args.block_sizes,
                   coarsening=args.coarsen,
                   shared_memory=args.shared_memory, registers=args.registers, defines=args.defines,
                   include_dirs=args.include_dirs, time_tile=args.time_tile_shape if args.time_tile else None,
                   stencil_tile=args.stencil_tile, blas=args.blas,
                   blas_library=args.blas_library, blas_mode=args.blas_mode,
                   versioning=args.versioning, private_scalars=args.private_scalars,
                   cost_model=args.cost_model)


def _add_search_options(parser: argparse.ArgumentParser) -> None:
    from polyopt.core.commands import DEFAULT_BUILD, DEFAULT_RUN
    group = parser.add_argument_group("search (--scheduler random or ga)")
    group.add_argument("--budget", type=argtypes.nonnegative_int, default=20,
                       help="schedules to build, run and time besides the original code, the "
                            "original order, isl's and the stored ones: random ones, or all "
                            "the genetic algorithm's (default: 20)")
    group.add_argument("--generations", type=argtypes.nonnegative_int,
                       help="ga: generations after the initial population, at most (default: "
                            "20; 40 with --classifier-mode gac)")
    group.add_argument("--population", type=argtypes.positive_int,
                       help="ga: schedules per generation (default: 30; 50 with "
                            "--classifier-mode gac)")
    group.add_argument("--classifier", nargs="?", const="", metavar="MODEL",
                       help="ga: judge schedules with the schedule classifier (a model of "
                            "'polyopt model train'; without MODEL the shipped one), or with "
                            "'performance' (or a .npz of 'polyopt model train --corpus') the "
                            "default's learned performance model, as --classifier-mode says")
    group.add_argument("--classifier-mode", choices=["gac", "guard"],
                       help="gac (default): Polyite's GA_C, generations judged by the "
                            "classifier alone until 95%% of the population is predicted "
                            "profitable (or --generations), then the final population "
                            "benchmarked, at most --budget of it; guard: the GA benchmarks "
                            "only the schedules predicted profitable (--budget counts those) "
                            "and, where fewer than half the population ran or is predicted "
                            "profitable, random others to fill up")
    group.add_argument("--build", type=argtypes.command, default=DEFAULT_BUILD,
                       help=f"build command; {{src}} and {{exe}} are filled in (default: '{DEFAULT_BUILD}')")
    group.add_argument("--run", type=argtypes.command, default=DEFAULT_RUN, help="run command (default: '{exe}')")
    group.add_argument("--shell", action="store_true", help="run both commands through /bin/sh")
    group.add_argument("--timeout", type=argtypes.positive_float, default=300.0,
                       help="seconds a run may take at most (runs slower than 3x the best so "
                            "far are stopped earlier)")
    group.add_argument("--tolerance", type=argtypes.nonnegative_float, default=0.0,
                       help="relative tolerance for numbers in the outputs (default: exact)")
    _add_ignore_option(group)
    _add_harness_option(group)
    group.add_argument("--cuda-build", type=argtypes.command, metavar="COMMAND",
                       help="with --target cuda: build command of every candidate, the original "
                            "included (default: 'nvcc -O3 -arch=sm_XY {src} -o {exe} -lm', XY "
                            "from the GPU found; without a GPU the search refuses to start "
                            "unless this is given)")
    group.add_argument("--no-bound", dest="bound", action="store_false",
                       help="build and run every candidate, also one whose lower bound on its "
                            "time (the work at the machine's peaks) is above the best time so far")
    group.add_argument("--mode", choices=["sparse", "dense", "mixed"], default="sparse",
                       help="how rows combine generators (default: sparse)")
    group.add_argument("--codegen-jobs", type=argtypes.positive_int, metavar="N",
                       help="processes that generate a batch of candidates' code side by side, "
                            "before any of them is built and timed (default: the CPUs polyopt "
                            "may use)")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=argtypes.positive_int, metavar="N",
                       help="evaluate candidates on a local Dask cluster of N worker processes "
                            "(builds and verification runs side by side, one timed run at a time)")
    where.add_argument("--cluster", metavar="ADDRESS",
                       help="evaluate candidates on the workers of the Dask scheduler at ADDRESS "
                            "(e.g. tcp://head:8786; workers started with --resources timing=1, "
                            "one per machine: see the README)")


def _add_harness_option(group) -> None:
    group.add_argument("--harness", choices=["auto", "program", "regions", "kernel"],
                       default="auto",
                       help="what is built and timed: program, the file as a whole program "
                            "(its main); regions, the program run whole with only its "
                            "regions timed; kernel, a driver polyopt writes for the file's "
                            "regions (arrays allocated and filled, the regions timed alone, "
                            "the arrays they write compared); auto (default): for --tune the "
                            "regions where the file has a main, else the program where it "
                            "has one, else the kernel harness")


def _add_ignore_option(group) -> None:
    group.add_argument("--ignore-output", dest="ignore_output", action="append", default=[],
                       type=argtypes.regex, metavar="REGEX",
                       help="leave the lines of standard output that REGEX matches (Python "
                            "re.search) out of the comparison with the original, e.g. a "
                            "printed time: --ignore-output '^[0-9]+\\.[0-9]{6}$' for the "
                            "kernel time of polyopt's PolyBench harness (repeatable; every "
                            "other line is compared as before)")


def _main_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polyopt",
        usage="%(prog)s [options] FILE\n"
              "       %(prog)s bench FILE [options]\n"
              "       %(prog)s polybench [KERNELS...] [options]\n"
              "       %(prog)s model train|evaluate [options]\n"
              "       %(prog)s machine [--measure] [--json]\n"
              "       %(prog)s db path|list|show|export|clear\n"
              "       %(prog)s cc [options] -- COMPILER ARGS...\n"
              "       %(prog)s --blas-flags [--blas-library L]",
        description="Polyhedral optimizer for C loop nests: reschedules, tiles and "
                    "parallelizes (OpenMP) the static-control parts of a C file. "
                    "Run 'polyopt bench FILE' to build, time and verify the result.",
        epilog="subcommands: 'polyopt bench FILE' optimizes FILE, builds and runs the original "
               "and the optimized program side by side, compares their outputs and reports "
               "times and speedup; 'polyopt polybench [KERNELS...]' runs the PolyBench "
               "experiments (every kernel with every variant, verified and timed, with a "
               "report); 'polyopt model train|evaluate' trains the schedule classifier on "
               "earlier searches or measures a model; 'polyopt machine' shows what the default's "
               "cost model assumes of this machine (threads, caches, the threads' start, "
               "measured at first use) and --measure measures it again; 'polyopt db "
               "path|list|show|export|clear' reads and edits the tuning database. Each has its own --help.")
    parser.add_argument("file", help="C file to optimize ('-' for standard input)")
    parser.add_argument("-o", "--output", default="-", help="output file (default: standard output)")
    parser.add_argument("--dump", choices=["scop", "deps", "schedule", "space", "samples", "blas"],
                        help="print one stage's result instead of the optimized file: the SCoP, "
                             "its dependences, its schedule tree, statistics of the legal schedule "
                             "space, every schedule a search evaluated (JSON lines), or the "
                             "statements that are BLAS operations (and why the others are not)")
    parser.add_argument("--report", metavar="FILE",
                        help="also write what was decided as JSON: per SCoP its location, "
                             "decision, the default's candidates with their predictions, "
                             "tiles, parallel loops, and every warning and note, located "
                             "(the format is in docs/usage.md)")
    parser.add_argument("--version", action="version", version=f"polyopt {__version__}")
    # (main runs run_blas_flags before this parser sees it: here for --help)
    parser.add_argument("--blas-flags", action="store_true",
                        help="print the compile and link flags that code made with --blas "
                             "needs (with --blas-library L: for that library) and exit")
    _add_optimization_options(parser)
    _add_search_options(parser)
    return parser


def _bench_parser() -> argparse.ArgumentParser:
    from polyopt.core.commands import DEFAULT_BUILD, DEFAULT_RUN
    parser = argparse.ArgumentParser(
        prog="polyopt bench",
        description="Optimize FILE, build and run the original and the optimized program "
                    "side by side, compare their outputs and report times and speedup.")
    parser.add_argument("file", help="C file (a whole program with main, or kernels the kernel "
                        "harness drives: --harness)")
    parser.add_argument("--build", type=argtypes.command, default=DEFAULT_BUILD,
                        help=f"build command; {{src}} and {{exe}} are filled in (default: '{DEFAULT_BUILD}')")
    parser.add_argument("--run", type=argtypes.command, default=DEFAULT_RUN, help="run command (default: '{exe}')")
    parser.add_argument("--shell", action="store_true", help="run both commands through /bin/sh")
    parser.add_argument("--repeat", type=argtypes.positive_int, default=5, help="timed runs of each version (default: 5)")
    parser.add_argument("--warmup", type=argtypes.nonnegative_int, default=1, help="untimed runs first (default: 1)")
    parser.add_argument("--timeout", type=argtypes.positive_float, default=300.0, help="seconds before a run is killed")
    parser.add_argument("--tolerance", type=argtypes.nonnegative_float, default=0.0,
                        help="relative tolerance for numbers in the outputs (default: exact)")
    _add_ignore_option(parser)
    _add_harness_option(parser)
    parser.add_argument("--keep", action="store_true", help="keep the build directories")
    parser.add_argument("--save", metavar="PATH", help="also write the optimized source here")
    parser.add_argument("--report", metavar="FILE",
                        help="also write the decisions, the times of every run of both "
                             "versions and the verification as JSON (docs/usage.md)")
    parser.add_argument("--cuda-build", type=argtypes.command, metavar="COMMAND",
                        help="with --target cuda: build command of the CUDA program (default: "
                             "'nvcc -O3 -arch=sm_XY -DPOLYOPT_CUDA_TIMING {src} -o {exe}', XY "
                             "from the GPU found, 90 without one)")
    _add_optimization_options(parser)
    return parser


def _configure_logging(args: argparse.Namespace) -> None:
    level = logging.ERROR if args.quiet else (logging.DEBUG if args.verbose > 1 else
                                              logging.INFO if args.verbose else logging.WARNING)
    logging.basicConfig(level=level, format="polyopt: %(levelname)s: %(message)s")


def _emit_warnings(warnings: list[str], args: argparse.Namespace) -> None:
    if not args.quiet:
        for warning in warnings:
            _print_diagnostic(warning, args.diagnostics)


def _print_diagnostic(text: str, form: str, severity: str = "warning") -> None:
    """A warning, note or error on standard error, as text or as one JSON line."""
    if form == "json":
        from polyopt.pipeline.report import diagnostic_json
        text = json.dumps(diagnostic_json(text, severity))
    print(text, file=sys.stderr)


def _diagnostics_form(argv: list[str]) -> str:
    """The --diagnostics form `argv` names, read as the command's own parser reads it
    (abbreviations too), for an error raised before or without that parser."""
    parser = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    _add_diagnostics_option(parser)
    try:
        return parser.parse_known_args(argv)[0].diagnostics
    except argparse.ArgumentError:
        return "text"


def _write_output(path: str, text: str) -> None:
    data = encode_text(text)
    if path == "-":
        _write_stdout(data)
        return
    write_file(path, data)


def _write_stdout(data: bytes | None = None) -> None:
    """Write (or only flush) standard output: closed or full, it is a clear error;
    a reader that went away (`| head`) is left to main."""
    if sys.stdout is None:
        if data is None:
            return
        raise PolyoptError("cannot write standard output: it is closed")
    with _stdout_errors(ValueError):      # ValueError: closed by the Python code itself
        view = memoryview(data or b"")
        while view:
            # a write cut short by a reader that left reports it at the next one
            view = view[sys.stdout.buffer.write(view) or len(view):]
        sys.stdout.flush()


@contextlib.contextmanager
def _stdout_errors(*also: type[Exception]):
    """A closed or full standard output is a UsageError; a reader that went away
    (BrokenPipeError) is left to main."""
    try:
        yield
    except BrokenPipeError:
        raise
    except (OSError, *also) as error:
        _abandon_stdout()
        raise PolyoptError("cannot write standard output: "
                         f"{getattr(error, 'strerror', None) or error}") from None


def _abandon_stdout() -> None:
    """What is still buffered for standard output is dropped (at exit, Python would
    try to write it again and print the error once more)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _classifier_before_source(argv: list[str]) -> list[str]:
    """`--classifier [MODEL]` before the source file (`--classifier kernel.c`): a C
    source (or '-', standard input) is no model, so the classifier is the shipped one and
    the file is the input."""
    result = list(argv)
    for index, token in enumerate(result[:-1]):
        following = result[index + 1]
        if token == "--classifier" and (following == "-" or following.endswith((".c", ".h"))):
            result[index] = "--classifier="
    return result


def run_optimize(argv: list[str]) -> int:
    args = _main_parser().parse_args(_classifier_before_source(argv))
    _configure_logging(args)
    options = _options(args)
    source = read_source(args.file)
    if options.time_tile is not None and not options.tile:
        raise UsageError("--time-tile needs tiling (not --no-tile)")
    if args.scheduler == "ga" and args.budget == 0:
        raise UsageError("--scheduler ga searches: it needs a --budget of at least 1")
    if args.classifier is None and args.classifier_mode is not None:
        raise UsageError("--classifier-mode needs --classifier [MODEL]")
    if args.classifier is not None and args.scheduler != "ga":
        raise UsageError("--classifier judges the genetic search's schedules: it needs "
                         "--scheduler ga")
    if args.tune:
        if args.scheduler not in (None, "auto") or options.target != "c":
            raise UsageError("--tune measures the default's candidates for the CPU: it goes "
                             "with neither --scheduler nor --target cuda")
        return run_search(args, options, source, tune=True)
    if args.dump == "samples" and not (args.scheduler in SEARCHES and args.budget > 0):
        raise UsageError("--dump samples prints the schedules a search built and ran: it "
                         "needs --scheduler random or ga with a --budget")
    if args.scheduler in SEARCHES and args.budget > 0:
        return run_search(args, options, source)
    if args.jobs or args.cluster:
        raise UsageError("--jobs and --cluster evaluate a search's candidates: they need "
                         "--scheduler random or ga with a --budget")
    if args.dump:
        from polyopt.dump import dump
        text, warnings = dump(source, options, args.dump)
        _emit_warnings(warnings, args)
        _write_output(args.output, text)
        return 0
    kernels = _cuda_kernels_path(args, options)
    if kernels is not None:
        options = replace_dataclass(options, cuda_host_c=True)
    result = optimize_source(source, options)
    _emit_warnings(result.warnings, args)
    for report in result.scops:
        log.info("%s: %d statements, %s, parallel loops: %s", report.location, report.statements,
                 report.description, ", ".join(report.parallel_loops) or "none")
    _write_output(args.output, result.text)
    if kernels is not None and result.kernels is not None:
        write_file(kernels, encode_text(result.kernels))
        log.info("the CUDA kernels: %s", kernels)
    _write_report(args, result, "optimize")
    return 0


def _cuda_kernels_path(args: argparse.Namespace, options) -> str | None:
    """Where the kernels go when the host code stays C (--cuda-kernels, or -o FILE.c
    with --target cuda); None: one .cu file."""
    if options.target != "cuda":
        if args.cuda_kernels:
            raise UsageError("--cuda-kernels goes with --target cuda")
        return None
    if args.cuda_kernels:
        if args.output == "-":
            raise UsageError("--cuda-kernels writes a second file: give the host code's "
                             "with -o FILE.c")
        return args.cuda_kernels
    if args.output != "-" and args.output.endswith(".c"):
        return args.output[:-len(".c")] + "_kernels.cu"
    return None


def _write_report(args: argparse.Namespace, result, mode: str, **more) -> None:
    """--report FILE: the decisions of `result` (an OptimizeResult) as JSON."""
    if not getattr(args, "report", None):
        return
    from polyopt.pipeline.report import report_json
    document = report_json(result, args.file, mode, **more)
    write_file(args.report, (json.dumps(document, indent=1) + "\n").encode())


def run_blas_flags(argv: list[str]) -> int:
    """`polyopt --blas-flags [--blas-library L]`: the flags, on one line."""
    from polyopt.blas import library_flags
    parser = argparse.ArgumentParser(prog="polyopt --blas-flags")
    parser.add_argument("--blas-flags", action="store_true", required=True)
    parser.add_argument("--blas-library", metavar="FLAGS_OR_NAME")
    parser.add_argument("--target", choices=["c", "cuda"], default="c",
                        help="cuda: the flag to link cuBLAS with (nvcc)")
    args = parser.parse_args(argv)
    print(CUBLAS_FLAG if args.target == "cuda" else " ".join(library_flags(args.blas_library)))
    return 0


def run_machine(argv: list[str]) -> int:
    """`polyopt machine [--measure]`: what the cost model assumes of this machine."""
    from polyopt.core.machine import threads as machine
    from polyopt.core.machine.cpu import machine_and_sources
    parser = argparse.ArgumentParser(
        prog="polyopt machine",
        description="What the default's cost model assumes of this machine: the threads "
                    "(OMP_NUM_THREADS), the data caches, and the cost of starting the "
                    "threads at a program's first parallel region, measured at first use "
                    "and kept beside the tuning database. Run it alone on the machine: "
                    "other work running makes the start look slower or faster than it is.")
    parser.add_argument("--measure", action="store_true",
                        help="measure the threads' start again and keep it")
    parser.add_argument("--runs", type=argtypes.positive_int, default=machine.MEASURE_RUNS,
                        help=f"fresh processes timed by --measure (default: {machine.MEASURE_RUNS})")
    parser.add_argument("--json", action="store_true",
                        help="print it as one JSON object (threads, cache capacities in bytes, "
                             "the threads' start in nanoseconds, where each came from)")
    args = parser.parse_args(argv)
    if args.measure:
        from polyopt.core.machine.cpu import thread_count
        try:
            machine.measure_and_store(max(1, thread_count()), args.runs)
        except machine.MeasureError as error:
            raise UsageError(f"polyopt machine: cannot measure the threads' start: {error}")
    model, sources = machine_and_sources()
    if args.json:
        print(json.dumps({"format": "polyopt-machine/1", "threads": model.threads,
                          # (the model keeps half of each cache: what a tile may use)
                          "data_caches": [{"level": level + 1, "bytes": cache.capacity * 2,
                                           "shared_by": cache.shared}
                                          for level, cache in enumerate(model.caches)],
                          "caches_from": sources["caches"],
                          "team_start_ns": model.team_ns, "team_start_from": sources["team_ns"],
                          "vector_width": model.vector_width}, indent=1))
        return 0
    caches = ", ".join(f"L{level + 1} {cache.capacity * 2 >> 10} KiB"
                       for level, cache in enumerate(model.caches))
    print(f"threads:        {model.threads} (OMP_NUM_THREADS, else the CPUs this process may use)")
    print(f"data caches:    {caches}; {sources['caches']}")
    print(f"threads' start: {model.team_ns / 1e6:.3g} ms at a program's first parallel "
          f"region; {sources['team_ns']}")
    return 0


def _origin(file: str) -> Path:
    """The path builds take the user's directory from (its `#include "local.h"`): the
    file's, or for standard input the current directory, as the frontend reads it."""
    return Path(file).resolve() if file != "-" else Path.cwd() / "<stdin>"


def _build_command(args: argparse.Namespace) -> str:
    """--build, followed by the CBLAS's compile and link flags where --blas may make
    calls (C target): the code made so, a search's "blas" candidate included, needs them."""
    if not (args.blas and args.target == "c"):
        return args.build
    import shlex

    from polyopt.blas import library_flags
    return args.build + " " + " ".join(shlex.quote(flag) for flag in library_flags(args.blas_library))


CUBLAS_FLAG = "-lcublas"     # what --blas --target cuda code links with


def _cuda_search_build(args: argparse.Namespace) -> str:
    """The build command of a search for --target cuda: --cuda-build, else nvcc for the
    GPU found; without a GPU (and no --cuda-build) the search cannot run anything."""
    from polyopt.core.machine import gpu as cuda_device
    from polyopt.core.errors import DeviceError
    if args.cuda_build:
        return args.cuda_build
    found = cuda_device.detect()
    if isinstance(found, cuda_device.NoDevice):
        raise DeviceError("a search for --target cuda builds and runs every candidate on the "
                          f"GPU, and there is {cuda_device.describe(found)} (--cuda-build "
                          "COMMAND builds them another way, e.g. for an emulator)")
    return f"nvcc -O3 -arch={found.arch} {{src}} -o {{exe}} -lm" + \
        (f" {CUBLAS_FLAG}" if args.blas else "")


def run_search(args: argparse.Namespace, options: Options, source, tune: bool = False) -> int:
    """A search (--scheduler random|ga), or with `tune` the default's best predicted
    candidates measured (--tune)."""
    from tqdm import tqdm

    from polyopt.evaluator import Evaluator, strict_build_command
    from polyopt.search import Judge, Search, SearchSettings, samples_json_lines
    from polyopt.search.driver import HarnessJudge, ProgramError
    if args.budget < 0:
        raise UsageError("--budget must be at least 0")
    mode = (args.classifier_mode or "gac") if args.classifier is not None else None
    settings = SearchSettings(budget=args.budget, seed=args.seed, mode=args.mode,
                              timeout=args.timeout, use_database=args.use_db,
                              strategy="ga" if args.scheduler == "ga" else "random",
                              generations=(args.generations if args.generations is not None
                                           else 40 if mode == "gac" else 20),
                              population=(args.population if args.population is not None
                                          else 50 if mode == "gac" else 30),
                              classifier_mode=mode, classifier_model=args.classifier or None,
                              features=args.dump == "samples", bound=args.bound)
    if tune:
        settings = replace_dataclass(settings, strategy="tune", budget=args.tune_candidates,
                                     baselines=False, finalists=2, final_repeat=1, stored=1)
    if args.codegen_jobs:
        settings.codegen_jobs = args.codegen_jobs
    origin = _origin(args.file)

    def evaluator(build: str) -> Evaluator:
        return Evaluator(build, args.run, shell=args.shell, timeout=args.timeout, repeat=1,
                         warmup=0, include_dirs=args.include_dirs, defines=args.defines)

    build, suffix = (_cuda_search_build(args), ".cu") if options.target == "cuda" else \
        (_build_command(args), ".c")
    strict_build = strict_build_command(build, args.shell)
    harness = _harness(args, options, source, prefer_kernel=tune)
    searched = source if harness is None else SourceFile(source.name, harness.text)
    what = "tune" if tune else "search"

    def announce() -> None:
        """What is built and run. Said once the search is set up: an option mistake or a
        missing extra (the classifier's, the cluster's) is then the command's only line."""
        if not args.quiet:
            print(f"polyopt: {what}: " + (harness.description if harness is not None else
                                          "the program as it is, built and run whole"),
                  file=sys.stderr)

    if tune and args.use_db:
        stored = _tuned_before(searched, options, build)
        if stored is not None:
            announce()
            optimized = _optimized_with(source, options, stored)
            _emit_warnings(optimized.warnings, args)
            if not args.quiet:
                print("polyopt: tune: the tuning database's choice for these SCoPs, sizes, "
                      "threads and build command: " + "; ".join(c.description for c in stored),
                      file=sys.stderr)
            _write_output(args.output, optimized.text)
            _write_report(args, optimized, "tune", from_database=True)
            return 0
    def searched_with(harness):
        """The search's result with this harness; None where the file has no SCoP."""
        searched = source if harness is None else SourceFile(source.name, harness.text)
        with contextlib.ExitStack() as stack:
            judge = (Judge if harness is None else HarnessJudge)(
                stack.enter_context(evaluator(build)), origin, args.tolerance,
                strict=stack.enter_context(evaluator(strict_build)) if strict_build else None,
                ignore=args.ignore_output, suffix=suffix)
            cluster = None
            if args.jobs or args.cluster:
                from polyopt.search.cluster import connect
                cluster = stack.enter_context(connect(args.jobs, args.cluster))
            search = Search(searched, options, settings, judge, cluster=cluster)
            announce()
            if tune and not search.scops:
                return None
            # (None: on a terminal only; make and CI logs get no carriage returns)
            with tqdm(total=search.planned, desc="search", unit="schedule",
                      disable=True if args.quiet else None,
                      leave=False) as progress:
                search.progress = progress
                return search.run()

    try:
        result = searched_with(harness)
    except ProgramError as error:
        # a program that does not build or run alone (a file of a larger program: its
        # main calls what other files define): its regions driven by the kernel harness
        fallback = _kernel_fallback(options, source, harness)
        if fallback is None:
            raise
        log.info("%s", error)
        if not args.quiet:
            print(f"polyopt: {what}: the program does not build or run alone (-v says why): "
                  "its regions are driven by the kernel harness", file=sys.stderr)
        harness = fallback
        searched = SourceFile(source.name, harness.text)
        result = searched_with(harness)
    if result is None:
        # nothing to measure: the file as written (a Makefile's pass goes on), with
        # the reasons its regions are not modelled
        optimized = _optimized_with(source, options, [])
        _emit_warnings(optimized.warnings, args)
        if not args.quiet:
            print(f"polyopt: tune: {source.name}: no SCoP to tune; the file is written "
                  "as it is", file=sys.stderr)
        _write_output(args.output, optimized.text)
        _write_report(args, optimized, "tune", from_database=False)
        return 0
    choices = result.best.choices
    if tune and args.use_db:
        # as a later --tune takes it from the database: the same output
        choices = _tuned_before(searched, options, build) or choices
    optimized = result.optimized if harness is None and choices is result.best.choices else \
        _optimized_with(source, options, choices)
    _emit_warnings(optimized.warnings, args)
    counts = result.counts()
    if not args.quiet:
        best = result.best
        original = next((c for c in result.candidates if c.name == "original" and c.median), None)
        versus = (f" (original code {original.median:.4g} s: {original.median / best.median:.2f}x)"
                  if original is not None and best.median else "")
        print(f"polyopt: {what}: {len(result.candidates) + len(result.unbenchmarked)} candidates ("
              + ", ".join(f"{n} {status}" for status, n in counts.items() if n)
              + f"); best '{best.name}' {best.median:.4g} s{versus}", file=sys.stderr)
        for note in result.notes + [n for n in [result.pruning_note()] if n]:
            print(f"polyopt: {what}: {note}", file=sys.stderr)
    if args.dump == "samples":
        _write_output(args.output, samples_json_lines(result))
    elif args.dump:
        from polyopt.dump import dump
        _write_output(args.output, dump(source, options, args.dump, result.best.choices)[0])
    else:
        _write_output(args.output, optimized.text)
        best = result.best
        _write_report(args, optimized, what if tune else settings.strategy,
                      from_database=False,
                      harness=harness.description if harness is not None else "program",
                      measured={"candidates": len(result.candidates) + len(result.unbenchmarked),
                                "statuses": {s: n for s, n in counts.items() if n},
                                "best": best.name, "best_seconds": best.median,
                                "original_seconds": next(
                                    (c.median for c in result.candidates
                                     if c.name == "original" and c.median), None)})
    return 0


def _harness(args: argparse.Namespace, options: Options, source, prefer_kernel: bool = False):
    """The harness --harness asks for: the kernel harness of the file's regions (auto:
    the file has no main), the program with its regions timed (auto with
    `prefer_kernel`: the file has a main), else None (the file is built and run as the
    program it is, timed whole)."""
    from polyopt.harness import HarnessError, has_main, kernel_harness, region_harness
    if args.harness == "program":
        return None
    if args.harness == "regions" or (args.harness == "auto" and has_main(source)):
        if args.harness == "auto" and (not prefer_kernel or options.target != "c"):
            return None
        try:
            scops, _ = find_scops(source, options)
            return region_harness(source, scops)
        except HarnessError as error:
            if args.harness == "regions":
                raise
            log.info("the regions cannot be timed in the program (%s): it is timed whole",
                     error)
            return None
    if options.target == "cuda":
        raise UsageError("the kernel harness drives C regions on the CPU; --target cuda "
                         "needs a whole program (--harness program)")
    scops, _ = find_scops(source, options)
    return kernel_harness(source, scops, options.defines, options.include_dirs)


def _kernel_fallback(options: Options, source, harness):
    """The kernel harness of the file's regions where `harness` ran the program itself
    (region_harness) and the kernel harness can drive them; else None."""
    from polyopt.harness import HarnessError, kernel_harness
    if harness is None or not harness.in_program:
        return None
    try:
        scops, _ = find_scops(source, options)
        return kernel_harness(source, scops, options.defines, options.include_dirs)
    except HarnessError as error:
        log.info("the kernel harness cannot drive the regions either: %s", error)
        return None


def _tuned_before(searched, options: Options, build: str) -> list | None:
    """The choices a search stored as its winners for every SCoP of `searched` (the file,
    or its kernel harness) with these options, threads and build command, or None."""
    from polyopt.pipeline import stored_choices
    scops, _ = find_scops(searched, options)
    warnings: list[str] = []
    chosen = stored_choices(scops, options, warnings, build=build)
    for warning in warnings:
        log.warning("%s", warning)
    return chosen if scops and all(choice is not None for choice in chosen) else None


def _optimized_with(source, options: Options, choices):
    """The file with a search's choices (made on its kernel harness, whose regions are
    the file's, in the same order)."""
    scops, warnings = find_scops(source, options)
    if len(scops) != len(choices):
        raise PolyoptError(f"{source.name}: the kernel harness has {len(choices)} SCoP(s), "
                           f"the file {len(scops)} (internal error)")
    return render(source, scops, warnings, options, choices)


def run_bench(argv: list[str]) -> int:
    from polyopt.evaluator import Evaluator
    args = _bench_parser().parse_args(argv)
    _configure_logging(args)
    if args.repeat < 1:
        raise UsageError("--repeat must be at least 1")
    source = read_source(args.file)
    options = _options(args)
    result = optimize_source(source, options)
    _emit_warnings(result.warnings, args)
    if args.save:
        _write_output(args.save, result.text)
    origin = _origin(args.file)
    harness = _harness(args, options, source)
    if harness is not None:
        print(f"polyopt: bench: {harness.description}", file=sys.stderr)
    with Evaluator(_build_command(args), args.run, shell=args.shell, repeat=args.repeat,
                   warmup=args.warmup, timeout=args.timeout, keep=args.keep,
                   include_dirs=args.include_dirs, defines=args.defines) as evaluator:
        if args.target == "cuda":
            bench = _bench_cuda(args, evaluator, source, result, origin)
        elif harness is not None:
            from polyopt.harness import harness_seconds
            # the harness with the regions optimized: the same regions, the same choices
            driven = optimize_source(SourceFile(source.name, harness.text), options)
            bench = evaluator.bench(harness.text, driven.text, origin=origin,
                                    rel_tolerance=args.tolerance, ignore=args.ignore_output,
                                    seconds=lambda output: harness_seconds(output.stderr))
        else:
            bench = evaluator.bench(source.text, result.text, origin=origin,
                                    rel_tolerance=args.tolerance, ignore=args.ignore_output)
    original, optimized = bench.original, bench.transformed

    def timing(times) -> dict:
        return {"median": times.median, "min": times.minimum, "max": times.maximum,
                "runs": list(times.seconds)}
    _write_report(args, result, "bench",
                  harness=harness.description if harness is not None else "program",
                  original=timing(original), optimized=timing(optimized),
                  speedup=bench.speedup,
                  output={"equal": bench.comparison.equal, "tolerance": args.tolerance,
                          "differences": [str(d) for d in bench.comparison.differences]})
    print(f"{source.name}: {len(result.scops)} SCoP(s) optimized "
          f"({', '.join(r.description for r in result.scops) or 'none'})")
    print(f"  original   median {original.median:.4f} s  (min {original.minimum:.4f}, "
          f"max {original.maximum:.4f}, {len(original.seconds)} runs)")
    print(f"  optimized  median {optimized.median:.4f} s  (min {optimized.minimum:.4f}, "
          f"max {optimized.maximum:.4f}, {len(optimized.seconds)} runs)")
    print(f"  speedup    {bench.speedup:.2f}x")
    if args.target == "cuda":
        _print_cuda_times(bench.transformed_stderr)
    if bench.comparison.equal:
        print("  output     identical" if args.tolerance == 0 else
              f"  output     equal within relative tolerance {args.tolerance:g}")
        return 0
    print("  output     DIFFERS:")
    for difference in bench.comparison.differences:
        print(f"    {difference}")
    return EXIT_DIFFERS


def _bench_cuda(args, evaluator, source, result, origin):
    """Compile-check the CUDA program; time it against the original if a GPU is here."""
    from polyopt.core.machine import gpu as cuda_device
    from polyopt.core.errors import DeviceError
    found = cuda_device.detect()
    arch = found.arch if isinstance(found, cuda_device.Device) else cuda_device.DEFAULT_ARCH
    build = args.cuda_build or (f"nvcc -O3 -arch={arch} -DPOLYOPT_CUDA_TIMING {{src}} -o {{exe}}"
                                + (f" {CUBLAS_FLAG}" if args.blas else ""))
    if isinstance(found, cuda_device.NoDevice):
        program = evaluator.build(result.text, "transformed", ".cu", origin=origin, command=build)
        evaluator.discard(program)
        raise DeviceError(f"the CUDA program builds, but it cannot run here: {found.reason}")
    log.info("GPU: %s", cuda_device.describe(found))
    return evaluator.bench(source.text, result.text, origin=origin, rel_tolerance=args.tolerance,
                           transformed_build=build, transformed_suffix=".cu")


def _print_cuda_times(stderr: list[bytes]) -> None:
    """Medians of the CUDA event times the program printed, per SCoP."""
    import statistics
    from polyopt.core.machine.gpu import event_times
    per_scop: dict[str, list[tuple[float, float]]] = {}
    for text in stderr:
        for where, total, kernels in event_times(text):
            per_scop.setdefault(where, []).append((total, kernels))
    for where, times in per_scop.items():
        total = statistics.median(t for t, _ in times)
        kernels = statistics.median(k for _, k in times)
        print(f"  GPU        {where}: kernels {kernels:.4f} s, with transfers "
              f"{total:.4f} s (CUDA events, median of {len(times)})")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    stdout = sys.stdout
    if stdout is not None:
        sys.stdout = _GuardedOutput(stdout)
    with interrupt.handled():
        try:
            if argv and argv[0] == "bench":
                status = run_bench(argv[1:])
            elif argv and argv[0] == "polybench":
                from polyopt.polybench import sweep
                status = sweep.run(argv[1:])
            elif argv and argv[0] == "model":
                from polyopt import model_command
                from polyopt.polybench.training import samples_data
                status = model_command.run(argv[1:], samples_data)
            elif argv and argv[0] == "machine":
                status = run_machine(argv[1:])
            elif argv and argv[0] == "db":
                from polyopt import db_command
                status = db_command.run(argv[1:])
            elif argv and argv[0] == "cc":
                from polyopt import cc
                status = cc.run(argv[1:])
            elif "--blas-flags" in argv:
                status = run_blas_flags(argv)
            else:
                status = run_optimize(argv)
                _state.optimized = True
            _write_stdout()         # what print() left in the buffer fails here, not at exit
            return status
        except KeyboardInterrupt:
            pass
        except BrokenPipeError:     # `polyopt f.c | head -1`: the reader has what it wanted
            _abandon_stdout()
            return 1
        except PolyoptError as error:
            if interrupt.received is None:
                _print_diagnostic(str(error), _diagnostics_form(argv), "error")
                return EXIT_USAGE if isinstance(error, UsageError) else EXIT_FAILURE
        except Exception:
            if interrupt.received is None:   # a bug: its traceback is what to report
                raise
        finally:
            if isinstance(sys.stdout, _GuardedOutput):
                sys.stdout = stdout
        print("polyopt: interrupted", file=sys.stderr)
        return interrupt.exit_status()


class _State:
    optimized = False       # main() ran an optimization (not bench, polybench, ...)


_state = _State()


def run() -> None:
    """The console script: ``main()``, then exit. After an optimization the process
    ends without Python's clean-up of its modules, once what it wrote is flushed:
    freeing islpy's and numpy's objects one by one takes 0.1 s, a tenth of the run
    on a PolyBench kernel, and nothing an optimization leaves needs it (its files
    are written and closed, its time-boxed children gone). The other commands (a
    Dask cluster, temporary directories) exit as usual."""
    _state.optimized = False
    status = main()
    if not _state.optimized:
        sys.exit(status)
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            status = status or 1
    os._exit(status if isinstance(status, int) else 1)


class _GuardedOutput:
    """Standard output for print(): a closed or full one is a UsageError, not a
    traceback from the middle of a report."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        with _stdout_errors():
            return self._stream.write(text)

    def flush(self) -> None:
        with _stdout_errors():
            self._stream.flush()

    def __getattr__(self, name):
        return getattr(self._stream, name)


if __name__ == "__main__":
    run()
