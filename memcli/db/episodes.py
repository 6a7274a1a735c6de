"""SQLite SQL of the episodes: the user's own turns kept findable when they produced no memory.

Three tables (migration ``m0005_episodes`` in :mod:`memcli.db.migrations`; the vector table on
first use, as ``memory_vec``):

- ``memory_episodes``: one row per drained user turn (``source_id`` = ``memory_sources.id``,
  cascading on delete): ``is_chatter`` (greeting, thanks, question, request: never an episode)
  and ``is_episode`` (1 while the turn is not chatter and no memory is linked to it, or its memories
  leave much of it uncovered). A turn one of whose memories was retracted (forgotten, corrected, or
  replaced by a changed value of the same slot) is :data:`RETIRED`: never an episode again
  (:func:`recheck` after each such decision; :func:`episode_rows` checks too).
- ``memory_episode_fts``: FTS5 over jieba ``cut_for_search`` tokens of the turn, with the
  indexed ``user_key`` column of :mod:`memcli.db.fts_layout`; rowid = source id. Episodes only.
- ``memory_episode_vec``: vec0, ``source_id`` key, ``user_id`` partition, ``occurred_at``
  (epoch seconds) as metadata so ``--as-of`` filters *inside* the KNN; 8-slot chunks.
  Episodes only: a row leaves both indexes the moment the turn stops being an episode
  (:func:`retire`, called by every ``link_source``) or its source is purged (:func:`unindex`).

The model of the episode vectors is kept in meta (``episode_embed_model``/``episode_embed_dim``);
:func:`backlog` lists what a rebuild must (re-)embed: drained user turns without a row (drained
before the migration) and episodes whose vector is missing or of another model.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import episode_fresh
from memcli.db import schema as s
from memcli.db.bounded import like_params, like_score_sql, user_token
from memcli.db.episode_fresh import fresh_of, note_fresh, note_item
from memcli.db.vector_layout import CHUNK_SIZE
from memcli.errors import ModelMismatchError
from memcli.timeutil import from_iso, iso, iso_once, to_epoch

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.sql import SQL as Store  # the connection's shape (no import cycle: migrations import this)

__all__ = ["EPISODE_FTS_INSERT", "EPISODE_VEC_INSERT", "backlog", "drop_vectors", "episode_fts", "episode_knn",
           "episode_like", "episode_rows", "episodes_of", "forget", "has_vectors", "knn_sql", "note_fresh", "note_item",
           "next_turn", "record", "recheck", "retire", "turn_statements", "unindex", "vec_sql"]

MODEL_KEY, DIM_KEY = "episode_embed_model", "episode_embed_dim"

#: actions that may retire a memory: after one is recorded its turns are checked again (:func:`recheck`)
RETIRING = ("CONFLICT", "UPDATE", "FORGET", "CORRECT")

#: a turn one of whose memories was retired — forgotten, corrected, stored already invalid, or superseded /
#: conflicted away by a later memory *of the same attribute* (the same slot: a changed value) — never an
#: episode again, so a changed or forgotten value cannot come back in the user's own words. A memory retired by
#: the turn itself (its own second reading) or by a statement of no or another attribute (no changed value: a
#: detail the judge took for a contradiction) retracts nothing. ``{sid}``: the turn's source id.
RETIRED = (f"EXISTS (SELECT 1 FROM {s.ITEM_SOURCES} l JOIN {s.ITEMS} i ON i.id = l.item_id "
           "WHERE l.source_id = {sid} AND (i.invalid_at IS NOT NULL OR i.expired_at IS NOT NULL) "
           f"AND NOT EXISTS (SELECT 1 FROM {s.EVENTS} ev JOIN {s.ITEMS} n ON n.id = ev.item_id "
           "WHERE ev.other_item_id = i.id AND ev.action IN ('UPDATE', 'CONFLICT') AND (ev.source_id = {sid} "
           "OR n.slot IS NULL OR i.slot IS NULL OR n.slot <> i.slot)))")


#: :data:`RETIRED` of one source id given as a parameter (twice): one statement text for every turn, so
#: SQLite prepares it once (with the id written in, each turn's text was new: prepared per call, ~0.25 ms)
_RETIRED_SID = RETIRED.format(sid="?")


def vec_sql(dim: int) -> str:
    """The episodes' vec0 table for ``dim``."""
    return (f"CREATE VIRTUAL TABLE {s.EPISODE_VEC} USING vec0(source_id INTEGER PRIMARY KEY, "
            f"user_id TEXT PARTITION KEY, occurred_at INTEGER, "
            f"embedding float[{int(dim)}] distance_metric=cosine, chunk_size={CHUNK_SIZE})")


