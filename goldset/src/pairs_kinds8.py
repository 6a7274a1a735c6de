# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, ninth set (round 15): a favourite told with a time adverb (现在, 这阵子, "these days") ends the
favourite stored before (CONFLICT), and a told change of job with no new employer named (换工作, 跳槽, "I changed
jobs", "I switched careers") ends the stored job or workplace (CONFLICT); a relative's change of job or a change only
thought of ends nothing (ADD).
Written by hand for memcli on 2026-12-03 (not drawn from any data set).
Rows: (category, stored, incoming, stored_at, incoming_at); categories → labels in build_decisions.LABELS.
"""

PAIRS_ZH = [
    ("change_value", "我最喜欢的水果是苹果", "我现在最喜欢的水果是草莓", "2025-01-10", "2025-06-10"),
    ("change_value", "我最喜欢的颜色是蓝色", "这阵子我最喜欢的颜色是绿色", "2025-02-01", "2025-07-01"),
    ("ends", "我在腾讯上班", "我换工作了，现在在一家银行做数据分析师", "2025-01-05", "2025-08-05"),
    ("ends", "我在一家外贸公司当会计", "我跳槽了", "2025-03-01", "2025-09-01"),
    ("ends_other", "我在腾讯上班", "我老婆换工作了", "2025-01-05", "2025-04-05"),
    ("ends_other", "我在腾讯上班", "我一直想换工作", "2025-01-05", "2025-04-05"),
]

PAIRS_EN = [
    ("change_value", "My favorite fruit is apple", "These days my favorite fruit is mango", "2025-01-10", "2025-06-10"),
    ("change_value", "My favourite drink is black coffee", "My favourite drink right now is oolong tea", "2025-02-01", "2025-07-01"),
    ("ends", "I work at Google", "I changed jobs, now I'm a data analyst at a bank", "2025-01-05", "2025-08-05"),
    ("ends", "I work as an accountant", "I switched careers last spring", "2025-01-05", "2025-09-05"),
    ("ends_other", "I work at Google", "My brother changed jobs", "2025-01-05", "2025-04-05"),
    ("ends_other", "I work at Google", "I'm thinking about changing jobs", "2025-01-05", "2025-04-05"),
]
