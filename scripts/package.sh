#!/usr/bin/env bash
# Builds the Debian package of Attention Lens and checks it.
# Usage: scripts/package.sh
# Installs what is missing (scripts/install-deps.sh --package), configures a portable Release
# build in build-package/ (no -march=native: the package must run on any x86-64 machine),
# builds it, runs `cpack -G DEB`, checks the package unpacked (tests/package/checkpackage.sh:
# the installed binary runs, desktop-file-validate, appstreamcli, xdg-mime, the man page,
# lintian with no errors; tests/package/checkxdg.sh: where the installed binary writes) and
# prints the path of the .deb (CI runs it from .ci/run). Install it with
#   sudo apt install ./build-package/attention-lens_<version>_<arch>.deb
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ATTNLENS_PACKAGE_BUILD_DIR:-$root/build-package}
jobs=$(nproc 2>/dev/null || echo 2)

"$root/scripts/install-deps.sh" --package
# Debian's hardening (what dpkg-buildflags adds to a package build): fortified functions, the
# stack protector, read-only relocations bound at start.
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLENS_NATIVE_ARCH=OFF \
    -DATTNLENS_BUILD_TESTS=OFF -DATTNLENS_BUILD_BENCH=OFF \
    -DCMAKE_CXX_FLAGS="-D_FORTIFY_SOURCE=2 -fstack-protector-strong" \
    -DCMAKE_EXE_LINKER_FLAGS="-Wl,-z,relro -Wl,-z,now" >/dev/null
cmake --build "$build_dir" --parallel "$jobs"
rm -f "$build_dir"/attention-lens_*.deb
(cd "$build_dir" && cpack -G DEB >/dev/null)
deb=$(ls "$build_dir"/attention-lens_*.deb)
"$root/tests/package/checkpackage.sh" "$deb" "$build_dir/package-check"
"$root/tests/package/checkxdg.sh" "$build_dir/package-check/root/usr/bin/attnlens" "$build_dir/xdg-check"
echo "$deb"
