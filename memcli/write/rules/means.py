"""How the user does a thing: the activity and its means, in either language (round 39).

"I take the bus to work" and "I drive to work now", 我开车上班 and 我现在骑车上班, "I use an iPhone" and 我现在用
华为手机了 state one activity — getting to work, using a phone — each with its means. The generic rules key such a
fact by its first verb (``fact.tak``, ``which.drive``, ``fact.开车``), so two means of one activity share no slot,
and one clause reads as the other reworded (我开车上班 / 我现在骑车上班: NOOP p 0.51, the new means lost).
:func:`means_of` reads the slot the decision needs — the activity — and its value, the means:

- *getting somewhere* by a means of transport (bus, subway, car, bike, on foot, taxi …; 坐地铁, 开车, 骑车, 走路):
  "I take the bus to work", "I drive to the office", "I commute by train", "I get to school on foot", 我开车上班,
  我每天坐地铁去公司, 我上班骑车; the activity is the place gone to (work and the office are one, school and class
  are one: :data:`PLACES`; another place, "I drive to the beach", is its own activity);
- *a thing used*: "I use an iPhone", "I use a Kindle for reading", "I switched to Mac", 我用华为手机, 我现在用Kindle
  看书, 我换成Mac了; the activity is what it is used for when told (:data:`PURPOSES`: paying, music, notes,
  reading), else the kind of thing (a phone, a computer, an e-reader: :data:`KINDS` and
  :data:`memcli.write.rules.makes.BRANDS`);
- *an instrument of a task*: "I pay with cash", "I listen to music on Spotify", "I take notes in Notion",
  我用微信付钱, 我用网易云听歌.

The vocabulary is a short list of words (means of transport, kinds of device, tasks) written for memcli, in both
languages; it names no sentence. Pure functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memcli.text import lang_of, pos_tags, to_simplified
from memcli.write.rules.makes import brands_in

__all__ = ["APPS", "GENERIC", "KINDS", "PLACES", "PURPOSES", "SWITCHED_TO", "Means", "bare_means", "beside_told",
           "means_of"]

#: means of transport, canonical name → English words (nouns after take / by / on, or verbs before "to …")
_EN_MEANS = {"bus": r"bus(?:es)?|shuttle|coach", "subway": r"subway|metro|tube|underground", "train": r"trains?",
             "tram": r"tram|streetcar|trolley", "ferry": r"ferry|boat", "taxi": r"taxis?|cabs?|uber|lyft",
             "bike": r"bikes?|bicycles?|cycle", "ebike": r"e-?bikes?|scooters?",
             "motorbike": r"motorbikes?|motorcycles?",
             "car": r"cars?", "walk": r"foot"}
_EN_MEANS_VERB = {"car": r"drive|drives|driving|drove", "bike": r"bike|bikes|biking|cycle|cycles|cycling",
                  "walk": r"walk|walks|walking", "run": r"run|runs|running|jog|jogs|jogging"}
#: Chinese: the means said as its verb and noun (坐地铁, 开车, 骑车)
_ZH_MEANS = {"subway": r"(?:坐|乘|搭)?地铁", "bus": r"(?:坐|乘|搭)(?:公交车?|巴士|班车)|公交车?",
             "train": r"(?:坐|乘|搭)?(?:火车|高铁|动车|轻轨)", "car": r"开车|自驾|开私家车|开自己的车",
             "ebike": r"骑(?:电动车|电瓶车|小电驴|摩托车?)", "bike": r"骑(?:自行车|单车|共享单车|车)|骑行",
             "walk": r"走路|步行|走着", "taxi": r"打车|打的|(?:坐|打)(?:出租车|滴滴|网约车)",
             "ferry": r"(?:坐|乘)(?:轮渡|船)",
             "run": r"跑步"}
#: places gone to every day, one activity each in both languages (the rest is its own activity)
PLACES = {"work": ("work", "the office", "office", "my office", "my job", "job", "上班", "去上班", "去公司", "到公司",
                   "通勤", "去单位", "上下班", "公司", "单位"),
          "school": ("school", "class", "classes", "campus", "college", "uni", "university", "上学", "去上学",
                     "去学校", "到学校", "上课", "学校")}
_PLACE_OF = {w: k for k, ws in PLACES.items() for w in ws}
#: what a thing is used for, one task each in both languages
PURPOSES = {"pay": ("pay", "paying", "pays", "payment", "payments", "支付", "付钱", "付款", "买单", "结账", "付账"),
            "music": ("music", "listen to music", "listening to music", "songs", "听歌", "听音乐", "音乐"),
            "notes": ("notes", "note", "take notes", "taking notes", "note-taking", "note taking", "记笔记", "做笔记",
                      "笔记"),
            "read": ("read", "reading", "books", "ebooks", "看书", "读书", "阅读", "看电子书"),
            "photos": ("photos", "photography", "taking photos", "拍照", "摄影"),
            "email": ("email", "emails", "mail", "邮件", "收邮件", "发邮件"),
            "tasks": ("tasks", "to-do", "to-dos", "todo", "todos", "to-do list", "to-do lists", "todo list",
                      "todo lists", "my to-do lists", "my to-do list", "my tasks", "待办", "待办事项", "任务清单")}
_PURPOSE_OF = {w: k for k, ws in PURPOSES.items() for w in ws}
#: kinds of device or software by their names and makes (beside linked_change's shoes, cars and phones)
KINDS = {"phone": ("phone", "smartphone", "手机", "android", "安卓"),
         "computer": ("computer", "laptop", "pc", "windows", "mac", "macbook", "imac", "linux", "ubuntu",
                      "chromebook", "thinkpad", "电脑", "笔记本", "苹果电脑", "台式机"),
         "tablet": ("tablet", "ipad", "平板"), "e-reader": ("kindle", "kobo", "e-reader", "ereader", "电子书阅读器"),
         "watch": ("watch", "smartwatch", "apple watch", "手表", "手环"),
         "headphones": ("headphones", "earbuds", "airpods", "耳机"),
         "browser": ("chrome", "firefox", "safari", "edge", "浏览器")}
#: apps of one use, named without it ("I use Obsidian now", "I switched to Spotify"): the use is the activity, as
#: when told ("I use Evernote for notes"); a tool of many uses (Notion, Slack, Figma) names none (round 40); round
#: 41: to-do apps have theirs ("tasks")
APPS = {"notes": ("evernote", "obsidian", "onenote", "apple notes", "google keep", "simplenote", "bear notes",
                  "印象笔记", "有道云笔记", "有道笔记"),
        "music": ("spotify", "apple music", "youtube music", "tidal", "deezer", "pandora", "soundcloud", "网易云音乐",
                  "网易云", "qq音乐", "酷狗音乐", "酷狗", "酷我音乐"),
        "tasks": ("todoist", "ticktick", "any.do", "microsoft to do", "things 3", "滴答清单", "奇妙清单", "todo清单"),
        "maps": ("google maps", "apple maps", "waze", "citymapper", "高德地图", "百度地图", "高德")}
_APP_OF = {w: k for k, ws in APPS.items() for w in ws}
#: a tool of many uses that a switch to names the use of: the app it is mostly switched to in place of ("I switched
#: to Notion" after "I take notes in Evernote", round 41); used beside another ("I use Notion") it names none
SWITCHED_TO = {"notion": "notes"}
_SWITCH_WORD = re.compile(r"\b(?:switched|changed|moved over|swapped)\b|改用|换成|换用|改成", re.I)
#: the plain name of a kind, which tells no make ("I use my phone a lot"): no value to change
GENERIC = frozenset({"phone", "smartphone", "手机", "computer", "laptop", "pc", "电脑", "笔记本", "tablet",
                     "平板", "watch", "smartwatch", "手表", "headphones", "earbuds", "耳机", "e-reader", "ereader",
                     "browser", "浏览器"})
#: a means told beside another rather than instead of it: also, sometimes, on rainy days, 也, 有时, 偶尔, 下雨
_BESIDE = re.compile(r"\b(?:also|too|as well|sometimes|occasionally|some days|on weekends|at weekends|"
                     r"on the weekends?|on (?:rainy|some|sun|snow)\w* days?|"
                     r"when it rains|if it rains|on fridays|on mondays|once a week|twice a week)\b|也|有时|偶尔|下雨|"
                     r"周末|有的时候|天气好", re.I)


@dataclass(frozen=True)
class Means:
    """One way of doing one activity: ``activity`` (``go:work``, ``go:beach``, ``use:phone``, ``pay``…) and
    ``means`` (a canonical means of transport — ``bus``, ``car`` — or the thing's words as said: ``iphone``,
    ``华为手机``)."""

    activity: str
    means: str


def _alt(words: tuple[str, ...] | list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_EN_M = "|".join(f"(?P<m_{k}>{v})" for k, v in _EN_MEANS.items())
_EN_V = "|".join(f"(?P<v_{k}>{v})" for k, v in _EN_MEANS_VERB.items())
_EN_DEST = (r"(?P<dest>(?:the |my )?[a-z]+(?: (?!(?:on|every|each|now|at|in|these|most|over|for|with|during|instead|"
            r"after|before|this|next|tomorrow|today|tonight|by|from|and|or|but|because|so|when|if|to|daily|again|too|"
            r"also|sometimes|as|since|until|without|nowadays|lately|anymore)\b)[a-z]+)?)")
#: a trip or a plan, not a way of doing a thing: the future, a plan, "we" (round 17's plans: "We're driving to
#: Yosemite over the holidays", "Change of plans: …"); a progressive only with a habit word ("I'm biking to work now")
_EN_PLAN = re.compile(r"\b(?:will|'ll|going to|gonna|tomorrow|tonight|next|plans?|planning|holidays?|trip|vacation|"
                      r"we|we're|we've|our|us)\b", re.I)
_EN_GOING_ON = re.compile(r"(?:'m|'re|'s|\bam|\bare|\bis)\s+(?:\w+\s+)?(?:driving|taking|biking|cycling|walking|riding|"
                          r"catching|going|heading|flying)\b", re.I)
_EN_HABIT = re.compile(r"\b(?:now|these days|nowadays|lately|every|each|daily|usually|always|most days)\b", re.I)
_ZH_PLAN = re.compile(r"明天|后天|下周|下个?月|下次|打算|准备|计划|将要|要去|想去|我们|咱们|旅行|旅游|出差")
_EN_TAKE = re.compile(rf"\b(?:take|takes|taking|took|catch|catches|ride|rides|riding|use|uses|get|gets)\s+"
                      rf"(?:the |a |an |my )?"
                      rf"(?:{_EN_M})\b(?:\s+[a-z]+){{0,2}}?\s+to\s+{_EN_DEST}", re.I)
_EN_GO = re.compile(rf"\b(?:{_EN_V})\s+(?:(?:in|into|over|down|up)\s+)?to\s+{_EN_DEST}", re.I)
_EN_BY = re.compile(rf"\b(?:go|goes|going|get|gets|getting|commute|commutes|commuting|travel|travels|come|comes|"
                    rf"head|heads)\s+(?:to\s+{_EN_DEST}\s+)?(?:by|on|via)\s+(?:the |a |an |my )?(?:{_EN_M})\b", re.I)
_ZH_M = "|".join(f"(?P<m_{k}>{v})" for k, v in _ZH_MEANS.items())
_ZH_DEST_WORDS = _alt([w for ws in PLACES.values() for w in ws if not w.isascii()])
_ZH_GO = re.compile(rf"(?:{_ZH_M})(?:来|去|着)?(?P<dest>{_ZH_DEST_WORDS}|"
                    r"(?:去|到)[\u4e00-\u9fff]{2,4}?(?=[了吧呢。！!，,]|$))")
_ZH_DEST_FIRST = re.compile(rf"(?P<dest>{_ZH_DEST_WORDS})(?:都|一般|平时|主要|现在|基本上?|一直)?(?:是|就)?(?:{_ZH_M})")
_EN_USE = re.compile(r"\b(?:i|i've|i have|i now|i mostly|i mainly|i still|i only|i just|i've now)\s+(?:now |mostly |"
                     r"mainly |still |only |just |also |usually |always )?(?:use|uses|switched(?: over)? to|"
                     r"changed to|moved over to|swapped to)\s+(?:an? |the |my |a new )?(?P<thing>[a-z0-9][\w+\-]*"
                     r"(?: [a-z0-9][\w+\-]*){0,2}?)(?:\s+(?:for|to)\s+(?P<purpose>[a-z\- ]+?))?"
                     r"(?:\s+(?:now|these days|nowadays|every day|daily|at work|at home|instead|all the time|anymore))*"
                     r"[.!]*$", re.I)
_EN_TASK = re.compile(rf"\b(?P<purpose>{_alt([w for ws in PURPOSES.values() for w in ws if w.isascii()])})"
                      r"(?: for \w+| my \w+| everything| things)?\s+(?P<prep>with|by|on|in|using|via|through)\s+"
                      r"(?:an? |the |my )?(?P<thing>[a-z0-9][\w+\-]*(?: [a-z0-9][\w+\-]*)?)", re.I)
#: what one pays with, named without a capital ("in cash", "by card")
_PAY_WITH = frozenset({"cash", "card", "cards", "credit card", "debit card", "check", "cheque", "phone", "coins"})
_ZH_USE = re.compile(r"(?:用|改用|换成了?|换用|改成了?用?)(?:的是)?(?P<thing>[A-Za-z0-9\u4e00-\u9fff+\- ]{1,12}?)"
                     rf"(?:来)?(?P<purpose>{_alt([w for ws in PURPOSES.values() for w in ws if not w.isascii()])})?"
                     r"(?:了)?[。！!~～]*$")
#: 用 inside another word or after a "no": 不用 / 没用 (no need), 费用, 作用, 利用, 使用 of a clause …
_ZH_NOT_USE = re.compile(r"(?:不|没|费|作|利|采|享|专|通|信|适|实|应|常|备|试|食|租|无|有|管|够|好|中|日)用$")
#: jieba flags of a verb, an adjective, an adverb, a conjunction or a preposition: the words after 用 are a clause,
#: not a thing (微信 is a verbal noun, ``vn``: a thing)
_ZH_CLAUSE_FLAGS = frozenset({"v", "vd", "vg", "vi", "a", "ad", "d", "c", "p"})
#: a month or a day named with a capital is a time, not a thing ("read in January")
_TIMES = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                    "sunday", "the"})
_ZH_NOT_THING = re.compile(r"^(?:心|力|功|手|脑|钱|餐|饭|过|完|掉|得|不|着|上|的)")


def means_of(statement: str) -> Means | None:
    """The activity and means ``statement`` tells (see the module doc), or None: it tells no way of doing a thing."""
    return _means_of(to_simplified(statement.strip()))


@lru_cache(maxsize=8192)
def _means_of(t: str) -> Means | None:
    if lang_of(t) == "zh":
        return None if _ZH_PLAN.search(t) else _zh_going(t) or _zh_use(t)
    if _EN_PLAN.search(t) or _EN_GOING_ON.search(t) and not _EN_HABIT.search(t):
        return None
    return _en_going(t) or _en_use(t)


def _group(m: re.Match[str], prefix: str) -> str | None:
    return next((k[len(prefix):] for k, v in m.groupdict().items() if v and k.startswith(prefix)), None)


def _place(dest: str | None) -> str:
    d = (dest or "work").casefold().strip()
    for lead in ("the ", "my ", "去", "到"):
        d = d.removeprefix(lead) if d.removeprefix(lead) else d
    return "go:" + _PLACE_OF.get(d, _PLACE_OF.get((dest or "").casefold().strip(), d))


def _a_place(dest: str | None) -> bool:
    """``dest`` (the words after "to") names a place: none (by / on, read as work), a place of :data:`PLACES`, a
    noun after the / my ("the beach"), or a name ("Denver"); not a verb of purpose ("walk to destress", "drive to
    make a …")."""
    if dest is None:
        return True
    d = dest.strip()
    return d.casefold() in _PLACE_OF or d.casefold().startswith(("the ", "my ")) or d[:1].isupper()


def _en_going(t: str) -> Means | None:
    for rx in (_EN_TAKE, _EN_GO, _EN_BY):
        if (m := rx.search(t)) and _a_place(m["dest"]):
            means = _group(m, "m_") or _group(m, "v_")
            if means:
                return Means(_place(m["dest"]), means)
    return None


def _zh_going(t: str) -> Means | None:
    for rx in (_ZH_GO, _ZH_DEST_FIRST):
        if (m := rx.search(t)) and (means := _group(m, "m_")):
            return Means(_place(m["dest"]), means)
    return None


def _kind(thing: str) -> str | None:
    t = thing.casefold()
    for kind, words in KINDS.items():
        if any((w in t) if not w.isascii() else re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", t) for w in words):
            return kind
    brands = brands_in(thing)
    return next(iter(sorted(brands)), None)


def _activity(thing: str, purpose: str | None, switched: bool = False) -> str | None:
    if purpose:
        p = purpose.casefold().strip()
        return _PURPOSE_OF.get(p) or next((v for k, v in _PURPOSE_OF.items() if k.isascii() and
                                           re.search(rf"\b{re.escape(k)}\b", p)), None) or f"for:{p}"
    kind = _kind(thing)
    name = re.sub(r"^(?:an?|the|my) ", "", thing.casefold().strip())
    return f"use:{kind}" if kind else _APP_OF.get(name) or (SWITCHED_TO.get(name) if switched else None)


def _en_use(t: str) -> Means | None:
    if m := _EN_TASK.search(t):  # (read on the train, photos with her friends: a place or people is no instrument)
        thing = re.sub(r"\s+(?:and|or|the|a|an|to|for|of|at|now|today|instead|mostly|too|also|nowadays|every|all|"
                       r"only|again|anymore)$", "", m["thing"].casefold())
        named = m["thing"][:1].isupper() and thing.split()[0] not in _TIMES
        if len(thing) > 1 and (named or _kind(thing) or thing in _PAY_WITH):
            return Means(_PURPOSE_OF[m["purpose"].casefold()], thing)
    if (m := _EN_USE.search(t)) and (act := _activity(m["thing"], m["purpose"], bool(_SWITCH_WORD.search(t)))):
        return Means(act, re.sub(r"^(?:an?|the|my) ", "", m["thing"].casefold()))
    return None


def _zh_use(t: str) -> Means | None:
    m = _ZH_USE.search(t)
    if m is None or _ZH_NOT_THING.match(m["thing"]) or _ZH_NOT_USE.search(t[:m.start() + 1]):
        return None
    if any(flag in _ZH_CLAUSE_FLAGS for _, flag in pos_tags(m["thing"].strip())):
        return None  # (不用老担心手机没电: no thing used, a clause)
    thing = m["thing"].strip()
    if act := _activity(thing, m["purpose"], bool(_SWITCH_WORD.search(t))):
        return Means(act, thing.casefold())
    return None


def beside_told(statement: str) -> bool:
    """``statement`` tells its means beside another (also, sometimes, on rainy days, 也, 有时, 偶尔, 下雨): two
    ways of one activity both held, not a change."""
    return bool(_BESIDE.search(to_simplified(statement)))


#: a means told with no place gone to, as the way one goes now or usually ("I drive now", "These days I take the
#: train", 我现在开车了, 我现在改坐公交了): the time or habit word is needed — "I drive a Honda" names a car, "I can
#: drive now" / 我会开车了 an ability, 跑步 a sport
_EN_BARE = re.compile(
    r"^(?:(?:these days|nowadays|now|lately|so|and|but|actually)[, ]+)?i (?:(?:now|usually|mostly|just|always|"
    rf"actually|normally|generally) )?(?:(?P<verb>{_EN_V})|(?:take|catch|get|ride|(?:go|travel|commute) (?:by|on)) "
    rf"(?:the |a |an |my )?(?:{_EN_M}))"
    r"(?P<when>(?:,? (?:now|these days|nowadays|instead|every day|daily|most days|most of the time|mostly|usually))*)"
    r"[.!]*$", re.I)
_EN_BARE_TIME = re.compile(r"\b(?:now|these days|nowadays|lately|instead|usually|mostly|every day|daily|most days|"
                           r"normally|generally|always)\b", re.I)
_ZH_BARE = re.compile(rf"^我?(?P<when>(?:现在|如今|最近|这阵子|目前|平时|每天|一般|基本上?|都|改|改成|换成|开始|已经|"
                      rf"天天)+)(?:{_ZH_M})(?:了|啦)?[。！!]*$")


def bare_means(statement: str) -> str | None:
    """The means of going ``statement`` tells with no place gone to (``car`` of "I drive now" and of 我现在开车了,
    ``bus`` of 我现在改坐公交了), or None: a place is told (:func:`means_of` reads it), no time or habit word, a
    plan, a sport (running), a thing owned ("I drive a Honda") or an ability (我会开车了)."""
    t = to_simplified(statement.strip())
    if lang_of(t) == "zh":
        m = _ZH_BARE.match(t)
        means = _group(m, "m_") if m else None
    else:
        m = _EN_BARE.match(t)
        means = (_group(m, "m_") or _group(m, "v_")) if m and _EN_BARE_TIME.search(t) else None
    return None if means in (None, "run") or means_of(statement) is not None else means
