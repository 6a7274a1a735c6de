"""``export``: a user's memories as format-2 JSON Lines (:class:`~memcli.records.StoredRecord`
dicts), each row as stored with its sources and audit events, then (``--all``) the turns no memory
holds (:class:`~memcli.records.TurnRecord`), then the end line (:class:`~memcli.records.EndRecord`).
``import`` restores them (:mod:`memcli.write.restore`, :mod:`memcli.write.restore_turns`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from memcli.db.store import MemoryStore
from memcli.records import FORMAT, EndRecord, EventRecord, SourceRecord, StoredRecord, TurnRecord
from memcli.timeutil import from_iso

__all__ = ["export_records", "loose_turns"]


def _json(v: Any) -> dict[str, Any] | None:
    return json.loads(v) if isinstance(v, str) else v  # SQLite: JSON text; PostgreSQL: jsonb, a dict


def _bare(d: dict[str, Any]) -> dict[str, Any]:
    """``d`` without its top-level None fields (the values inside metadata and snapshots are kept)."""
    return {k: v for k, v in d.items() if v is not None}


def export_records(store: MemoryStore, user: str, *, include_all: bool = False) -> Iterator[dict[str, Any]]:
    """``user``'s memories (active only unless ``include_all``) in id order — the order they were
    stored, so that an import into an empty store gives back the same order — as JSON-ready
    dicts; with ``include_all`` then every turn no memory holds (:func:`loose_turns`); then
    ``{"v": 2, "records": N}`` (``"turns": M`` when M > 0). Each event is written once, on the line of the memory
    it acted on (else of the other memory it names); links to memories not exported are kept as
    the ids they were (``import`` drops what it cannot resolve); a reason that names a memory erased since
    (``forget --purge``) says so in place of its id (:func:`memcli.governance.views.without_erased`)."""
    from memcli.governance.views import erased_ids, without_erased

    rows = sorted(store.list_items(user, include_all=include_all), key=lambda r: int(r["id"]))
    ids = [int(r["id"]) for r in rows]
    sources: dict[int, list[SourceRecord]] = {}
    for r in store.sources_of(user, ids):
        sources.setdefault(int(r["item_id"]), []).append(SourceRecord(
            id=r["id"], role=r["role"], text=r["content"], at=from_iso(r["occurred_at"]),
            recorded_at=from_iso(r["recorded_at"]), session=r["session_id"],
            episode=None if r["is_episode"] is None else bool(r["is_episode"])))
    events: dict[int, list[EventRecord]] = {}
    exported = set(ids)
    event_rows = store.events_of(user, ids)
    gone = erased_ids(store, user, [r["invalid_reason"] for r in rows] + [e["reason"] for e in event_rows])
    for e in event_rows:
        owner = e["item_id"] if e["item_id"] in exported else e["other_item_id"]
        events.setdefault(int(owner), []).append(EventRecord(
            id=e["id"], action=e["action"], item=e["item_id"], other=e["other_item_id"], source=e["source_id"],
            level=e["level"], cosine=e["cosine"], judge=e["judge"], reason=without_erased(e["reason"], gone),
            before=_json(e["before"]),
            after=_json(e["after"]), at=from_iso(e["created_at"])))
    for r in rows:
        rec = StoredRecord(
            v=FORMAT, id=r["id"], text=r["statement"], kind=r["kind"], slot=r["slot"], salience=r["salience"],
            confidence=r["confidence"], origin=r["origin"], at=from_iso(r["valid_from"]),
            invalid_at=r["invalid_at"] and from_iso(r["invalid_at"]), recorded_at=from_iso(r["recorded_at"]),
            expired_at=r["expired_at"] and from_iso(r["expired_at"]), confirmed_at=from_iso(r["last_confirmed_at"]),
            confirmations=r["confirmations"], supersedes=r["supersedes_id"], superseded_by=r["superseded_by_id"],
            invalid_reason=without_erased(r["invalid_reason"], gone), event_when=r["event_when"],
            metadata=_json(r["metadata"]) or {},
            sources=sources.get(int(r["id"]), []), events=events.get(int(r["id"]), []))
        out = _bare(rec.model_dump(mode="json"))
        out["sources"], out["events"] = [_bare(x) for x in out["sources"]], [_bare(x) for x in out["events"]]
        yield out
    turns = 0
    for rec in loose_turns(store, user) if include_all else ():
        turns += 1
        yield rec
    yield EndRecord(v=FORMAT, records=len(rows), turns=turns).model_dump(mode="json", exclude_defaults=True)


def loose_turns(store: MemoryStore, user: str) -> Iterator[dict[str, Any]]:
    """``user``'s turns no memory holds, oldest id first, as :class:`~memcli.records.TurnRecord` dicts:
    a drained turn with whether it is an episode (a user turn the drain classified), a turn not
    drained yet (outbox pending, processing or dead) as ``pending`` with its capture key."""
    for r in store.loose_sources(user):
        pending = r["status"] is not None and r["status"] != "done"
        rec = TurnRecord(v=FORMAT, turn=r["id"], role=r["role"], text=r["content"], at=from_iso(r["occurred_at"]),
                         recorded_at=from_iso(r["recorded_at"]), session=r["session_id"],
                         episode=None if r["is_episode"] is None or pending else bool(r["is_episode"]),
                         pending=pending, key=r["idempotency_key"] if pending else None)
        yield _bare(rec.model_dump(mode="json", exclude_defaults=True))
