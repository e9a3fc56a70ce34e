#!/usr/bin/env bash
# Where an installed attnlens writes (issue 16):
#   tests/package/checkxdg.sh path/to/attnlens SCRATCH_DIR
# HOME is a scratch folder and every XDG_* folder a differently named folder inside it, so a
# path hard-coded to ~/.config or ~/.local/share would show up as a stray file. The binary runs
# its headless commands and opens its window (offscreen) on a scenario file; once the window
# has written its settings (the file becomes a recent file), it is stopped, and any file under
# HOME outside the XDG folders fails the check. tests/ui/xdgpaths_test does the same with an
# edit, an autosave and a clean close, which a headless run of the binary cannot do.
set -uo pipefail
if [[ $# -ne 2 ]]; then
    echo "usage: $0 path/to/attnlens SCRATCH_DIR" >&2
    exit 64
fi
binary=$(realpath "$1")
scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch"
scratch=$(realpath "$scratch")
source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
failures=0
pass() { echo "ok: $*"; }
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

export HOME=$scratch/home
export XDG_CONFIG_HOME=$HOME/xdg-config XDG_DATA_HOME=$HOME/xdg-data
export XDG_CACHE_HOME=$HOME/xdg-cache XDG_STATE_HOME=$HOME/xdg-state
export XDG_RUNTIME_DIR=$scratch/runtime QT_QPA_PLATFORM=offscreen
unset XDG_CONFIG_DIRS
mkdir -p "$HOME" "$scratch/out" "$scratch/files" "$scratch/work"
mkdir -m 700 "$XDG_RUNTIME_DIR"
cd "$scratch/work"

"$binary" --version >/dev/null && "$binary" --list-scenarios >/dev/null \
    && "$binary" --evidence "$scratch/out/lesson.json" lesson \
    && "$binary" --export heatmap="$scratch/out/heatmap.png" --export window="$scratch/out/window.png" lesson \
    && pass "headless commands ran" || fail "a headless command failed"

scenario=$scratch/files/lecture.json
cp "$source_dir/resources/scenarios/lesson.json" "$scenario"
settings=$XDG_CONFIG_HOME/AttentionLens/Attention\ Lens.conf
"$binary" "$scenario" >"$scratch/window.log" 2>&1 &
pid=$!
# The window writes the file it opened to its recent files as it opens: wait for that (or for
# the process to end), a minute at most.
for _ in $(seq 600); do
    if grep -qs lecture.json "$settings" || ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    wait "$pid" 2>/dev/null
    if grep -qs lecture.json "$settings"; then
        pass "the window's settings and recent files are in \$XDG_CONFIG_HOME/AttentionLens"
    else
        fail "the window did not write its recent files to $settings within a minute"
    fi
else
    wait "$pid"
    fail "the window ended on its own ($?): $(head -c 500 "$scratch/window.log")"
fi

stray=$(find "$HOME" -mindepth 1 \( -path "$XDG_CONFIG_HOME" -o -path "$XDG_DATA_HOME" \
             -o -path "$XDG_CACHE_HOME" -o -path "$XDG_STATE_HOME" \) -prune -o -print)
if [[ -z $stray ]]; then
    pass "nothing written to HOME outside the XDG folders ($(cd "$HOME" && find . -mindepth 2 -type f | sort | tr '\n' ' '))"
else
    fail "written to HOME outside the XDG folders: $stray"
fi
stray_work=$(find "$scratch/work" -mindepth 1)
[[ -z $stray_work ]] && pass "nothing written to the working folder" \
    || fail "written to the working folder: $stray_work"

if [[ $failures -ne 0 ]]; then
    echo "$failures XDG check(s) failed"
    exit 1
fi
echo "every XDG check passed"
