"""English turns read as what they state (round 48): a value told changed, a count corrected in passing, a
reminder tail, a word about trying the tool.

- A value told changed, with its new value ("my number changed btw, the new one is 555-0111", "…and the email's
  changed again, it's me@new.org now"): read as "My number is 555-0111 now", the attribute's own statement, so
  the rules give it the attribute's slot and the decision ends the value before (it was "My number changed
  btw" — no value, a slot of its own — and the value in a clause of no slot: the old value stayed current).
  The value must look like one (a digit, an @ or a capital: "it's much better now" is no value).
- A schedule told changed ("…, so from next week the class is on Sundays at 10am instead"): read as "The class is
  on Sundays at 10am now" — it was read as a plan ("next week") and dropped; "X is still every Thursday but she's
  pushed it to 5pm": "X is every Thursday at 5pm now", the time moved and the days kept ("Rosa's call" is the
  user's: "My call with Rosa"; "because of her new job" after it: "Rosa has a new job", a sentence of its own).
- A heading before the user's clause ("Big news on the client side: I signed…"; "Christmas plan: I'm going…"):
  a heading of news is dropped, a plan's heading read as "For Christmas, …" (the clause model scored the
  headed sentence as no fact and the contract, the Christmas plans were lost). Other headings stay.
- A request agreed to ("Jonas asked if I can extend the contract to February, I said yes"): "I agreed to extend
  the contract to February, as Jonas asked".
- A thing named by "it" ("My car's an old green van, I call it the Bean"): "I call my car the Bean", so the
  name reads alone; a baby's name told in a fragment after the birth ("…had their baby on Sunday! A little girl
  called Iris.") is read as "Ben and Aisha's baby girl is called Iris" (the fragment was a memory of its
  own, naming no one, that replaced the birth's).
- A change told with no value ("My number changed btw." alone) is no memory by itself: the sentence is dropped.
- A count corrected in passing ("I have three cats, well two cats and a rabbit"): the words before "well" /
  "I mean" / "sorry" are dropped when the words after it are a count of their own (a number or "a/an").
- A note-to-self tail ("…, need to remember that", "don't let me forget") is no fact and made the turn read as
  a task: dropped, the fact before it kept.
- A word about trying the tool itself ("Trying this out so I stop losing track of things", "Testing this app
  because …") is no fact about the speaker: the sentence is dropped.

Pure function over text (:func:`restated`); :func:`memcli.write.extract._read` applies it to user turns.
"""

from __future__ import annotations

import re

from memcli.write.rules.habit_moved import kind_said

__all__ = ["restated"]

_NOT_ATTR = r"(?:plan|plans|mind|life|mood|weather|world|schedule|game|situation|thing|things|everything|it)"
#: "(and) my/the <attribute>('s / has / is) (just) changed (again) (btw), it's / the new one is <value> (now)"
_CHANGED = re.compile(
    r"(?P<lead>(?:^|(?<=[.!?;]\s)|,? and |, )\s*)(?:my|the|My|The) (?!" + _NOT_ATTR + r"\b)"
    r"(?P<attr>[a-z]+(?: [a-z]+)?)(?:'s|’s| has| is)? (?:just |finally |now )?changed(?: again)?"
    r"(?: (?:btw|by the way|today|recently|too))?(?:[,:;.!]| -| —| and)?\s+"
    r"(?:(?:it's|it’s|it is|now it's|now it is|the new one is|the new one's|the new one’s|new one is|"
    r"it's now|it is now) )(?P<val>[^\s,;!?]+(?: [^\s,;!?]+){0,3}?)(?: now)?(?=[,;!?]|\.(?:\s|$)|$)")
#: a sentence that only tells a change, no value: "My number changed btw."
_EMPTY = re.compile(r"(?:^|(?<=[.!?]\s))(?:my|the|My|The) (?!" + _NOT_ATTR + r"\b)[a-z]+(?: [a-z]+)?(?:'s|’s| has| is)?"
                    r" (?:just )?changed(?: again)?(?: (?:btw|by the way|lol|today))?(?:[.!]+(?=\s|$)|$)")
_VALUE = re.compile(r"\d|@|\b[A-Z]")
#: "I have two dogs, well one dog and a cat": the count before "well" corrected by the count after it
_COUNT = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|no)"
_CORRECTED = re.compile(r"\b(?P<head>(?:I|we|We) (?:have|own|'ve got|’ve got|have got|got) )"
                        rf"(?P<wrong>{_COUNT} [a-z]+(?: [a-z]+)?)"
                        r",? (?:well|I mean|sorry|or rather|actually|make that),? "
                        r"(?=(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|no|just one|only one) )")
