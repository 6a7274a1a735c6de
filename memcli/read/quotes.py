"""When the user's own words (an episode) may stand in the memory block: the same bar as a memory,
and only for what the memories of that turn do not hold.

Two rules, for every episode hit (:mod:`memcli.read.episodes`):

- **The same gate** (:func:`pool`, :func:`gate`): an episode is scored by the fitted answerability model
  (:mod:`memcli.read.answer`) as a memory hit would be — its words as the statement, its legs and
  cosine, its score before the ``weight_episode`` discount, ranked among the memory hits of the
  query; read once with no slot and once with the slot of a memory drawn from its turn, the better
  counting — and is ``below_floor`` (``context`` leaves it out) when that p is below the chosen point.
  Before, an episode had no p at all: the nearest turn of an unrelated question rode along.
- **Only what it adds** (:func:`for_block`, :func:`adds`): the block shows a memory as the memory. An
  episode that stands in the search list for memories of its turn (``memory_ids``,
  :func:`memcli.read.episodes.merge`) gives way to them, and a quote whose turn's memories the block
  shows (admitted by the gate) is kept only when the turn holds at least :data:`MIN_ADDED` units of
  content (its jieba terms: Chinese characters, English word stems) none of them has — the fact no
  memory captured. A quote none of whose memories is in the block stays: it is then the only carrier of
  what was said there — unless the turn is stale: its memories were all ended by a later change
  (``invalid_at``; a memory expired as a correction of the record does not count) and its words add
  nothing to theirs (``superseded``, :func:`mark_turns`). Then the user's old words are no current fact and
  ``context`` does not quote them (``--as-of`` a time they held, it does). ``search`` keeps its one line
  per turn, the stale one marked. When its words do add to them (a move's old town told with a market loved
  there), the quote stays, marked as since changed (``turn_ended``; round 39: it was served as if it held).

- **Not a sigh at the day** (:func:`unrelated`): an episode sharing no content word with the question is
  admitted only at a cosine of :data:`UNSHARED_MIN_COS` or more, read without its words saying when: a mood
  kept as an episode (今天好累啊, "ugh, long day") is no answer to every question about today.

Read path: imports the results, answer features' inputs and text helpers, never ``memcli.write``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from memcli.read.fusion import Fused
from memcli.read.request import asks_only
from memcli.read.results import Hit
from memcli.read.tokens import query_tokens
from memcli.text import to_simplified, word_form
from memcli.timeutil import from_iso, now_utc

__all__ = ["MIN_ADDED", "SHORT_TURN_UNITS", "UNSHARED_MIN_COS", "adds", "for_block", "gate", "mark_turns",
           "memory_first", "pool", "shares_content", "told_relations", "told_slot", "told_thing", "units", "unrelated"]

#: a turn adds to its memories when this many units of it are in none of them: an English word stem
#: counts 2, a Chinese character 1 — one word (the month of "due in September") or two characters (a
#: name, 竹影) is a told detail; in doubt the quote stays, for a fact lost costs more than a line repeated
MIN_ADDED = 2
_EN_UNIT = 2
#: discourse markers and stance words: how it was said, no told fact (the write path drops them from a
#: clause's lead, so a memory never holds them and a turn would "add" them), matched as the word was
#: written, before stemming ("honestly", never "honest" nor "Frank")
_FILLER_EN = frozenset(
    "honestly frankly actually really basically literally seriously truly anyway anyways btw tbh oh "
    "so also just yeah ok okay um uh hey lol haha".split())
_FILLER_ZH = ("说实话", "说真的", "老实说", "其实", "反正", "确实", "真的", "哈哈", "嗯", "呃")
#: phrases that say the telling, not a fact (round 39: "Like I said, I take my coffee with milk" quoted beside the
#: memory it repeats): "as I said", "I told you", "you know", "by the way"; 我跟你说过, 跟你讲, 对了, 你知道吗
_TELLING = re.compile(
    r"\b(?:(?:like|as) i (?:said|told you|mentioned)(?: (?:before|earlier|already))?|i (?:told|tell) you|"
    r"i (?:already )?(?:said|mentioned)(?: (?:this|that|it))?(?: (?:before|earlier|already))?|you know|i mean|"
    r"by the way|just so you know|for the record|to be honest|fyi|remember)\b|"
    r"我?(?:之前|以前|上次|早就)?(?:跟你|和你|对你|给你)?(?:说过|讲过|提过|说了|讲了)(?:的|了)?|跟你(?:说|讲)|"
    r"对了|你知道(?:吗|的)?|顺便(?:说|提)一下|我记得", re.IGNORECASE)


def units(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The content of ``text``: (its Chinese characters, its English word stems), from its jieba terms
    without stopwords (so 的/了/the/and never count) and discourse markers (honestly, 说实话: how it was
    said), stems of one letter (the m of I'm) left out."""
    zh: set[str] = set()
    en: set[str] = set()
    text = _TELLING.sub(" ", text)
    for f in _FILLER_ZH:
        text = text.replace(f, " ")
    for t in query_tokens(text, drop_stopwords=True):
        if t.isascii() and t.lower() not in _FILLER_EN:
            w = word_form(t)
            if len(w) > 1 or w.isdigit():
                en.add(w)
        elif not t.isascii():
            zh.update(c for c in to_simplified(t) if "\u4e00" <= c <= "\u9fff")
    return frozenset(zh), frozenset(en)


