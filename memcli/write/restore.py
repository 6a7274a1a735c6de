"""``import`` of format-2 lines (:class:`~memcli.records.StoredRecord`, what ``export`` writes):
each memory restored as its own row, as it was — no decision, so nothing merges — with its
sources, links and audit events; ids are new, and every link and event follows its memory.

A user turn among the sources is classified again as the drain does (:meth:`~memcli.db.store.MemoryStore.
record_episode`), so the turn quoted beside its memories before the export is quoted again: as the file
says (``"episode"``, written by ``export`` since format 2 carried it), else — a file of an older memcli —
by the drain's own test (not chatter, and its memories in the file leave much of it
:func:`~memcli.write.chatter.uncovered`). Its vector is embedded with the memories'.

Idempotent: a line whose memory the user's store already holds — the same statement, valid
time (``at``) and recording time (``recorded_at``, to the microsecond) — is skipped, and links
to it go to the row already there. Nothing else in the store is compared with, changed or merged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, DecisionResult, Level
from memcli.records import SourceRecord, StoredRecord
from memcli.settings import Settings
from memcli.timeutil import from_iso, now_utc
from memcli.write.episodes import embed_text

if TYPE_CHECKING:
    import numpy as np

    from memcli.embed import Embedder

__all__ = ["NOT_IMPORTED", "Turn", "pending", "quoted_turns", "restore", "turn_plan", "turn_texts"]

REASON = "restored from an export (format 2)"
_ID = re.compile(r"#(\d+)")
#: what an ``#<id>`` in a reason becomes when that memory is not in the file (no id here names it)
NOT_IMPORTED = "a memory not imported"


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


@dataclass(frozen=True)
class Turn:
    """A user turn of the file and how to record it: ``chatter``; ``uncovered`` (its memories leave
    much of it out, so it is quoted beside them); ``source``: the record of the turn."""

    source: SourceRecord
    chatter: bool
    uncovered: bool


def turn_plan(records: Sequence[StoredRecord]) -> list[Turn]:
    """The distinct user turns among ``records``' sources, in file order, each classified: as the file
    says (``SourceRecord.episode``), else by the drain's test against the statements of the file's
    memories drawn from it. Pure (no store, no model)."""
    from memcli.slots import slot_attribute
    from memcli.write.chatter import is_chatter, uncovered

    drawn: dict[int, list[StoredRecord]] = {}
    turns: dict[int, SourceRecord] = {}
    for rec in records:
        for src in rec.sources:
            if src.role == "user":
                turns.setdefault(src.id, src)
                drawn.setdefault(src.id, []).append(rec)
    out = []
    for sid, src in turns.items():
        chatter = bool(is_chatter(src.text))
        if src.episode is not None:
            out.append(Turn(src, chatter and not src.episode, src.episode))
            continue
        recs = drawn[sid]
        out.append(Turn(src, chatter, not chatter and uncovered(
            src.text, [r.text for r in recs], [slot_attribute(r.slot) is not None for r in recs])))
    return out


def turn_texts(turns: Sequence[Turn]) -> list[str]:
    """The texts to embed for ``turns``: one per turn that may be quoted (``uncovered``), in order."""
    return [embed_text(t.source.text) for t in turns if t.uncovered]


def quoted_turns(records: Sequence[StoredRecord], embedder: Embedder,
                 batch_size: int) -> tuple[list[Turn], np.ndarray | list[np.ndarray]]:
    """``(turns, vectors)``: :func:`turn_plan` of ``records`` and the vectors of their
    :func:`turn_texts` (float32 (n, dim), L2-normalised; none embedded when no turn is quoted)."""
    turns = turn_plan(records)
    texts = turn_texts(turns)
    return turns, (embedder.embed(texts, batch_size=batch_size) if texts else [])


def restore(store: MemoryStore, settings: Settings, user: str, records: Sequence[StoredRecord],
            vectors: np.ndarray, held: dict[int, int], turns: Sequence[Turn] = (),
            turn_vectors: np.ndarray | Sequence[np.ndarray] = ()) -> list[DecisionResult]:
    """Insert ``records`` (from :func:`pending`; ``vectors`` float32 (n, dim), one per record) for
    ``user`` in one transaction: rows in file order, then their supersede links, then their events
    in the order they were recorded, then the user turns among their sources (``turns`` from
    :func:`turn_plan`, ``turn_vectors`` one per :func:`turn_texts` text) recorded as the drain
    records them. An id the file names that is neither in it nor in ``held``
    (a memory not exported, e.g. by ``export`` without ``--all``, or purged) becomes no link. ``#<id>`` in
    reasons is renumbered with the ids, or says :data:`NOT_IMPORTED`. Returns one ADD
    :class:`DecisionResult` per record."""
    ids = dict(held)  # exported id -> id here
    sources: dict[int, int] = {}
    rows = []
    with store.tx():
        for rec, vec in zip(records, vectors, strict=True):
            for s in rec.sources:
                if s.id not in sources:  # a turn several memories came from is one row
                    sources[s.id] = store.restore_source(user, role=s.role, session=s.session, content=s.text,
                                                         occurred_at=s.at, recorded_at=s.recorded_at)
            src = [sources[s.id] for s in rec.sources]
            cand = Candidate(statement=rec.text, kind=rec.kind, slot=rec.slot, salience=rec.salience,
                             confidence=rec.confidence, valid_from=rec.at, confirmed_at=rec.confirmed_at,
                             metadata=rec.metadata, event_when=rec.event_when)
            row = store.insert_item(user_id=user, candidate=cand, origin=rec.origin, confidence=rec.confidence,
                                    vector=vec, model=settings.model, source_ids=src, invalid_at=rec.invalid_at,
                                    invalid_reason=rec.invalid_reason, recorded_at=rec.recorded_at)
            ids[rec.id] = int(row["id"])
            rows.append(row)

        def renumber(text: str | None) -> str | None:
            # an id not in the file (purged, or not exported) was kept as it was: here it named another
            # memory, or the one it is in ("corrected by the user (#2)" in #2)
            return text and _ID.sub(lambda m: f"#{ids[int(m[1])]}" if int(m[1]) in ids else NOT_IMPORTED, text)

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
        _record_turns(store, settings, user, turns, turn_vectors, sources)
    return [DecisionResult(decision=Decision.ADD, level=Level.EXPLICIT, item_id=ids[rec.id], reason=REASON,
                           stored_invalid=rec.invalid_at is not None or rec.expired_at is not None)
            for rec in records]


def _record_turns(store: MemoryStore, settings: Settings, user: str, turns: Sequence[Turn],
                  vectors: np.ndarray | Sequence[np.ndarray], sources: dict[int, int]) -> None:
    """Record each restored turn as the drain does, after the memories and events it is checked against."""
    at, now = 0, now_utc()
    for turn in turns:
        vec = None
        if turn.uncovered:
            vec, at = vectors[at], at + 1
        src = turn.source
        store.record_episode(user, sources[src.id], occurred_at=src.at, content=src.text, chatter=turn.chatter,
                             vector=vec, model=settings.model, now=now, uncovered=turn.uncovered)
