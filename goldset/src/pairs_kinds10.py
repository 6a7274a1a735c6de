# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, eleventh set (round 17's trial): corrections and changes that must end the old fact.

- ``correction`` (CONFLICT): "X, not Y" / 是X，不是Y told after an opener (actually, I meant, 说错了, 不对)
  ends the stored Y, the user's or another person's;
- ``ends`` (CONFLICT): a pet's death told by its kind ends the having of it; a trip called off ends the
  stored plan it names;
- ``ends_other`` (ADD): a near miss that ends nothing — another person's date denied, another kind of pet,
  a device that "died", a trip called off beside a liking of the place, a trip postponed.
They go to decisions_dated.jsonl (with said times), which the judge is not fitted on: they are decided by
the rules outside it. Written by hand for memcli on 2026-12-03 (not drawn from any data set).
"""

PAIRS_ZH = [
    ("correction", "我外甥今年十岁了", "说错了，我外甥是十一岁，不是十岁", "2025-04-02", "2025-04-03"),
    ("correction", "我表姐住在南通", "不对，我表姐住在扬州，不是南通", "2025-05-10", "2025-05-12"),
    ("ends", "我有一只仓鼠", "我的仓鼠上周去世了", "2025-03-01", "2025-09-01"),
    ("ends", "我们下个月去厦门旅行", "厦门那次旅行取消了", "2025-06-01", "2025-06-10"),
    ("ends_other", "我有一只猫", "我的仓鼠去世了", "2025-03-01", "2025-09-01"),
    ("ends_other", "我很喜欢厦门", "厦门那次旅行取消了", "2025-06-01", "2025-06-10"),
]

PAIRS_EN = [
    ("correction", "Leo's birthday is April 4", "Actually, correction: Leo's birthday is April 14, not April 4", "2025-02-01", "2025-02-02"),
    ("correction", "My niece is six", "Sorry, I meant my niece is seven, not six", "2025-03-05", "2025-03-06"),
    ("ends", "I have a tortoise", "My tortoise passed away last month", "2025-01-10", "2025-08-10"),
    ("ends", "We pushed the Oslo trip to June", "We cancelled the Oslo trip entirely", "2025-04-01", "2025-04-20"),
    ("ends_other", "My uncle's birthday is April 4", "Leo's birthday is April 14, not April 4", "2025-02-01", "2025-02-02"),
    ("ends_other", "I have a laptop", "My laptop died yesterday", "2025-01-10", "2025-08-10"),
    ("ends_other", "I love Oslo", "We cancelled the Oslo trip", "2025-04-01", "2025-04-20"),
]
