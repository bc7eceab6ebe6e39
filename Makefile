# The two commands in the README, and the checks CI runs.
QUERY ?= harbor
SWIFT_FORMAT_PATHS = Package.swift Sources Providers Tests Benchmarks Fuzz Examples/ExternalProvider

.PHONY: demo test test-example test-install lint format release release-check install uninstall deb benchmark benchmark-local benchmark-download benchmark-web benchmark-plugin-memory benchmark-pictures fuzz samples corpus

# The release binary links the Swift runtime and Foundation in (--static-swift-stdlib): it
# loads no libswift*.so at start-up, which was a quarter of a small command's time, and runs
# on a machine without a Swift toolchain.
# The Swift flags every release build here passes (or the next one recompiles everything):
# Every function in a section of its own (Swift's -function-sections, dependencies included), so
# the linker's --gc-sections drops the unused ones: 1.26 MB less installed, and fewer pages at
# start-up.
# And generic types' metadata made by their accessors, with the witness tables passed in, not
# built from mangled names: each such first use looked up a conformance by scanning the binary's
# whole table (9,300 records), a sixth of a local search's CPU. (Same folder: rebuild from clean.)
# And no link to libsqlite3: GRDB asks for one, but CSQLite loads SQLite with dlopen when the
# download archive opens (its library and symbol bindings were a tenth of a local search).
RELEASE_SWIFT_FLAGS = -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc sqlite3
# libstdc++ linked into the release binary, not loaded (Package.swift's release linker settings
# search this folder first): a folder with the toolchain's libstdc++.a alone, since its own also
# holds libstdc++.so, which the linker would take.
STATIC_LIBSTDCXX := $(shell mkdir -p .build/static-libstdc++ && archive=$$(clang -print-file-name=libstdc++.a 2>/dev/null) && \
	[ -f "$$archive" ] && ln -sfn "$$archive" .build/static-libstdc++/libstdc++.a && echo "$$archive")
# No `$ORIGIN` run path: the binary loads only system libraries, and with one the loader first
# looked for each of them in the binary's folder and its eleven hardware-capability subfolders
# (72 failed opens at every start, in /usr/bin when installed).
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath --product viewfinder $(RELEASE_SWIFT_FLAGS)

## Set up, build, and search the bundled sample photos with config.yaml.
demo:
	@./scripts/setup.sh
	@.build/debug/viewfinder search $(QUERY)

# Suites whose checks include a time margin ("returns within 2 s of the deadline though a
# provider blocks for 30 s"). They run in a pass of their own: on a 2-core machine, CPU-heavy
# tests beside them (100,000-value configurations, every fuzz input) would hold the few threads
# Swift's tasks run on, and decide the margins instead of the code under test.
TIMED_SUITES = SlowFileTests|ProviderCheckCommandLineTests|PluginProcessTests|PluginSupervisorCommandLineTests|HTTPClientTests|HTTPClientPromiseTests|SearchViewModelTests\.|ExecCommandLineTests|SignalAndOutputCommandLineTests|FlickrHostileTests|TerminalTextCommandLineTests|HostileFileTests|ServeProcessTests|BrowseTerminalTests
# Thousands of sockets opened and closed at once in the test process (a slow-header attack on
# `serve`): a pass of its own, since Foundation's Process.run, which other suites call to start
# programs, lists the process's open descriptors and crashed when they changed under it.
CONNECTION_SUITES = HeaderDeadlineTests
# Downloads with time margins (a host's pause, a stalled body): real transfers that load both
# cores, so they get a pass of their own too.
DOWNLOAD_SUITES = HostPauseTests|DownloadTransferTests|DownloadCommandLineTests|HostileDownloadTests|CutShortFileTests
# Suites that drive a real browser (headless Chromium): a pass of their own, last, since a
# browser beside the timed suites would take the CPU their margins need.
BROWSER_SUITES = WebViewBrowserTests|PageRowTests

## Set up, build, check formatting and run every test (the timed, connection, download and browser suites in passes of their own).
test:
	@./scripts/setup.sh --build-tests
	@$(MAKE) --no-print-directory lint
	swift test --skip-build --skip '$(TIMED_SUITES)|$(CONNECTION_SUITES)|$(DOWNLOAD_SUITES)|$(BROWSER_SUITES)'
	swift test --skip-build --filter '$(TIMED_SUITES)'
	swift test --skip-build --filter '$(CONNECTION_SUITES)'
	swift test --skip-build --filter '$(DOWNLOAD_SUITES)'
	swift test --skip-build --filter '$(BROWSER_SUITES)'
	@$(MAKE) --no-print-directory test-example
	@$(MAKE) --no-print-directory test-install

## Build the example provider package (Examples/ExternalProvider: a provider outside this
## repository's targets, with its own viewfinder) and run its tests.
test-example:
	swift build --package-path Examples/ExternalProvider --build-tests
	swift test --package-path Examples/ExternalProvider --skip-build

## Install the release build into a temporary DESTDIR and a temporary dpkg root, run the installed
## copies (search, --format html, serve, man -l; nothing read from the build or source folders), remove them.
test-install:
	@VIEWFINDER_INSTALL_TOOLS=1 ./scripts/setup.sh $(RELEASE_FLAGS)
	@$(MAKE) --no-print-directory release-check
	scripts/test-install.sh

