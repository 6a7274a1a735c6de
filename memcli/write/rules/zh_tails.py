"""A thing's detail told as a tail clause (round 31): read as a fact of the thing the clause before names.

Chat names a thing and then gives one more detail of it in a clause with no subject: its colour
(我老公的新手表是华为GT4，银色的), its price (…，花了一千二), the shop (…，在苏宁买的), where a place is
(我常去一家咖啡店，就在中山路上) or when it opens (…，早上七点开门), a name (我家附近有个菜市场，叫东门菜场).
Read alone the tail says nothing of what it is about, and a subject carried by
:func:`~memcli.write.rules.zh_carry.carried_subjects` is a person's (我老公 for 银色的, 我 for 就在中山路上):
a wrong fact, or no fact at all. Read with the thing (我老公的新手表是银色的, 我常去的咖啡店就在中山路上) it is a
whole clause a later question about the thing finds. Conservative: only a tail that gives nothing but one
such attribute; a tail about the speaker (…，我很喜欢) or anyone else stays as it is. The fitted extractor keeps a
tail said after the clause that names its thing (:func:`thing_tails` ``attached``: 我买了一台吸尘器，花了三千五), one
statement in place of the rule fact it repeats (:func:`with_details`); the rules give no person a thing's tail
(:func:`of_thing`). Pure functions over text.
"""

from __future__ import annotations

import re
from typing import TypeVar

from memcli import slots
from memcli.write.rules.zh_facts import _pos

_C = TypeVar("_C")

__all__ = ["of_thing", "thing_named", "thing_tail", "thing_tails", "told_detail", "with_details"]

_CLF = r"(?:个|台|辆|部|件|双|条|家|只|块|把|款|套|张|副|顶|枚|瓶|盒|间|座|所|位)"
#: ``<X的Y>是/叫/在…``: a thing said with whose it is (我老公的新手表, 客厅的沙发) before its copula
_OF_THING = re.compile(r"^(?P<thing>[\u4e00-\u9fffA-Za-z0-9]{1,10}?的(?P<noun>[\u4e00-\u9fffA-Za-z0-9]{1,8}?))"
                       r"(?:是|叫|在)")
#: ``Z是/在…``: a thing said bare before its copula (双肩包是在商场买的, 客厅沙发是宜家的)
_BARE_OF = re.compile(r"^(?P<thing>[\u4e00-\u9fffA-Za-z0-9]{2,6}?)(?:是|在)")
#: ``…买了/有/去了 + (一)classifier + Z``: a thing brought into the talk (我买了一台戴森吸尘器, 我常去一家咖啡店)
_NEW_THING = re.compile(rf"^(?P<head>[\u4e00-\u9fff]{{0,10}}?(?:买|入|换|订|租|有|去|挑|选|养|装|开))"
                        rf"(?:了|过)?(?:一|这|那)?{_CLF}(?P<noun>[\u4e00-\u9fffA-Za-z0-9]{{1,10}})$")
#: a clause that is itself a noun phrase naming a thing (我儿子上的那家游泳馆, 我们小区门口的那家超市)
_BARE_THING = re.compile(rf"^(?P<head>[\u4e00-\u9fff]{{1,12}}的)(?:那|这)?(?:一)?{_CLF}?"
                         r"(?P<noun>[\u4e00-\u9fff]{2,8})$")

#: nouns of a person's attribute, no thing of their own (我老婆的工作是护士，在市医院: she works there)
_NOT_THING = re.compile(r"工作|职业|名字|生日|爱好|专业|性格|身高|体重|年龄|血型|星座|工资")

#: the tails: one attribute of the thing and nothing else
_COLOUR = re.compile(r"^(?:是)?(?:纯|深|浅|淡|亮|哑光|磨砂)?[\u4e00-\u9fff]{1,2}色(?:的)?$|"
                     r"^(?:是)?[黑白红黄绿蓝紫灰粉金银棕](?:的)$")
_PRICE = re.compile(r"^(?:一共|总共|才|只|足足)?(?:花了|用了|卖|要|付了|买成)(?:我)?"
                    r"[0-9零一二两三四五六七八九十百千万几多块元钱左右来个.]{1,12}$")
