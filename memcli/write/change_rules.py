"""What may hide a stored fact and what may not, beyond the slot comparison (issues 19 §3 and 21):
a change told in new words (:func:`told_change`), a past event or a past state that stays history
(:func:`past_event_kept`, :func:`past_state_kept`), a turn of talk only (:func:`talk_only`)
relations the user has several of (:func:`plural_subject`) and a thing the user tells of
having (:func:`introduces_thing`: "I have a dog named Momo" may be a second dog). Who a pair of statements names
(names, relations, kin) is :mod:`memcli.write.pair_names`.

Pure functions over :class:`~memcli.write.rules.Facts`; :func:`memcli.write.judge.hard_guard` and
:func:`memcli.write.judge.compare_slot` call them.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from memcli import slots  # loaded by the line below anyway: not imported per call (hot)
from memcli.primed import primable
from memcli.slots import slot_subject, split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.job_pair import occupations_changed
from memcli.write.pair_facts import content_units
from memcli.write.pair_names import names_another_fact
from memcli.write.rules import Facts, analyze
from memcli.write.value_types import COMPARABLE, change_marker, strong, value_type

__all__ = ["EVENT_CARRIED", "NAMED_TYPES", "TALK_OVERLAP", "counted_apart", "habit_cut", "introduces_thing",
           "keyed_apart", "keyed_objects_apart", "marked_past", "noop_apart", "numbers_clash", "past_event_kept",
           "past_state_kept", "plural_subject", "talk_only", "told_change", "told_event_kept", "told_remark_kept"]


def _contains(longer: str, shorter: str) -> bool:
    """``longer`` refines ``shorter``: a word superset (English) or a longer string that
    contains it (Chinese, no spaces). "book 12" does not refine "book 1"."""
    if not shorter or longer == shorter:
        return False
    if shorter.isascii() and longer.isascii():
        return set(shorter.split()) < set(longer.split())
    a, b = longer.replace(" ", ""), shorter.replace(" ", "")
    return len(a) > len(b) and b in a


def numbers_clash(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Each side states a number the other does not (2 cats vs 3 cats; 3月5号 vs 3月6号).
    A side that only adds numbers refines ("in 2019" → "in March 2019"), it does not clash."""
    if not a or not b or a == b:
        return False
    ca, cb = Counter(a), Counter(b)
    return not (ca <= cb or cb <= ca)


def plural_subject(slot: str | None) -> bool:
    """The slot's subject is a relation the user has several of (colleague, friend: :data:`PLURAL_RELATIONS`)."""
    return bool(slot) and slot_subject(slot).rsplit(".", 1)[-1] in slots.PLURAL_RELATIONS



#: the user (or the household) telling of having a thing: 我有/我们家养了/我又领养了, I have / we got / I adopted
_HAVE_ZH = re.compile(r"(?:我|我们|我家|我们家|家里)(?:现在|也|还|又|刚|刚刚)?(?:有|养|养了|买了|领养|收养|捡了)")
_HAVE_EN = re.compile(r"\b(?:i|we)(?:'ve)?(?: (?:also|just|now|recently|finally|still|even|have|'ve))* "
                      r"(?:have|has|got|own|adopted|bought|rescued|picked up)\b", re.I)


def introduces_thing(new: Facts) -> bool:
    """``new`` is about a thing (slot subject ``thing:…``) the user tells of having, not of the one
    already known: "I have a dog named Momo" / 我又养了一只狗叫旺财 beside a stored dog named Rex may
    be a second dog, so another name there is another fact, never a contradiction. A told rename
    ("we renamed him Mochi", 我的猫改名叫…) or a definite "my dog is called …" is not an introduction."""
    if not (new.slot or "").startswith("thing:"):
        return False
    text = new.statement
    return bool(_HAVE_EN.search(text) if text.isascii() else _HAVE_ZH.search(to_simplified(text)))



#: share of a past event's content the new statement must carry to contradict or refine it
EVENT_CARRIED = 0.5


