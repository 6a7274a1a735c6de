"""English clause rules: a small noun-phrase / verb grammar over words, no tagger.

1. **Clauses.** Sentences split at . ! ? ; and clauses at "and"/"but"/"so"/commas when a
   new subject or verb follows ("I like cats and dogs" stays one clause with two objects).
   Questions, hypotheticals and wishes (if, would, hope, want to), plans (tomorrow, next
   week, going to: memory is not a calendar), passing states (I'm tired) and clauses about
   the assistant (you…) give nothing.
2. **Subject NP**: ``I``; ``my`` + relation ("my older sister", "my wife's brother", "my
   wife Anna"); a capitalised name ("Anna's birthday…" → ``person:anna``); ``my`` + noun
   ("my running shoes") or this/these/the + noun → a thing; he/she/it → the last person or
   thing named; none → the previous clause's subject ("… and work at Google").
3. **Predicate** → attribute (vocabulary in :mod:`memcli.slots`): be called / name is, live
   in / moved to, work at/for, work as / be + occupation, be from / grew up in, graduated,
   be allergic to, like / love / hate, have / own / adopted, favourite X is, habits (usually,
   every morning), opinions of a named thing ("these shoes are comfortable"), past events
   dated by a relative time word or a life event (got married, adopted a dog).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memcli import slots
from memcli.write.rules.match import Match, _stem

__all__ = ["extract_matches", "is_question", "match_clause", "prepare", "subject_of"]

_REL = "|".join(sorted(map(re.escape, slots.EN_RELATIONS), key=len, reverse=True))
_ATTR_NOUNS = {w: a.name for a in slots.ATTRIBUTES.values() for w in a.en_nouns if a.name not in ("like", "favourite")}
_ATTR_NOUN = "|".join(sorted(map(re.escape, _ATTR_NOUNS), key=len, reverse=True))
_CONTRACTIONS = [(r"\b(can)'t\b", r"\1 not"), (r"\bwon't\b", "will not"), (r"n't\b", " not"), (r"\b(I)'m\b", r"\1 am"),
                 (r"'ve\b", " have"), (r"'re\b", " are"), (r"'ll\b", " will"), (r"'d\b", " would"),
                 (r"\b(it|he|she|that|there|what|who|name|birthday|job|home|hometown)'s\b", r"\1 is"),
                 (r"\b([A-Za-z]+)'s (?=(?:a|an|the|from|in|at|on|only|not|very|so|really|still|also|just|now|always|"
                  r"never|called|named|been|going|getting|married|retired|allergic|vegan|vegetarian|\d+|"
                  r"[a-z]+(?:ing|ed))\b)", r"\1 is ")]
_SENTENCE = re.compile(r"(?:[^.!?;\n]|(?<=\d)\.(?=\d)|(?<=\b[A-Z][a-z])\.|(?<=\bDr)\.|(?<=\bMr)\.|(?<=\bMs)\.|"
                       r"(?<=\bMrs)\.|(?<=\bSt)\.)+[.!?;]*")
_FILLER = re.compile(r"^(?:(?:well|oh|so|and|also|actually|by the way|btw|honestly|anyway|um+|uh+|hey|ok|okay|yeah|yes|"
                     r"you know|fyi|just so you know|remember that|fun fact|guess what|to be honest|tbh|lol|haha|but|"
                     r"plus|then|because|since|although|though|now|oh and|wow|right|sure)[,:!\s]+)+", re.I)
_QUESTION = re.compile(r"\?\s*$|^(?:what|what's|whats|how|who|whom|whose|when|where|why|which|do|does|did|is|are|was|"
                       r"were|can|could|would|will|should|shall|may|might|have|has|am|any idea|any tips)\b", re.I)
_IRREALIS = re.compile(r"\b(?:if|would|could|might|maybe|perhaps|hope|hoping|wish|want to|wants to|wanna|going to|gonna|"  # noqa: E501
                       r"plan to|plans to|planning|will|thinking of|thinking about|should|need to|needs to|have to|has to|"  # noqa: E501
                       r"tomorrow|tonight|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|"
                       r"sunday|weekend|time)|later today|later this|soon|someday|one day|considering|dream of|"
                       r"would like|'d like|looking forward|can't wait|cannot wait|about to|trying to decide)\b", re.I)
_AGO = re.compile(r"\b(?:((?:last|this|on) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
                  r"(?:back )?in (?:january|february|march|april|june|july|august|september|october|november|"
                  r"december)|earlier this year|this (?:spring|summer|autumn|fall|winter|year)|"
                  r"the day before yesterday|yesterday|last night|last week|last month|last year|last weekend|"
                  r"this morning|earlier today|today|a week ago|a month ago|a year ago|a couple of (?:days|weeks|months|"  # noqa: E501
                  r"years) ago)|(\d+|two|three|four|five|six|seven|eight|nine|ten|a few|several) (day|week|month|year)s? "  # noqa: E501
                  r"ago)\b,?\s*", re.I)
_AGO_FIXED = {"yesterday": ("day", 1), "last night": ("day", 1), "the day before yesterday": ("day", 2),
              "last week": ("week", 1), "last month": ("month", 1), "last year": ("year", 1),
              "last weekend": ("day", 3), "this morning": ("day", 0), "earlier today": ("day", 0), "today": ("day", 0),
              "a week ago": ("week", 1), "a month ago": ("month", 1), "a year ago": ("year", 1)}
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_UNDATED = frozenset("january february march april june july august september october november december year spring "
                     "summer autumn fall winter".split())
_NUMW = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
         "a few": 3, "several": 3}
_HABIT = re.compile(r"\b(?:usually|always|often|regularly|normally|generally|every (?:day|morning|night|evening|week|"
                    r"weekend|weekday|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|each "
                    r"(?:morning|day|night|week)|on (?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|"  # noqa: E501
                    r"sundays)|most (?:days|mornings|evenings|nights)|(?:once|twice|three times) a (?:day|week|month)|"
                    r"tend to|daily|weekly|every other day|nightly)\b", re.I)
_OCCUPATION = re.compile(r"(?:nurse|doctor|chef|student|engineer|teacher|lawyer|designer|developer|programmer|writer|"
                         r"artist|pilot|vet|dentist|scientist|cook|accountant|architect|firefighter|police officer|"
                         r"officer|manager|consultant|analyst|researcher|professor|lecturer|journalist|editor|musician|"
                         r"singer|actor|actress|photographer|pharmacist|therapist|surgeon|paramedic|electrician|plumber|"
                         r"carpenter|mechanic|farmer|baker|barista|waiter|waitress|cashier|driver|clerk|secretary|"
                         r"assistant|librarian|translator|interpreter|tutor|coach|trainer|nanny|cleaner|soldier|"
                         r"sailor|banker|broker|realtor|entrepreneur|founder|ceo|cto|intern|freelancer|"
                         r"[a-z]+(?:er|or|ist|ician|ant|ent))$")
_NOT_OCCUPATION = re.compile(r"\b(?:vegetarian|vegan|christian|introvert|extrovert|fan|lover|member|owner|beginner|"
                             r"smoker|drinker|runner|reader|gamer|sleeper|eater|person|only child|parent|father|mother|"
                             r"mom|dad|twin|left-hander|perfectionist|optimist|pessimist|student of life|patient|"
                             r"resident|native|citizen|foreigner|expert|newcomer|stranger|other|brother|sister|daughter|"
                             r"water|winter|summer|number|center|corner|paper|dinner|computer|letter|order|color|"
                             r"colour|flavor|favour|favor|humor|error|mirror|ant|parent|event|talent|accident)$")
_TRANSIENT = re.compile(r"^(?:so |very |really |a bit |a little |kind of |pretty |super |too |just |not |feeling |getting |"  # noqa: E501
                        r"quite |extremely |totally |completely )*(?:feeling\b|down\b|overwhelmed\b|lost\b|stuck\b|"
                        r"immersed\b|inspired\b|motivated\b|moved\b|touched\b)|"
                        r"^(?:so |very |really |a bit |kind of |pretty |super |too |just |not |feeling |getting )*"
                        r"(?:tired|happy|sad|bored|excited|busy|hungry|thirsty|sick|sorry|glad|fine|ok|okay|good|great|"
                        r"stressed|exhausted|worried|nervous|anxious|here|back|home|done|ready|sure|upset|angry|annoyed|"
                        r"confused|curious|lonely|sleepy|cold|hot|late|early|free|excited|thrilled|grateful|thankful|"
                        r"proud|afraid|scared|frustrated|overwhelmed|relieved|alright|well|better|worse|awake|"
                        r"in a hurry|on my way|at work|at home|out|away|off|right|wrong|lucky|amazed|impressed)\b")
_LIFE = re.compile(r"\b(?:got married|married|divorced|graduated|adopted|moved|started|joined|retired|quit|bought|got "
                   r"engaged|had a baby|passed away|broke up|got promoted|won|visited|went to|travel+ed to|flew to|"
                   r"learned|learnt|took up|signed up|enrolled|ran a|finished|completed|opened|launched|met|got a|"
                   r"lost|became|gave birth|was born|were born|got back|returned|attended|competed|volunteered)\b")
_LIKE = (r"(?:love|loves|loved|like|likes|liked|enjoy|enjoys|adore|adores|prefer|prefers|am into|is into|are into|"
         r"(?:am|is|are) (?:a )?(?:big |huge )?fans? of|(?:am|is|are) obsessed with|(?:am|is|are) crazy about|"
         r"(?:am|is|are) passionate about)")
_DISLIKE = (r"(?:hate|hates|hated|dislike|dislikes|detest|detests|loathe|loathes|can not stand|cannot stand|"
            r"(?:do|does|did) not (?:like|love|enjoy|care for)|never (?:liked|like|likes|enjoy|enjoyed)|"
            r"(?:am|is|are) not (?:a )?(?:big )?fans? of|(?:am|is|are) not into|no longer (?:like|likes|enjoy))")
_NAME_STOP = frozenset("i the this that these those it he she they we you my our his her their there here yesterday "
                       "today tonight tomorrow last next every monday tuesday wednesday thursday friday saturday sunday "  # noqa: E501
                       "january february march april may june july august september october november december "
                       "honestly actually well so and but also oh hey hi hello thanks thank sure yes no maybe just "
                       "lately recently usually sometimes please what when where why how who which a an one my".split())
_ABSTRACT = re.compile(r"^(?:time|question|idea|problem|lot|feeling|meeting|appointment|fun|chance|headache|cold|fever|"
                       r"flu|dream|plan|thought|point|way|day|good time|great time|look|try|break|rest|nap|word|clue|"
                       r"doubt|choice|reason|right|need|say|sense|bit|few|couple|little|moment|minute|second|hour|"
                       r"question for you|request)s?\b")


@dataclass
class _Ctx:
    subject: tuple[str, str] | None = None
    person: tuple[str, str] | None = None
    thing: tuple[str, str] | None = None


def _expand(text: str) -> str:
    t = text.replace("’", "'")
    for pat, rep in _CONTRACTIONS:
        t = re.sub(pat, rep, t, flags=re.I)
    return re.sub(r"\s+", " ", t).strip()


def prepare(text: str) -> str:
    """One clause ready to match: contractions expanded, fillers and end punctuation removed."""
    t = _FILLER.sub("", _expand(text).strip(" ,"))
    return re.sub(r"[.!?;,:\s]+$", "", t).strip()


def is_question(sentence: str) -> bool:
    """A question (ends with ? or starts with a wh-word or an auxiliary)."""
    return bool(_QUESTION.search(sentence.strip()))


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ics")):
        return word[:-1]
    return word


def _lemma(word: str) -> str:
    """A verb or noun's key for a slot: running/runs/run → run, taking/take → tak."""
    w = _stem(word)
    return w[:-1] if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls" else w