## Check the house format (.swift-format).
lint:
	swift format lint --strict --recursive $(SWIFT_FORMAT_PATHS)

## Rewrite sources in the house format.
format:
	swift format --in-place --recursive $(SWIFT_FORMAT_PATHS)

## Build the release binary (.build/release/viewfinder) and check that it runs on its own.
release:
	@./scripts/setup.sh $(RELEASE_FLAGS)
	@$(MAKE) --no-print-directory release-check
	@echo "release: .build/release/viewfinder ($$(du -h .build/release/viewfinder | cut -f1)), Swift runtime linked in"

# What the release link must have done: the Swift runtime linked in, SQLite left to dlopen, the
# start-up data between its markers (CStartUp).
release-check:
	@.build/release/viewfinder --version >/dev/null
	@! ldd .build/release/viewfinder | grep -E 'libswift|libFoundation' || \
		{ echo "release: the binary still loads the Swift runtime dynamically" >&2; exit 1; }
	@! ldd .build/release/viewfinder | grep -E 'libsqlite3|libxxhash' || \
		{ echo "release: the binary links libsqlite3 or libxxhash (CSQLite and CXXHash load them with dlopen)" >&2; exit 1; }
	@! ldd .build/release/viewfinder | grep -E 'libstdc\+\+|libgcc_s' || \
		{ echo "release: the binary loads libstdc++ ($(or $(STATIC_LIBSTDCXX),no libstdc++.a found by clang): it should be linked in)" >&2; exit 1; }
	@span=$$(nm .build/release/viewfinder | awk '$$3 == "vf_start_up_data_begin" {b = $$1} $$3 == "vf_start_up_data_end" {e = $$1} END {print "0x" (e != "" ? e : 0) " - 0x" (b != "" ? b : 0)}'); \
		span=$$(($$span)); [ "$$span" -gt 4096 ] && [ "$$span" -le 1048576 ] || \
		{ echo "release: the start-up data is not laid out together ($$span bytes between the markers of scripts/start-up-order.txt)" >&2; exit 1; }

PREFIX ?= /usr/local
DESTDIR ?=

## Install the stripped release binary, its files (PREFIX/share/viewfinder), man pages, completions and docs under DESTDIR/PREFIX.
install:
	swift build $(RELEASE_FLAGS)
	@$(MAKE) --no-print-directory release-check
	PREFIX='$(PREFIX)' DESTDIR='$(DESTDIR)' scripts/install.sh install

## Remove exactly the files `make install` put under DESTDIR/PREFIX.
uninstall:
	PREFIX='$(PREFIX)' DESTDIR='$(DESTDIR)' scripts/install.sh uninstall

## Build a Debian package (.build/viewfinder_VERSION_ARCH.deb) and check it with lintian.
deb:
	@VIEWFINDER_INSTALL_TOOLS=1 ./scripts/setup.sh $(RELEASE_FLAGS)
	@$(MAKE) --no-print-directory release-check
	scripts/make-deb.sh

## Run the benchmarks in release mode and print the figures, then time start-up against a hello-world (hyperfine).
benchmark:
	@./scripts/setup.sh
	swift run -c release $(RELEASE_SWIFT_FLAGS) viewfinder-benchmarks
	@VIEWFINDER_BENCHMARK_TOOLS=1 ./scripts/setup.sh $(RELEASE_FLAGS)
	Benchmarks/start-up.sh

## Time local-folder searches beside exiftool on 10,000 generated JPEGs (needs libimage-exiftool-perl).
benchmark-local:
	@./scripts/setup.sh
	swift build $(RELEASE_FLAGS)
	Benchmarks/local-folder.sh 10000
	Benchmarks/places.sh 10000

## Time downloads beside curl --parallel, 200 files of 1 MB from nginx on loopback (installs nginx-light when missing).
benchmark-download:
	@./scripts/setup.sh
	swift build $(RELEASE_FLAGS)
	swift build -c release $(RELEASE_SWIFT_FLAGS) --product viewfinder-benchmarks
	Benchmarks/download.sh

## Peak memory of a search whose plugin sends one 16 MiB line (empty tags, an unknown field, a long title), beside a plain one.
benchmark-plugin-memory:
	@./scripts/setup.sh
	swift build $(RELEASE_FLAGS)
	Benchmarks/plugin-memory.sh .build/release/viewfinder

## Time the web view (release build): Go → first result and a 1,000-result page in headless Chromium, a
## 1,000-result search's event bytes and CPU, and / under wrk against nginx (setup.sh installs what it needs).
benchmark-web:
	@VIEWFINDER_BENCHMARK_TOOLS=1 ./scripts/setup.sh --build-tests
	swift build $(RELEASE_FLAGS)
	Benchmarks/web-view.py .build/release/viewfinder

## Time a 24 MP JPEG and a 12 MP HEIC drawn as a 60×30-cell preview per protocol, beside the chafa command.
benchmark-pictures:
	@VIEWFINDER_BENCHMARK_TOOLS=1 ./scripts/setup.sh
	Benchmarks/pictures.sh

## `browse` in tmux with 1,000 results: ↓ sent to the new position on screen (release build; tmux's round trip included).
benchmark-browse:
	@./scripts/setup.sh --build-tests
	swift build $(RELEASE_FLAGS)
	Benchmarks/browse-keys.py .build/release/viewfinder

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
