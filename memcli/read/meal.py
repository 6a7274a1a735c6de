"""A question that asks what the asker should eat or drink reads as asking their allergies and diet.

中午吃什么好, 给我推荐一家川菜馆, 今晚吃火锅怎么样: a real assistant must not suggest the peanut dish to
the user who said 我对花生过敏, nor the hot pot to one who said 我现在不吃火锅了. None of these names an
attribute word (过敏, 饮食), and the last two name no one at all, so the slot leg asked nothing and the
answerability gate, seeing a question "about the world", left the block empty while the allergy was stored.

:func:`meal_keys` adds ``allergy``, ``diet`` and ``like`` (keyed slots: matched by prefix) when the
question puts eating or drinking to the asker as a choice: the verb 吃/喝 opens it after at most a time
word and the asker (我/我们/咱们) and asks a choice (吃点什么, 吃什么好, 吃火锅怎么样; a bare 吃什么 only
on a day to come: 今晚吃什么, while 我早上喝什么 recalls a routine), or it asks for a place or dish to be
recommended to them. A question about someone or
something else (大熊猫吃什么, 长颈鹿吃什么, 红烧肉怎么做) keeps its keys: its verb has another subject
before it. :func:`asker_meal` puts 我 before the verb of the subjectless form (今晚吃火锅怎么样 →
今晚我吃火锅怎么样), as :func:`memcli.read.subject.asker_can` does for 芒果能吃吗; and :func:`is_meal`
makes a recommendation of a dish or restaurant a task fitted to the user's taste
(:func:`memcli.read.request.wants_taste`), not a task the gate answers with no block.

English alike (:data:`_EN`): "what should I cook tonight?", "can you suggest a dinner recipe for me",
"recommend a restaurant", "any food I should avoid?" put the choice to the asker; "how do I cook a
haggis", "a recipe with chickpeas" (a dish already chosen) and "recommend a podcast" do not.

An offer put to the asker with no subject (能来杯奶茶吗, 零食买点花生酥怎么样: :data:`_OFFER`) asks the same,
when it names food or drink (:func:`memcli.read.kinds.kinds_of`) or a cup of it.

A question whether someone of the user's may or can eat or drink something (我老公能吃辣吗, 我女儿可以吃鱼吗,
"Can I eat pork?": :func:`ability_keys`) is read by the slot vocabulary as asking an ``allergy`` (能吃, 可以喝,
"can i eat"); yet what answers it is as often the subject's diet or a dislike (我老公不吃辣 is ``husband.like.辣``).
Asked as ``allergy`` only, such a fact held "another specific attribute", no allergy was stored, and with a
one-character topic (辣, 鱼) no lexical confirmation: the hit was vetoed and the block left empty (round 38). Such a
hit's attribute is now read against the same subject's ``diet`` and ``like`` besides the ``allergy`` (the answer
features' ``attr``, :mod:`memcli.read.answer_pass`); the slot leg still asks the allergy only, since every like
of the user by prefix would rank above the fact that answers ("Can I have dairy?").

Read path: ``re`` and :mod:`memcli.read.kinds` (a leaf).
"""

from __future__ import annotations

import re

__all__ = ["MEAL_KEYS", "ability_keys", "asker_meal", "is_meal", "meal_keys"]

#: the keys a meal question asks (keyed attributes: ``allergy`` matches ``allergy.花生``, ``like`` ``like.辣``)
MEAL_KEYS = ("allergy", "diet", "like")

_WHEN = (r"(?:今天|今晚|明天|明晚|后天|中午|晚上|早上|早饭|午饭|晚饭|夜宵|周末|这周末|待会儿?|等会儿?|一会儿?|现在|"
         r"下班后|今天中午|今天晚上|明天中午|明天晚上)?")