def past_event_kept(new: Facts, old: Facts) -> str | None:
    """Why a stored past event (slot ``event.…``: 我拿到了杭州一家公司的offer, "I joined Google in 2019")
    stays true beside ``new`` (None: ``new`` may contradict or refine it). What happened stays
    history: only a flipped polarity, a changed number or date, or a statement that carries at least
    :data:`EVENT_CARRIED` of the event's content or its date (the same event retold) changes it. A later change
    of residence or job is another fact (我已经搬到杭州了 beside the offer that brought the user there)."""
    if not old.slot or split_slot(old.slot)[1] != "event" or new.positive != old.positive \
            or numbers_clash(new.numbers, old.numbers) or (new.numbers and new.numbers == old.numbers):
        return None  # a "no", another date, or the same date retold (joined Google in 2019 / started there in 2019)
    a, b = content_units(new.statement), content_units(old.statement)
    if not b or len(a & b) / len(b) >= EVENT_CARRIED:
        return None
    return f"a past event is history: the new statement carries {len(a & b)}/{len(b)} of its content"


#: a past marker (以前在上海工作过, "I used to live in Boston") and a present one, which makes a statement current
_PAST_MARK = re.compile(r"以前|之前|曾经|从前|\b(?:used to|previously|formerly|back then)\b", re.I)
_NOW_MARK = re.compile(r"现在|目前|如今|\b(?:now|currently|these days|nowadays)\b", re.I)


@lru_cache(maxsize=16384)  # asked of the stored side of every pair the hard guard sees
def marked_past(text: str) -> bool:
    """``text`` is marked past and not present (我以前在上海工作过, "I used to live in Boston")."""
    return bool(_PAST_MARK.search(text)) and not _NOW_MARK.search(text)


def past_state_kept(new: Facts, old: Facts) -> str | None:
    """Why a stored fact marked past and not present (我以前在上海工作过五年, "I used to live in Boston")
    stays true beside ``new`` (None: ``new`` may contradict or refine it): what held then still held
    then, so a later change (我换工作了, "I moved to Denver") leaves it. Only a statement about the past
    itself (以前 / used to: a correction of that past) or one that carries at least :data:`EVENT_CARRIED`
    of its content (the same fact retold) changes it."""
    if not marked_past(old.statement) or _PAST_MARK.search(new.statement):
        return None
    a, b = content_units(new.statement), content_units(old.statement)
    if not b or len(a & b) / len(b) >= EVENT_CARRIED:
        return None
    return f"a past fact is history: the new statement carries {len(a & b)}/{len(b)} of its content"


#: an English statement that tells what the speaker (or their people) did: I / we / my X + a verb in the
#: past ("Last Friday I went to a pottery workshop", "We took the kids to the aquarium")
EN_TOLD_EVENT = re.compile(
    r"^(?:[\w,' ]{0,40}?\b)?(?:i|we|my \w+|our \w+)\s+(?:(?:just|finally|recently|also|even|actually|really|"
    r"already|once|all|both|first)\s+)*(?:went|did|took|made|got|saw|had|met|ran|won|gave|found|began|bought|"
    r"brought|came|wrote|read|drew|sang|built|caught|heard|held|kept|left|lost|paid|sent|spent|taught|told|"
    r"threw|flew|drove|rode|swam|sold|(?!(?:ne|fe|se|spe|bre|ble|exce|procee|succee)ed\b)[a-z]+ed)\b", re.I)


def told_event_kept(new: Facts, old: Facts) -> str | None:
    """Why a stored English statement that tells a past event with no strong slot ("Last Friday I
    went to a pottery workshop") stays true beside ``new`` (None: ``new`` may contradict or refine
    it): an event told at a time is not contradicted by a later event. Only a statement that carries at
    least :data:`EVENT_CARRIED` of its content (the same event retold, maybe with another date) changes it;
    another date alone does not (last Friday's workshop and last Tuesday's club are two events). (A stop of what
    an event of something taken up began is no later event: :func:`memcli.write.decide.decide` does not ask.)"""
    if (old.slot and strong(old.slot)) or not old.statement.isascii() or not EN_TOLD_EVENT.match(old.statement):
        return None
    a, b = content_units(new.statement), content_units(old.statement)
    if not b or len(a & b) / len(b) >= EVENT_CARRIED:
        return None
    return f"a told event is history: the new statement carries {len(a & b)}/{len(b)} of its content"


