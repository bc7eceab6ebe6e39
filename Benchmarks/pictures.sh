#!/usr/bin/env bash
# Pictures in the terminal: a 24-megapixel JPEG (6000×4000) and a 12-megapixel HEIC (4032×3024,
# with a 320-pixel thumbnail, as a phone's camera roll has) drawn as a 60×30-cell preview in each
# protocol, by TerminalImages (decode scaled where the format allows, then chafa) beside the chafa
# command on the same file in the same run (medians of 7 and 5 runs); then the full-screen view
# (200×56 cells) from a 160×120 thumbnail against the photo itself, upright and turned.
# Needs ImageMagick and heif-enc (libheif-examples); builds the benchmarks in release mode.
# Usage: Benchmarks/pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d /tmp/vf-pictures-XXXXXX)
trap 'rm -rf "$dir"' EXIT
# A real photo enlarged, so the files carry a photo's detail rather than a flat pattern.
convert Samples/beach-pier-blue-hour.jpg -resize '6000x4000!' -quality 90 "$dir/photo-24mp.jpg"
convert Samples/city-bridge-fog.jpg -resize '4032x3024!' "$dir/photo-12mp.png"
heif-enc --quality 80 --thumb 320 -o "$dir/photo-12mp.heic" "$dir/photo-12mp.png" >/dev/null
swift build -c release --product viewfinder-benchmarks >&2
.build/release/viewfinder-benchmarks pictures "$dir/photo-24mp.jpg" "$dir/photo-12mp.heic"
# The full-screen view: the 24 MP photo's 160×120 EXIF thumbnail (what it drew before) against the photo.
convert "$dir/photo-24mp.jpg" -resize '160x120!' -quality 90 "$dir/thumbnail-160.jpg"
.build/release/viewfinder-benchmarks full-screen-pictures "$dir/photo-24mp.jpg" "$dir/thumbnail-160.jpg"
