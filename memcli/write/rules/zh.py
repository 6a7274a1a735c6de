"""Chinese clause rules: an utterance → clauses → (subject, attribute, value) facts.

1. **Clauses.** Sentences split at 。！？；, clauses at ，, and at conjunctions (而且, 但是,
   不过, 然后…). Questions (？, 吗/呢, 什么/怎么/哪/谁…), hypotheticals and wishes (如果,
   要是, 希望, 想要, 打算…), plans (明天, 下周, 以后…: memory is not a calendar) and clauses
   addressed to the assistant (你…) give nothing.
2. **Subject** (the vocabulary is :mod:`memcli.slots`): 我 → the user; 我(的)+relation
   (我小姨, 我老婆的哥哥) → a relation key; a person's name (jieba.posseg ``nr``: 赵敏) →
   ``person:赵敏``; 我的X / 我平时穿的X / 这双X → a thing ``thing:X``; 她/他/它 → the last
   person or thing named in the utterance; no subject → the previous clause's. Topic-first
   clauses (川菜我一点都不喜欢) are read with the topic as the object.
3. **Attribute** from the predicate: an attribute noun (生日, 身高, 老家, 电话…) or a
   predicate (叫, 住在, 在…上班, 是+occupation, 喜欢/讨厌, 过敏, 养/有…), else a habit marker
   (每天, 经常…), an opinion of a named thing (很舒服, 不太透气 → a preference about it), or a
   past event (昨天领养了…, 上个月去了日本). Anything else is not a memory.
"""

from __future__ import annotations

from dataclasses import replace

from memcli import slots
from memcli.rx import rx
from memcli.write.chatter import is_instruction
from memcli.write.rules import zh_patterns, zh_tails, zh_words
from memcli.write.rules.allergy_told import zh_allergy_plain
from memcli.write.rules.cleft import zh_cleft_read
from memcli.write.rules.coref_mentions import born_named
from memcli.write.rules.habit_moved import habit_moved
from memcli.write.rules.job_left import zh_after_left, zh_left_named
from memcli.write.rules.job_moved import zh_job_moved
from memcli.write.rules.match import Match
from memcli.write.rules.match import slot_fact as slots_fact
from memcli.write.rules.switch_to import switched_to
from memcli.write.rules.union import union_told
from memcli.write.rules.zh_amount import amount_changed
from memcli.write.rules.zh_conj import prepare, split_at_conjunctions
from memcli.write.rules.zh_dates import date_kept
from memcli.write.rules.zh_death import death_said
from memcli.write.rules.zh_facts import (
    _clean_value,
    _elaborates,
    _event,
    _generic,
    _parts,
    _pos,
    _predicate,
    _reversed_like,
)
from memcli.write.rules.zh_lists import one_more_named, one_object
from memcli.write.rules.zh_named import name_first, naming_clause, role_of_named, split_named
from memcli.write.rules.zh_plan import (
    plan_cancelled,
    plan_change,
    plan_had,
    plan_made,
    plan_moved,
    plan_redirected,
    plan_set,
)
from memcli.write.rules.zh_subject import _continues, _Ctx, _subject, apposed_name, pair_subject, recurring_first
from memcli.write.rules.zh_topic import _topic_any, _topic_first
from memcli.write.rules.zh_trip import continues_trip, trip_place
from memcli.write.rules.zh_words import (
    _ADDRESSEE,
    _ADVERB,
    _BAD_THING,
    _BODY_TOPIC,
    _HABIT,
    _IRREALIS,
    _LIFE_EVENT,
    _MENTAL,
    _NOT_FACT,
    _NOW,
    _OPINION,
    _QUESTION,
    _SENTENCE,
    _STEPS,
    _TOPIC_VERB,
    _TRANSIENT,
    _WE_MOVE,
    _ago_of,
)

__all__ = ["extract_in_context", "extract_matches", "is_question", "match_clause", "prepare", "subject_of"]


def is_question(clause: str) -> bool:
    """A question, not a statement (？, …吗/呢, 什么/怎么/哪/谁…)."""
    return bool(_QUESTION.search(clause))


