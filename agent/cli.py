"""The command line: `tally ask`, `tally chat`, `tally profile`, `tally index`, `tally tools`, `tally mcp`, `tally serve`."""

from __future__ import annotations

import gc
import json
import queue
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

from agent.config import Config, load_config
from agent.errors import MAX_QUESTION_CHARS, QuestionTooLong, TallyError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Exact answers about a whole table, with provenance.")
console = Console()
errors = Console(stderr=True)

EVAL_INDEX = ".tally/eval-index"
FILE_KINDS = "CSV, TSV, Parquet, JSON lines or Excel"
"""The file kinds every command reads (agent.sources.open_table), named alike in each one's help."""
SHEETS = "a workbook: every sheet, or 'book.xlsx#Sheet' for one"
FileArg = Annotated[Path, typer.Argument(help=f"A {FILE_KINDS} file ({SHEETS}).")]
ConfigOpt = Annotated[Optional[Path], typer.Option("--config", help="config.yaml to use.")]


def build_agent(path: Path, config: Config, *, one_question: bool = False):
    """Load the table and wire the agent: the OpenAI model when configured, else router only.
    `one_question`: the process asks it one question (`tally ask`), so its engine scans the
    table's rows where they are instead of copying them for later questions."""
    from agent.loop import Agent
    from agent.router.router import Router
    from agent.sources import open_table

    table = open_table(path)
    model = None
    if config.model.configured:
        from agent.openai_model import OpenAIModel
        model = OpenAIModel(config.model)
    engine = config.engine.build(max_groups=config.tools.max_groups_returned, copy_rows=not one_question)
    router = Router(table, config.router, config.search)
    return Agent(table=table, engine=engine, router=router, config=config, model=model,
                 searcher=_searcher(table, config, router.lexicon))


def _choose_agent(files: list[str], question: str, config: Config):
    """The agent over the one table the router reads `question` against, or the refusal (an
    Abstained outcome, printed and exit 3 like any refusal, --json too) when it cannot tell: every
    table is loaded (Excel: every sheet). A question that spells one table's name ('order lines' for
    order_lines.csv; agent.sheets.tables_named) goes to that table, which answers or refuses; one
    that spells several refuses (exit 3). Otherwise the table whose router decision holds a plan or lookup answers (or
    refuses, when every word was read but its rows keep it from an exact answer). With
    several such tables, the one holding a column the question names that the others lack answers
    (said on stderr: agent.sheets); else it refuses (exit 3), naming them, rather than pick one;
    with none, the first table answers (it abstains with its reason, or a model decides)."""
    from agent.outcome import Abstained
    from agent.sheets import choose_table
    from agent.sources import expand

    specs = expand(files)
    agents = [build_agent(Path(spec), config, one_question=True) for spec in specs]
    if len(agents) == 1:
        return agents[0]
    choice = choose_table(question, agents)
    if choice.notice:
        _notice(choice.notice)
    if choice.refusal:
        return Abstained(question=question, answer=choice.refusal, reason=choice.refusal)
    return agents[choice.index if choice.index is not None else 0]


def _searcher(table, config: Config, lexicon):
    """The table's lazy RecordSearch (None for a table read where it lies); notices and the index
    progress bar go to stderr."""
    from agent.search import lazy_searcher
    from agent.search.progress import IndexBar

    return lazy_searcher(table, config.search, notify=_notice, progress=IndexBar(errors), lexicon=lexicon)


def _notice(message: str) -> None:
    """A dim line on stderr (index notices), so --json output on stdout stays clean."""
    errors.print(message, style="dim", markup=False, highlight=False)


def _drain(held: queue.SimpleQueue[str]) -> None:
    """Print the index notices the background thread left in `held` since the last prompt."""
    while not held.empty():
        _notice(held.get())


def _fail(exc: Exception, as_json: bool = False) -> None:
    """Exit 2 (bad input) naming what was wrong on stderr; with --json also a JSON object on stdout,
    {"status": "bad_input", "error": <kind>, "message": <text>}, so a caller parsing stdout sees it."""
    errors.print(f"error: {exc}", style="red", markup=False, highlight=False)
    if as_json:
        kind = getattr(exc, "kind", None) or type(exc).__name__
        print(json.dumps({"status": "bad_input", "error": kind, "message": str(exc)}, indent=2))
    raise typer.Exit(2)


