#!/usr/bin/env bash
# Start-up: the release binary's `--version`, and a local-only `search --offline` (a configuration
# with only a local folder of the bundled samples, its index warm), beside a hello-world built with
# `swiftc -O -static-stdlib` in the same run, with `hyperfine -N` (no shell): wall-time medians and
# mean CPU (user + system), in ROUNDS rounds of the three commands (default 3), and the ratios.
# Needs hyperfine (setup.sh installs it with VIEWFINDER_BENCHMARK_TOOLS=1) and a release build.
# Usage: Benchmarks/start-up.sh [BINARY=.build/release/viewfinder]
# Prints figures, asserts nothing; goals: `--version` ≤ 2× the hello-world, the search ≤ 4×.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/viewfinder}")
rounds=${ROUNDS:-3}
runs=${RUNS:-40}
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
rows = {}
for round in range(1, rounds + 1):
    for result in json.load(open(f"{folder}/round-{round}.json"))["results"]:
        rows.setdefault(result["command"], []).append(
            (statistics.median(result["times"]), result["user"] + result["system"]))
print(f"{'':10} {'median wall (ms), per round':>34} {'mean CPU (ms)':>22} {'× hello (wall)':>22}")
for name, goal in (("hello", None), ("version", 2), ("search", 4)):
    walls = [wall * 1000 for wall, _ in rows[name]]
    cpus = [cpu * 1000 for _, cpu in rows[name]]
    ratios = [wall / hello[0] for (wall, _), hello in zip(rows[name], rows["hello"])]
    wall_text = " ".join(f"{w:6.2f}" for w in walls)
    cpu_text = " ".join(f"{c:5.1f}" for c in cpus)
    ratio_text = " ".join(f"{r:5.2f}" for r in ratios)
    goal_text = f"  (median {statistics.median(ratios):.2f}×; goal ≤ {goal}×)" if goal else ""
    print(f"{name:10} {wall_text:>34} {cpu_text:>22} {ratio_text:>22}{goal_text}")
EOF
