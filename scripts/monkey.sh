#!/usr/bin/env bash
# The long UI monkey run: seeded random user actions on a whole window (offscreen), with the
# invariants of tests/ui/monkey_test.cpp checked after every action. Prints the seed, the
# actions per second and what was done; a failure names the action and the seed to repeat it.
# Usage: scripts/monkey.sh [actions (default 100000)] [seed (default: random)]
#        ATTNLENS_MONKEY_TEXT_EVERY=N checks every painted text each N actions (default 25).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/builddir.sh"
actions=${1:-100000}
seed=${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}

# scripts/build.sh's build (build/, portable), so that the monkey shares it with test.sh and run.sh.
"$root/scripts/build.sh" --target monkey_test -DATTNLENS_BUILD_TESTS=ON
echo "monkey: $actions actions, seed $seed (repeat with: scripts/monkey.sh $actions $seed)"
QT_QPA_PLATFORM=offscreen ATTNLENS_MONKEY_ACTIONS=$actions ATTNLENS_MONKEY_SEED=$seed \
    "$build_dir/tests/ui/monkey_test" --gtest_filter='UiMonkey.*' 2> >(grep -v 'propagateSizeHints' >&2)
