"""An English short reply read with the assistant's question it answers (:mod:`memcli.write.reply_to`).

The question gives its clause, turned to the user's side ("Do you have any pets?" → "I have pets", "Where are you
based?" → "I am based in …"); the reply gives the polarity or the value, in the user's words:

- **yes/no** — ``do/does/did/are/is/was/were/have/has`` + ``you`` (or ``your`` + a noun, for a yes only) + the rest:
  a yes token (yes, yeah, sure, I do …) gives the clause, a no token (no, nope, not really, I don't …) its negation
  (about the user only: "Does your sister …?" "No" gives nothing); a noun phrase with a number or determiner in
  place of the question's indefinite object ("Do you have any pets?" "Two cats") is a yes with that object;
- **wh** — ``where/when/who/what/which/how many/how long/how often/how old`` + aux + ``you`` + the rest: the reply's
  phrase goes where the question's gap is ("Where do you live?" "Rotterdam" → "I live in Rotterdam"; "How many
  siblings do you have?" "Three" → "I have three siblings"); ``what/where/when/who is your N`` → "My N is …".

The rest of the reply follows after a comma, as said ("…, since last autumn"). Nothing for a question the
assistant asks about itself or offers to do (me, us: "Do you want me to …?"), a request (can/could/would you), a
question about the conversation (do you think/mean/know/remember …), a dodge, a reply of the wrong kind (a yes to a
wh-question, no number for "how many") or a question back. Pure functions over text.
"""

from __future__ import annotations

import re

from memcli.en_past import EN_IRREGULAR_PAST
from memcli.reltime import EN_MONTHS

__all__ = ["en_reply"]

#: the base forms of :data:`memcli.en_past.EN_IRREGULAR_PAST`, in its order ("did you go" → "went")
_BASES = ("get go buy become begin come eat drink feel find give hear keep know leave lose make meet pay run say see "
          "sell send spend take tell think win write break choose drive fly fall grow hurt quit ride sing sleep speak "
          "teach throw wake wear").split()
_PAST = {**dict(zip(_BASES, EN_IRREGULAR_PAST, strict=True)), "have": "had", "do": "did", "put": "put",
         "read": "read", "cut": "cut", "set": "set", "be": "was"}

_AUX = r"(?P<aux>do|does|did|are|is|was|were|have|has)"
_YN = re.compile(_AUX + r"\s+(?P<subj>your\s+\w+(?:'s\s+\w+)?|you)\s+(?P<rest>.+)$", re.I)
_WH = re.compile(r"(?P<wh>where|when|who|what\s+time|what(?:\s+(?:kind|sort|type)\s+of\s+\w+)?|which\s+\w+|"
                 r"what\s+\w+|how\s+many\s+\w+|how\s+long|how\s+often|how\s+old)\s+" + _AUX +
                 r"\s+(?P<subj>your(?:\s+[\w']+)+?(?=\s*$)|your\s+\w+|you)\b\s*(?P<rest>.*)$", re.I)
_WH_CONTRACT = re.compile(r"^(where|what|when|who|how)'(re|s)\b", re.I)
#: the assistant itself, an offer or a request in the question, or a third party's data in its predicate (he, her,
#: Sam's, a clause of its own): never the user's fact
_NOT_ABOUT_USER = re.compile(r"\b(?:me|us|i|we|our|my|he|she|his|her|hers|him|they|them|their|theirs|whether|if|who|"
                             r"who's|which|whose)\b", re.I)
#: a question whose answer is no fact of the user's own: about a thing named only by a pronoun (it, there, those: the
#: referent is in the assistant's words), asking the user for advice or an opinion, or "you" of a group (you guys)
_NO_TOPIC = re.compile(r"\b(?:it|its|(?:this|these|that)(?!\s+(?:days?|summer|winter|spring|autumn|fall|year|week|"
                       r"weekend|month|morning|evening|time|\w+day)\b)|those|them|there)\b|\b(?:tips?|advice|suggestions?|"
                       r"recommendations?|ideas?|thoughts?|opinions?|take|views?|feelings?|questions?)\b|"
                       r"^(?:guys|all|two|both|folks)\b", re.I)
_NAMED_OWNER = re.compile(r"\b[A-Z]\w*'s\b")  # Sam's …: a named person's (your dad's is the user's own)
_ABOUT_TALK = re.compile(r"^(?:think|mean|know|remember|want|need|mind|agree|see|understand|recall|like\s+me|feel "
                         r"like|prefer\s+(?:i|me))\b", re.I)
_NOW = re.compile(r"\s*,?\s*\b(?:these days|nowadays|now|currently|at the moment|right now|at present|lately|"
                  r"still|originally|usually|normally|generally)\b", re.I)