@app.command()
def ask(words: Annotated[list[str], typer.Argument(metavar="FILE... QUESTION",
                                                   help=f"One or more files ({FILE_KINDS}; {SHEETS}), "
                                                        "then the question.")],
        as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable result.")] = False,
        chart: Annotated[Optional[Path], typer.Option("--chart", help="Also write the result's chart as PNG here.")] = None,
        config_path: ConfigOpt = None) -> None:
    """Answer one question, then show its provenance. With several tables, the question goes to
    the one the router reads it against. Exit code: 0 answered, 3 abstained (the reason is
    printed), 1 failed, 2 bad input (file or config). --chart writes the chart the web page would
    draw (bars for groups, a line over dates) from the typed result, offline."""
    with _lasting():
        from agent.render import render_outcome  # the router, engine and results modules with it
    from agent.outcome import Abstained
    if len(words) < 2:
        _fail(TallyError("give at least one file and a question"))
    files, question = words[:-1], words[-1]
    try:
        if len(question) > MAX_QUESTION_CHARS:
            raise QuestionTooLong(len(question))
        config = load_config(config_path)
        chosen = _choose_agent(files, question, config)
        agent = None if isinstance(chosen, Abstained) else chosen
        outcome = chosen if agent is None else agent.ask(question)
    except (TallyError, OSError) as exc:
        _fail(exc, as_json)
    if as_json:
        print(json.dumps(outcome.model_dump(mode="json"), indent=2))
    else:
        render_outcome(console, outcome, model_name=config.model.name, max_rows=config.output.max_rows)
    if chart is not None:
        _write_chart(outcome, chart)
    if agent is not None:
        _keep_facts(agent.table)
    if outcome.status != "answered" and outcome.status != "router_takeover":
        raise typer.Exit(1 if outcome.status == "failed" else 3)


def _keep_facts(table) -> None:
    """Keep what this process learned about the table's rows with its cache entry (the next `tally
    ask` on the file reads it back: agent/table_cache.py)."""
    from agent.table_cache import keep_facts

    keep_facts(table)


@contextmanager
def _lasting():
    """No garbage collection while the block runs (imports: what they allocate lives as long as
    the process, so a collection finds nothing; about 0.1 s of CPU time a `tally ask`). Nothing is
    frozen here (gc.freeze would keep whatever the calling process holds from ever being collected
    when `ask` runs in-process: tests, another program); agent/__main__.py freezes at start."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _write_chart(outcome, path: Path) -> None:
    """The first chart among the outcome's results, as PNG at `path`; a notice when none applies."""
    from agent.charts import chart_spec, write_png
    spec = next((s for s in (chart_spec(c.result) for c in outcome.results) if s), None)
    if spec is None:
        _notice(f"no chart written to {path}: this answer has no groups or dates to draw")
        return
    try:
        _notice(f"chart: {write_png(spec, path)}")
    except OSError as exc:
        _fail(exc)


@app.command()
def chat(file: FileArg, resume: Annotated[Optional[Path], typer.Option(help="Transcript JSONL to continue.")] = None,
         transcript: Annotated[Optional[Path], typer.Option(help="Where to write the transcript.")] = None,
         config_path: ConfigOpt = None) -> None:
    """An interactive session; follow-ups ("and for TX?") refine the last question."""
    from agent.chat import Session
    from agent.render import render_outcome
    try:
        from agent.sources import expand

        config = load_config(config_path)
        sheets = [build_agent(Path(spec), config) for spec in expand([file])]  # a workbook: each sheet
        agent = sheets[0]
        if resume:
            session = Session.resume(agent, resume, sheets)
            session.transcript = transcript or resume
        else:
            path = transcript or Path(config.output.transcript_dir) / f"{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
            session = Session.start(agent, path, sheets)
    except (TallyError, OSError, ValueError) as exc:
        _fail(exc)
    opened = "; ".join(f"{a.table.name}: {a.table.rows:,} rows" for a in sheets)
    console.print(f"{opened}. Transcript: {session.transcript}. Empty line or Ctrl-D to quit.", style="dim",
                  markup=False, highlight=False)
    held: queue.SimpleQueue[str] = queue.SimpleQueue()  # index notices, shown between answers, never mid-answer
    if agent.searcher is not None:
        from agent.search import index_in_background

        index_in_background(agent.searcher, config.search, held.put)
    while True:
        _drain(held)
        try:
            question = input("? ").strip() if sys.stdin.isatty() else sys.stdin.readline()
        except (EOFError, KeyboardInterrupt):
            break
        if not question.strip() or question.strip().lower() in ("exit", "quit", ":q"):
            break
        if len(question.strip()) > MAX_QUESTION_CHARS:
            errors.print(f"error: {QuestionTooLong(len(question.strip()))}", style="red", markup=False, highlight=False)
            continue
        outcome = session.ask(question.strip())
        if session.notice:
            _notice(session.notice)
        render_outcome(console, outcome, model_name=config.model.name, max_rows=config.output.max_rows)


