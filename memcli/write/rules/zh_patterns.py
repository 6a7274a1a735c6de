"""The f-string patterns of :mod:`memcli.write.rules.zh`, compiled once (built per call,
each cost ~5 µs in re's cache lookup: the relation words alone are ~460 characters)."""

from __future__ import annotations

import re

from memcli.write.rules.zh_words import _ATTR_NOUN, _CLF, _NUM, _REL

RX_MATCH_CLAUSE_1 = re.compile(rf"(?:新来了|来了|有|认识了?)(?:一)?(?:个|位)(?:新)?({_REL})(?:叫|名叫)([\u4e00-\u9fff]{{2,3}})$")  # noqa: E501
RX_MATCH_CLAUSE_2 = re.compile(rf"^[一另](?:{_CLF})(?=叫|是|今年|已经)")
RX_MATCH_CLAUSE_3 = re.compile(rf"(?:换了|来了|有了?)(?:一|个|位)*(新的?)?({_REL})$")
RX_MATCH_CLAUSE_4 = re.compile(rf"[一这那](?:{_CLF}|道|首|篇|种)[\u4e00-\u9fff]{{1,8}}$")
#: 我(的) + a relation, with a change word (现在的, 新) — or with what picks the person out, which names the same
#: relation (最好的朋友 is the best friend, 大学室友 a roommate; round 41): not a past one (以前的老板 is another boss);
#: one more of a relation many have (我另一个同事小陈: round 44) is the relation, the name after it whom
RX_SUBJECT_1 = re.compile(rf"^我(?!们)的?(?:(?:现在|目前|如今|现任|最新)的?|新的?|另(?:外)?(?:一)?(?:个|位)|"
                          rf"(?P<best>最(?:好|要好|铁)的|关系最好的)|"
                          rf"(?:大学|高中|初中|小学|中学|研究生|读研时|读书时)(?:时|时候)?的?)?"
                          rf"((?:{_REL})(?:的?(?:{_REL}))?)")
RX_SUBJECT_2 = re.compile(rf"^我(?:有|认识)(?:一)?个([\u4e00-\u9fff]{{0,4}}?)({_REL})(?=在|叫|是|住|已经|刚|今年|从|特别|很|非常|也|还|嫁|娶|开|做|当)")  # noqa: E501
RX_SUBJECT_3 = re.compile(rf"^我们(?:的)?(?:{_REL})")
RX_SUBJECT_4 = re.compile(rf"^(?:新|老|前|现在的|以前的|楼下的?|楼上的?|隔壁的?|对门的?)?({_REL})(?!们)")
RX_SUBJECT_5 = re.compile(rf"^(?:这|那)(?:一)?(?:{_CLF}|部|首|种|杯|碗|顿|支|所|座|份|款)?")
RX_SUBJECT_6 = re.compile(rf"^([\u4e00-\u9fff]{{2,4}}?)的(?={_ATTR_NOUN})")
#: a clause that ends on a being or thing just introduced (我家还有一只猫, 我妈买了一辆车): a subjectless clause
#: after it (是只橘猫, 是白色的) tells of that one, never of the owner (a relation introduced is the rules' subject)
RX_INTRODUCED = re.compile(rf"(?:有|养了?|领养了?|收养了?|捡了|添了|买了|租了)(?:{_NUM})?(?:{_CLF})"
                           rf"([\u4e00-\u9fffA-Za-z]{{1,6}})$")
#: how a clause goes on about the thing the clause before introduced at its end (…买了一本小说，叫《围城》;
#: …在追一部剧，讲的是律师的故事): its name or what it is about — the thing's, never the user's
OF_THING = re.compile(r"^(?:名字)?(?:叫做?|名叫|是|讲(?:述|的是)?|说的是|写的是|主要讲|内容是|关于)")
#: a person met or had, said alone (我新认识了一个朋友 / 我交了个男朋友 / 最近认识了一位医生): whom the clauses
#: after it,
#: which drop their subject (叫周杰, 是个摄影师), are about (round 41)
MET = re.compile(rf"^我?(?P<how>新|刚|最近|前几天|上周|去年)?(?:认识了?|结识了|交了)(?:一)?(?:个|位)(?:新)?(?:的)?"
                 rf"(?P<rel>{_REL})$")
