#!/usr/bin/env bash
# Regenerates Tests/LocalFolderProviderTests/Corpus/: one small image per format, with EXIF, IPTC
# and XMP written by exiftool where the format holds them, and exiftool's own reading of every
# file (`exiftool -j -n`) in exiftool.json, which the tests compare `viewfinder inspect` against.
# Needs imagemagick and libimage-exiftool-perl. The output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Tests/LocalFolderProviderTests/Corpus
rm -rf "$out"
mkdir -p "$out"

common=(-q -overwrite_original -codedcharacterset=utf8 "-XMP-dc:Title=Harbour at dusk" "-XMP-dc:Description=Boats, the light & the breakwater"
  "-XMP-dc:Subject=harbour" "-XMP-dc:Subject+=dusk" "-XMP-dc:Subject+=Café" "-XMP-dc:Creator=Ana Lopez" "-XMP-xmp:Rating=4"
  "-EXIF:DateTimeOriginal=2023:09:14 19:42:10" "-EXIF:OffsetTimeOriginal=+02:00" "-EXIF:Make=FUJIFILM" "-EXIF:Model=X-T4"
  "-GPSLatitude=44.6476" "-GPSLatitudeRef=N" "-GPSLongitude=63.5728" "-GPSLongitudeRef=W")

convert -size 64x48 gradient:navy-orange -quality 80 "$out/full.jpg"
exiftool "${common[@]}" "-IPTC:Keywords=harbour" "-IPTC:Keywords+=boats" "-IPTC:ObjectName=IPTC title" "$out/full.jpg"

convert -size 64x48 gradient:teal-white -quality 80 "$out/rotated.jpg"
exiftool -q -overwrite_original "-EXIF:Orientation#=6" "-EXIF:DateTimeOriginal=2022:01:02 03:04:05" "-EXIF:Artist=EXIF Artist" \
  "-EXIF:ImageDescription=From EXIF only" "-EXIF:XPKeywords=winter;snow" "$out/rotated.jpg"

convert -size 64x48 gradient:navy-orange -quality 80 "$out/iptc-only.jpg"
exiftool -q -overwrite_original -codedcharacterset=utf8 "-IPTC:ObjectName=Naïve title" "-IPTC:Caption-Abstract=Only IPTC here" \
  "-IPTC:Keywords=alpha" "-IPTC:Keywords+=beta" "-IPTC:By-line=Iptc Author" "$out/iptc-only.jpg"

convert -size 40x30 gradient:red-blue "$out/full.png"
exiftool "${common[@]}" "$out/full.png"

convert -size 50x20 gradient:green-black -compress lzw "$out/full.tif"
exiftool "${common[@]}" "$out/full.tif"

convert -size 36x24 gradient:purple-yellow -quality 80 "$out/full.webp"
exiftool "${common[@]}" "$out/full.webp"

# HEIF and AVIF keep EXIF and XMP as items of their own.
convert -size 40x30 gradient:orange-navy "$out/full.heic"
exiftool "${common[@]}" "$out/full.heic"
convert -size 44x28 gradient:white-teal "$out/full.avif"
exiftool "${common[@]}" "$out/full.avif"

convert -size 30x20 gradient:gray-white "$out/plain.gif"
convert -size 32x24 gradient:gray-black -quality 70 -strip "$out/plain.jpg"
convert -size 40x30 gradient:red-blue -rotate 90 "$out/rotated.heic"
printf 'not an image at all\n' >"$out/not-an-image.jpg"
head -c 300 "$out/full.jpg" >"$out/truncated.jpg"

# Camera RAWs of every format, in raw/ with exiftool's reading of them (scripts/make-raw-corpus.py).
python3 scripts/make-raw-corpus.py "$out/raw"

(cd "$out" && exiftool -j -n -q -q *.jpg *.png *.tif *.webp *.gif *.heic *.avif >exiftool.json || true)
python3 scripts/make-date-corpus.py >/dev/null  # Corpus/dates: places, dates, older cameras' records
echo "made $(ls "$out" | wc -l) files in $out"
