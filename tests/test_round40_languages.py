"""Round 40: a language spoken beside another is two facts (memcli.write.languages_kept).

The merged round's judge refit read "I speak X" then "I speak Y" by the shared slot and ended the first (the
goldset's one pair of this kind went ADD → CONFLICT). One person speaks several languages; a change told (now,
no longer, 不再 …) is still decided as a change. Own sentences; one database, a user per pair.
"""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.write.languages_kept import language_of

PAIRS = [
    ("I speak Dutch", "I speak Korean", "ADD"),
    ("I'm learning Italian", "I'm learning Greek", "ADD"),
    ("我会说俄语", "我会说韩语", "ADD"),
    ("I speak Dutch", "I don't speak Dutch anymore, only Korean now", "CONFLICT"),
]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory, embedder) -> list[tuple[str, list[str]]]:  # noqa: ARG001
    db = str(tmp_path_factory.mktemp("lang40") / "m.db")
    out = []
    for n, (old, new, _) in enumerate(PAIRS):
        with Memory(db=db, user=f"u{n}") as m:
            m.remember(old)
            r = m.remember(new)
            out.append((r.decision.value, [i.statement for i in m.list()]))
    return out


@pytest.mark.parametrize("n", range(len(PAIRS)))
def test_a_second_language_keeps_the_first_unless_a_change_is_told(outcomes, n: int) -> None:
    old, new, want = PAIRS[n]
    decision, active = outcomes[n]
    assert decision == want
    assert (old in active) == (want == "ADD") and new in active


def test_what_reads_as_a_language_spoken() -> None:
    assert language_of("My sister speaks fluent Japanese") == ("my sister", "japanese")
    assert language_of("I speak Spanish") == ("i", "spanish") and language_of("我会说日语") == ("我", "日语")
    assert language_of("我女儿在学日语") == ("我女儿", "日语")
    assert language_of("I speak to my boss every day") is None and language_of("我说过了") is None
