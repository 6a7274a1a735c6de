"""The drain's shortcuts answer exactly what the full computation answers (round 18, issue 24)."""

from __future__ import annotations

import pytest

from memcli.text import pos_tags
from memcli.write.rules.zh_conj import LEAD_CONJUNCTIONS, lead_conjunction


def _by_the_cut(text: str) -> int:
    """lead_conjunction without its shortcut: jieba's cut of the whole text."""
    toks = pos_tags(text)
    return len(toks[0][0]) if len(toks) > 1 and toks[0][0] in LEAD_CONJUNCTIONS else 0


@pytest.mark.parametrize(
    "text",
    [
        "但我姐姐喜欢爬山",
        "不过我舅舅住在昆明",
        "不过敏的人很多",
        "但愿如此",
        "而且我每天跑步",
        "于是我搬到了杭州",
        "所以他不来",
        "因为下雨",
        "同时我也学日语",
        "另外我养了一只猫",
        "以及一些别的",
        "可是我不想去",
        "我喜欢猫",
        "他住在上海",
        "，但是我不去",
        " 但是我不去",
        "",
        "但",
        "I like tea",
        "然后",
    ],
)
def test_a_leading_conjunction_is_found_as_the_cut_finds_it(text):
    assert lead_conjunction(text) == _by_the_cut(text)


def test_the_cut_of_a_text_spells_the_text():
    """The shortcut rests on jieba's words spelling the text in order: a text whose first character
    opens no conjunction cannot open with one as a word."""
    for text in ("我喜欢猫，但是我老公不喜欢", " 但是 ", "I'm allergic to 花生!", "不过敏", "2026年3月5号"):
        assert "".join(w for w, _ in pos_tags(text)) == text
