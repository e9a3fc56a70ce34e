#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ with clang (ASan + UBSan, core and harnesses only) into
# build-fuzz/ and runs each for a fixed time, then prints executions and executions per second.
#
# Usage: scripts/fuzz.sh [--ci] [SECONDS] [TARGET...]
#   SECONDS  time per target (default 60)
#   TARGET   scenariojson, scenariodiff, pngscenario, commandline, npzscenario (default: all five;
#            scenariodiff feeds the same bytes to the fast and the Qt scenario readers)
#   --ci     the short CI run: 20 s per target unless SECONDS is given, seeded, on a throw-away
#            corpus, so that CI never writes into the tree or depends on earlier runs
#
# New interesting inputs are kept in build-fuzz/corpus/TARGET/ (outside git; set
# ATTNLENS_FUZZ_CORPUS_DIR to keep them elsewhere) and are read again by the next run. The seeds
# in fuzz/corpus/TARGET/ (and, for the JSON loader, resources/scenarios/ and tests/data/) are
# only read. A crash, a sanitizer report or a broken invariant stops the run, leaves the input
# in build-fuzz/crashes/ and makes the script exit 1.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ATTNLENS_FUZZ_BUILD_DIR:-$root/build-fuzz}

ci=0
if [[ "${1:-}" == "--ci" ]]; then
    ci=1
    shift
fi
seconds=60
[[ $ci -eq 1 ]] && seconds=20
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
all_targets=(scenariojson scenariodiff pngscenario commandline npzscenario)
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    if [[ ! " ${all_targets[*]} " == *" $target "* ]]; then
        echo "unknown target '$target' (targets: ${all_targets[*]})" >&2
        exit 2
    fi
done

"$root/scripts/install-deps.sh" --fuzz
# Configured on every run (cheap), so that ATTNLENS_WERROR=1 (.ci/run) reaches an existing folder.
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++ -DATTNLENS_BUILD_FUZZERS=ON -DATTNLENS_BUILD_GUI=OFF \
    -DATTNLENS_BUILD_TESTS=OFF -DATTNLENS_BUILD_BENCH=OFF \
    -DCMAKE_COMPILE_WARNING_AS_ERROR="$([[ ${ATTNLENS_WERROR:-0} == 1 ]] && echo ON || echo OFF)" \
    >/dev/null
cmake --build "$build_dir" --parallel "$(nproc 2>/dev/null || echo 2)" \
    --target "${targets[@]/%/_fuzzer}"

if [[ $ci -eq 1 ]]; then
    corpus_root=$(mktemp -d)
    trap 'rm -rf "$corpus_root"' EXIT
else
    corpus_root=${ATTNLENS_FUZZ_CORPUS_DIR:-$build_dir/corpus}
fi
crash_dir=$build_dir/crashes
mkdir -p "$crash_dir"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

summary=()
failed=0
for target in "${targets[@]}"; do
    corpus=$corpus_root/$target
    mkdir -p "$corpus"
    seeds=("$root/fuzz/corpus/$target")
    # Both JSON harnesses start from every scenario the project ships or tests.
    [[ $target == scenariodiff ]] && seeds+=("$root/fuzz/corpus/scenariojson")
    [[ $target == scenariojson || $target == scenariodiff ]] \
        && seeds+=("$root/resources/scenarios" "$root/tests/data")
    [[ $target == npzscenario ]] && seeds+=("$root/tests/data/numpy")
    options=(-seed=1 -max_total_time="$seconds" -timeout=10 -print_final_stats=1
             -artifact_prefix="$crash_dir/$target-")
    dictionary=$root/fuzz/$target.dict
    [[ $target == scenariodiff ]] && dictionary=$root/fuzz/scenariojson.dict
    [[ -f "$dictionary" ]] && options+=(-dict="$dictionary")
    log=$build_dir/fuzz-$target.log
    echo "== $target: ${seconds} s"
    status=0
    "$build_dir/fuzz/${target}_fuzzer" "${options[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    entries=$(find "$corpus" -type f | wc -l)
    if [[ $status -ne 0 ]]; then
        failed=1
        tail -n 40 "$log" >&2
        summary+=("$(printf '%-13s FAILED (exit %d), see %s and %s' "$target" "$status" "$log" "$crash_dir")")
    else
        summary+=("$(printf '%-13s %12s executions  %8s exec/s  coverage %5s  corpus %5s' \
            "$target" "${runs:-?}" "${rate:-?}" "${coverage:-?}" "$entries")")
    fi
done
echo "== fuzzing, ${seconds} s per target (-seed=1):"
printf '%s\n' "${summary[@]}"
exit $failed
