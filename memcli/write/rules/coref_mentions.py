"""Who a turn names, for :mod:`memcli.write.rules.coref`: the user's relations (the
:mod:`memcli.slots` vocabulary, 我姐姐 / my sister's husband Mark), named people opening a
clause, coordinated pairs and couples (plural), pets or things the user got (for 它/it), and
pets the user has more than one of (I have two cats, our dogs: for they/their), each with the
gender and number a pronoun must agree with."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memcli import slots
from memcli.text import lang_of, pos_tags, to_simplified
from memcli.write.rules.event_mention import event_subject

__all__ = ["EN_ADJ", "EN_CLAUSE", "EN_LEAD", "EN_NOT_NAME", "EN_REL", "ZH_CLAUSE", "ZH_LEAD", "ZH_REL", "Mention",
           "born_named", "couple",
           "en_mentions", "mentions", "zh_mentions"]

_F = frozenset("mother wife daughter sister grandmother girlfriend fiancee aunt auntie niece granddaughter female "
               "stepmother godmother stepdaughter".split())
_M = frozenset("father husband son brother grandfather boyfriend fiance uncle nephew grandson male stepfather "
               "godfather stepson".split())
_PLURAL_KEYS = frozenset("parents grandparents in_laws family".split())

# -- Chinese -----------------------------------------------------------------------------------
#: collective kin words (plural: 他们) beside the relation vocabulary of memcli.slots
_ZH_RELS = {**slots.ZH_RELATIONS, "公婆": "in_laws", "岳父母": "in_laws", "爷爷奶奶": "grandparents",
            "外公外婆": "grandparents", "姥姥姥爷": "grandparents", "爸爸妈妈": "parents", "父母亲": "parents"}
ZH_REL = "|".join(sorted(map(re.escape, _ZH_RELS), key=len, reverse=True))
ZH_LEAD = (r"(?:(?:对了|哦|噢|嗯|啊|其实|另外|还有|而且|但是|不过|所以|然后|后来|现在|目前|平时|最近|以前|之前|"
            r"昨天|前天|今天|去年|前年|今年|上个?月|上个?星期|上周|小时候|那时候|当时)[，,、\s]*)*")
ZH_CLAUSE = re.compile(r"[^。！？!?；;，,\n]+")
_ZH_NAME = r"[\u4e00-\u9fff]{2,3}?"
_ZH_MY_REL = re.compile(rf"我(?!们)(?:的)?((?:{ZH_REL})(?:的?(?:{ZH_REL}))?)(?:(和|跟|还有)我?(?:的)?({ZH_REL}))?")
_ZH_CALLED_END = r"(?=[，。,.！!]|$|是|在|住|今年)"
_ZH_ONE = r"(?:一|两|三|几)?(?:个|位)[\u4e00-\u9fff]{0,4}?"  # 一个新来的…, 位…
_ZH_HAVE = re.compile(rf"我(?:有|认识){_ZH_ONE}({ZH_REL})(?:(?:叫|名叫)({_ZH_NAME}){_ZH_CALLED_END})?")
_ZH_CALLED = re.compile(rf"{_ZH_ONE}({ZH_REL})(?:叫|名叫)({_ZH_NAME}){_ZH_CALLED_END}")  # …新来了一个同事叫陈晓
_ZH_BORN = re.compile(rf"(?:生了|添了|有了)(?:一|两)?(?:个|位)({ZH_REL})")
_ZH_THING = re.compile(r"我(?:家)?(?:新)?(?:养|买|领养|收养|捡)了(?:一|两)?(?:只|条|头|匹|辆|台|部|盆)([\u4e00-\u9fff]{1,4}?)(?=[，。,.！!]|$|叫|，|回来|回家)")  # noqa: E501
_ZH_OUR_REL = re.compile(rf"我们(?:的)?({ZH_REL})(?!们)")
_PETS = "狗狗|小狗|狗|猫咪|小猫|猫|兔子|仓鼠|鹦鹉|金鱼|乌龟|柯基|金毛|泰迪|柴犬|布偶|英短"
_ZH_PET = re.compile(rf"我(?:家|的)的?({_PETS})")
_ZH_OWNED_PET = re.compile(rf"(?:我的?)?(?:{ZH_REL})(?:[\u4e00-\u9fff]{{2,3}})?的({_PETS})")
_ZH_VERBS = "是|在|叫|住|今年|也|很|特别|喜欢|对|有|每|经常|最|从|已经|刚|做|当|开|嫁|娶|去|考|读|上"

# -- English -----------------------------------------------------------------------------------
EN_REL = "|".join(sorted(map(re.escape, slots.EN_RELATIONS), key=len, reverse=True))
EN_ADJ = r"(?:(?:older|younger|little|big|elder|oldest|youngest|twin|best|new|baby|eldest) )?"
EN_LEAD = r"(?:(?:oh|also|and|so|well|actually|anyway|btw|by the way|yeah|plus|now|these days|last (?:year|month|week)),? )*"  # noqa: E501
EN_CLAUSE = re.compile(r"[^.!?;\n]+|[.!?;\n]+")
_EN_NAMEW = r"((?-i:[A-Z][a-z]+))"
_EN_MY_REL = re.compile(rf"\b(?:my|our) ({EN_ADJ}(?:{EN_REL}))(s)?(?: {_EN_NAMEW}(?='s))?((?:'s (?:{EN_REL}))*)\b"
                        rf"(?:,? {_EN_NAMEW}\b)?(?: and (?:my |our |her |his )?({EN_ADJ}(?:{EN_REL}))\b)?", re.I)
_EN_BORN = re.compile(rf"\b(?:(?:my|our) ({EN_ADJ}(?:{EN_REL}))|I|we)(?: and (?:my |her |his )?\w+)? (?:just |"
                      rf"recently |finally )?(?:had|has had|welcomed|gave birth to|adopted|rescued|got) (?:a|an|their|"
                      rf"her|his) (?:new |little |newborn |baby )*((?:baby )?(?:boy|girl|son|daughter|baby)|puppy|"
                      rf"kitten|dog|cat)\b", re.I)
_EN_HAVE = re.compile(rf"\bI (?:have|have got|got) (?:a|an|one|two|three|four) ({EN_ADJ}(?:{EN_REL}))(s)?\b"
                      r"(?: (?:named|called) ((?-i:[A-Z][a-z]+)))?", re.I)
#: pets and possessions "it" may point back to (we got a puppy → It chews everything)
_EN_THINGS = ("dog|puppy|cat|kitten|bird|parrot|rabbit|bunny|hamster|guinea pig|fish|turtle|tortoise|horse|lizard|"
              "snake|car|bike|motorcycle|truck|laptop|phone|tablet|house|apartment|flat|guitar|piano|camera|watch|drone")
_EN_GOT = re.compile(rf"\b(?:I|we) (?:just |finally |recently )?(?:adopted|got|bought|have|rescued|own|picked up) "
                     rf"(?:a|an|my|our|the) ((?:[a-z-]+ ){{0,2}}?)({_EN_THINGS})\b", re.I)
#: the animals of _EN_THINGS: the user's own pet is he or she as well as it (we got the dog! she's a beagle)
_EN_ANIMAL = re.compile(r"(?:dog|puppy|cat|kitten|bird|parrot|rabbit|bunny|hamster|guinea pig|fish|turtle|tortoise|"
                        r"horse|lizard|snake)$")
#: pets the speaker has more than one of (I have two cats, our dogs): "they" / "their" may point back to them
#: (Their names are Miso and Tofu → My cats' names are…), as to a pair of people
_EN_PETS = ("dogs|puppies|pups|doggies|cats|kittens|kitties|birds|parrots|rabbits|bunnies|hamsters|guinea pigs|"
            "turtles|tortoises|horses|lizards|snakes|chickens|goats")
_EN_COUNT = r"(?:two|three|four|five|six|seven|[2-9]|a couple of|a few|some|several)"
_EN_HAVE_PETS = re.compile(rf"\b(?:(?:I|we) (?:just |finally |recently |also |now |still )?(?:adopted|got|have|"
                           rf"have got|rescued|own|took in|brought home) {_EN_COUNT}|(?:my|our)(?: {_EN_COUNT})?) "
                           rf"((?:(?!and\b|or\b)[a-z-]+ )?)({_EN_PETS})\b", re.I)
_EN_NAMED_REL = re.compile(rf"\b((?-i:[A-Z][a-z]+))'s ({EN_ADJ}(?:{EN_REL}))(s)?\b(?!')(?:,? {_EN_NAMEW}\b)?", re.I)
_EN_THING_NAMED = re.compile(r"\b(?:my|our) ((?:[a-z-]+ )?([a-z-]+)) (?:is |was |'s )?(?:called|named) (?-i:[A-Z])",
                             re.I)
#: a name and what it is, after it ("Pickle, our old tabby,", "Walter, my neighbour."): a pet or thing, or a person
_EN_APPOSED = re.compile(r"\b((?-i:[A-Z][a-z]+)), (?:my|our) (?:[a-z-]+ ){0,2}?([a-z-]+)(?=\s*(?:[,.!?;]|$)|"
                         r" (?:and|who|which|is|was)\b)", re.I)
_EN_OWNED_PET = re.compile(rf"\b(?:my|our) (?:{EN_REL})(?: (?-i:[A-Z][a-z]+))?'s (?:[a-z-]+ )?(?:{_EN_THINGS})\b", re.I)
#: (round 31: any past verb in -ed and the common irregular ones too — "Colin used to help me. He's a retired postman":
#: Colin named the clause's subject, so "he" is Colin, not a man of an earlier turn)
_EN_NAME = re.compile(r"^(?:(?:oh|also|and|so|well|actually|btw),? )*([A-Z][a-z]+)(?<!ing)(?<!ed)(?= (?:is|was|"
                      r"has|works|lives|got|just|recently|studies|teaches|loves|likes|hates|runs|drives|plays|owns|[a-z]{2,}ed|"
                      r"rang|came|went|said|told|sold|bought|left|took|gave|made|found|knew|won|ran|wrote|taught|"
                      r"became|had|can|will|would|could|keeps|kept|knows|says|sent|brought|met|spent)\b)")
EN_NOT_NAME = frozenset("i the this that these those it he she they we you my our his her their there here today "
                         "yesterday tomorrow everyone everything nothing someone something work life dinner lunch "
                         "breakfast mom dad mum "
                         # (round 40) a question word or an adverb opening a clause is no one: "How is he settling
                         # in?" named "How", and "she" in the next sentence was said as "How"
                         "how what who whom whose which where when why whatever whoever just still also finally "
                         "recently really honestly actually luckily sadly unfortunately hopefully basically "
                         "everybody nobody somebody anybody anyone".split()) | {m.casefold() for m in (
    "January February March April May June July August September October November December Monday Tuesday "
    "Wednesday Thursday Friday Saturday Sunday").split()}


@dataclass(frozen=True)
class Mention:
    """Someone (or, for 它, something) a turn names: how to say it as a subject, and what agrees."""

    phrase: str  # 我姐姐 / 我同事何磊 / my sister / my sister's husband Mark
    key: str  # the referent: a relation key, person:<name>, thing:<noun>, or a pair a+b
    gender: str | None = None  # "f", "m", or None (unknown or mixed)
    plural: bool = False
    thing: bool = False
    subject: bool = False  # opens its clause
    spouse_of: str | None = None  # the key of the one whose husband/wife this is (my sister's husband)
    owner: str | None = None  # the phrase before a possessed noun when it differs (我室友郑涛 → 我室友老婆)
    turn: int = -1  # which context turn named it (set by the resolver)
    pet: bool = False  # someone else's pet (我朋友的狗): fits 他/她/它 and he/she/it, only to make a tie
    born: bool = False  # a child or pet the clause brings in (生了个儿子, had a baby girl): a name said next is its


def _gender(key: str) -> str | None:
    """f / m from the last gendered word of a relation key (elder_sister_husband → m), else None."""
    for part in reversed(key.rsplit(".", 1)[-1].split("_")):
        if part in _F:
            return "f"
        if part in _M:
            return "m"
    return None


def _pair_gender(a: str | None, b: str | None) -> str | None:
    return a if a == b else None


@lru_cache(maxsize=4096)
def _is_zh_name(word: str) -> bool:
    from memcli.text import _posseg

    toks = list(_posseg().cut(word))
    return len(toks) == 1 and toks[0].flag == "nr"


def _word_ends(text: str) -> set[int]:
    """Offsets in ``text`` where a jieba word ends."""
    ends, pos = set(), 0
    for word, _flag in pos_tags(text):
        pos += len(word)
        ends.add(pos)
    return ends


def zh_mentions(text: str) -> list[Mention]:
    """Mentions of a Chinese (simplified) turn, in order."""
    out: list[Mention] = []
    for cm in ZH_CLAUSE.finditer(text):
        clause = cm.group(0).strip()
        lead = re.match(ZH_LEAD, clause)
        start = lead.end() if lead else 0
        if start and start not in _word_ends(clause):  # 不过敏 is 不 + 过敏: a lead that cuts a word is none
            start = 0
        found: list[tuple[int, Mention]] = []
        for m in _ZH_MY_REL.finditer(clause):
            rels = re.findall(ZH_REL, m.group(1))
            key = ".".join(_ZH_RELS[r] for r in rels)
            subj = m.start() <= start
            if m.group(3):  # 我姐姐和姐夫: a pair
                k2 = _ZH_RELS[m.group(3)]
                found.append((m.start(), Mention(m.group(0), f"{key}+{k2}", _pair_gender(_gender(key), _gender(k2)),
                                                 plural=True, subject=subj)))
                found += [(m.start() + 1, Mention("我" + m.group(1), key, _gender(key))),
                          (m.start() + 2, Mention("我" + m.group(3), k2, _gender(k2)))]
                continue
            rest = clause[m.end():]
            name = _RX_ZH_MENTIONS_3.match(rest) or _RX_ZH_MENTIONS_4.match(rest)
            plural = key.rsplit(".", 1)[-1] in _PLURAL_KEYS or rest.startswith("们")
            if name and _is_zh_name(name.group(1)):
                found.append((m.start(), Mention(f"我{m.group(1)}{name.group(1)}", f"person:{name.group(1)}",
                                                 _gender(key), owner="我" + m.group(1), subject=subj)))
            else:
                found.append((m.start(), Mention("我" + m.group(1), key, _gender(key), plural=plural, subject=subj)))
            if len(rels) == 2:  # 我姐姐的老公 also names 我姐姐, and the two of them
                k0 = _ZH_RELS[rels[0]]
                first = Mention("我" + rels[0], k0, _gender(k0))
                found.append((m.start() + 1, first))
                if key.rsplit(".", 1)[-1] in _SPOUSES:
                    found.append((m.start() + 2, Mention(f"{first.phrase}和{'她' if first.gender == 'f' else '他'}"
                                                         f"{rels[1]}", f"{k0}+{key}", plural=True)))
        for m in (*_ZH_HAVE.finditer(clause), *_ZH_CALLED.finditer(clause)):  # the same person twice is one key
            key = _ZH_RELS[m.group(1)]
            if m.group(2) and _is_zh_name(m.group(2)):
                mention = Mention(f"我{m.group(1)}{m.group(2)}", f"person:{m.group(2)}", _gender(key), subject=True,
                                  owner=f"我{m.group(1)}")
            else:
                mention = Mention(f"我{m.group(1)}", key, _gender(key), subject=True)
            found.append((m.start(), mention))
        for m in _ZH_BORN.finditer(clause):  # 我老婆生了个女儿: the daughter is named too — whose child it is
            key, parent = _ZH_RELS[m.group(1)], _zh_parent(clause[:m.start()])  # (我表姐生了个儿子: hers, round 45)
            if parent is not None:
                found.append((m.start(), Mention(f"我{parent}的{m.group(1)}" if parent else "我" + m.group(1),
                                                 f"{_ZH_RELS[parent]}.{key}" if parent else key, _gender(key),
                                                 born=key in _CHILD_KEYS)))
        for m in _ZH_OWNED_PET.finditer(clause):  # 我朋友的狗: 他/她/它 may be the dog — a second referent, no guess
            found.append((m.start() + 1, Mention(m.group(0), f"pet:{m.group(0)}", pet=True)))
        for m in _ZH_OUR_REL.finditer(clause):  # 我们领导
            key = _ZH_RELS[m.group(1)]
            found.append((m.start(), Mention(m.group(0), key, _gender(key), subject=m.start() <= start)))
        for m in (*_ZH_THING.finditer(clause), *_ZH_PET.finditer(clause)):
            found.append((m.start(), Mention(f"我的{m.group(1)}", f"thing:{m.group(1)}", thing=True, subject=True)))
        if not found:
            bare = _RX_ZH_MENTIONS_1.match(clause[start:])
            name = _RX_ZH_MENTIONS_2.match(clause[start:])
            if bare and bare.group(1) not in ("阿姨", "老师", "医生", "师傅"):
                key = _ZH_RELS[bare.group(1)]
                found.append((start, Mention("我" + bare.group(1), key, _gender(key),
                                             plural=key in _PLURAL_KEYS, subject=True)))
            elif name and _is_zh_name(name.group(1)):
                found.append((start, Mention(name.group(1), f"person:{name.group(1)}", subject=True)))
        out += [m for _, m in sorted(found, key=lambda x: x[0])]
    return out


_CHILD_KEYS = frozenset("son daughter child".split())
#: who has the child (我老婆 / 我 / nobody said: the user's own)
_ZH_PARENT = re.compile(rf"我(?!们)的?({ZH_REL})[^我他她，,]*$")


def _zh_parent(before: str) -> str | None:
    """Whose child 生了个X is, from the words before it: "" (the user's: 我, 我老婆, no one said), the relation word
    (我表姐 → 表姐: hers, not the user's), or None (someone else: 王丽, 她 — not guessed)."""
    m = _ZH_PARENT.search(before)
    if m:
        return "" if _ZH_RELS[m.group(1)] in _SPOUSES else m.group(1)
    if re.search(r"[他她]", before) or any(f == "nr" for _, f in pos_tags(before)):
        return None
    return ""


_ZH_KID = {"男孩": "儿子", "男宝": "儿子", "女孩": "女儿", "女宝": "女儿"}
_ZH_BROUGHT = re.compile(rf"(?:生了|添了|生下了?|养了|领养了|收养了|捡了|抱回来?了)(?:一|两)?(?:个|只|条|位|名)"
                         rf"(?:可爱的|小)?(儿子|女儿|闺女|宝宝|孩子|男孩|女孩|男宝|女宝|{_PETS})$")
_ZH_NAMED = re.compile(r"^(?:它|他|她)?的?(?:名字|小名|大名)?(?:叫做?|名叫)")


def born_named(before: str, clause: str) -> str | None:
    """Whom a naming clause that drops its subject names, when the clause before brought in a child or pet:
    我表姐生了个儿子，叫乐乐 → 我表姐的儿子 (not 我表姐: round 45), 我养了一只猫，叫咪咪 → 我的猫; None otherwise
    (or when the child is someone else's not said whose: 王丽生了个儿子)."""
    m = _ZH_BROUGHT.search(before)
    if not m or not _ZH_NAMED.match(clause):
        return None
    noun, parent = _ZH_KID.get(m.group(1), m.group(1)), _zh_parent(before[:m.start()])
    if parent is None:  # 王丽生了个儿子，叫乐乐: 王丽's son, when she is the clause's whole subject
        who = re.sub(ZH_LEAD, "", before[:m.start()]).strip()
        return f"{who}的{noun}" if re.fullmatch(r"[\u4e00-\u9fff]{2,3}", who) and _is_zh_name(who) else None
    return f"我{parent}的{noun}" if parent else ("我" if noun in _ZH_RELS else "我的") + noun


def _en_born(m: re.Match[str]) -> Mention | None:
    """A child or pet a clause brings in (My sister had a baby girl, we adopted a puppy): whose (the user's when I,
    we or a spouse had it) and which (a girl → daughter: she)."""
    rel, noun = m.group(1), m.group(2).casefold()
    key = {"boy": "son", "girl": "daughter", "baby": "child"}.get(noun.rsplit(" ", 1)[-1], noun.rsplit(" ", 1)[-1])
    mine = not rel or _en_rel(rel) in _SPOUSES
    child = key in _CHILD_KEYS
    if mine and not child:
        return None  # I adopted a puppy: the user's pet, read as such (_EN_GOT)
    word = key if child else noun
    phrase = f"my {word}" if mine else f"my {rel.casefold()}'s {word}"
    return Mention(phrase, (key if mine else f"{_en_rel(rel)}.{key}") if child else f"thing:{phrase}",
                   _gender(key), subject=True, born=True, pet=not child)


def _en_rel(words: str) -> str:
    w = re.sub(r"^(?:older|younger|little|big|elder|oldest|youngest|eldest|new|baby) ", "", words.casefold())
    return slots.relation_en(words) or slots.relation_en(w) or w.replace(" ", "_")


_SPOUSES = frozenset("husband wife boyfriend girlfriend partner spouse fiance fiancee".split())


def couple(a: Mention, b: Mention, zh: bool) -> Mention | None:
    """Two people who make a "they": father + mother (→ my parents / 我爸妈), or someone and
    their spouse (my sister + my sister's husband); else None."""
    ka, kb = a.key.removeprefix("person:"), b.key.removeprefix("person:")
    if {a.key.rsplit(".", 1)[-1], b.key.rsplit(".", 1)[-1]} == {"father", "mother"} and "." not in ka + kb:
        return Mention("我爸妈" if zh else "my parents", "parents", plural=True)
    for x, y in ((a, b), (b, a)):
        if y.spouse_of and y.spouse_of == x.key:
            return Mention(f"{x.phrase}和{y.phrase}" if zh else f"{x.phrase} and {y.phrase}",
                           f"{x.key}+{y.key}", plural=True)
    return None


def _en_my_rel(m: re.Match[str], subj: bool) -> list[tuple[int, Mention]]:
    """The mentions of one ``my …`` phrase: my sister, my sister Anna, my sister Anna's husband
    Mark (and my sister Anna in it, and the couple), my mom and dad (the pair and each)."""
    rel, plural_s, inner, chain, name, other = m.groups()
    chain_rels = _RX_EN_MY_REL_1.findall(chain or "")
    first_key = _en_rel(rel)
    key = ".".join([first_key, *(_en_rel(r) for r in chain_rels)])
    my = m.group(0)[:m.group(0).index(" ")]
    first = Mention(f"{my} {rel}" + (f" {inner}" if inner else ""),
                    f"person:{inner.casefold()}" if inner else first_key, _gender(first_key),
                    owner=f"{my} {rel}" if inner else None)
    out: list[tuple[int, Mention]] = []
    if other:  # my mom and dad, my sister and her husband
        k2 = _en_rel(other)
        if re.search(r" and (?:her|his) ", m.group(0), flags=re.I):
            k2 = f"{key}.{k2}"
        second = f"{my} {rel}'s {other}" if "." in k2 else f"my {other}"
        return [(m.start(), Mention(m.group(0), f"{key}+{k2}", _pair_gender(_gender(key), _gender(k2)), plural=True,
                                    subject=subj)),
                (m.start() + 1, first), (m.start() + 2, Mention(second, k2, _gender(k2)))]
    plural = bool(plural_s) or key in _PLURAL_KEYS
    phrase = m.group(0) if not name or name.casefold() not in EN_NOT_NAME else m.group(0)[:m.start(5) - m.start()]
    phrase = phrase.rstrip(", ")
    named = name and name.casefold() not in EN_NOT_NAME and not plural
    spouse = len(chain_rels) == 1 and _en_rel(chain_rels[-1]) in _SPOUSES
    whole = Mention(phrase, f"person:{name.casefold()}" if named else key, _gender(key), plural=plural,
                    subject=subj, owner=re.sub(r"[, ]+(?-i:[A-Z][a-z]+)$", "", phrase) if named else None,
                    spouse_of=first.key if spouse else None)
    out.append((m.start(), whole))
    if chain_rels:  # my sister's husband also names my sister, and the two of them
        out.append((m.start() + 1, first))
        if whole.spouse_of and (pair := couple(first, whole, zh=False)):
            pair_phrase = f"{first.phrase} and {'her' if first.gender == 'f' else 'his'} " + \
                phrase[len(first.phrase) + 3:] if first.gender else pair.phrase
            out.append((m.start() + 2, Mention(pair_phrase, pair.key, plural=True)))
    return out


def en_mentions(text: str) -> list[Mention]:
    """Mentions of an English turn, in order."""
    out: list[Mention] = []
    for cm in EN_CLAUSE.finditer(text):
        clause = cm.group(0)
        found: list[tuple[int, Mention]] = []
        lead = re.match(EN_LEAD, clause.strip(), flags=re.I)
        start = clause.find(clause.strip()) + (lead.end() if lead else 0)
        for m in _EN_MY_REL.finditer(clause):
            found += _en_my_rel(m, subj=m.start() <= start)
        taken = [(m.start(), m.end()) for m in _EN_MY_REL.finditer(clause)]
        for m in _EN_NAMED_REL.finditer(clause):  # Omar's mum (round 40: "she" after it was Omar's sister-in-law)
            if m.group(1).casefold() not in EN_NOT_NAME and not any(a <= m.start() < b for a, b in taken):
                key, name = _en_rel(m.group(2)), m.group(4)
                if name and name.casefold() not in EN_NOT_NAME and not m.group(3):  # Dev's dad Raymond: Raymond
                    found.append((m.start(), Mention(m.group(0).replace(",", ""), f"person:{name.casefold()}",
                                                     _gender(key), subject=m.start() <= start,
                                                     owner=m.group(0)[:m.end(3 if m.group(3) else 2) - m.start()])))
                    continue
                found.append((m.start(), Mention(m.group(0)[:m.end(3 if m.group(3) else 2) - m.start()],
                                                 f"person:{m.group(1).casefold()}.{key}", _gender(key),
                                                 plural=bool(m.group(3)) or key in _PLURAL_KEYS,
                                                 subject=m.start() <= start)))
        for m in _EN_THING_NAMED.finditer(clause):  # my starter is called Doug: he / she here may be it — no guess
            if not slots.relation_en(m.group(2)):
                found.append((m.start(), Mention(f"my {m.group(1).casefold()}", f"thing:{m.group(2).casefold()}",
                                                 thing=True, subject=True, pet=True)))
        for m in _EN_APPOSED.finditer(clause):  # Pickle, our old tabby / Walter, my neighbour: the name is whom next
            if m.group(1).casefold() not in EN_NOT_NAME and not (rel := slots.relation_en(m.group(2))):
                found.append((m.start(), Mention(m.group(1), f"thing:{m.group(2).casefold()}", thing=True,
                                                 subject=True, pet=True)))
            elif m.group(1).casefold() not in EN_NOT_NAME and rel:
                found.append((m.start(), Mention(m.group(1), f"person:{m.group(1).casefold()}", _gender(rel),
                                                 subject=m.start() <= start)))
        for m in _EN_OWNED_PET.finditer(clause):  # my friend's dog: he/she/it may be the dog — no guess
            found.append((m.start() + 1, Mention(m.group(0), f"pet:{m.group(0).casefold()}", pet=True)))
        for m in _EN_HAVE.finditer(clause):
            key = _en_rel(m.group(1))
            plural = bool(m.group(2))
            if m.group(3) and not plural:
                mention = Mention(f"my {m.group(1)} {m.group(3)}", f"person:{m.group(3).casefold()}", _gender(key),
                                  subject=True, owner=f"my {m.group(1)}")
            else:
                mention = Mention(f"my {m.group(1)}{m.group(2) or ''}", key, _gender(key), plural=plural, subject=True)
            found.append((m.start(), mention))
        for m in _EN_BORN.finditer(clause):  # my sister had a baby girl: her name is… names the girl (round 45)
            if born := _en_born(m):
                found.append((m.start() + 1, born))
        for m in _EN_HAVE_PETS.finditer(clause):
            noun = (m.group(1) + m.group(2)).casefold()
            found.append((m.start(), Mention(f"my {noun}", f"pets:{m.group(2).casefold()}", plural=True,
                                             subject=True)))
        for m in _EN_GOT.finditer(clause):
            noun = (m.group(1) + m.group(2)).casefold()
            found.append((m.start(), Mention(f"my {noun}", f"thing:{m.group(2).casefold()}", thing=True, subject=True,
                                             pet=bool(_EN_ANIMAL.match(m.group(2).casefold())))))
        if ev := event_subject(clause):  # "The team meeting is on Monday": "it" next (round 31)
            found.append((start, Mention(ev, f"thing:{ev.rsplit(' ', 1)[-1].casefold()}", thing=True, subject=True)))
        if not found and (m := _EN_NAME.match(clause.strip())) and m.group(1).casefold() not in EN_NOT_NAME \
                and not slots.relation_en(m.group(1)):
            found.append((start, Mention(m.group(1), f"person:{m.group(1).casefold()}", subject=True)))
        out += [m for _, m in sorted(found, key=lambda x: x[0])]
    return out


def mentions(text: str) -> list[Mention]:
    """Who (and, in Chinese, which pet or thing) ``text`` names, in order; a turn of two languages read in the
    other one too when its own names no one (我哥哥 David 住在 Vancouver: 我哥哥, round 46)."""
    zh = lang_of(text) == "zh"
    found = zh_mentions(to_simplified(text)) if zh else en_mentions(text)
    if not found and (_HAN.search(text) if not zh else _LATIN_WORD.search(text)):
        found = en_mentions(text) if zh else zh_mentions(to_simplified(text))
    return found


_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


# the f-string patterns above compiled once (built per call, each cost ~5 µs in re's cache lookup)
_RX_EN_MY_REL_1 = re.compile(rf"'s ({EN_REL})", re.I)
_RX_ZH_MENTIONS_1 = re.compile(rf"({ZH_REL})(?!们|说)")
_RX_ZH_MENTIONS_2 = re.compile(rf"({_ZH_NAME})(?={_ZH_VERBS}|的)")
_RX_ZH_MENTIONS_3 = re.compile(rf"^({_ZH_NAME})(?={_ZH_VERBS}|的)")
_RX_ZH_MENTIONS_4 = re.compile(rf"^(?:叫|名叫)({_ZH_NAME})$")
