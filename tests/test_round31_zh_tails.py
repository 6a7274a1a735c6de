"""Round 31: a thing's detail told in a Chinese tail clause after the clause naming the thing — its colour
(…是<牌子型号>，<颜色>的), its price (…，花了…), the shop (…，在…买的), where a place is (…，就在…路上), when it
opens (…，早上…点开门), its name (…有个X，叫Y) — is a fact of that thing (:mod:`memcli.write.rules.zh_tails`),
not dropped and not the person's (我老公…，银色的 is not 我老公是银色的). A tail about the speaker or a person stays as
it is. Own sentences, real stores, the real default model."""

from __future__ import annotations

import pytest
from _stores import say_daily

from memcli.write.rules.zh_tails import thing_tail, thing_tails, told_detail

TURNS = ("我老公的新剃须刀是飞利浦S9000，墨绿色的。",
         "我儿子的滑板车是迪卡侬的，花了四百八。",
         "我的空气炸锅是小熊的，在拼多多上买的。",
         "我经常去一家烘焙坊，就在解放路上。",
         "我女儿学琴的那家琴行，上午十点开门。",
         "我买了一台洗碗机，花了五千二。",
         "我妈的新围巾是羊绒的，驼色的，我也想要一条。",
         "登山包是在户外店买的，花了六百五。",
         "上个月买了一双登山鞋，萨洛蒙的，花了1280元。",
         "我们小区门口有个水果店，叫鲜果坊，离公交站不远。",
         "我租了一间公寓，在河西，离公司很近。")


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):  # noqa: ANN001
    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("r31tails") / "m.db"), user="lan", embedder=embedder)
    say_daily(m, TURNS, "2026-04-01T10:00:00+08:00")
    yield m
    m.close()


@pytest.mark.parametrize(("before", "tail", "read"), [
    ("我老公的新剃须刀是飞利浦S9000", "墨绿色的", "我老公的新剃须刀是墨绿色的"),
    ("我儿子的滑板车是迪卡侬的", "花了四百八。", "我儿子的滑板车花了四百八。"),
    ("我的空气炸锅是小熊的", "在拼多多上买的", "我的空气炸锅是在拼多多上买的"),
    ("我经常去一家烘焙坊", "就在解放路上", "我经常去的烘焙坊就在解放路上"),
    ("我女儿学琴的那家琴行", "上午十点开门", "我女儿学琴的琴行上午十点开门"),
    ("我公司楼下有个书店", "叫半山书局", "我公司楼下的书店叫半山书局"),
    ("我买了一件羽绒服", "波司登的", "我买的羽绒服是波司登的"),
])
def test_a_bare_attribute_tail_is_the_things(before: str, tail: str, read: str) -> None:
    assert thing_tail(before, tail) == read


@pytest.mark.parametrize(("before", "tail"), [
    ("我妈的新围巾是羊绒的", "我也想要一条"),  # about the speaker
    ("我表舅在杭州", "在滨江上班"),  # a person's, not a thing's
    ("我老婆的工作是护士", "在市医院"),  # a person's job: where she works
    ("我周末去了一家书店", "在家休息了一天"),  # what someone did, not where the shop is
    ("我有个同学", "叫刘洋"),  # a person's name
])
def test_other_tails_stay_as_they_are(before: str, tail: str) -> None:
    assert thing_tail(before, tail) is None


def test_a_run_of_tails_keeps_the_thing() -> None:
    assert thing_tails(["我家楼下有个药房", "叫同仁堂", "晚上十点关门"]) == [
        None, "我家楼下的药房叫同仁堂", "我家楼下的药房晚上十点关门"]


def test_told_detail_is_a_lasting_detail_of_a_thing() -> None:
    assert told_detail("我老公的新剃须刀是墨绿色的") and told_detail("我买的洗碗机花了五千二")
    assert not told_detail("我的钥匙在桌上")  # where a thing lies today is no detail of it
    assert not told_detail("我妈的同事是上海人")


@pytest.mark.parametrize(("thing", "detail"), [
    ("我老公的新剃须刀", "墨绿色"),
    ("我儿子的滑板车", "四百八"),
    ("我的空气炸锅", "拼多多"),
    ("烘焙坊", "解放路"),
    ("琴行", "十点开门"),
    ("洗碗机", "五千二"),
    ("我妈的新围巾", "驼色"),
    ("登山包", "六百五"),  # a thing said bare
    ("登山鞋", "萨洛蒙"),  # its brand; the turn drops the speaker's 我
    ("登山鞋", "1280元"),  # a run of tails keeps the thing
    ("水果店", "鲜果坊"),
    ("水果店", "离公交站不远"),  # a tail after a tail: the shop's, not the speaker's
    ("公寓", "离公司很近"),
])
def test_the_detail_is_stored_with_its_thing(store, thing: str, detail: str) -> None:  # noqa: ANN001
    have = {i.statement for i in store.list()}
    assert any(thing in s and detail in s for s in have), have


def test_a_detail_said_within_its_things_clause_stays_with_it(store) -> None:  # noqa: ANN001
    have = {i.statement for i in store.list(include_all=True)}
    assert any("公寓" in s and "河西" in s for s in have), have  # 我租了一间公寓，在河西: where the home is
    assert "我在河西" not in have, have


def test_no_person_gets_the_things_detail(store) -> None:  # noqa: ANN001
    have = {i.statement for i in store.list(include_all=True)}
    assert not have & {"我老公是墨绿色的", "我儿子花了四百八", "我就在解放路上", "我女儿上午十点开门",
                       "我离公交站不远", "我离公司很近"}, have
    assert not any(s.startswith("我妈的新围巾") and "想要" in s for s in have), have  # the speaker's wish stays hers


@pytest.mark.parametrize(("question", "answer"), [
    ("我老公的剃须刀是什么颜色的？", "墨绿色"),
    ("儿子的滑板车花了多少钱？", "四百八"),
    ("空气炸锅在哪买的？", "拼多多"),
    ("我常去的烘焙坊在哪里？", "解放路"),
    ("女儿学琴的琴行几点开门？", "十点"),
    ("洗碗机多少钱？", "五千二"),
    ("我租的公寓在哪？", "河西"),
    ("我们小区门口的水果店叫什么？", "鲜果坊"),
    ("我的登山鞋是什么牌子的？", "萨洛蒙"),
    ("登山鞋花了多少钱？", "1280"),
])
def test_a_question_about_the_detail_finds_it(store, question: str, answer: str) -> None:  # noqa: ANN001
    block = store.context(question, budget_ms=60000).text
    assert answer in block, block
