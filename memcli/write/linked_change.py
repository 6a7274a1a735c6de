"""Changes that reach a stored fact of *another* attribute, read from typed values (issue 21 §1):

- a move told to another place (``residence``, 搬到杭州 / "we moved to Seattle") ends a workplace
  given only as a place of the same subject (在南京工作: the city is all that was said of the job);
  a workplace given as an organisation (在腾讯工作) is not a city and stays;
- a switch told to another brand of one kind of thing (shoes, car, phone) ends the stored use of
  another brand of that kind ("I switched to Hoka" beside "the running shoes I wear are Brooks";
  我把车换成了比亚迪 beside 我开的是一辆大众), though the new statement never names the attribute.

A fact that ends (:func:`ended_by`): a death (豆豆去年走了, "Max died last spring"), a parting
(我们离婚了, "Laura and I broke up"), a job left ("I quit my job at X", 我从X辞职了) or a thing sold ends
the present fact it names (我的狗叫豆豆, "My wife is Laura", "I work at X", "I own a Subaru Outback").

The first two need the same subject, a change marker in the new statement
(:func:`memcli.write.value_types.change_marker`) and two values of one type that differ; the
brand kinds come from a small gazetteer written for memcli (:data:`BRANDS`, kept in
:mod:`memcli.write.rules.makes`). Pure functions:
:func:`memcli.write.decide.decide` asks them when the judge found nothing to change.
"""

from __future__ import annotations

import re

from memcli.primed import primable
from memcli.slots import join_slot, split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.event_change import PLAN_SLOT, plan_slot_for
from memcli.write.rules import Facts
from memcli.write.rules.job_left import ZH_JOB_LEFT
from memcli.write.rules.makes import BRANDS, brands_in, one_make
from memcli.write.value_types import JOB_KEPT as _JOB_KEPT
from memcli.write.value_types import change_marker, value_type
from memcli.write.workplace_moved import left_from, workplace_left, workplace_start

__all__ = ["BRANDS", "PLAN_SLOT", "being_died", "brands_in", "called_off", "ended_by", "ended_slots", "ending_told",
           "moved_from_workplace", "names_told", "one_of_kind", "plan_dropped", "stop_denied", "stopped_doing",
           "stopped_object", "switched_brand", "taken_up", "workplace_left"]

#: words that tell a switch beside :func:`change_marker` (traded the car in, 把车换成了…)
_SWITCH = re.compile(r"\b(?:traded|trade|swapped|swap|replaced|went with|going with)\b|换成|换了|改用", re.I)


def _same_subject(new: Facts, old: Facts) -> bool:
    return new.subject == old.subject or {new.subject, old.subject} <= {"me"} or (
        "me" in (new.subject, old.subject) and any(s.startswith("thing:") for s in (new.subject, old.subject)))


def switched_brand(new: Facts, old: Facts) -> str | None:
    """Why ``new`` ends ``old``'s use of a brand (None: it does not): the same owner, ``new`` tells
    a switch, and for one kind of thing each names a brand the other does not name."""
    if not (new.positive and old.positive and _same_subject(new, old)):
        return None
    if not (change_marker(new.statement) or _SWITCH.search(to_simplified(new.statement))):
        return None
    if old.slot and split_slot(old.slot)[1] == "event":
        return None  # a past event stays history
    a, b = brands_in(new.statement), brands_in(old.statement)
    for kind in sorted(a.keys() & b.keys()):
        if not a[kind] & b[kind] and not one_make(a[kind], b[kind]):  # (iphone / 苹果手机: one make)
            return (f"a switch of {kind} told: {'/'.join(sorted(b[kind]))} → {'/'.join(sorted(a[kind]))}, "
                    "one kind of thing, another brand")
    return None


