"""A turn that asks the assistant for a task: drop the request and its material, keep the user's own sentences.

"Translate 'good morning' into German. I'm vegetarian." / 帮我写一首诗。我儿子叫小明。 — before round 44 the whole
turn was dropped as a task (:func:`memcli.write.chatter.is_task` on the turn), and the fact told after the request
was lost. :func:`without_tasks` reads the turn sentence by sentence (a quotation is never cut:
:func:`memcli.write.quoted.quote_spans`) and takes out each sentence that opens with a task request together with
the material it hands over, keeping the sentences around them:

- the material *in* the request (translate 'good morning', 写一首诗) goes with the request's sentence;
- material after a colon (proofread this: …, 翻译成英文：…), or after a request that points at what follows (proofread
  this., the following, 以下) runs to the end of a quotation that opens it, else to the first sentence that turns
  back to the user with an aside and a first-person word (by the way, btw, oh and, PS, 对了, 顺便说一下, 另外 … I / my /
  我), else to the end of the turn — pasted text stays unstored; a request naming one sentence (这句话, this
  sentence) hands over that one sentence;
- a request to look at a text handed over after a colon (check this for me:, what do you think of this:, 帮我看看这段：)
  hands it over the same way;
- a request that names a text (summarise this article for me.) hands over the lines that follow it when it ends its
  line, or what runs on after it when that is a piece of :data:`PASTED_CHARS` characters and more (a pasted text: up
  to the aside); a few short sentences after it are the user's own ("… for me. My son is called Tom. He is five.").

Pure functions of text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.write.chatter import is_task
from memcli.write.quoted import quote_spans

__all__ = ["PASTED_CHARS", "PASTED_CHARS_ZH", "sentences", "without_tasks"]

#: where a sentence ends (outside quotations): an end mark and what follows it, or a line break
_END = re.compile(r"[。！？!?]+[\"'”’」』)）]*\s*|(?<![A-Z])\.(?:\s+|$)|\n+")
#: the user turns back from the material to their own words: an aside opening a sentence or clause
_ASIDE = re.compile(r"^\W*(?:(?:oh|and|ah|anyway)\W+)*(?:by\s+the\s+way|btw|b\.t\.w\.?|p\.?\s?s\.?|also|oh\s+and|"
                    r"unrelated(?:ly)?|on\s+another\s+note|side\s+note|fyi|one\s+more\s+thing|anyway)\b"
                    r"|^\W*(?:哦|噢|啊|嗯)?(?:对了|顺便说一下|顺便说一句|顺便一提|顺便提一下|顺带一提|另外|还有|话说|题外话|PS)",
                    re.I)
_FIRST = re.compile(r"(?<![A-Za-z])(?:I|I['’](?:m|ve|d|ll)|me|my|mine)(?![A-Za-z])|我(?!们)")
#: the request hands over what follows: a colon, or a pointer at it (this., the following, below, 以下, 如下, 下面)
_COLON = re.compile(r"[:：]")
_POINTS_ON = re.compile(r"(?:\b(?:this|these|it|the\s+following|below|as\s+follows)\s*(?:for\s+me\s*)?(?:please\s*)?"
                        r"[.!?]?\s*$|以下|如下|下面)", re.I)
#: the request names a text the user brings (this article, my essay, 这段话, 这篇文章): it may follow
_NAMES_TEXT = re.compile(r"\b(?:this|these|my|the)\s+(?:\w+\s+)?(?:article|text|paragraph|passage|essay|letter|"
                         r"e-?mail|message|paper|report|story|document|doc|section|page|post|note|speech|draft|"
                         r"statement|review|abstract|chapter|list|code|script|function|snippet|lines?)\b"
                         r"|(?:这|以下|下面)(?:一|几)?[段篇封句条首份个则]", re.I)
#: the request hands over one sentence (这句话, this sentence, this line, this phrase)
_ONE_SENTENCE = re.compile(r"这句话|这句|\bthis\s+(?:sentence|line|phrase)\b", re.I)
#: a word every request :func:`memcli.write.chatter.is_task` knows holds, lower-cased (a turn holding none, and no
#: colon, is returned at once: substring tests, where one regular expression took ~0.15 ms a turn)
_TASK_WORDS = ("translat", "writ", "draft", "compos", "paraphras", "proofread", "summari", "reword", "polish",
               "generat", "implement", "debug", "refactor", "fix", "译", "润色", "改", "总结", "概括", "校对",
               "写", "编", "起草", "拟", "生成", "实现", "整理", "转", "扩", "缩", "续", ":", "：")
#: a request to look at a text the user hands over after a colon (check this for me:, what do you think of this:,
#: 帮我看看这段：, 你觉得这段怎么样：): what follows is material as after a task's colon
_HANDS_OVER = re.compile(
    r"^\W*(?:(?:hey|hi|ok|okay)\W+)?(?:(?:please|pls|can\s+you|could\s+you|would\s+you|will\s+you|help\s+me|"
    r"i\s+need\s+you\s+to|i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to)\s+)*"
    r"(?:check|look\s+(?:at|over)|read|review|improve|edit|correct|grade|rate|critique|go\s+over|shorten|format|"
    r"what\s+do\s+you\s+think\s+(?:of|about)|thoughts\s+on|how\s+does\s+(?:this|it)\s+(?:sound|read|look))\b"
    r"[^:：.!?]{0,60}?\b(?:this|these|my|the\s+following|below|it|here)\b[^:：.!?]{0,40}[:：]"
    r"|^\s*(?:请你?|麻烦你?|帮我|帮忙|你(?:能|可以)?(?:帮我)?)?(?:看看|看一下|检查|改改|修改|评价|点评|评估|审一下|过一下)"
    r"[^：:。！？]{0,20}?[：:]|^\s*你觉得(?:这段|这篇|这句|这封|这个|下面|以下)[^：:。！？]{0,20}[：:]", re.I)
#: characters (English, Chinese) from which what runs on after a request naming a text is that text, pasted in
PASTED_CHARS, PASTED_CHARS_ZH = 200, 80


def sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` as ``(start, end)`` offsets covering it whole, cut after an end mark or at a
    line break, never inside a quotation."""
    quoted = quote_spans(text)
    out, start = [], 0
    for m in _END.finditer(text):
        if any(s < m.start() < e - 1 for s, e in quoted):
            continue
        if m.end() > start and text[start:m.end()].strip():
            out.append((start, m.end()))
            start = m.end()
    if start < len(text) and text[start:].strip():
        out.append((start, len(text)))
    elif out:
        out[-1] = (out[-1][0], len(text))
    return out