_LEAD = re.compile(r"^\W*(?:(?:oh|well|haha+|hah|lol|hmm+|um+|uh|ah|so|honestly|actually|ok|okay)\b[\s,!.]*)+",
                   re.I)
_DODGE = re.compile(r"^(?:not sure|unsure|maybe|perhaps|possibly|probably|dunno|i don'?t know|no idea|hard to say|"
                    r"it depends|depends|kind of|kinda|sort of|who knows|can'?t say|not telling|i'?d rather not|"
                    r"pass|good question|why\b|what about you|you tell me|guess)\b", re.I)
#: thanks or praise first: the reply answers the assistant's turn, not its question ("Thanks! Three times a week")
_THANKS = re.compile(r"^(?:thanks|thank you|thx|cheers|wow|aw+|cool|nice|great|awesome|haha|lol)\b", re.I)
_YES = re.compile(r"^(?:yes|yeah|yep|yup|yea|sure|of course|definitely|absolutely|indeed|totally|mhm|uh-huh|"
                  r"(?:i|we)\s+(?:sure\s+)?(?:do|am|have|did|was|does))\b[\s,.!;:—–-]*", re.I)
_NO = re.compile(r"^(?P<tok>no|nope|nah|not really|not at all|not anymore|not any ?more|never|"
                 r"(?:i|we)\s+(?:don'?t|do not|am not|'m not|haven'?t|didn'?t|wasn'?t|never))\b[\s,.!;:—–-]*",
                 re.I)
#: a noun phrase that quantifies or determines ("two cats", "a greyhound", "the piano")
_NP = re.compile(r"^(?:(?:just|only)\s+)?(?:a|an|the|one|two|three|four|five|six|seven|eight|nine|ten|"
                 r"a couple of|a few|some|several|\d+)\b", re.I)
_NUMBER = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple|a few|"
                     r"several|none|no|zero|dozens?|twenty|thirty|forty|fifty)\b", re.I)
#: a clause of its own: a subject then more words (the reply is read as today)
_CLAUSE = re.compile(r"^(?:i|i'm|i've|i'd|we|we're|we've|it|it's|he|she|they|there|that's|he's|she's|they're|"
                     r"there's)\b|^(?:my|our)\b.*\b(?:is|are|was|were|has|have|had|does|did)\b", re.I)
#: a subject pronoun anywhere in a phrase ("today we are going"): a clause of its own
_SUBJECT = re.compile(r"\b(?:i|i'm|i've|we|we're|he|she|they|he's|she's|they're)\b", re.I)
_PREP = re.compile(r"^(?:in|at|on|near|by|from|outside|around|with|to|since|for|about|over|almost|nearly|last|"
                   r"back|ages|after|before|during|when|every|each|once|twice)\b", re.I)
_TRAIL = re.compile(r"\s+(?=(?:for|at|on|in|with|after|before|to)\b(?!.*\b(?:for|at|on|in|with|after|before|to)\b)"
                    r"[^?]*$)", re.I)
_ENDS_PREP = re.compile(r"\b(?:in|at|on|from|to|with|for|of|about|into)$", re.I)
_MONTH_YEAR = re.compile(r"^(?:\d{4}|" + "|".join(EN_MONTHS) + r"|spring|summer|autumn|fall|winter)\b", re.I)
_LOWER = re.compile(r"^(?:\w+ing|\w+ly|just|only|mainly|mostly|usually|always|sometimes|often|rarely|around|"
                    r"roughly|half|all|both|none|no|zero|lots?|plenty|weekends?|weekdays?|my|our)$", re.I)
_TIMES = re.compile(r"^(?:once|twice|(?:a few|a couple of|many|several|\w+) times|loads of times|lots of times)\b",
                    re.I)
#: the question's object a yes may name: any-word, or an indefinite noun at its end ("Do you own a bike?")
#: "the small one", "a green one": the thing is the question's noun ("Which café…?")
_THE_ONE = re.compile(r"^((?:the|a|an|this|that)\b(?:\s+(?!one\b)[\w'-]+){0,3}\s+)one\b", re.I)
#: a degree adverb ending the question ("… do you like most?"): it goes after the answer
_DEGREE = re.compile(r"\s+(?:the\s+)?(?:most|best|least|more)$", re.I)
_ANY = re.compile(r"\b(?:anything|anyone|anywhere|any\s+(?!(?:that|which|who|of|other|more|time)\b)\w+)\b", re.I)
#: a finite verb: a phrase holding one is a clause ("collaborating is great", "rock's awesome")
_FINITE = re.compile(r"\b(?:is|are|was|were|am|has|have|had|will|would|can|could|should)\b|\w'(?:s|re|ve|ll|d)\b",
                     re.I)
