"""A fact told in the other language with a name beside its value is no restatement unless both sides write
that name: "I'm an engineer at Siemens" after 我在华为做工程师 was reinforced as the same job (values engineer /
工程师), hiding the new employer. The value comparison cannot see 华为 vs Siemens (nor 西门子 = Siemens), so the
decision is left to the judge — a changed fact is never reinforced as the old one."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcli.write.cross_lang import _names_beside


def test_names_beside_the_value() -> None:
    assert _names_beside("I'm an optician at Specsavers", "optician") == {"specsavers"}
    assert _names_beside("My aunt lives in Madrid", "Madrid") == set()  # the name is the value
    assert _names_beside("I'm a teacher", "teacher") == set()


@pytest.mark.parametrize(("first", "second"), [
    ("我在华为做工程师", "I'm an engineer at Siemens"),
    ("I'm an optician at Specsavers", "我在宝岛眼镜当验光师"),
])
def test_another_employer_told_in_the_other_language_is_not_reinforced(tmp_path: Path, embedder, first: str,
                                                                        second: str) -> None:
    from memcli import Memory

    with Memory(db=str(tmp_path / "x.db"), user="u", embedder=embedder) as m:
        m.remember(first, at="2026-01-05")
        res = m.remember(second, at="2026-06-05")
        active = [it.statement for it in m.list()]
    assert res.decision.value != "NOOP", res.reason
    assert second in active


def test_a_plain_restatement_is_still_one_memory(tmp_path: Path, embedder) -> None:
    from memcli import Memory

    with Memory(db=str(tmp_path / "y.db"), user="u", embedder=embedder) as m:
        m.remember("I'm a dentist", at="2026-01-05")
        res = m.remember("我是牙医", at="2026-06-05")
    assert res.decision.value == "NOOP", res.reason
