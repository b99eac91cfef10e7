"""A chat session over one table, or over a workbook's sheets (each question goes to the sheet it
reads against, a follow-up stays on the last one: agent.sheets.follow_sheet): follow-ups reuse the
last plan, and the transcript (questions, tool calls, answers, provenance) is appended to a JSONL
file as it goes, so a crash loses nothing."""

from __future__ import annotations

import json
import time
from pathlib import Path

from pydantic import TypeAdapter

from agent.loop import Agent
from agent.outcome import Abstained, AnyOutcome
from agent.plan import AggregateArgs, RatioArgs
from agent.queries import LatestArgs
from agent.sheets import follow_sheet

_PLAN = TypeAdapter(AggregateArgs | RatioArgs | LatestArgs | None)


class Session:
    """One conversation. `transcript` is a JSONL file: one {"event": "start"|"outcome", ...} object
    a line, flushed after each question. `resume` reads it back and continues. `sheets`: one agent
    per sheet of a workbook (`agent` is the first); `notice` says, after a question, when a column
    only one sheet has decided where it went (None otherwise)."""

    def __init__(self, agent: Agent, transcript: Path, sheets: list[Agent] | None = None):
        self.sheets = sheets or [agent]
        self.current: int | None = None
        self.transcript = transcript
        self.previous: AggregateArgs | RatioArgs | LatestArgs | None = None
        self.history: list[AnyOutcome] = []
        self.notice: str | None = None

    @property
    def agent(self) -> Agent:
        """The agent of the sheet the last question went to (the first before any)."""
        return self.sheets[self.current or 0]

    @agent.setter
    def agent(self, agent: Agent) -> None:
        """One agent answers from now on (the web picks the sheet itself and sets its agent)."""
        self.sheets, self.current = [agent], None

    @classmethod
    def start(cls, agent: Agent, transcript: Path, sheets: list[Agent] | None = None) -> "Session":
        """A new session writing to `transcript` (created with its parent folders)."""
        session = cls(agent, transcript, sheets)
        transcript.parent.mkdir(parents=True, exist_ok=True)
        session._append({"event": "start", "file": str(agent.table.path), "sha256": agent.table.sha256,
                         "time": time.time()})
        return session

    @classmethod
    def resume(cls, agent: Agent, transcript: Path, sheets: list[Agent] | None = None) -> "Session":
        """Continue the session in `transcript`: restores the last plan for follow-ups. Raises
        FileNotFoundError; ValueError naming the file and line when it is not a Tally transcript (not
        UTF-8 text, a line that is not a JSON object with an 'event' of 'start' or 'outcome', or no
        'start' record first), when a record is corrupt (a torn last line, as left by a crash
        mid-write, is skipped), or when the transcript is over a different file."""
        session = cls(agent, transcript, sheets)
        try:
            lines = transcript.read_text(encoding="utf-8").splitlines()
        except UnicodeDecodeError as exc:
            raise ValueError(f"{transcript}: not a Tally transcript (not UTF-8 text: {exc.reason} at byte "
                             f"{exc.start})") from exc
        if not any(line.strip() for line in lines):
            raise ValueError(f"{transcript}: the file is empty; not a Tally transcript")
        for number, line in enumerate(lines, start=1):
            record = _record(transcript, lines, number, line)
            if record is None:
                break
            if record["event"] == "start" and record.get("sha256") not in (None, agent.table.sha256):
                raise ValueError(f"{transcript}: this session was over {record.get('file')} (sha256 "
                                 f"{str(record.get('sha256'))[:12]}), not {agent.table.path} "
                                 f"(sha256 {agent.table.sha256[:12]}); start a new session instead")
            if record["event"] == "outcome":
                try:  # follow-ups refine aggregates, ratios and history counts; other typed query plans are not refined
                    session.previous = _PLAN.validate_python(record["plan"]) if record.get("plan") is not None else None
                except ValueError:
                    session.previous = None
        return session

    def ask(self, question: str) -> AnyOutcome:
        """Answer `question` (a follow-up may only add conditions) and append it to the transcript.
        Over several sheets: the sheet it reads against answers (a refusal naming them when several
        read it alike); moving to another sheet, or a refused turn, carries no last plan."""
        turn = follow_sheet(question, self.sheets, self.current)
        self.notice = turn.notice
        if turn.refusal is not None:
            outcome: AnyOutcome = Abstained(question=question, answer=turn.refusal, reason=turn.refusal)
        else:
            if turn.switched:
                self.previous = None
            self.current = turn.index
            outcome = self.agent.ask(question, self.previous)
            refined = isinstance(outcome.plan, (AggregateArgs, RatioArgs, LatestArgs))
            self.previous = outcome.plan if refined else None  # after a refusal a follow-up follows nothing
        self.history.append(outcome)
        self._append({"event": "outcome", "time": time.time(), **outcome.model_dump(mode="json")})
        return outcome

    def _append(self, record: dict[str, object]) -> None:
        with self.transcript.open("a") as handle:
            handle.write(json.dumps(record) + "\n")
            handle.flush()


def _record(transcript: Path, lines: list[str], number: int, line: str) -> dict[str, object] | None:
    """Line `number` (1-based) of a transcript as its record; None for a torn last line after a good
    one. Raises ValueError naming the file and line when it is not a transcript record."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        if number == len(lines) and number > 1:
            return None
        raise ValueError(f"{transcript}: line {number} is not JSON ({exc.msg}); not a Tally transcript") from exc
    if not isinstance(record, dict) or record.get("event") not in ("start", "outcome"):
        raise ValueError(f"{transcript}: line {number} is not a Tally transcript record (a JSON object "
                         "with an 'event' of 'start' or 'outcome')")
    if number == 1 and record["event"] != "start":
        raise ValueError(f"{transcript}: line 1 is not the session's 'start' record; not a Tally transcript")
    return record
