#!/usr/bin/env bash
# Builds .build/viewfinder_VERSION_ARCH.deb from the release build with dpkg-deb: the files of
# `make install` under /usr (man pages gzipped), a changelog.gz and a machine-readable copyright,
# Depends from dpkg-shlibdeps plus the libraries loaded with dlopen; and beside it the debug symbols'
# package (scripts/debian/dbgsym.sh). Then runs lintian on both when it is installed (errors fail
# the build; warnings are printed).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "deb: $*" >&2
  exit 1
}

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/ProviderKit/ViewfinderVersion.swift)
[[ -n $version ]] || fail "no version in Sources/ProviderKit/ViewfinderVersion.swift"
architecture=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-$(<scripts/debian/maintainer)}
work=.build/deb
root=$work/root
package=.build/viewfinder_${version}_${architecture}.deb

rm -rf "$work"
mkdir -p "$work"
scripts/install.sh stage "$root/usr"

doc=$root/usr/share/doc/viewfinder
install -m 0644 scripts/debian/copyright "$doc/copyright"
# A native package's changelog: this version, dated by the last commit (reproducible).
date=$(git log -1 --format=%cD 2>/dev/null || date -R)
printf '%s\n' \
  "viewfinder ($version) unstable; urgency=medium" "" \
  "  * Release $version: see README.md for what it does." "" \
  " -- $maintainer  $date" >"$doc/changelog"
gzip -9n "$doc/changelog"
# Documents over 4 kB compressed, as Debian's policy (12.3) and dh_compress have them (the copyright stays plain).
gzip -9n "$doc/README.md" "$doc/NOTICE"

# Libraries the binary links (dpkg-shlibdeps reads its ELF header), and those it loads with
# dlopen, which no tool can see: libcurl (network providers, downloads), libcrypto (the cache's
# keys, the page's hashes), libxxhash (checksums), libyaml (configuration), SQLite (the download archive),
# ncursesw (browse's screen), chafa and the image decoders (pictures in the terminal).
mkdir -p "$work/shlibdeps/debian"
printf 'Source: viewfinder\n\nPackage: viewfinder\nArchitecture: any\n' >"$work/shlibdeps/debian/control"
linked=$(cd "$work/shlibdeps" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/viewfinder" 2>/dev/null |
  sed -n 's/^shlibs:Depends=//p')
[[ -n $linked ]] || fail "dpkg-shlibdeps found no dependencies for the binary"
# Packed relative relocations (DT_RELR, see Package.swift) need glibc 2.36's loader: a version
# the binary requires (GLIBC_ABI_DT_RELR) that dpkg-shlibdeps does not count.
if readelf -V "$root/usr/bin/viewfinder" | grep GLIBC_ABI_DT_RELR >/dev/null; then
  linked=$(sed 's/libc6 (>= [0-9.]*)/libc6 (>= 2.36)/' <<<"$linked")
fi
dlopened=()
for library in libcurl.so.4 libcrypto.so.3 libxxhash.so.0 libyaml-0.so.2 libsqlite3.so.0 libncursesw.so.6 libchafa.so.0 libturbojpeg.so.0 libpng16.so.16 libwebp.so.7; do
  owner=$(dpkg -S "*/$library" 2>/dev/null | head -1 | cut -d: -f1 || true)
  [[ -n $owner ]] || fail "no installed package holds $library (install libcurl4, libssl3, libxxhash0, libyaml-0-2, libsqlite3-0, libncursesw6, libchafa0, libturbojpeg0, libpng16-16 and libwebp7)"
  # GRDB calls sqlite3_prepare_v3 and others of SQLite 3.20 (what dpkg-shlibdeps found when it was linked).
  [[ $owner != libsqlite3-0 ]] || owner="libsqlite3-0 (>= 3.20.0)"
  # XXH3-128 and its x86-64 dispatching functions are stable from xxHash 0.8.0.
  [[ $owner != libxxhash0 ]] || owner="libxxhash0 (>= 0.8.0)"
  dlopened+=("$owner")
done
depends="$linked, $(
  IFS=,
  echo "${dlopened[*]}" | sed 's/,/, /g'
)"
# libheif (HEIC pictures in browse) is only suggested: Debian 12's libheif1 is linked to the x265
# encoder, which is GPL, and Viewfinder (Apache-2.0) does not bring GPL code in by its own
# dependencies. Without it a HEIC has no picture; everything else works.
suggests=libheif1

# Yams carries its own copy of libyaml (its CYaml target, linked in statically); SwiftPM offers
# no way to build Yams on the system's libyaml instead.
overrides=$root/usr/share/lintian/overrides
mkdir -p "$overrides"
printf '%s\n' "# Yams (the Swift YAML library) carries libyaml's code and cannot use the system's." \
  "embedded-library libyaml [usr/bin/viewfinder]" >"$overrides/viewfinder"
chmod 0644 "$overrides/viewfinder"

# Installed-Size as dpkg-gencontrol reckons it: each regular file's size rounded up to a KiB, and
# one KiB for each folder or link (du's apparent size counted folders by their file system's
# st_size, 4 KiB each on ext4 and a few bytes on tmpfs, so the figure changed with the machine).
size=$(find "$root/usr" -printf '%y %s\n' | awk '{ total += ($1 == "f") ? int(($2 + 1023) / 1024) : 1 } END { print total }')
mkdir -p "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<EOF
Package: viewfinder
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Suggests: $suggests
Section: graphics
Priority: optional
Description: search photos across local folders and photo sites
 Viewfinder searches local photo folders (EXIF, XMP and IPTC metadata, with
 offline place names) and photo sites such as Openverse, Wikimedia Commons and
 Flickr at once, and merges the results into one ranked list, shown in the
 terminal, as JSON, as an HTML gallery, or in a local web view (serve).
EOF
(cd "$root" && find usr -type f | sort | xargs -d '\n' md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +

dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "deb: $package ($(du -h "$package" | cut -f1); installed $((size / 1024)) MB)"
echo "deb: Depends: $depends"
echo "deb: Suggests: $suggests"

scripts/debian/dbgsym.sh "$root/usr/bin/viewfinder" .build/release/viewfinder.debug "$version" "$architecture" "$maintainer"

if command -v lintian >/dev/null; then
  report=$(lintian --tag-display-limit 0 "$package" ".build/viewfinder-dbgsym_${version}_${architecture}.deb" 2>&1 || true)
  [[ -z $report ]] || printf '%s\n' "$report" | sed 's/^/deb: lintian: /'
  if grep -q '^E:' <<<"$report"; then fail "lintian reports errors"; fi
fi
