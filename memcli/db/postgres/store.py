"""``PostgresStore``: the :class:`~memcli.db.store.MemoryStore` interface on PostgreSQL.

The connection, pool, transactions and error translation are :class:`PgStore`'s; the
indexes and KNN are in :mod:`memcli.db.postgres.search`; the outbox claim in
:mod:`memcli.db.postgres.outbox`. Every statement names ``user_id`` where the interface gives it
(Citus routes by it); methods that get only an id (``update_item``, ``complete_task`` …)
find the row by its id, which an identity column keeps unique across users.

Writers of one user are serialised (an advisory lock, :meth:`PgStore.hold_user`), as
SQLite's one writer is: every user-scoped method of the write path takes the user's lock
when it runs inside a transaction, before reading, so a decision never misses another
worker's ADD for the same user.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.db.episodes import RETIRING
from memcli.db.postgres import episodes as pge
from memcli.db.postgres import outbox as pgo
from memcli.db.postgres import purge as pgpurge
from memcli.db.postgres import search as pgs
from memcli.db.postgres.connect import PgStore
from memcli.db.store import CaptureRow, MemoryStore
from memcli.errors import NotFoundError
from memcli.text import normalize
from memcli.timeutil import iso, now_utc

if TYPE_CHECKING:
    import numpy as np

    from memcli.models import Candidate

__all__ = ["PostgresStore"]

Row = dict[str, Any]
_TABLES = (s.SOURCES, s.OUTBOX, s.ITEMS, s.ITEM_SOURCES, s.EVENTS, s.FTS, s.VEC, s.EPISODES)
_VALIDITY = {"invalid_at", "expired_at", "valid_from"}
_BIGINT = 2**63


def _t(v: Any) -> Any:
    return iso(v) if isinstance(v, datetime) else v


class PostgresStore(PgStore, MemoryStore):
    """memcli's data on PostgreSQL + pgvector (see :class:`PgStore` for the arguments)."""

    @property
    def location(self) -> str:
        return self.path

    def reader(self) -> PostgresStore:
        """A second connection for another thread (already migrated: no schema checks)."""
        return PostgresStore(self.url, busy_timeout_ms=self._lock_ms, connect_timeout_s=self._connect_timeout_s,
                             _migrated=True)

    def compact(self) -> bool:
        self.vacuum(_TABLES)
        return True  # pg_wal is the server's (docs/scale-out.md), no reader keeps VACUUM from finishing

    # -- capture and the outbox ---------------------------------------------------------------
    def capture(self, user: str, *, role: str, session: str | None, content: str, occurred_at: datetime,
                key: str, now: datetime) -> CaptureRow:
        with self.tx(user=user):
            old = self.one(f"""SELECT o.id, o.source_id, src.occurred_at, src.content FROM {s.OUTBOX} o
                               JOIN {s.SOURCES} src ON src.user_id = o.user_id AND src.id = o.source_id
                               WHERE o.user_id = %s AND o.idempotency_key = %s""", (user, key))
            if old:
                return CaptureRow(source_id=old["source_id"], outbox_id=old["id"], duplicate=True,
                                  occurred_at=old["occurred_at"], content=old["content"])
            sid = self.x(f"""INSERT INTO {s.SOURCES}(user_id, role, session_id, content, occurred_at, recorded_at)
                             VALUES (%s, %s, %s, %s, %s, %s) RETURNING id""",
                         (user, role, session, content, iso(occurred_at), iso(now)))
            oid = self.x(f"""INSERT INTO {s.OUTBOX}(user_id, source_id, idempotency_key, status, attempts,
                                 next_attempt_at, created_at, updated_at)
                             VALUES (%s, %s, %s, 'pending', 0, %s, %s, %s) RETURNING id""",
                         (user, sid, key, iso(now), iso(now), iso(now)))
        return CaptureRow(source_id=sid, outbox_id=oid, duplicate=False, occurred_at=occurred_at)

    def add_source(self, user: str, *, role: str, content: str, occurred_at: datetime,
                   recorded_at: datetime) -> int:
        self.hold_user(user)
        return self.x(f"""INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at)
                          VALUES (%s, %s, %s, %s, %s) RETURNING id""",
                      (user, role, content, iso(occurred_at), iso(recorded_at)))

    def preceding_utterances(self, user: str, source_id: int, *, since: datetime, session_since: datetime | None = None,
                             limit: int, roles: tuple[str, ...] = ("user",)) -> list[Row]:
        rows = self.q(
            f"""SELECT p.id, p.role, p.content, p.occurred_at FROM {s.SOURCES} cur
                JOIN {s.SOURCES} p ON p.user_id = cur.user_id AND p.session_id IS NOT DISTINCT FROM cur.session_id
                    AND p.role = ANY(%s)
                    AND p.occurred_at >= (CASE WHEN cur.session_id IS NULL THEN %s ELSE %s END)::timestamptz
                    AND p.occurred_at <= cur.occurred_at
                    AND (p.occurred_at < cur.occurred_at OR (p.occurred_at = cur.occurred_at AND p.id < cur.id))
                WHERE cur.user_id = %s AND cur.id = %s
                ORDER BY p.occurred_at DESC, p.id DESC LIMIT %s""",
            (list(roles), iso(since), iso(session_since or since), user, int(source_id), int(limit)))
        return rows[::-1]

    def claim_tasks(self, *, owner: str, limit: int, now: datetime, lease_until: datetime, max_attempts: int,
                    user: str | None = None) -> list[Row]:
        return pgo.claim_rows(self, t=iso(now), lease=iso(lease_until), owner=owner, limit=limit,
                              max_attempts=max_attempts, user=user)

    def complete_task(self, task_id: int, *, owner: str, now: datetime) -> bool:
        self.x(f"""UPDATE {s.OUTBOX} SET status = 'done', lease_until = NULL, last_error = NULL, updated_at = %s
                   WHERE id = %s AND lease_owner = %s AND status = 'processing'""", (iso(now), task_id, owner))
        return self.changes() == 1

    def fail_task(self, task_id: int, *, owner: str, error: str, now: datetime,
                  retry_at: datetime | None) -> bool:
        if retry_at is None:
            self.x(f"""UPDATE {s.OUTBOX} SET status = 'dead', lease_until = NULL, lease_owner = NULL,
                       last_error = %s, updated_at = %s WHERE id = %s AND lease_owner = %s""",
                   (error, iso(now), task_id, owner))
        else:
            self.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL,
                       last_error = %s, next_attempt_at = %s, updated_at = %s WHERE id = %s AND lease_owner = %s""",
                   (error, iso(retry_at), iso(now), task_id, owner))
        return self.changes() == 1

    def release_tasks(self, tasks: Sequence[tuple[int, str]], now: datetime) -> int:
        if not tasks:
            return 0
        self.x(f"""UPDATE {s.OUTBOX} o SET status = 'pending', lease_until = NULL, lease_owner = NULL,
                       attempts = greatest(o.attempts - 1, 0), updated_at = %s
                   FROM unnest(%s::bigint[], %s::text[]) AS k(id, owner)
                   WHERE o.id = k.id AND o.lease_owner = k.owner AND o.status = 'processing'""",
               (iso(now), [int(t[0]) for t in tasks], [str(t[1]) for t in tasks]))
        return self.changes()

    def reclaim_expired(self, now: datetime, user: str | None = None) -> int:
        t = iso(now)
        self.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL,
                   next_attempt_at = %s, updated_at = %s WHERE status = 'processing' AND lease_until < %s"""
               + (" AND user_id = %s" if user is not None else ""), (t, t, t, *([user] if user is not None else [])))
        return self.changes()

    def _ucond(self, user: str | None, alias: str = "") -> tuple[str, list[Any]]:
        p = f"{alias}." if alias else ""
        return (f" AND {p}user_id = %s", [user]) if user is not None else ("", [])

    def outbox_counts(self, user: str | None = None) -> dict[str, int]:
        cond, p = self._ucond(user)
        counts = {k: 0 for k in (s.PENDING, s.PROCESSING, s.DONE, s.DEAD)}
        for r in self.q(f"SELECT status, count(*) AS n FROM {s.OUTBOX} WHERE true{cond} GROUP BY status", p):
            counts[r["status"]] = int(r["n"])
        return counts

    def outbox_health(self, now: datetime, user: str | None = None) -> tuple[Any, int]:
        cond, p = self._ucond(user)
        oldest = self.scalar(f"SELECT min(created_at) FROM {s.OUTBOX} WHERE status = 'pending'{cond}", p)
        expired = self.scalar(f"SELECT count(*) FROM {s.OUTBOX} WHERE status = 'processing' AND lease_until < %s"
                              f"{cond}", [iso(now), *p])
        return oldest, int(expired or 0)

    def dead_tasks(self, user: str | None = None, limit: int = 50) -> list[Row]:
        cond, p = self._ucond(user, "o")
        return self.q(f"""SELECT o.*, src.content FROM {s.OUTBOX} o
                          JOIN {s.SOURCES} src ON src.user_id = o.user_id AND src.id = o.source_id
                          WHERE o.status = 'dead'{cond} ORDER BY o.id LIMIT %s""", [*p, int(limit)])

    def task_status(self, task_id: int, user: str | None = None) -> str | None:
        if not -_BIGINT <= int(task_id) < _BIGINT:
            return None
        cond, p = self._ucond(user)
        return self.scalar(f"SELECT status FROM {s.OUTBOX} WHERE id = %s{cond}", [int(task_id), *p])

    def dead_task_ids(self, user: str | None = None) -> list[int]:
        cond, p = self._ucond(user)
        return [r["id"] for r in self.q(f"SELECT id FROM {s.OUTBOX} WHERE status = 'dead'{cond} ORDER BY id", p)]

    def requeue_tasks(self, task_ids: Sequence[int], now: datetime) -> None:
        t = iso(now)
        self.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', attempts = 0, next_attempt_at = %s, lease_until = NULL,
                   lease_owner = NULL, updated_at = %s WHERE id = ANY(%s)""", (t, t, [int(i) for i in task_ids]))

    # -- items, sources, events ---------------------------------------------------------------
    def get_item(self, user: str, item_id: int) -> Row:
        item_id = int(item_id)
        row = (self.one(f"SELECT * FROM {s.ITEMS} WHERE user_id = %s AND id = %s", (user, item_id))
               if -_BIGINT <= item_id < _BIGINT else None)
        if row is None:
            raise NotFoundError(f"no memory with id {item_id} for user {user!r}")
        return row

    def list_items(self, user: str, *, include_all: bool = False, limit: int | None = None,
                   as_of: datetime | None = None) -> list[Row]:
        params: list[Any] = [user]
        if as_of is not None:
            cond, extra = pgs.active_rows(s.ITEMS, as_of)
            where, params = f"user_id = %s AND {cond}", [user, *extra]
        else:
            where = "user_id = %s" + ("" if include_all else " AND invalid_at IS NULL AND expired_at IS NULL")
        sql = f"SELECT * FROM {s.ITEMS} WHERE {where} ORDER BY valid_from DESC, id DESC"
        if limit:
            sql += f" LIMIT {min(int(limit), _BIGINT - 1)}"
        return self.q(sql, tuple(params))

    def items_by_ids(self, user: str, ids: Iterable[int]) -> list[Row]:
        ids = [int(i) for i in ids if -_BIGINT <= int(i) < _BIGINT]
        return self.q(f"SELECT * FROM {s.ITEMS} WHERE user_id = %s AND id = ANY(%s) ORDER BY recorded_at, id",
                      (user, ids)) if ids else []

    def all_items(self) -> list[Row]:
        return self.q(f"SELECT * FROM {s.ITEMS} ORDER BY id")

    def count_items(self, user: str | None = None, *, active_only: bool = False) -> int:
        cond, p = self._ucond(user)
        if active_only:
            cond += " AND invalid_at IS NULL AND expired_at IS NULL"
        return int(self.scalar(f"SELECT count(*) FROM {s.ITEMS} WHERE true{cond}", p) or 0)

    def find_exact(self, user: str, normalized: str) -> Row | None:
        self.hold_user(user)  # the decision's first read: serialise this user's writers from here
        return self.one(f"""SELECT * FROM {s.ITEMS} WHERE user_id = %s AND normalized = %s AND invalid_at IS NULL
                            AND expired_at IS NULL ORDER BY id LIMIT 1""", (user, normalized))

    def active_in_slot(self, user: str, slot: str) -> list[Row]:
        self.hold_user(user)
        return self.q(f"""SELECT * FROM {s.ITEMS} WHERE user_id = %s AND slot = %s AND invalid_at IS NULL
                          AND expired_at IS NULL ORDER BY valid_from DESC, id DESC""", (user, slot))

    def insert_item(self, *, user_id: str, candidate: Candidate, origin: str, confidence: float,
                    vector: np.ndarray | None, model: str | None, source_ids: Iterable[int] = (),
                    invalid_at: datetime | None = None, invalid_reason: str | None = None,
                    supersedes_id: int | None = None, recorded_at: datetime | None = None) -> Row:
        now = recorded_at or now_utc()
        with self.tx(user=user_id):
            row = self.one(
                f"""INSERT INTO {s.ITEMS}(user_id, statement, normalized, kind, slot, salience, confidence, origin,
                    valid_from, invalid_at, recorded_at, expired_at, last_confirmed_at, confirmations, supersedes_id,
                    invalid_reason, metadata, embed_model, event_when)
                    VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, NULL, %s, 1, %s, %s, %s, %s, %s) RETURNING *""",
                (user_id, candidate.statement, normalize(candidate.statement), str(candidate.kind), candidate.slot,
                 float(candidate.salience), float(confidence), str(origin), iso(candidate.valid_from),
                 _t(invalid_at), iso(now), iso(candidate.confirmed_at or candidate.valid_from), supersedes_id,
                 invalid_reason, json.dumps(candidate.metadata, ensure_ascii=False), model, candidate.event_when))
            assert row is not None
            for sid in source_ids:
                self.link_source(row["id"], sid)
            from memcli.db.index import fts_tokens  # the same tokens as SQLite's FTS5 column

            pgs.index_fts(self, user_id, row["id"], fts_tokens(candidate.statement, candidate.slot))
            if vector is not None:
                pgs.ensure_vec_table(self, int(vector.shape[-1]), model or "")
                pgs.index_vector(self, row, vector)
        return row

    def update_item(self, item_id: int, **fields: Any) -> Row:
        if not fields:
            raise ValueError("no fields to update")
        cols = ", ".join(f"{k} = %s" for k in fields)
        row = self.one(f"UPDATE {s.ITEMS} SET {cols} WHERE id = %s RETURNING *",
                       (*[_t(v) for v in fields.values()], int(item_id)))
        if row is None:
            raise NotFoundError(f"no memory with id {item_id}")
        if _VALIDITY & fields.keys():
            pgs.refresh_flags(self, row)
        return row

    def reindex_item(self, row: Row, vector: np.ndarray | None) -> None:
        from memcli.db.index import fts_tokens

        pgs.index_fts(self, row["user_id"], int(row["id"]), fts_tokens(row["statement"], row["slot"]))
        if vector is not None:
            pgs.index_vector(self, row, vector)

    def set_supersedes(self, new_id: int, old_id: int) -> None:
        """``new_id`` records that it supersedes ``old_id`` (lineage link)."""
        self.x(f"UPDATE {s.ITEMS} SET supersedes_id = %s WHERE id = %s", (int(old_id), int(new_id)))

    def link_source(self, item_id: int, source_id: int) -> None:
        self.x(f"""INSERT INTO {s.ITEM_SOURCES}(user_id, item_id, source_id)
                   SELECT user_id, id, %s FROM {s.ITEMS} WHERE id = %s ON CONFLICT DO NOTHING""",
               (int(source_id), int(item_id)))
        self.x(pge.retire_sql, (int(source_id), int(item_id)))  # a memory holds the turn now: no episode

    def source_ids_of(self, item_id: int) -> list[int]:
        return [r["source_id"] for r in self.q(
            f"SELECT source_id FROM {s.ITEM_SOURCES} WHERE item_id = %s ORDER BY source_id", (int(item_id),))]

    def record_event(self, *, user_id: str, action: str, item_id: int | None = None,
                     other_item_id: int | None = None, source_id: int | None = None, level: str | None = None,
                     cosine: float | None = None, judge: str | None = None, reason: str | None = None,
                     before: dict[str, Any] | None = None, after: dict[str, Any] | None = None) -> int:
        got = self.x(
            f"""INSERT INTO {s.EVENTS}(user_id, item_id, other_item_id, source_id, action, level, cosine, judge,
                reason, before, after, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
                RETURNING id""",
            (user_id, item_id, other_item_id, source_id, str(action), level and str(level),
             None if cosine is None else float(cosine), judge, reason,
             None if before is None else json.dumps(before, ensure_ascii=False),
             None if after is None else json.dumps(after, ensure_ascii=False), iso(now_utc())))
        if str(action) in RETIRING:  # the turns of a retired memory stop being episodes
            self.x(pge.recheck_sql, (user_id, [int(i) for i in (item_id, other_item_id) if i is not None]))
        return got

    def lineage(self, user: str, item_id: int) -> set[int]:
        """One recursive query: supersedes / superseded_by links and CONFLICT / UPDATE / CORRECT events."""
        rows = self.q(f"""
            WITH RECURSIVE edge(a, b) AS (
                SELECT id, supersedes_id FROM {s.ITEMS} WHERE user_id = %(u)s AND supersedes_id IS NOT NULL
                UNION ALL SELECT id, superseded_by_id FROM {s.ITEMS}
                    WHERE user_id = %(u)s AND superseded_by_id IS NOT NULL
                UNION ALL SELECT item_id, other_item_id FROM {s.EVENTS} WHERE user_id = %(u)s
                    AND action IN ('CONFLICT', 'UPDATE', 'CORRECT') AND item_id IS NOT NULL
                    AND other_item_id IS NOT NULL),
            both_ways(a, b) AS (SELECT a, b FROM edge UNION SELECT b, a FROM edge),
            walk(id) AS (SELECT %(i)s::bigint UNION SELECT w.b FROM both_ways w JOIN walk ON w.a = walk.id)
            SELECT id FROM walk""", {"u": user, "i": int(item_id)})
        return {int(r["id"]) for r in rows}

    def events_of(self, user: str, item_ids: Iterable[int]) -> list[Row]:
        ids = [int(i) for i in item_ids]
        return self.q(f"""SELECT * FROM {s.EVENTS} WHERE user_id = %s AND (item_id = ANY(%s) OR other_item_id = ANY(%s))
                          ORDER BY id""", (user, ids, ids)) if ids else []

    def purge_item(self, user: str, item_id: int, *, cascade: bool = False) -> dict[str, object]:
        return pgpurge.purge_item(self, user, item_id, cascade=cascade)

    def item_status_counts(self, user: str, forgotten_reason: str) -> dict[str, int]:
        out = {"active": 0, "invalid": 0, "superseded": 0, "forgotten": 0}
        for r in self.q(f"""SELECT CASE WHEN invalid_reason IS NOT DISTINCT FROM %s THEN 'forgotten'
                                        WHEN expired_at IS NOT NULL THEN 'superseded'
                                        WHEN invalid_at IS NOT NULL THEN 'invalid' ELSE 'active' END AS k,
                                   count(*) AS n FROM {s.ITEMS} WHERE user_id = %s GROUP BY 1""",
                        (forgotten_reason, user)):
            out[r["k"]] += int(r["n"])
        return out

    def count_sources(self, user: str | None = None) -> int:
        cond, p = self._ucond(user)
        return int(self.scalar(f"SELECT count(*) FROM {s.SOURCES} WHERE true{cond}", p) or 0)

    def count_users(self) -> int:
        return int(self.scalar(f"SELECT count(DISTINCT user_id) FROM {s.SOURCES}") or 0)

    # -- search indexes -----------------------------------------------------------------------
    def has_vectors(self) -> bool:
        return self.table_exists(s.VEC)

    def knn(self, user: str, vector: np.ndarray, k: int, *, as_of: datetime | None = None) -> list[tuple[int, float]]:
        return pgs.knn(self, user, vector, k, as_of=as_of)

    def neighbors(self, user: str, vector: np.ndarray, k: int) -> list[Row]:
        self.hold_user(user)
        hits = pgs.knn(self, user, vector, k)
        if not hits:
            return []
        rows = {r["id"]: r for r in self.q(
            f"""SELECT id, statement, slot, valid_from, origin, confidence FROM {s.ITEMS}
                WHERE user_id = %s AND id = ANY(%s)""", (user, [h[0] for h in hits]))}
        return [{**rows[i], "cosine": round(c, 6)} for i, c in hits if i in rows]

    def vector_of(self, item_id: int) -> np.ndarray | None:
        return pgs.vector_of(self, int(item_id))

    def fts_search(self, user: str, tokens: Sequence[str], *, limit: int, as_of: datetime | None = None,
                   ended: bool = False) -> list[tuple[int, float]]:
        return pgs.fts_search(self, user, tokens, limit=limit, as_of=as_of, ended=ended)

    def like_search(self, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                    as_of: datetime | None = None) -> list[tuple[int, int]]:
        return pgs.like_search(self, user, variants, min_score=min_score, limit=limit, as_of=as_of)

    def like_scores(self, user: str, variants: Sequence[str], ids: Sequence[int]) -> dict[int, int]:
        return pgs.like_scores(self, user, variants, ids)

    def slot_search(self, user: str, keys: Sequence[str], *, limit: int, as_of: datetime | None = None) -> list[int]:
        return pgs.slot_search(self, user, keys, limit=limit, as_of=as_of)

    # -- episodes ---------------------------------------------------------------------------------
    def record_episode(self, user: str, source_id: int, *, occurred_at: datetime | str, content: str, chatter: bool,
                       vector: np.ndarray | None, model: str | None, now: datetime, uncovered: bool = False) -> bool:
        return pge.record(self, user, source_id, occurred_at=occurred_at, content=content,
                          chatter=chatter, vector=vector, model=model, now=now, uncovered=uncovered)

    def episode_fts(self, user: str, tokens: Sequence[str], *, limit: int,
                    as_of: datetime | None = None) -> list[tuple[int, float]]:
        return pge.episode_fts(self, user, tokens, limit=limit, as_of=as_of)

    def episode_like(self, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                     as_of: datetime | None = None) -> list[tuple[int, int]]:
        return pge.episode_like(self, user, variants, min_score=min_score, limit=limit, as_of=as_of)

    def episode_knn(self, user: str, vector: np.ndarray, k: int, *,
                    as_of: datetime | None = None) -> list[tuple[int, float]]:
        return pge.episode_knn(self, user, vector, k, as_of=as_of)

    def has_episode_vectors(self) -> bool:
        return self.scalar(f"SELECT 1 FROM {s.EPISODES} WHERE embedding IS NOT NULL LIMIT 1") is not None

    def episode_rows(self, user: str, ids: Iterable[int]) -> list[Row]:
        return pge.episode_rows(self, user, list(ids))

    def turn_statements(self, user: str, ids: Iterable[int]) -> list[Row]:
        return pge.turn_statements(self, user, list(ids))

    def next_turn(self, user: str, source_id: int) -> int | None:
        return pge.next_turn(self, user, source_id)

    def source_ids_by_item(self, user: str, item_ids: Iterable[int]) -> dict[int, list[int]]:
        return pge.source_ids_by_item(self, user, list(item_ids))

    def episodes_of(self, user: str) -> list[Row]:
        return pge.episodes_of(self, user)

    def episode_backlog(self, model: str, *, user: str | None = None, limit: int = 500) -> list[Row]:
        return pge.backlog(self, model, user=user, limit=limit)

    def forget_episode(self, user: str, source_id: int) -> bool:
        return pge.forget(self, user, source_id)

    def purge_episode(self, user: str, source_id: int, *, cascade: bool = False) -> dict[str, object]:
        return pge.purge(self, user, source_id, cascade=cascade)

    def drop_episode_vectors(self) -> None:
        pge.drop_vectors(self)

    def replace_vectors(self, model: str, dim: int, vectors: Iterable[tuple[Row, np.ndarray]]) -> None:
        with self.tx():
            self._vec_dim = None
            self.x(f"DROP TABLE IF EXISTS {s.VEC}")
            self.x(f"DELETE FROM {s.META} WHERE key IN ('embed_model', 'embed_dim')")
            pgs.ensure_vec_table(self, dim, model)
            for row, vec in vectors:
                pgs.index_vector(self, row, vec)
            self.x(f"UPDATE {s.ITEMS} SET embed_model = %s", (model,))
