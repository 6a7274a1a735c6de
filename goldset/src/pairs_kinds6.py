# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, sixth set (issue 21): a life event told once with a relative time (去年, 上个月,
"two years ago", "last March") and once with a written date, said at the times given (the relative
one resolves against its own said time: same date → NOOP, another date → CONFLICT, a repeatable
event or another one → ADD); and a fact that ends (a pet or person dies, a divorce or a break-up,
a job quit, a thing sold) beside the fact it ends (CONFLICT), or beside another's (ADD).
Written by hand for memcli on 2026-12-03 (not drawn from any data set).
Rows: (category, stored, incoming, stored_at, incoming_at); categories → labels in
build_decisions.LABELS.
"""

PAIRS_ZH = [
    ("rel_time_diff", "我儿子是前年开始学钢琴的", "我儿子2021年开始学钢琴", "2025-05-10", "2025-08-01"),
    ("rel_time_same", "我去年拿到了教师资格证", "我是2024年拿到教师资格证的", "2025-06-01", "2025-09-12"),
    ("rel_time_same", "我们上个月搬进了新家", "我们是五月份搬进新家的", "2025-06-20", "2025-07-02"),
    ("rel_time_diff", "我爸是三年前做的心脏手术", "我爸2019年做了心脏手术", "2025-04-01", "2025-04-20"),
    ("rel_time_diff", "我妹妹去年十月生了宝宝", "我妹妹是2023年10月生的宝宝", "2025-02-01", "2025-03-15"),
    ("rel_time_same", "我是两年前开始学日语的", "我从2023年开始学日语", "2025-03-03", "2025-10-10"),
    ("rel_time_diff", "我2020年开始在这家医院上班", "我是去年开始在这家医院上班的", "2025-01-05", "2025-09-01"),
    ("rel_time_other", "我去年在成都旅游了一周", "我2019年搬到了成都", "2025-05-05", "2025-06-06"),
    ("ends", "我的狗叫旺财", "旺财上个月走了", "2025-01-10", "2025-07-01"),
    ("ends", "我养了一只猫叫咪咪", "咪咪前年生病死了", "2024-12-01", "2025-04-01"),
    ("ends", "我老婆叫陈静", "我和陈静去年离婚了", "2024-03-01", "2025-08-01"),
    ("ends", "我在华为上班", "我已经从华为辞职了", "2025-02-01", "2025-06-01"),
    ("ends", "我男朋友叫李强", "我跟李强分手了", "2025-01-01", "2025-05-01"),
    ("ends", "我有一辆丰田卡罗拉", "我把卡罗拉卖了", "2025-03-01", "2025-09-01"),
    ("ends_other", "我的狗叫旺财", "邻居家的狗去年走了", "2025-01-10", "2025-07-01"),
    ("ends_other", "我在华为上班", "我同事从华为辞职了", "2025-02-01", "2025-06-01"),
]

PAIRS_EN = [
    ("rel_time_same", "I adopted my cat two years ago", "I adopted my cat in 2023", "2025-04-02", "2025-05-20"),
    ("rel_time_diff", "My brother graduated from college last year", "My brother graduated from college in 2020", "2025-05-01", "2025-06-11"),
    ("rel_time_same", "We bought our house last month", "We bought our house in June", "2025-07-15", "2025-08-30"),
    ("rel_time_diff", "I broke my wrist three years ago", "I broke my wrist in 2016", "2025-02-14", "2025-03-01"),
    ("rel_time_diff", "My grandmother moved into assisted living last spring", "My grandmother moved into assisted living in 2021", "2025-07-01", "2025-07-20"),
    ("rel_time_same", "I got engaged in March 2024", "I got engaged last March", "2024-06-01", "2025-01-10"),
    ("rel_time_diff", "I joined the choir in 2018", "I joined the choir last year", "2025-01-01", "2025-04-04"),
    ("rel_time_other", "I visited Lisbon last summer", "I moved to Lisbon in 2018", "2025-09-01", "2025-10-01"),
    ("ends", "Our dog is called Biscuit", "Biscuit passed away in the spring", "2025-01-01", "2025-06-30"),
    ("ends", "I have a parrot named Kiwi", "Kiwi died last month", "2024-11-01", "2025-03-03"),
    ("ends", "My wife is Laura", "Laura and I got divorced", "2024-02-01", "2025-02-01"),
    ("ends", "I work at Deloitte", "I quit my job at Deloitte", "2025-01-15", "2025-05-15"),
    ("ends", "I own a Subaru Outback", "I sold my Outback", "2025-02-02", "2025-08-08"),
    ("ends", "My girlfriend is Mia", "Mia and I broke up", "2025-01-20", "2025-04-20"),
    ("ends_other", "Our dog is called Biscuit", "Our cat Pepper died last year", "2025-01-01", "2025-06-30"),
    ("ends_other", "I work at Deloitte", "My sister quit her job at Deloitte", "2025-01-15", "2025-05-15"),
]
