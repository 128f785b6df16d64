#!/usr/bin/env python3
"""Time polyopt's CUDA output against the original on the CPU, on a machine
that has a GPU, nvcc and gcc but perhaps not polyopt (only the standard library
is used here).

The CUDA files come from a machine with polyopt:

    python3 polybench/gpu_sweep.py generate --out polybench/results/cuda-large/generated

writes, for every kernel of polybench/kernels, KERNEL.cu (polyopt --target cuda,
plus any --option=... given) next to a copy of the original. On the GPU machine:

    python3 polybench/gpu_sweep.py run --generated DIR --dataset LARGE --out OUT

builds each original with gcc -O3 -march=native (one thread) and each CUDA
program with nvcc -O3 -arch=sm_XY -DPOLYOPT_CUDA_TIMING, runs every program
once with its arrays dumped (the CUDA output must agree with the original's
within --tolerance: the GPU fuses multiply-adds), then --repeat timed runs of
each, interleaved, and writes OUT/results.json and OUT/report.md: CPU time,
GPU kernel time and GPU time with allocation and transfers (CUDA events), and
the speedups. cuBLAS DGEMM (polybench/cublas_gemm.cu) is timed the same way
as the reference for the matrix product.
"""

from __future__ import annotations

import argparse
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

HERE = Path(__file__).resolve().parent
TIMES = re.compile(r"polyopt-cuda: .*?: total ([0-9.eE+-]+) s, kernels ([0-9.eE+-]+) s")


def generate(out: Path, options: list[str]) -> int:
    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    for source in sorted((HERE / "kernels").glob("*.c")):
        shutil.copy(source, out / source.name)
        result = subprocess.run([sys.executable, "-m", "polyopt", str(source), "--target", "cuda",
                                 *options, "-o", str(out / f"{source.stem}.cu")],
                                capture_output=True, text=True)
        (out / f"{source.stem}.polyopt.txt").write_text(result.stderr)
        failures += result.returncode != 0
        print(f"{source.stem}: {'ok' if result.returncode == 0 else 'FAILED'}", flush=True)
    shutil.copy(HERE / "harness.c", out / "harness.c")
    shutil.copy(HERE / "harness.h", out / "harness.h")
    shutil.copy(HERE / "cublas_gemm.cu", out / "cublas_gemm.cu")
    return 1 if failures else 0


def _dumps(stderr: str) -> dict[str, list[float]]:
    arrays, name = {}, None
    for line in stderr.splitlines():
        if line.startswith("begin dump: "):
            name = line[len("begin dump: "):].strip()
            arrays[name] = []
        elif line.startswith("end dump: "):
            name = None
        elif name is not None:
            arrays[name] += [float(token) for token in line.split()]
    return arrays


def _agree(expected, actual, tolerance: float) -> tuple[bool, float]:
    worst = 0.0
    if expected.keys() != actual.keys():
        return False, math.inf
    for name, want in expected.items():
        got = actual[name]
        if len(want) != len(got):
            return False, math.inf
        scale = max((abs(v) for v in want), default=0.0)
        for x, y in zip(want, got):
            if math.isnan(x) != math.isnan(y):
                return False, math.inf
            error = abs(x - y) / max(abs(x), 1e-6 * scale, 1e-300)
            worst = max(worst, error if not math.isnan(error) else 0.0)
    return worst <= tolerance, worst


def _run(executable: Path, dump: bool, timeout: float) -> tuple[float | None, float | None,
                                                                 float | None, str]:
    """(harness seconds, GPU total, GPU kernels, stderr) of one run."""
    env = {**os.environ, **({"HARNESS_DUMP": "1"} if dump else {})}
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


def run(generated: Path, dataset: str, out: Path, repeat: int, tolerance: float, arch: str,
        timeout: float, only: list[str]) -> int:
    out.mkdir(parents=True, exist_ok=True)
    build = out / "build"
    build.mkdir(exist_ok=True)
    kernels = sorted(p.stem for p in generated.glob("*.cu") if p.stem != "cublas_gemm")
    if only:
        kernels = [k for k in kernels if k in only]
    harness = build / "harness.o"
    problem = _build(["gcc", "-O3", "-c", str(generated / "harness.c"), "-o", str(harness)], "harness")
    if problem:
        print(problem)
        return 1
    results = []
    define = f"-D{dataset}_DATASET"
    for kernel in kernels:
        entry = {"kernel": kernel, "status": "ok"}
        cpu, gpu = build / f"{kernel}-cpu", build / f"{kernel}-gpu"
        problem = (_build(["gcc", "-O3", "-march=native", f"-I{generated}", define,
                           str(generated / f"{kernel}.c"), str(harness), "-o", str(cpu), "-lm"],
                          "the original")
                   or _build(["nvcc", "-O3", f"-arch={arch}", "-DPOLYOPT_CUDA_TIMING", f"-I{generated}",
                              define, str(generated / f"{kernel}.cu"), str(harness), "-o", str(gpu),
                              "-lm"], "the CUDA program"))
        if problem:
            entry.update(status="build error", detail=problem)
            results.append(entry)
            print(f"{kernel}: {problem[:200]}", flush=True)
            continue
        try:
            _, _, _, expected = _run(cpu, True, timeout)
            _, _, _, actual = _run(gpu, True, timeout)
            ok, worst = _agree(_dumps(expected), _dumps(actual), tolerance)
            entry["max_relative_error"] = worst
            if not ok:
                entry.update(status="wrong output")
            timings = {"cpu": [], "gpu_total": [], "gpu_kernels": [], "gpu_harness": []}
            for _ in range(repeat):
                seconds, _, _, _ = _run(cpu, False, timeout)
                timings["cpu"].append(seconds)
                seconds, total, kernel_seconds, _ = _run(gpu, False, timeout)
                timings["gpu_harness"].append(seconds)
                timings["gpu_total"].append(total)
                timings["gpu_kernels"].append(kernel_seconds)
            entry["runs"] = timings
            entry["median"] = {key: statistics.median(v) for key, v in timings.items()
                               if v and None not in v}
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            entry.update(status="run error", detail=str(error)[-500:])
        results.append(entry)
        print(f"{kernel}: {entry['status']} {entry.get('median', '')}", flush=True)
    results.append(_cublas(generated, harness, build, define, arch, timeout, repeat, tolerance))
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    (out / "report.md").write_text(_report(results, dataset, repeat, arch))
    return 0


