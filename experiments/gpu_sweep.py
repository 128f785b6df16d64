#!/usr/bin/env python3
"""Verify and time polyopt's CUDA output on a machine that has a GPU, nvcc and
gcc but perhaps not polyopt (only the standard library is used here), side by
side with PPCG's CUDA, cuBLAS (the matrix product), the original on the CPU and
polyopt's default OpenMP code on all the machine's cores.

The programs come from a machine with polyopt (and ``ppcg`` for its variant):

    python3 experiments/gpu_sweep.py generate --out polybench/results/cuda-large/generated

writes, for every kernel of polybench/kernels, KERNEL.cu (polyopt --target cuda,
plus any --option=... given), KERNEL.omp.c (polyopt's default), ppcg/KERNEL_host.cu
and ppcg/KERNEL_kernel.cu (ppcg --target=cuda) next to a copy of the original.
On the GPU machine:

    python3 experiments/gpu_sweep.py run --generated DIR --dataset LARGE --out OUT

builds everything side by side (gcc -O3 -march=native for the original, with
-fopenmp for the default; nvcc -O3 -arch=sm_XY -DPOLYOPT_CUDA_TIMING for the CUDA
programs, each linked with a constructor that creates the CUDA context before
main, so that no variant's time holds it), runs every program once with its
arrays dumped (each must agree with the original's within --tolerance: the GPU
may differ in the last digits: 'ok, FMA' within --fma-tolerance; the checked runs are
of builds without contraction into fused multiply-adds, -ffp-contract=off and -fmad=false), then --repeat timed runs of
each GPU and OpenMP program,
interleaved, one at a time, and writes OUT/results.json and OUT/report.md after
every kernel. The checks run --cpu-jobs kernels side by side (the machine has many
cores); the original's time is that of its checked run, which the report says.
Times are the harness's wall clock around the kernel (allocation and transfers
included for the GPU); polyopt's own CUDA events give its kernels' time alone.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

try:
    import numpy          # optional: compares LARGE dumps fast
except ImportError:
    numpy = None

HERE = Path(__file__).resolve().parent                 # experiments/: cublas_gemm.cu
POLYBENCH = HERE.parent / "polybench"                  # the suite: harness, kernels/
TIMES = re.compile(r"polyopt-cuda: .*?: total ([0-9.eE+-]+) s, kernels ([0-9.eE+-]+) s")
WARM = "/* created before main: no variant's timed region pays for the CUDA context */\n" \
       "#include <cuda_runtime.h>\n" \
       "__attribute__((constructor)) static void polyopt_sweep_warm(void) { cudaFree(0); }\n"
GPU_VARIANTS = ("cuda", "ppcg", "cublas")
NO_CONTRACTION = {"gcc": "-ffp-contract=off", "nvcc": "-fmad=false"}
LABELS = {"cpu": "original, gcc -O3 -march=native, 1 thread",
          "omp": "polyopt default (OpenMP), all cores",
          "cuda": "polyopt --target cuda", "ppcg": "PPCG --target=cuda",
          "cublas": "cuBLAS DGEMM"}


def generate(out: Path, options: list[str], dataset: str, also: list[str], what: set[str]) -> int:
    out.mkdir(parents=True, exist_ok=True)
    (out / "ppcg").mkdir(exist_ok=True)
    failures = 0
    ppcg = shutil.which("ppcg")
    for source in sorted((POLYBENCH / "kernels").glob("*.c")):
        shutil.copy(source, out / source.name)
        line = [source.stem]
        programs = [(".cu", ["--target", "cuda", *options])] if "cuda" in what else []
        programs += [(f".{name}.cu", ["--target", "cuda", *options, *more.split(",")])
                     for name, more in (a.split(":", 1) for a in also)] if "cuda" in what else []
        programs += [(".omp.c", [])] if "omp" in what else []
        for suffix, extra in programs:
            result = subprocess.run([sys.executable, "-m", "polyopt", str(source), *extra,
                                     "-D", f"{dataset}_DATASET", "-o", str(out / f"{source.stem}{suffix}")],
                                    capture_output=True, text=True)
            (out / f"{source.stem}{suffix}.polyopt.txt").write_text(result.stderr)
            failures += result.returncode != 0
            line.append(f"{suffix}: {'ok' if result.returncode == 0 else 'FAILED'}")
        if ppcg and "ppcg" in what:
            copy = out / "ppcg" / source.name
            shutil.copy(source, copy)
            result = subprocess.run([ppcg, "--target=cuda", f"-I{POLYBENCH}", f"-D{dataset}_DATASET",
                                     source.name], cwd=out / "ppcg", capture_output=True, text=True,
                                    timeout=600)
            copy.unlink()
            (out / "ppcg" / f"{source.stem}.ppcg.txt").write_text(result.stderr)
            line.append(f"ppcg: {'ok' if result.returncode == 0 else 'FAILED'}")
        print(", ".join(line), flush=True)
    for name in ("harness.c", "harness.h"):
        shutil.copy(POLYBENCH / name, out / name)
    shutil.copy(HERE / "cublas_gemm.cu", out / "cublas_gemm.cu")
    (out / "warm.cu").write_text(WARM)
    return 1 if failures else 0


def _dumps(stderr: str) -> dict:
    """name -> values of each array the program dumped (numpy arrays where numpy is there:
    a LARGE dump holds millions of values)."""
    arrays, position = {}, 0
    while True:
        begin = stderr.find("begin dump: ", position)
        if begin < 0:
            return arrays
        line_end = stderr.find("\n", begin)
        name = stderr[begin + len("begin dump: "):line_end].strip()
        end = stderr.find(f"end dump: {name}", line_end)
        end = len(stderr) if end < 0 else end
        tokens = stderr[line_end + 1:end].split()
        arrays[name] = numpy.array(tokens, dtype=numpy.float64) if numpy else [float(t) for t in tokens]
        position = end + 1


def _agree(expected, actual, tolerance: float) -> tuple[bool, float]:
    """Whether every value agrees within the relative tolerance, and the worst error
    (relative to the value, or to a millionth of the array's largest where it is ~0)."""
    worst = 0.0
    if expected.keys() != actual.keys() or not expected:
        return False, math.inf
    for name, want in expected.items():
        got = actual[name]
        if len(want) != len(got):
            return False, math.inf
        if numpy is not None:
            if not numpy.array_equal(numpy.isnan(want), numpy.isnan(got)):
                return False, math.inf
            finite = ~numpy.isnan(want)
            want, got = want[finite], got[finite]
            if not len(want):
                continue
            scale = float(numpy.max(numpy.abs(want)))
            with numpy.errstate(all="ignore"):
                errors = numpy.abs(want - got) / numpy.maximum(numpy.abs(want), max(1e-6 * scale, 1e-300))
            errors = errors[~numpy.isnan(errors)]
            worst = max(worst, float(errors.max()) if len(errors) else 0.0)
            continue
        scale = max((abs(v) for v in want), default=0.0)
        for x, y in zip(want, got):
            if math.isnan(x) != math.isnan(y):
                return False, math.inf
            error = abs(x - y) / max(abs(x), 1e-6 * scale, 1e-300)
            worst = max(worst, error if not math.isnan(error) else 0.0)
    return worst <= tolerance, worst


def _finite(arrays: dict) -> bool:
    """Whether every dumped value is a number (no inf, no NaN)."""
    if numpy is not None:
        return all(bool(numpy.isfinite(values).all()) for values in arrays.values())
    return all(math.isfinite(v) for values in arrays.values() for v in values)


def _run(executable: Path, dump: bool, timeout: float, threads: int | None = None,
         perturb: bool = False):
    """(harness seconds, GPU total, GPU kernels, stderr) of one run; a dumped run with
    `perturb` starts from the kernel's data changed a little (harness.c: HARNESS_PERTURB),
    so that data a kernel leaves as it is cannot hide code that skips work."""
    env = {**os.environ, **({"HARNESS_DUMP": "1"} if dump else {}),
           **({"HARNESS_PERTURB": "1"} if dump and perturb else {})}
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    run = subprocess.run([str(executable)], capture_output=True, text=True, timeout=timeout, env=env)
    if run.returncode != 0:
        raise RuntimeError(f"{executable.name} exited with {run.returncode}: {run.stderr[-500:]}")
    seconds = float(run.stdout.split()[-1]) if run.stdout.split() else None
    found = TIMES.findall(run.stderr)
    total = sum(float(t) for t, _ in found) if found else None
    kernels = sum(float(k) for _, k in found) if found else None
    return seconds, total, kernels, run.stderr


def _build(command: list[str], what: str) -> str | None:
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return f"{what} does not build: {result.stderr[-1500:]}"
    return None


def _commands(generated: Path, build: Path, kernel: str, define: str, arch: str) -> dict:
    """variant -> (executable, build command) for what exists of that kernel."""
    harness, warm = str(build / "harness.o"), str(build / "warm.o")
    nvcc = ["nvcc", "-O3", f"-arch={arch}", "-DPOLYOPT_CUDA_TIMING", f"-I{generated}", define]
    gcc = ["gcc", "-O3", "-march=native", f"-I{generated}", define]
    found = {"cpu": (build / f"{kernel}-cpu", gcc + [str(generated / f"{kernel}.c"), harness, "-lm"])}
    if (generated / f"{kernel}.omp.c").exists():
        found["omp"] = (build / f"{kernel}-omp",
                        gcc + ["-fopenmp", str(generated / f"{kernel}.omp.c"), harness, "-lm"])
    for extra in sorted(generated.glob(f"{kernel}.*.cu")):
        name = extra.name[len(kernel) + 1:-len(".cu")]
        LABELS.setdefault(f"cuda-{name}", f"polyopt --target cuda ({name})")
        cublas = ["-lcublas"] if "cublas" in extra.read_text() else []   # --blas: cuBLAS calls
        found[f"cuda-{name}"] = (build / f"{kernel}-cuda-{name}",
                                 nvcc + [str(extra), harness, warm, *cublas, "-lm"])
    if (generated / f"{kernel}.cu").exists():
        found["cuda"] = (build / f"{kernel}-cuda", nvcc + [str(generated / f"{kernel}.cu"), harness, warm,
                                                          "-lm"])
    host = generated / "ppcg" / f"{kernel}_host.cu"
    if host.exists():
        found["ppcg"] = (build / f"{kernel}-ppcg",
                         nvcc + [f"-I{generated / 'ppcg'}", str(host),
                                 str(generated / "ppcg" / f"{kernel}_kernel.cu"), harness, warm, "-lm"])
    if kernel == "gemm" and (generated / "cublas_gemm.cu").exists():
        found["cublas"] = (build / "gemm-cublas", nvcc + [str(generated / "cublas_gemm.cu"), harness,
                                                          "-lcublas", "-lm"])
    built = {variant: (exe, command + ["-o", str(exe)]) for variant, (exe, command) in found.items()}
    # the checked builds: no contraction into fused multiply-adds (gcc contracts by default, nvcc
    # too), which an ill-conditioned kernel (gramschmidt at LARGE) turns into different digits
    checked = {f"{variant}/check": (Path(f"{exe}-check"),
                                    [command[0], NO_CONTRACTION[command[0]]] + command[1:-1]
                                    + [f"{exe}-check"])
               for variant, (exe, command) in built.items()}
    return {**built, **checked}


def run(args) -> int:
    generated, out = args.generated.resolve(), args.out
    out.mkdir(parents=True, exist_ok=True)
    build = out / "build"
    build.mkdir(exist_ok=True)
    started = time.perf_counter()
    kernels = sorted(p.stem for p in generated.glob("*.c")
                     if p.suffixes == [".c"] and p.stem != "harness")
    if args.only:
        kernels = [k for k in kernels if k in args.only]
    define = f"-D{args.dataset}_DATASET"
    problem = (_build(["gcc", "-O3", "-c", str(generated / "harness.c"), "-o", str(build / "harness.o")],
                      "harness")
               or _build(["nvcc", "-O3", f"-arch={args.arch}", "-c", str(generated / "warm.cu"), "-o",
                          str(build / "warm.o")], "warm.cu"))
    if problem:
        print(problem)
        return 1
    entries = {k: {"kernel": k, "variants": {}, "perturbed": False} for k in kernels}
    jobs = [(k, v, exe, command) for k in kernels
            for v, (exe, command) in _commands(generated, build, k, define, args.arch).items()
            if not (v.endswith("/check") and v.split("/")[0] in args.trust)]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 4) as pool:
        built = {(k, v): pool.submit(_build, command, LABELS[v.split("/")[0]]) for k, v, _, command in jobs}
    executables = {}
    for k, v, exe, _ in jobs:
        problem = built[k, v].result()
        if v.endswith("/check"):
            if not problem:
                executables[k, v] = exe
            continue
        entries[k]["variants"][v] = {"status": "build error", "detail": problem} if problem else \
            {"status": "built"}
        if not problem:
            executables[k, v] = exe
    print(f"built {len(executables)} of {len(jobs)} programs in {time.perf_counter() - started:.0f} s",
          flush=True)

    def check(kernel, variant, expected):
        entry = entries[kernel]["variants"][variant]
        try:
            threads = os.cpu_count() if variant == "omp" else None
            seconds, total, kernel_seconds, stderr = _run(executables[kernel, f"{variant}/check"], True,
                                                          args.timeout, threads,
                                                          entries[kernel]["perturbed"])
            ok, worst = _agree(expected, _dumps(stderr), args.tolerance)
            status = "ok" if ok else ("ok, FMA" if worst <= args.fma_tolerance else "wrong output")
            entry.update(status=status, max_relative_error=worst, runs=[], total=[], kernels=[],
                         checked=[seconds, total, kernel_seconds])
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            entry.update(status="run error", detail=str(error)[-500:])

    def kernel_checks(kernel):
        """The original with its arrays dumped (its time kept), then each variant's dump
        compared with it; these runs are side by side, so only the original's time counts."""
        if (kernel, "cpu") not in executables or (kernel, "cpu/check") not in executables:
            return
        try:
            seconds, _, _, _ = _run(executables[kernel, "cpu"], False, args.timeout)
            entries[kernel]["variants"]["cpu"].update(status="ok", runs=[seconds])
            _, _, _, stderr = _run(executables[kernel, "cpu/check"], True, args.timeout,
                                   perturb=not args.no_perturb)
            expected = _dumps(stderr)
            entries[kernel]["perturbed"] = not args.no_perturb and _finite(expected)
            if not args.no_perturb and not entries[kernel]["perturbed"]:
                # perturbed data the kernel cannot take (cholesky: no longer positive
                # definite): checked from its own data
                _, _, _, stderr = _run(executables[kernel, "cpu/check"], True, args.timeout)
                expected = _dumps(stderr)
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            entries[kernel]["variants"]["cpu"].update(status="run error", detail=str(error)[-500:])
            return
        for variant in _order(entries[kernel]):
            if variant in args.trust and entries[kernel]["variants"][variant]["status"] == "built":
                # verified in an earlier run of the same programs: timed, not checked again
                entries[kernel]["variants"][variant].update(status="ok (checked before)", runs=[],
                                                            total=[], kernels=[])
            elif (kernel, f"{variant}/check") in executables:
                check(kernel, variant, expected)
        print(f"{kernel}: " + ", ".join(f"{v} {e['status']}" for v, e in
                                        entries[kernel]["variants"].items()), flush=True)

    with concurrent.futures.ThreadPoolExecutor(args.cpu_jobs) as pool:
        for done in concurrent.futures.as_completed([pool.submit(kernel_checks, k) for k in kernels]):
            done.result()
            _write(out, entries, args)
    print(f"checked in {time.perf_counter() - started:.0f} s", flush=True)

    # timed runs, one program at a time, interleaved, while the budget lasts; slow ones once
    for repeat in range(args.repeat):
        for kernel in kernels:
            if time.perf_counter() - started > args.budget:
                break
            for variant in _order(entries[kernel]):
                entry = entries[kernel]["variants"].get(variant)
                if not entry or not entry["status"].startswith("ok") or \
                        (repeat and entry["runs"] and entry["runs"][0] > args.slow):
                    continue
                try:
                    threads = os.cpu_count() if variant == "omp" else None
                    seconds, total, kernel_seconds, _ = _run(executables[kernel, variant], False,
                                                             args.timeout, threads)
                    entry["runs"].append(seconds)
                    entry["total"].append(total)
                    entry["kernels"].append(kernel_seconds)
                except (RuntimeError, subprocess.TimeoutExpired) as error:
                    entry.update(status="run error", detail=str(error)[-500:])
        _write(out, entries, args)
    _write(out, entries, args)
    print(f"wall time {time.perf_counter() - started:.0f} s")
    return 0


