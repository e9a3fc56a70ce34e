#!/usr/bin/env bash
# Builds the core and its tests with AddressSanitizer and UndefinedBehaviorSanitizer and runs
# them, with LeakSanitizer on. Any report fails the run. The build folder is the one
# scripts/test-ui-sanitizers.sh uses too (configured the same way, widgets included), so that CI
# compiles the core under the sanitizers once for both; this script builds only the core's part.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/sanitizerbuild.sh"
"$root/scripts/install-deps.sh"
configure_sanitizer_build
cmake --build "$build_dir" --parallel "$jobs" --target attnlens_core_tests
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build_dir" --output-on-failure --no-tests=error --parallel "$jobs" -L '^attnlens_core_tests$'
