"""The web app's guards, in-process: framing refused and the CSP on every response (refusals
included), gzip for text, a request size limit and validation failures answered in one short
typed line that never echoes the input, and no server path in what the page is sent."""

from __future__ import annotations

import json

from tests.helpers import KAGGLE, need
from tests.test_web_api import H, TOKEN, ask, client, start
from tests.web_server import make_app, web_config

def guarded(response) -> bool:
    return (response.headers.get("x-frame-options") == "DENY"
            and "frame-ancestors 'none'" in response.headers.get("content-security-policy", ""))


def test_every_response_refuses_framing(tmp_path):
    api = client(make_app(web_config(tmp_path), [need(KAGGLE)], token=TOKEN))
    responses = [api.get("/"), api.get("/static/app.js"), api.get("/static/style.css"), api.get("/api/tables"),
                 api.get("/api/tables", headers=H), api.get("/nowhere"), api.get("/", headers={"Host": "evil.example"}),
                 api.post("/api/sessions", content=b"x" * 70_000, headers={**H, "Content-Type": "application/json"})]
    assert [r.status_code for r in responses] == [200, 200, 200, 401, 200, 404, 400, 413]
    assert all(guarded(r) for r in responses), [dict(r.headers) for r in responses if not guarded(r)]
    assert "script-src 'self' 'unsafe-eval'" in responses[0].headers["content-security-policy"]


def test_scripts_are_sent_gzipped_to_a_browser_that_asks(tmp_path):
    api = client(make_app(web_config(tmp_path), [], token=TOKEN))
    for path in ("/vega.js", "/static/app.js"):
        zipped = api.get(path, headers={"Accept-Encoding": "gzip"})
        plain = api.get(path, headers={"Accept-Encoding": "identity"})
        assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
        assert zipped.text == plain.text  # the same script once decoded
        assert int(zipped.headers["content-length"]) < len(plain.content) / 2  # vega: ~900 KB sent as ~300 KB


def test_a_long_question_is_answered_in_one_short_line(tmp_path):
    api = client(make_app(web_config(tmp_path), [need(KAGGLE)], token=TOKEN))
    session = start(api)
    question = "What is the total amt " + "of the customers who return " * 110
    response = api.post(f"/api/sessions/{session}/ask", json={"question": question}, headers=H)
    assert response.status_code == 422
    assert response.json() == {"error": "bad_request",
                               "message": "the question is too long: at most 2,000 characters, please shorten it"}
    huge = api.post(f"/api/sessions/{session}/ask", json={"question": question * 30}, headers=H)
    assert huge.status_code == 413 and huge.json() == {"error": "too_large", "message": "the request is larger than 64 KiB"}
    chunked = api.post(f"/api/sessions/{session}/ask", content=iter([b'{"question": "', b"a" * 70_000, b'"}']),
                       headers={**H, "Content-Type": "application/json"})  # no Content-Length: counted as it comes
    assert chunked.status_code == 413 and "customers" not in chunked.text


def test_no_server_path_reaches_the_page(tmp_path):
    api = client(make_app(web_config(tmp_path), [need(KAGGLE)], token=TOKEN))
    bad = api.post("/api/tables", files={"file": ("bin.csv", b"\x00\x01\x02 binary")}, headers=H)
    assert bad.status_code == 400 and "bin.csv" in bad.json()["message"]
    assert str(tmp_path) not in bad.text and "/uploads/" not in bad.text
    session = start(api)
    steps, view = ask(api, session, "What is the total amt by category?")
    sent = json.dumps([steps, view, api.get(f"/api/sessions/{session}", headers=H).json()])
    for folder in (str(tmp_path), str(KAGGLE.parent), str(KAGGLE.parent.resolve())):
        assert folder not in sent
    assert view["reading"] == "Read as: the total amt by category, highest first"
    assert view["tables"][0]["columns"] == ["category", "SUM(amt)", "rows"]


def test_the_scrubber_cuts_known_folders_only():
    from agent.web.scrub import Scrubber

    scrub = Scrubber(["/srv/tally/uploads"]).scrub
    assert scrub("/srv/tally/uploads/ab12/data.csv: not a table") == "data.csv: not a table"
    assert scrub("'/srv/tally/uploads/ab12/data.csv' cannot be read") == "'data.csv' cannot be read"
    assert scrub("under /srv/tally/uploads now") == "under ... now"
    assert scrub("/srv/tally/uploads-old/x.csv, /etc/hosts, N/A and 1/2 stay") == (
        "/srv/tally/uploads-old/x.csv, /etc/hosts, N/A and 1/2 stay")


def test_the_scrubber_cuts_known_folders_written_relative(tmp_path, monkeypatch):
    from agent.web.scrub import Scrubber

    monkeypatch.chdir(tmp_path)
    scrub = Scrubber([".tally/uploads"]).scrub
    assert scrub(".tally/uploads/e3b0/empty.csv (line 1): empty file") == "empty.csv (line 1): empty file"
    assert scrub("'./.tally/uploads/e3b0/x.csv' cannot be read") == "'x.csv' cannot be read"
    assert scrub("old.tally/uploads/e3b0/x.csv and data/.tally/uploads/y.csv stay") == (
        "old.tally/uploads/e3b0/x.csv and data/.tally/uploads/y.csv stay")
