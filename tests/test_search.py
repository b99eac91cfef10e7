"""Record search on real Qdrant in temp folders, both stores: qdrant-edge (the embedded default)
and qdrant-client (its local mode speaks the server's API): the payload pre-filter against
hand-derived row sets, the stages, no-match and corrupt/missing/interrupted indexes, the server URL
path up to its connection error."""

from __future__ import annotations

import socket

import pytest

from agent.config import SearchConfig
from agent.errors import BadPredicate, NoRowsMatched, TallyError, UnknownColumn
from agent.plan import Op, Predicate, SearchArgs
from agent.search.filters import to_filter
from agent.search.rerank import CrossEncoder, MaxSim
from agent.search.searcher import RecordSearch, fuse
from agent.search.store import IndexUnavailable
from agent.table import table_from_text

REAL_CONNECT = socket.socket.connect  # saved before the no-network fixture patches it

CSV = """when,first,last,city,state,category,amt,note
2024-01-05 09:00:00,Jennifer,Banks,Moravian Falls,NC,grocery_pos,4.97,oat milk
2024-01-05 18:30:00,jennifer ,Banks,Moravian Falls,NC,gas_transport,52.10,
2024-02-11 12:00:00,Stephanie,Gill,Orient,WA,grocery_pos,107.23,weekly shop
2024-02-29 08:15:00,Edward,Sanchez,Malad City,ID,misc_net,220.11,online order
2024-03-01 10:00:00,Jeremy,White,Boulder,MT,grocery_pos,45.00,
2024-03-15 16:45:00,Tyler,Garcia,Houston,TX,shopping_net,310.50,laptop bag
2024-03-31 23:59:00,Jennifer,Conner,Dallas,TX,food_dining,18.75,tacos
2024-04-02 07:30:00,Ana,Lopez,Austin,TX,grocery_pos,,missing amount
"""
# Row numbers below are worked out by hand from CSV (0-based data rows).


@pytest.fixture(scope="module", params=["edge", "client"])
def small(request, tmp_path_factory):
    table = table_from_text(CSV, "people.csv")
    config = SearchConfig(cache_dir=str(tmp_path_factory.mktemp("index")), batch_rows=3, backend=request.param)
    search = RecordSearch(table, config, money=["amt"])
    search.build_index()
    yield search
    search.store.close()


def filtered_rows(search: RecordSearch, where: list[Predicate]) -> set[int]:
    return set(search.store.rows_matching(to_filter(search.table, where), limit=100))


@pytest.mark.parametrize("where, rows", [
    ([Predicate(column="first", op=Op.eq, value="JENNIFER")], {0, 1, 6}),  # case and spaces ignored
    ([Predicate(column="first", op=Op.eq, value="Jennifer"), Predicate(column="last", op=Op.eq, value="Banks")], {0, 1}),
    ([Predicate(column="state", op=Op.in_, values=["TX", "ID"])], {3, 5, 6, 7}),
    ([Predicate(column="state", op=Op.ne, value="TX")], {0, 1, 2, 3, 4}),
    ([Predicate(column="state", op=Op.not_in, values=["TX", "NC"])], {2, 3, 4}),
    ([Predicate(column="city", op=Op.contains, value="falls")], {0, 1}),
    ([Predicate(column="amt", op=Op.gt, value=200)], {3, 5}),
    ([Predicate(column="amt", op=Op.le, value=45)], {0, 4, 6}),
    ([Predicate(column="amt", op=Op.between, value=45, upper=107.23)], {1, 2, 4}),
    ([Predicate(column="amt", op=Op.eq, value="$52.10")], {1}),
    ([Predicate(column="amt", op=Op.ne, value=4.97)], {1, 2, 3, 4, 5, 6}),  # the missing amount is not "unequal"
    ([Predicate(column="amt", op=Op.is_null)], {7}),
    ([Predicate(column="amt", op=Op.latest)], {5}),
    ([Predicate(column="note", op=Op.not_null)], {0, 2, 3, 5, 6, 7}),
    ([Predicate(column="when", op=Op.eq, value="2024-02")], {2, 3}),  # a whole month, 29 Feb included
    ([Predicate(column="when", op=Op.eq, value="2024-01-05")], {0, 1}),
    ([Predicate(column="when", op=Op.ge, value="2024-03-15")], {5, 6, 7}),
    ([Predicate(column="when", op=Op.gt, value="2024-03")], {7}),  # after March: April on
    ([Predicate(column="when", op=Op.between, value="2024-02", upper="2024-03-01")], {2, 3, 4}),
    ([Predicate(column="when", op=Op.latest)], {7}),
    ([Predicate(column="when", op=Op.in_, values=["2024-01-05", "2024-03-31"])], {0, 1, 6}),
    ([Predicate(column="state", op=Op.eq, value="TX"), Predicate(column="amt", op=Op.lt, value=100)], {6}),
])
def test_qdrant_prefilter_selects_exactly_the_rows(small, where, rows):
    assert filtered_rows(small, where) == rows