#: an episode's vec0 row, as :func:`record` writes it
EPISODE_VEC_INSERT = f"INSERT INTO {s.EPISODE_VEC}(source_id, user_id, occurred_at, embedding) VALUES (?, ?, ?, ?)"


#: a drained user turn's row, as :func:`record` writes it (a re-record replaces the row's flags and times)
EPISODE_INSERT = (f"INSERT INTO {s.EPISODES}(source_id, user_id, occurred_at, is_chatter, is_episode, embed_model, "
                  "indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(source_id) DO UPDATE SET "
                  "is_chatter = excluded.is_chatter, is_episode = excluded.is_episode, "
                  "embed_model = excluded.embed_model, indexed_at = excluded.indexed_at")


#: an episode's FTS5 row, as :func:`record` writes it
EPISODE_FTS_INSERT = f"INSERT INTO {s.EPISODE_FTS}(rowid, tokens, user_key) VALUES (?, ?, ?)"


def has_vectors(store: Store) -> bool:
    return store.table_exists(s.EPISODE_VEC)


def _ensure_vec(store: Store, dim: int, model: str) -> None:
    if not store.table_exists(s.EPISODE_VEC):
        store.x(vec_sql(dim))
        store.x(f"CREATE INDEX IF NOT EXISTS ix_episode_vec_partition ON {s.EPISODE_VEC}_chunks(partition00)")
        store.meta_set(DIM_KEY, str(dim))
        store.meta_set(MODEL_KEY, model)
        return
    have = store.meta_get(DIM_KEY)
    if have is not None and int(have) != dim:
        raise ModelMismatchError(f"episode vectors have dimension {have} but model {model!r} gives {dim}; "
                                 "run `memcli reembed` (it re-embeds the episodes too)")


def _drop_index_rows(store: Store, source_ids: Sequence[int]) -> None:
    vec = store.table_exists(s.EPISODE_VEC)
    for sid in source_ids:
        store.x(f"DELETE FROM {s.EPISODE_FTS} WHERE rowid = ?", (int(sid),))
        if vec:
            store.x(f"DELETE FROM {s.EPISODE_VEC} WHERE source_id = ?", (int(sid),))


def _read(store: Store, sid: int) -> tuple[Any, Any, Any]:
    """(linked: 1 or None, was: the row's is_episode or None, retired: 1 or 0) of the turn ``sid``, one statement."""
    got = store.one(f"SELECT (SELECT 1 FROM {s.ITEM_SOURCES} WHERE source_id = ? LIMIT 1) AS linked, "
                    f"(SELECT is_episode FROM {s.EPISODES} WHERE source_id = ?) AS was, "
                    f"{_RETIRED_SID} AS retired", (sid,) * 4)
    return (got["linked"], got["was"], got["retired"]) if got else (None, None, 0)


