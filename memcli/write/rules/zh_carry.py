"""Subjects that Chinese chat drops: put back before the clause that drops them.

Chat names a subject once and drops it in the clauses after it (我表哥是广东人，特别爱喝早茶;
最近胃不好，不能吃辣了). Read alone, 特别爱喝早茶 says nothing of whom it is about and the clause
model scores it as no fact; read with the subject it continues (我表哥特别爱喝早茶) it is a whole
clause like any other. Pure functions over text, on the Chinese rules' parse.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcli import slots
from memcli.write.clauses import Unit, is_chatter
from memcli.write.rules import zh_patterns, zh_words
from memcli.write.rules.coref_mentions import ZH_REL, born_named
from memcli.write.rules.zh import _topic_any, _topic_first, prepare
from memcli.write.rules.zh_amount import amount_changed
from memcli.write.rules.zh_facts import _pos
from memcli.write.rules.zh_subject import _continues, _Ctx, _subject
from memcli.write.rules.zh_tails import thing_tails, with_details
from memcli.write.rules.zh_words import _BODY_TOPIC, _IRREALIS, _MENTAL
from memcli.write.told_shapes import lasting_plan, plan_told

__all__ = ["carried_subjects", "introduced", "says_no_one", "with_details", "with_subjects", "zh_parts"]


def carried_subjects(clauses: Sequence[str]) -> list[str | None]:
    """For each clause of one utterance, in order: the subject it drops and continues, as written
    before it (我, 我室友, 我同事小陈) — or, for a bare noun phrase after ``X是Y``, the ``X是`` whose
    next value it is (我研究生读的是同济，建筑学专业) — or None (a subject of its own, a thing's, or
    none to carry).

    ``carried_subjects(["我表哥是广东人", "特别爱喝早茶"])`` → ``[None, "我表哥"]``: chat drops the
    subject of every clause after the first, and a clause read without it (特别爱喝早茶) says nothing of
    whom it is about. A thing's subject is not carried (楼下那家面馆很好吃，价格也便宜), nor a subject
    into a plan, wish or duty (…，要控制饮食): what one should do is no fact of one's life."""
    out: list[str | None] = []
    last: str | None = None
    head: str | None = None  # the subject and copula of the clause before (我研究生读的是), for a list's next value
    for i, clause in enumerate(clauses):
        c = prepare(re.split(r"[，,]", clause, maxsplit=1)[0])
        before = clauses[i - 1].strip("，,。！!？? ") if i else None  # (its end may introduce a thing)
        if i and (amount := amount_changed(clauses[i - 1], clause)):
            out.append(amount)  # 房租涨了，现在每月5000 → 房租现在每月5000: the amount is the rent's (round 44)
            last = head = None
            continue
        if head and c and len(c) <= 10 and all(f[:1] == "n" or f in ("eng", "j") for _, f in _pos(c)):
            out.append(head)  # 我研究生读的是同济，建筑学专业 → 我研究生读的是建筑学专业: one more value
            continue
        if before and (named := born_named(before, c)):  # 生了个儿子，叫乐乐: the son's name, not the parent's
            out.append(named)
            last = head = None
            continue
        if (new_one := introduced(before or "", clause)) is not None:  # 我姨给我介绍了个男生，叫X，在…: X's clauses
            out.append(new_one[0])
            last, head = new_one[1], None
            continue
        if zh_words.ZH_CORRECTION_OPEN.fullmatch(clause.strip() + "，"):  # 我说错了，…: no subject to carry on
            out.append(None)
            last = head = None
            continue
        if c and (have := _HAVE_NAMED.match(c)):  # 我还有个邻居叫钱伟，是做装修的: 钱伟's trade, not the user's
            out.append(None)
            last, head = f"我{have.group(1)}{have.group(2)}", None
            continue
        sub = _subject(_topic_first(c) or _topic_any(c) or c, _Ctx()) if c else None
        cop = re.match(r"^[^，,]{2,12}?(?:是|叫)(?!不是)", c) if sub is not None and not sub[0].startswith("thing:") \
            else None
        head = cop.group(0) if cop else None
        if sub is not None:
            thing = sub[0].startswith("thing:") and _BODY_TOPIC.match(c) is None  # 最近胃不好: the user's stomach
            last = None if thing else ("我" if sub[0] == slots.ME or sub[0].startswith("thing:") else sub[1])
            if last and sub[0] != slots.ME and not sub[0].startswith("person:") and \
                    (name := _name_after(re.sub(r"^(?:名字)?(?:叫做?|名叫)", "", c[len(sub[1]):]))) and \
                    c.endswith(name):  # 我高中同学李强，… / 我表姐叫刘芳，…: the relation said with its name (r. 41)
                last += name
            out.append(None)
        elif last and c and zh_patterns.OF_THING.match(c) and before and not re.match(r"^我(?:也|还|就)?是", before) \
                and (new := zh_patterns.RX_MATCH_CLAUSE_4.search(before)):
            out.append("这" + new.group(0)[1:])  # 学了一道新菜，叫做X → 这道新菜叫做X: not the user's name
            last = None
        elif last and c and not re.search(r"[我你您他她它]", c) and not _MENTAL.match(c) and \
                not _IRREALIS.search(c) and not re.match(r"^(?:要|得|需要|应该|必须)", c) and \
                not zh_words.BARE_JUDGEMENT.fullmatch(c) and _continues(c, last == "我"):
            out.append(last)
        else:
            out.append(None)
            last = None
    return out


