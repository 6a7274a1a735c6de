"""A how-to question and a market, weather or news question: asked of the world (the answer feature ``world_fact``,
round 39).

"How do I cook dumplings?" over "I love dumplings", 饺子怎么做 or 饺子的做法 over 我很喜欢吃饺子, "Apple stock
price?" over "I work at Apple", 腾讯今天股价 over 我在腾讯工作: each shares a topic word with a memory, and the lexical
leg's match on it grounded the question (:func:`memcli.read.answer.grounded`), so the block printed the user's
dumplings or job. A procedure (how to make, cook, fix, install … a thing) and the state of a public thing (a share
price, an exchange rate, the weather, the news) are the world's, whoever asks:

- :func:`procedure_rest` reads a how-to question, both languages: *how do / can / should I* (or you, one) + a verb of
  making, cooking, fixing, installing, cleaning, growing, using, learning … (a small list written for memcli); *how
  to* / *teach me how to* / *the best way to* + a verb; *a recipe / the steps / instructions for*; 怎么 / 如何 /
  怎样 + such a verb, after the thing (饺子怎么包, 茶怎么泡) or at the start (如何包饺子, 我该怎么修自行车); …的做法,
  教程, 食谱.
  The "I" of "how do I" is anyone's: the question's anchor is read on the rest (:func:`procedure_rest` returns it),
  so "how do I cook my mum's dumplings?", "how should I cook the salmon I bought?", 我平时怎么做饭的 (a routine) and
  我怎么去上班 (no modal before 怎么: the user's own way, and 去 no verb of a procedure) stay the user's. A verb of
  the user's habits (take, like, have; 喝, 吃) is no procedure's: "how do I take my coffee?", 咖啡怎么喝.
- :func:`asks_market` reads a question after a market, a price of a commodity, the weather or the news (stock / share
  price, exchange rate, the price of gold, the weather, the forecast, the news; 股价, 股票, 汇率, 金价, 天气, 气温,
  新闻, 行情): a bare market word alone (天气, "weather") is a topic looked up, not such a question.

The caller (:class:`memcli.read.answer_pass.AnswerPass`) sets ``world_fact`` for either when the rest names neither
the user nor anyone of theirs, and no person or thing of the hits (a thing named with "the" that a hit names: "how do
I fix the shed door?" after "My brother built the shed" stays the user's), as for a fact of history
(:mod:`memcli.read.world_fact`).
"""

from __future__ import annotations

import re

from memcli.relazy import LATIN, NON_ASCII, lazy

__all__ = ["asks_market", "procedure_rest"]

#: verbs of a procedure, English (base forms: after do / can / to)
_VERBS_EN = (
    r"make|cook|bake|brew|boil|fry|deep[- ]fry|stir[- ]fry|roast|grill|steam|poach|prepare|prep|marinate|season|"
    r"wrap|fold|knead|ferment|pickle|peel|chop|slice|cut|carve|fix|repair|mend|patch|install|uninstall|reinstall|"
    r"set up|setup|configure|build|assemble|clean|wash|descale|unclog|remove|get rid of|replace|change|reset|"
    r"restart|update|upgrade|grow|plant|prune|repot|propagate|train|potty[- ]train|groom|use|learn|write|draw|tie|"
    r"knit|sew|paint|convert|calculate|solve|unlock|jump[- ]start|sharpen|store|freeze|defrost|thaw|iron|polish|"
    r"apply|renew|register|sign up|cancel|delete|download|upload|print|back up|format|connect|pair|charge|"
    r"speed up|undo|open|turn on|turn off|play|start|stop|become|improve|find|choose|pick|measure|check|care for|"
    r"look after|steep|roll|stuff|cure|smoke|reheat|clean up|unblock|lower|raise|treat")
_EN = lazy(
    r"^(?:(?:so|ok|okay|hey|quick question|also|and)[,:]?\s+)?(?:"
    rf"how (?:do|can|should|could|would|shall|might|must) (?:i|you|one|someone|people|a person) (?:{_VERBS_EN})\b|"
    rf"how (?:long|hot|(?:much|many) [a-z]+) (?:do|should|can|must) (?:i|you|one) (?:{_VERBS_EN})\b|"
    r"how (?:to|does one|would one|is one supposed to)\s+[a-z]|"
    r"what(?:'s| is| are) the (?:best|right|proper|easiest|quickest|fastest|safest|correct) ways? to "
    rf"(?:{_VERBS_EN})\b|"
    r"(?:what(?:'s| is| are) (?:the|a|some|any)|(?:is there|are there|any|got) (?:a |an |some )?)?"
    r"(?:good )?(?:recipes?|instructions|steps|tutorials?|directions) (?:for|to|on)\b)|"
    r"\b(?:teach|show|tell) me how to\b", re.IGNORECASE, gate=LATIN)
#: the opening of an English how-to question, taken off before its anchor is read ("how do I": anyone)
_OPEN_EN = lazy(r"^.*?\b(?:how (?:do|can|should|could|would|shall|might|must|long|hot|(?:much|many) [a-z]+)(?: (?:do|"
                r"should|can|must))? (?:i|you|one|someone|people|a person)|(?:teach|show|tell) me)\b",
                re.IGNORECASE, gate=LATIN)

