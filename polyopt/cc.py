"""polyopt in front of a C compiler: ``polyopt cc [OPTIONS] -- COMPILER ARGS...`` and
``polyopt-cc COMPILER ARGS...`` (``CMAKE_C_COMPILER_LAUNCHER=polyopt-cc``,
``make CC="polyopt-cc gcc"``).

The compiler's command line is read for its C sources (``*.c``), its ``-D``/``-U``
and ``-I`` options (either spelling) and ``-std=``. Each source with a
``#pragma scop`` (any source with --auto-scop) is optimized in this process, with
the command's -D and -I, into a file of the same name in a temporary directory;
the command compiles that file instead, with ``-iquote`` of the source's directory
so that its ``#include "..."`` find what they found, and the object keeps its
name. Every other argument is kept as it is. What is no compile of C sources
(linking only, -E, -M/-MM, assembly or objects only, --version, C++), a command
whose sources have no SCoP, and POLYOPT_CC_DISABLE=1 run the compiler unchanged.

The build never breaks because of polyopt: a file polyopt fails on is compiled as
written, after one warning line; a command whose optimized files do not compile
is run again as written (the original's own errors are the user's).

Options of polyopt come before ``--`` (``polyopt cc``) and from the environment
variable POLYOPT_CC_FLAGS (both forms).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from polyopt import argtypes
from polyopt.core import interrupt
from polyopt.core.errors import PolyoptError, UsageError

PROG = "polyopt-cc"
FLAGS_VARIABLE = "POLYOPT_CC_FLAGS"
DISABLE_VARIABLE = "POLYOPT_CC_DISABLE"

# compiler options whose value is the next argument when written alone
_SEPARATE_VALUE = frozenset("""
    -o -D -U -I -include -imacros -isystem -iquote -idirafter -iprefix -iwithprefix
    -iwithprefixbefore -isysroot -imultilib -include-pch -x -MF -MT -MQ -Xlinker
    -Xassembler -Xpreprocessor -Xclang -mllvm -L -l -u -T -z -e -aux-info --param -B -A
    -dumpbase -dumpdir -target -arch --sysroot -F
""".split())
# options after which the compiler compiles nothing (it preprocesses, lists dependencies,
# checks syntax, or only tells something about itself)
_NO_COMPILE = {"-E": "preprocessing only (-E)", "-M": "dependencies only (-M)",
               "-MM": "dependencies only (-MM)", "-fsyntax-only": "syntax check only",
               "-###": "commands shown only (-###)", "--version": "--version",
               "-dumpversion": "-dumpversion", "-dumpmachine": "-dumpmachine",
               "--help": "--help"}
_SCOP_PRAGMA = re.compile(rb"^[ \t]*#[ \t]*pragma[ \t]+scop\b", re.MULTILINE)


@dataclass
class Invocation:
    """What a compiler command line asks for, as far as polyopt cares."""

    command: list[str]
    sources: list[int] = field(default_factory=list)    # indices in command of the C sources
    defines: list[str] = field(default_factory=list)    # NAME or NAME=VALUE, in order
    include_dirs: list[str] = field(default_factory=list)
    std: str | None = None
    output: str | None = None
    compile_only: bool = False      # -c
    assemble_only: bool = False     # -S
    first_iquote: int | None = None  # index of the first -iquote option
    reason: str | None = None       # why the command runs unchanged; None: it compiles C

    @property
    def passes_through(self) -> bool:
        return self.reason is not None


def parse_command(command: list[str]) -> Invocation:
    """Read a compiler command line (the compiler first)."""
    if not command:
        raise UsageError(f"{PROG}: no compiler command (usage: {PROG} COMPILER ARGS...)")
    invocation = Invocation(list(command))
    _scan(invocation, command, 1, top_level=True)
    compiler = os.path.basename(command[0])
    if invocation.reason is None and compiler.endswith("++"):
        invocation.reason = f"{compiler} compiles .c files as C++"
    if invocation.reason is None and not invocation.sources:
        invocation.reason = "no C source file"
    return invocation


def _scan(invocation: Invocation, args: list[str], start: int, top_level: bool,
          depth: int = 0) -> None:
    language = None         # -x LANGUAGE in force
    index = start
    while index < len(args):
        arg = args[index]
        value = args[index + 1] if arg in _SEPARATE_VALUE and index + 1 < len(args) else None
        rest = value if value is not None else arg[2:]     # the value, either spelling
        if arg in _NO_COMPILE and invocation.reason is None:
            invocation.reason = _NO_COMPILE[arg]
        elif value is not None or arg.startswith(("-D", "-U", "-I", "-o", "-x", "-iquote")):
            if arg.startswith("-D"):
                _define(invocation, rest)
            elif arg.startswith("-U"):
                invocation.defines = [d for d in invocation.defines
                                      if d.partition("=")[0] != rest]
            elif arg.startswith("-I"):
                if rest and rest != "-":
                    invocation.include_dirs.append(rest)
            elif arg.startswith("-o"):
                if top_level:
                    invocation.output = rest
            elif arg.startswith("-x"):
                language = None if rest == "none" else rest
            elif arg.startswith("-iquote") and top_level and invocation.first_iquote is None:
                invocation.first_iquote = index
            if value is not None:
                index += 1
        elif arg == "-c":
            invocation.compile_only = True
        elif arg == "-S":
            invocation.assemble_only = True
        elif arg.startswith("-std="):
            invocation.std = arg[len("-std="):]
        elif arg.startswith("@") and depth < 8:
            _scan(invocation, _response_file(arg[1:]), 0, top_level=False, depth=depth + 1)
        elif not arg.startswith("-") and arg.endswith(".c") and language in (None, "c") \
                and top_level:
            invocation.sources.append(index)
        index += 1


def _define(invocation: Invocation, text: str) -> None:
    """A -D the optimizer can use: function-like macros and the like are the compiler's only."""
    from polyopt.frontend.sizes import parse_define
    try:
        parse_define(text)
    except ValueError:
        return
    invocation.defines.append(text)


