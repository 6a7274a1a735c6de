"""The stored-text half of the store interface: every cell holding a user's words, read and
rewritten in place (``memcli redact-secrets``, :mod:`memcli.governance.secrets`).

:class:`~memcli.db.store.MemoryStore` inherits :class:`TextStore`. The SQL here runs on both
dialects (``?`` placeholders, ``CAST(... AS TEXT)``); what differs — re-indexing one memory's
full text and vector — is :meth:`TextStore.reindex_item`, implemented by each store. Rows are
dicts; vectors float32 (dim,), L2-normalised; scopes and errors as in :mod:`memcli.db.store`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s

if TYPE_CHECKING:
    import numpy as np

__all__ = ["TEXT_COLUMNS", "TextStore"]

Row = dict[str, Any]

#: ``(table, column, is_json)`` of every column holding words a user said or a memory states:
#: the captured turns (the outbox's rows point at them), memories, the user's metadata, the audit
#: events' reasons and before/after snapshots, and the outbox's last error. The full-text and vector
#: indexes derive from ``statement`` / ``content`` and are rebuilt from them.
TEXT_COLUMNS: tuple[tuple[str, str, bool], ...] = (
    (s.SOURCES, "content", False), (s.ITEMS, "statement", False), (s.ITEMS, "metadata", True),
    (s.EVENTS, "reason", False), (s.EVENTS, "before", True), (s.EVENTS, "after", True),
    (s.OUTBOX, "last_error", False))


class TextStore(ABC):
    """Reading and rewriting the stored text of one user or of every user."""

    dialect: str = ""

    def stored_texts(self, user: str | None) -> list[Row]:
        """Every non-NULL cell of :data:`TEXT_COLUMNS` of ``user`` (None: every user), by table
        then id: ``{table, column, id, user_id, text}`` (JSON columns as JSON text). Read-only."""
        out: list[Row] = []
        for table, col, _ in TEXT_COLUMNS:
            where, args = (" AND user_id = ?", (user,)) if user is not None else ("", ())
            rows = self.q(f"SELECT id, user_id, CAST({col} AS TEXT) AS text FROM {table} "  # type: ignore[attr-defined]
                          f"WHERE {col} IS NOT NULL{where} ORDER BY id", args)
            out += [{"table": table, "column": col, **r} for r in rows]
        return out

    def rewrite_texts(self, changes: Sequence[Row], vectors: Mapping[int, np.ndarray]) -> dict[str, int]:
        """Write ``changes`` (rows of :meth:`stored_texts` holding the new ``text``) in ONE
        transaction: a memory's ``normalized`` key, full-text row and — given in ``vectors`` by
        item id — vector follow its new statement (:meth:`reindex_item`); a captured turn that was
        an episode stops being one (its index rows and vector go: a placeholder is no episode).
        Returns ``{"rows", "memories", "episodes"}`` counts. Run :meth:`compact` afterwards.

        Raises:
            StoreError: nothing was written (rolled back whole).
        """
        from memcli.text import normalize

        json_cols = {(t, c) for t, c, is_json in TEXT_COLUMNS if is_json}
        counts = {"rows": 0, "memories": 0, "episodes": 0}
        with self.tx():  # type: ignore[attr-defined]
            for ch in changes:
                table, col, item, user = ch["table"], ch["column"], int(ch["id"]), ch["user_id"]
                value = "CAST(? AS jsonb)" if (table, col) in json_cols and self.dialect == "postgresql" else "?"
                self.x(f"UPDATE {table} SET {col} = {value} WHERE id = ? AND user_id = ?",  # type: ignore[attr-defined]
                       (ch["text"], item, user))
                counts["rows"] += 1
                if (table, col) == (s.ITEMS, "statement"):
                    self.x(f"UPDATE {s.ITEMS} SET normalized = ? WHERE id = ? AND user_id = ?",  # type: ignore[attr-defined]
                           (normalize(ch["text"]), item, user))
                    self.reindex_item(self.get_item(user, item), vectors.get(item))  # type: ignore[attr-defined]
                    counts["memories"] += 1
                elif table == s.SOURCES and self.scalar(  # type: ignore[attr-defined]
                        f"SELECT is_episode FROM {s.EPISODES} WHERE source_id = ? AND user_id = ?", (item, user)):
                    counts["episodes"] += bool(self.forget_episode(user, item))  # type: ignore[attr-defined]
        return counts

    def bytes_holding(self, values: Sequence[str]) -> list[str]:
        """Those of ``values`` still somewhere in the stored bytes. SQLite: the database file, its
        ``-wal`` and ``-shm`` read raw (free pages, FTS5 segments and logs included); an in-memory
        store holds no file: []. PostgreSQL: every row of every table of the schema rendered as
        text (lexemes, JSON and vectors included; dead row versions and the server's WAL are
        outside a client's reach, docs/scale-out.md). Read-only."""
        if self.dialect == "postgresql":
            tables = [r["t"] for r in self.q(  # type: ignore[attr-defined]
                "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() "
                "AND table_type = 'BASE TABLE'")]
            return [v for v in values if any(self.scalar(  # type: ignore[attr-defined]
                f'SELECT count(*) FROM "{t}" x WHERE strpos(x::text, ?) > 0', (v,)) for t in tables)]
        if getattr(self, "is_memory", True):
            return []
        path = str(self.path)  # type: ignore[attr-defined]
        raw = b"".join(Path(path + sfx).read_bytes() for sfx in ("", "-wal", "-shm") if Path(path + sfx).exists())
        return [v for v in values if v.encode("utf-8") in raw]

    @abstractmethod
    def reindex_item(self, row: Row, vector: np.ndarray | None) -> None:
        """Re-index a memory after its statement changed: its full-text row from ``row``'s
        statement and slot, and its vector when ``vector`` (float32 (dim,)) is given. Inside the
        caller's transaction."""
