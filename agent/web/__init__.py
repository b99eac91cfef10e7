"""`tally serve`: the agent in the browser. A FastAPI app (app.py) over the tables it serves
(tables.py) and chat sessions persisted as JSONL (sessions.py); each answer's steps reported as
they happen (steps.py) and shown as a view with its reading line, provenance, tables and a chart
(view.py); framing refused, a CSP and request size limits on every response (guards.py), and no
server path on the page (scrub.py)."""
