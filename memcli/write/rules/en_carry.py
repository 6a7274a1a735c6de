"""The subject English chat drops: put back before the clause that drops it.

Chat to a friend drops the "I" of what the speaker did ("Drove up to the lake cabin last
week", "Just finished my first half marathon", "Still working on the new deck", "Been learning
to bake bread"). Read alone such a clause says nothing of whom it is about and the clause model
scores it as no fact (it was fitted on clauses that say their subject); read with the subject
the speaker means it is a clause like any other. The English counterpart of
:mod:`memcli.write.rules.zh_carry`, by the shape of the clause's first word alone: a verb in the
past tense (or "been" + a verb in -ing, or still/currently/just + -ing) that no subject stands
before, or (round 47) a bare -ing verb with its object ("Researching nursing schools these days": "I'm …"). A
participle that says how one feels ("Excited to…", "Stressed about…") is no deed, an
imperative ("Take a look") or a gerund subject ("Trying new things is fun") no past verb: those
stay as they are. Pure functions over text.
"""

from __future__ import annotations

import re

from memcli.rx import rx
from memcli.write.clauses import Unit
from memcli.write.rules.en_words import _PAST

__all__ = ["dropped_subject", "felt_about", "with_en_subjects", "with_referent"]

#: adverbs that may stand where the subject was dropped (Just finished…, Finally got…)
_ADV = r"(?:(?:just|finally|also|recently|actually|already|then|still|currently|now|really|even) )*"
_LEAD = re.compile(r"^(?:(?:and|so|but|plus|oh|also|well|anyway)[, ]+)*", re.I)
#: a past verb read as a participle that says how one feels or what one must: not a deed told
_PARTICIPLE = re.compile(r"^[a-z]+ (?:me|us|myself)\b|^[a-z]+ed (?:about|by|that|of|for|with (?:it|that|this)|"
                         r"to (?!(?:the|a|an|my|our|his|her|their|this|that|some|[A-Z]))[a-z]+)\b|^[a-z]+ed\W*$|"
                         r"^(?:supposed|used|meant|bound) ")
#: short past forms (the rest must be four letters or more: "red", "bed" are no verbs)
_SHORT_PAST = frozenset("got met ran won had saw ate put cut".split())
#: a finite verb after a first -ing word: the -ing word is a gerund subject (Trying new things is fun)
_FINITE_AFTER = re.compile(r"\b(?:is|are|was|were|sounds?|seems?|makes?|made|helps?|helped|keeps?|kept|can|could|"
                           r"has|had|gives?|gave|brings?|brought|feels?|felt)\b")

#: a bare -ing word opening a clause that tells what the speaker is doing these days, with an object or place of two
#: words or more ("Researching nursing schools", "Planning a trip to Peru", "Looking into night classes"): not an
#: -ing noun (morning, wedding, painting…), a feeling or a wish (Loving…, Hoping…: no deed), nor a greeting
_ONGOING = re.compile(r"(?!(?:morning|evening|wedding|building|ceiling|meeting|painting|drawing|spring|string|king|"
                      r"ring|wing|thing|nothing|something|anything|everything|feeling|loving|hoping|wishing|missing|"
                      r"wondering|guessing|waiting|dying|hating|praying|being|having|getting|going|coming|saying|"
                      r"kidding|joking|sending|checking|thinking|speaking|talking|looking forward|exciting|"
                      r"interesting|challenging|amazing|inspiring|rewarding|fulfilling|relaxing|exhausting|boring|"
                      r"annoying|surprising|refreshing|touching|encouraging|overwhelming|frustrating|terrifying|"
                      r"thrilling|satisfying|promising|disappointing|stunning|charming|achieving|overcoming|finding|"
                      r"seeing|watching|knowing|realizing|realising)\b)[a-z]{3,}ing (?:(?:into|up|on|for|out|about|"
                      r"at|in|to|with|over|through|around) )?(?:[a-z'-]+ ){1,}[a-z'-]+")