def ended_slots(new: Facts) -> list[str]:
    """The slots of memories a change told in ``new`` may end beside its own slot: a move (``residence``) the
    ``workplace`` given as a place (:func:`moved_from_workplace`); a start at another workplace (round 31) the
    ``job`` that names the old one (:func:`~memcli.write.workplace_moved.workplace_left`)."""
    if not new.slot:
        return []
    subj, attr, _ = split_slot(new.slot)
    if attr == "residence":
        return [join_slot(subj, "workplace")]
    return [join_slot(subj, "job")] if workplace_start(new.statement, new.slot) else []


def moved_from_workplace(new: Facts, old: Facts) -> str | None:
    """Why a move told in ``new`` (a ``residence`` to a place) ends ``old``, a ``workplace`` of the
    same subject given only as a place (None: it does not). A workplace named as an organisation,
    a move with no change marker (我住在杭州 beside 在南京工作: a commute) or to a place inside the
    old one change nothing."""
    if not (new.slot and old.slot and new.positive and old.positive):
        return None
    (ns, na, _), (os_, oa, _) = split_slot(new.slot), split_slot(old.slot)
    if na != "residence" or oa != "workplace" or ns != os_ or not change_marker(new.statement):
        return None
    if value_type(new) != "place" or value_type(old) != "place":
        return None
    nv, ov = (new.value or "").replace(" ", ""), (old.value or "").replace(" ", "")
    if not nv or not ov or nv in ov or ov in nv:
        return None
    return f"moved to {new.value} (residence) from a workplace given as a place ({old.value})"


# -- a fact that ends (issue 21) ------------------------------------------------------------------
#: what may follow a bare "quit" / "left" told of a job: the clause's end, a time, "from", a capitalised name ("I quit
#: last week", "I left Acme"); not an object ("I quit smoking", "I left my keys at home": a habit stopped, a thing left)
_BARE_LEFT = (r"\s*(?:[.,;!?~]|$|(?:today|yesterday|recently|already|finally|last|this|in|from)\b|"
              r"(?:a|\w+) (?:days?|weeks?|months?|years?) ago\b|(?-i:[A-Z]))")
#: a group one belongs to, left ("I've left the choir", "left my book club"): its membership or habit ends
_GROUP_LEFT = (r"(?=\s+(?:my|the|our)\s+(?:[\w-]+\s+){0,2}(?:band|club|team|choir|orchestra|league|union|gym|class|"
               r"group|society|church)\b)")
#: words that tell a being died, a couple parted, a job was left, a thing was sold or given away
_ZH_END = {"death": re.compile(r"去世|过世|离世|病逝|走了(?=[了。，,！!~]|$)|死了|不在了"),
           "couple": re.compile(r"离婚|分手|分开了|离了婚"),
           "job": re.compile(r"辞职|离职|辞掉|辞了|不干了|被裁|被辞退|被开除|换工作|换了(?:一)?(?:份|个)?(?:新)?工作|"
                             r"跳槽|转行|改行|找到了?(?:一)?(?:份|个)?新工作|不(?:当|干)[^，,。]{1,6}?了|"  # (r. 44)
                             + ZH_JOB_LEFT),  # 离开医院了 (r. 43)
           "sold": re.compile(r"卖了|卖掉|送人了|转手了"),
           "stopped": re.compile(r"戒掉?|戒除|放弃|不再|停止|停掉|停了|退出|退掉|退了|取消|断了")}
_EN_END = {"death": re.compile(r"\b(?:died|passed away|passed on|was put down|put (?:him|her|it) down|"
                               r"was put to sleep)\b", re.I),
           "couple": re.compile(r"\b(?:got divorced|divorced|broke up|split up|separated)\b", re.I),
           "job": re.compile(r"\b(?:quit|resigned|left)\b.{0,20}\b(?:job|company|firm|position|work)\b|"
                             r"\b(?:changed|switched|change|switch|changing|switching) (?:jobs|careers|employers)\b|"
                             r"\b(?:got|started|found|landed|took|have) a new (?:job|position)\b|"
                             r"\bresigned\b|\b(?:quit|left)\b(?=" + _BARE_LEFT + r")|"
                             r"\b(?:was|got|been) (?:laid off|fired|let go|made redundant|sacked)\b|"
                             r"\blost my job\b", re.I),  # (round 47: lost, made redundant)
           "sold": re.compile(r"\b(?:sold|gave away|got rid of)\b", re.I),
           "stopped": re.compile(r"\b(?:quit|quitting|gave up|given up|giving up|stopped|dropped|cancell?ed|"
                                 r"no longer|kicked|(?:done|finished|through) with|left" + _GROUP_LEFT + r")\b", re.I)}
