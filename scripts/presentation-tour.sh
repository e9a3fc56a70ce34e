#!/usr/bin/env bash
# Screenshots of presentation mode as a lecturer meets it, on a real X server with a window manager:
# for each screen size, the lesson at the given steps, F5, at the readable text size and at the
# largest one Ctrl+plus reaches. Needs xvfb, openbox, xdotool and imagemagick (installed if missing).
# Usage: scripts/presentation-tour.sh [OUT_DIR] [SIZES] [STEPS] [LANG]
#   e.g. scripts/presentation-tour.sh /tmp/tour "1024x768 1280x720" "1 4 7 10 11 12 13" zh_TW
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$root/artifacts/tour}
sizes=${2:-"1024x768 1280x720 1280x800 1920x1080 3840x2160"}
steps=${3:-"1 4 7 10 11 12 13"}
lang=${4:-en}
app=${ATTNLENS_APP:-$root/build/attnlens}
for tool in Xvfb openbox xdotool import; do
    if ! command -v "$tool" >/dev/null; then
        "$root/scripts/install-deps.sh"
        apt-get install -y -qq --no-install-recommends xvfb openbox xdotool imagemagick >/dev/null
        break
    fi
done
mkdir -p "$out"
display=:$((90 + RANDOM % 9))
home=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$home"' EXIT
for size in $sizes; do
    Xvfb "$display" -screen 0 "${size}x24" >/dev/null 2>&1 &
    xvfb=$!
    sleep 1
    DISPLAY=$display openbox >/dev/null 2>&1 &
    wm=$!
    sleep 1
    for step in $steps; do
        rm -rf "$home"/*
        XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data DISPLAY=$display \
            "$app" --lesson "$step" --lang "$lang" >/dev/null 2>&1 &
        pid=$!
        for _ in $(seq 50); do
            window=$(DISPLAY=$display xdotool search --pid "$pid" --name "Attention Lens" 2>/dev/null | tail -1 || true)
            [[ -n "$window" ]] && break
            sleep 0.2
        done
        sleep 1.5
        DISPLAY=$display xdotool windowactivate --sync "$window" >/dev/null 2>&1 || true
        DISPLAY=$display xdotool key --window "$window" F5
        sleep 2
        DISPLAY=$display import -window root "$out/${size}-step${step}-${lang}-readable.png"
        for _ in 1 2 3 4 5 6 7; do
            DISPLAY=$display xdotool key --window "$window" ctrl+plus
            sleep 0.4
        done
        sleep 1.5
        DISPLAY=$display import -window root "$out/${size}-step${step}-${lang}-largest.png"
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    kill "$wm" "$xvfb" 2>/dev/null || true
    wait "$wm" "$xvfb" 2>/dev/null || true
done
echo "Screenshots in $out"
