#!/usr/bin/env bash
# Compares `viewfinder inspect --format json` with `exiftool -n -j`, field by field, over the
# committed corpus (Tests/LocalFolderProviderTests/Corpus and its quirks; not the hostile files,
# which are there to be slow), Samples/,
# and files made here: many makers' EXIF layouts and damaged copies of them
# (scripts/many_layouts.py), files of every format exiftool wrote for several cameras, and camera
# RAWs of every format (the committed Corpus/raw, and a fresh build of scripts/make-raw-corpus.py).
# Prints the agreement on make, model, date taken, orientation, GPS, size as displayed and the
# place the file names, and each disagreement. The date and place are also read by exiftool's MWG
# rules (-use MWG), which take XMP photoshop:DateCreated and XMP's place over IPTC's.
# Needs a built viewfinder (swift build), exiftool, imagemagick and python3.
# Usage: scripts/exiftool-agreement.sh [FOLDER...]   (FOLDERs: more photos to compare, e.g. your own;
# VIEWFINDER=path picks the binary, .build/debug/viewfinder by default)
set -euo pipefail
extra=()
for folder in "$@"; do extra+=("$(cd "$folder" && pwd)"); done
cd "$(dirname "$0")/.."
viewfinder=${VIEWFINDER:-.build/debug/viewfinder}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 scripts/many_layouts.py "$work/layouts" >/dev/null
python3 scripts/make-raw-corpus.py "$work/raw" >/dev/null
mkdir -p "$work/formats"
cameras=("Canon|Canon EOS 90D|1" "NIKON CORPORATION|NIKON D850|6" "Apple|iPhone 15|8" "SONY|ILCE-7RM5|3")
for format in jpg png tif webp heic; do
  for camera in "${cameras[@]}"; do
    IFS='|' read -r make model orientation <<<"$camera"
    file="$work/formats/${make%% *}.$format"
    convert -size 48x32 gradient:navy-orange "$file"
    exiftool -q -q -overwrite_original "-EXIF:Make=$make" "-EXIF:Model=$model" "-EXIF:Orientation#=$orientation" \
      "-EXIF:DateTimeOriginal=2024:03:0$orientation 10:20:30" "-GPSLatitude=-12.5$orientation" "-GPSLatitudeRef=S" \
      "-GPSLongitude=130.8$orientation" "-GPSLongitudeRef=E" "$file" || true
  done
done

mapfile -d '' files < <(find Tests/LocalFolderProviderTests/Corpus Samples "$work" "${extra[@]}" -type f \
  \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.tif' -o -iname '*.webp' -o -iname '*.heic' \
  -o -iname '*.avif' -o -iname '*.gif' -o -iname '*.crw' -o -iname 'raw-*' -o -iregex '.*\.\(dng\|cr[23]\|nef\|nrw\|arw\|sr2\|orf\|rw2\|pef\|raf\|srw\|3fr\|erf\|mef\|mos\|iiq\|kdc\|dcr\)' \) \
  -not -name '*.json' -not -path '*/hostile/*' -print0 | sort -z)
timeout 600 "$viewfinder" inspect --format json "${files[@]}" >"$work/viewfinder.json" 2>/dev/null || true
timeout 600 exiftool -n -j -q -q "${files[@]}" >"$work/exiftool.json" 2>/dev/null || true
timeout 600 exiftool -n -j -q -q -use MWG -G1 -MWG:all "${files[@]}" >"$work/mwg.json" 2>/dev/null || true
python3 scripts/agreement_report.py "$work/viewfinder.json" "$work/exiftool.json" "$work/mwg.json"