def _response_file(path: str) -> list[str]:
    try:
        return shlex.split(Path(path).read_text(errors="replace"))
    except (OSError, ValueError):
        return []


# ---------------------------------------------------------------------------
# polyopt's own options

def _parser() -> argparse.ArgumentParser:
    from polyopt.scheduler import scheduler_names
    parser = argparse.ArgumentParser(
        prog="polyopt cc",
        usage="polyopt cc [options] -- COMPILER ARGS...\n       polyopt-cc COMPILER ARGS...",
        description="Compile with polyopt in front of the compiler: the C sources of the "
                    "command are optimized (with its -D and -I) and the optimized files "
                    f"compiled instead. Options also come from ${FLAGS_VARIABLE}; "
                    f"{DISABLE_VARIABLE}=1 runs the compiler unchanged.")
    parser.add_argument("--scheduler", choices=sorted(scheduler_names()),
                        help="schedule strategy (default: a stored tuned schedule, else auto)")
    parser.add_argument("--cost-model", default="learned", metavar="learned|analytical|FILE",
                        help="what auto's predictions come from (default: learned)")
    parser.add_argument("--no-tile", dest="tile", action="store_false",
                        help="do not tile permutable bands")
    parser.add_argument("--tile-sizes", type=argtypes.sizes, metavar="N[,N...]",
                        help="tile sizes per band member, last one repeated")
    parser.add_argument("--no-parallel", dest="parallel", action="store_false",
                        help="no OpenMP pragmas")
    parser.add_argument("--no-versioning", dest="versioning", action="store_false",
                        help="tiled code for every size")
    parser.add_argument("--auto-scop", action="store_true",
                        help="find maximal affine loop nests instead of '#pragma scop' regions")
    parser.add_argument("--tune", action="store_true",
                        help="measure the default's best predicted candidates of each source "
                             "(polyopt --tune), built by this compiler with the command's "
                             "flags; stored in the tuning database, so that the next build "
                             "of an unchanged file builds nothing more")
    parser.add_argument("--tune-candidates", type=argtypes.positive_int, default=4, metavar="N",
                        help="--tune: candidates measured besides the code as written "
                             "(default: 4)")
    parser.add_argument("--db", metavar="PATH", help="tuning database")
    parser.add_argument("--no-db", dest="use_db", action="store_false",
                        help="neither read nor write the tuning database")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="say what is optimized")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no warnings of polyopt (those of its failures excepted)")
    return parser


