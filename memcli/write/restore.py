"""``import`` of format-2 lines (:class:`~memcli.records.StoredRecord`, what ``export`` writes):
each memory restored as its own row, as it was — no decision, so nothing merges — with its
sources, links and audit events; ids are new, and every link and event follows its memory.

Idempotent: a line whose memory the user's store already holds — the same statement, valid
time (``at``) and recording time (``recorded_at``, to the microsecond) — is skipped, and links
to it go to the row already there. Nothing else in the store is compared with, changed or merged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, DecisionResult, Level
from memcli.records import StoredRecord
from memcli.settings import Settings
from memcli.timeutil import from_iso

if TYPE_CHECKING:
    import numpy as np

__all__ = ["pending", "restore"]

REASON = "restored from an export (format 2)"
_ID = re.compile(r"#(\d+)")


def pending(store: MemoryStore, user: str, records: Sequence[StoredRecord]) -> tuple[list[StoredRecord],
                                                                                      dict[int, int]]:
    """``(to_write, held)``: the records ``user``'s store does not hold yet, and for those it
    holds, exported id → the id of the row already there (each stored row matches one line)."""
    held_rows: dict[tuple[str, datetime, datetime], list[int]] = {}
    for r in store.list_items(user, include_all=True):
        key = (r["statement"], from_iso(r["valid_from"]), from_iso(r["recorded_at"]))
        held_rows.setdefault(key, []).append(int(r["id"]))
    todo, held = [], {}
    for rec in records:
        same = held_rows.get((rec.text, rec.at, rec.recorded_at))
        if same:
            held[rec.id] = same.pop(0)
        else:
            todo.append(rec)
    return todo, held


def restore(store: MemoryStore, settings: Settings, user: str, records: Sequence[StoredRecord],
            vectors: np.ndarray, held: dict[int, int]) -> list[DecisionResult]:
    """Insert ``records`` (from :func:`pending`; ``vectors`` float32 (n, dim), one per record) for
    ``user`` in one transaction: rows in file order, then their supersede links, then their events
    in the order they were recorded. An id the file names that is neither in it nor in ``held``
    (a memory not exported, e.g. by ``export`` without ``--all``) becomes no link. ``#<id>`` in
    reasons is renumbered with the ids. Returns one ADD :class:`DecisionResult` per record."""
    ids = dict(held)  # exported id -> id here
    sources: dict[int, int] = {}
    rows = []
    with store.tx():
        for rec, vec in zip(records, vectors, strict=True):
            src = [sources.setdefault(s.id, store.restore_source(
                user, role=s.role, session=s.session, content=s.text, occurred_at=s.at, recorded_at=s.recorded_at))
                for s in rec.sources]
            cand = Candidate(statement=rec.text, kind=rec.kind, slot=rec.slot, salience=rec.salience,
                             confidence=rec.confidence, valid_from=rec.at, confirmed_at=rec.confirmed_at,
                             metadata=rec.metadata, event_when=rec.event_when)
            row = store.insert_item(user_id=user, candidate=cand, origin=rec.origin, confidence=rec.confidence,
                                    vector=vec, model=settings.model, source_ids=src, invalid_at=rec.invalid_at,
                                    invalid_reason=rec.invalid_reason, recorded_at=rec.recorded_at)
            ids[rec.id] = int(row["id"])
            rows.append(row)

        def renumber(text: str | None) -> str | None:
            return text and _ID.sub(lambda m: f"#{ids.get(int(m[1]), m[1])}", text)

        for rec, row in zip(records, rows, strict=True):
            fields = {"confirmations": rec.confirmations, "expired_at": rec.expired_at,
                      "supersedes_id": ids.get(rec.supersedes) if rec.supersedes is not None else None,
                      "superseded_by_id": ids.get(rec.superseded_by) if rec.superseded_by is not None else None,
                      "invalid_reason": renumber(rec.invalid_reason)}
            store.update_item(row["id"], **fields)
        for ev in sorted((e for rec in records for e in rec.events), key=lambda e: e.id):
            store.restore_event(user_id=user, action=ev.action, item_id=ids.get(ev.item) if ev.item else None,
                                other_item_id=ids.get(ev.other) if ev.other else None,
                                source_id=sources.get(ev.source) if ev.source else None, level=ev.level,
                                cosine=ev.cosine, judge=ev.judge, reason=renumber(ev.reason), before=ev.before,
                                after=ev.after, created_at=ev.at)
    return [DecisionResult(decision=Decision.ADD, level=Level.EXPLICIT, item_id=ids[rec.id], reason=REASON,
                           stored_invalid=rec.invalid_at is not None or rec.expired_at is not None)
            for rec in records]