_SHOP = re.compile(r"^(?:是)?(?:在|从)(?P<shop>[\u4e00-\u9fffA-Za-z0-9]{1,12}?)(?:上|里)?(?:买|订|淘|入手|下单|抢)"
                   r"(?:到)?的$|^(?:是)?(?:网上|淘宝|京东|拼多多|闲鱼|官网|专柜)(?:上)?买的$")
_MADE_BY = re.compile(r"^([\u4e00-\u9fffA-Za-z]{2,6})的$")
_HOURS = re.compile(r"^(?:每天|周末|工作日|平时)?(?:早上|上午|中午|下午|晚上)?[0-9零一二两三四五六七八九十点半:：]{1,6}"
                    r"(?:点)?(?:就)?(?:开门|关门|营业|打烊|开业|开始营业)$")
_NEAR = re.compile(r"^(?:就)?离(?P<to>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?:很|挺|特别|不)?(?:近|远)$")
_NAME = re.compile(r"^(?:名字)?(?:叫做?|名叫)(?P<name>[\u4e00-\u9fffA-Za-z0-9]{2,10})$")
#: tags of what may follow 在 in a tail that says where a thing is: places, nouns, numbers, localizers
_PLACE_TAGS = ("n", "f", "m", "q", "s", "eng", "j")


def _where(tail: str) -> bool:
    """``tail`` says only where something is: (就/正好)在 + a place of nouns, numbers and localizers (就在中山路上,
    在万达广场三楼) — no verb (在家休息了一天 is what someone did)."""
    m = re.match(r"^(?:就|正好|刚好|也)?(?:在|位于)(?=.)", tail)
    if m is None:
        return False
    toks = _pos(tail[m.end():])
    return bool(toks) and all(f[:1] in _PLACE_TAGS for _, f in toks) and len(tail) - m.end() >= 2


def _predicate(tail: str, new: bool) -> str | None:
    """What the thing is said to be or have in ``tail`` (its words, 是 put before a colour or a shop), or None
    when ``tail`` gives no single attribute of a thing; ``new``: the thing was just brought in (a name fits)."""
    if _COLOUR.match(tail):
        t = tail.removeprefix("是")
        return "是" + t + ("" if t.endswith("的") else "的")
    if _SHOP.match(tail):
        return "是" + tail.removeprefix("是")
    if (m := _MADE_BY.match(tail)) and (toks := _pos(m.group(1))) and len(toks) == 1 and \
            toks[0][1][:1] in ("n", "e", "j") and not slots.ZH_RELATION_RE.search(tail):
        return "是" + tail  # 耐克的, 纯棉的: its brand or what it is made of
    if _PRICE.match(tail) or _HOURS.match(tail) or _NEAR.match(tail) or _where(tail):
        return tail
    if new and _NAME.match(tail):
        return tail
    return None


def _bare_noun(phrase: str) -> bool:
    """``phrase`` is a thing's noun said bare (双肩包, 客厅沙发): no pronoun, relation word or attribute noun, and it
    opens with no pronoun, time word, adverb, verb, preposition, conjunction or number."""
    if re.search(r"[我你您他她它咱的]", phrase) or slots.ZH_RELATION_RE.search(phrase) or _NOT_THING.search(phrase):
        return False
    toks = _pos(phrase)
    return bool(toks) and toks[0][1][:1] not in ("r", "t", "d", "v", "p", "c", "m", "a", "u")


