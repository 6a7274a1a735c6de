"""Cross-user operations on one database: the worker for every user, re-embedding, global stats.

:class:`memcli.memory.Memory` is bound to one user and cannot reach another's data; the work
that must see every user (a cron/worker ``drain``, ``reembed`` after a model change, counts
across users) lives here instead, on an :class:`Admin` opened by the operator.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from memcli.engine import Engine, backend_overrides, one_call_at_a_time, resolve_settings
from memcli.settings import Settings

if TYPE_CHECKING:
    from memcli.auth import TokenOwner
    from memcli.embed import Embedder
    from memcli.write.extract import Extractor
    from memcli.write.judge import Judge
    from memcli.write.outbox import OutboxStatus
    from memcli.write.worker import DrainSummary

__all__ = ["Admin"]

Progress = Callable[[int], None]


@one_call_at_a_time
class Admin(Engine):
    """Operations across every user of one database.

    Args:
        db: database path (default: ``MEMCLI_DB``, config, platform data dir).
        settings: a ready :class:`Settings`; other keyword overrides are applied on top.
        embedder, extractor, judge: use these instead of the configured ones.

    Raises:
        ConfigError, StoreError: bad settings; database cannot be opened.
    """

    def __init__(self, db: str | None = None, *, settings: Settings | None = None, embedder: Embedder | None = None,
                 extractor: Extractor | str | None = None, judge: Judge | str | None = None,
                 **overrides: Any) -> None:
        extractor, judge = backend_overrides(extractor, judge, overrides)
        super().__init__(resolve_settings(settings, db=db, **overrides), embedder=embedder, extractor=extractor,
                         judge=judge)

    def __enter__(self) -> Admin:
        return self

    def drain(self, limit: int | None = None, *, loop: bool = False, interval_s: float | None = None,
              max_seconds: float | None = None, progress: Progress | None = None,
              extractor: Extractor | None = None, judge: Judge | None = None,
              stop: threading.Event | None = None) -> DrainSummary:
        """The cron/worker mode of :class:`~memcli.write.worker.MemoryCaptureWorker`: every
        user's tasks, each decided and stored under its own user. Returns a
        :class:`~memcli.write.worker.DrainSummary` (``user`` None).

        Raises:
            BadInputError: ``max_seconds`` 0, negative, infinite or NaN; ``limit`` not a whole number ≥ 1.
            StoreError, EmbeddingError, ConfigError: only when it cannot run at all.
        """
        worker = self._make_worker(extractor, judge) if extractor or judge else self.worker
        return worker.drain(limit=limit, user=None, loop=loop, interval_s=interval_s, max_seconds=max_seconds,
                            progress=progress, stop=stop)

    def reembed(self, model: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
        """Re-embed every item of every user with ``model`` (default: the configured one) and
        record it as the database's model. Rebuilds the vector index in one transaction.

        Returns ``{"model", "dim", "items"}``.
        """
        from memcli.embed import get_embedder
        from memcli.settings import canonical_model

        model = canonical_model(model or self.configured.model)
        emb = get_embedder(model)
        rows = self.store.all_items()
        vectors = emb.embed([r["statement"] for r in rows], batch_size=self.settings.embed_batch_size,
                            progress=progress)
        self.store.replace_vectors(model, emb.dim, zip(rows, vectors, strict=True))
        self.settings, self.model_note = self.configured.for_model(model), None
        self._embedder, self._worker = emb, None
        self.store.drop_episode_vectors()  # the episodes follow the memories to the new model
        episodes = self._rebuild_episodes(None)
        return {"model": model, "dim": emb.dim, "items": len(rows), "episodes": episodes["episodes"]}

    def rebuild_episodes(self, progress: Progress | None = None) -> dict[str, Any]:
        """Every user's drained turns without an episode record (drained before episodes
        existed) or whose episode vector is of another model: classified, embedded, recorded
        (:func:`memcli.write.episodes.rebuild`). Returns ``{"turns", "episodes", "model"}``."""
        return self._rebuild_episodes(None, progress)

    def users(self) -> list[str]:
        """Every user who has memories (any status), sorted."""
        return self.store.user_ids()

    def user_summaries(self) -> list[dict[str, Any]]:
        """Every user of the store (a source, memory, outbox task or unrevoked token), in byte order, with
        counts: ``{"user", "active", "ended", "turns", "pending", "dead", "tokens"}``
        (:func:`memcli.db.users.user_counts`)."""
        from memcli.db.users import user_counts

        return user_counts(self.store)

    def _refuse_running_drain(self) -> None:
        """Raise :class:`~memcli.errors.BadInputError` when a drain holds a lease on this store's outbox: it is
        writing memories a copy made now would miss half of (:func:`memcli.db.users.live_leases`)."""
        from memcli.db.users import live_leases
        from memcli.errors import BadInputError
        from memcli.timeutil import iso, now_utc

        if lease := live_leases(self.store, iso(now_utc())):
            raise BadInputError(
                f"a drain is working on the source store ({lease['tasks']} task(s) leased by {lease['owner']} "
                f"until {lease['until']}): stop its writers (serve, drain) and run again once the lease is "
                "released or runs out; nothing was copied")

    def copy_store(self, target: str, *, only: Sequence[str] | None = None, tokens: bool = True,
                   progress: Progress | None = None, done: Callable[[Any], None] | None = None) -> dict[str, Any]:
        """Copy every user (``only``: those) of this store into the store at ``target`` (a SQLite path or a
        ``postgresql://`` URL, created and migrated when new), each user all or nothing, with the API tokens
        carried hashed unless ``tokens`` is false (:mod:`memcli.store_copy`). The source is only read.
        ``progress`` advances by the memories copied; ``done`` gets each user's
        :class:`~memcli.store_copy.UserPlan` when it is finished.

        Returns ``{"source", "target", "model", "users": [{"user", "status", "memories", "turns", "pending"}],
        "copied", "already", "tokens", "tokens_present"}`` (``status``: ``copied`` or ``already``: copied before).

        Raises:
            BadInputError: a blank target, the source itself, a drain holding a lease on the source's outbox (it
                is still writing: stop it, or wait for the lease to run out), a user of ``only`` the source does
                not have, or a target holding other data of a user (nothing is copied then).
            ModelMismatchError: the target holds vectors of another model (nothing is copied).
            StoreError, ConfigError: the target cannot be opened (an unreachable PostgreSQL, a bad URL).
        """
        from memcli.db import open_store
        from memcli.db.tokens import token_rows
        from memcli.errors import BadInputError
        from memcli.store_copy import check_models, copy_users, plan_users, same_store

        if not isinstance(target, str) or not target.strip():
            raise BadInputError("the target store is blank; give a SQLite path or a postgresql:// URL")
        dst_settings = resolve_settings(self.settings, db=target)
        if same_store(self.settings.db, dst_settings.db):
            raise BadInputError(f"the target {target} is the source store itself; give another path or URL")
        self._refuse_running_drain()
        summaries = self.user_summaries()
        if only is not None and (absent := [u for u in only if u not in {s["user"] for s in summaries}]):
            raise BadInputError(f"no user {absent[0]!r} in the source store (its users: `memcli users`); "
                                "nothing was copied")
        # without the tokens, a user who has nothing but a token has nothing to copy
        names = [s["user"] for s in summaries if tokens or any(s[c] for c in ("active", "ended", "turns"))]
        users = names if only is None else [u for u in dict.fromkeys(only) if u in names]
        with open_store(dst_settings.db, busy_timeout_ms=dst_settings.busy_timeout_ms) as dst:
            where = dst.location
            check_models(self.store, dst, self.settings.model, where)
            plans = plan_users(self.store, dst, dst_settings, users, where)
            rows = token_rows(self.store, None if only is None else users) if tokens else []
            counts = copy_users(self.store, dst, dst_settings, lambda: self.embedder, plans, rows, progress, done)
        listed = [{"user": p.user, "status": "copied" if p.status == "copy" else "already", "memories": p.memories,
                   "turns": p.turns, "pending": p.pending} for p in plans]
        return {"source": self.store.location, "target": where, "model": self.settings.model, "users": listed,
                "copied": sum(u["status"] == "copied" for u in listed),
                "already": sum(u["status"] == "already" for u in listed), **counts}

    def item_count(self) -> int:
        """Stored items of every user (any status)."""
        return self.store.count_items()

    def outbox_status(self) -> OutboxStatus:
        """Every user's outbox: counts by status, oldest pending age, expired leases, dead tasks."""
        from memcli.write.outbox import status

        return status(self.store, None)

    def retry_dead(self, task_id: int | None = None, *, all_dead: bool = False) -> list[int]:
        """Re-queue a dead task of any user (or every dead task); returns the ids.

        Raises:
            NotFoundError: no such task. BadInputError: not dead, no id given, or not a positive id.
        """
        from memcli.refs import positive_id
        from memcli.write.outbox import retry

        task_id = None if task_id is None else positive_id(task_id, "retry_dead: the task id")  # as Memory's
        return retry(self.store, task_id, all_dead=all_dead, user=None)

    def stats(self) -> dict[str, Any]:
        """Counts across every user: users, items (active / total), sources, outbox by status;
        and the database (model, dimension, size in bytes, schema version)."""
        st = self.store
        outbox = st.outbox_counts(None)
        return {
            "users": st.count_users(),
            "items": {"active": st.count_items(active_only=True), "total": st.count_items()},
            "sources": st.count_sources(),
            "outbox": outbox,
            "outbox_depth": outbox["pending"] + outbox["processing"],
            "model": st.meta_get("embed_model"),
            "dim": self._stored_dim(),
            "db": st.location,
            "db_bytes": st.size_bytes(),
            "schema_version": st.schema_version(),
        }

    # -- API tokens of the HTTP service (memcli serve) ------------------------------------------
    def create_token(self, user: str | None = None, *, operator: bool = False,
                     name: str | None = None) -> dict[str, Any]:
        """Make an API token bound to ``user`` (or, ``operator=True``, the operator's token for
        ``POST /internal/drain``); only its SHA-256 digest is stored.

        Returns ``{"id", "token", "scope", "user", "name"}``; ``token`` is the clear value,
        shown this once.

        Raises:
            BadInputError: neither or both of ``user`` and ``operator``; a blank user; a name with a
                control character.
        """
        from memcli.auth import OPERATOR, USER, digest, new_token
        from memcli.errors import BadInputError
        from memcli.timeutil import iso, now_utc

        if operator and user is not None:
            raise BadInputError("a token is for one user (user=U) or for the operator (operator=True), "
                                "not both")
        if not operator and user is None:
            raise BadInputError("a token needs its user (user=U) or the operator's scope (operator=True); "
                                "none was given")
        if user is not None:
            try:
                user = Settings._user_not_blank(user)
            except ValueError as exc:
                raise BadInputError(f"user: {exc}") from None
        from memcli.text import label_problem

        if (problem := label_problem(name, "a token's name")) is not None:  # NUL: refused by PostgreSQL alone
            raise BadInputError(f"name: {problem}")
        token = new_token()
        scope = OPERATOR if operator else USER
        tid = self.store.add_token(token_hash=digest(token) or "", prefix=token[:10], scope=scope, user=user,
                                   name=name, created_at=iso(now_utc()))
        return {"id": tid, "token": token, "scope": scope, "user": user, "name": name}

    def revoke_token(self, token_id: int) -> dict[str, Any]:
        """Revoke a token: it never authenticates again. Revoking twice changes nothing.

        Returns ``{"id", "already"}``.

        Raises:
            NotFoundError: no such token. BadInputError: not a positive id (0, ``True``, past 2**63 - 1).
        """
        from memcli.errors import NotFoundError
        from memcli.refs import positive_id
        from memcli.timeutil import iso, now_utc

        token_id = positive_id(token_id, "revoke_token: the token id")

        outcome = self.store.revoke_token(token_id, iso(now_utc()))
        if outcome is None:
            raise NotFoundError(f"no token {token_id}")
        return {"id": token_id, "already": outcome == "already"}

    def tokens(self, user: str | None = None) -> list[dict[str, Any]]:
        """The tokens (id, prefix, scope, user, name, created_at, revoked_at; never the
        token or its digest), oldest first; ``user``: that user's only."""
        return [{**{k: v for k, v in r.items() if k != "user_id"}, "user": r["user_id"]}
                for r in self.store.list_tokens(user)]

    def token_owner(self, token: str) -> TokenOwner | None:
        """Whom a clear token speaks for (a revoked or unknown token: None)."""
        from memcli.auth import TokenOwner, digest

        h = digest(token)
        row = self.store.token_owner(h) if h else None
        return None if row is None else TokenOwner(int(row["id"]), row["scope"], row["user_id"])
