"""A relative's name told in passing inside a memory that has since ended (round 47; read path only).

"I live in Ghent with my husband Bram" names the husband; a move ends the memory ("We moved to Lyon"), not the
name: Bram is still the husband, and "what's my mother-in-law's name?" still reads "Bram's mother is called …" by
it. :func:`memcli.read.slot_leg.relative_names` reads the names from the current memories first, then asks
:func:`ended_names` for those of the ended ones (one more bounded full-text query,
``MemoryStore.fts_search(..., ended=True)``), which keeps a name only when:

- the relation has no name from a current memory nor a newer ended one, for a partner (one at a time: "my
  partner Alex" told now is the partner, not Bram of an ended memory); any other relation may have more (two
  brothers);
- no stored death or parting (:func:`memcli.read.person_ended.stored_endings`) ended that relation or that name
  ("Bram and I broke up", "My wife and I divorced", "my grandpa passed away"): read only when an ended memory gave
  a name, once.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import datetime

from memcli.db.store import MemoryStore

__all__ = ["ended_names"]

#: the relations held by one person at a time: an ended memory's name never adds a second
_ONE_AT_A_TIME = frozenset({"wife", "husband", "spouse", "partner", "girlfriend", "boyfriend", "fiance", "fiancee"})
#: the relations a divorce that names no one ends (:func:`memcli.read.person_ended.ending_of`: ``spouse``)
_MARRIED = frozenset({"wife", "husband", "spouse"})


def ended_names(store: MemoryStore, user: str, words: list[str], relations: Collection[str], current: dict[str, str],
                named: re.Pattern[str], *, limit: int, as_of: datetime | None = None) -> dict[str, str]:
    """The names (casefolded → relation key) of ``relations`` that ``user``'s ended memories holding one of
    ``words`` (the relations' English words) give by ``named`` (group 1 the relation word, group 2 the name), that
    ``current`` (the names of the current memories) lacks, under the module's rules; newest ended memory first.
    {} when none (then no ending is read)."""
    from memcli.slots import EN_RELATIONS
    from memcli.timeutil import maybe_time

    ids = [i for i, _ in store.fts_search(user, words, limit=limit, as_of=as_of, ended=True)]
    rows = [r for r in store.items_by_ids(user, ids)
            if (end := maybe_time(r["invalid_at"])) is not None and (as_of is None or end <= as_of)]
    told: dict[str, str] = {}
    held = set(current.values())
    for row in sorted(rows, key=lambda r: int(r["id"]), reverse=True):
        for m in named.finditer(str(row["statement"])):
            rel, name = EN_RELATIONS.get(m.group(1).casefold()), m.group(2).casefold()
            taken = rel in _ONE_AT_A_TIME and rel in held and name not in told
            if rel in relations and name not in current and not taken:
                told.setdefault(name, rel)
                held |= {rel} & _ONE_AT_A_TIME  # of two ended partners' names, the newest
    if not told:
        return {}
    from memcli.read.person_ended import stored_endings

    ended = {who for (_, who), _, _ in stored_endings(store, user, as_of)}
    return {n: r for n, r in told.items()
            if not ({r, f"person:{n}"} & ended or (r in _MARRIED and "spouse" in ended))}
