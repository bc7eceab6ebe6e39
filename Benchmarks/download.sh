#!/usr/bin/env bash
# Download speed: 200 files of 1 MB from nginx on 127.0.0.1, `viewfinder download` (an exec plugin
# lists the URLs; 8 transfers at once) beside `curl --parallel --parallel-max 8` writing the same
# files, the server's files first on disk and then in memory; wall time (median of 7) and
# viewfinder's peak memory, the search alone (no download), and `--sync` beside curl followed by a
# sync of each file.
# Server and client each have cores of their own (nginx on the first, the client on the others),
# as when the server is another machine; the from-disk rounds are also run with all of them sharing
# every core, where curl's one thread often runs beside nginx's worker, on its core.
# Each download's phases come from nginx's log: launch to the first request, the transfers, and
# the last byte sent to the exit.
# Then the HTTP client's own cost per request beside curl's, both fetching a 10 KB file over one
# kept-alive connection, viewfinder's made from Swift's pool and on the libcurl loop's executor: CPU time,
# wall time, context switches and system calls.
# Needs nginx (nginx-light, installed when missing), curl and a release build. Usage: Benchmarks/download.sh
# Prints figures, asserts nothing; goals: download ≤ 1.1× curl, peak RSS < 50 MB, per request ≤ 1.2× curl.
set -euo pipefail
shopt -s inherit_errexit  # a failed command inside $(…) stops the run too
cd "$(dirname "$0")/.."
dir=$(mktemp -d /tmp/vf-download-bench-XXXXXX)
chmod 755 "$dir"
nginx_pid=""
cleanup() {
  [[ -n $nginx_pid ]] && kill "$nginx_pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
binary=.build/release/viewfinder
bench=.build/release/viewfinder-benchmarks
# Built each time (nothing to do when up to date), as `make release` builds the binary, so no
# older build is timed.
swift build -c release --static-swift-stdlib --product viewfinder >&2
swift build -c release --product viewfinder-benchmarks >&2
nginx=$(command -v nginx || echo /usr/sbin/nginx)
if [[ ! -x $nginx ]]; then
  echo "download benchmark: installing nginx-light" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx-light curl >/dev/null
fi

# 200 files of 1 MB: a real JPEG's start, then random bytes; and one 10 KB file.
mkdir -p "$dir/files" "$dir/tmp"
for i in $(seq 0 199); do
  { cat Samples/beach-pier-blue-hour.jpg; head -c $((1048576 - $(stat -c %s Samples/beach-pier-blue-hour.jpg))) /dev/urandom; } \
    >"$dir/files/$i.jpg"
done
head -c 10240 /dev/urandom >"$dir/files/small.bin"
chmod -R a+rX "$dir/files"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
daemon off;
error_log $dir/nginx-error.log;
pid $dir/nginx.pid;
events { worker_connections 512; }
http {
  # Only the images' requests are logged: each download's phases are read from the log.
  log_format phases '\$msec \$request_time \$uri';
  map \$uri \$image { ~\\.jpg\$ 1; default 0; }
  access_log $dir/access.log phases if=\$image;
  client_body_temp_path $dir/tmp; proxy_temp_path $dir/tmp; fastcgi_temp_path $dir/tmp;
  uwsgi_temp_path $dir/tmp; scgi_temp_path $dir/tmp;
  keepalive_requests 1000000;
  sendfile on;
  tcp_nodelay on;
  types { image/jpeg jpg; }
  default_type application/octet-stream;
  server { listen 127.0.0.1:$port; root $dir/files; }
}
CONF
"$nginx" -c "$dir/nginx.conf" -p "$dir" &
nginx_pid=$!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/small.bin" && break; sleep 0.1; done
# Where the server and the clients run: `place apart` gives nginx's processes the first core and
# the clients the others; `place shared` lets every program run on every core. On one core both
# share it.
cores=$(nproc)
# Cores $1 to $2 as taskset takes them.
cpu_list() { if [[ $1 == "$2" ]]; then echo "$1"; else echo "$1-$2"; fi; }
client_cpus=$(cpu_list 0 $((cores - 1)))
apart_cpus=$(cpu_list $((cores > 1 ? 1 : 0)) $((cores - 1)))
place() {
  local server_cpus
  server_cpus=$(cpu_list 0 $((cores - 1)))
  client_cpus=$server_cpus
  if [[ $1 == apart && $cores -gt 1 ]]; then
    server_cpus=0
    client_cpus=$apart_cpus
  fi
  local pid
  for pid in $nginx_pid $(nginx_workers); do taskset -pc "$server_cpus" "$pid" >/dev/null; done
}
# The pids of nginx's workers: the processes whose parent is nginx's master (from /proc, which
# every Linux has, unlike pgrep or a kernel's `children` lists).
nginx_workers() {
  local stat pid comm state parent
  for stat in /proc/[0-9]*/stat; do
    read -r pid comm state parent _ <"$stat" 2>/dev/null || continue
    [[ $parent == "$nginx_pid" ]] && echo "$pid"
  done
  return 0
}
base="http://127.0.0.1:$port"

# The workspace: an exec plugin printing one photo per file.
mkdir -p "$dir/work"
{
  echo '#!/bin/sh'
  for i in $(seq 0 199); do
    printf "printf '%%s\\\\n' '{\"photo\":{\"id\":\"p%s\",\"title\":\"Photo %s\",\"image_url\":\"%s/%s.jpg\"}}'\n" "$i" "$i" "$base" "$i"
  done
} >"$dir/work/plugin.sh"
chmod +x "$dir/work/plugin.sh"
printf 'search:\n  limit: 200\n  timeout: 60s\ndownload:\n  parallel: 8\n  per_host: 8\nproviders:\n  bench:\n    type: exec\n    command: [./plugin.sh]\n' \
  >"$dir/work/config.yaml"
curl_args=(--silent --no-progress-meter --parallel --parallel-max 8)
for i in $(seq 0 199); do curl_args+=("$base/$i.jpg" -o "$i.jpg"); done

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
median_of() { printf '%s\n' "$@" | median; }
seconds() { python3 -c "print($2 - $1)"; }
# Each run starts alike: earlier writes on disk (sync), and, when run as root, the page cache
# emptied and each program warmed by a small run of its own (8 files), so no run pays for the
# last one's dirty pages, finds the other's files cached, or reads its own code from disk.
# (Warmed by running, not by reading the whole 140 MB binary: with all of it cached, the kernel
# maps more of it around each page touched, and the peak RSS grows by 5 MB of shared code.)
# `settle served-from-memory` then reads the server's 200 files into the page cache, as a busy
# server has them: the clients, not nginx's disk reads, set the pace.
# Without root the rounds still alternate, and the figures spread more.
warm=0
settle() {
  sync
  if [[ $(id -u) -eq 0 ]]; then
    echo 3 >/proc/sys/vm/drop_caches
    warm=$((warm + 1))
    mkdir -p "$dir/warm-curl-$warm"
    curl --output-dir "$dir/warm-curl-$warm" "${curl_args[@]:0:29}"  # the options and 8 files
    (cd "$dir/work" && XDG_CACHE_HOME="$dir/cache" "$OLDPWD/$binary" download bench --config config.yaml \
      --limit 8 --to "warm-$warm" --format json >/dev/null 2>&1)
    [[ ${1:-} == served-from-memory ]] && cat "$dir"/files/*.jpg >/dev/null
    sync
  fi
}
# A download's phases from what nginx logged past byte $1 of its log, the client launched at $2
# and gone at $3 (seconds): the launch to the first request's arrival, the transfers (to the
# last byte sent), and the last byte sent to the exit, in ms. nginx's times have ms resolution.
phases() {
  python3 - "$dir/access.log" "$@" <<'PY'
import sys
log, offset, launched, gone = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
with open(log) as f:
    f.seek(offset)
    rows = [line.split() for line in f if line.strip()]
arrived = min(float(sent) - float(took) for sent, took, _ in rows)
done = max(float(sent) for sent, _, _ in rows)
print(f"{(arrived - launched) * 1000:.1f} {(done - arrived) * 1000:.1f} {(gone - done) * 1000:.1f}")
PY
}
log_size() { stat -c %s "$dir/access.log" 2>/dev/null || echo 0; }
ours_phases=() curl_phases=() shared_ours=() shared_theirs=() shared_ratios=()
shared_ours_phases=() shared_curl_phases=()
ours=() theirs=() ratios=() peaks=() curl_peaks=() synced_ours=() synced_theirs=() synced_ratios=()
memory_ours=() memory_theirs=() memory_ratios=()
# One viewfinder download into `out-NAME` (wall time appended to the array named by $1, its
# phases left in `last_phases`), after `settle $2`; with --sync when $3 is "--sync".
run_ours() {
  local -n into=$1
  settle "$2"
  local offset started ended
  offset=$(log_size)
  started=$EPOCHREALTIME
  (cd "$dir/work" && XDG_CACHE_HOME="$dir/cache" taskset -c "$client_cpus" /usr/bin/time -f '%M' -o "$dir/peak" \
    "$OLDPWD/$binary" download bench --config config.yaml --to "out-$4" ${3:+"$3"} --format json >/dev/null 2>"$dir/err") \
    || { cat "$dir/err" >&2; exit 1; }
  ended=$EPOCHREALTIME
  into+=("$(seconds "$started" "$ended")")
  last_phases=$(phases "$offset" "$started" "$ended")
  [[ $(find "$dir/work/out-$4/bench" -name '*.jpg' | wc -l) == 200 ]] || { echo "viewfinder did not write 200 files" >&2; exit 1; }
}
# The same for curl into `curl-out-NAME`, started the same way (a subshell entering the folder,
# then taskset and /usr/bin/time, 1.4 ms before the program runs), its peak memory in `curl-peak`; with
# "--sync", followed by a sync of each file it wrote.
run_curl() {
  local -n into=$1
  settle "$2"
  mkdir -p "$dir/curl-out-$4"
  local offset started ended
  offset=$(log_size)
  started=$EPOCHREALTIME
  (cd "$dir/curl-out-$4" && taskset -c "$client_cpus" /usr/bin/time -f '%M' -o "$dir/curl-peak" curl "${curl_args[@]}")
  [[ ${3:-} == --sync ]] && sync "$dir/curl-out-$4"/*.jpg
  ended=$EPOCHREALTIME
  into+=("$(seconds "$started" "$ended")")
  last_phases=$(phases "$offset" "$started" "$ended")
}
# Each round writes into folders of its own, and nothing is deleted until the end: on an ext4
# without a journal (this VM's disk), every new file's inode is looked for past the inodes
# deleted in the last minutes, one buffer lookup each (the kernel's recently_deleted). Deleting
# the last round's files before each round put that scan into the next round's profile (4% of
# viewfinder's CPU after 800 deletions, 30% after a few thousand), more of viewfinder's than of
# curl's: it writes two files a photo (the image and its sidecar) to curl's one.
for round in 1 2 3 4 5 6 7; do
  # The server reading its files from disk as it sends them (the page cache emptied), on a core
  # of its own.
  place apart
  run_ours ours from-disk "" "$round"
  peaks+=("$(cat "$dir/peak")") ours_phases+=("$last_phases")
  run_curl theirs from-disk "" "$round"
  curl_peaks+=("$(cat "$dir/curl-peak")") curl_phases+=("$last_phases")
  ratios+=("$(python3 -c "print(${ours[-1]} / ${theirs[-1]})")")
  # The same with every program on every core.
  place shared
  run_ours shared_ours from-disk "" "shared-$round"
  shared_ours_phases+=("$last_phases")
  run_curl shared_theirs from-disk "" "shared-$round"
  shared_curl_phases+=("$last_phases")
  shared_ratios+=("$(python3 -c "print(${shared_ours[-1]} / ${shared_theirs[-1]})")")
  place apart
  # The server's files in memory.
  run_ours memory_ours served-from-memory "" "memory-$round"
  run_curl memory_theirs served-from-memory "" "memory-$round"
  memory_ratios+=("$(python3 -c "print(${memory_ours[-1]} / ${memory_theirs[-1]})")")
  # With --sync each file is synced before it is named; curl's peer for that is curl, then a
  # sync of each file it wrote.
  run_ours synced_ours from-disk --sync "synced-$round"
  run_curl synced_theirs from-disk --sync "synced-$round"
  synced_ratios+=("$(python3 -c "print(${synced_ours[-1]} / ${synced_theirs[-1]})")")
done
searches=()
for _ in 1 2 3; do
  settle
  started=$EPOCHREALTIME
  (cd "$dir/work" && XDG_CACHE_HOME="$dir/cache" taskset -c "$client_cpus" "$OLDPWD/$binary" search bench --config config.yaml --format json >/dev/null)
  searches+=("$(seconds "$started" "$EPOCHREALTIME")")
done
range() { printf '%s\n' "$@" | sort -n | awk 'NR == 1 { low = $1 } { high = $1 } END { printf "%.2f–%.2f", low, high }'; }
search=$(median_of "${searches[@]}")
peak=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)
typical_peak=$(median_of "${peaks[@]}")
printf 'download: 200 × 1 MB from nginx reading its files from disk, 8 at once, nginx on core 0 and the client on the others (%s) (medians of 7 rounds): viewfinder %.3f s, curl --parallel %.3f s, ratio %.2f (rounds %s; goal ≤ 1.1); peak RSS %.1f MB (median %.1f; goal < 50; curl %.1f MB)\n' \
  "$apart_cpus" \
  "$(median_of "${ours[@]}")" "$(median_of "${theirs[@]}")" "$(median_of "${ratios[@]}")" "$(range "${ratios[@]}")" \
  "$(python3 -c "print(${peak} / 1024)")" "$(python3 -c "print(${typical_peak} / 1024)")" \
  "$(python3 -c "print($(median_of "${curl_peaks[@]}") / 1024)")"
# The median of column $1 of the phases given after it.
phase() { local column=$1; shift; printf '%s\n' "$@" | awk -v c="$column" '{ print $c }' | median; }
printf '  phases, from nginx'"'"'s log (medians): launch to the first request viewfinder %s ms, curl %s ms; transfers %s ms, curl %s ms; last byte sent to exit %s ms, curl %s ms\n' \
  "$(phase 1 "${ours_phases[@]}")" "$(phase 1 "${curl_phases[@]}")" "$(phase 2 "${ours_phases[@]}")" \
  "$(phase 2 "${curl_phases[@]}")" "$(phase 3 "${ours_phases[@]}")" "$(phase 3 "${curl_phases[@]}")"
printf '  every program on every core: viewfinder %.3f s, curl --parallel %.3f s, ratio %.2f (rounds %s); phases: launch to the first request %s ms, curl %s ms; transfers %s ms, curl %s ms; last byte sent to exit %s ms, curl %s ms\n' \
  "$(median_of "${shared_ours[@]}")" "$(median_of "${shared_theirs[@]}")" "$(median_of "${shared_ratios[@]}")" \
  "$(range "${shared_ratios[@]}")" "$(phase 1 "${shared_ours_phases[@]}")" "$(phase 1 "${shared_curl_phases[@]}")" \
  "$(phase 2 "${shared_ours_phases[@]}")" "$(phase 2 "${shared_curl_phases[@]}")" \
  "$(phase 3 "${shared_ours_phases[@]}")" "$(phase 3 "${shared_curl_phases[@]}")"
printf '  the server'"'"'s files in memory (the clients set the pace): viewfinder %.3f s, curl --parallel %.3f s, ratio %.2f (rounds %s)\n' \
  "$(median_of "${memory_ours[@]}")" "$(median_of "${memory_theirs[@]}")" "$(median_of "${memory_ratios[@]}")" \
  "$(range "${memory_ratios[@]}")"
printf '  of which the search alone (plugin, configuration, start-up): %.3f s\n' "$search"
printf '  with --sync (each file synced before it is named): viewfinder %.3f s, curl then a sync of each file %.3f s, ratio %.2f (rounds %s)\n' \
  "$(median_of "${synced_ours[@]}")" "$(median_of "${synced_theirs[@]}")" "$(median_of "${synced_ratios[@]}")" \
  "$(range "${synced_ratios[@]}")"

# Per request: every program on every core, as before.
place shared
# Per request: CPU time (user + system, from getrusage; less bent by a busy machine than wall
# time) for N and 5N requests, the difference divided by 4N, so start-up costs cancel; then wall
# time for the 5N requests. (callgrind would count instructions, but valgrind 3.19 crashes on
# the DWARF 5 of Swift 6.3 release binaries; the VM has no hardware counters for perf.)
small="$base/small.bin"
# `child_usage EXPRESSION COMMAND…`: EXPRESSION of the finished COMMAND's getrusage `usage`.
child_usage() {
  python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, check=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(eval(sys.argv[1]))' "$@"
}
cpu() { child_usage 'usage.ru_utime + usage.ru_stime' "$@"; }
curl_config() {
  : >"$dir/curl-$1.cfg"
  for _ in $(seq "$1"); do printf 'url = "%s"\noutput = "/dev/null"\n' "$small" >>"$dir/curl-$1.cfg"; done
}
n=2000
curl_config $n
curl_config $((5 * n))
# Viewfinder's requests are made two ways: from Swift's pool, as providers make them, where each
# request wakes the libcurl loop's thread and its answer wakes the caller's; and on the loop's own
# executor (`preferredExecutor(for:)`), where code making request after request runs on the
# loop's thread. Seven rounds, each client's CPU and then its wall time; medians, and the median
# of the rounds' ratios (a busy spell on a shared machine then bends one round, not the figure).
# `command_for CLIENT COUNT` sets `command`: curl, or viewfinder from the pool or the loop.
command_for() {
  case $1 in
    curl) command=(curl --silent -K "$dir/curl-$2.cfg") ;;
    *) command=("$bench" requests "$small" "$2" "$1") ;;
  esac
}
# `per_request MEASURE CLIENT`: MEASURE (cpu, switches or calls) of 5N requests less that of N,
# over 4N.
per_request() {
  local high low
  command_for "$2" $((5 * n))
  high=$("$1" "${command[@]}")
  command_for "$2" $n
  low=$("$1" "${command[@]}")
  python3 -c "print(($high - $low) / (4 * $n))"
}
# `wall_time CLIENT`: wall time per request of 5N requests, in µs.
wall_time() {
  local started
  command_for "$1" $((5 * n))
  started=$EPOCHREALTIME
  "${command[@]}" >/dev/null
  python3 -c "print(($EPOCHREALTIME - $started) / (5 * $n) * 1e6)"
}
microseconds() { python3 -c "print($1 * 1e6)"; }
declare -A cpu_by wall_by cpu_ratios_by wall_ratios_by
orders=("curl pool loop" "pool loop curl" "loop curl pool")
for round in 0 1 2 3 4 5 6; do
  # The clients take turns at going first, so a drifting machine bends none of them alone.
  for client in ${orders[round % 3]}; do
    cpu_by[$client]+=" $(microseconds "$(per_request cpu "$client")")"
    wall_by[$client]+=" $(wall_time "$client")"
  done
  curl_cpu=${cpu_by[curl]##* } curl_wall=${wall_by[curl]##* }
  for mode in pool loop; do
    cpu_ratios_by[$mode]+=" $(python3 -c "print(${cpu_by[$mode]##* } / $curl_cpu)")"
    wall_ratios_by[$mode]+=" $(python3 -c "print(${wall_by[$mode]##* } / $curl_wall)")"
  done
done
# Context switches per request (getrusage again), the same way: steadier than CPU time on a busy
# machine, and each thread hand-off costs a wake-up in the kernel.
switches() { child_usage 'usage.ru_nvcsw + usage.ru_nivcsw' "$@"; }
# shellcheck disable=SC2086  # the lists are words
printf "per request (10 KB, one connection; medians of 7 rounds; goal ≤ 1.2× curl's CPU): curl CPU %.1f µs, wall %.1f µs, %.1f context switches\n" \
  "$(median_of ${cpu_by[curl]})" "$(median_of ${wall_by[curl]})" "$(per_request switches curl)"
for mode in pool loop; do
  case $mode in
    pool) label="viewfinder, requests made from Swift's pool (as providers make them)" ;;
    loop) label="viewfinder, requests made on the libcurl loop's executor" ;;
  esac
  # shellcheck disable=SC2086
  printf '  %s: CPU %.1f µs, ratio %.2f (rounds %s); wall %.1f µs, ratio %.2f; %.1f context switches\n' "$label" \
    "$(median_of ${cpu_by[$mode]})" "$(median_of ${cpu_ratios_by[$mode]})" "$(range ${cpu_ratios_by[$mode]})" \
    "$(median_of ${wall_by[$mode]})" "$(median_of ${wall_ratios_by[$mode]})" "$(per_request switches $mode)"
done
# System calls per request, counted (strace, when installed): the same in every run.
if command -v strace >/dev/null; then
  calls() { strace -f -c -o "$dir/calls" "$@" >/dev/null 2>&1; awk '/ total$/ { print $4 }' "$dir/calls"; }
  printf '  system calls per request: viewfinder %.1f from the pool, %.1f on the loop; curl %.1f\n' \
    "$(per_request calls pool)" "$(per_request calls loop)" "$(per_request calls curl)"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
