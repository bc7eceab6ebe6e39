# The two commands in the README, and the checks CI runs.
QUERY ?= harbor
SWIFT_FORMAT_PATHS = Package.swift Sources Providers Tests Benchmarks

.PHONY: demo test lint format benchmark samples

## Set up, build, and search the bundled sample photos with config.yaml.
demo:
	@./scripts/setup.sh
	@.build/debug/viewfinder search $(QUERY)

## Set up, build, check formatting and run every test.
test:
	@./scripts/setup.sh --build-tests
	@$(MAKE) --no-print-directory lint
	swift test --skip-build

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

## Regenerate Samples/ (needs imagemagick and libimage-exiftool-perl).
samples:
	./scripts/make-samples.sh
