"""The kind of a fact the rules and the clause model leave ``other``, read from its words (round 40).

A kind comes from the slot's attribute (:data:`memcli.slots.ATTRIBUTES`: ``allergy`` → health, ``habit`` →
habit) or from a rule's pattern; a fact the rules read under a catch-all attribute (``owns.哮喘``, ``fact.去``)
or the clause model kept with no slot ("Allergic to penicillin", "I can swim") was filed ``other``, so a
diagnosis told as "I have asthma" / 我有糖尿病 and a habit told with its frequency (我周末常去爬山, "I go hiking
most weekends") were no health or habit fact. Two lexicons give those kinds back to a fact of the user's own:

- **health** — a condition, an allergy, a body measure or a treatment named (哮喘, 糖尿病, 高血压, 血压, 过敏,
  胃病, 手术, asthma, diabetes, blood pressure, allergic, migraines, surgery, insulin …);
- **habit** — a frequency said of what the user does (经常, 常去, 平时, 一般, 每天, 每个周末, 周末都, 习惯,
  usually, often, always, every morning, most weekends, twice a week …), not a plan, a wish or a single
  past event (我周末去爬山了 told once stays ``other``).

Only ``other`` is replaced, and only for a fact about the user (no relation, named person or thing as its
subject): 我奶奶有高血压 stays a relationship fact, a preference stays a preference.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.models import Kind
from memcli.text import lang_of, to_simplified

__all__ = ["kind_by_words"]

_ZH_HEALTH = re.compile(
    r"过敏|哮喘|糖尿病|高血压|低血压|高血脂|血压|血糖|血脂|胆固醇|尿酸|痛风|心脏病|冠心病|心律不齐|贫血|鼻炎|咽炎|胃炎|"
    r"肠炎|胃病|胃溃疡|关节炎|腰间盘|颈椎病|腰椎|偏头痛|头痛|失眠|抑郁|焦虑症|癫痫|甲亢|甲减|湿疹|荨麻疹|近视|远视|"
    r"散光|乳糖不耐|不耐受|肿瘤|癌|结石|脂肪肝|乙肝|手术|做过.{0,4}术|胰岛素|降压药|吃药|服药|过敏药|哮喘药|"
    r"怀孕|孕期|备孕|视力|听力|心率")
_EN_HEALTH = re.compile(
    r"\b(?:allerg\w*|asthma\w*|diabet\w*|hypertension|blood (?:pressure|sugar)|cholesterol|gout|migraines?|"
    r"insomnia|depression|anxiety disorder|adhd|autism|arthritis|eczema|psoriasis|celiac|coeliac|lactose|"
    r"intolerant|epilep\w*|seizures?|cancer|tumou?r|thyroid|an(?:a)?emi[ac]|surgery|operation on|insulin|"
    r"inhaler|medication|meds|pregnant|short-sighted|near-sighted|nearsighted|farsighted|hearing aid|"
    r"heart condition|heart disease|kidney stones?|back pain|chronic)\b", re.I)

_ZH_HABIT = re.compile(r"经常|常常|常去|常(?=[去做打玩跑看吃喝逛骑游练泡])|通常|总是|老是|一般(?!般)|平时|平常|"
                       r"每(?:天|晚|日|周|星期|礼拜|个?(?:周末|月|早上|晚上|周|星期|礼拜))|天天|习惯|基本都|"
                       r"周末(?:都|常|一般|基本|总|会)|隔天|一周[一二两三四五六七]次|一个?月[一二两三四五六七]次")
_EN_HABIT = re.compile(
    r"\b(?:usually|often|always|regularly|normally|typically|generally|frequently|daily|weekly|nightly|"
    r"every (?:day|morning|evening|night|week|weekend|month|other day|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
    r"most (?:days|weekends|mornings|evenings|nights|weeks)|on (?:weekends|(?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)days)|each (?:day|week|morning)|(?:once|twice|\w+ times) a (?:day|week|month)|as a habit|habitually)\b",
    re.I)
#: a plan, a wish, a one-off past event or a question: no habit whatever the frequency word
_ZH_NOT_HABIT = re.compile(r"打算|计划|准备|想要|希望|要是|如果|明天|下周|下个?月|明年|[了过]$|了[，,]|吗|[?？]")
_EN_NOT_HABIT = re.compile(r"\b(?:will|going to|gonna|plan(?:ning)? to|want to|would|if|tomorrow|next)\b|\?", re.I)


def _about_user(statement: str, slot: str | None, zh: bool) -> bool:
    """Whether a fact is the user's own: its slot's subject is the user, or (no slot) it names no relation."""
    if slot:
        return slots.slot_subject(slot) == slots.ME
    if zh:
        return not slots.ZH_RELATION_RE.search(statement)
    return not slots.EN_MY_RELATION_RE.search(statement.casefold())


def kind_by_words(statement: str, kind: Kind, slot: str | None = None) -> Kind:
    """``kind``, or — when it is ``other`` and the fact is the user's own — ``health`` when the statement names a
    condition, allergy, measure or treatment, ``habit`` when it tells a frequency of what the user does (see the
    module doc). ``statement``: the fact's words (either script); ``slot``: its slot, or None."""
    if kind != Kind.OTHER or not statement:
        return kind
    zh = lang_of(statement) == "zh"
    text = to_simplified(statement) if zh else statement
    if not _about_user(text, slot, zh):
        return kind
    if (_ZH_HEALTH if zh else _EN_HEALTH).search(text):
        return Kind.HEALTH
    if (_ZH_HABIT if zh else _EN_HABIT).search(text) and not (_ZH_NOT_HABIT if zh else _EN_NOT_HABIT).search(text):
        return Kind.HABIT
    return kind
