"""Where a turn's clause units are cut and joined (round 40): a model code is no unit, a subject's clause is one.

- **A product's model code said after the product** ("我的相机是索尼，A7C2", "我买了新手机，华为Mate60",
  "My camera is a Sony. The A7 IV.") is a noun phrase leaning on the clause before it: alone it was a unit of its
  own, scored as one and stored as "A7C2" — a memory that says nothing of what it is about. A unit that is only a
  model code (:func:`model_fragment`: at most a short brand before it, a token mixing letters and digits —
  A7C2, Mate60, X100V — or a name and its number — Model 3, iPhone 15, A7 IV) is joined to the unit before it
  (:func:`joined_fragments`), so the product and its model are one memory.
- **A Chinese part after a comma that opens with 我 and its own predicate** (我住在杭州，我弹钢琴; 我在银行上班，
  我会弹吉他) is a clause of its own, however short (:func:`own_clause_zh`): joined as "too short to stand alone"
  it was one unit, and the clause the rules did not read was lost beside the one they did. A part that only
  agrees (我也是, 我也一样), a 我 before 和/跟 (我和我老婆…: one subject of two people) and the parts of a list
  of one predicate (我喜欢苹果，香蕉) are not cut.
"""

from __future__ import annotations

import re

__all__ = ["joined_fragments", "model_fragment", "own_clause_zh"]

#: a token of a model code: letters and digits mixed (A7C2, Mate60, X100V, 15Pro), a number, a roman numeral
_MIXED = re.compile(r"(?=[A-Za-z0-9.+\-]*[A-Za-z])(?=[A-Za-z0-9.+\-]*\d)[A-Za-z0-9.+\-]+")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.I)  # the 2nd: a day, no model
_ROMAN = re.compile(r"(?:II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)")
#: a name word before its number (Model 3, iPhone 15, Pixel 8, Pro Max): Latin letters with a capital
_NAME = re.compile(r"[A-Za-z]*[A-Z][A-Za-z]*|[a-z]+")
#: what may open the fragment: an article, a possessive, "型号 / 款" (model) said before the code
_EN_LEAD = re.compile(r"^(?:the|a|an|my|it's|its|it is)\s+", re.I)
_ZH_LEAD = re.compile(r"^(?:型号(?:是|为)?|款式是?|是)")
#: a short brand before the code (华为Mate60, 索尼A7C2): Chinese characters that are no pronoun or verb
_ZH_BRAND = re.compile(r"^[\u4e00-\u9fff]{0,4}")
_ZH_NOT_BRAND = re.compile(r"[我你您他她它们是有在了要去买用换开想会能的]")
_END = "。！!？?；;….,，、 "


def model_fragment(text: str) -> bool:
    """Whether ``text`` (one unit, simplified Chinese or English) is only a model code, perhaps with its brand:
    ``A7C2``, ``索尼A7C2``, ``型号A7C2``, ``华为Mate60``, ``iPhone 15``, ``The A7 IV``, ``a Model 3`` — no subject,
    no verb. A number with a unit (65寸, 3 years) or a name alone (Sony) is not one."""
    t = text.strip(_END)
    if not t or len(t) > 30:
        return False
    t = _EN_LEAD.sub("", _ZH_LEAD.sub("", t))
    brand = _ZH_BRAND.match(t)
    if brand and brand.group(0):
        if _ZH_NOT_BRAND.search(brand.group(0)):
            return False
        t = t[brand.end():].strip()
    tokens = t.split()
    if not tokens or len(tokens) > 4 or any(_ORDINAL.fullmatch(w) for w in tokens) or re.search(r"[\u4e00-\u9fff]", t):
        return False
    if any(_MIXED.fullmatch(w) for w in tokens):  # A7C2, Mate60: a code whatever else is said
        return all(_MIXED.fullmatch(w) or _NAME.fullmatch(w) or _ROMAN.fullmatch(w) or _NUMBER.fullmatch(w)
                   for w in tokens)
    # a name and its number: Model 3, iPhone 15, A7 IV — a capitalised word, then a number or roman numeral
    return (len(tokens) >= 2 and bool(_NAME.fullmatch(tokens[0])) and any(c.isupper() for c in tokens[0])
            and all(_NUMBER.fullmatch(w) or _ROMAN.fullmatch(w) or _NAME.fullmatch(w) for w in tokens[1:])
            and any(_NUMBER.fullmatch(w) or _ROMAN.fullmatch(w) for w in tokens[1:]))


#: a part that only agrees with the clause before it, or a 我 of two people (我和我老婆…): no clause of its own
_ZH_ECHO = re.compile(r"我们?(?:也|还|都|就)*(?:是|一样|同意|不是|没有|有|会|能|要|如此|这样)?[的了呢啊吧呀哦]*")
_ZH_PAIR = re.compile(r"^我(?:们)?(?:和|跟|与|同)")
#: a part that opens with a modal of ability before its verb (会滑雪, 能说粤语): a predicate, no listed noun
_ZH_MODAL = re.compile(r"^(?:会|能|可以)[\u4e00-\u9fff]{2,}$")


def own_clause_zh(part: str, before: str) -> bool:
    """Whether ``part`` (a Chinese comma part) opens with 我 and says a predicate of its own (我弹钢琴, 我会弹吉他,
    我养猫), or with a modal of ability and its verb (会滑雪), after ``before`` (the part before it), a clause:
    cut as a unit whatever its length. 我也是 / 我也一样 / 我和我老婆… are not, nor a part after a word of
    two characters or fewer (嗯嗯，我知道了: an interjection is no clause to cut it from)."""
    if len(before.strip(_END)) <= 2:
        return False
    p = part.strip(_END)
    if _ZH_MODAL.match(p):  # 会滑雪, 能说粤语: an ability of the clause's subject, carried (zh_carry)
        return True
    return p.startswith("我") and len(p) >= 3 and not _ZH_ECHO.fullmatch(p) and not _ZH_PAIR.match(p)


def joined_fragments(texts: list[str], lang: str) -> list[str]:
    """``texts`` (the units of one turn, in order) with each unit that is only a model code
    (:func:`model_fragment`) joined to the unit before it; the first unit stays as it is."""
    out: list[str] = []
    for t in texts:
        if out and model_fragment(t):
            prev = out[-1]
            sep = "" if prev[-1:] in _END else ("，" if lang == "zh" else ", ")
            out[-1] = prev + (sep if lang == "zh" else sep or " ") + t
        else:
            out.append(t)
    return out


def with_model(statement: str, unit: str) -> str | None:
    """``unit`` (a joined unit's text) as the statement, when ``statement`` (a rule fact read from it) is its clause
    before a model code joined to it (我买了新手机 of 我买了新手机，华为Mate60): the product said with its model;
    None otherwise."""
    u = unit.strip(_END)
    for cut in ("，", ",", "。", ". ", "! ", "！"):
        head, sep, tail = u.rpartition(cut)
        if sep and head.strip(_END) == statement.strip(_END) and model_fragment(tail):
            return u
    return None
