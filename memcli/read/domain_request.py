"""A loose request about the user's own life asks the facts of its domain, and only those (round 44).

给我推荐个周末活动, 今晚做什么菜, "What should I get my daughter for her birthday?", "Suggest an exercise routine
for me": none names an attribute the slot leg asks (过敏, hobby, age), the lexical leg shares no word with the facts
that serve it (徒步, the shellfish allergy, her age), and the answerability gate reads a task or a question about the
world. So the block stayed empty, or held a neighbour of another domain (a pollen allergy for 晚饭吃什么).

:func:`request_domains` reads such a request: a choice put to the asker (推荐, 帮我想想, 吃什么好, 送什么, 适合, 可以吗;
"what should I", "recommend", "any ideas", "help me pick", "plan … for me"; 推荐 / "recommend" asked of the assistant,
not told of someone: "What does Nate suggest…"; not a recall: 平时, 了, 我喜欢喝什么茶, 楼下那家湘菜馆怎么样,
我使用的运动鞋怎么样, "usually", "did") whose words name a domain (:data:`DOMAIN_WORDS`, and the kinds of
:mod:`memcli.read.kinds`: food and drink → ``food``; a sport → ``exercise``; an animal → ``pets``; music, a film,
a book → ``likes`` of that kind), and whom it is for: the asker, or someone of theirs it names (儿子, "my dad",
Maya). Round 45: 去 / 订哪家 + a place is a choice (周末去哪家馆子); a shopping festival (双十一, Black Friday) is an
occasion and asks ``shopping``, the things the user wants (a gift when it names whom for); a Chinese name after 给 /
为 / 带 … or opening the request (给咪咪买…, 志强生日送什么: :func:`memcli.read.told_name.request_names_zh`); a name
with no domain ("What toys would Pixel enjoy?", a toy being a gift; "What would Ana enjoy?") is a request for that
one when a stored fact tells of them (:func:`memcli.read.told_name.tells_of`), else none.

:func:`memory_domains` reads the domains of one stored fact from its slot (:mod:`memcli.slots`: ``allergy``,
``diet``, ``like``, ``habit``, ``owns``…) and the kinds its words name:

- ``food``: a diet, an allergy to no thing of another domain (:data:`_NOT_FOOD`: pollen, 青霉素, a bee sting, an
  animal), any fact of the user naming food or drink (我不爱吃甜食, "I avoid gluten");
- ``exercise``: a health condition or an injury (:data:`_BODY`; not an allergy, not food), a sport liked or played;
- ``activity``: a liking, hobby or habit of no food, drink or clothing (徒步, 博物馆, board games); ``travel`` too,
  with motion sickness (:data:`_TRAVEL`);
- ``clothes``: sizes, colours and clothes worn (:data:`_CLOTHES`); ``pets``: an animal kept (``owns.柯基``,
  ``thing:cat.…``); ``schedule``: a habit at a time of the week, the job; ``shopping``: a thing wanted (我想买…,
  "I want a new …": :data:`_WANTS`).

:func:`domain_answers` (after the gate): for a request it reads, the user's memories of its domains — of the one it
is for: for a gift that person's age, likes and habits alone, and the facts of a person their facts name ("My niece
Maya is 12" → Maya's horses); for a request made with someone (带女儿去玩) theirs and the asker's — are kept at the
answerability point, listed first; a hit of another domain is put below it (the pollen allergy for dinner), and for a
gift every hit not about the one it is for (the user's car). A hit of no domain keeps what the gate said. A request
whose domain holds nothing stays as the gate left it: a task, a translation, a world question or "recommend a mystery
novel" with no book stored get no block.

Rules on word order and small word lists, both languages, written for memcli (no data set's words). Read path:
:mod:`memcli.read.kinds`, :mod:`memcli.read.results`, the slot vocabulary and the store's slot and LIKE searches.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from memcli.read.kinds import FAMILY, kinds_of
from memcli.read.mismatch import relation_words
from memcli.read.results import Hit, row_hit
from memcli.read.suggest_words import ADVICE_EN, ASK_EN, ASK_ZH, CONSENT_ZH, WHETHER_ZH
from memcli.read.told_name import request_names_zh, tells_of
from memcli.relazy import lazy
from memcli.reltime import EN_MONTHS, EN_WEEKDAYS
from memcli.slots import ZH_RELATION_RE

__all__ = ["DOMAIN_WORDS", "Request", "domain_answers", "memory_domains", "request_domains"]

#: a shopping festival (round 45: 双十一买什么 asks what to buy then, as 母亲节送什么 does)
_FESTIVAL_ZH = r"双十一|双11|双十二|双12|618|黑五|黑色星期五|年货节|购物节"
#: before a bare verb of choice (买什么, 吃什么) only a time, whom it is for or with, an occasion: 今晚吃什么, 给狗狗买
#:点什么, 儿子生日买什么; not a subject of its own (考拉吃什么, 他中午吃什么: another eater's food, as memcli.read.meal)
_WHEN_ZH = (r"(?:今天|今晚|明天|明晚|后天|中午|晚上|早上|早饭|午饭|晚饭|夜宵|周末|这周末|这个周末|下周末|待会儿?|现在|"
            r"下班后|假期|国庆|周[一二三四五六日])?")
_OCCASION_ZH = rf"母亲节|父亲节|圣诞节?|春节|过年|中秋节?|情人节|生日|纪念日|{_FESTIVAL_ZH}"
_FOR_ZH = (rf"(?:(?:{_OCCASION_ZH})?(?:给|帮|替|为|带|跟|和)[^，。？?！!]{{1,5}}?|"
           rf"(?:{ZH_RELATION_RE.pattern})(?:的)?(?:生日|节日)?|(?:{_OCCASION_ZH})(?:给|送)?)?")
#: words a request opens with that name no one: a time, an occasion (周末去哪家馆子, 双十一买什么)
_NO_NAME_ZH = lazy(rf"{_WHEN_ZH[:-1]}|{_OCCASION_ZH}|周[一二三四五六日末]\w?")
_BARE_ZH = (rf"^(?:请|你)?{_WHEN_ZH}{_FOR_ZH}{_WHEN_ZH}(?:去|出去)?(?:买|送|穿|吃|喝|玩|选|挑|带)"
            r"[^，。？?！!我的]{0,3}?(?:什么|啥)")
#: a choice put to the asker (not a recall of what they did or usually do);
#: 推荐 / 建议 asked of the assistant (给我推荐…, 你有什么推荐), not told of someone (医生建议…, 小王推荐的书)
_CHOICE_ZH = lazy(rf"^(?:请|你|您|能不能|可以|能)?(?:给我|帮我|为我|跟我)?(?:{ASK_ZH})|"
                  rf"(?:你|您|有什么|有没有|有啥)(?:{ASK_ZH})|"
                  r"帮我想|想想|帮我(?:挑|选|定|安排|规划|计划|搭配)|给我(?:定|制定|安排|规划|挑|选)|"
                  r"(?:什么|啥|哪|哪儿|哪里|哪家|哪些)[\u4e00-\u9fff]{0,4}?(?:好|比较好|合适)(?=[呢吗啊呀吧？?。!！，,]|$)|"
                  rf"适合|合适|{CONSENT_ZH}|怎么样|该|应该|{WHETHER_ZH}|[做干](?:点|些)(?:什么|啥)|去哪(?:儿|里)?(?:玩|逛)|"
                  r"(?:去|订|选|挑|找|约在)哪(?:家|个|间)|报(?:个|什么)|(?:挑|选|订|准备|安排)(?:个|件|份|些|点|一[个件份家双套])|[做干](?:什么|啥)(?=菜|饭|吃)|"
                  r"(?:今天|今晚|明天|明晚|后天|这周末|这个周末|下周末)[^，。？?]{0,4}?[做干玩吃喝穿](?:点|些)?(?:什么|啥)|"
                  + _BARE_ZH)
#: a recall: a habit, a past, the asker's own liking asked (我喜欢喝什么茶 asks what is stored, no choice), one
#: thing told pointed back to (楼下那家湘菜馆怎么样: that restaurant, as memcli.read.request reads 那家 / 那台), or a
#: thing of the user's the question opens on (我使用的运动鞋怎么样)
_RECALL_ZH = lazy(r"平时|平常|通常|一般|每次|上次|以前|之前|昨天|去年|了吗|过吗|(?<![为除])了(?![解不])|"
                  r"我(?:们)?(?:最|特别|很|都)?(?:喜欢|爱|讨厌|不喜欢|对)|"
                  r"那[个位台家辆只件双把部本条张块座间所款套盒瓶支副顶颗](?![儿里么])|"
                  r"(?:^|[，,：:；;。！!])我(?:们)?[^，。？?的]{0,3}的")
_CHOICE_EN = lazy(r"\b(?:should|shall) (?:i|we)\b|\b(?:can|could) (?:i|we) (?:do|get|buy|make|cook|eat|have|wear|try|"
                  rf"give|take|go|plan|book)\b|^(?:please |(?:can|could|would|will) you )?(?:{ASK_EN})\b|"
                  rf"\byou (?:{ASK_EN})\b|\bany (?:{ADVICE_EN})\b|"
                  r"\bideas? (?:for|on)\b|"
                  r"\bhelp me (?:pick|choose|find|plan|decide|come up|think)|\bplan (?:a|an|my|some|the)\b|"
                  r"\bwould (?:i|we|my \w+) (?:like|love|enjoy)\b|"
                  r"^(?:what|which) \w+ would (?-i:[A-Z])[a-z]+ (?:like|love|enjoy)\b|"  # What toys would Pixel enjoy?
                  r"\bwhat (?:to|do i) (?:get|buy|wear|cook|make|eat)\b", re.IGNORECASE)
_RECALL_EN = lazy(r"\b(?:usually|normally|did|last|ago|used to|before)\b|"
                  r"^(?:where|when|why|how) (?:does|is|was|were|are) (?!i\b|we\b)", re.IGNORECASE)  # where does X get…

#: the words of each domain a request names, both languages (the kinds of memcli.read.kinds add food, sports, animals)
DOMAIN_WORDS: dict[str, tuple[str, ...]] = {d: (*zh.split(), *(w.strip() for w in en.split(","))) for d, (zh, en) in {
    "food": ("饭 餐 菜 馆子 外卖 零食 食谱 早点 夜宵",
             "dinner, lunch, breakfast, brunch, supper, meal, menu, recipe, restaurant, snack, takeout, takeaway, "
             "place to eat"),
    "activity": ("玩 活动 放松 消遣 娱乐 兴趣班 亲子 爱好",
                 "fun, activity, activities, night out, hobby, relax, to do"),
    "free": ("周末 假期 放假 休息日 下班后", "weekend, day off, days off, free time, saturday, sunday"),
    "travel": ("旅游 旅行 出游 度假 出行 自驾 景点 国庆 黄金周",
               "trip, travel, vacation, holiday, getaway, tour, sightseeing"),
    "gift": ("礼物 送 生日 母亲节 父亲节 圣诞 纪念日 玩具",
             "gift, present, birthday, christmas, anniversary, mother's day, father's day, toy"),
    "shopping": ("双十一 双11 双十二 双12 618 黑五 黑色星期五 年货节 购物节",
                 "black friday, cyber monday, prime day, boxing day, shopping"),
    "clothes": ("衣服 外套 大衣 裤 裙 鞋 穿 衬衫 毛衣 卫衣 服装 帽子",
                "wear, clothes, clothing, outfit, shoes, sneakers, boots, jacket, coat, dress, shirt, jeans"),
    "exercise": ("运动 健身 锻炼 减肥 体能", "workout, exercise, fitness, gym, training, work out"),
    "pets": ("宠物", "pet, pets"),
    "schedule": ("安排 日程 约 有空 什么时候 几点 哪天 预约",
                 "schedule, appointment, calendar, free on, when should"),
}.items()}
#: kinds (memcli.read.kinds) that name a domain of their own when a request names them
_KIND_DOMAIN = {"food": "food", "drink": "food", "fruit": "food", "sport": "exercise"}
_LIKE_KINDS = frozenset({"film", "show", "book", "music", "game", "instrument", "art", "plant", "language"})

#: foods and food needs the kinds of memcli.read.kinds do not list (their table is a fitted feature's: left as it is)
_FOOD_MORE = lazy(r"乳糖|牛奶|奶制品|乳制品|蘑菇|洋葱|大蒜|葱|姜|辣|甜食|油腻|不耐受|忌口|清真|"
                  r"\b(?:lactose|dairy|milk|olives?|mushrooms?|onions?|garlic|tomato(?:es)?|spicy|intoleran(?:t|ce)|keto|halal|kosher|sugar|salt)\b",
                  re.IGNORECASE)
#: an allergy to one of these is no food allergy (pollen, a drug, a sting, dust, an animal's fur)
_NOT_FOOD = lazy(r"花粉|尘螨|螨|灰尘|青霉素|头孢|抗生素|阿司匹林|布洛芬|磺胺|乳胶|蜜蜂|蜂蜇|蜂毒|霉菌|香水|紫外线|镍|"
                 r"猫毛|狗毛|药|\b(?:pollen|hay ?fever|dust|mites?|penicillin|antibiotics?|aspirin|ibuprofen|sulfa|"
                 r"latex|bees?|wasps?|stings?|mou?ld|perfume|fragrance|nickel|grass|medication|drugs?)\b",
                 re.IGNORECASE)
#: a body's condition: what an exercise plan must fit
_BODY = lazy(r"膝|腰|背|颈椎|关节|伤|骨折|扭|疼|痛|高血压|血压|糖尿病|血糖|哮喘|心脏|心脑|怀孕|孕|贫血|"
             r"\b(?:asthma|back|knees?|hips?|shoulders?|ankles?|injur(?:y|ies|ed)|pain|diabet(?:es|ic)|blood pressure|"
             r"heart|arthritis|pregnant|surgery|hypertension|joints?)\b", re.IGNORECASE)
#: what a trip must fit: motion sickness, a fear of flying or heights
_TRAVEL = lazy(r"晕车|晕船|晕机|恐高|怕坐飞机|\b(?:seasick|carsick|airsick|motion sickness|afraid of flying|"
               r"fear of flying|afraid of heights)\b", re.IGNORECASE)
_CLOTHES = lazy(r"衣|裤|裙|鞋|[0-9A-Za-z]码|尺码|穿|帽|"
                r"\b(?:wear|wears|wearing|clothes|clothing|shoes?|size|jackets?|coats?|dress|shirts?|jeans|sneakers|"
                r"boots|outfits?)\b", re.IGNORECASE)
#: a thing the user wants or needs: what a shopping festival's request is for (round 45)
_WANTS = lazy(r"想买|想要|打算买|准备买|想换|缺(?:一)?[个台双件把]|"
              r"\b(?:want(?:s|ed)? (?:a|an|to buy|to get|some|new)|need(?:s)? (?:a )?new|wish ?list|saving up for|"
              r"(?:have|had|got) (?:my|an) eye on)\b", re.IGNORECASE)
#: a statement of the user's own: 我… / "I …", "I'm …"
_MINE = lazy(r"^(?:我|I\b)")
#: a time of the week a habit is kept at
_WEEK_TIME = lazy(r"每周|每个?星期|周[一二三四五六日天末]|星期[一二三四五六日天]|礼拜|每天|每晚|早上|晚上|"
                  r"\b(?:every|each|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|"
                  r"weekends?|mornings?|evenings?|nights?|shifts?)\b", re.IGNORECASE)
#: capitalised words that name a day or a feast, not a person: "What can I get her for Christmas?"
_NOT_NAMES = frozenset((*EN_WEEKDAYS, *EN_MONTHS, "christmas", "easter", "halloween", "thanksgiving"))
_NAME_EN = lazy(r"(?<!^)\b[A-Z][a-z]{2,}\b")
#: the user's own attributes a domain's facts are stored under (keyed ones by prefix) — one slot search
_ME_KEYS = ("allergy", "diet", "like", "habit", "favourite", "owns", "fact", "is", "brand", "job")
_PERSON_KEYS = ("age", "like", "habit", "favourite", "owns", "allergy", "diet", "is", "fact", "name", "birthday")
SCAN = 200


@dataclass(frozen=True)
class Request:
    """A loose request read by :func:`request_domains`: its ``domains`` and whom it is for (``person``: a relation
    key, ``person:name``, or None for the asker) and the names it gives (``names``, casefolded)."""

    domains: frozenset[str]
    person: str | None
    names: tuple[str, ...]


@lru_cache(maxsize=1)
def _domain_parts() -> frozenset[str]:
    """Each word of the English :data:`DOMAIN_WORDS` (black, friday of "black friday"): a capitalised one names a day
    or a sale, not a person."""
    return frozenset(p for words in DOMAIN_WORDS.values() for w in words if w.isascii() for p in w.split())


def request_domains(question: str) -> Request | None:
    """The domains and the person of a loose request about the user's life (see the module doc), or None: no
    choice put to the asker, a recall, or no domain named. ``question``: the question sentence, simplified
    Chinese or other text."""
    from memcli.slot_query import query_subject
    from memcli.slots import ME, SOMEONE

    q = question.strip().replace("’", "'")
    low = q.casefold()
    zh = not q.isascii()
    if not q or not (_CHOICE_ZH.search(q) if zh else _CHOICE_EN.search(q)):
        return None
    if _RECALL_ZH.search(q) if zh else _RECALL_EN.search(q):
        return None
    domains = {d for d, words in DOMAIN_WORDS.items()
               if any((w in q) if not w.isascii() else re.search(rf"\b{re.escape(w)}s?\b", low) for w in words)}
    kinds = kinds_of(low)
    domains |= {_KIND_DOMAIN[k] for k in kinds if k in _KIND_DOMAIN}
    if any(FAMILY.get(k) == "animal" for k in kinds):
        domains = (domains - {"food"}) | {"pets"}  # 给狗狗买零食: the food is the pet's
    likes = frozenset(k for k in kinds if k in _LIKE_KINDS)
    if "free" in domains:  # a free time asks what to do in it, unless the request names what (周末吃什么好: food)
        domains = domains - {"free"} if domains - {"free", "schedule"} or likes else (domains - {"free"}) | {"activity"}
    if likes:
        domains.add("likes")
    names = tuple(n.casefold() for n in _NAME_EN.findall(q) if n.casefold() not in _NOT_NAMES
                  and n.casefold() not in _domain_parts()) if not zh else \
        tuple(n for n in request_names_zh(q)  # 给团子买…, 志强生日送什么: not a relative, a time or an occasion
              if not relation_words()[0].search(n) and not _NO_NAME_ZH.fullmatch(n))
    who = query_subject(q)
    person = None if who in (ME, SOMEONE) else who
    if not domains and not names:  # whom alone names no domain: "What would Ana enjoy?" is for Ana when the store
        return None  # tells of her (round 45, domain_answers), else no request
    if person or names:
        domains.add("person")
        if "shopping" in domains:  # 双十二给女朋友买点什么, "Black Friday: what should I get Hannah?": a gift
            domains = (domains - {"shopping"}) | {"gift"}
    return Request(frozenset(domains) | {f"kind:{k}" for k in likes}, person, names)


def memory_domains(slot: str | None, statement: str) -> frozenset[str]:
    """The domains of one of the user's facts (see the module doc): ``slot`` its key, ``statement`` its text
    (simplified Chinese or other). Empty for a fact of no domain (a job told without a time, a car)."""
    from memcli.slots import split_slot

    attr = split_slot(slot)[1] if slot else ""
    subject = split_slot(slot)[0] if slot else ""
    low = statement.casefold()
    if not slot and ("过敏" in statement or "allergic" in low):  # a turn told with no slot
        attr = "allergy"
    kinds = kinds_of(low) | (kinds_of(subject[6:]) if subject.startswith("thing:") else frozenset())
    out: set[str] = set()
    eats = bool(kinds & {"food", "drink", "fruit"}) or bool(_FOOD_MORE.search(statement))
    animal = any(FAMILY.get(k) == "animal" for k in kinds)
    if attr == "allergy":
        out.add("allergy_other" if _NOT_FOOD.search(statement) or (animal and not eats) else "food")
    elif attr == "diet" or eats:
        out.add("food")
    if attr != "allergy" and not eats and _BODY.search(statement):
        out.add("exercise")
    if "sport" in kinds:
        out |= {"exercise", "activity", "travel"}
    if _TRAVEL.search(statement):
        out.add("travel")
    if _CLOTHES.search(statement):
        out.add("clothes")
    elif attr in ("like", "habit", "favourite", "hobby") and not eats and not animal:
        out |= {"activity", "travel"}
    if animal and (attr in ("owns", "name", "age") or subject.startswith("thing:")):
        out.add("pets")
    if attr == "job" or attr == "habit" and _WEEK_TIME.search(statement) or \
            _WEEK_TIME.search(statement) and re.search(r"\b(?:work|shifts?)\b|上班|值班", low):
        out.add("schedule")
    if _WANTS.search(statement):
        out.add("shopping")
    out |= {f"kind:{k}" for k in kinds if k in _LIKE_KINDS}
    return frozenset(out)


def _relations(person: str) -> list[str]:
    from memcli.slots import GENERAL_RELATIONS

    near = sorted(GENERAL_RELATIONS.get(person, ())) + sorted(g for g, m in GENERAL_RELATIONS.items() if person in m)
    return [person, *near]


def _rows(store: Any, user: str, keys: Sequence[str], as_of: Any) -> list[dict[str, Any]]:
    ids = store.slot_search(user, list(keys), limit=SCAN, as_of=as_of)
    return list(store.items_by_ids(user, ids)) if ids else []


def _for_person(store: Any, user: str, req: Request, as_of: Any) -> list[dict[str, Any]]:
    """The facts of the one a request is for: the relation's (and the relations that may name the same person),
    a named person's (``person:name.…`` and the facts naming them), and of a person their facts name."""
    from memcli.slots import join_slot

    rows: list[dict[str, Any]] = []
    subjects = _relations(req.person) if req.person and not req.person.startswith("person:") else []
    names = [*req.names, *([req.person[7:]] if req.person and req.person.startswith("person:") else [])]
    if subjects:
        rows += _rows(store, user, [join_slot(s, k) for s in subjects for k in _PERSON_KEYS], as_of)
        names += [n.casefold() for r in rows for n in _NAME_EN.findall(str(r["statement"]))
                  if n.casefold() not in _NOT_NAMES]  # "My niece Maya is 12": Maya is the niece
    for name in dict.fromkeys(names):
        rows += _rows(store, user, [f"person:{name}"], as_of)
        found = store.like_search(user, [name], min_score=1, limit=20, as_of=as_of)
        rows += list(store.items_by_ids(user, [i for i, _ in found])) if found else []
    seen: set[int] = set()
    return [r for r in rows if not (int(r["id"]) in seen or seen.add(int(r["id"])))]  # type: ignore[func-returns-value]


