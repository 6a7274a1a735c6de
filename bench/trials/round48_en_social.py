"""Round 48's trial A: a new English-speaking user (a freelancer with a busy social life) over three months, told
casually, asked differently (written by a new user from the README only; 70 messages, 48 questions with an answer
and 13 without).

    python bench/trials/round48_en_social.py [OUTDIR]     # ~15 s

Questions are asked at the clock's now (recency weights move with the date): compare two trees in the same run.
Writes OUTDIR/results.json and prints one line per question plus the counts.
memcli: capture(at=...) per message, drain after each day, context() per question (asked "now", Dec 2026).
raw baseline: a second store where each message is `remember`ed as said (split=False), read by the same context().
All sentences are written for this trial (none from a data set).
"""

from en_harness import run

DAYS = [
    ("2026-09-02", [
        "Hi! Trying this out so I stop forgetting everyone's news. I'm Nadia, I freelance as a UX designer, mostly for small startups.",  # noqa: E501
        "Been doing pottery for six years now, it's basically my therapy. Class is Tuesday nights at the Clayhouse studio.",  # noqa: E501
        "What's the tallest building in the world right now?",
        "I have two dogs, well one dog and one very entitled cat: Pickle is the beagle and Juniper is the cat.",
    ]),
    ("2026-09-05", [
        "Coffee with Maya today. She finally quit the law firm and she's training to be a pastry chef, which honestly suits her way better.",  # noqa: E501
        "My standing call with my mentor Rosa is every other Thursday at 4, we talk portfolio stuff.",
        "My number changed btw, the new one is 555-0182. The old 555-0147 is dead.",
        "Maya's boyfriend Dev is a firefighter, they've been together about three years.",
    ]),
    ("2026-09-09", [
        "Grew up in Leeds, moved to Bristol for uni and then never left.",
        "First real job was at a call centre selling broadband, I lasted eight months lol.",
        "Can you explain how compound interest works?",
        "Ben and Aisha had their baby last Sunday! A little girl called Iris.",
    ]),
    ("2026-09-14", [
        "Went to see Fontaines D.C. at the Marble Factory on Saturday, absolutely deafening, loved it.",
        "My side thing, the sticker shop on Etsy, did 40 orders this month which is a record.",
        "It's called Small Hours Studio, I sell little illustrated stickers and prints.",
        "If I had the money I'd buy a tiny cottage in Cornwall, but that's never happening.",
    ]),
    ("2026-09-18", [
        "Tom from the co-working space is moving to Lisbon in October, he got a remote job that lets him.",
        "He's the one who helped me fix my van's clutch last spring.",
        "My car's an old green VW Transporter, I call it the Pea.",
        "Nice weather today, finally.",
    ]),
    ("2026-09-24", [
        "Rosa had to move our call this week, she's in Berlin for a conference.",
        "Hoping to run the Bath half next year, and maybe a full marathon the year after if my knees survive.",
        "I'm not a fan of spicy food at all, Maya keeps trying to convert me.",
        "Who wrote Pride and Prejudice?",
    ]),
    ("2026-10-01", [
        "Big news on the client side: I signed a three-month contract with Fernway, a travel app, starting October 12th.",  # noqa: E501
        "The product lead there is called Jonas Weber, seems sharp.",
        "Also Pickle ate a sock. Vet says he'll be fine, 180 quid later.",
    ]),
    ("2026-10-06", [
        "Priya from pottery got engaged to her girlfriend Lou over the weekend!",
        "The wedding's going to be in June in the Lake District.",
        "I don't drink anymore, it's been a year and a half, so the engagement drinks were a lemonade situation for me.",  # noqa: E501
    ]),
    ("2026-10-11", [
        "Helped Tom pack his flat today. He flies out to Lisbon on the 20th.",
        "My sister Leah called, she's expecting her second in March.",
        "What's a good stretch for lower back pain?",
    ]),
    ("2026-10-17", [
        "Clayhouse is closing its Tuesday evening slot, so from next week pottery class is on Sundays at 10am instead.",  # noqa: E501
        "Went to my cousin Jamal's wedding in Manchester yesterday, amazing food, I danced until 2.",
        "Jamal married his partner Chris, they've been together since school.",
        "Anyway enough about me, how's your day going?",
    ]),
    ("2026-10-23", [
        "Maya got a placement at Bakery Nine in Clifton, starts in November!",
        "I've been learning Spanish on and off, trying to do 15 minutes a day now.",
        "Juniper knocked a mug off the shelf again, classic.",
        "Aisha's already back at work part-time, Ben is doing most of the night feeds with Iris.",
        "How far is the moon from Earth?",
    ]),
    ("2026-10-29", [
        "Went to Edinburgh for a long weekend with Ben, Aisha and baby Iris, the first trip with the baby.",
        "We did Arthur's Seat, and Iris slept through the whole thing in the carrier.",
        "My knee was a bit sore after, which is worrying for the half marathon plan.",
    ]),
    ("2026-11-03", [
        "I moved my studio space! I was renting a desk at Paintworks but now I've got a little room at the Old Tannery on Mill Lane.",  # noqa: E501
        "It's cheaper and I can actually leave my kiln stuff there.",
        "Jonas asked if I can extend the Fernway contract to the end of February, I said yes.",
    ]),
    ("2026-11-08", [
        "Dinner with Hugo, my old flatmate. He's a paramedic now and just moved to Cardiff with his wife Ines.",
        "He says they might adopt a greyhound, but they haven't decided.",
        "I wouldn't want a third pet, two is chaos enough.",
    ]),
    ("2026-11-13", [
        "Got a new phone today and the number's changed again, it's 555-0219 now. Long story, the previous SIM got blocked.",  # noqa: E501
        "Rosa's call is still every other Thursday but she's pushed it to 5pm now because of her new job.",
        "What's the population of Bristol?",
        "I've been vegetarian since I was fifteen, so Christmas in Leeds will be the usual nut roast argument.",
    ]),
    ("2026-11-19", [
        "The Pea failed its MOT, needs new brake pads. Garage is doing it Monday.",
        "Tom sent pics from Lisbon, he's found a flat in Alfama and already has a Portuguese tutor.",
        "Christmas plan: I'm going up to Leeds to stay with my parents from the 22nd to the 28th.",
    ]),
    ("2026-11-24", [
        "Small Hours Studio got picked up by a shop in Stokes Croft, they want 200 sticker packs for the holidays.",
        "My friend Kemi started a new job as a nurse at the BRI, she's doing nights for now.",
        "Went to the Christmas market with Maya, she didn't buy anything, she just critiqued the pastries.",
    ]),
    ("2026-11-30", [
        "Sunday pottery today, I finally threw a decent teapot.",
        "Leah found out she's having a boy. They're thinking of calling him Sami.",
        "Do you think it'll snow this winter?",
        "I'm thinking about taking a ceramics residency in Portugal next autumn, nothing booked.",
    ]),
    ("2026-12-04", [
        "Went to Priya and Lou's engagement party at the Lido, lovely evening.",
        "My dad turned 65 last week, we did a video call, he's retiring in April.",
        "Pickle's booster jab is due on December 15th, need to remember that.",
        "Booked a weekend in Copenhagen with Maya for late January, we fly out on the 23rd.",
        "What's the best way to store clay so it doesn't dry out?",
    ]),
]