#: the cosine at and above which a "no" that shares a word with a stored English remark is about the same
#: thing (I need glasses to see → I don't wear glasses: 0.67); chat's passing negations sit lower
NEGATION_COSINE = 0.55
#: words that end a state (a weaker change word, now / new / since / just got, is everywhere in chat)
_EN_ENDED = re.compile(r"\b(?:moved|switched|changed|no longer|anymore|any more|promoted|transferred|relocated|"
                       r"quit|stopped|gave up|sold|left)\b", re.I)


def keyed_side_by_side(new: Facts, old: Facts) -> str | None:
    """Why two keyed facts of one family (like.X / like.Y, allergy.X / allergy.Y, owns.X / owns.Y: values
    held side by side) hide neither (None: they may): the keys share no content word (a more specific key
    refines: like.tea → like.green tea; window / aisle seats share "seats": one preferred seat) and the new
    statement tells no change (now / switched / 现在 / 换成 … may still make coffee → tea a change of habit).
    Whether each says yes or no does not matter: loving broccoli says nothing of hating mushrooms, and a
    new allergy ("also allergic to peanuts") nothing of the shellfish one — another object, another fact."""
    if not (new.slot and old.slot and new.slot != old.slot):
        return None
    (ns, na, nk), (os_, oa, ok) = split_slot(new.slot), split_slot(old.slot)
    if na != oa or na not in ("like", "allergy", "owns") or ns != os_ or not nk or not ok:
        return None
    if content_units(nk) & content_units(ok) or change_marker(new.statement):
        return None  # keys sharing a word may refine one another (粤语歌 → 粤语老歌, 一种抗生素 → 磺胺类的抗生素)
    return f"{new.slot} beside {old.slot}: two values held side by side, neither hides the other"


def told_remark_kept(new: Facts, old: Facts, cosine: float | None) -> str | None:
    """Why a stored English statement with no strong slot (a remark about a day, a book, a trip, a
    feeling) stays true beside ``new`` (None: ``new`` may contradict or refine it): a later statement
    that carries under :data:`EVENT_CARRIED` of its content and tells no end of it — no word that ends a
    state (:data:`_EN_ENDED`), no other number, no "no" about the same thing (a shared word and cosine
    ≥ :data:`NEGATION_COSINE`) — is another remark. Chat packs many such statements; the fitted judge,
    trained on facts of one slot, superseded them at content overlap 0.1–0.2 and cosine ~0.5."""
    if (old.slot and strong(old.slot)) or not old.statement.isascii():
        return None
    a, b = content_units(new.statement), content_units(old.statement)
    if not b or len(a & b) / len(b) >= EVENT_CARRIED:
        return None
    if (new.positive != old.positive and a & b and cosine is not None and cosine >= NEGATION_COSINE) \
            or numbers_clash(new.numbers, old.numbers) and not counted_apart(a & b - _named(new, old)) \
            or _EN_ENDED.search(new.statement):
        return None  # a "no" about the same thing, another number of the same thing, or a state ended
    return f"another remark: the new statement carries {len(a & b)}/{len(b)} of its content"


def _named(new: Facts, old: Facts) -> frozenset[str]:
    """The content units of the person both statements are about (their slots' one ``person:NAME`` subject; else
    none): two remarks on one friend sharing only the friend's name ("Raymond's hip is better, he went home on Friday"
    / "Raymond is sailing in August") count different things, as two of the speaker's own remarks do (round 41)."""
    subject = slot_subject(old.slot) if old.slot else None
    if not subject or not subject.startswith("person:") or not new.slot or slot_subject(new.slot) != subject:
        return frozenset()
    return frozenset(content_units(subject.split(":", 1)[1].replace("_", " ")))


