#!/usr/bin/env bash
# Builds warplint's libFuzzer targets (test/fuzz, docs/design.md,
# "Fuzzing") in a build directory of their own and runs each for a fixed time on a copy of
# its seed corpus (the committed corpora stay as they are).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS per target (default 20); TARGETs default to all of them. Needs
# clang-19 and libclang-rt-19-dev (bash scripts/setup.sh test-deps).
# Environment: WARPLINT_FUZZ_BUILD_DIR (default build-fuzz/),
# WARPLINT_FUZZ_JOBS (build jobs, default nproc), WARPLINT_FUZZ_KEEP=1
# keeps the working corpora and artifacts.
#
# Exits 1 when a target crashes, leaks, times out (-timeout=10 per input)
# or runs out of memory (-rss_limit_mb=2048); the input that did it is
# copied to $ARTIFACTS (printed) to reproduce with
#   build-fuzz/fuzz/<target> <file>
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${WARPLINT_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
SECONDS_PER_TARGET=${1:-20}
shift || true
ALL_TARGETS=(symbolic_fuzzer compile_flags_fuzzer arch_yaml_fuzzer
  launch_assume_fuzzer lsp_fuzzer kernel_gen_fuzzer kernel_source_fuzzer)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DWARPLINT_FUZZ=ON >/dev/null
start=$(date +%s)
cmake --build "$BUILD" -j "${WARPLINT_FUZZ_JOBS:-$(nproc)}" --target "${TARGETS[@]}"
echo "fuzz: build took $(( $(date +%s) - start )) s"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/warplint-fuzz.XXXXXX")
ARTIFACTS=$WORK/artifacts
mkdir -p "$ARTIFACTS"
cleanup() {
  if [ "${WARPLINT_FUZZ_KEEP:-0}" != 1 ] && [ "${failed:-0}" = 0 ]; then
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

# The error exit codes make a crash, a leak and a sanitizer report tell
# apart from a clean end; LeakSanitizer runs at the end of every input.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

failed=0
for t in "${TARGETS[@]}"; do
  name=${t%_fuzzer}
  corpus=$WORK/corpus/$name
  mkdir -p "$corpus"
  cp "$ROOT/test/fuzz/corpus/$name/"* "$corpus/"
  # The architecture loader also starts from every real file of arch/.
  if [ "$name" = arch_yaml ]; then cp "$ROOT"/arch/*.yaml "$corpus/"; fi
  log=$WORK/$name.log
  echo "fuzz: $t for ${SECONDS_PER_TARGET}s ($(ls "$corpus" | wc -l) seeds)"
  if "$BUILD/fuzz/$t" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$ARTIFACTS/$name-" "$corpus" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz: $t ok: $runs runs, $rate/s"
  else
    failed=1
    echo "fuzz: $t FAILED; the last lines of its log ($log):"
    tail -n 60 "$log"
  fi
done
if [ $failed != 0 ]; then
  echo "fuzz: failing inputs in $ARTIFACTS:"
  ls -l "$ARTIFACTS"
  exit 1
fi
echo "fuzz: all ${#TARGETS[@]} targets ran ${SECONDS_PER_TARGET}s each without a finding"