def thing_named(clause: str) -> tuple[str, bool] | None:
    """``(phrase, new)``: the thing ``clause`` names, said so that a detail can follow it (我老公的新手表是华为GT4 →
    我老公的新手表; 我买了一台戴森吸尘器 → 我买的戴森吸尘器; 我儿子上的那家游泳馆 → 我儿子上的游泳馆), and whether
    it is a place just brought in (a name may follow it); None when it names no thing (a person's word, or no noun
    phrase the three shapes read)."""
    c = clause.strip("，,。！!？? ")
    if (m := _OF_THING.match(c)) and not slots.ZH_RELATION_RE.search(m.group("noun")) and \
            not _NOT_THING.search(m.group("noun")):
        return m.group("thing"), False
    if (m := _BARE_OF.match(c)) and _bare_noun(m.group("thing")):
        return m.group("thing"), False
    for rx in (_NEW_THING, _BARE_THING):
        if (m := rx.match(c)) is None or slots.ZH_RELATION_RE.search(m.group("noun")) or \
                _NOT_THING.search(m.group("noun")):
            continue
        toks = _pos(m.group("noun"))
        if not toks or toks[-1][1][:1] not in ("n", "j") or toks[-1][1] == "nr" or "的" in m.group("noun"):
            continue
        head = m.group("head")
        if rx is _NEW_THING:
            if head.endswith("没有") or head == "有":
                continue
            head = (head[:-1] if head.endswith("有") else head) + "的"  # 我家附近有个菜市场 → 我家附近的菜市场
        # (a name only for a place just brought in: a pet's or a person's name the rules read, 我养了一只猫，叫…)
        return head + m.group("noun"), rx is _NEW_THING and bool(_PLACE_NOUN.search(m.group("noun")))
    return None


def thing_tail(before: str, tail: str) -> str | None:
    """``tail`` (a comma piece with no subject) read as a fact of the thing ``before`` (the piece said just
    before it) names: 我老公的新手表是华为GT4 + 银色的 → 我老公的新手表是银色的; 我买了一台戴森吸尘器 + 花了三千五 →
    我买的戴森吸尘器花了三千五; 我家附近有个菜市场 + 叫东门菜场 → 我家附近的菜市场叫东门菜场. None when ``tail`` is
    no bare attribute (a colour, price, shop, place, distance, opening hours, a name) or ``before`` names no thing."""
    t = tail.strip("，,。！!？?~～ ")
    if not t or re.search(r"[我你您他她它咱]", t):
        return None
    got = thing_named(before)
    if got is None:
        return None
    pred = _predicate(t, got[1])
    if pred is None:
        return None
    thing = got[0]
    return thing + pred + tail[len(tail.rstrip("。！!~～ ")):].strip()


def of_thing(last: str, clause: str) -> bool:
    """``clause`` (a piece with no subject, after the piece ``last``) tells a detail of a thing, not of whom the talk
    is about: a tail of the thing ``last`` names (:func:`thing_tail`), or one more tail after a tail (…有个菜市场，
    叫东门菜场，离地铁站很近: the market's, not the speaker's) — a colour, price, shop, distance or hours, not where
    (…，叫张三，在北京 may be a person's) nor a name. What the rules read as the speaker's or a person's fact
    is no such fact."""
    t, before = clause.strip("，,。！!？?~～ "), last.strip("，,。！!？?~～ ")
    if thing_tail(last, clause) is not None:
        return True
    if not t or not before or re.search(r"[我你您他她它咱]", t + before) or _where(t) or _NAME.match(t):
        return False
    return _predicate(before, True) is not None and _predicate(t, False) is not None


def thing_tails(pieces: list[str], named: list[str] | None = None, attached: bool = False) -> list[str | None]:
    """For each comma piece of one sentence, in order: the piece read as a fact of the thing a piece before it
    names (:func:`thing_tail`), or None. A run of tails keeps the thing (我家附近有个菜市场，叫东门菜场，离地铁站很近
    → [None, 我家附近的菜市场叫东门菜场, 我家附近的菜市场离地铁站很近]); any other piece ends it. ``named``: the same
    pieces as read with a subject put back (我前天买了一件冲锋衣 for 前天买了一件冲锋衣), what names the thing.
    ``attached``: each tail said after the piece that names the thing and the tails before it, one statement
    (→ [None, 我家附近有个菜市场，叫东门菜场, 我家附近有个菜市场，叫东门菜场，离地铁站很近]): what the thing was said
    with (its brand, its shop) stays with its price in one hit."""
    out: list[str | None] = [None] * len(pieces)
    thing: tuple[str, bool] | None = None
    said = ""
    for k, p in enumerate(pieces):
        t = p.strip("，,。！!？?~～ ")
        pred = _predicate(t, thing[1]) if thing and t and not re.search(r"[我你您他她它咱]", t) else None
        if thing and pred is not None:
            said += "，" + t
            out[k] = said if attached else thing[0] + pred
            continue
        said = (named[k] if named else p).strip("，,。！!？?~～ ")
        thing = thing_named(said)
    return out


