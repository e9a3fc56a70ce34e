#!/usr/bin/env bash
# Builds the widgets and UI tests with AddressSanitizer and UndefinedBehaviorSanitizer and runs
# them offscreen, with LeakSanitizer on and no suppressions: what Qt 6.4 (offscreen) and
# fontconfig keep for the life of the process stays reachable from their globals, so LeakSanitizer
# reports none of it (README, Reliability). Any report fails the run. Its build folder is shared
# with scripts/test-sanitizers.sh (scripts/sanitizerbuild.sh): the core is not compiled again.
#
# Usage: scripts/test-ui-sanitizers.sh          # the CI subset (below) and a short monkey
#        scripts/test-ui-sanitizers.sh --all    # every UI test executable
#        ATTNLENS_MONKEY_ACTIONS=N              # each monkey run's length under the sanitizers (300;
#                                               # monkey_test runs each of its CI seeds)
# Each executable runs whole, every case in one process (ui_window_tests: the main window, undo
# through it, presentation mode, the document controller).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/sanitizerbuild.sh"
# The whole window, undo, presentation mode and the document: the widest reach per minute.
subset=(monkey_test ui_window_tests)

"$root/scripts/install-deps.sh"
configure_sanitizer_build
if [[ ${1:-} == --all ]]; then
    cmake --build "$build_dir" --parallel "$jobs"
    mapfile -t tests < <(find "$build_dir/tests/ui" -maxdepth 1 \( -name '*_test' -o -name '*_tests' \) -type f -printf '%f\n' | sort)
else
    cmake --build "$build_dir" --parallel "$jobs" --target "${subset[@]}"
    tests=("${subset[@]}")
fi

export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ATTNLENS_MONKEY_ACTIONS=${ATTNLENS_MONKEY_ACTIONS:-300}
failed=()
for test in "${tests[@]}"; do
    start=$(date +%s)
    if "$build_dir/tests/ui/$test" --gtest_brief=1 > "$build_dir/$test.log" 2>&1; then
        echo "ok     $test ($(( $(date +%s) - start )) s)"
    else
        echo "FAILED $test ($(( $(date +%s) - start )) s); the end of its log:"
        grep -v propagateSizeHints "$build_dir/$test.log" | tail -40
        failed+=("$test")
    fi
done
if (( ${#failed[@]} )); then
    echo "sanitizer failures: ${failed[*]}"
    exit 1
fi