#: a clause that brings a new person into the user's life through someone else or an occasion (我姨给我介绍了个男生,
#: 同事给我安排了个相亲, 在饭局上认识了个女生): whom the naming clause after it names (round 48)
_BRINGS_IN = re.compile(r"(?:介绍|安排|认识|撮合)了?(?:一)?(?:个|位)(?:新)?(?:相亲(?:对象)?|对象|男生|女生|男孩子?|"
                        r"女孩子?|男的|女的|小伙子?|姑娘|朋友|男朋友|女朋友)")
#: the clause that names the one just brought in (男生叫X, 叫X, 对方叫做X), and the name
_NAMES_NEW = re.compile(r"^(?:那个|这个)?(?:男生|女生|男孩子?|女孩子?|男的|女的|小伙子?|姑娘|对方|对象|他|她)?"
                        r"(?:的)?(?:名字)?(?:叫做?|名叫)([\u4e00-\u9fff]{2,3}?)(?:[，,。！!]|$)")


def introduced(before: str, clause: str) -> tuple[str | None, str] | None:
    """``(prefix, name)`` when ``clause`` names a person the turn just brought in, or ``(None, name)`` when
    ``clause`` brings one in and names them itself — the clauses after it are the new person's, never the
    introducer's (我姨给我介绍了个男生，叫X，在银行上班: X works at the bank, not 我姨); None otherwise. ``prefix`` is
    the clause that brought them in (the naming clause is stored with how they met: 我姨给我介绍了个女生，叫X)."""
    body = clause.strip("，,。！!？? ")
    pieces = [p for p in re.split(r"[，,]", body) if p]
    if len(pieces) >= 2 and _BRINGS_IN.search(pieces[-2]) and (m := _NAMES_NEW.match(pieces[-1])):
        return None, m.group(1)
    prior = before.strip("，,。！!？? ")
    if prior and _BRINGS_IN.search(re.split(r"[，,]", prior)[-1]) and (m := _NAMES_NEW.match(body)):
        return prior + "，", m.group(1)
    return None


#: a person the user has, brought in with a name (我认识一个朋友叫阿杰): the subject the next clause drops
_HAVE_NAMED = re.compile(rf"^我(?:还|也|另外)?(?:有|认识)了?(?:一|两)?(?:个|位)({ZH_REL})(?:叫做?|名叫)"
                         r"([\u4e00-\u9fff]{2,3})$")

#: openings of a phrase that is no clause of its own (比起猫，…; 对于孩子，…)
_NOT_OPENING = re.compile(r"^(?:比起|比|对于|关于|至于|除了|为了|随着|像|跟|和|与|被|把|是|叫|就是)")


