"""Stores built by telling: facts captured and drained by the real pipeline, as the answerability tests
(test_answerability.py, test_answer_world.py) and the endings/changes tests (test_round17_endings.py,
test_round18_*.py) build theirs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

import pytest

AT = "2026-06-01T09:00:00+08:00"


def say_all(mem: Any, facts: Sequence[str], at: str = AT) -> None:
    """Capture each of ``facts`` at ``at`` and drain them; no task may be retried or dead."""
    for f in facts:
        mem.capture(f, at=at)
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors


def say_daily(mem: Any, turns: Sequence[str], start: str) -> None:
    """Capture each of ``turns`` a day apart from ``start`` (ISO-8601 with offset), then drain them once; no task
    may be retried or dead."""
    first = datetime.fromisoformat(start)
    for n, text in enumerate(turns):
        mem.capture(text, at=(first + timedelta(days=n)).isoformat())
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors


def say_apart(mem: Any, turns: Sequence[str], start: datetime) -> None:
    """Capture each of ``turns`` two days after the one before, from ``start``, and drain each on its own (the
    fact stored before is then the new one's neighbour); no task may be retried or dead."""
    for n, text in enumerate(turns):
        mem.capture(text, at=(start + timedelta(days=2 * n)).isoformat())
        s = mem.drain()
        assert s.dead == 0 and s.retried == 0, s.errors


def module_store(user: str, turns: Sequence[str], at: str = AT) -> Callable[..., Any]:
    """A module-scoped fixture: ``user``'s store on a fresh database after :func:`say_all` of ``turns`` at ``at``
    (the session's ``embedder``), closed after the module."""

    @pytest.fixture(scope="module")
    def store(tmp_path_factory: Any, embedder: Any) -> Any:
        from memcli import Memory

        m = Memory(db=str(tmp_path_factory.mktemp(user) / "m.db"), user=user, embedder=embedder)
        say_all(m, turns, at)
        yield m
        m.close()

    return store


def told(name: str, facts: Sequence[str], at: str = AT) -> Callable[..., Any]:
    """A fixture ``name``: the ``mem`` fixture's store after :func:`say_all` of ``facts``."""

    def store(mem: Any) -> Any:
        say_all(mem, facts, at)
        return mem

    return pytest.fixture(name=name)(store)


def drained(db: str, turns: Sequence[str], *, user: str, start: datetime,
            expired_ends: bool = True) -> tuple[set[str], set[str]]:
    """(active statements, ended statements) of ``user`` after capturing each of ``turns`` a day apart
    from ``start`` and draining after each; ended: invalidated, or (``expired_ends``) expired too."""
    from memcli import Memory

    m = Memory(db=db, user=user)
    try:
        for n, text in enumerate(turns):
            m.capture(text, at=(start + timedelta(days=n)).isoformat())
            m.drain()
        items = m.list(include_all=True)
    finally:
        m.close()
    active = {i.statement for i in items if i.invalid_at is None and i.expired_at is None}
    return active, {i.statement for i in items
                    if i.invalid_at is not None or (expired_ends and i.expired_at is not None)}


def pair_drained(mem: Any, first: str, second: str) -> dict[str, Any]:
    """``first`` (Jan 5), an unrelated turn (Feb 1) and ``second`` (Jun 5) captured and drained into ``mem``:
    every memory, ended ones too, by statement."""
    mem.capture(first, at="2026-01-05T09:00:00Z")
    mem.capture("We had rain all day" if first.isascii() else "今天下了一整天雨", at="2026-02-01T09:00:00Z")
    mem.capture(second, at="2026-06-05T09:00:00Z")
    mem.drain()
    return {it.statement: it for it in mem.list(include_all=True)}


def active_of(items: dict[str, Any]) -> set[str]:
    """The statements of ``items`` (``pair_drained``'s) neither ended in world time nor expired."""
    return {s for s, it in items.items() if it.invalid_at is None and it.expired_at is None}


def pair_ends(mem: Any, first: str, second: str) -> None:
    """``second`` told after ``first`` is stored (not reinforced away) and ends it in world time (a CONFLICT)."""
    items = pair_drained(mem, first, second)
    assert second in items, items
    active = active_of(items)
    assert second in active and first not in active, active
    assert items[first].invalid_at is not None, items[first]


def pair_kept(mem: Any, first: str, second: str) -> None:
    """``second`` told after ``first`` is stored beside it: both active."""
    items = pair_drained(mem, first, second)
    assert second in items, items
    assert {first, second} <= active_of(items), items


def cases_told(db: str, cases: dict[str, tuple[Sequence[str], Any, Any]], embedder: Any) -> dict[str, dict[str, Any]]:
    """Each case's turns (``cases[name][0]``) captured a month apart to its own user ``name`` on ``db``, drained
    once; returns each case's memories (ended ones too) by statement. No task may be retried or dead."""
    from memcli import Memory
    from memcli.admin import Admin

    for name, (turns, _, _) in cases.items():
        with Memory(db=db, user=name, embedder=embedder) as m:
            for n, text in enumerate(turns):
                m.capture(text, at=f"2026-0{n + 2}-05T09:00:00Z")
    with Admin(db=db, embedder=embedder) as adm:
        s = adm.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    out = {}
    for name in cases:
        with Memory(db=db, user=name, embedder=embedder) as m:
            out[name] = {it.statement: it for it in m.list(include_all=True)}
    return out


def users_told(db: str, chats: dict[str, Sequence[str]], embedder: Any,
               at: Callable[[int], str] | None = None) -> dict[str, list[Any]]:
    """Each user's turns of ``chats`` (user → turns) captured turn by turn on ``db`` (turn n of every user, then a
    drain of each user, then turn n + 1; ``at(n)``: the turn's time, None: now), and each user's rows after them,
    ended ones too (``list(include_all=True)``)."""
    from memcli import Memory

    for turn in range(max(map(len, chats.values()))):
        for user, said in chats.items():
            if turn < len(said):
                with Memory(db=db, user=user, embedder=embedder) as m:
                    m.capture(said[turn], session="s1", **({"at": at(turn)} if at else {}))
        for user in chats:
            with Memory(db=db, user=user, embedder=embedder) as m:
                m.drain()
    out = {}
    for user in chats:
        with Memory(db=db, user=user, embedder=embedder) as m:
            out[user] = m.list(include_all=True)
    return out


def speaker_stores(chat: dict[str, Any], folder: Callable[[str], Any], embedder: Any, **memory: Any) -> dict[str, Any]:
    """A LoCoMo-format chat's speakers, each in a store of their own (``folder(speaker)`` / m.db) after their own
    turns, captured at their session's time (key: the turn's id) and drained once; ``memory``: more ``Memory``
    options (``episodes=False``). The caller closes the stores."""
    from memcli import Memory
    from memcli.eval.locomo_e2e import _speaker_turns

    _, turns = _speaker_turns(chat)
    out = {}
    for speaker, said in turns.items():
        m = Memory(db=str(folder(speaker) / "m.db"), user=speaker, embedder=embedder, **memory)
        for dia, at, text in said:
            m.capture(text, at=at, session=dia.split(":")[0], key=dia)
        s = m.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
        out[speaker] = m
    return out


def chat_fixtures(fixture: Any, **memory: Any) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """Module-scoped ``chat`` (the first conversation of the LoCoMo-format file ``fixture``) and ``stores`` (its
    speakers' stores, :func:`speaker_stores` with ``memory``), for a test module to bind:
    ``chat, stores = chat_fixtures(FIXTURE, episodes=False)``."""
    import json

    @pytest.fixture(scope="module")
    def chat() -> dict[str, Any]:
        return json.loads(fixture.read_text(encoding="utf-8"))[0]

    @pytest.fixture(scope="module")
    def stores(chat: dict[str, Any], tmp_path_factory: Any, embedder: Any) -> Any:
        out = speaker_stores(chat, tmp_path_factory.mktemp, embedder, **memory)
        yield out
        for m in out.values():
            m.close()

    return chat, stores


def active_and_ended(mem: Any) -> tuple[dict[str, str | None], set[str]]:
    """``(active statement → slot, ended statements)`` of one user's store (``Memory.list(include_all=True)``)."""
    items = mem.list(include_all=True)
    return ({it.statement: it.slot for it in items if it.invalid_at is None and it.expired_at is None},
            {it.statement for it in items if it.invalid_at is not None or it.expired_at is not None})


def block_of(mem: Any, question: str, budget_ms: int = 10_000) -> str:
    """The text of ``mem.context(question)`` under a budget a loaded machine does not reach."""
    return mem.context(question, budget_ms=budget_ms).text


def users_told_daily(db: str, turns: dict[str, Sequence[str]], start: datetime) -> dict[str, Any]:
    """One open ``Memory`` per user of ``turns`` on ``db``, each user's turns captured a day apart from ``start``
    and drained (asserting no task died or was retried); the caller closes them."""
    from memcli import Memory

    out = {u: Memory(db=db, user=u) for u in turns}
    for user, said in turns.items():
        for n, text in enumerate(said):
            out[user].capture(text, at=(start + timedelta(days=n)).isoformat())
    for m in out.values():
        s = m.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    return out


def users_told_apart(db: str, stories: dict[str, Sequence[str]], start: datetime, embedder: Any) -> dict[str, Any]:
    """One open ``Memory`` per user of ``stories`` on ``db``, each user's turns told by :func:`say_apart` from
    ``start``; the caller closes them."""
    from memcli import Memory

    out = {}
    for user, turns in stories.items():
        out[user] = Memory(db=db, user=user, embedder=embedder)
        say_apart(out[user], turns, start)
    return out
