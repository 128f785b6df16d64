#!/usr/bin/env bash
# The default's acceptance sweeps, one after the other, on a quiet machine:
#   1. polyopt polybench at SMALL, MEDIUM and LARGE (the 30 kernels; gcc, polyopt's
#      default, isl's plain schedule, Pluto, Polly; 2 threads, 3 runs each, verified),
#      into $RESULTS/small, medium, large-default;
#   2. the whole programs of tests/kernels/ and examples/ ($RESULTS/programs/);
#   3. polyopt's own time per kernel ($RESULTS/tool_speed_kernels.md);
#   4. one summary page ($RESULTS/acceptance.md); RESULTS is polybench/results by default.
# Usage: experiments/acceptance.sh [STEP...]   steps: small medium large programs tool summary
#   (default: all, in that order). Environment: VARIANTS (default polyopt,isl,pluto,polly),
#   TIMEOUT (seconds per run or tool, default 120), BUILD_TIMEOUT (seconds per compilation,
#   default 300: gcc takes minutes on Pluto's heat-3d), THREADS (2), REPEAT (3),
#   LARGE_VARIANTS (the LARGE sweep's, default VARIANTS), LARGE_TIMEOUT (default TIMEOUT),
#   LARGE_FLAGS (extra flags of the LARGE sweep, e.g. --no-verify), POLYOPT (.venv/bin/polyopt),
#   PYTHON (.venv/bin/python), RESULTS (polybench/results), KERNELS (names, default all).
#   A sweep stopped part way goes on with RESUME=1 (--resume).
case "${1:-}" in -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -uo pipefail
cd "$(dirname "$0")/.."
POLYOPT=${POLYOPT:-.venv/bin/polyopt}
PYTHON=${PYTHON:-.venv/bin/python}
VARIANTS=${VARIANTS:-polyopt,isl,pluto,polly}
TIMEOUT=${TIMEOUT:-120}
BUILD_TIMEOUT=${BUILD_TIMEOUT:-300}
THREADS=${THREADS:-2}
REPEAT=${REPEAT:-3}
RESUME=${RESUME:+--resume}
RESULTS=${RESULTS:-polybench/results}
read -r -a KERNEL_NAMES <<< "${KERNELS:-}"
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(small medium large programs tool summary)
status=0
sweep() {   # dataset, directory, variants, timeout, extra flags
  echo "== $1 -> $2 ($(date -u +%T))"
  OMP_NUM_THREADS=$THREADS "$POLYOPT" polybench "${KERNEL_NAMES[@]}" --dataset "$1" \
    --variants "$3" --repeat "$REPEAT" --threads "$THREADS" --timeout "$4" \
    --build-timeout "$BUILD_TIMEOUT" --out "$2" -q $RESUME "${@:5}" \
    || status=1
}
for step in "${steps[@]}"; do
  case $step in
    small) sweep SMALL "$RESULTS/small" "$VARIANTS" "$TIMEOUT" ;;
    medium) sweep MEDIUM "$RESULTS/medium" "$VARIANTS" "$TIMEOUT" ;;
    # shellcheck disable=SC2086
    large) sweep LARGE "$RESULTS/large-default" "${LARGE_VARIANTS:-$VARIANTS}" \
      "${LARGE_TIMEOUT:-$TIMEOUT}" ${LARGE_FLAGS:-} ;;
    programs) echo "== programs ($(date -u +%T))"
      "$PYTHON" experiments/programs_speed.py --threads "$THREADS" --repeat "$REPEAT" \
        --out "$RESULTS/programs" || status=1 ;;
    tool) echo "== tool speed ($(date -u +%T))"
      "$PYTHON" experiments/kernel_tool_speed.py "${KERNEL_NAMES[@]}" --runs 3 --dataset LARGE \
        --out "$RESULTS/tool_speed_kernels.md" || status=1 ;;
    summary) "$PYTHON" experiments/summary.py "$RESULTS/small" "$RESULTS/medium" \
      "$RESULTS/large-default" --programs "$RESULTS/programs/report.md" \
      --tool-speed "$RESULTS/tool_speed_kernels.md" --out "$RESULTS/acceptance.md" ;;
    *) echo "unknown step '$step' (small medium large programs tool summary)" >&2; exit 2 ;;
  esac
done
echo "== done ($(date -u +%T))"
exit $status
