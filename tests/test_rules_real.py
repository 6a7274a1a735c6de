"""What is and is not a memory in everyday chat (issue 10, on conversations written by others):
one-off events of the day, thoughts and plans, impressions of a suggestion, clauses about the
conversation, lists cut by commas, subjects that are not the user's. Sentences written for
these tests (none copied from a public data set). Pure rules: no model, no store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.extract import RuleExtractor, Utterance

AT = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def got(text: str) -> list[tuple[str, str | None]]:
    return [(c.statement, c.slot) for c in RuleExtractor().extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text", [
    # one-off events of a day: an ordinary action, dated or done once (V了 + object), or anchored by 今天
    "今天我去公园散了散步，拍了几张照片", "昨天我又去健身房了", "我处理了一些邮件",
    # thoughts, feelings, decisions and attempts; what follows them is not the user's fact either
    "我很期待周末的聚会", "我决定先学吉他", "我知道她喜欢爬山，也喜欢摄影", "最近我总是觉得睡不醒",
    "我会注意休息，多喝热水", "我还是有一些顾虑",
    # impressions of what was suggested, things being talked of that are not the user's
    "这个方法看起来很有用", "这本书讲的是一个航海家的故事", "和朋友一起爬山是很开心的事",
    # a procedure's steps, a subordinate 时 clause, an adverb read as a thing
    "我先把土豆切块，然后放进锅里，最后炖半小时", "我在整理照片的时候", "我的确有点累",
])
def test_zh_not_memories(text: str) -> None:
    assert got(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢旅行，每个城市都有自己的特色", [("我喜欢旅行", "like.旅行")]),  # a quantified subject is its own
    ("我对天文学很感兴趣", [("我对天文学很感兴趣", "like.天文学")]),
    ("我喜欢读推理小说，看纪录片，弹尤克里里", [("我喜欢读推理小说", "like.推理小说"), ("我喜欢看纪录片", "like.看纪录片"),  # noqa: E501
                                               ("我喜欢弹尤克里里", "like.弹尤克里里")]),
    ("我喜欢晴朗、凉爽的秋天", [("我喜欢晴朗、凉爽的秋天", "like.晴朗、凉爽的秋天")]),  # modifiers of one thing
    ("我喜欢在湖边、树林里散步", [("我喜欢在湖边、树林里散步", "like.在湖边、树林里散步")]),  # one activity
    ("我最喜欢拍摄夜景", [("我最喜欢拍摄夜景", "like.拍摄夜景")]),  # 拍摄 is one word
    ("我是林雨桐", [("我是林雨桐", "name")]),
    ("我闺蜜开了一家花店", [("我闺蜜开了一家花店", "best_friend.event.开花店")]),  # a life event stays
])
def test_zh_durable_facts(text: str, expected: list) -> None:
    assert got(text) == expected


def test_zh_names_joined_by_yu_are_one_object() -> None:
    assert [s for _, s in got("我喜欢西蒙与加芬克尔、披头士等乐队")] == ["like.西蒙与加芬克尔", "like.披头士"]


def test_zh_a_title_is_not_cut_at_its_punctuation() -> None:
    assert got("我在看一部纪录片，叫做《蓝色星球！》") == [("我在看一部纪录片", "fact.看")]  # the name is the film's


def test_zh_dated_life_event_keeps_its_time() -> None:
    [c] = RuleExtractor().extract(Utterance(1, "u", "user", "去年我考下了教师资格证", AT))
    assert c.statement == "我考下了教师资格证" and c.valid_from.year == 2025


@pytest.mark.parametrize("text", [
    # one-off events: an ordinary action in the past (dated or not), or anything on a day said to be today
    "Today I went to the farmers market and bought some peaches", "Yesterday I watched a documentary about octopuses",
    "I baked banana bread this morning", "I've run into some problems with my thesis",
    # thoughts, feelings, attempts, plans, and what is had only for now
    "I realized that I need more sleep", "I sometimes feel a bit lonely", "I will take your advice and practice more",
    "I don't have enough energy these days", "I have a question about my visa", "I feel like my handwriting is getting worse",  # noqa: E501
    # impressions of what was said, parts of what is talked of, general statements, the conversation itself
    "That sounds like a lot of fun", "I really like the soundtrack", "The ending was so sad",
    "Life is too short to drink bad coffee", "Chatting with you always cheers me up",
    # a vague "we", a perfect tense read as possession, a place only for now, a nameless employer
    "We haven't picked a date yet", "There's been a delay with my order", "I'm in the library now and it's very quiet",
    "I'm currently working for a startup",
])
def test_en_not_memories(text: str) -> None:
    assert got(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm Priya, nice to meet you", [("I'm Priya", "name")]),
    ("I'm Brazilian", [("I'm Brazilian", "is.brazilian")]),  # a nationality is not a name
    ("I like quiet and cozy cafes", [("I like quiet and cozy cafes", "like.quiet and cozy cafe")]),  # modifiers
    ("I love knitting and bird watching", [("I love knitting", "like.knitting"), ("I love bird watching",
                                                                                  "like.bird watching")]),
    ("I'm also interested in ancient history", [("I'm also interested in ancient history", "like.ancient history")]),
    ("I've been volunteering at an animal shelter for two years",  # ongoing, with a duration
     [("I've been volunteering at an animal shelter for two years", "fact.volunteer")]),
    ("Sometimes I will go to flea markets to look for old cameras",  # a habitual "will" is no plan
     [("Sometimes I will go to flea markets to look for old cameras", "habit.camera")]),
    ("I used to play the cello", [("I used to play the cello", "fact.play")]),  # (was fact.pla: round 38)
    ("My brother runs a bakery", [("My brother runs a bakery", "brother.fact.run")]),
])
def test_en_durable_facts(text: str, expected: list) -> None:
    assert got(text) == expected


def test_en_genres_before_one_noun_are_each_that_noun() -> None:
    assert [s for _, s in got("I like horror and fantasy novels")] == ["like.horror novel", "like.fantasy novel"]


def test_en_dated_life_event_keeps_its_time() -> None:
    [c] = RuleExtractor().extract(Utterance(1, "u", "user", "I sold my motorbike last year", AT))
    assert c.statement == "I sold my motorbike" and c.valid_from.year == 2025


@pytest.mark.parametrize(("text", "expected"), [
    ("李建华的老家在江西赣州", [("李建华的老家在江西赣州", "person:李建华.hometown")]),  # name + 的 + attribute noun
    ("Marta from marketing is allergic to shellfish", [("Marta from marketing is allergic to shellfish",
                                                        "person:marta.allergy.shellfish")]),
    ("Tom from work lives in Leeds", [("Tom from work lives in Leeds", "person:tom.residence")]),
    ("我上个月摔断了胳膊", [("我摔断了胳膊", "event.摔断胳膊")]),  # an injury is a health event, not a day's outing
    ("I sprained my ankle last week", [("I sprained my ankle", "event.sprained_my_ankle")]),
])
def test_named_people_and_injuries(text: str, expected: list) -> None:
    assert got(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # chat drops the user's 我 / I in the first clause; only a specific attribute, a habit or a life event is kept then
    ("最近开始游泳了，每周游两次", [("我最近开始游泳了", "event.开始游泳"), ("我每周游两次", "fact.游")]),
    ("平时喜欢看纪录片", [("我平时喜欢看纪录片", "like.纪录片")]),
    ("Switched to Brooks running shoes last month, my knees feel better",
     [("I switched to Brooks running shoes", "event.switched_brooks")]),
    # introductions, relations with a modifier, the household, reported facts
    ("我们组新来了一个同事叫林峰", [("我们组新来了一个同事叫林峰", "colleague.name")]),
    ("新领导叫赵婷，是个急性子", [("新领导叫赵婷", "boss.name"),
                                 ("新领导赵婷是个急性子", "boss.is.急性子")]),  # (round 41: said with the name)
    ("我们养了一只兔子，叫团子", [("我们养了一只兔子", "owns.兔子"), ("我的兔子叫团子", "thing:兔子.name")]),
    ("My other friend Priya just moved to Denver", [("My other friend Priya just moved to Denver",
                                                     "person:priya.residence")]),
    ("My dentist told me I grind my teeth at night", [("I grind my teeth at night", "fact.grind")]),
    ("医生说我有点贫血", [("我有点贫血", "fact.贫血")]),
    # possession with names after it, a negated habit with a duration after a comma, a past condition, a degree
    ("We have got three hens, Dot and Pip and Bo", [("My hens are called Dot and Pip and Bo", "thing:hen.name"),
                                                     ("We have got three hens", "owns.hen")]),  # names: a fact of their own  # noqa: E501
    ("I do not eat pork at all, have not for years", [("I do not eat pork at all, have not for years", "like.pork")]),
    ("My grandma had asthma", [("My grandma had asthma", "grandmother.fact.asthma")]),
    ("Then I did my master's in Sweden", [("I did my master's in Sweden", "education")]),
    ("I have always enjoyed writing poems", [("I have always enjoyed writing poems", "like.writing poem")]),
])
def test_dropped_subjects_introductions_and_reported_facts(text: str, expected: list) -> None:
    assert got(text) == expected


@pytest.mark.parametrize("text", [
    "好久没来了", "刚吃完饭", "我将尝试一些新的方法", "看来我们都喜欢猫", "到时候提醒我一下",
    "Today I went to a place I have always wanted to visit", "Sounds great", "Loved it!",
])
def test_dropped_subject_chatter_is_still_silent(text: str) -> None:
    assert got(text) == []


def test_a_pronoun_read_as_a_given_person_when_the_gender_fits() -> None:
    """The rules read a leading 她/他/she/he/her <relation> as a person handed in (``extract_in_context``),
    when the gender fits; the turns before are memcli.write.rules.coref's (the worker's context)."""
    from memcli.write.rules import extract_in_context

    def say(text: str, person: tuple[str, str] | None) -> list[tuple[str, str | None]]:
        return [(m.statement, m.slot) for m in extract_in_context(text, person)[0]]

    assert extract_in_context("我妹妹下个月就要结婚了。")[1] == ("younger_sister", "我妹妹")  # a plan, but it names her
    assert say("她老公是四川人。", ("younger_sister", "我妹妹")) == [("我妹妹老公是四川人", "younger_sister.husband.hometown")]  # noqa: E501
    assert say("Her husband Carl is a plumber.", ("aunt", "My aunt Rosa")) == [
        ("My aunt Rosa's husband Carl is a plumber", "aunt.husband.job")]
    assert say("She's allergic to peanuts.", ("brother", "My brother Tom")) == []  # she is not the brother
    assert say("He works at a hospital.", ("brother", "My brother Tom")) == [
        ("My brother Tom works at a hospital", "brother.workplace")]


@pytest.mark.parametrize("text", [
    "Italian food looks really amazing", "The pressure is so great that it seems hard",
    "Sometimes I do not even know where to start", "I have not found any good jobs", "I was deeply moved by the ending",
    "但总是觉得不够",
])
def test_impressions_abstract_subjects_and_passing_states(text: str) -> None:
    assert got(text) == []


@pytest.mark.parametrize(("text", "slot"), [
    ("I also enjoy classic novels such as Emma", "like.classic novel"),  # the object ends before its examples
    ("I also like films that make me think", "like.film"),  # … and before its relative clause
])
def test_liked_objects_end_at_examples_and_relative_clauses(text: str, slot: str) -> None:
    assert [s for _, s in got(text)] == [slot]


def test_an_attribute_noun_inside_a_compound_is_not_the_attribute() -> None:
    assert [s for _, s in got("我工作内容很杂")] != ["job"] and got("我生日是3月5号") == [("我生日是3月5号", "birthday")]  # noqa: E501


@pytest.mark.parametrize(("text", "expected"), [
    ("我老家是天津的，大学在西安读的", [("我老家是天津的", "hometown"), ("我大学在西安读的", "school")]),
    ("我不喝咖啡，但是烟还没戒掉", [("我不喝咖啡", "like.咖啡"), ("我还没戒掉烟", "fact.戒掉")]),  # topic first, 我 dropped  # noqa: E501
    ("最近在看《人世间》，拍得真好", [("我最近在看《人世间》", "fact.看")]),  # how the show is made is not the user
    ("小王是我们组的设计，湖南人", [("小王是我们组的设计", "person:小王.is.我们组的设计"), ("小王是湖南人", "person:小王.hometown")]),  # noqa: E501
    ("我已经搬到苏州了，住在园区", [("我已经搬到苏州了，住在园区", "residence")]),  # one residence, told in more detail
    ("后来去英国读了个硕士", [("我去英国读了个硕士", "education")]),
    ("Yesterday I adopted a cat! A fluffy Persian named Mochi.", [("I adopted a cat", "owns.cat"),
                                                                  ("My cat is called Mochi", "thing:cat.name")]),
])
def test_continuations_of_real_chat(text: str, expected: list) -> None:
    assert got(text) == expected


def test_the_given_person_stands_until_someone_else_is_spoken_of() -> None:
    from memcli.write.rules import extract_in_context

    son = ("son", "我儿子")
    got_, person = extract_in_context("他对芒果过敏，他最近迷上了恐龙", son)
    assert [(m.statement, m.slot) for m in got_] == [("我儿子对芒果过敏", "son.allergy.芒果"),
                                                     ("我儿子最近迷上了恐龙", "son.like.恐龙")] and person == son
    got_, person = extract_in_context("I have a coworker named Ana, she is from Lisbon.", ("uncle", "My uncle Raj"))
    assert got_[0].slot == "owns.coworker named ana" and all("Raj" not in m.statement for m in got_)


@pytest.mark.parametrize(("text", "expected"), [
    ("你好，今天是我的生日，想和你聊聊", [("我的生日是3月10日", "birthday")]),  # the date is the day it is said
    ("Hello, today is my birthday and I am very happy", [("My birthday is March 10", "birthday")]),
    ("今天我非常兴奋，因为我报名了一个陶艺课程", [("我报名了一个陶艺课程", "event.报名课程")]),  # a life event, even today  # noqa: E501
    ("我得到了一个实习的机会", [("我得到了一个实习的机会", "event.得到机会")]),
    ("I also really like the art style of the Baroque", [("I also really like the art style of the Baroque",
                                                           "like.art style of the baroque")]),  # a part, but named
    ("Lately, I have been spending a lot of my free time knitting",
     [("I have been spending a lot of my free time knitting", "fact.spend")]),
])
def test_birthdays_said_on_the_day_and_named_parts(text: str, expected: list) -> None:
    assert got(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("非常有趣，我也喜欢动作片", [("我也喜欢动作片", "like.动作片")]),  # 有趣 is no 趣 owned
    ("是啊，切好鱼还要把汁弄好，是有些累人", []),  # a reply word gives no subject; 有些累人 is no hometown
    ("嗯，平时喜欢看纪录片", [("我平时喜欢看纪录片", "like.纪录片")]),  # after a reply word, still the first clause
    ("I have been applying for a few jobs recently", [("I have been applying for a few jobs recently", "fact.apply")]),
])
def test_reply_words_and_lookalike_predicates(text: str, expected: list) -> None:
    assert got(text) == expected


@pytest.mark.parametrize("text", [
    "暂时还没有，不过肯定会有的", "我一定要注意安全问题", "很多时候别人的帮助真的可以让我感到温暖",
    "我对主人公的人生态度印象非常深刻", "今天我还买了一套新的厨具", "我自己在乱猜",
])
def test_zh_certainty_impressions_and_todays_shopping(text: str) -> None:
    assert got(text) == []


def test_a_negated_detail_after_a_like_is_not_another_liked_thing() -> None:
    assert [s for s, _ in got("我喜欢喝拿铁，不加糖")] == ["我喜欢喝拿铁", "我不加糖"]