def record(store: Store, user: str, source_id: int, *, occurred_at: datetime | str, content: str,
           chatter: bool, vector: np.ndarray | None, model: str | None, now: datetime, uncovered: bool = False) -> bool:
    """Classify one drained user turn (inside the task's transaction, after its decisions): an
    episode when it is not chatter and no memory is linked to it, or its memories leave much of
    it ``uncovered`` (decided by the caller; a turn already kept so stays so on a re-record).
    Indexes an episode (the jieba tokens of ``content``, computed only then, and the vector when
    given); replaces an earlier row of the same source. Returns is_episode."""
    fresh = fresh_of(store)
    sid = int(source_id)
    if fresh is not None and sid in fresh.no_row and sid in fresh.unlinked:
        was, is_episode = None, not chatter  # no row, no link: nothing retired either
    elif fresh is not None and sid in fresh.no_row and (chatter or not uncovered):
        was, is_episode = None, False  # no row, linked by this batch and covered (or chatter): no read decides it
    elif fresh is not None and sid in fresh.no_row and fresh.unended(sid):
        was, is_episode = None, True  # no row, linked by this batch to active memories only (none retired), uncovered
        if episode_fresh.CHECK:
            assert _read(store, sid) == (1, None, 0), f"turn {sid}: retired or unlinked behind the batch's notes"
    else:
        linked, was, retired = _read(store, sid)
        is_episode = not chatter and not retired and (linked is None or uncovered or bool(was))
    # inside a transaction already (the drain's task savepoint, a rebuild's batch): that one rolls these
    # writes back with the rest on any failure; a savepoint of their own would add two statements a turn
    with store.tx() if store.conn.get_autocommit() else contextlib.nullcontext():
        if was:
            _drop_index_rows(store, [source_id])  # a re-record (rebuild): the old index rows go first
        from memcli.db.index import pending_rows

        pend = pending_rows(store)  # the drain: one insert of the batch's rows per table
        row = (int(source_id), user, iso(from_iso(occurred_at)), int(chatter), int(is_episode),
               model if (is_episode and vector is not None) else None, iso_once(now))
        if pend is not None and s.EPISODES in pend.tables:
            pend.add(s.EPISODES, int(source_id), row)
        else:
            store.x(EPISODE_INSERT, row)
        if fresh is not None:
            fresh.no_row.discard(int(source_id))
        if is_episode:
            from memcli.db.index import search_terms_of
            from memcli.smalltalk import unaddressed

            # the turn's words, not the name it addresses (Thanks, Mel!): memcli.smalltalk.unaddressed
            fts = (int(source_id), " ".join(search_terms_of(unaddressed(content))[1]), user_token(user))
            if pend is not None:
                pend.add(s.EPISODE_FTS, int(source_id), fts)
            else:
                store.x(EPISODE_FTS_INSERT, fts)
            if vector is not None:
                from memcli.embed import vec_to_blob

                _ensure_vec(store, int(vector.shape[-1]), model or "")
                vec = (int(source_id), user, to_epoch(occurred_at), vec_to_blob(vector))
                if pend is not None:
                    pend.add(s.EPISODE_VEC, int(source_id), vec)
                else:
                    store.x(EPISODE_VEC_INSERT, vec)
    return is_episode


def retire(store: Store, source_id: int, item_id: int | None = None) -> None:
    """A memory (``item_id``, when known) now holds this turn: it stops being an episode (called by
    ``link_source``)."""
    fresh = fresh_of(store)
    if fresh is not None:
        fresh.unlinked.discard(int(source_id))
        if int(source_id) in fresh.clean:
            if item_id is None:
                fresh.clean.discard(int(source_id))  # a memory not named: its state is unknown
            else:
                fresh.linked.setdefault(int(source_id), []).append(int(item_id))
        if int(source_id) in fresh.no_row:
            return  # no episode row: nothing to retire
    store.x(f"UPDATE {s.EPISODES} SET is_episode = 0, embed_model = NULL WHERE source_id = ? AND is_episode = 1",
            (int(source_id),))
    if store.changes():
        _drop_index_rows(store, [source_id])


def recheck(store: Store, item_ids: Sequence[int | None]) -> None:
    """After a decision that may retire memories (:data:`RETIRING`, called by ``record_event``): the turns
    of ``item_ids`` that are episodes and now :data:`RETIRED` stop being episodes. While the transaction's
    events and episode rows wait (:mod:`memcli.db.vec_pending`), whether any of the turns is an episode is read
    first, the waiting rows' flags over the stored ones: only then does the check read the two tables (which
    writes them)."""
    ids = [int(i) for i in item_ids if i is not None]
    if not ids:
        return
    marks = ",".join("?" * len(ids))
    pend = getattr(store, "vec_pending", None)
    if pend is not None and not store.conn.get_autocommit() and s.EPISODES in pend.tables \
            and not _maybe_episode(store, pend, ids, marks):
        return  # no episode among the turns (most checks): the waiting rows need not be written to know it
    for r in store.q(f"""SELECT DISTINCT e.source_id AS sid FROM {s.ITEM_SOURCES} l
                         JOIN {s.EPISODES} e ON e.source_id = l.source_id
                         WHERE l.item_id IN ({marks}) AND e.is_episode = 1 AND {RETIRED.format(sid="e.source_id")}""",
                     ids):
        retire(store, int(r["sid"]))


