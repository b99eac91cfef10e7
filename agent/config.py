"""Configuration: `config.yaml`, one section per component, each read into a pydantic model.
Environment variables override: OPENAI_API_KEY, OPENAI_BASE_URL, TALLY_MODEL (the model name;
an empty value means no model), TALLY_MODEL_TIMEOUT (seconds per request; local CPU models need
minutes for a cold first prompt), TALLY_CONFIG (path of the YAML file), QDRANT_URL and QDRANT_API_KEY (a Qdrant server for record search)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent.errors import TallyError

_Section = ConfigDict(extra="forbid", defer_build=True)  # field docstrings are for readers; no runtime cost
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "config.yaml"


class ModelConfig(BaseModel):
    """The chat model behind the agent. With no `name` or no `api_key`, the router answers alone."""

    model_config = _Section

    name: str | None = None
    """Model name sent to the endpoint (env TALLY_MODEL)."""
    base_url: str | None = None
    """OpenAI-compatible endpoint; null for api.openai.com (env OPENAI_BASE_URL)."""
    api_key: str | None = None
    """API key (env OPENAI_API_KEY). Local endpoints accept any non-empty string."""
    timeout_s: float = 60.0
    """Per-request timeout in seconds."""
    max_retries: int = 2
    """Transport retries (408/409/429/5xx, timeouts) done by the openai client itself, the only retry layer."""
    temperature: float = 0.0
    """Sampling temperature."""

    @property
    def configured(self) -> bool:
        """True when both a model name and an API key are set."""
        return bool(self.name and self.api_key)


class RouterConfig(BaseModel):
    """The deterministic pre-router."""

    model_config = _Section

    value_aliases: dict[str, str] = Field(default_factory=dict)
    """Word -> categorical value ('female': 'F'); applied only to columns holding that value."""
    embedding_link: bool = True
    """Last resort of schema linking: a phrase no name, header word or acronym matched is linked to
    the column whose header MiniLM embeds nearest (cosine >= embedding_min), when the runner-up is
    at least embedding_margin behind (two close columns: no link, the router abstains)."""
    embedding_min: float = 0.6
    """Least cosine similarity for an embedding link."""
    embedding_margin: float = 0.15
    """Least lead of the best column over the second for an embedding link."""
    measure_words: list[str] = Field(default_factory=list)
    """Words that mean 'the table's money/amount column' (spend, spent, revenue...)."""
    row_nouns: list[str] = Field(default_factory=list)
    """Words that name the rows themselves (transactions, records...) and add no condition."""
    entity_nouns: list[str] = Field(default_factory=list)
    """Words for who the rows are about (customers, people...): ignored as modifiers ('female
    customers'), but counting them ('how many customers') is ambiguous, so the router abstains."""
    takeover_confidence: float = 0.6
    """When the model hedges or refuses, the router's plan answers instead if the router's
    classification confidence is at least this (0-1)."""


class ToolsConfig(BaseModel):
    """The typed compute tools."""

    model_config = _Section

    max_groups_returned: int = 50
    """Group-by results longer than this are truncated, with the total group count stated."""
    low_cardinality: int = 30
    """Columns with at most this many distinct values list them in the profile."""
    offer_by_kind: bool = True
    """Offer the model only the tools of the question's kind (agent.tools.choice), not all sixteen."""


class PoliciesConfig(BaseModel):
    """Policies over the agent loop."""

    model_config = _Section

    max_turns: int = 6
    """Model turns per question before the run ends."""
    max_seconds: float = 120.0
    """Wall-clock budget per question, in seconds."""
    max_failed_tool_calls: int = 3
    """Failed tool calls per question before the router takes over."""
    number_tolerance: float = 1e-6
    """Relative slack when matching an answer's number to a tool result, on top of the rounding
    its own digits imply (1,140,033.24 matches 1140033.2437 because it is written to cents)."""


class SearchConfig(BaseModel):
    """Record search: the Qdrant index, the exact-term signal and the reranker."""

    model_config = _Section

    url: str | None = None
    """Qdrant server (or cluster) URL; null = Qdrant's embedded local mode in `cache_dir` (env QDRANT_URL)."""
    api_key: str | None = None
    """API key of the Qdrant server (env QDRANT_API_KEY)."""
    backend: Literal["edge", "client"] = "edge"
    """Local index without `url`: 'edge' (qdrant-edge, Qdrant's engine embedded: ms queries, sub-second
    open) or 'client' (qdrant-client's local mode: pure Python, seconds above ~20k rows; the server's API)."""
    background_index: bool = True
    """Build a table's index in a background thread as soon as it is loaded (`tally chat`, `tally mcp`,
    Toolset), so ranked lookups find it ready; exact lookups never wait for it."""
    cache_dir: str = "~/.cache/tally/index"
    """Index folders, one per (table sha256, embedding model); reused across runs."""
    candidates: int = 20
    """Default k: candidates fetched by vector (and BM25) search before the rerank."""
    top_n: int = 5
    """Default number of records returned after the rerank."""
    exact_terms: bool = True
    """Fuse BM25 ranks (names, ids, exact words) with the vector ranks (reciprocal rank fusion)."""
    reranker: Literal["maxsim", "cross-encoder", "none"] = "maxsim"
    """Second stage: 'maxsim' (late interaction over MiniLM token vectors), 'cross-encoder' (an ONNX
    cross-encoder in `cross_encoder_dir`), or 'none' (keep the fused order)."""
    cross_encoder_dir: str | None = None
    """Folder with model.onnx and tokenizer.json of a cross-encoder (e.g. ms-marco-MiniLM-L-6-v2 exported to ONNX)."""
    lazy_index_max_rows: int = 20_000
    """A ranked search (query words the filter does not cover) builds a missing index itself up to this
    many rows; bigger tables need `tally index FILE` or the background build of `tally chat`/`tally mcp`,
    so a question never blocks for minutes unannounced. Exact lookups never need the index."""
    batch_rows: int = 1024
    """Rows embedded and written to Qdrant per batch (a resumed build restarts at a batch boundary)."""


