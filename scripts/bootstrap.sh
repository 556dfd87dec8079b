#!/usr/bin/env bash
# Installs what Mixdown needs on Debian 12 (with Swift already installed), and
# nothing when all of it is present. Run as root, or with sudo available.
set -euo pipefail

packages=(pkg-config libavformat-dev libavcodec-dev libswresample-dev libswscale-dev libavutil-dev libavfilter-dev
          libsndfile1-dev libebur128-dev
          libpango1.0-dev libcairo2-dev librsvg2-dev libzimg-dev
          fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
          ffmpeg espeak-ng sox time python3-jsonschema python3-pip chromium tesseract-ocr tesseract-ocr-eng)
# Test oracles from PyPI: OpenTimelineIO's own library and its FCP XML adapter
# (docs/interchange.md), and the speech-quality measures STOI and PESQ
# (docs/audio-mix.md, "Dialogue"); pinned, so that the suite checks against one reading.
python_oracles() {
    python3 -c 'import opentimelineio, otio_fcp_adapter, pystoi, pesq' 2>/dev/null && return 0
    echo "bootstrap: installing opentimelineio, otio-fcp-adapter, pystoi and pesq from PyPI" >&2
    local wheels=(opentimelineio==0.18.1 otio-fcp-adapter==1.0.0 pystoi==0.4.1 pesq==0.0.4)
    python3 -m pip install --quiet --disable-pip-version-check "${wheels[@]}" 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${wheels[@]}"
}
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    python_oracles
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
python_oracles
