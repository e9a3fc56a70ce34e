#!/usr/bin/env bash
# The long UI monkey run: seeded random user actions on a whole window (offscreen), with the
# invariants of tests/ui/monkey_test.cpp checked after every action. Prints the seed, the
# actions per second and what was done; a failure names the action and the seed to repeat it.
# Usage: scripts/monkey.sh [actions (default 100000)] [seed (default: random)]
#        ATTNLENS_MONKEY_TEXT_EVERY=N checks every painted text each N actions (default 25).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ATTNLENS_BUILD_DIR:-$root/build}
actions=${1:-100000}
seed=${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}

cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLENS_BUILD_TESTS=ON >/dev/null
cmake --build "$build_dir" --parallel "$(nproc 2>/dev/null || echo 2)" --target monkey_test
echo "monkey: $actions actions, seed $seed (repeat with: scripts/monkey.sh $actions $seed)"
QT_QPA_PLATFORM=offscreen ATTNLENS_MONKEY_ACTIONS=$actions ATTNLENS_MONKEY_SEED=$seed \
    "$build_dir/tests/ui/monkey_test" --gtest_filter='UiMonkey.*' 2> >(grep -v 'propagateSizeHints' >&2)
