"""An English clause that tells a deed of a person the speaker names by a bare first name (round 42).

In chat between friends a person of the speaker's life is named by first name only: "Ines ran her first
10k in Ghent on Sunday", "Bram finally finished the shed he was building", "Noor got the job at the museum".
The clause model scores these low (P 0.03 – 0.4: a name it has never seen and no I / my / we — the shape of
news about a stranger), so the speaker's world lost them, though a later question names the person ("Where
did Noor get a job?") and the speaker's raw turn answers it. A refit with labelled clauses of the kind moved
the joint model's Chinese side (round 41, docs/extraction.md); this reads the kind by its shape instead, for
English only, before the model's threshold is applied (:func:`memcli.write.told_shapes.told_by_shape`).

The shape: the clause opens (after a filler: so, and, oh, also…) with a capitalised name that is no English
function or time word, then at most two adverbs (finally, just, also…), then a verb in the past tense — a
regular one in -ed or a common irregular one — or has / had with a past participle, then three words or more
of what was done. The first word must look like a name: no -ing / -ed / -ly word (Gardening, Baked, Luckily), no
quantity (Plenty, Loads) and no imperative (Keep, Check); a verb in the present is not read (a capitalised plural or an
abstract noun before it — "Small wins add up…", "Cooking calms me…" — is no person, and no word list here tells them
apart). Not a deed: a verb of saying, thinking, feeling or perceiving (Ines said / thought / loved / saw …:
hearsay or a passing state, read as such by the model), a participle of a feeling (Super thrilled…), a state of
the moment (was / were), a question, a denial, a condition or a wish. Pure functions of one clause's text.
"""

from __future__ import annotations

import re

from memcli.reltime import EN_MONTHS, EN_WEEKDAYS
from memcli.text import STOPWORDS

__all__ = ["en_named_deed"]

#: capitalised words that open a clause and are no person's name
_NOT_NAME = frozenset({
    "i", "im", "ive", "id", "ill", "you", "he", "she", "it", "we", "they", "this", "that", "these", "those", "there",
    "here", "what", "who", "whom", "when", "where", "why", "how", "which", "someone", "somebody", "everyone",
    "everybody", "nobody", "anyone", "people", "today", "tonight", "yesterday", "tomorrow", "last", "next", "then",
    "now", "yes", "yeah", "yep", "no", "nope", "wow", "oh", "ah", "hey", "hi", "hello", "thanks", "ok", "okay", "well",
    "so", "and", "but", "also", "plus", "anyway", "finally", "just", "still", "even", "again", "once", "after",
    "before", "since", "while", "though", "although", "because", "sadly", "luckily", "honestly", "actually", "guess",
    "turns", "apparently", "everything", "nothing", "something", "one", "both", "all", "some", "many", "most",
    "lots", "tons", "loads", "plenty", "stay", "try", "keep", "check", "let", "make", "take", "get", "go",
    "god", "lol", "omg", "congrats", "aw", "aww", "haha", "ha", "ugh", "sorry", "dear", "mr", "mrs", "ms", "dr",
    *EN_WEEKDAYS, *EN_MONTHS})
#: a filler before the name: So Ines…, And then Bram…, Oh, Noor…
_LEAD = r"(?i:(?:so|and|and then|then|oh|also|plus|anyway|well|btw|by the way|guess what|turns out),? )*"
_ADV = r"(?:(?:finally|just|also|actually|already|recently|officially|even|totally|somehow|secretly|proudly|" \
       r"single-handedly|basically|literally|apparently|really|always|sometimes|usually|often|still|now) )*"
#: common irregular past forms (a participle too, after has / had)
_IRREGULAR = ("ran|won|got|made|built|took|bought|sold|gave|went|found|wrote|began|became|left|brought|caught|drew|"
              "drove|flew|grew|held|kept|lost|met|paid|rode|sang|sent|spent|swam|taught|threw|wore|broke|chose|fell|"
              "fought|hung|lent|shot|spun|stole|struck|sewed|quit|dug|fed|beat|bit|hid|knit|led|sewn|run|won|gotten|"
              "built|taken|given|gone|written|begun|become|driven|flown|grown|drawn|thrown|worn|broken|chosen|"
              "fallen|stolen|ridden|sung|swum|done")
#: the deed: past tense (-ed or irregular), or has / had + a participle
_DEED = re.compile(rf"^{_LEAD}(?P<name>[A-Z][a-z]+(?:-[A-Z][a-z]+)?) {_ADV}"
                   rf"(?:(?:has|had|'s) {_ADV})?(?P<verb>[a-z]+ed|{_IRREGULAR}) (?P<rest>.+)$")
#: verbs that tell no deed of the person: saying, thinking, feeling, perceiving, wanting, a passing moment
_NOT_DEED = frozenset((
    "said told asked answered mentioned claimed texted messaged called emailed replied suggested recommended "
    "reckoned thought believed guessed wondered wanted needed wished hoped seemed looked sounded felt heard saw "
    "noticed liked loved hated adored enjoyed preferred minded cried laughed smiled screamed yelled sighed "
    "complained worried freaked panicked agreed disagreed argued promised warned reminded joked teased "
    "pointed showed insisted admitted confessed explained asked invited offered tried forgot remembered knew "
    "picked dropped waited stayed napped slept woke ate had did "
    # the same in the present: what a person says, thinks, feels or wants, or how they seem, is no habit of theirs
    "says tells asks thinks believes guesses wonders wants needs wishes hopes seems looks sounds feels knows means "
    "misses texts calls keeps gets goes does comes sends always sometimes perhaps "
    # a participle of a feeling after an intensifier or a plural (Super thrilled…, Totally stressed…): no deed
    "excited pumped stoked thrilled motivated focused inspired stressed bored tired worried scared amazed surprised "
    "crossed blessed relieved").split())
_NOT_TOLD = re.compile(r"\?|\b(?:if|unless|whether|wish|hope|would|could|might|maybe|perhaps|never|not|n't|"
                       r"supposed)\b", re.I)


def _said(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'").strip(" .!,;"))


def en_named_deed(text: str) -> bool:
    """``text`` (an English clause) tells a deed of a person named by a bare first name (see the module doc)."""
    t = _said(text)
    m = _DEED.match(t)
    if m is None or _NOT_TOLD.search(t):
        return False
    name, verb = m.group("name"), m.group("verb")
    if name.casefold() in _NOT_NAME or name.casefold() in STOPWORDS or name.endswith(("ly", "ing", "ed")) \
            or verb in _NOT_DEED or verb in ("need", "red", "bed", "shed", "seed", "feed", "speed"):
        return False
    return len(re.findall(r"[A-Za-z0-9']+", m.group("rest"))) >= 3
