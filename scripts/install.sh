#!/usr/bin/env bash
# Installs Viewfinder's release build under DESTDIR/PREFIX, or removes exactly what it installed.
#
#   scripts/install.sh install     (PREFIX default /usr/local, DESTDIR default empty)
#   scripts/install.sh uninstall
#   scripts/install.sh stage DIR   the same files under DIR, laid out for a Debian package (/usr,
#                                  man pages gzipped, no list of installed files): scripts/make-deb.sh
#
# What is installed (PREFIX/...):
#   bin/viewfinder                           the release binary, stripped
#   share/viewfinder/web/                    the web view's template, style sheet and script
#   share/viewfinder/places.bin              the offline gazetteer (GeoNames, CC BY 4.0)
#   share/man/man1/viewfinder*.1             a page per subcommand, from swift-argument-parser's generate-manual
#   share/bash-completion/completions/viewfinder, share/zsh/site-functions/_viewfinder,
#   share/fish/vendor_completions.d/viewfinder.fish
#   share/doc/viewfinder/                    README.md, LICENSE, NOTICE
#   share/viewfinder/installed-files         this list, which `uninstall` reads
# The debug information is not installed: it stays in .build/release/viewfinder.debug, which the
# stripped binary names (a GNU debug link) for gdb to find when it is copied to
# /usr/lib/debug/PREFIX/bin/viewfinder.debug or beside the binary.
#
# The binary must be built first (`make install` does it): swift build -c release --static-swift-stdlib --product viewfinder
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
release=.build/release
binary=$release/viewfinder
staged=.build/install-staged
manifest_name=share/viewfinder/installed-files

fail() {
  echo "install: $*" >&2
  exit 1
}

