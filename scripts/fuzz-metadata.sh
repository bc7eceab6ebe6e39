#!/usr/bin/env bash
# Fuzzes every image metadata reader with libFuzzer and AddressSanitizer.
# Usage: scripts/fuzz-metadata.sh [seconds=300]. Seeds: Fuzz/seeds (real files of every format);
# new interesting inputs go to .build/fuzz-corpus; a crash leaves crash-* files and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
mkdir -p .build/fuzz-corpus
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  Fuzz/ImageMetadataFuzzer.swift Providers/LocalFolder/ImageFormat.swift Providers/LocalFolder/Metadata/*.swift \
  -module-name LocalFolderProvider -o .build/fuzz-image-metadata
.build/fuzz-image-metadata -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=1024 \
  -print_final_stats=1 .build/fuzz-corpus Fuzz/seeds
