"""Words in quotation marks that someone else wrote, said or sent: never a fact about the user (zh and en).

"My cousin sent me her cover letter: "I live in Madrid and I have three children." What do you think?" — the
"I" inside the quotes is the cousin's, and before round 44 the drain stored "I have three children" as the
user's. :func:`without_quoted` takes such a passage out of what the extractor reads; the user's own sentences
around it are read as usual. A quotation is a passage (not a name or a title) when it holds a first-person word
(I, my, me, we, 我), or a whole sentence of its own (an end mark inside, or several words) after a colon or a
verb of sending or saying (sent, wrote, said, 发给我, 说); it is
the user's own words only when they say so (I said "…", I told him "…", 我说：“…”, 我跟他说“…”). A short
quotation with no clause stays as it is: a name (my cat "Luna", 我家的猫叫「咪咪」), a title (I read 'Dune'; 《三体》
is a title mark, never a quotation here).

:func:`quote_spans` finds the quotations (“…”, "…", 「…」, 『…』, ‘…’, '…' — a straight or curly single quote
only where it cannot be an apostrophe); the task-turn reader (:mod:`memcli.write.task_turn`) uses it too. A
quotation left open runs to the end of the text.

Pure functions of text; no model, no store.
"""

from __future__ import annotations

import re

__all__ = ["QUOTES", "quote_spans", "without_quoted"]

#: opening mark → closing mark
QUOTES = {"“": "”", "「": "」", "『": "』", '"': '"', "‘": "’", "'": "'"}

#: a single quote opens a quotation only at a word's start (not the apostrophe of it's, Tom's, '90s)
_SINGLE_OPEN = re.compile(r"(?:(?<=^)|(?<=[\s(:：,，—–\-]))['‘](?=[^\s\d'‘])")
#: …and closes it only at a word's end ('Dune' last year, but not Tom's)
_SINGLE_CLOSE = re.compile(r"(?<=\S)['’](?![A-Za-z])")


_ANY_QUOTE = re.compile("[“「『\"'‘]")


def quote_spans(text: str) -> list[tuple[int, int]]:
    """The quotations of ``text`` as ``(start, end)`` character offsets, opening and closing mark included
    (``end`` is ``len(text)`` for a quotation never closed), in order and not overlapping."""
    spans: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        found = _ANY_QUOTE.search(text, i)
        if found is None:
            break
        i = found.start()
        ch = text[i]
        if ch == '"' and i and text[i - 1].isdigit():  # an inch or a second (4'11", 9.58"), no quotation
            i += 1
            continue
        if ch not in "'‘" or _SINGLE_OPEN.match(text, i):
            close = QUOTES[ch]
            if ch in "'‘":
                m = _SINGLE_CLOSE.search(text, i + 2)
                j = m.start() if m else -1
                if j < 0:  # a lone single quote: an apostrophe after all
                    i += 1
                    continue
            else:
                j = text.find(close, i + 1)
            end = n if j < 0 else j + 1
            spans.append((i, end))
            i = end
            continue
        i += 1
    return spans


#: a first-person word inside a quotation: the writer's "I" (en, zh)
_FIRST = re.compile(r"(?<![A-Za-z])(?:I|I'm|I’m|I've|I’ve|I'd|I’d|me|my|mine|we|we're|our|us)(?![A-Za-z])|我", re.I)
_FIRST_EN = re.compile(r"(?<![A-Za-z])(?:I|I['’](?:m|ve|d|ll)|me|my|mine|we|we['’]re|our|us)(?![A-Za-z])")
#: a sentence ends inside the quotation and more follows, or it ends the quotation
_SENTENCE_IN = re.compile(r"[.!?。！？](?=\s*\S)|[。！？]\s*$|\w[.!?]\s*$")
#: the user says the quoted words are their own: I said / told / wrote / asked …, 我说 / 我跟他说 / 我告诉她 / 我写道
_OWN_FRAME_EN = re.compile(r"\bI\s+(?:\w+\s+){0,2}?(?:said|say|told|tell|wrote|write|texted|asked|replied|answered|"
                           r"posted|messaged|shouted|yelled|added)\b[^.!?]*$", re.I)
_OWN_FRAME_ZH = re.compile(r"我(?:就|也|还|又|都|便|当时|刚才|马上)?(?:(?:跟|对|和|给)[^，。！？：:]{1,8}?)?"
                           r"(?:说|讲|回|回答|答|问|写|写道|告诉[^，。！？：:]{0,8}|发)[了道过]?[：:，,]?\s*$")
#: a name or title put in quotes follows a naming word (called "Luna", named, titled, nicknamed, 叫, 名叫)
_NAMING = re.compile(r"(?:\b(?:called|named|titled|nicknamed|entitled|dubbed|the word|the phrase)"
                     r"|叫|名叫|叫做|名为|取名)\s*[:：]?\s*$", re.I)
