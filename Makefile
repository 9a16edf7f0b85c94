# Pitchline: `make serve` and `make test` are the two set-up commands (README).
# Both install what they need on a fresh Debian/Ubuntu machine (sudo only when not root).

SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
PORT ?= 8080
VENV := .venv
PY := $(VENV)/bin/python
APT_BUILD := libmicrohttpd-dev libvorbis-dev libogg-dev zlib1g-dev libssl-dev liblouis-dev liblouis-data pkg-config
APT_TEST := chromium chromium-headless-shell fonts-dejavu-core sox vorbis-tools firefox-esr w3m pandoc
APT_BENCH := wrk nginx-light terser
STAMP := .build/.stamps

.PHONY: all build app-build test-build fuzz-build release deps test-deps test test-full swift-test browser-test browser-test-full page-test orca-test vegalite-test serve export check check-imports leak-check bench clean fuzz fuzz-short soak soak-live live-demo install uninstall dist

all: build

# Install missing apt packages only (dpkg-query is quick; apt-get update runs once, when needed).
define apt_install
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; fi
endef

# DEPS_DONE=1 (set by `make test` for its stages) skips the checks already made once.
deps:
	$(if $(DEPS_DONE),@:,$(call apt_install,$(APT_BUILD)))

test-deps: deps
ifndef DEPS_DONE
	$(call apt_install,$(APT_TEST))
	@[ -x $(PY) ] || python3 -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check -r browser-tests/requirements.txt
	@$(PY) -m pip install -q --disable-pip-version-check ./python
	@if [ -d ../shared/tools/orca ]; then bash ../shared/tools/orca/install.sh; fi
endif

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

check: build
	$(SWIFT) run pitchline check site

serve: release
	.build/release/pitchline serve site --port $(PORT) --watch --theme .

# Live charts under load (issue 29): 10 rows/s for SOAK_SECONDS (600) to 100 event-stream clients;
# latency p50/p95, RSS flat within 10 %, no row missed or repeated; then the same through the
# reference relay (bench/live-reference.py; REFERENCE=0 leaves it out). make bench runs 60 s of it.
soak-live: build
	python3 bench/soak-live.py

# A live chart fed by a simulated sensor (issue 29): serves a copy of site/ and appends a
# reading every 2 s to site/data/greenhouse-sensor.csv's copy; open charts/greenhouse-live.html.
live-demo: build
	bash tools/live-demo.sh

# The static site in _site/ (docs/export.md); SINGLE=weather.html also writes one self-contained file.
export: release
	.build/release/pitchline export site --out _site $(if $(SINGLE),--single-file $(SINGLE))

# The debug build the test stages run: BUILD_DIR/debug/pitchline (the browser, Orca and Vega-Lite
# tests; PITCHLINE_BIN names it to them) and the test bundle. Within `make test` (SKIP_BUILD=1) the
# stages use it as it is, so stages running side by side never wait on SwiftPM's lock.
# `make test` builds into a scratch folder of its own (TEST_BUILD), so it never invalidates a
# developer's `.build`, and without debug information (-gnone), which nobody reads in CI: the whole
# build took 506 s of CPU without it at a load of 12, 555-583 s with it at a low load
# (docs/performance.md, "make test"). The index store stays: on Linux, SwiftPM finds the tests
# through it (--disable-index-store fails the test build with "index store path does not exist").
BUILD_DIR ?= .build
SWIFT_BUILD_FLAGS ?=
PITCHLINE_BIN ?= $(BUILD_DIR)/debug/pitchline
export PITCHLINE_BIN
BUILT := $(if $(SKIP_BUILD),,build)
SWIFT_BUILD := $(SWIFT) build --scratch-path $(BUILD_DIR) $(SWIFT_BUILD_FLAGS)
# The binary alone (what the browser and Vega-Lite tests need), then the test bundle beside them.
app-build: deps check-imports
	$(SWIFT_BUILD) --product pitchline
test-build: deps check-imports
	$(SWIFT_BUILD) --build-tests

