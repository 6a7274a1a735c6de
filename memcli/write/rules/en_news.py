"""English news prefaces: the words a friend says before the news itself ("Guess what - I got a puppy",
"Big news: we bought a house", "Something cool happened since we last talked - I joined a choir",
"Just wanted to give you a heads-up on what's been going on - I took a pottery class").

A preface states nothing of its own; read with the news in one clause unit it pulled the clause model's
probability under the threshold (the fact told after it was lost). :data:`NEWS_PREFACE` is one
alternation of such prefaces, matched at the start of a sentence and only with the mark that ends a
preface after it (a dash, a colon, a comma or "!"): :mod:`memcli.write.clauses` cuts it off as an opener
of its own (chatter), and the news is scored alone. A sentence whose "news" is said in the same clause
("The news is that the plant closed", "Good news travels fast") has no such mark and is read whole.

:data:`TOPIC_TURN` are the words that turn the talk to a new topic or an aside before what is told ("On another
note, I finished a quilt", "By the way, my brother moved to Leeds", "In other news, we adopted a cat"): they pull
the clause model's probability down as a preface does (0.12 read with "On another note", 0.89 without) and are
cut off the same way.
"""

from __future__ import annotations

__all__ = ["NEWS_PREFACE", "TOPIC_TURN"]

_SINCE = r"(?: (?:since|after) (?:we |i |last |we last |the last time we |last time we )*(?:talked|spoke|chatted|" \
    r"caught up|met|saw each other))?"
_TELL = r"(?:tell|show|share with|update) you"

#: a preface before the news (regex alternation, no group of its own; case-insensitive by its user)
NEWS_PREFACE = "|".join((
    r"guess what(?: happened)?",
    r"you(?:'ll| will)? (?:won't|never|not) (?:believe|guess) (?:it|this|what(?: happened)?)",
    r"(?:(?:some|the|more|so much|a bit of) )?(?:(?:really|very|super|pretty|not so|not-so-) ?)?(?:big|good|great|"
    r"exciting|crazy|huge|amazing|awesome|wild|happy|fun|cool|interesting|some|sad|bad|tough|terrible|awful|"
    r"horrible|weird|strange|surprising|unexpected|mixed) (?:(?:life|personal|family|work) )?(?:news|update)",
    r"(?:a )?(?:funny|true|long|quick|crazy|sad) story(?: short)?",
    r"(?:(?:a|some) )?(?:quick|little|small|short) (?:update|news)|news ?flash|fun fact|update",
    r"long time no (?:see|talk|chat)",
    rf"(?:so )?(?:something|some things|a few things|a lot|lots|so much|stuff)(?: (?:\w+|really \w+))? "
    rf"(?:has |have )?(?:happened|been going on|going on|to {_TELL}|(?:that )?i (?:wanted|want|have|had|need) "
    rf"to {_TELL})(?: (?:to|with) me)?(?: about)?{_SINCE}",
    r"(?:(?:so|well|and) )?(?:things|life|it|stuff)(?: has| have|'s)? been (?:\w+ ){1,3}?"
    r"(?:lately|recently|since (?:we |i )?last (?:we )?(?:talked|spoke|chatted|caught up))",
    rf"(?:i )?(?:just )?wanted to (?:let you know|give you (?:the |a )?heads[- ]?up|{_TELL}|catch you up)"
    r"(?: (?:on|about) (?:what's|what has|what) been (?:happening|going on)(?: lately| recently)?)?",
))

#: a turn to a new topic or an aside before what is told (regex alternation, no group; case-insensitive by its user)
TOPIC_TURN = "|".join((
    r"on (?:a|an|another|a different|a (?:\w+)|that|this|the (?:\w+)) note",
    r"by the way|btw|in other news|(?:and )?speaking of (?:which|that|this)|incidentally|anyhow",
    r"(?:(?:to|just to) )?change (?:the )?(?:subject|topic)s?|changing (?:the )?(?:subject|topic)s?",
    r"funn(?:il)?y enough|as it (?:turns|turned) out|oh,? and|on the bright side",
))
