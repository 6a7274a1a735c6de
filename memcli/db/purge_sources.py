"""Which sources a purge keeps: a turn that also backs another active memory of the user.

One turn can give several memories (a fragment and two facts). Purging one of them erases the
sources it came from, but a source still linked to another *active* memory is kept for that one
(its quote, its ``source_ids``) unless the caller asks to erase it too (``cascade``). Used by the
SQLite (:mod:`memcli.db.purge`) and PostgreSQL (:mod:`memcli.db.postgres.purge`) purges; the SQL
uses ``?`` placeholders, which the PostgreSQL store translates.
"""

from __future__ import annotations

from typing import Any

from memcli.db import schema as s
from memcli.errors import BadInputError

__all__ = ["backing", "episode_backing", "purge_reason", "purge_result"]


def backing(store: Any, user_id: str, item_id: int, source_ids: list[int]) -> dict[int, list[int]]:
    """Of ``source_ids``, those linked to an active memory of ``user_id`` other than ``item_id``:
    source id → those memories' ids, ascending. Read-only; ``?`` placeholders (both dialects)."""
    out: dict[int, list[int]] = {}
    for at in range(0, len(source_ids), 500):  # bounded IN lists
        part = [int(i) for i in source_ids[at:at + 500]]
        for r in store.q(f"""SELECT l.source_id AS sid, l.item_id AS iid FROM {s.ITEM_SOURCES} l
                             JOIN {s.ITEMS} i ON i.id = l.item_id
                             WHERE i.user_id = ? AND l.item_id <> ? AND i.invalid_at IS NULL
                               AND i.expired_at IS NULL AND l.source_id IN ({','.join('?' * len(part))})
                             ORDER BY l.source_id, l.item_id""", (user_id, int(item_id), *part)):
            out.setdefault(int(r["sid"]), []).append(int(r["iid"]))
    return out


def episode_backing(store: Any, user_id: str, source_id: int, *, cascade: bool) -> list[dict[str, object]]:
    """The active memories of ``user_id`` the turn ``source_id`` backs, as ``[{"source", "memories"}]``
    (empty when none), for an episode purge: as a memory's purge keeps such a turn unless ``cascade``,
    an episode purge of it is refused unless ``cascade`` (then the memories lose it). Read-only.

    Raises:
        BadInputError: the turn backs an active memory and ``cascade`` is False; the message names the
            memories and both ways on.
    """
    shared = backing(store, user_id, 0, [int(source_id)])  # (no item has id 0: every memory counts)
    if shared and not cascade:
        ids = shared[int(source_id)]
        which = ", ".join(f"#{i}" for i in ids)
        raise BadInputError(
            f"turn e{source_id} is the source of active memor{'y' if len(ids) == 1 else 'ies'} {which}: "
            f"forget {'it' if len(ids) == 1 else 'them'} with purge=True first, or erase the turn anyway with "
            f"cascade=True ({'it loses' if len(ids) == 1 else 'they lose'} its source); nothing was erased")
    return [{"source": sid, "memories": ids} for sid, ids in sorted(shared.items())]


def purge_reason(n_sources: int, n_events: int, shared: dict[int, list[int]], cascade: bool) -> str:
    """The ``PURGE`` event's reason: counts and ids only, never the text."""
    why = f"purged with {n_sources} source(s) and {n_events} event(s)"
    if shared:
        ids = ", ".join(str(i) for i in shared)
        why += f"; {'erased too' if cascade else 'kept'} source(s) {ids} backing other memories"
    return why


def purge_result(n_sources: int, n_events: int, shared: dict[int, list[int]], cascade: bool) -> dict[str, object]:
    """``purge_item``'s answer: ``{"sources", "events", "kept", "shared"}`` (see :func:`purge_item`)."""
    listed = [{"source": sid, "memories": ids} for sid, ids in sorted(shared.items())]
    return {"sources": n_sources, "events": n_events, "kept": [] if cascade else listed,
            "shared": listed if cascade else []}
