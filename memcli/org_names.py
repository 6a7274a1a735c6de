"""Names that are no one: a place, a brand or an organisation opening a statement (round 46).

A statement that opens with a name and no relation word ("John said he lives in Oslo", 秀兰住在南京) tells of a
person, on the write side (``person:john``) and the read side (:mod:`memcli.read.told_name`). A place, a brand or
an organisation opens statements the same way ("Google now offers free lunch", "Paris is lovely in May",
长城脚下风很大, 华为搬到了东莞) and was taken for a person: ``person:google``, ``person:华为.residence``.

:func:`org_or_place_en` and :func:`org_or_place_zh` refuse such a name by a general test, any of:

- it is a well-known organisation, brand or place of the small typed lists below (:data:`EN_ORGS`,
  :data:`EN_PLACES`, :data:`ZH_ORGS`, :data:`ZH_PLACES`), or has an organisation's or a place's shape: an
  organisation word in it ("Acme Corp", "Delta Airlines"; 招商银行, 星光集团) or, Chinese, a word jieba's dictionary
  tags a place (``ns``) ending in a place's character (西湖, 黄山, 颐和园: jieba tags given names ``ns`` too, 秀兰,
  建国, so the tag alone is no test);
- the statement says of it what only an organisation or a venue does: acquired, is hiring, laid off, went
  public, recalled ("Honda recalled…"); 上市, 收购, 裁员, 开业, 闭馆, 倒闭, 涨价…; or refers back to it as "its"
  ("Netflix raised its prices") — unless the English clause speaks of someone (he, her, my).

What people do as well is no test: offers, released, announced, launched ("John now offers free lessons", "Lisa
launched her own bakery"), 发布, 推出, 宣布 (a politician's 宣布: the decisions goldset's zh-0704 lost its NOOP when
宣布 was one); "Apple released…" is known by the list. Leaf module (imports only :mod:`memcli.relazy` and, lazily,
:mod:`memcli.text`); the write and the read path both use it.
"""

from __future__ import annotations

import re

from memcli.relazy import lazy

__all__ = ["EN_ORGS", "EN_PLACES", "ZH_ORGS", "ZH_PLACES", "org_or_place_en", "org_or_place_zh"]

#: well-known companies and brands, casefolded (a capitalised first word that is no one)
EN_ORGS = frozenset(
    "google alphabet apple microsoft amazon meta facebook instagram whatsapp tesla netflix spotify uber lyft airbnb "
    "twitter youtube tiktok samsung sony nintendo nike adidas ikea starbucks walmart costco target toyota honda ford "
    "bmw audi volkswagen mercedes nissan hyundai intel nvidia amd ibm oracle salesforce adobe paypal visa mastercard "
    "boeing airbus disney pixar marvel lego zara uniqlo mcdonald's mcdonalds kfc subway pepsi coca-cola nestle "
    "openai anthropic huawei xiaomi alibaba tencent baidu lenovo dell hp asus philips siemens shell delta united "
    "ryanair easyjet lufthansa emirates fedex ups dhl verizon comcast vodafone reddit linkedin pinterest snapchat "
    "zoom slack dropbox shopify etsy ebay duolingo peloton".split())
#: well-known places, casefolded (cities, countries, regions)
EN_PLACES = frozenset(
    "paris london berlin munich rome madrid lisbon dublin amsterdam vienna prague warsaw oslo stockholm helsinki "
    "copenhagen zurich geneva brussels athens istanbul moscow tokyo osaka kyoto seoul beijing shanghai shenzhen "
    "hangzhou chengdu singapore sydney melbourne auckland toronto vancouver montreal chicago boston seattle austin "
    "denver portland miami atlanta dallas houston phoenix texas california florida ohio oregon "
    "virginia arizona colorado michigan england scotland wales ireland france germany italy "
    "spain portugal china japan korea india canada mexico brazil australia america europe asia "
    "africa brooklyn manhattan iceland norway sweden denmark finland greece turkey egypt thailand vietnam "
    "bali hawaii alaska".split())
#: a word of an organisation's name ("Acme Corp", "Delta Airlines", "First National Bank")
_ORG_WORD_EN = frozenset("inc corp corporation ltd llc co company airlines airways bank motors group labs systems "
                         "technologies foundation institute studios records pharmaceuticals holdings".split())
#: what only an organisation or a venue does, right after its name (adverbs between allowed)
_ORG_DEED_EN = lazy(r"^(?:(?:now|just|recently|finally|officially|reportedly|also|quietly|today|again) )*"
                    r"(?:acquired|acquires|is hiring|was hiring|laid off|lays off|went public|goes public|recalled|"
                    r"recalls|rolled out|"
                    r"rolls out|filed for bankruptcy|went bankrupt|went out of business|reported (?:record |strong |"
                    r"weak )?(?:earnings|profits|losses|revenue))\b", re.I)
