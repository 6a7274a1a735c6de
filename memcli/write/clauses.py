"""Clause units, their rule signals, cleaning and the generic (subject, attribute) slot.

The fitted clause extractor (:mod:`memcli.write.fitted_extract`) reads an utterance as
*units*: sentences (split at 。！？；.!?;), a long sentence further at its commas, a part that
starts with a pronoun (它/其/她/他, it/she/he) or is too short to stand alone kept with the part
before it ("我要参加的读书会，它的规模是两百人" is one unit), and the parts after an attribute's
value that continue it as a list (…的主要内容是A，B，C) kept with it. English sentences are cut only
when long. Each unit gets

- :func:`signals`: cheap rule features (first person, relation word, named thing, number /
  date / contact pattern, attribute noun, copula, question / greeting / thanks / request /
  plan / passing-feeling / addressee / hedge / hearsay / passing-state markers, length) that, with the unit's
  embedding, feed the fitted model (:mod:`memcli.write.clause_model`);
- :func:`clean`: the user's own words with fillers (嗯, 对了, 呢/啊, "I mean") and a doubled
  subject pronoun (我的上司他在…) removed — never rewritten into a template;
- :func:`generic_slot`: ``subject.attribute`` from the parse (``X的Y是Z``, ``X，它的Y是Z``,
  ``A是我的R，其Y是Z``, ``X在Y上班``, ``X叫Y``, ``X是Y``, "X's Y is Z", "X works at Y",
  "X is called Y"); the subject is the user (``me``), a relation (我表姐 → ``cousin``,
  我们的女儿 → ``daughter``), a named person (``person:…``) or a thing/place/event of theirs
  (``thing:金融科技精英论坛``). Change words (现在的/新/now/new/current) are not part of the
  subject, so "my new boss is X" and "my boss is Y" share one slot.

Pure functions over text; no model, no store.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from memcli import slots
from memcli.smalltalk import EN_GREETINGS, alternation
from memcli.text import to_simplified
from memcli.textcache import short_cached
from memcli.write.chatter import GREETING_EN, GREETING_ZH, greeting_head
from memcli.write.clause_clean import clean
from memcli.write.clause_slots import _NOT_NAMED, _ZH_ATTR_RX, _ZH_OF_RX, generic_slot, lang_of, specific_slot
from memcli.write.correction import asserted_fix, hearsay_opener, split_correction
from memcli.write.reaction import reaction_lead
from memcli.write.rules import zh_words
from memcli.write.rules.en_denial import denial_last as en_denial_last
from memcli.write.rules.en_label import labelled, own_label
from memcli.write.rules.en_news import NEWS_PREFACE, TOPIC_TURN
from memcli.write.rules.en_tag_question import asked_after
from memcli.write.rules.en_told import INITIAL_DOT, INITIALS, told_back
from memcli.write.rules.en_words import clause_pieces
from memcli.write.rules.zh_conj import lead_conjunction
from memcli.write.shared_subject import with_shared_subject
from memcli.write.unit_cuts import joined_fragments, model_fragment, own_clause_zh

__all__ = ["SIGNALS", "Unit", "clean", "en_parts", "generic_slot", "hearsay_or_passing", "is_chatter", "model_text",
           "named_attribute", "signals", "specific_slot", "units"]

_ZH_SENT = re.compile(r"(?:《[^》\n]{0,30}》|[^。！!？?；;\n…])+[。！!？?；;…]*")
_EN_SENT = re.compile(rf"(?:{INITIALS}|[^.!?;\n]|(?<=\d)\.(?=\d)|(?<=\S)\.(?=[a-z0-9])|(?<=\b(?:Dr|Mr|Ms|St))\.|"
                      rf"(?<=\bMrs)\.|{INITIAL_DOT})+[.!?;…]*")  # (sam.lee@example.org, v2.1: no end)
_ZH_JOIN = re.compile(r"^(?:它|其|她|他|这|那|也|还|并且|而且|和|跟|的)")
_EN_JOIN = re.compile(r"^(?:it|its|it's|she|he|his|her|which|who|and (?:it|she|he)|that)\b", re.I)
#: a part that ends in a list-like attribute's value (…的主要内容是A, …包括A): the parts after it in
#: the sentence continue the value (A，B，C) unless one is a clause of its own (:data:`_ZH_OWN_CLAUSE`)
_ZH_LIST_HEAD = re.compile(r"(?:(?:内容|活动|安排|亮点|特色|流程|项目|议程|环节|主题|爱好|兴趣)(?:是|为|有|包括)"
                           r"|包括|包含)[^。！？]+$")
_ZH_OWN_CLAUSE = re.compile(r"^(?:我|你|您|他|她|它|咱|这|那|如果|虽然|还有|对了|"  # + a conjunction (lead_conjunction)
                            r"哎|唉|嗯|哈|不知道|听说|希望|今天|明天|昨天|今年|去年|明年|每天|每周|平时|周末|最近|现在|"
                            r"以前|后来)|是|叫|[吗呢吧啊呀][~～]*$|[?？]")
#: tokens in Latin letters that say nothing of the language a sentence is in: e-mail addresses,
_MAX_EN = 160  # an English sentence longer than this is cut at its commas (a Chinese one always is)
#: the interjections, greetings, thanks and vocative that open a chat sentence before its statement
#: ("Hey Sam, I sold my car", "Thanks for asking, we got a puppy", "Wow, Lee - I ran a marathon") and the
#: prefaces of news (:data:`~memcli.write.rules.en_news.NEWS_PREFACE`: "Guess what - we got a puppy") and the words
#: that turn to a new topic (:data:`~memcli.write.rules.en_news.TOPIC_TURN`: "On another note, I finished a quilt"):
#: a unit of their own (chatter), so the statement after them is read as one
_EN_OPENER = re.compile(
    rf"^(?:(?:and|but|oh) (?=thanks|thank you|congrats|congratulations))?"  # ("And thanks for asking, we…": round 44)
    rf"(?:(?:{alternation(EN_GREETINGS)}|wow|whoa|oh|ah|aw+|yeah|yep|yup|yes|no|nope|sure|ok|okay|cool|great|nice|"
    r"awesome|amazing|congrats|congratulations|thanks|thank you|haha+|lol|hmm+|well|absolutely|totally|definitely|"
    rf"exactly|true|anyway|so|{NEWS_PREFACE}|{TOPIC_TURN})"
    r"(?: (?:so much|a lot|a bunch|again|though|too|first|for [^,!.?]{1,40}))?"
    r"(?:,? (?:[A-Z][a-z]+|you|guys|man|dude))?\s*(?:[,!:]|\s[-–—]|[-–—](?=\s|$)|\.\.\.)\s*)+", re.I)

_TOPIC_TURN = re.compile(rf"(?:{TOPIC_TURN})\b", re.I)


def _stands(rest: str) -> bool:
    """What follows a lead can be read alone: three words or more ("my dogs" is no fact of its own)."""
    return len(re.findall(r"[A-Za-z0-9']+", rest)) >= 3

#: what is left of a sentence after its opener when the opener's comma came before a name ("Thanks, Mel."):
#: the vocative, part of the opener, not a statement of its own
_EN_NAME_ALONE = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?\s*[.!]*")


@dataclass(frozen=True)
class Unit:
    """One clause unit: its text as written (simplified Chinese), its language; ``fix``: a correction's statement."""

    text: str
    lang: str
    fix: bool = False


