"""What held before, and what happened in a window (round 39): the retrieval's time readings at work.

- :func:`ended_hits`: a question about the past (:func:`memcli.read.time_intent.asks_past`: "What car did I have
  before?", 我以前住在哪) is answered by a memory a later change ended (``invalid_at`` set by a change, not expired
  as a correction of the record and not forgotten), which the legs never reach: they read what holds now. Among
  the user's :data:`SCAN` newest memories, an ended one answers when the change that ended it is among the
  question's hits (its ``invalid_reason`` names it: "contradicted by #5"), its slot is one the question asks
  (``residence`` for "where did I live"), it holds an informative word of the question, or it names a thing of
  the kind asked (:func:`memcli.read.kinds.kind_feature`: a Honda Civic for "car"). Each comes first, at the best
  hit's score and at least the answerability point, with ``ended_at`` set: the block says it no longer holds.
- :func:`window_answers`: a question about the user's doings in a window (:mod:`memcli.read.time_intent`) — or a
  when-question about a thing they did (:func:`memcli.read.time_intent.told_when`) — is answered by the events
  told in the window (or by the event it names, whose day of telling is the answer): a hit of the window that is
  no habit and, unless the question asks what the user did at all ("What did I do last week?", 我上周做了什么),
  shares an informative word with it, is kept at least at the answerability point; for the former, the hits of
  other times and the habits are left out, and the user's memories of the window that no leg found
  (:func:`window_events`) are added. The fitted gate reads the
  words of a question against a statement, and "What did I do yesterday?" shares none with "I went bouldering".
  Round 48: the windows of :mod:`memcli.read.time_window` too (a month by its name, this year, recently); a bare
  "what happened" with its time alone (上个月发生了什么) asks the user's doings; of those, a standing fact merely
  told in the window ("I'm allergic to peanuts", 我喜欢吃辣) is no answer (:func:`memcli.read.time_window.happened`,
  or a change: :func:`changers`); a question of how long or since when is answered as a when-question is.
- :func:`held_then` (round 41): a question about a state in a past period (a year, last year, 去年, "in 2025",
  2025年: the window ends before the question's time; not what the user did then) is answered by the facts valid
  then, as ``--as-of`` reads them (the bitemporal valid time: ``valid_from`` before the period's end, ``invalid_at``
  none or after its start), ended ones marked as such; a hit of the asked slot that began after the period does not
  answer it and leaves the list once a fact of that slot held then is found. "Where did I work last year?" read
  the job taken this year.
- ended facts beside the current ones (round 41): a question asking every fact of a kind over time
  (:func:`memcli.read.time_intent.over_time`: "Which cities have I lived in?", 我住过哪些城市) reaches the ended
  memories of the asked slot after the current ones; a when-question about a thing the user did ("When did I move
  to Hamburg?") reaches the ended memory naming it (the move happened, though the user lives elsewhere now).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memcli.db.store import status_of
from memcli.read.results import Hit, row_hit
from memcli.read.said_when import in_window
from memcli.read.time_intent import habitual

__all__ = ["SCAN", "activity_asked", "asked_window", "asks_time", "changers", "deeds_in", "ended_hits", "finish",
           "window_answers", "window_events"]

#: the user's newest memories read for ended ones (a bounded look-up: an ended fact older than these is not found)
SCAN = 256
_BY = re.compile(r"contradicted by #(\d+)")
#: a question asking what the user did or what happened at all, not one thing of theirs
_ACTIVITY = re.compile(r"\bwhat\s+(?:did|have|had)\s+(?:i|we)\s+(?:do|done|get\s+up\s+to|been\s+up\s+to)\b|"
                       r"\bwhat\s+(?:was|were)\s+(?:i|we)\s+(?:doing|up\s+to)\b|\bwhat\s+happened\b|"
                       r"\bhow\s+did\s+(?:i|we)\s+spend\b|\bwhat\s+(?:did|have)\s+(?:i|we)\s+been\s+up\s+to\b|"
                       r"做(?:了)?(?:什么|啥|些什么)(?!工作|职业|行业|生意|的工作)|干(?:了)?(?:什么|啥|嘛)(?!工作|职业|行业)|忙(?:了)?(?:什么|啥|些什么)|"
                       r"发生了什么|怎么过的|去(?:了)?哪(?:儿|里)?(?:了|玩)|"
                       # round 48: 做了哪些事, 干了些什么, 发生了哪些事, 去了哪里; "Where did I go in April?"
                       r"(?:做|干|忙)(?:了)?(?:哪些|些)|发生了(?:啥|哪些)|去了哪|\bwhere\s+did\s+(?:i|we)\s+(?:go|travel)\b(?!\s+to\s+(?:school|college|university|uni|church|work))|"
                       # what changed or is new in the user's life (round 48: 最近有什么变化, "What's new lately?")
                       r"\bwhat(?:'s|\s+has|\s+have)?\s+changed\b|\bwhat'?s\s+new\b|\banything\s+new\b|"
                       r"有(?:什么|啥|哪些)(?:新)?(?:变化|改变|新鲜事|新情况)", re.IGNORECASE)


_USER = re.compile(r"\b(?:i|me|my|we|us|our)\b|我|咱", re.IGNORECASE)
#: the question is the asking and its time alone (round 48: 上个月发生了什么, "What happened in October?"): it asks
#: of the user's life as one asking "what did I do" does
_BARE_EN = re.compile(r"\s*(?:so\s+|and\s+|ok\s+)?(?:what(?:'s|\s+has|\s+have)?\s+(?:happened|changed|been\s+"
                      r"happening|been\s+going\s+on)|what'?s\s+new|anything\s+new)\b([^?]*)\??\s*", re.IGNORECASE)
_TIME_WORDS_EN = frozenset("in during over on the last this past few couple of a weeks week weekend month months year "
                           "recently lately so far these days ago since yesterday today with to me for".split()) | {
    m for m in ("january february march april may june july august september october november december".split())}
_BARE_ZH = re.compile(r"[上下这本今去前昨最近来期段时间阵子些几个月周末星期礼拜年天日号份的里"
                      r"一二三四五六七八九十\d\s，,]*"
                      r"(?:都|又|还)?(?:发生了(?:什么|啥|哪些事)(?:事)?|有(?:什么|啥|哪些)(?:新)?(?:变化|改变|新鲜事|新情况))"
                      r"[呢吗啊吧呀]?[？?。!！]*")


def activity_asked(question: str) -> bool:
    """Whether ``question`` asks what the user (named: I, we, 我) did or what happened, no thing of theirs named; or
    asks only what happened or changed then, naming no one (round 48: 上个月发生了什么)."""
    if _ACTIVITY.search(question) is None:
        return False
    if _USER.search(question) is not None:
        return True
    if not question.isascii():
        return _BARE_ZH.fullmatch(question.strip()) is not None
    m = _BARE_EN.fullmatch(question.strip())
    return m is not None and all(w in _TIME_WORDS_EN for w in re.findall(r"[a-z]+", m.group(1).casefold()))


#: attributes that answer each other's questions ("where did I work" / "what was my job"; as the answerability's)
_KIN = ({"job", "workplace"}, {"education", "school"})


def _slot_asked(slot: str | None, slots: Sequence[str]) -> bool:
    """Whether a memory's ``slot`` is one of the asked ``slots``, of a kin attribute (:data:`_KIN`), or of the
    relative asked said in another word (``wife.job`` for ``spouse.job``: round 48)."""
    if not slot:
        return False
    from memcli.read.question_subject import same_subject
    from memcli.slots import ME, split_slot

    held = split_slot(slot)[0]
    if held != ME and not held.startswith(("person:", "thing:")):  # the asked relative under the memory's word
        slots = [*slots, *(held + k[len(asked):] for k in slots if (asked := split_slot(k)[0]) not in (ME, held)
                           and not asked.startswith(("person:", "thing:")) and same_subject(asked, held))]
    kin = [f"{k.rsplit('.', 1)[0]}.{o}" if "." in k else o for k in slots for group in _KIN
           if k.rsplit(".", 1)[-1] in group for o in group]
    return any(slot == k or slot.startswith(k + ".") or k.startswith(slot + ".") for k in [*slots, *kin])


def _another(question: str, slots: Sequence[str], slot: str | None) -> bool:
    """Whether a memory's ``slot`` is about another person than the one ``question`` asks of
    (:func:`memcli.read.question_subject.subject_feature` -1, read by the slot alone: "I live in Norwich with my
    husband" is the user's home, whoever its words name; ``question`` simplified as the subject gate reads it)."""
    from memcli.read.question_subject import subject_feature
    from memcli.text import to_simplified

    return subject_feature(to_simplified(question), slots, slot, "") < 0


def ended_hits(store: Any, user: str, question: str, tokens: Sequence[str], slots: Sequence[str],
               hits: Sequence[Hit], point: float | None, limit: int, *, reading: str = "any") -> list[Hit]:
    """The ended memories that answer the past ``question`` (see the module doc), best first, at most ``limit``:
    :class:`Hit` with ``ended_at`` (when the change ended it), ``legs`` ``["past"]``, ``score`` the best hit's
    (1.0 with none) and ``p_relevant`` at least ``point`` (the answerability point; None: no gate). ``tokens``:
    the question's search tokens; ``slots``: its slot keys; ``hits``: its hits as ranked. ``reading``: ``any``
    (a past question), ``slot`` only (a question over time), ``word`` only (a when-question: the thing named)."""
    from memcli.read.asked_value import shares_word
    from memcli.read.kinds import kind_feature

    found = {h.id: h for h in hits if h.id is not None}
    rows = [r for r in store.list_items(user, include_all=True, limit=SCAN) if status_of(r) == "invalid"]
    top = max((h.score for h in hits), default=1.0)
    out: list[tuple[int, Hit]] = []
    for r in rows:
        by = _BY.search(r["invalid_reason"] or "")
        changer = found.get(int(by.group(1))) if by else None
        statement = str(r["statement"])
        if reading == "slot":
            strength = 2 * _slot_asked(r["slot"], slots)
        elif reading == "word":
            strength = int(shares_word(tokens, statement))
        else:
            strength = (2 if changer is not None else 0) + (2 if _slot_asked(r["slot"], slots) else 0) + \
                int(shares_word(tokens, statement)) + int(kind_feature(question, statement) > 0)
        # round 48: another person's ended fact is no past of the one asked (我以前的工作 for 我爱人以前做什么工作)
        if not strength or _another(question, slots, r["slot"]):
            continue
        p = max(changer.p_relevant or 0.0 if changer else 0.0, point or 0.0)
        out.append((strength, row_hit(r, top, "past", p=None if point is None else p, ended=True)))
    out.sort(key=lambda x: -x[0])
    return [h for _, h in out[:limit]]


def _overlaps(r: dict[str, Any], window: tuple[datetime, datetime]) -> bool:
    """Whether the memory row held at some time of ``window`` (valid time: ``[valid_from, invalid_at)``)."""
    from memcli.timeutil import from_iso

    ends = r["invalid_at"]
    return from_iso(r["valid_from"]) < window[1] and (ends is None or from_iso(ends) > window[0])


def held_then(store: Any, user: str, question: str, tokens: Sequence[str], slots: Sequence[str], hits: list[Hit],
              window: tuple[datetime, datetime], point: float | None, limit: int) -> list[Hit]:
    """``hits`` read for a past period (see the module doc): the user's memories (active, or ended by a change;
    among the :data:`SCAN` newest) valid at some time of ``window`` that are of the asked slot (or its kin: job and
    workplace; a question asking no slot is left as it is) come first, those holding an informative word of the
    question too before the others — the ones not among the hits at the best
    hit's score and at least ``point``, legs ``["past"]``, ``ended_at`` set when they ended; the hits of an asked
    slot whose memory began after the window leave the list when a memory of that slot held in it. At most
    ``limit``; ``hits`` unchanged when no memory held then."""
    from memcli.read.asked_value import shares_word

    if not slots:  # a state asks an attribute; "What did I eat yesterday?" asks the window's events (window_answers)
        return hits
    rows = [r for r in store.list_items(user, include_all=True, limit=SCAN)
            if status_of(r) in ("active", "invalid") and not habitual(r["kind"], str(r["statement"]))
            and _overlaps(r, window)]
    then = [(2 * _slot_asked(r["slot"], slots) + int(shares_word(tokens, str(r["statement"]))), r) for r in rows]
    then = sorted(((s, r) for s, r in then if s >= 2), key=lambda x: -x[0])
    if not then:
        return hits
    found = {h.id: h for h in hits if h.id is not None}
    top = max((h.score for h in hits), default=1.0)
    first: list[Hit] = []
    for _, r in then:
        h = found.get(int(r["id"])) or row_hit(r, top, "past", p=point, ended=r["invalid_at"] is not None)
        if point is not None:
            h.p_relevant, h.below_floor = max(h.p_relevant or 0.0, point), False
        first.append(h)
    held = any(_slot_asked(r["slot"], slots) for _, r in then)  # the asked slot (or its kin) held then: a hit of it
    later = {h.id for h in hits if held and h.id is not None and _slot_asked(h.slot, slots)  # begun after answers
             and h.valid_from >= window[1]}  # nothing of then (我跳槽去了大疆 for 去年我在哪儿工作)
    ids = {h.id for h in first}
    return (first + [h for h in hits if (h.id not in ids or h.origin == "episode") and h.id not in later])[:limit]


def changers(store: Any, user: str) -> frozenset[int]:
    """The ids of the memories that ended another by a change (its ``invalid_reason`` "contradicted by #id"), among
    the user's :data:`SCAN` newest (round 48)."""
    rows = store.list_items(user, include_all=True, limit=SCAN)
    return frozenset(int(m.group(1)) for r in rows if (m := _BY.search(r["invalid_reason"] or "")))


def deeds_in(store: Any, user: str, window: tuple[datetime, datetime], changes: frozenset[int]) -> list[dict[str, Any]]:
    """The user's active memory rows, among the :data:`SCAN` newest, told or dated in ``window`` that tell a deed or
    an event (:func:`memcli.read.time_window.happened`) or are a change (their id in ``changes``): what a question
    about the user's doings then asks for (round 48)."""
    from memcli.read.time_window import happened

    return [r for r in store.list_items(user, limit=SCAN) if in_window(r, window)
            and (happened(r["kind"], str(r["statement"])) or int(r["id"]) in changes)]


def window_events(store: Any, user: str, hits: Sequence[Hit], window: tuple[datetime, datetime],
                  point: float | None, changes: frozenset[int] = frozenset()) -> list[Hit]:
    """The user's active memories told or dated in ``window`` that are no habit and not among ``hits`` (nor drawn
    from a turn among them), among the :data:`SCAN` newest: the events a question about the user's doings in the
    window asks for, which share no word with it — an event, a change (its id in ``changes``) or a fact whose words
    tell a deed (round 48: :func:`memcli.read.time_window.happened`). Newest first, at the lowest score of ``hits``
    (the legs' own finds stay first), ``p_relevant`` ``point``, ``legs`` ``["window"]``."""
    rows = deeds_in(store, user, window, changes)
    have = {h.id for h in hits if h.id is not None}
    rows = [r for r in rows if int(r["id"]) not in have]
    turns = {h.episode_id for h in hits if h.episode_id is not None}
    if rows and turns:
        told = store.source_ids_by_item(user, [int(r["id"]) for r in rows])
        rows = [r for r in rows if not set(told.get(int(r["id"]), [])) & turns]
    low = min((h.score for h in hits), default=1.0)
    return [row_hit(r, low, "window", p=point) for r in rows]


def window_answers(hits: Sequence[Hit], question: str, tokens: Sequence[str], window: tuple[datetime, datetime] | None,
                   point: float | None, when_told: bool = False, changes: frozenset[int] = frozenset()) -> int:
    """Keep at ``point`` (the answerability point; None: no gate, nothing to do) the hits that answer a window
    question or a when-question about a thing told (``when_told``), see the module doc. Returns how many hits
    were raised from below the point. ``window``: ``[start, end)`` UTC, or None (only ``when_told`` then).
    ``changes``: the ids of the memories that ended another (round 48: a change answers what the user did then,
    whatever its words; any other standing fact only when its words tell a deed, :func:`happened`)."""
    from memcli.read.asked_value import shares_word
    from memcli.read.time_window import happened

    if point is None or (window is None and not when_told):
        return 0
    every = window is not None and activity_asked(question)
    raised = 0
    for h in hits:
        dated = window is None or in_window({"valid_from": h.valid_from.isoformat(), "event_when": h.event_when,
                                             "kind": h.kind, "statement": h.statement}, window)
        if every and dated and not (happened(h.kind, h.statement) or h.id in changes):
            dated = False  # a fact told then that held before (我喜欢吃辣 said in May): nothing the user did in May
        if every and not dated:  # what the user did then: a thing of another time, or a habit, answers nothing
            h.below_floor = True
        if not h.below_floor or habitual(h.kind, h.statement):
            continue
        if dated and (every or shares_word(tokens, h.statement)):
            h.p_relevant, h.below_floor = max(h.p_relevant or 0.0, point), False
            raised += 1
    return raised


def asks_time(question: str) -> bool:
    """Whether a message naming a time asks about that time (round 43): a question, not a telling
    (:func:`memcli.read.told.tells`: 今晚给我老婆做饭, "I'm taking my son to the zoo tomorrow"), nor a suggestion, a
    choice or a task put to the assistant (:func:`memcli.read.time_intent.suggestion_asked`: "Cooking for my wife
    tonight, any ideas?", 周末去哪玩比较好; :func:`memcli.read.request.is_task`; what to eat,
    :func:`memcli.read.meal.is_meal`), nor a routine ("What do I usually do on Mondays?", 我周末一般做什么). Such
    messages say when a thing is to be done: the memories said or dated then answer nothing of theirs. ``question``:
    simplified Chinese or other text."""
    from memcli.read.meal import is_meal
    from memcli.read.request import is_task
    from memcli.read.time_intent import routine_asked, suggestion_asked
    from memcli.read.told import tells

    return not (routine_asked(question) or suggestion_asked(question) or tells(question) or is_task(question)
                or is_meal(question))


def asked_window(question: str, lang: str, as_of: datetime | None, tz: Any, store: Any = None,
                 user: str | None = None) -> tuple[datetime, datetime] | None:
    """The window ``question`` asks about: a date it names (English, :func:`memcli.read.said_when.asked_window`,
    not with ``as_of``, as in round 34) or a window relative to its time (``as_of``, else now; calendar days in
    ``tz``: :func:`memcli.read.time_intent.relative_window`); None for neither, or for a message that names a time
    but asks nothing of it (:func:`asks_time`: a telling, a suggestion asked, a routine). "Recently" (round 48,
    :func:`memcli.read.time_window.recent`) is a window only when ``store`` holds a deed or change of ``user``'s
    in it: with none, 我最近去了哪里 asks for the latest one, however old (no window)."""
    from memcli.read import said_when
    from memcli.read.time_intent import relative_window
    from memcli.timeutil import now_utc

    if not asks_time(question):
        return None
    from memcli.read.time_intent import month_window, year_window
    from memcli.read.time_window import named_month, recent, this_year

    ref = as_of or now_utc()
    named = said_when.asked_window(question) if lang != "zh" and as_of is None else None
    if lang == "zh" and (month := month_window(question, ref, tz)):  # 去年三月 (round 42): not 去年
        return month
    found = named or relative_window(question, ref, tz) or year_window(question, tz)
    if found is not None:
        return found
    # round 48: a month by its name and this year, asked of the user ("When did Tim go to Rome in May?" names
    # another's month of another year), and — for a question of the user's doings — recently
    doings = activity_asked(question)
    if not doings and _USER.search(question) is None:
        return None
    named = named_month(question, ref, tz) or this_year(question, ref, tz)
    soft = recent(question, ref, tz) if doings and named is None else None
    if soft is None or store is None or user is None:
        return named or soft
    return soft if deeds_in(store, user, soft, changers(store, user)) else None


def _thing_named(hits: Sequence[Hit], tokens: Sequence[str]) -> None:
    """How long a thing has held asks of that thing (round 48): once a kept hit holds an informative word of the
    question (游泳 of 我学游泳几年了), the hits holding none leave the block (I joined a rowing club: another
    thing's start, which the model would count from)."""
    from memcli.read.asked_value import shares_word

    named = [shares_word(tokens, h.statement) for h in hits]
    if any(n and not h.below_floor for n, h in zip(named, hits, strict=True)):
        for n, h in zip(named, hits, strict=True):
            h.below_floor = h.below_floor or not n


def finish(store: Any, user: str, question: str, info: Any, hits: list[Hit], window: tuple[datetime, datetime] | None,
           limit: int, *, past: bool, as_of: datetime | None = None) -> list[Hit]:
    """The hits after the time readings (see the module doc): the window's and a told event's answers kept at the
    point, for a ``past`` question the ended memories first, for a past period (a window ended before now; not with
    ``as_of``, which reads one time already) the facts valid then (:func:`held_then`), and for a question over time
    or a when-question the ended memories of the slot or naming the thing after the hits. ``info``: the query's
    :class:`~memcli.read.results.RetrievalInfo` (its tokens, slots, ``answer_min_p``; ``below_floor`` recounted)."""
    from memcli.read.time_intent import over_time, told_when
    from memcli.read.time_window import duration_asked
    from memcli.timeutil import now_utc

    lasting = duration_asked(question)
    when = told_when(question) or lasting  # round 48: how long, since when: the thing's valid time answers
    activity = window is not None and activity_asked(question)
    changes = changers(store, user) if activity else frozenset()
    window_answers(hits, question, info.tokens, window, info.answer_min_p, when_told=when, changes=changes)
    if lasting and info.answer_min_p is not None:
        _thing_named(hits, info.tokens)
    if activity:
        hits = sorted(hits, key=lambda h: h.below_floor)  # (stable: the answers first, each part in its order)
        hits = (hits + window_events(store, user, hits, window, info.answer_min_p, changes))[:limit]
    elif window is not None and as_of is None and window[1] <= now_utc() and not when:
        hits = held_then(store, user, question, info.tokens, info.slots, hits, window, info.answer_min_p, limit)
    if past:
        ended = ended_hits(store, user, question, info.tokens, info.slots, hits, info.answer_min_p, limit)
        hits = (ended + [h for h in hits if h.id not in {e.id for e in ended} or h.origin == "episode"])[:limit]
    elif as_of is None and ((o := over_time(question)) or when):
        ended = ended_hits(store, user, question, info.tokens, info.slots, hits, info.answer_min_p, limit,
                           reading="slot" if o else "word")
        keep = [h for h in hits if not h.below_floor]
        hits = (keep + ended + [h for h in hits if h.below_floor])[:limit]
    info.below_floor = sum(h.below_floor for h in hits)
    return hits
