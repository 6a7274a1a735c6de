"""The fitted clause extractor (default): the rules' facts, plus every other clause unit the
fitted model reads as a durable fact about the user's world.

Per utterance (:meth:`FittedExtractor.extract_batch` does a whole claimed batch with one
embedding call):

1. the rules (:class:`~memcli.write.extract.RuleExtractor`) give their facts — slots,
   normalisation, relative time and coreference stay theirs;
2. the utterance is cut into clause units (:func:`memcli.write.clauses.units`); a unit whose
   content a rule fact already carries is done (an English one with three content words or more
   that no rule fact carries is not: it is scored, and kept it says the rule fact whole) — unless it
   reports a third party's view or a past state of a thing
   (:func:`~memcli.write.clauses.hearsay_or_passing`: my neighbour says the gym is overpriced, the
   bus was late): then the rule fact stands only if the clause model keeps the clause;
3. every other unit that is not chatter (:func:`~memcli.write.clauses.is_chatter`) is embedded
   and scored by the clause model (:class:`~memcli.write.clause_model.ClauseModel`: P(fact) from
   the embedding and the rule signals); at or over the fitted threshold it becomes a candidate in the user's own words
   (:func:`~memcli.write.clauses.clean`) with the generic ``subject.attribute`` slot of its
   parse (:func:`~memcli.write.clauses.generic_slot`) and the model's probability in its
   metadata (``clause_p``); a unit that states an attribute of a named thing by its shape
   (:func:`~memcli.write.clauses.named_attribute`: 读书会的地点是北京) is kept whatever the probability.

Without weights fitted for the configured model it is the rule extractor. It takes its
embedder (an :class:`~memcli.embed.Embedder` or a callable that loads it on first use).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from memcli import slots
from memcli.governance.confidence import extracted as extracted_confidence
from memcli.models import Candidate, Kind
from memcli.settings import Settings
from memcli.text import to_simplified
from memcli.write import garbled as gb
from memcli.write.chatter import is_task_clause, is_who_aside
from memcli.write.clause_model import ClauseModel, load_clause_weights
from memcli.write.clauses import (
    Unit,
    clean,
    en_parts,
    generic_slot,
    hearsay_or_passing,
    is_chatter,
    model_text,
    named_attribute,
    signals,
    specific_slot,
    units,
)
from memcli.write.correction import denied_values
from memcli.write.described_reply import described_answer
from memcli.write.en_readings import with_readings
from memcli.write.extract import RuleExtractor, Utterance
from memcli.write.job_change import with_job_change
from memcli.write.named_it import with_named_it
from memcli.write.noun_turn import noun_turn
from memcli.write.relay import with_relays
from memcli.write.rules import analyze
from memcli.write.rules.allergy_told import allergy_once
from memcli.write.rules.en_carry import felt_about, with_en_subjects, with_referent
from memcli.write.rules.en_coord import antecedent, distribute, resolve_it
from memcli.write.rules.en_pair_subject import pair_as_subject
from memcli.write.rules.en_tail import trim_tail
from memcli.write.rules.en_words import _AGO
from memcli.write.rules.job_offer import new_job_told
from memcli.write.rules.zh_carry import with_details, with_subjects, zh_parts
from memcli.write.split import ability
from memcli.write.told_shapes import as_stated, only_wished, owned_step, plan_told, told_by_shape
from memcli.write.unit_cuts import with_model

if TYPE_CHECKING:
    from memcli.embed import Embedder

__all__ = ["FittedExtractor"]

#: a clause that ends on a pronoun for what it is about ("got me into it", "talked me out of that")
_POINTS_ON = re.compile(r"\b(?:into|about|out of|with|for|on|of|to|around|near|without) (?:it|that|this|them)\W*$",
                        re.I)
_TIMED = re.compile(r"(?:^|\.)event\.(?:re)?scheduled$")  # the rules' time of an event ("…got moved to Friday")
#: a subordinate clause before its main clause (Since my knee healed, …; Back when I lived in Oslo, …)
_LEADS_MAIN = re.compile(r"^\W*(?:(?:back|ever|right|just|long) )?(?:since|when|whenever|after|before|once|until|"
                         r"till|while|as soon as)\b", re.I)

#: words a completion or a rewrite of a name may add (My dog is called Biscuit)
_EN_GLUE = gb.EN_PRONOUN | gb.EN_CUT_END | frozenset("is are was were am be been has have had called named me".split())


def _role_named(c: Candidate, found: list[Candidate]) -> bool:
    """``c`` names a relation's holder no other rule fact gives the name of (My manager Wendy is strict → My
    manager is Wendy: :mod:`memcli.write.rules.role_told`, round 45): kept beside the fact said as spoken."""
    return bool(c.slot and c.slot.endswith(".name") and slots.relation_en(slots.slot_subject(c.slot) or "")
                and all(o.slot != c.slot for o in found if o is not c))


#: content words of an English unit no rule fact carries from which the unit is scored whole all the same
_EN_LEFT_OPEN = 3


def _read_as(utt: Utterance) -> str:
    """The text of ``utt`` its clause units are cut from: an English one with its pronoun subjects read as
    whom they mean, as the rules read it (:func:`memcli.write.rules.coref.resolve`: "They eat crickets" after
    "I have three turtles" is scored and kept as "My turtles eat crickets"); any other as said. Not "it":
    it is as often no thing at all ("It would be fun to…") and a wrong thing garbles what is kept."""
    from memcli.write.rules.coref import apply_edits, resolve
    from memcli.write.rules.mixed import rules_lang  # (the turn's grammar: Leo已经不开车了, he's a chef now)

    if rules_lang(utt.text) != "en" or (res := resolve(utt.text, utt.context)) is None:
        return utt.text
    # (English edits and what they resolved are made one for one, in order)
    return apply_edits(utt.text, [e for e, (word, _, _) in zip(res.edits, res.resolved, strict=True)
                                  if word.casefold() not in ("it", "its")])


def _no_fact(u: Unit) -> bool:
    """Round 46: a unit setting right whom a slip was about (that's my brother, not me; 那是我姐姐，不是我) or asking
    the assistant to explain or work out something (:mod:`memcli.write.chatter`): no fact. Not in ``is_chatter``,
    which also picks the clause model's training rows: its weights stay as fitted."""
    return is_who_aside(u.text) or u.lang != "zh" and is_task_clause(u.text)


@lru_cache(maxsize=8192)
def _open_units(parts: tuple[Unit, ...], found: tuple[str, ...]) -> tuple[Unit, ...]:
    from memcli.write.rules.match import mixed_content_units
    from memcli.write.rules.zh_death import death_said

    have = frozenset().union(*(mixed_content_units(st) for st in found))

    def is_open(u: Unit) -> bool:
        # (a relative time the rules read into valid_from is carried by their fact: I quit sugar two days ago)
        cu = mixed_content_units(_AGO.sub(" ", u.text) if u.lang == "en" else death_said(u.text) or u.text)
        # (a death told briefly, 我舅舅去年走了: the rules' fact says it plainly, 我舅舅去世了 — round 47)
        # not chatter (a question, thanks, a request…), nor a unit the rules' facts already carry — but an
        # English unit a rule fact says half of, with a few content words of its own left ("This lake is where
        # I learned to swim and it's still my favourite spot"), is read whole: kept, it says the rule fact in
        # the speaker's fuller words (_absorb), not the first clause alone
        return bool(cu) and not is_chatter(u) and not _no_fact(u) and (len(have & cu) / len(cu) < 0.5 or
                                                   u.lang == "en" and len(cu - have) >= _EN_LEFT_OPEN)

    out = []
    for u, said in zip(parts, with_subjects(with_en_subjects(list(parts))), strict=True):
        u = said if u.lang == "en" else u  # (an English unit said with the "I" it drops: Took a trip → I took…)
        # each clause as read (他 → whom) and as said: what the rules' facts carry is read from the words said
        pairs = [(c, c) for c in en_parts(u)] if u.lang == "en" else zh_parts(said)
        clauses, whole = [c for c, _ in pairs], is_open(u)
        if len(clauses) == 1 or whole and all(is_open(w) for _, w in pairs):
            out += [said] if whole else []
            continue
        # an English sentence some of whose clauses the rules carry, or that ends in a question:
        # its other clauses are read on their own (…, we've known each other since kindergarten) —
        # but a clause whose object is a pronoun for what the other clause says ("My husband got me
        # into it, now I run…", "I love pottery, a friend got me into it") means nothing alone: the
        # sentence is read whole
        opened = [c for c, w in pairs if is_open(w)]
        # and a clause that leads with its time or cause ("Since my wrist healed, I…") is no fact alone either
        out += [said] if any(_POINTS_ON.search(c.text) or _LEADS_MAIN.match(c.text) and c is not clauses[-1]
                             for c in opened) else opened
    return tuple(out)


def _opens(unit: str, fact: str) -> bool:
    """``unit`` opens with all of ``fact`` (casefolded, end punctuation off) and goes on past a clause break with
    more of its own: one fact said again with its detail, one memory (I'm learning 日语 on Duolingo, 每天十五分钟)."""
    f = fact.casefold().rstrip("。.!！ ")
    u = unit.casefold()
    return len(f) >= 4 and u.startswith(f) and bool(re.match(r"\s*[，,;；—-]\s*\S", u[len(f):]))


class FittedExtractor(RuleExtractor):
    """Rules + the fitted clause model; see the module doc.

    ``embedder``: the write-path embedder or a callable returning it (loaded on first use);
    None loads ``settings.model``. ``params``: clause weights (default: fitted for the model).
    """

    name = "fitted"

    def __init__(self, settings: Settings | None = None,
                 embedder: Embedder | Callable[[], Embedder] | None = None,
                 params: dict | None = None) -> None:
        super().__init__(settings)
        self.settings = settings or Settings()
        params = params if params is not None else load_clause_weights(self.settings)
        self.model = ClauseModel(params) if params else None
        self._embedder = embedder
        #: text → vector of the units the last :meth:`extract_batch` embedded (by the write-path model)
        self.vectors: dict[str, np.ndarray] = {}

    @property
    def embedder(self) -> Embedder:
        """The embedder (loaded on first use)."""
        from memcli.embed import Embedder, load_embedder

        if self._embedder is None:
            self._embedder = load_embedder(self.settings.model, self.settings.embed_backend)
        elif not isinstance(self._embedder, Embedder):
            self._embedder = self._embedder()
        return self._embedder

    def extract(self, utt: Utterance) -> list[Candidate]:
        out = self.extract_batch([utt])[0]
        if isinstance(out, Exception):
            raise out
        return out

    @staticmethod
    def _open_units(parts: Sequence[Unit], found: list[Candidate]) -> list[Unit]:
        """The units of ``parts`` (one utterance's) the model scores: not chatter, not carried by ``found``.
        A Chinese unit that drops the subject of the unit before it is read with that subject
        (我表哥是广东人，特别爱喝早茶 → 我表哥特别爱喝早茶: :func:`memcli.write.rules.zh_carry.carried_subjects`),
        an English one that drops its "I" with it (Took a trip → I took a trip: :mod:`memcli.write.rules.en_carry`).
        A pure function of the units and the statements of ``found``, cached: a drain reads the same line of
        many users."""
        return list(_open_units(tuple(parts), tuple(c.statement for c in found)))



    @staticmethod
    def _doubtful(found: list[Candidate], parts: Sequence[Unit]) -> list[tuple[Candidate, Unit]]:
        """The rule facts of ``found`` read from a clause that reports a third party's view or a
        momentary state of a thing (:func:`~memcli.write.clauses.hearsay_or_passing`: my neighbour says
        the gym is overpriced, the bus was late), each with that clause: the rules read their words as
        a fact of whom or what they name, the clause model weighs the kind, and keeps or drops the fact.
        ``parts``: the utterance's units; a rule fact's clause is the one holding most of its content."""
        from memcli.write.rules.match import mixed_content_units

        clauses = [c for u in parts for c in en_parts(u)]
        if not found or not any(map(hearsay_or_passing, clauses)):
            return []
        read = [(c, mixed_content_units(c.text)) for c in clauses]  # each clause's content once
        out = []
        for cand in found:
            cu = mixed_content_units(cand.statement)
            best, bu = max(read, key=lambda r: len(cu & r[1]))
            if cu and len(cu & bu) / len(cu) >= 0.5 and hearsay_or_passing(best) and not (  # (round 31) an event's
                    cand.statement.isascii() and _TIMED.search(cand.slot or "")):  # time moved is no passing state
                out.append((cand, best))
        return out

    @staticmethod
    def _not_in_a_list(found: list[Candidate], utt: Utterance, parts: Sequence[Unit]) -> list[Candidate]:
        """The rule facts without the subjectless parts of a named thing's listed value that the
        rules completed with 我 (…的主要内容是A，享受B → not 我享受B): the list is one unit, kept whole.
        ``parts``: the utterance's units."""
        if not found or utt.role != "user":
            return found
        listed = [to_simplified(u.text) for u in parts if named_attribute(u)]
        if not listed:
            return found
        return [c for c in found if not (c.statement.startswith("我") and any(
            c.statement[1:] in t and c.statement not in t for t in listed))]

    @staticmethod
    def _faithful(found: list[Candidate], utt: Utterance, parts: Sequence[Unit]) -> list[Candidate]:
        """English rule facts in the speaker's own words: a statement that is no span of a unit
        (pronoun-completed at most) is a rewrite that garbles or cuts the clause (:func:`memcli.write.garbled.garbled`);
        the unit it came from, cleaned, is said instead (its slot kept when it names a known
        attribute, else the parse's) — unless a rule fact said as spoken holds all its content (My dog
        is called Rex beside I have a dog named Rex): the rewrite adds nothing, and the whole unit kept
        for it would say every clause of the sentence again. ``parts``: the utterance's units."""
        if not found or utt.role != "user":
            return found
        said = [(u, gb.words(u.text)) for u in parts if u.lang == "en" and not is_chatter(u)]
        if not said:
            return found
        out: list[Candidate] = []
        read = [(c, gb.words(c.statement)) for c in found]
        garbled = [bool(st) and all(ord(ch) < 0x3000 for ch in c.statement) and gb.garbled(st, [w for _, w in said])
                   for c, st in read]
        # the words of the rule facts said as spoken: a rewrite all of whose content one of them says
        # (My dog is called Rex beside I have a dog named Rex) adds nothing, and its unit is no fact to add
        spoken = [set(st) for (_, st), g in zip(read, garbled, strict=True) if not g]
        for (c, st), g in zip(read, garbled, strict=True):
            if not g:
                out.append(c)
                continue
            if len(st) == 2 and st[0] == "i":
                continue  # (round 33) an I put before one word said alone ("So fun!" → "I fun"): no unit says it
            content = set(st) - _EN_GLUE
            if content and _role_named(c, found):
                out.append(c)  # My manager is Wendy beside "My manager Wendy is strict": the name fact (round 45)
                continue
            if content and any(content <= w for w in spoken):
                continue
            if not any(content <= set(w) for _, w in said) and content <= set().union(*(w for _, w in said)):
                out.append(c)  # words of two sentences: the rules read one through the other (coreference)
                continue
            unit, words = max(said, key=lambda x: len(set(x[1]) & set(st)))
            if len(content & set(words)) * 2 < len(content):
                out.append(c)  # no unit says most of it ("You can call me Rob" read as chatter): no unit to say instead
                continue
            text = clean(unit)
            attr = slots.split_slot(c.slot)[1] if c.slot else None
            slot = c.slot if attr and slots.attribute(attr) is not None else (generic_slot(text) or (None,))[0]
            if text and all(o.statement != text for o in out):
                out.append(c.model_copy(update={"statement": text, "slot": slot}))
        return out

    @staticmethod
    def _specific(c: Candidate) -> Candidate:
        """A rule fact with no specific attribute (no slot, ``fact.…``, ``event.…``) takes the parse's
        slot when that names a known attribute (we moved to X → residence)."""
        if c.statement.isascii() and (short := trim_tail(c.statement)) != c.statement:
            c = c.model_copy(update={"statement": short})  # … after I left the army: its background, not the fact
        slot = specific_slot(c.statement, c.slot)
        return c if slot == c.slot else c.model_copy(update={"slot": slot})

    def extract_batch(self, utts: Sequence[Utterance]) -> list[list[Candidate] | Exception]:
        """Candidates per utterance; a failure of one is returned in its place, not raised."""
        self.vectors = {}  # ("We've moved, my wife and I, from…": read as "My wife and I have moved from…")
        # (round 47: "Got the offer from X! Y. I start on Z." → "I got a new job at X as a Y, starting Z")
        utts = [u if (t := pair_as_subject(new_job_told(u.text))) == u.text else replace(u, text=t) for u in utts]
        parts: list[list[Unit]] = []  # each utterance cut into units once
        rule_out: list[list[Candidate] | Exception] = []
        for u in utts:
            try:
                parts.append(with_named_it(units(_read_as(u))) if u.role == "user" else [])  # (Bought it! A…)
                found = [self._specific(c) for c in RuleExtractor.extract(self, u)]
                found = self._faithful(self._not_in_a_list(found, u, parts[-1]), u, parts[-1])
                found = [c if (st := felt_about(parts[-1], c.statement)) == c.statement else c.model_copy(
                    update={"statement": st, "kind": Kind.OTHER, "slot": None}) for c in found]  # (I was so nervous)
                if not found and u.role == "user" and (listed := noun_turn(u.text)):  # 牛奶、鸡蛋和面包 (round 41)
                    found = [Candidate(statement=listed, kind=Kind.OTHER, slot=None, salience=0.5,
                                       confidence=extracted_confidence(u.text, self.settings),
                                       valid_from=u.occurred_at)]
                rule_out.append([c.model_copy(update={"statement": st}) if (st := next(  # (…，华为Mate60: round 40)
                    (m for x in parts[-1] if (m := with_model(c.statement, x.text))), None)) else c for c in found])
            except Exception as exc:  # kept per task: one bad utterance fails only its task
                parts[len(rule_out):] = [[]]
                rule_out.append(exc)
        if self.model is None:
            return self._distributed(rule_out, utts)
        todo: list[tuple[int, Unit]] = []
        doubt: list[tuple[int, Candidate, Unit]] = []  # rule facts read from a hearsay / passing-state clause
        for i, (u, out) in enumerate(zip(utts, rule_out, strict=True)):
            if u.role == "user" and not isinstance(out, Exception):
                todo += [(i, x) for x in self._open_units(parts[i], out)]
                doubt += [(i, c, x) for c, x in self._doubtful(out, parts[i])]
        if not todo and not doubt:
            return self._distributed(rule_out, utts)
        # (round 35) a unit is scored as it would be stored too (…. It's about…) and by the deed it tells first
        more, fold_more = with_readings([parts[i] for i, _ in todo], [x for _, x in todo])
        read, fold = with_relays(more + [x for _, _, x in doubt])  # a relay: by its news too
        texts = [model_text(x.text) for _, x in todo]
        vec = self.embedder.embed([model_text(x.text) for x in read], batch_size=self.settings.embed_batch_size)
        prob = fold(self.model.proba(vec, np.vstack([signals(x) for x in read])))
        vec, prob, doubt_p = vec[:len(todo)], fold_more(prob[:len(more)]), prob[len(more):]
        self.vectors = dict(zip(texts, vec, strict=True))  # a kept unit said as embedded: the drain reuses it
        for (i, c, unit), p in zip(doubt, doubt_p, strict=True):
            out = rule_out[i]
            if p < self.model.threshold.get(unit.lang, 0.99) and not isinstance(out, Exception):
                out[:] = [o for o in out if o is not c]  # the model reads the clause as hearsay or a passing state
        said: dict[int, tuple[str, float]] = {}  # per utterance, once: (simplified text, confidence)
        for (i, unit), p in zip(todo, prob, strict=True):
            out = rule_out[i]
            low = p < self.model.threshold.get(unit.lang, 0.99)
            if isinstance(out, Exception) or only_wished(unit.text, unit.lang) or low and not (  # (wishes: round 31)
                    named_attribute(unit) or unit.fix or told_by_shape(unit.text, unit.lang) or ability(unit.text)
                    or described_answer(utts[i], unit.text)):  # (round 45: a described answer)
                continue
            unit = with_referent(parts[i], unit)  # (It was carved from… said after what "it" is)
            if i not in said:  # read once per utterance, not once per unit (a long turn: quadratic)
                said[i] = (to_simplified(utts[i].text), extracted_confidence(utts[i].text, self.settings))
            cand = self._candidate(utts[i], unit, float(p), *said[i])
            if cand is not None and all(c.statement != cand.statement for c in out):
                out[:] = self._absorb(out, cand, unit)
        return self._distributed(rule_out, utts)

    @staticmethod
    def _distributed(outs: list[list[Candidate] | Exception], utts: Sequence[Utterance]) \
            -> list[list[Candidate] | Exception]:
        """Each English statement whose subject governs two coordinated predicates said as two
        (:func:`~memcli.write.rules.en_coord.distribute`: I quit coffee and switched to tea → I quit
        coffee, I switched to tea); each part takes the slot the rules read from
        its words (the candidate's, or the clause parse's, when they read none).
        An object "it"/"them" is said as the thing it means when the utterance names it
        (:func:`~memcli.write.rules.en_coord.antecedent`: I have a X and I use it → I use my X)."""
        for out, utt in zip(outs, utts, strict=True):
            if isinstance(out, Exception) or not out:  # (no candidate: nothing to say apart, resolve or mark)
                continue
            new: list[Candidate] = []
            for c in out:
                parts = distribute(c.statement) if c.statement.isascii() else [c.statement]
                # each part its own slot, read from its words: the whole's slot (owns.cat named max) fits neither
                new.append(c if len(parts) == 1 else c.model_copy(
                    update={"statement": parts[0], "slot": analyze(parts[0]).slot or c.slot}))
                new += [c.model_copy(update={"statement": p,
                                             "slot": analyze(p).slot or (generic_slot(p) or (c.slot,))[0]})
                        for p in parts[1:]]
            if utt.text.isascii() and (thing := antecedent(utt.text, [c.statement for c in new])):
                new = [c if (st := resolve_it(c.statement, thing)) == c.statement or thing in c.statement
                       else c.model_copy(update={"statement": st}) for c in new]
            seen: set[str] = set()
            out[:] = allergy_once([c for c in new if not (c.statement in seen or seen.add(c.statement))])  # (r. 47)
            out[:] = with_job_change(utt.text, out)  # 换工作了，现在在…: the new job with the change it ends
            if denied := denied_values(utt.text):  # "…, not the 2nd": the decision ends the memory that says it
                out[:] = [c.model_copy(update={"metadata": {**c.metadata, "corrects": denied}}) for c in out]
        return outs

    @staticmethod
    def _absorb(found: list[Candidate], cand: Candidate, unit: Unit) -> list[Candidate]:
        """``found`` with ``cand`` (a kept English unit) added; a rule fact whose words are a span of the
        unit's, four words or more shorter ("This scarf is special to me" in "This scarf is special to
        me - a gift from my aunt"), is said once, in the unit's fuller words, with the rule's slot and kind."""
        head = [c for c in found if _opens(cand.statement, c.statement) and c.valid_from == cand.valid_from]
        if head:  # round 46: a mixed turn's unit said again whole after its rule fact (我叫林小雨, but everyone…)
            merged = head[0].model_copy(update={"statement": cand.statement, "metadata": {**head[0].metadata,
                                                                                           **cand.metadata}})
            return [c for c in found if c is not head[0]] + [merged]
        if unit.lang != "en":  # (a Chinese fact said again with its thing's details: said once, round 31)
            return with_details(found, cand)
        words = gb.words(cand.statement)
        inner = [c for c in found if (w := gb.words(c.statement)) and c.statement.isascii() and gb.span(w, words) >= 0
                 and len(w) + 4 <= len(words) and c.valid_from == cand.valid_from]  # (a relative time read: its
        # words are out of the rule's statement, and stay out)
        if not inner:
            return [*found, cand]
        first = inner[0]
        merged = first.model_copy(update={"statement": cand.statement, "slot": first.slot or cand.slot,
                                          "metadata": {**first.metadata, **cand.metadata}})
        return [c for c in found if c not in inner] + [merged]

    def _candidate(self, utt: Utterance, unit: Unit, p: float, simplified: str, confidence: float) -> Candidate | None:
        """The kept ``unit`` of ``utt`` as a candidate: its clean words as said, its generic slot and kind.
        ``simplified``: the utterance's text in simplified Chinese; ``confidence``: its extracted confidence."""
        from memcli.write.extract import _own_words, dated_clause

        statement = clean(unit)
        if not statement or len(statement) > self.max_chars or unit.lang == "en" and len(statement.split()) < 2:
            return None  # (round 33: one English word left of a unit — a name the opener was said to — states nothing)
        statement, when = dated_clause(owned_step(_own_words(statement, simplified, utt.text)), utt.occurred_at)
        parsed = None if plan_told(statement) else generic_slot(as_stated(statement) or statement)  # (round 31)
        slot = parsed[0] if parsed else None
        attr = slots.split_slot(slot)[1] if slot else None
        a = slots.attribute(attr) if attr else None
        kind = Kind(a.kind) if a else (Kind.RELATIONSHIP if slot and slots.slot_subject(slot) not in
                                       (slots.ME,) and not slot.startswith("thing:") else Kind.OTHER)
        if confidence < self.settings.confidence_extracted:  # the turn hedges: does it hedge this fact's clauses?
            confidence = extracted_confidence(utt.text, self.settings, statement)
        return Candidate(statement=statement, kind=kind, slot=slot, salience=0.5,
                         confidence=confidence, valid_from=when, metadata={"clause_p": round(p, 3)},
                         confirmed_at=utt.occurred_at if when != utt.occurred_at else None)