_COLON = re.compile(r"(?<!\d)[:：](?!\d)\s*")  # not a time (3:30)


def _colon_lead(sent: str) -> tuple[str, str] | None:
    """``(lead, statement)`` when a colon ends an English lead-in that states no fact of its own and what
    follows it does ("Sorry, I got that wrong: Tim's birthday is March 14"): the statement then stands as
    a unit of its own, not inside an apology the clause model reads as chatter (the turn was silent).
    None: no such colon ("My favourite foods: pizza and sushi" — the part after it is no fact alone).
    Chinese keeps the sentence whole: its rules read 抱歉我说错了：… as one clause and keep the fact."""
    m = _COLON.search(sent)
    if m is None or m.start() == 0 or m.end() >= len(sent):
        return None
    from memcli.write.rules import analyze

    head, tail = sent[:m.start()].strip(), sent[m.end():].strip()
    tail_slot = analyze(tail).slot
    if not tail_slot or tail_slot.startswith("fact.") or analyze(head).slot is not None or labelled(head):
        return None
    return head, tail


def units(text: str) -> list[Unit]:
    """The clause units of one utterance (see the module doc), in order; empty pieces dropped (a new
    list; cached for texts up to 1,000 characters: a drain cuts the same line of many users)."""
    return _units(text)


