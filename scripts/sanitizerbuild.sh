# Sourced (not run) by scripts/test-sanitizers.sh and scripts/test-ui-sanitizers.sh; needs $root.
# One build folder for both (ATTNLENS_SANITIZER_BUILD_DIR, default build-sanitizers/), configured
# identically by both, so that the core is compiled under the sanitizers once. Warnings stay
# warnings here (RelWithDebInfo): the same sources are compiled with warnings as errors by GCC in
# scripts/test.sh's build and by clang in scripts/fuzz.sh's when ATTNLENS_WERROR=1 (.ci/run).
build_dir=${ATTNLENS_SANITIZER_BUILD_DIR:-$root/build-sanitizers}
jobs=$(nproc 2>/dev/null || echo 2)
configure_sanitizer_build() {
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DATTNLENS_SANITIZE=ON -DATTNLENS_BUILD_GUI=ON -DATTNLENS_BUILD_TESTS=ON \
        -DATTNLENS_BUILD_BENCH=OFF >/dev/null
}