def domain_answers(store: Any, user: str, question: str, hits: list[Hit], point: float | None, limit: int, *,
                   as_of: Any = None) -> list[Hit] | None:
    """For a request :func:`request_domains` reads, the hits with the user's memories of its domains first at
    ``point`` (the answerability point) and the hits of another domain or person below it (see the module doc);
    None when ``question`` is no such request, ``point`` is None (no gate), or its domains hold nothing stored
    (the hits stay as the gate left them). At most ``limit``; the caller recounts ``below_floor``."""
    if point is None or (req := request_domains(question)) is None:
        return None
    from memcli.slots import ME, split_slot

    wanted = req.domains - {"person"}
    rows = _for_person(store, user, req, as_of) if "person" in req.domains else []
    if req.names and not req.person:  # a name only counts when a fact tells of it (志强今年…, 叫团子, "named Pixel")
        told = [n for n in req.names if any(tells_of(str(r["statement"]), n) for r in rows)]
        if not told:
            if not wanted:
                return None  # "What would Ana enjoy?" with no Ana told: no request
            rows = []
    # a gift is the one it is for's, and so is a request naming them with no domain ("What toys would Pixel enjoy?",
    # toys being a gift): their facts alone
    gift = ("gift" in wanted or not wanted) and "person" in req.domains
    if not gift:  # cooking for Clara: her food allergy and her facts of no domain, not her taste in music
        rows = [r for r in rows if not (held := memory_domains(r["slot"], str(r["statement"]))) or held & wanted]
        # for the asker, or done with someone (带女儿去玩, 约朋友吃饭): the asker's facts of the domain too
        # a thing's facts (thing:cat.age) by no one key, and a wish told in the user's words with no slot (我想买一台
        # 咖啡机, round 45: what a shopping festival's request is for): the newest
        own = _rows(store, user, _ME_KEYS, as_of) + [
            r for r in store.list_items(user, limit=SCAN, as_of=as_of) if str(r["slot"] or "").startswith("thing:")
            or "shopping" in wanted and not r["slot"] and _MINE.match(str(r["statement"]))]
        rows += [r for r in own if (not r["slot"] or split_slot(str(r["slot"]))[0] == ME
                                    or str(r["slot"]).startswith("thing:"))
                 and memory_domains(r["slot"], str(r["statement"])) & wanted]
    seen: set[int] = set()
    rows = [r for r in rows if not (int(r["id"]) in seen or seen.add(int(r["id"])))]  # type: ignore[func-returns-value]
    ids = {int(r["id"]) for r in rows}

    def fits(h: Hit) -> bool:
        """A hit of no domain keeps what the gate said, and one of the request's (the husband's food allergy for
        dinner); for a gift, the user's own words (an episode) only."""
        if gift:
            return h.origin == "episode" or not wanted  # named with no domain: theirs first, the gate's others kept
        held = memory_domains(h.slot, h.statement)
        return not held or bool(held & wanted)
    if not rows:
        return None
    found = {h.id: h for h in hits if h.id is not None}
    top = max((h.score for h in hits), default=1.0)
    first = [found.get(int(r["id"])) or row_hit(r, top, "domain") for r in rows]
    for h in first:  # (a leg of its own: the block's ratio cut spares it, as a slot leg's hit)
        h.p_relevant, h.below_floor, h.legs = max(h.p_relevant or 0.0, point), False, sorted({*h.legs, "domain"})
    for h in hits:
        if h.id not in ids and not fits(h):
            h.below_floor = True
    return (first + [h for h in hits if h.id not in ids])[:max(limit, len(first))]

