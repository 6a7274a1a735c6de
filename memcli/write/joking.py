"""A joke or a sarcastic remark is no fact about the user; laughter after a fact is no part of it (zh, en).

Before round 44, "I'm a billionaire, just kidding." was stored as the user's fact (with "just kidding" in it),
开玩笑啦，我其实是外星人 as their hometown, "Yeah right, like I'd ever go skydiving." as "I'd ever go skydiving" — the
opposite of what was meant — and "I got a puppy lol" as a thing owned called "puppy lol". :func:`without_jokes` reads
a turn clause by clause (cut at , . ! ? ， 。 ！ ？ ; a quotation is never cut) before the extractor does:

- **a joke owned up to**: a clause that is only a marker (just kidding, jk, I'm joking, only joking, /s, 开玩笑的,
  开个玩笑, 逗你的, 骗你的, 说着玩的; laughter beside it: 哈哈开玩笑的, lol jk) takes back the claim before it — the
  clauses of its sentence before it, or the sentence before when it opens one. A marker that opens the turn takes back
  what was said in an earlier turn, and what follows it is what the user means ("Just kidding, I'm actually a
  nurse"): kept, unless it is itself an outlandish claim (below). "Not kidding", 不是开玩笑 are no marker;
- **sarcasm**: "yeah right" and the clause after it, a clause opening with "like" or "as if" and "I'd / I would /
  I … ever / I care", a sentence ending in "/s"; 呵呵 after an over-the-top liking of a burden (我最喜欢加班了，呵呵:
  最/太/超/好…喜欢/爱 + extra work, waiting, chores, Mondays, being done to…) — the clause is not a fact, and no
  opposite is made of it. An over-the-top liking of anything else is sincere: 我太喜欢这家店了，呵呵 keeps the liking,
  呵呵 cut as laughter (round 45);
- **laughter** (lol, lmao, haha, hehe, 哈哈, 嘿嘿, 呵呵, 😂, 🤣) is cut from the clause it ends or opens, and a clause
  of laughter alone after a said one goes (我真的好爱爬山，呵呵 → 我真的好爱爬山: round 45, before it was read as a
  second liking): the fact said laughing stays ("I got a puppy lol" → "I got a puppy"), unless the clause claims to be
  someone no user is (a billionaire, the Queen of England, a president, an alien, 亿万富翁, 外星人, 总统, 皇帝 …):
  then it is a joke too. A bare laugh alone never makes an ordinary fact a joke ("I'm a teacher haha" stays).

Pure functions of text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.write.quoted import quote_spans

__all__ = ["is_joke_marker", "without_jokes"]

_LAUGH_EN = r"(?:lol+|lmao+|lmfao|rofl|haha(?:ha)*h?|hehe+|hihi|xd+|😂+|🤣+|😆+|😜+|😝+)"
_LAUGH_ZH = r"(?:哈哈+|嘿嘿+|呵呵+|嘻嘻+|😂+|🤣+|😆+)"
#: a clause that is nothing but a joke owned up to (laughter and fillers beside it)
_MARKER_EN = re.compile(rf"^(?:(?:{_LAUGH_EN}|ok|okay|nah|no|oh|well|ha)\s*)*(?:(?:i'?m|i\s+am|i\s+was|only|just)\s+)*"
                        rf"(?:kidding|joking|jk|j/k|jking|messing\s+with\s+you|pulling\s+your\s+leg|/s)"
                        rf"(?:\s+(?:around|lol|haha))*(?:\s*{_LAUGH_EN})*$", re.I)
_MARKER_ZH = re.compile(rf"^(?:{_LAUGH_ZH}|好啦|好吧|嘿|哎呀)*(?:我)?(?:是|在|就是)?(?:跟你|和你)?"
                        rf"(?:开(?:个|玩)?玩笑|开玩笑|逗你|骗你|说着玩|瞎说|瞎扯|胡说)(?:玩)?(?:的|啦|呢|哒|哈|嘛|而已|罢了)*"
                        rf"(?:{_LAUGH_ZH})*$")
#: sarcasm: "yeah right" (its clause and the next), "like I'd ever …", "as if I …", "… /s"
_YEAH_RIGHT = re.compile(r"^(?:oh\s+)?(?:yeah|yea|ya)\s+right\b", re.I)
_LIKE_ID = re.compile(r"^(?:(?:yeah|sure|oh|and)\s+)*(?:like|as\s+if)\s+(?:i['’]d|i\s+would|i\s+(?:\w+\s+)?ever|"
                      r"i['’]m\s+(?:ever\s+)?going\s+to|i['’]ll\s+ever|i\s+care)\b", re.I)
_SLASH_S = re.compile(r"\s/s\W*$")
#: 呵呵 after an over-the-top liking of a burden: sarcasm (我最喜欢加班了，呵呵); a liking of anything else said with
#: 呵呵 is sincere (我太喜欢这家店了，呵呵: round 45)
_ZH_OVER = re.compile(r"(?:最|太|超|好|真|特别|可)(?:喜欢|爱|享受|开心|幸福)")
#: what no one likes, which an over-the-top liking of can only be ironic: extra work and being kept at it (加班, 开会,
#: 写报告, 值班), waiting and crowds (排队, 堵车, 挤地铁, 等人, 晚点, 延误), chores (洗碗, 做家务, 打扫), the week's
#: start (周一, 星期一), being done to (被骂, 被催, 被放鸽子: any 被), a sleepless night, exams and bills (熬夜, 失眠,
#: 考试, 交房租, 还房贷), being sick or hurt (生病, 感冒, 头疼)
_ZH_BURDEN = re.compile(r"加班|开会|会议|写报告|写周报|写总结|值班|出差|调休|排队|堵车|塞车|挤地铁|"
                        r"挤公交|等人|晚点|延误|洗碗|做家务|干家务|打扫|拖地|周一|星期一|礼拜一|被|熬夜|"
                        r"通宵|失眠|考试|补考|交房租|还房贷|还贷|交税|扣钱|扣工资|降薪|裁员|生病|感冒|发烧|"
                        r"头疼|牙疼|挨骂|挨批|背锅|下雨天|停电|断网")
_HEHE = re.compile(r"^呵呵+[。！!～~…]*$|^呵呵+")
#: laughter that ends or opens a clause (cut from it)
_LAUGH_EDGE = re.compile(rf"(?:^\s*(?:{_LAUGH_EN}|{_LAUGH_ZH})(?=[\s,，!！.。]|$)[\s,，!！.。]*"
                         rf"|(?:(?<=\s)|(?<=[\u3400-\u9fff,，.!！]))(?:{_LAUGH_EN}|{_LAUGH_ZH})[\s!！.。~～]*$)", re.I)
#: someone no user is: a claim made to be laughed at
_OUTLANDISH = re.compile(
    r"\b(?:i['’]?m|i\s+am|i\s+was\s+born)\s+(?:(?:actually|really|secretly|basically|officially|the\s+real)\s+)*"
    r"(?:a|an|the)?\s*(?:(?:\w+\s+)?(?:billionaire|trillionaire|millionaire|multi-?millionaire)|queen|king|emperor|"
    r"empress|prince|princess|pope|president\s+of|prime\s+minister\s+of|alien|martian|superhero|superman|batman|"
    r"spider-?man|wizard|vampire|werewolf|unicorn|mermaid|god|goddess|immortal|time\s+travell?er|secret\s+agent|spy|"
    r"ninja|jedi|pirate)\b"
    r"|我(?:其实|真的|本来|就)?(?:是|乃)(?:个|一个|一位|一名)?(?:亿万富翁|百万富翁|富翁|首富|富豪|外星人|火星人|总统|国王|女王|皇帝|"
    r"皇后|公主|王子|超人|神仙|仙女|吸血鬼|美人鱼|上帝|玉皇大帝|秦始皇|穿越者|长生不老|特工|间谍|忍者|海盗)", re.I)
#: "not kidding", 不是开玩笑: the opposite of a marker
_NOT_KIDDING = re.compile(r"\b(?:not|n't|no)\s+(?:just\s+)?(?:kidding|joking)\b|不是开玩笑|没开玩笑|没骗你|不骗你",
                          re.I)

#: a word of anything this module reads, lower-cased (a turn holding none is returned at once: substring tests, where
#: one regular expression of the same alternatives took ~0.3 ms a turn)
_ANY_WORDS = ("lol", "lmao", "lmfao", "rofl", "haha", "hehe", "hihi", "xd", "😂", "🤣", "😆", "😜", "😝",
              "哈哈", "嘿嘿", "呵呵", "嘻嘻", "kidding", "joking", "jk", "j/k", " /s", "yeah right",
              "ya right", "yea right", "like i'd", "like i’d",
              "like i ", "as if i", "messing", "your leg", "玩笑", "逗你", "骗你",
              "说着玩", "瞎说", "瞎扯", "胡说")
_LAUGHING = re.compile(rf"(?<![A-Za-z])(?:{_LAUGH_EN}|{_LAUGH_ZH})(?![A-Za-z])", re.I)

#: where clauses end (the mark kept with its clause)
_CLAUSE = re.compile(r"[^,，.。!！?？;；\n]+[,，.。!！?？;；\n]*|[,，.。!！?？;；\n]+")


def is_joke_marker(clause: str) -> bool:
    """The clause only owns up to a joke: just kidding, jk, I'm joking, /s, 开玩笑的, 逗你的 (laughter beside it)."""
    c = re.sub(r"[\s,，.。!！?？;；~～…]+$", "", clause.strip())
    c = re.sub(r"^[\s,，.。!！~～…]+", "", c)
    return bool(c) and not _NOT_KIDDING.search(c) and bool(_MARKER_EN.match(c) or _MARKER_ZH.match(c))