#: a "no", an intention or a question before the ending word: nothing ended (我没有辞职, I want to sell)
_NOT_ENDED = re.compile(r"没有?|不(?!在了)|别|未|想|打算|准备|考虑|可能|会不会|要不要|\b(?:not|never|didn't|did not|"
                        r"won't|haven't|hasn't|want|wants|plan|planning|thinking|might|may|going to|considering|"
                        r"if|whether|trying|try|attempting)\b", re.I)  # an attempt is no ending (trying to quit)
#: a change of job told (换工作, 跳槽, "changed jobs", "started a new job"): the old job ends, whatever the new is named
_JOB_CHANGED = re.compile(r"换工作|换了(?:一)?(?:份|个)?(?:新)?工作|跳槽|转行|改行|新工作|"
                          r"\b(?:chang|switch)(?:ed|e|ing) (?:jobs|careers|employers)\b|"
                          r"\ba new (?:job|position)\b", re.I)
#: round 48: a job left by someone named or a he/she ("Maya finally quit the law firm"): never the user's job ended
_OTHER_LEFT = re.compile(r"^(?!(?:I|My|We|Our|The|This|That|It)\b)[A-Z][a-z]+(?: [A-Z][a-z]+)? (?:(?:just|finally|"
                         r"recently|already|has|had|also|actually) )*(?:quit|left|resigned|retired|(?:was|got) "
                         r"(?:fired|laid off|let go)|lost)\b")
#: the user's own partner, a whole relation key (not maternal_uncle_wife, elder_brother_wife, ex_husband)
_PARTNER = re.compile(r"^(?:wife|husband|spouse|partner|girlfriend|boyfriend|fianc\w*)$")
_ZH_CALLED = re.compile(r"(?:名叫|叫做|叫)([\u4e00-\u9fff]{2,4}?)(?:[，,。.!！]|$)")
_EN_CALLED = re.compile(r"\b(?:named|called|is)\s+([A-Z][\w'-]+)")


#: what a habit, a study or a plan stopped names: the words after the stopping verb (戒咖啡, 放弃日语,
#: "gave up on Spanish", "no longer drink coffee") or before it (把咖啡戒了, "Spanish I gave up")
_ZH_STOPPED = re.compile(r"(?:戒掉?了?|戒除了?|放弃了?|不再|停止了?|停掉了?|停了|退出了?|退掉了?|退了|取消了?|断了)"
                         r"(?P<obj>[^，,。.!！?？~]{1,12})|把(?P<ba>[^，,。.!！?？~]{1,10}?)(?:给)?"
                         r"(?:戒|放弃|停|退|取消|断)|(?P<top>[^，,。.!！?？~]{2,12}?)(?:已经|也|都|彻底|被)*(?:取消|泡汤)了")
_EN_STOPPED = re.compile(r"\b(?:quit|quitting|gave up|given up|giving up|give up|stopped|stop|dropped|drop|"
                         r"cancell?ed|cancel|no longer|kicked|(?:done|finished|through) with|left" + _GROUP_LEFT +
                         r")\b(?:\s+on)?\s+"
                         r"(?P<obj>[\w' -]{2,40})", re.I)
