#!/usr/bin/env bash
# Builds warplint with ThreadSanitizer in a build directory of its own and
# runs it with several worker threads over compile databases whose entries
# each have their own directory and relative paths (docs/design.md,
# "Parallel runs"). Fails on any ThreadSanitizer report and on any
# difference between the outputs at -j 1 and -j N.
#
#   bash scripts/tsan.sh [JOBS] [BUILD_DIR_OF_A_PROJECT ...]
#
# JOBS: the -j of the parallel runs (default 8). Each BUILD_DIR holds a
# compile_commands.json (cuda-samples' CMake build, for one) and is run too,
# as well as a generated 12-entry database (test/tools/Inputs/parallel-db.py).
# Environment: WARPLINT_TSAN_BUILD_DIR (default build-tsan/),
# WARPLINT_TSAN_BUILD_JOBS (build jobs, default nproc). Needs clang-19
# (bash scripts/setup.sh test-deps).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${WARPLINT_TSAN_BUILD_DIR:-$ROOT/build-tsan}
JOBS=${1:-8}
shift || true

cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DWARPLINT_TSAN=ON >/dev/null
start=$(date +%s)
cmake --build "$BUILD" -j "${WARPLINT_TSAN_BUILD_JOBS:-$(nproc)}" --target warplint
echo "tsan: build took $(( $(date +%s) - start )) s"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/warplint-tsan.XXXXXX")
python3 "$ROOT/test/tools/Inputs/parallel-db.py" make "$WORK/db12" 12
# Each report in a file of its own; halt_on_error=0: every race is listed.
# The suppressions are races inside the uninstrumented LLVM libraries only
# (scripts/tsan-suppressions.txt says which and why).
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 log_path=$WORK/tsan suppressions=$ROOT/scripts/tsan-suppressions.txt"
failed=0
run() { # DB_DIR FORMAT: -j 1 and -j JOBS, compared
  local db=$1 fmt=$2 out
  for j in 1 "$JOBS"; do
    out="$WORK/$(echo "$db" | tr / _).$fmt.j$j"
    (cd "$db" && "$BUILD/bin/warplint" -p "$db" -j "$j" --format="$fmt" \
       --parse-errors=report > "$out" 2> "$out.err" || true)
    sed -i -E 's/; [0-9.]+ s$/; TIME s/' "$out"
  done
  if cmp -s "$WORK/$(echo "$db" | tr / _).$fmt.j1" "$out"; then
    echo "tsan: $db --format=$fmt: -j 1 and -j $JOBS give the same output"
  else
    echo "tsan: $db --format=$fmt: -j 1 and -j $JOBS DIFFER"
    failed=1
  fi
}
run "$WORK/db12" text
run "$WORK/db12" json
for db in "$@"; do
  db=$(cd "$db" && pwd)
  run "$db" text
done
reports=$(cat "$WORK"/tsan.* 2>/dev/null | grep -c '^WARNING: ThreadSanitizer' || true)
echo "tsan: $reports ThreadSanitizer report(s)"
if [ "$reports" != 0 ]; then
  cat "$WORK"/tsan.* | head -200
  failed=1
fi
if [ "$failed" = 0 ]; then rm -rf "$WORK"; else echo "tsan: outputs kept in $WORK"; fi
exit "$failed"
