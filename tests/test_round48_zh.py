"""Round 48: Chinese calendar statements, schedules that recur, on the write path (trial47b's carer user).

- A school's or a workplace's dated event (X定在下周二, 下周四开家长会, 下周一公司团建) is a memory with its date
  (``event_when``: a plan), so a later correction — said plainly (不对，是周X) or relayed from whoever sets it
  (老师说是周X, 领导刚通知改到…) — has something to correct, and 什么时候… answers with the current date.
- A relayed value is read only for a date or a day of the week: 医生说是胃炎 corrects nothing. A move relayed on a later
  day (X刚在群里通知年会推迟到…了) is the move itself: it ends the date stored before and is dated ahead, not last year.
- A weekly schedule moved (游泳课改到周日下午了) is a day of every week: no one-off date; it ends the child's schedule
  stored by the child's name, and keeps the name (whose class moved). One every other week (每隔一周, 隔周) is a habit.
- A child named by the name the user calls them (X是我女儿的小名) is the daughter's nickname, and a question by the role
  word (孩子几点放学, 女儿读几年级) finds what was told by the name; a role asked for a relative (孩子班主任是谁) names
  its holder, whose fact is not left out as another person's.

Own sentences; real stores (SQLite, the default model), captured and drained turn by turn.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memcli import Memory
from memcli.write.value_correction import bare_value, value_correction

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday


def _told(db: str, embedder, turns: list[tuple[int, str]]) -> tuple[dict, Memory]:  # noqa: ANN001
    """Every memory (statement → item) after capturing each ``(day offset, text)`` of ``turns``, draining after
    each; and the store (the caller closes it)."""
    m = Memory(db=db, user="hui", embedder=embedder)
    for day, text in turns:
        m.capture(text, at=(START + timedelta(days=day)).isoformat(), session=f"d{day}")
        s = m.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    return {i.statement: i for i in m.list(include_all=True)}, m


def _when(m: Memory, item) -> str | None:  # noqa: ANN001
    """The stored ``event_when`` column of ``item`` (the date its words give, resolved when said)."""
    return m.store.get_item(m.user, item.id)["event_when"]


def _active(items: dict) -> set[str]:
    return {s for s, i in items.items() if i.invalid_at is None and i.expired_at is None}


def test_an_event_set_on_a_day_is_kept_with_its_date(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "运动会定在下周二上午"), (1, "下周一公司团建")])
    try:
        active = _active(items)
        assert "运动会定在下周二上午" in active and "下周一公司团建" in active, items
        assert _when(m, items["运动会定在下周二上午"]).startswith("2026-03-10"), items["运动会定在下周二上午"]
        assert _when(m, items["下周一公司团建"]).startswith("2026-03-09"), items["下周一公司团建"]
        ctx = m.context("运动会是哪天", budget_ms=5000)
        assert "运动会" in ctx.text, ctx.reason
    finally:
        m.close()


def test_an_errand_with_its_clock_time_stays_a_calendar_entry() -> None:
    from memcli.write.rules.zh import extract_matches

    assert [m.slot for m in extract_matches("下周三学校开运动会")] == ["event.scheduled"]
    for said in ("这周日下午三点去参加同学聚会", "周四上午九点开周会", "下周一上午去医院体检"):
        assert extract_matches(said) == [], said  # a clock time or an errand's 去: the calendar's, not memory's


def test_a_relayed_day_corrects_the_event_told_before(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "下周四开家长会"), (0, "班主任说是周五")])
    try:
        active = _active(items)
        assert "下周五开家长会" in active and "下周四开家长会" not in active, items
        ctx = m.context("什么时候开家长会", budget_ms=5000)
        assert "周五" in ctx.text and "周四" not in ctx.text, ctx.text
    finally:
        m.close()


def test_a_denied_date_relayed_with_its_change_word_corrects_it(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "年会安排在4月18号"), (0, "不对，人事刚通知改到4月25号了")])
    m.close()
    active = _active(items)
    assert any("4月25号" in s and "年会" in s for s in active), items
    assert not any("4月18号" in s for s in active), active


def test_a_relay_reads_only_a_date_or_a_weekday() -> None:
    assert value_correction("老师说是周五") == ("", "周五", 0)
    assert bare_value("主管通知改到3月9号了")
    assert value_correction("医生说是胃炎") is None
    assert value_correction("我说是周五") is None  # the user's own saying is no relay


def test_a_weekly_class_moved_ends_the_childs_schedule_and_keeps_no_date(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "乐乐每周二下午上钢琴课"), (4, "钢琴课改到周六上午了")])
    try:
        active = _active(items)
        assert "乐乐的钢琴课改到周六上午了" in active, items
        assert "乐乐每周二下午上钢琴课" not in active, items
        assert items["乐乐每周二下午上钢琴课"].invalid_at is not None, items
        assert _when(m, items["乐乐的钢琴课改到周六上午了"]) is None, items
        ctx = m.context("乐乐什么时候上钢琴课", budget_ms=5000)
        assert "周六" in ctx.text, ctx.reason
    finally:
        m.close()


def test_the_users_own_weekly_habit_moved_stays_theirs(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "我每周一晚上打乒乓球"), (3, "乒乓球改到周三晚上了")])
    try:
        active = _active(items)
        assert "乒乓球改到周三晚上了" in active, items
        assert "我每周一晚上打乒乓球" not in active, items
        assert _when(m, items["乒乓球改到周三晚上了"]) is None, items
    finally:
        m.close()


def test_a_schedule_every_other_week_is_a_habit_with_no_date(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "朵朵每隔一周周六上午去学画画"), (1, "我隔周去一次健身房")])
    try:
        assert {s: i.kind for s, i in items.items()} == {"朵朵每隔一周周六上午去学画画": "habit",
                                                         "我隔周去一次健身房": "habit"}, items
        assert all(_when(m, i) is None for i in items.values()), items
    finally:
        m.close()


# -- roles and nicknames: a child told by the name the user calls them, asked by the role word --------------------

def test_a_name_told_first_is_the_relatives_nickname() -> None:
    from memcli.write.rules.zh import extract_matches

    got = extract_matches("团团是我女儿的小名")
    assert [(m.statement, m.slot, m.value) for m in got] == [("团团是我女儿的小名", "daughter.nickname.团团", "团团")]
    assert all(m.slot.startswith("person:") for m in extract_matches("李娟是我女儿的班主任"))  # a role, no name


def test_a_child_asked_by_the_role_word_finds_what_was_told_by_the_name(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "团团是我女儿的小名"), (0, "团团每天下午五点放学"), (1, "团团今年上一年级"),
                                    (1, "李老师是团团的班主任"), (2, "我的主管是孙浩")])
    try:
        assert "团团是我女儿的小名" in _active(items), items
        asked = {"孩子几点放学": "五点", "女儿读几年级": "一年级", "孩子班主任是谁": "李老师",
                 "我女儿小名叫什么": "团团", "我的主管是谁": "孙浩"}
        for q, want in asked.items():
            ctx = m.context(q, budget_ms=5000)
            assert want in ctx.text, (q, ctx.reason, ctx.text)
        assert "孙浩" not in m.context("孩子班主任是谁", budget_ms=5000).text
        assert not m.context("我儿子对什么过敏", budget_ms=5000).text  # no son's fact: a daughter's name is no son's
    finally:
        m.close()


def test_two_children_named_guess_no_name(db: str, embedder) -> None:  # noqa: ANN001
    from memcli.read.child_nick import child_named_zh

    _, m = _told(db, embedder, [(0, "团团是我女儿的小名"), (0, "我儿子叫乐乐")])
    try:
        assert child_named_zh(m.store, m.user, "孩子几点放学") == "孩子几点放学"  # two children: which one is not known
        assert child_named_zh(m.store, m.user, "女儿几点放学") == "女儿团团几点放学"
        assert child_named_zh(m.store, m.user, "儿子几点放学") == "儿子乐乐几点放学"
        assert child_named_zh(m.store, m.user, "女儿叫什么") == "女儿叫什么"  # the name asked: the name memory answers
    finally:
        m.close()


def test_a_role_asked_for_a_relative_names_the_holder() -> None:
    from memcli.read.child_nick import asks_role_of
    from memcli.read.person import asked_person

    assert asks_role_of("孩子班主任是谁") and asks_role_of("我老婆的主管叫什么")
    assert not asks_role_of("我的主管是谁") and not asks_role_of("孩子几点放学")
    assert asked_person("孩子班主任是谁") is None and asked_person("我的主管是谁") == "boss"


def test_a_role_of_a_named_child_is_kept_as_who_holds_it() -> None:
    from memcli.write.rules.zh import extract_matches

    got = {m.statement: (m.slot, m.value) for t in ("团团的班主任是吴老师", "乐乐的教练叫王强", "团团的老师姓吴")
           for m in extract_matches(t)}
    assert got == {"团团的班主任是吴老师": ("person:团团.teacher.name", "吴老师"),
                   "乐乐的教练叫王强": ("person:乐乐.coach.name", "王强"),
                   "团团的老师姓吴": ("person:团团.teacher.name", "吴")}, got
    assert all(not m.slot.endswith("mother.name") for m in extract_matches("小明的妈妈是医生"))  # a job, no holder


def test_the_childs_teacher_answers_the_child_not_the_user(db: str, embedder) -> None:  # noqa: ANN001
    _, m = _told(db, embedder, [(0, "团团是我女儿的小名"), (0, "团团的班主任是吴老师")])
    try:
        for q in ("孩子班主任是谁", "我女儿的班主任是谁", "团团的班主任是谁"):
            assert "吴老师" in m.context(q, budget_ms=5000).text, q
        assert not m.context("我的老师是谁", budget_ms=5000).text  # the child's teacher is no teacher of the user's
    finally:
        m.close()


def test_a_move_relayed_on_a_later_day_ends_the_date_and_dates_ahead(db: str, embedder) -> None:  # noqa: ANN001
    items, m = _told(db, embedder, [(0, "年会定在4月18号"), (2, "人事刚在群里通知年会推迟到4月25号了")])
    try:
        assert "年会推迟到4月25号了" in _active(items), items  # the move itself, whoever relayed it
        assert items["年会定在4月18号"].invalid_at is not None, items
        assert _when(m, items["年会推迟到4月25号了"]).startswith("2026-04-25"), items  # ahead, not last year
    finally:
        m.close()
