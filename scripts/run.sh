#!/usr/bin/env bash
# Quick start, part one: installs what is missing, builds, and starts Attention Lens.
# Without a display the app writes the notebook lesson's evidence into artifacts/ and says so.
# Usage: scripts/run.sh [attnlens arguments, e.g. a scenario file or built-in name]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" -DATTNLENS_BUILD_TESTS=OFF -DATTNLENS_BUILD_BENCH=OFF
cd "$root"
exec "${ATTNLENS_BUILD_DIR:-$root/build}/attnlens" "$@"