#: verbs of a procedure, Chinese (a dish made, a thing fixed, installed, grown, learnt …)
_VERBS_ZH = (
    r"做|包|煮|炒|烤|蒸|炖|烧|煎|炸|腌|卤|拌|熬|泡|冲|酿|擀|揉|和面|发面|调馅|制作|修|修理|维修|修复|安装|装|卸载|设置|配置|"
    r"清洗|清理|洗|去除|去掉|除|种|养|培养|训练|学|学习|使用|用|写|画|折|织|缝|换|更换|重置|升级|更新|下载|注册|申请|"
    r"办理|考|计算|算|解|截图|打开|关闭|连接|保存|储存|存放|保鲜|解冻|去皮|切|剥|挑选|挑|选|戒|减|治|预防|调")
#: 怎么 / 如何 / 怎样 after the thing (饺子怎么包) or at the start (如何包饺子), with a modal only before it (我该怎么…:
#: anyone's way; 我怎么去上班 is the user's own) — then a procedure verb
_ZH = lazy(
    r"^(?:请问)?(?:(?:我|你)?(?:该|应该|应当|要|需要|想|可以|能|得)|你)?(?:怎么|怎样|如何|咋)(?:样)?(?:才能?|来|去)?"
    rf"(?:把.{{1,8}}?)?(?:{_VERBS_ZH})|"
    r"^(?:请问)?[^我，,。？?！!]{1,12}?(?:应该|该|要|得|是)?(?:怎么|怎样|如何|咋)(?:样)?(?:才能?|来)?"
    rf"(?:{_VERBS_ZH})|"
    r"(?:做法|制作方法|制作过程|烹饪方法|食谱|菜谱|教程|配方|安装方法|使用方法|操作步骤)|"
    rf"教我(?:怎么|如何|怎样)?(?:{_VERBS_ZH})", gate=NON_ASCII)
_OPEN_ZH = lazy(r"^(?:请问)?(?:我|你)?(?:该|应该|应当|要|需要|想|可以|能|得)?(?=怎么|怎样|如何|咋)|教我",
                gate=NON_ASCII)
#: a routine or a thing done: the user's own way (我平时怎么做饭的, "how do I usually cook rice"), not a procedure
_OWN = lazy(r"平时|平常|通常|一般都|每次|每天|以前|之前|那次|上次|来着|"
            r"\b(?:usually|normally|always|again|still|these days|last time|did i|have i|had i)\b", re.IGNORECASE)


def procedure_rest(question: str) -> str | None:
    """The rest of ``question`` (a question sentence, simplified Chinese or other text) after its how-to opening
    (taken off: "how do I", 我该, 教我 — the asker as anyone) when it asks how to do a thing (see the module doc),
    else None. Whose thing it asks (my, 我的, a relation in the rest) is read by the caller."""
    q = question.strip().replace("’", "'")
    if not q or _OWN.search(q):
        return None
    if q.isascii():
        if not _EN.search(q):
            return None
        return _OPEN_EN.sub(" ", q, count=1)
    if not _ZH.search(q):
        return None
    return _OPEN_ZH.sub(" ", q, count=1)


_MARKET_EN = lazy(
    r"(?i:\b(?:stock|share) (?:prices?|quotes?|values?)\b|\bstock ?markets?\b|"
    r"\bmarket (?:cap|capitali[sz]ation|value)\b|"
    r"\b(?:shares|stocks?) (?:of|in) (?-i:[A-Z])|\bexchange rates?\b|"
    r"\b(?:gold|silver|oil|gas|petrol|fuel|diesel|bitcoin|crypto|house|housing) prices?\b|"
    r"\bprice of (?:gold|silver|oil|gas|petrol|diesel|bitcoin|an? (?:barrel|ounce))\b|"
    r"\bweather\b|\bforecasts?\b|\b(?:will|is) it (?:going to )?(?:rain|snow|be (?:hot|cold|sunny|windy))\b|"
    r"\btemperature (?:in|outside|today|tomorrow|tonight)\b|\bheadlines?\b|\bin the news\b|"
    r"\b(?:today's|latest|breaking|world|local|business|financial) news\b)|"
    r"\b[A-Z][\w&.-]*(?: [A-Z][\w&.-]*)? (?i:stocks?|shares)\b",
    gate=LATIN)
_MARKET_ZH = lazy(r"股价|股票|股市|大盘|[AaＡ港美]股|汇率|外汇|天气|气温|下雨|下雪|降温|预报|新闻|头条|行情|"
                  r"金价|油价|房价|币价|比特币|市值|涨停|跌停|收盘|开盘", gate=NON_ASCII)
#: a bare market word looked up (天气, "weather", "stock price"): what is left once it and marks are taken off
_MARKS = re.compile(r"[\s?？!！。.,，:：]+")
#: a question: its mark, a question word, an auxiliary opening it (English), a question word or particle (Chinese)
_QUESTION = lazy(r"[?？]\s*$|^\s*(?i:who|what|when|where|which|how|is|are|will|does|do|did|can|could|any)\b|"
                 r"什么|怎么|哪|谁|几|多少|吗|呢|如何|怎样")


def asks_market(question: str) -> bool:
    """Whether ``question`` (a question sentence, simplified Chinese or other text) asks after a market, a price of a
    commodity, the weather or the news (see the module doc): a question (its mark, a question word) or a Chinese phrase
    ending on the market word (腾讯今天股价), more than the bare market word looked up ("weather", 天气). A
    statement ("I love rainy weather") asks nothing. Whose it is (my shares, 我的股票) is read by the caller."""
    q = question.strip().replace("’", "'")
    m = (_MARKET_EN.search(q) if q.isascii() else None) or _MARKET_ZH.search(q)
    if m is None or not _MARKS.sub("", q[:m.start()] + q[m.end():]):
        return False
    return bool(_QUESTION.search(q)) or (not q.isascii() and not _MARKS.sub("", q[m.end():]))
