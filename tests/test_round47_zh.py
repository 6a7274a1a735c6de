"""Round 47: Chinese kinds round 46 left.

- A relative's name or nickname told without 的 (我侄女小名叫团团, 我外甥大名叫…, 我表哥外号叫…):
  ``niece.nickname.团团``, not ``niece.fact.名叫`` (jieba cut 小 / 名叫 and the attribute noun was lost) nor
  ``thing:小.name``; an English name of a relative is a nickname beside the Chinese name (both stay); a question of the
  nickname, in either language, finds it.
- A relative's death told briefly (我大伯去年走了, 姥爷前年没了, 婶婶四月份过世的, 我爷爷走了五年了) is a death,
  dated, and ends that relative's present facts; 走了 / 没了 said of leaving or of a thing (他刚走了, 我爸出门走了,
  我的耳机没了), or of one of several (我同学去年走了), is none.
- A Chinese written date is read into valid time by one reader (:mod:`memcli.write.rules.zh_dates`, beside the
  English one): 2021年5月, 二〇一九年, 去年十月中旬, 前年夏天, 七月份…了; a date with its year stays in the
  statement; a date that is the fact's value (a birth, a deadline) or of a thing (…的车票) is not read; a question of
  when is answered with it.
- A question about the user's animal by its kind (我的狗怕什么, "what is my dog scared of?") reads the name the user
  gave it (我家的狗叫布丁): what was told by the name (布丁特别怕放鞭炮) is found (:mod:`memcli.read.pet_named`).

Own sentences; real stores with the default model.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from memcli import Memory, slots
from memcli.reltime import moved_back
from memcli.write.person_died import died_subject
from memcli.write.rules import analyze, extract_matches
from memcli.write.rules.zh_dates import told_zh_date
from memcli.write.rules.zh_death import death_said

AT = datetime.fromisoformat("2026-06-10T09:00:00+08:00")
CHATS = {  # user: turns, an hour apart from AT
    "nick": ("我侄女叫陈若溪", "我侄女小名叫团团", "我表哥的外号叫大刘", "我妹妹叫许静", "我妹妹英文名叫Grace"),
    "died": ("我大伯住在洛阳，在一家工厂当保安", "我大伯去年走了", "姥爷在乡下养蜂", "姥爷前年没了"),
    "left": ("我爸住在大连", "我爸出门走了", "我同学在银行上班", "我同学去年走了"),
    "dated": ("我2021年5月搬到了青岛", "我去年十月中旬换到了一家律所上班"),
    "pet": ("我家的狗叫布丁", "我住在济南", "布丁特别怕放鞭炮", "我每天晚上跑步"),
}


@pytest.fixture(scope="module")
def told(tmp_path_factory, embedder):
    """The database path after every user's turns, a drain after each."""
    path = str(tmp_path_factory.mktemp("r47") / "zh.db")
    for user, said in CHATS.items():
        with Memory(db=path, user=user, embedder=embedder) as m:
            for n, turn in enumerate(said):
                m.capture(turn, session="s1", at=(AT + timedelta(hours=n)).isoformat())
                s = m.drain()
                assert s.dead == 0 and s.retried == 0, s.errors
    return path


@pytest.fixture(scope="module")
def rows(told, embedder):
    """Every user's rows (all statuses) by (slot, status)."""
    out = {}
    for user in CHATS:
        with Memory(db=told, user=user, embedder=embedder) as m:
            out[user] = {(r.slot, r.status): r for r in m.list(include_all=True)}
    return out


@pytest.fixture(scope="module")
def asked(told, embedder):
    """ask(user, question) → the context block's text for one of :data:`CHATS`' users."""
    path = told

    def ask(user: str, question: str) -> str:
        with Memory(db=path, user=user, embedder=embedder) as m:
            return m.context(question).text

    return ask


@pytest.mark.parametrize(("said", "slot"), [
    ("我侄女小名叫团团", "niece.nickname.团团"),
    ("我外甥的小名叫石头", "nephew.nickname.石头"),
    ("我表哥外号叫大刘", "cousin_elder_male.nickname.大刘"),
    ("我外甥大名叫周牧之", "nephew.name"),
    ("我妹妹英文名叫Grace", "younger_sister.nickname.Grace"),
])
def test_a_relatives_name_or_nickname_without_de(said, slot):
    got = [m.slot for m in extract_matches(said)]
    assert got == [slot], got


def test_a_nickname_stays_beside_the_name_and_is_found(rows, asked):
    nick = rows["nick"]
    assert {s for s, st in nick if st == "active"} >= {"niece.name", "niece.nickname.团团", "younger_sister.name",
                                                       "younger_sister.nickname.Grace"}, nick.keys()
    assert all(st == "active" for _, st in nick), nick.keys()
    assert "团团" in asked("nick", "我侄女的小名是什么")
    assert "团团" in asked("nick", "What's my niece's nickname?")
    assert "Grace" in asked("nick", "我妹妹的英文名叫什么")


@pytest.mark.parametrize(("said", "want"), [
    ("我大伯去年走了", "我大伯去年去世了"),
    ("姥爷前年没了", "姥爷前年去世了"),
    ("婶婶四月份过世的", "婶婶四月份去世了"),
    ("我爷爷走了五年了", "我爷爷五年前去世了"),
    ("我小姨已经不在了", "我小姨已经去世了"),
    ("我姥姥是前年走的", "我姥姥前年去世了"),
    ("他刚走了", None),
    ("我爸刚走了", None),  # just left
    ("我爸出门走了", None),
    ("我的耳机没了", None),
    ("我同学去年走了", None),  # one of several, or moved away
    ("我男朋友上个月走了", None),  # may have left
    ("我叔叔走了", None),  # no time, no sign: left, or gone — not said
])
def test_a_death_told_briefly(said, want):
    assert death_said(said) == want


