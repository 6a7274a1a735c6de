"""Code-switched clauses: a Chinese relation inside an English clause, a Latin name beside a Chinese relation.

- **English clause, Chinese relation** ("我老公 is a chef now", "我妈妈 lives in Leeds"): the English rules
  know "my husband", not 我老公; the clause is read with the relation's English words in its place (the same
  relation key: :data:`memcli.slots.ZH_RELATIONS` and ``EN_RELATIONS``) and each statement is given back with the
  speaker's own words, so the clause takes the slot the all-English clause takes (``husband.job``).
- **Chinese clause, a Latin name after the relation** (我老公Leo在工厂当司机, 我老婆 Lily 是老师): the name
  stands beside the relation as an apposition; the clause is read without it (我老公在工厂当司机 →
  ``husband.job``) and stated as said, name included.

- **A clause that switches inside itself** (round 46: 换了新工作 at a bank now, 我现在 work at HSBC 做 analyst, 在 HSBC
  做 risk analyst), which neither grammar reads: :func:`read_switched_clause` reads it in Chinese with the subject
  put in (我在 HSBC 做 …), else in English with a few Chinese words of grammar in English (换了新工作 → "I changed
  jobs", 我现在 → "now I", 做 / 当 → "as"), and states the clause as said.

Pure functions of the text; the dispatcher (:mod:`memcli.write.rules`) calls them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from memcli import slots
from memcli.write.rules.match import Match

__all__ = ["language_runs", "read_en_with_zh_relations", "read_switched_clause", "read_zh_without_apposed_names",
           "rules_lang"]

#: 我(的)+ a relation word before English words (a space, an apostrophe or a Latin letter follows)
_ZH_REL_IN_EN = re.compile(r"(?<![\u4e00-\u9fff])我的?([\u4e00-\u9fff]{1,4}?)(?=\s*(?:'s\b|[A-Za-z]))")
#: 我(的)+ a relation word, then a capitalised Latin name (one or two words), then Chinese again
_APPOSED_NAME = re.compile(r"(我的?[\u4e00-\u9fff]{1,4}?)(\s*[A-Z][a-z]+(?: [A-Z][a-z]+)?\s*)(?=[\u4e00-\u9fff])")


@lru_cache(maxsize=1)
def _en_phrase() -> dict[str, str]:
    """Relation key → the shortest English phrase the English rules read as that key (husband → "husband")."""
    out: dict[str, str] = {}
    for phrase, key in sorted(slots.EN_RELATIONS.items(), key=lambda kv: (len(kv[0]), kv[0])):
        out.setdefault(key, phrase)
    return out


def read_en_with_zh_relations(text: str, read: Callable[[str], list[Match]]) -> list[Match] | None:
    """The English rules' matches (``read``) of ``text`` with each Chinese relation phrase (我老公) read as its
    English phrase ("my husband") and given back in the statements; None when ``text`` has no such phrase."""
    subs: list[tuple[str, str]] = []

    def swap(m: re.Match[str]) -> str:
        key = slots.relation_zh(m.group(1))
        phrase = _en_phrase().get(key or "")
        if not phrase:
            return m.group(0)
        subs.append((f"my {phrase}", m.group(0)))
        return f"my {phrase}"

    read_as = _ZH_REL_IN_EN.sub(swap, text)
    if not subs:
        return None
    out = []
    for m in read(read_as):
        st = m.statement
        for en_words, said in subs:
            st = re.sub(rf"\b{re.escape(en_words)}\b", said, st, count=1, flags=re.I)
        out.append(replace(m, statement=st))
    return out


def read_zh_without_apposed_names(text: str, read: Callable[[str], list[Match]]) -> list[Match] | None:
    """The Chinese rules' matches (``read``) of ``text`` read without a Latin name set beside a relation
    (我老公Leo在工厂当司机 read as 我老公在工厂当司机), each statement the one said when the name-less one is the
    name-less text's own; None when ``text`` has no such name."""
    names = [m for m in _APPOSED_NAME.finditer(text) if slots.relation_zh(m.group(1).removeprefix("我").lstrip("的"))]
    if not names:
        return None
    bare = text
    for m in reversed(names):
        bare = bare[:m.start(2)] + bare[m.end(2):]
    out = []
    for m in read(bare):
        st = m.statement
        if st in bare:  # the clause as said, the name put back where it stood
            st = _with_names(st, names)
        out.append(replace(m, statement=st))
    return out


def _with_names(statement: str, names: list[re.Match[str]]) -> str:
    for m in names:
        statement = statement.replace(m.group(1), m.group(1) + m.group(2), 1)
    return statement


