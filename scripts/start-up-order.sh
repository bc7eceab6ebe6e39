#!/usr/bin/env bash
# Writes scripts/start-up-order.txt: the functions a local search and `--version` run, in the
# order they first run, for the release link to lay out together (lld's --symbol-ordering-file,
# see Package.swift), so start-up touches fewer pages of code.
# It samples RUNS runs of each with `perf record` (the functions seen, with when) and records
# their page faults (the first function run on each page, however short). Names the runs did not
# see stay at the end, in their old order: a layout made from an earlier list hides the faults
# that would have shown them. Run it on a release build, twice after large changes (the second
# time on a binary linked with the first list), and commit the list.
# After the functions, between the markers vf_start_up_data_begin and vf_start_up_data_end
# (CStartUp), come the zero-initialised variables a search has written by its end (its .bss
# read with gdb at `_exit`), which the release link then lays out together and the command
# makes present at once.
# Needs perf (linux-perf) and gdb. Usage: [RUNS=300] [OUTPUT=scripts/start-up-order.txt] scripts/start-up-order.sh [BINARY]
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/viewfinder}")
runs=${RUNS:-300}
command -v perf >/dev/null || { echo "start-up-order: needs perf (apt-get install linux-perf)" >&2; exit 1; }
command -v gdb >/dev/null || { echo "start-up-order: needs gdb (apt-get install gdb)" >&2; exit 1; }
dir=$(mktemp -d /tmp/vf-start-up-order-XXXXXX)
trap 'rm -rf "$dir"' EXIT
printf 'providers:\n  samples:\n    type: local-folder\n    path: %s\n    recursive: true\n' "$PWD/Samples" >"$dir/local.yaml"
export XDG_CACHE_HOME=$dir/cache XDG_CONFIG_HOME=$dir/config
"$binary" search harbor --offline --config "$dir/local.yaml" >/dev/null  # the index written
# Runs a search and `--version`, $1 times each, with `perf record` and the rest of the arguments.
record() {
  local count=$1
  shift
  perf record -q "$@" -- bash -c 'for i in $(seq "$1"); do "$2" search harbor --offline --config "$3" >/dev/null; "$2" --version >/dev/null; done' \
    loop "$count" "$binary" "$dir/local.yaml" 2>/dev/null
}
record "$runs" -F 30000 -o "$dir/samples.data"
record 20 -e exceptions:page_fault_user -o "$dir/faults.data"
perf script -i "$dir/samples.data" --no-demangle -F pid,time,ip,sym,dso 2>/dev/null | grep -F "($binary)" >"$dir/samples.txt" || true
perf script -i "$dir/faults.data" --show-mmap-events -F pid,time,trace 2>/dev/null >"$dir/faults.txt"
perf script -i "$dir/faults.data" --show-mmap-events 2>/dev/null | grep -F "r-xp $binary" >"$dir/maps.txt" || true
nm --no-demangle "$binary" | awk '$2 ~ /^[tTwW]$/ {print $1, $3}' >"$dir/symbols.txt"
# The code segment's file offset and address, to turn a faulting address into a function.
readelf -lW "$binary" | awk '$1 == "LOAD" && / R E / {print $2, $3}' >"$dir/code.txt"
# The .bss as a search leaves it: its address and size, and its bytes at `_exit`, found from
# where the marker vf_start_up_data_begin (CStartUp) was loaded.
readelf -SW "$binary" | awk '$2 == ".bss" {print $4, $6}' >"$dir/bss.txt"
read -r bss_address bss_size <"$dir/bss.txt"
marker=$(nm --no-demangle "$binary" | awk '$3 == "vf_start_up_data_begin" {print $1}')
[[ -n $marker ]] || { echo "start-up-order: $binary has no vf_start_up_data_begin (CStartUp)" >&2; exit 1; }
gdb -q -batch -ex 'break _exit' -ex "run search harbor --offline --config $dir/local.yaml >/dev/null" \
  -ex "set \$start = (unsigned long) &'vf_start_up_data_begin' - 0x$marker + 0x$bss_address" \
  -ex "set \$end = \$start + 0x$bss_size" -ex "dump binary memory $dir/bss.bin \$start \$end" \
  "$binary" >/dev/null 2>&1
[[ -s $dir/bss.bin ]] || { echo "start-up-order: gdb did not dump the .bss at _exit" >&2; exit 1; }
nm --no-demangle -S "$binary" | awk '$3 ~ /^[bB]$/ {print $1, $2, $4}' >"$dir/data.txt"
python3 - "$dir" "${OUTPUT:-scripts/start-up-order.txt}" <<'PY'
import bisect, collections, os, re, statistics, sys
folder, output = sys.argv[1], sys.argv[2]
symbols = sorted((int(a, 16), n) for a, n in (line.split() for line in open(f"{folder}/symbols.txt")))
addresses = [a for a, _ in symbols]
file_offset, address = (int(x, 16) for x in open(f"{folder}/code.txt").read().split())
first = collections.defaultdict(dict)  # function -> run -> ms after the run's first event
starts = {}
def seen(name, run, time):
    starts.setdefault(run, time)
    first[name].setdefault(run, time - starts[run])
for line in open(f"{folder}/samples.txt"):
    fields = line.split()
    seen(fields[3], ("sample", int(fields[0])), float(fields[1].rstrip(":")))
maps = {}
for line in open(f"{folder}/maps.txt"):
    m = re.search(r" (\d+)/\d+: \[0x([0-9a-f]+)\(0x([0-9a-f]+)\) @ 0x([0-9a-f]+)", line)
    if m: maps[int(m.group(1))] = tuple(int(m.group(i), 16) for i in (2, 3, 4))
for line in open(f"{folder}/faults.txt"):
    m = re.search(r"^\s*(\d+)\s+([\d.]+):.*ip=0x([0-9a-f]+) error_code", line)
    if not m: continue
    ip = int(m.group(3), 16)
    for start, size, offset in maps.values():
        if start <= ip < start + size:
            i = bisect.bisect_right(addresses, ip - start + offset - file_offset + address) - 1
            if i >= 0: seen(symbols[i][1], ("fault", int(m.group(1))), float(m.group(2)))
            break
order = sorted(first, key=lambda name: statistics.median(first[name].values()))
old = [line.strip() for line in open(output)] if os.path.exists(output) else []
if "vf_start_up_data_begin" in old: old = old[:old.index("vf_start_up_data_begin")]
known = set(order)
order += [name for name in old if name and name not in known]
# The data part: every .bss variable with a byte the search left non-zero, in address order.
bss_address = int(open(f"{folder}/bss.txt").read().split()[0], 16)
bss = open(f"{folder}/bss.bin", "rb").read()
written = []
for line in open(f"{folder}/data.txt"):
    address, size, name = line.split()
    offset = int(address, 16) - bss_address
    if 0 <= offset < len(bss) and any(bss[offset:offset + int(size, 16)]) and not name.startswith("vf_start_up_data_"):
        written.append((offset, name))
data = ["vf_start_up_data_begin"] + [name for _, name in sorted(written)] + ["vf_start_up_data_end"]
open(output, "w").write("\n".join(order + data) + "\n")
print(f"start-up-order: {len(known)} functions seen, {len(order)} in {output}; {len(written)} variables written")
print("start-up-order: the link does not depend on the list; relink with rm .build/release/viewfinder && make release")
PY