class OutputConfig(BaseModel):
    """What the command line prints and writes."""

    model_config = _Section

    max_rows: int = 50
    """Group rows printed before the table is cut (the cut is stated with a count)."""
    transcript_dir: str = ".tally/sessions"
    """Where `tally chat` appends its JSONL transcripts."""


class EngineConfig(BaseModel):
    """Where plans run: DuckDB in-process (default) or Apache Spark, both from one SQL compiler."""

    model_config = _Section

    kind: Literal["duckdb", "spark"] = "duckdb"
    """duckdb: in-process, files read where they lie; spark: the same SQL trees on a Spark cluster."""
    memory_limit: str | None = None
    """DuckDB memory limit, e.g. '2GB'; null = DuckDB's default (80% of RAM). Beyond it, operators spill."""
    temp_directory: str | None = "~/.cache/tally/spill"
    """Where DuckDB spills past memory_limit (created on first spill)."""
    threads: int | None = None
    """DuckDB worker threads; null = one per core."""
    spark_master: str = "local[2]"
    """Spark master URL (spark://host:7077, yarn, local[N]) when kind is spark."""

    def build(self, *, max_groups: int = 50, copy_rows: bool = True):
        """The configured engine (a SqlEngine). Spark is imported only when chosen. `copy_rows`
        False (one question in this process) lets DuckDB scan a loaded file's rows where they are."""
        if self.kind == "spark":
            from agent.engine.spark_backend import spark_engine
            return spark_engine(master=self.spark_master, max_groups=max_groups)
        from agent.engine import duckdb_engine
        return duckdb_engine(max_groups=max_groups, memory_limit=self.memory_limit,
                             temp_directory=str(Path(self.temp_directory).expanduser()) if self.temp_directory else None,
                             threads=self.threads, copy_rows=copy_rows)


class WebConfig(BaseModel):
    """`tally serve`: the local web page."""

    model_config = _Section

    host: str = "127.0.0.1"
    """Address to listen on. Any address but loopback requires a token (printed with the URL)."""
    port: int = 8000
    """TCP port (0 = any free port)."""
    upload_dir: str = ".tally/uploads"
    """Where uploaded tables are kept, one folder per upload named by its sha256."""
    max_upload_mb: float = 50.0
    """Largest upload accepted, in MiB; a bigger one is refused with 413 and nothing is kept."""
    loaded_tables: int = Field(default=16, ge=1)
    """Tables whose agent (rows, router lexicon, engine) the server keeps loaded when no session
    uses it, least recently used first out; a table let go loads again on its next question."""
    live_sessions: int = Field(default=64, ge=1)
    """Sessions kept in memory; an older one is reopened from its transcript when asked again."""


class Config(BaseModel):
    """The whole configuration."""

    model_config = _Section

    model: ModelConfig = Field(default_factory=ModelConfig)
    router: RouterConfig = Field(default_factory=RouterConfig)
    tools: ToolsConfig = Field(default_factory=ToolsConfig)
    policies: PoliciesConfig = Field(default_factory=PoliciesConfig)
    output: OutputConfig = Field(default_factory=OutputConfig)
    search: SearchConfig = Field(default_factory=SearchConfig)
    engine: EngineConfig = Field(default_factory=EngineConfig)
    web: WebConfig = Field(default_factory=WebConfig)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, in C when libyaml is there (the same values; config.yaml in about a
tenth of the pure-Python loader's 7 ms, on every command)."""


def _read(path: Path) -> dict:
    try:
        return (yaml.load(path.read_text(), Loader=_LOADER) or {}) if path.exists() else {}
    except yaml.YAMLError as exc:
        raise TallyError(f"{path}: invalid YAML: {exc}") from exc


def _overlay(base: dict, top: dict) -> dict:
    merged = dict(base)
    for key, value in top.items():
        merged[key] = _overlay(base[key], value) if isinstance(value, dict) and isinstance(base.get(key), dict) else value
    return merged


def load_config(path: str | Path | None = None, env: dict[str, str] | None = None) -> Config:
    """The repo's config.yaml, overlaid (section by section) with the YAML at `path` (default:
    TALLY_CONFIG, if set), then environment overrides. Raises TallyError naming the file on bad
    YAML or unknown keys."""
    env = dict(os.environ) if env is None else env
    path = Path(path or env.get("TALLY_CONFIG") or DEFAULT_PATH)
    raw = _read(DEFAULT_PATH) if path.resolve() == DEFAULT_PATH else _overlay(_read(DEFAULT_PATH), _read(path))
    try:
        config = Config.model_validate(raw)
    except ValidationError as exc:
        raise TallyError(f"{path}: invalid config: {exc}") from exc
    model = config.model
    overrides = {"api_key": env.get("OPENAI_API_KEY"), "base_url": env.get("OPENAI_BASE_URL"),
                 "name": env.get("TALLY_MODEL")}
    update: dict[str, object] = {k: (v or None) for k, v in overrides.items() if v is not None}
    if env.get("TALLY_MODEL_TIMEOUT"):
        update["timeout_s"] = float(env["TALLY_MODEL_TIMEOUT"])
    config.model = model.model_copy(update=update)
    qdrant = {k: env[e] or None for k, e in (("url", "QDRANT_URL"), ("api_key", "QDRANT_API_KEY")) if e in env}
    config.search = config.search.model_copy(update=qdrant)
    return config