_ZH_TAIL = re.compile(r"(?:了|啦|吧|呢|啊|呀|的|掉|这件事|这个习惯|这个爱好|习惯|计划)+$")
_EN_OBJ_STOP = re.compile(r"^(?:my|the|a|an|on|to|being|the habit of|my habit of)\s+|\s+(?:habit|altogether|"
                          r"completely|entirely|for good|last \w+|this \w+|a while ago|\w+ ago)$", re.I)
#: a plan called off (取消, "cancelled"), and what makes a stored fact a plan: only a plan is ended by it
_CANCEL = re.compile(r"取消|泡汤|\b(?:cancell?ed|cancel|called off)\b", re.I)
_PLAN_OBJ = re.compile(r"旅行|旅游|行程|计划|安排|出行|出游|度假|露营|自驾|野餐|聚餐|婚礼|婚宴|聚会|派对|演出|"
                       r"音乐会|比赛|\b(?:trip|holiday|vacation|journey|tour|wedding|party)\b", re.I)
_PLANNED = re.compile(r"计划|打算|准备|要去|将要|预订|订了|改到|推迟|延期|提前|行程|下个?(?:月|周|星期)|明年|"
                      r"\b(?:plan|plans|planning|planned|going to|will|booked|pushed|postponed|moved|rescheduled|"
                      r"next)\b", re.I)


#: the words of a called-off plan that name no place: 去云南的计划 → 云南, "the Lisbon trip" → lisbon, 那次旅行 → ""
_NOT_PLACE = re.compile(r"去|到|的|那次|这次|那个|这个|我们|\b(?:the|our|my|a|to)\b|" + _PLAN_OBJ.pattern, re.I)


def plan_dropped(new: Facts, old: Facts, plans: int) -> str | None:
    """Why ``new``, a plan called off (slot ``event.cancelled``: 去云南的计划取消了, "We cancelled the Lisbon
    trip"), ends the trip ``old`` plans (slot ``plan.destination``): the cancellation names ``old``'s place,
    or no place at all (那次旅行取消了, "We cancelled the trip") while ``old`` is the only trip planned
    (``plans``: the active plans). None: another trip's place, or ``old`` is no planned trip."""
    if old.slot is None or old.slot != plan_slot_for(new.slot) or not old.value or not new.value:
        return None
    zh = lang_of(new.value) == "zh"
    named = _NOT_PLACE.sub(" ", to_simplified(new.value) if zh else new.value.casefold()).strip()
    place = (to_simplified(old.value) if zh else old.value).casefold()
    if named and (place in named.replace(" ", "") if zh else named == place or place in named.split()):
        return f"a plan called off ({new.value}): the trip to {old.value} ends"
    if not named and plans == 1:
        return f"a plan called off ({new.value}), the only trip planned: {old.value}"
    return None


def called_off(new: str, old: str) -> bool:
    """``new`` calls a plan off (取消, "cancelled") and ``old`` is no plan (我喜欢旅行, "I love Japan"): ``new``
    neither restates nor refines it."""
    return _plan_called_off(new) and not _PLANNED.search(old)


def _plan_called_off(text: str) -> bool:
    """``text`` calls off a plan (a trip, a wedding: 那次旅行取消了), not a subscription ("cancelled my account")."""
    return bool(_CANCEL.search(text)) and bool(_PLAN_OBJ.search(stopped_object(text) or ""))


def stopped_object(text: str, denied: bool = False) -> str | None:
    """What ``text`` says was stopped (a habit given up, a study dropped, a plan cancelled: 咖啡 of
    我戒咖啡了, "Spanish" of "I gave up on Spanish"); None: no stopping told, or it is denied or only
    intended (我不打算放弃日语, "I might quit coffee"). ``denied``: the other way round — what a denied
    or only intended stop names (日语 of 我不打算放弃日语), None when none is denied."""
    zh = lang_of(text) == "zh"
    t = to_simplified(text) if zh else text
    m = (_ZH_STOPPED if zh else _EN_STOPPED).search(t)
    if m is None or bool(_NOT_ENDED.search(t[:m.start()])) != denied:
        return None
    obj = (m.group("obj") or m.groupdict().get("ba") or m.groupdict().get("top") or "").strip()
    for _ in range(3):
        obj = (_ZH_TAIL if zh else _EN_OBJ_STOP).sub("", obj).strip()
    return obj or None