#: an attribute of a thing said by the thing's name (阅读跑者盛宴的地点是上海): the name is the subject
_OF_IS = re.compile(r"的[\u4e00-\u9fff]{1,6}(?:是|为)")
#: a degree word: the clause judges a thing the talk is about (拍照特别给力, 人太多), it tells nothing the speaker did
#: (a word that only holds one: 太极, 太太, 超市, 认真 — round 31)
_DEGREE = re.compile(r"太(?![极太阳空平])|特别|超(?![市过重时出声])级?|非常|挺|很|(?<!认)真(?!丝)|简直|有点|不太|"
                     r"好(?!像|久)")
#: a turn that opens with whom the speaker did it with (跟同村的阿杰说好了, 和老同学去爬山了): a person (a name,
#: a relation word) after 跟/和/同, then a verb — the speaker's own clause (round 31), not a phrase (跟着感觉走)
_WITH_SOMEONE = re.compile(r"^(?:跟|和|同)(?!着)")


def says_no_one(clause: str) -> bool:
    """The clause names no one and nothing it is about: no pronoun, relation word or name, the rules
    find no subject, and it opens with its predicate (上周去协和看了胃) or with a topic and its amount
    (房贷每月八千) — a clause whose subject chat drops (not a thing's: 现在的家电越来越智能了) — or it opens
    with whom it was done with, then a verb (跟同事约好了周末爬山: :func:`_with_someone`).
    At the start of a turn, the one it drops is the speaker's own (see :func:`with_subjects`)."""
    c = prepare(re.split(r"[，,]", clause, maxsplit=1)[0])
    if not c or re.search(r"[我你您他她它咱]", clause):
        return False
    if _WITH_SOMEONE.match(c) and _with_someone(c):  # 跟同事约好了…: the person is whom the speaker did it with
        return True
    if slots.ZH_RELATION_RE.search(clause):
        return False
    toks = _pos(c[:10])
    if len(toks) < 2 or len(re.findall(r"[\u4e00-\u9fff]", c)) < 4 or _NOT_OPENING.match(c) or _OF_IS.search(c) or \
            _DEGREE.search(c) or \
            (re.match(r"^([\u4e00-\u9fff])\1", c) and c[:2] not in zh_words.NOT_NICKNAME):  # 豆豆数学考了…: named
        return False
    (w0, f0), (w1, f1) = toks[0], toks[1]
    predicate = (f0[:1] in ("v", "d", "t", "i") and f0 != "vn" or w0 in ("最近", "平时", "一直", "从小", "以前")) \
        and w1 != "的"  # 上周去协和看了胃, 看中了…
    amount = f0[:1] in ("n", "j", "v") and (f1 == "m" or w1.startswith("每"))  # 房贷每月八千: the topic's amount
    return (predicate or amount) and _subject(_topic_first(c) or _topic_any(c) or c, _Ctx()) is None


def _with_someone(c: str) -> bool:
    """``c`` (opening with 跟/和/同) names a person (a name, or a relation word of the vocabulary) and then a
    verb within its first twelve characters: 跟同村的阿杰说好了, 和老同学去爬山了 (not 跟着感觉走, 和平时一样)."""
    toks = _pos(c[:12])[1:]
    person = next((i for i, (w, f) in enumerate(toks) if f == "nr" or slots.ZH_RELATION_RE.fullmatch(w)), None)
    return person is not None and any(f[:1] == "v" for _, f in toks[person + 1:])