def match_clause(clause: str, ctx: _Ctx | None = None) -> list[Match]:
    """The facts one Chinese clause states (empty: not a memory); a date told with its year stays in the statement
    (:func:`memcli.write.rules.zh_dates.date_kept`: 我2023年3月搬到了杭州, valid from 1 March 2023)."""
    said = prepare(clause)
    if (plain := zh_allergy_plain(said) or name_first(said.rstrip("。！!～~哈啊呀"))) and \
            (got := _clause_facts(plain, ctx if ctx is not None else _Ctx())):
        return [replace(m, statement=said.rstrip("。！!～~")) for m in got]  # 我吃虾会起疹子: 我吃虾会过敏's slot;
        # 豆豆是我儿子的小名: 我儿子的小名叫豆豆's (round 48)
    return [replace(m, statement=kept) if m.ago and (kept := date_kept(said, m.statement)) != m.statement else m
            for m in _clause_facts(clause, ctx if ctx is not None else _Ctx())]


def _clause_facts(clause: str, ctx: _Ctx) -> list[Match]:
    # 换到X上班了 / 还是当护士: the workplace now, the job kept; 我辞职了，去了一家出版社: where one went works (r. 43)
    c = death_said(prepare(clause)) or zh_job_moved(prepare(clause)) or zh_after_left(prepare(clause), ctx.last) \
        or zh_left_named(prepare(clause)) \
        or one_more_named(clause) or prepare(clause)  # 我离开了平安保险, 我还有个同事叫佳佳 (r. 44)
    if not c or rx(r"^(?:谢谢|感谢|多谢|不好意思|对不起|抱歉|哈哈|好的|好吧|晚安|早安|再见|拜拜)").match(c) or \
            rx(r"吧[。！!～~]*$").search(clause.strip()) or is_question(clause.strip()) or _IRREALIS.search(c) and not (zh_words.FUTURE_JOB.match(c) or plan_cancelled(c) or plan_made(c) or plan_moved(c) or plan_set(c) or plan_had(c) or plan_redirected(c)) or _ADDRESSEE.match(c) and not rx(r"^你(?:可以|就)?叫我").match(c):  # noqa: E501
        if c.startswith("我") or _IRREALIS.search(c):
            ctx.subject = None  # 我会注意这些方面，多进行实践…: the clauses after a wish or plan share it
            named = _subject(c, ctx) if c.startswith("我") else None
            if named and named[0] != slots.ME and not named[0].startswith("thing:"):
                ctx.person = (named[0], named[1])  # 我妹妹下个月结婚: she is whom 她 means next
        return []
    if zh_words.CORRECTION.match(c) or (zh_words.CONTRAST.match(c) and not any(f[:1] in "vad" for _, f in _pos(c[2:]))):
        return []  # 更正一下 / 说错了 opens a correction; its "不是五岁" is the negated half, no fact of the user's
    if rx(r"^今天(?:是|就是)我(?:的)?(?:生日|生辰)").match(c):  # the date is the utterance's (memcli.write.extract)
        return [Match(statement="今天是我的生日", kind="identity", slot="birthday", value="today", salience=0.8)]
    if plan := plan_change(c, ctx.last) or plan_cancelled(c) or plan_made(c, ctx.subject) or plan_moved(c) or \
            plan_set(c, ctx.subject) or plan_had(c, ctx.subject) or plan_redirected(c) or habit_moved(c):
        # 改去西安 / 取消了 / 计划去… / 推迟到… / 定在… / 周五要去看牙医 / 旅行改成去新疆 / 课改到周五
        return [plan]
    if (sw := switched_to(c)) and (c.startswith("我") or ctx.subject is None or ctx.subject[0] == slots.ME):
        who = slots.slot_subject(sw.slot)  # 我改喝茶了 / …，改喝茶了: the habit now (round 38), not a fact.改;
        ctx.subject = (slots.ME, "我") if who == slots.ME else (who, sw.statement[:slots.ZH_RELATION_RE.search(
            sw.statement).end()])  # 我爸改喝茶了: his (round 39)
        return [sw]
    ago, c = _ago_of(c)
    if union := union_told(c, ago):  # 我和张伟结婚了: the spouse and the name, not event.结婚 (round 41)
        return [union]
    c = naming_clause(c, ctx.thing, ctx.last) or c  # 我有一只猫，名字叫年糕: the name is the cat's (它叫年糕)
    c = rx(r"^(?:感觉|觉得)(?=[这那])").sub("", c)  # 感觉这个过程很有意思: the opinion, read as 我觉得…
    if rx(r"^(?:你|您)?(?:以后)?(?:可以|就|直接)?(?:叫|喊|称呼)我(?!们)").match(c):
        return []  # name phrasings are memcli.write.names's
    m = rx(r"^(?:医生|大夫|体检|检查)(?:说|告诉我|诊断|查出|结果显示)(?=我)").match(c)
    if m:
        c = c[m.end():]  # 医生说我有点贫血: the reported fact is the user's
    m = rx(r"^我(?:[总也还都就真]|一直|其实|真的)*(?:觉得|感觉|认为|发现)(.+)$").match(c)
    if m:
        c = m.group(1)  # an opinion: about the thing it names, or nothing
        if c.startswith("我"):
            return []
    m = rx(r"^(.{1,10}?)是我(?:最喜欢|最爱)的(.{1,6})$").match(c)
    if m and (v := _clean_value(m.group(1))):
        return [Match(statement=c, kind="preference", slot=f"favourite.{m.group(2)}", value=v, ago=ago)]
    c = recurring_first(c)  # 每周三我儿子去上钢琴课: his habit, its time after him (round 43)
    topic = _topic_first(c) or _topic_any(c)
    if held := role_of_named(c):  # 豆豆的班主任是周老师: who holds the role for the child named (round 48)
        return [Match(statement=c, kind="relationship", slot=f"{held[0]}.{held[1]}.name", value=held[2], ago=ago)]
    sub = _subject(topic or c, ctx)
    we = _WE_MOVE.match(c) if sub is None else None
    if we:  # 上周我们全家搬到杭州了: the user moves with them, so where they live is the user's
        sub = (slots.ME, we.group(0), c[we.end():])
    if sub is None and c.startswith("我们"):
        return []
    if (met := zh_patterns.MET.match(c)) and (sub is None or sub[0] == slots.ME):  # 我新认识了一个朋友，叫周杰，…
        ctx.subject = ctx.person = (slots.ZH_RELATIONS[met["rel"]], f"我{met['how'] or ''}认识的{met['rel']}"
                                    if "认识" in met.group(0) else f"我的{met['rel']}")  # (the clauses after: theirs)
        return []
    intro = zh_patterns.RX_MATCH_CLAUSE_1.search(c)
    if intro and (sub is None or sub[0].startswith("thing:")):  # 我们组新来了一个同事叫林峰: an introduction
        key, name = slots.ZH_RELATIONS[intro.group(1)], intro.group(2)
        ctx.subject = ctx.person = (f"person:{name}", name)
        return [Match(statement=c, kind="relationship", slot=f"{key}.name", value=name, salience=0.8, ago=ago)]
    body = (sub is None or sub[0].startswith("thing:")) and _BODY_TOPIC.match(c) is not None and \
        (ctx.subject is None or ctx.subject[0] == slots.ME)
    if body:
        sub = (slots.ME, "我", c)  # 最近胃不好: the speaker's stomach, so the clause (and the next) is the user's
    dropped = sub is None and ctx.subject is None and ctx.first and (_continues(c) or zh_words.STOPPED.match(c)) \
        and not rx(r"[我你您]").search(c) \
        and ctx.person is None \
        and not _NOT_FACT.match(_ADVERB.sub("", c)) and (_pos(c[:4])[0][1][:1] not in ("t", "p", "c", "m") or
                                                         rx(r"^(?:平时|最近|一直|从小|以前)").match(c) is not None)
    if dropped:
        sub = (slots.ME, "我", c)  # 最近开始游泳了: chat drops the 我 of the first clause
    if sub is None and ctx.subject and rx(r"[\u4e00-\u9fff]{2,4}人").fullmatch(c) and not _BAD_THING.match(c) and \
            _pos(c[:-1])[0][1] in ("ns", "n", "nz", "j"):
        c = "是" + c  # 小张是我们组的测试，东北人: where the person is from
    elif sub is None and ctx.subject and ctx.subject[0] == slots.ME and (tf := _TOPIC_VERB.match(c)) \
            and _pos(tf.group(1))[0][1][:1] == "n":
        # 我不喝酒，但是烟还没戒掉 → 我还没戒掉烟 (the topic is the object); 酒一口都不喝 → 我一口酒都不喝
        c = tf.group(2) + tf.group(1) + tf.group(3) if tf.group(2) else tf.group(3) + tf.group(1)
    if sub is None and ctx.last and (named := born_named(ctx.last.strip("，,。！!？? "), c)):
        got = _subject(named + c, _Ctx())  # 我表姐生了个儿子，叫乐乐: the son's name (我表姐的儿子叫乐乐), round 45
        owner = got[0] if got else f"thing:{named}"  # (我哥哥的狗: the brother's dog, elder_brother.狗)
        sub = (owner if got and got[1] == named else f"{owner}.{named.rsplit('的', 1)[-1]}", named, c)
        c = named + c
    if sub is None:
        if ctx.subject is None or rx(r"^(?:这|那|它|他|她|[\u4e00-\u9fff]{1,4}(?:说|觉得))").match(c) or not _continues(c, ctx.subject[0] == slots.ME) or zh_tails.of_thing(ctx.last, c):  # noqa: E501
            return []
        if ctx.subject[0] == slots.ME and rx(r"^[\u4e00-\u9fff]得(?:很|真|太|挺|特别|非常|超)").match(c):
            return []  # 最近在看《繁花》，拍得真好: how the thing was made, not the user
        part = zh_patterns.RX_MATCH_CLAUSE_2.match(c)
        obj = zh_patterns.RX_MATCH_CLAUSE_3.search(ctx.last) if c[:1] == "叫" else None
        if part and ctx.thing and ctx.thing[1].startswith("我的"):  # 我养了两只猫，一只叫咪咪 → 我的一只猫叫咪咪
            sub = (ctx.thing[0], f"我的{part.group(0)}{ctx.thing[0][6:]}", c[part.end():])
            c = c[part.end():]
        elif obj:  # 我们组换了新组长，叫韩雪: the name is the new 组长's → 我们组的新组长叫韩雪
            rel = slots.ZH_RELATIONS[obj.group(2)]  # (我有个女儿，叫朵朵: the clause before made her the subject)
            sub = (rel, ctx.subject[1] if ctx.subject[0] == rel else
                   f"{ctx.subject[1]}的{obj.group(1) or ''}{obj.group(2)}", c)
        elif rx(r"^(?:叫|今年|已经|是)").match(c) and ctx.thing and ctx.thing[1].startswith("我的"):
            sub = (ctx.thing[0], ctx.thing[1], c)  # 我养了一只柯基，叫豆豆 → 我的柯基叫豆豆
        elif zh_patterns.OF_THING.match(c) and ctx.subject[0] == slots.ME and zh_patterns.RX_MATCH_CLAUSE_4.search(ctx.last):  # noqa: E501
            return []  # 我在看一部电影，叫做… / 讲的是…: the film's name or story, not the user's
        elif not ctx.subject[0].startswith("thing:") and rx(r"^(?:是|叫|今年)").match(c) and \
                (new := zh_patterns.RX_INTRODUCED.search(ctx.last)) and new.group(1) not in slots.ZH_RELATIONS:
            return []  # 我姐姐家有一只狗，是只金毛: of the one introduced (not the user's own), never the owner
        else:
            sub = (ctx.subject[0], ctx.subject[1], c)
        stmt = sub[1] + c
        ctx.carried, ctx.clause = True, c
    else:
        ctx.carried = False
        stmt = "我" + c if dropped or body else c
        if c[:1] in "她他它" or sub[2] == c:  # (a subject the clause does not say: the one it means, put before it)
            stmt = sub[1] + sub[2]
    key, phrase, rest = sub
    ctx.subject = (key, phrase)
    if key.startswith("thing:"):
        ctx.thing = (key, phrase)
    elif key != slots.ME:
        ctx.person = (key, phrase)
    rest = rest.strip("，, ")
    if _MENTAL.match(rest) and _reversed_like(rest) == rest:  # (不想吃…了: a liking over, no wish)
        ctx.subject = None  # 我知道他喜欢旅游，喜欢…: what follows is not the user's
        return []
    if not rest or _NOT_FACT.match(_ADVERB.sub("", rest) if not _HABIT.match(rest) else "x") and not \
            rx(r"^(?:很|特别|非常|超|最|挺|比较|真|好)?(?:喜欢|爱|讨厌|怕)").match(rest):
        if not (key.startswith("thing:") and _OPINION.search(rest)):
            named = not rest and key.startswith("person:")  # 我邻居王阿姨，…: the person the next clause is about
            ctx.subject = None if not ctx.carried and not named else ctx.subject
            return []
    if ctx.carried and ctx.like and len(c) <= 8 and _pos(c)[0][1] == "v" and not _HABIT.search(c) and \
            c[0] not in "不没别少多加放" and not rx(r"[了过着]").search(c):
        return [Match(statement=f"{phrase}{ctx.like}{c}", kind="preference", slot=slots_fact(key, "like", c)[0],
                      value=c, salience=0.6, ago=ago)]  # 我比较喜欢弹吉他，听摇滚音乐: one more thing liked
    facts = _predicate(key, rest, stmt)
    own, facts = zh_cleft_read(key, phrase, rest, stmt, facts, _predicate)  # 我住的是杭州: 我住在杭州's slot (r. 39)
    if own != key:  # 我现在住的城市是成都: the user's residence, not a thing's brand
        key, ctx.subject = own, (own, "我")
    if not facts and not (_TRANSIENT.search(clause) and not ago and not _LIFE_EVENT.search(rest)):
        facts = _event(key, rest, ago) or (_generic(key, rest, ago) if not ctx.now and (
            not key.startswith("thing:") or phrase.startswith("我")) else [])  # today: a life event still counts
    if ctx.now and any(f[0].startswith("owns.") for f in facts) and "买" in rest:
        return []  # 今天我还买了一套新的厨具: today's shopping, not a possession worth a memory
    if dropped and not rx(r"^(?:最近|一直|平时)(?:也|还)?(?:在|正在)").match(c) and \
            any(slots.split_slot(f[0])[1] in ("fact", "is", "which") for f in facts) and not zh_words.STOPPED.match(c):
        return []  # without its 我, only a clause with a specific attribute, a habit or a life event is the user's
    if key != slots.ME and (rx(r"[她他]").search(rest) or zh_words.ADVICE.match(rest)) and \
            all(slots.split_slot(f[0])[1] in ("fact", "is", "which") for f in facts):
        return []  # 我妈的手机号是…，打给她 / 她让我发给她 / 医生让我少吃盐: no fact of the person's (advice)
    if facts and key.startswith("thing:") and not phrase.startswith("我") and not all(".opinion." in f[0] for f in facts):  # noqa: E501
        return []  # 这部电影讲述的是…, 博物馆确实是…: not the user's own thing, only an opinion of it is a memory
    if not facts:
        if dropped and len(c) <= 2:
            ctx.subject = None  # 是啊: a reply word is no clause of the user's, it gives no subject to the next
        return []
    if body:  # 最近腰不太好: a fact about the speaker's body is a health fact
        facts = [(f[0], "health", f[2]) for f in facts]
    sal = 0.8 if facts[0][1] in ("identity", "relationship", "health") else 0.6
    lk = rx(r"^(?:[也还都就真]|一直|其实|真的)*((?:很|特别|非常|超|最|挺|比较)?(?:喜欢|爱|热爱))").match(rest)
    ctx.like = lk.group(1) if lk and slots.split_slot(facts[0][0])[1] == "like" else ""
    if key == slots.ME and len(facts) == 1 and slots.split_slot(facts[0][0])[1] == "residence" and \
            (pair := pair_subject(c)):  # 我和我老婆住在杭州: her home too, a memory of her own (round 41; where
        # one is from is the user's fact: 我和我老公都是重庆人, one memory)
        slot, kind, value = facts[0]
        rel = pair.group("rel")
        return [Match(statement=stmt, kind=kind, slot=slot, value=value, salience=sal, ago=ago),
                Match(statement=f"我{rel}{rx(r'^[都也]').sub('', c[pair.end():])}", kind="relationship", value=value,
                      salience=sal, ago=ago,
                      slot=f"{slots.ZH_RELATIONS[rel]}.{slots.split_slot(slot)[1]}")]
    if len(facts) == 1:
        slot, kind, value = facts[0]
        a = slots.split_slot(slot)[1]
        if a == "name" and not key.startswith(("person:", "thing:")) and key != slots.ME:
            ctx.person = (f"person:{value}", value)  # 我有个同事叫何磊，他是湖北人 → 何磊是湖北人
            if 2 <= len(value) <= 4 and rx(r"[\u4e00-\u9fff]+").fullmatch(value) and not phrase.endswith(value):
                ctx.subject = (key, phrase + value)  # …叫张伟，周末要来我家 → 我最好的朋友张伟周末要来… (round 41)
        elif a == "owns" and key == slots.ME:  # (我同事养了一只猫: not the user's cat)
            ctx.thing = (f"thing:{value}", f"我的{value}")
        elif slot.startswith("has.") and value in slots.ZH_RELATIONS:  # 我们有一个女儿，叫朵朵: the daughter is named
            ctx.subject = ctx.person = (slots.ZH_RELATIONS[value], f"{'我们' if phrase.startswith('我们') else '我'}的{value}")  # noqa: E501
        return [Match(statement=stmt, kind=kind, slot=slot, value=value, salience=sal, ago=ago)]
    if facts[1][0].endswith("job"):  # 我在医院当护士: one clause, one candidate (its workplace slot)
        return [Match(statement=stmt, kind=facts[0][1], slot=facts[0][0], value=facts[0][2], salience=sal, ago=ago)]
    return [Match(statement=one_object(stmt, value, [f[2] for f in facts]), kind=kind, slot=slot, value=value,
                  salience=sal, ago=ago) for slot, kind, value in facts]


