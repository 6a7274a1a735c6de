"""The HTTP app of ``memcli serve`` (FastAPI, run by uvicorn): routes over ``Memory``/``Admin``.

Each route makes ONE library call and returns its result as JSON; the service adds no logic
of its own. **The user comes from the token**: the :func:`bound_user` dependency maps
``Authorization: Bearer <token>`` to one user (:meth:`memcli.admin.Admin.token_owner`); no
route, body field or query parameter names a user (a ``user``/``user_id`` query parameter or
body field is refused), and another user's memory id answers 404, as in the CLI.

Routes (bodies and answers are JSON; times ISO-8601, UTC in answers):

==========================================  ===========================================================
``POST /v1/capture``                        ``Memory.capture`` (then the next-request drain)
``POST /v1/context``                        ``Memory.context``
``GET /v1/search?q=…``                      ``Memory.search``
``POST /v1/memories``                       ``Memory.remember`` (201)
``GET /v1/memories``                        ``Memory.list``
``GET /v1/memories/{id}`` / ``/history``    ``Memory.show`` / ``Memory.history``
``PATCH /v1/memories/{id}``                 ``Memory.correct``
``DELETE /v1/memories/{id}?purge=true``     ``Memory.forget`` (``/v1/episodes/{id}``: ``forget_episode``)
``GET /v1/export``                          ``Memory.export`` (JSON Lines)
``POST /internal/drain``                    ``Admin.drain`` for every user (operator token)
``GET /healthz``, ``GET /metrics``          readiness; Prometheus text (:mod:`memcli.service.metrics`)
==========================================  ===========================================================

Errors: :mod:`memcli.service.errors`. OpenAPI: ``/docs`` and ``/openapi.json``.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, TypeVar

import anyio
from fastapi import Depends, FastAPI, Query
from fastapi import Path as PathParam
from fastapi.responses import Response
from pydantic_core import to_json

from memcli.admin import Admin
from memcli.auth import TokenOwner
from memcli.errors import BadInputError, ConfigError
from memcli.memory import Memory
from memcli.models import hit_json
from memcli.service.access import bound_user, operator
from memcli.service.bodies import CaptureIn, ContextIn, CorrectIn, DrainIn, RememberIn
from memcli.service.guard import Guard, install_errors
from memcli.service.metrics import CONTENT_TYPE, Metrics
from memcli.service.models import ModelProcesses
from memcli.service.pool import Drainer, DrainProcess, SharedEmbedder, UserMemories, drain_in_thread, warm
from memcli.settings import Settings, load_settings
from memcli.text import check_query

__all__ = ["Service", "app_from_env", "budget_left", "create_app"]

FAST, MODEL = "fast", "model"
T = TypeVar("T")


class Service:
    """The state of one process: the operator's ``Admin`` (tokens, metrics), the shared model,
    the users' ``Memory`` objects and the next-request drainer.

    Args:
        settings: the service's settings (``db``, model, ``server_*``).
        embedder: a model already loaded in this process (tests, hosts); default: the
            configured one, loaded now and checked against the database.

    Raises:
        StoreError, ConfigError, EmbeddingError: the database or the model cannot be used.
    """

    def __init__(self, settings: Settings, *, embedder: Any = None) -> None:
        self.settings = settings = serving(settings)
        self.admin = Admin(settings=settings, embedder=embedder)
        self._admin_lock = threading.Lock()
        try:
            self.embedder = SharedEmbedder(self.admin.embedder)  # loaded once, checked against the database
            if embedder is None and hasattr(self.embedder.inner, "pin_threads"):
                self.embedder.inner.pin_threads()  # this process is ours: BLAS limited once, not per call
            warm(settings, self.embedder)
        except BaseException:
            self.admin.close()
            raise
        self.metrics = Metrics(self.outbox_counts)
        n_models = settings.server_model_processes
        self._lanes = {FAST: anyio.CapacityLimiter(settings.server_fast_threads),
                       MODEL: anyio.CapacityLimiter(n_models or settings.server_model_threads)}
        self.memories = UserMemories(settings, self.embedder)
        try:
            self.models = ModelProcesses(settings, n_models) if n_models else None
        except BaseException:
            self.memories.close()
            self.admin.close()
            raise
        self._drain_process = DrainProcess(settings) if settings.server_drain_process else None
        self.drainer = Drainer(self._drain_process or drain_in_thread(self.memories),
                               on_done=lambda n: self.metrics.drained.labels("next_request").inc(n))

    async def call(self, user: str, lane: str, fn: Callable[[Memory], T]) -> T:
        """Run ``fn(memory of user)`` on a worker thread of ``lane``: ``FAST`` (no model: capture,
        reads of stored rows) or ``MODEL`` (embedding and ranking: at most ``server_model_threads``
        at once, so that CPU-bound calls never starve the event loop or the fast lane of the GIL)."""

        def run() -> T:
            with self.memories.use(user) as mem:
                return fn(mem)

        return await anyio.to_thread.run_sync(run, limiter=self._lanes[lane])

    async def model(self, user: str, method: str, *args: Any, arrived: float | None = None, **kwargs: Any) -> Any:
        """``Memory.<method>(*args, **kwargs)`` of ``user`` for a call that runs the model: in a
        model process (:mod:`memcli.service.models`), or on the ``MODEL`` lane's threads when
        ``server_model_processes`` is 0. At most that many at once; the others wait.

        ``arrived`` (``time.monotonic()`` when the request reached its route) makes a ``budget_ms`` count from
        then: the time the call waited for a free lane is taken off it when the call starts (at least 1 ms is
        left, so a budget spent waiting answers "no block" at once, as the library does when its budget ran out).
        """
        def budgeted() -> dict[str, Any]:
            if arrived is None or "budget_ms" not in kwargs:
                return kwargs
            left = budget_left(kwargs["budget_ms"], self.settings.budget_ms, arrived, time.monotonic())
            return {**kwargs, "budget_ms": left}

        if self.models is None:
            return await self.call(user, MODEL, lambda m: getattr(m, method)(*args, **budgeted()))
        return await anyio.to_thread.run_sync(lambda: self.models.run(user, method, *args, **budgeted()),
                                              limiter=self._lanes[MODEL])

    def owner(self, token: str) -> TokenOwner | None:
        with self._admin_lock:
            return self.admin.token_owner(token)

    def outbox_counts(self) -> dict[str, int]:
        with self._admin_lock:
            return self.admin.outbox_status().counts

    def cron_drain(self, max_seconds: float | None, limit: int | None) -> Any:
        """``Admin.drain`` of every user on a connection of its own (two at once are safe: atomic claims)."""
        with Admin(settings=self.settings, embedder=self.embedder) as adm:
            summary = adm.drain(limit=limit, max_seconds=min(max_seconds or self.settings.server_drain_max_s,
                                                             self.settings.server_drain_max_s))
        self.metrics.drained.labels("cron").inc(summary.done)
        return summary

    def close(self) -> None:
        if self._drain_process is not None:  # first: the drainer thread may be waiting for it
            self._drain_process.close()
        if self.models is not None:
            self.models.close()
        self.drainer.close()
        self.memories.close()
        self.admin.close()


def budget_left(budget_ms: Any, default_ms: int, arrived: float, now: float) -> Any:
    """The part of a request's ``budget_ms`` (None: ``default_ms``) left at ``now`` of a request that reached its
    route at ``arrived`` (both ``time.monotonic()`` seconds): at least 1 ms, so that a budget spent waiting answers
    "no block" at once. A value that is no budget (0, a string, a bool) is returned as given, for the library's
    own check to answer."""
    budget = default_ms if budget_ms is None else budget_ms
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        return budget_ms
    return max(1, budget - int((now - arrived) * 1000))


def check_budget(budget_ms: int | None, cap_ms: int) -> None:
    """Refuse a request's ``budget_ms`` above the operator's cap (``server_max_budget_ms``, milliseconds): a
    client asking for more is told so (400), not served a shorter budget it would read as "nothing relevant".
    None (the server's ``budget_ms``) passes; 0, negative or no whole number never reaches here (the body's
    validation answers 400 first).

    Raises:
        BadInputError: ``budget_ms`` > ``cap_ms``.
    """
    if budget_ms is not None and budget_ms > cap_ms:
        raise BadInputError(f"budget_ms: {budget_ms} is above this server's cap of {cap_ms} ms "
                            f"(server_max_budget_ms); ask for {cap_ms} or less")


def check_server_settings(settings: Settings) -> None:
    """Refuse settings a server cannot run with (``memcli serve`` checks them before it starts its workers).

    Raises:
        ConfigError: ``budget_ms`` (the default of a request that gives none) above ``server_max_budget_ms``.
    """
    if settings.budget_ms > settings.server_max_budget_ms:
        raise ConfigError(f"the server's budget_ms ({settings.budget_ms} ms) is above server_max_budget_ms "
                          f"({settings.server_max_budget_ms} ms): a request without its own budget would get more "
                          "than one may ask; lower budget_ms (MEMCLI_BUDGET_MS) or raise server_max_budget_ms "
                          "(MEMCLI_SERVER_MAX_BUDGET_MS)")


def serving(settings: Settings) -> Settings:
    """The settings a server process runs with: reads on the request's thread (``read_threads``
    false: the request threads already run side by side; a thread per request only adds GIL
    hand-offs) unless the configuration sets ``read_threads`` itself.

    Raises:
        ConfigError: settings no server runs with (:func:`check_server_settings`).
    """
    check_server_settings(settings)
    if "read_threads" in settings.model_fields_set:
        return settings
    return settings.model_copy(update={"read_threads": False})


# -- the token → user step: one dependency (memcli.service.access) -------------------------------
User = Annotated[str, Depends(bound_user)]
ItemId = Annotated[str, PathParam(alias="id", pattern=r"^[eEmM]?[0-9]{1,19}$",  # {id}, as docs/service.md
                                  description="memory id or a search hit's ref: m12 (a memory), e12 (an episode: "
                                  "DELETE only)")]


def _json(value: Any, status: int = 200) -> Response:
    """The answer of a model route, serialised by pydantic's Rust serializer: the same JSON as
    FastAPI's ``jsonable_encoder`` for these models (checked), ~20x less CPU (0.34 -> 0.016 ms for
    a search answer) on the server process's thread, where captures wait for the GIL."""
    return Response(to_json(value), status_code=status, media_type="application/json")