_AN = re.compile(r"\b(?:a|an|some)\s+\w+$", re.I)
_ONE = re.compile(r"\bones?\b", re.I)  # "a small one": the question's noun stays
_SWAP = {"your": "my", "yours": "mine", "you": "me", "yourself": "myself"}


def _swap(text: str) -> str:
    """The question's words on the user's side: your → my, you → me, "you were" → "I was" (a subject)."""
    text = re.sub(r"\byou'(re|ve|ll|d)\b", lambda m: "I" + {"re": "'m"}.get(m.group(1).lower(), "'" + m.group(1)), text,
                  flags=re.I)
    text = re.sub(r"\byou(?= (?:\w+ly )?\w+ed\b)", "I", text, flags=re.I)  # "…you truly belonged" → I truly belonged
    text = re.sub(r"\byou (were|are|have|had|do|did|will|can|could|would)\b",
                  lambda m: "I " + {"were": "was", "are": "am"}.get(m.group(1).lower(), m.group(1)), text, flags=re.I)
    return re.sub(r"\b(?:your|yours|you|yourself)\b", lambda m: _SWAP[m.group(0).lower()], text, flags=re.I)


def _past(verb: str) -> str:
    v = verb.lower()
    if v in _PAST:
        return _PAST[v]
    return v + "d" if v.endswith("e") else v[:-1] + "ied" if re.search(r"[^aeiou]y$", v) else v + "ed"


def _third(verb: str) -> str:
    v = verb.lower()
    return "has" if v == "have" else v + "es" if re.search(r"(?:s|sh|ch|x|o)$", v) else \
        v[:-1] + "ies" if re.search(r"[^aeiou]y$", v) else v + "s"


def _split(reply: str) -> tuple[str, str]:
    """(first phrase, the rest) of a reply: cut at its first comma, dash, semicolon or full stop; the phrase's first
    word in lower case when it is a word of a closed class or an -ing form ("Two cats" → "two cats"), not a name."""
    m = re.search(r"\s*(?:[,;:.!]|\s[—–-])\s*", reply)
    first, rest = (reply[:m.start()], reply[m.end():]) if m else (reply, "")
    word = first.split(" ", 1)[0]
    if (word[1:].islower() or len(word) == 1) and any(rx.match(word) for rx in (_NP, _PREP, _NUMBER, _LOWER)):
        first = first[:1].lower() + first[1:]
    return first, rest


def _with_rest(clause: str, rest: str) -> str:
    rest = rest.strip().rstrip(".!")
    return f"{clause}, {rest}." if rest else f"{clause}."


def _clause(aux: str, subj: str, rest: str, positive: bool, swap: bool = True) -> str | None:
    """The question's clause on the user's side: ("do", "you", "have any pets", True) → "I have pets"."""
    aux = aux.lower()
    me = subj.lower() == "you"
    who = "I" if me else "My " + _swap(subj)[3:].strip()
    rest = re.sub(r"\s+at all\b", "", rest, flags=re.I) if positive else rest  # "Do you recycle at all?" "Yes"
    words = (_swap(_NOW.sub("", rest)) if swap else rest).split()  # (a reply's words in ``rest`` stay as said)
    if not words:
        return None
    ever = "ever" in (w.lower() for w in words)
    words = [w for w in words if w.lower() != "ever" and
             (not positive or w.lower() not in ("any", "anywhere", "anything", "anyone"))]
    verb, tail = words[0], " ".join(words[1:])
    if aux in ("do", "does"):
        if positive:
            return f"{who} {verb if me else _third(verb)} {tail}".strip()
        return f"{who} {'never' if ever else 'don' + chr(39) + 't' if me else 'doesn' + chr(39) + 't'} " \
               f"{verb if not ever or me else _third(verb)} {tail}".strip()
    if aux == "did":
        if positive:
            return f"{who} {_past(verb)} {tail}".strip()
        return f"{who} {'never ' + _past(verb) if ever else 'didn' + chr(39) + 't ' + verb} {tail}".strip()
    be = {"are": "am" if me else "is", "is": "is", "was": "was", "were": "was" if me else "were",
          "have": "have" if me else "has", "has": "has"}[aux]
    neg = " never" if ever else " not"
    return f"{who} {be}{'' if positive else neg} {' '.join(words)}".strip()


