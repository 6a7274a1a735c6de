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
                    r" (?:just )?changed(?: again)?(?: (?:btw|by the way|lol|today))?[.!]*(?=\s|$)")
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
    return f"{'' if at_start else '. '}My {attr} is {val} now"


def restated(text: str) -> str:
    """``text`` with the readings of the module doc applied (the same string when none applies)."""
    if "changed" in text:
        text = _CHANGED.sub(_changed, text)
        text = _EMPTY.sub("", text).strip()
    if "instead" in text:
        text = _FROM_NOW.sub(_from_now, text)
    if "still" in text:
        text = _STILL_BUT.sub(_still_but, text)
    if " well " in text or "mean" in text or "sorry" in text or "rather" in text or "actually" in text:
        text = _CORRECTED.sub(lambda m: m.group("head"), text)
    if "remember" in text or "forget" in text or "note to self" in text.casefold():
        text = _REMINDER.sub("", text)
    if re.search(r"(?i)\b(?:trying|testing|checking|giving)\b", text):
        text = _TRYING.sub("", text).strip()
    return text
