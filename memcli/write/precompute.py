"""What the drain's look-ahead process computes for the writer, besides the batch itself.

The look-ahead process (:mod:`memcli.write.prepare`) extracts and embeds batch k + 1 while the drain's
own process decides and writes batch k; that process is the critical path. Some of what it computes is
a pure function of texts the look-ahead has already read, so the look-ahead computes it too, its
:mod:`memcli.primed` caches note the values and they go back with the batch (:func:`texts`): the rules'
reading of each candidate's statement (:func:`memcli.write.rules.analyze`, and the decision's reading of it,
:func:`memcli.write.judge.facts_of`) and the full-text tokens and terms its memory and its turn's episode
are indexed by (:func:`memcli.db.index.search_terms_of`: no jieba and no stemmer in the writer for them).
Round 34: also what the decision step reads of each candidate's statement alone — its ending rules' checks (a cure,
an ending, a deed told, the brands named) and the pair features' and hard guard's per-statement readings (entity
units, clause count, talk only, character bigrams, ranks, names, relations, ``pair_features._own``); only values
whose every use is order-free (a number, a flag, a set compared, counted or sorted, never iterated into text as it
comes), as a primed set is rebuilt in another order.

Round 35: a candidate already read (its statement, slot and kind) is not read again: its readings are cached
here and went back with the batch that computed them.

Tried and left (round 22): the judge's pair features of each candidate against the same user's earlier
candidates, guessed ahead — 61% of those sent were used, the writer's CPU fell 0.5 s at 10k, the
look-ahead's rose 2.3 s and the writer waited for it longer: no faster drain.
"""

from __future__ import annotations

from typing import Any

from memcli.text import CACHED_CHARS

__all__ = ["DONE_MAX", "forget", "texts"]

#: candidates (statement, slot, kind) and turns (``("turn", text)``) whose readings this process computed in an
#: earlier batch, at most :data:`DONE_MAX` (the smallest primable cache these readings sit in): a drain restates
#: the same facts again and again, and their readings, cached, went back with the batch that computed them (round 35)
DONE_MAX = 8192
_DONE: set[tuple] = set()


def forget() -> None:
    """Forget which candidates were read (a new look-ahead process: what it reads goes back from the start)."""
    _DONE.clear()


def texts(tasks: list[Any], extracted: list[Any], episodes: list[tuple[bool, bool, bool]]) -> None:
    """Compute (for :func:`memcli.primed.take`) the rules' and the decision's reading and the full-text terms of
    each candidate's statement, and the full-text terms of each user turn that may be kept as an episode."""
    from memcli.db.index import search_terms_of
    from memcli.smalltalk import unaddressed
    from memcli.write.change_rules import talk_only
    from memcli.write.cure import cure_told
    from memcli.write.deed_change import _deed_told
    from memcli.write.extract import enrich
    from memcli.write.judge import fact_clauses, facts_of
    from memcli.write.linked_change import _brands_in, ending_told
    from memcli.write.pair_facts import entity_units
    from memcli.write.pair_features import _bigrams, _own, _ranks
    from memcli.write.pair_names import names_of, relations_of
    from memcli.write.rules import analyze

    if len(_DONE) > DONE_MAX:  # (past the primable caches' size a reading may have been dropped: read again)
        _DONE.clear()
    for task, got, (chatter, wants, _) in zip(tasks, extracted, episodes, strict=True):
        if isinstance(got, Exception):
            continue
        for c in got:
            if len(c.statement) <= CACHED_CHARS:  # (a longer one's terms are not cached: computed and sent again)
                if (key := (c.statement, c.slot, c.kind)) in _DONE:
                    continue  # read in an earlier batch: every value below is cached here, and was sent then
                _DONE.add(key)
            analyze(c.statement)
            search_terms_of(c.statement)
            c = enrich(c)
            f = facts_of(c.statement, c.slot)
            # the text checks the decision step makes of every candidate (decide's ending rules, _linked_change)
            # and what the pair features and the hard guard read of each side alone
            for check in (cure_told, ending_told, _brands_in, entity_units, fact_clauses, talk_only, _bigrams, _own,
                          _ranks, names_of, relations_of):
                check(c.statement)
            _deed_told(f.statement, f.slot)
        if task.role == "user" and wants and not chatter:
            if len(task.content) <= CACHED_CHARS:
                if (key := ("turn", task.content)) in _DONE:
                    continue
                _DONE.add(key)
            search_terms_of(unaddressed(task.content))
