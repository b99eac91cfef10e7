"""Exact lookups with no index (records straight from the filter), the typed split between words
the predicates cover and words left to rank by, row vectors composed from field vectors, and the
background build. Expected rows are worked out by hand from tests/test_search.CSV."""

from __future__ import annotations

import numpy as np
import pytest

from agent.config import RouterConfig, SearchConfig
from agent.plan import Op, Predicate, SearchArgs
from agent.router.lexicon import build_lexicon
from agent.search.background import BackgroundIndex
from agent.search.coverage import coverage
from agent.search.embed import MiniLM
from agent.search.exact import OrderBy, exact_records
from agent.search.fields import FieldVectors
from agent.search.searcher import RecordSearch
from agent.search.status import IndexUnavailable
from agent.table import table_from_text
from tests.test_search import CSV

TX = Predicate(column="state", op=Op.eq, value="TX")


@pytest.fixture(scope="module")
def table():
    return table_from_text(CSV, "people.csv")


@pytest.fixture(scope="module")
def lex(table):
    return build_lexicon(table, RouterConfig())


def test_exact_records_filter_limit_and_count(table):
    records, count = exact_records(table, [TX], limit=2)
    assert count == 3 and [r.row for r in records] == [5, 6]  # TX rows are 5, 6, 7: file order, cut at 2
    assert records[0].fields["city"] == "Houston" and records[0].fields["amt"] == 310.5


def test_exact_records_stated_order_puts_missing_last(table):
    records, count = exact_records(table, [TX], [OrderBy("amt", descending=True)], limit=5)
    assert count == 3 and [r.row for r in records] == [5, 6, 7]  # 310.50, 18.75, then the missing amount
    records, _ = exact_records(table, [Predicate(column="first", op=Op.eq, value="jennifer")], [OrderBy("amt")], 5)
    assert [r.row for r in records] == [0, 6, 1]  # 4.97, 18.75, 52.10


def test_exact_records_with_no_predicates_is_the_head_of_the_table(table):
    records, count = exact_records(table, [], limit=3)
    assert count == 8 and [r.row for r in records] == [0, 1, 2]


@pytest.mark.parametrize("query, where, uncovered", [
    ("Show me a sample transaction from Texas", [TX], []),
    ("Jennifer Banks", [Predicate(column="first", op=Op.eq, value="Jennifer"),
                        Predicate(column="last", op=Op.eq, value="Banks")], []),
    ("transactions over $200 in Texas", [TX, Predicate(column="amt", op=Op.gt, value=200)], []),
    ("Jennifer Banks", [Predicate(column="first", op=Op.eq, value="Jennifer")], ["Banks"]),  # the filter dropped a name
    ("grocery shopping in Texas", [TX], ["grocery", "shopping"]),
    ("TX", [], ["TX"]),  # a value said in words but absent from the filter
    ("the latest transactions in Texas", [TX], ["latest"]),  # an order the predicates do not hold
    ("anything about refunds", [], ["refunds"]),
])
def test_coverage_splits_the_query_words(lex, query, where, uncovered):
    assert coverage(query, where, lex).uncovered == uncovered


def test_covered_lookup_needs_no_index(tmp_path, table):
    search = RecordSearch(table, SearchConfig(cache_dir=str(tmp_path), lazy_index_max_rows=0))
    result = search.search(SearchArgs(query="Show me a sample transaction from Texas", where=[TX], top_n=2))
    assert [r.row for r in result.records] == [5, 6] and result.provenance.rows_matched == 3
    assert result.exact and [s.name for s in result.stages] == ["exact"]
    assert "store" not in search.__dict__ and not list(tmp_path.iterdir())  # nothing opened or written
    with pytest.raises(IndexUnavailable, match="tally index"):  # words to rank by: the index is needed
        search.search(SearchArgs(query="laptop bag", where=[TX]))


def test_row_vector_is_the_normalised_sum_of_its_field_vectors(table):
    model = MiniLM()
    fields = FieldVectors.encode(table, ["first", "city", "when"], model)
    texts = ["first: Tyler", "city: Houston", "when: 2024-03-15"]  # row 5, the date at day precision
    expected = model.embed(texts).sum(axis=0)
    expected /= np.linalg.norm(expected)
    assert np.allclose(fields.row_vectors(5, 6)[0], expected, atol=1e-4)
    assert fields.row_tokens(5).shape[1] == model.dim


def test_background_build_reports_progress_then_serves_ranked_queries(tmp_path, table):
    search = RecordSearch(table, SearchConfig(cache_dir=str(tmp_path), batch_rows=3))
    lines: list[str] = []
    build = BackgroundIndex(search, lines.append)
    search.building = build  # not started yet: a ranked query is told the build's progress
    with pytest.raises(IndexUnavailable, match="being built in the background: 0 of 8 rows"):
        search.search(SearchArgs(query="laptop bag"))
    assert search.search(SearchArgs(query="transactions in Texas", where=[TX])).exact  # exact never waits
    build.start()
    build._thread.join(120)
    assert build.finished and build.error is None
    assert search.search(SearchArgs(query="laptop bag", top_n=1)).records[0].row == 5
    assert any("ready" in line for line in lines)
    search.store.close()


def test_index_open_in_another_process_is_refused_not_deleted(tmp_path, table):
    import subprocess
    import sys

    search = RecordSearch(table, SearchConfig(cache_dir=str(tmp_path)))
    search.build_index()
    folder = search.store.folder
    holder = ("import sys, time; from agent.config import SearchConfig; from agent.search.searcher import RecordSearch;"
              "from agent.table import table_from_text; from tests.test_search import CSV;"
              "s = RecordSearch(table_from_text(CSV, 'people.csv'), SearchConfig(cache_dir=sys.argv[1]));"
              "assert s.store.ready; print('open', flush=True); time.sleep(60)")
    search.store.close()
    other = subprocess.Popen([sys.executable, "-c", holder, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "open"
        again = RecordSearch(table, SearchConfig(cache_dir=str(tmp_path)))
        with pytest.raises(IndexUnavailable, match="another Tally process"):
            again.search(SearchArgs(query="laptop bag"))
        assert (folder / "manifest.json").exists() and (folder / "edge").exists()  # nothing deleted
    finally:
        other.kill()
        other.wait()