def _maybe_episode(store: Store, pend: Any, ids: list[int], marks: str) -> bool:
    """Whether a turn of the memories ``ids`` may be an episode, read without writing the transaction's waiting
    rows (:mod:`memcli.db.vec_pending`): a stored episode row whose turn has no waiting row, or a waiting row
    that says episode; a waiting row's turn is linked to ``ids`` as the batch's notes say (:class:`Fresh`: its
    links since the batch began, when it had none before); a waiting link counts unless its turn has no row at
    all (``no_row``: the task's own turn, recorded after its decisions); any turn the notes do not know: True
    (the caller then runs the whole check, which writes what waits first)."""
    waiting = pend.tables[s.EPISODES].waiting  # source id → [key, the row's parameters]; is_episode is 4th
    fresh = fresh_of(store)
    links = pend.tables.get(s.ITEM_SOURCES)  # waiting links: a turn of this task, no episode row yet (no_row)
    if links is not None and any(w[1][0] in ids and (fresh is None or w[1][1] not in fresh.no_row)
                                 for w in links.waiting.values()):
        return True  # a waiting link to a turn with a row: not read below (nothing written first)
    with pend.direct():
        stored = store.q(f"SELECT l.source_id AS sid FROM {s.ITEM_SOURCES} l JOIN {s.EPISODES} e "
                         f"ON e.source_id = l.source_id WHERE l.item_id IN ({marks}) AND e.is_episode = 1", ids)
    if any((w := waiting.get(r["sid"])) is None or w[1][4] == 1 for r in stored):
        return True
    told = [sid for sid, w in waiting.items() if w[1][4] == 1]
    if not told:
        return False
    return fresh is None or any(sid not in fresh.clean or not set(ids).isdisjoint(fresh.linked.get(sid, ()))
                                for sid in told)


def unindex(store: Store, source_ids: Sequence[int]) -> None:
    """Remove sources from the episode indexes and table (purge; before the sources go)."""
    if not source_ids:
        return
    _drop_index_rows(store, source_ids)
    for sid in source_ids:
        store.x(f"DELETE FROM {s.EPISODES} WHERE source_id = ?", (int(sid),))


def _at(as_of: datetime | None) -> tuple[str, list[Any]]:
    return ("AND e.occurred_at <= ?", [iso(as_of)]) if as_of is not None else ("", [])


def episode_fts(store: Store, user: str, tokens: Sequence[str], *, limit: int,
                as_of: datetime | None = None) -> list[tuple[int, float]]:
    """``(source_id, bm25)`` of the user's episodes matching any token, best (lowest) first;
    with ``as_of``, only turns said at or before it. The join is after a MATCH that returns
    every match (no k cap), so it loses nothing."""
    from memcli.db.search import fts_query

    match = fts_query(tokens)
    if not match:
        return []
    cond, at = _at(as_of)
    rows = store.q(f"""SELECT f.rowid AS id, bm25({s.EPISODE_FTS}, 1.0, 0.0) AS bm25 FROM {s.EPISODE_FTS} f
                       JOIN {s.EPISODES} e ON e.source_id = f.rowid
                       WHERE {s.EPISODE_FTS} MATCH ? AND e.user_id = ? AND e.is_episode = 1 {cond}
                       ORDER BY bm25, id DESC LIMIT ?""",
                   (f'user_key : "{user_token(user)}" AND tokens : ({match})', user, *at, int(limit)))
    return [(int(r["id"]), float(r["bm25"])) for r in rows]


LIKE_SCAN_CAP = 5000  # the user's newest episodes a LIKE variant scans (as memcli.db.bounded.LIKE_SCAN_CAP)


