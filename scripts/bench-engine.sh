#!/usr/bin/env bash
# Builds bench/ in Release in its own build directory, tuned for this CPU (-march=native, as the
# README's figures are), times the attention engine with Google Benchmark and NumPy (Debian's
# /usr/bin/python3 + python3-numpy on OpenBLAS) on the same inputs, and prints one table.
#
# Usage: scripts/bench-engine.sh [--build-dir DIR] [--repetitions N] [--jobs N] [--check]
#                                [-- extra CMake arguments]
#   --build-dir DIR   build directory (default: build-bench in the repository)
#   --repetitions N   Google Benchmark repetitions; the median is reported (default: 10)
#   --jobs N          parallel compile jobs (default: 2)
#   --check           exit 1 when a target is missed
#   -- ARGS           passed to CMake at configure time, e.g. -- -DATTNLENS_NATIVE_ARCH=OFF for
#                     the portable build users get (use a separate --build-dir for each)
#
# Run as root on a fresh Debian 12 machine and it installs what is missing first. The environment
# is left as it is: OpenBLAS chooses its kernel and thread count as it would for any user.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="$repo/build-bench"
repetitions=10
jobs=2
check=()
cmake_extra=()

while [[ $# -gt 0 ]]; do
    case "$1" in
        --build-dir) build_dir="$(realpath -m "$2")"; shift 2 ;;
        --repetitions) repetitions="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --check) check=(--check); shift ;;
        --) shift; cmake_extra=("$@"); break ;;
        -h|--help) sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-engine.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done

python=/usr/bin/python3
packages=(g++ cmake ninja-build pkg-config qt6-base-dev libeigen3-dev libbenchmark-dev
          python3 python3-numpy libopenblas0-pthread)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$package")
    fi
done
if [[ ${#missing[@]} -gt 0 ]]; then
    if [[ $(id -u) -eq 0 ]]; then
        echo "Installing missing packages: ${missing[*]}" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    else
        echo "Missing Debian packages: ${missing[*]}" >&2
        echo "Run this script as root, or: sudo apt-get install --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
fi

# Pick a generator only when configuring for the first time; CMake refuses to switch later.
generator=()
if [[ ! -f "$build_dir/CMakeCache.txt" ]] && command -v ninja >/dev/null; then
    generator=(-G Ninja)
fi
mkdir -p "$build_dir"
configure_log="$build_dir/configure.log"
cmake -S "$repo" -B "$build_dir" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE=Release -DATTNLENS_NATIVE_ARCH=ON \
    -DATTNLENS_BUILD_GUI=OFF -DATTNLENS_BUILD_TESTS=OFF -DATTNLENS_BUILD_BENCH=ON \
    "${cmake_extra[@]}" >"$configure_log" 2>&1 || { cat "$configure_log" >&2; exit 1; }
if ! grep -q '^benchmark_DIR:PATH=/' "$build_dir/CMakeCache.txt"; then
    echo "CMake did not find Google Benchmark (libbenchmark-dev), so bench/ was skipped" >&2
    exit 1
fi
cmake --build "$build_dir" --target attnlens_bench -j "$jobs"

engine_json="$build_dir/bench-engine.json"
numpy_json="$build_dir/bench-numpy.json"

echo "Timing the engine ($repetitions repetitions per case)..." >&2
"$build_dir/bench/attnlens_bench" \
    --benchmark_repetitions="$repetitions" \
    --benchmark_report_aggregates_only=true \
    --benchmark_format=json >"$engine_json"

echo "Timing NumPy..." >&2
"$python" "$repo/bench/numpybench.py" --out "$numpy_json"

flags="$(sed -n -e 's/^CMAKE_CXX_FLAGS:STRING=//p' -e 's/^CMAKE_CXX_FLAGS_RELEASE:STRING=//p' \
    "$build_dir/CMakeCache.txt" | tr '\n' ' ' | sed -e 's/^ *//' -e 's/ *$//')"
if grep -q '^ATTNLENS_NATIVE_ARCH:BOOL=ON' "$build_dir/CMakeCache.txt" \
    && grep -q '^ATTNLENS_COMPILER_HAS_MARCH_NATIVE:INTERNAL=1' "$build_dir/CMakeCache.txt"; then
    flags="$flags -march=native"
fi
link="$(sed -n -e 's/^CMAKE_EXE_LINKER_FLAGS:STRING=//p' -e 's/^CMAKE_CXX_STANDARD_LIBRARIES:STRING=//p' \
    "$build_dir/CMakeCache.txt" | tr '\n' ' ' | sed -e 's/^ *//' -e 's/ *$//')"
echo
"$python" "$repo/bench/benchtable.py" "$engine_json" "$numpy_json" \
    --engine-flags="$flags" --engine-link="$link" "${check[@]}"
