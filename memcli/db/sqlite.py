"""The SQLite implementation of :class:`~memcli.db.store.MemoryStore` (apsw + sqlite-vec + FTS5).

:class:`SQLiteStore` is the connection of :class:`memcli.db.connect.Store` (pragmas,
migrations, error translation, ``tx()``) plus the interface's methods, whose SQL lives in the
modules beside it: :mod:`~memcli.db.items` (items, sources, events), :mod:`~memcli.db.index`
(FTS5 and vec0 upkeep), :mod:`~memcli.db.search` (KNN, BM25, LIKE), :mod:`~memcli.db.outbox`
(capture, claim/lease: the methods in :class:`~memcli.db.sqlite_outbox.SQLiteOutbox`) and
:mod:`~memcli.db.purge`. The raw ``q``/``x``/``scalar`` of
``Store`` stay available for SQLite-specific tests and tools; nothing outside ``db/`` uses them.

``SQLiteStore(":memory:")`` (or :meth:`SQLiteStore.in_memory`) opens a private in-memory
database, for tests; its :meth:`reader` shares the same data.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memcli.db import bounded, episodes, index, items, purge, search, temp_store
from memcli.db import schema as s
from memcli.db.active_rows import ActiveRows, checked, writes_items
from memcli.db.connect import BUSY_TIMEOUT_MS, Store
from memcli.db.sqlite_outbox import SQLiteOutbox
from memcli.db.store import MemoryStore, Row
from memcli.db.vec_pending import Pending

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.vector_cache import Scan
    from memcli.models import Candidate

__all__ = ["MEMORY", "SQLiteStore"]

MEMORY = ":memory:"


class _Vec0Only:
    """A vector cache that never answers (the caller runs vec0's KNN)."""

    def knn(self, *_: object) -> None:
        return None

    def ready(self, *_: object, **__: object) -> None:
        return None


class SQLiteStore(SQLiteOutbox, Store, MemoryStore):
    """An open memcli SQLite database (see :class:`~memcli.db.connect.Store` for ``Args``/``Raises``)."""

    dialect = "sqlite"

    def __init__(self, path: Path | str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                 create_parent: bool = False) -> None:
        if str(path) == MEMORY:  # a named memdb database, so that reader() sees the same data
            path = f"file:/memcli-{uuid.uuid4().hex}?vfs=memdb"
        self._busy_timeout_ms = busy_timeout_ms
        super().__init__(path, busy_timeout_ms=busy_timeout_ms, create_parent=create_parent)

    # -- the drain's copy of the users' active rows (memcli.db.active_rows) ------------------------
    active_rows: ActiveRows | None = None

    def keep_active_rows(self, on: bool = True) -> bool:
        """Keep (``on``) or stop keeping a copy of each user's active memory rows that answers the
        decisions' lookups inside write transactions (:mod:`memcli.db.active_rows`; the drain).
        Returns whether a copy was kept before."""
        was = self.active_rows is not None
        if on and not was:
            self.active_rows = ActiveRows(lambda user, limit: items.active_rows_of(self, user, limit))
        elif not on:
            self.active_rows = None
        return was

    # -- the drain's index rows (vec0, FTS5), written together before each commit (memcli.db.vec_pending) --
    vec_pending: Pending | None = None
    _temp_was: int | None = None  # temp_store before batching set it to memory

    def batch_vectors(self, on: bool = True) -> bool:
        """Write the fresh memory rows (their ids given here), the vector change log's rows, the vec0 and FTS5 rows
        of memories and episodes of each write transaction, the flag updates of written memories, the audit events,
        the turns' episode rows and links, one ``executemany`` per table before it commits
        (``on``), or row by row (:mod:`memcli.db.vec_pending`; the drain), the tasks' savepoint sub-journals in
        memory meanwhile (:mod:`memcli.db.temp_store`). Returns whether it was on; off only between transactions."""
        was = self.vec_pending is not None
        if on and not was:
            from memcli.db.episodes import EPISODE_FTS_INSERT, EPISODE_INSERT, EPISODE_VEC_INSERT
            from memcli.db.index import FTS_INSERT, VEC_FLAGS, VEC_FLAGS_UPDATE, VEC_INSERT
            from memcli.db.vector_copy import LOG, LOG_INSERT
            from memcli.db.written_row import UPDATES, insert_all_sql

            # the memories first: a waiting link names one (its foreign key)
            self.vec_pending = Pending({s.ITEMS: insert_all_sql(self), **dict(UPDATES.values()), LOG: LOG_INSERT,
                                        s.VEC: VEC_INSERT, VEC_FLAGS: VEC_FLAGS_UPDATE, s.FTS: FTS_INSERT,
                                        s.EPISODE_VEC: EPISODE_VEC_INSERT, s.EPISODE_FTS: EPISODE_FTS_INSERT,
                                        s.EVENTS: items.EVENT_INSERT, s.EPISODES: EPISODE_INSERT,
                                        s.ITEM_SOURCES: items.LINK_INSERT}, self)
            was_temp = temp_store.set_temp_store(self.conn, temp_store.MEMORY)  # the tasks' sub-journals
            self._temp_was = self._temp_was if was_temp is None else was_temp
        elif not on:
            self.vec_pending = None
            if was and self._temp_was is not None:
                temp_store.set_temp_store(self.conn, self._temp_was)
        return was

    @contextlib.contextmanager
    def tx(self, savepoint: str | None = None) -> Iterator[SQLiteStore]:
        """:meth:`Store.tx <memcli.db.connect.Store.tx>`; with a copy of the active rows kept, that
        copy is checked when a write transaction begins and dropped on any rollback; with vector
        batching on, the waiting vector rows are written before the commit and forgotten with what a
        rollback undoes."""
        rows, pend = self.active_rows, self.vec_pending
        if rows is None and pend is None:
            with Store.tx(self, savepoint):
                yield self
            return
        outer = self.conn.get_autocommit()
        mark = pend.mark() if pend is not None and not outer else None
        try:
            with Store.tx(self, savepoint):
                if outer and rows is not None:  # the writer's lock is held: no other connection commits until the end
                    version = self.scalar("PRAGMA data_version")
                    rows.begin(version)
                    self.resume_schema(version)
                    if pend is not None:
                        pend.begin(version)
                elif outer and pend is not None:
                    pend.begin(None)
                yield self
                if outer and pend is not None:
                    pend.flush()
        except BaseException:
            if rows is not None:
                rows.drop()  # this transaction or savepoint rolled back (or could not commit)
            if pend is not None:
                pend.rollback(mark)
            raise
        finally:
            if outer and rows is not None:
                rows.end()

    def x(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        rows, pend = self.active_rows, self.vec_pending
        if rows is not None and not rows.kept and writes_items(sql):
            rows.drop()  # a write of memories the copy is not told of
        if pend is not None and pend.live:
            pend.before(sql)  # a statement naming a vec0 table sees its waiting rows
        return Store.x(self, sql, params)

    def q(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        rows, pend = self.active_rows, self.vec_pending
        if rows is not None and not rows.kept and writes_items(sql):
            rows.drop()
        if pend is not None and pend.live:
            pend.before(sql)
        return Store.q(self, sql, params)

    @classmethod
    def in_memory(cls) -> SQLiteStore:
        """A private in-memory database (migrated, sqlite-vec loaded), for tests."""
        return cls(MEMORY)

    # -- connection, meta --------------------------------------------------------------------------
    @property
    def location(self) -> str:
        return MEMORY if self.is_memory else str(self.path)

    def reader(self) -> SQLiteStore:
        """Another connection (for the context builder's worker thread). Its KNN runs on the
        user's vector files when they exist and match (:mod:`memcli.db.vector_file`: a map, no
        load), else on vec0: loading a user's in-process vector copy (:mod:`memcli.db.vector_cache`,
        on the second search of a store) would happen inside a context budget and, measured at
        10k memories, push one call in two past 800 ms."""
        from memcli.db.vector_cache import VectorCache

        other = SQLiteStore.__new__(SQLiteStore)
        other._busy_timeout_ms = self._busy_timeout_ms
        Store.__init__(other, self.path, busy_timeout_ms=self._busy_timeout_ms)
        other._vector_cache = _Vec0Only() if self.is_memory else VectorCache(other, files_only=True)
        return other

    def schema_version(self) -> int:
        return int(self.scalar("PRAGMA user_version") or 0)

    def size_bytes(self) -> int | None:  # type: ignore[override]
        return None if self.is_memory else super().size_bytes()

    def compact(self) -> bool:
        return purge.compact(self)

    # -- items, sources, events --------------------------------------------------------------------
    def get_item(self, user: str, item_id: int) -> Row:
        rows = self.active_rows
        if rows is not None and type(item_id) is int and (got := rows.by_ids(user, [item_id])):
            return checked(got[0], lambda: items.get_row(self, user, item_id))
        return items.get_row(self, user, item_id)

    def list_items(self, user: str, *, include_all: bool = False, limit: int | None = None,
                   as_of: datetime | None = None) -> list[Row]:
        return items.list_rows(self, user, include_all=include_all, limit=limit, as_of=as_of)

    def items_by_ids(self, user: str, ids: Iterable[int]) -> list[Row]:
        ids = [int(i) for i in ids]
        rows = self.active_rows
        if rows is not None and ids and (got := rows.by_ids(user, ids)) is not None:
            return checked(got, lambda: items.items_by_ids(self, user, ids))
        return items.items_by_ids(self, user, ids)

    def all_items(self) -> list[Row]:
        return self.q(f"SELECT * FROM {s.ITEMS} ORDER BY id")

    def count_items(self, user: str | None = None, *, active_only: bool = False) -> int:
        return items.count_items(self, user, active_only=active_only)

    def find_exact(self, user: str, normalized: str) -> Row | None:
        rows = self.active_rows
        if rows is not None:
            answered, got = rows.find_exact(user, normalized)
            if answered:
                return checked(got, lambda: items.find_exact(self, user, normalized))
        return items.find_exact(self, user, normalized)

    def active_in_slot(self, user: str, slot: str) -> list[Row]:
        rows = self.active_rows
        if rows is not None and (got := rows.in_slot(user, slot)) is not None:
            return checked(got, lambda: items.active_in_slot(self, user, slot))
        return items.active_in_slot(self, user, slot)

    def active_keyed(self, user: str, key_of: Callable[[Row], Any], key: Any) -> set[int] | None:
        """The ids of ``user``'s active memories whose row ``key_of`` reads as ``key``, from the drain's copy of the
        active rows (:meth:`~memcli.db.active_rows.ActiveRows.keyed`); None: not known without reading every row."""
        rows = self.active_rows
        got = rows.keyed(user, key_of, key) if rows is not None else None
        if got is not None:
            checked(sorted(got), lambda: sorted(r["id"] for r in items.active_rows_of(self, user, 1 << 62)
                                                if key_of(r) == key))
        return got

    def find_exact_many(self, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Row]:
        if self.active_rows is not None and self.active_rows.open:
            out = {(u, n): self.find_exact(u, n) for u, n in keys}
            return checked({k: r for k, r in out.items() if r is not None}, lambda: items.find_exact_many(self, keys))
        return items.find_exact_many(self, keys)

    def active_in_slots(self, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], list[Row]]:
        if self.active_rows is not None and self.active_rows.open:
            out = {(u, t): self.active_in_slot(u, t) for u, t in keys}
            return checked({k: r for k, r in out.items() if r}, lambda: items.active_in_slots(self, keys))
        return items.active_in_slots(self, keys)

    def insert_item(self, *, user_id: str, candidate: Candidate, origin: str, confidence: float,
                    vector: np.ndarray | None, model: str | None, source_ids: Iterable[int] = (),
                    invalid_at: datetime | None = None, invalid_reason: str | None = None,
                    supersedes_id: int | None = None, recorded_at: datetime | None = None) -> Row:
        rows = self.active_rows
        with rows.keeping() if rows is not None else contextlib.nullcontext():
            row = items.insert_item(self, user_id=user_id, candidate=candidate, origin=origin, confidence=confidence,
                                    vector=vector, model=model, source_ids=source_ids, invalid_at=invalid_at,
                                    invalid_reason=invalid_reason, supersedes_id=supersedes_id,
                                    recorded_at=recorded_at)
        if rows is not None:
            rows.wrote(row)
        return row

    def update_item(self, item_id: int, **fields: Any) -> Row:
        rows = self.active_rows
        if rows is None:
            return items.update_item(self, item_id, **fields)
        with rows.keeping():
            row = items.update_item(self, item_id, held=rows.held(item_id), **fields)
        rows.wrote(row)
        return row

    def set_supersedes(self, new_id: int, old_id: int) -> None:
        """``new_id`` records that it supersedes ``old_id`` (lineage link)."""
        rows = self.active_rows
        if rows is None:
            items.set_supersedes(self, new_id, old_id)
            return
        with rows.keeping():
            items.set_supersedes(self, new_id, old_id)
        rows.patch(int(new_id), supersedes_id=int(old_id))

    def link_source(self, item_id: int, source_id: int) -> None:
        items.link_source(self, item_id, source_id)

    def source_ids_of(self, item_id: int) -> list[int]:
        return items.source_ids_of(self, item_id)

    def record_event(self, **fields: Any) -> int | None:  # type: ignore[override]
        return items.record_event(self, **fields)

    def lineage(self, user: str, item_id: int) -> set[int]:
        return items.lineage(self, user, item_id)

    def events_of(self, user: str, item_ids: Iterable[int]) -> list[Row]:
        return items.events_of(self, user, item_ids)

    def purge_item(self, user: str, item_id: int, *, cascade: bool = False) -> dict[str, object]:
        return purge.purge_item(self, user, item_id, cascade=cascade)

    def item_status_counts(self, user: str, forgotten_reason: str) -> dict[str, int]:
        return items.item_status_counts(self, user, forgotten_reason)

    def count_sources(self, user: str | None = None) -> int:
        if user is None:
            return int(self.scalar(f"SELECT count(*) FROM {s.SOURCES}") or 0)
        return int(self.scalar(f"SELECT count(*) FROM {s.SOURCES} WHERE user_id = ?", (user,)) or 0)

    def count_users(self) -> int:
        return int(self.scalar(f"SELECT count(DISTINCT user_id) FROM {s.SOURCES}") or 0)

    # -- search indexes ----------------------------------------------------------------------------
    def has_vectors(self) -> bool:
        return self.table_exists(s.VEC)

    def knn(self, user: str, vector: np.ndarray, k: int, *, as_of: datetime | None = None) -> list[tuple[int, float]]:
        return search.knn(self, user, vector, k, as_of=as_of)

    def knn_detached(self, user: str, k: int, *, as_of: datetime | None = None) -> Scan | None:
        return search.knn_detached(self, user, k, as_of=as_of)

    def neighbors(self, user: str, vector: np.ndarray, k: int) -> list[Row]:
        return search.neighbors(self, user, vector, k)

    def neighbors_many(self, queries: Sequence[tuple[str, np.ndarray]], k: int) -> list[list[Row]]:
        """:meth:`neighbors` of each (user, vector), read together (:func:`memcli.db.search.neighbors_many`)."""
        return search.neighbors_many(self, queries, k)

    def vector_of(self, item_id: int) -> np.ndarray | None:
        return search.vector_of(self, item_id)

    def fts_search(self, user: str, tokens: Sequence[str], *, limit: int, as_of: datetime | None = None,
                   ended: bool = False) -> list[tuple[int, float]]:
        return search.fts_search(self, user, tokens, limit=limit, as_of=as_of, ended=ended)

    def like_search(self, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                    as_of: datetime | None = None) -> list[tuple[int, int]]:
        return search.like_search(self, user, variants, min_score=min_score, limit=limit, as_of=as_of)

    def like_scores(self, user: str, variants: Sequence[str], ids: Sequence[int]) -> dict[int, int]:
        return search.like_scores(self, user, variants, ids)

    def slot_search(self, user: str, keys: Sequence[str], *, limit: int, as_of: datetime | None = None) -> list[int]:
        return search.slot_search(self, user, keys, limit=limit, as_of=as_of)

    def search_caps(self) -> dict[str, int]:
        return bounded.caps()

    # -- episodes ----------------------------------------------------------------------------------
    def record_episode(self, user: str, source_id: int, *, occurred_at: datetime | str, content: str, chatter: bool,
                       vector: np.ndarray | None, model: str | None, now: datetime, uncovered: bool = False) -> bool:
        return episodes.record(self, user, source_id, occurred_at=occurred_at, content=content,
                               chatter=chatter, vector=vector, model=model, now=now, uncovered=uncovered)

    def note_fresh_sources(self, source_ids: Sequence[int]) -> None:
        """:func:`memcli.db.episodes.note_fresh`: call inside a write transaction, before its first write."""
        episodes.note_fresh(self, source_ids)

    def episode_fts(self, user: str, tokens: Sequence[str], *, limit: int,
                    as_of: datetime | None = None) -> list[tuple[int, float]]:
        return episodes.episode_fts(self, user, tokens, limit=limit, as_of=as_of)

    def episode_like(self, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                     as_of: datetime | None = None) -> list[tuple[int, int]]:
        return episodes.episode_like(self, user, variants, min_score=min_score, limit=limit, as_of=as_of)

    def episode_knn(self, user: str, vector: np.ndarray, k: int, *,
                    as_of: datetime | None = None) -> list[tuple[int, float]]:
        return episodes.episode_knn(self, user, vector, k, as_of=as_of)

    def has_episode_vectors(self) -> bool:
        return episodes.has_vectors(self)

    def episode_rows(self, user: str, ids: Iterable[int]) -> list[Row]:
        return episodes.episode_rows(self, user, list(ids))

    def turn_statements(self, user: str, ids: Iterable[int]) -> list[Row]:
        return episodes.turn_statements(self, user, list(ids))

    def next_turn(self, user: str, source_id: int) -> int | None:
        return episodes.next_turn(self, user, source_id)

    def source_ids_by_item(self, user: str, item_ids: Iterable[int]) -> dict[int, list[int]]:
        return episodes.source_ids_by_item(self, user, list(item_ids))

    def episodes_of(self, user: str) -> list[Row]:
        return episodes.episodes_of(self, user)

    def episode_backlog(self, model: str, *, user: str | None = None, limit: int = 500) -> list[Row]:
        return episodes.backlog(self, model, user=user, limit=limit)

    def forget_episode(self, user: str, source_id: int) -> bool:
        return episodes.forget(self, user, source_id)

    def purge_episode(self, user: str, source_id: int, *, cascade: bool = False) -> dict[str, object]:
        return purge.purge_episode(self, user, source_id, cascade=cascade)

    def drop_episode_vectors(self) -> None:
        episodes.drop_vectors(self)

    def reindex_item(self, row: Row, vector: np.ndarray | None) -> None:
        index.index_fts(self, int(row["id"]), row["user_id"], row["statement"], row["slot"])
        if vector is not None:
            index.index_vector(self, row, vector)

    def replace_vectors(self, model: str, dim: int, vectors: Iterable[tuple[Row, np.ndarray]]) -> None:
        with self.tx():
            if self.table_exists(s.VEC):
                self.x(f"DROP TABLE {s.VEC}")
            self.x(f"DELETE FROM {s.META} WHERE key IN ('embed_model', 'embed_dim')")
            index.ensure_vec_table(self, dim, model)
            for row, vec in vectors:
                index.index_vector(self, row, vec)
            self.x(f"UPDATE {s.ITEMS} SET embed_model = ?", (model,))