@short_cached(1000, 8192, fresh=list)
def _units(text: str) -> tuple[Unit, ...]:
    return tuple(_cut_units(text))


def _cut_units(text: str) -> list[Unit]:
    simple = to_simplified(text)
    lang = lang_of(simple)
    zh = lang == "zh"
    out: list[Unit] = []
    for m in (_ZH_SENT if zh else _EN_SENT).finditer(simple):
        sent = m.group(0).strip()
        if not sent:
            continue
        if not zh:
            sent = own_label(told_back(sent))  # "Did I tell you I adopted a puppy?": the fact told; "New goal: …"
        # a value denied before or beside the right one, read as the rules read it (… not Tom but Tim, … Tim rather
        # than Tom, 不是小亮而是小明, 叫小明不叫小亮): the right one first, the denial last (", not Tom", "，不是小亮")
        sent = zh_words.denial_last(sent) if zh else en_denial_last(sent)
        if k := greeting_head(sent, lang):  # 你好我叫小明, "Good morning I just moved…": the greeting a unit of its own
            out.append(Unit(sent[:k].strip(), lang))
            sent = sent[k:].strip()
        if (cut := split_correction(sent, lang)) is not None:  # 不好意思我说错了，…不是五岁: the statement alone
            out += [Unit(cut[0], lang)] if zh or hearsay_opener(sent) is None else []  # (not who reminded the user)
            sent = cut[1]
            if not zh and asserted_fix(m.group(0), sent) and len(sent) <= _MAX_EN:  # kept whatever the model says
                out.append(Unit(sent, lang, fix=True))
                continue
        if not zh and (lead := _colon_lead(sent)) is not None:  # "Sorry, I got that wrong: Tim's birthday is …"
            out.append(Unit(lead[0], lang))
            sent = lead[1]
        if not zh and (m := _EN_OPENER.match(sent)) and re.search(r"[A-Za-z]{2}", sent[m.end():]) \
                and not _EN_NAME_ALONE.fullmatch(sent[m.end():].strip()) and (
                    _stands(sent[m.end():]) or not _TOPIC_TURN.match(sent)):  # ("Thanks, Mel." is one opener;
            # "By the way, my dogs." no fact after its lead: read whole)
            out.append(Unit(sent[:m.end()].strip(), lang))
            sent = sent[m.end():].strip()
        if not zh and (k := reaction_lead(sent)) and _stands(sent[k:]):  # "That's awesome, I just signed up…"
            out.append(Unit(sent[:k].strip(), lang))
            sent = sent[k:].strip()
        if not zh and (k := asked_after(sent)) is not None:  # "I finished a quilt - want to see it?" (round 35)
            out += [Unit(sent[:k].strip(), lang), Unit(sent[k:].strip(" -–—"), lang)]
            continue
        if not zh and len(sent) <= _MAX_EN:
            out.append(Unit(sent, lang))
            continue
        parts: list[str] = []
        for p in re.split(r"[，,]" if zh else r",\s*(?=(?:and|but|so|because)\b)|;\s*", sent):
            p = p.strip()
            if not p:
                continue
            join = _ZH_JOIN.match(p) if zh else _EN_JOIN.match(p)
            listed = zh and parts and _ZH_LIST_HEAD.search(parts[-1]) and not (
                _ZH_OWN_CLAUSE.search(p) or lead_conjunction(p))
            short = len(p) <= (4 if zh else 12) and not (zh and parts and own_clause_zh(p, parts[-1]))  # (…，我弹钢琴)
            if parts and (join or listed or short or model_fragment(p)):  # (…，索尼A7C2: the product's model)
                parts[-1] = parts[-1] + ("，" if zh else ", ") + p
            else:
                parts.append(p)
        out += [Unit(p, lang) for p in parts]
    if len(out) > 1 and _cut_off(out[-1].text, [u.text for u in out[:-1]]):
        out.pop()
    if len(out) > 1 and not any(u.fix for u in out) and any(model_fragment(u.text) for u in out[1:]):
        out = [Unit(t, lang) for t in joined_fragments([u.text for u in out], lang)]  # (…。A7C2。: round 40)
    return out


