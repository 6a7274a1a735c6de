"""What the drain must not take as a fact about the user, whatever the extractor (zh and en).

:class:`memcli.write.extract.MemoryExtractionService` runs every utterance through :func:`told`
before its extractor (rules, fitted or LLM) and every candidate through :func:`keep` after it:

- **a task for the assistant** (:mod:`memcli.write.task_turn`): a sentence that opens with a request to
  produce text or code (``把这句话翻译成英文：…``, ``translate … into French``, ``write me an email …``,
  ``用Python写一个…``) and the material it hands over are not something the user told about themselves; the
  user's own sentences around them are read as usual (round 44: "Translate 'good morning' into German. I'm
  vegetarian." keeps "I'm vegetarian."). A turn that opens with one is no episode
  (:func:`memcli.write.chatter.is_chatter`);
- **another person's words in quotation marks** (:mod:`memcli.write.quoted`): ``My cousin sent me her letter:
  "I live in Madrid …"`` — the passage is taken out, a name or title in quotes stays;
- **a joke or sarcasm** (:mod:`memcli.write.joking`): a claim taken back (``…, just kidding``, ``开玩笑的``), a
  sarcastic frame (``yeah right, like I'd ever …``, ``…呵呵``), an outlandish claim said laughing; laughter is cut
  from a fact said laughing (``I got a puppy lol``);
- **a counterfactual or hypothetical sentence** (:func:`is_hypothetical`): ``If I were rich I would buy
  a yacht``, ``I wish I lived in Spain``, ``如果我有钱我就买游艇``, ``要是我会说法语就好了`` — the sentence is
  left out of extraction (the rest of the turn is read as usual);
- **a contrastive negation** (:func:`contrast`): ``我不是在银行上班，是小美在银行上班`` / ``It's not me who works
  at the bank, it's Amy`` — the fact is the other person's: the "not me … it's X" pair is rewritten to
  ``小美在银行上班`` / ``Amy works at the bank`` before extraction, so no garbled fact about the user is made;
- **a secret** (:mod:`memcli.sensitive`): a candidate holding a secret's value or a placeholder of
  :func:`memcli.sensitive.redact` is dropped (capture already replaced the value);
- **a reaction to the other speaker** (:func:`memcli.write.reaction.is_reaction`): a candidate that only
  says how the speaker takes what was just said (``I love that idea``, ``I'm so happy for you, Sam``,
  ``我支持你``) is dropped: it is no fact about the user; so is one that drops its "I" (``Love it``);
- **a fragment** (:func:`memcli.write.fragment.is_fragment`): an English candidate with no clause of its
  own that answers the other speaker's question by leaning on it (``The one near Brighton``, ``Pepper
  maybe``, ``Probably to see my aunt``) is dropped: alone it says nothing a later reader can use.

Pure functions over text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.models import Candidate
from memcli.sensitive import has_secret, is_redacted, names_secret, opens_with_placeholder
from memcli.textcache import short_cached
from memcli.write.fragment import is_fragment
from memcli.write.joking import without_jokes
from memcli.write.quoted import without_quoted
from memcli.write.reaction import is_reaction
from memcli.write.task_turn import without_tasks

__all__ = ["contrast", "is_hypothetical", "keep", "told", "unsaid"]

#: a sentence (ending punctuation kept); Chinese commas stay inside it
_SENT = re.compile(r"[^。！!？?；;\n]+[。！!？?；;\n]*|[。！!？?；;\n]+")
_EN_SENT = re.compile(r"(?:[^.!?;\n]|(?<=\d)\.(?=\d))+[.!?;\n]*|[.!?;\n]+")

_ZH_IF = r"(?:如果|要是|假如|假设|假使|倘若|若是|万一|要不是|如若)"
#: a counterfactual / hypothetical Chinese sentence: if … then (就/会/的话/该多好), a wish (但愿, 真希望, 要是…就好了)
_ZH_HYPO = re.compile(rf"^(?:[我咱]?(?:们)?(?:想象一下|设想一下)"
                      rf"|(?:[我咱]们?)?{_ZH_IF}.*(?:就|会|的话|便|肯定|一定|才|能|要|该)"
                      r"|.*(?:该多好|就好了|多好啊|多好呀)|(?:但愿|我真希望|真希望|要是能|我多希望|多希望))")
_EN_HYPO = re.compile(
    r"^(?:\W*)(?:(?:and|but|so|well|honestly|sometimes)\W+)?(?:"
    r"if\s+(?:only\s+)?(?:i|we)\s+(?:were|was|had|could|did|won|lived|owned|knew|got)\b"
    r"|if\s+(?:i|we)\s+(?:\w+\s+){0,6}?(?:i|we)(?:'d|\s+would|\s+could|\s+might|\s+will|'ll)\b"
    r"|if\s+.{0,80}?,\s*(?:i|we)(?:'d|\s+would|\s+could|\s+might)\b"
    r"|(?:i|we)\s+(?:really\s+|just\s+|sometimes\s+|often\s+)?wish\b"
    r"|(?:i|we)(?:'d|\s+would|\s+could|\s+might)\s+(?:\w+\s+){0,8}?if\s+(?:i|we|only)\b"
    r"|imagine\s+(?:if|that|i|we|being)\b|suppose\s+(?:i|we)\b|what\s+if\b|hypothetically\b|in\s+a\s+perfect\s+world\b"
    r"|(?:if\s+)?only\s+(?:i|we)\s+(?:had|were|could)\b)", re.I)


def is_hypothetical(sentence: str) -> bool:
    """The sentence says what would be, not what is: a counterfactual ``if`` (``If I were rich I would…``,
    ``如果我有钱我就…``), a wish (``I wish…``, ``但愿…``, ``…就好了``), an imagined case (``imagine if…``,
    ``假设…``). Not a fact about the user."""
    s = sentence.strip()
    return bool(_ZH_HYPO.match(s) or _EN_HYPO.match(s))


# -- contrastive negation: "not me, X" -------------------------------------------------------------------
_ZH_CLAUSE = re.compile(r"[^，,]+[，,]*")
_ZH_RATHER = re.compile(r"^\s*(?:而|其实|而是|是|其实是|而其实是)+\s*(?P<rest>[^，,。！!？?；;]+?)\s*"
                        r"(?P<end>[，,。！!？?；;]*)$")
_ZH_NOT_ME = re.compile(r"^\s*(?:其实|真的)?不是我(?P<pred>[^，,。！!？?；;]*?)\s*[，,]+\s*$")
_ZH_ME_NOT = re.compile(r"^\s*我(?:并|真的|其实)?不是(?P<pred>[^，,。！!？?；;]+?)\s*[，,]+\s*$")
_ZH_OF_NOT_ME = re.compile(r"^\s*(?P<pred>[^，,。！!？?；;]+?)的(?:人)?(?:并|其实)?不是我\s*[，,]+\s*$")
_WHO = r"(?P<who>(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)|(?:my|our)\s+\w+(?:\s+(?!(?:is|does|did|was)\b)\w+)?)"
_EN_NOT_ME = re.compile(
    rf"^(?P<lead>\W*)(?:it'?s|it\s+is|it\s+was|it\s+isn'?t|it\s+wasn'?t|that'?s|i'?m|i\s+am)\s+(?:not\s+)?"
    rf"(?:me|i|the\s+one)\s+(?:who|that)\s+(?P<pred>[^,;]+?)\s*[,;]\s*(?:but\s+|it'?s\s+|it\s+is\s+|it\s+was\s+|rather\s+)*"
    rf"{_WHO}(?:\s+(?:is|does|did|was))?\s*(?P<end>[.!]*)\s*$", re.I)
_EN_NOT_ME_LEAD = re.compile(r"^(?P<lead>\W*)not\s+me\s*[,;:—–-]+\s*(?P<rest>\S.*)$", re.I | re.S)


def _zh_contrast(sentence: str) -> str:
    parts = _ZH_CLAUSE.findall(sentence)
    out: list[str] = []
    i = 0
    while i < len(parts):
        a, b = parts[i], parts[i + 1] if i + 1 < len(parts) else None
        r = _ZH_RATHER.match(b) if b is not None else None
        if r is not None:
            rest, end = r.group("rest"), r.group("end")
            if (m := _ZH_NOT_ME.match(a)) is not None:  # 不是我在银行上班，是小美 / 不是我，是小美在银行上班
                pred = m.group("pred")
                out.append((rest if not pred or pred in rest else rest + pred) + end)
                i += 2
                continue
            if (m := _ZH_OF_NOT_ME.match(a)) is not None:  # 在银行上班的不是我，是小美
                out.append(rest + m.group("pred") + end)
                i += 2
                continue
            if (m := _ZH_ME_NOT.match(a)) is not None and (pred := m.group("pred").strip()) and \
                    rest.endswith(pred) and len(rest) > len(pred):  # 我不是在银行上班，是小美在银行上班
                out.append(rest + end)  # the "not me" half says nothing of the user's own: X's fact alone
                i += 2
                continue
        out.append(a)
        i += 1
    return "".join(out)


def _en_contrast(sentence: str) -> str:
    m = _EN_NOT_ME.match(sentence)
    if m is not None and re.search(r"\bnot\b|n't", re.split(r"\b(?:who|that)\b", sentence, maxsplit=1)[0], re.I):
        who = m.group("who")
        return f"{m.group('lead')}{who[0].upper()}{who[1:]} {m.group('pred')}{m.group('end') or '.'} "
    if (m := _EN_NOT_ME_LEAD.match(sentence)) is not None:
        return m.group("lead") + m.group("rest")
    return sentence


def contrast(text: str) -> str:
    """``text`` with each "not me … it's X" pair rewritten as X's fact: ``我不是在银行上班，是小美在银行上班``
    → ``小美在银行上班``; ``不是我，是小美在银行上班`` → ``小美在银行上班``; ``It's not me who works
    at the bank, it's Amy`` → ``Amy works at the bank.``; ``Not me, Amy works there`` → ``Amy works there``.
    Text with no such pair is returned unchanged."""
    if "不是" in text:
        text = "".join(_zh_contrast(s) for s in _SENT.findall(text))
    if re.search(r"(?:\bnot|n't)\s+(?:me|i|the\s+one)\b", text, re.I):
        text = "".join(_en_contrast(s) for s in _EN_SENT.findall(text)).strip()
    return text


#: where a sentence divides into clauses (the divider kept): a comma or semicolon, "and"/"but", 而且/并且
_CLAUSE_CUT = re.compile(r"([,，;；]\s*(?:(?:and|but|so|while)\s+)?|\s+(?:and|but|so|while)\s+|而且|并且|而)", re.I)


#: a pronoun a clause after a secret's placeholder points back to the secret with ("I use it for my side project",
#: 我一直用它登录): its thing is the redacted value
_BACK_TO_SECRET = re.compile(r"\b(?:it|its|them|this one|that one)\b|它", re.I)


def unsaid(sentence: str, after_secret: bool = False) -> str:
    """``sentence`` without its clauses that hold a placeholder of :func:`memcli.sensitive.redact`: a
    statement whose value was redacted gives no memory (``My wifi password is [redacted]!!`` → ``""``;
    ``our wifi is called Home5G and the password is [redacted]`` → ``our wifi is called Home5G``), nor
    does a clause after it whose it / them / 它 points back to the secret (``here is my key [redacted], I use
    it for my side project`` → ``""``: kept, "I use it …" would say nothing of what "it" is, and naming the
    secret would keep a memory of it). ``after_secret``: a placeholder ended the sentence before, so the first
    clauses of this one lean on it the same way. A sentence with neither is returned unchanged."""
    if not is_redacted(sentence) and not (after_secret and _BACK_TO_SECRET.search(sentence)):
        return sentence
    parts = _CLAUSE_CUT.split(sentence)
    kept = []
    for i in range(0, len(parts), 2):
        if is_redacted(parts[i]):
            after_secret = True
        elif after_secret and _BACK_TO_SECRET.search(parts[i]):
            continue  # (the secret stays the clauses' thing until a clause says something of its own)
        elif parts[i].strip():
            after_secret = False
            kept.append((parts[i], parts[i + 1] if i + 1 < len(parts) else ""))
    if len(kept) == (len(parts) + 1) // 2:
        return sentence
    if not kept:
        return ""
    lead = sentence[: len(sentence) - len(sentence.lstrip())]
    out = ("".join(c + cut for c, cut in kept[:-1]) + kept[-1][0]).strip()  # no divider left dangling
    end = "" if re.search(r"[.!?。！？；;]$", out) else ("。" if re.search(r"[\u3400-\u9fff]", out) else ".")
    return f"{lead}{out}{end}{sentence[len(sentence.rstrip()):]}"


def told(text: str) -> str:
    """What of ``text`` the extractor reads: the text without its task requests and their material
    (:func:`memcli.write.task_turn.without_tasks`: "" for a turn of nothing else), another person's quoted
    passages (:func:`memcli.write.quoted.without_quoted`), jokes and sarcasm
    (:func:`memcli.write.joking.without_jokes`), its hypothetical sentences and its clauses holding a secret's
    placeholder (:func:`unsaid`), and with its "not me, X" pairs rewritten (:func:`contrast`). Returns ``text``
    itself when nothing changes."""
    text = without_jokes(without_quoted(without_tasks(text)))
    if not text.strip():
        return ""
    zh = re.search(r"[\u3400-\u9fff]", text) is not None
    sents = (_SENT if zh else _EN_SENT).findall(text)
    kept = ["" if is_hypothetical(s) else unsaid(s, n > 0 and is_redacted(sents[n - 1])) for n, s in enumerate(sents)]
    for n in range(1, len(kept)):  # "here is my key:\n[redacted]": the line announcing the value is its statement,
        # and so is a sentence naming a secret right before one its value opens ("Here's my OpenAI key. [redacted]")
        if is_redacted(sents[n]) and (not kept[n].strip() and not re.search(r"[.!?。！？]\s*$", kept[n - 1]) or
                                      opens_with_placeholder(sents[n]) and names_secret(sents[n - 1])):
            kept[n - 1] = ""
    out = "".join(kept).strip() if kept != sents else text
    out = contrast(out)
    return text if out == text else out


def keep(candidate: Candidate) -> bool:
    """A candidate the drain may decide on: no secret's value or placeholder in it, not hypothetical, and not
    a reaction to the other speaker ("I love that idea", "I'm so happy for you, Sam", "Love it":
    :mod:`memcli.write.reaction`), nor an English fragment ("The one near Brighton": :mod:`memcli.write.fragment`).
    A function of the statement alone, cached for statements up to 1,000 characters."""
    s = candidate.statement
    return _keep(s)


@short_cached(1000, 16384)
def _keep(s: str) -> bool:
    dropped_i = s.isascii() and s[:1].isupper() and not re.match(r"(?:I|I'\w+|[A-Z]\w*[A-Z]\w*)\b", s)
    return not (is_redacted(s) or has_secret(s) or is_hypothetical(s) or is_reaction(s) or is_fragment(s) or
                dropped_i and is_reaction("I " + s[:1].lower() + s[1:]))
