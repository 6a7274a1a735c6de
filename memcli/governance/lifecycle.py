"""Lifecycle of one user's memory, by the user's own hand: correct, forget, purge.

- :func:`correct`: a new item at confidence 1.0 (confidence rule 4) supersedes the old one,
  which stops holding from now; both are linked and an event records it.
- :func:`forget`: the item is invalidated and retired now, kept for history (``list --all``).
- :func:`purge` + :func:`compact`: the item and every stored copy of its text are erased.

Each runs in one transaction of the store; the facade (:class:`memcli.memory.Memory`)
supplies the user, the settings and — for a correction — the new statement's vector.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memcli.db import index, items
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.items import FORGOTTEN
from memcli.errors import StoreError, StoreLockedError
from memcli.governance import confidence as conf
from memcli.governance import validity
from memcli.models import Candidate, Origin
from memcli.settings import Settings
from memcli.timeutil import iso, now_utc

if TYPE_CHECKING:  # numpy loads only when a vector is written: capture never needs it
    import numpy as np

__all__ = ["compact", "correct", "forget", "purge"]


def correct(store: Store, settings: Settings, user_id: str, item_id: int, text: str,
            embed: Callable[[str], np.ndarray]) -> int:
    """The user corrects a memory: a new item at confidence 1.0 (rule 4); the old one is
    invalidated from now; both linked (supersedes/superseded_by); an event recorded.

    ``text`` is already validated; ``embed(text)`` gives its vector (float32 (dim,),
    L2-normalised) and is called only once the item is known to be correctable.
    Returns the new item's id.

    Raises:
        NotFoundError: no such item for this user.
        BadInputError: the item was already superseded (correct the newest version instead)
            or forgotten.
    """
    validity.check_correctable(items.get_row(store, user_id, item_id))
    vec = embed(text)
    now = now_utc()
    with store.tx():
        old = validity.check_correctable(items.get_row(store, user_id, item_id))
        cand = Candidate(statement=text, kind=old["kind"], slot=old["slot"], salience=max(old["salience"], 0.7),
                         confidence=conf.CORRECTED, valid_from=now, metadata=json.loads(old["metadata"]))
        src = store.x(
            f"INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at) "
            "VALUES (?, 'explicit', ?, ?, ?)", (user_id, text, iso(now), iso(now)))
        new = items.insert_item(store, user_id=user_id, candidate=cand, origin=Origin.CORRECTION,
                                confidence=conf.CORRECTED, vector=vec, model=settings.model,
                                source_ids=[src], supersedes_id=item_id)
        before = items.snapshot(old)
        if old["invalid_at"] is None:
            old = validity.invalidate(store, item_id, now, f"corrected by the user (#{new['id']})")
        items.update_item(store, item_id, superseded_by_id=new["id"])
        items.record_event(store, user_id=user_id, action="CORRECT", item_id=new["id"],
                           other_item_id=item_id, source_id=src, level="explicit",
                           reason="user correction: confidence 1.0, old item invalidated",
                           before=before, after=items.snapshot(new))
    return int(new["id"])


def forget(store: Store, user_id: str, item_id: int, *, erase: bool = False) -> dict[str, Any]:
    """Forget a memory. Default: invalidated now and retired (kept for history).
    ``erase=True``: purged — erased with its sources, index rows, events and every copy of its text
    (:func:`purge`, then :func:`compact`).

    Forgetting twice changes nothing the second time (``already=True``, no event); times
    already set (``invalid_at``, ``expired_at`` of a corrected version) are kept.

    Returns:
        ``{"id", "purged", "already"}`` plus, when purged, ``{"sources", "events"}`` counts.

    Raises:
        NotFoundError: no such item for this user.
    """
    already = False
    with store.tx():
        row = items.get_row(store, user_id, item_id)
        if erase:
            counts = purge(store, user_id, item_id)
        elif row["invalid_reason"] == FORGOTTEN:
            already, counts = True, {}
        else:
            now = now_utc()
            fields: dict[str, Any] = {"invalid_reason": FORGOTTEN}
            if row["expired_at"] is None:
                fields["expired_at"] = now
            if row["invalid_at"] is None:
                fields["invalid_at"] = now
            new = items.update_item(store, item_id, **fields)
            items.record_event(store, user_id=user_id, action="FORGET", item_id=item_id,
                               level="explicit", reason=FORGOTTEN, before=items.snapshot(row),
                               after=items.snapshot(new))
            counts = {}
    if erase:
        compact(store)
    return {"id": item_id, "purged": erase, "already": already, **counts}


def purge(store: Store, user_id: str, item_id: int) -> dict[str, int]:
    """Erase one item and every stored copy of its text: the row, its sources (and their
    outbox tasks), any other utterance of the same user that contains the statement verbatim
    (captured but never linked, or still pending — draining it would bring the memory back),
    its FTS5 and vec0 rows, and audit events that mention it. Items that superseded it or
    were superseded by it lose the link (set NULL) but stay.

    Run inside ``store.tx()``; call :func:`compact` afterwards (outside the transaction)
    so freed pages and the WAL no longer hold the text.

    Raises:
        NotFoundError: no such item for this user.
    """
    row = items.get_row(store, user_id, item_id)
    source_ids = sorted(set(items.source_ids_of(store, item_id)) | {
        r["id"] for r in store.q(f"SELECT id FROM {s.SOURCES} WHERE user_id = ? AND instr(content, ?) > 0",
                                 (user_id, row["statement"]))})
    n_events = store.scalar(
        f"SELECT count(*) FROM {s.EVENTS} WHERE user_id = ? AND (item_id = ? OR other_item_id = ?)",
        (user_id, item_id, item_id))
    store.x(f"DELETE FROM {s.EVENTS} WHERE user_id = ? AND (item_id = ? OR other_item_id = ?)",
            (user_id, item_id, item_id))
    index.unindex(store, item_id)
    store.x(f"UPDATE {s.ITEMS} SET supersedes_id = NULL WHERE supersedes_id = ?", (item_id,))
    store.x(f"UPDATE {s.ITEMS} SET superseded_by_id = NULL WHERE superseded_by_id = ?", (item_id,))
    store.x(f"DELETE FROM {s.ITEMS} WHERE id = ? AND user_id = ?", (item_id, user_id))
    for sid in source_ids:
        store.x(f"DELETE FROM {s.SOURCES} WHERE id = ? AND user_id = ?", (sid, user_id))
    items.record_event(store, user_id=user_id, action="PURGE", item_id=item_id, level="explicit",
                       reason=f"purged with {len(source_ids)} source(s) and {n_events} event(s)")
    return {"sources": len(source_ids), "events": int(n_events or 0)}


def compact(store: Store) -> None:
    """Rewrite the database so purged text leaves no trace in freed pages, FTS segments or
    the WAL: WAL checkpoint (TRUNCATE), FTS5 optimize, VACUUM, checkpoint again.

    The checkpoint comes before VACUUM because it needs no free space while VACUUM needs
    about the size of the database: on a nearly full disk the old WAL frames are still
    erased (freed pages are zeroed by ``secure_delete``).

    Raises:
        StoreError (the same subclass): compaction failed *after* the purge committed; the
            message says so instead of "nothing was written".
    """
    try:
        store.q("PRAGMA wal_checkpoint(TRUNCATE)")
        store.x(f"INSERT INTO {s.FTS}({s.FTS}) VALUES ('optimize')")
        store.x("VACUUM")
        busy = store.one("PRAGMA wal_checkpoint(TRUNCATE)") or {}
    except StoreError as exc:
        reason = str(exc).replace("; nothing was written", "")
        raise type(exc)(f"the purge was committed, but compacting the database afterwards failed: {reason}; "
                        "free some space, the next `forget --purge` compacts again") from None
    if next(iter(busy.values()), 0):
        # Another connection kept a read transaction open past busy_timeout: the checkpoint
        # could not finish, so old pages holding the text survive in the -wal file.
        raise StoreLockedError("the purge was committed, but another process was reading the database, so its "
                               "write-ahead log (-wal) may still hold the old text until every process using "
                               f"{store.path.name} has closed it")