def _yes_no(aux: str, subj: str, rest: str, reply: str) -> str | None:
    first, after = _split(reply)
    if (m := _YES.match(reply)) is not None:
        positive, more = True, reply[m.end():]
    elif (m := _NO.match(reply)) is not None:
        if subj.lower() != "you":  # "No" to "Is your sister …?": not the user's own fact
            return None
        positive, more = False, re.sub(r"^(?:have|did|do|am|was)\W*$", "", reply[m.end():].strip(), flags=re.I)
        echo, past = _split(more)
        if echo and echo.split()[0].lower() in {w.lower() for w in re.findall(r"[\w']+", rest)} | {"been"}:
            more = past  # "Never been there before": the no said again
        if "any" in m.group("tok").lower().replace(" ", ""):  # not anymore
            more = ("anymore, " + more).strip(", ")
    elif _TIMES.match(first) and re.search(r"\bever\b", rest, re.I):  # "Have you ever …?" "Twice."
        positive, more = True, _with_rest(first, after).rstrip(".")
    elif _NP.match(first) and re.search(r"\b(?:any|a|an|some)\s+\w+$", rest, re.I) and aux.lower() in ("do", "have"):
        # "Do you have any pets?" "Two cats, both rescues." → I have two cats, both rescues
        obj = re.sub(r"\b(?:any|a|an|some)\s+\w+$", first, rest, flags=re.I)
        return _with_rest(_clause(aux, subj, obj, True) or "", after) if _clause(aux, subj, obj, True) else None
    else:
        return None
    if more.strip().endswith("?"):
        return None
    if _CLAUSE.match(more.strip()) or _SUBJECT.search(_split(more.strip())[0]):
        # "Yes, I have two cats": a clause of its own, read as said; after a no, the no is told too and the clause
        # follows as said ("No, but I rarely eat red meat" → I am not vegetarian, but I rarely eat red meat)
        c = None if positive else _clause(aux, subj, rest, False)
        return f"{c}, {more.strip()}" if c else None
    head, after = _split(more.strip())
    if positive and head and (_FINITE.search(head) or re.fullmatch(r"[A-Z][a-z]+", head)):
        return None  # "Yes, collaborating is great": a clause; "Yes, John": the name it is said to (no object)
    if positive and re.fullmatch(r"\w+ly|of course|for sure|indeed|sure|yes|yeah", head, re.I):
        head, more = "", after  # "Yes, definitely." names nothing
    if positive and not head and re.search(r"\bany(?:thing|one|where)\b", rest, re.I):
        return None  # "Have you been up to anything?" "Yes!": what is not said
    named = _NP.match(head) and " " in head and not _ONE.search(head)  # "a cargo bike" names the object
    if positive and head and ((a := _ANY.search(rest)) or named and (a := _AN.search(rest))):
        # "Are you allergic to anything?" "Yes, shellfish." → I am allergic to shellfish
        to = "to " if a.group(0).lower() == "anywhere" and not _PREP.match(head) else ""
        rest, more = rest[:a.start()] + to + head + rest[a.end():], after
    c = _clause(aux, subj, rest, positive)
    return _with_rest(c, more) if c else None


