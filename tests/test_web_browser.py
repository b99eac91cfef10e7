"""The page in a real browser: Debian's headless chromium driven by Playwright (its bundled driver,
no browser download). Uploads the 5,039-row file, asks the demo questions, checks the answer,
the provenance and the chart, reopens the session, and shows hostile cells as text.
`make test` installs chromium first (scripts/ensure_debian.sh). Set TALLY_WEB_SCREENSHOT=path
to save a screenshot of the page (the README's pictures come from tests/test_web_layout.py)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import KAGGLE, need, sql
from tests.web_server import make_app, running, web_config

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
HOSTILE = ["<script>window.__tally_pwned = 1</script>", "![pic](http://127.0.0.1:9/x.png)",
           '<img src=x onerror="window.__tally_pwned = 2">']


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists() or shutil.which("chromium") is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: `make test` installs it (scripts/ensure_debian.sh)")
        pytest.skip("Debian chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture()
def page(browser, tmp_path):
    app = make_app(web_config(tmp_path))
    with running(app) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(url + "/")
        yield page
        context.close()


def ask(page, question: str):
    """Type `question`, submit, and return the new turn once its answer is shown."""
    before = page.locator(".turn").count()
    page.fill("#question", question)
    page.press("#question", "Enter")
    turn = page.locator(".turn").nth(before)
    turn.locator(".answer-text").wait_for()
    return turn


def test_upload_ask_provenance_chart_and_reopen(page):
    (total, matched), = sql("SELECT SUM(amt), COUNT(*) FROM t WHERE category = 'grocery_pos'", need(KAGGLE))
    (categories,), = sql("SELECT COUNT(DISTINCT category) FROM t", KAGGLE)
    page.set_input_files("#upload", str(KAGGLE))
    page.locator("#table-info", has_text="5,039 rows").wait_for()

    turn = ask(page, "What is the total amount spent on grocery_pos?")
    assert f"{total:,.2f}" in turn.locator(".answer-text").inner_text()
    assert "router" in turn.locator(".who").inner_text()
    provenance = turn.locator("details.provenance")
    assert provenance.get_attribute("open") is None  # folded by default
    provenance.locator("summary").click()
    assert "operation: SUM(amt) WHERE category = 'grocery_pos'" in provenance.inner_text()
    assert f"rows: {matched:,} matched of 5,039 scanned" in provenance.inner_text()
    assert "router: computation" in turn.locator(".steps").text_content()  # folded once answered

    turn = ask(page, "What is the total spend by category?")
    bars = turn.locator(".chart svg.marks .mark-rect path")
    bars.first.wait_for()
    assert bars.count() == categories
    assert turn.locator("table.groups tbody tr").count() == categories
    if os.environ.get("TALLY_WEB_SCREENSHOT"):
        turn.locator(".steps-box summary").click()
        page.set_viewport_size({"width": 1280, "height": 1640})  # both answers, no scrolling
        page.screenshot(path=os.environ["TALLY_WEB_SCREENSHOT"])

    page.reload()  # the session reopens from its JSONL transcript
    page.locator(".turn").nth(1).locator(".chart svg.marks").wait_for()
    assert page.locator(".turn").count() == 2
    assert f"{total:,.2f}" in page.locator(".turn .answer-text").first.inner_text()


def test_hostile_cells_show_as_text(page, tmp_path):
    csv = tmp_path / "hostile.csv"
    csv.write_text("category,amt\n" + "".join(f'"{v.replace(chr(34), chr(34) * 2)}",{i + 1}\n' for i, v in enumerate(HOSTILE))
                   + "plain,10\n")
    page.set_input_files("#upload", str(csv))
    page.locator("#table-info", has_text="4 rows").wait_for()
    turn = ask(page, "What is the total amt by category?")
    cells = turn.locator("table.groups tbody td:first-child").all_inner_texts()
    assert sorted(cells) == sorted([*HOSTILE, "plain"])
    assert page.evaluate("window.__tally_pwned") is None
    assert page.locator("#log script, #log img").count() == 0
    turn.locator(".chart svg.marks").wait_for()
    labels = turn.locator(".chart svg.marks text").all_text_contents()  # axis labels: SVG text, not markup
    assert any(label.startswith("<script>") for label in labels) and any(label.startswith("![pic]") for label in labels)
    assert page.evaluate("window.__tally_pwned") is None