def episode_like(store: Store, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                 as_of: datetime | None = None) -> list[tuple[int, int]]:
    """``(source_id, like_score)`` of the user's newest :data:`LIKE_SCAN_CAP` episodes: the summed
    length of the ``variants`` (unescaped substrings) each contains, ``>= min_score``, best first."""
    from memcli.db.search import like_terms

    if not variants:
        return []
    cond, at = _at(as_of)
    terms = like_terms(variants, "src.content")  # a Latin word matches where a word starts, as for memories
    score, flat = like_score_sql(terms), like_params(terms)
    rows = store.q(f"""SELECT id, sc FROM (SELECT src.id AS id, ({score}) AS sc FROM
                         (SELECT source_id FROM {s.EPISODES} e WHERE e.user_id = ? AND e.is_episode = 1 {cond}
                          ORDER BY e.occurred_at DESC LIMIT ?) w
                         JOIN {s.SOURCES} src ON src.id = w.source_id)
                       WHERE sc >= ? ORDER BY sc DESC, id DESC LIMIT ?""",
                   (*flat, user, *at, LIKE_SCAN_CAP, int(min_score), int(limit)))
    return [(int(r["id"]), int(r["sc"])) for r in rows]


def knn_sql(*, as_of: bool = False) -> str:
    """The episode KNN. Params: (query blob, k, user, [T epoch]). Rows: source_id, distance."""
    cond = " AND occurred_at <= ?" if as_of else ""
    return (f"SELECT source_id, distance FROM {s.EPISODE_VEC} WHERE embedding MATCH ? AND k = ? "
            f"AND user_id = ?{cond} ORDER BY distance")


def episode_knn(store: Store, user: str, vector: np.ndarray, k: int, *,
                as_of: datetime | None = None) -> list[tuple[int, float]]:
    """``(source_id, cosine)`` of the user's nearest episodes (filtered inside the KNN); [] with
    no episode vectors yet or when the query has another dimension than the stored vectors."""
    import numpy as np

    from memcli.db.search import K_MAX

    if not store.table_exists(s.EPISODE_VEC):
        return []
    dim = store.meta_get(DIM_KEY)
    if dim is not None and int(dim) != int(vector.shape[-1]):
        return []
    params: list[Any] = [np.asarray(vector, dtype="<f4").tobytes(), max(1, min(int(k), K_MAX)), user]
    if as_of is not None:
        params.append(to_epoch(as_of))
    return [(int(r["source_id"]), 1.0 - float(r["distance"]))
            for r in store.q(knn_sql(as_of=as_of is not None), params)]


def episode_rows(store: Store, user: str, ids: Sequence[int]) -> list[dict[str, Any]]:
    """Rows ``{id, content, occurred_at, session_id}`` of the user's episodes among ``ids``."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    return store.q(f"""SELECT src.id AS id, src.content AS content, src.occurred_at AS occurred_at,
                       src.session_id AS session_id FROM {s.EPISODES} e JOIN {s.SOURCES} src ON src.id = e.source_id
                       WHERE e.user_id = ? AND src.user_id = ? AND e.is_episode = 1 AND e.source_id IN ({marks})
                       AND NOT {RETIRED.format(sid="e.source_id")}""",
                   (user, user, *[int(i) for i in ids]))


def turn_statements(store: Store, user: str, ids: Sequence[int]) -> list[dict[str, Any]]:
    """``{source_id, item_id, statement, slot, invalid_at}`` of the user's memories drawn from the turns ``ids``
    that the record still holds (not expired): the active ones and those a later change ended (``invalid_at``)."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    return store.q(f"""SELECT l.source_id AS source_id, i.id AS item_id, i.statement AS statement, i.slot AS slot,
                       i.invalid_at AS invalid_at FROM {s.ITEM_SOURCES} l
                       JOIN {s.ITEMS} i ON i.id = l.item_id WHERE i.user_id = ? AND l.source_id IN ({marks})
                       AND i.expired_at IS NULL ORDER BY l.source_id, i.id""",
                   (user, *[int(i) for i in ids]))


def next_turn(store: Store, user: str, source_id: int) -> int | None:
    """The user's next turn of the same role and session after ``source_id`` (occurred_at, then id), or None."""
    rows = store.q(f"""SELECT n.id AS id FROM {s.SOURCES} c JOIN {s.SOURCES} n ON n.user_id = c.user_id
                       AND n.role = c.role AND n.session_id = c.session_id
                       AND (n.occurred_at > c.occurred_at OR (n.occurred_at = c.occurred_at AND n.id > c.id))
                       WHERE c.user_id = ? AND c.id = ? ORDER BY n.occurred_at, n.id LIMIT 1""", (user, int(source_id)))
    return int(rows[0]["id"]) if rows else None


