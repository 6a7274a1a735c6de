# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, fourth set (issues 19 §3 and 21): changes told under another wording of the slot,
and pairs that must stay two facts (a past event beside a later change, a turn of talk only, a name
in another script). Written by hand for memcli on 2026-12-02 (not drawn from any data set).
Categories → labels in build_decisions.LABELS.
"""

PAIRS_ZH = [
    # a change told in new words: the same slot read from another phrasing (CONFLICT)
    ("change_new_words", "我在华为做测试", "我现在在小米做测试开发"),
    ("change_new_words", "我在腾讯工作", "我现在在百度工作"),
    ("change_new_words", "我在京东上班，做数据分析", "我现在在网易上班"),
    ("change_new_words", "我领导叫张强", "现在我们领导换成了刘波"),
    ("change_new_words", "我的上司叫孙浩", "现在我们上司换成了周敏"),
    ("change_new_words", "我老板叫陈刚", "我现在向赵磊汇报"),
    ("change_new_words", "我领导叫马超", "我现在直接汇报给何静"),
    ("change_new_words", "我住在上海", "我已经搬到苏州了"),
    ("change_new_words", "我住在广州天河", "上个月搬到深圳了"),
    # a past event stays history beside a later change (ADD)
    ("event_kept", "我拿到了上海一家银行的offer", "我已经搬到上海了，住在浦东"),
    ("event_kept", "我去年考上了研究生", "我现在住在学校宿舍"),
    ("event_kept", "我上个月参加了公司的年会", "我现在在市场部做策划"),
    ("event_kept", "我前年学会了开车", "我现在每天开车上班"),
    # a turn of talk, thanks or intentions only states no fact (ADD)
    ("talk_only", "你好，今天想跟你聊聊我的旅行计划", "好的，你说得有道理，我会认真考虑的"),
    ("talk_only", "谢谢你的建议，我会试着多运动", "今天先到这里吧，我们下次再聊"),
    ("talk_only", "嗯嗯，有道理，我会好好想想", "你好呀，今天想和你聊聊工作上的事"),
    # a name in another script may be the user's other name (ADD)
    ("name_scripts", "我的名字是陈静", "My name is Grace"),
    ("name_scripts", "我叫刘洋", "Call me Kevin, that's my English name"),
]

PAIRS_EN = [
    ("change_new_words", "My manager is Paul Wright", "Now I report to Helen Moss"),
    ("change_new_words", "My boss is Kevin Doyle", "I report to Maria Chen these days"),
    ("change_new_words", "I work at Microsoft", "I work at Amazon now"),
    ("change_new_words", "I work for Deloitte", "I now work for Accenture"),
    ("change_new_words", "I live in Denver", "Update: we moved to Portland last month"),
    ("change_new_words", "I live in Boston", "Big news: I moved to Miami"),
    ("change_new_words", "My supervisor is Dana Price", "My new supervisor is Omar Haddad"),
    ("event_kept", "I got an offer from a startup in Austin", "We moved to Austin, the commute is short"),
    ("event_kept", "I ran my first marathon last spring", "These days I mostly swim"),
    ("event_kept", "I graduated from nursing school in May", "Now I work nights at the county hospital"),
    ("event_kept", "I adopted a cat from the shelter last year", "We moved into a bigger apartment now"),
    ("talk_only", "Hi there, today I'd like to chat with you about my garden", "You're right, I'll try to be more patient"),
    ("talk_only", "Thanks for the tips, I'll try them out", "Okay, that makes sense, let's talk tomorrow"),
    ("talk_only", "Hello again! I want to talk to you about my week", "Thank you, that makes a lot of sense"),
    ("name_scripts", "My name is Daniel", "我叫王大伟"),
    ("name_scripts", "My name is Sophie", "我的中文名字叫李思"),
]
