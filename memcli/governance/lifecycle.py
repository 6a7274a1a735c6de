"""Lifecycle of one user's memory, by the user's own hand: correct, forget, purge.

- :func:`correct`: a new item at confidence 1.0 (confidence rule 4) supersedes the old one,
  which stops holding from now (or from the correction's ``at``); both are linked and an event records it.
- :func:`forget`: the item is invalidated and retired now, kept for history (``list --all``).
- ``forget(purge=True)``: the item and every stored copy of its text are erased
  (:meth:`~memcli.db.store.MemoryStore.purge_item`, then :meth:`~memcli.db.store.MemoryStore.compact`),
  except a turn another active memory came from too (kept for it unless ``cascade``).

Each runs in one transaction of the store; the facade (:class:`memcli.memory.Memory`)
supplies the user, the settings and — for a correction — the new statement's vector.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db.store import FORGOTTEN, MemoryStore, mark_forgotten, snapshot, wal_note
from memcli.errors import BadInputError
from memcli.governance import confidence as conf
from memcli.governance import validity
from memcli.models import Candidate, Kind, Origin
from memcli.sensitive import refuse_secret
from memcli.settings import Settings
from memcli.text import same_text
from memcli.timeutil import from_iso, now_utc

if TYPE_CHECKING:  # numpy loads only when a vector is written: capture never needs it
    import numpy as np

__all__ = ["correct", "forget"]


def _exists(store: MemoryStore, user_id: str) -> Callable[[int], bool]:
    """Whether the user still has memory ``id`` (a purge erases it)."""
    return lambda item_id: bool(store.items_by_ids(user_id, [item_id]))


def correct(store: MemoryStore, settings: Settings, user_id: str, item_id: int, text: str,
            embed: Callable[[str], np.ndarray], *, slot: str | None = None, kind: Kind | str | None = None,
            at: datetime | None = None) -> int:
    """The user corrects a memory: a new item at confidence 1.0 (rule 4), valid from ``at``
    (None: now); the old one is invalidated from then; both linked (supersedes/superseded_by);
    an event recorded.

    ``text`` is already validated; ``embed(text)`` gives its vector (float32 (dim,),
    L2-normalised) and is called only once the item is known to be correctable. ``slot`` / ``kind``:
    what the corrected text itself reads as (the caller's parse); None keeps the old memory's, so a
    correction about something else never inherits the old slot ("I have two cats" is no residence).
    Returns the new item's id; ``item_id`` itself when ``text`` is what the memory already says
    (:func:`memcli.text.same_text`: spacing aside; punctuation and case count;
    nothing written, ``embed`` not called).

    Raises:
        NotFoundError: no such item for this user.
        BadInputError: the item was already superseded (correct the newest version instead),
            contradicted (no longer valid) or forgotten; ``at`` is before the item held;
            ``text`` holds a secret (never stored).
    """
    try:
        refuse_secret(text)
    except ValueError as exc:
        raise BadInputError(str(exc)) from None
    row = _check_start(validity.check_correctable(store.get_item(user_id, item_id), _exists(store, user_id)), at)
    if same_text(row["statement"], text):  # a new version saying the same (spacing aside) ended the old for nothing
        return item_id
    vec = embed(text)
    now = now_utc()
    start = at or now
    with store.tx():
        old = _check_start(validity.check_correctable(store.get_item(user_id, item_id), _exists(store, user_id)), at)
        cand = Candidate(statement=text, kind=kind or old["kind"], slot=slot or old["slot"],
                         salience=max(old["salience"], 0.7),
                         confidence=conf.CORRECTED, valid_from=start, metadata=json.loads(old["metadata"]),
                         confirmed_at=now)  # the user says it now, whenever it began to hold (as remember --at)
        src = store.add_source(user_id, role="explicit", content=text, occurred_at=start, recorded_at=now)
        new = store.insert_item(user_id=user_id, candidate=cand, origin=Origin.CORRECTION,
                                confidence=conf.CORRECTED, vector=vec, model=settings.model,
                                source_ids=[src], supersedes_id=item_id)
        before = snapshot(old)
        if old["invalid_at"] is None:
            old = validity.invalidate(store, item_id, start, f"corrected by the user (#{new['id']})")
        store.update_item(item_id, superseded_by_id=new["id"])
        store.record_event(user_id=user_id, action="CORRECT", item_id=new["id"],
                           other_item_id=item_id, source_id=src, level="explicit",
                           reason="user correction: confidence 1.0, old item invalidated",
                           before=before, after=snapshot(new))
    return int(new["id"])


def _check_start(row: dict[str, Any], at: datetime | None) -> dict[str, Any]:
    """A correction starts when or after the memory it corrects held (its ``valid_from``)."""
    held = from_iso(row["valid_from"])  # stored: a time of an older store outside parse_at's range is read too
    if at is not None and at < held:
        raise BadInputError(f"at: {at:%Y-%m-%dT%H:%M:%SZ} is before memory #{row['id']} held (from "
                            f"{held:%Y-%m-%dT%H:%M:%SZ}); a correction starts when or after what it corrects")
    return row


def forget(store: MemoryStore, user_id: str, item_id: int, *, erase: bool = False,
           cascade: bool = False) -> dict[str, Any]:
    """Forget a memory. Default: invalidated now and retired (kept for history).
    ``erase=True``: purged — erased with its sources, index rows, events and every copy of its text
    (the store's ``purge_item``, then ``compact``); a source (a turn) that also backs another active
    memory is kept for it, unless ``cascade`` (then erased too: those memories lose it).

    Forgetting twice changes nothing the second time (``already=True``, no event); times
    already set (``invalid_at``, ``expired_at`` of a corrected version) are kept.

    Returns:
        ``{"id", "purged", "already"}`` plus, when purged, ``{"sources", "events"}`` counts,
        ``{"kept", "shared"}``: ``[{"source": id, "memories": [ids]}]``, the shared sources kept
        (without ``cascade``) or erased (with it), and :func:`compacted`'s ``wal_cleared`` (and ``note``).

    Raises:
        NotFoundError: no such item for this user.
    """
    already = False
    with store.tx():
        row = store.get_item(user_id, item_id)
        if erase:
            counts = store.purge_item(user_id, item_id, cascade=cascade)
        elif row["invalid_reason"] == FORGOTTEN:
            already, counts = True, {}
        else:
            mark_forgotten(store, user_id, row, now_utc(), level="explicit")
            counts = {}
    if erase:
        counts.update(compacted(store))
    return {"id": item_id, "purged": erase, "already": already, **counts}


def compacted(store: MemoryStore) -> dict[str, Any]:
    """Compact after a committed purge (:meth:`~memcli.db.store.MemoryStore.compact`) and say how it ended:
    ``{"wal_cleared": True}``, or ``{"wal_cleared": False, "note": line}`` when another process's open read kept
    old pages in the write-ahead log — the purge is done and answered as done; the note says where the
    old text may linger and until when (:func:`~memcli.db.store.wal_note`).

    Raises:
        StoreError: compaction itself failed after the commit (the message says the purge was committed).
    """
    if store.compact():
        return {"wal_cleared": True}
    return {"wal_cleared": False, "note": wal_note(store.location)}


def forget_episode(store: MemoryStore, user_id: str, source_id: int, *, erase: bool = False,
                   cascade: bool = False) -> dict[str, Any]:
    """Forget an episode (a turn the user said that no memory holds, :mod:`memcli.read.episodes`).
    Default: never found again, its text kept as a source for history. ``erase=True``: erased —
    the source, its outbox task and the episode's index rows (then ``compact``). As a memory's
    purge keeps a turn another active memory came from, a turn an active memory came from is erased
    only with ``cascade`` (those memories lose it); without, the purge is refused and nothing changes.

    Returns:
        ``{"id", "episode": True, "purged", "already"}`` plus, when purged, ``{"sources", "events", "shared"}``
        (``shared``: ``[{"source", "memories"}]``, the active memories that lost the turn) and :func:`compacted`'s
        ``wal_cleared`` (and ``note``).

    Raises:
        NotFoundError: no drained turn ``source_id`` of this user.
        BadInputError: ``erase`` of a turn an active memory came from, without ``cascade``.
    """
    if erase:
        counts = store.purge_episode(user_id, source_id, cascade=cascade)
        counts.update(compacted(store))
        return {"id": source_id, "episode": True, "purged": True, "already": False, **counts}
    changed = store.forget_episode(user_id, source_id)
    return {"id": source_id, "episode": True, "purged": False, "already": not changed}
