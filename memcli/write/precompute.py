"""What the drain's look-ahead process computes for the writer, besides the batch itself.

The look-ahead process (:mod:`memcli.write.prepare`) extracts and embeds batch k + 1 while the drain's
own process decides and writes batch k; that process is the critical path. Much of what it computes is
a pure function of texts the look-ahead has already read, so the look-ahead computes it too, its
:mod:`memcli.primed` caches note the values and they go back with the batch:

- :class:`Precompute` ``.texts``: the rules' reading of each candidate's statement
  (:func:`memcli.write.rules.analyze`) and the full-text tokens and terms its memory and its turn's episode
  are indexed by (:func:`memcli.db.index.search_terms_of`: no jieba and no stemmer in the writer for them);
- :class:`Precompute` ``.pairs``: the judge's cosine-free pair features
  (:func:`memcli.write.pair_features.pair_core`) of each candidate against the memories it is likely to be
  judged against — the same user's earlier candidates this process prepared, the ones at or above
  ``dedup_lower`` nearest first (``decide_neighbors`` of them) and those of the same slot, as the decision
  shows them (:mod:`memcli.write.decide_range`). A guess: a pair the decision does not ask is wasted here,
  one it asks that was not guessed is computed there, as before. The decisions are the same either way.

The pairs cost the look-ahead as much as they save the writer, so they are computed only while the
writer is not waiting for the batch (``writer_waits``): a look-ahead that has fallen behind sends the
batch as soon as it is prepared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["Precompute"]

#: candidates remembered per user (the newest): the pairs of a later candidate are guessed among them
PEERS_PER_USER = 4096
#: same-slot memories guessed per candidate (the decision shows every one; a user rarely has more)
SAME_SLOT = 8


class _Peers:
    """One user's candidates prepared so far: their facts and unit vectors, oldest first."""

    def __init__(self, dim: int) -> None:
        self.facts: list[Any] = []
        self.vecs = np.empty((64, dim), dtype=np.float32)
        self.by_slot: dict[str, list[int]] = {}
        self.said: set[str] = set()  # the statements held: a restatement is an exact match, judged against nothing

    def add(self, facts: Any, vec: np.ndarray) -> None:
        if facts.statement in self.said:
            return
        self.said.add(facts.statement)
        n = len(self.facts)
        if n == len(self.vecs):
            self.vecs = np.vstack([self.vecs, np.empty_like(self.vecs)])
        self.vecs[n] = vec
        self.facts.append(facts)
        if facts.slot:
            self.by_slot.setdefault(facts.slot, []).append(n)
        if n + 1 > PEERS_PER_USER:  # the older half goes
            keep = PEERS_PER_USER // 2
            self.facts = self.facts[-keep:]
            self.vecs[:keep] = self.vecs[n + 1 - keep:n + 1]
            self.said = {f.statement for f in self.facts}
            self.by_slot = {}
            for i, f in enumerate(self.facts):
                if f.slot:
                    self.by_slot.setdefault(f.slot, []).append(i)


class Precompute:
    """The look-ahead's side work for one drain (``settings``: ``dedup_lower``, ``decide_neighbors``)."""

    def __init__(self, settings: Any) -> None:
        self.lower = float(settings.dedup_lower)
        self.k = int(settings.decide_neighbors)
        self.peers: dict[str, _Peers] = {}

    def texts(self, tasks: list[Any], extracted: list[Any], episodes: list[tuple[bool, bool, bool]]) -> None:
        """The rules' reading and the full-text terms of each candidate's statement, and the full-text terms
        of each user turn that may be kept as an episode."""
        from memcli.db.index import search_terms_of
        from memcli.smalltalk import unaddressed
        from memcli.write.rules import analyze

        for task, got, (chatter, wants, _) in zip(tasks, extracted, episodes, strict=True):
            if isinstance(got, Exception):
                continue
            for c in got:
                analyze(c.statement)
                search_terms_of(c.statement)
            if task.role == "user" and wants and not chatter:
                search_terms_of(unaddressed(task.content))

    def pairs(self, tasks: list[Any], extracted: list[Any], vectors: np.ndarray | None,
              writer_waits: Callable[[], bool]) -> None:
        """The pair features of each candidate against its user's earlier candidates (see the module), in
        batch order; stops computing (but goes on remembering the candidates) once ``writer_waits()``."""
        from memcli.write.extract import enrich
        from memcli.write.judge import facts_of
        from memcli.write.pair_features import pair_core

        if vectors is None:
            return
        pos, stopped = 0, False
        for task, got in zip(tasks, extracted, strict=True):
            if isinstance(got, Exception):
                continue
            for c in got:
                vec = vectors[pos]
                pos += 1
                c = enrich(c)
                new = facts_of(c.statement, c.slot)
                peers = self.peers.get(task.user)
                if peers is None:
                    peers = self.peers[task.user] = _Peers(vectors.shape[1])
                stopped = stopped or writer_waits()
                if peers.facts and not stopped and new.statement not in peers.said:
                    for i in self._shown(peers, new, vec):
                        pair_core(new, peers.facts[i])
                peers.add(new, vec)

    def _shown(self, peers: _Peers, new: Any, vec: np.ndarray) -> list[int]:
        """The peers a decision on ``new`` would likely be shown: the nearest at or above ``dedup_lower``
        and those of its slot."""
        n = len(peers.facts)
        cos = peers.vecs[:n] @ vec
        near = [int(i) for i in np.argsort(-cos)[:self.k] if cos[i] >= self.lower]
        if new.slot:
            near += [i for i in peers.by_slot.get(new.slot, ())[-SAME_SLOT:] if i not in near]
        return near
