"""Round 47's trial A: a new English-speaking user over three months, told casually, asked differently
(written by a new user from the README only; 70 messages, 57 questions with an answer and 13 without).

    python bench/trials/round47_en_casual.py [OUTDIR]     # ~10 s; also run by bench/figures.sh

Questions are asked at the clock's now (recency weights move with the date): compare two trees in the same run.
Writes OUTDIR/results.json and prints one line per question plus the counts.
memcli: capture(at=...) per message, drain after each day, context() per question (asked "now", Dec 2026).
raw baseline: a second store where each message is `remember`ed as said (split=False), read by the same context().
All sentences are written for this trial (none from a data set).
"""

from en_harness import run

# (day, text, note)  note: W=world/small talk, T=task, H=hypothetical, ''=fact(s)
DAYS = [
    ("2026-09-01", [
        "Hey! So I'm setting this up to help me keep track of stuff. I'm Dana, I live in Portland with my partner Sam and our two kids.",  # noqa: E501
        "The kids are Milo, who's 7, and Ruby, she just turned 4 last week.",
        "What's the capital of Australia again?",
        "I work as a data analyst at Brightwater Insurance, been there almost five years, honestly it's getting stale.",
    ]),
    ("2026-09-03", [
        "Sam breaks out in hives from shellfish, so no shrimp at the anniversary dinner, obviously.",
        "Our anniversary is on September 19th by the way, ten years this time.",
        "I'm not a morning person at all, don't even try to schedule me before 9.",
        "Can you give me a recipe for banana bread?",
    ]),
    ("2026-09-08", [
        "Had an interview last Friday with a company called Lumen Health for a senior analytics role. The hiring manager, Priya Nair, was lovely.",  # noqa: E501
        "If I ever got a dog it would be a corgi, but Sam says absolutely not.",
        "We do have a cat though, an old grey tabby named Biscuit.",
        "My mom lives in Tucson and she's coming to visit in two weeks.",
        "Nothing exciting this weekend, just laundry and watching the Timbers lose.",
    ]),
    ("2026-09-12", [
        "Twisted my ankle playing pickup basketball this morning, ugh. Doctor says it's a sprain, no running for six weeks.",  # noqa: E501
        "Lol great timing since I signed up for the Portland half marathon in October.",
        "How many people live in Tokyo?",
    ]),
    ("2026-09-16", [
        "Got the offer from Lumen! Senior analytics lead. I start on October 5th.",
        "Gave my notice at Brightwater today, my boss Greg took it surprisingly well.",
        "The salary bump is about 20 percent, which should help with the house fund.",
        "We're saving for a down payment, trying to hit 60k by next summer.",
    ]),
    ("2026-09-21", [
        "Mom got in yesterday. She's staying till Thursday.",
        "She's allergic to cats, so Biscuit is banished to the garage office, poor guy.",
        "Sam's parents are driving up from Eugene next weekend too, so it's going to be a full house.",
        "Sam thinks I work too much. She's probably right.",
    ]),
    ("2026-09-28", [
        "Anniversary dinner was great, we went to that Italian place on Alberta Street.",
        "Also my brother Theo got engaged! He's marrying his girlfriend Hannah next spring.",
        "Actually they just moved the wedding up to November 14th because Hannah's grandmother is sick.",
        "Tell me a joke about accountants.",
    ]),
    ("2026-10-05", [
        "First day at Lumen today. My manager is Priya, the one who interviewed me.",
        "The commute is way better, it's a 15 minute bike ride instead of 45 minutes on the bus.",
        "Had to drop out of the half marathon because of the ankle, obviously.",
    ]),
    ("2026-10-10", [
        "My doctor switched me from lisinopril to amlodipine for my blood pressure, the old one gave me a cough.",
        "I should take it in the evening, she said.",
        "I'm lactose intolerant so the pizza party at work was a gamble.",
        "What's the difference between a virus and bacteria?",
    ]),
    ("2026-10-17", [
        "We found a house! It's in Beaverton, three bedrooms, a big yard.",
        "Closing is set for November 2nd, and we move in the weekend after.",
        "Ruby started preschool this week, she cried for ten minutes and then refused to leave.",
        "Milo is obsessed with dinosaurs right now, he wants a T-rex cake for his birthday in January.",
        "My best friend Jess is moving to Denver in December, which is sad.",
    ]),
    ("2026-10-24", [
        "Sam got promoted to head nurse at St. Vincent's, so proud of her.",
        "We were planning a trip to Mexico for Christmas but with the move we're just going to do Sam's parents' place in Eugene instead.",  # noqa: E501
        "I've been getting into sourdough baking, my starter is called Doughy Parton.",
        "I don't drink coffee, just green tea, in case you were wondering.",
        "I play in a board game group on Thursdays, mostly Catan and Wingspan.",
    ]),
    ("2026-10-31", [
        "Took the kids trick-or-treating. Milo was a stegosaurus, Ruby was a bumblebee.",
        "My ankle is finally better, I went on a short jog yesterday.",
        "I'm not doing the half marathon next year either, I'll stick to cycling.",
        "What's the weather like in Seattle in November usually?",
    ]),
    ("2026-11-03", [
        "We closed on the house yesterday!! Homeowners!",
        "Sam's mom is going to watch the kids while we move.",
        "Her name is Linda, she's a retired schoolteacher.",
    ]),
    ("2026-11-09", [
        "Moved in this weekend. Everything is in boxes but we're in the new place in Beaverton.",
        "Biscuit hid under the bed for two days.",
        "We're going to redo the kitchen in the spring, thinking white oak cabinets.",
        "Our new address is on Maple Court, but I'll spare you the number.",
    ]),
    ("2026-11-15", [
        "Theo's wedding was yesterday, I gave a toast and only cried a little.",
        "Hannah's a veterinarian, so she's already offered to take care of Biscuit's teeth.",
        "My dad didn't come, he and Theo haven't spoken in years.",
    ]),
    ("2026-11-20", [
        "Started learning guitar, practicing 20 minutes a night.",
        "Priya put me in charge of the claims dashboard project.",
        "I'm thinking about a trip to Japan next fall, just Sam and me.",
        "Jess's last day in Portland is December 12th, we're throwing her a goodbye dinner.",
        "Should I learn Python or R for data work?",
    ]),
    ("2026-11-27", [
        "Thanksgiving at our new place, 12 people. I made a sourdough stuffing.",
        "My sister-in-law Hannah brought a pecan pie.",
        "Oh and we decided to get the kitchen done in February instead, the contractor had an opening.",
        "The contractor is a guy named Marco Ruiz.",
        "Also we switched the kids to a new pediatrician, Dr. Okafor, closer to the new house.",
        "Goal for next year: pay off the car loan by June.",
    ]),
]