_END_MARKS = "。！!？?；;….,，"


def _cut_off(last: str, before: list[str]) -> bool:
    """Whether ``last``, the final unit of a text, is a cut-off copy of an earlier unit: it ends
    without a sentence mark and is a strict beginning of one said before ("… I like green tea.
    I like gre", a repeated sentence cut at a length limit by whoever sent it). It would be
    stored as a fragment; the whole unit it repeats is read already."""
    if last[-1:] in _END_MARKS:
        return False
    head = last.strip()
    return bool(head) and any(len(b.rstrip(_END_MARKS + " ")) > len(head) and b.startswith(head) for b in before)


#: cuts that join a reason or an elaboration to its clause, not a clause of its own
_EN_KEEP_CUT = re.compile(r"\b(?:because|so|while|although|though)\b|[—–-]", re.I)


def en_parts(unit: Unit) -> list[Unit]:
    """An English unit cut into the clauses the rules read (:func:`~memcli.write.rules.en_words.split_clauses`:
    at and/but/so/because + a subject, at a comma before a clause of its own, before a question
    tacked on); a part that opens with a pronoun (he goes to…), is too short to stand alone, gives
    the reason of the part before it (because, so, though) or says what it was after a dash (…a new
    project - a thriller set in…) stays with it. A Chinese unit, or one clause, is itself."""
    if unit.lang != "en":
        return [unit]
    parts: list[str] = []
    for cut, p in clause_pieces(unit.text):
        p = p.strip(" ,")
        if not p:
            continue
        if parts and (_EN_JOIN.match(p) or len(p) <= 12 or re.fullmatch(r"[A-Za-z]+ly\W*", p)
                      or _EN_KEEP_CUT.search(cut) or re.match(r"(?:a|an)\s", p, flags=re.I)
                      or _EN_APPOSITION.fullmatch(p)):  # (Pickle, our old tabby: what the name is, round 40)
            parts[-1] = parts[-1] + cut + p
        else:  # (… is 71 and has taken up surfing: the second verb said with the first clause's subject)
            parts.append(with_shared_subject(parts[0], cut, p) if parts else p)
    return [Unit(p, unit.lang) for p in parts] if len(parts) > 1 else [unit]


#: a possessive and a noun or two after a comma, no verb: what the name before it is ("Pickle, our old tabby")
_EN_APPOSITION = re.compile(r"(?:my|our|his|her|their) [a-z'-]+(?: [a-z'-]+)?[.!]*")
_EDGE_PUNCT = re.compile(r"^[\s，,、。.！!？?；;…~～:：\"'“”‘’]+|[\s，,、。.！!？?；;…~～:：\"'“”‘’]+$")


