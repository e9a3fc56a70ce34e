#!/usr/bin/env bash
# Configures and builds Attention Lens (Release).
# Usage: scripts/build.sh [--target TARGET]... [extra cmake -D options]
#        ATTNLENS_NATIVE=1 scripts/build.sh [...]    # tuned for this CPU, into build-native/
#
# By default into build/, portable (the x86-64 baseline, no -march=native) and hardened the way
# Debian hardens a package (what dpkg-buildflags adds: fortified functions, the stack protector,
# read-only relocations bound at start). That is the package's own build: the package test in
# ctest (tests/package) packs and checks the .deb from it, and scripts/package.sh reuses it, so
# the tests run the binary a user installs and CI compiles the app once, not twice. No test
# depends on the vector instructions of the machine (checked: the whole suite passes portable).
# bench/ is built as CMake's options say (scripts/test.sh turns it on, so that CI sees a bench
# that no longer compiles), but the README's speed figures come from a native build.
#
# ATTNLENS_NATIVE=1 builds with -march=native (Eigen's products and exponentials run two to three
# times faster with AVX2 and FMA) and with bench/, into build-native/ (scripts/builddir.sh), for
# the README's speed figures; such a build cannot be installed or packaged (its install refuses).
# ATTNLENS_BUILD_DIR names another build directory for either.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/builddir.sh"
jobs=$(nproc 2>/dev/null || echo 2)
targets=()
while [[ ${1:-} == --target ]]; do
    targets+=(--target "$2")
    shift 2
done

if [[ ${ATTNLENS_NATIVE:-0} == 1 ]]; then
    flavour=(-DATTNLENS_NATIVE_ARCH=ON -DATTNLENS_BUILD_BENCH=ON)
else
    # The same flags as a Debian package build; scripts/package.sh relies on them being here.
    flavour=(-DATTNLENS_NATIVE_ARCH=OFF
             "-DCMAKE_CXX_FLAGS=-D_FORTIFY_SOURCE=2 -fstack-protector-strong"
             "-DCMAKE_EXE_LINKER_FLAGS=-Wl,-z,relro -Wl,-z,now")
fi
# ATTNLENS_WERROR=1 (set by .ci/run) turns every compiler warning into an error; users' builds
# only warn. Passed on every configure, so a build folder never keeps the other setting.
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${flavour[@]}" \
    -DCMAKE_COMPILE_WARNING_AS_ERROR="$([[ ${ATTNLENS_WERROR:-0} == 1 ]] && echo ON || echo OFF)" \
    "$@" >/dev/null
cmake --build "$build_dir" --parallel "$jobs" "${targets[@]}"