#: the sentence's last end mark before a quotation (where its frame begins)
_FRAME_START = re.compile(r"[.!?。！？\n][^.!?。！？\n]*$")


def _is_passage(inner: str, frame: str) -> bool:
    """A quotation holding a clause of its writer's: a first-person word, or a whole sentence of its own."""
    if _NAMING.search(frame):
        return False
    zh = re.search(r"[\u3400-\u9fff]", inner) is not None
    if (_FIRST.search(inner) if zh else _FIRST_EN.search(inner)) is not None:
        return len(inner.split()) > 1 or zh and len(inner) > 2
    colon = re.search(r"[:：]\s*$", frame) is not None
    if not (colon or _SENDS.search(frame)):
        return False  # a motto or a saying the user gives as theirs (my motto is "work hard, play hard.")
    if _SENTENCE_IN.search(inner) or zh and re.search(r"[，,；;]", inner):
        return len(inner.split()) >= 3 or zh and len(inner) >= 6
    return colon and not zh and len(inner.split()) >= 5  # (a Chinese name after a colon runs long: 音乐会之夜·手作)


#: the last clause of a frame (from the sentence's start, a comma or "and")
_FRAME_CLAUSE = re.compile(r"(?:^|[.!?。！？,，;；\n]\s*|\s(?:and|but|so)\s+)(?P<clause>[^.!?。！？,，;；\n]*)$")
#: …that says another person sent, wrote or said what follows: the source of the passage, nothing of the user's
_SENDS = re.compile(r"\b(?:sent|sends|send|wrote|writes|said|says|texted|posted|forwarded|shared|emailed|e-mailed|"
                    r"messaged|told|tells|asked|replied|goes)\b|发给我|发来|发了|说|写道|写了|转发|告诉我|问我|回复",
                    re.I)
#: a reporting clause after a quotation ("…," my neighbour told me. / “…”他说。): the passage's source, no fact
_REPORT_AFTER = re.compile(r"\s*[,，]?\s*[^.!?。！？,，\n]{0,40}?(?:\b(?:said|says|told|tells|wrote|writes|asked|added|"
                           r"replied|texted)\b|说|写道|问道|问)[^.!?。！？\n]{0,30}[.!?。！？]?", re.I)


def without_quoted(text: str) -> str:
    """``text`` without the quotations that are another person's passage (:func:`_is_passage`, not introduced as
    the user's own words): ``My cousin sent me her letter: "I live in Madrid …" What do you think?`` → ``My cousin
    sent me her letter. What do you think?``; ``我朋友发给我一段话：“我是一名医生。”你觉得呢`` →
    ``我朋友发给我一段话。你觉得呢``.
    The colon or comma that introduced the passage goes with it, and so does a reporting clause after it (``, my
    neighbour told me``); an end mark takes its place where the passage ended a sentence. ``text`` itself when
    nothing is taken out."""
    spans = quote_spans(text)
    out: list[str] = []
    last = 0
    for s, e in spans:
        if s < last:
            continue
        m = _FRAME_START.search(text[:s])
        frame = text[m.start() + 1 if m else 0:s]
        closed = e < len(text) or (e - s > 1 and text[e - 1] == QUOTES[text[s]])
        inner = text[s + 1:e - 1 if closed else e]
        if not _is_passage(inner, frame) or _OWN_FRAME_EN.search(frame) or _OWN_FRAME_ZH.search(frame):
            continue
        zh = re.search(r"[\u3400-\u9fff]", frame + inner) is not None
        if not text[:s].strip(" \t\"'“‘「『") and not text[e:].strip(" \t\n.!?。！？\"'”’」』"):
            continue  # the whole turn in quotation marks: the user's own message, so wrapped
        before = re.sub(r"[\s:：,，\-—–]+$", "", text[last:s])
        cut = _FRAME_CLAUSE.search(before)  # "My cousin sent me her letter:": the passage's source, no fact of the user
        if cut is not None and _SENDS.search(cut.group("clause")):
            before = before[:cut.start("clause")].rstrip(" ,，")
        after = e
        if not before.strip() or re.search(r"[.!?。！？]$", before):  # the passage opens its sentence: its source
            r = _REPORT_AFTER.match(text, e)                          # may follow ("…," my neighbour told me.)
            if r is not None and r.end() > e and re.search(r"[.!?。！？]$|^\s*[,，]", text[e:r.end()]):
                after = r.end()
        out.append(before)
        if before.strip() and not re.search(r"[.!?。！？]$", before) and not re.match(r"\s*[.!?。！？]", text[after:]):
            out.append("。" if zh else ".")
        if not zh and text[after:after + 1].isalnum():
            out.append(" ")
        last = after
    if last == 0:
        return text
    joined = "".join(out) + text[last:]
    return re.sub(r"^[\s.。]+", "", joined).strip()