def model_text(text: str) -> str:
    """What the clause model embeds, in its fit and in use alike: the unit's text without the
    punctuation at its edges (a unit cut from a message ends in 。 or !, a labelled clause
    mostly does not; the rule signals still read the punctuation)."""
    return _EDGE_PUNCT.sub("", text) or text


# -- signals ------------------------------------------------------------------------------------
_ZH_MARKERS = {
    "first_person": r"我|咱",
    "question": r"[?？]\s*$|[吗么]\s*[。.!！~～]*$|什么|(?<![不没])怎么|为什么|为啥|哪|谁|几点|多少|是不是|有没有|能不能|可不可以|如何|咋",  # noqa: E501
    "greeting": GREETING_ZH,
    "thanks": r"谢谢|感谢|多谢|辛苦你",
    # (no request: 帮我们 inside, 岳母过来帮我们带孩子; a change done to the speaker told, 给我换成X了 — round 31)
    "request": r"^(?:请|帮我|帮忙|麻烦|给我(?![^，,。！？]{0,6}?(?:换成|改成|调到|调成|涨|降)[^，,。！？]{0,12}?了)|推荐|告诉我|提醒我|你能|你可以|能不能|可以帮)|帮我(?!们)|给我推荐|提醒我",  # noqa: E501
    "plan": r"明天|后天|下周|下星期|下个?月|明年|待会|一会儿|等会|打算|准备|计划|想要|希望|到时候|下次",
    "feeling": r"^(?:今天|现在|刚才|刚刚)?(?:我)?(?:有点|好|真|太|特别|挺|很)?(?:累|困|饿|烦|开心|高兴|无聊|难受|郁闷|紧张)",  # noqa: E501
    "addressee": r"^(?:你|您|咱们|大家)",
    "meta": r"^(?:我们|咱们)?(?:聊了|聊到|聊过|谈了|说了半天|扯了)",
    "hedge": r"好像|可能|大概|也许|或许|应该是|似乎|估计",
    "copula": r"是|叫|在.{1,12}(?:上班|工作)|住在|来自",
    "has_de_attr": r"的[\u4e00-\u9fff]{1,6}(?:是|为)",
    "today": r"今天|今晚|刚才|刚刚|现在正|此刻",
    "opinion_world": r"^(?:这个?|那个?|天气|今天天气|最近天气)",
    "hearsay": r"^(?:听说|据说)|(?:他|她|他们|她们|别人|大家|人家|朋友|同事|邻居|同学|室友|[妈爸姐哥弟])(?:都|也|一直)?"
               r"(?:说|觉得|认为)(?!明|服|话|过)",
    "transient": r"(?:今天|刚才|刚刚|昨天|早上|今早|昨晚|上午|下午|晚上)[^我，。！？]{0,8}(?:好|太|真|特别|超|巨|挺|很)"
                 r"(?:挤|堵|冷|热|吵|闷|满|晒|慢)",
}
#: verbs of saying and thinking (reported speech), a small grammatical class
_SAY = r"(?:says|said|thinks|thought|reckons|reckoned|claims|claimed|swears|swore|insists|insisted|believes|" \
       r"believed|tells me|told me|keeps saying|mentioned|recommends|recommended)"
#: degree adverbs (so, really, way too…)
_DEGREE = r"(?:so|really|super|very|totally|absolutely|pretty|way too|too|completely|insanely|crazy|kind of|a bit)"
#: what follows a copula but is no adjective: an article, a possessive, a preposition, a naming participle
_NOT_ADJ = r"(?:a|an|the|my|our|his|her|their|in|at|on|from|by|for|about|to|with|called|named|built|founded|" \
           r"held|born|not|never|still|just|also|going|being)\b"