def adds(turn: str, statements: Sequence[str]) -> bool:
    """Whether the turn holds at least :data:`MIN_ADDED` units of content that no statement has."""
    zh, en = units(turn)
    held_zh: set[str] = set()
    held_en: set[str] = set()
    for s in statements:
        z, e = units(s)
        held_zh |= z
        held_en |= e
    return len(zh - held_zh) + _EN_UNIT * len(en - held_en) >= MIN_ADDED


def mark_turns(store: Any, user: str, episodes: Sequence[Hit], as_of: datetime | None = None,
               ) -> dict[int, list[tuple[int, str | None]]]:
    """Set ``turn_memories`` of each episode hit: the ids of the active memories drawn from its turn; and
    ``superseded`` when its turn is stale: it has memories, a later change ended every one of them (their
    ``invalid_at`` at or before ``as_of``, now when None) and its words do not :func:`adds` to theirs.
    Returns source id → ``(item id, slot)`` of the active memories."""
    turns: dict[int, list[tuple[int, str | None]]] = {}
    ended: dict[int, list[tuple[int, str]]] = {}
    live: set[int] = set()
    if not episodes:
        return turns
    at = as_of or now_utc()
    for r in store.turn_statements(user, [h.key for h in episodes]):
        sid = int(r["source_id"])
        if r["invalid_at"] is None:
            turns.setdefault(sid, []).append((int(r["item_id"]), r["slot"]))
        if r["invalid_at"] is not None and from_iso(r["invalid_at"]) <= at:
            ended.setdefault(sid, []).append((int(r["item_id"]), r["statement"]))
        else:
            live.add(sid)  # still valid at ``at``: the turn told what then held
    for h in episodes:
        h.turn_memories = [i for i, _ in turns.get(h.key, [])]
        gone = ended.get(h.key, []) if h.key not in live else []
        h.superseded = [i for i, _ in gone] if gone and not adds(h.statement, [s for _, s in gone]) else []
        h.turn_ended = bool(gone) and not h.superseded  # it adds to them: quoted, marked as since changed
    return turns


