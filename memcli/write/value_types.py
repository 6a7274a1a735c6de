"""Typed slot values and the tokens that name things, for the decision's comparisons (issue 21).

Two statements can share a subject and an attribute word and still say two facts: "I live in
Paris" / "I live in a small flat" (a place and a kind of dwelling), "I'm from Texas" / "I'm
from a big family" (an origin and a family), 我每天喝两杯咖啡 / 我每天喝一杯茶 (coffee and
tea). So a value has a **type** (:data:`TYPES`), read from the value and the statement with the
small gazetteers below, and a CONFLICT or UPDATE needs comparable types (:func:`types_apart`).

Short Latin letters and digits often *name* a thing (维生素D / 维生素C, 3号线 / 4号线, B站, 5G,
iPhone 15 / 16): :func:`name_tokens` keeps them (traditional Chinese folded first), so that the
overlap and changed-name checks see them, and their digits are not read as a quantity
(:func:`name_numbers`).

Pure functions over text; imports only leaves (memcli.text, memcli.slots) and the rules' shapes.
The gazetteers are small on purpose: a type the lists do not know is ``text``, which compares
with every type (when unsure, the fitted judge decides).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.slots import CATCH_ALL_ATTRIBUTES, split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.job_pair import job_beside
from memcli.write.no_about import no_about_another
from memcli.write.rules.foods import EN_FOOD_KEYS as _EN_FOOD_K
from memcli.write.rules.foods import food_drink_items
from memcli.write.rules.match import Facts

__all__ = ["COMPARABLE", "JOB_KEPT", "TYPES", "WEAK_ATTRIBUTES", "asks", "change_marker", "different_things",
           "food_drink_items", "name_kept", "name_numbers", "name_tokens", "strong", "types_apart", "value_type"]

#: the value types; ``name`` is a proper noun the gazetteers cannot place (a person, a place or an
#: organisation), ``text`` anything else
TYPES = ("place", "dwelling", "organisation", "person", "name", "quantity", "date", "food_drink", "group", "text")

#: pairs of types that can be two values of one attribute (anything compares with ``text``)
COMPARABLE = {frozenset(p) for p in (("name", "place"), ("name", "organisation"), ("name", "person"),
                                      ("quantity", "date"))}

# -- gazetteers (written for memcli; short, general words only) -----------------------------------
_EN_DWELLING = frozenset(
    "flat apartment apartments house home studio dorm dormitory condo condominium bungalow cottage basement loft "
    "villa townhouse townhome duplex cabin trailer caravan houseboat bedsit penthouse room shack hostel suite "
    "bedroom mansion farmhouse".split())
_ZH_DWELLING = ("公寓", "宿舍", "别墅", "出租屋", "房子", "平房", "单间", "一居室", "两居室", "三居室", "居室", "小区",
                "楼房", "老房子", "四合院", "筒子楼", "地下室", "阁楼", "民宿", "合租房", "学区房", "大平层", "复式",
                "套房", "房间", "次卧", "主卧", "小屋", "洋房")
_EN_GROUP = frozenset("family families household siblings kids children clan generation".split())
_ZH_GROUP = ("大家庭", "小家庭", "家庭", "单亲", "独生", "兄弟姐妹", "多子女")
_EN_ORG_WORDS = frozenset(
    "inc corp corporation company ltd llc gmbh bank university college school hospital clinic agency firm "
    "startup studio group institute lab labs ministry department council museum library".split())
_EN_ORGS = frozenset(
    "google microsoft apple amazon meta facebook netflix stripe ibm intel nvidia oracle tesla spotify uber airbnb "
    "deloitte kpmg pwc accenture mckinsey siemens bosch samsung sony toyota honda bmw boeing airbus nasa unicef "
    "walmart target starbucks mcdonald's ikea shopify salesforce adobe openai twitter linkedin".split())
_ZH_ORG_SUFFIX = ("公司", "集团", "银行", "大学", "学院", "医院", "中学", "小学", "学校", "研究所", "研究院", "事务所",
                  "工作室", "科技", "有限", "机构", "部门", "局", "厂", "店")
_ZH_ORGS = ("腾讯", "阿里", "阿里巴巴", "字节", "字节跳动", "百度", "华为", "小米", "京东", "美团", "网易", "拼多多",
            "滴滴", "快手", "中兴", "联想", "比亚迪", "蔚来", "理想", "大疆", "招商银行", "工商银行", "建设银行",
            "中国银行", "农业银行", "移动", "联通", "电信", "国企", "外企", "央企", "政府")
_EN_PLACE_WORDS = frozenset("city town village county state province country island suburb suburbs district "
                            "downtown countryside coast".split())
_EN_PLACES = frozenset(
    "paris london berlin munich rome madrid lisbon dublin amsterdam vienna prague warsaw oslo stockholm helsinki "
    "copenhagen zurich geneva brussels athens istanbul moscow tokyo osaka kyoto seoul beijing shanghai shenzhen "
    "hangzhou chengdu singapore sydney melbourne auckland toronto vancouver montreal chicago boston seattle austin "
    "denver portland miami atlanta dallas houston phoenix nyc la sf texas california florida ohio oregon "
    "washington virginia georgia arizona colorado michigan england scotland wales ireland france germany italy "
    "spain portugal china japan korea india canada mexico brazil australia usa us uk america europe asia "
    "africa brooklyn manhattan queens".split())
_ZH_PLACE_SUFFIX = ("市", "省", "区", "县", "镇", "乡", "村", "州", "国", "岛", "湾", "街道", "路", "街", "胡同",
                    "新区")
_ZH_PLACES = ("北京", "上海", "广州", "深圳", "杭州", "南京", "成都", "重庆", "武汉", "西安", "天津", "苏州", "长沙",
              "郑州", "青岛", "厦门", "大连", "沈阳", "哈尔滨", "昆明", "贵阳", "南宁", "福州", "合肥", "济南", "东北",
              "台北", "香港", "澳门", "新疆", "西藏", "云南", "四川", "广东", "浙江", "江苏", "山东", "河南", "湖南",
              "湖北", "日本", "美国", "英国", "法国", "德国", "加拿大", "澳洲", "新加坡", "海外", "国外", "老家",
              "农村", "城里", "郊区", "市区", "市中心")
_ZH_PLACE_RE = re.compile("[\u4e00-\u9fff](?:" + "|".join(_ZH_PLACE_SUFFIX) + ")")
_EN_PERSON_ATTRS = frozenset({"name", "is"})
_PLACE_ATTRS = frozenset({"residence", "hometown", "workplace", "school", "destination"})

#: verbs that tell a change (改成 / 换 / 搬到 / 不再; moved / switched / no longer / started): a change told
#: by what happened, shared with :func:`memcli.write.unlinked.change_verb`
ZH_CHANGE_VERBS = (r"改成|改为|改用|改喝|改吃|改坐|改名|改行|换成|换了|换到|换工作|搬到|搬去|搬来|搬家|"
                   r"搬回|不再|已经不|转到|转行|转学|调到|跳槽|升职|升为|升任|当上|辞职|退休|以前|原来|开始|升级")
EN_CHANGE_VERBS = (r"moved|move|moving|switched|switch|changed|no longer|anymore|any more|started|became|promoted|"
                   r"transferred|relocated|used to|traded|renamed|upgraded|instead")
#: words that tell a change in new words: those verbs, or a time word (现在 / 新; now / new / lately)
_ZH_CHANGE = re.compile(r"现在|如今|目前|(?<=[我的了个])新(?!闻|鲜|年|品|款)|" + ZH_CHANGE_VERBS)
_EN_CHANGE = re.compile(r"\b(?:now|new|newly|these days|nowadays|since|just got|lately|recently|change of plans?|"
                        r"plans? (?:have |has )?changed|" + EN_CHANGE_VERBS + r")\b", re.I)


@lru_cache(maxsize=16384)  # asked of one statement for every pair it is in
def change_marker(text: str) -> bool:
    """The statement tells a change (现在/新/改/换/搬/不再, now/new/moved/no longer/switched…)."""
    if lang_of(text) == "zh":
        return bool(_ZH_CHANGE.search(to_simplified(text)))
    return bool(_EN_CHANGE.search(text))


#: three words from a word's start, or four CJK characters, before the mark: any longer match holds one of
#: these, and bounded they cost one scan of the text (``{2,}`` from every position was quadratic)
_ASKS = re.compile(r"(?<!\S)(?:\S+\s+){2}\S*[?？]|[\u4e00-\u9fff]{4}[?？]")


def asks(text: str) -> bool:
    """The statement asks something (a question of three words or four characters or more): a
    question states no fact, so it neither contradicts nor refines one. A topic put as a question
    ("Durian? I can't stand it", 榴莲？我受不了) is no question."""
    # the pattern ends with a question mark: without one it cannot match (and its search of a long
    # text without one backtracks over every word)
    return ("?" in text or "？" in text) and bool(_ASKS.search(text))


# -- tokens that name things --------------------------------------------------------------------
_ZH_NAME_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9+#.-]*|\d+[A-Za-z]+[A-Za-z0-9]*|\d+(?=号线|路公交|路车|号楼|栋|单元)"
                            r"(?:号线|路公交|路车|号楼|栋|单元)")
_EN_NAMEWORD = re.compile(r"\b(iphone|ipad|galaxy|pixel|windows|macos|ios|android|python|java|ps|xbox|line|route|"
                          r"bus|model|series|gen|version|vitamin|type|gate|terminal|platform|channel|highway|"
                          r"interstate)[ -]?"
                          r"([0-9]+[a-z]?|[a-z][0-9]{0,2})\b", re.I)
_EN_UNITS = frozenset("k km kg g lb lbs mg ml l m cm mm ft in am pm h hr hrs min s st nd rd th x yo".split())


@lru_cache(maxsize=8192)
def name_tokens(text: str) -> frozenset[str]:
    """Letter/digit tokens that name a thing, case-folded, traditional Chinese folded first:
    维生素D → {"d"}, 3号线 → {"3号线"}, B站 → {"b"}, 5G → {"5g"}, iPhone 15 → {"iphone 15"},
    vitamin D → {"vitamin d"}. Quantities (10k, 5 kg, 3 pm) are not names."""
    t = to_simplified(text)
    if lang_of(t) == "zh":
        out = set()
        for m in _ZH_NAME_TOKEN.finditer(t):
            raw = m.group(0).strip(".-")
            if raw and not (raw.isdigit() or raw in _EN_UNITS or re.fullmatch(r"\d+(?:k|km|kg|g|cm|mm|ml|m)", raw)):
                out.add(raw.casefold())
        return frozenset(out)
    out = set()
    for m in _EN_NAMEWORD.finditer(t):
        out.add(f"{m.group(1).casefold()} {m.group(2).casefold()}")
    for m in re.finditer(r"\b(\d+[A-Za-z]{1,2})\b", t):  # 5G, 4K (a lower-case unit is a quantity: 10k, 5kg)
        if re.sub(r"\d+", "", m.group(1)) not in _EN_UNITS:
            out.add(m.group(1).casefold())
    return frozenset(out)


def name_numbers(text: str) -> tuple[int, ...]:
    """The numbers that are part of a name token (3 of 3号线, 15 of iPhone 15), sorted."""
    return tuple(sorted(int(d) for tok in name_tokens(text) for d in re.findall(r"\d+", tok)))


#: attributes too loose to tell two facts apart by the slot alone (is.X, a habit, an event):
#: pairs where one side has one are compared by content, like slot-less pairs
WEAK_ATTRIBUTES = frozenset({"is", "event", "habit", "opinion", "brand", "fact"})


@lru_cache(maxsize=8192)
def strong(slot: str | None) -> bool:
    """A slot whose attribute alone separates facts (residence, job, like.X — not is.X)."""
    return bool(slot) and split_slot(slot)[1] not in WEAK_ATTRIBUTES  # type: ignore[arg-type]


# -- types of values ----------------------------------------------------------------------------
def _en_words(v: str) -> set[str]:
    return set(re.findall(r"[a-z][a-z']*", v.casefold()))


def _stemmed(words: frozenset[str]) -> frozenset[str]:
    from memcli.write.rules.match import value_key

    return frozenset(value_key(w) for w in words) | words


_EN_DWELLING_K = _stemmed(_EN_DWELLING)
_EN_GROUP_K = _stemmed(_EN_GROUP)
_EN_ORG_K = _stemmed(_EN_ORG_WORDS)
_EN_ORGS_K = _stemmed(_EN_ORGS)
_EN_PLACES_K = _stemmed(_EN_PLACES)
_EN_PLACE_WORDS_K = _stemmed(_EN_PLACE_WORDS)


@lru_cache(maxsize=8192)
def _proper_nouns(statement: str) -> frozenset[str]:
    from memcli.write.rules.match import value_key

    words = re.findall(r"(?<!^)(?<![.!?]\s)\b([A-Z][\w'’-]*)", statement.strip())
    return frozenset(value_key(w) for w in words if w not in ("I", "I'm", "I’m", "I've", "I'd"))


@lru_cache(maxsize=8192)
def _type_of(value: str, statement: str, attr: str | None, numbers: tuple[int, ...]) -> str:
    v = to_simplified(value)
    if lang_of(v + statement) == "zh" and re.search(r"[\u4e00-\u9fff]", v):
        if attr == "name" and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", v):
            return "name"  # the value of a name slot (我领导叫周涛, 我现在向赵磊汇报 → boss.name): a name
        bare = v.replace("小区", "")
        if any(w in bare for w in _ZH_PLACES) or re.search(
                _ZH_PLACE_RE, bare):
            if not (v.endswith(_ZH_ORG_SUFFIX) or any(v.startswith(w) for w in _ZH_ORGS)):
                return "place"  # a place (also 杭州的一个小区: the place says where)
        if any(v.startswith(w) or v == w for w in _ZH_ORGS) or v.endswith(_ZH_ORG_SUFFIX):
            return "organisation"
        if any(w in v for w in _ZH_DWELLING):
            return "dwelling"
        if any(w in v for w in _ZH_GROUP):
            return "group"
        if food_drink_items(v):
            return "food_drink"
        if numbers and any(100 <= n <= 1231 and 1 <= n % 100 <= 31 for n in numbers) and re.search(r"月|号|日", v):
            return "date"
        if numbers and re.search(r"\d|[零一二两三四五六七八九十百千万]", v):
            return "quantity"
        if attr in ("residence", "hometown", "destination") and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", v):
            return "place"  # 住在/搬到 a short name the lists lack (芜湖, 大理): a place, as an English proper noun
        return "text"
    words = _en_words(v)
    keys = set(v.split())
    proper = keys & _proper_nouns(statement)
    if keys & _EN_ORGS_K or keys & _EN_ORG_K:
        return "organisation"
    if keys & _EN_PLACES_K or keys & _EN_PLACE_WORDS_K or (proper and attr in ("residence", "hometown", "destination")):
        return "place"  # a place (also "a flat in Munich": the place says where)
    if words & _EN_DWELLING_K or keys & _EN_DWELLING_K:
        return "dwelling"
    if words & _EN_GROUP_K or keys & _EN_GROUP_K:
        return "group"
    if keys & _EN_FOOD_K:
        return "food_drink"
    named = {k for k in keys if not re.fullmatch(r"\d+", k)}  # a model number names with its brand: Mazda 3
    if named and named <= _proper_nouns(statement):
        if attr in _PLACE_ATTRS:
            return "place" if attr in ("residence", "hometown", "destination") else "name"
        return "person" if attr in _EN_PERSON_ATTRS else "name"
    if numbers and re.search(r"\d", v):
        return "quantity"
    return "text"


@lru_cache(maxsize=16384)  # asked of one statement's facts for each pair it is in (a Facts hashes once)
def value_type(f: Facts) -> str:
    """The type of ``f``'s slot value (one of :data:`TYPES`); ``text`` when there is no value or
    the gazetteers do not know it."""
    if not f.value:
        return "text"
    attr = split_slot(f.slot)[1] if f.slot else None
    return _type_of(f.value, f.statement, attr, f.numbers)


@lru_cache(maxsize=65536)  # asked of one pair by the slot comparison, the guard, the hard guard and the features
def types_apart(new: Facts, old: Facts) -> str | None:
    """Why the two values cannot be two values of one attribute (None: they can):

    - one attribute (a strong slot on both sides) whose values' types differ and do not compare
      (place / dwelling, place / group, organisation / place);
    - the same attribute of two differently named things (:func:`different_things`);
    - both statements name foods or drinks, none in common, and the new one tells no change
      (我每天喝两杯咖啡 / 我每天喝一杯茶: two habits, not one number changed);
    - a job told as a field of work beside an occupation (是做设计的 / 是总裁: a president in design), the new
      one telling no change (现在是老师 after 是搞财务的 replaces it).
    """
    a, b = value_type(new), value_type(old)
    same_attr = (strong(new.slot) and strong(old.slot)
                 and split_slot(new.slot)[1] == split_slot(old.slot)[1])  # type: ignore[arg-type]
    if same_attr and a != b and "text" not in (a, b) and frozenset((a, b)) not in COMPARABLE:
        return f"values of different types ({b} / {a})"
    if things := different_things(new.statement, old.statement):
        return things
    if same_attr and split_slot(new.slot)[1] == "name" and _scripts(new.value) and _scripts(old.value) and \
            not _scripts(new.value) & _scripts(old.value):  # type: ignore[arg-type]
        return "names in two scripts (王峰 / Roland): a Chinese and an English name may both be true"
    fa, fb = food_drink_items(new.statement), food_drink_items(old.statement)
    if fa and fb and not fa & fb and not change_marker(new.statement):
        return f"different food or drink ({'/'.join(sorted(fb))} / {'/'.join(sorted(fa))})"
    if same_attr and split_slot(new.slot)[1] == "job" and _field_told(new) != _field_told(old) and \
            not change_marker(new.statement):  # type: ignore[arg-type]
        return "a field of work and an occupation (是做设计的 / 是总裁): both may be true"
    return None


def _field_told(f: Facts) -> bool:
    """A job value told as a field of work, not an occupation (:func:`memcli.write.rules.job_verbs.told_as_field`)."""
    from memcli.write.rules.job_verbs import told_as_field
    from memcli.write.rules.zh_words import _OCCUPATION

    return told_as_field(to_simplified(f.statement).casefold(), (f.value or "").casefold(), _OCCUPATION)


def _scripts(value: str | None) -> frozenset[str]:
    """The scripts a value is written in: ``han`` (Chinese characters) and/or ``latin``."""
    v = value or ""
    return frozenset(({"han"} if re.search(r"[\u4e00-\u9fff]", v) else set()) |
                     ({"latin"} if re.search(r"[A-Za-z]", v) else set()))


# (no cache of its own: asked by types_apart only, which caches each pair)
def different_things(new: str, old: str) -> str | None:
    """Why two statements are about two named things (None: not shown): both read as the same
    attribute of a named thing (``<名称>的<属性>是<值>``, ``the <attr> of <name> is …``:
    :func:`memcli.write.clauses.generic_slot` gives ``thing:<名称>.<属性>``) whose names share less
    than half of the shorter one's content characters or words, a head noun aside (教育论坛 and
    金融论坛: two events' durations, never one value changed). A name inside the other or mostly
    shared (林婉 / 林婉生日, 2019年开始 / 2021年开始) is not judged; a place both names share is no
    shared content (杭州…招聘会 / 杭州…招聘节). Two attributes of one named thing
    (its duration, its programme) are two facts; an attribute of a named thing is no change of a
    statement that never names that attribute (我将要参加X / X的主要内容是…)."""
    a, b = _thing_slot(new), _thing_slot(old)
    if a is None and b is None:  # (most pairs: neither names a thing's attribute)
        return None
    from memcli.write.rules.match import mixed_content_units

    one = _named_attr(new) if a else None
    other = _named_attr(old) if b else None
    if (one is None) != (other is None):  # an attribute of a named thing and a statement of another shape
        named, said = (one, old) if one else (other, new)
        if named not in to_simplified(said):  # the other one never names the attribute (我将要参加X)
            return f"the {named} of a named thing is not what the other statement says"
    if a is None or b is None:
        return None
    (sa, _, aa), (sb, _, ab) = a[0].rpartition("."), b[0].rpartition(".")
    na, nb = sa[len("thing:"):], sb[len("thing:"):]
    if na == nb and aa != ab and one and other:
        return f"two attributes of {na} ({ab} / {aa})"
    if (aa != ab and not (one and other)) or na in nb or nb in na:
        return None
    # a shared place says where, not which (杭州瓦工招聘会 / 杭州医师招聘节: two fairs in one city)
    ua, ub = (mixed_content_units(re.sub("|".join(_ZH_PLACES), "", n)) for n in (na, nb))
    if len(ua) < 2 or len(ub) < 2 or len(ua & ub) * 2 >= min(len(ua), len(ub)):
        return None
    if aa != ab:  # both by the named-attribute shape: another attribute of another thing (论坛的时长 / 某人的学历)
        return f"two different things and attributes ({nb}.{ab} / {na}.{aa})"
    return f"the {aa} of two different things ({nb} / {na})"


@lru_cache(maxsize=16384)
def _thing_slot(statement: str) -> tuple[str, str] | None:
    """:func:`memcli.write.clauses.generic_slot` of ``statement`` when its subject is a named thing, else None."""
    from memcli.write.clauses import generic_slot

    got = generic_slot(statement)
    return got if got and got[0].startswith("thing:") else None


def _named_attr(statement: str) -> str | None:
    """The attribute when ``statement`` states one of a named thing by its shape
    (:func:`memcli.write.clauses.named_attribute`), else None."""
    from memcli.write.clauses import Unit, generic_slot, named_attribute

    s = to_simplified(statement)
    if lang_of(s) != "zh" or not named_attribute(Unit(s, "zh")):
        return None
    got = generic_slot(s)
    return got[0].rpartition(".")[2] if got else None


# -- attributes that cannot be one fact ---------------------------------------------------------
#: attributes that name no attribute of their own: the catch-alls, a brand, a ``has.…`` read as an attribute
GENERIC_ATTRIBUTES = CATCH_ALL_ATTRIBUTES | frozenset({"brand", "has"})
#: attributes one change can move together (我现在在腾讯做产品总监: a new job is often a new workplace)
RELATED_ATTRIBUTES = (frozenset({"job", "workplace"}),)


#: the job said to go on beside a change of workplace (still a nurse, 还是当护士, "same job")
JOB_KEPT = re.compile(r"\bstill (?:a|an|working as|doing)\b|\bsame (?:job|role|position)\b|还是(?:当|做|干)?|"
                      r"仍然(?:是|当|做)|依然(?:是|当|做)", re.I)
#: a name changed, not only said again (改名, 更名, "changed her name", "renamed", "now goes by")
_RENAMED = re.compile(r"改名|更名|改叫|改成|\b(?:changed (?:his|her|their|its) name|renamed|now goes by|goes by)\b",
                      re.I)


def name_kept(new: Facts, old: Facts) -> str | None:
    """Why ``new`` leaves the name ``old`` gives (slot ``<who>.name``) standing: ``new`` is of another slot (or
    none) and names the same one by that name (我女儿叫朵朵 / 我女儿朵朵考上了北京大学, "My husband is Tom" /
    "My husband Tom started a new job at Google") without renaming them — an event or an attribute of a
    relative told with the name is no new name, whatever change it tells. None: not so."""
    if not old.slot or split_slot(old.slot)[:2] == ("me", "name") or split_slot(old.slot)[1] != "name" or \
            not old.value or new.slot == old.slot or not new.positive:
        return None  # (the user's own "name" is left to the judge: 我是戴眼镜的 reads as one)
    said, name = to_simplified(new.statement).casefold(), to_simplified(old.value).casefold()
    # (an English value is stemmed: lily → lil)
    found = name in said if lang_of(name) == "zh" else re.search(rf"\b{re.escape(name)}\w{{0,2}}\b", said)
    if not found or _RENAMED.search(said):
        return None
    return f"{old.value} named again with another fact: the name ({old.slot}) still holds"


def attributes_apart(new: Facts, old: Facts, *, update: bool, change: bool) -> str | None:
    """Why ``new`` cannot UPDATE or CONFLICT ``old`` by what their slots say (None: it can);
    ``new``/``old`` with subjects aligned, ``update``: the verdict is UPDATE, ``change``: ``new`` tells a
    change (a told change may move any attribute):

    - one subject, two specific attributes (舅妈的生日 / 舅妈的兴趣爱好, not ``owns``/``which``/``is``
      catch-alls, not a related pair such as job / workplace): two facts of one person or thing;
    - an UPDATE of a slotted fact by a statement with no slot at all (我的手机是小米12 / 这款手机性能真不错):
      an opinion or detail of a thing does not replace what the thing is — it may still CONFLICT
      (a negation reads no slot either);
    - a job told as held beside the stored one ("I also work as …", part-time, 兼职, 也是:
      :func:`memcli.write.job_pair.job_beside`), whatever change is told: a second job;
    - a "no" about another thing of one subject (我爸有糖尿病 / 我爸膝盖不好: the negation is the knee's, and
      neither value is named on the other side): both hold.
    """
    if why := name_kept(new, old):
        return why
    if old.slot and split_slot(old.slot)[1] in ("job", "occupation") and new.slot != old.slot and \
            JOB_KEPT.search(to_simplified(new.statement)):
        return f"the job told as kept ({old.slot}): a change of workplace beside it is no new job"
    if why := job_beside(new, old):  # "I also work as …", 兼职: a second job, the first one kept
        return why
    if change or not old.slot:
        return None
    if new.positive != old.positive and no_about_another(new, old):
        return f"a no about another thing of one subject ({old.value} / {new.value}): two facts, not one negated"
    if new.slot and new.slot != old.slot:
        (sn, an, _), (so, ao, _) = split_slot(new.slot), split_slot(old.slot)
        if sn == so and an != ao and not {an, ao} & GENERIC_ATTRIBUTES \
                and not any({an, ao} <= g for g in RELATED_ATTRIBUTES):
            return f"two attributes of {sn} ({ao} / {an}): two facts, not one changed"
    if update and not new.slot and split_slot(old.slot)[1] not in WEAK_ATTRIBUTES - {"brand"}:
        return f"a statement with no slot does not replace {old.slot}: a detail, not a new value"
    return None
