# Set-up and everyday commands. `make demo` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
KERNELS := $(VENV)/.kernels

.PHONY: install demo run test quick bench lint clean

install: $(STAMP) $(KERNELS)  ## the .venv with the `simulate` command in it, kernels compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# numba compiles the games' kernels once into its cache (first time: a minute or two).
$(KERNELS): $(STAMP) $(wildcard simulate/kernels/*.py simulate/games/*/kernel*.py simulate/compiled/*.py strategies/compiled/*.py strategies/*.py)
	$(PY) -m simulate.engines
	touch $(KERNELS)

demo: install  ## run configs/demo.toml and print the report's path
	$(VENV)/bin/simulate run configs/demo.toml --fresh

run: demo

test: install  ## lint, then the whole test suite (what CI runs)
	$(PY) -m ruff check simulate strategies reports tests bench
	$(PY) -m pytest -n auto --dist worksteal

quick: install  ## the suite without the tests marked slow (a few minutes; make test runs all)
	$(PY) -m pytest -n auto --dist worksteal -m "not slow"

bench: install  ## games/s, parallel speed-up and peak memory -> bench/results.json
	$(PY) bench/bench.py

lint: install  ## ruff (pycodestyle + pyflakes, pyproject's [tool.ruff]) over every Python file
	$(PY) -m ruff check simulate strategies reports tests bench

clean:
	rm -rf runs .pytest_cache .hypothesis