def pool(episodes: Sequence[Hit], top: Sequence[tuple[float, Any, dict[str, Any], float]], weight: float,
         cosines: dict[int, float], memory_cosines: dict[int, float],
         turns: dict[int, list[tuple[int, str | None]]] | None = None, slot_found: Sequence[int] = (),
         asked: str | None = None) -> tuple[list[tuple[float, Any, dict[str, Any], float]], dict[int, float]]:
    """The episodes as memory hits of the same query, for the answerability gate: ``top`` (the memory
    hits' ``(final, fused, row, recency)`` as the retrieval ranked them) with each episode ranked among
    them by its score before the discount ``weight`` (what a memory matching as well scores), its words
    as the statement, its legs; and the cosines of both (``cosines``: source id → cosine of the episode
    leg). An episode's id there is minus its source id, so it never meets a memory id. The turn told what
    its memories (``turns``, :func:`mark_turns`) hold: the episode has the slot of one of them (one the
    slot leg found, ``slot_found``: its ids, first; and then it counts as found by the slot leg), so its
    subject and attribute are judged — and its p shared by subject — as that memory's are. A turn with no
    memory is about the relative its words name (:func:`told_slot`; ``asked``: the relation the question
    asks, :func:`memcli.read.missing.asked_subject`): 我婆婆怎么样了 meets 婆婆这几天住院了 told only as an episode
    as a fact of ``mother_in_law``, not as one of nobody's."""
    out = list(top)
    by_slot = set(slot_found)
    things = [(r["slot"], r["statement"]) for _, _, r, _ in top if r.get("slot")]
    for h in episodes:
        slots = [(i in by_slot, s) for i, s in (turns or {}).get(h.key, []) if s]
        found = any(f for f, _ in slots)
        ranks = dict.fromkeys([*h.legs, *(["slot"] if found else [])], 1)
        rel = None if slots else told_slot(h.statement, asked)
        thing = None if slots or rel else told_thing(h.statement, things)  # (a thing's own turn: shares its p)
        row = {"statement": h.statement, "slot": max(slots, key=lambda x: x[0])[1] if slots else rel or thing,
               "told": not slots and thing is None}  # read by the relative its words name, not by a memory of its turn
        out.append((h.score / (weight or 1.0), Fused(-h.key, ranks=ranks), row, 0.0))
    out.sort(key=lambda x: -x[0])
    return out, {**memory_cosines, **{-h.key: cosines[h.key] for h in episodes if h.key in cosines}}


def told_relations(text: str) -> list[str]:
    """The relation keys a turn's words name, in order (婆婆的检查结果出来了 → ``mother_in_law``; "Spent the
    afternoon with my grandma" → ``grandmother``; 我妈… → ``mother``), each once."""
    from memcli.read.mismatch import relation_words
    from memcli.slots import ZH_RELATIONS, relation_en

    simple = to_simplified(text)
    zh, en, mine = relation_words()
    found = [(m.start(), ZH_RELATIONS.get(m.group(0))) for m in zh.finditer(simple)]
    found += [(m.start(), ZH_RELATIONS.get(m.group(0).lstrip("我").lstrip("的"))) for m in mine.finditer(simple)]
    found += [(m.start(), relation_en(m.group(0).casefold())) for m in en.finditer(simple)]
    return list(dict.fromkeys(k for _, k in sorted(found, key=lambda x: x[0]) if k))


def told_slot(text: str, asked: str | None = None) -> str | None:
    """The slot a turn with no memory is read with: ``R.fact`` for the relative R its words name — the one
    the question asks (``asked``, or one of its kind: ``mother`` for ``mom``) when they name it, else the
    first — None when they name none (the user's own turn)."""
    from memcli.slots import same_relation

    rels = told_relations(text)
    if not rels:
        return None
    rel = next((r for r in rels if asked and same_relation(r, asked)), rels[0])
    return f"{rel}.fact"


def told_thing(text: str, hits: Sequence[tuple[str, str]]) -> str | None:
    """The slot a turn with no memory and no relative is read with when its words name a thing of the user's that
    a memory hit is about (round 31): ``thing:X.fact`` for the first hit (``hits``: its slot key and statement, best
    first) about a thing ``thing:X`` whose name — X, or what the statement introduces X as (一家叫X的露营地: 露营地)
    — opens the turn (after 那 / 这 and a classifier: its subject, not a word in passing: 有点 of 今天有点累); a
    Chinese name of 3+ characters also by its last two, the head noun (露营地 → 营地).
    The place, price or opening hour of a thing is often told in a turn of its own that names the thing bare
    (理发店在文化路口, 营地在青龙山脚下), which the extractor keeps only as an episode; read so, it shares the
    answerability of the thing's memories as a memory of it would (:func:`memcli.read.answer.share_by_subject`).
    None when no such thing is named."""
    from memcli.read.question_subject import slot_subject

    simple = _THAT.sub("", to_simplified(text).casefold().lstrip())  # the thing opens the turn: its subject
    for key, statement in hits:
        subject = slot_subject(key)
        if not subject.startswith("thing:"):
            continue
        name = subject[len("thing:"):].casefold()
        names = [name, *(m.group(1) for m in _INTRODUCED.finditer(statement) if m.group(0)[1:].startswith(name))]
        for n in names:
            heads = (n, n[-2:]) if len(n) >= 3 and not n.isascii() else (n,)
            if len(n) >= 2 and simple.startswith(heads):
                return f"{subject}.fact"
    return None


