#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Attention Lens builds and runs with, only those missing.
# Usage: scripts/install-deps.sh [--bench] [--fuzz] [--python]
#   --bench adds NumPy for the engine comparison; --python adds NumPy and PyTorch for the
#   PyTorch parity test of tools/capture_attention.py (tests/python; scripts/test.sh passes it);
#   --fuzz adds clang and libFuzzer for scripts/fuzz.sh (the clang package brings the compiler
#   only: libFuzzer and the sanitizer runtimes are in libclang-rt-dev, of the same default
#   version, which apt only recommends).
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-qpa-plugins libgl-dev
    libeigen3-dev libgtest-dev libgmock-dev libbenchmark-dev zlib1g-dev
    libzip-dev libsimdjson-dev  # NumPy .npz files (ZIP); the fast JSON scenario reader
    libgif-dev libwebp-dev imagemagick  # animated figures (GIF, WebP); tests read them with identify
    python3 python3-numpy  # tests: the written .npz read back with np.load
    fonts-dejavu-core
    fonts-noto-cjk qt6-translations-l10n  # the zh_TW interface: CJK glyphs, Qt's own dialogs
)
for option in "$@"; do
    case "$option" in
        --bench) packages+=(python3 python3-numpy python3-matplotlib libopenblas0-pthread) ;;
        --fuzz) packages+=(clang libclang-rt-dev) ;;
        --python) packages+=(python3 python3-numpy python3-torch) ;;
        *) echo "usage: scripts/install-deps.sh [--bench] [--fuzz] [--python]" >&2; exit 2 ;;
    esac
done

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi

echo "Installing ${#missing[@]} missing packages: ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null; then
        echo "error: these packages are missing and installing them needs root (sudo not found): ${missing[*]}" >&2
        exit 1
    fi
    sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
