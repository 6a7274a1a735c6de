"""The one person two Chinese statements are both about: no link between the two facts (round 31).

Chinese content units are characters, so two facts of one person (老伴儿每天晚饭后去跳舞 / 老伴儿不太愿意去南方)
share the characters of the person's name or relation word (老, 伴, 儿) whatever else they say: the overlap
that links two facts (or a "no" to the other fact) counted the person as a thing both tell, and a "no" in one
(不太愿意) ended the other. The English rule of round 30 (the name of the one person both are about links no
two facts, :func:`memcli.write.unlinked._linking_units`) is read here for Chinese: the person is the subject
each statement opens with, as the Chinese rules parse it (我妈, 老伴儿, 王大夫), the same for both, neither the
user nor a thing. Pure functions over text.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from memcli import slots
from memcli.text import lang_of, to_simplified
from memcli.write.pair_facts import content_units
from memcli.write.rules.match import Facts

__all__ = ["without_person"]

#: content units each side must keep of its own besides the person for the person not to count
_OWN_UNITS = 2


@lru_cache(maxsize=8192)
def _opening_person(statement: str) -> tuple[str, str] | None:
    """(subject key, the rest after it) when ``statement`` (Chinese) opens with a person other than the user
    (我妈, 老伴儿, 王大夫 — not 我, not a thing); None otherwise."""
    from memcli.write.rules.zh import prepare
    from memcli.write.rules.zh_subject import _Ctx, _subject

    text = prepare(to_simplified(statement))
    sub = _subject(text, _Ctx()) if text else None
    if sub is None or sub[0] == slots.ME or sub[0].startswith("thing:") or not text.startswith(sub[1]):
        return None
    return sub[0], text[len(sub[1]):]


def without_person(new: Facts, old: Facts) -> tuple[Facts, Facts] | None:
    """``new`` and ``old`` with the person both open with taken out of their statements (老伴儿每天晚饭后去 /
    老伴儿不太愿意去 → 每天晚饭后去 / 不太愿意去), when both are Chinese, open with the same person (one subject
    key) and each keeps :data:`_OWN_UNITS` content units or more of its own; None otherwise (the pair as it is)."""
    if lang_of(new.statement) != "zh" or lang_of(old.statement) != "zh":
        return None
    a, b = _opening_person(new.statement), _opening_person(old.statement)
    if a is None or b is None or a[0] != b[0]:
        return None
    if min(len(content_units(a[1])), len(content_units(b[1]))) < _OWN_UNITS:
        return None
    return replace(new, statement=a[1]), replace(old, statement=b[1])