#: a demonstrative before the thing that opens a turn (那家面馆…, 这个营地…)
_THAT = re.compile(r"^(?:那|这)(?:[个家座间所台辆只件])?")
#: a thing introduced with its name: 叫山野的露营地 → 露营地 (the name is the slot's subject, ``thing:山野``)
_INTRODUCED = re.compile(r"叫[^，,的]{1,12}的([\u4e00-\u9fff]{2,8})")


def gate(episodes: Sequence[Hit], readings: Sequence[dict[int, float]], min_p: float | None) -> None:
    """Set each episode's ``p_relevant`` and mark it ``below_floor`` under the chosen point ``min_p``, as
    a memory hit is. ``readings``: the answerability of each :func:`pool` it was judged in — as a memory
    with no slot and as the memory of its turn — of which the best counts: the slot is the extractor's
    reading of the turn (the birth of a sister's girl is no "niece" to it), the turn's words are the user's.
    A turn that only asks (:func:`memcli.read.request.asks_only`) holds no answer: below the point whatever its p."""
    for h in episodes:
        ps = [p[-h.key] for p in readings if -h.key in p]
        if ps:
            h.p_relevant = max(ps)
            h.below_floor = min_p is not None and (h.p_relevant < min_p or asks_only(h.statement))


#: an episode that shares no content word with the question passes the gate only at this cosine or more,
#: read without its words saying when (USE: an unrelated text sits at 0.1-0.3; "What should I do today?" meets
#: 今天好累啊 at 0.47 on 今天 alone, and 好累啊 at 0.22, while "Am I tired lately?" meets 好累啊 at 0.51)
UNSHARED_MIN_COS = 0.3


#: words naming a stretch of the day or week, left out of a turn read for its cosine alone ("ugh, long day")
_SPANS = frozenset({"day", "days", "night", "week", "morning", "evening", "afternoon", "一天", "整天", "这周",
                    "这一周", "这礼拜", "晚上", "早上", "上午", "下午", "白天"})


def _without_when(text: str, spans: bool = False) -> str:
    """``text`` without the :data:`memcli.read.tokens.WHEN_WORDS` (今天, today): words saying when; and with
    ``spans`` those naming a stretch of the day or week (:data:`_SPANS`)."""
    from memcli.read.tokens import WHEN_WORDS

    out = to_simplified(text)
    for w in sorted(WHEN_WORDS | (_SPANS if spans else frozenset()), key=len, reverse=True):
        out = re.sub(re.escape(w) if not w.isascii() else rf"\b{re.escape(w)}\b", " ", out, flags=re.IGNORECASE)
    return out


def shares_content(question: str, turn: str) -> bool:
    """Whether the turn holds a unit of content of the question (:func:`units`: a Chinese character, an
    English word stem; stopwords, discourse markers and the words saying when left out)."""
    qz, qe = units(_without_when(question))
    tz, te = units(_without_when(turn))
    return bool(qz & tz or qe & te)


def unrelated(episodes: Sequence[Hit], question: str, qvec: Any, cosines: dict[int, float],
              embed: Callable[[str], Any] | None) -> None:
    """Mark ``below_floor`` (p 0) each episode the gate admitted that shares no content word with ``question``
    (:func:`shares_content`) and whose cosine to it is under :data:`UNSHARED_MIN_COS` — read without its words
    saying when or naming a stretch of the day (``embed``: text → L2-normalised vector; one encoding per such
    turn), since a sigh at the day (今天好累啊, "ugh, long day today") meets any question about today on that
    word alone. ``cosines``: source id → the episode leg's cosine; ``qvec``: the question's vector (None:
    nothing is marked)."""
    if qvec is None:
        return
    for h in episodes:
        if h.below_floor or h.p_relevant is None or shares_content(question, h.statement):
            continue
        cos = cosines.get(h.key)
        bare = _without_when(h.statement, spans=True)
        if bare.split() != h.statement.split() and embed is not None and bare.strip(" ,.!?，。！？啊呀吧呢"):
            cos = float(embed(bare) @ qvec)
        if cos is None or cos < UNSHARED_MIN_COS:
            h.p_relevant, h.below_floor = 0.0, True


