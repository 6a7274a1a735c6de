"""English stops of a habit, an activity or a preference ("I stopped going to the gym", "I quit smoking",
"I no longer eat meat", "I gave up running", "I don't play tennis anymore", "I cancelled my gym
membership"): a fact of their own.

The Chinese rules keep 戒咖啡了 / 放弃日语 / 不再…了 as a memory; the English ones read "going to" as a
plan (so "stopped going to the gym" was no memory at all) and a stop with a gerund ("stopped eating
sugar") as a one-off past action. :func:`stop_fact` reads the predicate after the subject as a stop and
returns one ``habit.<head>`` fact, negative (:func:`memcli.write.rules.analyze` reads the stop verb as
a "no"); the decision then ends the fact it names (:func:`memcli.write.linked_change.stopped_doing`),
or, with nothing to end, it is stored as what the user no longer does. A stop denied or only intended
("I didn't stop…", "I'm thinking of quitting…") is no stop: its verb is not where this reads one, and
:data:`memcli.write.rules.en_words._IRREALIS` drops an intention. A job left is an ending, not a habit
("I quit my job": :mod:`memcli.write.linked_change`), and stays the event rules'.

A habit cut down or given up going on ("I've been cutting down on coffee", "I'm trying to quit sugar", round 42) is
the same ``habit.<head>`` fact: what the user does now, stored beside the habit it changes (an attempt ends nothing:
``trying`` is in :data:`memcli.write.linked_change._NOT_ENDED`). "Done with" a group or a standing activity ("I'm
done with the gym") is a stop; "done with the dishes" is a task finished, no memory.
"""

from __future__ import annotations

import re

from memcli.write.rules.en_words import _STOP, _TIME_WORDS
from memcli.write.rules.match import slot_fact

__all__ = ["stop_fact", "without_stopped_motion"]

#: what one is "done with" as a stop: a place or group of a standing activity (not a task: "done with the dishes")
_GROUPS = (r"(?:gym|club|team|band|choir|orchestra|class|classes|lessons|course|league|church|diet|yoga|pilates|"
           r"crossfit|running|dating|membership|subscription)")
#: the predicate of a stop: a stop verb, then what was stopped
_STOPPED = re.compile(
    r"^(?:(?:have|has|had) )?(?:(?:just|finally|recently|already|completely|totally|mostly|officially|actually|"
    r"pretty much) )*(?:stopped|quit|quitted|given up|gave up|kicked|dropped|no longer)(?: on)? (?P<obj>.+)$|"
    r"^(?:do|does) not (?P<any>.+?) any ?more$|"
    r"^(?:am|are|is) (?:(?:so|totally|completely|officially|finally|really|pretty much) )*(?:done|finished|through) "
    r"with (?P<done>(?:[a-z-]+ing\b|(?:my |the |our )?(?:[\w'-]+ ){0,2}" + _GROUPS + r"\b).*)$|"
    r"^(?:(?:have|has|had) )?(?:(?:just|finally|recently|already) )*cancell?ed "
    r"(?P<sub>(?:my |the |our )?(?:[\w'-]+ ){0,3}"
    r"(?:membership|subscription|account|lessons|classes|plan))\b|"  # a subscription, never a meeting
    r"^(?:(?:have|has|had) )?(?:(?:just|finally|already|sadly) )*(?:cancell?ed|called off) (?P<trip>(?:my |the |our )?"
    r"(?:[\w'-]+ ){0,3}(?:trip|holiday|vacation|journey|tour|wedding|party))\b")  # a plan called off: event.cancelled
#: a habit cut down or given up going on ("I've been cutting down on coffee", "I'm trying to quit sugar", "I'm
#: quitting smoking", "I'm drinking less beer"): what the user does now, a habit fact (a "no" only where a stop verb
#: says one: quit, give up); a plan to cut ("going to", "want to") is :data:`en_words._IRREALIS`'s
_CUTTING = re.compile(
    r"^(?:(?:am|are|is|have been|has been|had been|have|has) )?(?:(?:really|slowly|gradually|seriously|also|finally|"
    r"already|just|definitely) )*(?:(?:trying|working|attempting|starting) to |(?:trying|working) on )?"
    r"(?:cut(?:ting)? (?:down|back)(?: on)?|cut(?:ting)? out|quit(?:ting)?|giv(?:e|ing) up(?: on)?|kick(?:ing)?|"
    r"reduc(?:e|ing)|limit(?:ing)?|(?:drink(?:ing)?|eat(?:ing)?|smok(?:e|ing)|us(?:e|ing)) less) (?P<cut>.+)$")
#: what a job left says (an ending of its own), or a stop of something said before (it, that)
_NOT_HABIT = re.compile(r"^(?:(?:my|the|a|an|his|her) )?(?:job|work|position|company|firm|career|it|that|this|them|"
                        r"him|her|there|me|you)\b|^(?:by|in|at|to|for|because|since)\b|"
                        r"^(?:(?!going |to |at |in )[\w'-]+ ){0,2}(?:hospital|school|office|practice|agency|startup|"
                        r"clinic|bank|store|shop|restaurant|factory|university|college)$")  # a workplace: a job left
_LEAD = re.compile(r"^(?:the habit of|my habit of|my|the|a|an|being)\s+")
#: "stopped going to the gym": a stop of going somewhere, not a plan ("going to" + a place)
_STOPPED_MOTION = re.compile(r"\b(stopped|stop|stopping|quit|quitting|gave up|given up|giving up|no longer|kicked|"
                             r"dropped)( going| walking| driving| cycling| coming)? to\b", re.I)


def without_stopped_motion(clause: str) -> str:
    """``clause`` with the "to" of a stopped going-to taken out ("I stopped going to the gym" → "I stopped
    going the gym"): what a plan check (``going to``) reads, so a stop of going somewhere is no plan."""
    return _STOPPED_MOTION.sub(lambda m: m.group(1) + (m.group(2) or ""), clause)


def stop_fact(key: str, rest: str) -> list[tuple[str, str, str]]:
    """One ``(slot, kind, value)`` fact for the stop ``rest`` tells (the predicate after the subject,
    "stopped going to the gym" → (``habit.gym``, habit, "going to the gym")); empty: no stop of a habit."""
    low = re.sub(r"\s+", " ", rest.casefold()).strip(" ,.!")
    m = _STOPPED.match(low) or _CUTTING.match(low)
    if m is None:
        return []
    if m.groupdict().get("trip"):
        return [("event.cancelled", "other", re.sub(r"^(?:my|the|our) ", "", m.group("trip")))]
    g = m.groupdict()
    obj = (g.get("obj") or g.get("any") or g.get("sub") or g.get("done") or g.get("cut") or "").strip()
    obj = re.split(r",| because | since | after | when | so that | but ", obj)[0].strip()
    for _ in range(2):
        obj = _LEAD.sub("", obj)
    if not obj or _NOT_HABIT.match(obj):
        return []
    words = [w for w in re.findall(r"[a-z][a-z'-]*", obj) if w not in _STOP and w not in _TIME_WORDS
             and w not in ("going", "to", "altogether", "completely", "anymore")]
    if not words:
        return []
    verb_first = bool(g.get("any")) or low.startswith("no longer") or words[0].endswith("ing") and not g.get("done")
    head = words[1] if verb_first and len(words) > 1 else words[0]
    from memcli.write.rules.en_facts import _lemma

    return [slot_fact(key, "habit", _lemma(head), "habit")]