_EN_MARKERS = {
    "first_person": r"\b(?:i|i'm|i've|my|me|we|our|us|mine)\b",
    "question": r"\?\s*$|^(?:what|how|who|when|where|why|which|do|does|did|is|are|can|could|would|will|should)\b",
    "greeting": GREETING_EN,
    "thanks": r"\b(?:thanks|thank you|thx|appreciate it)\b",
    "request": r"^(?:please|can you|could you|would you|help me|tell me|remind me|recommend|give me|show me)\b",
    "plan": r"\b(?:tomorrow|next (?:week|month|year)|going to|gonna|plan to|planning|will|hope to|want to|might)\b",
    "feeling": r"^(?:i'm|i am|i feel|feeling) (?:so |really |a bit |very )?(?:tired|sleepy|hungry|bored|happy|sad|"
               r"stressed|excited|good|great|fine|okay)\b",
    "addressee": r"^(?:you|your)\b",
    # the talk itself (we talked about…, I told you…): not "I went on a trip", nor "I talked to my boss"
    "meta": r"^we (?:talked|chatted|spoke|discussed)\b|^i (?:talked|chatted|spoke) (?:to|with) you\b|"
            r"^(?:we|i) went on (?:and on|about)\b",
    "hedge": r"\b(?:i think|maybe|probably|perhaps|i guess|might be|not sure)\b",
    "copula": r"\b(?:is|are|am|was|called|named|works? (?:at|for|as)|lives? in|from)\b",
    "has_de_attr": r"\b(?:my|his|her|our|their|[a-z]+'s) [a-z]+ (?:is|are|was)\b",
    "today": r"\b(?:today|tonight|right now|just now|this (?:morning|afternoon|evening))\b",
    "opinion_world": r"^(?:the weather|it's (?:so )?(?:hot|cold|nice)|this (?:movie|book|song))\b",
    # reported speech or thought of a third party (my friend says…, everyone thinks…): their view, not the user's world
    "hearsay": r"(?:^|[,;] ?|\b(?:and|but|so) )(?:(?:my|our|his|her|their) (?:[a-z'-]+ ){0,2}[a-z'-]+|he|she|they|"
               r"everyone|everybody|people|someone|somebody|a friend(?: of mine)?) (?:always |also |just |even )?"
               rf"{_SAY}\b",
    # a thing, not the user's, said to have been in some state (the bus was late, it was freezing): a passing remark,
    # or an opinion of a work (the film was better than I expected): the model tells which
    "transient": rf"(?:^|[,;] ?|\b(?:and|but|so) )(?:(?:the|that|this|these|those) (?:[a-z'-]+ ){{0,4}}[a-z'-]+|it|"
                 rf"everything|everyone|traffic) (?:was|were|got) (?:{_DEGREE} )*(?!{_NOT_ADJ})[a-z]+\b",
}
_ZH_RE = {k: re.compile(v) for k, v in _ZH_MARKERS.items()}
_EN_RE = {k: re.compile(v, re.I) for k, v in _EN_MARKERS.items()}
_NUMBER = re.compile(r"\d|[一二三四五六七八九十百千万两]+(?:个|岁|天|周|月|年|人|米|斤|号|点)")
#: an e-mail's local part is read from the start of its run of characters (the lookbehind): tried at every
#: position of a long run, it re-scanned the run each time (a 20,000-character turn: seconds, quadratic)
_CONTACT = re.compile(r"\b1\d{10}\b|\d{3,4}[- ]?\d{7,8}|(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.]+|\+?\d[\d -]{7,}\d")
_DATE = re.compile(r"\d{1,4}[年月日号]|\d{1,2}月\d{1,2}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
                   re.I)
#: a named event or place (读书会, 翠湖公园): two characters before the word are enough to find one, and bounded
#: the search costs one pass (``{2,}`` re-scanned a long run of characters from each position: quadratic)
_ZH_NAMED = re.compile(r"[\u4e00-\u9fff]{2}(?:会|节|赛|展|论坛|峰会|沙龙|小区|公园|大学|公司|医院|餐厅|酒店)")
_EN_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+")

