#!/usr/bin/env bash
# Fuzzes every image metadata reader with libFuzzer and AddressSanitizer.
# Usage: scripts/fuzz-metadata.sh [seconds=300]. Seeds: Fuzz/seeds (real files of every format);
# new interesting inputs go to .build/fuzz-corpus; a crash leaves crash-* files and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
mkdir -p .build/fuzz-corpus
modules=.build/fuzz-modules
mkdir -p "$modules"
# The readers use one ProviderKit file; build just that as a small ProviderKit module.
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -emit-module -emit-library -static \
  -module-name ProviderKit -emit-module-path "$modules/ProviderKit.swiftmodule" -o "$modules/libProviderKit.a" \
  Sources/ProviderKit/DateTimeText.swift
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -I "$modules" -L "$modules" -lProviderKit \
  Fuzz/ImageMetadataFuzzer.swift Providers/LocalFolder/ImageFormat.swift Providers/LocalFolder/Metadata/*.swift \
  -module-name LocalFolderProvider -o .build/fuzz-image-metadata
.build/fuzz-image-metadata -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=1024 \
  -print_final_stats=1 .build/fuzz-corpus Fuzz/seeds
