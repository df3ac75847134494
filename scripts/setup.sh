#!/usr/bin/env bash
# warplint set-up: installs what is needed from Debian's packages, builds,
# and then either runs warplint on the bundled example or runs every test.
#
#   bash scripts/setup.sh demo    install, build, run warplint on examples/
#   bash scripts/setup.sh test    install, build, run the whole test suite
#   bash scripts/setup.sh deps    install only
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

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
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

build() {
  local jobs
  jobs=$(nproc)
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build "$BUILD" -j "$jobs"
}

case "$MODE" in
  deps)
    install_packages ;;
  build)
    install_packages; build ;;
  demo)
    install_packages; build
    echo
    echo "== warplint examples/transpose.cu =="
    "$BUILD/bin/warplint" "$ROOT/examples/transpose.cu" -- ;;
  test)
    install_packages; build
    ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)" ;;
  *)
    echo "usage: $0 demo|test|deps|build" >&2; exit 2 ;;
esac
