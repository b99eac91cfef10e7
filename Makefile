# Two entry points for a fresh machine: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
DATA ?= ../shared/data/transactions

$(BIN)/tally: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@

.PHONY: demo test bench
demo: $(BIN)/tally
	$(BIN)/python -m agent.demo $(DATA)/sparkov_2019_100k.csv $(DATA)/kaggle_fraud_train_first5039.csv

test: $(BIN)/tally
	$(BIN)/pytest -q

bench: $(BIN)/tally
	$(BIN)/python bench/bench.py
