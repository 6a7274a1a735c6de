"""What a switch of a thing taken ends, and what it keeps (round 38).

我改喝茶了 / "I switched to tea" (read by :mod:`memcli.write.rules.switch_to` as the habit ``habit.喝茶`` /
``habit.tea``) says the user now takes tea instead of something else, usually not named:

- :func:`switch_ends`: it ends a stored present habit (or liking of a food or drink: 最近我更爱喝咖啡, "I prefer
  green tea to espresso" — what is liked is the first of a comparison) of the one who switched (the user, or since
  round 39 a relative: 我爸改喝茶了 ends 我爸每天喝咖啡, never the user's own) of another thing of the kind —
  one that takes the old thing when it is named (从咖啡改成喝茶: a habit naming 咖啡), else one with the same verb
  of taking (喝, drink) or a food or drink named on both sides, not the thing switched to (我每天早上喝咖啡
  ends; "I drink green tea every day" does not). The decision asks it when the judge left an ADD.
- :func:`switch_kept`: a CONFLICT or UPDATE by a switch of a stored fact that names the thing switched to is
  forbidden: 我最喜欢喝绿茶 (green tea is tea) is no fact the switch to tea ends; before, the fitted judge's change
  marker made it a CONFLICT (p 0.99) and the liking was lost.

Either language on either side: the things are compared by :func:`memcli.write.thing_named.names_thing`. Pure
functions over :class:`~memcli.write.rules.Facts`.
"""

from __future__ import annotations

import re

from memcli.slots import same_relation, split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.change_rules import marked_past
from memcli.write.given_up import told_taken
from memcli.write.rules import Facts
from memcli.write.rules.foods import EN_TAKING_FORMS, food_drink_items
from memcli.write.rules.switch_to import switch_of
from memcli.write.thing_named import names_thing

__all__ = ["switch_ends", "switch_kept"]



def _takes(statement: str, verb: str) -> bool:
    """``statement`` tells the taking ``verb`` (喝, drink) in its own language."""
    if not verb:
        return False
    if lang_of(statement) == "zh":
        return verb in to_simplified(statement) if lang_of(verb) == "zh" else False
    forms = EN_TAKING_FORMS.get(verb)
    return bool(forms and re.search(rf"\b(?:{'|'.join(forms)})\b", statement, re.I))


#: a preference told as a comparison ("I prefer green tea to espresso"): the thing liked is the first
_PREFER = re.compile(r"\bprefer(?:s|red)?\s+(.+?)\s+(?:to|over)\s+\S", re.I)


def _liked(statement: str) -> str:
    """The words of ``statement`` that name what it likes: "green tea" of "I prefer green tea to espresso" (the
    thing it puts second is the one it likes less), else the whole statement."""
    m = _PREFER.search(statement)
    return m.group(1) if m else statement


def switch_ends(new: Facts, old: Facts, model: str) -> str | None:
    """Why the switch ``new`` ends the habit or the liking ``old`` (see the module doc); None: it does not."""
    sw = switch_of(new.statement)
    if sw is None or new.subject != sw.who or not old.positive or not same_relation(old.subject, sw.who) or \
            not old.slot:
        return None
    attr = split_slot(old.slot)[1]
    taken = attr in ("fact", "is", "which", "owns") and told_taken(old.statement)  # "I drink X": fact.drink
    liking = (attr in ("like", "favourite") or old.kind == "preference") and bool(food_drink_items(old.statement))
    if not (attr == "habit" or old.kind == "habit" or taken or liking) or marked_past(old.statement):
        return None  # a job, a past habit, a liking of no food or drink: not what a switch of what is taken ends
    if names_thing(_liked(old.statement), sw.new, model):
        return None  # the habit of the thing switched to (or of a kind of it) goes on
    if liking and not (attr == "habit" or old.kind == "habit" or taken):
        m = _PREFER.search(old.statement)  # "I prefer green tea to espresso", then "I switched to espresso"
        if not (m and names_thing(old.statement[m.end(1):], sw.new, model) or _takes(old.statement, sw.verb)
                or sw.old and names_thing(old.statement, sw.old, model)):
            return None  # a liking of another food ("I love chocolate cake") is not what a switch to tea replaces
    if sw.old:
        if not names_thing(old.statement, sw.old, model):
            return None
    elif not (_takes(old.statement, sw.verb) or food_drink_items(old.statement) and food_drink_items(new.statement)):
        return None  # another kind of habit (running, an early bedtime)
    return f"a switch told ({sw.old or 'what was taken'} → {sw.new}): the habit it replaces ends"


def switch_kept(new: Facts, old: Facts, model: str) -> str | None:
    """Why ``old`` stays beside the switch ``new`` whatever the judge said (None: no switch, or ``old`` names
    another thing): ``old`` names the thing switched to, so the switch does not end it."""
    sw = switch_of(new.statement)
    if sw is None or not names_thing(_liked(old.statement), sw.new, model):
        return None
    return f"a switch to {sw.new} ends no fact about it or a kind of it"