#: "its" in the clause about the name: it is a thing ("Netflix raised its prices")
_ITS = lazy(r"\bits\b", re.I)
#: a personal pronoun in the clause about the name: someone ("Lisa launched her own bakery")
_PERSONAL = lazy(r"\b(?:he|she|him|her|his|hers|himself|herself|my|me)\b", re.I)

#: well-known Chinese companies and brands
ZH_ORGS = frozenset(
    "腾讯 阿里 阿里巴巴 字节 字节跳动 百度 华为 小米 京东 美团 网易 拼多多 滴滴 快手 中兴 "
    "联想 比亚迪 蔚来 大疆 淘宝 天猫 抖音 微信 支付宝 谷歌 微软 特斯拉 星巴克 麦当劳 肯德基 "
    "海底捞 喜茶 瑞幸 宜家 优衣库 耐克 阿迪达斯 迪士尼 三星 索尼 丰田 本田 宝马 奔驰 奥迪 "
    "大众 亚马逊 苹果公司 可口可乐 百事 必胜客 沃尔玛 家乐福 盒马 顺丰 京东方 格力 美的 "
    "海尔 苏宁 国美 携程 饿了么 小红书 知乎 微博 哔哩哔哩 网飞 英伟达 英特尔".split())
#: well-known Chinese places whose names end in no place character
ZH_PLACES = frozenset(
    "北京 上海 广州 深圳 杭州 南京 成都 重庆 武汉 西安 天津 苏州 长沙 郑州 青岛 厦门 大连 "
    "沈阳 哈尔滨 昆明 贵阳 南宁 福州 合肥 济南 台北 香港 澳门 新疆 西藏 云南 四川 广东 浙江 "
    "江苏 山东 河南 湖南 湖北 日本 美国 英国 法国 德国 加拿大 澳洲 新加坡 故宫 外滩 鼓浪屿 "
    "三亚 丽江 大理 桂林 拉萨 敦煌 九寨沟 张家界 东京 巴黎 伦敦 纽约".split())
#: an organisation's word ending a Chinese name (招商银行, 星光集团)
_ORG_END_ZH = ("公司", "集团", "银行", "大学", "学院", "医院", "研究所", "研究院", "事务所", "工作室", "科技", "中心",
               "商场", "超市", "酒店", "餐厅", "电视台", "博物馆", "体育馆", "图书馆", "动物园", "公园")
#: a place's character ending a word jieba tags ``ns`` (西湖, 黄山, 颐和园, 长城)
_PLACE_END_ZH = frozenset("山湖江河城宫寺塔桥园岛屿湾峰峡庙陵洞泉滩街路镇村市省县州港")
#: what only an organisation or a venue does, after its name (a time word or adverb between allowed)
_ORG_DEED_ZH = lazy(r"^(?:今年|去年|最近|现在|刚刚?|又|也|已经|昨天|今天|正式|终于|突然){0,3}"
                    r"(?:上市|收购|裁员|招聘|开业|开张|闭馆|开馆|闭园|倒闭|破产|涨价|降价|打折|促销|召回|融资|上新|"
                    r"停业)")


def org_or_place_en(name: str, rest: str = "") -> bool:
    """Whether ``name`` (one or two capitalised words opening an English statement) is a place, a brand or an
    organisation rather than someone (see the module doc); ``rest``: the clause after the name."""
    words = name.casefold().replace("’", "'").split()
    if not words:
        return False
    if " ".join(words) in EN_ORGS or words[0] in EN_ORGS or " ".join(words) in EN_PLACES or words[0] in EN_PLACES:
        return True
    if any(w.rstrip(".") in _ORG_WORD_EN for w in words[1:]):
        return True
    clause = rest.strip().split(",")[0]
    if _PERSONAL.search(clause):  # "Lisa launched her own bakery", "Mark announced he is moving": someone
        return False
    return bool(_ORG_DEED_EN.match(clause)) or bool(_ITS.search(clause))


def org_or_place_zh(name: str, statement: str) -> bool:
    """Whether ``name`` (the characters opening the simplified Chinese ``statement``) is a place, a brand or an
    organisation rather than someone (see the module doc)."""
    from memcli.text import pos_tags

    if not name:
        return False
    if name.endswith(_ORG_END_ZH) or any(statement[:n] in ZH_ORGS or statement[:n] in ZH_PLACES
                                          for n in range(len(name), min(len(statement), 5) + 1)):
        return True  # (海底捞…: jieba cuts 海底 | 捞, the name read is its piece)
    first = pos_tags(statement[:12])[:1]  # jieba's first word of the statement: 海底捞 read whole or not at all
    word = first[0][0] if first and first[0][0].startswith(name[:2]) else name
    if word in ZH_ORGS or word in ZH_PLACES or word.endswith(_ORG_END_ZH):
        return True
    if len(word) >= 2 and word[-1] in _PLACE_END_ZH and any(f == "ns" for w, f in pos_tags(word) if w == word):
        return True
    after = statement[len(name):] if statement.startswith(name) else ""
    return bool(_ORG_DEED_ZH.match(after)) or (word != name and statement.startswith(word)
                                               and bool(_ORG_DEED_ZH.match(statement[len(word):])))
