#!/usr/bin/env bash
# Builds the core and its tests with AddressSanitizer and UndefinedBehaviorSanitizer (no widgets)
# and runs them. Any report fails the run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ATTNLENS_SANITIZER_BUILD_DIR:-$root/build-sanitizers}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DATTNLENS_SANITIZE=ON -DATTNLENS_BUILD_GUI=OFF -DATTNLENS_BUILD_BENCH=OFF >/dev/null
cmake --build "$build_dir" --parallel "$(nproc 2>/dev/null || echo 2)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build_dir" --output-on-failure
