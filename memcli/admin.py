"""Cross-user operations on one database: the worker for every user, re-embedding, global stats.

:class:`memcli.memory.Memory` is bound to one user and cannot reach another's data; the work
that must see every user (a cron/worker ``drain``, ``reembed`` after a model change, counts
across users) lives here instead, on an :class:`Admin` opened by the operator.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memcli.db import index
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.settings import Settings, default_db_path, load_settings

if TYPE_CHECKING:
    from memcli.embed import Embedder
    from memcli.write.extract import Extractor
    from memcli.write.judge import Judge
    from memcli.write.worker import DrainSummary

__all__ = ["Admin"]

Progress = Callable[[int], None]


class Admin:
    """Operations across every user of one database.

    Args:
        db: database path (default: ``MEMCLI_DB``, config, platform data dir).
        settings: a ready :class:`Settings`; other keyword overrides are applied on top.

    Raises:
        ConfigError, StoreError: bad settings; database cannot be opened.
    """

    def __init__(self, db: str | None = None, *, settings: Settings | None = None, **overrides: Any) -> None:
        if settings is None:
            settings = load_settings(db=db, **overrides)
        else:
            upd = {k: v for k, v in {"db": db, **overrides}.items() if v is not None}
            settings = settings.model_copy(update=upd) if upd else settings
        self.settings = settings
        self.store = Store(settings.db, busy_timeout_ms=settings.busy_timeout_ms,
                           create_parent=(settings.db == default_db_path()))
        self._embedder: Embedder | None = None

    def close(self) -> None:
        """Close the database connection (also on ``with`` exit)."""
        self.store.close()

    def __enter__(self) -> Admin:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def embedder(self) -> Embedder:
        """The configured write-path embedding model, loaded once; checked against the database.

        Raises:
            ModelMismatchError: the database was embedded with another model.
            ModelUnavailableError: the model cannot be loaded.
        """
        if self._embedder is None:
            from memcli.embed import check_model, load_embedder

            d = self.store.meta_get("embed_dim")
            check_model(self.store.meta_get("embed_model"), int(d) if d else None, self.settings.model)
            self._embedder = load_embedder(self.settings.model, self.settings.embed_backend)
        return self._embedder

    def drain(self, limit: int | None = None, *, loop: bool = False, interval_s: float | None = None,
              max_seconds: float | None = None, progress: Progress | None = None,
              extractor: Extractor | None = None, judge: Judge | None = None,
              stop: threading.Event | None = None) -> DrainSummary:
        """The cron/worker mode of :func:`memcli.write.worker.drain`: every user's tasks, each
        decided and stored under its own user. Returns a :class:`DrainSummary` (``user`` None).

        Raises:
            StoreError, EmbeddingError, ConfigError: only when it cannot run at all.
        """
        from memcli.write.worker import drain

        return drain(self, limit=limit, user=None, loop=loop, interval_s=interval_s, max_seconds=max_seconds,
                     progress=progress, extractor=extractor, judge=judge, stop=stop)

    def reembed(self, model: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
        """Re-embed every item of every user with ``model`` (default: the configured one) and
        record it as the database's model. Rebuilds the vec0 table in one transaction.

        Returns ``{"model", "dim", "items"}``.
        """
        from memcli.embed import get_embedder

        model = model or self.settings.model
        emb = get_embedder(model)
        rows = self.store.q(f"SELECT * FROM {s.ITEMS} ORDER BY id")
        vectors = emb.embed([r["statement"] for r in rows], batch_size=self.settings.embed_batch_size,
                            progress=progress)
        with self.store.tx():
            if self.store.table_exists(s.VEC):
                self.store.x(f"DROP TABLE {s.VEC}")
            self.store.x(f"DELETE FROM {s.META} WHERE key IN ('embed_model', 'embed_dim')")
            index.ensure_vec_table(self.store, emb.dim, model)
            for r, v in zip(rows, vectors, strict=True):
                index.index_vector(self.store, r, v)
            self.store.x(f"UPDATE {s.ITEMS} SET embed_model = ?", (model,))
        self.settings = self.settings.model_copy(update={"model": model})
        self._embedder = emb
        return {"model": model, "dim": emb.dim, "items": len(rows)}

    def item_count(self) -> int:
        """Stored items of every user (any status)."""
        return int(self.store.scalar(f"SELECT count(*) FROM {s.ITEMS}") or 0)

    def stats(self) -> dict[str, Any]:
        """Counts across every user: users, items (active / retired), sources, outbox by
        status; and the database (model, dimension, size in bytes, schema version)."""
        st = self.store
        outbox = {"pending": 0, "processing": 0, "done": 0, "dead": 0}
        for r in st.q(f"SELECT status, count(*) AS n FROM {s.OUTBOX} GROUP BY status"):
            outbox[r["status"]] = r["n"]
        active = st.scalar(f"SELECT count(*) FROM {s.ITEMS} WHERE invalid_at IS NULL AND expired_at IS NULL")
        d = st.meta_get("embed_dim")
        return {
            "users": st.scalar(f"SELECT count(DISTINCT user_id) FROM {s.SOURCES}"),
            "items": {"active": int(active or 0), "total": self.item_count()},
            "sources": st.scalar(f"SELECT count(*) FROM {s.SOURCES}"),
            "outbox": outbox,
            "outbox_depth": outbox["pending"] + outbox["processing"],
            "model": st.meta_get("embed_model"),
            "dim": int(d) if d else None,
            "db": str(st.path),
            "db_bytes": st.size_bytes(),
            "schema_version": st.scalar("PRAGMA user_version"),
        }
