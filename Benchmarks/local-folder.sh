#!/usr/bin/env bash
# Local-folder speed: searches N generated JPEGs (XMP keywords) with viewfinder (five rounds of a
# first search and three repeats) and with exiftool -fast2, checks both find the same files, and times
# reading every file once with cat (the floor) and listing every file's size and time with find.
# Needs a release build and exiftool (libimage-exiftool-perl).
# Usage: Benchmarks/local-folder.sh [N=10000] (MAKE_FOLDER=path: only make the files there). Every file is read once before anything is timed.
# KIND=raw makes Nikon NEFs instead (scripts/make-raw-corpus.py's layout, the XMP in IFD0, 300 KB
# of raw data each: past what the reader reads first), for RAW folders' cost per file; it also makes
# the same number of JPEGs and compares the CPU of a first search of each, in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
word=zephyrine
dir=$(mktemp -d /tmp/vf-bench-XXXXXX)
trap 'rm -rf "$dir"' EXIT
export XDG_CACHE_HOME="$dir/cache"  # a fresh index, removed with the rest

kind=${KIND:-jpeg}
# make_folder FOLDER KIND: N generated files of KIND (jpeg or raw) in FOLDER.
make_folder() {
python3 - "$1" "$count" "$word" "Tests/LocalFolderProviderTests/Corpus/plain.jpg" "$2" <<'PY'
import importlib.util, os, random, sys
root, count, word, base = sys.argv[1], int(sys.argv[2]), sys.argv[3], open(sys.argv[4], "rb").read()
raw = sys.argv[5] == "raw"
if raw or sys.argv[5] == "jpeg-exif":
    sys.path.insert(0, "scripts")
    spec = importlib.util.spec_from_file_location("raw_corpus", "scripts/make-raw-corpus.py")
    corpus = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(corpus)
    marker = b"@" * 4096
if raw:
    base = corpus.nef(xmp=marker, raw_bytes=300_000)
if sys.argv[5] == "jpeg-exif":  # the NEFs' photos as a camera's JPEGs: their EXIF (camera, date with
    # offset, GPS) and as many bytes (300 KB of image data, before the end of the image)
    from exif_builder import LONG, Directory, Entry, gps, segment, tiff
    exif = tiff(Directory(corpus.camera("NIKON CORPORATION", "NIKON D850", 1) + [
        Entry(0x8769, LONG, corpus.exif_ifd("2022:07:08 09:10:11", "+09:00")),
        Entry(0x8825, LONG, gps(35.6586, 139.7454))]), big_endian=True)
    base = base[:2] + segment(0xE1, b"Exif\0\0" + exif) + base[2:-2] + bytes(range(0x40, 0x80)) * 4700 + base[-2:]
vocabulary = ["harbour", "mountain", "forest", "street", "portrait", "river", "bridge", "market", "snow", "night",
              "beach", "desert", "garden", "tower", "train", "bird", "flower", "cloud", "storm", "lake"]
random.seed(7)
for i in range(count):
    words = random.sample(vocabulary, 4) + ([word] if i % 97 == 0 else [])
    items = "".join(f"<rdf:li>{w}</rdf:li>" for w in words)
    xmp = (f'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           f'<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">'
           f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Photo {i}</rdf:li></rdf:Alt></dc:title>'
           f'<dc:subject><rdf:Bag>{items}</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>').encode()
    payload = b"http://ns.adobe.com/xap/1.0/\0" + xmp
    segment = b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload
    folder = os.path.join(root, f"roll-{i // 500:03d}")
    os.makedirs(folder, exist_ok=True)
    if raw:
        with open(os.path.join(folder, f"img-{i:06d}.nef"), "wb") as out:
            out.write(base.replace(marker, xmp.ljust(len(marker), b" ")))
        continue
    with open(os.path.join(folder, f"img-{i:06d}.jpg"), "wb") as out:
        out.write(base[:2] + segment + base[2:])
PY
}
# MAKE_FOLDER=path: only make the N files of KIND there (other benchmarks' folders, e.g.
# Benchmarks/exiv2-compare.sh's), and stop.
if [[ -n ${MAKE_FOLDER:-} ]]; then make_folder "$MAKE_FOLDER" "$kind"; exit 0; fi
binary=${VIEWFINDER_BINARY:-.build/release/viewfinder}  # another build to compare: VIEWFINDER_BINARY=path
[[ -x $binary ]] || swift build -c release --product viewfinder >&2
command -v exiftool >/dev/null || { echo "needs exiftool (apt-get install libimage-exiftool-perl)" >&2; exit 1; }
make_folder "$dir/photos" "$kind"
printf 'providers:\n  bench:\n    type: local-folder\n    path: %s\n' "$dir/photos" >"$dir/config.yaml"

