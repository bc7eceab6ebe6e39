#!/usr/bin/env bash
# Checks the installed Viewfinder, never the real system: `make test-install` (part of `make test`).
#  1. scripts/install.sh into a temporary DESTDIR; the INSTALLED binary runs `search` on a local
#     folder, `--format html` and `serve` (GET /), under strace: no file under the build folder or
#     the source tree is opened. `man -l` reads a page; uninstall leaves no file behind.
#  2. scripts/make-deb.sh; the package and its -dbgsym go into a temporary dpkg root (--root,
#     --admindir), whose `viewfinder --version` and a search run, the debug information found
#     under the binary's build ID; `dpkg -r` leaves no file behind.
# Needs the release build (swift build -c release --static-swift-stdlib --product viewfinder),
# strace, man-db, dpkg-dev and lintian (scripts/setup.sh installs them with VIEWFINDER_INSTALL_TOOLS=1).
set -euo pipefail
cd "$(dirname "$0")/.."
source_tree=$(pwd -P)

work=$(mktemp -d /tmp/viewfinder-install-test.XXXXXX)
serve_pid= strace_pid=
cleanup() {
  [[ -z $strace_pid ]] || serve_pid=${serve_pid:-$(pgrep -P "$strace_pid" | head -1)}
  [[ -z $serve_pid ]] || kill "$serve_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "test-install: FAILED: $*" >&2
  exit 1
}
step() { echo "test-install: $*"; }

# A home of its own: the photos, the configuration and the caches all in the temporary folder.
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_CACHE_HOME=$work/home/.cache
export XDG_DATA_HOME=$work/home/.local/share XDG_STATE_HOME=$work/home/.local/state
mkdir -p "$HOME/photos"
cp Samples/*.jpg "$HOME/photos/"
cat >"$HOME/config.yaml" <<EOF
providers:
  mine:
    type: local-folder
    path: $HOME/photos
EOF

# 1. make install into a DESTDIR.
destdir=$work/dest
prefix=/usr/local
PREFIX=$prefix DESTDIR=$destdir scripts/install.sh install
installed=$destdir$prefix/bin/viewfinder
[[ -x $installed ]] || fail "no $installed"
[[ -z $(find "$destdir$prefix/bin" -mindepth 1 ! -name viewfinder) ]] || fail "bin/ holds more than the binary"
if file "$installed" | grep "not stripped" >/dev/null; then fail "the installed binary is not stripped"; fi

cd "$work"  # nothing of the source tree is the current folder either
traced() {
  local log=$1
  shift
  strace -f -qq -o "$log" -e trace=open,openat,openat2,execve,stat,newfstatat,access "$@"
}

step "search (installed binary, under strace)"
traced "$work/search.trace" "$installed" search harbor --config "$HOME/config.yaml" >"$work/search.out" ||
  fail "search failed: $(cat "$work/search.out")"
grep -q "Lighthouse at dusk" "$work/search.out" || fail "search did not find the harbor lighthouse: $(cat "$work/search.out")"

step "search --format html"
traced "$work/html.trace" "$installed" search harbor --config "$HOME/config.yaml" --format html >"$work/page.html" ||
  fail "--format html failed"
grep -q "<style" "$work/page.html" || fail "the HTML page has no style sheet (the installed web files?)"

step "serve, GET /"
strace -f -qq -o "$work/serve.trace" -e trace=open,openat,openat2,execve,stat,newfstatat,access \
  "$installed" serve --port 0 --config "$HOME/config.yaml" >"$work/serve.out" 2>&1 &
strace_pid=$!
address=
for _ in $(seq 1 100); do
  address=$(grep -o 'http://127.0.0.1:[0-9]*/' "$work/serve.out" || true)
  [[ -n $address ]] && break
  sleep 0.1
