"""The words of a request for a suggestion or a choice put to the assistant, one definition for the two readings
that build their patterns from them: :func:`memcli.read.time_intent.suggestion_asked` (a time word in such a
request says when the thing is to be done, round 43) and :func:`memcli.read.domain_request.request_domains` (a loose
request hands over its domain's facts, round 44). Each is a regular-expression alternation (no group), to be put
inside ``(?:…)``; English ones are matched case-insensitively by their users."""

from __future__ import annotations

__all__ = ["ADVICE_EN", "ASK_EN", "ASK_ZH", "CONSENT_ZH", "WHETHER_ZH"]

#: the verbs of asking for a suggestion: "can you suggest …", "recommend a …"
ASK_EN = r"suggest|recommend"
#: the nouns of a suggestion asked for: "any ideas?", "suggestions for …"
ADVICE_EN = r"ideas?|suggestions?|recommendations?"
#: 推荐, 建议: 给我推荐…, 你有什么建议
ASK_ZH = r"推荐|建议"
#: asking the hearer's consent to a plan: 周三晚上约朋友吃饭可以吗
CONSENT_ZH = r"可以吗|好吗|行吗"
#: 要不要: whether to do a thing
WHETHER_ZH = r"要不要"
