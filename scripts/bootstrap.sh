#!/usr/bin/env bash
# Installs what Mixdown needs on Debian 12 (with Swift already installed), and
# nothing when all of it is present. Run as root, or with sudo available.
set -euo pipefail

packages=(pkg-config libavformat-dev libavcodec-dev libswresample-dev libswscale-dev libavutil-dev
          libsndfile1-dev libebur128-dev
          libpango1.0-dev libcairo2-dev librsvg2-dev libzimg-dev
          fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
          ffmpeg espeak-ng sox time python3-jsonschema chromium tesseract-ocr tesseract-ocr-eng)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "bootstrap: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
if ! command -v swift >/dev/null; then
    echo "bootstrap: swift is not on PATH; install a Swift 6 toolchain first" >&2
    exit 1
fi
