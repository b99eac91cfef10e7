"""The web app (FastAPI): the page, the Vega bundle, and the API (api.py), behind two guards.
Every /api request carries the server's token in the X-Tally-Token header: the page gets it inside
index.html (which another site cannot read), so a cross-site form cannot post here; on a
non-loopback host the page itself needs ?token=. On loopback, requests naming any other Host are
refused (DNS rebinding)."""

from __future__ import annotations

import secrets
from functools import cache
from importlib import resources
from pathlib import Path

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.trustedhost import TrustedHostMiddleware

from agent.config import Config
from agent.errors import TallyError
from agent.web import api
from agent.web.sessions import SessionError, Sessions
from agent.web.tables import Tables, UploadError

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
STATIC = resources.files("agent.web").joinpath("static")


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
    app = FastAPI(title="Tally", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.tally = api.State(config, tables, Sessions(Path(config.output.transcript_dir), tables), model_name)
    if host in LOOPBACK:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "[::1]"])
    app.middleware("http")(_upload_limit(tables.limit, config.web.max_upload_mb))
    app.exception_handler(TallyError)(_tally_error)

    def check_token(x_tally_token: str = Header(default="")) -> None:
        if not secrets.compare_digest(x_tally_token.encode(), token.encode()):
            raise HTTPException(401, "missing or wrong X-Tally-Token (open the URL `tally serve` printed)")

    @app.get("/", response_class=HTMLResponse)
    def index(given: str = Query(default="", alias="token")) -> HTMLResponse:
        if host not in LOOPBACK and not secrets.compare_digest(given.encode(), token.encode()):
            return HTMLResponse("Open the URL with its token, as `tally serve` printed it.", status_code=401)
        page = STATIC.joinpath("index.html").read_text().replace("{{TOKEN}}", token)
        return HTMLResponse(page, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    @app.get("/vega.js")
    def vega() -> Response:
        return Response(vega_bundle(), media_type="text/javascript", headers={"Cache-Control": "max-age=86400"})

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(api.router, dependencies=[Depends(check_token)])
    return app


async def _tally_error(request: Request, exc: TallyError) -> JSONResponse:
    status = exc.status if isinstance(exc, UploadError) else 404 if isinstance(exc, SessionError) else 400
    return JSONResponse({"error": getattr(exc, "kind", "error"), "message": str(exc)}, status_code=status)


def _upload_limit(limit: int, megabytes: float):
    """Middleware refusing an upload by its Content-Length before its body is read (the copy in
    Tables.upload enforces the limit too, for a body sent without a length)."""
    async def refuse_large_uploads(request: Request, call_next):
        if request.method == "POST" and request.url.path == "/api/tables":
            length = request.headers.get("content-length", "")
            if length.isdigit() and int(length) > limit + 64 * 1024:
                return JSONResponse({"error": "too_large", "message": f"larger than the {megabytes:g} MiB upload "
                                     "limit (web.max_upload_mb)"}, status_code=413)
        return await call_next(request)
    return refuse_large_uploads