def _order(entry: dict) -> list[str]:
    """The variants checked and timed after the original, OpenMP first."""
    return [v for v in entry["variants"] if v != "cpu"]


def _median(entry: dict, key: str = "runs") -> float | None:
    values = [v for v in entry.get(key, []) if v is not None]
    return statistics.median(values) if values and entry.get("status", "").startswith("ok") else None


def _write(out: Path, entries: dict, args) -> None:
    (out / "results.json").write_text(json.dumps(list(entries.values()), indent=1) + "\n")
    (out / "report.md").write_text(report(list(entries.values()), args))


def _geomean(values: list[float]) -> str:
    return f"{math.exp(sum(map(math.log, values)) / len(values)):.3g}x over {len(values)}" if values \
        else "n/a"


def report(entries: list[dict], args) -> str:
    extras = sorted({v for entry in entries for v in entry["variants"] if v.startswith("cuda-")})
    try:
        device = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                                capture_output=True, text=True).stdout.strip()
    except OSError:
        device = ""
    device = device or "unknown GPU (no nvidia-smi)"
    lines = [f"# PolyBench {args.dataset} on a GPU: polyopt --target cuda, PPCG, cuBLAS, the CPU", "",
             f"GPU: {device}; nvcc -O3 -arch={args.arch}. CPU: {os.cpu_count()} cores; the original "
             f"with gcc -O3 -march=native on one thread (its checked run, {args.cpu_jobs} originals side "
             "by side), polyopt's default OpenMP code on all cores. Seconds are the harness's wall "
             f"clock around the kernel, medians of up to {args.repeat} interleaved runs (programs whose "
             f"first run took over {args.slow:.0f} s ran once; none started after {args.budget:.0f} s); GPU times include allocation and "
             "transfers, not the CUDA context (created before main). 'kernels' is polyopt's own CUDA "
             "event time of its kernels alone. Every output is compared with the original's "
             f"(relative tolerance {args.tolerance:g}), "
             + ("from the kernel's data perturbed a little (harness.c, HARNESS_PERTURB)"
                + (f", but for {', '.join(e['kernel'] for e in entries if not e.get('perturbed'))}: "
                   "from their own data (the original's output from perturbed data is not finite)"
                   if any(not e.get("perturbed") for e in entries) else "")
                if any(e.get("perturbed") for e in entries) else "from the kernel's own data") + ".", "",
             "| kernel | original (s) | default, OpenMP (s) | polyopt CUDA (s) | its kernels (s) | "
             "PPCG CUDA (s) | CUDA vs original | CUDA vs default | CUDA vs PPCG | max rel. error | "
             + "".join(f"{LABELS[v]} (s) | CUDA vs it | " for v in extras) + "problems |",
             "|---|---|---|---|---|---|---|---|---|---|" + "---|---|" * len(extras) + "---|"]
    ratios = {"original": [], "default": [], "ppcg": [], "ppcg_vs_original": [], **{v: [] for v in extras}}
    for entry in entries:
        variants = entry["variants"]
        cpu = _median(variants.get("cpu", {}))
        omp = _median(variants.get("omp", {}))
        cuda = _median(variants.get("cuda", {}))
        kernels = _median(variants.get("cuda", {}), "kernels")
        ppcg = _median(variants.get("ppcg", {}))

        def cell(value):
            return f"{value:.4g}" if value is not None else ""

        def ratio(a, b, key):
            if a is None or b is None or b <= 0:
                return ""
            ratios[key].append(a / b)
            return f"{a / b:.3g}x"

        if ppcg is not None and cpu is not None:
            ratios["ppcg_vs_original"].append(cpu / ppcg)
        error = variants.get("cuda", {}).get("max_relative_error")
        problems = "; ".join(f"{v}: {e['status']}" for v, e in variants.items()
                             if not e["status"].startswith("ok"))
        lines.append(f"| {entry['kernel']} | {cell(cpu)} | {cell(omp)} | {cell(cuda)} | {cell(kernels)} | "
                     f"{cell(ppcg)} | {ratio(cpu, cuda, 'original')} | {ratio(omp, cuda, 'default')} | "
                     f"{ratio(ppcg, cuda, 'ppcg')} | {f'{error:.2g}' if isinstance(error, float) else ''} | "
                     + "".join(f"{cell(_median(variants.get(v, {})))} | "
                               f"{ratio(_median(variants.get(v, {})), cuda, v)} | " for v in extras)
                     + f"{problems} |")
        blas = variants.get("cublas")
        if blas:
            lines.append(f"| gemm, cuBLAS DGEMM | | | {cell(_median(blas))} | {cell(_median(blas, 'kernels'))} "
                         f"| | | | | | {'' if blas['status'] == 'ok' else blas['status']} |")
    means = [f"polyopt CUDA over the original {_geomean(ratios['original'])}",
             f"over polyopt's default {_geomean(ratios['default'])}",
             f"over PPCG {_geomean(ratios['ppcg'])}",
             f"PPCG over the original {_geomean(ratios['ppcg_vs_original'])}"]
    means += [f"polyopt CUDA over {LABELS[v]} {_geomean(ratios[v])}" for v in extras]
    lines += ["", "Geometric means (kernels where both sides verified): " + "; ".join(means) + "."]
    failures = [(entry["kernel"], v, e) for entry in entries for v, e in entry["variants"].items()
                if not e["status"].startswith("ok")]
    if failures:
        lines += ["", "## Problems", ""] + [f"- {k}, {LABELS[v]}: {e['status']}: "
                                            f"{(e.get('detail') or '')[:400]}" for k, v, e in failures]
    return "\n".join(lines) + "\n"


