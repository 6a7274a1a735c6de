"""The HTTP edge of ``memcli serve`` (:mod:`memcli.service.app`): the ASGI wrapper that refuses an oversized
body or a query naming a user before any route runs and records metrics (:class:`Guard`), and the exception
handlers that answer every error in one JSON shape (:func:`install_errors`, :mod:`memcli.service.errors`)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qsl

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from memcli.errors import MemcliError
from memcli.service.access import denied
from memcli.service.errors import (
    ServiceError,
    body,
    http_message,
    status_of,
    undecodable_body,
    validation_message,
)
from memcli.service.metrics import Metrics

__all__ = ["USER_FIELDS", "Guard", "error_response", "install_errors"]

#: how many times ``server_max_body_bytes`` a refused body is read (and dropped) before its 413 is answered
DRAIN_FACTOR = 16

#: query parameters and body fields that would name a user (refused: the user comes from the token)
USER_FIELDS = frozenset({"user", "user_id", "userid", "uid"})


class Guard:
    """The ASGI wrapper of the app: refuses a body over ``limit`` bytes (413) and a query naming a user (400)
    before any route runs, and records each request's method, route, status and seconds in ``metrics()``."""


    def __init__(self, app: Any, limit: int, metrics: Callable[[], Metrics | None]) -> None:
        self.app, self.limit, self.metrics = app, limit, metrics

    async def __call__(self, scope: dict, receive: Callable[[], Awaitable[dict]], send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = [500]

        async def send_wrapper(message: dict) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        refusal, more = self._refusal(scope), scope["method"] in ("POST", "PUT", "PATCH")  # (more: body unread)
        if refusal is None and scope["method"] in ("POST", "PUT", "PATCH"):
            chunks, size, more = [], 0, True
            while more:
                msg = await receive()
                if msg["type"] == "http.disconnect":
                    return
                chunk = msg.get("body", b"")
                size += len(chunk)
                more = msg.get("more_body", False)
                if size > self.limit:
                    refusal = ServiceError(413, "too_large", f"request body over {self.limit} bytes")
                    break
                chunks.append(chunk)
            if refusal is None:
                data, sent = b"".join(chunks), [False]

                async def replay() -> dict:
                    if not sent[0]:
                        sent[0] = True
                        return {"type": "http.request", "body": data, "more_body": False}
                    return await receive()

                receive = replay
        if refusal is not None and refusal.status == 413 and more:
            await self._drain(receive)  # a client still sending reads the 413, not a broken pipe
        if refusal is not None:
            await error_response(refusal.status, refusal.code, refusal.message, 2)(scope, receive, send_wrapper)
        else:
            await self.app(scope, receive, send_wrapper)
        m = self.metrics()
        if m is not None:
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            m.observe(scope["method"], route, status[0], time.perf_counter() - start)

    async def _drain(self, receive: Callable[[], Awaitable[dict]]) -> None:
        """Read and drop the rest of a refused body, up to :data:`DRAIN_FACTOR` × ``limit`` bytes: a client (httpx,
        requests) sends its whole body before it reads an answer, and a server that answers and closes while the
        body is still coming gives it a broken pipe instead of the 413. Past that bound the connection is closed
        (a client sending more may see the broken pipe; curl reads the 413 at once either way)."""
        size = 0
        while size <= DRAIN_FACTOR * self.limit:
            msg = await receive()
            if msg["type"] != "http.request":
                return
            size += len(msg.get("body", b""))
            if not msg.get("more_body", False):
                return

    def _refusal(self, scope: dict) -> ServiceError | None:
        for k, v in scope.get("headers", ()):
            if k == b"content-length":
                try:
                    if int(v) > self.limit:
                        return ServiceError(413, "too_large", f"request body over {self.limit} bytes")
                except ValueError:
                    return ServiceError(400, "bad_input", "invalid Content-Length")
        query = scope.get("query_string", b"").decode("latin-1")
        if any(k.lower() in USER_FIELDS for k, _ in parse_qsl(query, keep_blank_values=True)):
            return ServiceError(400, "bad_input", "the user comes from the token; no request names a user")
        return None



def error_response(status: int, code: str, message: str, exit_code: int) -> JSONResponse:
    """The JSON error answer (:mod:`memcli.service.errors`): 401 asks for a Bearer token, store_locked says
    Retry-After: 1."""
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else {}
    if code == "store_locked":
        headers["Retry-After"] = "1"
    return JSONResponse(body(code, message, exit_code), status_code=status, headers=headers)


def install_errors(app: FastAPI) -> None:
    """Answer every error of ``app`` in the one JSON shape: memcli's errors, the service's refusals, request
    validation (a refused token first), HTTP errors and anything else (500 internal)."""
    @app.exception_handler(MemcliError)
    async def _memcli(_: Request, exc: MemcliError) -> JSONResponse:
        status, code = status_of(exc)
        return error_response(status, code, http_message(str(exc)), exc.exit_code)

    @app.exception_handler(ServiceError)
    async def _service(_: Request, exc: ServiceError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message, 2)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        if (refused := await denied(request)) is not None:
            return await _service(request, refused)
        return error_response(400, "bad_input", validation_message(exc.errors(), exc.body, USER_FIELDS,
                                                                      request.url.path), 2)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code < 500 and (refused := await denied(request)) is not None:
            return await _service(request, refused)
        code = {400: "bad_input", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(exc.status_code)
        message = undecodable_body(exc.__cause__, getattr(request.scope.get("route"), "tags", None)) or str(exc.detail)
        return error_response(exc.status_code, code or "http", message, 3 if exc.status_code == 404 else 2)

    @app.exception_handler(Exception)
    async def _internal(_: Request, exc: Exception) -> JSONResponse:
        first = str(exc).splitlines()[0] if str(exc) else ""
        return error_response(500, "internal", f"internal error: {type(exc).__name__}: {first}", 70)