# The files of an installation, under $1 (a PREFIX's layout); $2 is "gzip" for gzipped man pages.
stage() {
  local root=$1 compress=${2:-}
  [[ -x $binary ]] || fail "no release binary at $binary; build it: swift build -c release --static-swift-stdlib --product viewfinder"
  local web=$release/Viewfinder_WebView.resources/Resources
  local places=$release/Viewfinder_Places.resources/Resources/places.bin
  [[ -f $web/page.mustache && -f $places ]] || fail "the release build's resources are missing ($web, $places); rebuild"
  rm -rf "$root"
  mkdir -p "$root"/{bin,share/viewfinder/web,share/man/man1,share/doc/viewfinder}
  mkdir -p "$root"/share/{bash-completion/completions,zsh/site-functions,fish/vendor_completions.d}

  # The binary without its debug information, which is kept beside the build's binary.
  objcopy --only-keep-debug "$binary" "$binary.debug"
  chmod 0644 "$binary.debug"
  objcopy --strip-all --add-gnu-debuglink="$binary.debug" "$binary" "$root/bin/viewfinder"
  chmod 0755 "$root/bin/viewfinder"

  install -m 0644 "$web"/* "$root/share/viewfinder/web/"
  install -m 0644 "$places" "$root/share/viewfinder/places.bin"

  # A man page per subcommand, generated from the ArgumentParser definitions of the binary itself.
  local manuals=.build/install-manuals
  rm -rf "$manuals" && mkdir -p "$manuals"
  "$(generate_manual)" "$root/bin/viewfinder" --multi-page --section 1 \
    --authors "the Viewfinder authors" --output-directory "$manuals" >/dev/null
  local page
  for page in "$manuals"/*.1; do
    [[ -e $page ]] || fail "generate-manual wrote no man page"
    # viewfinder.config.check.1 -> viewfinder-config-check.1, as `man viewfinder-search` finds it;
    # its NAME says viewfinder-config-check (whatis and lexgrog read one word there; the
    # description unquoted) and its SYNOPSIS `viewfinder config check`, as git's pages do.
    local name
    name=$(basename "$page" .1)
    sed -e '/^\.Dt /{s/^\.Dt //;s/\./-/g;s/^/.Dt /;}' \
      -e "/^\.Sh NAME\$/,/^\.Sh /{s/^\.Nm .*/.Nm ${name//./-}/;s/^\.Nd \"\(.*\)\"\$/.Nd \1/;}" \
      -e "s/^\.Nm\$/.Nm \"${name//./ }\"/" "$page" >"$root/share/man/man1/${name//./-}.1"
    chmod 0644 "$root/share/man/man1/${name//./-}.1"
  done
  if [[ $compress == gzip ]]; then gzip -9n "$root"/share/man/man1/*.1; fi

  # Without its #! line: the file is sourced, never run.
  "$root/bin/viewfinder" --generate-completion-script bash | sed '1{/^#!/d;}' \
    >"$root/share/bash-completion/completions/viewfinder"
  "$root/bin/viewfinder" --generate-completion-script zsh >"$root/share/zsh/site-functions/_viewfinder"
  "$root/bin/viewfinder" --generate-completion-script fish >"$root/share/fish/vendor_completions.d/viewfinder.fish"
  chmod 0644 "$root"/share/{bash-completion/completions,zsh/site-functions,fish/vendor_completions.d}/*

  install -m 0644 README.md NOTICE "$root/share/doc/viewfinder/"
  [[ $compress == gzip ]] || install -m 0644 LICENSE "$root/share/doc/viewfinder/"
  find "$root" -type d -exec chmod 0755 {} +
}

# swift-argument-parser's generate-manual tool (the one its `generate-manual` package plugin runs),
# built once from the package's own checkout, offline.
generate_manual() {
  local scratch=.build/generate-manual
  local tool=$scratch/release/generate-manual
  if [[ ! -x $tool ]]; then
    echo "install: building swift-argument-parser's generate-manual" >&2
    swift build --package-path .build/checkouts/swift-argument-parser --scratch-path "$scratch" \
      -c release --product generate-manual >&2 || fail "generate-manual did not build"
  fi
  echo "$tool"
}

install_files() {
  local target=$DESTDIR$PREFIX
  stage "$staged"
  local list
  list=$(cd "$staged" && find . -type f | sed 's|^\./||' | sort)
  list+=$'\n'$manifest_name
  local file
  while IFS= read -r file; do
    [[ $file == "$manifest_name" ]] && continue
    mkdir -p "$(dirname "$target/$file")"
    install -m "$(stat -c %a "$staged/$file")" "$staged/$file" "$target/$file"
  done <<<"$list"
  printf '%s\n' "$list" >"$target/$manifest_name"
  chmod 0644 "$target/$manifest_name"
  echo "install: $(wc -l <<<"$list") files in $target ($(du -sh "$staged" | cut -f1) staged; binary $(du -h "$target/bin/viewfinder" | cut -f1))"
}

uninstall_files() {
  local target=$DESTDIR$PREFIX
  local manifest=$target/$manifest_name
  [[ -f $manifest ]] || fail "no $manifest: Viewfinder is not installed under $target (set PREFIX and DESTDIR as for install)"
  local files file count=0
  files=$(<"$manifest")
  while IFS= read -r file; do
    # Only the relative paths install wrote: nothing outside PREFIX, whatever the file says.
    [[ -n $file && $file != /* && $file != *..* ]] || fail "unexpected line in $manifest: $file"
    if [[ -f $target/$file || -L $target/$file ]]; then
      rm -f "$target/$file"
      count=$((count + 1))
    fi
  done <<<"$files"
  # Then the folders left empty, deepest first (standard ones that hold other programs' files stay).
  while IFS= read -r file; do
    local folder
    folder=$(dirname "$file")
    while [[ $folder != . ]]; do
      rmdir "$target/$folder" 2>/dev/null || break
      folder=$(dirname "$folder")
    done
  done <<<"$files"
  echo "uninstall: removed $count files from $target"
}

case ${1:-} in
  install) install_files ;;
  uninstall) uninstall_files ;;
  stage)
    [[ -n ${2:-} ]] || fail "stage needs a folder"
    stage "$2" gzip
    ;;
  *) fail "usage: scripts/install.sh install|uninstall|stage DIR" ;;
esac
