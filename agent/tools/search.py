"""search: records by meaning and exact terms, pre-filtered by typed predicates, reranked."""

from collections.abc import Callable

from agent.plan import SearchArgs
from agent.restate import restate_search
from agent.results import SearchResult
from agent.table import Table
from agent.tools.base import Tool

DESCRIPTION = (
    "Fetch RECORDS (rows), not numbers: rows passing every predicate in `where` (an exact pre-filter: "
    "values, numeric ranges, date ranges), ranked by how well they match `query` (names, places, "
    "merchants, descriptions), reranked; returns the best `top_n` with all their fields, the filter "
    "and how many rows in the whole table pass it. Put every exact condition (a name, a state, an "
    "amount range, a date) in `where`, using the profile's column names and values. You may quote the "
    "returned records and their field values; any total, count or average must come from aggregate "
    "or ratio over the full table, never from adding up records.")


def make_search_tool(searcher_for: Callable[[Table], object]) -> Tool[SearchArgs]:
    """The search tool, bound to `searcher_for(table)` (a RecordSearch per table, built lazily). Its
    result restates what ran: the first records in file order when the filter said every word."""
    def run(engine: object, table: Table, args: SearchArgs) -> SearchResult:
        result = searcher_for(table).search(args)
        result.provenance.restatement = restate_search(args, result.exact)
        return result

    return Tool(name="search", description=DESCRIPTION, args=SearchArgs, run=run)
