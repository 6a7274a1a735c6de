# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, sixth set (issue 21): one fact told in English and in Chinese. Written by hand for
memcli on 2026-12-03 (not drawn from any data set), after the cross-language step
(memcli/write/cross_lang.py) was written — not blind to it.

``(category, stored, incoming)``; labels in build_decisions.LABELS:

- ``xlang_restated`` (NOOP): the same fact in the other language (residence, job, workplace, pets'
  and relatives' names, likes): a restatement, never a CONFLICT that hides the first;
- ``xlang_refine`` (UPDATE): a residence or job said more precisely in the other language (Beijing / 北京海淀区);
- ``xlang_change`` (CONFLICT): the same slot in the other language with another value (Shanghai / 北京);
- ``xlang_other`` (ADD): another thing of one kind in the other language (green tea / 红茶, Max / Buddy).

``PAIRS_EN`` arrive in English (stored Chinese), ``PAIRS_ZH`` arrive in Chinese (stored English).
"""

PAIRS_ZH = [
    ("xlang_restated", "My mother lives in Shanghai", "我妈妈住在上海"),
    ("xlang_restated", "I have a dog named Max", "我有一只狗叫Max"),
    ("xlang_restated", "I live in Hangzhou", "我住在杭州"),
    ("xlang_restated", "I work as an accountant", "我是一名会计"),
    ("xlang_restated", "My husband is called Tom", "我老公叫Tom"),
    ("xlang_restated", "My cat's name is Luna", "我的猫叫Luna"),
    ("xlang_restated", "I love swimming", "我喜欢游泳"),
    ("xlang_restated", "My brother lives in London", "我哥哥住在伦敦"),
    ("xlang_restated", "I am a teacher", "我是老师"),
    ("xlang_restated", "I like coffee", "我喜欢咖啡"),
    ("xlang_restated", "My daughter is named Lily", "我女儿叫Lily"),
    ("xlang_restated", "My father lives in Beijing", "我爸爸住在北京"),
    ("xlang_change", "My mother lives in Shanghai", "我妈妈搬到北京了"),
    ("xlang_change", "I live in Hangzhou", "我现在住在苏州"),
    ("xlang_change", "I work as an accountant", "我现在当律师了"),
    ("xlang_change", "My father lives in Beijing", "我爸爸搬去广州住了"),
    ("xlang_change", "I am a teacher", "我已经不当老师了，现在做程序员"),
    ("xlang_change", "I live in London", "我搬到巴黎了"),
    ("xlang_refine", "My sister lives in Beijing", "我姐姐住在北京海淀区"),
    ("xlang_refine", "I work as a nurse", "我是儿科护士"),
    ("xlang_other", "I like green tea", "我喜欢红茶"),
    ("xlang_other", "I have a dog named Max", "我有一只狗叫Buddy"),
    ("xlang_other", "My sister lives in Chengdu", "我弟弟住在成都"),
]

PAIRS_EN = [
    ("xlang_restated", "我住在深圳", "I live in Shenzhen"),
    ("xlang_restated", "我是护士", "I work as a nurse"),
    ("xlang_restated", "我在谷歌工作", "I work at Google"),
    ("xlang_restated", "我姐姐叫Anna", "My sister is called Anna"),
    ("xlang_restated", "我的狗叫Max", "My dog is named Max"),
    ("xlang_restated", "我喜欢爬山", "I like hiking"),
    ("xlang_restated", "我妻子住在伦敦", "My wife lives in London"),
    ("xlang_restated", "我是程序员", "I am a programmer"),
    ("xlang_restated", "我喜欢喝绿茶", "I like green tea"),
    ("xlang_restated", "我儿子叫Leo", "My son's name is Leo"),
    ("xlang_restated", "我是医生", "I am a doctor"),
    ("xlang_restated", "我奶奶住在上海", "My grandmother lives in Shanghai"),
    ("xlang_change", "我住在深圳", "I moved to Guangzhou"),
    ("xlang_change", "我是护士", "I work as a lawyer now"),
    ("xlang_change", "我妈妈住在上海", "My mother now lives in Beijing"),
    ("xlang_change", "我在谷歌工作", "I work at Microsoft now"),
    ("xlang_change", "我是程序员", "I am a designer now"),
    ("xlang_change", "我奶奶住在上海", "My grandmother moved to Nanjing"),
    ("xlang_refine", "我哥哥住在深圳", "My brother lives in Nanshan, Shenzhen"),
    ("xlang_refine", "我住在上海", "I live in Pudong, Shanghai"),
    ("xlang_other", "我喜欢喝咖啡", "I like tea"),
    ("xlang_change", "我的猫叫Luna", "My cat is called Mimi"),  # relabelled round 16 (was xlang_other): see PAIRS_ZH16
    ("xlang_other", "我哥哥住在深圳", "My mother lives in Shenzhen"),
]

# Round 13 (2026-12-03, written by hand for memcli after a user trial, not blind to the step): a
# short value — a hobby, a food, an allergy — in two languages, with the hard cases beside it (two
# things of one kind: skiing / 滑冰, cats / 狗), and relatives named in both languages (阿姨 / aunt,
# 姐夫 / brother-in-law). Kept in lists of their own so the 46 pairs above keep their ids.
PAIRS_ZH13 = [
    ("xlang_restated", "I enjoy cooking", "我喜欢做饭"),
    ("xlang_restated", "I love reading", "我很喜欢看书"),
    ("xlang_restated", "I like jazz", "我喜欢爵士乐"),
    ("xlang_restated", "I'm allergic to peanuts", "我对花生过敏"),
    ("xlang_restated", "I love skiing", "我喜欢滑雪"),
    ("xlang_restated", "My aunt lives in Paris", "我阿姨住在巴黎"),
    ("xlang_restated", "My brother-in-law is a dentist", "我姐夫是牙医"),
    ("xlang_change", "My aunt lives in Lyon", "我阿姨搬到马赛了"),
    ("xlang_other", "I like cats", "我喜欢狗"),
    ("xlang_other", "I love skiing", "我喜欢滑冰"),
    ("xlang_other", "I like jazz", "我喜欢摇滚乐"),
    ("xlang_other", "I'm allergic to peanuts", "我对海鲜过敏"),
    ("xlang_other", "I like hiking", "我喜欢游泳"),
]

PAIRS_EN13 = [
    ("xlang_restated", "我喜欢骑自行车", "I love cycling"),
    ("xlang_restated", "我喜欢钓鱼", "I like fishing"),
    ("xlang_restated", "我讨厌吃辣", "I hate spicy food"),
    ("xlang_restated", "我阿姨是护士", "My aunt is a nurse"),
    ("xlang_change", "我阿姨住在南京", "My aunt moved to Wuhan"),
    ("xlang_other", "我喜欢骑自行车", "I like running"),
    ("xlang_other", "我喜欢钓鱼", "I like climbing"),
    ("xlang_other", "我喜欢喝红酒", "I like beer"),
]

# round 14: a changed value of a one-value attribute told in the other language — a favourite of one
# category, a relative's or boss's name with the change told (new / 新) — beside what must stay apart:
# a person's names in two scripts, two pets, two categories of favourite. Written by hand after a
# new-user trial found "my favourite colour is now …" in the other language decided NOOP.
PAIRS_ZH14 = [
    ("xlang_change", "My favorite fruit is mango", "我现在最喜欢的水果是草莓"),
    ("xlang_change", "My favourite sport is tennis", "我最喜欢的运动是篮球"),
    ("xlang_change", "My manager is Laura Smith", "我的新经理叫刘洋"),
    ("xlang_restated", "My favorite fruit is mango", "我最喜欢的水果是芒果"),
    ("xlang_other", "My favorite fruit is mango", "我最喜欢的颜色是黄色"),
    ("xlang_change", "My dog is called Rocky", "我的狗叫豆豆"),  # relabelled round 16 (was xlang_other): see PAIRS_ZH16
]

PAIRS_EN14 = [
    ("xlang_change", "我最喜欢的花是玫瑰", "My favorite flower is the tulip now"),
    ("xlang_change", "我最喜欢的季节是夏天", "My favourite season is winter"),
    ("xlang_change", "我的房东叫李强", "My new landlord is Peter Brown"),
    ("xlang_restated", "我最喜欢的季节是夏天", "My favourite season is summer"),
    ("xlang_other", "我最喜欢的花是玫瑰", "My favorite drink is lemonade"),
    ("xlang_other", "我叫周明", "My name is Kevin"),
]

# round 16 (2026-12-03, written by hand for memcli after a new-user trial, not blind to the step; no sentence
# of the trial or of a data set): a pet's name or age and a child's school told anew in the other language end
# the old value, as they do in one language ("My dog's name is Waffles / Biscuit" is CONFLICT in the blind
# second set). So the two pairs above that kept a pet's other name as a second pet (Luna / Mimi, Rocky / 豆豆)
# are relabelled CONFLICT: "my cat" / "my dog" is one animal unless another is told ("my other dog").
PAIRS_ZH16 = [
    ("xlang_change", "My hamster is called Biscuit", "我的仓鼠叫团子"),
    ("xlang_change", "My cat is two years old", "我的猫已经五岁了"),
    ("xlang_change", "My son goes to Riverside kindergarten", "我儿子现在在蓝天幼儿园"),
    ("xlang_restated", "My rabbit is called Coco", "我的兔子叫Coco"),
    ("xlang_restated", "My dog is six years old", "我的狗六岁了"),
    ("xlang_other", "I drink black coffee every morning", "我每天早上喝牛奶"),
]

PAIRS_EN16 = [
    ("xlang_change", "我的金鱼叫泡泡", "My goldfish's name is Goldie"),
    ("xlang_change", "我的狗八岁了", "My dog is nine years old"),
    ("xlang_change", "我女儿在彩虹幼儿园", "My daughter goes to Hillside kindergarten now"),
    ("xlang_restated", "我的乌龟叫Tank", "My turtle is called Tank"),
    ("xlang_restated", "我儿子在向日葵幼儿园", "My son goes to Sunflower kindergarten"),
    ("xlang_other", "我每天早上喝豆浆", "I drink orange juice in the morning"),
    ("xlang_other", "我的猫叫球球", "My other cat is called Pixel"),
]

# round 17: a liking turned round in the other language ends the old one; another thing liked is another fact
PAIRS_ZH17 = [
    ("xlang_change", "I love spicy food", "我现在不太能吃辣了"),
    ("xlang_change", "I love mangoes", "我现在不吃芒果了"),
    ("xlang_other", "I love sweet food", "我现在不太能吃辣了"),
]