#: English content units that say when, how many or in what unit, not what: a span or day (week, Sunday, May), a
#: number word, a unit of money, length, weight or time
_EN_NOT_WHAT = re.compile(r"(?:time|day|night|week|weekend|month|year|morning|evening|afternoon|hour|minut|second|"
                          r"januar|februar|march|april|may|jun|jul|august|september|october|november|december|"
                          r"monday?|tuesday?|wednesday?|thursday?|friday?|saturday?|sunday?|hundr|thousand|million|"
                          r"billion|dozen|pound|dollar|euro|buck|quid|cent|penn|mile|kilometr|km|kilo|kilogram|gram|"
                          r"metr|meter|feet|foot|inch|percent|\d+\w*)\w*")


def counted_apart(shared: frozenset[str]) -> bool:
    """Two English remarks' numbers count different things: the content units they share (``shared``) say only
    when, how many or in what unit (:data:`_EN_NOT_WHAT`: "my week was rough, … one of my shoes" beside "the best
    part of my week was Sunday", "sold my Vespa for nine hundred pounds" beside "three hundred pounds in pledges"),
    so another number is no change of one (round 40: such a stored remark was ended at content overlap 0.03–0.15)."""
    return not any(not _EN_NOT_WHAT.fullmatch(u) for u in shared)


#: a wish of the moment ("I don't want coffee right now", "I fancy pizza tonight", 今天不想吃辣的, 今晚想吃火锅): a
#: want or a "feel like" with a time of this day, in either order — one moment's, never the end or the change of
#: a lasting fact
_EN_WANT = re.compile(r"\b(?:want|wants|fancy|fancies|feel like|feels like|in the mood for|craving|crave)\b", re.I)
_EN_NOW = re.compile(r"\b(?:today|tonight|right now|at the moment|this (?:morning|afternoon|evening))\b", re.I)
_ZH_PASSING_WISH = re.compile(r"(?:今天|今晚|今早|这会儿|此刻|这顿)[^，,。！!？?]{0,4}(?:不?想|没胃口|不太想)")
_DAY_TIME = re.compile(r"\b(?:today|tonight|right now|at the moment)\b|今天|今晚|今早|这会儿|此刻|这顿", re.I)


def passing_wish_kept(new: Facts, old: Facts) -> str | None:
    """Why a stored statement stays true beside ``new`` when ``new`` is a wish of the moment (None: it may
    not): "I don't want green tea right now" ends no "I love green tea", 今天不想吃酸菜鱼 no 我喜欢吃酸菜鱼 —
    a want with a time of this day (:data:`_EN_WANT` with :data:`_EN_NOW`, :data:`_ZH_PASSING_WISH`) beside a statement
    with no such time. "I don't want green tea anymore" has none: a liking ended (its own slot, like.X)."""
    if _DAY_TIME.search(old.statement) or not ((_EN_WANT.search(new.statement) and _EN_NOW.search(new.statement))
                                               or _ZH_PASSING_WISH.search(new.statement)):
        return None
    return "a wish of the moment: the stored statement is a lasting one"


#: value types that name one thing (a person, a place, an organisation): two of them in one slot
#: are two holders of it, whatever words were around them
NAMED_TYPES = frozenset({"person", "name", "place", "organisation"})


def told_change(new: Facts, old: Facts) -> bool:
    """``new`` tells a change of ``old``'s value in new words: the same strong slot and two values
    the gazetteers both place as one comparable type (字节 → 美团: organisations; Chicago → San Diego:
    places; Greg Patterson → Sandra Lopez: people), with a change marker in ``new`` (现在/新/换/搬…,
    now/new/moved…: :func:`memcli.write.value_types.change_marker`) unless both values name a thing
    (:data:`NAMED_TYPES`), or two occupations in one job slot (postman → paramedic, 司机 → 医生:
    :func:`memcli.write.job_pair.occupations_changed`; one told beside the other, "also", 兼职, is kept by
    :func:`memcli.write.value_types.attributes_apart`). A slot read from unrelated words has no such typed
    value on both sides."""
    if not (new.slot and new.slot == old.slot and strong(new.slot)):
        return False
    if occupations_changed(new, old):  # postman → paramedic: one job, the slot read from occupation nouns
        return True
    a, b = value_type(new), value_type(old)
    if "text" in (a, b) or not (a == b or frozenset((a, b)) in COMPARABLE):
        return False
    return change_marker(new.statement) or (a in NAMED_TYPES and b in NAMED_TYPES)