def source_ids_by_item(store: Store, user: str, ids: Sequence[int]) -> dict[int, list[int]]:
    """Item id → its source ids, ascending, for the user's memories among ``ids`` that have any (active or not)."""
    out: dict[int, list[int]] = {}
    if not ids:
        return out
    marks = ",".join("?" * len(ids))
    for r in store.q(f"""SELECT l.item_id AS item_id, l.source_id AS source_id FROM {s.ITEM_SOURCES} l
                         JOIN {s.ITEMS} i ON i.id = l.item_id WHERE i.user_id = ? AND l.item_id IN ({marks})
                         ORDER BY l.item_id, l.source_id""", (user, *[int(i) for i in ids])):
        out.setdefault(int(r["item_id"]), []).append(r["source_id"])
    return out


def episodes_of(store: Store, user: str) -> list[dict[str, Any]]:
    """Every episode of the user, oldest first: ``{id, content, occurred_at, session_id}``."""
    return store.q(f"""SELECT src.id AS id, src.content AS content, src.occurred_at AS occurred_at,
                       src.session_id AS session_id FROM {s.EPISODES} e JOIN {s.SOURCES} src ON src.id = e.source_id
                       WHERE e.user_id = ? AND src.user_id = ? AND e.is_episode = 1
                       AND NOT {RETIRED.format(sid="e.source_id")} ORDER BY src.occurred_at, src.id""", (user, user))


def backlog(store: Store, model: str, *, user: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
    """User turns a rebuild must (re-)classify and embed, oldest id first: drained (outbox
    ``done``) turns with no episode row, and episodes without a vector of ``model``. Rows
    ``{id, user_id, content, occurred_at}``."""
    ucond, up = ("AND src.user_id = ?", [user]) if user is not None else ("", [])
    return store.q(f"""SELECT src.id AS id, src.user_id AS user_id, src.content AS content,
                       src.occurred_at AS occurred_at FROM {s.SOURCES} src
                       LEFT JOIN {s.EPISODES} e ON e.source_id = src.id
                       WHERE src.role = 'user' {ucond}
                         AND ((e.source_id IS NULL AND EXISTS (SELECT 1 FROM {s.OUTBOX} o
                                WHERE o.source_id = src.id AND o.status = 'done'))
                              OR (e.is_episode = 1 AND e.embed_model IS NOT ?))
                       ORDER BY src.id LIMIT ?""", (*up, model, int(limit)))


def drop_vectors(store: Store) -> None:
    """Drop the episode vectors (a re-embed with another model); every episode is then backlog."""
    with store.tx():
        if store.table_exists(s.EPISODE_VEC):
            store.x(f"DROP TABLE {s.EPISODE_VEC}")
        store.x(f"DELETE FROM {s.META} WHERE key IN (?, ?)", (MODEL_KEY, DIM_KEY))
        store.x(f"UPDATE {s.EPISODES} SET embed_model = NULL WHERE embed_model IS NOT NULL")


def episode_state(store: Store, user: str, source_id: int) -> dict[str, Any]:
    from memcli.errors import NotFoundError

    sid = int(source_id)
    row = store.one(f"SELECT is_episode FROM {s.EPISODES} WHERE source_id = ? AND user_id = ?", (sid, user)) \
        if -(2**63) <= sid < 2**63 else None
    if row is None:
        raise NotFoundError(f"no episode with id {source_id} for user {user!r}")
    return row


def forget(store: Store, user: str, source_id: int) -> bool:
    """The turn stops being an episode (never found again); its text stays as a source, for
    history. Returns False when it was not an episode any more.

    Raises:
        NotFoundError: no drained turn ``source_id`` of ``user``.
    """
    with store.tx():
        if not episode_state(store, user, source_id)["is_episode"]:
            return False
        store.x(f"UPDATE {s.EPISODES} SET is_episode = 0, embed_model = NULL WHERE source_id = ?", (int(source_id),))
        _drop_index_rows(store, [source_id])
    return True