@app.command()
def profile(file: FileArg, as_json: Annotated[bool, typer.Option("--json")] = False,
            config_path: ConfigOpt = None) -> None:
    """Show the table profile: each column's role, nulls, distinct values; of every sheet of a
    workbook (with --json a list of profiles, one per sheet, when it has several)."""
    from agent.profile import profile_table
    from agent.render import render_profile
    from agent.sources import expand, open_table
    try:
        config = load_config(config_path)
        results = [profile_table(open_table(spec), config.tools.low_cardinality) for spec in expand([file])]
    except (TallyError, OSError) as exc:
        _fail(exc, as_json)
    if as_json:
        dumped = [r.model_dump(mode="json") for r in results]
        print(json.dumps(dumped[0] if len(dumped) == 1 else dumped, indent=2))
        return
    for result in results:
        render_profile(console, result)
    if len(results) > 1:
        sheets = [r.file.rsplit("#", 1)[-1] for r in results]
        console.print(f"{file.name} has {len(results)} sheets with rows ({', '.join(sheets)}), each shown above; a "
                      f"question goes to the sheet it reads against, or name one: '{file.name}#{sheets[1]}'.",
                      style="dim", markup=False, highlight=False)


@app.command()
def index(file: Annotated[Path, typer.Argument(help=f"A {FILE_KINDS} file (of a workbook its first sheet with "
                                                    "rows, or 'book.xlsx#Sheet').")], config_path: ConfigOpt = None) -> None:
    """Build the record-search index of FILE (embeddings in Qdrant, BM25), with a progress bar.
    Ctrl-C stops it safely; run it again to resume where it stopped. Reused until the file changes."""
    from agent.router.lexicon import build_lexicon
    from agent.search.progress import IndexBar
    from agent.search.searcher import RecordSearch
    from agent.sources import open_table
    try:
        config = load_config(config_path)
        table = open_table(file)
        search = RecordSearch(table, config.search, money=build_lexicon(table, config.router).measure_candidates,
                              notify=_notice)
        started = time.perf_counter()
        written = search.build_index(IndexBar(errors))
    except KeyboardInterrupt:
        errors.print("Stopped. Run the same command again to resume.", style="yellow")
        raise typer.Exit(130)
    except (TallyError, OSError) as exc:
        _fail(exc)
    seconds = time.perf_counter() - started
    where = config.search.url or str(search.store.folder)
    done = (f"{written:,} rows embedded in {seconds:.1f} s ({written / seconds:,.0f} rows/s)" if written
            else "already built")
    console.print(f"{table.name}: {done}; the index holds all {table.rows:,} rows, at {where}.",
                  markup=False, highlight=False)


FilesArg = Annotated[list[Path], typer.Argument(help=f"{FILE_KINDS} files ({SHEETS}); tables are named by "
                                                     "file stem.")]


@app.command()
def serve(files: Annotated[Optional[list[Path]], typer.Argument(help=f"Tables to offer ({FILE_KINDS} files; more can be uploaded).")] = None,
          host: Annotated[Optional[str], typer.Option(help="Address (default web.host, 127.0.0.1).")] = None,
          port: Annotated[Optional[int], typer.Option(help="Port (default web.port, 8000; 0 = any free).")] = None,
          token: Annotated[Optional[str], typer.Option(envvar="TALLY_WEB_TOKEN",
                                                       help="Token for a non-loopback host (default: random).")] = None,
          config_path: ConfigOpt = None) -> None:
    """A chat page in the browser: upload or pick a table, ask, follow up; sessions are saved."""
    from agent.web.server import serve as run
    try:
        config = load_config(config_path)
        run(config, list(files or []), lambda path: build_agent(path, config), host=host, port=port, token=token,
            model_name=config.model.name if config.model.configured else None,
            announce=lambda line: console.print(line, markup=False, highlight=False))
    except (TallyError, OSError) as exc:
        _fail(exc)


def _toolset(files: list[Path], config: Config):
    """The toolset over `files`, with the engine limits and profile settings of `config`."""
    from agent.toolset import Toolset
    engine = config.engine.build(max_groups=config.tools.max_groups_returned)
    return Toolset.load(*files, engine=engine, low_cardinality=config.tools.low_cardinality, search=config.search)


