"""Answerability: is a ranked hit an answer to the query, or only the nearest thing stored?

A KNN always returns neighbours: with USE, an unrelated Chinese question sits at cosine 0.1-0.3
against any memory, so a fixed cosine floor let 100 of 160 general-knowledge questions print a
personal block. Instead, each hit gets a probability of being relevant, from a logistic
regression fitted per query language (:mod:`memcli.answer_fit`, ``memcli calibrate``) on
questions with and without an answer (``goldset/noanswer.jsonl`` + ``retrieval.jsonl``), over
the features a hit has (:data:`FEATURES`, :func:`hit_features`):

- ``cos``: dense cosine similarity to the query, in [-1, 1] (0 when the dense leg missed it);
- ``lexical`` / ``slot``: 1 when the lexical / slot leg found it too (confirmation; not a lexical match on
  words saying when alone, :func:`memcli.read.tokens.when_only`: 今天 of 今天天气怎么样 in 今天好累啊);
- ``coverage``: the share of the query's search-token characters found in the statement, [0, 1]
  (``strong_coverage``: the same over tokens of 2+ CJK / 4+ other characters);
- ``ratio``: its final score over the best hit's, (0, 1]; ``cos_gap``: best cosine minus its own;
- ``lift``: its cosine minus the mean cosine of the dense leg's candidates (:func:`pool_mean`; an
  unrelated question is about as far from every memory; an answer stands out); ``rank``: 1 / its rank;
- ``subject``: +1 the query names the hit's subject (我妈妈… / mother.*), -1 it names another
  one (我爸爸… vs mother.*; "where do I live" vs sister.*; my coworker Jess vs coworker Sam), 0 neither;
- ``attr``: +1 the hit's attribute is one the query asks about (叫什么 / ``…name``), -1 the query
  asks about another one than the hit's (:func:`attr_feature`), 0 neither;
- ``other_attr``: 1 when the query names the hit's subject but another attribute ("my sister's
  job" vs ``sister.residence``);
- ``topic``: the share of the query's topic words (not attribute or relation words) in the
  statement (:func:`topic_coverage`);
- ``anchor``: 1 when the query names the user (我, I/my/me) or someone of theirs (:func:`anchor`);
- ``slot_anchor`` / ``lexical_anchor``: the slot / lexical confirmation of an anchored query (宇宙有多大
  asks about an age, but nobody's);
- ``qlen``: log(1 + query characters);
- ``personal``: how much the query reads as being about the user's life, from its embedding
  (:func:`personal_score`; 0 without a vector);
- ``no_slot`` / ``no_subject``: of the question, the same on every hit (:func:`missing_features`):
  it asks a slot of the user or someone of theirs and no active memory holds it ("my sister's
  job" when only her city is stored); it names someone of the user's of whom no active memory
  says anything (我爸爸… when only 妈妈 is stored);
- ``kind``: +1 the question and the hit name a thing of the same kind (我的狗… vs a stored corgi),
  -1 things of one family but another kind (我的猫… vs a stored corgi; "favourite film" vs a
  favourite band), 0 otherwise (:func:`memcli.read.kinds.kind_feature`); ``kind_missing``, of the
  question: it names a thing of some kind and no hit names one of that kind
  (:func:`memcli.read.kinds.kind_missing`);
- ``task``, of the question: it asks for a task (translate, write code, 帮我写…;
  :func:`memcli.read.request.is_task`), unless fitted to the user's taste (recommend a restaurant
  I'd like: :func:`memcli.read.request.wants_taste`); ``world``: it asks about the world, not the
  user (:func:`memcli.read.request.about_world`; then a topic word's match grounds nothing);
  ``lexical_topic``: the lexical leg confirms the hit on a
  topic word or a name, not only on a common word (:func:`memcli.read.request.informative_match`);
- ``unheld``: the share of the words of the thing an English question asks ("football team", "blood
  pressure", "house insurance company") the hit does not hold (:func:`memcli.read.asked_thing.unheld_share`;
  round 32), 0 for no such thing; ``thing_part``: 1 when the hit holds some of those words as its own and not
  the others — only the head or only the modifier ("The Wednesday team is full" for "which football team"),
  another thing; ``world_fact``, of the question: it asks a fact of the world's history or make-up ("Who invented
  coffee?", 红楼梦的作者是谁) and names nobody and nothing of the user's (:mod:`memcli.read.world_fact`; round 38).

``p = 1 / (1 + exp(-(w · (x - mean) / scale + b)))``, except for a :func:`vetoed` hit (the
query names another subject than the hit's): ``p = 0``. Then each hit gets the best p among the
hits about the same subject (someone or something of the user's, :func:`share_by_subject`): the
question that finds an event by its duration is answerable by the event's place too.
A hit with ``p`` below the chosen point ``min_p`` (per language: the largest that keeps
recall@5 of the answer queries at the target, cross-validated) is ``below_floor``:
``context`` leaves it out (no block when none is left), ``search`` still lists it, marked.
The weights are model-specific (the cosine is): shipped in ``answer_weights.json`` beside
this module (model → params), or a user's file (``answer_weights`` setting, ``memcli
calibrate --write``). No weights for the model, or the dense leg did not run (lexical-only
fallback): no hit is marked (``p`` is None).

Pure Python at read time (a few hits, twenty features and one 512-d dot product): no numpy on this path.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from memcli.read.mismatch import REQUEST_EN, REQUEST_ZH, _frame_words, relation_words
from memcli.read.question_subject import names_no_one, subject_feature
from memcli.read.question_subject import slot_subject as _subject
from memcli.read.subject import found_by_fact
from memcli.read.tokens import WHEN_WORDS, holds
from memcli.relazy import LATIN, lazy
from memcli.settings import Settings

__all__ = ["FEATURES", "Answerability", "anchor", "answer_group", "attr_feature", "coverage",
           "hit_features", "answer_subject", "found_by_fact", "grounded", "load_answer_weights", "personal_score",
           "pool_mean", "probability", "question_p", "share_by_subject", "subject_feature", "topic_coverage", "vetoed"]

FEATURES = ("cos", "lexical", "slot", "coverage", "strong_coverage", "ratio", "cos_gap", "lift", "rank", "subject",
            "attr", "other_attr", "anchor", "slot_anchor", "lexical_anchor", "qlen", "personal", "topic",
            "no_slot", "no_subject", "kind", "kind_missing", "task", "lexical_topic", "world", "unheld",
            "thing_part", "no_value", "piece", "world_fact")




@lru_cache(maxsize=64)
def _attribute_words(attr: str) -> tuple[str, ...]:
    from memcli.slots import attribute

    a = attribute(attr)
    if a is None:
        return ()
    return tuple(w.casefold() for w in (*a.zh_nouns, *a.zh_verbs, *a.en_nouns, *a.en_verbs, *a.query) if w)


#: attributes that answer each other's questions (在哪上班 / 做什么工作; 学校 / 学历)
_KIN_ATTRS = ({"job", "workplace"}, {"education", "school"}, {"like", "favourite"})
#: attributes specific enough that a hit holding another one does not answer the question
_STRONG_ATTRS = frozenset({"name", "age", "height", "weight", "birthday", "hometown", "residence", "workplace", "job",
                           "education", "school", "phone", "email", "blood_type", "zodiac", "diet", "allergy", "like",
                           "favourite", "brand"})


def attr_feature(query_slots: Sequence[str], hit_slot: str | None, statement: str = "") -> int:
    """+1 when the hit's attribute is one the query asks about (or a kin of it: job/workplace),
    -1 when the query asks about attributes and the hit holds another specific one
    (:data:`_STRONG_ATTRS`: "my sister's job" vs ``sister.residence``), 0 otherwise. A generic
    slot's attribute is read from ``statement`` (:func:`memcli.read.mismatch.hit_attribute`); a statement
    that names the asked attribute in a clause its slot did not take ("My uncle is a baker and his
    birthday is …" as ``uncle.job``; 我现在不太能吃咸了 as ``like.咸`` for 我能吃咸吗, an ability asked
    as ``allergy``: :func:`memcli.read.mismatch.said_attrs`) holds it too: +1; one whose words name an asked
    attribute besides its own (我老婆叫许静，是护士 stored as ``wife.name`` answers her job) is not another
    attribute only: 0."""
    from memcli.read.mismatch import hit_attribute, said_attrs
    from memcli.slots import split_slot

    asked = {split_slot(k)[1] for k in query_slots}
    if not asked or not hit_slot:
        return 0
    have = hit_attribute(hit_slot, statement, _STRONG_ATTRS)
    if have in asked or any(have in kin and asked & kin for kin in _KIN_ATTRS):
        return 1
    if statement and asked & said_attrs(statement):
        return 1  # "my uncle … and his birthday is …" stored as uncle.job: it says the birthday asked
    if have in _STRONG_ATTRS and statement and _says_asked(statement, asked):
        return 0  # 我老婆叫许静，是护士 (wife.name) says her job too: not another attribute only
    return -1 if have in _STRONG_ATTRS else 0


def _says_asked(statement: str, asked: set[str]) -> bool:
    """The statement names one of the ``asked`` attributes (or a kin of one) beside its slot's: its words
    read as that attribute (:func:`memcli.read.mismatch._statement_attrs`) or name an occupation."""
    from memcli.read.mismatch import _statement_attrs, names_occupation

    said = set(_statement_attrs(statement)) | ({"job"} if "job" in asked and names_occupation(statement) else set())
    return bool(said & asked) or any(said & kin and asked & kin for kin in _KIN_ATTRS)


def _strong(token: str) -> bool:
    """A token that says something on its own: 2+ CJK characters, or 4+ other characters."""
    return len(token) >= (4 if token.isascii() else 2)


def coverage(tokens: Sequence[str], statement: str, slot: str | None = None, *, strong: bool = False) -> float:
    """Share of the query tokens' characters found in ``statement`` (case-folded; an English word as a word,
    :func:`memcli.read.tokens.holds`), in [0, 1]; a word saying when is never found (unless there are only those:
    "now", 今晚 say when, not what — still counted in the whole, so the other words' share does not grow). A
    token that names the hit's attribute (名字 for a ``name`` slot, live for ``residence``: the
    words of :data:`memcli.slots.ATTRIBUTES`) counts as found. ``strong``: only the tokens of
    :func:`_strong` count (one shared character such as 吃 is no evidence)."""
    toks = [t.casefold() for t in tokens if t.strip() and (not strong or _strong(t))]
    when = {t for t in toks if t in WHEN_WORDS} if any(t not in WHEN_WORDS for t in toks) else set()  # round 31
    total = sum(len(t) for t in toks)
    if not total:
        return 0.0
    low = statement.casefold()
    words: tuple[str, ...] = ()
    if slot:
        from memcli.slots import split_slot

        words = _attribute_words(split_slot(slot)[1])
    return sum(len(t) for t in toks if t not in when and (holds(low, t) or any(t in w or w in t for w in words))) \
        / total


@lru_cache(maxsize=1)
def _frame_parts() -> frozenset[str]:
    """:func:`_frame_words` and each word of their English phrases (live of "live in"), and the
    :data:`WHEN_WORDS`."""
    return _frame_words() | {p for w in _frame_words() if w.isascii() for p in w.split()} | WHEN_WORDS


def topic_coverage(tokens: Sequence[str], statement: str) -> float:
    """Share of the query's topic characters found in ``statement``: tokens of 2+ CJK / 4+ other
    characters that name neither an attribute nor a relation nor when it is asked (咖啡, Lyon; not
    生日, 妈妈, live, 今天)."""
    frame = _frame_parts()
    toks = [t.casefold() for t in tokens if _strong(t) and t.casefold() not in frame]
    total = sum(len(t) for t in toks)
    if not total:
        return 0.0
    low = statement.casefold()
    return sum(len(t) for t in toks if holds(low, t)) / total


#: a question about the user's own world names them or someone of theirs: 我/我的, I/my/me, the
#: user, or a relation word (妈妈, my boss) — a general-knowledge question names none. Round 31: the first
#: person plural too ("What car do we have?", "our house"): a user living with someone speaks of "we"
_ANCHOR_EN = lazy(r"\b(?:i|i'm|i've|i'd|me|my|mine|myself|the user|user's|"
                  r"we|we're|we've|we'd|our|ours|ourselves)\b", re.IGNORECASE, gate=LATIN)
#: "us" in lower case only: the user and theirs ("Who visited us?"), never the country ("the US")
_US_EN = lazy(r"\bus\b", gate=LATIN)
#: a question recalling what the hearer told (What car again?, 叫什么来着) is put to the user, as is one
#: pointing back at a thing both know ("Where was that river cruise?", "the name of that café?": a
#: demonstrative after a verb or preposition, not the relative "that" of "the river that flows …")
_RECALL = lazy(r"\bagain\s*\??\s*$|来着|\b(?:is|was|were|are|'s|at|in|from|to|of|with|for|on|about)\s+that\s+"
               r"(?!is\b|was\b|are\b|were\b|'s\b|does\b|do\b|did\b|can\b|will\b|would\b)[a-z]{3,}",
               re.IGNORECASE, gate=lambda t: "来着" in t or LATIN(t))


def anchor(query: str, query_slots: Sequence[str]) -> int:
    """1 when the query names the user (我, I/my/me, the user, 家里 — not the requester of
    帮我写…, "tell me …") or recalls what they told (What car again?, 来着), someone of theirs (a
    relation word anywhere: 舅舅…, "Uncle Ray"; a relation key among its slots), else 0."""
    q = query.replace("’", "'")
    rest = REQUEST_EN.sub(" ", REQUEST_ZH.sub(" ", q))
    if ("我" in rest or "咱" in rest or "家里" in rest or _ANCHOR_EN.search(rest) or _US_EN.search(rest)
            or _RECALL.search(rest)):
        return 1
    zh, en, mine = relation_words()
    from memcli.read.kin import question_relation

    if zh.search(q) or en.search(q) or mine.search(q) or question_relation(q):
        return 1
    from memcli.slots import ME, SOMEONE

    return int(any(_subject(k) not in (ME, SOMEONE) for k in query_slots))


#: the dense candidates' mean cosine is shrunk toward a prior for small stores (a store of three
#: memories has no "typical unrelated cosine" of its own): LIFT_PRIOR (USE: unrelated text sits
#: at cosine 0.1-0.3) with the weight of LIFT_PSEUDO candidates
LIFT_PRIOR = 0.15
LIFT_PSEUDO = 10


def pool_mean(cosines: Sequence[float]) -> float:
    """The shrunk mean cosine of the dense leg's candidates (see :data:`LIFT_PRIOR`), never under the prior
    (round 31): a store of long chatty turns sits far from every short question (each turn speaks of many
    things), so its mean fell to 0.05-0.1 and the nearest unrelated turn stood out by 0.1-0.2 — an answer's
    lift; standing out counts from where an unrelated text sits, not below it."""
    return max(LIFT_PRIOR, (math.fsum(cosines) + LIFT_PRIOR * LIFT_PSEUDO) / (len(cosines) + LIFT_PSEUDO))


def hit_features(*, cos: float | None, lexical: bool, slot: bool, cover: float, strong_cover: float, ratio: float,
                 best_cos: float, mean_cos: float, rank: int, subject: int, attr: int, has_anchor: int,
                 query_chars: int, personal: float = 0.0, topic: float = 0.0, no_slot: int = 0,
                 no_subject: int = 0, kind: int = 0, kind_missing: int = 0, task: bool = False,
                 lexical_topic: bool = False, world: bool = False, unheld: float = 0.0,
                 thing_part: float = 0.0, no_value: float = 0.0, piece: float = 0.0,
                 world_fact: bool = False) -> list[float]:
    """The feature row of one hit, in :data:`FEATURES` order (see the module doc)."""
    c = 0.0 if cos is None else float(cos)
    return [c, float(lexical), float(slot), float(cover), float(strong_cover), float(ratio), max(0.0, best_cos - c),
            c - mean_cos, 1.0 / rank, float(subject), float(attr), float(subject > 0 and attr < 0), float(has_anchor),
            float(slot and has_anchor),
            float(lexical and has_anchor), math.log1p(query_chars), float(personal), float(topic), float(no_slot),
            float(no_subject), float(kind), float(kind_missing), float(task), float(lexical and lexical_topic),
            float(world), float(unheld), float(thing_part), float(no_value), float(piece), float(world_fact)]


_SUBJECT = FEATURES.index("subject")
PERSONAL = FEATURES.index("personal")


def personal_score(vector: Sequence[float] | None, params: dict[str, Any] | None) -> float:
    """How much the query reads as a question about the user's own life rather than general
    knowledge or a task: the logit, clipped to [-10, 10], of a logistic regression over the query
    embedding (``params["personal"]``: ``weights`` (dim,), ``bias``), fitted on the same questions
    (answer and near-miss questions vs general-knowledge and task ones). 0 without weights or vector."""
    if vector is None or not params or "personal" not in params:
        return 0.0
    pw = params["personal"]
    w = pw["weights"]
    if len(w) != len(vector):
        return 0.0
    z = float(pw["bias"]) + math.fsum(a * b for a, b in zip(w, vector, strict=True))
    return max(-10.0, min(10.0, z))


_TOPIC = FEATURES.index("topic")
_KIND = FEATURES.index("kind")
_ANCHOR, _TASK, _SLOT_ANCHOR, _LEX_TOPIC, _ATTR, _NO_SLOT, _WORLD, _WORLD_FACT = (FEATURES.index(f) for f in (
    "anchor", "task", "slot_anchor", "lexical_topic", "attr", "no_slot", "world", "world_fact"))


def grounded(rows: Sequence[Sequence[float]]) -> bool:
    """Whether a question is about the user's memories at all (the first stage of the cut, before
    the hit's p): it names the user or someone of theirs (``anchor``; not as the requester of a
    task, ``task``: 帮我写…), or the slot leg confirms one of its hits for such a subject
    (``slot_anchor``: 宇宙有多大 asks an age, but nobody's), or the lexical leg confirms one on an
    informative word (``lexical_topic``: a topic word or a name, not 吃 of 熊猫吃什么 or "live" of
    "where do penguins live") of a question not about the world (``world``,
    :func:`memcli.read.request.about_world`: 长江有多长 vs 我坐游轮游了长江三峡) nor after a fact of the world's
    history or make-up (``world_fact``, :mod:`memcli.read.world_fact`: "Who invented coffee?" vs "I take my
    coffee with oat milk"). One that does none (日本的首都是哪里, "how do bees make honey":
    only the dense leg's nearest neighbours) gets p = 0 for every hit. ``rows``: the feature rows
    of the question's own hits (:func:`hit_features`)."""
    return any((x[_ANCHOR] and not x[_TASK]) or x[_SLOT_ANCHOR]
               or (x[_LEX_TOPIC] and not x[_WORLD] and not x[_WORLD_FACT]) for x in rows)


def vetoed(x: Sequence[float]) -> bool:
    """Evidence that no score outweighs: the query names another subject than the hit's
    (我爸爸住在哪里 vs 我妈妈住在长沙) and shares no topic word with it (``topic`` = 0: 咖啡 in
    咖啡 茶 妈妈 生日 keeps 我咖啡不加糖); or it asks a thing of one kind and the hit names only
    things of another kind of the same family (``kind`` = -1: 我的猫… vs 我养了一只柯基, "my
    favourite film" vs "my favourite band"). Such a hit is never an answer (p = 0). (Another attribute
    of the same subject is no veto: the hit may be the fact that names the person, 在深圳做设计的
    朋友叫什么 → 我闺蜜在深圳做设计师, whose name subject expansion brings.) Nor is a hit that holds
    another specific attribute (``attr`` = -1) when no active memory holds the asked slot
    (``no_slot``: 我的血型 when only the user's name is stored; "my sister's job" when only her city
    is) and the lexical leg does not confirm it on a topic word or a name (``lexical_topic``: 在深圳
    做设计的朋友叫什么 names the friend by the hit's own words)."""
    return ((x[_SUBJECT] < 0 and x[_TOPIC] <= 0) or x[_KIND] < 0
            or (x[_ATTR] < 0 and x[_NO_SLOT] > 0 and not x[_LEX_TOPIC]))


def probability(x: Sequence[float], params: dict[str, Any]) -> float:
    """Logistic regression over standardised ``x``: p in (0, 1); 0 for a :func:`vetoed` hit."""
    if vetoed(x):
        return 0.0
    z = float(params["bias"])
    for v, m, s, w in zip(x, params["mean"], params["scale"], params["weights"], strict=True):
        z += w * (v - m) / s
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def answer_subject(slot: str | None) -> str | None:
    """The subject a hit's answerability is shared by (:func:`share_by_subject`): the slot's
    subject when it is someone or something of the user's (a relative, ``person:…``,
    ``thing:…``), None for the user's own facts (``me``: every one of them would share), for
    ``someone`` and for a hit without a slot."""
    if not slot:
        return None
    from memcli.slots import ME, SOMEONE

    subject = _subject(slot)
    return None if subject in (ME, SOMEONE) or names_no_one(subject) else subject  # coffee.milk: the user's


def share_by_subject(p_of: dict[int, float], subject_of: dict[int, str | None],
                     attr_of: dict[int, float] | None = None) -> dict[int, float]:
    """Each hit's p raised to the best p among the hits about the same subject
    (:func:`answer_subject`): answerability belongs to the subject, not to one of its facts.
    `每周六下午的那个读书会在哪儿办？` finds the club by its schedule (p high: the question's
    words are that fact's) and its place as another hit whose words the question barely shares (p
    low): the question is answerable once its subject is found, and the subject's other facts
    come with it — as subject expansion brings those the ranking missed (``Hit.via``). Ids
    without a p are left out. ``attr_of`` (id → the ``attr`` feature): once a hit of the subject holds
    the asked attribute (+1), a hit holding another specific one (-1) keeps its own p — "what does my
    brother do in his free time" finds his chess, and his job is no answer of it. Returns a new dict."""
    best: dict[str, float] = {}
    for i, p in p_of.items():
        s = subject_of.get(i)
        if s is not None:
            best[s] = max(best.get(s, 0.0), p)
    attr_of = attr_of or {}
    held = {subject_of.get(i) for i, a in attr_of.items() if a > 0} - {None}
    return {i: p if attr_of.get(i, 0) < 0 and subject_of.get(i) in held
            else max(p, best.get(subject_of.get(i) or "", 0.0)) for i, p in p_of.items()}


def question_p(p_of: dict[int, float], rows: Sequence[Sequence[float]],
               subject_of: dict[int, str | None], *, by_fact: bool = False,
               attr_of: dict[int, float] | None = None) -> dict[int, float]:
    """The p of each hit of one question as ``context`` cuts on it, the read path and the fit alike:
    every hit 0 when the question is not :func:`grounded` (``rows``: the feature rows of its hits)
    and did not find a person by a fact (``by_fact``, :func:`found_by_fact`: the read path only),
    then shared by subject (:func:`share_by_subject`, ``attr_of``: id → its ``attr`` feature). Returns a new dict."""
    if not grounded(rows) and not by_fact:
        p_of = dict.fromkeys(p_of, 0.0)
    return share_by_subject(p_of, subject_of, attr_of)


def shipped_path() -> Path:
    """``answer_weights.json`` beside this module (model → params)."""
    return Path(__file__).with_name("answer_weights.json")


def load_answer_weights(settings: Settings) -> dict[str, Any] | None:
    """Params for ``settings.model`` ({"features", "model", "zh": {...}, "en": {...}}): the
    ``answer_weights`` file when set, else the shipped ones; None when there are none.

    Raises:
        ConfigError: the file is unreadable, fitted for other features or another model.
    """
    from memcli.weights import fitted_params

    return fitted_params(settings.model, user_file=settings.answer_weights, shipped=shipped_path(),
                         features=FEATURES, what="answerability weights")


def answer_group(query: str, lang: str) -> str:
    """The params group of a query: its language (``zh``/``en``), plus ``_long`` for a message whose
    question sentence is not the whole text (:func:`memcli.slot_query.question_focus`): chatter before
    the question dilutes its cosine, so those are fitted apart."""
    from memcli.slot_query import question_focus

    base = "zh" if lang == "zh" else "en"
    return base + "_long" if question_focus(query) != query else base


class Answerability:
    """The fitted gate of one settings object: ``min_p(lang)`` and ``p(features, lang)``.

    ``enabled`` is False when ``settings.answerability`` is off or no weights exist for the model;
    the settings are read at each call (a caller may turn the gate off on a live Memory).
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.params = load_answer_weights(settings)

    @property
    def enabled(self) -> bool:
        """Weights exist for the model and ``settings.answerability`` is on (read at each call)."""
        return self.params is not None and self.settings.answerability

    def lang_params(self, group: str) -> dict[str, Any] | None:
        """Params of a group (:func:`answer_group`): ``zh``, ``en``, ``zh_long``, ``en_long``."""
        if self.params is None:
            return None
        return self.params.get(group) or self.params.get(group.split("_")[0])

    def min_p(self, group: str) -> float | None:
        """The chosen point for a group: the setting when given (``answer_min_p_zh``/``_en``, short
        messages), else the fitted one."""
        lp = self.lang_params(group)
        if lp is None:
            return None
        own = {"zh": self.settings.answer_min_p_zh, "en": self.settings.answer_min_p_en}.get(group)
        return float(lp["min_p"]) if own is None else float(own)

    def p(self, x: Sequence[float], lang: str) -> float | None:
        lp = self.lang_params(lang)
        return None if lp is None else probability(x, lp)