#: a day to come: what to eat then is a choice to make, not a routine to recall (我早上喝什么 is the routine)
_DAY = r"(?:今天|今晚|明天|明晚|后天|待会儿?|等会儿?|一会儿?|这周末|今天中午|今天晚上|明天中午|明天晚上)"
_WHO = r"(?:我|我们|咱们|咱)?"
_SUGGEST = r"(?:怎么样|好不好|行不行|好吗|行吗|可以吗|如何)"
#: the choice asked: 吃点什么, 吃什么好, 喝啥呢, 吃火锅怎么样 (a bare 吃什么 asks it only on a day to come)
_CHOICE = (rf"(?:(?:点|些)(?:什么|啥)|(?:什么|啥|哪家)(?:好|呢|比较好|合适|吧)|"
           rf"[^？?。，,！!我你您他她它]{{1,10}}?{_SUGGEST})")
#: the verb opens the question after a time word and the asker: 中午吃什么好, 今晚我们吃火锅怎么样, 明天吃什么
_PUT = re.compile(rf"^(?:请|你)?(?:给我|帮我)?(?:{_WHEN}{_WHO}{_WHEN}(?:去|出去)?(?:吃|喝){_CHOICE}|"
                  rf"{_DAY}{_WHO}{_WHEN}(?:去|出去)?(?:吃|喝)(?:什么|啥|哪家))")
#: a recommendation of somewhere or something to eat, for the asker: 给我推荐一家川菜馆, 推荐几个好吃的
_RECOMMEND = re.compile(r"^(?:请|你)?(?:给我|帮我|跟我)?(?:推荐|介绍)[^？?。，,]{0,8}?"
                        r"(?:餐厅|饭店|饭馆|馆子|菜馆|餐馆|小吃|美食|外卖|菜|吃的|喝的|饮料)")
#: an offer of something to eat or drink, put to the asker with no subject (能来杯奶茶吗, 零食买点花生酥怎么样,
#: 晚饭做个海鲜怎么样, 能喝杯咖啡提提神吗): a verb with a measure word (来杯, 买点, 做个), or 吃/喝 after a modal
#: (能喝…吗), opens it after at most a time word, the asker and a short topic (零食), and it ends asking leave
#: or an opinion (吗, 怎么样); :func:`is_meal` takes it only when the text names food or drink or a cup of
#: it (来/买/做/点 say nothing alone: 买个手机怎么样) — 熊猫能吃竹子吗 names its eater before the verb,
#: no topic allowed there
_MODAL = r"(?:能不能|能|可以|可不可以|要不要|要不)"
_MEASURE = r"一?(?:杯|点儿?|些|碗|份|个|瓶|块|盒|袋|包|道|顿|罐|根|片|口)"
_OFFER = re.compile(rf"^{_WHEN}{_WHO}{_WHEN}(?:"
                    rf"(?:(?![我你您他她它帮给])[\u4e00-\u9fff]){{0,4}}?{_MODAL}?(?:来|买|做|点)|{_MODAL}?(?:吃|喝)(?={_MEASURE})|{_MODAL}(?:吃|喝))"
                    rf"[^？?。，,！!我你您他她它]{{1,12}}?(?:吗|呢|{_SUGGEST})[？?]*$")
#: a cup, bowl or bottle of it: something to drink or eat whatever it is (来杯可乐, 来碗面)
_SERVED = re.compile(r"(?:来|买|点)一?(?:杯|碗|瓶|罐|份)")
#: the subjectless form of _PUT, for :func:`asker_meal`
_SUBJECTLESS = re.compile(rf"^({_WHEN})((?:去|出去)?(?:吃|喝){_CHOICE})|"
                          rf"^({_DAY}{_WHEN})((?:去|出去)?(?:吃|喝)(?:什么|啥))")


#: an English question putting a meal to the asker: what should I/we eat (cook, have) [for dinner] [tonight],
#: (can you) suggest/recommend a … dinner/recipe/restaurant, any food I should avoid
_EN_MEAL = (r"(?:dinner|lunch|breakfast|brunch|supper|meals?|recipes?|dish(?:es)?|snacks?|takeaway|restaurants?|"
            r"something to (?:eat|cook|make))")