#: the nouns of a place: where it is is one of its lasting details (not where a thing lies today)
_PLACE_NOUN = re.compile(r"(?:店|馆|场|园|院|厅|吧|中心|超市|市场|菜场|小区|学校|医院|诊所|公园|商场|酒店|民宿|银行|"
                         r"药房|书店|面馆|食堂|车站|幼儿园|健身房|房子|新房|新家|公寓|宿舍|办公室|工作室)$")
_TOLD = re.compile(r"^(?P<thing>(?:[\u4e00-\u9fffA-Za-z0-9]{1,12}?的)?[\u4e00-\u9fffA-Za-z0-9]{1,10}?)"
                   r"(?P<pred>(?:是|花了|叫|离|就在|在|早上|上午|中午|下午|晚上|每天|周末|[0-9零一二两三四五六七八九十]).+)$")


def told_detail(text: str) -> bool:
    """``text`` (a Chinese clause) says one lasting detail of a thing said with whose it is — as
    :func:`thing_tails` reads a tail: 我老公的新手表是银色的, 我买的戴森吸尘器花了三千五, 我的电饭煲是在苏宁买的,
    我常去的咖啡店就在中山路上 (a place's whereabouts: only of a place noun), 我儿子上的游泳馆早上七点开门. The
    fitted extractor keeps such a clause whatever its score: it is a fact of the thing, told. So is a clause that
    names a thing and then only such details of it (我租了一间公寓，在河西: the detail said with its thing)."""
    pieces = [p for p in re.split(r"[，,]", text) if p.strip("。！!~～ ")]
    if len(pieces) > 1:
        reads = thing_tails(pieces)
        return reads[0] is None and all(r and told_detail(r) for r in reads[1:])
    for m in _TOLD.finditer(text.strip("。！!~～ ")):
        thing, pred = m.group("thing"), m.group("pred")
        noun = thing.rsplit("的", 1)[-1]
        if slots.ZH_RELATION_RE.search(noun) or re.search(r"[你您他她它]", thing) or _NOT_THING.search(noun) or \
                "的" not in thing and (not _bare_noun(thing) or re.fullmatch(r"[老小阿][\u4e00-\u9fff]", thing)):
            return False
        made = bool(_MADE_BY.match(pred[1:])) and _predicate(pred[1:], False) == pred  # 是始祖鸟的, 是纯棉的
        if made or pred.startswith("是") and (_COLOUR.match(pred) or _SHOP.match(pred)) or \
                _PRICE.match(pred) or _HOURS.match(pred):
            return True
        # (a place said bare, 民宿在莫干山脚下, is told as the place's own turn: the model weighs it)
        return "的" in thing and bool((_where(pred) or _NEAR.match(pred) or _NAME.match(pred)) and
                                      _PLACE_NOUN.search(noun))
    return False


def with_details(found: list[_C], cand: _C) -> list[_C]:
    """``found`` (an utterance's candidates so far) with ``cand`` (a kept Chinese clause) added; a candidate whose
    statement ``cand`` says again with details after a comma (我买了一台洗碗机 in 我买了一台洗碗机，花了五千二: the
    thing's price said with it, :func:`thing_tails`) is said once, in the fuller words, with that candidate's slot
    and kind — two facts of one slot and two values would end one another."""
    st: str = cand.statement  # type: ignore[attr-defined]
    inner = [c for c in found if st.startswith(c.statement + "，")]  # type: ignore[attr-defined]
    if not inner:
        return [*found, cand]
    first = inner[0]
    merged = first.model_copy(update={"statement": st,  # type: ignore[attr-defined]
                                      "metadata": {**first.metadata, **cand.metadata}})  # type: ignore[attr-defined]
    return [c for c in found if c not in inner] + [merged]
