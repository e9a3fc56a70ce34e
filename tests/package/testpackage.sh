#!/usr/bin/env bash
# The package test CTest runs (label "package"): builds the .deb with cpack from this build tree
# (in scripts/test.sh and CI, the portable, hardened build/ of scripts/build.sh), then checks it
# with checkpackage.sh and checks with its binary where the app writes.
#   tests/package/testpackage.sh BUILD_DIR SCRATCH_DIR
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build_dir=$1
scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch/cpack"
# cpack installs the build tree into its own staging folder and packs it (strip, shlibdeps).
cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$scratch/cpack" >"$scratch/cpack.log" 2>&1 \
    || { cat "$scratch/cpack.log"; echo "FAILED: cpack -G DEB"; exit 1; }
shopt -s nullglob
debs=("$scratch"/cpack/attention-lens_*.deb)
if [[ ${#debs[@]} -ne 1 ]]; then
    cat "$scratch/cpack.log"
    echo "FAILED: cpack made ${#debs[@]} attention-lens_*.deb files in $scratch/cpack"
    exit 1
fi
echo "built ${debs[0]} ($(stat -c %s "${debs[0]}") bytes)"
"$here/checkpackage.sh" "${debs[0]}" "$scratch/check"
"$here/checkxdg.sh" "$scratch/check/root/usr/bin/attnlens" "$scratch/xdg"