#: …and a finite verb contracted or denied after it (the studio's a lot of work, isn't easy): a gerund subject too
#: (or says it of the one spoken to: "Cycling suits you", "Seeing your garden grow")
_FINITE_CONTRACTED = re.compile(r"\w['’](?:s|re)\b|\b(?:isn|wasn|aren|weren|doesn|didn|won|can)['’]t\b|\b(?:will|"
                                r"would|does|did|takes?|took|costs?|means?|suits|sounds|looks|seems|works|gets|goes|"
                                r"beats|rocks|sucks|matters|pays|hurts|wins|counts|you|your|yours|ya)\b", re.I)

#: …or a second verb in it (a past or -s verb after an adverb or a noun, another -ing word: "Dancing and running my
#: shop need…", "Incorporating weights really changed…", "Overcoming challenges builds…"): a gerund subject
_SECOND_VERB = re.compile(r"\b(?:and|or|&)\s+[a-z]+ing\b|\b[a-z]+ing\s+(?:and|or)\b|\b(?:need|must|should|could|"
                          r"can|may|might|has|have|had|been|was|were|is|are)\b|\b(?:really|also|just|truly|always|"
                          r"honestly)\s+[a-z]+(?:s|ed)\b|\b[a-z]{3,}(?<!s)(?<!ss)\s+[a-z]{3,}(?:es|ts|ds|ls|ns|ps|ys)\b"
                          r"\s+(?:me|us|my|the|a|an|personal|strength|so|up|down|off|with)\b", re.I)


def dropped_subject(text: str) -> tuple[str, str] | None:
    """``(lead, say)`` when the English clause ``text`` drops the speaker's subject: the clause is
    ``lead`` + the rest, and says ``say`` + the rest with the subject put back ("Took a trip" →
    ``("", "I ")``; "Still working on it" → ``("", "I'm ")``; "Been painting a lot" →
    ``("", "I've ")``). None when it has a subject of its own or is no told deed."""
    lead = _LEAD.match(text)
    start = lead.end() if lead else 0
    rest = text[start:]
    if not rest[:1].isalpha():
        return None
    low = rest[:1].lower() + rest[1:]
    m = rx(_ADV).match(low)
    adv_end = m.end() if m else 0
    body = low[adv_end:]
    if rx(r"been [a-z]+ing\b").match(body):
        return text[:start], "I've "
    going = rx(r"[a-z]{3,}(?<!th)ing\b").match(body)  # (something, nothing: no verb)
    if adv_end and going and rx(r"(?:still|currently|now|just|really|also) ").match(low) \
            and not _FINITE_AFTER.search(body.split(" ", 1)[-1]):
        return text[:start], "I'm "
    if not adv_end and going and _ONGOING.match(body) and "?" not in body and not _FINITE_AFTER.search(
            head := re.split(r"\s[-–—]\s|[;:(]", body.split(" ", 1)[-1])[0]) and not _FINITE_CONTRACTED.search(head) \
            and len(head.split()) <= 10 and not _SECOND_VERB.search(body.split(" ", 1)[0] + " " + head):
        return text[:start], "I'm "  # round 47: "Researching nursing schools these days", "Planning a trip to Peru"
    if rx(r"was (?:so|super|really|pretty|quite|very|totally|kinda|kind of|a bit|a little|too|completely|"
                r"absolutely) [a-z]").match(body) and "?" not in body:
        return text[:start], "I "  # Was super nervous when… (a question has its subject after "was")
    word = body.split(" ", 1)[0]
    if word == "did" or len(word) < 4 and word not in _SHORT_PAST:
        return None
    if word.endswith("eed") or not _PAST.match(body) or _PARTICIPLE.match(body):
        return None
    if rx(r"[a-z]+ (?:you|we|he|she|they|i|it|ya|u)\b").match(body):
        return None  # an auxiliary before its subject: a question (Did you find it…)
    if " " not in body.strip(" .!?,;"):
        return None  # a verb alone ("Loved it" has an object; "Done!" has none): too little to be told
    return text[:start], "I "