_VALUE_OPTIONS = {"--scheduler", "--cost-model", "--tile-sizes", "--db", "--tune-candidates"}


def split_arguments(argv: list[str]) -> tuple[list[str], list[str]]:
    """(polyopt's options, the compiler command): split at '--', else at the first
    argument that is no option of polyopt."""
    if not argv or not argv[0].startswith("-"):
        return [], list(argv)
    if "--" in argv:
        at = argv.index("--")
        return argv[:at], argv[at + 1:]
    index = 0
    while index < len(argv) and argv[index].startswith("-"):
        index += 2 if argv[index] in _VALUE_OPTIONS else 1
    return argv[:index], argv[index:]


def parse_options(options: list[str]) -> argparse.Namespace:
    """$POLYOPT_CC_FLAGS, then the command line's options (those win)."""
    try:
        from_environment = shlex.split(os.environ.get(FLAGS_VARIABLE, ""))
    except ValueError as error:
        raise UsageError(f"{PROG}: ${FLAGS_VARIABLE}: {error}") from None
    return _parser().parse_args(from_environment + options)


def _options(args: argparse.Namespace, invocation: Invocation):
    from polyopt.pipeline import Options
    return Options(scheduler=args.scheduler or "auto", cost_model=args.cost_model,
                   tile=args.tile, tile_sizes=args.tile_sizes, parallel=args.parallel,
                   versioning=args.versioning, auto_scop=args.auto_scop,
                   use_database=args.scheduler is None and args.use_db, database=args.db,
                   defines=list(invocation.defines),
                   include_dirs=list(invocation.include_dirs))


# ---------------------------------------------------------------------------
# running

def run(argv: list[str]) -> int:
    """``polyopt cc [options] -- COMPILER ARGS...``; the compiler's exit status."""
    ours, command = split_arguments(argv)
    args = parse_options(ours)
    if not command:
        raise UsageError(f"{PROG}: no compiler command (usage: polyopt cc [options] -- "
                         "COMPILER ARGS...)")
    if os.environ.get(DISABLE_VARIABLE, "") not in ("", "0"):
        return _exec(command)
    invocation = parse_command(command)
    if invocation.passes_through:
        return _exec(command)
    chosen = [index for index in invocation.sources
              if args.auto_scop or _has_scop(command[index])]
    if not chosen:          # nothing to optimize: not even polyopt's pipeline is loaded
        return _exec(command)
    return compile_optimized(invocation, args, chosen)


def main(argv: list[str] | None = None) -> int:
    """The ``polyopt-cc`` console script: ``polyopt-cc [options --] COMPILER ARGS...``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    with interrupt.handled():
        try:
            return run(argv)
        except KeyboardInterrupt:
            pass
        except PolyoptError as error:
            if interrupt.received is None:
                print(error, file=sys.stderr)
                return 2
    print(f"{PROG}: interrupted", file=sys.stderr)
    return interrupt.exit_status()


def _has_scop(path: str) -> bool:
    try:
        with open(path, "rb") as stream:
            return _SCOP_PRAGMA.search(stream.read()) is not None
    except OSError:
        return False        # the compiler says what is wrong with it


def _exec(command: list[str]) -> int:
    """Become the compiler, as it was called."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    try:
        os.execvp(command[0], command)
    except OSError as error:
        print(f"{PROG}: cannot run '{command[0]}': {error.strerror or error}", file=sys.stderr)
        return 127
    return 127      # not reached


def _warn(path: str, message: str) -> None:
    message = " ".join(message.split())
    print(f"{PROG}: {path}: warning: {message}; compiled as written", file=sys.stderr, flush=True)


def optimize_file(path: str, options, quiet: bool) -> str | None:
    """The optimized text of one source; None: compile it as written (after a warning
    if polyopt failed on it)."""
    import logging
    from polyopt.frontend import read_source
    from polyopt.pipeline import optimize_source
    log = logging.getLogger("polyopt")
    try:
        source = read_source(path)
        result = optimize_source(source, options)
    except PolyoptError as error:
        if interrupt.received is not None:
            raise KeyboardInterrupt from None
        _warn(path, error.message)
        return None
    except Exception as error:      # a bug of polyopt breaks no build
        if interrupt.received is not None:
            raise KeyboardInterrupt from None
        _warn(path, f"polyopt failed ({type(error).__name__}: {error})")
        return None
    if not quiet:
        for warning in result.warnings:
            print(warning, file=sys.stderr)
    for report in result.scops:
        log.info("%s: %s, parallel loops: %s", report.location, report.description,
                 ", ".join(report.parallel_loops) or "none")
    return None if result.text == source.text else result.text