def _obj(text: str) -> str | None:
    """An object phrase, cleaned: articles, intensifiers and trailing time words dropped."""
    t = re.sub(r"\b(?:a lot|so much|very much|more than anything|too|as well|these days|anymore|any more|now|"
               r"nowadays|lately|recently|a little|a bit)\b", "", text.casefold())
    t = re.sub(r"^(?:to |the |a |an |my |some |any |our |his |her |their )+", "", t.strip(" ,.")).strip(" ,.")
    t = re.sub(r"\s+", " ", t)
    if not t or re.match(r"^(?:it|you|that|this|him|her|them|those|these|everything|nothing|something|one|me|"
                         r"what|how|when|where|which|who|doing|going)\b", t) or len(t.split()) > 6:
        return None
    words = t.split()
    words[-1] = _singular(words[-1])
    return " ".join(words)


def _objects(v: str) -> list[str]:
    parts = [p.strip() for p in re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+", v) if p.strip()]
    return parts if len(parts) > 1 and all(len(p.split()) <= 3 for p in parts) else [v]


def _ago_of(c: str) -> tuple[tuple[str, int] | None, str]:
    m = _AGO.search(c)
    if not m:
        return None, c
    if m.group(1) and re.search(r"day$", m.group(1).casefold()) and " " in m.group(1) and \
            m.group(1).casefold() not in _AGO_FIXED:
        ago = ("weekday", _WEEKDAYS.index(m.group(1).casefold().split()[-1]))
    elif m.group(1) and m.group(1).casefold().split()[-1] in _UNDATED:
        ago = None
    elif m.group(1):
        w = m.group(1).casefold()
        ago = _AGO_FIXED.get(w) or (("week", 2) if "weeks" in w else ("month", 2) if "months" in w
                                    else ("year", 2) if "years" in w else ("day", 2))
    else:
        n = m.group(2).casefold()
        ago = (m.group(3).casefold(), int(n) if n.isdigit() else _NUMW.get(n, 2))
    rest = re.sub(r"\s+", " ", c[:m.start()] + " " + c[m.end():]).strip(" ,")
    return ago, rest


def _subject(c: str, ctx: _Ctx) -> tuple[str, str, str] | None:
    """``(key, phrase, rest)`` for a clause (see the module docstring)."""
    low = c.casefold()
    m = re.match(rf"^(?:one of |both of |all |all of )my ((?:[a-z]+ )?(?:{_REL}))s?\b", low)
    if m:
        return slots.relation_en(m.group(1).split()[-1]) or "friend", c[:m.end()], c[m.end():].strip(" ,")
    m = re.match(r"^all (?=my |our )", low)
    if m:
        c, low = c[m.end():], low[m.end():]
    m = re.match(rf"^my ((?:{_REL})(?:'s (?:{_REL}))*)'s ([a-z]+)(?= (?:is|are|was|has|lives))", low)
    if m and m.group(2) not in _ATTR_NOUNS and not slots.relation_en(m.group(2)):
        return f"thing:{_singular(m.group(2))}", c[:m.end()], c[m.end():].strip()
    m = re.match(rf"^my ([a-z]+)'s (?=(?:{_ATTR_NOUN}) )", low)
    if m and not slots.relation_en(m.group(1)):
        return f"thing:{_singular(m.group(1))}", c[:m.end() - 1], c[m.end():]
    m = re.match(r"^we (?=(?:have|got|own|live|moved|bought|adopted|rent|go|visit)\b)", low)
    if m:
        return slots.ME, c[:2], c[3:]
    m = re.match(rf"^(?:[a-z]+ ){{0,2}}(?:{_REL})\b(?: (?:i am|i'm|i) [a-z]+ing| who [a-z]+ .+?)?(?= (?:is|was|has|lives|works|"  # noqa: E501
                 rf"goes|runs|drives|teaches|moved|got|studies|called|named))", low)
    if m and low.startswith(("the ", "a ")):
        rel = re.search(_REL, low[:m.end()])
        return slots.relation_en(rel.group(0)) if rel else "person", c[:m.end()], c[m.end():].strip()  # type: ignore[return-value]
    m = re.match(rf"^(?:my|our) ((?:{_REL})(?:'s (?:{_REL}))*)\b", low)
    if m:
        rels = re.split(r"'s ", m.group(1))
        key = ".".join(slots.relation_en(r) or r for r in rels)
        end = m.end()
        name = re.match(r"^,? ([A-Z][a-z]+)\b,?", c[end:])
        if name and name.group(1).casefold() not in _NAME_STOP:
            end += name.end()
            if key.rsplit(".", 1)[-1] in slots.PLURAL_RELATIONS:
                key = f"person:{name.group(1).casefold()}"
        return key, c[:end], c[end:].strip(" ,")
    if re.match(r"^i\b", low):
        return slots.ME, c[:1], c[1:].strip()
    m = re.match(rf"^my (?:{_ATTR_NOUN})\b", low)
    if m:
        return slots.ME, c[:2], c[3:]
    m = None if re.match(r"^my (?:all-time )?favou?rite\b", low) else \
        re.match(r"^(?:my|our) ((?:[a-z-]+ ){0,4}?([a-z-]+))(?= (?:is|are|was|were|has|have|looks?|feels?|tastes?|"
                 r"works?|keeps?|broke|died|needs?|seems?|got|gets)\b)", low)
    if re.match(r"^my (?:all-time )?favou?rite\b", low):
        return slots.ME, c[:2], c[3:]
    if m and m.group(2) not in _ATTR_NOUNS and m.group(2) not in ("ability", "abilities", "energy", "sleep", "mood",
                                                                  "life", "mind", "day", "week", "work", "job"):
        return f"thing:{_singular(m.group(2))}", c[:m.end()], c[m.end():].strip()
    m = re.match(r"^(?:this|these|that|those|the) ((?:[a-z'-]+ ){0,3}?([a-z-]+))(?= (?:is|are|was|were|feels?|looks?|"
                 r"tastes?|seems?|fits?)\b)", low)
    if m and not re.match(r"^(?:weather|time|day|idea|question|answer|thing|one|way|point|news|show|moment|suggestions?|"  # noqa: E501
                          r"advice|tips?|places?|options?|ideas?|recommendations?|books?|methods?|ways?)$", m.group(2)):
        return f"thing:{_singular(m.group(2))}", c[:m.end()], c[m.end():].strip()
    m = re.match(r"^(?:he|she)\b", low)
    if m:
        return (ctx.person[0], ctx.person[1], c[m.end():].strip()) if ctx.person else None
    m = re.match(r"^(?:it|they)\b", low)
    if m:
        return (ctx.thing[0], ctx.thing[1], c[m.end():].strip()) if ctx.thing else None
    m = re.match(r"^((?:(?:Mr|Mrs|Ms|Dr|Aunt|Uncle|Grandma|Grandpa)\.? )?[A-Z][a-z]+(?: [A-Z][a-z]+)?)(?:, my [a-z -]+,)?"  # noqa: E501
                 r"(?='s\b| (?:is|was|has|had|cleans|teaches|lives|lived|works|worked|loves|likes|"
                 r"hates|moved|got|just|recently|studies|studied|goes|went|teaches|plays|owns|adopted|became|turned|"
                 r"married|graduated|prefers|enjoys|grew|comes|came|does|did|started|joined|runs|drives)\b)", c)
    if m and re.match(r" is my (?!(?:" + _REL + r")\b)", c[m.end():], flags=re.I):
        return slots.ME, m.group(1), c[m.end():].strip()  # "Daniel is my name", "Arsenal is my team": about me
    if m and m.group(1).split()[0].casefold() not in _NAME_STOP:
        rest = c[m.end():]
        return f"person:{m.group(1).casefold()}", m.group(1), rest[2:].strip() if rest.startswith("'s") else rest.strip()  # noqa: E501
    m = re.match(r"^([A-Z][\w-]*(?: [a-z-]+){0,3}) (?=(?:is|are|tastes|smells|looks|gives me|makes me)\b)", c)
    if m and m.group(1).split()[0].casefold() not in _NAME_STOP and not slots.relation_en(m.group(1)):
        return f"thing:{_singular(m.group(1).split()[-1].casefold())}", m.group(1), c[m.end():]
    return None


def _fact(key: str, attr: str, value: str | None, kind: str | None = None) -> tuple[str, str, str]:
    a = slots.ATTRIBUTES[attr]
    slot = attr if a.functional else f"{attr}.{value}"
    if key != slots.ME:
        slot = f"{key}.{slot}"
    k = kind or a.kind
    if key != slots.ME and not key.startswith("thing:") and k not in ("health", "habit"):
        k = "relationship"
    return slot, k, value or ""


_BE = r"(?:am|is|are|was|were)"


def _predicate(key: str, rest: str) -> list[tuple[str, str, str]]:  # noqa: C901 - one table of rules
    """The facts a predicate states about subject ``key``: [(slot, kind, value)]."""
    p = re.sub(r"^(?:'s )", "", rest.casefold()).strip()
    p = re.sub(r"\b(?:really|absolutely|just|also|totally|actually|still|now|currently|definitely|kind of|sort of|"
               r"truly|so|quite|very much|too|recently|finally|already|both|all|even|honestly|officially|only|about|around|"  # noqa: E501
               r"almost|nearly|barely|over|under)\b\s*", "", p)
    p = re.sub(r"\s+", " ", p).strip()
    thing = key.startswith("thing:")
    if re.match(r"^(?:(?:often|always|sometimes|usually|still|also) )?(?:feel|feels|felt|feeling|think|thought|guess|"
                r"wonder|hope|wish|believe|suppose|tried|try|want|wanted|need|needed)\b", p):
        return []  # feelings, thoughts and attempts are not facts
    liking = p  # the like rules read their own negations
    m = re.match(rf"^{_BE} (?:not |no longer )?(?:a |an )?(vegetarian|vegan|pescatarian)\b|^(?:do|does) not eat (meat)$", p)  # noqa: E501
    if m and not thing:
        return [_fact(key, "diet", "vegetarian" if m.group(2) else m.group(1))]
    p = re.sub(rf"^({_BE}) (?:not|no longer|never) ", r"\1 ", p)
    p = re.sub(r"^(?:(?:do|does|did) not|never|no longer) ", "", p)
    p = re.sub(r" (?:anymore|any more|again)$", "", p)
    rules: list[tuple[str, str]] = [
        (rf"^(?:full )?name {_BE} (.+)$|^{_BE} (?:called|named) (.+)$|^goe?s? by (.+)$", "name"),
        (rf"^birthday {_BE} (?:on )?(.+)$|^(?:was|were) born on (.+)$", "birthday"),
        (rf"^{_BE} (\d+|[a-z]+-?[a-z]*)(?: years? old)$|^{_BE} (\d+)$|^turned (\d+|[a-z]+)$|^age {_BE} (\d+)$", "age"),
        (rf"^{_BE} ([\d.' ]+(?:cm|m|ft|feet|foot|inches|meters?|metres?)\b.*?)(?: tall)?$|^height {_BE} (.+)$", "height"),  # noqa: E501
        (r"^weighs? (?:about |around )?(\d.+)$", "weight"),
        (rf"^(?:lives?|lived|{_BE} living|(?:have|has) (?:lived|been living)|resides?) (?:in|at|on|near) (.+)$|"
         rf"^(?:moved|relocated|(?:have|has) moved|{_BE} moving back) (?:from .+? )?(?:to|back to) (.+)$|"
         rf"^(?:home|house|flat|apartment|place|address) {_BE} (?:in |at )?(.+)$", "residence"),
        (rf"^(?:works?|worked|{_BE} working|(?:have|has) (?:worked|been working)|interns?) (?:at|for) (.+?)(?: as .+)?$|"  # noqa: E501
         rf"^{_BE} employed (?:by|at) (.+)$|^(?:workplace|employer|company) {_BE} (.+)$", "workplace"),
        (rf"^(?:works?|worked|{_BE} working) as (?:a |an )?(.+)$|^(?:job|profession|occupation) {_BE} (?:a |an )?(.+)$|"
         rf"^(?:works?|worked) (?:at|for) .+? as (?:a |an )?(.+)$", "job"),
        (rf"^{_BE} (?:originally )?from (.+)$|^(?:comes?|came) from (.+)$|^grew up in (.+)$|^(?:was|were) born in "
         rf"((?!\d).+)$|^hometown {_BE} (.+)$", "hometown"),
        (rf"^graduated (?:from )?(.+)$|^(?:have|has) (?:a |an )?((?:phd|ph\.d|master's|masters|bachelor's|bachelors|"
         rf"degree|doctorate|mba).*)$|^(?:studied|majored in|studies|{_BE} studying|{_BE} majoring in) (.+?)(?: at .+)?$|"  # noqa: E501
         rf"^degree {_BE} (?:in )?(.+)$|^major {_BE} (.+)$", "education"),
        (rf"^(?:goe?s? to|attends?|{_BE} (?:a )?(?:student|freshman|sophomore|junior|senior) at|stud(?:y|ies) at) (.+)$",  # noqa: E501
         "school"),
        (rf"^phone(?: number)? {_BE} (.+)$|^number {_BE} (.+)$", "phone"),
        (rf"^e-?mail(?: address)? {_BE} (.+)$", "email"),
        (rf"^blood type {_BE} (.+)$", "blood_type"),
        (rf"^{_BE} (?:a |an )?(phd|ph\.d\.?|doctor of .+|mba|master's student|phd student|phd candidate)$", "education"),  # noqa: E501
    ]
    raw = rest.strip()
    m = re.match(r"^(?:is|was) ([A-Z][a-z]+)(?: now)?$", raw)
    if m and key != slots.ME and not thing:
        return [_fact(key, "name", m.group(1).casefold())]
    m = re.match(r"^works? in ([a-z][a-z ]+)$", raw)
    if m and not thing:
        return [_fact(key, "job", m.group(1))]
    m = re.match(r"^(?:drives?|drove) (?:a |an )?(.+?)(?: now| these days| to work)?$", p)
    if m and not thing and (v := _obj(m.group(1))):
        return [(("" if key == slots.ME else key + ".") + "which.drive", "other" if key == slots.ME else "relationship",
                 v)]
    m = re.match(rf"^(?:works?|worked|{_BE} working) (?:at|for) (.+?) as (?:a |an )?(.+)$", p)
    if m and not thing and (w := _obj(m.group(1))) and (j := _obj(m.group(2))):
        return [_fact(key, "workplace", w), _fact(key, "job", j)]
    for pat, attr in rules:
        m = re.match(pat, p)
        if m and (not thing or attr in ("name", "age", "birthday")):
            v = _obj(re.split(r" (?:for|since) (?=\S)", next(g for g in m.groups() if g))[0]) \
                if attr not in ("phone", "email") else next(g for g in m.groups() if g).strip()
            if v and not (attr == "age" and not (v.isdigit() or re.match(r"^[a-z]+(?:-[a-z]+)?$", v))):
                if attr == "job" and _NOT_OCCUPATION.search(v):
                    return []
                return [_fact(key, attr, v)]
    m = re.match(rf"^{_BE} allergic to (.+)$|^(?:have|has) (?:a |an )?(.+?) allergy$", p)
    if m and (v := _obj(m.group(1) or m.group(2))):
        return [_fact(key, "allergy", o, "health") for o in _objects(v)]
    if key == slots.ME and re.search(r"\b(coffee|tea)\b", p) and (a := re.search(r"\b(sugar|milk|cream|honey)\b", p)):
        return [(f"{re.search(r'(coffee|tea)', p).group(1)}.{a.group(1)}", "preference", "")]  # type: ignore[union-attr]
    m = re.match(rf"^favou?rite (\w+(?: \w+)?) {_BE} (.+)$", p)
    if m and (v := _obj(m.group(2))):
        slot = f"favourite.{m.group(1)}" if key == slots.ME else f"{key}.favourite.{m.group(1)}"
        return [(slot, "preference" if key == slots.ME else "relationship", v)]
    m = re.match(rf"^(?:{_LIKE}|{_DISLIKE}) (.+)$", liking) or \
        re.match(r"^(?:do|does|did) not (?:eat|drink|smoke) (.+)$", liking) or \
        re.match(r"^(?:quit|gave up|stopped) ((?:smoking|drinking|coffee|alcohol|sugar|meat)\b.*)$", liking)
    if m and not thing:
        v = re.split(r"\b(?:over|rather than|more than|because|since|when)\b", m.group(1))[0]
        v = re.sub(r"^to ", "", v)
        objs = [o for o in (_obj(x) for x in _objects(v)) if o]
        return [_fact(key, "like", o) for o in objs]
    m = re.match(r"^(?:have|has|own|owns|got|bought|adopted|rescued|(?:have|has) (?:got|adopted|bought))(?: got)? "
                 r"(?:(?:a|an|any|one|two|three|four|five|\d+|some|new)\b)? ?(?:new |little |big |old |cute )?(.+)$", p)
    if m and not thing and not _ABSTRACT.match(m.group(1)) and not re.match(r"^(?:to|been|had|no|not)\b", m.group(1)):
        v = _obj(m.group(1))
        rel = slots.relation_en(v or "") if v else None
        if rel:
            return [(f"has.{rel}" if key == slots.ME else f"{key}.has.{rel}", "relationship", v or "")]
        if v and len(v.split()) <= 3:
            return [_fact(key, "owns", v, "other")]
    m = re.match(rf"^{_BE} (?:a |an )([a-z -]+)$", p)
    if m and not thing:
        v = m.group(1).strip()
        if _OCCUPATION.search(v) and not _NOT_OCCUPATION.search(v):
            return [_fact(key, "job", v)]
    if _HABIT.search(p) and not thing:
        words = [w for w in re.findall(r"[a-z]+", _HABIT.sub(" ", p)) if w not in _STOP]
        if words:
            return [_fact(key, "habit", _lemma(words[-1]), "habit")]
    m = re.match(rf"^(?:{_BE}|feels?|felt|looks?|looked|tastes?|tasted|sounds?|seems?|fits?|fit|gives? me|makes? me) "
                 rf"(?:really |so |very |"
                 rf"pretty |quite |super |a bit |too |not |not very |kind of |rather |incredibly |extremely )*"
                 rf"([a-z-]+)(?: .*)?$", p)
    if m and thing and m.group(1) not in ("a", "an", "the", "my", "in", "at", "on", "from", "to", "being", "going"):
        return [_fact(key, "opinion", m.group(1), "preference")]
    m = re.match(rf"^{_BE} (?:a |an |the )?([a-z][a-z -]*)$", p)
    passing = m and (_TRANSIENT.match(m.group(1)) or _TRANSIENT.match(re.sub(rf"^{_BE} ", "", p)))
    if m and not thing and not passing and not m.group(1).endswith("ing") and \
            not re.match(r"^(?:not|going|gonna|about|in|on|at|with|to|so|like|just|here|there|the)\b", m.group(1)):
        v = _obj(m.group(1))
        return [_fact(key, "is", v, "identity")] if v else []
    return []


_STOP = frozenset("i me my a an the to of in on at for and or but with it do does did go goes going went usually "
                  "always often regularly normally every each day morning night evening week weekend before after "
                  "some am is are was were be have has had".split())


_TIME_WORDS = frozenset("january february march april may june july august september october november december "
                        "monday tuesday wednesday thursday friday saturday sunday year month week ago last yesterday "
                        "today weekend".split())


_CHATTER_VERB = re.compile(r"^(?:feel|feels|feeling|felt|think|thought|know|knew|guess|mean|meant|wonder|wondered|hope|wish|want|wanted|need|"  # noqa: E501
                           r"agree|see|saw|suppose|understand|believe|feel|felt|bet|promise|apologi[sz]e|appreciate|"
                           r"forgot|forget|remember|just|can|could|would|will|should|must|may|might|shall|did|do|does|"
                           r"am|is|are|was|were|mean|said|say|told|tell|asked|ask|heard|read|got it|love it|"
                           r"like it|hate it|am not sure|have a question|have no idea|had a|had an|had the)\b")
_ING_OK = re.compile(r"^(?:learning|studying|training|taking|working|living|teaching|raising|dating|seeing|"
                     r"volunteering|running|coaching|renting|saving)\b")


def _generic(key: str, p: str) -> list[tuple[str, str, str]]:
    """Any other declarative predicate of a person in the user's life ("my uncle drives a truck
    for a living", "my grandma turned 90"): a fact with a generic slot keyed by its head word."""
    low = re.sub(r"\s+", " ", p.casefold()).strip(" ,")
    if not low or len(low.split()) > 20:
        return []
    m = re.match(rf"^(?:{_BE}|(?:have|has) been|used to be) (.+)$", low)
    if m:
        rest = re.sub(r"^(?:a |an |the |only |still |already |also |now |just |not )+", "", m.group(1))
        if not rest or _TRANSIENT.match(m.group(1)) or _TRANSIENT.match(rest) or \
                (rest.split()[0].endswith("ing") and not _ING_OK.match(rest)) or \
                re.match(r"^(?:going|gonna|about|so|like|here|there|sure|not sure|it|that|this|you)\b", rest):
            return []
        head = rest
    else:
        if _CHATTER_VERB.match(low) and not re.match(r"^(?:used to|have|has|had|can not|cannot) [a-z]", low):
            return []
        head = re.sub(r"^(?:used to|have|has|had|can not|cannot) ", "", low)
    words = [w for w in re.findall(r"[a-z0-9]+", head) if w not in _STOP and w not in _TIME_WORDS]
    return [_fact(key, "fact", _lemma(words[0]), "other")] if words else []


def _event(key: str, p: str, ago: tuple[str, int] | None) -> list[tuple[str, str, str]]:
    """A past event ("adopted a dog yesterday", "got married last year"): dated or a life event."""
    low = p.casefold()
    life = _LIFE.search(low)
    past = re.match(r"^(?:[a-z]+ed|went|got|had|made|took|saw|met|ran|won|lost|bought|began|became|flew|drove|"
                    r"wrote|read|gave|left|found|came|did|spent|sold|built|broke|caught|taught|thought|felt)\b", low)
    if key.startswith("thing:") or not (life or (ago and past)) or _TRANSIENT.match(re.sub(rf"^{_BE} ", "", low)):
        return []
    hit = life or past
    assert hit is not None
    verb = hit.group(0).replace(" ", "_")
    after = [w for w in re.findall(r"[a-z]+", low[hit.end():]) if w not in _STOP and w not in _TIME_WORDS]
    obj = after[0] if after else ""
    return [_fact(key, "event", f"{verb}_{obj}".strip("_"), "other")]


def match_clause(clause: str, ctx: _Ctx | None = None) -> list[Match]:
    """The facts one English clause states (empty: not a memory)."""
    ctx = ctx if ctx is not None else _Ctx()
    raw = clause.strip()
    c = prepare(raw)
    if not c or is_question(raw) or is_question(c) or _IRREALIS.search(c):
        return []
    ago, c = _ago_of(c)
    if not c:
        return []
    m = re.match(r"^(?:born|raised|born and raised|grew up) (?:and raised )?in ", c, flags=re.I)
    if m:
        c = ("I was " if not c.casefold().startswith("grew") else "I ") + c[0].lower() + c[1:]
    if re.match(r"^(?:you can |please |just )?call me\b", c, flags=re.I):
        return []  # name phrasings are memcli.write.names's
    m = re.match(r"^(.+?) (?:is|are) my (?:all-time )?favou?rite (\w+(?: \w+)?)$", c, flags=re.I)
    if m and (v := _obj(m.group(1))):
        return [Match(statement=c, kind="preference", slot=f"favourite.{m.group(2).casefold()}", value=v)]
    m = re.match(r"^i (?:think|feel like|believe|find|guess|reckon) (?:that )?(.+)$", c, flags=re.I)
    if m:
        c = m.group(1)
        if re.match(r"^(?:i|you)\b", c, flags=re.I):
            return []
    m = re.match(r"^(?:(?:on )?weekends|mostly|usually|normally|generally|every (?:[a-z]+)|at night|in the "
                 r"(?:morning|evening)s?|most days|these days|nowadays),? (?=(?:i|we)\b)", c, flags=re.I)
    lead = ""
    if m:  # "Weekends I mostly stay home": read from the subject on, keep the adverbial in the statement
        lead, c = m.group(0), c[m.end():]
    if re.match(r"^there (?:is|are) .+\b(?:my|our)\b", c, flags=re.I):
        return [Match(statement=c[0].upper() + c[1:], kind="other", slot="fact.there", value="", salience=0.5,
                      ago=ago)]
    if re.match(r"^(?:you|we|they|there|here|it is|that is|this is|what|thanks|thank you|please|let)\b", c,
                flags=re.I) and not (re.match(r"^(?:it|they)\b", c, flags=re.I) and ctx.thing) and \
            not re.match(r"^we (?:have|got|own|live|moved|bought|adopted|rent|go|visit)\b", c, flags=re.I):
        return []
    sub = _subject(c, ctx)
    if sub is None:
        if ctx.subject is None or not re.match(r"^[a-z]", c) or \
                re.match(r"^(?:it|this|that|they|there|the|a|an|some|every|one|so|but|and|then|which|who|as|if|when|"
                         r"because|since|though|also|through|during|after|before|with|without|for|to|in|on|at)\b", c):
            return []
        key, phrase = ctx.subject
        rest, stmt = c, f"{phrase} {c}"
    else:
        key, phrase, rest = sub
        stmt = c if not re.match(r"^(?:he|she|it|they)\b", c, flags=re.I) else f"{phrase} {rest}"
    ctx.subject = (key, phrase)
    if key.startswith("thing:"):
        ctx.thing = (key, phrase)
    elif key != slots.ME:
        ctx.person = (key, phrase)
    if lead:
        stmt, rest = lead + stmt, f"{rest} {lead.strip(' ,').lower()}"
    facts = _predicate(key, rest) or _event(key, rest, ago) or (_generic(key, rest) if not key.startswith("thing:")
                                                                 or phrase.casefold().startswith(("my", "our"))
                                                                 else [])
    if not facts:
        return []
    stmt = _recontract(stmt[0].upper() + stmt[1:], raw)
    out = []
    for slot, kind, value in facts:
        s = stmt
        if len(facts) > 1 and slot.endswith("workplace"):  # "I work at Google as a data scientist"
            s = re.sub(r" as (?:a |an )?[^,]+$", "", stmt)
        elif len(facts) > 1 and slot.endswith("job"):
            s = f"{phrase[0].upper() + phrase[1:]} {'am' if key == slots.ME else 'is'} a {value}"
        elif len(facts) > 1:  # one candidate per object: "I love cats and dogs" → "I love cats", "I love dogs"
            s = _one_object(stmt, value)
        sal = 0.8 if kind in ("identity", "relationship", "health") else 0.6
        out.append(Match(statement=s, kind=kind, slot=slot, value=value, salience=sal, ago=ago))
    return out


def _recontract(stmt: str, raw: str) -> str:
    """The user's own wording back: contractions that were expanded for matching (I'm, don't)."""
    for word in dict.fromkeys(re.findall(r"[A-Za-z]+['’][A-Za-z]+", raw)):
        full = _expand(word)
        if full != word and full in stmt:
            stmt = stmt.replace(full, word, 1)
        elif full != word and full[:1].upper() + full[1:] in stmt:
            stmt = stmt.replace(full[:1].upper() + full[1:], word[:1].upper() + word[1:], 1)
    return stmt


def _one_object(stmt: str, value: str) -> str:
    m = re.search(r"(?i)\b(?:love|loves|like|likes|enjoy|enjoys|hate|hates|to|of|with|into|allergic to|about) (.+)$",
                  stmt)
    if not m:
        return stmt
    part = next((x for x in re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+", m.group(1)) if _obj(x) == value), value)
    return stmt[:m.start(1)] + part.strip()


def subject_of(text: str) -> str:
    """Whom a statement is about: ``me``, a relation key, ``person:…`` or ``thing:…``."""
    sub = _subject(prepare(text), _Ctx())
    return sub[0] if sub else slots.ME


_SPLIT = re.compile(r",?\s+(?i:and|but|so|because|while|although|though)\s+(?=(?i:now |then |also |still )?(?i:i|my|he|she|"  # noqa: E501
                    r"they|it|we|his|her|our|am|is|are|was|live|lives|work|works|love|loves|like|likes|have|has|hate|"
                    r"hates|moved|got|adopted|grew|studied|graduated|takes|drives|plays|goes|runs|teaches)\b|"
                    r"[A-Z][a-z]+ (?i:is|was|has|lives|works|loves|likes)\b)|"
                    r",\s+(?=(?i:i|he|she)\b)|,\s+(?!(?i:is|are|was|were)\b)(?=[^,]*\b(?i:is|are|was|were|has|lives|works|"
                    r"loves)\b)|\s+[—–-]+\s+|,\s+(?=(?i:what|how|any|can|could|should|would|do|does|is there|is this|is it|are there|where|which|"  # noqa: E501
                    r"who|why)\b)")


def extract_matches(text: str) -> list[Match]:
    """Facts stated in an English utterance: sentences → clauses → facts."""
    out: list[Match] = []
    ctx = _Ctx()
    for sent in _SENTENCE.findall(text):
        sent = sent.strip()
        if not sent or re.match(r"^(?:if|when|whenever|unless)\b", prepare(sent), flags=re.I):
            continue
        for part in _SPLIT.split(sent):
            out += match_clause(part, ctx)
    return out
