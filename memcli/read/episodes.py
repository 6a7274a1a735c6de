"""The episode leg: the user's own words, found when no memory holds them.

An *episode* is a drained user turn that is not chatter and produced no memory
(:mod:`memcli.db.episodes`): an extraction miss then costs rank, not the fact. This leg
searches them the way the memory legs search memories — jieba full text (BM25) and the dense
KNN with the same query vector — fuses the two with the same language-aware weights
(:func:`memcli.read.fusion.fuse`) and scores each episode::

    final = weight_episode · rrf_norm · (1 − w_s + w_s·EPISODE_SALIENCE) · (1 − w_r + w_r·recency)

``weight_episode`` (setting, default 0.5; ``weight_episode_en`` for queries not in Chinese) keeps
an episode below a memory that matches as well: the block's facts come first, the user's words after.
For a query not in Chinese, a turn that is mostly a question to someone (:func:`asks_back`) keeps
:data:`ASKING_TURN` of that (round 36).
The dense-only floor (``min_cosine``/``min_cosine_zh``) and ``min_score`` apply as to memories. ``--as-of T``
keeps turns said at or before T. Hits are :class:`~memcli.read.results.Hit` with
``origin="episode"``, ``kind="episode"``, ``episode_id`` = the source id (``id`` None), ``valid_from`` = when it
was said, ``effective_confidence`` 0 (an episode is no belief); the setting ``episodes =
false`` turns the leg off.

Read path: imports the store, fusion and results, never ``memcli.write``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from math import inf
from typing import TYPE_CHECKING

from memcli.db.store import MemoryStore
from memcli.read import fusion
from memcli.read.results import Explain, Hit, construct
from memcli.text import clean_text, lang_of
from memcli.timeutil import from_iso, now_utc

if TYPE_CHECKING:
    import numpy as np

    from memcli.settings import Settings

__all__ = ["ASKING_TURN", "EPISODE", "EPISODE_SALIENCE", "EpisodeLeg", "asks_back", "merge"]

EPISODE = "episode"
EPISODE_SALIENCE = 0.5  # an episode has no salience of its own: the middle of [0, 1]
#: an English query's episodes are fused by plain RRF, both legs weighed alike (Cormack et al. 2009, k=60)
EN_EPISODE_WEIGHTS = {"dense": 1.0, "lexical": 1.0}
EN_EPISODE_RRF_K = 60
#: the share of its score an English query's turn keeps when it is mostly a question to someone (round 36,
#: :func:`asks_back`)
ASKING_TURN = 0.7
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")


def asks_back(text: str) -> bool:
    """Whether a turn is mostly a question (round 36): its sentences ending in "?" hold half its characters or
    more ("Cool photo! Which climbing shoes do you use?"). Asked of someone else, it tells little of the user's
    own life, yet a question's embedding is near another question's whatever they are about: such turns of the
    user ranked above the turn that answered ("… the overhang routes leave me feeling strong and fearless").
    Read for queries not in Chinese; ".", "!" and "?" end a sentence (not "？")."""
    if "?" not in text:
        return False
    said = [s.strip() for s in _SENTENCE.findall(text)]
    total = sum(len(s) for s in said)
    return total > 0 and 2 * sum(len(s) for s in said if s.endswith("?")) >= total


@dataclass
class EpisodeLeg:
    """One query's episode search: the lexical ranking first (no vector needed), the dense one
    when the query vector exists, then :meth:`hits`."""

    store: MemoryStore
    settings: Settings
    user: str
    limit: int
    as_of: datetime | None = None
    lexical: list[tuple[int, float]] = field(default_factory=list)
    dense: list[tuple[int, float]] = field(default_factory=list)

    def run_lexical(self, text: str, tokens: Sequence[str]) -> None:
        """BM25 over the episodes' jieba tokens (``tokens``: the query's, stopwords dropped), then
        the LIKE variants of the lexical leg (:func:`memcli.read.lexical.like_variants`) for what
        tokenisation misses (翠湖 in 翠湖公园); LIKE-only hits rank after the BM25 ones."""
        from memcli.read.lexical import like_variants

        hits = self.store.episode_fts(self.user, tokens, limit=self.limit, as_of=self.as_of)
        variants = like_variants(text, list(tokens))
        if variants:
            seen = {i for i, _ in hits}
            floor = min(2, max(len(v) for v in variants))
            hits += [(i, float("inf")) for i, _ in self.store.episode_like(
                self.user, variants, min_score=floor, limit=self.limit, as_of=self.as_of) if i not in seen]
        self.lexical = hits[: self.limit]

    def run_dense(self, vector: np.ndarray) -> None:
        """KNN over the episodes' vectors with the query vector (float32 (dim,), L2-normalised)."""
        self.dense = self.store.episode_knn(self.user, vector, self.limit, as_of=self.as_of)

    def weight(self, lang: str) -> float:
        """``weight_episode`` for a Chinese query, ``weight_episode_en`` (when set) for another."""
        st = self.settings
        return st.weight_episode if lang == "zh" or st.weight_episode_en is None else st.weight_episode_en

    def hits(self, *, lang: str, min_score: float, explain: bool = False) -> list[Hit]:
        """The scored episodes that pass the floors, best first (at most ``limit``)."""
        st = self.settings
        rankings: dict[str, list[int]] = {}
        if self.lexical:
            rankings["lexical"] = [i for i, _ in self.lexical]
        if self.dense:
            rankings["dense"] = [i for i, _ in self.dense]
        if not rankings:
            return []
        cos = dict(self.dense)
        bm25 = dict(self.lexical)
        # English turns: a plain equal-weight RRF of the two legs (the fitted weights rank short
        # statements; a chat turn's words are found by BM25 as much as by its embedding)
        fused = (fusion.fuse(st, rankings, cos, lang) if lang == "zh" else
                 fusion.rrf_fuse(rankings, EN_EPISODE_WEIGHTS, EN_EPISODE_RRF_K))
        rows = {int(r["id"]): r for r in self.store.episode_rows(self.user, [f.id for f in fused])}
        weights = fusion.leg_weights(st, lang)
        weight = self.weight(lang)
        now = now_utc()
        out: list[tuple[float, Hit]] = []
        for f in fused:
            row = rows.get(f.id)
            if row is None:  # retired since it was indexed (should not happen: retire drops the index rows)
                continue
            said = from_iso(row["occurred_at"])
            text = clean_text(row["content"])
            rec = fusion.recency(said, now, st.recency_half_life_days)
            final = weight * fusion.final_score(f.rrf_norm, EPISODE_SALIENCE, rec, st)
            if lang != "zh" and asks_back(text):  # round 36: a turn that asks holds little of the user's own
                final *= ASKING_TURN
            dense_only = "lexical" not in f.ranks
            floor = fusion.min_cosine_for(st, lang, lang_of(text) if dense_only and lang != "zh" else lang)
            if not fusion.passes_floor(f, cos.get(f.id), final, min_cosine=floor, min_score=min_score):
                continue
            ex = None
            if explain:
                ex = Explain(dense_rank=f.ranks.get("dense"), lexical_rank=f.ranks.get("lexical"),
                             cosine=None if f.id not in cos else round(cos[f.id], 4),
                             bm25=None if bm25.get(f.id, inf) == inf else round(bm25[f.id], 4), rrf=round(f.rrf, 6),
                             rrf_norm=round(f.rrf_norm, 4), weight_dense=weights["dense"],
                             weight_lexical=weights["lexical"], salience=EPISODE_SALIENCE, recency=round(rec, 4),
                             final=round(final, 4))
            out.append((final, construct(Hit, id=None, episode_id=int(f.id), statement=text, kind=EPISODE,
                                                   effective_confidence=0.0, valid_from=said,
                                                   score=float(round(final, 4)), origin=EPISODE,
                                                   legs=sorted(f.ranks), explain=ex)))
        out.sort(key=lambda x: (-x[0], -x[1].key))
        return [h for _, h in out[: self.limit]]


