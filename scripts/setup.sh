#!/usr/bin/env bash
# warplint set-up: installs what is needed from Debian's packages, builds,
# and then either runs warplint on the bundled example or runs every test.
#
#   bash scripts/setup.sh demo    install, build, run warplint on examples/
#   bash scripts/setup.sh test    install, build, run the whole test suite,
#                                 then each fuzzer for 15 s (scripts/fuzz.sh)
#   bash scripts/setup.sh deps    install only
#   bash scripts/setup.sh test-deps  install what the tests need too
#   bash scripts/setup.sh build   install and build only
#
# Idempotent; runs apt-get as root, or through sudo otherwise.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${WARPLINT_BUILD_DIR:-$ROOT/build}
MODE=${1:-demo}

PACKAGES=(
  cmake ninja-build g++ ccache python3 git
  llvm-19-dev libclang-19-dev clang-19 clang-tidy-19 clangd-19 llvm-19-tools
  libfmt-dev libgtest-dev libomp-19-dev
)
# Only the test suite needs these: a JSON-schema validator for the SARIF
# test, the real pre-commit program for the hook test, Neovim for the
# editor test of warplint-clangd (test/tools/clangd-neovim.test), clang's
# runtime libraries (libFuzzer, ASan, UBSan) for scripts/fuzz.sh, Chromium
# to render the HTML report (test/tools/html-report.test).
TEST_PACKAGES=(python3-jsonschema pre-commit neovim libclang-rt-19-dev chromium)

# The official SARIF 2.1.0 schema, from Microsoft's SARIF SDK on the npm
# registry (the package also holds the SARIF multitool).
SARIF_NPM_PACKAGE=@microsoft/sarif-multitool-linux@5.7.0
TOOLS_DIR=${WARPLINT_TOOLS_DIR:-$ROOT/.tools}

install_packages() {
  local missing=()
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$p")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all packages present"
    return
  fi
  echo "setup: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

install_test_tools() {
  install_packages "${PACKAGES[@]}" "${TEST_PACKAGES[@]}"
  if ! command -v npm >/dev/null; then
    install_packages npm
  fi
  local schema="$TOOLS_DIR/npm/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json"
  if [ ! -f "$schema" ]; then
    echo "setup: fetching the SARIF 2.1.0 schema ($SARIF_NPM_PACKAGE) from the npm registry"
    mkdir -p "$TOOLS_DIR/npm"
    npm install --no-audit --no-fund --silent --prefix "$TOOLS_DIR/npm" "$SARIF_NPM_PACKAGE"
  fi
  test -f "$schema"
}

build() {
  local jobs
  jobs=$(nproc)
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DWARPLINT_TOOLS_DIR="$TOOLS_DIR"
  cmake --build "$BUILD" -j "$jobs"
}

case "$MODE" in
  deps)
    install_packages "${PACKAGES[@]}" ;;
  test-deps)
    install_test_tools ;;
  build)
    install_packages "${PACKAGES[@]}"; build ;;
  demo)
    install_packages "${PACKAGES[@]}"; build
    echo
    echo "== warplint examples/transpose.cu =="
    "$BUILD/bin/warplint" "$ROOT/examples/transpose.cu" -- ;;
  test)
    install_test_tools; build
    ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)"
    # Every libFuzzer target for a short, fixed time (docs/design.md,
    # "Fuzzing"); WARPLINT_FUZZ_SECONDS=0 skips them.
    if [ "${WARPLINT_FUZZ_SECONDS:-15}" != 0 ]; then
      bash "$ROOT/scripts/fuzz.sh" "${WARPLINT_FUZZ_SECONDS:-15}"
    fi ;;
  *)
    echo "usage: $0 demo|test|deps|test-deps|build" >&2; exit 2 ;;
esac
