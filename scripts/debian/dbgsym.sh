#!/usr/bin/env bash
# Builds the debug-symbols package beside the package, as Debian's dh_strip does for -dbgsym:
# .build/viewfinder-dbgsym_VERSION_ARCH.deb holding the release build's debug information
# (its sections compressed) as /usr/lib/debug/.build-id/xx/yyyy….debug, which gdb, perf and
# debuginfod-less tools find from the stripped binary's build ID.
#   scripts/debian/dbgsym.sh STRIPPED-BINARY DEBUG-FILE VERSION ARCH MAINTAINER
set -euo pipefail
binary=$1 debug=$2 version=$3 architecture=$4 maintainer=$5

fail() {
  echo "deb: $*" >&2
  exit 1
}
build_id=$(readelf -n "$binary" | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p')
[[ ${#build_id} -ge 4 ]] || fail "$binary has no build ID (link with --build-id)"
[[ $(readelf -n "$debug" 2>/dev/null | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p') == "$build_id" ]] ||
  fail "$debug is not the debug information of $binary (build IDs differ)"

work=.build/deb-dbgsym
root=$work/root
package=.build/viewfinder-dbgsym_${version}_${architecture}.deb
rm -rf "$work"
file=$root/usr/lib/debug/.build-id/${build_id:0:2}/${build_id:2}.debug
mkdir -p "$(dirname "$file")" "$root/usr/share/doc" "$root/DEBIAN"
objcopy --compress-debug-sections=zlib "$debug" "$file"
chmod 0644 "$file"
# As debhelper does: the documentation is the main package's, which this one depends on.
ln -s viewfinder "$root/usr/share/doc/viewfinder-dbgsym"

size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: viewfinder-dbgsym
Source: viewfinder
Version: $version
Auto-Built-Package: debug-symbols
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $size
Depends: viewfinder (= $version)
Section: debug
Priority: optional
Description: debug symbols for viewfinder
Build-Ids: $build_id
CONTROL
(cd "$root" && find usr -type f | sort | xargs -d '\n' md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "deb: $package ($(du -h "$package" | cut -f1); installed $((size / 1024)) MB)"
