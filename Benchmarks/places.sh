#!/usr/bin/env bash
# Place names' cost on a camera roll: 10,000 generated JPEGs with only an EXIF date, offset and GPS
# position (scripts/make-camera-roll.py), searched with the gazetteer on and switched off
# (VIEWFINDER_PLACES=off), and the same roll without positions, in one run: the first search
# (no index) and a repeat of a search for a year (100 shown), seven rounds each, medians of CPU (user + system) and wall time.
# Needs a release build. Usage: Benchmarks/places.sh [N=10000]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
dir=$(mktemp -d /tmp/vf-places-XXXXXX)
trap 'rm -rf "$dir"' EXIT
binary=${VIEWFINDER_BINARY:-.build/release/viewfinder}
[[ -x $binary ]] || swift build -c release --product viewfinder >&2
python3 scripts/make-camera-roll.py "$dir/geo" "$count"
python3 scripts/make-camera-roll.py "$dir/plain" "$count" --no-gps
for roll in geo plain; do
  printf 'providers:\n  roll:\n    type: local-folder\n    path: %s\n' "$dir/$roll" >"$dir/$roll.yaml"
done
find "$dir" -type f -print0 | xargs -0 cat >/dev/null  # warm the page cache

# run NAME ROLL PLACES QUERY: one search, its CPU in NAME.cpu and wall time in NAME.s; prints the count.
run() {
  local started=$EPOCHREALTIME
  # CPU from getrusage (microseconds; time(1) rounds to 10 ms, a tenth of the difference measured).
  VIEWFINDER_PLACES=$3 XDG_CACHE_HOME="$dir/cache-$2-$3" python3 -c '
import resource, subprocess, sys
with open(sys.argv[2], "wb") as out:
    subprocess.run(sys.argv[3:], stdout=out, check=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write(f"{usage.ru_utime + usage.ru_stime:.6f}\n")' "$dir/$1.cpu" "$dir/out.json" \
    "$binary" search "$4" --config "$dir/$2.yaml" --limit 100 --timeout 10m --format json
  local ended=$EPOCHREALTIME
  python3 -c "print(f'{$ended - $started:.6f}')" >"$dir/$1.s"
  python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['results']))" "$dir/out.json"
}
median() { sort -n "$@" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for round in 1 2 3 4 5 6 7; do
  for variant in "geo on 2019" "geo off 2019" "plain on 2019"; do
    set -- $variant
    rm -rf "$dir/cache-$1-$2"
    run "first-$1-$2-$round" "$1" "$2" "$3" >/dev/null
    run "repeat-$1-$2-$round" "$1" "$2" "$3" >/dev/null
  done
done
lisbon=$(run lisbon geo on lisbon)
printf '%s photos, nine in ten geotagged; each search for "2019" (an eighth of them) shows 100; "lisbon" finds %s (at most 100 shown)\n' \
  "$count" "$lisbon"
printf '%-44s %10s %10s %10s %10s\n' "" "first CPU" "first wall" "repeat CPU" "repeat wall"
for variant in "geo-on:positions, place names on" "geo-off:positions, place names off" \
  "plain-on:no positions"; do
  key=${variant%%:*}
  printf '%-44s %9.4fs %9.4fs %9.4fs %9.4fs\n' "${variant#*:}" \
    "$(median "$dir"/first-$key-?.cpu)" "$(median "$dir"/first-$key-?.s)" \
    "$(median "$dir"/repeat-$key-?.cpu)" "$(median "$dir"/repeat-$key-?.s)"
done
python3 -c "print(f'first-search CPU with place names: {$(median "$dir"/first-geo-on-?.cpu) / $(median "$dir"/first-geo-off-?.cpu) - 1:+.1%} against switched off (goal: at most +10%)')"
