"""PostgreSQL SQL of the episodes (:mod:`memcli.db.episodes` is the SQLite twin; same rules).

One table, migration ``m0002_episodes`` (:mod:`memcli.db.postgres.migrations`): ``memory_episodes``
(``user_id``, ``source_id``) with the chatter/episode flags, the jieba tokens as a ``tsvector``
(GIN, partial on episodes) and the vector as an untyped ``vector`` (its dimension follows the
model; the KNN is an exact scan of the user's episodes, which filters user, episode and
``--as-of`` before ranking). Tokens and vector are set only while the row is an episode; the
foreign key to the source cascades, so a purged source leaves nothing here. Citus-ready:
``user_id`` leads the key.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.errors import NotFoundError
from memcli.timeutil import iso

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.postgres.connect import PgStore

__all__ = ["backlog", "drop_vectors", "episode_fts", "episode_knn", "episode_like", "episode_rows",
           "episodes_of", "forget", "purge", "record", "recheck_sql", "retire_sql",
           "next_turn", "turn_statements"]

LIKE_SCAN_CAP = 5000


#: ``link_source`` appends this: the linked turn stops being an episode. Params: (source_id, item_id).
retire_sql = (f"UPDATE {s.EPISODES} SET is_episode = false, tokens = NULL, embedding = NULL, embed_model = NULL "
              f"WHERE is_episode AND (user_id, source_id) IN (SELECT user_id, %s FROM {s.ITEMS} WHERE id = %s)")


#: a turn one of whose memories was retired by anything but the turn itself: never served as an episode
#: (as :data:`memcli.db.episodes.RETIRED`; ``{e}``: the alias of a row with user_id and source_id)
RETIRED = (f"EXISTS (SELECT 1 FROM {s.ITEM_SOURCES} l JOIN {s.ITEMS} i ON i.user_id = l.user_id AND i.id = l.item_id "
           "WHERE l.user_id = {e}.user_id AND l.source_id = {e}.source_id "
           "AND (i.invalid_at IS NOT NULL OR i.expired_at IS NOT NULL) "
           f"AND NOT EXISTS (SELECT 1 FROM {s.EVENTS} ev JOIN {s.ITEMS} n ON n.user_id = ev.user_id "
           "AND n.id = ev.item_id WHERE ev.user_id = l.user_id AND ev.other_item_id = i.id "
           "AND ev.action IN ('UPDATE', 'CONFLICT') AND (ev.source_id = {e}.source_id "
           "OR n.slot IS NULL OR i.slot IS NULL OR n.slot <> i.slot)))")

#: ``record_event`` appends this after a decision that may retire memories: their turns that are now
#: :data:`RETIRED` stop being episodes. Params: (user_id, [item ids]).
recheck_sql = (f"UPDATE {s.EPISODES} e SET is_episode = false, tokens = NULL, embedding = NULL, embed_model = NULL "
               f"WHERE e.is_episode AND e.user_id = %s AND e.source_id IN (SELECT l.source_id FROM {s.ITEM_SOURCES} l "
               f"WHERE l.user_id = e.user_id AND l.item_id = ANY(%s)) AND {RETIRED.format(e='e')}")


def record(store: PgStore, user: str, source_id: int, *, occurred_at: datetime | str, content: str,
           chatter: bool, vector: np.ndarray | None, model: str | None, now: datetime, uncovered: bool = False) -> bool:
    from memcli.db.index import search_terms_of
    from memcli.db.postgres.search import fts_lexemes
    from memcli.smalltalk import unaddressed

    with store.tx(user=user):
        linked = store.scalar(f"SELECT 1 FROM {s.ITEM_SOURCES} WHERE user_id = %s AND source_id = %s LIMIT 1",
                              (user, int(source_id)))
        was = store.scalar(f"SELECT is_episode FROM {s.EPISODES} WHERE user_id = %s AND source_id = %s",
                           (user, int(source_id)))
        retired = store.scalar(f"SELECT {RETIRED.format(e='x')} FROM "
                               "(SELECT %s::text AS user_id, %s::bigint AS source_id) x", (user, int(source_id)))
        is_episode = not chatter and not retired and (linked is None or uncovered or bool(was))
        vec = vector if is_episode else None
        if vec is not None:
            store.use_vectors()
        store.x(f"""INSERT INTO {s.EPISODES}(user_id, source_id, occurred_at, is_chatter, is_episode, embed_model,
                    indexed_at, tokens, embedding)
                    VALUES (%s, %s, %s, %s, %s, %s, %s, CASE WHEN %s THEN array_to_tsvector(%s::text[]) END, %s)
                    ON CONFLICT (user_id, source_id) DO UPDATE SET is_chatter = excluded.is_chatter,
                    is_episode = excluded.is_episode, embed_model = excluded.embed_model,
                    indexed_at = excluded.indexed_at, tokens = excluded.tokens, embedding = excluded.embedding""",
                (user, int(source_id), occurred_at if isinstance(occurred_at, str) else iso(occurred_at),
                 bool(chatter), is_episode, model if vec is not None else None, iso(now), is_episode,
                 fts_lexemes(search_terms_of(unaddressed(content))[1]) if is_episode else [], vec))
    return is_episode


def _at(as_of: datetime | None) -> tuple[str, list[Any]]:
    return ("AND e.occurred_at <= %s", [iso(as_of)]) if as_of is not None else ("", [])


def episode_fts(store: PgStore, user: str, tokens: Sequence[str], *, limit: int,
                as_of: datetime | None = None) -> list[tuple[int, float]]:
    from memcli.db.postgres.search import tsquery_text

    query = tsquery_text(tokens)
    if not query:
        return []
    cond, at = _at(as_of)
    rows = store.q(f"""SELECT e.source_id AS id, -ts_rank(e.tokens, q.q, 1) AS rank FROM {s.EPISODES} e
                       CROSS JOIN (SELECT %s::tsquery AS q) q
                       WHERE e.user_id = %s AND e.is_episode AND e.tokens @@ q.q {cond}
                       ORDER BY rank, id DESC LIMIT %s""", (query, user, *at, int(limit)))
    return [(int(r["id"]), float(r["rank"])) for r in rows]


def episode_like(store: PgStore, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                 as_of: datetime | None = None) -> list[tuple[int, int]]:
    from memcli.db.postgres.search import score_sql

    variants = [v for v in variants if v]
    if not variants:
        return []
    cond, at = _at(as_of)
    score, flat = score_sql(variants, "src.content")  # a Latin word matches where a word starts
    rows = store.q(f"""SELECT id, sc FROM (SELECT src.id AS id, ({score}) AS sc FROM
                         (SELECT e.user_id, e.source_id FROM {s.EPISODES} e WHERE e.user_id = %s AND e.is_episode
                          {cond} ORDER BY e.occurred_at DESC LIMIT %s) w
                         JOIN {s.SOURCES} src ON src.user_id = w.user_id AND src.id = w.source_id) m
                       WHERE sc >= %s ORDER BY sc DESC, id DESC LIMIT %s""",
                   (*flat, user, *at, LIKE_SCAN_CAP, int(min_score), int(limit)))
    return [(int(r["id"]), int(r["sc"])) for r in rows]


def episode_knn(store: PgStore, user: str, vector: np.ndarray, k: int, *,
                as_of: datetime | None = None) -> list[tuple[int, float]]:
    cond, at = _at(as_of)
    with store.joined_tx():
        store.use_vectors()
        rows = store.q(f"""WITH c AS MATERIALIZED (SELECT e.source_id, e.embedding FROM {s.EPISODES} e
                           WHERE e.user_id = %s AND e.is_episode AND e.embedding IS NOT NULL
                           AND vector_dims(e.embedding) = %s {cond})
                           SELECT source_id, embedding <=> %s AS distance FROM c
                           ORDER BY distance, source_id LIMIT %s""",
                       (user, int(vector.shape[-1]), *at, vector, max(1, int(k))))
    return [(int(r["source_id"]), 1.0 - float(r["distance"])) for r in rows]


_ROW = "src.id AS id, src.content AS content, src.occurred_at AS occurred_at, src.session_id AS session_id"


def episode_rows(store: PgStore, user: str, ids: Sequence[int]) -> list[dict[str, Any]]:
    if not ids:
        return []
    return store.q(f"""SELECT {_ROW} FROM {s.EPISODES} e
                       JOIN {s.SOURCES} src ON src.user_id = e.user_id AND src.id = e.source_id
                       WHERE e.user_id = %s AND e.is_episode AND e.source_id = ANY(%s)
                       AND NOT {RETIRED.format(e="e")}""",
                   (user, [int(i) for i in ids]))


def turn_statements(store: PgStore, user: str, ids: Sequence[int]) -> list[dict[str, Any]]:
    if not ids:
        return []
    return store.q(f"""SELECT l.source_id AS source_id, i.id AS item_id, i.statement AS statement, i.slot AS slot,
                       i.invalid_at AS invalid_at FROM {s.ITEM_SOURCES} l
                       JOIN {s.ITEMS} i ON i.user_id = l.user_id AND i.id = l.item_id
                       WHERE l.user_id = %s AND l.source_id = ANY(%s)
                       AND i.expired_at IS NULL ORDER BY l.source_id, i.id""",
                   (user, [int(i) for i in ids]))


def next_turn(store: PgStore, user: str, source_id: int) -> int | None:
    rows = store.q(f"""SELECT n.id AS id FROM {s.SOURCES} c JOIN {s.SOURCES} n ON n.user_id = c.user_id
                       AND n.role = c.role AND n.session_id = c.session_id
                       AND (n.occurred_at > c.occurred_at OR (n.occurred_at = c.occurred_at AND n.id > c.id))
                       WHERE c.user_id = %s AND c.id = %s ORDER BY n.occurred_at, n.id LIMIT 1""",
                   (user, int(source_id)))
    return int(rows[0]["id"]) if rows else None


def source_ids_by_item(store: PgStore, user: str, ids: Sequence[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    if not ids:
        return out
    for r in store.q(f"""SELECT item_id, source_id FROM {s.ITEM_SOURCES} WHERE user_id = %s AND item_id = ANY(%s)
                         ORDER BY item_id, source_id""", (user, [int(i) for i in ids])):
        out.setdefault(int(r["item_id"]), []).append(r["source_id"])
    return out


def episodes_of(store: PgStore, user: str) -> list[dict[str, Any]]:
    return store.q(f"""SELECT {_ROW} FROM {s.EPISODES} e
                       JOIN {s.SOURCES} src ON src.user_id = e.user_id AND src.id = e.source_id
                       WHERE e.user_id = %s AND e.is_episode AND NOT {RETIRED.format(e="e")}
                       ORDER BY src.occurred_at, src.id""", (user,))


def backlog(store: PgStore, model: str, *, user: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
    ucond, up = ("AND src.user_id = %s", [user]) if user is not None else ("", [])
    return store.q(f"""SELECT src.id AS id, src.user_id AS user_id, src.content AS content,
                       src.occurred_at AS occurred_at FROM {s.SOURCES} src
                       LEFT JOIN {s.EPISODES} e ON e.user_id = src.user_id AND e.source_id = src.id
                       WHERE src.role = 'user' {ucond}
                         AND ((e.source_id IS NULL AND EXISTS (SELECT 1 FROM {s.OUTBOX} o WHERE o.user_id = src.user_id
                                AND o.source_id = src.id AND o.status = 'done'))
                              OR (e.is_episode AND e.embed_model IS DISTINCT FROM %s))
                       ORDER BY src.id LIMIT %s""", (*up, model, int(limit)))


def drop_vectors(store: PgStore) -> None:
    store.x(f"UPDATE {s.EPISODES} SET embedding = NULL, embed_model = NULL WHERE embedding IS NOT NULL")


def _state(store: PgStore, user: str, source_id: int) -> dict[str, Any]:
    sid = int(source_id)
    row = store.one(f"SELECT is_episode FROM {s.EPISODES} WHERE user_id = %s AND source_id = %s",
                    (user, sid)) if -(2**63) <= sid < 2**63 else None
    if row is None:
        raise NotFoundError(f"no episode with id {source_id} for user {user!r}")
    return row


def forget(store: PgStore, user: str, source_id: int) -> bool:
    with store.tx(user=user):
        if not _state(store, user, source_id)["is_episode"]:
            return False
        store.x(f"""UPDATE {s.EPISODES} SET is_episode = false, tokens = NULL, embedding = NULL, embed_model = NULL
                    WHERE user_id = %s AND source_id = %s""", (user, int(source_id)))
    return True


def purge(store: PgStore, user: str, source_id: int, *, cascade: bool = False) -> dict[str, object]:
    from memcli.db.purge_sources import episode_backing

    with store.tx(user=user):
        _state(store, user, source_id)
        shared = episode_backing(store, user, source_id, cascade=cascade)
        store.x(f"DELETE FROM {s.SOURCES} WHERE user_id = %s AND id = %s", (user, int(source_id)))  # cascades
        store.record_event(user_id=user, action="PURGE", source_id=int(source_id), level="explicit",
                           reason="episode purged with its source" + (
                               f"; memories {', '.join(str(i) for i in shared[0]['memories'])} lose it"
                               if shared else ""))
    return {"sources": 1, "events": 0, "shared": shared}