def _turns_back(sentence: str) -> bool:
    """The sentence turns back to the user with an aside and speaks of them (by the way, I'm …; 对了，我…)."""
    return _ASIDE.search(sentence.strip()) is not None and _FIRST.search(sentence) is not None


def _material_end(text: str, sents: list[tuple[int, int]], k: int, start: int) -> int:
    """Where the material handed over from offset ``start`` (inside or right after sentence ``k``) ends."""
    rest = text[start:]
    lead = len(rest) - len(rest.lstrip())
    q = next(((s, e) for s, e in quote_spans(text) if s == start + lead), None)
    if q is not None and q[1] < len(text):  # a quotation opens the material: it ends with it
        return q[1]
    if start < sents[k][1] and text[start:sents[k][1]].strip():
        if _ONE_SENTENCE.search(text[sents[k][0]:start]):
            return sents[k][1]
    for i in range(k + 1, len(sents)):
        if _turns_back(text[sents[i][0]:sents[i][1]]):
            return sents[i][0]
    return len(text)


def _pasted(rest: str) -> bool:
    """What runs on after a request naming a text is long enough to be that text (:data:`PASTED_CHARS`)."""
    zh = re.search(r"[\u3400-\u9fff]", rest) is not None
    return len(rest.strip()) >= (PASTED_CHARS_ZH if zh else PASTED_CHARS)


def _asks(sentence: str) -> bool:
    """The sentence opens with a task request (:func:`memcli.write.chatter.is_task`) or hands a text over to be looked
    at after a colon (``_HANDS_OVER``)."""
    return is_task(sentence) or _HANDS_OVER.match(sentence) is not None


def without_tasks(text: str) -> str:
    """``text`` without its task requests and the material they hand over (see the module's doc), the user's own
    sentences before, between and after them kept: ``Translate 'good morning' into German. I'm vegetarian.`` →
    ``I'm vegetarian.``; ``帮我把这段话翻译成英文：“…”对了，我对花生过敏。`` → ``对了，我对花生过敏。``;
    ``翻译一下：我喜欢吃苹果`` → ``""``. ``text`` itself when no sentence opens with a request."""
    low = text.casefold()
    if not any(w in low for w in _TASK_WORDS):
        return text
    sents = sentences(text)
    if not any(_asks(text[s:e]) for s, e in sents):
        return text
    quoted = quote_spans(text)
    kept: list[str] = []
    k, pos = 0, 0
    while k < len(sents):
        s, e = max(sents[k][0], pos), sents[k][1]
        sentence = text[s:e]
        if not _asks(sentence.strip()):
            kept.append(sentence)
            k += 1
            continue
        colon = next((m for m in _COLON.finditer(sentence)
                      if not any(qs < s + m.start() < qe for qs, qe in quoted)), None)
        if colon is not None:
            end = _material_end(text, sents, k, s + colon.end())
        elif _POINTS_ON.search(sentence):
            end = _material_end(text, sents, k, e)
        elif _NAMES_TEXT.search(sentence) and k + 1 < len(sents) and ("\n" in sentence
                                                                        or _pasted(text[e:])):
            end = _material_end(text, sents, k, e)
        else:
            end = e
        pos = end
        k = next((i for i, (_, b) in enumerate(sents) if b > end), len(sents))
    out = "".join(kept).strip()
    return re.sub(r"^[\s,，、。.;；:：]+", "", out)