# the command's arguments that only say what to make of which files, not how to compile
_NOT_FOR_THE_HARNESS = {"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG"}
_NOT_FOR_THE_HARNESS_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ"}


def harness_build(invocation: Invocation) -> str:
    """The build command of ``polyopt --tune`` made of the compiler's command: the same
    compiler and flags (-O, -f, -m, -D, -I, -std...), the file and the output left
    out, ``{src} -o {exe} -lm`` added."""
    command = invocation.command
    kept, index = [command[0]], 1
    while index < len(command):
        arg = command[index]
        if arg in _NOT_FOR_THE_HARNESS_WITH_VALUE:
            index += 2
            continue
        if index in invocation.sources or arg in _NOT_FOR_THE_HARNESS or arg.startswith("-o") \
                or arg.startswith(("-MF", "-MT", "-MQ")) or not arg.startswith("-") \
                and arg.endswith((".o", ".a", ".so", ".s", ".S")):
            index += 1
            continue
        kept.append(arg)
        if arg in _SEPARATE_VALUE and index + 1 < len(command):
            kept.append(command[index + 1])
            index += 1
        index += 1
    return " ".join(shlex.quote(arg) for arg in kept) + " {src} -o {exe} -lm"


def tuned_file(path: str, args: argparse.Namespace, invocation: Invocation) -> str | None:
    """``polyopt --tune`` of one source with the compiler's own build (harness_build):
    its optimized text, or None (after a warning) where the tuning failed: the file is
    then optimized as without --tune."""
    with tempfile.TemporaryDirectory(prefix="polyopt-cc-tune-") as directory:
        output = os.path.join(directory, os.path.basename(path))
        argv = [path, "--tune", "--tune-candidates", str(args.tune_candidates), "-o", output,
                "--build", harness_build(invocation), "--cost-model", args.cost_model,
                *(f"-D{d}" for d in invocation.defines),
                *(f"-I{d}" for d in invocation.include_dirs),
                *([] if args.tile else ["--no-tile"]), *([] if args.parallel else ["--no-parallel"]),
                *(["--tile-sizes", ",".join(map(str, args.tile_sizes))] if args.tile_sizes else []),
                *(["--db", args.db] if args.db else []), *([] if args.use_db else ["--no-db"]),
                *(["-q"] if args.quiet else [])]
        # (polyopt's own command line, in a process of its own: its messages go where
        # the compiler's do)
        status = subprocess.run([sys.executable, "-m", "polyopt", *argv]).returncode
        if interrupt.received is not None:
            raise KeyboardInterrupt
        if status != 0 or not os.path.exists(output):
            print(f"{PROG}: {path}: warning: --tune failed (exit status {status}); "
                  "optimized without measuring", file=sys.stderr, flush=True)
            return None
        return Path(output).read_text(errors="surrogateescape")


def compile_optimized(invocation: Invocation, args: argparse.Namespace,
                      chosen: list[int]) -> int:
    """Optimize the sources at the indices ``chosen`` of the command, compile; the
    compiler's exit status."""
    import logging
    from polyopt.frontend.source import encode_text
    level = logging.ERROR if args.quiet else (logging.DEBUG if args.verbose > 1 else
                                              logging.INFO if args.verbose else logging.WARNING)
    logging.basicConfig(level=level, format="polyopt: %(levelname)s: %(message)s")
    options = _options(args, invocation)
    command = invocation.command
    temporary = tempfile.mkdtemp(prefix="polyopt-cc-")
    try:
        replaced: dict[int, str] = {}       # index in the command -> optimized file
        for number, index in enumerate(chosen):
            text = (tuned_file(command[index], args, invocation) if args.tune
                    and args.scheduler in (None, "auto") else None)
            if text is None:
                text = optimize_file(command[index], options, args.quiet)
            if text is None:
                continue
            directory = Path(temporary, str(number))
            directory.mkdir()
            optimized = directory / os.path.basename(command[index])
            optimized.write_bytes(encode_text(text))
            replaced[index] = str(optimized)
        if not replaced:
            return _run_streamed(command)
        status, stdout, stderr = _run_captured(rewrite_command(invocation, replaced))
        renames = [(replaced[index].encode(), command[index].encode()) for index in replaced]
        if status != 0:
            # as written: the user's own errors are the user's; if it builds, polyopt is why
            status = _run_streamed(command)
            if status == 0:
                for index in replaced:
                    _warn(command[index], "the optimized file does not compile")
            return status
        _write(sys.stdout, _renamed(stdout, renames))
        _write(sys.stderr, _renamed(stderr, renames))
        for depfile in _depfiles(invocation):
            _fix_depfile(depfile, renames)
        return status
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


