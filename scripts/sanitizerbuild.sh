# Sourced (not run) by scripts/test-sanitizers.sh and scripts/test-ui-sanitizers.sh; needs $root.
# One build folder for both (ATTNLENS_SANITIZER_BUILD_DIR, default build-sanitizers/), configured
# identically by both, so that the core is compiled under the sanitizers once. Warnings stay
# warnings here (RelWithDebInfo, at -O1 -g1): the same sources are compiled with warnings as
# errors by GCC in scripts/test.sh's build and by clang in scripts/fuzz.sh's when
# ATTNLENS_WERROR=1 (.ci/run).
build_dir=${ATTNLENS_SANITIZER_BUILD_DIR:-$root/build-sanitizers}
jobs=$(nproc 2>/dev/null || echo 2)
configure_sanitizer_build() {
    # -O1 and line tables only (-g1): what ASan's reports need (function, file and line in every
    # frame), at half the compile time of -O2 -g (a batch of the core: 105 s of CPU, now 52 s).
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DATTNLENS_SANITIZE=ON \
        -DATTNLENS_BUILD_GUI=ON -DATTNLENS_BUILD_TESTS=ON \
        -DATTNLENS_BUILD_BENCH=OFF >/dev/null
}
