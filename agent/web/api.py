"""The JSON API under /api: tables and uploads, sessions, and the ask endpoint, which streams a
question's steps as NDJSON lines ({"type": "step", "text"} ..., then {"type": "answer", "view"})."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from dataclasses import dataclass

from fastapi import APIRouter, Depends, Request, UploadFile
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from agent.config import Config
from agent.errors import MAX_QUESTION_CHARS, TallyError
from agent.outcome import Abstained, AnyOutcome, Failed
from agent.sheets import follow_sheet
from agent.web.sessions import SessionError, Sessions, WebSession
from agent.web.scrub import Scrubber
from agent.web.steps import Observed
from agent.web.tables import Tables, UploadError
from agent.web.view import outcome_view

log = logging.getLogger("tally.web")


@dataclass
class State:
    """What the routes share (kept on app.state.tally)."""

    config: Config
    tables: Tables
    sessions: Sessions
    model_name: str | None = None
    scrubber: Scrubber | None = None
    """Cuts server paths out of everything sent to the page (None: nothing to cut)."""

    def clean(self, data):
        return self.scrubber.value(data) if self.scrubber is not None else data

    def view(self, outcome: AnyOutcome) -> dict[str, object]:
        return self.clean(outcome_view(outcome, model_name=self.model_name, max_rows=self.config.output.max_rows))

    def session_view(self, session: WebSession) -> dict[str, object]:
        return {"id": session.id, "table": session.table.summary(), "transcript": session.chat.transcript.name,
                "started": session.started, "turns": [self.view(o) for o in session.history]}


def state(request: Request) -> State:
    return request.app.state.tally


class NewSession(BaseModel):
    """POST /api/sessions: the id of a table from GET /api/tables."""

    table: str = Field(max_length=40)


class Question(BaseModel):
    """POST /api/sessions/{id}/ask."""

    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)


router = APIRouter(prefix="/api")


@router.get("/tables")
def list_tables(s: State = Depends(state)) -> list[dict]:
    return [t.summary() for t in s.tables.list()]


@router.post("/tables")
def upload(file: UploadFile, s: State = Depends(state)) -> dict:
    entry = s.tables.upload(file.filename or "", iter(lambda: file.file.read(1 << 20), b""))
    try:
        entry.sheets  # load now (every sheet of a workbook): a bad file is refused here, naming the problem
    except (TallyError, OSError, ValueError) as exc:
        s.tables.discard(entry)
        raise UploadError(str(exc), 400) from None
    return s.tables.add(entry).summary()


@router.get("/sessions")
def list_sessions(s: State = Depends(state)) -> list[dict]:
    return s.sessions.list()


@router.post("/sessions")
def new_session(body: NewSession, s: State = Depends(state)) -> dict:
    entry = s.tables.get(body.table)
    if entry is None:
        raise SessionError(f"no table {body.table!r}")
    return s.session_view(s.sessions.start(entry))


@router.get("/sessions/{name}")
def open_session(name: str, s: State = Depends(state)) -> dict:
    return s.session_view(s.sessions.get(name))


@router.post("/sessions/{name}/ask")
async def ask(name: str, body: Question, s: State = Depends(state)) -> StreamingResponse:
    session = await asyncio.to_thread(s.sessions.get, name)
    loop, queue = asyncio.get_running_loop(), asyncio.Queue()

    def emit(event: dict | None) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, event)

    def work() -> None:
        try:
            outcome = answer(session, body.question, lambda text: emit({"type": "step", "text": s.clean(text)}))
            emit({"type": "answer", "view": s.view(outcome)})
        except Exception as exc:  # the page gets a typed failure, the log gets the traceback
            log.exception("rendering an answer failed")
            emit({"type": "answer", "view": s.view(failed(body.question, exc))})
        finally:
            emit(None)

    threading.Thread(target=work, name=f"ask-{name}", daemon=True).start()

    async def lines():
        while (event := await queue.get()) is not None:
            yield json.dumps(event) + "\n"
    return StreamingResponse(lines(), media_type="application/x-ndjson", headers={"Cache-Control": "no-store"})


def answer(session: WebSession, question: str, emit) -> AnyOutcome:
    """Ask `question` in `session` (one question at a time per session), reporting steps to `emit`.
    Any exception inside becomes a Failed outcome (recorded in the transcript); never raises."""
    with session.lock:
        observed = Observed(session.table.agent, emit)
        session.table.listeners.add(emit)
        try:
            agent, refusal = sheet_agent(session, question, emit)
            observed = Observed(agent, emit) if agent is not session.table.agent else observed
            if refusal is not None:
                outcome = Abstained(question=question, answer=refusal, reason=refusal)
                session.chat.record(outcome)
            else:
                session.chat.agent = observed.agent
                outcome = session.chat.ask(question)
        except Exception as exc:
            log.exception("question failed: %r", question)
            outcome = failed(question, exc)
            session.chat.record(outcome)
        finally:
            session.table.listeners.discard(emit)
        observed.finish(outcome)
        session.history.append(outcome)
        return outcome


INTERNAL = ("Tally could not answer this: an error inside Tally stopped it (not the question or the table). "
            "Nothing was computed; the server log has the details.")
"""What the page shows for an exception inside: plain words, never the Python type or message."""


def sheet_agent(session: WebSession, question: str, emit) -> tuple[object, str | None]:
    """The agent of the sheet `question` reads against (agent.sheets.follow_sheet, as `tally chat`
    does), saying on a step line when a column decided; with no sheet reading it (a follow-up),
    the sheet of the last question. (agent, refusal): the refusal names the sheets when several
    read it alike. A file that is not a workbook of several sheets: its one agent."""
    sheets = session.table.sheets
    current = next((i for i, a in enumerate(sheets) if a is session.sheet), None)
    turn = follow_sheet(question, sheets, current)
    if turn.refusal is not None:
        return sheets[turn.index], turn.refusal
    if turn.switched:  # another sheet now: the last plan's columns are not its columns
        session.chat.moved()
    if len(sheets) > 1:
        session.sheet = sheets[turn.index]
    if turn.notice:
        emit(turn.notice)
    return sheets[turn.index], None


def failed(question: str, exc: Exception) -> Failed:
    """The typed outcome of an exception inside Tally: plain words (INTERNAL) on the page and in
    the transcript; the caller logs the traceback. A TallyError (bad input, named) keeps its message."""
    if isinstance(exc, TallyError):
        return Failed(question=question, answer=f"Tally could not answer this: {exc}", reason=str(exc))
    return Failed(question=question, answer=INTERNAL, reason="internal error (see the server log)")
