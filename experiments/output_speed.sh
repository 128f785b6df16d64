#!/usr/bin/env bash
# Speed of polyopt's output against gcc -O3 -march=native on the original, side by
# side (runs alternate), on matrix product, 2-D Jacobi and LU. Usage:
#   experiments/output_speed.sh [POLYOPT] > polybench/results/output_speed.txt
case "${1:-}" in -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
POLYOPT=${1:-.venv/bin/polyopt}
echo "# $(date -u +%F) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}"
echo "# $(gcc --version | head -1); original: gcc -O3 -march=native; optimized: same + -fopenmp"
for kernel in matmul jacobi2d lu; do
  for scheduler in isl identity; do
    echo "## $kernel, --scheduler $scheduler"
    "$POLYOPT" bench "examples/$kernel.c" --scheduler "$scheduler" --repeat 5 --warmup 1 \
      --build "gcc -O3 -march=native -fopenmp {src} -o {exe} -lm"
  done
done
