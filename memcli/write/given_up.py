"""A give-up told ends the liking or habit of the thing it names, in either language, and nothing else (round 38).

我现在不喝咖啡了 after "I take my coffee with milk" was an ADD, both active: no content word compares across the
scripts, the two-languages guard forbids a CONFLICT without a shared slot, and :mod:`memcli.write.cross_lang` pairs
only likings (``like.X``) of one subject, while the stored one read ``coffee.milk``. And a give-up of coffee in
English ended "I work at a coffee shop" (the fitted judge's polarity flip, p 0.96): a give-up of coffee says nothing
of a job.

- :func:`give_up_of`: what a give-up names (the taking or liking reading of the one give-up reader,
  :func:`memcli.write.give_up_told.give_ups`) — a "no" on a liking or habit (the user's or, round 39, anyone's:
  我妈戒烟了, "My dad quit coffee") (``like.X`` / ``habit.X``,
  negative: 不喝咖啡了, "I don't drink cola any more") with a change told (了 / 不再 / 现在 / 已经, any more /
  no longer / now …: not a lasting dislike said for the first time), or a Chinese 戒 told done (戒了咖啡, 我已经戒掉
  奶茶了, 戒酒了: the rules read an event or a catch-all, ``event.戒咖啡``; a 戒 wished, denied or going on — 想戒,
  戒不掉, 在戒 — is none).
- :func:`given_up_ends`: it ends a stored positive present preference or habit of the one who gave it up
  (:func:`same_taker`: the user's for the user's give-up, the relative's for theirs; kind ``preference`` or
  ``habit``, a liking / habit / diet slot, or a catch-all or ``owns`` slot that tells a thing taken — a verb of
  taking, "have" a food or drink, a diet: "I drink cola" reads ``fact.drink``, "I have a beer every Friday"
  ``owns.…``) that names the same thing
  (:func:`memcli.write.thing_named.names_thing`, either language) or, for a kind given up (alcohol, meat, 酒), a
  food of the kind (:data:`memcli.write.liking_over.KINDS`: wine, steak). The decision asks it when the judge left
  an ADD.
- :func:`given_up_kept`: a CONFLICT or UPDATE by the give-up of a thing taken (its reading's verb ``"taking"``:
  不喝 / 不吃 / 不抽, drink / eat / smoke) of a stored fact of another attribute — a workplace, a job, a thing
  owned — is forbidden: the fact only mentions the thing; so is one of a fact naming another food or drink and not
  the thing given up (beer given up beside a liking of orange juice: the fitted judge's polarity flip).

Pure functions over :class:`~memcli.write.rules.Facts`.
"""

from __future__ import annotations

import re

from memcli.slots import EN_RELATIONS, ZH_RELATIONS, same_relation, split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.change_rules import marked_past
from memcli.write.give_up_told import TAKING as _TAKING
from memcli.write.give_up_told import GiveUp, give_ups
from memcli.write.liking_over import KINDS
from memcli.write.rules import Facts
from memcli.write.rules.foods import food_drink_items
from memcli.write.thing_named import names_thing

__all__ = ["give_up_of", "given_up_ends", "given_up_kept", "same_taker", "told_taken"]

#: the attributes a give-up ends: a liking, a habit, a diet, a favourite, and a catch-all that tells a thing taken
#: (a bare "I drink cola" reads ``fact.drink``)
_TAKEN = frozenset({"like", "habit", "diet", "favourite"})
_CATCH_ALL = frozenset({"fact", "is", "which"})
#: a diet told in a catch-all (我是素食者, "I'm vegan"): a thing not taken, which a give-up of the diet ends
_DIET = re.compile(r"素食|吃素|\b(?:vegetarian|vegan)\b", re.I)
#: "have" a food or drink ("Every afternoon I have a cup of …"): taking it
_HAVE = re.compile(r"\b(?:have|has|having|had)\b", re.I)
#: a kind given up named in the other language (戒酒了 beside "a beer after work")
_KIND_OTHER = {"酒": "alcohol", "肉": "meat", "鱼": "fish", "海鲜": "seafood"}
_KIND_OTHER |= {v: k for k, v in _KIND_OTHER.items()}
_PEOPLE = frozenset(ZH_RELATIONS.values()) | frozenset(EN_RELATIONS.values())


def _given_up(new: Facts) -> GiveUp | None:
    """``new``'s give-up of a thing taken or a liking (:func:`memcli.write.give_up_told.give_ups`), or None."""
    return next((g for g in give_ups(new) if g.verb != "doing"), None)


def give_up_of(new: Facts) -> str | None:
    """The thing ``new`` tells its subject gave up (咖啡 of 我现在不喝咖啡了, cola of "I don't drink cola any
    more", 烟 of 我妈戒烟了: round 39, the user's or anyone's), or None: not a negated liking or habit, or no change
    told. Whose give-up it is, is ``new.subject``."""
    g = _given_up(new)
    return g.thing if g else None


