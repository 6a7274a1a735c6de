"""One query's answerability pass: the question's features and each hit's own features once per query.

The retrieval asks for the answerability (:mod:`memcli.read.answer`) of up to three pools of hits of one
query: the memory hits as ranked, then, when episodes are found, twice the episodes ranked among those
memory hits (:func:`memcli.read.quotes.pool`: with no slot and with the slot of their turn). What a pool
changes is computed per pool: a hit's rank, its ``ratio`` to the pool's best score, ``cos_gap`` and
``lift``, the question's ``no_slot``/``no_subject``, ``kind_missing`` and ``world`` (by the people its
hits name), the grounding and the sharing by subject (:func:`memcli.read.answer.question_p`). The rest
is the same in every pool and is computed once: of the question its focus, tokens, slots, anchor,
personal score (a 512-d dot product), task and asked name; of each hit (by its words and slot) its
subject and attribute features, coverages, topic, kind and lexical confirmation. The two store look-ups
(:func:`memcli.read.subject.name_aliases`, :func:`memcli.read.missing.missing_features`) run once per
distinct argument. Each pool's p and feature rows are those a pass from scratch gives.

Read path: imports the store interface, the answer features' modules and text helpers, never
``memcli.write``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import cached_property
from typing import Any

from memcli.db.store import MemoryStore
from memcli.read import subject
from memcli.read.answer import (
    FEATURES,
    Answerability,
    anchor,
    answer_group,
    answer_subject,
    attr_feature,
    coverage,
    found_by_fact,
    hit_features,
    personal_score,
    pool_mean,
    question_p,
    subject_feature,
    topic_coverage,
)
from memcli.read.asked_thing import held_attrs, modifiers_dropped, thing_features
from memcli.read.asked_value import shares_word
from memcli.read.compare import compared_things, offers_alternatives
from memcli.read.counted import other_counts
from memcli.read.cross_word import Embed, bare_words, crossed
from memcli.read.gaps import names_thing, piece_only, value_unheld
from memcli.read.general import about_other, general_request, others_only
from memcli.read.given import instruction
from memcli.read.how_to import asks_market, procedure_rest
from memcli.read.irrealis import irrealis_hit, realis_question
from memcli.read.kinds import kind_feature, kind_missing
from memcli.read.meal import ability_keys, is_meal
from memcli.read.mismatch import asked_name, names_after_relation, names_given
from memcli.read.missing import asked_subject, missing_features
from memcli.read.new_thing import new_things_zh
from memcli.read.question_subject import asks_own_name
from memcli.read.request import (
    about_world,
    addressed,
    definite_things,
    informative_match,
    is_task,
    names_someone,
    told_value_zh,
    wants_taste,
)
from memcli.read.results import RetrievalInfo
from memcli.read.slot_leg import query_slot_keys
from memcli.read.tokens import query_tokens, when_only
from memcli.read.told_name import subject_names
from memcli.read.world_fact import asks_world_fact
from memcli.sensitive import asks_secret
from memcli.slot_query import question_focus
from memcli.text import to_simplified

__all__ = ["AnswerPass", "Pool"]

#: a pool: the hits' ``(final score, fused, row, recency)`` in rank order (row: ``statement``, ``slot``)
Pool = list[tuple[float, Any, dict[str, Any], float]]


def _named(slot: str | None, question: str) -> str:
    """The name of a ``person:…`` slot's subject (``person:sam.like.x`` → sam), or of a ``thing:…`` one
    when it is a proper name in ``question`` (capitalised there, or 4+ CJK characters: 北京新品发布盛会, not
    金毛犬 nor "golden retriever", a kind any general question may name), else ""."""
    head = slot.split(".", 1)[0] if slot else ""
    name = head.split(":", 1)[1] if head.startswith(("person:", "thing:")) else ""
    if not name or head.startswith("person:"):
        return name
    at = question.casefold().find(name.casefold())
    proper = question[at].isupper() if name.isascii() and at >= 0 else len(name) >= 4
    return name if proper else ""


def _own_hit(f: Any) -> bool:
    """A hit a leg found (dense, lexical, slot), not only subject expansion: it has features of its own."""
    return any(leg != "subject" for leg in f.ranks)


def _has_word(statement: str, word: str) -> bool:
    """``word`` (case-folded) is a whole word of ``statement``, or its plural."""
    return re.search(rf"\b{re.escape(word)}(?:s|es)?\b", statement, re.IGNORECASE) is not None


class _Question:
    """The question's features, the same in every pool of one query."""

    def __init__(self, query: str, info: RetrievalInfo, lang: str, qvec: Any, answer: Answerability) -> None:
        self.focus = question_focus(query)  # a long message's question sentence, without the chatter before it
        self.tokens = info.tokens or query_tokens(self.focus, drop_stopwords=True)
        self.words = [t for t in self.tokens if t.isascii() or len(t) > 1]
        self.group = answer_group(query, lang)
        self.long = self.focus != query
        self.en = self.group.startswith("en")  # round 33's no_value and piece: English questions only
        self.slots = query_slot_keys(self.focus) if self.long else info.slots  # not the slots the chatter names
        self.personal = personal_score(None if qvec is None else qvec.tolist(), answer.lang_params(self.group))
        self.simple = to_simplified(self.focus)
        self.kinds_text = modifiers_dropped(self.simple)  # round 44: the kinds of the thing asked, not its modifiers
        self.alternatives = offers_alternatives(self.focus)  # round 44: "… tea or coffee?"
        # "Any food allergies?" / 有什么过敏的吗: put to the user with no subject word, so about the user
        # a meal put to the asker names them ("can you suggest a dinner recipe for me": the "for me" of a request)
        self.has_anchor = anchor(self.focus, self.slots) or int(
            addressed(self.simple, self.slots, query_tokens(self.simple, drop_stopwords=False)) or is_meal(self.simple))
        # 我老公能吃辣吗: the allergy its modal reads, or his diet or a dislike, answers (memcli.read.meal.ability_keys)
        self.answered_by = ability_keys(self.simple, self.slots)
        self.asks_name = bool(asked_name(self.simple, self.slots))  # 老王住在哪里: 我住在… holds the slot, not 老王's
        self.task = is_task(self.simple) and not wants_taste(self.simple)  # "recommend a restaurant I'd like"
        self.all_tokens = query_tokens(self.simple, drop_stopwords=False)
        self.definite = definite_things(self.simple)  # "the sofa": a thing both speakers know
        # "Translate into French: my mother lives in Lyon": a task on the text it hands over, judged by its
        # instruction alone; one naming nobody of the user's asks nothing of the store (memcli.read.given)
        told = instruction(to_simplified(query))
        self.hands_text = told is not None and not anchor(told, query_slot_keys(told))
        # round 38: "Who invented coffee?", 红楼梦的作者是谁 — a fact of the world's history or make-up (whole messages,
        # as ``world``; one naming the user or someone of theirs asks of their world)
        self.world_fact = None if self.long or self.has_anchor else asks_world_fact(self.simple)
        # round 39: 咖啡 looked up over "I take my coffee with milk": bare topic words, matched across scripts
        self.bare = [] if self.long else bare_words(self.focus, self.tokens)
        # round 39: a how-to ("How do I cook dumplings?", 饺子怎么做) or a market, weather or news question
        # (腾讯今天股价) is the world's: the "I" of "how do I" is anyone, so the anchor is read on the rest
        # (memcli.read.how_to)
        if not self.long and not self.world_fact and self.public_ask():
            self.world_fact, self.has_anchor = "fact", 0

    def public_ask(self) -> bool:
        """The question asks a procedure or a public thing's state (:mod:`memcli.read.how_to`) and, once the how-to
        opening is taken off, names neither the user nor anyone of theirs; not a meal put to the asker ("how should I
        cook dinner tonight?": :func:`memcli.read.meal.is_meal`)."""
        if is_meal(self.simple):
            return False
        rest = procedure_rest(self.simple)
        if rest is None:
            rest = self.simple if asks_market(self.simple) else None
        return rest is not None and not anchor(rest, query_slot_keys(rest))


