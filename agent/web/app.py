"""The web app (FastAPI): the page, the Vega bundle, and the API (api.py), behind two guards.
Every /api request carries the server's token in the X-Tally-Token header: the page gets it inside
index.html (which another site cannot read), so a cross-site form cannot post here; on a
non-loopback host the page itself needs ?token=. On loopback, requests naming any other Host are
refused (DNS rebinding). Every response refuses framing and carries the CSP (guards.py); text is
sent gzipped to a browser that asks for it; no server path reaches the page (scrub.py)."""

from __future__ import annotations

import gzip
import secrets
from functools import cache
from importlib import resources
from pathlib import Path

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware

from agent.config import Config
from agent.errors import TallyError
from agent.web import api
from agent.web.guards import BodyLimit, SecurityHeaders, validation_error
from agent.web.scrub import Scrubber
from agent.web.sessions import SessionError, Sessions
from agent.web.tables import Tables, UploadError

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
STATIC = resources.files("agent.web").joinpath("static")


@cache
def vega_bundle() -> str:
    """Vega, Vega-Lite and vega-embed as one script, from the vl-convert-python package (offline)."""
    import vl_convert

    return vl_convert.javascript_bundle()


@cache
def vega_gzipped() -> bytes:
    """The bundle gzipped once (about a third of its size), for browsers that accept gzip."""
    return gzip.compress(vega_bundle().encode(), compresslevel=9, mtime=0)


def create_app(config: Config, files: list[Path], build, *, token: str | None = None,
               host: str = "127.0.0.1", model_name: str | None = None) -> FastAPI:
    """The app over `files` (command-line tables; uploads go to `web.upload_dir`). `build(path)`
    makes an Agent. `token`: required of /api calls always and of the page on a non-loopback
    `host`; None makes a random one. Raises TallyError for a missing file."""
    token = token or secrets.token_urlsafe(24)
    tables = Tables(config, build, files)
    app = FastAPI(title="Tally", docs_url=None, redoc_url=None, openapi_url=None)
    scrubber = Scrubber([config.web.upload_dir, config.output.transcript_dir, config.search.cache_dir,
                         *(p.parent for p in files)])
    app.state.tally = api.State(config, tables, Sessions(Path(config.output.transcript_dir), tables), model_name,
                                scrubber)
    app.add_middleware(BodyLimit, upload_limit=tables.limit, upload_megabytes=config.web.max_upload_mb)
    if host in LOOPBACK:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "[::1]"])
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6,
                       exclude_content_types=("text/event-stream", "application/x-ndjson"))  # steps stream unbuffered
    app.add_middleware(SecurityHeaders)  # outermost: refusals by the guards above carry the headers too
    app.exception_handler(TallyError)(_tally_error)
    app.exception_handler(RequestValidationError)(validation_error)

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
    def vega(accept_encoding: str = Header(default="")) -> Response:
        headers = {"Cache-Control": "max-age=86400", "Vary": "Accept-Encoding"}
        if "gzip" in accept_encoding:
            return Response(vega_gzipped(), media_type="text/javascript", headers={**headers, "Content-Encoding": "gzip"})
        return Response(vega_bundle(), media_type="text/javascript", headers=headers)

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(api.router, dependencies=[Depends(check_token)])
    return app


async def _tally_error(request: Request, exc: TallyError) -> JSONResponse:
    status = exc.status if isinstance(exc, UploadError) else 404 if isinstance(exc, SessionError) else 400
    message = request.app.state.tally.scrubber.scrub(str(exc))
    return JSONResponse({"error": getattr(exc, "kind", "error"), "message": message}, status_code=status)