def with_subjects(parts: list[Unit]) -> list[Unit]:
    """``parts`` (one utterance's units) with the subject a Chinese unit drops put back before it
    (我表哥是广东人，特别爱喝早茶 → the second unit read as 我表哥特别爱喝早茶; :func:`carried_subjects`):
    what the clause model scores and what a kept unit states. The fit reads the units as said; a
    unit with its subject put back is a whole clause like most it was fitted on. The units that open
    the turn saying no one (:func:`says_no_one`: 房贷每月八千) are read with 我: the speaker's. A unit that only
    gives a detail of the thing the unit before it names (…的自行车是捷安特的，花了一千二) is read as that thing's
    (:func:`~memcli.write.rules.zh_tails.thing_tails`: …的自行车花了一千二, not the owner's). Other units are
    returned as they are."""
    zh = [i for i, u in enumerate(parts) if u.lang == "zh"]
    out = list(parts)
    for i in zh:  # 房贷每月八千 / 上周去协和看了胃: the turn opens without its subject, the speaker's
        if not says_no_one(parts[i].text) or is_chatter(parts[i]):
            break
        amount = amount_changed(parts[i - 1].text, parts[i].text) if i and i - 1 in zh else None
        out[i] = Unit("我" + (amount or "") + parts[i].text, parts[i].lang)  # (房租涨了，现在每月5000: the rent's)
    if len(zh) >= 2:
        for i, sub in zip(zh, carried_subjects([parts[i].text for i in zh]), strict=True):
            if sub and out[i] is parts[i]:
                out[i] = Unit(sub + parts[i].text, parts[i].lang)
        run: list[int] = []  # the units of one sentence, in a row
        for i in zh + [-1]:
            if run and (i < 0 or i != run[-1] + 1 or re.search(r"[。！!？?]\s*$", parts[run[-1]].text)):
                pieces = [_pieces(parts[j].text) for j in run]
                # each piece as read (我前天买了… names 我前天买的…)
                named = [p for j, ps in zip(run, pieces, strict=True)
                         for p in (_pieces(out[j].text) if len(_pieces(out[j].text)) == len(ps) else ps)]
                reads = thing_tails([p for ps in pieces for p in ps], named, attached=True)
                at = 0
                for j, ps in zip(run, pieces, strict=True):
                    if reads[at]:  # …的自行车是…的，花了一千二 → …的自行车花了一千二 (round 31)
                        out[j] = Unit("，".join([reads[at], *ps[1:]]), parts[j].lang)
                    at += len(ps)
                run = []
            run.append(i)
    return _speakers_plans(parts, out, zh)


#: a clause that sets what follows as a condition, a wish or a question (如果下个月不忙，…)
_IF = re.compile(r"如果|要是|假如|万一|的话|想(?![了过通好])|希望|[？?]")  # (想了想: thought it over)


def _speakers_plans(parts: list[Unit], out: list[Unit], zh: list[int]) -> list[Unit]:
    """``out`` with 我 put back before each Chinese unit of ``parts`` that tells a plan with no subject
    (…，打算明年换个大点的; 下礼拜一开始去新单位报到: :func:`~memcli.write.told_shapes.lasting_plan` once 我
    is before it: no errand of the coming days, 下周末准备带狗去打疫苗) while the turn is the speaker's own: no
    unit before it has a person other than the speaker as its subject (我姐腰不好，打算…: her plan), nor sets it
    as a condition or a wish (如果…，打算…) (round 31)."""
    others = False  # a unit before has another person for its subject
    for n, i in enumerate(zh):
        text = parts[i].text
        first = re.split(r"[，,]", text, maxsplit=1)[0].strip()
        if out[i] is parts[i] and not others and not (n and _IF.search(parts[zh[n - 1]].text)) and \
                not _IF.search(text) and lasting_plan("我" + first):
            out[i] = Unit("我" + text, parts[i].lang)
            continue
        c = prepare(first)
        sub = _subject(_topic_first(c) or _topic_any(c) or c, _Ctx()) if c else None
        if re.match(r"^[他她你您]", c or "") or sub and sub[0] != slots.ME and not sub[0].startswith("thing:"):
            others = True
        elif sub and sub[0] == slots.ME:
            others = False
    return out


def _pieces(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"[，,]", text) if p.strip()] or [text]


#: a comma piece that opens a clause of the same sentence's subject: a third-person pronoun (他/她/它, not 他们/他人),
#: or 而且/并且 (+ 也/还) before a predicate — split off by :func:`zh_parts` when whom it is about is known
_ZH_PIECE = re.compile(r"^(?P<lead>(?:而且|并且|另外)?(?:也|还)?)(?P<pron>[他她它](?![们人日乡]))?")


def _name_after(rest: str) -> str:
    """The person's name that opens ``rest`` (老李, 小陈, 王芳: a name the tagger reads, with 老/小/阿 before
    a one-character one), or ''."""
    toks = _pos(rest[:6])
    if toks and toks[0][1] in ("nr", "nrfg") and 2 <= len(toks[0][0]) <= 3:  # (李强: nrfg)
        return toks[0][0]
    if len(toks) > 1 and toks[0][0] in ("老", "小", "阿") and toks[1][1] == "nr" and len(toks[1][0]) == 1:
        return toks[0][0] + toks[1][0]
    return ""


