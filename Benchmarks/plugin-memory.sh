#!/usr/bin/env bash
# Plugin memory: the peak resident memory of one whole `viewfinder search` whose only provider is a
# plugin answering with one photo line of nearly 16 MiB (the output limit for a search), filled with
# millions of empty tags, with an unknown field holding millions of zeros, or with one long title;
# and of a plain search (one small photo) for comparison. Measured by GNU time (/usr/bin/time -v,
# installed from the `time` package when missing), which reports the largest of Viewfinder, the
# plugin's supervisor and the plugin (a Python script writing its line in pieces, about 10 MB).
# Usage: Benchmarks/plugin-memory.sh [BINARY=.build/release/viewfinder]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/viewfinder}
[[ -x $binary ]] || { echo "no $binary: build it first (make release)" >&2; exit 1; }
if [[ ! -x /usr/bin/time ]]; then
    echo "installing GNU time (apt-get install time)" >&2
    apt-get install -y time >/dev/null
fi
plugin=$PWD/Tests/Fixtures/plugins/huge-line.py
dir=$(mktemp -d /tmp/vf-plugin-memory-XXXXXX)
trap 'rm -rf "$dir"' EXIT
export XDG_CACHE_HOME="$dir/cache"

echo "peak resident memory of one search, $binary"
for kind in plain empty-tags unknown-zeros long-title; do
    printf 'search:\n  timeout: 60s\nproviders:\n  huge:\n    type: exec\n    command: [%s, %s]\n' \
        "$plugin" "$kind" >"$dir/config.yaml"
    /usr/bin/time -v "$binary" search harbor --config "$dir/config.yaml" --format json \
        >"$dir/out.json" 2>"$dir/time.txt" || { cat "$dir/time.txt" >&2; exit 1; }
    peak=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time.txt")
    elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time.txt")
    status=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["providers"][0]["status"], len(d["results"]), "photo(s)")' "$dir/out.json")
    printf '  %-14s %6s MB  %8s  %s\n' "$kind" "$(awk -v k="$peak" 'BEGIN { printf "%.1f", k / 1024 }')" \
        "$elapsed" "$status"
done