done
[[ -n $address ]] || fail "serve did not say where it listens: $(cat "$work/serve.out")"
serve_pid=$(pgrep -P "$strace_pid" | head -1)  # viewfinder, strace's child
curl -fsS "$address" >"$work/served.html" || fail "GET $address failed"
grep -q "<form" "$work/served.html" || fail "GET / did not return the page"
# SIGTERM: a background job of a script starts with SIGINT ignored.
kill -TERM "$serve_pid"
for _ in $(seq 1 100); do
  kill -0 "$serve_pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$serve_pid" 2>/dev/null && fail "serve did not stop within 10 s of SIGTERM"
wait "$strace_pid" || true
serve_pid= strace_pid=

step "no file of the build folder or source tree opened"
for trace in search html serve; do
  if grep -F "$source_tree" "$work/$trace.trace" >"$work/$trace.hits"; then
    fail "$trace opened files of the source tree: $(head -5 "$work/$trace.hits")"
  fi
  grep -q "$work/dest/usr/local/share/viewfinder" "$work/$trace.trace" ||
    [[ $trace != html && $trace != serve ]] || fail "$trace read no file of share/viewfinder"
done

step "man -l"
page=$destdir$prefix/share/man/man1/viewfinder-search.1
MANWIDTH=80 man -l "$page" >"$work/man.out" 2>/dev/null || fail "man -l $page failed"
grep -q "viewfinder search" "$work/man.out" || fail "man -l $page shows no page"
for shell in bash-completion/completions/viewfinder zsh/site-functions/_viewfinder fish/vendor_completions.d/viewfinder.fish; do
  [[ -s $destdir$prefix/share/$shell ]] || fail "no completions in share/$shell"
done

step "uninstall"
cd "$source_tree"
PREFIX=$prefix DESTDIR=$destdir scripts/install.sh uninstall
left=$(find "$destdir" -type f -o -type l)
[[ -z $left ]] || fail "uninstall left: $left"

# 2. The Debian package in a temporary dpkg root.
step "deb"
scripts/make-deb.sh
deb=$(ls -t .build/viewfinder_*.deb | head -1)
dbgsym=$(ls -t .build/viewfinder-dbgsym_*.deb | head -1)
root=$work/root
admin=$work/admin
mkdir -p "$root" "$admin/updates" "$admin/info" "$admin/triggers"
touch "$admin/status" "$admin/available"
# The root has none of the libraries' packages registered: --force-depends (the binary uses
# the real system's libraries through the dynamic loader's default paths).
dpkg --root="$root" --admindir="$admin" --force-not-root --force-script-chrootless --force-depends \
  --log=/dev/null -i "$deb" "$dbgsym" >"$work/dpkg.out" 2>&1 || fail "dpkg -i: $(cat "$work/dpkg.out")"
"$root/usr/bin/viewfinder" --version || fail "the packaged viewfinder --version failed"
"$root/usr/bin/viewfinder" search harbor --config "$HOME/config.yaml" >"$work/packaged.out" &&
  grep -q "Lighthouse at dusk" "$work/packaged.out" ||
  fail "the packaged viewfinder found no harbor photo"
zcat "$root/usr/share/man/man1/viewfinder-search.1.gz" >"$work/page.1" && grep -q '^\.Dt VIEWFINDER-SEARCH' "$work/page.1" ||
  fail "no gzipped man page for viewfinder-search"
# The debug symbols under the binary's build ID, as gdb looks them up.
build_id=$(readelf -n "$root/usr/bin/viewfinder" | sed -n 's/^ *Build ID: *//p')
debug=$root/usr/lib/debug/.build-id/${build_id:0:2}/${build_id:2}.debug
readelf -S "$debug" 2>/dev/null | grep '\.debug_info' >/dev/null || fail "no debug information at $debug"
if readelf -S "$root/usr/bin/viewfinder" | grep '\.debug_' >/dev/null; then fail "the packaged binary has debug sections"; fi
dpkg --root="$root" --admindir="$admin" --force-not-root --force-script-chrootless --log=/dev/null \
  -r viewfinder-dbgsym viewfinder >>"$work/dpkg.out" 2>&1 || fail "dpkg -r: $(cat "$work/dpkg.out")"
left=$(find "$root" -mindepth 1 -not -type d)
[[ -z $left ]] || fail "dpkg -r left: $left"
step "passed"