_EN = re.compile(
    r"^(?:(?:hey|hi|ok|okay|so|um+|hmm+)[, ]+)?(?:"
    r"what (?:should|shall|can|could) (?:i|we) (?:eat|cook|make|have|order)"
    r"(?: for (?:dinner|lunch|breakfast|tea|supper))?(?: tonight| today| tomorrow| this (?:evening|weekend))?\s*[?.!]*$"
    r"|(?:(?:can|could) you |please )?(?:suggest|recommend) (?:me )?(?:a |an |some |any )?(?:\w+ ){0,3}?"
    + _EN_MEAL + r"\b"
    r"|(?:is there )?any (?:foods?|things?|ingredients?) i (?:should|need to|have to|must) avoid"
    r"|what (?:foods?|things|ingredients) (?:should|can'?t|cannot) i (?:avoid|eat)"
    r")", re.IGNORECASE)


def is_meal(text: str) -> bool:
    """Whether ``text`` (simplified Chinese, or English) asks what the asker should eat or drink (see the
    module doc)."""
    return bool(_PUT.search(text) or _RECOMMEND.search(text) or _EN.search(text.replace("’", "'"))
                or (_OFFER.search(text) is not None and (_eats(text) or _SERVED.search(text) is not None)))


def _eats(text: str) -> bool:
    """``text`` names food or drink (:func:`memcli.read.kinds.kinds_of`)."""
    from memcli.read.kinds import kinds_of

    return bool(kinds_of(text) & {"food", "drink"})


def meal_keys(text: str, keys: list[str]) -> list[str]:
    """``keys`` and, when ``text`` (simplified Chinese, or English) asks what the asker should eat or drink,
    :data:`MEAL_KEYS` after them (each once)."""
    if not is_meal(text):
        return keys
    return [*keys, *(k for k in MEAL_KEYS if k not in keys)]


def asker_meal(text: str) -> str:
    """``text`` with 我 put before the verb of a subjectless question what to eat or drink (今晚吃火锅怎么样 →
    今晚我吃火锅怎么样, 中午吃什么 → 中午我吃什么); ``text`` unchanged otherwise (anyone before the verb, no meal)."""
    m = _SUBJECTLESS.match(text)
    if not m:
        return text
    cut = m.end(1) if m.group(2) else m.end(3)
    return f"{text[:cut]}我{text[cut:]}"


#: a modal (or 会不会) before eating, drinking or a bite of something: 能吃, 可以喝, 能不能吃, 可不可以喝; "can/could
#: … eat/drink/have", "allowed/able to eat/drink/have" — what asks whether the subject may or can take it
_CAN_TAKE = re.compile(r"(?:能不能|可不可以|能|可以|会不会)(?:吃|喝|碰)|"
                       r"\b(?:can|could|may)\b[^?.!,]{0,30}?\b(?:eat|drink|have)\b|"
                       r"\b(?:allowed|able|ok|okay|safe) (?:for \w+ )?to (?:eat|drink|have)\b", re.IGNORECASE)


def ability_keys(text: str, keys: list[str]) -> list[str]:
    """``keys`` (slot keys of :func:`memcli.slot_query.query_slots`) and, after each ``…allergy`` key of a question
    whether its subject may or can eat or drink something (:data:`_CAN_TAKE`: 我老公能吃辣吗 → ``husband.allergy``),
    the same subject's ``diet`` and ``like`` (each once): the attributes that answer it, a diet or a dislike as an
    allergy does (see the module doc). ``keys`` unchanged for any other question."""
    from memcli.slots import join_slot, split_slot

    asked = [split_slot(k) for k in keys]
    if not any(a == "allergy" for _, a, _o in asked) or not _CAN_TAKE.search(text.replace("\u2019", "'")):
        return keys
    out: list[str] = []
    for k, (subject, attr, _o) in zip(keys, asked, strict=True):
        more = [k, join_slot(subject, "diet"), join_slot(subject, "like")] if attr == "allergy" else [k]
        out += [m for m in more if m not in out]
    return out