AWKWARD = ('Full Name,Start Date,dept.,pay [USD],"say ""hi"""\n'
           "Anna Schmidt,2019-03-15,Engineering,85000,a\n"
           "Bob Jones,2020-04-15,Sales,62500,b\n"
           "Cy Lee,2021-07-01,Engineering,70000,\n")
# rows by hand: Engineering = {0, 2}; Start Date after 2020 = {1, 2}; pay [USD] > 65000 = {0, 2}


@pytest.fixture(scope="module", params=["edge", "client"])
def awkward(request, tmp_path_factory):
    table = table_from_text(AWKWARD, "hr.csv")
    config = SearchConfig(cache_dir=str(tmp_path_factory.mktemp("index")), batch_rows=2, backend=request.param)
    search = RecordSearch(table, config)
    search.build_index()
    yield search
    search.store.close()


@pytest.mark.parametrize("where, rows", [
    ([Predicate(column="dept.", op=Op.eq, value="Engineering")], {0, 2}),
    ([Predicate(column="Start Date", op=Op.ge, value="2020-01-01")], {1, 2}),
    ([Predicate(column="pay [USD]", op=Op.gt, value=65000)], {0, 2}),
    ([Predicate(column='say "hi"', op=Op.is_null)], {2}),
])
def test_columns_named_with_spaces_dots_brackets_and_quotes_filter_and_rank(awkward, where, rows):
    # Qdrant reads payload keys as JSON paths: 'Start Date' was refused ('invalid JSON path')
    assert filtered_rows(awkward, where) == rows
    result = awkward.search(SearchArgs(query="engineer", where=where, top_n=3))
    assert {r.row for r in result.records} == rows


def test_filter_rejects_what_the_engine_rejects(small):
    with pytest.raises(UnknownColumn):
        to_filter(small.table, [Predicate(column="town", op=Op.eq, value="Orient")])
    with pytest.raises(BadPredicate):
        to_filter(small.table, [Predicate(column="city", op=Op.gt, value="A")])
    with pytest.raises(BadPredicate):
        to_filter(small.table, [Predicate(column="when", op=Op.eq, value="last week")])


def test_search_returns_only_rows_passing_the_filter_with_provenance(small):
    result = small.search(SearchArgs(query="grocery shopping in Texas", where=[
        Predicate(column="state", op=Op.eq, value="tx")], top_n=5))
    assert {r.row for r in result.records} == {5, 6, 7}  # all three TX rows, nothing else
    assert result.records[0].row == 7  # the only TX grocery purchase ranks first
    assert result.filter == "state = 'tx'"
    assert result.provenance.rows_matched == 3 and result.provenance.rows_scanned == 8
    assert result.provenance.matched_values == {"state": ["TX"]}
    assert [s.name for s in result.stages] == ["vector", "bm25", "fusion", "rerank"]
    assert result.records[0].fields["city"] == "Austin" and result.records[0].fields["amt"] is None


def test_exact_terms_find_a_name_without_a_filter(small):
    result = small.search(SearchArgs(query="Conner", top_n=1))
    assert result.records[0].row == 6


def test_no_match_names_the_filter_and_offers_near_values_as_such(small):
    with pytest.raises(NoRowsMatched) as info:
        small.search(SearchArgs(query="x", where=[Predicate(column="city", op=Op.eq, value="Moravian Fall"),
                                                  Predicate(column="amt", op=Op.gt, value=1)]))
    assert "city = 'Moravian Fall' AND amt > 1" in str(info.value)
    assert info.value.near_values == {"city": ["Moravian Falls"]}