def create_app(settings: Settings | None = None, *, service: Service | None = None) -> Any:
    """The ASGI app over ``settings.db`` (loads the model and opens the store now).

    Returns the app wrapped in the body-size / query / metrics guard; the FastAPI object is
    its ``.app`` and the :class:`Service` is ``.app.state.service``.

    Raises:
        StoreError, ConfigError, EmbeddingError: the database or the model cannot be used.
    """
    from memcli import __version__

    svc = service or Service(settings or load_settings())

    @asynccontextmanager
    async def lifespan(_: FastAPI):  # noqa: ANN202
        yield
        svc.close()

    api = FastAPI(title="memcli", version=__version__, lifespan=lifespan,
                  description="Long-term memory for AI agents. The user is bound by the bearer token.")
    api.state.service = svc
    install_errors(api)
    call = svc.call

    @api.post("/v1/capture", tags=["write"], summary="Capture a turn (two rows, no model); drained in the background")
    async def capture(req: CaptureIn, user: User) -> Any:
        res = await call(user, FAST, lambda m: m.capture(req.text, role=req.role, at=req.at, session=req.session,
                                                          key=req.key, allow_future=req.allow_future))
        if not res.duplicate and svc.settings.server_next_request_drain:
            svc.drainer.request(user)
        return res

    @api.post("/v1/context", tags=["read"], summary="The memory block for a query (empty text: no block)")
    async def context(req: ContextIn, user: User) -> Any:
        arrived = time.monotonic()  # the budget counts from here: a wait for a free model lane is part of it
        check_query(req.query)  # 400 here, not in a model process
        check_budget(req.budget_ms, svc.settings.server_max_budget_ms)
        return _json(await svc.model(user, "context", req.query, arrived=arrived, budget_ms=req.budget_ms,
                                     max_tokens=req.max_tokens,
                                     lang=req.lang, fmt=req.format, system=req.system, history=req.history,
                                     limit=req.limit, as_of=req.as_of, min_score=req.min_score))

    @api.get("/v1/search", tags=["read"], summary="Hybrid retrieval, best first")
    async def search(user: User, q: Annotated[str, Query(description="the query")],
                     limit: Annotated[int, Query(ge=1, le=1000)] = 5, as_of: str | None = None,
                     min_score: Annotated[float | None, Query(ge=0, le=1, allow_inf_nan=False)] = None,
                     explain: bool = False) -> Any:
        check_query(q, "q")  # named as the request spells it
        hits = await svc.model(user, "search", q, limit=limit, as_of=as_of, min_score=min_score, explain=explain)
        return _json({"hits": [hit_json(h) for h in hits], "info": hits.info})

    @api.post("/v1/memories", tags=["write"], status_code=201, summary="Remember an explicit memory now")
    async def remember(req: RememberIn, user: User) -> Any:
        return _json(await svc.model(user, "remember", req.text, kind=req.kind, at=req.at, metadata=req.metadata,
                                     confidence=req.confidence, allow_future=req.allow_future), 201)

    @api.get("/v1/memories", tags=["read"], summary="The user's memories, newest valid time first")
    async def list_memories(user: User, all: bool = False, limit: Annotated[int | None, Query(ge=1)] = None,
                            as_of: str | None = None) -> Any:
        return {"memories": await call(user, FAST, lambda m: m.list(include_all=all, limit=limit, as_of=as_of))}

    @api.get("/v1/memories/{id}", tags=["read"], summary="One memory")
    async def show(item_id: ItemId, user: User) -> Any:
        return await call(user, FAST, lambda m: m.show(item_id))

    @api.get("/v1/memories/{id}/history", tags=["read"], summary="A memory's lineage and audit events")
    async def history(item_id: ItemId, user: User) -> Any:
        return await call(user, FAST, lambda m: m.history(item_id))

    @api.patch("/v1/memories/{id}", tags=["write"], summary="Correct a memory (the new one at confidence 1)")
    async def correct(item_id: ItemId, req: CorrectIn, user: User) -> Any:
        return _json(await svc.model(user, "correct", item_id, req.text, at=req.at, allow_future=req.allow_future))

    @api.delete("/v1/memories/{id}", tags=["write"], summary="Forget a memory (purge=true: erase it)")
    async def forget(item_id: ItemId, user: User, purge: bool = False, cascade: bool = False) -> Any:
        return await call(user, FAST, lambda m: m.forget(item_id, purge=purge, cascade=cascade))  # cascade alone: 400

    @api.delete("/v1/episodes/{id}", tags=["write"], summary="Forget an episode or kept turn (purge: erase)")
    async def forget_episode(source_id: ItemId, user: User, purge: bool = False, cascade: bool = False) -> Any:
        return await call(user, FAST, lambda m: m.forget_episode(source_id, purge=purge, cascade=cascade))

    @api.get("/v1/export", tags=["read"], summary="Memories as JSON Lines (memcli import reads them)",
             response_class=Response)
    async def export(user: User, all: bool = False) -> Response:
        rows = await call(user, FAST, lambda m: list(m.export(include_all=all)))
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        return Response(text.encode("utf-8"), media_type="application/x-ndjson")

    @api.post("/internal/drain", tags=["operator"], dependencies=[Depends(operator)],
              summary="The cron channel: drain every user's outbox, with a time limit")
    def internal_drain(req: DrainIn | None = None) -> Any:
        req = req or DrainIn()
        return svc.cron_drain(req.max_seconds, req.limit)

    @api.get("/healthz", tags=["operator"], summary="Ready: the model is loaded and the store open")
    async def healthz() -> Any:
        return {"status": "ok", "model": svc.embedder.name}

    @api.get("/metrics", tags=["operator"], summary="Prometheus text: requests, latency, outbox, drain",
             response_class=Response)
    def metrics() -> Response:
        return Response(svc.metrics.render(), media_type=CONTENT_TYPE)

    return Guard(api, svc.settings.server_max_body_bytes, lambda: svc.metrics)


def app_from_env() -> Any:
    """The app for ``uvicorn --factory memcli.service.app:app_from_env`` (settings from ``MEMCLI_*``
    and the config file): what ``memcli serve --workers N`` runs in each worker process."""
    return create_app(load_settings())
