"""The web app (FastAPI): a static page, the tables, sessions, and an ask endpoint that streams
the steps of a question as NDJSON lines ({"type": "step", "text"} ..., then {"type": "answer",
"view"}). Every /api request carries the server's token in the X-Tally-Token header: the page
gets it inside index.html (which another site cannot read), so a cross-site form cannot post
here; on a non-loopback host the page itself needs ?token=. On loopback, requests naming any
other Host are refused (DNS rebinding)."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
from functools import cache
from importlib import resources
from pathlib import Path

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.middleware.trustedhost import TrustedHostMiddleware

from agent.config import Config
from agent.errors import TallyError
from agent.outcome import Failed
from agent.web.sessions import SessionError, Sessions, WebSession
from agent.web.steps import Observed
from agent.web.tables import Tables, UploadError
from agent.web.view import outcome_view

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
log = logging.getLogger("tally.web")
STATIC = resources.files("agent.web").joinpath("static")


class NewSession(BaseModel):
    """POST /api/sessions: the id of a table from GET /api/tables."""

    table: str = Field(max_length=40)


class Question(BaseModel):
    """POST /api/sessions/{id}/ask."""

    question: str = Field(min_length=1, max_length=2000)


@cache
def vega_bundle() -> str:
    """Vega, Vega-Lite and vega-embed as one script, from the vl-convert-python package (offline)."""
    import vl_convert

    return vl_convert.javascript_bundle()


def create_app(config: Config, files: list[Path], build, *, token: str | None = None,
               host: str = "127.0.0.1", model_name: str | None = None) -> FastAPI:
    """The app over `files` (command-line tables; uploads go to `web.upload_dir`). `build(path)`
    makes an Agent. `token`: required of /api calls always and of the page on a non-loopback
    `host`; None makes a random one. Raises TallyError for a missing file."""
    token = token or secrets.token_urlsafe(24)
    tables = Tables(config, build, files)
    sessions = Sessions(Path(config.output.transcript_dir), tables)
    app = FastAPI(title="Tally", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.token, app.state.tables, app.state.sessions = token, tables, sessions
    if host in LOOPBACK:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "[::1]"])

    @app.middleware("http")
    async def refuse_large_uploads(request: Request, call_next):
        """Refuse an upload by its Content-Length before its body is read (the copy enforces it too)."""
        if request.method == "POST" and request.url.path == "/api/tables":
            length = request.headers.get("content-length", "")
            if length.isdigit() and int(length) > tables.limit + 64 * 1024:
                return JSONResponse({"error": "too_large", "message": f"larger than the {config.web.max_upload_mb:g} "
                                     "MiB upload limit (web.max_upload_mb)"}, status_code=413)
        return await call_next(request)

    def check_token(x_tally_token: str = Header(default="")) -> None:
        if not secrets.compare_digest(x_tally_token.encode(), token.encode()):
            raise HTTPException(401, "missing or wrong X-Tally-Token (open the URL `tally serve` printed)")

    @app.exception_handler(TallyError)
    async def tally_error(request: Request, exc: TallyError) -> JSONResponse:
        status = exc.status if isinstance(exc, UploadError) else 404 if isinstance(exc, SessionError) else 400
        return JSONResponse({"error": getattr(exc, "kind", "error"), "message": str(exc)}, status_code=status)

    @app.get("/", response_class=HTMLResponse)
    def index(token_q: str = Query(default="", alias="token")) -> HTMLResponse:
        if host not in LOOPBACK and not secrets.compare_digest(token_q.encode(), token.encode()):
            return HTMLResponse("Open the URL with its token, as `tally serve` printed it.", status_code=401)
        page = STATIC.joinpath("index.html").read_text().replace("{{TOKEN}}", token)
        return HTMLResponse(page, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    @app.get("/vega.js")
    def vega() -> Response:
        return Response(vega_bundle(), media_type="text/javascript", headers={"Cache-Control": "max-age=86400"})

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    api = [Depends(check_token)]

    @app.get("/api/tables", dependencies=api)
    def list_tables() -> list[dict]:
        return [t.summary() for t in tables.list()]

    @app.post("/api/tables", dependencies=api)
    def upload(file: UploadFile) -> dict:
        entry = tables.upload(file.filename or "", iter(lambda: file.file.read(1 << 20), b""))
        try:
            entry.agent  # load now: a bad file is refused here, naming the problem
        except (TallyError, OSError, ValueError) as exc:
            tables.discard(entry)
            raise UploadError(str(exc), 400) from None
        return tables.add(entry).summary()

    @app.get("/api/sessions", dependencies=api)
    def list_sessions() -> list[dict]:
        return sessions.list()

    @app.post("/api/sessions", dependencies=api)
    def new_session(body: NewSession) -> dict:
        entry = tables.get(body.table)
        if entry is None:
            raise SessionError(f"no table {body.table!r}")
        return _session_view(sessions.start(entry), model_name, config)

    @app.get("/api/sessions/{name}", dependencies=api)
    def open_session(name: str) -> dict:
        return _session_view(sessions.get(name), model_name, config)

    @app.post("/api/sessions/{name}/ask", dependencies=api)
    async def ask(name: str, body: Question) -> StreamingResponse:
        session = await asyncio.to_thread(sessions.get, name)
        loop, queue = asyncio.get_running_loop(), asyncio.Queue()

        def emit(event: dict | None) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, event)

        def work() -> None:
            try:
                outcome = answer(session, body.question, lambda text: emit({"type": "step", "text": text}))
                emit({"type": "answer", "view": outcome_view(outcome, model_name=model_name,
                                                            max_rows=config.output.max_rows)})
            except Exception as exc:  # the page gets a typed failure, the log gets the traceback
                log.exception("rendering an answer failed")
                emit({"type": "answer", "view": outcome_view(_failed(body.question, exc))})
            finally:
                emit(None)

        threading.Thread(target=work, name=f"ask-{name}", daemon=True).start()

        async def lines():
            while (event := await queue.get()) is not None:
                yield json.dumps(event) + "\n"
        return StreamingResponse(lines(), media_type="application/x-ndjson", headers={"Cache-Control": "no-store"})

    return app


def answer(session: WebSession, question: str, emit) -> Failed | object:
    """Ask `question` in `session` (one question at a time per session), reporting steps to `emit`.
    Any exception inside becomes a Failed outcome (recorded in the transcript); never raises."""
    with session.lock:
        observed = Observed(session.table.agent, emit)
        session.chat.agent = observed.agent
        session.table.listeners.add(emit)
        try:
            outcome = session.chat.ask(question)
        except Exception as exc:
            log.exception("question failed: %r", question)
            outcome = _failed(question, exc)
            session.chat._append({"event": "outcome", **outcome.model_dump(mode="json")})
        finally:
            session.table.listeners.discard(emit)
        observed.finish(outcome)
        session.history.append(outcome)
        return outcome


def _failed(question: str, exc: Exception) -> Failed:
    return Failed(question=question, answer=f"Tally could not answer this: {type(exc).__name__}: {exc}",
                  reason=f"{type(exc).__name__}: {exc}")


def _session_view(session: WebSession, model_name: str | None, config: Config) -> dict:
    table = session.table
    return {"id": session.id, "table": table.summary(), "transcript": session.chat.transcript.name,
            "turns": [outcome_view(o, model_name=model_name, max_rows=config.output.max_rows)
                      for o in session.history]}