_REMINDER = re.compile(r",?\s*(?:(?:I )?(?:need|have|must|gotta|got) to remember (?:that|this|it)|"
                       r"(?:don't|do not) let me forget(?: (?:that|this|it))?|note to self)(?=\s*(?:[.!]|$))", re.I)
_TRYING = re.compile(r"(?:^|(?<=[.!?]\s))(?:(?:hi|hey|hello|ok|okay|so)[!,.]?\s+)?(?:I'm |I am |just )?"
                     r"(?:trying|testing|checking|giving)(?: out)? (?:this|you|this app|this tool|this thing|"
                     r"this bot|the app)(?: out| a go| a try)? (?:so|because|since|to see)\b[^.!?]*[.!?]*\s*", re.I)

_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
#: "(, so) from next week <a thing> is on <days> (at <time>) instead": the schedule told now, the lead dropped
_FROM_NOW = re.compile(r"(?:,? (?:so|and|which means) |^|(?<=[.!?]\s))(?:from|starting|as of) (?:next (?:week|month|"
                       rf"term)|now on|this week|{_DAYS})(?: on)?,? (?P<rest>(?:the |my |our )?[A-Za-z][\w' ]{{1,40}}? "
                       rf"(?:is|are|will be) (?:on |every )?(?:{_DAYS}s?|weekends|weekdays)\b[^.!?;]{{0,40}}?)"
                       r",? instead(?=[.!?;]|$)", re.I)
#: "<it> is still <every Thursday> but <she> has pushed it to <5pm> (now)": the time moved, the days kept
_STILL_BUT = re.compile(r"(?P<what>\b[A-Z][\w']*(?: [a-z]+){1,3}) is still (?P<when>(?:every|on) [^,.;!?]{2,30}?),? "
                        r"but (?:she|he|they|we|I|[A-Z][a-z]+)(?: has| have|'s|’s|'ve) (?:pushed|moved|changed|shifted|"
                        r"bumped) (?:it|that) (?:back |forward )?to (?P<time>\d{1,2}(?::\d\d)? ?(?:am|pm)|noon)"
                        r"(?: now)?(?: because of (?:her|his|their) (?P<why>new [a-z]+(?: [a-z]+)?))?"
                        r"(?=[,.;!?]| because| since| as|$)")


def _from_now(m: re.Match[str]) -> str:
    rest = m.group("rest").replace("will be", "is")
    if kind_said(rest)[0] is not None and not rest.startswith(("my ", "My ", "our ", "Our ")):  # the user's class
        rest = "my " + re.sub(r"^(?:the|The) ", "", rest)
    lead = m.group(0)[:m.start("rest") - m.start()]
    cut = lead.startswith((",", " ")) and not lead.strip(" ").lower().startswith(("from", "starting", "as of"))
    return f"{'. ' if cut else ''}{rest[:1].upper()}{rest[1:]} now"

#: "Big news on the client side: I signed …", "Christmas plan: I'm going …": a heading before a clause of the user's
_LABEL = re.compile(r"(?:^|(?<=[.!?]\s))(?P<label>[A-Z][\w'’-]*(?: [\w'’-]+){0,5}?)\s*:\s+"
                    r"(?=(?:I|I'm|I’m|I've|I’ve|I'll|I’ll|We|We're|We’re|We've|We’ve|My|Our)\b)")
_NEWS_LABEL = re.compile(r"(?i)\b(?:news|update|updates|heads up|fyi|announcement)\b")
_PLAN_LABEL = re.compile(r"(?i)^(?P<occ>[\w'’ -]+?) plans?$")
#: "Change of plans: …", "New plan: …" head a change, not an occasion ("For Change of, …" read the plan as Change's)
_PLAN_CHANGE = re.compile(r"(?i)\b(?:change|changes|changed|of|new|updated|revised)\b")
_SEASONS = frozenset("weekend summer winter spring autumn fall holiday holidays break half-term bank".split())
#: "<Jonas> asked (me) if I can <extend the contract …>, I said yes": the user agreed to it
_ASKED_YES = re.compile(r"\b(?P<who>[A-Z][a-z]+) asked (?:me )?(?:if|whether) I (?:can|could|would|'d|’d|will) "
                        r"(?P<vp>[a-z][^,.;!?]{3,80}?),? (?:and |so )?I said yes\b")


