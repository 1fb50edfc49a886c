# Two commands on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
PORT ?= 5006
APPS := apps/index.py apps/circle.py apps/ecosystem.py apps/savannah.py apps/lab.py

.PHONY: serve test bench lint install install-test chromium clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test chromium

chromium:
	@test -x $(CHROMIUM) || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

serve: $(VENV)/.installed
	$(VENV)/bin/panel serve $(wildcard $(APPS)) --address 0.0.0.0 --port $(PORT) \
	  --allow-websocket-origin localhost:$(PORT) --allow-websocket-origin 127.0.0.1:$(PORT) \
	  --index index

test: install-test
	$(VENV)/bin/ruff check .
	$(PY) -m pytest

bench: install-test
	$(PY) -m bench

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check engines cole_panel apps bench tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis tests/artifacts
