#!/usr/bin/env bash
# Quick start, part one: installs what is missing, builds, and starts Attention Lens.
# Without a display the app writes the notebook lesson's evidence into artifacts/ and says so.
# Usage: scripts/run.sh [attnlens arguments, e.g. a scenario file or built-in name]
# The build is scripts/build.sh's portable one in build/ (ATTNLENS_NATIVE=1: build-native/).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/builddir.sh"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" -DATTNLENS_BUILD_TESTS=OFF -DATTNLENS_BUILD_BENCH=OFF
cd "$root"
exec "$build_dir/attnlens" "$@"