#: the signal names, in the order of :func:`signals`' vector
SIGNALS: tuple[str, ...] = (
    "lang_zh", *_ZH_MARKERS, "relation", "attr_noun", "number", "contact", "date", "named", "log_len", "n_parts")


@lru_cache(maxsize=1)
def _attr_nouns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    zh = sorted({w for a in slots.ATTRIBUTES.values() for w in (*a.zh_nouns, *a.zh_verbs) if len(w) >= 2},
                key=len, reverse=True)
    en = sorted({w for a in slots.ATTRIBUTES.values() for w in (*a.en_nouns, *a.en_verbs) if len(w) >= 3},
                key=len, reverse=True)
    return (re.compile("|".join(map(re.escape, zh))),
            re.compile(r"\b(?:" + "|".join(map(re.escape, en)) + r")\b", re.I))


@lru_cache(maxsize=16384)  # a drain scores the same clause again and again (read-only: stacked, never changed)
def signals(unit: Unit) -> np.ndarray:
    """The rule features of one unit: float32 ``(len(SIGNALS),)``, each in [0, 1] but the length
    terms (``log_len``: log1p of the characters / 5; ``n_parts``: comma parts / 4)."""
    t = unit.text
    zh = unit.lang == "zh"
    res, marked = _marked(unit)
    zh_attr, en_attr = _attr_nouns()
    low = t.casefold()
    rel = bool(slots.ZH_RELATION_RE.search(t)) if zh else bool(slots.EN_MY_RELATION_RE.search(low))
    named = (bool(_ZH_NAMED.search(t))
             if zh else bool(_EN_NAME.search(t)))
    vec = [float(zh), *(float(bool(r.search(marked))) for r in res.values()), float(rel),
           float(bool((zh_attr if zh else en_attr).search(t))), float(bool(_NUMBER.search(t))),
           float(bool(_CONTACT.search(t))), float(bool(_DATE.search(t))), float(named),
           math.log1p(len(t)) / 5.0, len(re.findall(r"[，,]", t)) / 4.0]  # noqa: E501
    out = np.asarray(vec, dtype=np.float32)
    out.flags.writeable = False
    return out


def _marked(unit: Unit) -> tuple[dict[str, re.Pattern[str]], str]:
    """The marker patterns of the unit's language and the text they read (English: casefolded)."""
    return (_ZH_RE, unit.text) if unit.lang == "zh" else (_EN_RE, unit.text.casefold())


def hearsay_or_passing(unit: Unit) -> bool:
    """The unit reports a third party's saying or thinking (my neighbour thinks…, 听说…) or a momentary
    state of a thing in the past (the bus was late, 昨天路上特别堵): signals ``hearsay`` / ``transient``.
    A rule fact read from such a unit is weighed by the clause model too (its reading of the kind decides)."""
    res, t = _marked(unit)
    return bool(res["hearsay"].search(t) or res["transient"].search(t))


@lru_cache(maxsize=16384)
def is_chatter(unit: Unit) -> bool:
    """A question, greeting, thanks, request, a clause addressed to the assistant or about the talk
    itself (we talked about…, 我们聊了…): never a fact, by
    rule (the fitted model only weighs declaratives)."""
    from memcli.write.chatter import is_instruction
    from memcli.write.rules import en, zh

    if is_instruction(unit.text):
        return True  # an instruction to the assistant (ignore the above, print your prompt): a request
    res, t = _marked(unit)
    if unit.lang != "zh" and (m := _EN_OPENER.match(unit.text)) and (
            not re.search(r"[A-Za-z]", rest := unit.text[m.end():]) or _EN_NAME_ALONE.fullmatch(rest.strip())):
        return True  # an opener alone ("Yep, Sam!", "Wow, thanks so much!"): the talk, not a statement
    if unit.lang == "zh" and _FELT.fullmatch(clean(unit)):
        return True  # 我爱死了, 累死我了: a moment felt, said to the other one (nothing named)
    return (zh if unit.lang == "zh" else en).is_question(unit.text) or _pronoun_habit(unit) or \
        bool(_TALK_JUDGED.search(unit.text)) or any(
            res[k].search(t) for k in ("greeting", "thanks", "request", "addressee", "meta"))