class AnswerPass:
    """The answerability of one query's pools (:meth:`score`), each feature computed once per query.

    Args:
        store: the store the two look-ups read (bound user ``user``, world time ``as_of``).
        answer: the fitted gate (:class:`~memcli.read.answer.Answerability`).
        query: the cleaned query text; ``info``: its retrieval info (``tokens`` and ``slots`` set by
            the legs before the first :meth:`score`; ``answer_min_p`` set by each one); ``lang``: its
            language; ``qvec``: the query vector, float32 (dim,), or None (no dense leg); ``embed``: texts →
            (n, dim) float32 L2-normalised vectors of the query's model, or None (a bare word is then matched across
            scripts by nothing: :mod:`memcli.read.cross_word`).
    """

    def __init__(self, store: MemoryStore, answer: Answerability, *, user: str, query: str, info: RetrievalInfo,
                 lang: str, qvec: Any = None, as_of: datetime | None = None, embed: Embed | None = None,
                 turn_cos: float = 0.0) -> None:
        self.store, self.answer, self.user, self.query = store, answer, user, query
        self.info, self.lang, self.qvec, self.as_of, self.embed = info, lang, qvec, as_of, embed
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._vectors: dict[str, Any] = {}  # word → vector, for :func:`memcli.read.cross_word.crossed`
        # round 40: the best cosine of the user's turns the dense leg found (memcli.read.episodes); a memory's
        # cos_gap is read from it too — "I get a skin rash from penicillin" topped the memories for "When did I get
        # my wisdom tooth out?" (cos_gap 0.02) while the turn that told the extraction stood far above it
        self.turn_cos = turn_cos

    @cached_property
    def question(self) -> _Question:
        """The question's features, computed at the first pool that needs them."""
        return _Question(self.query, self.info, self.lang, self.qvec, self.answer)

    @cached_property
    def secret(self) -> str | None:
        """The kind of secret the question asks for ("what's my wifi password", 我的银行卡密码是多少:
        :func:`memcli.sensitive.asks_secret`), else None: memcli keeps no secret, so no hit answers it."""
        return asks_secret(to_simplified(question_focus(self.query)))

    @cached_property
    def asked_relation(self) -> str | None:
        """The relation key the question asks about (:func:`memcli.read.missing.asked_subject`), None for
        the user, a named person or a group."""
        return asked_subject(self.question.simple, self.question.slots)

    def _once(self, key: tuple[Any, ...], fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)``, computed at the first call with ``key`` in this query (``fn`` is a
        function of the query and of what ``key`` holds)."""
        if key not in self._memo:
            self._memo[key] = fn(*args, **kwargs)
        return self._memo[key]

    def _lexical(self, f: Any, text: str) -> bool:
        """The lexical leg confirms the hit: not on words saying when alone; for a long message, on a word of its
        question sentence (not one CJK character) or a nickname jieba cut with the next character (小陈靠… → 小 /
        陈靠); for an English one (round 31), on a word of it too, not on a piece of a word the LIKE side found
        ("opera" in "operation")."""
        q = self.question
        return "lexical" in f.ranks and not self._once(("when", text), when_only, q.tokens, text) and (
            not (q.long or q.group == "en") or self._once(("words", text), coverage, q.words, text) > 0
            or self._once(("informative", text), informative_match, q.focus, q.tokens, text))

    def _knows(self, statement: str) -> bool:
        """The statement names a thing the question names as one both speakers know ("When is the hen do?" vs
        "My sister's hen do is on the 22nd": :func:`memcli.read.request.definite_things`), a word as telling as a
        topic word of 4+ letters."""
        return any(_has_word(statement, w) for w in self.question.definite)

    def _general(self, people: tuple[str, ...], others: bool, matched: list[bool]) -> bool:
        """The question is a general request (:func:`memcli.read.general.general_request`) or matched only on
        facts about someone else (:func:`memcli.read.general.others_only`; ``matched``: of each informative
        lexical match, whether it is such a fact)."""
        q = self.question
        return bool(self._once(("general", people, others), general_request, q.simple, q.slots, task=bool(q.task),
                               has_anchor=bool(q.has_anchor), people=people, others=others)
                    or others_only(q.simple, q.slots, has_anchor=bool(q.has_anchor), matched=matched, people=people,
                                   others=others))

    def _unfounded(self, own: list[tuple[float, Any, dict[str, Any]]], x_of: dict[int, list[float]],
                   p_of: dict[int, float], attrs: dict[int, int], no_slot: int,
                   slot_of: dict[int, str | None]) -> set[int]:
        """The ids of the hits that are no evidence for the question, whatever their fitted p (round 48):

        - a hypothetical (:func:`memcli.read.irrealis.irrealis_hit`: "if I ever got a dog it'd be a beagle") for a
          question about what is ("Do I have a dog?", "What breed is my dog?"), not one put in its mood ("what dog
          would I get?": :func:`memcli.read.irrealis.realis_question`);
        - for a question asking a slot of the user or someone of theirs no active memory holds (``no_slot``: "where
          did I go to college?" with no school told), a hit holding another specific attribute of the subject
          (``attr`` -1: 我老婆不喝酒 for 我老婆对什么过敏; not the attribute of a thing or person named and not in the
          question, :func:`_named_other`: the inn for "where was the inn I stayed at?", the teacher for "who is my
          kid's teacher?"), or one holding nothing asked — no asked attribute nor kind, no topic
          word matched nor an informative word of the question (:func:`memcli.read.asked_value.shares_word`) — that
          stands no nearer to the question than the pool's mean (``lift`` <= 0: a trip
          found by the "go" of "where did I go"). A paraphrase over a slotless fact stands out of the pool;
        - for a question asking the name of a relative themself (:func:`memcli.read.question_subject.asks_own_name`:
          not of their coffee shop) no active memory names (``no_slot``, ``father.name``), a hit that does not name
          them either (:func:`memcli.read.subject.name_in_passing`: "My dad didn't come, he and
          Theo haven't spoken in years" holds Theo's name, not the father's)."""
        q, idx = self.question, {name: n for n, name in enumerate(FEATURES)}
        words = [w.casefold() for w in q.words if not w.isascii() or len(w) >= 3]
        realis = realis_question(q.focus)
        names = bool(no_slot and self.asked_relation and asks_own_name(q.simple)
                     and any(k.endswith(".name") for k in q.slots))
        out: set[int] = set()
        for _, f, row in own:
            x = x_of.get(f.id)
            if f.id not in p_of or x is None:
                continue
            if realis and self._once(("irrealis", row["statement"]), irrealis_hit, row["statement"], words):
                out.add(f.id)
            elif names and not (slot_of.get(f.id) or "").endswith(".name"):
                out.add(f.id)
            elif no_slot and ((attrs[f.id] < 0 and not _named_other(slot_of.get(f.id), q.simple))
                              or (attrs[f.id] == 0 and x[idx["kind"]] <= 0 and x[idx["lift"]] <= 0
                                                  and not x[idx["lexical_topic"]]
                                                  and not shares_word(q.tokens, row["statement"]))):
                out.add(f.id)
        return out

    def score(self, top: Pool, via: dict[int, int], cos_by_id: dict[int, float], *, dense_ran: bool,
              explain: bool, slot_found: bool = False) -> tuple[dict[int, float], dict[int, list[float]]]:
        """p_relevant of each hit of the pool ``top`` (:mod:`memcli.read.answer`; rounded to 4 places); a hit
        brought by subject expansion (``via``: id → parent id) shares its parent's, or keeps its own when a leg
        found it too and its own is larger (a vetoed parent, 我舅舅叫… for 我妈的弟弟住哪, does not veto the
        address the legs found: :func:`_own_hit`); and each own hit's feature row
        (:data:`memcli.read.answer.FEATURES`, rounded to 6 places). ``cos_by_id``: id → cosine of the dense
        leg, every candidate's (their mean is the ``lift`` baseline); ``slot_found``: the slot leg found
        something. ({}, {}) when the gate is off and ``explain`` is not asked, the dense leg did not run or
        the pool has no own hit. Sets ``info.answer_min_p`` when the gate applies. A question asking for a
        secret's value (:func:`memcli.sensitive.asks_secret`) has p 0 on every hit, the dense leg run or
        not: the store holds no secret (``info.asks_secret``: its kind)."""
        if self.answer.enabled and top and self.secret:
            self.info.asks_secret = self.secret
            if not dense_ran:  # the lexical-only fallback has no p: a secret's question still gets none
                self.info.answer_min_p = self.answer.min_p(self.question.group)
                return {f.id: 0.0 for _, f, _, _ in top}, {}
        if not (self.answer.enabled or explain) or not dense_ran or not top:
            return {}, {}
        own = [(final, f, row) for final, f, row, _ in top if f.id not in via or _own_hit(f)]
        if not own:
            return {}, {}
        q, store, user, as_of = self.question, self.store, self.user, self.as_of
        best = max(final for final, _, _ in own) or 1.0
        best_cos = max(self.turn_cos, max((cos_by_id.get(f.id, 0.0) for _, f, _ in own), default=0.0))
        mean_cos = pool_mean(list(cos_by_id.values()))
        # a named person the user's R.name fact names is R (Anna's birthday answers "my sister's birthday")
        own_slots = tuple(row.get("slot") for _, _, row in own)
        alias = self._once(("alias", own_slots), subject.name_aliases, store, user, q.slots, list(own_slots),
                           as_of=as_of, query=q.simple)
        # a hit that names the relative whose name is asked ("My daughter Emma starts…") holds that name
        slot_of = {f.id: subject.name_in_passing(subject.aliased(row.get("slot"), alias), row["statement"], q.slots)
                   for _, f, row, _ in top}
        said = {f.id: self._once(("simple", row["statement"]), to_simplified, row["statement"]) for _, f, row in own}
        missing_kind = kind_missing(q.kinds_text, list(said.values()), q.alternatives)
        subjects = {f.id: self._once(("subject", said[f.id], slot_of[f.id], missing_kind), subject_feature, q.simple,
                                     q.slots, slot_of[f.id], said[f.id], not missing_kind) for _, f, row in own}
        attrs = {f.id: self._once(("attr", said[f.id], slot_of[f.id]), attr_feature, q.answered_by, slot_of[f.id],
                                  said[f.id]) for _, f, row in own}
        # a long message's slot and lexical matches count when its question sentence confirms them, not its chatter
        slotted = {f.id: "slot" in f.ranks and (not q.long or attrs[f.id] > 0) for _, f, row in own}
        found = any(slotted.values()) if q.long else slot_found
        if q.asks_name:  # 老王住在哪里: 我住在… holds the slot, not 老王's
            found = any(subjects[i] > 0 and attrs[i] > 0 for i in subjects)
        subject_hit = max(subjects.values()) > 0
        no_slot, no_subject = self._once(("missing", found, subject_hit), missing_features, store, user, q.simple,
                                         q.slots, slot_found=found, subject_hit=subject_hit, as_of=as_of)
        # 长江有多长 vs 我坐游轮游了长江三峡: about the world unless it names a person or thing of the hits
        # (A和B哪个活动持续时间更长: two events the user attends) or asks which of them
        # round 45: "Where does John live?" after "John said he lives in Oslo": a name a hit opens with as its subject
        people = tuple(n for i in said for n in (*names_after_relation(said[i]), _named(slot_of[i], q.simple),
                                                 *names_given(said[i], q.simple), *subject_names(said[i], q.simple))
                       if n)
        # "How much was the sofa?" with 'We bought a new sofa' stored: a thing both know, the user's
        known = tuple(w for w in q.definite if any(names_thing(said[i], w) for i in said))
        people += known
        # 沙发多少钱 with 上个月买的沙发花了三千八 told: the thing whose price the user told, theirs
        people += tuple(w for w in [told_value_zh(q.simple, q.all_tokens, list(said.values()))] if w)
        new = new_things_zh(q.simple, list(said.values()))  # round 48: 新公司KPI怎么算 after 我新公司…: the user's
        people += tuple(new)
        # 书房的椅子和办公室的椅子哪个更贵 with both chairs told: two things of the user's (memcli.read.compare)
        people += compared_things(q.simple, q.tokens, list(said.values()))
        if not q.has_anchor:  # "where is jodie moving?" after "My best mate Jodie …": someone the user named
            people += self._once(("told",), subject.told_people, store, user, q.simple, as_of=as_of)
        others = any(not (answer_subject(slot_of[i]) or "thing:").startswith("thing:") for i in said)
        # a long message's question sentence is read alone (地点是什么 after chatter about an event the user
        # attends): it may drop what the chatter names, so only a whole-message question is judged
        # a bare word asked (咖啡?) is a topic looked up, as 咖啡 is: no subject named first (round 39)
        world = not q.long and not q.bare and self._once(("world", people, others), about_world, q.simple, q.slots,
                                                         q.all_tokens, has_anchor=bool(q.has_anchor), people=people,
                                                         others=others)
        # round 38: a fact of history or make-up (memcli.read.world_fact) names nobody and nothing of the user's: not
        # who among their people ("Who invented the violin?" over the daughter's lessons), and of an invention or an
        # origin, "the X" is the kind ("Who invented the telephone?"), not a thing of theirs a hit names
        # (its *who* is the inventor or the author: no someone.… slot of 特斯拉公司是谁创立的 names one of theirs)
        world_fact = bool(q.world_fact) and not names_someone(
            q.simple, (), tuple(n for n in people if n not in known) if q.world_fact == "origin" else people,
            longer_words=True)  # 谁发明了小提琴: 小提 opens 小提琴, no nickname
        lexical_of = {f.id: self._lexical(f, row["statement"]) for _, f, row in own}
        # round 39: a bare word naming, in the other script, a word of the hit is the lexical leg's match on that word
        cross = {f.id: c for _, f, row in own if q.bare and self.embed is not None and not lexical_of[f.id]
                 and (c := self._once(("cross", row["statement"]), crossed, q.bare, row["statement"], self.embed,
                                      self._vectors))}
        lexical_of.update(dict.fromkeys(cross, True))
        tokens_of = {i: [c.get(t, t) for t in q.tokens] for i, c in cross.items()}
        # a task, a topic to be told about, a general frame, or a question matched only on someone else's facts
        # (钢琴怎么入门 vs the daughter's lessons), naming nobody of the user's: about the world (memcli.read.general)
        world = world or (not q.long and self._general(people, others, [
            about_other(slot_of[f.id], said[f.id]) for _, f, row in own if lexical_of[f.id]
            and self._once(("informative", row["statement"]), informative_match, q.focus, q.tokens, row["statement"])]))
        # round 32: how much of the thing an English question asks ("football team") each hit holds
        thing = {f.id: self._once(("thing", said[f.id], slot_of[f.id]), thing_features, q.focus, said[f.id],
                                  held_attrs(slot_of[f.id], said[f.id])) for _, f, _ in own}
        p_of: dict[int, float] = {}
        x_of: dict[int, list[float]] = {}
        for rank, (final, f, row) in enumerate(own, start=1):
            text, slot = row["statement"], row.get("slot")
            lexical, tokens = lexical_of[f.id], tokens_of.get(f.id, q.tokens)
            x = hit_features(
                cos=cos_by_id.get(f.id), lexical=lexical, slot=slotted[f.id],
                cover=self._once(("cover", text, slot, *tokens), coverage, tokens, text, slot),
                strong_cover=self._once(("strong", text, slot, *tokens), coverage, tokens, text, slot,
                                        strong=True),
                ratio=final / best, best_cos=best_cos, mean_cos=mean_cos, rank=rank, subject=subjects[f.id],
                attr=attrs[f.id], has_anchor=q.has_anchor, query_chars=len(q.focus), personal=q.personal,
                topic=self._once(("topic", text, *tokens), topic_coverage, tokens, text), no_slot=no_slot,
                no_subject=no_subject, kind=self._once(("kind", said[f.id]), kind_feature, q.kinds_text, said[f.id],
                                                             q.alternatives),
                kind_missing=missing_kind, task=q.task,
                lexical_topic=lexical and (f.id in cross or self._once(("informative", text), informative_match,
                                                                       q.focus, q.tokens, text)
                                           or self._knows(said[f.id]) or any(w in said[f.id] for w in new)),
                world=world,
                unheld=thing[f.id][0], thing_part=thing[f.id][1],
                no_value=self._once(("value", said[f.id]), value_unheld, q.focus, said[f.id]) if q.en else 0.0,
                piece=self._once(("piece", text), piece_only, q.tokens, text) if q.en else 0.0, world_fact=world_fact)
            x_of[f.id] = [round(v, 6) for v in x]
            p = self.answer.p(x, q.group) if self.answer.enabled else None
            if p is not None:
                p_of[f.id] = round(p, 4)
        unfounded = self._unfounded(own, x_of, p_of, attrs, no_slot, slot_of)
        p_of.update(dict.fromkeys(unfounded, 0.0))
        by_fact = found_by_fact(q.slots, [(slot_of.get(parent), slot_of.get(i)) for i, parent in via.items()])
        alone = {f.id: p_of[f.id] for _, f, row in own if row.get("told") and f.id in p_of}
        p_of = question_p(p_of, list(x_of.values()), {f.id: answer_subject(slot_of[f.id]) for _, f, row in own},
                          by_fact=by_fact, attr_of={i: float(a) for i, a in attrs.items()})
        for i, parent in via.items():
            if parent in p_of:
                p_of[i] = max(p_of.get(i, 0.0), p_of[parent])
        # round 31: a turn with no memory, read as about the relative its words name (quotes.told_slot: R.fact),
        # holds no known attribute of theirs: it gives its p to their facts and takes none from them ("Which team
        # does my dad support?" had raised every turn naming Dad to the best of Dad's facts and filled the block)
        p_of.update({i: min(p_of[i], p) for i, p in alone.items() if i in p_of})
        p_of.update(dict.fromkeys((i for i in unfounded if i in p_of), 0.0))  # sharing gives them nothing back
        if self.secret or q.hands_text:
            p_of = dict.fromkeys(p_of, 0.0)
        if q.en and self.embed is not None and p_of:  # "how many books" never takes "19 cats" (round 42)
            p_of.update(dict.fromkeys(other_counts(q.focus, {f.id: row["statement"] for _, f, row in own
                                                             if f.id in p_of}, self.embed, self._vectors), 0.0))
        self.info.answer_min_p = self.answer.min_p(q.group) if self.answer.enabled else None
        return p_of, x_of


def _named_other(slot: str | None, question: str) -> bool:
    """Whether ``slot`` is a thing's or a named person's (``thing:X.…``, ``person:X.…``) whose name ``question``
    (simplified) does not say: such a hit may be the answer itself (who the teacher is, which inn), never another
    attribute of the one asked (merge of round 48)."""
    if not slot or not slot.startswith(("thing:", "person:")):
        return False
    return slot.split(":", 1)[1].split(".", 1)[0] not in question
