"""What every response of the web app carries, and what every request may weigh: framing refused
(X-Frame-Options, CSP frame-ancestors, which a meta tag cannot carry), a size limit on request
bodies answered with a short typed message, and validation failures that never echo the input.
Plain ASGI middleware, so streamed answers pass through unbuffered."""

from __future__ import annotations

import json

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
"""The page's policy: its own scripts (Vega compiles expressions, hence 'unsafe-eval'), inline
styles (Vega sets them), no framing by any site."""

HEADERS = [(b"x-frame-options", b"DENY"), (b"content-security-policy", CSP.encode()),
           (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
UPLOAD_PATH = "/api/tables"
MAX_BODY = 64 * 1024
"""Bytes a request other than an upload may send (a question is at most 2,000 characters)."""


class SecurityHeaders:
    """Adds HEADERS to every HTTP response (errors and refusals included)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in HEADERS if h[0] not in names)]
            await send(message)
        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Refuses a request body over its limit with 413 and a short JSON message: uploads over
    `upload_limit` bytes (plus room for the form's framing), anything else over MAX_BODY. A
    Content-Length over the limit is refused before the body is read; a body sent without one
    is counted as it arrives."""

    def __init__(self, app: ASGIApp, upload_limit: int, upload_megabytes: float):
        self.app = app
        self.upload_limit = upload_limit + 64 * 1024
        self.upload_text = f"larger than the {upload_megabytes:g} MiB upload limit (web.max_upload_mb)"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        upload = scope["path"] == UPLOAD_PATH
        limit = self.upload_limit if upload else MAX_BODY
        text = self.upload_text if upload else f"the request is larger than {MAX_BODY // 1024} KiB"
        length = dict(scope.get("headers", [])).get(b"content-length", b"")
        if length.isdigit() and int(length) > limit:
            return await _refuse(send, text)
        seen, over, refused, started = 0, False, False, False

        async def counted() -> Message:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:  # stop reading: the app sees the client gone and answers; that answer is replaced
                over = True
                return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal refused, started
            if not over or started:  # a response already under way is let finish
                started = started or message["type"] == "http.response.start"
                return await send(message)
            if not refused:
                refused = True
                await _refuse(send, text)
        await self.app(scope, counted, watched)


async def _refuse(send: Send, text: str) -> None:
    body = json.dumps({"error": "too_large", "message": text}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    """422 with one short line per problem, naming the field and the rule; the input is never
    echoed (a 3,000-character question answers in a line, not with itself)."""
    problems = []
    for error in exc.errors():
        field = ".".join(str(part) for part in error.get("loc", ()) if part != "body") or "request"
        limit = (error.get("ctx") or {}).get("max_length")
        if error.get("type") == "string_too_long" and limit is not None:
            problems.append(f"the {field} is too long: at most {int(limit):,} characters, please shorten it")
        else:
            problems.append(f"{field}: {error.get('msg', 'invalid')}")
    return JSONResponse({"error": "bad_request", "message": "; ".join(problems)[:300]}, status_code=422)
