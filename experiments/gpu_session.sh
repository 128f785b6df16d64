#!/bin/bash
# One leased GPU session's checks, as run through the device tool:
#   A. experiments/gpu_sweep.py run over the CUDA programs generated here beforehand
#      (python3 experiments/gpu_sweep.py generate --out .gpu/generated --also tt:--time-tile):
#      every kernel's CUDA (default and --time-tile), PPCG's CUDA and the OpenMP default
#      checked against the original at LARGE and timed;
#   B. `polyopt polybench --variants cuda,cuda-random:N` on a few kernels: searches for the
#      CUDA target, each candidate built with nvcc and run on the GPU, pruned by the lower
#      bound (polyopt.search.bound); the samples say which were pruned.
# polyopt runs there from wheels carried in .whl (the GPU machine has no islpy): python3
# -m pip download ... islpy pycparser pytools siphash24 platformdirs tqdm (cp312 wheels),
# cgen built here as a wheel from its sdist (pure Python), polyopt's own (pip wheel
# --no-deps . -w .whl). pycddlib (the sampler needs cdd: trmm's search) has no wheel for
# that Python: its sdist goes in .gpu/sdist and is built there, with GMP's gmp.h and
# libgmp.so.10 copied from this machine into .gpu/gmp (the machine has no GMP header).
#   C. with PROGRAMS="a.c b.c" (whole programs with a main, e.g. held-out ones):
#      experiments/heldout.py with gcc, the OpenMP default and --target cuda side by side
#      (the host code C, the kernels in a .cu file of their own: C99 programs build), in
#      chunks of PROGRAMS_CHUNK programs within PROGRAMS_SECONDS, a report per chunk.
# Carry .whl and .gpu. Settings: ONLY="k1 k2" (the sweep's kernels), SKIP_SWEEP=1,
# SEARCH_KERNELS="" (no searches), SEARCH_BUDGET, SEARCH_SECONDS, SWEEP_SECONDS,
# SWEEP_BUDGET, TRUST (variants timed without a check, verified in an earlier session).
# Only results come back, in $OUT/results.tar.gz (the tool returns files up to 16 MiB:
# never the executables). From the repository root the checkout's polyopt/ folder would
# shadow the installed package: polyopt runs from /tmp.
# 2026-11-28 (an H200, 15 minutes): three calls, `polybench/results/cuda-large-3/README.md`.
# 2026-11-29 (15 minutes, two calls): PPCG's shared-memory policy against the default
# (--also shared-all:--shared-memory,all), trmm's band tiles, held-out programs (C):
# `polybench/results/cuda-large-4/README.md`.
case "${1:-}" in -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -u
OUT=${OUT:-/tmp/polyopt-gpu}
mkdir -p "$OUT/r"
SEARCH_KERNELS=${SEARCH_KERNELS-"gemm trmm jacobi-2d fdtd-2d"}   # "" : no searches
SEARCH_BUDGET=${SEARCH_BUDGET:-8}
started=$(date +%s)
cd "$(dirname "$0")/.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target /tmp/site .whl/*.whl > "$OUT/r/pip.log" 2>&1 || { cat "$OUT/r/pip.log"; exit 1; }
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
# pycddlib has no wheel for the machine's Python: built there from its sdist (cython is
# there; GMP's header is not: carried in .gpu/gmp with its library, from a Debian machine)
if [ -d .gpu/gmp ]; then
  export CFLAGS="-I$PWD/.gpu/gmp" LDFLAGS="-L$PWD/.gpu/gmp" LD_LIBRARY_PATH="$PWD/.gpu/gmp"
fi
if [ -n "$SEARCH_KERNELS" ] && ls .gpu/sdist/*.tar.gz > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir \
      --target /tmp/site .gpu/sdist/*.tar.gz > "$OUT/r/sdist.log" 2>&1 &
fi
{ nvidia-smi; nvcc --version; gcc --version | head -1; nproc; python3 -m polyopt.core.machine.gpu; } \
    > "$OUT/r/machine.txt" 2>&1
echo "== A. sweep ($(($(date +%s) - started)) s)"
[ -n "${SKIP_SWEEP:-}" ] || timeout "${SWEEP_SECONDS:-280}" python3 experiments/gpu_sweep.py run --generated .gpu/generated \
    --out /tmp/sweep --timeout 60 --slow 5 --budget "${SWEEP_BUDGET:-150}" --repeat 3 ${ONLY:+--only $ONLY} \
    --cpu-jobs 12 --trust "${TRUST:-ppcg,omp}" > "$OUT/r/sweep.log" 2>&1
echo "sweep: exit $? after $(($(date +%s) - started)) s"; tail -3 "$OUT/r/sweep.log"
mkdir -p "$OUT/r/sweep"; cp /tmp/sweep/results.json /tmp/sweep/report.md "$OUT/r/sweep/" 2> /dev/null
echo "== B. searches ($(($(date +%s) - started)) s)"
wait    # the sdist's build
for kernel in $SEARCH_KERNELS; do
  # from /tmp: the checkout's polyopt/ folder must not shadow the installed package
  (cd /tmp && timeout "${SEARCH_SECONDS:-220}" python3 -m polyopt polybench --dataset LARGE \
      --variants "cuda,cuda-random:$SEARCH_BUDGET" --repeat 3 --no-db --seed 1 --timeout 60 \
      --out "$OUT/r/search/$kernel" "$kernel" > "$OUT/r/search-$kernel.log" 2>&1) &
done
wait
echo "searches done after $(($(date +%s) - started)) s"
for kernel in $SEARCH_KERNELS; do tail -2 "$OUT/r/search-$kernel.log"; done
if [ -n "${PROGRAMS:-}" ]; then
  echo "== C. programs ($(($(date +%s) - started)) s)"
  # in chunks of PROGRAMS_CHUNK, each with its report: what ran comes back at a timeout
  deadline=$(($(date +%s) + ${PROGRAMS_SECONDS:-200}))
  chunk=0
  set -- $PROGRAMS
  while [ $# -gt 0 ] && [ "$(date +%s)" -lt "$deadline" ]; do
    batch=""; k=0
    while [ $# -gt 0 ] && [ $k -lt "${PROGRAMS_CHUNK:-6}" ]; do batch="$batch $1"; shift; k=$((k + 1)); done
    chunk=$((chunk + 1))
    timeout $((deadline - $(date +%s))) python3 experiments/heldout.py $batch --variants gcc,default \
        --variant "cuda=--target cuda" --repeat 3 --threads "$(nproc)" --polyopt "python3 -m polyopt" \
        --timeout 60 --tool-timeout 60 --report "$OUT/r/programs-$chunk.md" \
        --csv "$OUT/r/programs-$chunk.csv" --work /tmp/programs > "$OUT/r/programs-$chunk.log" 2>&1
    echo "programs, chunk $chunk: exit $? after $(($(date +%s) - started)) s"
    tail -2 "$OUT/r/programs-$chunk.log"
  done
fi
# results only (never executables): reports, results, samples, logs
(cd "$OUT" && find r -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.md' -o -name '*.csv' \
    -o -name '*.log' -o -name '*.txt' \) -size -4M | tar -czf results.tar.gz -T -) && rm -rf "$OUT/r"
ls -la "$OUT"