#: an event's key that tells something taken up, which goes on until a stop is told (started_learning,
#: took_up_pottery, 开始日语): "I gave up on Japanese" ends it as it ends "I'm learning Japanese"
_TAKEN_UP = re.compile(r"^(?:started|began|begun|took_up|taken_up|开始)")


def taken_up(old: Facts) -> bool:
    """``old``'s slot is an event of something taken up (``event.started_learning``, ``event.开始日语``)."""
    if not old.slot:
        return False
    _, attr, key = split_slot(old.slot)
    return attr == "event" and bool(_TAKEN_UP.match(key or ""))


def stopped_doing(new: Facts, old: Facts, different_people: bool) -> str | None:
    """Why ``new`` (戒咖啡了, 放弃日语, "I gave up on Spanish", "I no longer drink coffee") ends the habit,
    study or plan ``old`` states (我每天喝两杯咖啡, 我在学日语, "I'm learning Spanish"): the same person,
    ``old`` a present fact (not an event unless one taken up: :func:`taken_up`; not itself a stopping or a "no"),
    and the thing stopped is what ``old`` is about — at least half its content units (and two Chinese characters,
    or one English word) found in ``old``. None: nothing of ``old`` is stopped."""
    from memcli.write.pair_facts import content_units

    obj = stopped_object(new.statement)
    if obj is None or different_people or not old.positive or stopped_object(old.statement) is not None:
        return None
    if old.slot and split_slot(old.slot)[1] == "event" and not taken_up(old):
        return None  # a past event stays history; one taken up ("I started learning Japanese", 我开始学日语了) goes on
    if _plan_called_off(new.statement) and not _PLANNED.search(old.statement):
        return None  # 那次旅行取消了 beside 我喜欢旅行: a plan called off ends a plan, not a liking
    units, in_old = content_units(obj), content_units(old.statement)
    shared = units & in_old
    zh = lang_of(new.statement) == "zh"
    if not units or len(shared) < (2 if zh and len(units) >= 2 else 1) or len(shared) * 2 < len(units):
        return None
    return f"a stop told ({obj}): the habit or plan it names ends"


def stop_denied(new: Facts, old: Facts) -> str | None:
    """Why ``new`` keeps ``old`` (None: it says nothing of it): ``new`` denies or only intends a stop of
    what ``old`` is about (我在学日语 / 我不打算放弃日语, "I'm learning Spanish" / "I won't give up on
    Spanish"): its "no" is on the stopping, not on the fact, which still holds."""
    from memcli.write.pair_facts import content_units

    obj = stopped_object(new.statement, denied=True)
    if obj is None or not old.positive:
        return None
    units = content_units(obj)
    shared = units & content_units(old.statement)
    if not units or len(shared) < (2 if lang_of(new.statement) == "zh" and len(units) >= 2 else 1) \
            or len(shared) * 2 < len(units):
        return None
    return f"a stop denied or only intended ({obj}): the fact still holds"


@primable(maxsize=16384)  # asked of every candidate: the drain's look-ahead computes it (memcli.write.precompute)
def ending_told(text: str) -> tuple[str, int] | None:
    """(kind, start) of the ending ``text`` tells: death, couple, job or sold; None: none told."""
    zh = lang_of(text) == "zh"
    t = to_simplified(text) if zh else text
    for kind, pat in (_ZH_END if zh else _EN_END).items():
        m = pat.search(t)
        if m and not _NOT_ENDED.search(t[:m.start()]):
            return kind, m.start()
    if not zh and re.search(r"[\u4e00-\u9fff]", text):  # round 46: Chinese words in an English clause (换了新工作
        rest = re.sub(r"[A-Za-z][A-Za-z' -]*", "", text)  # at a bank now): read them too — once: a text read as
        if rest != text:  # not Chinese with no ASCII letter to drop (ÀÀÀ駋) recursed without end (merge of round 48)
            return ending_told(to_simplified(rest))
    return None