def _cublas(generated, harness, build, define, arch, timeout, repeat, tolerance) -> dict:
    entry = {"kernel": "gemm (cuBLAS DGEMM)", "status": "ok"}
    executable = build / "cublas_gemm"
    problem = _build(["nvcc", "-O3", f"-arch={arch}", f"-I{generated}", define,
                      str(generated / "cublas_gemm.cu"), str(harness), "-o", str(executable),
                      "-lcublas", "-lm"], "cuBLAS gemm")
    if problem:
        entry.update(status="build error", detail=problem)
        return entry
    try:
        _, _, _, expected = _run(build / "gemm-cpu", True, timeout)
        _, _, _, actual = _run(executable, True, timeout)
        ok, worst = _agree(_dumps(expected), _dumps(actual), tolerance)
        entry.update(max_relative_error=worst, status="ok" if ok else "wrong output")
        timings = {"gpu_total": [], "gpu_kernels": []}
        for _ in range(repeat):
            _, total, kernels, _ = _run(executable, False, timeout)
            timings["gpu_total"].append(total)
            timings["gpu_kernels"].append(kernels)
        entry["runs"] = timings
        entry["median"] = {key: statistics.median(v) for key, v in timings.items()}
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        entry.update(status="run error", detail=str(error)[-500:])
    return entry


def _report(results: list[dict], dataset: str, repeat: int, arch: str) -> str:
    try:
        device = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version",
                                 "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
    except OSError:
        device = ""
    device = device or "unknown GPU (no nvidia-smi)"
    lines = [f"# polyopt --target cuda, PolyBench {dataset}", "",
             f"GPU: {device}; nvcc -O3 -arch={arch}; CPU: the original, gcc -O3 -march=native, "
             f"one thread. Medians of {repeat} interleaved runs. GPU times are CUDA events around "
             "each SCoP: the kernels alone, and with allocation and transfers.", "",
             "| kernel | status | CPU (s) | GPU kernels (s) | GPU with transfers (s) | "
             "speedup, kernels | speedup, with transfers | max rel. error |",
             "|---|---|---|---|---|---|---|---|"]
    speedups = []
    for entry in results:
        median = entry.get("median", {})
        cpu, kernels, total = median.get("cpu"), median.get("gpu_kernels"), median.get("gpu_total")

        def cell(value):
            return f"{value:.4g}" if value is not None else ""

        ratio_k = f"{cpu / kernels:.3g}x" if cpu and kernels else ""
        ratio_t = f"{cpu / total:.3g}x" if cpu and total else ""
        if cpu and total and entry["status"] == "ok":
            speedups.append(cpu / total)
        lines.append(f"| {entry['kernel']} | {entry['status']} | {cell(cpu)} | {cell(kernels)} | "
                     f"{cell(total)} | {ratio_k} | {ratio_t} | "
                     f"{entry.get('max_relative_error', ''):.3g} |"
                     if isinstance(entry.get("max_relative_error"), float) else
                     f"| {entry['kernel']} | {entry['status']} | {cell(cpu)} | {cell(kernels)} | "
                     f"{cell(total)} | {ratio_k} | {ratio_t} | |")
    if speedups:
        mean = math.exp(sum(math.log(s) for s in speedups) / len(speedups))
        lines += ["", f"Geometric mean speedup with transfers: {mean:.3g}x over {len(speedups)} kernels."]
    failures = [e for e in results if e["status"] != "ok"]
    if failures:
        lines += ["", "## Failures", ""] + [f"- {e['kernel']}: {e['status']}: "
                                            f"{e.get('detail', '')[:300]}" for e in failures]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("generate", help="write the CUDA files (needs polyopt)")
    making.add_argument("--out", type=Path, required=True)
    making.add_argument("--option", action="append", default=[],
                        help="passed on to polyopt, e.g. --option=--no-shared-memory")
    running = commands.add_parser("run", help="build, verify and time them (needs a GPU)")
    running.add_argument("--generated", type=Path, required=True)
    running.add_argument("--out", type=Path, required=True)
    running.add_argument("--dataset", default="LARGE")
    running.add_argument("--repeat", type=int, default=3)
    running.add_argument("--tolerance", type=float, default=1e-6)
    running.add_argument("--arch", default="sm_90")
    running.add_argument("--timeout", type=float, default=300.0)
    running.add_argument("--only", nargs="*", default=[])
    args = parser.parse_args()
    if args.command == "generate":
        return generate(args.out, args.option)
    start = time.perf_counter()
    status = run(args.generated, args.dataset, args.out, args.repeat, args.tolerance, args.arch,
                 args.timeout, args.only)
    print(f"wall time {time.perf_counter() - start:.0f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
