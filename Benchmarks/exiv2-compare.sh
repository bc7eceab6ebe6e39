#!/usr/bin/env bash
# exiv2 against exiftool and Viewfinder: (1) what exiv2 reads of each file, and its agreement with exiftool (`-n`) on make, model, date
# taken (with its offset), orientation, GPS and size as displayed (the full-resolution image's,
# as exiv2's Image::pixelWidth/pixelHeight give it) over the committed corpus
# (Tests/LocalFolderProviderTests/Corpus, raw/ and dates/ included, not hostile/), in
# scripts/agreement_report.py's table, exiv2's and Viewfinder's; (2) the CPU (user + system) of
# exiv2 reading the headers of N generated JPEGs and N generated NEFs (Benchmarks/local-folder.sh's
# generator, MAKE_FOLDER) and finding the ones whose XMP dc:subject holds the word, against
# Viewfinder's first search of the same folder (no index), taken in turn in the same run (median
# of five each), page cache warm.
# exiv2 (Debian's libexiv2-dev, GPL-2+) is built here into a separate program
# (Benchmarks/exiv2/exiv2-read.cpp, in a temporary folder) and never linked into Viewfinder.
# Needs g++, libexiv2-dev, exiftool and python3 (installed with apt-get when missing, as root).
# Usage: Benchmarks/exiv2-compare.sh [N=10000]   (VIEWFINDER_BINARY=path picks the binary:
# .build/release/viewfinder if present, else .build/debug/viewfinder; the one used is printed)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
word=zephyrine
need=()
command -v g++ >/dev/null || need+=(g++)
command -v pkg-config >/dev/null || need+=(pkg-config)
pkg-config --exists exiv2 2>/dev/null || need+=(libexiv2-dev)
command -v exiftool >/dev/null || need+=(libimage-exiftool-perl)
if ((${#need[@]})); then
  [[ $(id -u) == 0 ]] || { echo "needs ${need[*]} (apt-get install)" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >&2
fi
binary=${VIEWFINDER_BINARY:-}
if [[ -z $binary ]]; then
  binary=.build/release/viewfinder
  [[ -x $binary ]] || binary=.build/debug/viewfinder
  [[ -x $binary ]] || swift build --product viewfinder >&2
fi
work=$(mktemp -d /tmp/vf-exiv2-XXXXXX)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"  # a fresh index, removed with the rest
g++ -O2 -Wall -o "$work/exiv2-read" Benchmarks/exiv2/exiv2-read.cpp $(pkg-config --cflags --libs exiv2)
echo "exiv2 $(pkg-config --modversion exiv2); viewfinder: $binary ($(case $binary in *release*) echo release;; *debug*) echo debug;; *) echo given;; esac) build)"

# (1) Agreement over the committed corpus.
mapfile -d '' files < <(find Tests/LocalFolderProviderTests/Corpus -type f -not -name '*.json' \
  -not -path '*/hostile/*' -print0 | sort -z)
"$work/exiv2-read" "${files[@]}" >"$work/exiv2.json"
"$binary" inspect --format json "${files[@]}" >"$work/viewfinder.json" 2>/dev/null || true
exiftool -n -j -q -q "${files[@]}" >"$work/exiftool.json" 2>/dev/null || true
exiftool -n -j -q -q -use MWG -G1 -MWG:all "${files[@]}" >"$work/mwg.json" 2>/dev/null || true
echo "== what exiv2 read (size as displayed, from Image::pixelWidth/pixelHeight; - where it gave none) =="
python3 - "$work/exiv2.json" <<'PY'
import json, sys
for e in json.load(open(sys.argv[1])):
    path = e["path"].replace("Tests/LocalFolderProviderTests/Corpus/", "")
    if "error" in e:
        print(f"  {path}: not read ({e['error']})")
        continue
    gps = f"{e['latitude']:.6f},{e['longitude']:.6f}" if "latitude" in e else "-"
    size = f"{e['width']}x{e['height']}" if "width" in e else "-"
    print(f"  {path}: make {e.get('camera_make', '-')!r}, model {e.get('camera_model', '-')!r}, taken {e.get('taken_at', '-')},"
          f" orientation {e.get('orientation', '-')}, GPS {gps}, size {size}")
PY
echo "== exiv2 against exiftool -n (its sizes: Image::pixelWidth/pixelHeight, none where exiv2 cannot tell) =="
python3 scripts/agreement_report.py "$work/exiv2.json" "$work/exiftool.json" "$work/mwg.json" | sed 's/, viewfinder /, exiv2 /'
echo "files exiv2 could not open: $(python3 -c "import json,sys; print(sum(1 for e in json.load(open(sys.argv[1])) if 'error' in e))" "$work/exiv2.json");" \
  "no size from exiv2: $(python3 -c "import json,sys; print(', '.join(e['path'].split('/')[-1] for e in json.load(open(sys.argv[1])) if 'width' not in e) or 'none')" "$work/exiv2.json")"
echo "== viewfinder inspect against exiftool -n, the same files (place fields left out) =="
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); [e.pop(k, None) for e in d for k in ('place', 'place_from')]; json.dump(d, open(sys.argv[1], 'w'))" "$work/viewfinder.json"
python3 scripts/agreement_report.py "$work/viewfinder.json" "$work/exiftool.json" "$work/mwg.json" | sed '/^disagreements:/,$d'

# (2) CPU: exiv2 reading every file's headers and finding the word, against a first search.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
cpu() { /usr/bin/time -f '%U %S %e' -o "$work/t" "$@" >"$work/out" 2>/dev/null || true; awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$work/t"; }
for kind in jpeg raw; do
  MAKE_FOLDER="$work/$kind" KIND=$kind bash Benchmarks/local-folder.sh "$count"
  printf 'providers:\n  bench:\n    type: local-folder\n    path: %s\n' "$work/$kind" >"$work/$kind.yaml"
  find "$work/$kind" -type f | sort >"$work/$kind.list"
  xargs -d '\n' cat <"$work/$kind.list" >/dev/null  # warm the page cache for both
  : >"$work/e.cpu"; : >"$work/v.cpu"; : >"$work/e.s"; : >"$work/v.s"
  for round in 1 2 3 4 5; do
    read -r c s < <(cpu "$work/exiv2-read" --find "$word" <"$work/$kind.list")
    echo "$c" >>"$work/e.cpu"; echo "$s" >>"$work/e.s"; sort "$work/out" >"$work/exiv2-found.txt"
    rm -rf "$XDG_CACHE_HOME"
    read -r c s < <(cpu "$binary" search "$word" --config "$work/$kind.yaml" --limit 10000 --timeout 10m --format json)
    echo "$c" >>"$work/v.cpu"; echo "$s" >>"$work/v.s"
    python3 -c "import json,sys; print('\n'.join(sorted(r['path'] for r in json.load(open(sys.argv[1]))['results'])))" "$work/out" >"$work/viewfinder-found.txt"
  done
  same=$(cmp -s "$work/exiv2-found.txt" "$work/viewfinder-found.txt" && echo "the same" || echo "DIFFERENT")
  python3 - "$count" "$kind" "$(median <"$work/e.cpu")" "$(median <"$work/e.s")" "$(median <"$work/v.cpu")" "$(median <"$work/v.s")" \
    "$(wc -l <"$work/exiv2-found.txt")" "$(wc -l <"$work/viewfinder-found.txt")" "$same" <<'PY'
import sys
count, kind, e_cpu, e_s, v_cpu, v_s, e_n, v_n, same = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:7]), *sys.argv[7:]
name = "JPEGs" if kind == "jpeg" else "NEFs (300 KB)"
print(f"{count} {name}, CPU (user + system, median of five, taken in turn):")
print(f"  exiv2 (open, readMetadata, XMP dc:subject; one process): {e_cpu:6.3f} s CPU, {e_s:6.3f} s wall, {e_n} found")
print(f"  viewfinder first search (no index):                      {v_cpu:6.3f} s CPU, {v_s:6.3f} s wall, {v_n} found ({same} files)")
print(f"  exiv2 / viewfinder CPU: {e_cpu / max(v_cpu, 0.001):.2f}x")
PY
  rm -rf "$work/$kind"
done