#: a word of English grammar: lower case (a name or a brand inside a Chinese clause is capitalised: Zurich, Leo)
_EN_WORD = re.compile(r"(?<![A-Za-z])(?:I|[a-z]+)(?:'[a-z]+)?(?![A-Za-z])")
#: what is written in Latin letters whatever the language around it: an e-mail address, a link, a dotted name
_ADDRESS = re.compile(r"[\w.+-]+@[\w.-]+|(?:https?://|www\.)\S+|\w+(?:[./_]\w+)+")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def rules_lang(text: str) -> str:
    """Whose grammar a clause is in, ``"zh"`` or ``"en"``: English when it has no Chinese character or more
    lower-case English words than Chinese words (two characters a word); Chinese otherwise. Unlike
    :func:`memcli.text.lang_of` (a share of letters) a Latin name or place inside a Chinese clause does not make
    it English (我住在Zurich, 我老公Leo是厨师; nor does an e-mail address or a link), and a Chinese name inside an
    English one does not make it Chinese (I live in 北京, 我老公 is a chef now)."""
    han = len(_HAN.findall(text))
    if not han:
        return "en"
    return "en" if 2 * len(_EN_WORD.findall(_ADDRESS.sub(" ", text))) > han else "zh"


#: a clause boundary: sentence or comma punctuation of either script (a Latin one only after a Chinese character or
#: before a space: not the dots of an e-mail address, amy.zhou@foxmail.com, nor of 3.5)
_CUT = re.compile(r"(?<=[，；。！？])(?=\s*\S)|(?<=[\u4e00-\u9fff][,;.!?])(?=\s*\S)|(?<=[,;.!?])(?=\s+\S)")


def language_runs(text: str, lang: Callable[[str], str]) -> list[str]:
    """``text`` cut where its clauses change language (``lang`` of a clause: ``"zh"``/``"en"``), runs of one
    language kept whole: "Leo已经不开车了, he's a chef now" → ["Leo已经不开车了,", "he's a chef now"];
    one run when the text keeps to one language (a clause of fewer than two English words goes with its
    neighbour: "好的, thanks")."""
    pieces = [p for p in _CUT.split(text) if p]
    if len(pieces) < 2:
        return [text]
    runs: list[tuple[str, str]] = []
    for p in pieces:
        la = lang(p) if len(_EN_WORD.findall(p)) >= 2 or lang(p) == "zh" else (runs[-1][0] if runs else lang(p))
        if runs and runs[-1][0] == la:
            runs[-1] = (la, runs[-1][1] + p)
        else:
            runs.append((la, p))
    return [r.strip() for _, r in runs]


#: (round 46) Chinese words of grammar in a switched clause, in English: a change of job, the subject and "now",
#: the role's verb (做 / 当 analyst: "as an analyst")
_ZH_AS_EN = ((re.compile(r"(?:我)?(?:最近)?(?:换了(?:个|一份)?新?工作|换工作了?|跳槽了?)(?:了)?[，,]?\s*"),
              " I changed jobs, "),
             (re.compile(r"我现在|现在我"), " now I "), (re.compile(r"现在"), " now "), (re.compile(r"我"), " I "),
             (re.compile(r"(?:在)?(?:做|当)(?:一名|一个)?\s*"), " as an "))
#: a catch-all attribute ("I 今天 feel so tired" read as ``fact.feel``): no fact a switched clause is read for
_CATCH_ALL = frozenset({"fact", "is", "which", "event"})
#: after a change told, a place with no verb of its own ("I changed jobs, at a bank now"): where the user works
_BARE_AT = re.compile(r"(I changed jobs,)\s+(?:now\s+)?at\s+", re.I)


def read_switched_clause(text: str, read_zh: Callable[[str], list[Match]],
                         read_en: Callable[[str], list[Match]]) -> list[Match] | None:
    """A clause that switches language inside itself and neither grammar read (see the module doc): the matches of
    its Chinese reading with the subject put in, else of its English reading; one match, its job or workplace
    first, stated as ``text`` says it. None: not such a clause, or no reading finds a fact."""
    if not (_HAN.search(text) and _EN_WORD.search(text)):
        return None
    tries: list[tuple[Callable[[str], list[Match]], str]] = []
    if re.match(r"\s*(?:现在|目前|如今)?\s*(?:在|做|当)", text):
        tries.append((read_zh, "我" + text.strip()))
    en_text = text
    for rx_, words in _ZH_AS_EN:
        en_text = rx_.sub(words, en_text)
    en_text = _BARE_AT.sub(r"\1 now I work at ", re.sub(r"\s+", " ", en_text).strip(" ,"))
    tries.append((read_en, en_text))
    for read, said in tries:
        got = [m for m in read(said) if m.slot and slots.split_slot(m.slot)[1] not in _CATCH_ALL]
        if got:
            best = next((m for m in got if slots.split_slot(m.slot)[1] in ("job", "workplace")), got[0])
            return [replace(best, statement=text.strip(" ,.;。，"))]
    return None
