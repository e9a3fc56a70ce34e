#!/usr/bin/env bash
# Configures and builds Attention Lens (Release) into build/.
# Usage: scripts/build.sh [extra cmake -D options]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ATTNLENS_BUILD_DIR:-$root/build}
jobs=$(nproc 2>/dev/null || echo 2)

# Built here to run here: tuned for this CPU (an installable build leaves ATTNLENS_NATIVE_ARCH off).
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLENS_NATIVE_ARCH=ON "$@" >/dev/null
cmake --build "$build_dir" --parallel "$jobs"