def for_block(hits: Sequence[Hit]) -> list[Hit]:
    """The hits as the memory block shows them, in order: an episode of a stale turn (``superseded``,
    :func:`mark_turns`) is left out; an episode standing in for memories of its turn gives way to those
    memories; then an episode is kept only when no memory of its turn is shown (admitted by the gate, not
    ``below_floor``) or its words :func:`adds` to those that are — and (round 39) its words add to each memory
    shown: a turn that told again what one memory says ("Like I said, I take my coffee with milk": a turn no memory
    was drawn from, the fact being stored already) repeats that memory."""
    out: list[Hit] = []
    seen: set[str] = set()
    for h in hits:
        for g in [*h.stands_for, *([] if h.superseded else [h])] if h.origin == "episode" else [h]:
            key = g.ref
            if key not in seen:
                seen.add(key)
                out.append(g)
    shown = {h.key: h.statement for h in out if h.origin != "episode" and not h.below_floor}
    return [h for h in out if h.origin != "episode" or (
        (not (said := [shown[i] for i in h.turn_memories if i in shown]) or adds(h.statement, said))
        and all(adds(h.statement, [s]) for s in shown.values()))]


#: a turn of at most this many content units (English stems) that adds nothing to the memories drawn from it is a
#: restatement of them: ``search`` lists the memory in its place (:func:`memory_first`; round 46)
SHORT_TURN_UNITS = 6
#: the stems of words that only say when (the memory's own date holds it: "Last year I went to Peru" beside "I went
#: to Peru", dated the year before)
_WHEN_STEMS = frozenset(word_form(w) for w in (
    "last next this year years month months week weeks weekend day days ago yesterday today tonight tomorrow "
    "recently lately earlier morning evening night january february march april may june july august september "
    "october november december monday tuesday wednesday thursday friday saturday sunday").split())


def _restates(turn: str, statements: Sequence[str], dated: bool) -> bool:
    """Whether ``turn`` says nothing its memories' ``statements`` do not: the same words, or a short turn (at most
    :data:`SHORT_TURN_UNITS` English stems) whose stems are all theirs — words of when aside if one is ``dated``."""
    norm = " ".join(turn.casefold().split()).strip(" .!")
    if any(" ".join(s.casefold().split()).strip(" .!") == norm for s in statements):
        return True
    _, en = units(turn)
    held: set[str] = set()
    for st in statements:
        held |= units(st)[1]
    return len(en) <= SHORT_TURN_UNITS and not {u for u in en - held if not (dated and u in _WHEN_STEMS)}


def memory_first(hits: list[Hit], limit: int) -> list[Hit]:
    """``hits`` with an English turn that restates one memory drawn from it (:func:`_restates`) replaced by that
    memory in its place (with its own score and gate): the memory is what ``search`` lists, the turn said nothing
    more (round 46) — the memory it stands for (:func:`memcli.read.episodes.merge`), or, for a turn below the
    answerability point (which stands for none), a memory of its turn listed apart. A turn adding a word, or told as
    two memories (one line, not two of the ``limit`` places), stays as before (the turn holds the rest of the
    remark)."""
    listed = {h.key: h for h in hits if h.origin != "episode"}
    taken: dict[int, Hit] = {}  # turn key -> the memory listed in its place
    for h in hits:
        if h.origin != "episode" or h.superseded or not h.statement.isascii():
            continue
        mine = h.stands_for or ([listed[i] for i in h.turn_memories if i in listed] if h.below_floor else [])
        if len(mine) == 1 and mine[0] not in taken.values() and _restates(h.statement, [mine[0].statement],
                                                                          bool(mine[0].event_when)):
            taken[h.key] = mine[0]
    if not taken:
        return hits
    moved = {id(m) for m in taken.values()}
    out: list[Hit] = []
    for h in hits:
        if h.origin != "episode":
            if id(h) not in moved:
                out.append(h)
            continue
        if (m := taken.get(h.key)) is None:
            out.append(h)
            continue
        out.append(m)  # (its own score and gate: the block's cuts read the memory as the memory)
    return out[:limit]
