"""When an English "X's" is "X has": before got / been / had and a past participle of its own (taken, eaten, bought:
"she's already taken over the kitchen", "my brother's bought a van"), or already / finally / recently before a verb
in -ed ("he's finally finished"). Read so by the clause rules' contractions (:mod:`memcli.write.rules.en_words`) and
by coreference (:mod:`memcli.write.rules.coref`: "she's …" said with whom "she" means); was "is" (round 40: "Omar's
mum is already taken over the kitchen"). Round 48: a verb of a change ("she's pushed it to 5pm", "the number's
changed again") or a verb in -ed before its object ("he's fixed the tap") is "has" too; a participle of a state
("it's called the Bean", "she's scared the dog bites") stays "is"."""

from __future__ import annotations

import re

__all__ = ["HAS_AFTER", "has_after"]

#: participles that are a state after "is" even with an object-like word after them ("he's scared the dog bites",
#: "it's called the Bean"): never "has"
_FELT = (r"scared|worried|tired|excited|interested|pleased|surprised|convinced|annoyed|bored|concerned|obsessed|"
         r"stressed|relieved|disappointed|shocked|amazed|embarrassed|thrilled|delighted|terrified|frightened|"
         r"exhausted|satisfied|determined|located|based|named|called|supposed|allowed|expected|required|related|"
         r"engaged|scheduled|booked|planned|signed|qualified|trained|licensed|attached|dedicated|committed|"
         r"prepared|involved|obliged|entitled|tied|placed|stationed|posted|situated|dressed|parked")

#: what follows the 's of "X's" when it is "has" (a regex without groups of its own; case-insensitive by its users)
HAS_AFTER = (r"(?:(?:already|just|never|finally|recently|ever|also|even|always|since) )*(?:got|been|had|gotten|taken|"
             r"given|eaten|written|seen|made|found|won|become|begun|brought|bought|built|chosen|driven|fallen|"
             r"forgotten|grown|shown|spent|spoken|started|stolen|swum|thrown|told|ridden|flown)\b"
             r"|(?:already|finally|recently) [a-z]+ed\b"
             r"|(?:changed|moved|switched|shifted|pushed|swapped|bumped)\b"
             r"|(?!(?:" + _FELT + r")\b)[a-z]{3,}ed (?:it|them|him|us|me|the|a|an|my|his|our|their|your|this|that|"
             r"these|those)\b")
_HAS = re.compile(HAS_AFTER, re.I)


def has_after(rest: str) -> bool:
    """Whether ``rest`` (the words right after an 's, no leading space) makes that 's "has"."""
    return bool(_HAS.match(rest))
