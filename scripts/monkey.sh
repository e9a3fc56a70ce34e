#!/usr/bin/env bash
# The long UI monkey run: seeded random user actions on a whole window (offscreen), with the
# invariants of tests/ui/monkey_test.cpp checked after every action. Prints the seed, the
# actions per second and what was done; a failure names the action and the seed to repeat it.
# Usage: scripts/monkey.sh [ACTIONS (default 100000)] [SEED (default: random)]
#        scripts/monkey.sh --seeds N [ACTIONS (default 3000)]
#            N runs in a row, each with a new random seed, printed before it starts; a failed
#            run does not stop the others. Ends with every seed and its result, the actions
#            passed in all, and exit status 1 when any run failed.
#        ATTNLENS_MONKEY_TEXT_EVERY=N checks every painted text each N actions (default 25).
#        ATTNLENS_MONKEY_LOG_DIR=DIR keeps each run's whole output in DIR/seed-SEED.log
#            (with --seeds; default: a temporary folder, kept when a run failed).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/builddir.sh"

random_seed() { od -An -N4 -tu4 /dev/urandom | tr -d ' '; }

# scripts/build.sh's own build (portable unless ATTNLENS_NATIVE=1), so that a later
# scripts/test.sh or scripts/run.sh finds it configured as they want and compiles nothing again.
build() {
    ATTNLENS_BUILD_DIR=$build_dir "$root/scripts/build.sh" --target monkey_test -DATTNLENS_BUILD_TESTS=ON
}

# One run of the monkey: ACTIONS SEED. Setting ATTNLENS_MONKEY_SEED runs that seed alone (not
# the seeds CTest runs).
run_monkey() {
    QT_QPA_PLATFORM=offscreen ATTNLENS_MONKEY_ACTIONS=$1 ATTNLENS_MONKEY_SEED=$2 \
        "$build_dir/tests/ui/monkey_test" --gtest_filter='*UiMonkey.*'
}

if [[ ${1:-} == --seeds ]]; then
    runs=${2:?usage: scripts/monkey.sh --seeds N [ACTIONS]}
    actions=${3:-3000}
    if ! [[ $runs =~ ^[0-9]+$ && $actions =~ ^[0-9]+$ ]]; then
        echo "monkey: N and ACTIONS must be whole numbers (got '$runs' and '$actions')" >&2
        exit 2
    fi
    build
    log_dir=${ATTNLENS_MONKEY_LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/attnlens-monkey.XXXXXX")}
    mkdir -p "$log_dir"
    passed=0
    failed=()
    results=()
    for ((run = 1; run <= runs; ++run)); do
        seed=$(random_seed)
        echo "monkey: run $run of $runs: $actions actions, seed $seed (repeat with: scripts/monkey.sh $actions $seed)"
        log="$log_dir/seed-$seed.log"
        start=$(date +%s)
        if run_monkey "$actions" "$seed" >"$log" 2>&1; then
            results+=("seed $seed: passed $actions actions ($(( $(date +%s) - start )) s)")
            passed=$((passed + actions))
        else
            status=$?
            results+=("seed $seed: FAILED (exit $status); log: $log")
            failed+=("$seed")
            grep -a -v 'propagateSizeHints' "$log" | grep -a -E 'Failure|action [0-9]+|FAILED|Segmentation|Aborted' \
                | head -20 || true
        fi
        echo "monkey:   ${results[-1]}"
    done
    echo "monkey: $runs runs of $actions actions: ${#failed[@]} failed, $passed actions passed"
    printf 'monkey:   %s\n' "${results[@]}"
    if (( ${#failed[@]} )); then
        echo "monkey: failed seeds: ${failed[*]} (logs in $log_dir)"
        exit 1
    fi
    [[ -n ${ATTNLENS_MONKEY_LOG_DIR:-} ]] || rm -rf "$log_dir"
    exit 0
fi

actions=${1:-100000}
seed=${2:-$(random_seed)}
build
echo "monkey: $actions actions, seed $seed (repeat with: scripts/monkey.sh $actions $seed)"
run_monkey "$actions" "$seed" 2> >(grep -v 'propagateSizeHints' >&2)
