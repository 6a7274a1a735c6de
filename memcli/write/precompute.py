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

Round 36: only while the writer is busy. When the writer is already waiting for the batch (a drain's first
batches: a small store decides fast, the look-ahead's caches are cold), the look-ahead sends it at once and the
writer reads the rest itself: the readings move to whichever process has time, the values are the same.

Round 37: also each candidate's exact-match key (:func:`memcli.text.normalize`, asked deciding and again inserting
the row), and each candidate itself as the decision reads it (:func:`ready`: enriched, its date resolved against its
turn's time: :func:`memcli.write.pair_dates.when_of`, primable too); the turn without the name it addresses
(:func:`memcli.smalltalk.unaddressed`) is primable, so the episode's full-text row takes the look-ahead's reading.

Round 45: what is left to a waiting writer is noted as read all the same (:func:`_left`): the writer reads it itself
and keeps it in its caches, so a later batch that says the same candidate or turn again neither computes nor sends
it (before, 17–48% of the statements' readings a 10k drain sent, by the run, went to a writer that had computed
them already).

Tried and left (round 22): the judge's pair features of each candidate against the same user's earlier
candidates, guessed ahead — 61% of those sent were used, the writer's CPU fell 0.5 s at 10k, the
look-ahead's rose 2.3 s and the writer waited for it longer: no faster drain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from memcli.text import CACHED_CHARS

__all__ = ["DONE_MAX", "forget", "ready", "texts"]

#: candidates (statement, slot, kind) and turns (``("turn", text)``) whose readings this process computed in an
#: earlier batch, at most :data:`DONE_MAX` (the smallest primable cache these readings sit in): a drain restates
#: the same facts again and again, and their readings, cached, went back with the batch that computed them (round 35)
DONE_MAX = 8192
_DONE: set[tuple] = set()


def forget() -> None:
    """Forget which candidates were read (a new look-ahead process: what it reads goes back from the start)."""
    _DONE.clear()


def texts(tasks: list[Any], extracted: list[Any], episodes: list[tuple[bool, bool, bool]],
          enough: Callable[[], bool] | None = None) -> set[int]:
    """Compute (for :func:`memcli.primed.take`) the rules' and the decision's reading and the full-text terms of
    each candidate's statement, and the full-text terms of each user turn that may be kept as an episode.

    Round 37: each task's candidates are also put in ``extracted`` as the decision reads them (:func:`ready`: slot
    and kind filled, the date resolved against when the turn was said), so the writer's decision finds them done.
    Returns the positions (in ``tasks``) of the tasks whose candidates were put so.

    ``enough``: asked before each task; True stops there (round 36: the writer is waiting for this batch, so the
    readings not yet computed are left to it — it computes any reading not sent, the same value)."""
    from memcli.db.index import search_terms_of
    from memcli.smalltalk import unaddressed
    from memcli.text import normalize
    from memcli.write.change_rules import talk_only
    from memcli.write.cure import cure_told
    from memcli.write.deed_change import _deed_told
    from memcli.write.extract import enrich
    from memcli.write.judge import fact_clauses, facts_of
    from memcli.write.linked_change import ending_told
    from memcli.write.pair_facts import entity_units
    from memcli.write.pair_features import _bigrams, _own, _ranks
    from memcli.write.pair_names import names_of, relations_of
    from memcli.write.rules import analyze
    from memcli.write.rules.makes import _brands_in

    if len(_DONE) > DONE_MAX:  # (past the primable caches' size a reading may have been dropped: read again)
        _DONE.clear()
    done: set[int] = set()
    for at, (task, got, (chatter, wants, _)) in enumerate(zip(tasks, extracted, episodes, strict=True)):
        if isinstance(got, Exception):
            continue
        if enough is not None and enough():
            _left(tasks[at:], extracted[at:], episodes[at:])
            return done
        if (put := ready(got, task.occurred_at)) is not None:
            got[:] = put
            done.add(at)
        for c in got:
            if len(c.statement) <= CACHED_CHARS:  # (a longer one's terms are not cached: computed and sent again)
                if (key := (c.statement, c.slot, c.kind)) in _DONE:
                    continue  # read in an earlier batch: every value below is cached here, and was sent then
                _DONE.add(key)
            analyze(c.statement)
            search_terms_of(c.statement)
            normalize(c.statement)  # (round 37) the exact-match key the decision and the row's insert ask
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
    return done


def _left(tasks: list[Any], extracted: list[Any], episodes: list[tuple[bool, bool, bool]]) -> None:
    """Note as read the candidates and turns of the tasks :func:`texts` leaves to the writer (round 45): the writer
    reads them itself, so its caches hold what it asked of them, and a later batch that says them again need not
    compute and send them too (a 10k drain sent ~45% of its readings to a writer that already had them). A reading
    the writer did not ask then and asks later it computes then, the same value."""
    if len(_DONE) > DONE_MAX:
        _DONE.clear()
    for task, got, (chatter, wants, _) in zip(tasks, extracted, episodes, strict=True):
        if isinstance(got, Exception):
            continue
        _DONE.update((c.statement, c.slot, c.kind) for c in got if len(c.statement) <= CACHED_CHARS)
        if task.role == "user" and wants and not chatter and len(task.content) <= CACHED_CHARS:
            _DONE.add(("turn", task.content))


def ready(candidates: list[Any], said_at: Any) -> list[Any] | None:
    """One task's ``candidates`` (an extractor's :class:`~memcli.models.Candidate` objects) as the decision reads them
    (:func:`memcli.write.decide.decide_and_apply`): :func:`~memcli.write.extract.enrich` applied and their date
    resolved against ``said_at`` (the turn's time) into ``event_when``. Both steps give the same candidate when
    applied again, so the writer's decision, which applies them, finds them done (round 37: per-candidate work moved
    off the writer). None: left to the writer — a candidate already carries a date (none of a drain's extractors
    gives one), or a step failed (the writer's decision then fails the task as it would have)."""
    from memcli.write.decide import _with_when
    from memcli.write.extract import enrich

    if any(c.event_when is not None for c in candidates):
        return None
    try:
        return [_with_when(enrich(c), said_at) for c in candidates]
    except Exception:  # noqa: BLE001 - the writer meets the same failure in the task's own savepoint
        return None
