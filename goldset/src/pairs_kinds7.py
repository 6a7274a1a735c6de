# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, seventh set (issue 21, the new-user trial of round 12): a relative's fact about
another object beside theirs (another food liked or hated, another allergy: ADD), one thing swapped
in a shared frame (another language studied, another pill taken: ADD; another employer in a job:
CONFLICT), a habit, a study or a subscription stopped beside the fact it ends (CONFLICT) or beside
another one (ADD), and a correction "X, not Y" beside the old value (CONFLICT).
Written by hand for memcli on 2026-12-03 (not drawn from any data set).
Rows: (category, stored, incoming, stored_at, incoming_at); categories → labels in
build_decisions.LABELS.
"""

PAIRS_ZH = [
    ("other_object", "我儿子讨厌吃胡萝卜", "我儿子特别喜欢吃玉米", "2025-02-01", "2025-03-01"),
    ("other_object", "我婆婆对青霉素过敏", "我婆婆对芒果也过敏", "2025-01-10", "2025-04-02"),
    ("other_object", "我老公不爱吃羊肉", "我老公很爱吃螃蟹", "2025-03-03", "2025-05-05"),
    ("object_swap", "我每周六去上钢琴课", "我每周六去上书法课", "2025-02-02", "2025-06-06"),
    ("object_swap", "我在学吉他", "我在学围棋", "2025-01-20", "2025-02-20"),
    ("employer_changed", "我在京东做数据分析师", "我在美团做数据分析师", "2025-01-05", "2025-07-01"),
    ("employer_changed", "我老婆在协和医院当护士", "我老婆在同仁医院当护士", "2024-11-01", "2025-03-01"),
    ("stopped", "我每天晚上都喝一罐可乐", "我已经戒可乐了", "2025-01-01", "2025-04-01"),
    ("stopped", "我在报班学韩语", "我放弃韩语了", "2025-02-01", "2025-05-01"),
    ("stopped", "我办了一张游泳卡", "我把游泳卡退了", "2025-03-01", "2025-08-01"),
    ("stopped_other", "我每天晚上都喝一罐可乐", "我已经戒烟了", "2025-01-01", "2025-04-01"),
    ("stopped_other", "我在报班学韩语", "我放弃考驾照了", "2025-02-01", "2025-05-01"),
    ("correction", "我女儿今年七岁", "更正一下，我女儿今年是八岁，不是七岁", "2025-01-15", "2025-01-16"),
    ("correction", "我住在无锡", "我说错了，我住在常州，不是无锡", "2025-02-10", "2025-02-11"),
]

PAIRS_EN = [
    ("other_object", "My daughter Zoe hates peas", "Zoe loves pancakes", "2025-02-01", "2025-03-01"),
    ("other_object", "My dad is allergic to bee stings", "My dad is also allergic to latex", "2025-01-10", "2025-04-02"),
    ("other_object", "My wife can't stand horror movies", "My wife adores musicals", "2025-03-03", "2025-05-05"),
    ("object_swap", "I take my kids to judo on Mondays", "I take my kids to chess on Mondays", "2025-02-02", "2025-06-06"),
    ("object_swap", "I'm reading a book about Napoleon", "I'm reading a book about volcanoes", "2025-01-20", "2025-02-20"),
    ("employer_changed", "I work as an accountant at Siemens", "I work as an accountant at Bosch", "2025-01-05", "2025-07-01"),
    ("stopped", "I smoke about ten cigarettes a day", "I quit smoking", "2025-01-01", "2025-04-01"),
    ("stopped", "I'm learning to play the cello", "I gave up on the cello", "2025-02-01", "2025-05-01"),
    ("stopped", "I have a Spotify subscription", "I cancelled my Spotify subscription", "2025-03-01", "2025-08-01"),
    ("stopped_other", "I smoke about ten cigarettes a day", "I quit my pottery class", "2025-01-01", "2025-04-01"),
    ("stopped_other", "I'm learning to play the cello", "I stopped drinking soda", "2025-02-01", "2025-05-01"),
    ("correction", "My son is seven", "Correction: my son is eight, not seven", "2025-01-15", "2025-01-16"),
    ("correction", "I live in Ghent", "Sorry, I meant I live in Bruges, not Ghent", "2025-02-10", "2025-02-11"),
]
