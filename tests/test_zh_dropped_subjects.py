"""Chinese chat drops its subjects: whose a clause is, read right (own sentences, real default model).

A turn that opens without a subject is the speaker's (车贷每个月…, 前天去…拔了一颗牙); a nickname noun
(小名) is an attribute, not a person called 小X; a discourse adverb (反正, 毕竟) opens a clause that
has its own subject, and the subject of the clause before is not carried into it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.settings import Settings
from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor


def utt(text: str) -> Utterance:
    return Utterance(source_id=1, user="u", role="user", text=text, occurred_at=datetime(2026, 6, 1, tzinfo=UTC))


@pytest.fixture(scope="module")
def extractor():
    return FittedExtractor(Settings())


@pytest.mark.parametrize(("clause", "dropped"), [
    ("车贷每个月三千二", True),  # a topic and its amount
    ("前天去社区医院拔了一颗牙", True),  # a time word, then what was done
    ("拍照效果特别清晰", False),  # a judgement of a thing the talk is about
    ("现在的手机越来越贵了", False),  # a thing's (现在的…), no one's
    ("比起咖啡", False),  # a phrase, no clause
    ("读书分享会的地点是苏州", False),  # a named thing's attribute: the name is the subject
    ("她每个月交两千", False),  # a subject of its own
])
def test_a_clause_that_says_no_one(clause: str, dropped: bool):
    from memcli.write.rules.zh_carry import says_no_one

    assert says_no_one(clause) is dropped


def test_a_turn_that_opens_without_its_subject_is_the_speakers(extractor):
    """Before, these clauses were scored as nobody's and dropped (P(fact) 0.2 and less): the amount
    and the visit were lost."""
    said = [c.statement for c in extractor.extract(utt("车贷每个月三千二，还要还两年"))]
    assert any(s.startswith("我车贷每个月三千二") for s in said), said
    said = [c.statement for c in extractor.extract(utt("前天去社区医院拔了一颗牙"))]
    assert said == ["我去社区医院拔了一颗牙"]  # (前天 read into valid_from)


def test_a_nickname_is_the_relatives_not_a_person_called_xiao_ming(extractor):
    got = extractor.extract(utt("我外甥小名叫球球，今年上初一"))
    assert [c.slot for c in got] == ["nephew.nickname.球球"]  # (round 47: 小名 is a nickname, zh47)
    got = extractor.extract(utt("我侄女八岁了，小名叫朵朵"))
    assert ("我侄女小名叫朵朵", "niece.nickname.朵朵") in [(c.statement, c.slot) for c in got]
    assert all(c.slot != "name" for c in got)  # never the user's own name


@pytest.mark.parametrize(("text", "said", "not_said"), [
    ("我老板叫我少熬夜，毕竟我每晚只睡六个钟头", "我每晚只睡六个钟头", "我老板毕竟"),
    ("我表姐劝我别换工作，反正我也不想换", "我也不想换", "我表姐反正"),
])
def test_a_clause_with_its_own_subject_after_an_adverb_takes_none_from_before(extractor, text, said, not_said):
    got = [c.statement for c in extractor.extract(utt(text))]
    assert said in got and not any(s.startswith(not_said) for s in got), got


@pytest.mark.parametrize("text", ["周末又被叫去加班，气死了", "我爱死了", "排了两小时队，累死我了"])
def test_a_feeling_said_with_si_le_is_no_memory(extractor, text):
    """X死了 says how strongly a moment is felt (烦死了, 爱死了): before, '我爱死了' was kept as a liking
    of 死 (slot like.死) and '我累死我了' as a fact."""
    from memcli.write.rules.zh import extract_matches

    assert extract_matches(text) == []
    assert [c.statement for c in extractor.extract(utt(text))] == []


def test_a_liking_with_its_object_is_still_kept():
    from memcli.write.rules.zh import extract_matches

    assert [(m.statement, m.slot) for m in extract_matches("我特别讨厌香菜")] == [("我特别讨厌香菜", "like.香菜")]
    assert [m.slot for m in extract_matches("我家的狗死了")] == ["fact.死"]  # a death told is no feeling


def test_someone_who_helps_us_is_told_not_asked(extractor):
    """帮我们 inside a clause is what a relative does for the household, no request to the assistant
    (before, the whole clause was chatter and the visit was lost); a request is still one."""
    told = "婆婆下周从老家过来帮我们带娃"
    assert [c.statement for c in extractor.extract(utt(told))] == [told]
    assert extractor.extract(utt("帮我们查一下航班")) == []
    assert extractor.extract(utt("你帮我们订个酒店")) == []