# (question, expected: list of any-of groups (all groups must match), stale words that must not be the answer, kind)
# expected None => nothing should be injected.
Q = [
    ("What does Maya do now?", [["pastry", "bakery"]], [], "others/current"),
    ("Where is Maya working?", [["bakery nine"]], [], "others"),
    ("What did Maya used to do?", [["law"]], [], "others/history"),
    ("How long have I been doing pottery?", [["six years", "6 years"]], [], "duration"),
    ("When's my pottery class now?", [["sunday"]], ["tuesday"], "schedule/current"),
    ("What day was pottery before it changed?", [["tuesday"]], [], "schedule/history"),
    ("How often do I talk to Rosa?", [["every other thursday", "fortnight", "thursday"]], [], "schedule"),
    ("What time is my call with my mentor?", [["5pm", "5 pm", "five"]], [], "schedule/current"),
    ("What's my phone number?", [["0219"]], [], "current"),
    ("What was my old number?", [["0182", "0147"]], [], "history"),
    ("Do I have a cat?", [["juniper"]], [], "yes/no"),
    ("What are my pets called?", [["pickle"], ["juniper"]], [], "paraphrase"),
    ("What kind of dog is Pickle?", [["beagle"]], [], "paraphrase"),
    ("When is the dog's next vaccination?", [["december 15", "dec 15", "12-15", "15th"]], [], "time"),
    ("What car do I drive?", [["transporter", "vw", "van"]], [], "paraphrase"),
    ("What's wrong with my van?", [["brake", "mot"]], [], "paraphrase"),
    ("What's my side business?", [["small hours", "sticker"]], [], "paraphrase"),
    ("Who's stocking my stickers?", [["stokes croft"]], [], "paraphrase"),
    ("Where is my studio now?", [["tannery", "mill lane"]], ["paintworks"], "current"),
    ("Where did I used to work from?", [["paintworks"]], [], "history"),
    ("Where did I grow up?", [["leeds"]], [], "past"),
    ("What was my first job?", [["call centre", "broadband"]], [], "past"),
    ("What's my job?", [["ux", "designer"]], [], "paraphrase"),
    ("Which client am I working with?", [["fernway"]], [], "current"),
    ("When does the Fernway contract end?", [["february", "feb"]], [], "current/plan"),
    ("Who's my contact at the travel app?", [["jonas"]], [], "others"),
    ("What's the name of Ben and Aisha's daughter?", [["iris"]], [], "others"),
    ("Where did Tom move?", [["lisbon"]], [], "others"),
    ("Which neighbourhood is Tom living in?", [["alfama"]], [], "others"),
    ("Who is Priya marrying?", [["lou"]], [], "others"),
    ("Where's Priya's wedding going to be?", [["lake district"]], [], "others"),
    ("When is my sister due?", [["march"]], [], "others/time"),
    ("What are they going to name Leah's baby?", [["sami"]], [], "others"),
    ("Whose wedding did I go to in October?", [["jamal"]], [], "event/time"),
    ("What concert did I see?", [["fontaines"]], [], "event"),
    ("Where did I go on holiday in October?", [["edinburgh"]], [], "event/time"),
    ("What did I do last month?", [["tannery", "hugo", "christmas market", "teapot", "stokes", "mot", "fernway"]], [], "window"),  # noqa: E501
    ("What happened in October?", [["jamal", "edinburgh", "fernway", "tom", "engaged", "sunday"]], [], "window"),
    ("What race am I hoping to do?", [["bath", "half", "marathon"]], [], "plan"),
    ("Do I drink alcohol?", [["don't drink", "year and a half", "lemonade"]], [], "yes/no/negation"),
    ("Can I cook a curry with lots of chilli for myself?", [["spicy"]], [], "yes/no/negation"),
    ("Where am I spending Christmas?", [["leeds"]], [], "plan"),
    ("What does Kemi do?", [["nurse"]], [], "others"),
    ("What does Hugo do for work?", [["paramedic"]], [], "others"),
    ("What's Maya's partner's job?", [["firefighter"]], [], "others"),
    ("How long have I been vegetarian?", [["fifteen", "15"]], [], "duration"),
    ("Have I got any trips coming up?", [["copenhagen"]], [], "plan"),
    ("Who's doing the night feeds for Iris?", [["ben"]], [], "others"),
    # nothing should be injected
    ("Where did I go to college?", None, [], "unknown-personal (uni city told, not the college)"),
    ("What's my brother's name?", None, [], "unknown-personal (no brother told)"),
    ("Do I have a greyhound?", None, [], "hypothetical-only (Hugo's maybe)"),
    ("What's my mum's name?", None, [], "unknown-personal"),
    ("What's my favourite band?", None, [], "unknown-personal"),
    ("How much do I charge per day?", None, [], "unknown-personal"),
    ("What's my blood type?", None, [], "unknown-personal"),
    ("What's the capital of Portugal?", None, [], "world"),
    ("How do I make a sourdough starter?", None, [], "task"),
    ("Who painted the Mona Lisa?", None, [], "world"),
    ("What's the boiling point of water in Fahrenheit?", None, [], "world"),
    ("Write a limerick about a beagle.", None, [], "task-sharing-topic"),
    ("How do marathons work, how long are they?", None, [], "world-sharing-topic"),
]


def main() -> None:
    run(DAYS, Q, user="nadia", prefix="trial48a_")


if __name__ == "__main__":
    main()
