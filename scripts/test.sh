#!/usr/bin/env bash
# Quick start, part two: installs what is missing, builds everything and runs every test.
# Usage: scripts/test.sh
# The build is portable and hardened (scripts/build.sh), so the package test (label "package")
# builds the .deb from it and checks it with the rest; in a native build (ATTNLENS_NATIVE=1)
# that one test reports itself skipped.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/builddir.sh"
"$root/scripts/install-deps.sh" --python  # torch and NumPy for the PyTorch parity test
# bench/ is compiled too (not run), so that a bench the code has left behind fails here.
"$root/scripts/build.sh" -DATTNLENS_BUILD_TESTS=ON -DATTNLENS_BUILD_BENCH=ON
# Tests render offscreen; none needs a display.
QT_QPA_PLATFORM=offscreen ctest --test-dir "$build_dir" --output-on-failure --no-tests=error --parallel "$(nproc 2>/dev/null || echo 2)"