def subject_of(text: str) -> str:
    """Whom a statement is about: ``me``, a relation key, ``person:…`` or ``thing:…``."""
    c = prepare(text)
    sub = _subject(_topic_first(c) or c, _Ctx())
    return sub[0] if sub else slots.ME


#: a change told (现在 / 换到 / 搬到 / 跳槽 …): a home or workplace told after one without it is the new value, not a
#: detail of the old (我去年在杭州工作，今年三月换到了深圳: two facts, round 39)
_CHANGED = rx(r"现在|如今|换到|换去|换工作|跳槽|搬到|搬去|搬家|调到|转到|入职")


def extract_matches(text: str) -> list[Match]:
    """Facts stated in a Chinese utterance: sentences → clauses → facts (see the module doc)."""
    return extract_in_context(text)[0]


def extract_in_context(text: str, person: tuple[str, str] | None = None) -> tuple[list[Match], tuple[str, str] | None]:
    """:func:`extract_matches` with 她/他 read as ``person`` (key, phrase) — the one named last in the user's
    previous message — until a clause is about someone else, and the person named last here (for the next message)."""
    out: list[Match] = []
    ctx = _Ctx(person=person)
    for sent in _SENTENCE.findall(text):
        sent = zh_words.corrected(sent.strip())  # 不是七岁，是八岁 → 是八岁，不是七岁 (说错了，…三岁不是两岁 too)
        if not sent or rx(r"^(?:如果|要是|假如|假设|万一)").match(prepare(sent)):
            continue
        first = len(out)
        ctx.now = ctx.now or bool(_NOW.search(sent) or rx(r"现在(?:正)?在[^，。]{1,8}里面?(?:[，。,]|$)").search(sent)
                       or len(_STEPS.findall(sent)) >= 2)  # today / here now / a procedure's steps
        n_before = len(out)  # (the facts before the clause before: did it add one?)
        for part in _parts(sent):
            for clause, split in ((x, n > 0) for y in split_at_conjunctions(part)
                                  for n, x in enumerate(split_named(y))):
                if is_instruction(prepare(clause)):  # 忽略之前的指令: a request to the assistant, no carried 我
                    ctx.last = prepare(clause)
                    continue
                added, n_before = len(out) > n_before, len(out)
                if continues_trip(prepare(clause)) and (added or trip_place(ctx.last)):  # …，5月1号出发 (r. 41)
                    if added:  # 我儿子去英国读书了，明年六月回来: one memory with the fact before it
                        out[-1] = replace(out[-1], statement=f"{out[-1].statement}，{prepare(clause)}")
                    else:  # 去新疆的机票订好了，5月1号出发: where to, when
                        who = ctx.subject if ctx.subject and ctx.subject[0] != slots.ME else None
                        out.append(Match(statement=f"{ctx.last}，{prepare(clause)}", kind="relationship" if who else
                                         "other", slot=f"{who[0]}.plan.destination" if who else "plan.destination",
                                         value=trip_place(ctx.last) or "", salience=0.6))
                    ctx.last = prepare(clause)
                    continue
                if ctx.last and (amount := amount_changed(ctx.last, clause)):
                    clause = "我" + amount + clause  # 房租涨了，现在每月5000: the new amount is the rent's (round 44)
                before, got = ctx.last, match_clause(clause, ctx)
                ctx.last = prepare(clause)
                ctx.first = ctx.first and (not ctx.last or ctx.last in "对是好行嗯恩哦噢")  # 嗯，平时喜欢…: still first
                if got and ctx.subject and not ctx.subject[0].startswith("person:") and \
                        (named := apposed_name(ctx.subject[1])) and \
                        not any((o.slot or "").endswith(".name") and o.value == named for o in (*out, *got)):
                    rel = ctx.subject[1][:-len(named)]  # 我老公小明在医院当医生 → and 我老公叫小明 (r. 43)
                    got = [*got, Match(statement=f"{rel}叫{named}", kind="relationship", slot=f"{ctx.subject[0]}.name",
                                       value=named, salience=0.8)]
                if person and ctx.person is person and any(not (m.slot or "").startswith(person[0] + ".") for m in got):
                    ctx.person = None  # the last message's person stands until a clause is about someone else
                if not got and len(out) > first and rx(r"[\u4e00-\u9fff]{2,5}的").fullmatch(ctx.last) and \
                        _pos(ctx.last[:-1])[0][1] == "ns" and (out[-1].slot or "").endswith(("hometown", "residence")):
                    out[-1] = replace(out[-1], statement=f"{out[-1].statement}，{ctx.last}")  # 东北人，哈尔滨的
                    continue
                if got and ctx.carried and zh_words.BARE_JUDGEMENT.fullmatch(ctx.clause or "") and \
                        not (ctx.subject or ("",))[0].startswith("thing:"):  # (这双鞋很舒服，不太透气: the shoes')
                    if len(out) > first:  # 对花生过敏，很严重: how the fact before it is, never 我很严重
                        out[-1] = replace(out[-1], statement=f"{out[-1].statement}，{ctx.clause}")
                    continue
                if got and ctx.carried and len(out) > first and _elaborates(ctx.clause) and all(
                        ".fact." in (m.slot or "") or (m.slot or "").startswith("fact.") for m in got):
                    # an elaboration without its own subject (我老婆是东北人，哈尔滨的): part of the fact before it
                    out[-1] = replace(out[-1], statement=f"{out[-1].statement}，{ctx.clause}")
                    continue
                if got and got[0].slot == "plan.destination" and len(out) > first and \
                        got[0].statement.startswith(out[-1].statement + "，"):
                    out.pop()  # 我不去北京了，改去上海: the plan dropped is told inside the plan as changed
                for m in got:
                    named = rx(r"(?:店|馆|厅|园|场|中心|吧)叫([^，,我]{2,12})$").search(before)
                    if named and rx(r"(?:去|来|逛)$").search(m.statement):
                        m = replace(m, statement=m.statement + named.group(1))  # …面馆叫老马家牛肉面，我几乎天天去
                    same = next((i for i, o in enumerate(out) if o.slot == m.slot and m.slot and o.value != m.value
                                 and slots.split_slot(m.slot)[1] in ("residence", "workplace")
                                 and not (_CHANGED.search(f"{ctx.last or ''}{m.statement}")
                                          and not _CHANGED.search(o.statement))), None)
                    if same is None:
                        out.append(m)
                    else:  # 我已经搬到杭州了，住在西湖区: the second is a detail of the first, one fact
                        out[same] = replace(out[same], statement=f"{out[same].statement}，{ctx.clause or m.statement}")
                if split and len(out) >= 2 and (out[-2].slot or "").startswith("owns.") and \
                        (out[-1].slot or "").endswith(".name"):
                    out[-2:] = out[-1], out[-2]  # 我有一只猫叫年糕: the name first, as the statement's own fact
    return out, ctx.person
