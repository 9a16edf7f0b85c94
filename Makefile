# Pitchline: `make serve` and `make test` are the two set-up commands (README).
# Both install what they need on a fresh Debian/Ubuntu machine (sudo only when not root).

SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
PORT ?= 8080
VENV := .venv
PY := $(VENV)/bin/python
APT_BUILD := libmicrohttpd-dev libvorbis-dev libogg-dev zlib1g-dev pkg-config
APT_TEST := chromium fonts-dejavu-core sox vorbis-tools
APT_BENCH := wrk nginx-light terser
STAMP := .build/.stamps

.PHONY: all build release deps test-deps test swift-test browser-test vegalite-test serve export check bench clean fuzz fuzz-short soak

all: build

# Install missing apt packages only (dpkg-query is quick; apt-get update runs once, when needed).
define apt_install
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; fi
endef

deps:
	$(call apt_install,$(APT_BUILD))

test-deps: deps
	$(call apt_install,$(APT_TEST))
	@[ -x $(PY) ] || python3 -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check -r browser-tests/requirements.txt
	@if [ -d ../shared/tools/orca ]; then bash ../shared/tools/orca/install.sh; fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

check: build
	$(SWIFT) run pitchline check site

serve: release
	.build/release/pitchline serve site --port $(PORT) --watch

# The static site in _site/ (docs/export.md); SINGLE=weather.html also writes one self-contained file.
export: release
	.build/release/pitchline export site --out _site $(if $(SINGLE),--single-file $(SINGLE))

swift-test: deps
	$(SWIFT) test

browser-test: test-deps build
	$(PY) -m pytest -q browser-tests

# Pitchline's evaluated data against Vega-Lite's own (vl-convert-python, headless; no browser).
vegalite-test: test-deps build
	$(PY) -m pytest -q vegalite-diff

test: test-deps swift-test browser-test vegalite-test fuzz-short

bench: release test-deps
	$(call apt_install,$(APT_BENCH))
	bash bench/run.sh

# libFuzzer targets in Fuzz/ (ASan + coverage, scratch .build-fuzz): FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run.sh

# The short run for CI: 10 s per target.
fuzz-short: deps
	FUZZ_SECONDS=10 bash Fuzz/run.sh

# Load and abuse for SOAK_SECONDS (default 300): wrk at 200 connections, slow clients, --watch swaps.
soak: release
	$(call apt_install,$(APT_BENCH))
	bash bench/soak.sh

clean:
	rm -rf .build .cache _site
