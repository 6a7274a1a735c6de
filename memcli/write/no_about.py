"""A "no" about another thing of one subject: :func:`no_about_another` (我爸有糖尿病 / 我爸膝盖不好 — the negation
is the knee's, and neither value is named on the other side: both facts hold). Read by
:func:`memcli.write.value_types.attributes_apart`."""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.slots import EN_RELATIONS, ZH_RELATIONS
from memcli.text import to_simplified
from memcli.write.rules.match import Facts, content_units

__all__ = ["no_about_another"]


def no_about_another(new: Facts, old: Facts) -> bool:
    """Two statements of one subject, not of one slot, that share no content unit but those of the words
    naming whom they are about (我妈 / my dad, :data:`memcli.slots.ZH_RELATIONS`): a "no" in one is about
    what the other does not say."""
    if new.slot == old.slot or new.subject != old.subject:
        return False
    said = _relations_named(new.statement) & _relations_named(old.statement)
    return not content_units(new.statement) & content_units(old.statement) - frozenset().union(
        *map(content_units, said))


#: every relation word, with the whole-word pattern of a Latin one (None: ideographs match as a substring)
_RELATION_WORDS = tuple((w, None if not w.isascii() else re.compile(rf"\b{re.escape(w)}\b"))
                        for w in dict.fromkeys((*ZH_RELATIONS, *EN_RELATIONS)))


@lru_cache(maxsize=16384)  # asked of one statement for every pair it is in
def _relations_named(statement: str) -> frozenset[str]:
    """The relation words ``statement`` (simplified, case-folded) names: a Latin one as a whole word."""
    t = to_simplified(statement).casefold()
    return frozenset(w for w, whole in _RELATION_WORDS if w in t and (whole is None or whole.search(t)))
