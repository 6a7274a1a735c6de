"""A child told by name among "the kids", asked as "my son" / "my daughter" (round 47; query side only, English).

The user names the children once as a group ("The kids are Leo, who's 9, and Ada"; "our two kids, Leo and Ada")
and then tells of each by name ("Leo is obsessed with trains", stored under ``person:leo.…``). A question asks by
the role — "what is my son into?" — and no memory says which child is the son: the name is no son's by itself.
Which one is, the memories tell by the pronoun said of the name ("Leo wants a train cake for his birthday": he;
"Ada, she just turned 4": she), or by the role said beside it ("my son Leo", read by
:func:`memcli.read.slot_leg.relative_names` already).

:func:`child_roles`: the names of the children told as a group, each read as ``son`` or ``daughter`` when the
memories give it one gender only. Read path: the store and leaves only.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import datetime

from memcli.db.store import MemoryStore

__all__ = ["child_roles"]

#: the children as a group, then their names: "the kids are Leo and Ada", "our two kids, Leo (9) and Ada"
_GROUP = re.compile(r"\b(?:[Tt]he|[Mm]y|[Oo]ur)(?: (?:two|three|four|2|3|4))? (?:kids|children|little ones)"
                    r"(?: are| were|,|:)(?: called| named)? (?P<names>[A-Z][^.;!?]{1,80})")
_NAME = re.compile(r"\b[A-Z][a-z]{1,15}\b")
#: a pronoun said of a name after it, in the same statement, no other name between
_HE = re.compile(r"\b(?:he|his|him|he's)\b", re.I)
_SHE = re.compile(r"\b(?:she|her|hers|she's)\b", re.I)
_ROLE = {"son": "he", "daughter": "she"}


def _gender(statements: list[str], name: str) -> str | None:
    """"he" / "she" when every statement that names ``name`` and then a pronoun (no other name between) says the
    same one; None when none or both."""
    said: set[str] = set()
    for st in statements:
        for m in re.finditer(rf"\b{re.escape(name)}\b", st):
            rest = st[m.end():]
            nxt = next((n for n in _NAME.finditer(rest) if n.group(0) not in ("I",)), None)
            rest = rest[: nxt.start()] if nxt else rest
            said |= {"he"} if _HE.search(rest) else set()
            said |= {"she"} if _SHE.search(rest) else set()
    return next(iter(said)) if len(said) == 1 else None


def child_roles(store: MemoryStore, user: str, roles: Collection[str], *, limit: int,
                as_of: datetime | None = None) -> dict[str, str]:
    """Names (casefolded) of the children the user told as a group → ``son`` / ``daughter`` of ``roles``, by the
    pronoun the memories say of each name (see the module doc); {} when ``roles`` holds neither or no group is told.
    At most two bounded full-text queries (the group words, then the names), each read once."""
    wanted = {r: g for r, g in _ROLE.items() if r in roles}
    if not wanted:
        return {}
    ids = [i for i, _ in store.fts_search(user, ["kids", "children"], limit=limit, as_of=as_of)]
    names: list[str] = []
    for row in store.items_by_ids(user, ids):
        for m in _GROUP.finditer(str(row["statement"])):
            names += [n for n in _NAME.findall(m.group("names")) if n not in names]
    if not names:
        return {}
    ids = [i for i, _ in store.fts_search(user, [n.casefold() for n in names], limit=limit, as_of=as_of)]
    said = [str(row["statement"]) for row in store.items_by_ids(user, ids)]
    out: dict[str, str] = {}
    for n in names:
        g = _gender(said, n)
        role = next((r for r, want in wanted.items() if want == g), None)
        if role:
            out[n.casefold()] = role
    return out