# Runs one search, timing the command alone; prints the paths found and records the provider's
# own search time (duration_ms) in $1.ms and the command's wall time in $1.s.
run_viewfinder() {
  local started=$EPOCHREALTIME
  /usr/bin/time -f '%U %S' -o "$1.time" \
    "$binary" search "$word" --config "$dir/config.yaml" --limit 10000 --timeout 10m --format json >"$dir/out.json"
  awk '{ print $1 + $2 }' "$1.time" >"$1.cpu"
  local ended=$EPOCHREALTIME
  python3 -c "print(f'{$ended - $started:.6f}')" >"$1.s"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); open(sys.argv[2],'w').write(str(d['providers'][0]['duration_ms'])); print('\n'.join(sorted(r['path'] for r in d['results'])))" \
    "$dir/out.json" "$1.ms"
}
find "$dir/photos" -type f -print0 | xargs -0 cat >/dev/null  # warm the page cache for everyone

# Five rounds, each a first search (no index) and three repeat searches (their median) right
# after it, so a first and its repeats meet the same machine; the medians over the rounds, and
# the median of the rounds' repeat-to-first ratios (a busy spell on a shared machine then bends
# one round, not the figure).
median_file() { sort -n "$@" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for round in 1 2 3 4 5; do
  rm -rf "$XDG_CACHE_HOME"
  run_viewfinder "$dir/first-$round" >"$dir/first.txt"
  for run in 1 2 3; do run_viewfinder "$dir/repeat-$round-$run" >"$dir/repeat.txt"; done
  median_file "$dir"/repeat-$round-?.ms >"$dir/round-$round.ms"
  python3 -c "print($(cat "$dir/round-$round.ms") / max(1, $(cat "$dir/first-$round.ms")))" >"$dir/round-$round.ratio"
done
median_file "$dir"/first-?.s >"$dir/first.s"
median_file "$dir"/first-?.cpu >"$dir/first.cpu"
# The CPU (user and system, on every core) of reading every file once with cat: the floor a
# first search's CPU is compared with.
for run in 1 2 3 4 5; do
  /usr/bin/time -f '%U %S' -o "$dir/cat-$run.time" sh -c "find '$dir/photos' -type f -print0 | xargs -0 cat >/dev/null"
  awk '{ print $1 + $2 }' "$dir/cat-$run.time" >"$dir/cat-$run.cpu"
done
median_file "$dir"/cat-?.cpu >"$dir/cat.cpu"
median_file "$dir"/first-?.ms >"$dir/first.ms"
median_file "$dir"/repeat-?-?.s >"$dir/repeat.s"
median_file "$dir"/round-?.ms >"$dir/repeat.ms"
median_file "$dir"/round-?.ratio >"$dir/ratio"
# The least a repeat search must learn: every file's size and modification time (find, one
# fstatat per file, on one core).
finds=()
for _ in 1 2 3 4 5; do
  started=$EPOCHREALTIME
  find "$dir/photos" -type f -printf '%s %T@\n' >/dev/null
  ended=$EPOCHREALTIME
  finds+=("$(python3 -c "print($ended - $started)")")
done
find_s=$(printf '%s\n' "${finds[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
t2=$EPOCHREALTIME
exiftool -r -fast2 -q -q -if "\$Subject =~ /$word/i or \$Keywords =~ /$word/i" -p '$Directory/$FileName' "$dir/photos" \
  | sort >"$dir/exiftool.txt"
t3=$EPOCHREALTIME
find "$dir/photos" -type f -print0 | xargs -0 cat >/dev/null
t4=$EPOCHREALTIME
# Peak memory of a first search (no index) and of a repeat search.
peak() { { /usr/bin/time -f '%M' "$binary" search "$word" --config "$dir/config.yaml" --format json >/dev/null; } 2>&1 | tail -1; }
rm -rf "$XDG_CACHE_HOME"
peak_first=$(peak)
peak_repeat=$(peak)

cmp -s "$dir/first.txt" "$dir/exiftool.txt" || { echo "viewfinder and exiftool found different files" >&2; diff "$dir/first.txt" "$dir/exiftool.txt" | head >&2; exit 1; }
cmp -s "$dir/first.txt" "$dir/repeat.txt" || { echo "the repeat search found different files" >&2; exit 1; }
python3 - "$count" "$(wc -l <"$dir/first.txt")" "$(cat "$dir/first.s")" "$(cat "$dir/repeat.s")" "$t2" "$t3" "$t4" \
  "$peak_first" "$peak_repeat" "$(cat "$dir/first.ms")" "$(cat "$dir/repeat.ms")" "$find_s" "$(cat "$dir/ratio")" \
  "$(cat "$dir/first.cpu")" "$(cat "$dir/cat.cpu")" "$kind" <<'PY'
import sys
count, found, first, repeat, t2, t3, t4 = int(sys.argv[1]), int(sys.argv[2]), *map(float, sys.argv[3:8])
peak_first, peak_repeat = int(sys.argv[8]), int(sys.argv[9])
search_first, search_repeat = int(sys.argv[10]) / 1000, int(sys.argv[11]) / 1000
find_stat, ratio = float(sys.argv[12]), float(sys.argv[13])
first_cpu, cat_cpu = float(sys.argv[14]), float(sys.argv[15])
exiftool, floor = t3 - t2, t4 - t3
print(f"{count} {'RAWs (NEF)' if len(sys.argv) > 16 and sys.argv[16] == 'raw' else 'JPEGs'}, {found} match (same set as exiftool, and the same on the repeat search)")
print(f"viewfinder first search:  {first:7.3f} s whole command, {search_first:6.3f} s searching (no index yet)")
print(f"    exiftool is {exiftool / first:6.1f}x slower (goal >= 50x); {first / floor:5.1f}x the cat floor (goal <= 3x)")
print(f"    CPU: {first_cpu:6.3f} s (user + system, median of five) against cat's {cat_cpu:6.3f} s: {first_cpu / max(cat_cpu, 0.001):4.2f}x (goal <= 1.5x)")
print(f"viewfinder repeat search: {repeat:7.3f} s whole command, {search_repeat:6.3f} s searching (index)")
print(f"    searching: {ratio * 100:5.1f}% of the first (median of five rounds' ratios; goal <= 10%); whole command: {repeat / first * 100:5.1f}%")
print(f"find, size and time of every file: {find_stat:7.3f} s (what a repeat search must learn; searching took {search_repeat / find_stat:.2f}x that)")
print(f"exiftool -fast2:          {exiftool:7.3f} s")
print(f"cat every file (floor):   {floor:7.3f} s")
print(f"peak memory (RSS):        {peak_first / 1024:7.1f} MB first search, {peak_repeat / 1024:.1f} MB repeat (goal < 150 MB at 100,000 files)")
PY

# KIND=raw: a first search of the NEFs against one of as many JPEGs (the same words), and one of as
# many JPEGs of the NEFs' size that also carry their EXIF (camera, date, GPS: the same photos as a
# camera's JPEGs), five of each taken in turn, so all meet the same machine: the CPU per file of a
# RAW folder against a JPEG one.
if [[ $kind == raw ]]; then
  make_folder "$dir/jpegs" jpeg
  make_folder "$dir/jpegs-exif" jpeg-exif
  printf 'providers:\n  bench:\n    type: local-folder\n    path: %s\n' "$dir/jpegs" >"$dir/jpegs.yaml"
  printf 'providers:\n  bench:\n    type: local-folder\n    path: %s\n' "$dir/jpegs-exif" >"$dir/jpegs-exif.yaml"
  for round in 1 2 3 4 5; do
    for which in config jpegs jpegs-exif; do
      rm -rf "$XDG_CACHE_HOME"
      /usr/bin/time -f '%U %S' -o "$dir/pair.time" \
        "$binary" search "$word" --config "$dir/$which.yaml" --limit 10000 --format json >/dev/null
      awk '{ print $1 + $2 }' "$dir/pair.time" >"$dir/pair-$which-$round.cpu"
    done
  done
  raw_cpu=$(median_file "$dir"/pair-config-?.cpu)
  jpeg_cpu=$(median_file "$dir"/pair-jpegs-?.cpu)
  exif_cpu=$(median_file "$dir"/pair-jpegs-exif-?.cpu)
  python3 -c "import sys; r, j = float(sys.argv[1]), float(sys.argv[2]); print(f'first search CPU, same run: {r:6.3f} s for the RAWs, {j:6.3f} s for as many JPEGs: {r / max(j, 0.001):4.2f}x (goal 1x)')" \
    "$raw_cpu" "$jpeg_cpu"
  python3 -c "import sys; r, j = float(sys.argv[1]), float(sys.argv[2]); print(f'    and {j:6.3f} s for as many JPEGs of the same photos (the NEFs\' EXIF and size): {r / max(j, 0.001):4.2f}x')" \
    "$raw_cpu" "$exif_cpu"
fi
