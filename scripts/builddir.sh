# Sourced (not run) by the scripts that use scripts/build.sh's build; needs $root. Sets build_dir:
# $ATTNLENS_BUILD_DIR if set, else build-native/ for ATTNLENS_NATIVE=1 and build/ otherwise, so
# that a native build for bench/ never turns the portable build/ over (a whole rebuild each way).
if [[ ${ATTNLENS_NATIVE:-0} == 1 ]]; then
    build_dir=${ATTNLENS_BUILD_DIR:-$root/build-native}
else
    build_dir=${ATTNLENS_BUILD_DIR:-$root/build}
fi