def rewrite_command(invocation: Invocation, replaced: dict[int, str]) -> list[str]:
    """The command that compiles the optimized files: each in place of its source,
    ``-iquote`` of the sources' directories where the source's own directory was
    searched (before the command's -iquote directories), and ``-o`` of the object
    the compiler would have named after the source (one source, -c)."""
    command = invocation.command
    new = [replaced.get(index, arg) for index, arg in enumerate(command)]
    directories: list[str] = []
    for index in replaced:
        directory = os.path.dirname(command[index]) or "."
        if directory not in directories:
            directories.append(directory)
    quoted = [flag for directory in directories for flag in ("-iquote", directory)]
    at = invocation.first_iquote if invocation.first_iquote is not None else len(new)
    new[at:at] = quoted
    if invocation.compile_only and not invocation.assemble_only and invocation.output is None \
            and len(invocation.sources) == 1:
        new += ["-o", Path(command[invocation.sources[0]]).stem + ".o"]
    return new


def _run_streamed(command: list[str]) -> int:
    try:
        return _status(subprocess.run(command).returncode)
    except OSError as error:
        print(f"{PROG}: cannot run '{command[0]}': {error.strerror or error}", file=sys.stderr)
        return 127


def _run_captured(command: list[str]) -> tuple[int, bytes, bytes]:
    try:
        done = subprocess.run(command, capture_output=True)
    except OSError as error:
        return 127, b"", str(error).encode()
    return _status(done.returncode), done.stdout, done.stderr


def _status(returncode: int) -> int:
    return 128 - returncode if returncode < 0 else returncode


def _renamed(data: bytes, renames: list[tuple[bytes, bytes]]) -> bytes:
    for old, new in renames:
        data = data.replace(old, new)
    return data


def _write(stream, data: bytes) -> None:
    if not data or stream is None:
        return
    stream.flush()
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
    else:
        stream.write(data.decode(errors="replace"))
        stream.flush()


def _depfiles(invocation: Invocation) -> list[str]:
    """Where -MD, -MMD or -MF may have written the dependencies (those that name an
    optimized file are corrected)."""
    command = invocation.command
    candidates = []
    for index, arg in enumerate(command):
        if arg == "-MF" and index + 1 < len(command):
            candidates.append(command[index + 1])
        elif arg.startswith("-MF") and len(arg) > 3:
            candidates.append(arg[3:])
    if not any(arg in ("-MD", "-MMD") for arg in command):
        return candidates
    if invocation.output:
        candidates.append(os.path.splitext(invocation.output)[0] + ".d")
        candidates.append(invocation.output + ".d")
    for index in invocation.sources:
        stem = Path(command[index]).stem
        candidates.append(stem + ".d")
        if invocation.output:
            candidates.append(os.path.join(os.path.dirname(invocation.output), stem + ".d"))
            candidates.append(f"{invocation.output}-{stem}.d")
    return list(dict.fromkeys(candidates))


def _make_escaped(path: bytes) -> bytes:
    return path.replace(b"$", b"$$").replace(b"#", b"\\#").replace(b" ", b"\\ ")


def _fix_depfile(path: str, renames: list[tuple[bytes, bytes]]) -> None:
    try:
        data = Path(path).read_bytes()
    except OSError:
        return
    fixed = data
    for old, new in renames:
        fixed = fixed.replace(_make_escaped(old), _make_escaped(new))
    if fixed != data:
        try:
            Path(path).write_bytes(fixed)
        except OSError:
            pass
