"""Another one of a kind stored is a second, not the one told again (round 42).

我有一辆车 then 我又买了一辆车, 我养了一只猫 then 我又养了一只猫: the judge (and the slot, ``owns.车`` with the same
value) read the second as a restatement (NOOP), and the second car was never stored. 一辆 / 一只 say "a", not the number
one; 又 / 再 / 另(外) + a verb of getting or keeping + a count + a measure word tell one more of the kind: another
fact beside the one stored (ADD). "I bought another car", "we got a second dog" alike.

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.text import lang_of, to_simplified
from memcli.write.rules.match import Facts

__all__ = ["another_beside"]

#: 又/再/另外 + a verb of getting or keeping (+ 了) + a count + a measure word: one more of the kind
_ZH_MORE = re.compile(r"(?:又|再|另外|另|还)(?:买|养|生|添|领养|收养|入手|租|购|捡|订|装|办)了?"
                      r"(?:一|两|二|三|四|五|几|\d+)(?:只|条|个|辆|台|套|位|匹|头|部|栋|间|本|架|把|双|件|张|盆|缸|块|部)")
_EN_MORE = re.compile(r"\b(?:bought|got|adopted|rescued|added|acquired|picked up|have|had)\s+(?:another|a second|"
                      r"one more|a third)\b", re.I)


def another_beside(new: Facts, old: Facts) -> str | None:
    """Why a NOOP of ``old`` by ``new`` is two facts: ``new`` tells one more of a kind (我又买了一辆车, "I bought
    another car") and ``old`` tells none more. A one-line reason, or None."""
    zh = lang_of(new.statement) == "zh"
    n, o = (to_simplified(new.statement), to_simplified(old.statement)) if zh else (new.statement, old.statement)
    rx = _ZH_MORE if zh else _EN_MORE
    if not rx.search(n) or rx.search(o):
        return None
    return "one more of a kind told (又 / another): a second beside the one stored, not a restatement"