def names_told(old: Facts) -> frozenset[str]:
    """The names ``old`` gives a being or a thing: its proper nouns, the value of a ``….name`` slot,
    the word after 叫 / named / called (case-folded)."""
    from memcli.write.pair_names import names_of

    out = set(names_of(old.statement))
    if old.slot and old.slot.endswith(".name") and old.value:
        out.add(old.value.casefold())
    m = (_ZH_CALLED if lang_of(old.statement) == "zh" else _EN_CALLED).search(to_simplified(old.statement))
    if m:
        out.add(m.group(1).casefold())
    return frozenset(n for n in out if len(n) >= 2)


def _named_in(names: frozenset[str], text: str) -> frozenset[str]:
    t = to_simplified(text).casefold()
    if lang_of(text) == "zh":
        return frozenset(n for n in names if n in t)
    return frozenset(n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", t))


def ended_by(new: Facts, old: Facts, different_people: bool) -> str | None:
    """Why ``new`` ends the fact ``old`` states (None: it does not): ``new`` tells a death, a parting,
    a job left or a thing sold (not denied, not only intended), ``old`` is a present fact that is not
    itself an ending, and the two are linked — by a name ``old`` gives that ``new`` names (旺财 / 我的狗叫
    旺财; "I sold my Outback" / "I own a Subaru Outback"; Laura / "My wife is Laura"), or for a job left
    with no name by ``old`` being the same person's workplace, for a parting with no name by ``old``
    naming the user's partner. ``different_people``: the two subjects read as two people (a death or a
    parting may still link a relative's name: "Laura and I got divorced" / "My wife is Laura")."""
    told = ending_told(new.statement)
    if told is None or not old.positive or ending_told(old.statement) is not None:
        return None
    if why := stopped_doing(new, old, different_people):  # 戒咖啡, "gave up on Spanish": the habit ends
        return why
    kind = told[0]
    if kind == "stopped":
        return None
    from memcli.write.change_rules import marked_past

    if old.slot and split_slot(old.slot)[1] == "event" or marked_past(old.statement):
        return None  # a past event, or a fact marked past (我以前在上海工作过), stays history
    linked = _named_in(names_told(old), new.statement)
    if kind == "job":
        linked |= left_from(new.statement, old.statement)  # 我从美团辞了 / 我跑的是美团众包 (round 32)
        if _JOB_KEPT.search(new.statement) and old.slot and split_slot(old.slot)[1] in ("job", "occupation"):
            return None  # "New job at City General, still a nurse": the workplace changed, the job stays
        if different_people or _OTHER_LEFT.match(new.statement) or old.slot and split_slot(old.slot)[1] == "name" and \
                not split_slot(old.slot)[0].startswith("thing:"):
            return None  # 我老公张伟换了份工作: his job changed, not his name (我老公叫张伟)
        is_job = bool(old.slot and split_slot(old.slot)[1] in ("workplace", "job", "occupation"))
        changed = bool(_JOB_CHANGED.search(to_simplified(new.statement)))
        if not (linked or (is_job and (changed or not _names_of_new_other(new, old)))):
            return None
        return f"a job {'changed' if changed else 'left'} ({'/'.join(sorted(linked)) or old.value}): the workplace ends"
    if kind == "couple":
        from memcli.write.pair_names import relations_of

        partner = any(_PARTNER.match(r) for r in relations_of(old.statement)) or bool(
            old.subject and _PARTNER.match(old.subject))
        if not partner or (not linked and _names_of_new_other(new, old)):
            return None
        if new.subject not in ("me", old.subject) and not linked:
            return None
        if _of_the_person(old):
            return None  # "My wife works as a dentist": still true of the ex-wife; the partner relation ends (r. 46)
        return f"a parting told{' (' + '/'.join(sorted(linked)) + ')' if linked else ''}: the partner fact ends"
    if kind == "death" and old.slot and split_slot(old.slot)[1] == "name" and \
            split_slot(old.slot)[0] != "me" and not split_slot(old.slot)[0].startswith("thing:"):
        return None  # "Tom died" beside "My wife's brother is Tom": his name stays his (round 46); a pet's ends
    if kind == "sold" and new.statement.isascii():  # what was sold is in the sale's clause: "I sold the car, … so
        linked = _named_in(linked, _EN_CLAUSE_END.split(new.statement[told[1]:])[0])  # Biscuit can ride…" (r. 40)
    if not linked:
        return None
    if different_people and new.subject != "me":
        return None
    return f"{'a death' if kind == 'death' else 'a thing sold'} told ({'/'.join(sorted(linked))}): the fact ends"


def _of_the_person(old: Facts) -> bool:
    """``old`` is an attribute of the partner as a person (their job, home, likes: ``wife.job``), not the partner
    relation itself (``wife.name``: "My wife is Laura") — a parting ends the relation, not who they are."""
    from memcli.slots import ATTRIBUTES, ME

    if not old.slot:
        return False
    subject, attr, _ = split_slot(old.slot)
    return subject != ME and attr in ATTRIBUTES and attr not in ("name", "owns", "event")


#: where an English clause ends (after a sale's object)
_EN_CLAUSE_END = re.compile(r"[,.;:!?]| (?:and|but|so|because|then)\b")


def thing_kind(slot: str | None) -> str | None:
    """The kind of being or thing a slot is about: ``owns.dog`` / ``thing:dog.name`` → dog; None otherwise."""
    m = re.match(r"^(?:owns\.|thing:)([^.]+)", slot or "")
    return m.group(1) if m else None


_MANY = re.compile(r"\b(?:two|three|four|several|both|other|another|second)\b|[两俩二三四几][只条]|另一|第二", re.I)


_DEVICE = re.compile(r"^(?:car|phone|battery|laptop|computer|tablet|truck|bike|engine|tv|printer|"
                     r"手机|电脑|车|汽车|电池|电视|笔记本)$")


def one_of_kind(statement: str) -> bool:
    """``statement`` tells of one being or thing of its kind, present ("I have a dog"; not "two dogs", 另一只猫,
    我以前养过狗)."""
    from memcli.write.change_rules import marked_past

    return not _MANY.search(statement) and not marked_past(statement)


def being_died(new: Facts, old: Facts) -> str | None:
    """Why a death told of the user's being by its kind (我的狗去世了, "our dog passed away") ends ``old``, a present
    fact of the user's ``owns.<kind>`` / ``thing:<kind>.…``; None: no such death, another kind, or ``old`` tells
    more than one of the kind (the caller checks that only one is named)."""
    told = ending_told(new.statement)
    kind = thing_kind(old.slot)
    if told is None or told[0] != "death" or kind is None or not old.positive or not one_of_kind(old.statement):
        return None
    if _DEVICE.match(kind):
        return None  # "my phone died": a device stops working, nothing dies
    k = re.escape(kind)
    pat = (rf"(?:我的|我家的?|我们家的?|我养的|家里的?)(?:那|这)?[只条匹头]?小?{k}" if lang_of(new.statement) == "zh"
           else rf"\b(?:my|our)\s+(?:[a-z]+\s+)?{k}s?\b")
    if not re.search(pat, to_simplified(new.statement), flags=re.I):
        return None
    return f"a death told of the user's {kind}: the fact ends"


def _names_of_new_other(new: Facts, old: Facts) -> bool:
    """``new`` names someone or something ``old`` does not (another company, another person)."""
    from memcli.write.pair_names import names_of

    return bool(names_of(new.statement) - names_of(old.statement))