# (question, expected: list of any-of groups (all groups must match), stale words that must not be the answer, kind)
# expected None => nothing should be injected.
Q = [
    ("What's my partner allergic to?", [["shellfish"]], [], "paraphrase/other"),
    ("What are my kids called?", [["milo"], ["ruby"]], [], "paraphrase"),
    ("How old is my daughter?", [["4", "four"]], [], "paraphrase"),
    ("Where do I work these days?", [["lumen"]], ["brightwater"], "current"),
    ("What was my previous job?", [["brightwater"]], [], "history"),
    ("Who's my boss?", [["priya"]], ["greg"], "current"),
    ("When did I start at my current company?", [["october 5", "oct 5", "10-05", "5 oct"]], [], "time"),
    ("How long have I been at Lumen?", [["october", "oct", "10-05", "since"]], [], "time"),
    ("Where's home for me now?", [["beaverton"]], ["portland"], "current"),
    ("When did we move?", [["nov", "11-0"]], [], "time"),
    ("What am I taking for my blood pressure?", [["amlodipine"]], ["lisinopril"], "current"),
    ("Why did my doctor change my medication?", [["cough"]], [], "paraphrase"),
    ("What time of day should I take my pills?", [["evening"]], [], "paraphrase"),
    ("Did I get hurt recently?", [["ankle", "sprain"]], [], "paraphrase"),
    ("When did I hurt my ankle?", [["sep 12", "september 12", "09-12", "12 sep"]], [], "time"),
    ("Am I running the half marathon?", [["drop", "not doing"]], [], "yes/no"),
    ("Do I have a dog?", [["biscuit", "cat", "no dog"]], ["corgi"], "yes/no/hypothetical"),
    ("What's my pet called?", [["biscuit"]], [], "paraphrase"),
    ("Who in my family can't be around cats?", [["mom", "mother"]], [], "others"),
    ("Where does my mother live?", [["tucson"]], [], "others"),
    ("When did my mom come to visit?", [["sep 2", "september 2", "09-2", "sep 1", "09-1"]], [], "time"),
    ("When is our wedding anniversary?", [["september 19", "sep 19", "19th", "09-19"]], [], "paraphrase"),
    ("How many years have Sam and I been together?", [["ten", "10"]], [], "paraphrase"),
    ("When did my brother get married?", [["november 14", "nov 14", "11-14", "14th"]], ["spring"], "time/current"),
    ("Who did Theo marry?", [["hannah"]], [], "others"),
    ("What does my sister-in-law do for a living?", [["veterinarian", "vet"]], [], "others"),
    ("What's my mother-in-law's name?", [["linda"]], [], "others"),
    ("What did Linda do before she retired?", [["teacher"]], [], "others"),
    ("What does Sam do for work?", [["nurse"]], [], "others"),
    ("Where do Sam's parents live?", [["eugene"]], [], "others"),
    ("Where are we spending Christmas?", [["eugene"]], ["mexico"], "current/plan"),
    ("Are we going to Mexico for the holidays?", [["eugene", "instead"]], [], "yes/no/plan"),
    ("What am I saving up for?", [["down payment", "house"]], [], "paraphrase"),
    ("How much money are we trying to put aside?", [["60k", "60"]], [], "paraphrase"),
    ("When is the kitchen getting redone?", [["february"]], ["spring"], "current/plan"),
    ("What cabinets do we want?", [["white oak"]], [], "paraphrase"),
    ("Who's our contractor?", [["marco"]], [], "others"),
    ("What kind of bread do I bake?", [["sourdough"]], [], "paraphrase"),
    ("What did I name my starter?", [["doughy"]], [], "paraphrase"),
    ("Do I drink coffee?", [["green tea", "don't drink coffee"]], [], "yes/no/negation"),
    ("Can I eat dairy?", [["lactose"]], [], "yes/no/paraphrase"),
    ("Would a 7am meeting work for me?", [["morning person", "before 9"]], [], "yes/no/negation"),
    ("What instrument am I learning?", [["guitar"]], [], "paraphrase"),
    ("What project am I leading?", [["claims dashboard", "dashboard"]], [], "paraphrase"),
    ("What cake does my son want?", [["t-rex", "dinosaur"]], [], "others"),
    ("What is my son into?", [["dinosaur"]], [], "others"),
    ("How did my daughter's first week of preschool go?", [["cried", "refused"]], [], "others"),
    ("Where is my best friend relocating?", [["denver"]], [], "others"),
    ("When does Jess leave town?", [["december 12", "dec 12", "12-12", "12th"]], [], "others/time"),
    ("Where might I travel next year?", [["japan"]], [], "plan"),
    ("What did we do for Thanksgiving?", [["12 people", "stuffing", "thanksgiving"]], [], "event"),
    ("Who's the kids' doctor?", [["okafor"]], [], "others/current"),
    ("What are my money goals for next year?", [["car loan"]], [], "plan"),
    ("How do I get to the office?", [["bike", "cycl"]], ["bus"], "paraphrase/current"),
    ("What do I do on Thursday evenings?", [["board game", "catan"]], [], "paraphrase"),
    ("Is my dad on speaking terms with my brother?", [["haven't spoken", "spoken"]], [], "yes/no/others"),
    ("What was Milo for Halloween?", [["stegosaurus"]], [], "others"),
    # nothing should be injected
    ("What's the capital of Canada?", None, [], "world"),
    ("How tall is Mount Everest?", None, [], "world"),
    ("Write me a haiku about autumn.", None, [], "task"),
    ("What's my blood type?", None, [], "unknown-personal"),
    ("Where did I go to college?", None, [], "unknown-personal"),
    ("What's my favorite movie?", None, [], "unknown-personal"),
    ("How do I convert Celsius to Fahrenheit?", None, [], "world"),
    ("Who won the World Cup in 2022?", None, [], "world"),
    ("What's my shoe size?", None, [], "unknown-personal"),
    ("Do I have any tattoos?", None, [], "unknown-personal"),
    ("Explain how a mortgage works.", None, [], "world-sharing-topic"),
    ("What's my father's name?", None, [], "unknown-personal"),
    ("What breed is my dog?", None, [], "hypothetical-only"),
]


def main() -> None:
    run(DAYS, Q, user="dana", prefix="trial47a_")


if __name__ == "__main__":
    main()
