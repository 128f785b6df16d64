# polyopt developer entry points. `make test` and `make run` work on a fresh clone:
# they create .venv and install polyopt (editable) with every extra, at the exact
# versions of constraints.txt (setup.cfg says the ranges a `pip install polyopt` accepts).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install test test-slow lint run polybench clean

install: $(STAMP)

$(STAMP): setup.cfg pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[all,test]'
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q

test-slow: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q -m slow

# The linter's rules are in pyproject.toml; the layers' rules are tests/test_architecture.py.
lint: $(STAMP)
	$(BIN)/ruff check .

# Optimize the example matrix product, build both versions, time them side by side.
run: $(STAMP)
	$(BIN)/polyopt bench examples/matmul.c --repeat 3

# A quick PolyBench sweep (SMALL): every kernel, gcc vs isl vs identity-omp.
polybench: $(STAMP)
	$(BIN)/polyopt polybench --dataset SMALL --repeat 3 --out polybench-results

clean:
	rm -rf $(VENV) build *.egg-info
