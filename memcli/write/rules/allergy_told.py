"""An allergy told by its symptom, read as the plain allergy it is (round 47).

"X gives me hives", "I break out in a rash from X", "X makes my throat swell", "my son gets hives whenever he eats
X", 我吃X会起疹子, 一碰X就长湿疹, X让我起荨麻疹: the reaction names the allergen as plainly as "I'm allergic to X" /
我对X过敏, but read as they stood the rules keyed them by the verb (``fact.get``, ``fact.break``, ``fact.吃``) or by
nothing, so "what am I allergic to?" found no ``allergy`` slot. :func:`en_allergy_plain` and :func:`zh_allergy_plain`
give the plain clause ("my son is allergic to X", 我吃X会过敏); the rules read its slot (``allergy.X``,
``son.allergy.X``) and the words the user said stay the statement. Pure functions of one clause; no model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from memcli import slots
from memcli.write.rules.cleft import en_plain

__all__ = ["allergy_once", "en_allergy_plain", "plain_clause", "zh_allergy_plain"]

_S = TypeVar("_S")

#: a skin or swelling reaction (not a headache or a stomach ache: those tell no allergy)
_EN_REACTION = (r"(?:(?:an? )?(?:bad |awful |terrible |nasty |itchy |severe |mild |little |really bad )?"
                r"(?:hives|rash(?:es)?|welts|eczema|allergic reactions?|allergy attacks?))")
#: who reacts: I, my / our relation, a name, he / she / they (the rules resolve them as in any clause)
_EN_WHO = r"(?P<who>I|(?:[Mm]y|[Oo]ur) (?:[a-z]+(?:'s)? ){0,2}?[a-z]+|[A-Z][a-z]+(?:'s [a-z]+)?|[Hh]e|[Ss]he|[Tt]hey)"
#: an allergen after "from" / "whenever … eats": a noun phrase of up to four words, ended by the clause
_EN_WHAT = r"(?P<what>(?:[A-Za-z'-]+ ){0,3}?[A-Za-z'-]+)"
_EN_CONTACT = (r"(?:from|after|around|with|(?:when|whenever|if|every time)(?: (?:I|he|she|they|we))? "
               r"(?:eats?|ate|eating|drinks?|touch(?:es)?|touched|ha(?:ve|s|d)|wears?|uses?|gets? near|"
               r"(?:am|is|are|was|were|get|gets) (?:near|around)|(?:am|is|are) stung by))(?: (?:any|some|a|an|the))?")
_EN_SUBJECT_FIRST = re.compile(
    rf"^{_EN_WHO} (?:(?:always|usually|often|still|also|even|just|sometimes) )?(?:get|gets|got|break|breaks|broke|"
    rf"come|comes|came) (?:out )?(?:in |with )?{_EN_REACTION} {_EN_CONTACT} {_EN_WHAT}"
    r"(?:,? (?:too|as well|every time|each time|sometimes|always|so .*|and .*|but .*))?\s*[.!]?$")
_EN_SWELL = (r"(?:throat|lips?|tongue|face|mouth|eyes?|skin) (?:swell|itch|burn|close)(?: up)?")
_EN_TAIL = r"(?:,? (?:too|as well|every time|each time|so .*|and .*|but .*))?\s*[.!]?$"
_EN_LEAD = r"(?:always |usually |really |still |also |just )?"
_EN_GIVES = re.compile(rf"^{_EN_WHAT} {_EN_LEAD}(?:give|gives|gave) "
                       rf"(?P<who>me|him|her|them|my (?:[a-z]+ )?[a-z]+|[A-Z][a-z]+) {_EN_REACTION}{_EN_TAIL}")
_EN_MAKES = re.compile(rf"^{_EN_WHAT} {_EN_LEAD}(?:make|makes|made) (?P<who>me|him|her|them|my(?: [a-z]+)?|"
                       rf"[A-Z][a-z]+)(?:'s)? (?:break out(?: in {_EN_REACTION})?|{_EN_SWELL}){_EN_TAIL}")
_OBJECT_SUBJECT = {"me": "I", "him": "he", "her": "she", "them": "they", "my": "I"}
#: "from work", "from the sun": no allergen a rule could key by (time, place, weather, a feeling)
_NOT_ALLERGEN = re.compile(r"^(?:the )?(?:work|stress|school|time|heat|sun|weather|nowhere|nothing|it|this|that|"
                           r"anxiety|nerves|exercise|running|sweat(?:ing)?|morning|night|day)$", re.I)


def en_allergy_plain(clause: str) -> str | None:
    """The plain allergy an English symptom clause tells ("Peanuts give my son hives" → "my son is allergic to
    Peanuts"; "I break out in a rash from wool" → "I am allergic to wool"), or None: no such clause."""
    c = clause.strip()
    if m := _EN_SUBJECT_FIRST.match(c):
        who, what = m["who"], m["what"]
    elif m := _EN_GIVES.match(c) or _EN_MAKES.match(c):
        who = _OBJECT_SUBJECT.get(m["who"].casefold(), m["who"])
        if who.casefold().startswith("my ") and len(who.split()) == 1:
            who = "I"
        what = m["what"][:1].lower() + m["what"][1:]  # (the sentence's capital: "Walnuts give me hives")
    else:
        return None
    if _NOT_ALLERGEN.match(what) or what.casefold() in ("i", "he", "she", "they", "we", "you"):
        return None
    be = "am" if who == "I" else ("are" if who.casefold() in ("they", "we") else "is")
    return f"{who} {be} allergic to {what}"


def plain_clause(clause: str) -> str | None:
    """The plain clause an English one restates: a nominalised subject (:func:`memcli.write.rules.cleft.en_plain`)
    or an allergy told by its symptom (:func:`en_allergy_plain`); None: neither."""
    return en_plain(clause) or en_allergy_plain(clause)


#: "I'm allergic", "she's really allergic": the allergy said with no allergen (a comment on the clause before it)
_BARE_ALLERGIC = re.compile(r"^(?P<who>I|he|she|they)(?:'m|'s|'re| am| is| are) (?:so |really |very |also |badly |"
                            r"quite |super |seriously |severely )?allergic[.!]?$", re.I)


def allergy_once(matches: Sequence[_S]) -> list[_S]:
    """``matches`` (rule matches or candidates: a ``statement`` and a ``slot``) without a bare "I'm allergic"
    (no allergen) of a subject whose allergy another of them names: "Shrimp makes my lips swell up, I'm allergic"
    is one allergy, told with its reason."""
    parts = [slots.split_slot(sl) if (sl := getattr(m, "slot", None)) else None for m in matches]
    named = {p[0] for p in parts if p and p[1] == "allergy"}

    def bare(m: _S, p: tuple[str, str, str | None] | None) -> bool:
        if p and p[1:] == ("is", "allergic"):
            return p[0] in named
        b = _BARE_ALLERGIC.match(str(getattr(m, "statement", "")).strip())
        return bool(b and (slots.ME in named if b["who"].casefold() == "i" else named - {slots.ME}))

    return [m for m, p in zip(matches, parts, strict=True) if not bare(m, p)]


#: a reaction of the skin or a swelling (起疹子, 起红疹, 长湿疹, 起荨麻疹, 嘴都肿了, 喉咙肿, 浑身痒)
_ZH_REACTION = re.compile(r"(?:就|会|都|也|马上|立刻|立马)*(?:起|长|出)(?:一身|满身|一片)?(?:红)?"
                          r"(?:疹子|疹|荨麻疹|湿疹|风团|红点|包)"
                          r"|(?:就|会|都|也|马上|立刻)*(?:嘴|嘴巴|嘴唇|脸|喉咙|嗓子|眼睛|眼皮)(?:都|就|会)?(?:肿|红肿)(?:起来)?"
                          r"|(?:就|会|都|也)*(?:浑身|全身|身上)(?:发)?痒")
#: contact with the allergen before the reaction: 吃 / 喝 / 碰 / 一吃 / 吃了, then what (up to eight characters)
_ZH_CONTACT = re.compile(r"(?P<head>.*?)(?P<verb>一(?:吃|碰|喝|闻到?|接触)|吃了?|喝了?|碰了?|接触了?|闻到?了?|对)"
                         r"(?P<what>[\u4e00-\u9fffA-Za-z]{1,8}?)(?=(?:就|会|都|也|马上|立刻|立马)*(?:起|长|出|嘴|脸|喉咙|嗓子|"
                         r"眼睛|眼皮|浑身|全身|身上))")


#: an amount, not what was eaten (吃一口就起疹子 after 我对榴莲过敏: the allergen was told before, no new one)
_ZH_AMOUNT = re.compile(r"^(?:[一二两三几半\d]+|一点|一些)(?:[口点下次些块粒片个]|点儿)?$")

#: contact verbs the allergy rule reads only after 一 (一喝牛奶就过敏)
_ZH_AS_CONTACT = {"喝了": "一喝", "喝": "一喝", "闻到": "一闻到", "闻": "一闻", "接触": "一接触", "接触了": "一接触"}


def zh_allergy_plain(clause: str) -> str | None:
    """The plain allergy a Chinese symptom clause tells (我吃虾会起疹子 → 我吃虾会过敏; 我儿子一碰猫就起红疹 →
    我儿子一碰猫就过敏), or None: no such clause (a reaction without what it came from, or no reaction)."""
    c = clause.strip().rstrip("。！!～~")
    r = _ZH_REACTION.search(c)
    if r is None or r.end() < len(c) - 3:  # (…了 / …起来了: the reaction ends the clause)
        return None
    m = _ZH_CONTACT.match(c[:r.start()] + "起")
    if m is None or not m["what"] or _ZH_AMOUNT.match(m["what"]):
        return None
    verb = _ZH_AS_CONTACT.get(m["verb"], m["verb"])
    return f"{m['head']}{verb}{m['what']}就过敏"
