"""A switch of what the user drinks, eats or smokes, told by what it is now (round 38).

我改喝茶了, 我现在换成喝豆浆了, "I switched to tea", "I've switched to oat milk", "I drink tea now instead": the user
now takes X instead of something else, which is often not said. Read before this round by the generic rules, the
slot was the marker word (``fact.改``, ``fact.改成``, ``event.switched_tea``, ``fact.now``) and the kind ``other``,
so the decision compared a switch as a fact of its own and ended whatever the judge found near it (a liking of
green tea). :func:`switched_to` reads such a clause as the habit it states — slot ``habit.<what is taken>`` as a
habit said with 每天 / "every morning" is (``habit.喝茶``; ``habit.tea``), kind ``habit``, value the thing — with
the old value when it is said (从咖啡改成喝茶, "from coffee to tea", "instead of coffee"): :func:`switch_of` gives
both to the decision (:mod:`memcli.write.switch_change`). Pure functions of one clause or statement.

A switch of brand ("I switched to Hoka", 我改用安卓手机了) or of job, place or day is not this kind: those are
read by their own rules (:mod:`memcli.write.linked_change`, :mod:`.job_moved`, :mod:`.habit_moved`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from memcli import slots
from memcli.write.rules.foods import food_drink_items
from memcli.write.rules.match import Match, value_key

__all__ = ["Switch", "switch_of", "switched_to"]

#: whose switch (round 39): the user's (我 / I) or a relative's said before it (我爸 / 我妈妈 / "my dad"), which
#: keys the habit as the relative's (``father.habit.喝茶``) so that it ends their habit, never the user's
_ZH_WHO = rf"(?P<me>我(?:的)?(?P<rel>{slots.ZH_RELATION_RE.pattern})?)?"
_EN_WHO = rf"(?:i|my (?P<rel>{'|'.join(sorted(map(re.escape, slots.EN_RELATIONS), key=len, reverse=True))}))"

_ZH_ADV = r"(?:现在|最近|已经|也|都|早就|这阵子|如今|目前|后来|干脆|就|又)*"
_ZH_VERBS = "喝吃抽"
#: 我(现在)(从咖啡)改成喝茶(了): the verb of taking and what is taken now
_ZH_SWITCH = re.compile(
    rf"^{_ZH_WHO}{_ZH_ADV}(?:从(?P<old>[^，,。！!？?]{{1,8}}?))?{_ZH_ADV}(?:改成|改为|换成|换为|改|转而)了?"
    rf"(?P<verb>[{_ZH_VERBS}])(?P<obj>[^，,。！!？?了啦我你他她]{{1,8}}?)(?:了|啦)?[。！!~～]*$")
#: 吃素 is a diet (rules: ``diet``), not a thing eaten
_ZH_NOT_THING = re.compile(r"^(?:素|荤|饭|东西|点|些|的)$")
_EN_TAKE = r"(?:drinking|eating|smoking|having)"
_EN_TAIL = r"(?: (?:instead(?: of (?P<old2>[a-z][a-z' -]{1,30}?))?|now|these days|lately|recently|last (?:week|month)|a while ago))*"  # noqa: E501
#: I('ve) (now) switched (over) (from coffee) to (drinking) tea (instead)
_EN_SWITCH = re.compile(
    rf"^{_EN_WHO}(?: have|'ve| has|'s)?(?: (?:now|just|recently|finally|also|since|already))* "
    r"(?:switched|changed|moved|gone|went)"
    rf"(?: over)?(?: from (?:drinking |eating |smoking )?(?P<old>[a-z][a-z' -]{{1,30}}?))? to (?P<verb>{_EN_TAKE} )?"
    rf"(?:a |an |the |some )?(?P<obj>[a-z][a-z' -]{{0,30}}?){_EN_TAIL}$", re.I)
#: I (now) drink tea (now) instead (of coffee)
_EN_INSTEAD = re.compile(
    rf"^{_EN_WHO}(?: (?:now|just|mostly|only))* (?P<verb>drinks?|eats?|smokes?|have|has) (?:a |an |the |some )?"
    r"(?P<obj>[a-z][a-z' -]{0,30}?)(?: now)? instead(?: of (?P<old2>[a-z][a-z' -]{1,30}?))?(?: now)?$", re.I)
_EN_ARTICLE = re.compile(r"^(?:a|an|the|some|my)\s+", re.I)


class Switch(NamedTuple):
    """A switch told: ``verb`` the taking (喝, drink; "" when the English names only the thing), ``new`` what is
    taken now (茶, tea), ``old`` what was taken before when said (咖啡, coffee), else ""; ``who`` whose switch it is
    (``me``, or a relation key: ``father`` of 我爸改喝茶了, "My dad switched to tea")."""

    verb: str
    new: str
    old: str
    who: str = slots.ME


def switch_of(statement: str) -> Switch | None:
    """The switch ``statement`` tells (see the module doc), or None: no switch of a thing taken, or only a
    switch of brand, job, place or day (``I switched to Hoka`` names no food or drink and no verb of taking)."""
    said = statement.strip().rstrip(" .!。！~～")
    if re.search(r"[\u4e00-\u9fff]", said):
        m = _ZH_SWITCH.match(said)
        if m is None or _ZH_NOT_THING.match(m.group("obj")):
            return None
        who = slots.ZH_RELATIONS[m.group("rel")] if m.group("rel") else slots.ME
        return Switch(m.group("verb"), m.group("obj"), (m.group("old") or "").removeprefix(m.group("verb")), who)
    m = _EN_SWITCH.match(said.replace("’", "'")) or _EN_INSTEAD.match(said.replace("’", "'"))
    if m is None:
        return None
    obj = _EN_ARTICLE.sub("", m.group("obj").strip()).casefold()
    verb = (m.group("verb") or "").strip().casefold()
    if not obj or not (verb or food_drink_items(obj)):
        return None  # "I switched to Hoka", "I moved to Leeds": another kind of switch
    old = _EN_ARTICLE.sub("", (m.groupdict().get("old") or m.groupdict().get("old2") or "").strip()).casefold()
    who = slots.relation_en(m.group("rel").casefold()) or slots.ME if m.group("rel") else slots.ME
    verb = {"drinks": "drink", "eats": "eat", "smokes": "smoke", "has": "have"}.get(verb, verb)
    return Switch(re.sub(r"ing$", "", verb).replace("smok", "smoke").replace("hav", "have"), obj, old, who)


def switched_to(clause: str) -> Match | None:
    """``clause`` (a prepared clause of the user's) as the habit a switch states: statement as said (with 我 put
    before a Chinese clause that drops it), slot ``habit.<verb+thing>`` in Chinese (``habit.喝茶``, as 我每天喝茶
    reads) and ``habit.<thing>`` in English (``habit.tea``), kind ``habit``, value the thing; a relative's switch
    keyed as theirs (``father.habit.喝茶``, ``mother.habit.tea``); None: no such switch."""
    sw = switch_of(clause)
    if sw is None:
        return None
    said = clause.strip().rstrip(" .!。！~～")
    zh = re.search(r"[\u4e00-\u9fff]", said) is not None
    if zh:
        statement, key = (said if said.startswith("我") else "我" + said), sw.verb + sw.new
    else:
        statement, key = said[:1].upper() + said[1:], value_key(sw.new)
    return Match(statement=statement, kind="habit", slot=slots.join_slot(sw.who, f"habit.{key}"), value=sw.new,
                 salience=0.6)
