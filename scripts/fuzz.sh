#!/usr/bin/env bash
# Fuzzes the local-folder provider's parsers of untrusted bytes with libFuzzer and AddressSanitizer:
#   metadata  every image metadata reader (seeds: Fuzz/metadata-seeds, real files of every format)
#   index     the on-disk index loader and the search over what it loaded (seeds: Fuzz/index-seeds)
# Usage: scripts/fuzz.sh metadata|index [seconds=300]. New interesting inputs go to
# .build/fuzz-corpus-TARGET; a crash leaves crash-* files and exits non-zero: commit each to
# Fuzz/TARGET-regressions, which the fuzzer also starts from and `swift test` replays
# (FuzzCorpusTests, through the same MetadataFuzzEntry / IndexFuzzEntry the targets call).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh metadata|index [seconds]}
seconds=${2:-300}
modules=.build/fuzz-modules
mkdir -p "$modules" ".build/fuzz-corpus-$target"
# The readers use a few ProviderKit files (dates, licences, FileBytes, ImageFormat); build just those as a small
# ProviderKit module.
kit=Sources/ProviderKit
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -emit-module -emit-library -static -package-name viewfinder \
  -module-name ProviderKit -emit-module-path "$modules/ProviderKit.swiftmodule" -o "$modules/libProviderKit.a" \
  "$kit"/DateTime.swift "$kit"/DateTime+Parsing.swift "$kit"/OnceFlag.swift "$kit"/Photo.swift "$kit"/FileSystemPath.swift "$kit"/DeepPath.swift \
  "$kit"/FileDescriptorWrite.swift "$kit"/FileDescriptorRead.swift "$kit"/Licenses/*.swift "$kit"/SearchFilters*.swift \
  "$kit"/EditDistance.swift "$kit"/ImageFormat.swift "$kit"/RAWSignature.swift "$kit"/FileBytes.swift \
  "$kit"/ImageMetadataError.swift "$kit"/Blocking/*.swift "$kit"/NamedThread.swift "$kit"/PlaceNames.swift \
  "$kit"/TextFolding.swift "$kit"/TimeWords.swift "$kit"/CameraName.swift "$kit"/ResourceFolders.swift \
  "$kit"/String+TrimmingWhitespace.swift "$kit"/Sequence+JoinedText.swift "$kit"/Character+Whitespace.swift \
  "$kit"/ProcessEnvironment.swift "$kit"/PrivateFile.swift "$kit"/MissingFolders.swift "$kit"/FileKind.swift \
  "$kit"/FileChecksum.swift "$kit"/SHA256.swift -I Sources/CLinux -I Sources/CXXHash/include -I Sources/CCrypto/include
local=Providers/LocalFolder
# The index's search text names places (Places, the offline gazetteer): built as a small module of
# its own for the index target. Its data file is found as an installed copy's would be, or not at
# all: then no place names, which the index reads as any other absent field.
build_places() {
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -emit-module -emit-library -static \
    -package-name viewfinder -module-name Places -I "$modules" -L "$modules" -lProviderKit -I Sources/CLinux \
    -I Sources/CXXHash/include -I Sources/CCrypto/include -emit-module-path "$modules/Places.swiftmodule" -o "$modules/libPlaces.a" Sources/Places/*.swift
}
extra=()
case $target in
  metadata)
    sources=(Fuzz/ImageMetadataFuzzer.swift "$local"/Metadata/*.swift "$local"/Metadata/RAW/*.swift
      "$local"/Metadata/MakerNotes/*.swift) ;;
  index)
    build_places
    extra=(-lPlaces)
    sources=(Fuzz/LocalIndexFuzzer.swift "$local"/Index/*.swift
      "$local"/Metadata/*.swift "$local"/Metadata/RAW/*.swift "$local"/Metadata/MakerNotes/*.swift "$local"/LocalFile.swift "$local"/MetadataMatcher.swift "$local"/Sidecar.swift
      "$local"/FolderListing.swift
      "$local"/ConcurrentMap.swift "$local"/JobQueue.swift "$local"/Releaser.swift) ;;
  *) echo "unknown fuzz target '$target': use metadata or index" >&2; exit 64 ;;
esac
# SHA256.swift's libcrypto shim and FileChecksum.swift's libxxhash shim (each library loaded on
# first use) and the loader they share.
clang -O -g -c Sources/CCrypto/CryptoLibrary.c -I Sources/CCrypto/include -I Sources/CLibraryLoader/include \
  -o "$modules/CryptoLibrary.o"
clang -O -g -c Sources/CXXHash/XXHashLibrary.c -I Sources/CXXHash/include -I Sources/CLibraryLoader/include \
  -o "$modules/XXHashLibrary.o"
clang -O -g -c Sources/CLibraryLoader/LibraryLoader.c -I Sources/CLibraryLoader/include -o "$modules/LibraryLoader.o"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name viewfinder -I "$modules" -L "$modules" \
  "${extra[@]}" -lProviderKit "$modules/CryptoLibrary.o" "$modules/XXHashLibrary.o" "$modules/LibraryLoader.o" -I Sources/CLinux -I Sources/CXXHash/include -I Sources/CCrypto/include "${sources[@]}" -module-name LocalFolderProvider -o ".build/fuzz-$target"
".build/fuzz-$target" -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=1024 \
  -print_final_stats=1 ".build/fuzz-corpus-$target" "Fuzz/$target-seeds" "Fuzz/$target-regressions"