#: a first piece of the speaker's that names whom it is done with (我跟室友阿敏在罗湖合租): the one a 他/她 after it
#: means
_WITH_NAMED = re.compile(rf"^我?(?:一直|现在|目前)?(?:跟|和|同|与)(?:我的?)?(?P<rel>{ZH_REL})"
                         r"(?P<name>[\u4e00-\u9fff]{2})?(?=在|住|合租|一起)")


def zh_parts(unit: Unit) -> list[tuple[Unit, Unit]]:
    """A Chinese unit cut into the clauses it joined, each as ``(read, said)``: read with whom it is about
    (what the clause model scores and a kept clause states), and as said (what tells whether a rule fact
    carries it already — a subject put back is no content of its own): a piece that
    opens with 他/她/它 (我同事小陈辞职了，他要去国外读书 → 我同事小陈要去国外读书) takes the subject of the
    piece before it when that names a person of the pronoun's gender (a pet or thing for 它), and a
    piece that opens with 而且/并且 + a predicate (…，而且也在学吉他) takes it as chat drops it
    (:func:`carried_subjects`); a piece that opens with whom the speaker does it with (…，跟老伴两个人住) after
    a piece of the speaker's takes 我 (:func:`_with_someone`). A piece whose subject is not known stays with the
    piece before it (one unit, read whole, as :func:`~memcli.write.clauses.units` joined it); an English unit, or
    one that cuts into one clause, is itself (both ways). Pure function of the text."""
    pieces = [p.strip() for p in re.split(r"[，,]", unit.text) if p.strip()]
    if unit.lang != "zh" or len(pieces) < 2:
        return [(unit, unit)]
    parts: list[str] = [pieces[0]]
    raw: list[str] = [pieces[0]]
    last = _subject(prepare(pieces[0]), _Ctx())
    if last and not last[0].startswith(("thing:", "person:")) and last[0] != slots.ME and \
            pieces[0].startswith(last[1]) and (name := _name_after(pieces[0][len(last[1]):])):
        last = (last[0], last[1] + name)  # 我同事小陈辞职了，他… → 我同事小陈…: the relation said with its name
    if (last is None or last[0] == slots.ME) and (mate := _WITH_NAMED.match(pieces[0])) and \
            (key := slots.ZH_RELATIONS.get(mate.group("rel"))):
        last = (key, "我" + mate.group("rel") + (mate.group("name") or ""))  # 跟室友阿敏合租，她是…: 她 is 阿敏 (r. 48)
    tails = thing_tails(pieces, attached=True)
    for p, tail in zip(pieces[1:], tails[1:], strict=True):
        m = _ZH_PIECE.match(p)
        said = tail  # 我老公的新手表是华为GT4，银色的 → 我老公的新手表是银色的: the thing's colour (round 31)
        if said is None and m and m.group("pron") and len(parts) == 1 and plan_told(parts[0]):
            said = p  # 我打算跟我舅学做面，他在…: the speaker's plan is a whole clause, the piece after it its own
        elif said is None and m and m.group("pron") and last and len(p) > m.end() + 1:
            key, phrase = last[0], last[1]
            thing = key.startswith("thing:")
            fits = thing if m.group("pron") == "它" else (not thing and key != slots.ME and slots.gender_fits(
                key, m.group("pron") == "她"))
            said = phrase + m.group("lead") + p[m.end():] if fits else None
        elif said is None and last and last[0] == slots.ME and _WITH_SOMEONE.match(p) and _with_someone(p):
            said = "我" + p  # 我家住在…，跟老伴两个人住 → 我跟老伴两个人住: with whom the speaker does it (round 31)
        elif said is None and m and m.group("lead")[:2] in ("而且", "并且") and last and last[0] != slots.ME:
            rest = p[2:]
            sub = carried_subjects([parts[-1], rest])[1]
            said = sub + rest if sub else None
        if said is None:
            parts[-1] += "，" + p
            raw[-1] += "，" + p
            continue
        parts.append(said)
        raw.append(p)
    if len(parts) < 2:
        return [(unit, unit)]
    return [(Unit(p, unit.lang), Unit(w, unit.lang)) for p, w in zip(parts, raw, strict=True)]
