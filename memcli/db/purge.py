"""SQLite SQL of the privacy purge: erase one item and every stored copy of its text, then compact."""

from __future__ import annotations

import time

from memcli.db import episodes, index, items
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.purge_sources import backing, episode_backing, purge_reason, purge_result
from memcli.errors import StoreError

__all__ = ["RETRY_PAUSES_S", "compact", "purge_episode", "purge_item"]

#: pauses (seconds) before the final WAL checkpoint is tried again when a reader still held the old pages; each
#: retry waits at most ``RETRY_BUSY_MS`` for the readers (the first try waited the store's busy_timeout)
RETRY_PAUSES_S = (0.05, 0.2, 0.5)
RETRY_BUSY_MS = 250


def purge_item(store: Store, user_id: str, item_id: int, *, cascade: bool = False) -> dict[str, object]:
    """Erase one item and every stored copy of its text: the row, its sources (and their
    outbox tasks), any other utterance of the same user that contains the statement verbatim
    (captured but never linked, or still pending — draining it would bring the memory back),
    its FTS5 and vec0 rows, and audit events that mention it. Items that superseded it or
    were superseded by it lose the link (set NULL) but stay; a middle version's neighbours are linked
    to each other instead (#1 → #2 → #3, #2 purged: #1 → #3, so ``correct 1`` still points at #3).
    One ``PURGE`` event is recorded.

    A source that also backs another *active* memory of the user (a turn that gave several
    memories) is kept for it, whole — its row, episode and index rows — unless ``cascade``.

    Returns ``{"sources", "events", "kept", "shared"}``: sources and events erased; ``kept``
    (without ``cascade``) / ``shared`` (erased with ``cascade``): ``[{"source", "memories"}]``,
    a source id and the ids of the other active memories it backs.

    Call :func:`compact` afterwards (outside the transaction) so freed pages and the WAL no
    longer hold the text.

    Raises:
        NotFoundError: no such item for this user.
    """
    with store.tx():
        row = items.get_row(store, user_id, item_id)
        source_ids = sorted(set(items.source_ids_of(store, item_id)) | {
            r["id"] for r in store.q(f"SELECT id FROM {s.SOURCES} WHERE user_id = ? AND instr(content, ?) > 0",
                                     (user_id, row["statement"]))})
        shared = backing(store, user_id, item_id, source_ids)
        if not cascade:
            source_ids = [sid for sid in source_ids if sid not in shared]
        n_events = store.scalar(
            f"SELECT count(*) FROM {s.EVENTS} WHERE user_id = ? AND (item_id = ? OR other_item_id = ?)",
            (user_id, item_id, item_id))
        store.x(f"DELETE FROM {s.EVENTS} WHERE user_id = ? AND (item_id = ? OR other_item_id = ?)",
                (user_id, item_id, item_id))
        index.unindex(store, item_id)
        older, newer = row["supersedes_id"], row["superseded_by_id"]
        if older is not None and newer is not None:  # a middle version: the chain closes over it
            store.x(f"UPDATE {s.ITEMS} SET superseded_by_id = ? WHERE id = ? AND superseded_by_id = ?",
                    (newer, older, item_id))
            store.x(f"UPDATE {s.ITEMS} SET supersedes_id = ? WHERE id = ? AND supersedes_id = ?",
                    (older, newer, item_id))
        store.x(f"UPDATE {s.ITEMS} SET supersedes_id = NULL WHERE supersedes_id = ?", (item_id,))
        store.x(f"UPDATE {s.ITEMS} SET superseded_by_id = NULL WHERE superseded_by_id = ?", (item_id,))
        store.x(f"DELETE FROM {s.ITEMS} WHERE id = ? AND user_id = ?", (item_id, user_id))
        episodes.unindex(store, source_ids)  # the turns' episode rows, tokens and vectors
        for sid in source_ids:
            store.x(f"DELETE FROM {s.SOURCES} WHERE id = ? AND user_id = ?", (sid, user_id))
        items.record_event(store, user_id=user_id, action="PURGE", item_id=item_id, level="explicit",
                           reason=purge_reason(len(source_ids), int(n_events or 0), shared, cascade))
    return purge_result(len(source_ids), int(n_events or 0), shared, cascade)