def combine(runs: list[Path], out: Path, args) -> int:
    """One table of several runs' results.json (later runs first for what they timed):
    a variant's times come from the last run that timed it, its status from the last
    run that checked it; the table says which run each row's times come from."""
    entries: dict[str, dict] = {}
    for number, path in enumerate(runs, 1):
        for entry in json.loads(path.read_text()):
            merged = entries.setdefault(entry["kernel"], {"kernel": entry["kernel"], "variants": {},
                                                          "runs": set()})
            for variant, result in entry["variants"].items():
                if result["status"] == "built":
                    continue                    # not reached in that run
                earlier = merged["variants"].get(variant, {})
                if not result.get("runs") and earlier.get("runs"):
                    result = {**earlier, "status": result["status"],
                              "max_relative_error": result.get("max_relative_error"),
                              "detail": result.get("detail")}
                else:
                    merged["runs"].add(number)
                merged["variants"][variant] = result
    for entry in entries.values():
        entry["kernel"] = f"{entry['kernel']} ({','.join(map(str, sorted(entry.pop('runs'))))})"
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.md").write_text(report(sorted(entries.values(), key=lambda e: e["kernel"]), args))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("generate", help="write the programs (needs polyopt, and ppcg for its)")
    making.add_argument("--out", type=Path, required=True)
    making.add_argument("--dataset", default="LARGE")
    making.add_argument("--option", action="append", default=[],
                        help="passed on to polyopt for the CUDA file, e.g. --option=--no-shared-memory")
    making.add_argument("--also", action="append", default=[], metavar="NAME:OPTIONS",
                        help="one more CUDA file per kernel, KERNEL.NAME.cu, with these polyopt "
                             "options (comma-separated), e.g. noreg:--no-registers")
    making.add_argument("--what", default="cuda,omp,ppcg",
                        help="which programs to write (default: cuda,omp,ppcg)")
    running = commands.add_parser("run", help="build, verify and time them (needs a GPU)")
    running.add_argument("--generated", type=Path, required=True)
    running.add_argument("--out", type=Path, required=True)
    running.add_argument("--dataset", default="LARGE")
    running.add_argument("--repeat", type=int, default=3)
    running.add_argument("--tolerance", type=float, default=1e-6)
    running.add_argument("--fma-tolerance", type=float, default=1e-4,
                         help="an output within this (not --tolerance) is 'ok, FMA': the GPU's fused "
                              "multiply-adds round differently, and a recurrence (durbin) amplifies it")
    running.add_argument("--arch", default="sm_90")
    running.add_argument("--timeout", type=float, default=300.0)
    running.add_argument("--slow", type=float, default=20.0,
                         help="a program whose first timed run took longer is timed once")
    running.add_argument("--budget", type=float, default=480.0,
                         help="no new round of timed runs after this many seconds")
    running.add_argument("--cpu-jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    running.add_argument("--only", nargs="*", default=[])
    running.add_argument("--no-perturb", action="store_true",
                         help="check from the kernels' own data only (default: from perturbed "
                              "data, falling back to their own where the original's output is "
                              "not finite)")
    running.add_argument("--trust", type=lambda text: set(text.split(",")), default=set(),
                         help="variants (e.g. ppcg,omp) verified by an earlier run of the same "
                              "programs: timed without checking them again")
    joining = commands.add_parser("combine", help="one report of several runs (results.json files)")
    joining.add_argument("results", type=Path, nargs="+")
    joining.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.command == "combine":
        for name, value in (("dataset", "LARGE"), ("repeat", 3), ("tolerance", 1e-6), ("arch", "sm_90"),
                            ("cpu_jobs", 8), ("slow", 15.0), ("budget", 370.0)):
            setattr(args, name, value)
        return combine(args.results, args.out, args)
    if args.command == "generate":
        return generate(args.out, args.option, args.dataset, args.also, set(args.what.split(",")))
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