# The Swift Testing suites, straight from the bundle (what `swift test` runs after its build). A
# bundle that dies before its first line of output still says how it ended.
swift-test: deps $(if $(SKIP_BUILD),,test-build)
	@echo "$(BUILD_DIR)/debug/PitchlinePackageTests.xctest --testing-library swift-testing"
	@$(BUILD_DIR)/debug/PitchlinePackageTests.xctest --testing-library swift-testing; rc=$$?; \
	  [ $$rc -eq 0 ] || echo "swift-test: the test bundle exited with status $$rc" >&2; exit $$rc

# Package.swift's dependencies are exactly the imports (SwiftPM's
# --explicit-target-dependency-import-check does not catch undeclared imports on Linux).
check-imports:
	python3 tools/check_imports.py
	python3 tools/check_links.py

# Browser tests on BROWSER_WORKERS processes (pytest-xdist). --dist loadfile keeps each test file
# on one worker (its export and Chromium start once), so test_orca.py's transcripts run one after
# another in one worker, holding /tmp/orca.lock (one Orca and AT-SPI session per machine), while
# the other files run beside them. --durations lists the slowest tests (what to make leaner).
# browser-test leaves out the tests marked `slow` (browser-tests/conftest.py); browser-test-full,
# page-test and orca-test run them too.
# Files go out in the order browser-tests/conftest.py sorts them (FIRST: Orca's real-time
# transcripts, then the longest files); without --no-loadscope-reorder xdist hands out the files
# with the most tests first and Orca ran last. Three workers: the tests mostly wait on timers and
# speech (two used 0.8 of the 2 cores).
BROWSER_WORKERS ?= 3
PYTEST_BROWSER = PITCHLINE_ORCA_LOCK=/tmp/orca.lock $(PY) -m pytest -q --durations=15
XDIST = -n $(BROWSER_WORKERS) --dist loadfile --no-loadscope-reorder
browser-test: test-deps $(BUILT)
	$(PYTEST_BROWSER) $(XDIST) -m "not slow" browser-tests
browser-test-full: test-deps $(BUILT)
	$(PYTEST_BROWSER) $(XDIST) browser-tests
page-test: test-deps $(BUILT)
	$(PYTEST_BROWSER) $(XDIST) --ignore=browser-tests/test_orca.py browser-tests
orca-test: test-deps $(BUILT)
	$(PYTEST_BROWSER) browser-tests/test_orca.py

# Pitchline's evaluated data against Vega-Lite's own (vl-convert-python, headless; no browser).
vegalite-test: test-deps $(BUILT)
	$(PY) -m pytest -q vegalite-diff

# CI (.ci/run), tools/timed-stages.sh: the binary is built first; then three lanes run side by
# side: the browser tests; at nice 10 the test bundle's build and the Swift suites; at nice 10 the
# Vega-Lite tests. The browser tests wait on Chromium, Orca's speech and the page's timers, so the
# other lanes run in the CPU they leave; at nice 10 they never delay Orca's speech (an Orca
# transcript missed its window beside a build at nice 0). Each stage prints its wall and CPU time,
# and a table of them at the end.
# `make test` must stay under 10 minutes here. What it leaves out runs in `make test-full`, before
# a release and after any change to the page script, templates or words: the Orca transcripts
# marked slow (help, browse mode, reports, windows, braille, notebooks), the fuzz targets under
# ASan (a second instrumented build: fuzz-short) and the install test.
TEST_BUILD := BUILD_DIR=.build-test SWIFT_BUILD_FLAGS="-Xswiftc -gnone" PITCHLINE_BIN=.build-test/debug/pitchline
test: test-deps
	@$(TEST_BUILD) SKIP_BUILD=1 bash tools/timed-stages.sh app-build -- browser-test "nice:test-build nice:swift-test" nice:vegalite-test
test-full: test-deps
	@$(TEST_BUILD) SKIP_BUILD=1 bash tools/timed-stages.sh test-build swift-test browser-test-full vegalite-test fuzz-short

bench: release test-deps
	$(call apt_install,$(APT_BENCH))
	bash bench/run.sh

# The C owners' throwing-init tests under AddressSanitizer + LeakSanitizer (scratch .build-asan): a double free,
# use after free or leak in a throwing init fails here (valgrind cannot run Swift's test runner).
# Not in `make test` (a whole second instrumented build, minutes on 2 cores); in `make test-full`
# the fuzz-vorbis target runs the same init paths under ASan + LSan.
leak-check: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=1 .build-asan/debug/PitchlinePackageTests.xctest --testing-library swift-testing --filter ThrowingInitTests