def purge_episode(store: Store, user: str, source_id: int, *, cascade: bool = False) -> dict[str, object]:
    """Erase a turn kept as an episode: its index rows, its episode row, the source and its
    outbox task. One ``PURGE`` event without the text. Run ``compact`` afterwards. A turn an active
    memory came from is erased only with ``cascade`` (:func:`~memcli.db.purge_sources.episode_backing`).

    Returns ``{"sources", "events", "shared"}`` (``shared``: ``[{"source", "memories"}]``, the memories
    that lost the turn, with ``cascade``).

    Raises:
        NotFoundError: no drained turn ``source_id`` of ``user``.
        BadInputError: the turn backs an active memory and ``cascade`` is False (nothing erased).
    """
    with store.tx():
        episodes.episode_state(store, user, source_id)
        shared = episode_backing(store, user, source_id, cascade=cascade)
        episodes.unindex(store, [source_id])
        store.x(f"DELETE FROM {s.SOURCES} WHERE id = ? AND user_id = ?", (int(source_id), user))
        items.record_event(store, user_id=user, action="PURGE", source_id=int(source_id), level="explicit",
                           reason="episode purged with its source" + (
                               f"; memories {', '.join(str(i) for i in shared[0]['memories'])} lose it"
                               if shared else ""))
    return {"sources": 1, "events": 0, "shared": shared}


def compact(store: Store) -> bool:
    """Rewrite the database so purged text leaves no trace in freed pages, FTS segments or
    the WAL: WAL checkpoint (TRUNCATE), FTS5 optimize, VACUUM, checkpoint again.

    The checkpoint comes before VACUUM because it needs no free space while VACUUM needs
    about the size of the database: on a nearly full disk the old WAL frames are still
    erased (freed pages are zeroed by ``secure_delete``).

    Returns True when the last checkpoint emptied the WAL; False when another connection kept a read
    transaction open through it and the retries (:data:`RETRY_PAUSES_S`): the purge is committed and the
    rewritten file holds no trace, but old pages may stay in the ``-wal`` file until every process using
    the database has closed it (the next checkpoint, or the last connection's close, empties it).
    :func:`memcli.db.store.wal_note` says so in one line.

    Raises:
        StoreError (the same subclass): compaction failed *after* the purge committed; the
            message says so instead of "nothing was written".
    """
    try:
        store.q("PRAGMA wal_checkpoint(TRUNCATE)")
        store.x(f"INSERT INTO {s.FTS}({s.FTS}) VALUES ('optimize')")
        if store.table_exists(s.EPISODE_FTS):
            store.x(f"INSERT INTO {s.EPISODE_FTS}({s.EPISODE_FTS}) VALUES ('optimize')")
        store.x("VACUUM")
        if not _checkpoint(store):
            return True
    except StoreError as exc:
        reason = str(exc).replace("; nothing was written", "")
        raise type(exc)(f"the purge was committed, but compacting the database afterwards failed: {reason}; "
                        "free some space, the next `forget --purge` compacts again") from None
    return _retry_checkpoint(store)


def _checkpoint(store: Store) -> int:
    """``PRAGMA wal_checkpoint(TRUNCATE)``'s ``busy``: 1 when a reader kept it from emptying the WAL."""
    return int(next(iter((store.one("PRAGMA wal_checkpoint(TRUNCATE)") or {}).values()), 0) or 0)


def _retry_checkpoint(store: Store) -> bool:
    """Try the final checkpoint again after short pauses, waiting briefly for the readers each time: a
    reader's snapshot usually ends within a request. True once the WAL is empty."""
    try:
        store.conn.set_busy_timeout(RETRY_BUSY_MS)
        for pause in RETRY_PAUSES_S:
            time.sleep(pause)
            try:
                if not _checkpoint(store):
                    return True
            except StoreError:  # a writer came between: the purge stays committed, the WAL is emptied later
                continue
        return False
    finally:
        store.conn.set_busy_timeout(store.busy_timeout_ms)