def merge(memories: list[Hit], episodes: list[Hit], limit: int,
          sources: dict[int, list[int]] | None = None) -> list[Hit]:
    """Memories and episodes in one list by score, a memory first on a tie; at most ``limit``.

    ``sources`` (memory id → the source ids of its turns; given for English queries): a memory drawn
    from a turn that is among ``episodes`` gives its place to that turn — the episode holds the
    memory's words and the rest of the remark, so the list shows the turn once instead of twice —
    and the turn's hit names it in ``memory_ids`` (the memory's id stays findable) and holds it in
    ``stands_for``, where the block takes it back (:func:`memcli.read.quotes.for_block`). A turn below the
    answerability point (:func:`memcli.read.quotes.gate`) stands in for no memory.

    A hit below that point never takes one of the ``limit`` places of a hit over it (:func:`_cut`): three
    sighs of the user's that score above the one memory that answers would otherwise leave ``context``
    (which drops them) with nothing to show."""
    both = [(h.score, 0, n, h) for n, h in enumerate(memories)] + [(h.score, 1, n, h) for n, h in enumerate(episodes)]
    both.sort(key=lambda x: (-x[0], x[1], x[2]))
    if sources is None:
        return _cut([h for *_, h in both], limit)
    # a turn the answerability gate leaves out never takes the place of a memory it admits
    turns = {h.key: h for h in episodes if not h.below_floor}
    out: list[Hit] = []
    shown: set[int] = set()
    for _, is_episode, _, h in both:
        stood = [] if is_episode else [turns[s] for s in sources.get(h.key, ()) if s in turns]
        if not is_episode and not stood:
            out.append(h)  # a memory whose turn is no episode here
            continue
        for e in [h] if is_episode else stood:
            if not is_episode and h.key not in e.memory_ids:
                e.memory_ids.append(h.key)
                e.stands_for.append(h)
            if e.key not in shown:
                shown.add(e.key)
                out.append(e)
    return _cut(out, limit)


def _cut(hits: list[Hit], limit: int) -> list[Hit]:
    """At most ``limit`` of ``hits`` (best first), in their order: those over the answerability point
    first, the places left to the best below it."""
    if len(hits) <= limit:
        return hits
    over = [h for h in hits if not h.below_floor][:limit]
    keep = {id(h) for h in over} | {id(h) for h in [h for h in hits if h.below_floor][:limit - len(over)]}
    return [h for h in hits if id(h) in keep]


def told_cos(turns: Sequence[Hit], cos: dict[int, float], tokens: Sequence[str]) -> float:
    """The best dense cosine (``cos``: source id → cosine) among ``turns`` (the episode hits of a query) that tell
    something of the question: they share an informative word with it (``tokens``: its search tokens,
    :func:`memcli.read.asked_value.shares_word`) and are not mostly a question (:func:`asks_back`: a question's
    embedding is near another question's). 0.0 when none does. Round 40: a memory's ``cos_gap`` is read from it too
    (:class:`memcli.read.answer_pass.AnswerPass`), so a memory does not stand out among the memories when the turn
    that answers stands far above it."""
    from memcli.read.asked_value import shares_word

    return max((cos.get(h.key, 0.0) for h in turns if shares_word(tokens, h.statement) and not asks_back(h.statement)),
               default=0.0)
