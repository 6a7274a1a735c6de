"""A hope for the user's own future, told in English (round 48): a goal, never a deed done.

"Hoping to run a marathon next year", "I'd love to visit Japan next year", "My dream is to open a bakery" stored
nothing (a wish or a hedge: the clause model's units are left out by
:func:`memcli.write.told_shapes.only_wished`), so "what are my goals?" found nothing. :func:`hope_told` reads one
as a memory of kind ``goal`` (slot ``goal.<verb> <thing>``: ``goal.run marathon``), its statement said as a hope
("I'm hoping to run a marathon next year"), so no reader takes it for the thing done; the read side keeps it out of
a question whether or when the user did it (:mod:`memcli.read.goal_asked`).

What is a hope: hoping / hope to, my goal / dream / ambition is to, it's my dream to, I dream of; "I'd love to" only
with a time ahead (next year, this summer, by 2028): "I'd like to book a table" is a request, "I'd love to help" or
"I'd love to check them out" a reply. An idle wish with no time ("I'd love to live by the ocean someday", "I want to
learn Portuguese one day") stays no memory, as the write path's wishes always were (docs/write-path.md; the goldset's
``none:hypothetical`` cases; merge of round 48). Not: a hope of someone
else's, one past ("I was hoping to…"), a request to the assistant ("I'd love to hear your thoughts", "hoping you
can…"), a condition ("if…"), a denial.

Pure function over one clause's text.
"""

from __future__ import annotations

import re

from memcli.write.rules.match import Match

__all__ = ["hope_told"]

_LEAD = r"^(?:(?:so|and|also|oh|well|btw|anyway|honestly|really|still|but),? )*"
#: a time ahead said with "I'd love to" (without one it is as often a reply: "I'd love to help", "I'd love to see it")
_AHEAD = r"(?:next (?:year|month|summer|spring|fall|autumn|winter)|this (?:year|summer|spring|fall|autumn|winter)|"
_AHEAD += r"(?:in|by) (?:20\d\d|a few years|the next few years))"
_HOPES = (
    re.compile(_LEAD + r"(?:(?:I'm|I am|we're|we are) )?(?:really |still )?hoping to (?P<what>.+)$", re.I),
    re.compile(_LEAD + r"(?:I|we) (?:really |still |do )?hope to (?P<what>.+)$", re.I),
    re.compile(_LEAD + r"(?:I'd|I would|we'd|we would) (?:really |so |absolutely |just )?love to "
               rf"(?P<what>.+?\b{_AHEAD}\b.*)$", re.I),
    re.compile(_LEAD + r"(?:my|our) (?:big |biggest |main |long-term |long term |real |ultimate |life )?"
                       r"(?:goal|dream|ambition|aspiration)(?: for (?:next|this) year| for \d{4})? is to "
                       r"(?P<what>.+)$", re.I),
    re.compile(_LEAD + r"it's (?:always been )?(?:a|my) (?:big |lifelong |life-long )?dream(?: of mine)? to "
                       r"(?P<what>.+)$", re.I),
    re.compile(_LEAD + r"(?:I|we) (?:really |still )?dream of (?P<what>[a-z]+ing\b.*)$", re.I),
    re.compile(_LEAD + r"(?P<what>[a-z]+ing\b.{2,60}?) is (?:my|our) (?:number one |main |big |biggest |ultimate |top |"
                       r"long-term |real )?(?:goal|dream|ambition)$", re.I),  # ("Winning the league is my goal")
)
#: a request to the assistant, a greeting, or someone else's doing: no hope of the user's life
_NOT_MINE = re.compile(r"\b(?:you|your|yours|u)\b|^(?:know|hear|understand|find out|ask|chat|talk|get (?:some |"
                       r"your )?(?:help|advice|tips|ideas|thoughts|feedback)|see (?:what|how|if)|learn more about)\b",
                       re.I)
_NOT_TOLD = re.compile(r"\?|\b(?:if|unless|whether|not|never|n't|was hoping|were hoping|had hoped|used to)\b",
                       re.I)
#: the time words of a hope, left out of its key
_TIME_TAIL = re.compile(r"\b(?:next|this|before|within|someday|some day|one day|eventually|at some point|soon|again|"
                        r"(?:by|in) (?:the end|the future|next|this|\d+|a few|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
                        r"oct|nov|dec)[a-z]*\b|spring|summer|fall|autumn|winter))\b.*$", re.I)
_SMALL = frozenset("a an the my our some more and to of for with at on in".split())


def _key(what: str) -> str | None:
    """``goal.<verb> <thing>`` of a hope's infinitive phrase ("run a marathon next year" → ``goal.run marathon``),
    or None when it names nothing."""
    words = [w for w in re.findall(r"[a-z][a-z'-]*", _TIME_TAIL.sub("", what.casefold()))]
    if not words:
        return None
    verb = words[0]
    rest = [w for w in words[1:] if w not in _SMALL]
    return f"goal.{verb} {rest[-1]}" if rest else f"goal.{verb}"


def hope_told(clause: str) -> list[Match]:
    """The user's hope a clause tells (see the module doc): one match of kind ``goal``, or []."""
    said = clause.strip().rstrip(".!")
    if _NOT_TOLD.search(said):
        return []
    for rx in _HOPES:
        m = rx.match(said)
        if m is None:
            continue
        what = m["what"].strip(" ,")
        if not what or _NOT_MINE.search(what) or _NOT_MINE.search(said[:m.start("what")]):
            return []
        key = _key(what)
        if key is None:
            return []
        statement = said[:1].upper() + said[1:]
        if re.match(r"(?:really |still )?hoping\b", statement, re.I):
            statement = "I'm " + statement[:1].lower() + statement[1:]  # ("Hoping to…": the "I'm" chat drops)
        return [Match(statement=statement, kind="goal", slot=key, value=key.partition(".")[2], salience=0.6)]
    return []
