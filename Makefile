# The two commands in the README, and the checks CI runs.
QUERY ?= harbor
SWIFT_FORMAT_PATHS = Package.swift Sources Providers Tests Benchmarks Fuzz

.PHONY: demo test lint format benchmark benchmark-local fuzz samples corpus

## Set up, build, and search the bundled sample photos with config.yaml.
demo:
	@./scripts/setup.sh
	@.build/debug/viewfinder search $(QUERY)

# Suites whose checks include a time margin ("returns within 2 s of the deadline though a
# provider blocks for 30 s"). They run in a pass of their own: on a 2-core machine, CPU-heavy
# tests beside them (100,000-value configurations, every fuzz input) would hold the few threads
# Swift's tasks run on, and decide the margins instead of the code under test.
TIMED_SUITES = DeadlineTests|SlowFileTests|PluginProcessTests|HTTPClientTests|HTTPClientPromiseTests|SearchViewModelTests\.|ExecCommandLineTests|SignalAndOutputCommandLineTests|FlickrHostileTests|TerminalTextCommandLineTests|HostileFileTests|HostPauseTests|DownloadTransferTests|DownloadCommandLineTests

## Set up, build, check formatting and run every test (the timed suites in a second pass).
test:
	@./scripts/setup.sh --build-tests
	@$(MAKE) --no-print-directory lint
	swift test --skip-build --skip '$(TIMED_SUITES)'
	swift test --skip-build --filter '$(TIMED_SUITES)'

## Check the house format (.swift-format).
lint:
	swift format lint --strict --recursive $(SWIFT_FORMAT_PATHS)

## Rewrite sources in the house format.
format:
	swift format --in-place --recursive $(SWIFT_FORMAT_PATHS)

## Run the benchmarks in release mode and print the figures.
benchmark:
	@./scripts/setup.sh
	swift run -c release viewfinder-benchmarks

## Time local-folder searches beside exiftool on 10,000 generated JPEGs (needs libimage-exiftool-perl).
benchmark-local:
	@./scripts/setup.sh
	swift build -c release --product viewfinder
	Benchmarks/local-folder.sh 10000

## Fuzz the metadata readers, then the index loader, with libFuzzer for SECONDS each (default 300).
fuzz:
	scripts/fuzz.sh metadata $(or $(SECONDS),300)
	scripts/fuzz.sh index $(or $(SECONDS),300)

## Regenerate the metadata test corpus (needs imagemagick and libimage-exiftool-perl).
corpus:
	./scripts/make-test-corpus.sh

## Regenerate Samples/ (needs imagemagick and libimage-exiftool-perl).
samples:
	./scripts/make-samples.sh
