# Two commands on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
PORT ?= 5006
ADDRESS ?= 0.0.0.0
# Extra host names the demo is served under (space separated, e.g. "games.example.org"):
# each is allowed as a websocket origin besides localhost and 127.0.0.1.
ORIGINS ?=
# Sessions whose page has gone are checked every 10 s and dropped 60 s after their last use.
SESSION_CHECK_MS ?= 10000
SESSION_LIFETIME_MS ?= 60000
# Serving processes behind Debian's HAProxy (cole_panel/haproxy.py): a page is built by Python
# on one core, so a class arriving at once is served about twice as fast by two.  Without
# HAProxy (apt-get could not run) one process serves, and says so.
PROCESSES ?= 2
APPS := $(wildcard apps/*.py)
# Test processes (pytest-xdist; a file's tests stay in one process). The browser and notebook
# tests spend much of their time waiting on a page or a kernel, so more than two keep both cores
# busy; four (34.5 min of pytest in a clean clone on 2 cores) loaded CI to where three page tests
# timed out waiting, so three. 1 runs them in order.
TEST_WORKERS ?= 3
# The whole suite is stopped after this long with an interrupt, so a run that hangs (in a test or
# in collection, where pytest-timeout does not reach) still prints what ran and what did not.
TEST_TIME_LIMIT ?= 80m

AXE := tests/.npm/axe-core/axe.min.js

.PHONY: serve test bench bundle lint install install-test chromium other-browsers axe postgresql mimalloc haproxy clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test chromium other-browsers axe postgresql mimalloc haproxy

chromium:
	@test -x $(CHROMIUM) || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

# Firefox ESR and WebKitGTK (Safari's engine) for tests/browser/test_other_engines.py: Debian's
# firefox-esr, webkit2gtk-driver (WebKitWebDriver and its MiniBrowser) and the Xvfb they draw in.
OTHER_BROWSERS := /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
other-browsers:
	@ls $(OTHER_BROWSERS) >/dev/null 2>&1 || { \
	  echo "Installing Debian's firefox-esr, webkit2gtk-driver and xvfb for the browser tests"; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq \
	    firefox-esr webkit2gtk-driver xvfb; }

# Debian's mimalloc, which the serving processes run with (cole_panel/core/allocator.py): a
# class's memory is handed back after its wave. Installed when apt-get may be run (as root or
# with sudo without a password); else the pages are served with Python's own allocator.
mimalloc: $(VENV)/.installed
	@$(PY) -c "import ctypes.util, sys; sys.exit(ctypes.util.find_library('mimalloc') is None)" || { \
	  SUDO=$$(test "$$(id -u)" = 0 || echo "sudo -n"); \
	  { DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libmimalloc2.0 || { $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libmimalloc2.0; }; } >/dev/null 2>&1 || \
	  echo "mimalloc not installed (apt-get libmimalloc2.0 needs root): serving with Python's allocator"; }

# Debian's HAProxy, in front of the serving processes of `make serve` (its own instance, from a
# generated configuration: no service is started) and of the process tests (tests/haproxy.py).
# Installed when apt-get may be run (as root or with sudo without a password); else `make
# serve` serves one process.
haproxy:
	@PATH="$$PATH:/usr/sbin" command -v haproxy >/dev/null || { \
	  SUDO=$$(test "$$(id -u)" = 0 || echo "sudo -n"); \
	  { DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq haproxy || { $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq haproxy; }; } >/dev/null 2>&1 || \
	  echo "HAProxy not installed (apt-get haproxy needs root): make serve serves one process"; }

# Deque's axe-core (accessibility checks in the browser tests), from the npm registry.
axe: $(AXE)

$(AXE):
	mkdir -p $(@D)
	cd $(@D) && npm pack --silent axe-core@4 >/dev/null && tar xzf axe-core-*.tgz && \
	  cp package/axe.min.js . && rm -rf package axe-core-*.tgz

# The PostgreSQL tests start a throwaway server of their own (tests/postgres.py): the package
# only, no service is started.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "Installing Debian's postgresql for the database tests"; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql; }

# `panel serve` with gzip, websocket compression and only the bundles a page uses
# (cole_panel/serve.py); it takes every `panel serve` option.
serve: $(VENV)/.installed mimalloc haproxy
	$(PY) -m cole_panel.serve $(APPS) --address $(ADDRESS) --port $(PORT) \
	  --allow-websocket-origin localhost:$(PORT) --allow-websocket-origin 127.0.0.1:$(PORT) \
	  $(foreach origin,$(ORIGINS),--allow-websocket-origin $(origin)) \
	  --check-unused-sessions $(SESSION_CHECK_MS) --unused-session-lifetime $(SESSION_LIFETIME_MS) \
	  --index index --processes $(PROCESSES)

# The hostile-client suite runs twice: at one process (in the whole suite) and again through
# HAProxy in front of two processes, as `make serve` serves a class.
test: install-test
	$(VENV)/bin/ruff check .
	COLE_TEST_PROCESSES=2 $(PY) -m pytest tests/security -p no:cacheprovider -q
	timeout --signal=INT --kill-after=60 $(TEST_TIME_LIMIT) \
	  $(PY) -m pytest $(if $(filter-out 1,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadfile)

bench: install-test
	$(PY) -m bench

# The pages' browser components as one file, made from their _esm texts (cole_panel/ui/components.py).
bundle: $(VENV)/.installed
	$(PY) -c "from cole_panel.ui.components import main; main()"

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check engines cole_panel apps bench tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis tests/artifacts