# libFuzzer targets in Fuzz/ (ASan + coverage, scratch .build-fuzz): FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run.sh

# The fuzz targets' build alone (make test starts it early, and runs fuzz-short later).
fuzz-build: deps
	FUZZ_BUILD_ONLY=1 bash Fuzz/run.sh

# The short run for CI: 10 s per target, seed fixed (Fuzz/run.sh says why).
fuzz-short: deps
	FUZZ_SECONDS=10 FUZZ_SEED=1 bash Fuzz/run.sh

# Load and abuse for SOAK_SECONDS (default 300): wrk at 200 connections, slow clients, --watch swaps.
soak: release
	$(call apt_install,$(APT_BENCH))
	bash bench/soak.sh

# Install (docs/install.md): the binary carries its theme, so bin/pitchline is
# all it needs besides the system libraries docs/install.md lists. PREFIX (default /usr/local) and
# DESTDIR (staging) as usual. The release binary links the Swift runtime and Foundation statically
# (--static-swift-stdlib), so it runs where no Swift toolchain is installed. CONFIG=debug installs
# the debug build instead (make test, which must not spend minutes on a release build). The
# release binary is stripped: 58 MB, 22 MB in the tarball (most of it Foundation's ICU data).
PREFIX ?= /usr/local
CONFIG ?= release
BINDIR = $(DESTDIR)$(PREFIX)/bin
DOCDIR = $(DESTDIR)$(PREFIX)/share/doc/pitchline
# The notebook and Pandoc bridges (docs/notebooks.md): `pip install share/pitchline/python`,
# `--lua-filter share/pitchline/pandoc/pitchline.lua`.
SHAREDIR = $(DESTDIR)$(PREFIX)/share/pitchline

install: deps
	$(if $(filter debug,$(CONFIG)),$(SWIFT) build,$(SWIFT) build -c release --static-swift-stdlib)
	install -d "$(BINDIR)" "$(DOCDIR)/docs"
	install -m 755 $(if $(filter release,$(CONFIG)),-s) .build/$(CONFIG)/pitchline "$(BINDIR)/pitchline"
	install -m 644 README.md "$(DOCDIR)/README.md"
	install -m 644 docs/*.md "$(DOCDIR)/docs/"
	install -d "$(SHAREDIR)/python/pitchline_altair" "$(SHAREDIR)/pandoc"
	install -m 644 python/pyproject.toml python/README.md "$(SHAREDIR)/python/"
	install -m 644 python/pitchline_altair/__init__.py "$(SHAREDIR)/python/pitchline_altair/"
	install -m 644 pandoc/pitchline.lua "$(SHAREDIR)/pandoc/"

uninstall:
	rm -f "$(BINDIR)/pitchline"
	rm -rf "$(DOCDIR)" "$(SHAREDIR)"

# A tarball of the installed tree for Linux x86-64 (bin/, share/doc/): dist/pitchline-VERSION-linux-x86_64.tar.gz.
# Prints its size and the shared libraries the binary needs (none of them Swift's).
# Evaluated once (:=), so every line of the recipe names the same folder.
ifndef VERSION
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
endif
DIST_NAME = pitchline-$(VERSION)-linux-x86_64
dist:
	rm -rf .build/dist && $(MAKE) --no-print-directory install CONFIG=release PREFIX= DESTDIR=$(CURDIR)/.build/dist/$(DIST_NAME)
	@if ldd .build/dist/$(DIST_NAME)/bin/pitchline | grep -q 'libswift\|libFoundation'; then echo "dist: the binary still needs the Swift runtime" >&2; exit 1; fi
	mkdir -p dist && tar -C .build/dist -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME)
	@echo "dist/$(DIST_NAME).tar.gz: $$(du -h dist/$(DIST_NAME).tar.gz | cut -f1) (binary $$(du -h .build/dist/$(DIST_NAME)/bin/pitchline | cut -f1)); needs:"
	@ldd .build/dist/$(DIST_NAME)/bin/pitchline | awk '/=>/ {print "  " $$1}'

clean:
	rm -rf .build .cache _site dist
