# Sourced (not run) by scripts/test-sanitizers.sh and scripts/test-ui-sanitizers.sh; needs $root.
# One build folder for both (ATTNLENS_SANITIZER_BUILD_DIR, default build-sanitizers/), configured
# identically by both, so that the core is compiled under the sanitizers once.
build_dir=${ATTNLENS_SANITIZER_BUILD_DIR:-$root/build-sanitizers}
jobs=$(nproc 2>/dev/null || echo 2)
configure_sanitizer_build() {
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DATTNLENS_SANITIZE=ON -DATTNLENS_BUILD_GUI=ON -DATTNLENS_BUILD_TESTS=ON \
        -DATTNLENS_BUILD_BENCH=OFF \
        -DCMAKE_COMPILE_WARNING_AS_ERROR="$([[ ${ATTNLENS_WERROR:-0} == 1 ]] && echo ON || echo OFF)" \
        >/dev/null
}
