"""A correction told in one sentence: its opener ("Sorry, I meant", 不好意思我说错了) and its negated
half (", not the 3rd", 不是三岁) are no fact; the corrected statement between them is.

:func:`split_correction` cuts a sentence into ``(opener, statement)`` so the clause units read the
statement alone (the opener is a unit of its own, chatter): before, the clause model read the whole
apology as chatter (the correction was not stored) or kept the denied value in the statement
(旺财今年是六岁不是五岁). The rules read the same sentence through :func:`~memcli.write.rules.en_words.corrected`
and :data:`~memcli.write.rules.zh_words.CORRECTION`. Pure functions over text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.textcache import short_cached
from memcli.write.rules.en_denial import EN_SLIP, correction_opener
from memcli.write.rules.en_denial import NOT_HALF as _EN_NOT_HALF
from memcli.write.rules.en_denial import denial_last as en_denial_last
from memcli.write.rules.zh_words import ZH_CORRECTION_OPEN as _ZH_OPEN
from memcli.write.rules.zh_words import denial_last

#: the denied value at the end of a corrected statement: 六岁不是五岁 / 在上海，不是北京 / 而不是周五
_ZH_NOT_HALF = re.compile(r"[，,]?\s*(?:而)?(?:不是|并非)[^，,。！!；;我你他她]{1,12}([。！!]?)$")


def split_correction(sent: str, lang: str) -> tuple[str, str] | None:
    """``(opener, statement)`` when ``sent`` opens with a correction's opener and says a statement after
    it ("Sorry, I meant Kim's party is on the 9th, not the 2nd" → ("Sorry, I meant", "Kim's party is on
    the 9th")); the statement keeps its end mark. None: no opener, or nothing said after it."""
    m = _ZH_OPEN.match(sent) if lang == "zh" else correction_opener(sent)
    if (m is None or m.end() == 0) and lang != "zh":
        m = hearsay_opener(sent)
    if m is None or m.end() == 0:
        return None
    rest = sent[m.end() :].strip()
    if lang == "zh":
        rest = _ZH_NOT_HALF.sub(r"\1", denial_last(rest)).strip()
        if len(re.sub(r"[^\u4e00-\u9fff\w]", "", rest)) < 2:
            return None
    else:
        rest = _EN_NOT_HALF.sub(r"\1", en_denial_last(rest)).strip()  # (… not Tom but Tim: … Tim, not Tom)
        rest = re.sub(r"\s+actually(?= )", "", rest, count=1)  # "the dinner is actually on Saturday"
        if not re.search(r"[A-Za-z]{2}.*\s.*[A-Za-z0-9]", rest):
            return None
        rest = rest[:1].upper() + rest[1:]
    return sent[: m.end()].strip(), rest


#: round 31: a correction told as what someone else said ("My wife reminded me the dinner is actually on Saturday,
#: not Friday", "Dad told me that the match is on Sunday, not Saturday"): the teller's words open it; only a
#: sentence whose end denies a value is one (:func:`hearsay_opener`), a plain "My wife told me …" is hearsay
_EN_HEARSAY = re.compile(r"^(?!(?:i|we|you|it)\b)(?:(?:my|our) (?:[a-z'-]+ ){0,2}[a-z'-]+|[a-z]+)\s+"
                         r"(?:just |kindly )?(?:reminded|reminds|told|tells|corrected|said|says)(?: me| us)?"
                         r"(?:[,:]| that)?\s+(?=\S)", re.I)


def hearsay_opener(sent: str) -> re.Match[str] | None:
    """The opener of a correction someone else told the user ("My wife reminded me", "Dad told me that"), when
    ``sent`` (English) denies a value at its end (", not Friday") after it and the teller reminded or corrected
    the user, or the rest says "actually"; None otherwise. Round 31."""
    m = _EN_HEARSAY.match(sent)
    if m is None or not _EN_NOT_HALF.search(en_denial_last(rest := sent[m.end():])):
        return None
    # a reminder or a correction says the user had it wrong; "said"/"told" only with "actually" ("My boss said I
    # should use Python, not Java" is advice in contrast, no correction)
    return m if re.search(r"remind|correct", m.group(0), re.I) or re.search(r"\bactually\b", rest, re.I) else None


#: a finite verb: a correction's statement that says one is a clause ("The dinner is on Saturday"), not a bare value
_CLAUSE_VERB = re.compile(r"\b(?:is|are|was|were|will be|has|have|had)\b|\w's\b", re.I)


def asserted_fix(sent: str, statement: str) -> bool:
    """``statement`` (cut from the English ``sent`` by :func:`split_correction`) is a clause the user asserts as the
    right value: ``sent`` denies a value and ``statement`` has a finite verb (round 31: "The dinner with the Parkers
    is on Saturday" scored under the clause model's threshold, and a correction was silent)."""
    return bool(_denied(sent)) and _CLAUSE_VERB.search(statement) is not None


_SENT = re.compile(r"[^。！!？?；;\n.]+[。！!？?；;.]*")
_EN_DENIED = re.compile(r",\s*(?:and\s+)?not\s+((?:\w+[\w'-]*)(?:\s+\w+[\w'-]*){0,2})\s*[.!]?\s*$", re.I)
_ZH_DENIED = re.compile(r"(?:不是|并非)([^，,。！!；;我你他她]{1,12})[。！!]?$")
#: round 31: a change told against the value it ends — "I'm pescatarian now, not vegetarian", "they need me on
#: Fridays now instead of Wednesdays": as a correction's "…, not the 2nd", the memory that says it ends
_EN_NOW_INSTEAD = re.compile(r"\bnow,?\s+(?:(?:and\s+)?not|instead of)\s+((?:\w+[\w'-]*)(?:\s+\w+[\w'-]*){0,2}?)\s*"
                             r"(?:[,.!;]|$)", re.I)
_ARTICLE = re.compile(r"^(?:the|a|an|my|our|on|in|at)\s+", re.I)
#: a softer opener than :func:`split_correction`'s that still says the sentence corrects something, when its
#: end denies a value ("Actually Kofi is 36, not 35", "I was wrong, the party is on the 9th, not the 2nd",
#: 其实咪咪四岁，不是三岁, 不对，我哥今年三十六不是三十五): the opener alone is no correction ("Actually I like
#: tea" denies nothing), the denied half alone neither ("I like tea, not coffee" is a liking said in contrast)
_SOFT_OPEN = {"en": re.compile(r"^(?:(?:sorry|oops|my bad|wait|actually|no|in fact)[,!.]?\s+|"
                               rf"{EN_SLIP}\s*[,:;-]\s*)+", re.I),
              "zh": re.compile(r"^(?:(?:其实|不对|不是的|哦不|错了|准确地说|确切地说|更正一下)[，,：:\s]*)+")}
#: "…, not sure yet", "not really", "not at all": a hedge, no value denied
_NO_VALUE = re.compile(r"^(?:sure|yet|really|at all|bad|much|that|too|only|just|so|quite|very|exactly|necessarily|"
                       r"always|ever|anymore|now|today)\b", re.I)


def denied_values(text: str) -> list[str]:
    """The values a correction in ``text`` denies (Sorry, I meant … on the 9th, not the 2nd → ["2nd"];
    我说错了，咪咪四岁不是三岁 → ["三岁"]; a softer opener, :data:`_SOFT_OPEN`: Actually Kofi is 36, not 35 →
    ["35"]); empty when ``text`` corrects nothing. A new list; cached for texts up to 1,000 characters (the
    fitted extractor asks it of every turn, and a drain reads the same line of many users)."""
    return _denied(text)


@short_cached(1000, 8192, fresh=list)
def _denied(text: str) -> tuple[str, ...]:
    return tuple(_denied_of(text))


def _denied_of(text: str) -> list[str]:
    out: list[str] = []
    for m in _SENT.finditer(text):
        sent = m.group(0).strip()
        zh = re.search(r"[\u4e00-\u9fff]", sent) is not None
        lang = "zh" if zh else "en"
        soft = False
        if not zh and (d := _EN_NOW_INSTEAD.search(sent)) is not None:  # a change told against its old value
            if not _NO_VALUE.match(value := _ARTICLE.sub("", d.group(1).strip())):
                out.append(value)
            continue
        if not sent or (split_correction(sent, lang) is None and not (soft := bool(_SOFT_OPEN[lang].match(sent)))):
            continue
        rest = denial_last(sent) if zh else en_denial_last(sent)
        if (d := (_ZH_DENIED if zh else _EN_DENIED).search(rest)) is not None:
            value = _ARTICLE.sub("", d.group(1).strip())
            if not (soft and _NO_VALUE.match(value)):
                out.append(value)
    return out


def contrast_denied(text: str) -> list[str]:
    """The values ``text`` denies in contrast with the one it affirms, said with no correction's opener (round 39:
    "I have a dog, not a cat" → ["cat"]; 我的车不是白色的，是黑色的 → ["白色的"]; 我住的不是上海，而是杭州 → ["上海"];
    "I live in Porto rather than Lisbon" → ["Lisbon"]): the sentence affirms X and denies Y of one attribute, so a
    stored fact that affirms Y of it ends (:mod:`memcli.write.denied_plan`, stricter than a correction's
    :func:`denied_values`: the same subject and attribute). Empty: no such sentence, or a correction (its opener:
    :func:`denied_values` reads it), or a hedge (", not sure", ", not really")."""
    out: list[str] = []
    for m in _SENT.finditer(text):
        sent = m.group(0).strip()
        zh = re.search(r"[\u4e00-\u9fff]", sent) is not None
        lang = "zh" if zh else "en"
        if not sent or split_correction(sent, lang) is not None or _SOFT_OPEN[lang].match(sent) or (
                not zh and _EN_NOW_INSTEAD.search(sent)):
            continue
        rest = denial_last(sent) if zh else en_denial_last(sent)
        if (d := (_ZH_DENIED if zh else _EN_DENIED).search(rest)) is not None:
            value, head = _ARTICLE.sub("", d.group(1).strip()), rest[:d.start()].rstrip()
            if value and not _NO_VALUE.match(value) and head.strip(" ，,而") and (
                    not zh or head.endswith(("，", ",", "而"))):  # (我不是素食者 denies all it says: a "no", no
                out.append(value)                                 # value beside another)
    return out


def says_denied(denied: list[str], statement: str, numbers: tuple[int, ...], denied_numbers: tuple[int, ...]) -> bool:
    """``statement`` (with its ``numbers``) says one of the ``denied`` values: the word itself (a whole word in
    English) or one of their numbers (a day of a date: "the 3rd" in "May 3rd")."""
    low = statement.casefold()
    for d in denied:
        w = d.casefold()
        if len(w) > 4 and w.isascii() and w.endswith("s"):
            w = w[:-1]  # (Wednesdays denied: "on Wednesday mornings" says it)
        if w and (re.search(rf"(?<!\w){re.escape(w)}s?(?!\w)", low) if w.isascii() else w in low):
            return True
    return any(n == o or (n < 32 and o > 100 and o % 100 == n) for n in denied_numbers for o in numbers)
