#!/usr/bin/env bash
# Writes scripts/start-up-order.txt: the functions `--version` and a local search run, in the
# order they first run, for the release link to lay out together (lld's --symbol-ordering-file,
# see Package.swift), so start-up touches fewer pages of code.
# The functions come from valgrind's trace of every block of code run (lackey's
# --trace-superblocks): the exact set, where samples miss short functions. Names the binary
# defines more than once (local copies such as `__swift_destroy_boxed_opaque_existential_1Tm`,
# one in each object that uses it) are left out: lld places every section that defines a
# listed name, and for the prebuilt libraries (Foundation, _RegexParser, ...) that is an
# object's whole code, up to 475 KB of it, which spread a search's code over 5.3 MB.
# After the functions, between the markers vf_start_up_data_begin and vf_start_up_data_end
# (CStartUp), come the zero-initialised variables a search has written by its end (its .bss
# read with gdb at `_exit`), which the release link then lays out together and the command
# makes present at once.
# Names an earlier list had that the traces did not run stay after them.
# Run it on a release build after large changes and commit the list; the link does not depend
# on the list: relink with rm .build/release/viewfinder && make release.
# Needs valgrind and gdb. Usage: [OUTPUT=scripts/start-up-order.txt] scripts/start-up-order.sh [BINARY]
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/viewfinder}")
command -v valgrind >/dev/null || { echo "start-up-order: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
command -v gdb >/dev/null || { echo "start-up-order: needs gdb (apt-get install gdb)" >&2; exit 1; }
dir=$(mktemp -d /tmp/vf-start-up-order-XXXXXX)
trap 'rm -rf "$dir"' EXIT
printf 'providers:\n  samples:\n    type: local-folder\n    path: %s\n    recursive: true\n' "$PWD/Samples" >"$dir/local.yaml"
export XDG_CACHE_HOME=$dir/cache XDG_CONFIG_HOME=$dir/config
"$binary" search harbor --offline --config "$dir/local.yaml" >/dev/null  # the index written
# valgrind 3.19 cannot read the release build's DWARF 5: it traces a copy without debug
# information, beside the binary (where its resources are found).
probe=$(dirname "$binary")/.start-up-order-probe
trap 'rm -rf "$dir" "$probe"' EXIT
strip --strip-debug -o "$probe" "$binary"
# Each block of code run, by address, in order: `--version`, then two searches.
trace() {
  valgrind --tool=lackey --trace-superblocks=yes --log-file="$dir/trace-$1.txt" "$probe" "${@:2}" >/dev/null 2>&1
}
trace version --version
trace search-1 search harbor --offline --config "$dir/local.yaml"
trace search-2 search harbor --offline --config "$dir/local.yaml"
nm --no-demangle -S "$binary" | awk '$3 ~ /^[tTwW]$/ {print $1, $2, $4}' >"$dir/functions.txt"
nm --no-demangle "$binary" | awk '{print $NF}' | sort | uniq -d >"$dir/repeated.txt"
readelf -hW "$binary" | awk '/Entry point address/ {print $4}' >"$dir/entry.txt"
nm --no-demangle "$binary" | awk '$3 == "main" {print $1}' >"$dir/main.txt"
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
import bisect, os, sys
folder, output = sys.argv[1], sys.argv[2]
functions = sorted((int(a, 16), int(s, 16), n) for a, s, n in (line.split() for line in open(f"{folder}/functions.txt")))
starts = [a for a, _, _ in functions]
repeated = set(line.strip() for line in open(f"{folder}/repeated.txt"))
entry = int(open(f"{folder}/entry.txt").read(), 16)
main = int(open(f"{folder}/main.txt").read(), 16)
order, known = [], set()
for name in ("version", "search-1", "search-2"):
    blocks = [int(line[3:], 16) for line in open(f"{folder}/trace-{name}.txt") if line.startswith("SB ")]
    # Where valgrind loaded the binary: a page-aligned distance that puts a block at the entry
    # point and one at `main`.
    run = set(blocks)
    base = next(
        (a - entry for a in blocks if (a - entry) % 4096 == 0 and a - entry + main in run), None)
    if base is None: sys.exit(f"start-up-order: the trace of {name} never runs the entry point and main")
    for block in blocks:
        i = bisect.bisect_right(starts, block - base) - 1
        if i < 0: continue
        address, size, function = functions[i]
        if block - base < address + max(size, 1) and function not in known:
            known.add(function)
            if function not in repeated: order.append(function)
if len(order) < 1000: sys.exit(f"start-up-order: only {len(order)} functions found in the traces")
# Names the list had that the traces did not run stay after them, in their old order: valgrind
# runs one thread at a time, so a lock is never contended and its slow path never runs, and the
# list measured faster with the names earlier native runs saw than without them.
old = [line.strip() for line in open(output)] if os.path.exists(output) else []
if "vf_start_up_data_begin" in old: old = old[:old.index("vf_start_up_data_begin")]
listed = set(order)
order += [name for name in old if name and name not in listed and name not in repeated]
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
print(f"start-up-order: {len(known)} functions run, {len(order)} in {output} (names defined once); {len(written)} variables written")
print("start-up-order: the link does not depend on the list; relink with rm .build/release/viewfinder && make release")
PY