def _clauses(text: str) -> list[tuple[str, bool]]:
    """The clauses of ``text`` (each with its end mark), quotations never cut, and whether each ends a sentence."""
    quoted = quote_spans(text)
    out: list[list] = []
    pos = 0
    for m in _CLAUSE.finditer(text):
        if out and any(s < pos < e for s, e in quoted):
            out[-1][0] += m.group()
        else:
            out.append([m.group(), False])
        pos = m.end()
        out[-1][1] = re.search(r"[.。!！?？;；\n]\s*$", out[-1][0]) is not None
    return [(c, end) for c, end in out]


def _is_sarcasm(clause: str, before: str) -> bool:
    """The clause is said sarcastically (a frame of its own, or 呵呵 after an over-the-top liking ``before``)."""
    c = clause.strip()
    return bool(_YEAH_RIGHT.match(c) or _LIKE_ID.match(c) or _SLASH_S.search(" " + c)
                or _HEHE.match(c) and (m := _ZH_OVER.search(before)) is not None
                and _ZH_BURDEN.search(before, m.end()) is not None)


def without_jokes(text: str) -> str:
    """``text`` without the claims taken back as jokes, the sarcastic clauses and the laughter around facts (see the
    module's doc): ``I'm a billionaire, just kidding.`` → ``""``; ``Yeah right, like I'd ever go skydiving.`` → ``""``;
    ``I got a puppy lol`` → ``I got a puppy``; ``Just kidding, I'm actually a nurse.`` → ``I'm actually a nurse.``.
    ``text`` itself when nothing changes."""
    low = text.casefold()
    if not any(w in low for w in _ANY_WORDS):
        return text
    parts = _clauses(text)
    drop = [False] * len(parts)
    joked = any(is_joke_marker(c) for c, _ in parts)
    for i, (c, _) in enumerate(parts):
        if is_joke_marker(c):
            drop[i] = True
            j = i - 1  # the claim taken back: the clauses before it in its sentence, or the sentence before
            if j >= 0 and parts[j][1]:
                j_end = j
                while j >= 0 and (j == j_end or not parts[j][1]):
                    drop[j] = True
                    j -= 1
            else:
                while j >= 0 and not parts[j][1]:
                    drop[j] = True
                    j -= 1
        elif _is_sarcasm(c, parts[i - 1][0] if i else ""):
            drop[i] = True
            if _HEHE.match(c.strip()) and i:
                drop[i - 1] = True
            if _YEAH_RIGHT.match(c.strip()) and i + 1 < len(parts) and not parts[i][1]:
                drop[i + 1] = True
            if _SLASH_S.search(" " + c.strip()):  # "/s" marks its whole sentence
                j = i - 1
                while j >= 0 and not parts[j][1]:
                    drop[j] = True
                    j -= 1
        elif (_LAUGHING.search(c) or joked or i + 1 < len(parts) and not re.search(
                r"\w", _LAUGHING.sub("", parts[i + 1][0]))) and _OUTLANDISH.search(c):  # said laughing, or among jokes
            drop[i] = True
    kept: list[str] = []
    for (c, _), d in zip(parts, drop, strict=True):
        if not d:
            body, marks = re.match(r"(.*?)([\s,，.。!！?？;；\n]*)$", c, re.S).groups()
            bare = _LAUGH_EDGE.sub("", body)
            if kept and re.search(r"\w", _LAUGHING.sub("", kept[-1])) and not re.search(
                    r"\w", _LAUGHING.sub("", body)) and _LAUGHING.search(body):
                # a clause of laughter alone after what is said (我太喜欢这家店了，呵呵): cut, its end mark kept
                kept[-1] = re.sub(r"[\s,，.。!！?？;；\n]*$", "", kept[-1]) + marks
                continue
            kept.append((bare.rstrip() if re.search(r"\w", bare) else body) + marks)
    out = "".join(kept).strip()
    out = re.sub(r"^[\s,，、。.;；:：]+", "", out)
    out = re.sub(r"[,，、;；:：]+$", "", out).strip()
    if any(drop) and not re.search(r"\w", _LAUGHING.sub("", out)):
        out = ""  # the laugh the joke was told with goes with it
    return text if out == text.strip() else out
