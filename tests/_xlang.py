"""The store-and-decide checks both cross-language test modules run on their own cases
(tests/test_cross_language.py, tests/test_cross_language_things.py): each pair decided through
``remember``/``import`` (:func:`check_explicit`) and through the drain (:func:`check_drained`) on a real
store with the real default model, and a Memory on a fresh store (:func:`real_memory`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from test_decision_paths import _drained, _explicit

from memcli.eval.formats import DecisionPair
from memcli.memory import Memory
from memcli.models import Origin

#: (stored, incoming, decision expected)
Case = tuple[str, str, str]


def pairs(cases: Sequence[Case], prefix: str) -> list[DecisionPair]:
    """``cases`` as decision pairs (ids ``prefix0``, ``prefix1`` …), stored a month before the incoming one."""
    return [
        DecisionPair(
            id=f"{prefix}{i}",
            stored=s,
            incoming=n,
            label=d,
            stored_at="2026-01-05T10:00:00+00:00",
            incoming_at="2026-02-05T10:00:00+00:00",
        )
        for i, (s, n, d) in enumerate(cases)
    ]


def check_explicit(tmp_path: Path, cases: Sequence[Case], prefix: str, origin: Origin, embedder) -> None:  # noqa: ANN001
    """Every case decided as expected through ``remember`` (or ``import``: ``origin``); a NOOP, UPDATE
    or CONFLICT lands on the stored memory."""
    ps = pairs(cases, prefix)
    texts = sorted({t for p in ps for t in (p.stored, p.incoming)})
    vec = dict(zip(texts, embedder.embed(texts), strict=True))
    got = _explicit(tmp_path, str(origin), ps, vec, origin, embedder)
    wrong = [(p.stored, p.incoming, str(p.label), got[p.id]) for p in ps if got[p.id][0] != str(p.label)]
    assert not wrong, wrong
    for p in ps:
        if str(p.label) != "ADD":
            assert got[p.id][1] == p.stored, (p, got[p.id])


def check_drained(tmp_path: Path, cases: Sequence[Case], prefix: str, embedder) -> None:  # noqa: ANN001
    """Every case decided by the drain as ``remember`` decides it."""
    ps = pairs(cases, prefix)
    drained = _drained(tmp_path, ps, embedder)
    assert {p.id: drained[p.id][0] for p in ps} == {p.id: str(p.label) for p in ps}


@contextmanager
def real_memory(tmp_path: Path, embedder) -> Iterator[Memory]:  # noqa: ANN001
    """A Memory for user ``u`` on a fresh SQLite store in ``tmp_path``, with the session's model."""
    from memcli.settings import load_settings

    st = load_settings().model_copy(update={"db": tmp_path / "m.db", "user": "u"})
    with Memory(settings=st) as mem:
        mem._embedder = embedder
        yield mem