def test_rrf_fuses_ranks():
    # 1/(60+r) summed: row 2 is 2nd and 1st (1/62 + 1/61) and beats row 1 (1st and absent)
    assert fuse([1, 2, 3], [2, 3]) == [2, 3, 1]


def test_maxsim_prefers_the_matching_record(small):
    scores = MaxSim(small.embedder).scores("tacos in Dallas", ["city: Dallas | note: tacos", "city: Orient | note: weekly shop"])
    assert scores[0] > scores[1]


def test_cross_encoder_folder_missing_is_named(tmp_path):
    with pytest.raises(TallyError, match=str(tmp_path)):
        CrossEncoder(str(tmp_path)).scores("q", ["t"])


def test_resume_after_interrupt_and_reuse(tmp_path):
    table = table_from_text(CSV, "people.csv")
    config = SearchConfig(cache_dir=str(tmp_path), batch_rows=3)
    notes: list[str] = []
    search = RecordSearch(table, config, notify=notes.append)

    def stop_after_first_batch(done: int, total: int) -> None:
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        search.build_index(stop_after_first_batch)
    assert not search.store.ready
    assert search.build_index() == 8 - 3  # resumed at the batch boundary
    assert any("Resuming" in n for n in notes)
    assert search.store.ready and search.build_index() == 0
    search.store.close()
    again = RecordSearch(table, config)  # a new process: the folder is reused, nothing re-embedded
    assert again.store.ready and again.build_index() == 0
    again.store.close()


def test_corrupt_index_folder_is_rebuilt_with_a_message(tmp_path):
    table = table_from_text(CSV, "people.csv")
    config = SearchConfig(cache_dir=str(tmp_path))
    first = RecordSearch(table, config)
    first.build_index()
    folder = first.store.folder
    first.store.close()
    (folder / "edge" / "edge_config.json").write_text("{not json")
    notes: list[str] = []
    search = RecordSearch(table, config, notify=notes.append)
    result = search.search(SearchArgs(query="tacos", top_n=1))
    assert result.records[0].row == 6
    assert any("could not be opened" in n and "building it again" in n for n in notes)
    search.store.close()


def test_missing_index_folder_is_built_on_first_search(tmp_path):
    search = RecordSearch(table_from_text(CSV, "people.csv"), SearchConfig(cache_dir=str(tmp_path / "nope")))
    assert search.search(SearchArgs(query="laptop bag", top_n=1)).records[0].row == 5
    search.store.close()


def test_big_table_without_index_asks_for_tally_index(tmp_path):
    search = RecordSearch(table_from_text(CSV, "people.csv"),
                          SearchConfig(cache_dir=str(tmp_path), lazy_index_max_rows=5))
    with pytest.raises(IndexUnavailable, match="tally index"):
        search.search(SearchArgs(query="x"))
    search.store.close()


def test_server_url_path_reaches_the_connection_error(monkeypatch):
    # No Qdrant server can be installed here (shared/MODELS.md): the url path is exercised up to
    # the refused connection on a closed loopback port, after tenacity's retries.
    monkeypatch.setattr(socket.socket, "connect", REAL_CONNECT)
    search = RecordSearch(table_from_text(CSV, "people.csv"), SearchConfig(url="http://127.0.0.1:9"))
    with pytest.raises(IndexUnavailable, match="127.0.0.1:9"):
        search.search(SearchArgs(query="x"))
    assert search.store.collection.startswith("tally-")


def test_every_minilm_shares_one_onnx_session_per_process():
    """Each router and searcher makes its own MiniLM; the ~100 MB ONNX session behind them is one per
    process (an eval over hundreds of tables grew by one session per table). Two instances built
    apart give the same vectors from the same session object."""
    from agent.search.embed import MiniLM

    first, second = MiniLM(), MiniLM()
    assert first.session is second.session
    assert first.tokenizer is second.tokenizer
    a, b = first.embed(["total spend"]), second.embed(["total spend"])
    assert abs(float(a[0] @ b[0]) - 1.0) < 1e-5
