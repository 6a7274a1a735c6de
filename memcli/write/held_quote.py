"""A quotation the user says they hold (a quote they love, their motto): its words kept in the memory (round 47).

"There's a line by Mary Oliver that I keep coming back to: "…"", "My favourite saying is: '…'", "My motto:
"…"" — :mod:`memcli.write.quoted` takes a passage after a colon out of what the rules read (another person's
words are never the user's facts), so the memory kept only the frame ("There's a line by Mary Oliver that I keep
coming back to", "My favourite saying is") and a question about the quote found no words of it.
:func:`held_quotes` reads such a frame — a quote-word (quote, saying, motto, line, mantra, verse, proverb, …) with
the user's liking of it ("that I really like", "I live by") or the user's own ("my favourite quote is", "my
motto is") — followed by a colon and a quotation, and gives the frame with the quotation as one candidate: a
preference, no slot (two quotes the user loves are two memories, neither an update of the other). A quotation
someone sent or told the user ("My boss sent me this quote: …") is no frame of theirs and stays out.
:func:`without_frames` drops the rules' candidate of the bare frame the held quote replaces.

Pure functions of text; no model, no store.
"""

from __future__ import annotations

import re
from datetime import datetime

from memcli.models import Candidate, Kind
from memcli.write.quoted import QUOTES, quote_spans

__all__ = ["held_quotes", "without_frames"]

_WORD = r"(?:quote|quotation|saying|motto|mantra|line|lines|verse|proverb|phrase|words|poem|lyric|lyrics|credo)"
#: the user's liking of the quote told in its frame ("that I really like", "I always come back to", "I live by")
_LIKED = re.compile(r"\b" + _WORD + r"\b.*\bI(?:'ve)?\s+(?:(?:really|truly|just|always|still|absolutely|often)\s+)?"
                    r"(?:like|love|adore|cherish|treasure|live by|swear by|believe in|(?:keep\s+)?(?:coming|come|go|"
                    r"going)\s+back\s+to|remind myself of|repeat to myself|hold on to|think about)\b", re.I)
#: the user's own: "my favourite quote is", "my motto", "a mantra of mine"
_OWN = re.compile(r"(?:^|\b(?:is|was)\s+)my\s+(?:(?:all-time\s+)?(?:favou?rite|personal|life|own|go-to)\s+)?"
                  + _WORD + r"\b|\b" + _WORD + r"\s+of\s+mine\b", re.I)
#: someone else's words handed to the user: "sent me", "told me", "my boss's favourite saying" (not the user's own);
#: a request or question about the quote ("Can you translate this quote I love:") is a task, no memory
_OTHERS = re.compile(r"^(?:can|could|would|will|please|pls|help|translate|explain|rewrite|what|how|why|who|where|"
                     r"is|are|do|does|did)\b|\byou\b|\b(?:sent|sends|forwarded|texted|emailed|told|tells|wrote|writes|asked)\s+(?:me|us)\b|\b\w+'s\s+"
                     r"(?:(?:all-time\s+)?(?:favou?rite|personal|life|own|go-to)\s+)?" + _WORD + r"\b", re.I)
#: the frame: from the sentence's start (or after an opening interjection) to the colon right before the quotation;
#: the period of an initial or a title (J.R. Tolkien, Dr. Seuss) ends no sentence
_FRAME = re.compile(r"(?:^|(?<=[.!?])\s+)(?P<frame>(?:[^.!?:]|(?<=\b[A-Z])\.|(?<=\bDr|\bMr|\bMs|\bSt)\.|(?<=\bMrs)\.)"
                    r"{3,160}?)\s*:\s*$")


def held_quotes(text: str, said: datetime) -> list[Candidate]:
    """Candidates for the quotations ``text`` says the user holds (module doc), valid from ``said``; empty when
    it says none. Each statement is the frame, a colon and the quotation in its own marks (up to 300 characters:
    a longer passage is pasted text, not a saying)."""
    out: list[Candidate] = []
    for s, e in quote_spans(text):
        m = _FRAME.search(text, 0, s)
        if m is None or e - s > 300 or e - s < 4:
            continue
        frame = m["frame"].strip()
        if not (_LIKED.search(frame) or _OWN.search(frame)) or _OTHERS.search(frame):
            continue
        quote = text[s:e] if e - s > 1 and text[e - 1] == QUOTES[text[s]] else text[s:e].rstrip() + QUOTES[text[s]]
        statement = f"{frame[:1].upper()}{frame[1:]}: {quote}"
        out.append(Candidate(statement=statement, kind=Kind.PREFERENCE, slot=None, salience=0.6, confidence=0.7,
                             valid_from=said))
    return out


def without_frames(cands: list[Candidate], held: list[Candidate]) -> list[Candidate]:
    """``cands`` with the held quotations put in: a candidate opening with the bare frame of one of ``held``
    ("There's a quote by X that I really like", "My favourite saying is", "… that I love. It keeps me going") is
    that held candidate, with what followed the frame kept after the quotation; a held one no candidate opened
    with is added. No statement twice."""
    out: list[Candidate] = []
    for c in [*cands, *held]:
        low = c.statement.casefold()
        h = c if c in held else next((h for h in held if low.startswith(_frame_of(h))), None)
        if h is not None and h is not c:
            rest = c.statement[len(_frame_of(h)):].strip(" .!:,")
            c = h if not rest else h.model_copy(update={"statement": f"{h.statement} {rest}"})
        if h is c and any(o.statement.startswith(h.statement) for o in out):
            continue  # the held quotation already put in (with what followed it)
        out.append(c)
    bare = {h.statement for h in held}
    return [o for o in out if o.statement not in bare or not any(
        p.statement != o.statement and p.statement.startswith(o.statement) for p in out)]


def _frame_of(h: Candidate) -> str:
    """The frame of held candidate ``h`` (before its colon), casefolded."""
    return h.statement.split(":", 1)[0].casefold()
