"""Chinese facts the write path lost (round 31), own sentences, real stores, the real default model:

- an amount told changed (涨到 / 降到 / 变成 + a new amount) and a plan (打算 / 准备 / 下个月要 + what is to be done)
  were scored low by the fitted clause model and stored nothing: they are kept by their shape
  (:mod:`memcli.write.told_shapes`), the change on the slot of the amount told before, so it ends it;
- a new job told as 去X上班，当Y with its start day before 我 (下周二我去…) stored nothing: the job and the
  workplace are stored, and the job ends the different job stored before;
- half a tablet (半片, 一片半, 半粒) was no dose (no number read): a changed dose ends the old one, as whole
  tablets do."""

from __future__ import annotations

import pytest
from _stores import pair_drained

from memcli.write.quantities import quantities
from memcli.write.told_shapes import as_stated, plan_told, value_changed

CHANGES = (("我的房租是三千八", "房租涨到了四千二"),
           ("我的月薪是八千五", "我的月薪涨到了一万"),
           ("我每个月车贷两千六", "车贷降到了两千一"))
JOBS = (("我在工厂当保安", "下周二我去物流公司上班，当司机", "司机", "物流公司"),
        ("我是厨师", "下周四我去超市上班，当理货员", "理货员", "超市"))
DOSES = (("我每天吃一片降糖药", "医生让我改成每天半片降糖药"),
         ("我每晚吃半粒褪黑素", "医生把褪黑素加到一粒"),
         ("我每天早上吃两片二甲双胍", "医生把二甲双胍减到一片半"),
         ("我每天吃一片降糖药", "我每天吃一片半降糖药"))  # no verb of change: all but the dose alike


def _ended(items: dict[str, object], first: str, second: str) -> None:
    active = {s for s, it in items.items() if it.status == "active"}
    assert second in active and first not in active, active
    assert items[first].invalid_at is not None, items[first]
    assert items[first].invalid_at.date().isoformat() == "2026-06-05", items[first].invalid_at


@pytest.mark.parametrize(("first", "second"), CHANGES)
def test_an_amount_told_changed_ends_the_old_amount(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ended(pair_drained(mem, first, second), first, second)


def test_a_plan_told_is_kept(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我准备买一台洗碗机", "我们下个月要搬到河西")
    active = {s for s, it in items.items() if it.status == "active"}
    assert {"我准备买一台洗碗机", "我们下个月要搬到河西"} <= active, items
    assert items["我们下个月要搬到河西"].slot is None  # a move planned is no residence yet


@pytest.mark.parametrize(("first", "second", "job", "place"), JOBS)
def test_a_job_started_with_its_workplace_ends_the_old_job(mem, first: str, second: str, job: str,  # noqa: ANN001
                                                           place: str) -> None:
    items = pair_drained(mem, first, second)
    active = {s: it for s, it in items.items() if it.status == "active"}
    assert first not in active and items[first].invalid_at is not None, items
    assert any(it.slot == "job" and job in s for s, it in active.items()), active
    assert any(it.slot == "workplace" and place in s for s, it in active.items()), active


@pytest.mark.parametrize(("first", "second"), DOSES)
def test_a_half_tablet_dose_changed_ends_the_old_dose(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ended(pair_drained(mem, first, second), first, second)


def test_a_dose_alike_in_all_but_the_dose() -> None:
    from memcli.write.dose_change import _but_the_dose

    assert _but_the_dose("我现在每天吃一片半降糖药") == _but_the_dose("我每天吃半片降糖药")
    assert _but_the_dose("我早上吃一片降糖药") != _but_the_dose("我晚上吃一片降糖药")  # two times: two doses


def test_halves_are_read_as_amounts() -> None:
    assert quantities("我每天吃半片降压药") == {("片", 0.5)}
    assert quantities("改成一片半") == {("片", 1.5)}
    assert quantities("每晚两粒半") == {("粒", 2.5)}
    assert quantities("我半夜醒了") == frozenset()  # a half of no portion or dose


def test_shapes() -> None:
    assert value_changed("物业费又涨到了每平米三块二") and value_changed("我的工资涨了两千")
    assert not value_changed("我同事的工资涨了两千") and not value_changed("房租涨到多少了？")
    assert not value_changed("天气变冷了")
    assert as_stated("房租涨到了四千二") == "我的房租是四千二"
    assert as_stated("这个月开始车位费涨到了四百") == "我的车位费是四百"  # a time before it
    assert as_stated("我的工资涨了两千") is None  # changed by an amount: no value now
    assert plan_told("我打算年底换工作") and plan_told("下个月我要去杭州出差")
    assert not plan_told("我准备好了") and not plan_told("如果有空我打算去看看") and not plan_told("我不打算换车了")
    assert not plan_told("我要去上班了")  # 要 with no time past today
