#!/usr/bin/env bash
# Quick start, part two: installs what is missing, builds everything and runs every test.
# Usage: scripts/test.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ATTNLENS_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh" --python  # torch and NumPy for the PyTorch parity test
"$root/scripts/build.sh" -DATTNLENS_BUILD_TESTS=ON
# Tests render offscreen; none needs a display.
QT_QPA_PLATFORM=offscreen ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc 2>/dev/null || echo 2)"