@pytest.mark.parametrize(("said", "who"), [("我大伯去年走了", "paternal_elder_uncle"), ("婶婶四月份过世的", "婶婶"),
                                           ("我爸出门走了", None), ("我爸刚走了", None)])
def test_whose_brief_death(said, who):
    got = died_subject(analyze(said))
    assert got == (who if who != "婶婶" else slots.ZH_RELATIONS["婶婶"]), got


def test_a_brief_death_ends_the_relatives_present_facts_at_its_time(rows):
    died = rows["died"]
    ended = {s for s, st in died if st == "invalid"}
    assert "paternal_elder_uncle.residence" in ended, died.keys()
    assert any(s.startswith("maternal_grandfather.") and st == "invalid" for s, st in died), died.keys()
    death = next(r for (s, st), r in died.items() if s == "paternal_elder_uncle.fact.去世")
    assert death.status == "active" and death.valid_from.year == 2025, death
    old = next(r for (s, st), r in died.items() if s == "maternal_grandfather.fact.去世")
    assert old.valid_from.year == 2024 and old.status == "active", old


def test_leaving_is_no_death(rows):
    assert all(st == "active" for _, st in rows["left"]), rows["left"].keys()
    assert not any("去世" in (s or "") for s, _ in rows["left"]), rows["left"].keys()


@pytest.mark.parametrize(("said", "unit", "day"), [
    ("我2021年5月搬到了青岛", "on_date", "2021-05-01"),
    ("二〇一九年我在深圳读研", "on_date", "2019-01-01"),
    ("2020年8月18号我在苏州订婚了", "on_date", "2020-08-18"),
    ("我2022年底换了工作", "on_date", "2022-12-01"),
    ("我去年十月中旬换到了一家律所上班", "day_in_year", "2025-10-11"),
    ("前年夏天我搬到了厦门", "day_in_year", "2024-06-01"),
    ("我七月份去过一次拉萨", "month_day", "2025-07-01"),  # said in June: last July
    ("我三月下旬开始练瑜伽了", "near_month_day", "2026-03-21"),  # 了: done, or what will be — the nearer
    ("九月我女儿就上初中了", "near_month_day", "2026-06-10"),  # September said in June: ahead, no move
])
def test_a_written_date_is_read_into_valid_time(said, unit, day):
    told = told_zh_date(said)
    assert told is not None and told[0][0] == unit, told
    assert moved_back(AT, *told[0]).date().isoformat() == day


@pytest.mark.parametrize("said", [
    "我女儿2018年出生", "我的签证2027年3月到期", "我买了8月2号的车票", "我十月去西安", "每年三月我都去赏樱",
    "我的车是2017年的", "我从2019年到2022年在北京工作", "我是2015年毕业的", "我买了十二月三号下午两点的票",
])
def test_a_date_that_is_no_start_is_not_read(said):
    assert told_zh_date(said) is None


def test_a_written_month_stays_in_the_statement():
    from memcli.write.rules.zh_dates import date_kept

    got = [m.statement for m in extract_matches("我三月中旬搬到了苏州")]
    assert got == ["我三月中旬搬到了苏州"], got
    assert date_kept("三月中旬搬到了苏州", "我搬到了苏州") == "我三月中旬搬到了苏州"  # a subject carried before it
    assert [m.statement for m in extract_matches("我去年三月搬到了杭州")] == ["我搬到了杭州"]  # counted: valid time


def test_a_date_ahead_stays_in_a_kept_clause():
    from memcli.write.extract import dated_clause

    assert dated_clause("我计划2027年3月去日本", AT) == ("我计划2027年3月去日本", AT)
    assert dated_clause("我2019年在成都读的研", AT)[1].date().isoformat() == "2019-01-01"


def test_a_dated_move_is_the_home_from_then_and_answers_when(rows, asked):
    dated = rows["dated"]
    home = dated[("residence", "active")]
    assert home.statement == "我2021年5月搬到了青岛" and home.valid_from.date().isoformat() == "2021-05-01", home
    work = next(r for (s, st), r in dated.items() if s == "workplace")
    assert work.valid_from.date().isoformat() == "2025-10-11", work
    assert "2021年5月" in asked("dated", "我是什么时候搬到青岛的")


def test_a_question_by_the_animals_kind_finds_what_was_told_by_its_name(asked):
    assert "鞭炮" in asked("pet", "我的狗怕什么")
    assert "鞭炮" in asked("pet", "What is my dog scared of?")


def test_kind_named_reads_the_name_given(told, embedder):
    from memcli.read.pet_named import kind_named

    with Memory(db=told, user="pet", embedder=embedder) as m:
        store = m.store
        assert kind_named(store, "pet", "我的狗怕什么") == "我的狗布丁怕什么"
        assert kind_named(store, "pet", "what is my dog scared of?") == "what is my dog 布丁 scared of?"
        assert kind_named(store, "pet", "我的狗叫什么") == "我的狗叫什么"  # the name asked: as asked
        assert kind_named(store, "pet", "我的猫怕什么") == "我的猫怕什么"  # no cat told
        assert kind_named(store, "nick", "我的狗怕什么") == "我的狗怕什么"  # another user's dog