#: content overlap under which a turn of talk only (:func:`talk_only`) neither contradicts nor refines
TALK_OVERLAP = 0.4
_ZH_TALK = re.compile(r"^(?:好的?|好吧|嗯+|没有了|没了|是的|对的?|行|可以)$|聊|感激|"
                      r"^听起来[^，,。]{0,3}(?:棒|不错|好)|再见|"
                      r"我会(?:认真|好好|努力|尝试|试着|考虑|思考)|尝试|试着|有道理|先到这里|到此为止|不知道(?:该|要|怎么|如何)|"
                      r"(?:今天|今晚|现在|此刻)[^，,。]{0,4}(?:感觉|心情|感到)")  # a passing mood of the day
_EN_TALK = re.compile(r"\b(?:talk|chat|speak)(?:ing|ting)?\b.*\byou\b|\bmakes? (?:a lot of |good |some )?sense\b|"
                      r"\byou(?:'re| are) right\b|\bi(?:'ll| will) (?:try|consider)\b|\bmaybe i should\b|"
                      r"^(?:ok|okay|sure|yes|no|i understand|i see|got it)$|"
                      r"\bi (?:don't|do not) know (?:what|how) to\b|"
                      r"\b(?:today|tonight|right now)\b[^,.]{0,20}\b(?:feel|feeling|mood)\b",
                      re.I)


#: a wish said politely (would like to, 'd love to): an intention like "want to", no fact of the user's world
_EN_WISH = re.compile(r"\b(?:would|'d)(?: (?:also|really|so|very much))? (?:like|love) to\b")


@primable(maxsize=16384)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def talk_only(statement: str) -> bool:
    """Every clause unit of ``statement`` is chatter (a greeting, thanks, a question, a request:
    :func:`memcli.write.clauses.is_chatter`), an intention (a plan marker: 想/打算/明天…, will/want to…),
    an acknowledgement or talk about the conversation itself (好的, 你说得有道理, 今天想跟你聊聊…, "you're
    right", "I'd like to chat with you about…", "I'll try"): the turn states no fact of the user's
    world that another could contradict or refine."""
    from memcli.write.clauses import _EN_RE, _ZH_RE, is_chatter, units

    parts = units(statement)
    if not parts:
        return False
    for u in parts:
        zh = u.lang == "zh"
        t = u.text.strip(" 。.!！,，~～")
        plan = (_ZH_RE if zh else _EN_RE)["plan"].search(t if zh else t.casefold()) or \
            not zh and _EN_WISH.search(t.casefold())  # "I would also like to see…": a wish, as "want to" is
        if (_ZH_TALK if zh else _EN_TALK).search(t):
            continue
        f = analyze(t)
        if strong(f.slot) or not f.positive or not (is_chatter(u) or plan):
            return False  # a slot or a "no" states something ("Running? No thanks, I hate it")
    return True


def keyed_apart(new: Facts, old: Facts) -> str | None:
    """Why a new keyed fact (like.X, allergy.X, owns.X: one of many values side by side) hides no stored
    statement of no specific attribute (is.…, fact.…, none) that never names X, with no "no" between
    them (None: it may): my daughter is obsessed with horses right now / my daughter is seven and in
    second grade are two facts."""
    if not new.slot or old.slot == new.slot or strong(old.slot) or new.positive != old.positive:
        return None
    _, attr, obj = split_slot(new.slot)
    if attr not in ("like", "allergy", "owns") or not obj:
        return None
    units = content_units(obj)
    if not units or units & content_units(old.statement):
        return None
    return f"{new.slot} beside a statement that never names {obj}: two facts"