def _label(m: re.Match[str]) -> str:
    label = m.group("label").strip()
    if _NEWS_LABEL.search(label):
        return ""
    if (p := _PLAN_LABEL.match(label)) and not _PLAN_CHANGE.search(p.group("occ")):
        occ = p.group("occ")
        the = "the " if occ.casefold() in _SEASONS else ""
        return f"For {the}{occ if occ[:1].isupper() and not the else occ.casefold()}, "
    return m.group(0)

#: "My car's an old green van, I call it the Bean": the name is the car's
_CALL_IT = re.compile(r"(?:^|(?<=[.!?]\s))(?P<head>(?:My|my) (?P<thing>[a-z]+)(?:'s|’s| is) [^.!?;]{2,80}?),? "
                      r"(?:and )?(?P<who>I|we) (?:call|named|'ve named|’ve named|nicknamed) (?:it|her|him) "
                      r"(?=(?:the )?[A-Z])")
#: "X had their baby on Sunday! A little girl called Iris.": the name told in a fragment after the birth
_BABY_NAMED = re.compile(r"(?P<who>\b[A-Z][a-z]+(?: and [A-Z][a-z]+)?) (?:had|welcomed) (?:their|her|his) (?:baby|"
                         r"little one)\b[^.!?]*[.!?]+\s+(?:A|It's a|It’s a) (?P<np>(?:(?:little|baby|healthy|"
                         r"beautiful|tiny) )*(?P<sex>girl|boy) (?:called|named) (?P<name>[A-Z][a-z]+))(?=[.!?]|$)")


#: "Rosa's call": the user's own call with Rosa (what the user said of it before: "my call with my mentor Rosa")
_THEIRS_SHARED = re.compile(r"^(?P<who>[A-Z][a-z]+)(?:'s|’s) (?P<what>call|meeting|session|lesson|class|catch-up|"
                            r"check-in|chat|sync|appointment|training)$")


def _still_but(m: re.Match[str]) -> str:
    what, why = m.group("what"), ""
    if shared := _THEIRS_SHARED.match(what):
        what = f"My {shared.group('what')} with {shared.group('who')}"
        why = f". {shared.group('who')} has a {m.group('why')}" if m.group("why") else ""
    return f"{what} is {m.group('when')} at {m.group('time')} now{why}"


def _changed(m: re.Match[str]) -> str:
    attr, val = m.group("attr"), m.group("val").rstrip(".")
    if not _VALUE.search(val):
        return m.group(0)
    at_start = not m.group("lead").strip(" ") or m.start() == 0
    end = "." if m.group("val").endswith(".") else ""  # (a dot of the sentence read into the value's)
    return f"{'' if at_start else '. '}My {attr} is {val} now{end}"


def restated(text: str) -> str:
    """``text`` with the readings of the module doc applied (the same string when none applies)."""
    if "changed" in text:
        text = _CHANGED.sub(_changed, text)
        cut, n = _EMPTY.subn("", text)
        text = cut.strip() if n else text
    if "instead" in text:
        text = _FROM_NOW.sub(_from_now, text)
    if "still" in text:
        text = _STILL_BUT.sub(_still_but, text)
    if ":" in text:
        text = _LABEL.sub(_label, text)
    if "said yes" in text:
        text = _ASKED_YES.sub(lambda m: f"I agreed to {m.group('vp')}, as {m.group('who')} asked", text)
    if " call" in text or " named " in text or "nicknamed" in text:
        text = _CALL_IT.sub(lambda m: f"{m.group('head')}, {m.group('who')} call my {m.group('thing')} ", text)
    if "baby" in text or "little one" in text:
        text = _BABY_NAMED.sub(lambda m: m.group(0)[:m.end("np") - m.start() - len(m.group("np"))].rstrip(
            "AIt's’ ") + f" {m.group('who')}'s baby {m.group('sex')} is called {m.group('name')}", text)
    if " well " in text or "mean" in text or "sorry" in text or "rather" in text or "actually" in text:
        text = _CORRECTED.sub(lambda m: m.group("head"), text)
    if "remember" in text or "forget" in text or "note to self" in text.casefold():
        text = _REMINDER.sub("", text)
    if re.search(r"(?i)\b(?:trying|testing|checking|giving)\b", text) and (cut := _TRYING.sub("", text)) != text:
        text = cut.strip()
    return text
