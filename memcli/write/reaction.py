"""Is a clause a reaction to the other speaker? ("I love that idea", "I'm so happy for you, Sam",
"I totally agree", 我支持你, 为你高兴)

A reaction tells how the speaker takes what the other one just said — liking *that*, *it* or *your
idea*, being glad or proud *for you*, agreeing, understanding — not a fact about the speaker that a
later question could need. As a memory it is wrong twice: "I love the thought" stored as a liking of
"thought", "I'm always here for you, Mia" as a habit keyed by the name it addresses. So a candidate
whose statement is one is never decided on (:func:`memcli.write.guard.keep`), and a clause that is one
is chatter (:func:`memcli.write.chatter.is_chatter_clause`: a turn of nothing else is no episode).

A reaction's object is the conversation itself: a pronoun or demonstrative standing alone (that, this,
it, those), the other one's idea/plan/attitude (your idea, the thought, the sound of that), the other
one (for you, of you, with you). A demonstrative before a noun ("I love that band", 我喜欢那家店) names
a thing: a liking, kept. A name the clause ends on ("…, Sam") is who it is said to, not part of it.

The same holds for a remark about the talk itself ("This is our first chat", "We can keep chatting about this
tomorrow", "Let's stay in touch", 我们可以聊聊别的, 和你聊天很开心) and a request made of the other one with no
subject ("Share with me", "Feel free to send me some too", "Let me know"): what is said to the other speaker,
never a fact of the speaker's world.
English and Chinese; anything else is no reaction.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.rx import rx

__all__ = ["is_reaction", "reaction_lead"]

_EN_ADV = (r"(?:really|truly|totally|absolutely|completely|just|so|too|also|do|definitely|always|still|very|"
           r"honestly|100%)")
#: what a reaction is about: the conversation (that, it, your idea, what you said), not a thing it names
_EN_ABOUT = (r"(?:that|this|it|those|these|them|all (?:that|this|of (?:that|this|it))"
             r"|(?:the|that|this|your) (?:idea|thought|plan|suggestion|advice|tip|attitude|mindset|outlook|spirit|"
             r"energy|enthusiasm|positivity|optimism|dedication|determination|passion|creativity|courage|"
             r"perspective|approach|way of thinking|vibe|vibes|support|help|kindness|kind words|encouragement|"
             r"words|honesty|patience)"
             r"|the sound of (?:that|it|this)|what you (?:said|say|did|do|wrote|mean|are doing|'re doing)"
             r"|how you (?:think|see it|put it|handled it|did it))")
_EN_FEEL = r"(?:love|like|adore|appreciate|admire|enjoy|dig|respect|agree with|second)"
_EN_FOR_YOU = (r"(?:here for you|there for you|with you|(?:happy|glad|thrilled|excited|proud|so happy) for you|"
               r"proud of you|rooting for you|behind you|on your side|in your corner|"
               r"(?:sorry|glad|happy|sad) to hear(?: (?:that|it|this|about that))?)")
_EN_KNOW = (r"(?:agree|understand|hear you|feel you|get (?:it|that|you)|know (?:what you mean|the feeling|right)|"
            r"can (?:imagine|relate|tell|see that|see why)|bet|see what you mean|feel the same(?: way)?)")
_EN_TAIL = (r"(?:\s+(?:so much|a lot|too|as well|already|now|though|totally|completely|100%|"
            r"(?:with|about) (?:you|that)))*")
#: glad/happy/sorry … about the other one, the subject said or not ("Glad you found a good vet", "so happy you came")
_EN_GLAD_YOU = (r"(?:glad|happy|sorry|thrilled|relieved|proud|excited) (?:that )?"
                r"you(?:'re|'ve|'d| are| have| had| did)?\b.*")
#: "I'd love that", "(It's) great to hear", "Good to know": a reply that says nothing of its own
_EN_REPLY = (r"(?:i'd (?:love|like) (?:that|it|to|this)|(?:it's |that's )?(?:great|good|nice|so good|awesome|"
             r"wonderful|lovely|sad) to (?:hear|know|see)(?: (?:that|it|this|about that))?)")
_EN = re.compile(
    rf"^(?:(?:oh|wow|aw+|omg|well|yeah|yes|haha|lol|man|gosh|ah)\b[\s,!.]*)*"
    rf"(?:i(?:'m| am)?\s+(?:{_EN_ADV}\s+)*(?:{_EN_FEEL}\s+{_EN_ABOUT}|{_EN_FOR_YOU}|{_EN_KNOW}){_EN_TAIL}[\s.!~]*$"
    rf"|(?:i(?:'m| am)\s+)?(?:{_EN_ADV}\s+)*{_EN_GLAD_YOU}$"
    rf"|(?:{_EN_ADV}\s+)*{_EN_REPLY}{_EN_TAIL}[\s.!~]*$)")
#: reactions joined by "and" ("I'm so proud of you and so glad you're feeling better"): each one is
_EN_AND = re.compile(r",?\s+and\s+")
#: "…, Sam" / "… Sam!" at the end: who the reaction is said to
_EN_VOCATIVE = re.compile(r"[\s,]+[A-Z][a-z]+(?: [A-Z][a-z]+)?[\s.!~]*$")

#: a remark about the conversation itself: our chat, staying in touch, talking with you, chatting on later
_EN_TALK = re.compile(
    r"\b(?:our|this|today's) (?:[a-z]+ )?(?:chat|conversation)s?\b(?! (?:app|group|room|service|bot|window)s?\b)"
    r"|\b(?:stay|keep) in touch\b(?! with (?!you\b|each other\b))|\b(?:talk|chat|speak)(?:ing|ting)? (?:to|with) you\b"
    r"|^(?:i hope |maybe )?(?:we|let's|let us) (?:can |could |should |will |'ll )?(?:keep |continue (?:to )?)?"
    r"(?:chat|talk)(?:ting|ing)?(?: more)? (?:about|again|later|tomorrow|soon|more|sometime)\b")
#: a request made of the other one, no subject before it ("Share with me", "Feel free to send me some", "Let me know")
_EN_ASK = re.compile(r"^(?:please |so |just |and )?(?:feel free to \w+|share|send|tell|show|give|let|recommend|suggest|"
                     r"teach|remind|keep|bring|text|email|message)\b(?:\s+[\w']+){0,8}?\s+(?:me|us)\b")
_ZH_TALK = re.compile(r"^(?:那|嗯|好|好的)?[，,]?我们(?:可以|再|以后|下次|明天|改天|继续|就)+聊"
                      r"|(?:跟|和|同)你(?:一起)?聊(?:天)?|我们(?:的)?第一次聊天|(?:下次|改天|回头|明天)再聊")

_ZH_IDEA = r"(?:主意|想法|点子|提议|建议|计划|打算|决定|态度|心态)"
_ZH = re.compile(
    rf"^(?:哇|哇塞|啊|哈哈+|嗯)?[，,!！\s]*"
    rf"(?:我?(?:也|真|很|特别|超|挺|好|太|非常)*(?:喜欢|爱|赞同|同意|支持|欣赏|佩服)(?:你的|这个|那个|这|那){_ZH_IDEA}"
    rf"|(?:真|好|很|特别|超|太)?(?:为你|替你)(?:感到)?(?:高兴|开心|骄傲|自豪)"
    rf"|我?(?:完全|非常|很|特别)?(?:同意|理解|明白|懂)(?:你)?(?:的(?:意思|感受|心情))?"
    rf"|我?(?:会)?(?:一直|永远|始终)?(?:支持你|挺你|陪着你|在你身边))"
    rf"(?:了|啊|呀|哦|呢|的|哈|啦|！|!|。|~|～)*$")


#: a reaction to what the other one said before a comma, then the speaker's own news ("That's awesome, I just signed
#: up for…", "Sounds great, we moved…", "Sorry to hear that, my cat was…", "Way to go, I also…"): read with the news
#: in one unit it pulled the clause model's probability down (0.001-0.3 for news it keeps at 0.94-1.0 alone). An
#: assessment of a thing it names ("That's my brother, he…", "That's Tom, …") is no reaction: the word after the
#: copula is no determiner, possessive or name
_EN_LEAD = re.compile(
    r"^(?:(?:(?:that|this|it)(?:'s| is| was| sounds| looks| seems)|sounds|looks|seems|what an?)"
    r"(?: (?:so|really|super|very|pretty|such|totally|absolutely|just|a|an))* "
    r"(?!(?:my|our|his|her|their|your|the|this|that|these|those|what|where|when|how|why|because|not|like|if|"
    r"to|for|from|in|on|at|about)\b)(?-i:[a-z]+)(?: (?-i:[a-z]+))?"
    r"|way to go|keep it up|good for you|well done|good job|great job|nice work|nice one"
    r"|(?:(?:i'm|i am) )?(?:so )?(?:sorry|glad|happy|great|good|nice) to (?:hear|know)(?: (?:that|it|this|about that))?"
    r"|i (?:totally |completely |fully )?agree|agreed|me too|same here)"
    r"\s*(?:[,!:]|\s[-–—])\s*(?=(?:i|i'm|i've|i'd|i'll|we|we're|we've|my|our|me)\b)", re.I)


def reaction_lead(sentence: str) -> int:
    """Where the news starts after a reaction that opens ``sentence`` (:data:`_EN_LEAD`: "That's awesome, I
    just…" → 16); 0 when it opens with none (English only)."""
    m = _EN_LEAD.match(sentence)
    return m.end() if m else 0


def is_reaction(clause: str) -> bool:
    """True when ``clause`` (one clause or a short statement) is only a reaction to the other speaker
    (see the module doc). Pure; cached for short clauses."""
    return _reaction(clause) if len(clause) <= 200 else False


@lru_cache(maxsize=8192)
def _reaction(clause: str) -> bool:
    c = clause.strip()
    if not c:
        return False
    if rx(r"[\u3400-\u9fff]").search(c):
        z = rx(r"\s+").sub("", c)
        return bool(_ZH.match(z) or _ZH_TALK.search(z))
    body = (_EN_VOCATIVE.sub("", c) or c).casefold().replace("’", "'")
    if _EN.match(body) or _EN_TALK.search(body) or _EN_ASK.match(body):
        return True
    parts = _EN_AND.split(body)
    return len(parts) > 1 and all(_EN.match(p) or _EN.match("i'm " + p) for p in parts)
