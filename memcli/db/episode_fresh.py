"""The batch's notes of its turns' episode rows and links (:class:`Fresh`), kept through one write transaction of
the drain so that :func:`memcli.db.episodes.record` and :func:`~memcli.db.episodes.retire` skip reads whose answer
the notes hold (split out of :mod:`memcli.db.episodes`, round 35)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from memcli.db import schema as s

if TYPE_CHECKING:
    from memcli.db.sql import SQL as Store

__all__ = ["CHECK", "Fresh", "fresh_of", "note_fresh", "note_item"]


class Fresh:
    """Of a batch's sources, those with no episode row (``no_row``) and those linked to no memory
    (``unlinked``), read in one write transaction (:func:`note_fresh`) and kept current through it:
    :func:`~memcli.db.episodes.record` takes a source out of ``no_row``, :func:`~memcli.db.episodes.retire` (every
    new link) out of ``unlinked``.
    Of the sources unlinked when it was read (``clean``), the memories linked since (``linked``); of the
    memories inserted since, whether each was stored already ended (``born``); the memories whose
    ``invalid_at`` or ``expired_at`` an update wrote since (``ended``) — round 35: a turn all of whose memories
    are known active is retired by none (:meth:`unended`), no read needed."""

    def __init__(self, gen: int, no_row: set[int], unlinked: set[int]) -> None:
        self.gen, self.no_row, self.unlinked = gen, no_row, unlinked
        self.clean = set(unlinked)
        self.linked: dict[int, list[int]] = {}
        self.born: dict[int, bool] = {}
        self.ended: set[int] = set()

    def unended(self, source_id: int) -> bool:
        """Every memory linked to ``source_id`` is known, and none is ended: it was unlinked when read, and
        each memory linked since was inserted since, active, and no update since wrote its validity."""
        if source_id not in self.clean:
            return False
        born, ended = self.born, self.ended
        return all(born.get(i) is False and i not in ended for i in self.linked.get(source_id, ()))


_FRESH = "_episode_fresh"

#: check each read :class:`Fresh` saves against the statement (tests): a difference raises AssertionError
CHECK = False


def note_fresh(store: Store, source_ids: Sequence[int]) -> None:
    """Read (two statements) which of ``source_ids`` have no episode row and which no link, inside the
    open write transaction: until it ends or a savepoint in it rolls back (a new ``tx_gen``) — only
    :func:`record` adds an episode row and only ``link_source`` a link, both tell :class:`Fresh` —
    :func:`retire` of a source without a row skips its UPDATE (nothing to retire) and :func:`record` of
    one with neither skips its read (linked: none, was: none, retired: no), and so does :func:`record` of one
    without a row that the batch linked, when it is chatter or its memories cover it (not an episode whether
    a memory of it was retired or not). The drain notes its batch's turns: ~1 statement per candidate and
    1 per user turn fewer."""
    ids = sorted({int(i) for i in source_ids})
    if not ids or store.conn.get_autocommit():
        return
    marks = ",".join("?" * len(ids))
    rows = {int(r["source_id"]) for r in store.q(f"SELECT source_id FROM {s.EPISODES} WHERE source_id IN ({marks})",
                                                 ids)}
    links = {int(r["source_id"]) for r in store.q(
        f"SELECT DISTINCT source_id FROM {s.ITEM_SOURCES} WHERE source_id IN ({marks})", ids)}
    store.__dict__[_FRESH] = Fresh(store.tx_gen, set(ids) - rows, set(ids) - links)


def fresh_of(store: Store) -> Fresh | None:
    """The batch's :class:`Fresh`, when still true (same write transaction, no rollback since)."""
    got = store.__dict__.get(_FRESH)
    if got is None or got.gen != store.tx_gen or store.conn.get_autocommit():
        return None
    return got


def note_item(store: Store, item_id: int, *, inserted: bool, ended: bool) -> None:
    """Tell the batch's :class:`Fresh` of a memory written: ``inserted`` (stored ``ended`` or active), or an update
    that wrote its ``invalid_at`` / ``expired_at`` (``ended`` True). Called by :mod:`memcli.db.items`."""
    fresh = fresh_of(store)
    if fresh is None:
        return
    if inserted:
        fresh.born[int(item_id)] = ended
    elif ended:
        fresh.ended.add(int(item_id))


