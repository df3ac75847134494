#!/usr/bin/env bash
# Parses every .cu file next to this script with clang 19 and warplint's
# built-in CUDA headers (lib/Frontend/cuda-include), on the device side for
# sm_35, sm_70, sm_80 and sm_90 and on the host side, and every .cpp file
# as plain C++ (a host .cpp that includes <cuda_runtime.h>). Fails on any
# diagnostic: each parse must print nothing and exit 0.
#
# Environment: CLANG (default /usr/lib/llvm-19/bin/clang++), EXTRA_FLAGS
# (appended to every command), JOBS (parallel parses, default nproc).
set -u

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
INC="$ROOT/lib/Frontend/cuda-include"
CLANG="${CLANG:-/usr/lib/llvm-19/bin/clang++}"
EXTRA_FLAGS="${EXTRA_FLAGS:-}"
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 4)}"

# -nocudainc keeps clang's toolkit-based wrapper out; --cuda-path names a
# directory with no CUDA in it so that no toolkit installed on the machine
# (e.g. /usr/local/cuda) is picked up.
CUDA_FLAGS="-nocudainc -nocudalib --cuda-path=/nonexistent/no-cuda"
COMMON=(-fsyntax-only -isystem "$INC" -include __warplint_cuda.h)
MODES=("--cuda-device-only --cuda-gpu-arch=sm_35"
       "--cuda-device-only --cuda-gpu-arch=sm_70"
       "--cuda-device-only --cuda-gpu-arch=sm_80"
       "--cuda-device-only --cuda-gpu-arch=sm_90"
       "--cuda-host-only")

if [ ! -x "$CLANG" ]; then
  echo "check-all.sh: no clang at $CLANG (set CLANG)" >&2
  exit 2
fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# One line per parse: <file> TAB <flags...>
jobs_file="$TMP/jobs"
: >"$jobs_file"
shopt -s nullglob
for f in "$HERE"/*.cu; do
  for m in "${MODES[@]}"; do
    printf '%s\t-x cuda %s %s\n' "$f" "$CUDA_FLAGS" "$m" >>"$jobs_file"
  done
done
for f in "$HERE"/*.cpp; do
  printf '%s\t-x c++\n' "$f" >>"$jobs_file"
done

run_one() {
  local line="$1" file flags out rc
  file="${line%%$'\t'*}"
  flags="${line#*$'\t'}"
  # shellcheck disable=SC2086
  out="$("$CLANG" $flags "${COMMON[@]}" $EXTRA_FLAGS "$file" 2>&1)"
  rc=$?
  if [ $rc -ne 0 ] || [ -n "$out" ]; then
    printf 'FAIL %s [%s] (exit %d)\n%s\n' "$(basename "$file")" "$flags" $rc \
      "$out"
    return 1
  fi
  printf 'ok   %s [%s]\n' "$(basename "$file")" "$flags"
}
export -f run_one
export CLANG EXTRA_FLAGS

fail=0
total=0
while IFS= read -r line; do
  total=$((total + 1))
  (
    out="$(run_one "$line")" || { echo "$out" >"$TMP/fail.$total"; exit 1; }
    echo "$out" >"$TMP/ok.$total"
  ) &
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
done <"$jobs_file"
wait

for r in "$TMP"/ok.*; do [ -e "$r" ] && cat "$r"; done | sort
for r in "$TMP"/fail.*; do
  [ -e "$r" ] || continue
  fail=$((fail + 1))
  cat "$r"
done

echo "check-all.sh: $((total - fail))/$total parses clean"
[ "$fail" -eq 0 ]
