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
from agent.router.follow_up import refers_back
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
        self.previous_question: str | None = None
        """The question whose plan `previous` is (the last answered turn that a follow-up can refine)."""
        self.last_turn: tuple[str, bool] | None = None
        """(question, answered) of the last turn; None before the first."""
        self.history: list[AnyOutcome] = []
        self.notice: str | None = None
        self.moved_sheet = False

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
                session._restore(record)
        return session

    def _restore(self, record: dict[str, object]) -> None:
        """The state after an outcome record of a transcript, as `record` left it."""
        try:  # follow-ups refine aggregates, ratios and history counts; other typed query plans are not refined
            plan = _PLAN.validate_python(record["plan"]) if record.get("plan") is not None else None
        except ValueError:
            plan = None
        self._keep(str(record.get("question", "")), record.get("status") in _ANSWERED, plan)

    def _keep(self, question: str, answered: bool, plan: object) -> None:
        """After a turn: an answered one's plan is the one follow-ups refine (None when it is not an
        aggregate, ratio or history count); a refused turn keeps the last answered plan, though a
        follow-up right after it is refused (`_unfollowed`): the state is never silently reset."""
        self.last_turn = (question, answered)
        if answered:
            refined = isinstance(plan, (AggregateArgs, RatioArgs, LatestArgs))
            self.previous = plan if refined else None
            self.previous_question = question if refined else None

    def ask(self, question: str) -> AnyOutcome:
        """Answer `question` (a follow-up may only add conditions) and append it to the transcript.
        Over several sheets: the sheet it reads against answers (a refusal naming them when several
        read it alike). A follow-up ('their', 'and for X') is refused, saying why, right after a
        refused turn, an answer that is no aggregate over rows, or a move to another sheet."""
        turn = follow_sheet(question, self.sheets, self.current)
        self.notice = turn.notice
        switched, self.moved_sheet = turn.switched or self.moved_sheet, False
        unfollowed = _unfollowed(question, self.last_turn, self.previous_question, switched)
        if turn.refusal is not None or unfollowed is not None:
            reason = turn.refusal or unfollowed
            outcome: AnyOutcome = Abstained(question=question, answer=reason, reason=reason)
        else:
            if turn.switched:
                self.previous = None
            self.current = turn.index
            outcome = self.agent.ask(question, self.previous)
        self.record(outcome)
        return outcome

    def record(self, outcome: AnyOutcome) -> None:
        """Append `outcome` (of a question asked in this session) to the history and the transcript,
        and keep what a follow-up needs: an answered turn's plan; a refused turn leaves the last
        answered plan in place but marks it unfollowable (`_unfollowed`)."""
        self._keep(outcome.question, outcome.status in _ANSWERED, outcome.plan)
        self.history.append(outcome)
        self._append({"event": "outcome", "time": time.time(), **outcome.model_dump(mode="json")})

    def moved(self) -> None:
        """The next question goes to another sheet (the web page picks it): the last plan's columns
        are not its columns, so a follow-up of it is refused (`_unfollowed`)."""
        self.previous, self.moved_sheet = None, True

    def _append(self, record: dict[str, object]) -> None:
        with self.transcript.open("a") as handle:
            handle.write(json.dumps(record) + "\n")
            handle.flush()


_ANSWERED = ("answered", "router_takeover")


def _unfollowed(question: str, last_turn: tuple[str, bool] | None, previous_question: str | None,
                switched: bool) -> str | None:
    """Why `question`, a follow-up ('their', 'and for X', 'what about': follow_up.refers_back), cannot
    be read against the last turn: that turn was refused (its conditions are unknown, and carrying an
    older turn's would answer about other rows), its answer was not a set of rows a follow-up refines
    (a lookup, a ranking), or this question reads another sheet. None when it can be (or is no
    follow-up, or is the first question)."""
    if last_turn is None or not refers_back(question):
        return None
    asked, answered = last_turn
    lead = "I cannot answer this follow-up: "
    ask = "; ask it in full, with its conditions."
    if not answered:
        since = f" (the last answered question was '{previous_question}')" if previous_question else ""
        return f"{lead}the previous question ('{asked}') was not answered, so the rows it means are unknown{since}{ask}"
    if switched:
        return f"{lead}it reads another sheet than the previous question ('{asked}'), so it cannot build on its rows{ask}"
    if previous_question != asked:
        return (f"{lead}the previous answer ('{asked}') is not a total, count, average or percentage over rows, so "
                f"the rows it means are unknown{ask}")
    return None


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
