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
# The whole window, undo, presentation mode and the document: the widest reach per minute. Each
# entry is an executable and a GoogleTest filter, run in a process of its own (the suites of
# ui_window_tests one by one, as when each was an executable of its own).
subset=(monkey_test:'*' ui_window_tests:'MainWindowTest.*' ui_window_tests:'UndoMainWindowTest.*'
        ui_window_tests:'PresentationModeTest.*' ui_window_tests:'DocumentControllerTest.*')

"$root/scripts/install-deps.sh"
configure_sanitizer_build
if [[ ${1:-} == --all ]]; then
    cmake --build "$build_dir" --parallel "$jobs"
    mapfile -t tests < <(find "$build_dir/tests/ui" -maxdepth 1 \( -name '*_test' -o -name '*_tests' \) -type f -printf '%f:*\n' | sort)
else
    cmake --build "$build_dir" --parallel "$jobs" --target monkey_test ui_window_tests
    tests=("${subset[@]}")
fi

export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ATTNLENS_MONKEY_ACTIONS=${ATTNLENS_MONKEY_ACTIONS:-300}
failed=()
for entry in "${tests[@]}"; do
    executable=${entry%%:*}
    filter=${entry#*:}
    test="$executable $filter"
    log=$build_dir/$executable-${filter//[^A-Za-z]/}.log
    start=$(date +%s)
    if "$build_dir/tests/ui/$executable" --gtest_brief=1 --gtest_filter="$filter" > "$log" 2>&1; then
        echo "ok     $test ($(( $(date +%s) - start )) s)"
    else
        echo "FAILED $test ($(( $(date +%s) - start )) s); the end of its log:"
        grep -v propagateSizeHints "$log" | tail -40
        failed+=("$test")
    fi
done
if (( ${#failed[@]} )); then
    echo "sanitizer failures: ${failed[*]}"
    exit 1
fi
