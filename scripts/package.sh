#!/usr/bin/env bash
# Builds the Debian package of Attention Lens and checks it.
# Usage: scripts/package.sh
# Installs what is missing (scripts/install-deps.sh --package) and packs scripts/build.sh's
# build in build/: portable (no -march=native: the package must run on any x86-64 machine) and
# hardened as a Debian package build is. A build/ that scripts/build.sh, run.sh or test.sh made is
# already that and is reused as it is (nothing is compiled again unless a source changed); any
# other build/ (a native one, or one configured by hand) is configured so first, and a fresh
# clone gets the app alone, without the tests. Then it runs `cpack -G DEB`, checks the package
# unpacked (tests/package/checkpackage.sh: the installed binary runs, desktop-file-validate,
# appstreamcli, xdg-mime, the man page, lintian with no errors; tests/package/checkxdg.sh: where
# the installed binary writes) and prints the path of the .deb. These are the checks the package
# test in ctest (tests/package/testpackage.sh) runs, so CI, whose scripts/test.sh runs that test,
# does not run this script. Install the package with
#   sudo apt install ./build/attention-lens_<version>_<arch>.deb
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
unset ATTNLENS_NATIVE  # a package is never native
source "$root/scripts/builddir.sh"

"$root/scripts/install-deps.sh" --package
fresh=()
[[ -f $build_dir/CMakeCache.txt ]] || fresh=(-DATTNLENS_BUILD_TESTS=OFF -DATTNLENS_BUILD_BENCH=OFF)
# With build.sh's own flags: configuring a build/ that has them again changes nothing.
"$root/scripts/build.sh" "${fresh[@]}"
rm -f "$build_dir"/attention-lens_*.deb
(cd "$build_dir" && cpack -G DEB >/dev/null)
deb=$(ls "$build_dir"/attention-lens_*.deb)
"$root/tests/package/checkpackage.sh" "$deb" "$build_dir/package-check"
"$root/tests/package/checkxdg.sh" "$build_dir/package-check/root/usr/bin/attnlens" "$build_dir/xdg-check"
echo "$deb"
