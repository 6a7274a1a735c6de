"""Round 48 (trial B, a young office worker in spoken Chinese), on the write path.

- A new person brought in inside a relative's clause (X给我介绍了个男生，叫Y，在Z上班): the later clauses are Y's, never
  the relative's (:func:`memcli.write.rules.zh_carry.introduced`).
- Life news told in chat words (:mod:`memcli.write.zh_news_told`): together with someone (the partner), a pet at the
  vet (the pet's illness), an offer with its pay and the first day at the employer (the old pay and job end), a new
  rent (the old rent ends), a plan or a side job called off with no other (the plan ends).

Own sentences; real stores (SQLite, the default model), captured and drained turn by turn.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memcli import Memory
from memcli.write.rules.zh_carry import carried_subjects, introduced
from memcli.write.told_shapes import told_by_shape
from memcli.write.zh_news_told import news_told, person_moving

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _told(db: str, embedder, turns: list[str]) -> dict:  # noqa: ANN001
    """Every memory (statement → item) after capturing ``turns`` two days apart, draining after each."""
    with Memory(db=db, user="xia", embedder=embedder) as m:
        for n, text in enumerate(turns):
            m.capture(text, at=(START + n * timedelta(days=2)).isoformat())
            s = m.drain()
            assert s.dead == 0 and s.retried == 0, s.errors
        return {i.statement: i for i in m.list(include_all=True)}


def _active(items: dict) -> set[str]:
    return {s for s, i in items.items() if i.invalid_at is None and i.expired_at is None}


def _ended(items: dict) -> set[str]:
    return {s for s, i in items.items() if i.invalid_at is not None}


def test_the_clauses_after_an_introduced_person_are_hers() -> None:
    assert carried_subjects(["我姑姑给我安排了个相亲", "女生叫孙悦", "在建设银行做柜员"]) == \
        [None, "我姑姑给我安排了个相亲，", "孙悦"]
    assert carried_subjects(["同学给我介绍了个对象，叫周凯", "在顺丰做调度"]) == [None, "周凯"]
    assert introduced("我姑在菜市场卖菜", "叫她姑姑") is None  # nobody brought in: no name to carry


def test_an_introduced_persons_job_is_never_the_relatives(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我姑姑给我安排了个相亲，女生叫孙悦，在建设银行做柜员，在罗湖上班"])
    active = _active(items)
    assert not any(s.startswith("我") and ("银行" in s or "罗湖" in s) for s in active), active
    assert any(s.startswith("孙悦") and "建设银行" in s for s in active), active
    assert any("相亲" in s and "孙悦" in s for s in active), active


def test_news_in_chat_words_is_read_in_the_rules_shapes() -> None:
    assert news_told("周磊向我表白了，我考虑了两天，终于在一起了") == "周磊向我表白了，我考虑了两天，我跟周磊在一起了"
    assert news_told("豆豆这几天不爱吃饭，带它去了宠物医院，说是胃炎") == \
        "豆豆这几天不爱吃饭，带豆豆去了宠物医院，兽医说豆豆得了胃炎"
    assert news_told("拿到offer了！远航物流，月薪一万八") == "我拿到了远航物流的offer，我新月薪一万八"
    assert news_told("今天入职远航物流！") == "我今天入职远航物流，我换工作了，现在在远航物流上班！"
    assert news_told("中秋不去杭州了，人太多") == "我中秋去杭州的计划取消了，人太多"
    assert news_told("兼职不干了，太累") == "我不做兼职了，太累"
    assert news_told("中秋不去杭州了，改去苏州") is None  # a plan changed for another: the rules read it
    assert news_told("每个月定投基金八百，买的中证500") == "每个月定投基金八百，我买的基金是中证500"
    assert news_told("周末买的是苹果") is None  # no kind named before it
    assert news_told("我们在一起三年了") is None  # no one asked, nothing new
    assert news_told("我爸最近老咳嗽，去医院看了，说是支气管炎") == "我爸最近老咳嗽，去医院看了，医生说我爸得了支气管炎"
    assert news_told("膝盖疼了一个礼拜，去医院拍了片，说是半月板损伤") is None  # no illness word: left as said
    assert news_told("同事最近老咳嗽，去医院看了，说是肺炎") is None  # whose is not told: no one's


def test_someone_moving_to_a_city_is_kept_by_its_shape() -> None:
    assert person_moving("小林下个月要去武汉进修半年") and told_by_shape("小林下个月要去武汉进修半年", "zh")
    assert person_moving("李静明年调到南宁工作")
    assert not person_moving("我下个月要去武汉进修")  # the speaker's own plan: the rules read it
    assert not person_moving("我妈下个月要去武汉看病")  # a relative, and no stay


def test_together_with_someone_is_the_partner(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我最近在学游泳", "周磊向我表白了，我考虑了两天，终于在一起了"])
    partner = [i for s, i in items.items() if i.slot == "partner.name"]
    assert partner and "周磊" in partner[0].statement, items
    assert "我最近在学游泳" in _active(items), items  # an unrelated habit is never ended by it


def test_a_diagnosis_is_of_whom_the_turn_is_about(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我家狗叫豆豆", "豆豆这几天不爱吃饭，带它去了宠物医院，说是胃炎",
                                 "腰疼了好几天，去医院拍了片，说是腰肌劳损"])
    active = _active(items)
    assert any("豆豆" in s and "胃炎" in s for s in active), items
    assert any(s.startswith("医生说我") and "腰肌劳损" in s for s in active), items
    assert not any(s.startswith("说是") or i.kind == "identity" for s, i in items.items()), items


def test_an_offer_and_the_first_day_end_the_old_pay_and_job(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我在罗湖一家做家具的公司做客服", "我现在月薪九千",
                                 "拿到offer了！远航物流，月薪一万八", "今天入职远航物流！"])
    active = _active(items)
    assert any("一万八" in s for s in active), items
    assert any(i.slot == "workplace" and "远航物流" in s for s, i in items.items() if s in active), items
    assert {"我在罗湖一家做家具的公司做客服", "我现在月薪九千"} <= _ended(items), items


def test_a_new_rent_ends_the_old_one(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["每月房租两千二", "周末去看了房，宝安那边一室一厅，月租三千六，押一付二"])
    active = _active(items)
    assert any("三千六" in s for s in active) and any("押一付二" in s for s in active), items
    assert "我每月房租两千二" in _ended(items), items


def test_a_plan_called_off_with_no_other_ends(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["五一打算跟同学去西安玩", "五一不去西安了，人太多，在家看书"])
    assert "我五一打算跟同学去西安玩" in _ended(items), items


def test_a_date_something_is_moved_to_is_ahead() -> None:
    from memcli.write.pair_dates import when_of

    thursday = datetime(2026, 9, 17, 9, 0, tzinfo=UTC)
    moved = when_of("复诊改到周二上午了", thursday)
    assert (moved.year, moved.month, moved.day) == (2026, 9, 22), moved  # the coming Tuesday, not the last one
    later = when_of("房东说交房推迟几天，改成11月9号了", datetime(2026, 10, 20, 9, 0, tzinfo=UTC))
    assert (later.year, later.month, later.day) == (2026, 11, 9), later  # this year's, still to come
    done = when_of("我周二去拔了牙", thursday)
    assert (done.year, done.month, done.day) == (2026, 9, 15), done  # a deed told done stays in the past


def test_a_pronoun_after_a_piece_done_with_someone_is_that_person() -> None:
    from memcli.write.clauses import Unit
    from memcli.write.rules.zh_carry import zh_parts

    parts = [read.text for read, _ in zh_parts(Unit("我和同事老周一起住，他是江西人", "zh"))]
    assert parts == ["我和同事老周一起住", "我同事老周是江西人"], parts


def test_a_relayed_is_has_no_subject() -> None:
    from memcli.write.clause_slots import generic_slot

    assert generic_slot("大夫说是扁桃体炎") is None  # whose word it is, not what anyone is
    assert generic_slot("我表哥是牙医") is not None  # a subject's own "is" stays