def keyed_objects_apart(new: Facts, old: Facts) -> str | None:
    """Why a NOOP of ``new`` against ``old`` would drop a fact by their keys: one keyed attribute (like, allergy,
    owns: many values side by side) of one subject on two objects of one script, neither object's characters
    (English: words) all in the other (like.带鱼 / like.鱼香肉丝: a character shared, two dishes; not like.咖啡 /
    like.黑咖啡, like.悬疑小说 / like.悬疑类的小说, nor like.咖啡 / like.coffee: one told in two languages)."""
    if not (new.slot and old.slot) or new.slot == old.slot:
        return None
    (sn, an, on), (so, ao, oo) = split_slot(new.slot), split_slot(old.slot)
    if sn != so or an != ao or an not in ("like", "allergy", "owns") or not on or not oo:
        return None
    a, b = to_simplified(on).casefold(), to_simplified(oo).casefold()
    if lang_of(a) != lang_of(b):
        return None
    zh = lang_of(a) == "zh"
    ua, ub = (set(x) - set("的类之") if zh else set(re.findall(r"[a-z0-9]+", x)) for x in (a, b))
    if ua <= ub or ub <= ua:
        return None
    return f"two objects of {an} ({oo} / {on}): two facts side by side, not one said again"


def noop_apart(new: Facts, old: Facts) -> str | None:
    """Why a NOOP of ``new`` against stored ``old`` would drop a fact: :func:`names_another_fact` of their
    statements, :func:`keyed_objects_apart` of their slots, or :func:`habit_cut` (None: it may be merged)."""
    return names_another_fact(new.statement, old.statement) or keyed_objects_apart(new, old) or habit_cut(new, old)


#: a habit cut down or a give-up going on (round 42): "cutting back on", "trying to give up", "drinking less"
_CUT_TOLD = re.compile(r"\b(?:cut(?:ting)? (?:down|back|out)|(?:trying|attempting|working) (?:to|on) (?:quit|give up|"
                       r"cut|stop|kick)|quitting|giving up|(?:drinking|eating|smoking|using) less)\b", re.I)


def habit_cut(new: Facts, old: Facts) -> str | None:
    """Why ``new``, a habit cut down or a give-up going on ("I'm trying to give up crisps"), is not ``old`` said
    again ("I love crisps"), or the other way round: one tells a change of the habit the other does not (None:
    neither does, or both do)."""
    if bool(_CUT_TOLD.search(new.statement)) == bool(_CUT_TOLD.search(old.statement)):
        return None  # (either way round: "I eat a lot of chocolate" after "I've been cutting back on chocolate")
    return "a habit cut down or a give-up going on: told beside the habit or liking, not the same said again"


def refinement_drops_value(new: Facts, old: Facts) -> str | None:
    """Why ``new`` cannot UPDATE (refine) ``old`` (None: it may): ``old`` is a keyed fact with its value (My mum
    lives in Manchester: mother.residence = manchester; My mum is 68) and ``new``, of another attribute, neither
    says that value nor tells a change ("My mum takes metformin with her breakfast", "…the dosa my mum makes").
    A more specific statement keeps what it refines; one that drops the value is another fact of the same person,
    and superseding would lose the stored one."""
    if not (old.slot and old.value and strong(old.slot)) or new.slot == old.slot or change_marker(new.statement) \
            or not (old.statement.isascii() and new.statement.isascii()):
        return None  # (English only: a Chinese value's words and characters do not split so: 猫咪 / 猫)
    if old.value.casefold() in new.statement.casefold() or content_units(old.value) & content_units(new.statement) \
            or set(old.numbers) & set(new.numbers):
        return None  # a word of it said again (piano player / I play the piano…) may refine it
    return f"{old.slot} = {old.value} not said by the new statement ({new.slot or '-'}): another fact, not a refinement"