def with_en_subjects(parts: list[Unit]) -> list[Unit]:
    """``parts`` (one utterance's units) with the "I" an English unit drops put back before it
    (:func:`dropped_subject`): what the clause model scores and what a kept unit states. Other
    units are returned as they are."""
    out = list(parts)
    for i, u in enumerate(parts):
        if u.lang != "en" or (got := dropped_subject(u.text)) is None:
            continue
        lead, say = got
        rest = u.text[len(lead):]
        first = rest.split(" ", 1)[0]
        keep = first if re.fullmatch(r"[A-Z][a-z]*[A-Z]\w*|[A-Z]{2,}\w*", first) else first[:1].lower() + first[1:]
        out[i] = Unit(say + keep + rest[len(first):], u.lang)
    return out



#: a sentence that opens with a pronoun pointing back (It was…, They talked…, Her name is…)
_BACK = re.compile(r"^(?:(?:and|so|but|plus|oh|also)[, ]+)*(?:it|they|he|she|its|their|his|her)(?:'s|'re|'ve|'d)?\b",
                   re.I)
#: a feeling said alone, its object in the sentence before ("My driving test was this morning. I was so nervous."):
#: a feeling of nothing named, which a later question about the test cannot find (round 42)
_BARE_FEELING = re.compile(
    r"^(?:(?:and|so|but|oh|honestly|man|god|wow|tbh)[, ]+)*i(?: was|'m| am| felt| feel| got| have been|'ve been)"
    r"(?: (?:so|really|very|super|pretty|quite|totally|absolutely|a bit|a little|kind of|extremely|incredibly|"
    r"beyond|seriously|honestly))* (?:nervous|anxious|excited|scared|terrified|relieved|thrilled|happy|sad|upset|"
    r"worried|stressed|proud|devastated|overwhelmed|angry|furious|frustrated|disappointed|embarrassed|heartbroken|"
    r"ecstatic|delighted|shaken|gutted|moved|emotional|annoyed|jealous|grateful|a nervous wreck|on edge)"
    r"(?: (?:out|too|then|afterwards|all day|the whole time|beforehand))?\W*$", re.I)
#: the sentence said before it: no longer than this, or it is not joined
_MAX_BEFORE = 200
#: …and at least this many words: a name left of a vocative ("Thanks so much, Mel." → "Mel.") names no thing
_MIN_BEFORE = 4


def with_referent(parts: list[Unit], unit: Unit) -> Unit:
    """``unit`` (a kept English clause of the utterance whose units are ``parts``) that opens a
    sentence with a pronoun pointing back ("It was carved from one oak log", "They argued about
    grants") said together with the sentence before it, which names what the pronoun means: the
    user's own words, two sentences, instead of a statement about "it" that a later question about
    the thing cannot find; so is a feeling said alone ("I was so nervous": what about is said before it). Chinese
    units keep such a part with the part before it the same way
    (:func:`memcli.write.clauses.units`). The unit as it is when it opens otherwise, opens the
    utterance, or the sentence before is chatter (a question, thanks…), long, or
    under four words (a name left after an opener names no thing)."""
    from memcli.write.clauses import is_chatter

    if unit.lang != "en" or not (_BACK.match(unit.text) or _BARE_FEELING.match(unit.text)):
        return unit
    j = next((k for k, u in enumerate(parts) if u.text.startswith(unit.text[:40])), None)
    if not j or parts[j - 1].lang != "en" or is_chatter(parts[j - 1]) or len(parts[j - 1].text) > _MAX_BEFORE \
            or len(re.findall(r"[A-Za-z']+", parts[j - 1].text)) < _MIN_BEFORE:
        return unit
    before = parts[j - 1].text.strip()
    return Unit(before + ("" if before[-1:] in ".!?;" else ".") + " " + unit.text, unit.lang)


def felt_about(parts: list[Unit], statement: str) -> str:
    """A rule fact's ``statement`` that is a feeling said alone ("I was terrified" of "Honestly I was terrified")
    said with the sentence before it in the utterance whose units are ``parts`` (:func:`with_referent`'s rules):
    what the feeling is about. ``statement`` as it is otherwise."""
    if not _BARE_FEELING.match(statement):
        return statement
    unit = next((u for u in parts if u.lang == "en" and statement.rstrip(" .!") in u.text), None)
    if unit is None or not _BARE_FEELING.match(unit.text):
        return statement
    said = with_referent(parts, unit).text
    return statement if said == unit.text else said
