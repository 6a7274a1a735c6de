"""Extraction (the seed's MemoryExtractionService): utterance → candidate facts.

One interface, :class:`Extractor`; two implementations (chosen by name in
:mod:`memcli.write.backends`):

- :class:`RuleExtractor` (default, offline, no model): clause-level facts in Chinese and
  English, each with a subject + attribute slot (:mod:`memcli.write.rules`);
- :class:`memcli.write.llm.LLMExtractor` (``extractor = "llm"``, the ``memcli[llm]`` extra): any
  OpenAI-compatible endpoint, JSON validated with pydantic.

Not memories, whatever the extractor: the assistant's turns, questions, chatter and
calendar-like statements (memory is not a calendar source). Every candidate's
``valid_from`` is when the user *said* it (the source's ``occurred_at``), moved back by a
relative time word of its clause (昨天, last month), never the clock of the worker.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from memcli.governance.confidence import extracted as extracted_confidence
from memcli.models import Candidate, Kind
from memcli.settings import Settings
from memcli.text import lang_of, to_simplified
from memcli.textcache import short_cached

__all__ = ["Extractor", "MemoryExtractionService", "RuleExtractor", "Utterance", "enrich"]


@dataclass(frozen=True)
class Utterance:
    """What the worker hands an extractor: one captured source row, and ``context``: the same
    user's turns said just before it in the same session (oldest first; for reference only —
    facts come from ``text``); ``asked``: the assistant's turn just before a short reply
    (:mod:`memcli.write.reply_to`; its question gives the reply's clause, never a fact of its own)."""

    source_id: int
    user: str
    role: str
    text: str
    occurred_at: datetime
    context: tuple[str, ...] = ()
    context_ids: tuple[int, ...] = ()  # the source ids of ``context``, when read from the store
    asked: str = ""
    asked_id: int | None = None  # the source id of ``asked``


class Extractor(ABC):
    """Turns one utterance into zero or more candidate facts.

    Implementations raise :class:`~memcli.errors.ExtractionError` on failure (the task is
    retried, then dead; nothing is written). They never see the database.
    """

    name: str = "extractor"

    def wants_context(self, utt: Utterance) -> bool:
        """Whether ``utt`` should be given its preceding turns (:attr:`Utterance.context`): the
        worker reads them from the store only then."""
        return utt.role == "user"

    @abstractmethod
    def extract(self, utt: Utterance) -> list[Candidate]:
        """Candidates stated by the user in ``utt`` (empty for chatter, questions, …)."""

    def extract_batch(self, utts: Sequence[Utterance]) -> list[list[Candidate] | Exception]:
        """Extract many; a failure of one is returned in its place, not raised."""
        out: list[list[Candidate] | Exception] = []
        for u in utts:
            try:
                out.append(self.extract(u))
            except Exception as exc:  # kept per task: one bad utterance fails only its task
                out.append(exc)
        return out


class MemoryExtractionService:
    """Utterances → candidate facts with one extractor (the seed's MemoryExtractionService).

    ``extractor``: any :class:`Extractor` (:func:`memcli.write.backends.get_extractor` gives the
    configured one). Candidates carry the utterance's time as ``valid_from``; the assistant's
    turns give nothing.
    """

    def __init__(self, extractor: Extractor) -> None:
        self.extractor = extractor
        self.name = extractor.name

    def extract_batch(self, utts: Sequence[Utterance]) -> list[list[Candidate] | Exception]:
        """Candidates per utterance; a failure of one is returned in its place, not raised.

        Every extractor reads what the user *told* (:func:`memcli.write.guard.told`: no task for the
        assistant, no hypothetical sentence, "not me, X" as X's fact) and gives no candidate holding a
        secret or a hypothetical (:func:`memcli.write.guard.keep`); of a long pasted turn, only what it says of the
        speaker (:func:`memcli.write.pasted.kept_of_long_turn`). An exception told beside a fact (我不喝酒，过年除外) is
        read apart and put back into the statement of the fact it limits (:mod:`memcli.write.exception_told`). A fact
        told "the weekend after" another date of the turn is dated from it (:mod:`memcli.write.after_anchor`)."""
        from memcli.write.after_anchor import anchored
        from memcli.write.correction import contrast_denied
        from memcli.write.exception_told import split_exceptions
        from memcli.write.guard import keep
        from memcli.write.held_quote import held_quotes, without_frames
        from memcli.write.past_value import mark_ended_past
        from memcli.write.pasted import kept_of_long_turn
        from memcli.write.resumed import resumed_candidate, resumed_thing
        from memcli.write.value_correction import bare_value, rewritten
        from memcli.write.zh_change_told import complaint_only, marked_changes, previous_job_ended, told_change

        fixed = [rewritten(u.text, u.context) if u.role == "user" else None for u in utts]  # "I said X, I meant Y"
        asked = [_replied(u) if not f else None for u, f in zip(utts, fixed, strict=True)]  # "Where …?" "Lisbon."
        texts = [f[0] if f else _read(a or u.text) if u.role == "user" else u.text
                 for u, f, a in zip(utts, fixed, asked, strict=True)]
        # round 47: a change told in everyday Chinese read as the rules read a change (memcli.write.zh_change_told)
        changed = [told_change(to_simplified(x)) if u.role == "user" and not f and lang_of(x) == "zh" else None
                   for u, x, f in zip(utts, texts, fixed, strict=True)]
        texts = [c[0] if c else x for x, c in zip(texts, changed, strict=True)]
        settings = getattr(self.extractor, "settings", None)
        excepted = [split_exceptions(x) if u.role == "user" else (x, []) for u, x in zip(utts, texts, strict=True)]
        texts = [x if not e else cut for x, (cut, e) in zip(texts, excepted, strict=True)]  # 过年除外: put back below
        todo = [n for n, x in enumerate(texts) if x.strip()]
        got = self.extractor.extract_batch([utts[n] if texts[n] is utts[n].text else replace(utts[n], text=texts[n])
                                            for n in todo]) if todo else []
        out: list[list[Candidate] | Exception] = [[] for _ in utts]
        for n, res in zip(todo, got, strict=True):
            out[n] = res if isinstance(res, Exception) else mark_ended_past(kept_of_long_turn(  # (an e-mail pasted)
                utts[n].text, [_kinded(anchored(c, texts[n], utts[n].occurred_at))  # ("the weekend after", r. 47)
                               for c in _limited(res, excepted[n][1], utts[n], settings) if keep(c)])
                if utts[n].role == "user" else [_kinded(c) for c in res if keep(c)])
            if utts[n].role == "user" and not isinstance(res, Exception):  # round 47: a swap's old value ends, a
                out[n] = previous_job_ended([c for c in marked_changes(out[n], changed[n][1] if changed[n] else {})
                                             if not complaint_only(c.statement)])  # complaint: chatter
                if held := [c for c in held_quotes(utts[n].text, utts[n].occurred_at) if keep(c)]:
                    out[n] = without_frames(out[n], held)  # round 47: "a quote I love: "…"" keeps the quote
            if (f := fixed[n]) and not isinstance(res, Exception):  # the memory that says the denied value ends
                slip = {"slip": True} if bare_value(utts[n].text) else {}  # round 46: only the new value told
                out[n] = [c.model_copy(update={"metadata": {**c.metadata, "corrects": [f[1]], **slip}})
                          for c in out[n]]
            elif utts[n].role == "user" and not isinstance(res, Exception) and (den := contrast_denied(texts[n])):
                out[n] = [c if "corrects" in c.metadata or any(d in c.statement for d in den) else c.model_copy(
                    update={"metadata": {**c.metadata, "denies": den}}) for c in out[n]]  # "a dog, not a cat" (r. 39)
            if utts[n].role == "user" and not isinstance(res, Exception) and not any(
                    resumed_thing(c.statement) for c in out[n]) and (
                    again := resumed_candidate(utts[n].text, utts[n].occurred_at)) is not None:
                out[n] = [*out[n], again]  # round 46: "I'm back on coffee, … can't live without it" read as chatter
            if asked[n] and not isinstance(res, Exception):  # the question the reply answers: where its topic came from
                from memcli.write.reply_to import provenance
                q = provenance(utts[n].asked, utts[n].asked_id)
                out[n] = [c.model_copy(update={"metadata": {**c.metadata, "reply_to": q}}) for c in out[n]]
        return out


def _limited(cands: list[Candidate], found: list, utt: Utterance, settings: Settings | None) -> list[Candidate]:
    """``cands`` with the exceptions ``found`` in ``utt`` put back into the facts they limit, and the liking of all
    of a kind they limit when nothing read it (:mod:`memcli.write.exception_told`)."""
    if not found:
        return cands
    from memcli.write.exception_told import unread_limits, with_exceptions

    out = with_exceptions(cands, found)
    return out + unread_limits(out, found, utt.occurred_at, extracted_confidence(utt.text, settings))


def _replied(u: Utterance) -> str | None:
    """A user's short reply read with the assistant's question before it (:func:`memcli.write.reply_to.read_reply`),
    or None."""
    if u.role != "user" or not u.asked:
        return None
    from memcli.write.reply_to import read_reply
    return read_reply(u.text, u.asked)


def _read(text: str) -> str:
    """What the extractor reads of a user turn: :func:`memcli.write.guard.told`, without the names the turn
    addresses in English chat (:func:`memcli.smalltalk.unaddressed`: "I started yoga last week, Sam." is
    read as "I started yoga last week."; the person it is said to is no part of the fact). ``text`` itself
    when nothing changes. Cached for texts up to 1,000 characters (a drain reads the same line of many users)."""
    read = _read_long(text)
    return text if read == text else read  # (``text`` itself, not the equal text cached from another turn)


@short_cached(1000, 8192)
def _read_long(text: str) -> str:
    from memcli.smalltalk import unaddressed
    from memcli.write.en_restated import restated
    from memcli.write.guard import told

    said = told(restated(text) if lang_of(text) == "en" else text)  # round 48: "changed again, it's X now" …
    bare = unaddressed(said)
    return said if bare == said or not bare.strip() else bare


def _own_words(statement: str, simplified: str, original: str) -> str:
    """The user's own text for a statement the rules found in the simplified form of
    ``original`` (traditional Chinese is matched as simplified, stored as written).

    OpenCC t2s maps character for character here, so a span of the simplified text is the
    same span of the original; the 我 the rules carry into a clause that drops it stays."""
    if simplified == original or len(simplified) != len(original):
        return statement
    i = simplified.find(statement)
    if i >= 0:
        return original[i:i + len(statement)]
    if statement.startswith("我") and (i := simplified.find(statement[1:])) >= 0:
        return "我" + original[i:i + len(statement) - 1]
    return statement


class RuleExtractor(Extractor):
    """Offline rule-based extractor for Chinese and English (no model, no network).

    Traditional Chinese is matched as simplified (:func:`memcli.text.to_simplified`) and
    stored in the user's own script. A statement longer than ``max_text_chars`` (a clause of
    a very long turn without punctuation) is not a memory and is skipped."""

    name = "rules"
    #: runs in-process in microseconds per utterance: the worker extracts a claimed batch at once
    local = True

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings
        self.max_chars = settings.max_text_chars if settings else 4000

    def wants_context(self, utt: Utterance) -> bool:
        """Only an utterance with a pronoun subject, or one that corrects a value it does not say the fact of
        ("I said Leeds, I meant York"), needs its preceding turns (no store read otherwise)."""
        from memcli.write.rules.coref import has_pronoun
        from memcli.write.value_correction import rewritten, value_correction

        return utt.role == "user" and (has_pronoun(utt.text) or value_correction(utt.text) is not None
                                       or rewritten(utt.text, ()) is not None)

    def extract(self, utt: Utterance) -> list[Candidate]:
        if utt.role != "user":
            return []
        from memcli.write.names import extract_names
        from memcli.write.rules import extract_matches
        from memcli.write.rules.coref import apply_edits, resolve
        from memcli.write.rules.match import resolve_ago

        text, original = to_simplified(utt.text), utt.text
        res = resolve(utt.text, utt.context)
        if res is not None:  # 她在昆明开了一家花店 after 我姐姐…: the antecedent in place of the pronoun
            original = res.text
            text = apply_edits(text, [(s, e, to_simplified(rep)) for s, e, rep in res.edits])
        if lang_of(text) == "zh":  # 下个月12号是小敏生日: the birthday's calendar day, counted from the turn
            from memcli.write.birthday_date import dated_birthdays
            if (dated := dated_birthdays(text, utt.occurred_at)) != text:
                text = original = dated  # stored as rewritten: the relative day is stale the day after
        seen: set[str] = set()
        out: list[Candidate] = []
        names = extract_names(text)
        for m in [*names, *(m for m in extract_matches(text) if not (names and m.slot == "name"))]:
            if m.slot == "birthday" and m.value == "today":  # 今天是我的生日 / Today is my birthday: said on the day
                d = utt.occurred_at
                m = replace(m, statement=f"我的生日是{d.month}月{d.day}日" if lang_of(text) == "zh" else
                            f"My birthday is {d.strftime('%B')} {d.day}", value=f"{d.month}-{d.day}")
            statement = _own_words(m.statement, text, original)
            if statement in seen or len(statement) > self.max_chars:
                continue
            seen.add(statement)
            when = resolve_ago(utt.occurred_at, m.ago)
            meta = {}
            if res is not None and (used := [
                    {"pronoun": p, "antecedent": a, **({"source_id": utt.context_ids[i]} if
                                                       0 <= i < len(utt.context_ids) else {})}
                    for p, a, i in res.resolved if to_simplified(a) in to_simplified(statement)]):
                meta["coref"] = used
            out.append(Candidate(statement=statement, kind=Kind(m.kind), slot=m.slot, salience=m.salience,
                                 confidence=extracted_confidence(utt.text, self.settings, statement), valid_from=when,
                                 confirmed_at=utt.occurred_at if when != utt.occurred_at else None, metadata=meta))
        return out


def enrich(candidate: Candidate) -> Candidate:
    """Fill a candidate's missing slot (and kind, when ``other``) from the rules, so that
    ``remember``/``import`` statements take part in slot comparison like drained ones."""
    from memcli.write.rules import analyze

    if candidate.slot and to_simplified(candidate.slot) != candidate.slot:  # an LLM's slot in traditional script
        candidate = candidate.model_copy(update={"slot": to_simplified(candidate.slot)})
    if candidate.slot and candidate.kind != Kind.OTHER:
        return candidate
    from memcli.write.clauses import specific_slot

    f = analyze(candidate.statement)
    upd: dict = {}
    if not candidate.slot and (slot := specific_slot(candidate.statement, f.slot, things=False)):
        upd["slot"] = slot  # the rules' slot, or the parse's where the rules name no attribute (I report to X)
    if candidate.kind == Kind.OTHER and f.kind:
        upd["kind"] = Kind(f.kind)
    return _kinded(candidate.model_copy(update=upd) if upd else candidate)


def _kinded(c: Candidate) -> Candidate:
    """``c`` with its kind read from its words when it is ``other`` (health, habit: :mod:`memcli.write.kind_words`),
    or when the rules' kind reads wrong (a doctor's treatment, a body part's state: :mod:`memcli.write.kind_sense`)."""
    from memcli.write.kind_sense import kind_by_sense
    from memcli.write.kind_words import kind_by_words

    kind = kind_by_sense(c.statement, kind_by_words(c.statement, c.kind, c.slot), c.slot)
    return c if kind == c.kind else c.model_copy(update={"kind": kind})



#: the words of a past time an English clause may lead or end with ("last Tuesday", "yesterday", "two weeks ago");
#: "on Tuesday" or "this Friday" may be ahead of the utterance, and stay in its words
_EN_PAST = r"\b(?:last|yesterday|ago|before|back|earlier|since|from|starting|(?:19|20)\d{2})\b"  # (a year: round 45)


def dated_clause(statement: str, said: datetime) -> tuple[str, datetime]:
    """A kept clause (the fitted extractor's, in the user's words) with its relative time read as the
    rules read it: the words dropped and the valid time moved back from when it was said
    ("Last Tuesday I fixed the bike with Ravi", said Thursday 15 October → "I fixed the bike with Ravi",
    13 October; 上周三我带爸爸去复查了 → 我带爸爸去复查了, the Wednesday of the week before). A clause with
    no such word, or nothing left without it, is returned as it was, valid from ``said``."""
    import re

    from memcli.write.rules.en import _ago_of as en_ago
    from memcli.write.rules.en_words import _AGO as EN_AGO
    from memcli.write.rules.match import resolve_ago
    from memcli.write.rules.zh_words import _ago_of as zh_ago

    if lang_of(statement) == "zh":
        from memcli.write.rules.zh_dates import date_kept

        ago, rest = zh_ago(statement)
        if ago is not None and resolve_ago(said, ago) >= said:
            return statement, said  # 我计划2027年3月去日本: a date ahead is the plan's, kept in its words (round 47)
        rest = date_kept(statement, rest)  # a date with its year stays said (我2023年3月搬到了杭州)
        enough = len(rest) >= 3
    else:
        m = EN_AGO.search(statement)
        if not m or not re.search(_EN_PAST, m.group(0), re.I):
            return statement, said
        from memcli.write.pair_dates import when_of
        if (w := when_of(statement, said)) is not None and w.month and \
                (w.year, w.month, w.day or 31) > (said.year, said.month, said.day):
            return statement, said  # round 48: "…, starting October 12th" said on Oct 1: a date ahead stays said
        ago, rest = en_ago(statement)
        rest = rest[:1].upper() + rest[1:] if statement[:1].isupper() else rest
        rest = re.sub(r"\s+(?=[.,;!?])", "", rest)  # (…read "Dune" last month. It's… → …read "Dune". It's…)
        enough = len(rest.split()) >= 2
    if ago is None or not enough:
        return statement, said
    return rest, resolve_ago(said, ago)
