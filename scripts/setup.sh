#!/usr/bin/env bash
# Installs what building Viewfinder needs on a fresh Debian or Ubuntu machine, then builds it.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libcurl4-openssl-dev libssl-dev libsqlite3-dev libxxhash-dev libyaml-dev pkg-config)
# Pictures in the terminal: the headers of chafa and the image decoders (all loaded with dlopen).
packages+=(libchafa-dev libturbojpeg0-dev libpng-dev libwebp-dev libheif-dev)
# The tests also drive the web view in a real browser (headless Chromium through Selenium), and
# the download tests read the XMP sidecars back with exiftool and check checksums with xxhsum;
# openssl makes the self-signed certificate of the TLS test's server.
building_tests=false
for argument in "$@"; do [[ $argument == --build-tests ]] && building_tests=true; done
if $building_tests; then packages+=(chromium chromium-driver python3-pip libimage-exiftool-perl xxhash openssl); fi
# The picture tests compare their output with the chafa command's.
if $building_tests; then packages+=(chafa); fi
# `browse` draws with ncursesw (its headers here; the library is dlopen'd); its tests drive it in
# tmux and render the captured screens to PNG with Pillow and a DejaVu mono font.
packages+=(libncurses-dev)
if $building_tests; then packages+=(tmux python3-pil fonts-dejavu-core); fi
# `make test-install` and `make deb` check the installed copy and the package: man pages read with
# man, files opened watched with strace, the package checked with lintian (dpkg-shlibdeps: dpkg-dev).
if [[ ${VIEWFINDER_INSTALL_TOOLS:-} == 1 ]]; then packages+=(man-db lintian strace dpkg-dev binutils); fi
# `make benchmark-web` compares the page's requests per second with nginx's, under wrk; `make
# benchmark` times start-up with hyperfine; `make benchmark-pictures` makes its photos with
# ImageMagick and heif-enc, and runs chafa beside us.
if [[ ${VIEWFINDER_BENCHMARK_TOOLS:-} == 1 ]]; then packages+=(wrk nginx-light hyperfine imagemagick libheif-examples chafa); fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep "install ok installed" >/dev/null || missing+=("$package")
done
command -v python3 >/dev/null || missing+=(python3)  # the tests' loopback servers
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
  echo "setup: Swift 6.1 or newer is needed; install it from https://www.swift.org/install/linux/" >&2
  exit 1
fi

if $building_tests && ! python3 -c "import selenium" 2>/dev/null; then
  echo "setup: installing selenium (pip)" >&2
  python3 -m pip install --quiet --break-system-packages selenium 2>/dev/null || python3 -m pip install --quiet selenium
fi

echo "setup: building (${*:-debug})" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
((status == 0)) || exit "$status"
# Zero warnings in the project's own code, checked when building the tests (`make test`). A clean
# build (CI's) shows every one; an incremental build shows those of the files it compiled.
own=$(grep -E '^/[^ ]*\.(swift|c|h):[0-9]+:[0-9]+: warning: ' "$log" | grep -v '/\.build/' | sort -u || true)
if [[ -n $own ]]; then
  echo "setup: the build has warnings in the project's own code; fix them:" >&2
  echo "$own" >&2
  if $building_tests; then exit 1; fi
fi
