# ruff: noqa: E501  (data lists: one case per line reads best)
"""Build ``goldset/extraction.jsonl``: utterance → the candidate facts an extractor should
produce (statement, kind, slot), or none. All cases written by hand for memcli.

Run from the repo root:  python goldset/src/build_extraction.py

Line format: ``{"id", "utterance", "role", "lang", "category", "expected": [{"statement",
"kind", "slot"}]}``. ``expected == []`` means "no memory": chatter, questions, the assistant's
own turns and calendar-like plans (memory is not a calendar source). Statements are written
in the user's first person, as the design's examples (我咖啡不加糖, My sister lives in Lyon).
Slots are ``subject.attribute`` with the user's own attributes unprefixed (``residence``),
relatives prefixed (``mother.birthday``); they are a guide for conflict spotting, so a scorer
should compare kinds exactly and statements/slots loosely.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
ROOT = HERE.parents[1]

import cases_en  # noqa: E402
import cases_zh  # noqa: E402


def c(statement: str, kind: str, slot: str | None, alt: tuple[str, ...] = ()) -> dict:
    return {"statement": statement, "kind": kind, "slot": slot, **({"alt": list(alt)} if alt else {})}


ZH = [
    ("我咖啡不加糖", "preference", [c("我咖啡不加糖", "preference", "coffee.sugar")]),
    ("对了，我喝咖啡从来不放糖的", "preference", [c("我喝咖啡从来不放糖", "preference", "coffee.sugar")]),
    ("我妈妈的生日是3月5号", "relationship", [c("我妈妈的生日是3月5号", "relationship", "mother.birthday")]),
    ("我姐姐住在成都，她是建筑师", "relationship",
     [c("我姐姐住在成都", "relationship", "sister.residence"), c("我姐姐是建筑师", "relationship", "sister.job")]),
    ("我叫王伟", "identity", [c("我叫王伟", "identity", "name")]),
    ("我住在上海浦东", "identity", [c("我住在上海浦东", "identity", "residence")]),
    ("我在腾讯工作，做产品经理", "identity",
     [c("我在腾讯工作", "identity", "employer"), c("我是产品经理", "identity", "job")]),
    ("我对花生过敏，吃一点都不行", "health", [c("我对花生过敏", "health", "peanuts.allergy", alt=("我对花生过敏，吃一点都不行",))]),
    ("我不吃辣", "preference", [c("我不吃辣", "preference", "spicy.preference")]),
    ("我讨厌香菜", "preference", [c("我讨厌香菜", "preference", "cilantro.preference")]),
    ("我很喜欢猫", "preference", [c("我很喜欢猫", "preference", "cats.preference")]),
    ("我每天早上跑步5公里", "habit", [c("我每天早上跑步5公里", "habit", "running")]),
    ("我经常周末去爬山", "habit", [c("我经常周末去爬山", "habit", "hiking")]),
    ("我老公是医生", "relationship", [c("我老公是医生", "relationship", "husband.job")]),
    ("我儿子今年8岁了", "relationship", [c("我儿子今年8岁", "relationship", "son.age")]),
    ("我有糖尿病，要控制饮食", "health", [c("我有糖尿病", "health", "diabetes")]),
    ("我现在喝咖啡开始加糖了", "preference", [c("我现在喝咖啡加糖", "preference", "coffee.sugar")]),
    ("我是素食者", "preference", [c("我是素食者", "preference", "diet")]),
    ("我爸爸的生日是10月1号，跟国庆同一天", "relationship",
     [c("我爸爸的生日是10月1号", "relationship", "father.birthday")]),
    ("我养了两只猫，一只叫咪咪", "other",
     [c("我养了两只猫", "other", "pets.cats"), c("我的一只猫叫咪咪", "other", "pets.cat_name")]),
    # not memories
    ("明天下午三点开会", "calendar", []),
    ("下周二上午十点去看牙医", "calendar", []),
    ("提醒我周五交报告", "calendar", []),
    ("今晚七点和朋友吃饭", "calendar", []),
    ("今天天气真好", "chatter", []),
    ("哈哈，好的", "chatter", []),
    ("谢谢你的帮助！", "chatter", []),
    ("嗯嗯，我知道了", "chatter", []),
    ("你觉得咖啡加糖好吗？", "question", []),
    ("北京今天多少度？", "question", []),
    ("你能帮我写一封邮件吗？", "question", []),
    ("我妈妈的生日是几号来着？", "question", []),
    ("我今天有点累", "chatter", []),
    ("我刚吃完午饭", "chatter", []),
]

EN = [
    ("I take my coffee without sugar", "preference", [c("I take my coffee without sugar", "preference", "coffee.sugar")]),
    ("btw I never put sugar in my coffee", "preference", [c("I never put sugar in my coffee", "preference", "coffee.sugar")]),
    ("My mother's birthday is March 5", "relationship", [c("My mother's birthday is March 5", "relationship", "mother.birthday")]),
    ("My sister lives in Lyon and works as a nurse", "relationship",
     [c("My sister lives in Lyon", "relationship", "sister.residence"),
      c("My sister works as a nurse", "relationship", "sister.job")]),
    ("My name is Daniel", "identity", [c("My name is Daniel", "identity", "name")]),
    ("I live in Berlin", "identity", [c("I live in Berlin", "identity", "residence")]),
    ("I work at Google as a data scientist", "identity",
     [c("I work at Google", "identity", "employer"), c("I'm a data scientist", "identity", "job")]),
    ("I'm allergic to peanuts", "health", [c("I'm allergic to peanuts", "health", "peanuts.allergy")]),
    ("I hate spicy food", "preference", [c("I hate spicy food", "preference", "spicy.preference")]),
    ("I love cats", "preference", [c("I love cats", "preference", "cats.preference")]),
    ("I don't like cats", "preference", [c("I don't like cats", "preference", "cats.preference")]),
    ("I prefer tea over coffee", "preference", [c("I prefer tea over coffee", "preference", "drink.preference")]),
    ("I usually run 5 km every morning", "habit", [c("I run 5 km every morning", "habit", "running")]),
    ("I go swimming every Saturday", "habit", [c("I go swimming every Saturday", "habit", "swimming")]),
    ("My husband is a doctor", "relationship", [c("My husband is a doctor", "relationship", "husband.job")]),
    ("My son is 8 years old", "relationship", [c("My son is 8 years old", "relationship", "son.age")]),
    ("I have type 2 diabetes", "health", [c("I have type 2 diabetes", "health", "diabetes")]),
    ("I'm vegetarian", "preference", [c("I'm vegetarian", "preference", "diet")]),
    ("My dad's birthday is October 1st", "relationship",
     [c("My dad's birthday is October 1st", "relationship", "father.birthday")]),
    ("I have two cats, one of them is called Luna", "other",
     [c("I have two cats", "other", "pets.cats"), c("One of my cats is called Luna", "other", "pets.cat_name")]),
    # not memories
    ("Meeting tomorrow at 3pm", "calendar", []),
    ("Dentist appointment next Tuesday at 10am", "calendar", []),
    ("Remind me to send the report on Friday", "calendar", []),
    ("Dinner with friends tonight at 7", "calendar", []),
    ("Nice weather today", "chatter", []),
    ("haha ok", "chatter", []),
    ("Thanks for your help!", "chatter", []),
    ("Got it, thanks", "chatter", []),
    ("Do you think coffee with sugar is bad?", "question", []),
    ("What's the temperature in Paris today?", "question", []),
    ("Can you help me write an email?", "question", []),
    ("When is my mom's birthday again?", "question", []),
    ("I'm a bit tired today", "chatter", []),
    ("I just had lunch", "chatter", []),
]

# The assistant's turns are never the user's facts, whatever they say.
ASSISTANT = [
    ("好的，我记住了：你咖啡不加糖。", "zh"),
    ("我住在云端服务器上，哈哈。", "zh"),
    ("Sure! I love cats too.", "en"),
    ("My name is Assistant and I live in the cloud.", "en"),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "goldset" / "extraction.jsonl")
    out = ap.parse_args().out
    rows = []
    for lang, cases in (("zh", ZH), ("en", EN)):
        for utt, cat, expected in cases:
            rows.append({"id": f"x-{lang}-{len(rows) + 1:03d}", "utterance": utt, "role": "user", "lang": lang,
                         "category": "none:" + cat if not expected else cat, "expected": expected})
    for utt, lang in ASSISTANT:
        rows.append({"id": f"x-{lang}-{len(rows) + 1:03d}", "utterance": utt, "role": "assistant", "lang": lang,
                     "category": "none:assistant", "expected": []})
    # second set (cases_zh, cases_en): written blind to the rule code, one category per case;
    # the fourth batch (CASES4, issue 19's kinds) after every older case, so no old id moves
    batches = [(lang, mod.CASES) for lang, mod in (("zh", cases_zh), ("en", cases_en))]
    batches += [(lang, mod.CASES4) for lang, mod in (("zh", cases_zh), ("en", cases_en))]
    batches += [("en", cases_en.CASES13)]  # round 13: English stops of a habit
    batches += [(lang, mod.CASES15) for lang, mod in (("zh", cases_zh), ("en", cases_en))]  # round 15: chatter, pronoun habits
    # round 17 (English jobs with modifiers, plural attribute words, trips): kept in a file of their own while a new
    # group re-drew every fold of the clause model's CV; folds by a hash of the group (memcli.clause_fit._folds) end that
    batches += [("en", cases_en.CASES17)]
    for lang, entries in batches:
        for entry in entries:
            cat, utt, expected = entry[:3]
            opts = entry[3] if len(entry) > 3 else {}
            assert cat.startswith("none:") == (not expected), (utt, cat)
            row = {"id": f"x-{lang}-{len(rows) + 1:03d}", "utterance": utt, "role": opts.get("role", "user"),
                   "lang": lang, "category": cat, "expected": expected}
            row.update({k: v for k, v in opts.items() if k in ("at", "script")})
            rows.append(row)
    with out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} cases -> {out}")


if __name__ == "__main__":
    main()
