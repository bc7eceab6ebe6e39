#!/usr/bin/env bash
# LibRaw against Viewfinder's own RAW readers: agreement with exiftool (`-n`) on make, model, date
# taken (local time: LibRaw gives no offset), orientation, size as displayed and GPS, over the
# committed RAW corpus (Tests/LocalFolderProviderTests/Corpus/raw) and any FOLDERs given; then the
# time to read N generated NEFs (Benchmarks/local-folder.sh's KIND=raw files) with each, page cache
# warm. LibRaw (libraw-dev, LGPL-2.1/CDDL) is built into a separate program here
# (Benchmarks/LibRawComparison/libraw-read.c) and never linked into Viewfinder.
# Needs libraw-dev, exiftool, python3, imagemagick and a release build.
# Usage: Benchmarks/libraw-compare.sh [N=10000] [FOLDER...]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
shift || true
binary=${VIEWFINDER_BINARY:-.build/release/viewfinder}
[[ -x $binary ]] || swift build -c release --product viewfinder >&2
work=$(mktemp -d /tmp/vf-libraw-XXXXXX)
trap 'rm -rf "$work"' EXIT
cc -O2 -Wall -o "$work/libraw-read" Benchmarks/LibRawComparison/libraw-read.c -lraw

mapfile -d '' files < <(find Tests/LocalFolderProviderTests/Corpus/raw "$@" -type f -not -name '*.json' -print0 | sort -z)
TZ=UTC "$work/libraw-read" "${files[@]}" >"$work/libraw.jsonl"
"$binary" inspect --format json "${files[@]}" >"$work/viewfinder.json" 2>/dev/null || true
exiftool -n -j -q -q "${files[@]}" >"$work/exiftool.json" 2>/dev/null || true
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
exif = {e["SourceFile"]: e for e in json.load(open(f"{work}/exiftool.json"))}
libraw = {}
for line in open(f"{work}/libraw.jsonl"):
    entry = json.loads(line)
    libraw[entry["path"]] = entry
viewfinder = {e["path"]: e for e in json.load(open(f"{work}/viewfinder.json"))}
def expected(e):
    o = e.get("Orientation") if e.get("Orientation") in range(1, 9) else None
    w, h = e.get("ImageWidth"), e.get("ImageHeight")
    if o in (5, 6, 7, 8):
        w, h = h, w
    lat, lon = e.get("GPSLatitude"), e.get("GPSLongitude")
    return {"make": e.get("Make"), "model": e.get("Model"), "date": (e.get("DateTimeOriginal") or "")[:19] or None,
            "orientation": o, "size": (w, h), "GPS": (round(lat, 6), round(lon, 6)) if lat is not None and lon is not None else None}
def from_libraw(e):
    if not e.get("ok"):
        return None
    lat, lon = e.get("latitude"), e.get("longitude")
    return {"make": e.get("make"), "model": e.get("model"), "date": e.get("date"), "orientation": e.get("orientation"),
            "size": (e.get("width"), e.get("height")), "GPS": (round(lat, 6), round(lon, 6)) if lat is not None else None}
def from_viewfinder(e):
    if e is None or e.get("error"):
        return None
    lat, lon = e.get("latitude"), e.get("longitude")
    taken = e.get("taken_at")
    date = taken[:19].replace("-", ":").replace("T", " ") if taken else None
    return {"make": e.get("camera_make"), "model": e.get("camera_model"), "date": date,
            "orientation": e.get("orientation"), "size": (e.get("width"), e.get("height")),
            "GPS": (round(lat, 6), round(lon, 6)) if lat is not None and lon is not None else None}
fields = ["make", "model", "date", "orientation", "size", "GPS"]
for name, table, reader in (("LibRaw", libraw, from_libraw), ("Viewfinder", viewfinder, from_viewfinder)):
    agree = {f: 0 for f in fields}
    unread = 0
    for path, e in exif.items():
        got = reader(table.get(path) or table.get("./" + path))
        if got is None:
            unread += 1
            continue
        want = expected(e)
        for f in fields:
            value = got[f]
            if f == "orientation" and want[f] is None and value == 1:
                value = None  # LibRaw says 1 where the file says nothing
            agree[f] += value == want[f]
    n = len(exif)
    print(f"{name:10} agreement with exiftool over {n} RAWs ({unread} not read): " +
          ", ".join(f"{f} {agree[f]}/{n}" for f in fields))
PY

# Time: N generated NEFs (300 KB each), every file read once before anything is timed.
KIND=raw python3 - "$work/photos" "$count" <<'PY'
import importlib.util, os, sys
root, count = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, "scripts")
spec = importlib.util.spec_from_file_location("raw_corpus", "scripts/make-raw-corpus.py")
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
base = corpus.nef(raw_bytes=300_000)
for i in range(count):
    folder = os.path.join(root, f"roll-{i // 500:03d}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"img-{i:06d}.nef"), "wb") as out:
        out.write(base)
PY
find "$work/photos" -type f -print0 | xargs -0 cat >/dev/null
time_of() { /usr/bin/time -f '%e s wall, %U s user, %S s system' "$@" >/dev/null 2>"$work/time" || true; tail -1 "$work/time"; }
echo "reading $count NEFs (headers and metadata only):"
echo "  LibRaw (libraw_open_file, one process): $(time_of sh -c "find '$work/photos' -type f -print0 | xargs -0 '$work/libraw-read'")"
echo "  viewfinder inspect (one process):        $(time_of sh -c "find '$work/photos' -type f -print0 | xargs -0 '$binary' inspect --format json")"
echo "  cat (the floor):                         $(time_of sh -c "find '$work/photos' -type f -print0 | xargs -0 cat")"
