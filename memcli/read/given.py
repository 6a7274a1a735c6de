"""A task on text the user hands over: translate / rewrite / proofread / summarise *this* (翻译 / 润色 / 改写 /
总结 / 缩写 …), the text given after a colon, in quotes or as the passage that follows. Round 30.

The message is a transformation of the text it carries, not a question about the user: "Translate into French:
my mother lives in Lyon", "fix the grammar: me and my wife goes to Paris", 帮我润色这段话：我女儿在北京上大学… The
text given (the *payload*) names the user's family and places because it is the user's writing; it asks nothing,
and a fact the store holds about the mother is no input of the translation. What decides is the instruction
(:func:`instruction`): the words before the payload, without it. The read path judges the question by them
(:class:`memcli.read.answer_pass.AnswerPass`): an instruction that names nobody of the user's (its requester
aside: 帮我, "for me"; the text's author aside: "my essay", 我写的这段话) gets no block.

Not a handed-over text, so read as before:

- the thing to work on named, not given: "translate my mum's address for the form" (the assistant needs the
  stored address: it is the input), "summarise what I told you about my sister", 把我妈妈的地址翻译成英文;
- a writing task *about* the user's people with no text given: 帮我给我老婆写一段生日祝福 (her birthday and
  likes are its input), "write a toast for my brother's wedding";
- an instruction naming someone of the user's beside the text: "polish this card for my wife: …" (who it is
  for is read; :func:`memcli.read.answer.anchor` of the instruction).

Rules on word order and small verb lists, both languages, written for memcli (no data set's words).
"""

from __future__ import annotations

import re

from memcli.relazy import lazy

__all__ = ["instruction"]

#: verbs of a task that transforms a text (not write / explain / recommend: they make a new one or answer)
_VERBS_EN = (r"translate|rewrite|re-write|rephrase|paraphrase|reword|proofread|proof-read|edit|polish|summari[sz]e|"
             r"shorten|condense|simplify|tidy up|clean up|correct|improve|fix|check|make|turn|convert|put|render|"
             r"tl;?dr")
_VERBS_ZH = (r"翻译|翻成|译成|译为|润色|改写|重写|修改|改一下|改改|改成|改正|纠正|纠错|校对|校正|检查|总结|概括|归纳|"
             r"缩写|扩写|精简|简化|压缩|提炼|转述|复述|改得|改为|变成|写得")
#: the instruction opens with a transform verb (after please / can you / 请 / 帮我 …)
_OPEN_EN = lazy(rf"^(?:(?:hey|hi|ok|okay|so),?\s+)?(?:please\s+|pls\s+|can you\s+|could you\s+|would you\s+|"
                rf"help me\s+)?(?:{_VERBS_EN})\b", re.IGNORECASE)
_HAS_ZH = lazy(rf"(?:{_VERBS_ZH})")
#: a payload after the instruction: a colon, a line break, or a dash
_COLON = lazy(r"\s*(?::|：|\n|—|--)\s*")
#: a quoted payload: "…", '…', “…”, ‘…’, 「…」, 『…』 (at least two characters)
_QUOTED = lazy(r"\"[^\"]{2,}\"|“[^”]{2,}”|「[^」]{2,}」|『[^』]{2,}』|(?<![A-Za-z])'[^']{2,}'(?![A-Za-z])|‘[^’]{2,}’")
#: a grammar, spelling or wording task: "fix/correct/check/improve" say what, so only with these objects or a text
_FIX_EN = lazy(r"\b(?:fix|edit|correct|check|improve|make|turn|convert|put|render)\b", re.IGNORECASE)
_TEXT_EN = (r"text|sentences?|paragraphs?|passage|e-?mail|message|letter|essay|draft|note|post|paper|speech|story|"
            r"poem|bio|summary|cover letter|cv|resume|answer|reply|caption|tweet|wording|writing|lines?|grammar|"
            r"spelling|typos?|punctuation|english|french|spanish|german|chinese|japanese|italian|tone")
_FIX_OBJ_EN = lazy(rf"\b(?:this|these|that|the following|below|following|{_TEXT_EN})\b", re.IGNORECASE)
#: the text's author in the instruction (my essay, 我写的这段话): whose text, not whose facts
_AUTHOR_EN = lazy(rf"\b(?:my|our)\s+(?:(?:own|short|long|first|rough|new|little)\s+)?(?:{_TEXT_EN})\b|"
                  r"\b(?:i|we)\s+(?:just\s+)?(?:wrote|have written|'ve written|drafted)\b", re.IGNORECASE)
_TEXT_ZH = (r"(?:这)?(?:[段篇封句份条])?"
            r"(?:话|文字|文章|段落|句子|邮件|信|作文|稿子|文案|简历|消息|回复|演讲稿|论文|草稿)")
_AUTHOR_ZH = lazy(rf"我(?:刚)?(?:写|拟|起草)的(?:{_TEXT_ZH})?|我的{_TEXT_ZH}")


def _instruction_part(text: str) -> str | None:
    """The words of ``text`` around its payload (the text after the first colon / line break, or each quoted
    span), or None when it gives no payload."""
    colon = _COLON.search(text)
    quoted = list(_QUOTED.finditer(text))
    if colon is not None and text[colon.end():].strip() and (not quoted or colon.start() < quoted[0].start()):
        return text[:colon.start()]
    if quoted:
        return _QUOTED.sub(" ", text)
    return None


def instruction(message: str) -> str | None:
    """The instruction of a message that asks to transform a text it hands over (see the module doc), without
    that text and without the text's author ("my essay", 我写的): "Translate into French: my mother lives in
    Lyon" → "Translate into French", 帮我润色这段话：… → 帮我润色这段话; None when the message gives no text or asks
    no transformation of it. ``message``: the cleaned query, simplified Chinese or other text."""
    text = message.strip()
    head = _instruction_part(text)
    if head is None or not head.strip():
        return None
    head = head.strip()
    if head.isascii() or not any("\u4e00" <= c <= "\u9fff" for c in head):
        if not _OPEN_EN.search(head):
            return None
        if _FIX_EN.match(_OPEN_EN.search(head).group(0).split()[-1]) and not _FIX_OBJ_EN.search(head):
            return None  # "fix: …", "edit: …", "make: …" say nothing of a text (edit: a chat correction)
        if re.search(r"\?\s*$", head):
            return None  # "Can you check? …": a question, not an instruction before a text
        return _AUTHOR_EN.sub(" the text ", head)
    if not _HAS_ZH.search(head):
        return None
    return _AUTHOR_ZH.sub("这段话", head)
