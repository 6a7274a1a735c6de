# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, tenth set (round 15's fresh-user trial): decisions that hid a true fact.

- ``told_later`` / ``said_earlier`` (decisions_dated.jsonl, with said times): a change dated by a relative
  time ("last month") told *after* an undated fact ends it (CONFLICT, the old fact ends); said *before*
  it (a late-drained capture), the change is the older fact (CONFLICT, stored already invalid).
- ``unlinked_change`` (decisions_dated.jsonl, with said times): a change word (stopped, now, died, new…) in a statement that
  shares no slot, no content and no subject or attribute with the stored fact ends nothing (ADD).
- ``one_value_told`` (decisions_dated.jsonl) and ``xlang_change`` (decisions_xlang.jsonl): a one-value
  attribute (my manager, my job) told as changed, with a second clause after the new value or in the
  other language, ends the old value (CONFLICT).
All but the cross-language ones go to decisions_dated.jsonl, which the judge is not fitted on: they are
decided by the guards outside it, and the shipped judge weights stay the fit on decisions.jsonl.
Written by hand for memcli on 2026-12-03 (not drawn from any data set).
"""

DATED_ZH = [
    ("told_later", "我住在天津", "我上个月搬到青岛了", "2025-06-10", "2025-06-20"),
    ("told_later", "我女儿在实验小学读书", "我女儿上学期转到育才小学了", "2025-03-02", "2025-09-15"),
    ("told_later", "我弟弟住在厦门", "我弟弟上周搬去福州了", "2025-05-05", "2025-05-09"),
    ("said_earlier", "我住在青岛", "我上个月搬到天津了", "2025-06-20", "2025-02-10"),
]

DATED_EN = [
    ("told_later", "I live in Leeds", "I moved to York last month", "2025-04-02", "2025-04-15"),
    ("told_later", "My brother Ken lives in Perth", "My brother Ken moved to Adelaide last week", "2025-07-01", "2025-07-03"),
    ("told_later", "My son goes to Maple Elementary", "Two weeks ago my son switched to Cedar Elementary", "2025-02-11", "2025-02-20"),
    ("said_earlier", "I live in York", "I moved to Leeds last month", "2025-06-20", "2025-03-01"),
]

PAIRS_ZH = [
    ("unlinked_change", "我不吃香菜", "我不再去健身房了，现在改成在家跳绳", "2025-03-04", "2025-03-09"),
    ("unlinked_change", "我的房东姓周", "我们家的金鱼死了，打算再买几条新的", "2025-04-01", "2025-05-12"),
    ("unlinked_change", "我的牙医是刘医生", "我家的仓鼠跑丢了，孩子想养一只新的", "2025-01-15", "2025-02-02"),
    ("unlinked_change", "我每周三去上瑜伽课", "我戒掉奶茶了，现在只喝白开水", "2025-02-20", "2025-06-30"),
    ("one_value_told", "我的领导是孙涛", "我现在的领导是何静，孙涛调去总部了", "2025-05-06", "2025-08-18"),
]

PAIRS_EN = [
    ("unlinked_change", "I'm lactose intolerant", "I stopped going to the climbing gym, now I run instead", "2025-03-04", "2025-03-09"),
    ("unlinked_change", "My neighbour's name is Pavel", "Our hamster died last week, the kids want a new one", "2025-04-01", "2025-05-12"),
    ("unlinked_change", "My dentist is Dr. Okafor", "Our parrot flew away, we're getting a new bird", "2025-01-15", "2025-02-02"),
    ("unlinked_change", "I do pilates on Mondays", "I gave up sugar in my tea, now I drink it plain", "2025-02-20", "2025-06-30"),
    ("one_value_told", "My manager is Carl Berg", "My new manager is Nina Holt, Carl moved to the Oslo office", "2025-05-06", "2025-08-18"),
    ("one_value_told", "My team lead is Omar Haddad", "My new team lead is Sofia Reyes, Omar went back to school", "2025-06-01", "2025-09-10"),
]

XLANG_ZH = [
    ("xlang_change", "I work as a data analyst at a bank", "我现在在一家游戏公司当产品经理"),
    ("xlang_change", "I prefer black tea over juice", "其实我现在改喝果汁了"),
]

XLANG_EN = [
    ("xlang_change", "我在一家医院当护士", "I'm now a primary school teacher"),
    ("xlang_change", "我的经理是陈涛", "My new manager is Grace Liu, Chen Tao left the company"),
]