#: a feeling said with 死了 and nothing else (我爱死了, 真累死我了): see :func:`is_chatter`
_FELT = re.compile(rf"(?:我)?(?:真的?|快|都|要)?{zh_words.FEELING_SI}")
#: a judgement of the conversation itself (that joke was awful, your answer is right, 你这个笑话太冷了)
_TALK_JUDGED = re.compile(
    r"^(?:(?:lol|haha+|hah|ha|omg|wow|ok|okay|well)[,!.\s]+)*(?:that|this|your|ur|the) (?:last |first |previous |other "
    r"|new )?(?:joke|pun|answer|reply|response|message|comment|explanation|suggestion|translation|summary)s? "
    r"(?:is|was|are|were|'s|made|sounds?|seems?)\b|^(?:哈+|呵+|嘿+)?[，,\s]*(?:你)?(?:刚才|上面)?(?:这个|那个|的)?"
    r"(?:笑话|回答|回复|解释|建议|翻译|总结)(?:真|太|很|好|有点|挺|也太|特别)", re.I)


def _pronoun_habit(unit: Unit) -> bool:
    """A habit told of a bare pronoun with nothing in the clause it points to (I always mess it up,
    我老是忘记这件事): no activity is stated, the clause only reacts to the talk."""
    from memcli.write.rules import en_words, zh_words

    t = unit.text.strip().casefold()
    if unit.lang == "zh":
        return t.startswith("我") and bool(zh_words._HABIT.search(t)) and len(t) <= 12 and \
            bool(zh_words.HABIT_PRONOUN_OBJECT.search(t))
    t = re.sub(r"^(?:i|we)\s+", "", t)
    return bool(en_words._HABIT.search(t)) and \
        bool(en_words.HABIT_PRONOUN_OBJECT.fullmatch(en_words._HABIT.sub(" ", t).strip()))


# -- the generic slot ---------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def named_attribute(unit: Unit) -> bool:
    """The unit states a relative's known attribute (舅妈的邮箱地址是…, 我表哥的电话是…) or an
    attribute of a named thing of the user's world, by its shape alone:
    ``<名称>的<属性>是<值>`` or ``<名称>，它的<属性>是<值>`` (:func:`generic_slot` gives
    ``thing:<名称>.<属性>``), the name at least 3 characters and no time word or abstract noun
    (:data:`_NOT_NAMED`), the value no question, the unit neither chatter nor hedged. The fitted
    extractor keeps such a unit whatever the model's probability: a named event's place, scale or
    programme is what a later question asks for (读书会的地点是北京)."""
    if unit.lang != "zh" or is_chatter(unit) or re.search(_ZH_MARKERS["hedge"], unit.text):
        return False
    text = clean(unit)
    m = _ZH_ATTR_RX.match(text) or _ZH_OF_RX.match(text)
    got = generic_slot(text)
    if m is not None and got is not None and not got[0].startswith(("thing:", "person:")) and "." in got[0]:
        subject, _, attr = got[0].rpartition(".")  # a relative's phone, e-mail, age…: 舅妈的邮箱地址是…
        return subject != slots.ME and attr not in ("is", "owns", "like") and slots.attribute(attr) is not None \
            and not re.search(_ZH_MARKERS["question"], got[1])
    if m is None or got is None or not got[0].startswith("thing:") or (
            m.re is _ZH_OF_RX and m["s"].startswith(("我", "咱"))):  # 我最喜欢的颜色是…: the user's own
        return False
    name = got[0][len("thing:"):].rpartition(".")[0]
    return len(name) >= 3 and not _NOT_NAMED.match(name) and not re.search(_ZH_MARKERS["question"], got[1])