def _wh(wh: str, aux: str, subj: str, rest: str, reply: str) -> str | None:
    first, after = _split(reply)
    if re.fullmatch(r"\w+ly|lately|these days|now|right now|at the moment", first, re.I) and after:
        first, after = _split(after)  # "Recently, education reform": the answer is after the adverb
    if not first or _YES.match(reply) or _NO.match(reply) or _CLAUSE.match(first):
        return None
    if first.split()[0].lower() in {x.lower() for x in re.findall(r"[\w']+", rest)}:
        return None  # "How long have you been doing yoga?" "Been doing it for years": a clause of its own
    w = wh.lower().split()
    rest = _swap(_NOW.sub("", rest)).strip()
    if subj.lower() != "you":  # "What's your favourite food?" → My favourite food is …
        noun = _swap(subj)[3:].strip() + (" " + rest if rest else "")
        if w[0] in ("what", "who", "when"):
            called = re.match(r"^(.+?)\s+(called|named)$", noun)  # "What's your dog called?" → My dog is called …
            return _with_rest(f"My {called.group(1)} is {called.group(2)} {first}" if called else
                              f"My {noun} is {first}", after)
        if w[0] == "where":
            return _with_rest(f"My {noun} is {'' if _PREP.match(first) else 'in '}{first}", after)
        if w[:2] == ["how", "old"]:
            return _with_rest(f"My {noun} is {first}{' years old' if first.isdigit() else ''}", after)
        return None
    a = (aux or "do").lower()
    head, *more = rest.split(" ", 1) if rest else [""]
    if w[:2] == ["how", "old"]:
        return _with_rest(f"I am {first}{' years old' if first.isdigit() else ''}", after) if \
            _NUMBER.search(first) else None
    if w[:2] == ["how", "many"]:
        if not _NUMBER.search(first):
            return None
        noun = w[2][:-1] if re.match(r"^(?:one|1|just one|only one)$", first, re.I) and w[2].endswith("s") else w[2]
        c = _clause(a, "you", f"{rest} {first} {noun}" if not head else
                    f"{head} {first} {noun}{' ' + more[0] if more else ''}", True, swap=False)
        return _with_rest(c, after) if c else None
    if not head:  # "What are you?" gives no clause
        return None
    if w[0] == "where" and a in ("are", "is") and re.fullmatch(r"(?:based|located|living|staying)", rest, re.I):
        a, rest, head = "do", "live", "live"  # "Where are you based?" asks where the user lives
    if w[0] == "where":
        filler = first if _PREP.match(first) or _ENDS_PREP.search(rest) else "in " + first
    elif w[:2] == ["what", "time"]:
        filler = first if _PREP.match(first) else "at " + first
    elif w[:2] == ["how", "long"]:
        filler = first if re.match(r"^(?:since|for|all)\b", first, re.I) or re.search(r"\bago$", first) else \
            "for " + first
    elif w[0] == "when":
        filler = first if _PREP.match(first) or re.search(r"\bago$", first) else \
            ("in " if _MONTH_YEAR.match(first) else "") + first
    else:
        filler = first
    if w[0] in ("which", "what") and len(w) == 2 and w[1] != "time":  # "Which café…?" "The small one": the café
        filler = _THE_ONE.sub(lambda m: m.group(1) + w[1], filler, count=1)
    if (degree := _DEGREE.search(rest)) is not None:  # "… do you like most?": the degree after the answer
        rest, after_gap = rest[:degree.start()], degree.group(0)
    else:
        after_gap = ""
    if w[0] == "what" and len(w) == 1 and a == "do" and head.lower() == "do" and \
            (not more or re.match(r"^(?:for (?:a living|work|a job)|exactly)$", more[0], re.I)):
        first = first[:1].lower() + first[1:] if first[1:2].islower() else first
        noun = first if _NP.match(first) else \
            ("an " if first[:1].lower() in "aeiou" else "a ") + first
        return _with_rest(f"I work as {noun}", after)  # "What do you do (for a living)?" asks the job
    # the gap: before a last prepositional phrase ("what do you do for fun" → I do <it> for fun), else at the end
    if _ENDS_PREP.search(rest) or w[0] in ("where", "when") or w[:2] in (["how", "long"], ["how", "often"],
                                                                          ["what", "time"]):
        body = f"{rest} {filler}"
    elif (t := _TRAIL.search(rest)) is not None and t.start() >= len(head):
        body = f"{rest[:t.start()]} {filler} {rest[t.end():]}"
    else:
        body = f"{rest} {filler}"
    c = _clause(a, "you", body + after_gap, True, swap=False)
    return _with_rest(c, after) if c else None


def en_reply(reply: str, question: str) -> str | None:
    """``reply`` read as a statement with ``question``'s clause (both as said; ``question``: one sentence ending in
    "?"), or None when the pair is not a question about the user and its short answer."""
    q = _WH_CONTRACT.sub(lambda m: f"{m.group(1)} {'are' if m.group(2).lower() == 're' else 'is'}",
                         question.strip().rstrip("?").strip())
    q = re.sub(r"^(?:so|and|oh|ok|okay|also|and so|by the way)\b[,\s]*", "", q, flags=re.I)
    r = _LEAD.sub("", reply.strip()).strip()
    if not r or r.endswith("?") or _DODGE.match(r) or _THANKS.match(r):
        return None
    if (m := _YN.match(q)) is not None:
        if _NOT_ABOUT_USER.search(m.group("rest")) or _NAMED_OWNER.search(m.group("rest")) or \
                _NO_TOPIC.search(m.group("rest")) or \
                _ABOUT_TALK.match(m.group("rest")):
            return None
        return _yes_no(m.group("aux"), m.group("subj"), m.group("rest"), r)
    if (m := _WH.match(q)) is not None:
        rest = m.group("rest") or ""
        if _NOT_ABOUT_USER.search(rest) or _NAMED_OWNER.search(rest) or _ABOUT_TALK.match(rest) or \
                _NO_TOPIC.search(rest) or _NO_TOPIC.search(m.group("subj")):
            return None
        aux = (m.group("aux") or "").lower()
        return _wh(m.group("wh"), aux, m.group("subj"), rest, r)
    return None
