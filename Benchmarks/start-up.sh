#!/usr/bin/env bash
# Start-up: the release binary's `--version`, and a local-only `search --offline` (a configuration
# with only a local folder of the bundled samples, its index warm), beside a hello-world built with
# `swiftc -O -static-stdlib` in the same run, with `hyperfine -N` (no shell): wall-time medians and
# mean CPU (user + system), in ROUNDS rounds (default 10) of RUNS runs (default 20) of the three
# commands, and each round's ratios to the hello-world: many short rounds, so that this machine's
# drift from minute to minute falls on all three alike.
# Needs hyperfine (setup.sh installs it with VIEWFINDER_BENCHMARK_TOOLS=1) and a release build.
# Usage: Benchmarks/start-up.sh [BINARY=.build/release/viewfinder]
# Prints figures, asserts nothing; goals: `--version` ≤ 2× the hello-world, the search ≤ 4×.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/viewfinder}")
rounds=${ROUNDS:-10}
runs=${RUNS:-20}
[[ -x $binary ]] || { echo "start-up: no binary at $binary; make release" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "start-up: needs hyperfine (VIEWFINDER_BENCHMARK_TOOLS=1 scripts/setup.sh)" >&2; exit 1; }
dir=$(mktemp -d /tmp/vf-start-up-XXXXXX)
trap 'rm -rf "$dir"' EXIT

printf 'print("hello")\n' >"$dir/hello.swift"
swiftc -O -static-stdlib "$dir/hello.swift" -o "$dir/hello"
printf 'providers:\n  samples:\n    type: local-folder\n    path: %s\n    recursive: true\n' "$PWD/Samples" >"$dir/local.yaml"
export XDG_CACHE_HOME=$dir/cache XDG_CONFIG_HOME=$dir/config
search=("$binary" search harbor --offline --config "$dir/local.yaml")
"${search[@]}" >/dev/null  # the index written: every timed search is a repeat

for round in $(seq "$rounds"); do
  hyperfine -N --style none --warmup 5 --runs "$runs" --export-json "$dir/round-$round.json" \
    -n hello "$dir/hello" -n version "$binary --version" -n search "${search[*]}" >/dev/null
done

python3 - "$dir" "$rounds" <<'EOF'
import json, statistics, sys
folder, rounds = sys.argv[1], int(sys.argv[2])
walls, cpus, medians = {}, {}, {}
for round in range(1, rounds + 1):
    for result in json.load(open(f"{folder}/round-{round}.json"))["results"]:
        name = result["command"]
        walls.setdefault(name, []).extend(time * 1000 for time in result["times"])
        cpus.setdefault(name, []).append((result["user"] + result["system"]) * 1000)
        medians.setdefault(name, []).append(statistics.median(result["times"]))
print(f"{'':10} {'median wall (ms)':>17} {'mean CPU (ms)':>14}   × hello (wall), each round's medians: median (range)")
for name, goal in (("hello", None), ("version", 2), ("search", 4)):
    ratios = [wall / hello for wall, hello in zip(medians[name], medians["hello"])]
    ratio_text = (
        f"   {statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}); goal ≤ {goal}×" if goal else "")
    print(f"{name:10} {statistics.median(walls[name]):17.2f} {statistics.mean(cpus[name]):14.1f}{ratio_text}")
EOF
