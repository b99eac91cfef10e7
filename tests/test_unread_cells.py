"""A test or total over a numeric column leaves out cells holding digits the loader could not read
as one number ('39-40'): refused (agent/router/verify/unread_cells.py); cells without digits ('—')
hold no hidden number and the reading stands. Values by hand."""

from __future__ import annotations

from agent.plan import Agg, AggregateArgs, Op, Predicate
from tests.helpers import router_ask, verifier_abstention

REST = "".join(f"C{i},{42 + i}\n" for i in range(8))  # eight more creatures on pages 42-49
PAGES = "Creature,Page\nBasilisk,39\nEfreeti,39-40\nGorgon,40\nHelion,40\nHorde,41\n" + REST
DASHES = "Creature,Page\nBasilisk,39\nEfreeti,—\nGorgon,40\nHelion,40\nHorde,41\n" + REST


def test_a_test_over_unread_numbers_is_refused():
    plan = AggregateArgs(op=Agg.count, where=[Predicate(column="Page", op=Op.eq, value=40)])
    reason = verifier_abstention(PAGES, "how many rows have page 40?", plan)
    assert reason is not None and "'39-40'" in reason, reason
    total = AggregateArgs(op=Agg.sum, column="Page")
    reason = verifier_abstention(PAGES, "what is the total page?", total)
    assert reason is not None and "'39-40'" in reason, reason


def test_cells_without_digits_leave_the_reading_standing():
    _, result = router_ask(DASHES, "how many rows have page 40?")
    assert result.value == 2  # Gorgon, Helion
    _, result = router_ask(DASHES, "what is the total page?")
    assert result.value == 160 + 364  # 39 + 40 + 40 + 41, and 42 + ... + 49 = 364


def test_an_equality_misses_only_cells_spelling_its_number():
    # '39-40' cannot hold page 41: the test of Page = 41 (Horde) misses nothing
    plan = AggregateArgs(op=Agg.count, where=[Predicate(column="Page", op=Op.eq, value=41)])
    assert verifier_abstention(PAGES, "how many rows have page 41?", plan) is None


def test_a_comparison_misses_only_cells_whose_numbers_could_pass_it():
    # '39-40' holds 40 > 39: missed by Page > 39, refused; no number in '39-40' is > 45: nothing missed
    plan = AggregateArgs(op=Agg.count, where=[Predicate(column="Page", op=Op.gt, value=39)])
    reason = verifier_abstention(PAGES, "how many rows have page more than 39?", plan)
    assert reason is not None and "'39-40'" in reason, reason
    plan = AggregateArgs(op=Agg.count, where=[Predicate(column="Page", op=Op.gt, value=45)])
    assert verifier_abstention(PAGES, "how many rows have page more than 45?", plan) is None
