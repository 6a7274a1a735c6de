"""Chinese plans and changes told without a subject (round 31), own sentences, real stores, the real default model:

- a plan told with no subject (…，打算明年换个大点的 / 下礼拜一开始去新单位报到) is the speaker's when no one else
  is whom the turn is about: kept, said with 我; another's plan (我妈腰不好，打算…), a wish, a condition or a
  question is not;
- a change done to the speaker (大夫给我换成了X, 房东给我涨了房租, 领导把我调到了X) is the user's fact: kept;
- a schedule told changed (topic + 改成/调到 + a new time) is kept and ends the old schedule stored before."""

from __future__ import annotations

import pytest
from _stores import pair_drained

from memcli.write.told_shapes import changed_for_me, schedule_changed

PLANS = (("房子太小了，打算明年换个大点的", "我打算明年换个大点的"),
         ("最近事多，下礼拜一开始去新单位报到", "我下礼拜一开始去新单位报到"),
         ("这边工资太低，准备年底回老家找活干", "我准备年底回老家找活干"),
         ("打算暑假带孩子去云南玩", "我打算暑假带孩子去云南玩"),
         # (the piece after the plan, of the one named in it, is its own clause: the plan is kept alone)
         ("胆结石拖不下去了，要做个小手术", "我要做个小手术"),
         ("这事想了好久，打算明年跟我表哥学修车，他在县城开了个修车铺", "我打算明年跟我表哥学修车"))
NOT_PLANS = ("我姐腰不好，打算下个月去做手术", "我爸心脏不好，要做个手术", "下周三要去复查",
             "下礼拜六准备带猫去洗澡", "想明年换个工作", "如果下个月不忙，打算去趟西安", "打算什么时候搬家？")
DONE = (("去医院复查了，大夫说效果一般，给我换成氯吡格雷了，一天一片", "氯吡格雷"),
        ("房东给我涨了房租", "房租"))
SCHEDULES = (("孩子幼儿园四点半放学", "孩子的幼儿园从下周开始改成五点放学了", "五点"),
             ("我们公司早上八点半上班", "公司这边上班时间改成九点了，比以前晚半小时", "九点"))


def _active(items: dict) -> set[str]:
    return {s for s, it in items.items() if it.status == "active"}


@pytest.mark.parametrize(("said", "kept"), PLANS)
def test_a_plan_told_without_a_subject_is_the_speakers(mem, said: str, kept: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我在城东住", said)
    # kept with 我 put back, or by a rule (plan.destination) as said
    assert any(s in (kept, kept[1:]) for s in _active(items)), items


@pytest.mark.parametrize("said", NOT_PLANS)
def test_anothers_plan_a_wish_a_condition_or_a_question_is_no_plan_of_the_speakers(mem, said: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我在城东住", said)
    assert not any(s.startswith(("我打算", "我想", "我要")) for s in items), items


@pytest.mark.parametrize(("said", "value"), DONE)
def test_a_change_done_to_the_speaker_is_kept(mem, said: str, value: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我在城东住", said)
    assert any(value in s and "我" in s for s in _active(items)), items


@pytest.mark.parametrize(("first", "second", "value"), SCHEDULES)
def test_a_schedule_told_changed_ends_the_old_one(mem, first: str, second: str, value: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    active = _active(items)
    assert any(value in s for s in active), items
    assert first not in active and items[first].invalid_at is not None, items


def test_the_shapes_leave_out_questions_wishes_and_others() -> None:
    assert schedule_changed("上班时间改成九点了") and schedule_changed("孩子的兴趣班改到周六上午了")
    assert not schedule_changed("上班时间改成几点了？") and not schedule_changed("想把上班时间改成九点")
    assert not schedule_changed("我同事的上班时间改成九点了") and not schedule_changed("我表姐现在换到一家银行去了")
    assert changed_for_me("医生给我换成了降脂药") and changed_for_me("公司把我调到了财务部")
    assert not changed_for_me("公司要是把我调到外地就好了") and not changed_for_me("他想把我调到仓库")
