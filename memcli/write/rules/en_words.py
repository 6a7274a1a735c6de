"""Vocabulary and patterns of the English clause rules (data only; the logic is :mod:`memcli.write.rules.en`)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from memcli import slots
from memcli.numerals import en_number
from memcli.reltime import EN_DAYS
from memcli.write.rules.another_person import en_another
from memcli.write.rules.en_denial import NOT_HALF as _NOT_HALF
from memcli.write.rules.en_denial import correction_opener, denial_last
from memcli.write.rules.en_fronted import unfronted
from memcli.write.rules.en_has import HAS_AFTER
from memcli.write.rules.en_since import START, STARTS, past_span
from memcli.write.rules.en_told import INITIAL_DOT, INITIALS
from memcli.write.rules.en_told_date import TOLD, front_to_end, told_date

if TYPE_CHECKING:
    from memcli.write.rules.match import Match

_REL = "|".join(sorted(map(re.escape, slots.EN_RELATIONS), key=len, reverse=True))

_ATTR_NOUNS = {w: a.name for a in slots.ATTRIBUTES.values() for w in a.en_nouns if a.name not in ("like", "favourite")}
#: plurals of the attribute nouns a list follows ("my allergies are …", "my kids' names are …") and the likes'
#: nouns ("my hobbies are …"); not every plural (my jobs, my schools, my numbers name things, not an attribute)
_ATTR_NOUNS |= {"names": "name", "nicknames": "name", "allergies": "allergy", "birthdays": "birthday",
                "phone numbers": "phone", "emails": "email", "email addresses": "email", "food allergy": "allergy",
                "food allergies": "allergy", "hobby": "like",
                "hobbies": "like", "interests": "like", "pastimes": "like"}

_ATTR_NOUN = "|".join(sorted(map(re.escape, _ATTR_NOUNS), key=len, reverse=True))
#: a name's relation opening a clause ("Omar's mum has settled in": Omar's mother, not Omar; round 40)
NAMED_REL = re.compile(rf"^([A-Z][a-z]+)'s ((?i:{_REL}))\b(?!')")
#: what names the thing just said ("my starter is called Doug"): he / she next may mean it, not a person before
NAMING = re.compile(r"^(?:is |was |'s )?(?:called|named)\b")

_CONTRACTIONS = [(rf"\b([A-Za-z]+)'s (?={HAS_AFTER})", r"\1 has "),  # "work's been", "she's taken": has
                 (r"\b(can)'t\b", r"\1 not"), (r"\bwon't\b", "will not"), (r"n't\b", " not"), (r"\b(I)'m\b", r"\1 am"),
                 (r"'ve\b", " have"), (r"'re\b", " are"), (r"'ll\b", " will"), (r"'d\b", " would"),
                 (r"\b(it|he|she|that|there|what|who|name|birthday|job|home|hometown)'s\b", r"\1 is")]
_CONTRACTIONS_RE = [(re.compile(pat, re.I), rep) for pat, rep in _CONTRACTIONS]  # compiled once, not per call
#: "X's" before what a clause says of X ("Kim's a nurse", "my dad's retired", "she's getting married"): "X is" —
#: unless a finite verb follows in the clause, which makes the word after 's a noun X owns ("my sister's wedding is
#: in May", "my son's painting won a prize", "the neighbour's shed burned down", "my son's two dogs are …"): a
#: possessive stays one. A degree word, or a number word of a height or age ("my son's already six feet tall",
#: "my dad's seventy"; not "my son's two dogs"), is "is" the same way
_IS_AFTER = re.compile(r"\b(?!master'|bachelor')([A-Za-z]+)'s (?=(?:(a|an|the|from|in|at|on|not|very|so|really|still|"
                       r"also|just|now|always|never|called|named|allergic|vegan|vegetarian)|(only|\d+|[a-z]+(?:ing|ed)|"
                       r"already|nearly|almost|about|around|barely|over|under|tall|short|(?:one|two|three|four|five|six|"
                       r"seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
                       r"ninety)(?=(?: (?:feet|foot|ft|years?|months?|tall|now|already|and)\b)|\s*(?:[,;:.!?]|$))))"
                       r"\b([^,;:.!?]*))", re.I)
_CLAUSE_END = re.compile(r"\b(?:and|but|or|so|because|since|while|when|where|who|which|that|if|though|although)\b",
                         re.I)
_FINITE = re.compile(r"\b(?:is|was|are|were|has|had|have|got|gets|will|would|can|could|did|does|do|might|must|"
                     r"should|shall|looks|tastes|smells|sounds|feels|seems|costs|lives|works|starts|begins|ends|takes|"
                     r"needs|makes|goes|comes|runs|opens|closes|went|won|lost|sank|broke|fell|came|cost|left|took|made|"
                     r"ran|grew|burnt|hit|stole|flew|blew|froze|died)\b", re.I)
_LINKING = re.compile(r"(?:getting|being|becoming|feeling|looking|seeming|going)$", re.I)


def _is_or_owner(m: re.Match[str]) -> str:
    """"X is " for the "X's " ``m`` found, or the possessive as written (see :data:`_IS_AFTER`)."""
    rest = _CLAUSE_END.split(m.group(4), maxsplit=1)[0]
    past = any(w.casefold().endswith("ed") and len(w) > 4 for w in rest.split()[:2])  # the shed burned down
    if m.group(3) and (_FINITE.search(rest) or (past and not _LINKING.match(m.group(3)))):
        return m.group(0)  # my sister's wedding is in May: the sister's wedding
    return f"{m.group(1)} is "


def expand_contractions(text: str) -> str:
    """English contractions spelled out (don't → do not, I'm → I am, Kim's a nurse → Kim is a nurse); a possessive
    's followed by what its owner has stays one (my sister's dog is named Rex, my son's painting won a prize)."""
    for pat, rep in _CONTRACTIONS_RE:
        text = pat.sub(rep, text)
    return _IS_AFTER.sub(_is_or_owner, text)


#: an English sentence: a dot in a token (sam@example.com, 2.5), after an abbreviation or a name's initial ends none
_SENTENCE = re.compile(rf"(?:{INITIALS}|[^.!?;\n]|(?<=\d)\.(?=\d)|(?<=\S)\.(?=[a-z0-9])|(?<=\b[A-Z][a-z])\.|"
                       rf"(?<=\bDr)\.|(?<=\bMr)\.|(?<=\bMs)\.|(?<=\bMrs)\.|(?<=\bSt)\.|{INITIAL_DOT})+[.!?;]*")

_FILLER = re.compile(r"^(?:(?:well|oh|so|and|also|actually|by the way|btw|honestly|anyway|um+|uh+|hey|ok|okay|yeah|yes|"
                     r"you know|fyi|just so you know|remember that|fun fact|guess what|to be honest|tbh|lol|haha|but|"
                     r"plus|then|because|since|although|though|now|oh and|wow|right|sure|more importantly|most importantly|"  # noqa: E501
                     r"in addition|additionally|besides|however|especially|for example|for instance|in fact|of course|"
                     r"overall|(?:(?:quick|small|big|little|good|great|exciting|some|life) )?(?:update|news)(?=\s*[:!])"
                     r")[,:!\s]+)+", re.I)  # a label before the news ("Update: we moved to …") says nothing itself

_QUESTION = re.compile(r"\?\s*$|,? (?:isn't it|aren't they|wasn't it|weren't they|don't you think|innit)\W*$|"
                       r"^(?:what|what's|whats|how|who|whom|whose|when|where|why|which|do|does|did|is|are|was|"
                       r"were|can|could|would|will|should|shall|may|might|have|has|am|any idea|any tips)\b", re.I)

_IRREALIS = re.compile(r"\b(?:if|would|could|might|maybe|perhaps|hope|hoping|wish|want to|wants to|wanna|going to|gonna|"  # noqa: E501
                       r"plan to|plans to|planning|(?<!sometimes )(?<!usually )(?<!often )(?<!always )(?<!sometimes i )(?<!usually i )(?<!often i )will|thinking of|thinking about|should|need to|needs to|have to|has to|"  # noqa: E501
                       r"tomorrow|tonight|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|"
                       r"sunday|weekend|time)|later today|later this|soon|someday|one day|considering|dream of|"
                       r"would like|'d like|looking forward|can't wait|cannot wait|about to|trying to decide)\b", re.I)

_AGO = re.compile(r"\b(?:(" + TOLD + r"|(?:last|this|on) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
                  + START + r"|"  # a start by its calendar date (memcli.write.rules.en_since)
                  r"(?:back )?in (?:january|february|march|april|june|july|august|september|october|november|"
                  r"december)|earlier this year|(?:this|last) (?:spring|summer|autumn|fall|winter)|this year|"
                  r"the day before yesterday|yesterday|last night|last week|last month|last year|last weekend|"
                  r"this morning|earlier today|today|a week ago|a month ago|a year ago|a couple of (?:days|weeks|months|"  # noqa: E501
                  r"years) ago)|(\d+|two|three|four|five|six|seven|eight|nine|ten|a few|several) (day|week|month|year)s? "  # noqa: E501
                  r"ago)\b,?\s*", re.I)

#: a past time by its words, as (unit, n) back for :func:`memcli.reltime.moved_back` (day words: reltime's, round 41)
_AGO_FIXED = {**{w: ("day", -d) for w, d in EN_DAYS.items() if d <= 0 and w not in ("tonight", "this evening")},
              "earlier today": ("day", 0), "last week": ("week", 1), "last month": ("month", 1),
              "last year": ("year", 1), "last weekend": ("weekend", 1), "a week ago": ("week", 1),
              "a month ago": ("month", 1), "a year ago": ("year", 1)}
#: a weekday after last / this / on: "last Monday" (two to eight days back), "this Monday" (of the said week), "on
#: Monday" (one to seven days back): memcli.reltime's meanings
_WEEKDAY_HOW = {"last": "last_weekday", "this": "this_week_day", "on": "weekday"}

_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

_UNDATED = frozenset("january february march april june july august september october november december year spring "
                     "summer autumn fall winter".split())

#: a preposition that makes the relative time after it a bound of the fact: "since" / "from" say when it
#: began (its valid time), "until" / "before" / "after" / "by" a limit, not when it was true
_TIME_BOUND = re.compile(r"\b(ever since|since|from|until|till|before|after|by)\s+$", re.I)


def _time_span(c: str, m: re.Match[str]) -> tuple[int, bool]:
    """Where the relative time ``m`` of ``c`` starts with its preposition, and whether it begins the fact."""
    bound = _TIME_BOUND.search(c, 0, m.start())
    return (bound.start(), bound.group(1).casefold() in ("since", "ever since", "from")) if bound else (m.start(), True)


def cut_time(c: str, m: re.Match[str], ago: tuple[str, int] | None) -> tuple[tuple[str, int] | None, str]:
    """``(ago, rest)`` for clause ``c`` whose relative time ``m`` (an :data:`_AGO` match) reads as ``ago``; the
    time is cut with its preposition ("I've been vegan since last week" → "I've been vegan", a week back; "I had a
    car until last year" → "I had a car"), and ``ago`` is None when the time is a limit rather than when the fact
    began (until, before, after, by): the valid time is then when it was said (:func:`with_time_words` puts the
    words back in the statement)."""
    start, begins = _time_span(c, m)
    if (lead := _FOCUS_BEFORE.search(c, 0, start)) and (lead["focus"] or _COUNTED.match(c, start)):
        start = lead.start()  # "Just yesterday I joined…", "… about five years ago": the time's words, cut with it
    return (ago if begins else None), re.sub(r"\s+", " ", c[:start] + " " + c[m.end():]).strip(" ,")


#: a focusing adverb right before a relative time (just yesterday, only last week, even last year), or an
#: approximation before a counted one (about five years ago, nearly a year ago): part of the time
_FOCUS_BEFORE = re.compile(r"\b(?:(?P<focus>just|only|even)|about|around|nearly|almost|roughly|over|some)\s+$", re.I)
_COUNTED = re.compile(r"(?:\d|an? |one|two|three|four|five|six|seven|eight|nine|ten|twelve|a few|a couple|several)\b",
                      re.I)


def with_time_words(found: list[Match], said: str) -> list[Match]:
    """``found`` (Matches of clause ``said``, read without a relative time no date carries: "in April", "last
    winter", "until last year") with those words back in their statements, where the clause had them (at its
    end or its start): "My daughter Ines turns seven in April", "I've been learning the cello since last winter"
    — dropped, nothing would say them. A time in the middle of the clause is left out, as before."""
    m = _AGO.search(said)
    start = _time_span(said, m)[0] if m else 0
    words = said[start:m.end()].strip(" ,") if m else ""
    if not words or said[m.end():].strip(" ,.!") and start:
        return found
    out = []
    for f in found:
        s = f.statement.rstrip(" .!")
        if not start:  # "Last winter my sister…": the time first, the statement's own capital kept for a name or I
            s = f"{words[:1].upper()}{words[1:]} " + (s[:1].lower() + s[1:] if _PLAIN_FIRST.match(s) else s)
        out.append(replace(f, statement=s if not start else f"{s} {words}"))
    return out


_PLAIN_FIRST = re.compile(r"(?:My|Our|We|The|A|An|This|These)\b")
#: a clause that ends on a word still waiting for what it says ("The wedding was"; not since, in: cut with the time)
_DANGLING = re.compile(r"\b(?:was|were|is|are|am|be|been|will|the|a|an|and|or|but)\s*$", re.I)


def _ago_of(c: str) -> tuple[tuple[str, int] | None, str]:
    """``(ago, rest)``: clause ``c``'s relative time as (unit, n) (None: no date, e.g. "in April", or none at all)
    and the clause without it, as :func:`cut_time` cuts it."""
    m = _AGO.search(c)
    if not m:
        return None, c
    if m.group(1) and (told := told_date(m.group(1))):  # "In 2019 I moved to Leeds": kept, said last (round 45)
        return told, front_to_end(c, m.start(), m.end())
    if m.group(1) and re.search(r"day$", m.group(1).casefold()) and " " in m.group(1) and \
            m.group(1).casefold() not in _AGO_FIXED:
        how, wd = m.group(1).casefold().split()
        ago = (_WEEKDAY_HOW[how], _WEEKDAYS.index(wd))
    elif m.group(1) and ((w := re.sub(r" on(?:wards?)?$", "", m.group(1).casefold())).split()[-1] in _UNDATED
                         or w.startswith(STARTS)) and w not in _AGO_FIXED:
        if (ago := past_span(w)) and w.startswith(STARTS):
            return ago, c  # a start by its month: its words kept ("since January" says what began), valid from then
    elif m.group(1):
        w = m.group(1).casefold()
        ago = _AGO_FIXED.get(w) or (("week", 2) if "weeks" in w else ("month", 2) if "months" in w
                                    else ("year", 2) if "years" in w else ("day", 2))
    else:
        n = m.group(2).casefold()
        ago = (m.group(3).casefold(), int(n) if n.isdigit() else en_number(n) or 2)
    if _DANGLING.search(c[:m.start()]) and re.match(r"\s*(?:[,;:.!?]|$)", c[m.end():] if m.group(0)[-2:].strip(
            ", ") else ","):
        return ago, c  # "The wedding was yesterday(, …)": the time is what the clause says, kept (round 47)
    return cut_time(c, m, ago)


def time_back(c: str) -> tuple[str, int] | None:
    """Clause ``c``'s relative time as (unit, n) back (:func:`_ago_of`'s), or None: none, or one no date carries."""
    return _ago_of(c)[0]


_HABIT = re.compile(r"\b(?:usually|always|often|regularly|normally|generally|every (?:day|morning|night|evening|week|"
                    r"weekend|weekday|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|each "
                    r"(?:morning|day|night|week)|on (?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|"  # noqa: E501
                    r"sundays)|most (?:days|mornings|evenings|nights)|(?:once|twice|three times) a (?:day|week|month)|"
                    r"tend to|daily|weekly|every other day|nightly|sometimes|occasionally)\b", re.I)

#: a habit's object that is only a pronoun ("I always forget it"): no activity is stated
HABIT_PRONOUN_OBJECT = re.compile(r"(?:[a-z']+ ){1,2}(?:it|that|this|them|those)"
                                  r"(?: up| out| off| down| away| again)?\W*")
#: a thing of the conversation itself ("that joke", "this answer", "your reply"): a judgement of it is chatter
TALK_THING = re.compile(r"^(?:(?:that|this|your|ur|the) )(?:last |first |previous |other |new )?"
                        r"(?:joke|pun|answer|reply|response|message|comment|explanation|suggestion|conversation|chat|translation|summary|"
                        r"advice|recommendation)s?$", re.I)

_OCCUPATION = re.compile(r"(?:nurse|doctor|chef|student|engineer|teacher|lawyer|designer|developer|programmer|writer|"
                         r"artist|pilot|vet|dentist|scientist|cook|accountant|architect|firefighter|police officer|"
                         r"officer|manager|consultant|analyst|researcher|professor|lecturer|journalist|editor|musician|"
                         r"singer|actor|actress|photographer|pharmacist|therapist|surgeon|paramedic|electrician|plumber|"
                         r"carpenter|mechanic|farmer|baker|barista|waiter|waitress|cashier|driver|clerk|secretary|"
                         r"assistant|librarian|translator|interpreter|tutor|coach|trainer|nanny|cleaner|soldier|"
                         r"sailor|banker|broker|realtor|entrepreneur|founder|ceo|cto|intern|freelancer|guard|janitor|"
                         r"paralegal|emt|lead|veterinarian|historian|comedian|medic|midwife|maid|tech|hygienist|postman|fisherman|salesman|handyman|"
                         r"(?<![a-z])[a-z]+(?:er|or|ist|ician|ant|ent))$")  # a run read from its start: linear

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

#: a change in someone's life (kept as an event, dated or not); an ordinary action of a day ("went to
#: the park", "made scrambled eggs", "watched a movie") is not a memory, even when dated ("Yesterday I went…")
_LIFE = re.compile(r"\b(?:got married|married|divorced|graduated|adopted|moved|started|joined|retired|quit|resigned|"
                   r"left(?= (?:my|the|our) (?:[a-z-]+ )?(?:job|company|firm|band|club|team|choir|hospital|school|"
                   r"practice|agency|startup|church|league|union)\b)|handed in (?:my|his|her) notice|bought|got "
                   r"engaged|had a baby|passed away|died|was put down|broke up|got promoted|won|learned to|learnt to|"
                   r"took up|signed up|"
                   r"enrolled|opened|launched|got a|lost my|became|gave birth|was born|were born|turned|"
                   r"(?:was|were|got) diagnosed|switched|changed (?:jobs|careers|employers)|"
                   r"went (?:vegan|vegetarian|pescatarian|back to school)|sold|"
                   r"emigrated|immigrated|gave up|rescued|got (?:my|a) (?:license|licence|degree|phd|job)|got hired|"
                   r"was hired|got accepted|was accepted|got into|founded|inherited|got pregnant|renovated|"
                   r"(?:broke|fractured|sprained|injured|tore|dislocated|hurt) (?:my|his|her)|was hospitali[sz]ed|"
                   r"had (?:a |an )?(?:surgery|operation|stroke|heart attack|accident|miscarriage|c-section))\b")

#: past tense forms of ordinary verbs: a clause in the simple past or the present perfect ("I went out",
#: "I've taken note of that") tells what happened once, not what holds
#: words that open an English clause without being its subject (a pronoun for what was said, a connective, a time
#: adverb, an -ly adverb): "Yesterday went…", "Then moved…" name no one; :mod:`~memcli.write.rules.en` and
#: :mod:`~memcli.write.rules.en_coord` add their own words to it
NOT_A_SUBJECT = (r"It|This|That|There|Then|So|But|And|Now|Also|Just|Finally|Still|Recently|Yesterday|Today|Tonight|"
                 r"[A-Z][a-z]+ly")

_PAST = re.compile(r"^(?:(?:have|has|had) (?:not )?)?(?:[a-z]+ed|went|gone|got|gotten|had|made|took|taken|saw|seen|met|ran|won|lost|"  # noqa: E501
                   r"bought|began|begun|became|flew|flown|drove|driven|wrote|written|gave|given|left|found|came|"
                   r"did|done|spent|sold|built|broke|broken|caught|taught|thought|felt|ate|eaten|drank|drunk|heard|"
                   r"sang|sung|swam|swum|told|said|sent|brought|bought|paid|sat|slept|stood|understood|knew|"
                   r"known|wore|worn|chose|chosen|forgot|forgotten|woke|woken|rode|ridden|threw|thrown|drew|drawn|"
                   r"grew|grown|fell|fallen|held|kept|led|lent|meant|shot|shut|hung|dug|fed|fought|"
                   r"overcame|took part)\b")

#: nouns that name a part of something already being talked of ("I like the plot", "the actors"):
#: with "the" they point at the topic of the conversation, not at something of the user's life
_ASPECT = re.compile(r"^the (?:[a-z]+ )?(?:plot|story|storyline|ending|beginning|actors?|actress(?:es)?|characters?|cast|"  # noqa: E501
                     r"lyrics|melody|soundtrack|music|scenery|view|views|atmosphere|ambiance|ambience|service|design|"
                     r"idea|ideas|suggestions?|advice|methods?|tips?|recommendations?|part|parts|feeling|process|"
                     r"experience|concept|details?|colou?rs?|style|pictures?|photos?|food|dish(?:es)?|taste|flavou?r|"
                     r"message|theme|visuals|effects|performance|writing|plan|trip|way)s?\b(?! of (?:the )?[A-Z\w])")

#: nouns of general topics that begin a general statement ("Life is precious", "Music can heal"): not a
#: person or thing of the user's life
_TOPIC = frozenset("life love time music art arts travel travelling traveling reading movies films books food nature "
                   "exercise health family friendship friends happiness success work learning education technology "
                   "history science sports sport photography cooking painting writing money people everyone "
                   "everything nothing something sleep running swimming meditation yoga culture literature poetry".split())  # noqa: E501
_LIKE = (r"(?:(?:have|has) (?:always |long |really )?(?:loved|liked|enjoyed)|love|loves|loved|like|likes|liked|enjoy|enjoys|"  # noqa: E501
         r"adore|adores|prefer|prefers|am into|is into|are into|"
         r"(?:am|is|are) (?:a )?(?:big |huge )?fans? of|(?:am|is|are) obsessed with|(?:am|is|are) crazy about|"
         r"(?:am|is|are) passionate about)")

_DISLIKE = (r"(?:hate|hates|hated|dislike|dislikes|detest|detests|loathe|loathes|can not stand|cannot stand|"
            r"(?:do|does|did) not (?:like|love|enjoy|care for)|never (?:liked|like|likes|enjoy|enjoyed)|"
            r"(?:am|is|are) not (?:a )?(?:big )?fans? of|(?:am|is|are) not into|no longer (?:like|likes|enjoy)|"
            # a liking over: "I don't want sushi anymore", "I'm off coffee now", "I've gone off tea", "sick of pizza"
            # ("I don't want coffee right now" is one moment's, no liking)
            r"(?:do|does) not (?:want|fancy|feel like)(?= .+ (?:anymore|any more)$)|(?:have|has) gone off|"
            r"(?:am|is|are) (?:(?:totally|completely) )?off(?! (?:to|work|duty|school|sick|today|tomorrow|tonight|now|"
            r"home|the|for|on|until|till|next|this|that|it|my)\b)|"
            r"(?:am|is|are) (?:so |really |totally |completely )?(?:sick|tired|bored) of(?! (?:it|this|that|them|"
            r"\w+ing)\b))")

_NAME_STOP = frozenset("i the this that these those it he she they we you my our his her their there here yesterday "
                       "today tonight tomorrow last next every monday tuesday wednesday thursday friday saturday sunday "  # noqa: E501
                       "january february march april may june july august september october november december "
                       "honestly actually well so and but also oh hey hi hello thanks thank sure yes no maybe just "
                       "lately recently usually sometimes please what when where why how who which a an one my".split())

#: capitalised words after a first name that are no surname ("my friend Ann Monday…", "my colleague Bo I think")
NOT_SURNAME = ("I|And|But|So|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|"
               "May|June|July|August|September|October|November|December|Christmas|Easter")

_ABSTRACT = re.compile(r"^(?:(?:another|one more|enough|much|many|some|any|no|lots of|a lot of|plenty of|so much|too much|more|less|a few|"  # noqa: E501
                       r"several|good|great|bad|big|small|little) )*"
                       r"(?:time|question|idea|problem|lot|feeling|meeting|appointment|fun|chance|headache|cold|fever|"
                       r"trouble|difficult(?:y|ie)|issue|stress|pressure|energy|motivation|confidence|patience|news|"
                       r"homework|work|experience|suggestion|advice|thing|stuff|progress|inspiration|luck|"
                       r"flu|dream|plan|thought|point|way|day|good time|great time|look|try|break|rest|nap|word|clue|"
                       r"doubt|choice|reason|right|need|say|sense|bit|few|couple|little|moment|minute|second|hour|"
                       r"question for you|request)s?\b")

_BE = r"(?:am|is|are|was|were)"

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

_ING_OK = re.compile(r"^(?:trying to|spending|applying|looking for|searching for|job hunting|learning|studying|training|taking|working|living|teaching|raising|dating|seeing|"  # noqa: E501
                     r"volunteering|running|coaching|renting|saving)\b")

_SPLIT = re.compile(r",?\s+(?i:and|but|so|because|while|although|though)\s+(?=(?i:now |then |also |still )?(?i:i|my|he|she|"  # noqa: E501
                    r"they|it|we|his|her|our|there|am|is|are|was|live|lives|work|works|love|loves|like|likes|have|has|hate|"
                    r"hates|moved|got|adopted|grew|studied|graduated|takes|drives|plays|goes|runs|teaches)\b|"
                    r"[A-Z][a-z]+ (?i:is|was|has|lives|works|loves|likes|keeps|owns|raises|teaches|runs|drives|plays|"
                    r"studies|collects|breeds|quit|moved)\b)|"
                    r",\s+(?=(?i:(?:now|these days|today),? )?(?i:i|he|she|my|our|we)\b)|"
                    r",\s+(?!(?i:is|are|was|were)\b)(?=[^,]*\b(?i:is|are|was|were|has|lives|works|"
                    r"loves)\b)|\s+[—–-]+\s+|,\s+(?=(?i:what|how|any|can|could|should|would|do|does|is there|is this|is it|are there|where|which|"  # noqa: E501
                    r"who|why)\b)")

_CO_SUBJECT = re.compile(r"^(?:(?i:my|our|his|her|their|the) [\w'-]+(?: [\w'-]+)?|(?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+)$")


def split_clauses(sent: str) -> list[str]:
    """``sent`` cut at :data:`_SPLIT`, except where what stands before "and I/we" is a noun phrase
    alone: "My husband and I are from Ohio" has one subject, two people; after a comma, such a noun phrase
    opens the next clause ("I'm thrilled, Nadia and I bought a van": cut at the comma, not before "and")."""
    return [p for _, p in clause_pieces(sent)]


def clause_pieces(sent: str) -> list[tuple[str, str]]:
    """:func:`split_clauses` with the cut before each piece (``""`` before the first)."""
    out: list[tuple[str, str]] = []
    pos, cut = 0, ""
    for m in _SPLIT.finditer(sent):
        piece = sent[pos:m.start()]
        if re.fullmatch(r"\s+and\s+", m.group(0), flags=re.I):
            if (not out or cut.strip() == ",") and _CO_SUBJECT.match(piece.strip()):
                continue  # keep scanning: this cut is no clause boundary
            head, comma, tail = piece.rpartition(",")  # (…about Lisbon, Marco and I booked…: round 42)
            if comma and head.strip() and _CO_SUBJECT.match(tail.strip()) and re.match(r"(?i:i|we)\b", sent[m.end():]):
                out.append((cut, head))
                pos, cut = pos + len(head) + 1 + len(tail) - len(tail.lstrip()), ", "
                continue  # the name after the comma is the next clause's co-subject, no end of this one
        out.append((cut, piece))
        pos, cut = m.end(), m.group(0)
    out.append((cut, sent[pos:]))
    return out


#: thinking, feeling, deciding, trying, encountering: not a fact of the subject's life, whatever adverb leads it
_MENTAL = re.compile(r"^(?:(?:have|has|had|sometimes|always|often|usually|still|also|really|just|never|kind of|sort of|actually|"  # noqa: E501
                     r"even|now|then|recently|lately|constantly|truly|definitely|deeply) )*"
                     r"(?:feel|feels|feeling|felt|think|thinks|thought|realize[sd]?|realise[sd]?|notice[sd]?|decide[sd]?|"
                     r"figured?|wonder(?:ed)?|(?:do not |does not |did not )?know|(?:was|were|am|is|are) (?:deeply |really |so |very )?"  # noqa: E501
                     r"(?:impressed|moved|touched|inspired|amazed|surprised|shocked)|(?:run|ran|come|came) (?:into|across)|deal(?:ing|t)? with|seems?|seemed|can not seem|cannot seem|(?:always |never )?wanted to|(?:am |is |are )?trying (?:my|our|hard|harder|so hard)|encounter(?:ed)?|fac(?:e|ed|ing)|struggl(?:e|ed|ing)|"  # noqa: E501
                     r"worr(?:y|ied|ying)|doubt(?:ed)?|understand|understood|imagine[sd]?|believe[sd]?|agree[sd]?|"
                     r"appreciate[sd]?|learned that|learnt that|found that|find that|find it|found it|"
                     r"(?:have|has) (?:a question|no idea|a feeling|doubts?))\b")

#: nationalities and faiths: "I'm Korean" is not a name
_DEMONYM = re.compile(r"^(?:[A-Z][a-z]+(?:ish|ese)|American|Mexican|German|Korean|Italian|Indian|Canadian|Russian|"
                      r"Australian|Brazilian|Nigerian|Kenyan|Cuban|Peruvian|Chilean|Colombian|Argentinian|Argentine|"
                      r"Egyptian|Iranian|Indonesian|Malaysian|Filipino|Asian|African|European|Hungarian|Norwegian|"
                      r"Belgian|Austrian|Ukrainian|Romanian|Bulgarian|Serbian|Croatian|Persian|Syrian|Haitian|"
                      r"Jamaican|Mongolian|Tibetan|Libyan|Algerian|Moroccan|Ethiopian|Ghanaian|Venezuelan|Christian|"
                      r"Catholic|Muslim|Jewish|Buddhist|Hindu|Mormon|Protestant|Orthodox|French|Dutch|Greek|Thai|Swiss|"
                      r"Vietnamese|British|Welsh|Scottish|Irish|Danish|Swedish|Finnish|Polish|Turkish|Spanish|Chinese|"
                      r"Japanese|Taiwanese|Portuguese|Nepali|Israeli|Pakistani|Iraqi|Saudi|Latino|Latina|Black|White|Jew|"
                      r"Gay|Straight|Single|Married|Vegan|Vegetarian)$")

#: a name addressed at the end of a clause ("I'm doing fine, Sam"): not part of the statement; after a
#: capitalised word or a noun phrase it names a place or thing instead (Paris, France; my home country, Norway)
VOCATIVE = re.compile(r"(?<=[a-z0-9'])\s*,\s*(?:[A-Z][a-z]+|guys|man|dude|buddy)$")
APPOSITION = re.compile(r"\b(?:my|our|the|a|an|his|her|their|your|this|that|in|at|to|from|of|near|called|named)"
                        r"(?:\s+[\w'-]+){1,3}\s*,\s*[A-Z][a-z]+$", re.I)


#: a stop or an ending told without its "I" ("Sold my Tesla last week", "Gave up on Spanish"): the user's own
_DROPPED_I = re.compile(r"^(?:just |finally |already )?(?:sold|quit|gave up|stopped|dropped|cancell?ed|broke up|"
                        r"got divorced|resigned)\b", re.I)


def corrected(sentence: str) -> str:
    """``sentence`` without a correction's opener and its negated half ("Correction: my son is six, not
    five" → "my son is six"; the half said in any order: :func:`~memcli.write.rules.en_denial.denial_last`) or a
    leading "sadly" ("Sadly Rex passed away" → Rex's), with a fronted object back after its verb
    (:func:`~memcli.write.rules.en_fronted.unfronted`), and with the "I" a stop told without it drops ("Quit
    coffee" → "I quit coffee"); as given otherwise."""
    out = unfronted(denial_last(en_another(sentence)))  # (… not Tom but Tim → … Tim, not Tom; Gin, I never drink it)
    # (round 46: "…and another colleague, Bo, keeps bees" → "…and my other colleague Bo keeps bees")
    out = out[m.end():] if (m := correction_opener(out)) is not None else out
    out = re.sub(r"^(?:sadly|unfortunately|tragically),?\s+(?=[A-Z]|my\b|our\b|we\b|i\b)", "", out, flags=re.I)
    out = _NOT_HALF.sub(r"\1", out)
    if _DROPPED_I.match(out):
        out = "I " + out[:1].lower() + out[1:]
    return out[:1].upper() + out[1:] if out != sentence and out else sentence


def time_cut(c: str) -> tuple[tuple[str, int] | None, str]:
    """``(ago, rest)``: clause ``c``'s relative time as (unit, n) back and the clause without it (round 48: "I joined
    Acme last year" → ("year", 1), "I joined Acme"), as the rules cut it; ``(None, c)`` when it tells none."""
    return _ago_of(c)