def _the_users(old: Facts) -> bool:
    """``old`` is about the user or a thing of theirs, not a relative or a named person ("I take my coffee with
    milk" reads ``coffee.milk``: about the coffee)."""
    subject = old.subject
    return subject == "me" or subject.startswith("thing:") or not (
        subject.startswith("person:") or subject.rsplit(".", 1)[-1] in _PEOPLE)


def same_taker(new: Facts, old: Facts) -> bool:
    """``old`` is about whom the give-up or switch ``new`` is told of: the user (or a thing of theirs) for the
    user's, the same relative or person for theirs (round 39: 我妈戒烟了 ends 我妈抽烟, never the user's 我抽烟)."""
    if new.subject == "me":
        return _the_users(old)
    return same_relation(old.subject, new.subject)  # (奶奶 / "my grandma": one person may be named either way)


def _taken(old: Facts) -> bool:
    """``old`` states a taste or a habit (not a job, a place, a thing owned)."""
    attr = split_slot(old.slot)[1] if old.slot else None
    if attr in _CATCH_ALL or attr == "owns":  # "I drink cola" (fact.drink) is a habit; "I manage a tea shop"
        return told_taken(old.statement)        # (fact.manag) and "I own a bakery" are not
    return old.kind in ("preference", "habit") or attr in _TAKEN


def told_taken(statement: str) -> bool:
    """``statement`` tells a thing taken: a verb of taking (喝 / 吃 / 抽, drink / eat / smoke), "have" a food or
    drink ("I have a beer every Friday", which the rules read as a thing owned), or a diet (我是素食者)."""
    t = to_simplified(statement)
    return bool(_TAKING.search(t) or _DIET.search(t) or _HAVE.search(t) and food_drink_items(t))


def given_up_ends(new: Facts, old: Facts, model: str) -> str | None:
    """Why the give-up ``new`` ends ``old`` (see the module doc); None: it does not."""
    thing = give_up_of(new)
    if thing is None or not old.positive or not same_taker(new, old) or not _taken(old) or marked_past(old.statement):
        return None
    if old.slot and split_slot(old.slot)[1] == "event":
        return None  # a past event stays history
    if names_thing(old.statement, thing, model):
        return f"a give-up told ({thing}): the liking or habit of it ends"
    if old.slot and split_slot(old.slot)[1] == "diet" and _DIET.search(to_simplified(new.statement)):
        return f"a diet given up ({thing}): the diet ends"  # 我是素食者 / 我不再吃素了
    if food := _of_kind(old.statement, thing):
        return f"a kind given up ({thing}): the liking or habit of one of it ({food}) ends"
    return None


def _of_kind(statement: str, kind: str) -> str | None:
    """A food or drink of ``kind`` (a key of :data:`~memcli.write.liking_over.KINDS`: alcohol, meat, 酒, or its name
    in the other language: 酒 given up, "a beer after work") that ``statement`` names (wine, steak, 红酒, 啤酒), or
    None."""
    kinds = (kind.casefold(), _KIND_OTHER.get(kind.casefold(), ""))
    foods = frozenset().union(*(KINDS.get(k, frozenset()) for k in kinds))
    if lang_of(statement) == "zh":
        t = to_simplified(statement)
        head = kinds[1] if lang_of(kind) != "zh" else ""  # "alcohol" given up: 啤酒 / 红酒 are 酒 (not 鱼 of 鱼香)
        return next((f for f in sorted(foods) if f in t), None) or next(
            (f for f in sorted(food_drink_items(t)) if head and len(f) > len(head) and f.endswith(head)), None)
    words = re.findall(r"[a-z]+", statement.casefold())
    return next((w for w in words if w in foods or w.removesuffix("s") in foods), None)


def given_up_kept(new: Facts, old: Facts, model: str) -> str | None:
    """Why ``old`` stays beside the give-up ``new`` of a thing taken (a verb of taking, 戒, or a food or drink given
    up: "I gave up coffee") (None: it may end): ``old`` is a fact of another attribute (a
    workplace, a job, a thing owned: "I work at a coffee shop" beside "I don't drink cola any more"), or names
    another food or drink and not the one given up ("I don't drink beer any more" beside a liking of orange juice; a
    kind given up — alcohol, meat, 酒 — is :mod:`memcli.write.liking_over`'s)."""
    g = _given_up(new)
    if g is None or not old.slot or g.verb != "taking":
        return None  # (a statement of no slot, a "no" on having or doing: the judge's word stands)
    thing = g.thing
    if not _taken(old):
        return f"a give-up ends a liking or habit, not a fact of another attribute ({old.slot})"
    if food_drink_items(thing) and food_drink_items(old.statement) and thing not in KINDS and \
            not names_thing(old.statement, thing, model):
        return f"a give-up of {thing} ends no other food or drink ({'/'.join(sorted(food_drink_items(old.statement)))})"
    return None
