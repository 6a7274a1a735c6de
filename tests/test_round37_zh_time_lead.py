"""Round 37: a Chinese clause that opens with a span of the present (这个月, 这周, 这个星期, 这学期…) before 我 is
read from 我 on, as 今年 / 本月 / 这阵子 were (``zh_words.TIME_SPAN``). jieba tags 本月 and 今年 as time words but
splits 这个月 into 这个 + 月 and tags 这周 a pronoun, so the rules refused the clause as one about "this …" thing, and
the fitted extractor then stored the move under the subject ``thing:这个月我``: the old city stayed active. Found by a
new user's trial of the README; the sentences here are our own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli.write.extract import RuleExtractor, Utterance

AT = datetime(2026, 11, 20, 9, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str | None]]:
    utt = Utterance(source_id=1, user="u", role="user", text=text, occurred_at=AT)
    return [(c.statement, c.slot) for c in RuleExtractor().extract(utt)]


@pytest.mark.parametrize("lead", ["这个月", "这月", "这周", "这个星期", "这礼拜", "这个礼拜"])
def test_a_present_span_before_me_leaves_the_move_a_residence(lead: str) -> None:
    assert _facts(f"{lead}我搬到成都了") == [(f"{lead}我搬到成都了", "residence")]


@pytest.mark.parametrize("text", ["这周我特别忙", "这个月我有点累", "这个星期我们去了趟超市"])
def test_a_passing_state_or_another_subject_is_still_no_fact(text: str) -> None:
    assert _facts(text) == []


def test_the_old_city_ends_when_the_move_opens_with_this_month(db: str) -> None:
    active, ended = drained(db, ["我住在苏州", "这个月我搬到成都了"], user="lan", start=AT)
    assert "这个月我搬到成都了" in active, active
    assert "我住在苏州" in ended, (active, ended)