@app.command()
def tools(files: FilesArg,
          fmt: Annotated[str, typer.Option("--format", help="openai (strict chat tools) or json-schema.")] = "openai",
          config_path: ConfigOpt = None) -> None:
    """Print the tool definitions as a JSON list: OpenAI chat `tools` entries or JSON Schemas."""
    if fmt not in ("openai", "json-schema"):
        _fail(ValueError(f"unknown format {fmt!r}: use openai or json-schema"))
    try:
        toolset = _toolset(files, load_config(config_path))
    except (TallyError, OSError) as exc:
        _fail(exc)
    print(json.dumps(toolset.openai() if fmt == "openai" else toolset.json_schemas(), indent=2))


@app.command()
def mcp(files: FilesArg, config_path: ConfigOpt = None) -> None:
    """Serve the tools (and each table's profile as a resource) over MCP on stdin/stdout."""
    from agent.mcp_server import run_stdio
    try:
        config = load_config(config_path)
        toolset = _toolset(files, config)
    except (TallyError, OSError) as exc:
        _fail(exc)
    from agent.search import index_in_background

    for searcher in toolset.searchers.values():  # stderr only: stdout carries the protocol
        index_in_background(searcher, config.search, _notice)
    run_stdio(toolset)


@app.command("eval")
def eval_(sets: Annotated[list[str], typer.Option("--set", help="demo, bugreports, databench, heldout, databench_train, wtq (a seeded 2,000), wtq_all (repeat).")] = ["demo", "bugreports"],
          modes: Annotated[list[str], typer.Option("--mode", help="router, replay, record, baseline (repeat).")] = ["replay"],
          out: Annotated[Path, typer.Option(help="Results folder (a timestamped subfolder is made).")] = Path("results"),
          limit: Annotated[Optional[int], typer.Option(help="At most this many cases per set.")] = None,
          every: Annotated[int, typer.Option(help="Take every Nth case of each set (2 = half).")] = 1,
          offset: Annotated[int, typer.Option(help="With --every N: start at this case (0 to N-1), a slice no earlier run used.")] = 0,
          recorded_only: Annotated[bool, typer.Option(help="Replay only cases that have a cassette.")] = False,
          skip_recorded: Annotated[bool, typer.Option(help="Record only cases that have no cassette yet.")] = False,
          fail_on_confident_wrong: Annotated[bool, typer.Option(help="Exit 1 if any case is confidently wrong.")] = False,
          config_path: ConfigOpt = None) -> None:
    """Score Tally on eval sets: accuracy, abstention, confident-wrong rate; report to a folder."""
    from rich.progress import track

    from evals.baseline import baseline, markdown
    from evals.cases import load_set
    from evals.report import markdown_table, summarize, write_report
    from evals.run import Tables, run
    try:
        config = load_config(config_path)
        # Its own index folder: a replay must see the index state it was recorded with (the 100k
        # table is never indexed there: above lazy_index_max_rows, its lookups get `tally index` asked for).
        config.search = config.search.model_copy(update={"cache_dir": EVAL_INDEX})
        cases = [c for name in sets for c in load_set(name)[offset::every][:limit]]
    except TallyError as exc:
        _fail(exc)
    run_modes = [m for m in modes if m != "baseline"]
    results = []
    if run_modes:
        steps = iter(track(range(len(cases) * len(run_modes)), description="eval", console=errors, transient=True))
        results = run(cases, run_modes, config, recorded_only=recorded_only, skip_recorded=skip_recorded,
                      progress=lambda: next(steps, None))
    extra = ""
    if "baseline" in modes:
        tables = Tables()
        rows = [r for c in cases if c.set == "demo" and c.type not in ("abstain", "records")
                for r in baseline(c, tables.get(c), config)]
        extra = "\n## Naive RAG baseline (Error Observability Collapse)\n\n" + markdown(rows) + "\n"
        print(markdown(rows))
    summaries = summarize(results)
    folder = out / time.strftime("%Y%m%d-%H%M%S")
    path = write_report(results, summaries, folder, extra)
    print(markdown_table(summaries))
    console.print(f"report: {path}", style="dim", markup=False, highlight=False)
    misses = [r for r in results if r.cassette_miss]
    wrong = [r for r in results if r.verdict == "confident_wrong"]
    for r in misses:
        errors.print(f"cassette miss: {r.id}: {r.cassette_miss}", style="red", markup=False, highlight=False)
    for r in wrong:
        errors.print(f"confidently wrong: {r.id} ({r.mode}): {r.answer!r} (expected {r.expected!r})",
                     style="red", markup=False, highlight=False)
    if misses or (fail_on_confident_wrong and wrong):
        raise typer.Exit(1)
