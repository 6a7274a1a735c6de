# ruff: noqa: E501  (data lists: one clause per line reads best)
"""English clauses labelled ``fact`` / ``not``, for fitting the clause classifier (issue 19).

Written by hand for memcli, by kind, in our own words (an assistant chat and a chat among
friends); nothing is copied or paraphrased from any public data set. Same shape and grouping
as :mod:`clauses_zh`: ``HAND`` (groups of 4 consecutive clauses of a kind) and ``FRAMES`` (one
group per frame). Friend-chat generalities ("work is work", "life gets busy")
are ``not``: they say nothing durable about the speaker's world.
"""

from __future__ import annotations

from itertools import cycle, islice

FACT, NOT = "fact", "not"

HAND: dict[tuple[str, str], list[str]] = {
    (FACT, "contact"): [
        "My mom's number is 415-555-0187", "My email is dana.kowalski@fastmail.com", "My brother's cell is (312) 555-0143",
        "You can reach my wife at mia.reyes@outlook.com", "Our landline at home is 020 7946 0321", "My work email is j.okafor@brightlane.io",
        "My dad's phone number is 617-555-0199", "My sister's new number is 07700 900412", "My landlord's number is 646-555-0110",
        "My Discord handle is pixelfox_22", "Our address is 14 Linden Street, apartment 3B", "My doctor's office number is 503-555-0164",
        "My son's school can be reached at 555-0136", "My grandma's phone is 919-555-0172", "My Slack name at work is tomh",
        "My backup email is priya.n.backup@gmail.com",
    ],
    (FACT, "event_attr"): [
        "The book club meets at the library on Elm Street", "The charity run starts at Riverside Park", "Our company retreat is at a lodge near Lake Tahoe",
        "The wedding venue is a vineyard outside Napa", "The conference I'm attending is about cloud security", "The reunion dinner is at Giorgio's downtown",
        "The workshop costs $250 per person", "The marathon route is 26 miles along the coast", "The keynote speaker at the summit is a former NASA engineer",
        "The fundraiser is organised by my daughter's school", "The hackathon lasts 48 hours", "The dress code for the gala is black tie",
        "Our team offsite has about forty people", "The pottery class is taught by a Japanese ceramicist", "The festival I'm volunteering at is in its tenth year",
        "The chess tournament I entered has a $500 prize", "The cooking class is held in a community kitchen", "The 10K I signed up for raises money for the food bank",
    ],
    (FACT, "named_place"): [
        "Our neighbourhood is called Maple Ridge", "The park I run in is Greenlake Park", "My gym is the Crunch on 5th Avenue",
        "The coffee shop I work from is called Bean There", "My kids go to Lincoln Elementary", "We live in the Oak Hill apartments",
        "The bakery down the street is Rosa's", "My office is in the Hartwell Building downtown", "The hospital we use is St. Mary's",
        "The pub we always end up at is The Red Lion", "My daughter's daycare is Little Acorns", "I grew up on a farm outside Boise",
        "My favourite bookstore is Powell's", "Our church is St. Andrew's on the corner", "The dog park we go to is Fort Woof",
        "My barber is at Classic Cuts on Main",
    ],
    (FACT, "owned_liked"): [
        "I have a Breville espresso machine", "My car is a 2016 Subaru Outback", "I play a Yamaha upright piano",
        "My favourite appliance is our Roomba", "I own a vintage Polaroid camera", "I use a Kindle Paperwhite for reading",
        "My laptop is a ThinkPad X1", "I have a cast iron skillet I've had for fifteen years", "I ride a Trek road bike",
        "Our fridge is a Samsung French door", "My favourite mug is the chipped blue one from Portugal", "I wear Hoka running shoes",
        "I've got a huge collection of vinyl records", "I love my Instant Pot", "My headphones are Bose QC45s",
        "I really love my little herb garden on the balcony", "We have a PlayStation 5", "I drive an old Volvo wagon",
    ],
    (FACT, "relative_work"): [
        "My mom works at a bank in Chicago", "My sister is a nurse at Mercy Hospital", "My dad worked for the post office for thirty years",
        "My wife teaches chemistry at a high school", "My brother runs a landscaping business", "My uncle drives trucks for FedEx",
        "My cousin works at Microsoft in Redmond", "My husband is an electrician", "My daughter works for an ad agency in London",
        "My son is in the Navy", "My aunt is an accountant in Denver", "My mother-in-law used to work in a textile mill",
        "My best friend works at a law firm", "My boyfriend is a firefighter", "My stepdad is a dentist",
        "My sister-in-law works at the city library",
    ],
    (FACT, "education"): [
        "My cousin actually has a PhD in physics", "I studied nursing", "I went to college in Ohio",
        "My dad never finished high school", "My husband went to Georgia Tech", "I majored in marketing",
        "My sister is doing her master's in Edinburgh", "I have a degree in statistics", "I went to a Catholic high school",
        "My son just got into university", "I did a coding bootcamp after college", "My daughter is in eighth grade",
        "My wife studied law at McGill", "I dropped out of art school", "My brother went to a trade school",
        "My niece is finishing her nursing degree",
    ],
    (FACT, "child_pet_name"): [
        "My daughter's name is Ava", "Our son is called Mateo", "Our cat's name is Pickles",
        "We named the puppy Pretzel", "My parrot is called Captain", "My youngest is Noah",
        "We have a hamster named Nugget", "My older girl is Lily and the little one is Rose", "Our ginger cat is called Mango",
        "My son goes by Teddy", "Our golden retriever is Sunny", "My nephew's name is Ethan",
        "The tortoise is named Sheldon", "My granddaughter is Sophie",
    ],
    (FACT, "move_change"): [
        "We moved to Austin last month", "I started a new job at Stripe", "My new boss is Helen Park",
        "I got a new manager, a guy named Omar", "We relocated from Boston to Denver", "I switched to the sales team",
        "I work from home now", "I don't work at the bank anymore", "My parents moved back to Manila this year",
        "My new number is 555-0177", "I'm now a project manager at a hospital", "Our team has a new lead called Jess",
        "I got transferred to the Seattle office", "I quit coffee and switched to green tea", "We've moved into a house on the east side",
        "I got promoted to director",
    ],
    (FACT, "plural_subject"): [
        "We have a five-year-old daughter", "There are five of us in the family", "My husband and I are both from Texas",
        "My wife and I met in college", "My parents are both retired", "None of us in the family eat pork",
        "My sister and I both live in Toronto", "Our building has twelve floors", "Our company has about two hundred people",
        "We have two cars", "My partner and I met on a hiking trip", "We go to the beach every summer as a family",
        "Most of my team are in their twenties", "My grandparents are both in their eighties",
    ],
    (FACT, "identity"): [
        "I'm 34", "My name is Jordan Lee", "I'm from Ohio", "I'm five foot six", "I'm left-handed",
        "I'm a structural engineer", "I drive for Uber full time", "My birthday is February 12th",
        "I'm an only child", "I've been married for eight years", "I'm divorced and raising my son alone",
        "I'm a freelance photographer", "I used to teach primary school before I retired", "I'm the middle child",
        "I'm an engineering manager", "I'm a night-shift nurse",
    ],
    (FACT, "health"): [
        "I'm allergic to mango", "I have asthma", "I take blood pressure medication", "I had knee surgery two years ago",
        "I'm lactose intolerant", "I get hay fever every spring", "I have hypothyroidism", "I've worn glasses since I was ten",
        "I have a herniated disc", "I need melatonin to sleep", "I can't drink alcohol", "I'm anemic",
    ],
    (FACT, "habit"): [
        "I have oatmeal every morning", "I swim every Saturday", "I don't look at my phone after 10pm", "I walk to work",
        "I send my parents money every month", "I take the kids hiking most weekends", "I meditate for ten minutes before bed",
        "I get a checkup twice a year", "I nap for twenty minutes after lunch", "I go camping every August",
        "I usually grab breakfast at the cafe by my office", "I walk the dog every evening",
    ],
    (FACT, "preference"): [
        "I love durian", "I don't like sweets", "Thrillers are my favourite kind of movie", "I can't stand cilantro",
        "I prefer quiet places", "I love iced americanos", "I hate waiting in line", "My favourite colour is forest green",
        "I'm a huge Taylor Swift fan", "I'm not big on pasta", "I always pick a window seat", "I'd rather take the train than fly",
        "I really don't do well in the cold", "I'm obsessed with succulents", "Loud restaurants drive me nuts", "I like my steak medium rare",
    ],
    (FACT, "relative_fact"): [
        "My mom's birthday is June 12", "My dad turned 65 this year", "My husband is from Sichuan", "My mother-in-law lives downstairs from us",
        "My sister has two boys", "My son is allergic to peanuts", "My daughter loves drawing", "My grandpa was in the army",
        "My uncle lives in Phoenix", "My grandma is very religious", "My cousin got married last year", "My brother is four years younger than me",
        "My aunt is originally from Naples", "My father-in-law loves fishing", "My stepsister never married", "My wife is vegan",
    ],
    (FACT, "friend_colleague"): [
        "My coworker Tom is from Dublin", "My best friend lives in Seoul", "My manager's name is Priya", "My roommate is a nurse",
        "My childhood friend is a cop now", "My business partner is Ben Walsh", "My boss drinks way too much tea", "My advisor works on machine learning",
        "My neighbours are a retired couple", "My old roommate was my maid of honour", "The intern I mentor is called Zoe", "My co-founder is my college roommate",
    ],
    (FACT, "friend_chat"): [
        "Our dog Pepper hates thunderstorms, oddly enough", "My job has been crazy since the merger", "I've been doing pottery for about a year now",
        "I finally finished my first half marathon in May", "My band plays at a bar called Moe's on Fridays", "I've been volunteering at the animal shelter since spring",
        "My sister just had her second baby", "I adopted a rescue greyhound in March", "I've been learning Korean for six months",
        "My grandma taught me how to knit", "I paint landscapes in my free time", "My kids are really into dinosaurs right now",
        "I started therapy last year and it's helped a lot", "I've run the same 5K route for years", "My dad and I restore old motorbikes together",
        "I'm the only vegetarian in my family",
    ],
    (NOT, "greeting"): [
        "hey!", "Good morning", "hi there", "Hello again", "yo", "Morning!", "Good evening", "Long time no see",
        "hey, you there?", "Good night", "bye for now", "talk to you tomorrow", "gotta run, ttyl", "see ya", "Hi, it's me again", "night night",
    ],
    (NOT, "thanks"): [
        "Thanks!", "Thank you so much", "thx", "Cheers", "Thanks, that helps", "appreciate it", "Thanks for the tip",
        "thank you for being patient with me", "Great, thanks", "Much appreciated", "ty!", "thanks, I'll try that",
    ],
    (NOT, "question"): [
        "What's my mom's number again?", "Do you remember which neighbourhood I live in?", "What did I name the cat?", "What day is it today?",
        "Is it going to rain tomorrow?", "How long is the flight from NYC to LA?", "Should I take this before or after food?", "Which phone should I get?",
        "What was that bakery called?", "How do I keep rice from sticking?", "Can dogs eat grapes?", "Any good restaurants nearby?",
        "Where is my book club again?", "What's my boss's name?", "How do taxes on bonuses work?", "What's the exchange rate today?",
        "Know anywhere that fixes laptops?", "When is my dad's birthday?", "What should we do this weekend?", "How do I ask for a raise?",
        "How have you been?", "Have you ever been to Japan?", "What do you think about that?", "Did you watch the game last night?",
    ],
    (NOT, "request"): [
        "Write me an email asking for a day off", "Check the weather for tomorrow", "Recommend a few books", "Translate this paragraph into Spanish",
        "Give me a birthday message for my aunt", "Add up my expenses for this month", "Tell me a joke", "Make me a grocery list",
        "Book me a flight to Denver", "Write a Python script that renames files", "Summarise what we just discussed", "Give me some maths practice problems",
        "Fix the typos in my CV", "Suggest a name for my shop", "Please remember this for later", "Can you go into more detail?",
    ],
    (NOT, "plan"): [
        "Meeting at 3 tomorrow", "Working late Friday", "Follow-up at the clinic next Tuesday", "Dinner with friends at 7 tonight",
        "Thinking of hiking this weekend", "Report due the day after tomorrow", "Business trip at the end of the month", "Train at 8 tomorrow morning",
        "Remind me to pay the water bill on Thursday", "Exam on the 10th next month", "Taking the kids to swim class Sunday morning", "Bank errand this afternoon",
        "Need to call my mom tonight", "Interview Monday at 9am", "Going home for Thanksgiving", "Early start tomorrow for the school run",
    ],
    (NOT, "feeling"): [
        "I'm so tired today", "kinda sleepy", "in a good mood today", "ugh, so annoying", "I'm a bit hungry", "crazy busy today",
        "just woke up", "it's so hot", "I'm nervous", "so full right now", "bored out of my mind", "got a bit of a headache",
        "just got off work", "just finished a run, dead", "got yelled at by my boss today, feeling awful", "so happy right now",
    ],
    (NOT, "passing_event"): [
        "Just got back from the grocery store", "I'm wearing my red jacket today", "Didn't sleep well last night", "On my way, almost there",
        "I'm cooking dinner right now", "just got out of the shower", "Had noodles for lunch", "I just hung up the laundry",
        "I almost missed my stop on the subway", "Just got to the office", "Standing in line for bubble tea", "I'm driving, talk later",
        "Just finished watching a movie", "I was five minutes late this morning", "just gave the kids their bath", "I'm waiting downstairs",
        "It just poured rain", "my phone's about to die", "Just ordered takeout", "I walked like 12k steps today",
        "Just got off the phone with my mom", "Sitting in a cafe right now", "Took the afternoon off", "Just picked up a package",
    ],
    (NOT, "chatter"): [
        "lol", "ok", "mhm", "oh I see", "got it", "fair enough", "yeah yeah", "makes sense",
        "oh nice", "right", "no worries", "never mind", "you're right", "let me think", "ok ok", "haha",
        "sounds good", "maybe later", "really?", "same here", "for sure", "tell me about it", "totally", "that's wild",
    ],
    (NOT, "world_opinion"): [
        "Housing prices are insane these days", "It's hard to find a job nowadays", "Summers keep getting hotter", "Phones get replaced way too fast",
        "Big cities are so stressful", "You can't trust anything online", "Kids have too much homework these days", "AI is moving really fast",
        "Everything's getting more expensive", "Electric cars will take over eventually", "That show is everywhere right now",
        "Nobody wants to get married anymore", "Health is the most important thing", "Delivery fees are getting ridiculous", "The world changes so fast",
        "Work is work, you know", "Life gets busy sometimes", "Mondays are the worst", "That's just how it goes",
    ],
    (NOT, "meta_chatter"): [
        "I tried what you said, didn't work", "I didn't quite follow that", "Good answer", "Try again",
        "That's a nice suggestion", "Let me put it another way", "Forget the last question", "That's way too long",
        "I already knew that", "I think you got that wrong", "That's not what I meant", "Let's talk about something else",
    ],
    (NOT, "hypothetical"): [
        "If I won the lottery I'd travel the world", "I wish we had a longer holiday", "If only I could draw", "Someday I'd love to live by the sea",
        "If it doesn't rain tomorrow we'll go to the lake", "When I'm rich I'll buy an RV", "I wish I could retire early", "If I had time I'd learn the piano",
    ],
}

_REL = ["My mom", "My dad", "My sister", "My cousin", "My husband", "My wife", "My uncle", "My aunt", "My daughter",
        "My son", "My mother-in-law", "My niece", "My brother-in-law", "My stepdad", "My nephew", "My grandma"]
_REL_ALL = _REL + ["My coworker Sam", "My boss", "My best friend", "My roommate", "My neighbour Linda", "My partner"]
_ORG = ["a logistics company", "Verizon", "a private clinic", "city hall", "a university", "a restaurant chain",
        "an export firm", "the county court", "an insurance company", "a game studio", "the railway", "a preschool",
        "a car dealership", "the tax office"]
_CITY = ["Denver", "Portland", "Leeds", "Melbourne", "Phoenix", "Lyon", "Calgary", "Nashville", "Osaka", "Dublin",
         "San Diego", "Glasgow"]
_JOB = ["a pharmacist", "a teacher", "an accountant", "a software developer", "a chef", "a lawyer", "a mail carrier",
        "a designer", "a civil servant", "in sales", "a dentist", "a photographer"]
_PHONE = ["555-0123", "555-0148", "555-0161", "555-0175", "555-0182", "555-0194", "555-0107", "555-0139"]
_NAME = ["Milo", "Luna", "Ollie", "Daisy", "Finn", "Hazel", "Jasper", "Ruby", "Leo", "Willow"]
_EVENT = ["The book swap", "The class reunion", "Our company party", "The half marathon", "The school fun run",
          "The photo exhibit", "The industry forum", "The baking class", "The charity walk", "The parents' evening"]
_ATTR_VAL = ["is at the convention centre", "is organised by the arts council", "has about two hundred people",
             "runs for three hours", "costs $120 to enter", "has an environmental theme", "is run by my coworker Dave",
             "has a formal dress code"]
_PLACE = ["The neighbourhood we live in is called Birchwood", "The park I go to is Millers Park",
          "The market near us is the Eastside Market", "My gym is called Iron Temple", "The library I use is the Central Library",
          "Our clinic is Northside Health", "My kid's preschool is Bright Steps", "The grocery store I use is Kroger on 9th"]
_THING = [("rice cooker", "a Zojirushi"), ("air conditioner", "a Daikin"), ("phone", "an iPhone"), ("car", "a Toyota"),
          ("fridge", "an LG"), ("laptop", "a Dell"), ("running shoes", "Nikes", "are"), ("vacuum", "a Dyson"),
          ("water heater", "a Rheem"), ("camera", "a Canon")]
_PET = ["cat", "dog", "rabbit", "parrot", "hamster"]
_FOOD = ["hot pot", "crawfish", "dumplings", "barbecue", "ramen", "sushi", "tacos", "pho", "kebabs", "pad thai"]
_TIME = ["tomorrow at 10", "Wednesday at 2pm", "tonight at 8", "next Friday", "first thing the day after tomorrow",
         "Saturday afternoon", "before the end of the month", "next Monday evening"]
_TODO = ["physical", "team standup", "client meeting", "rent payment", "parent-teacher conference", "wedding rehearsal",
         "airport pickup", "vet appointment for the cat", "project proposal deadline", "driving lesson"]
_ASK = ["number", "birthday", "workplace", "name", "address", "age", "hometown", "email"]

FRAMES: list[tuple[str, str, str, dict[str, list[str]]]] = [
    (FACT, "relative_work", "{r} works at {o}", {"r": _REL_ALL, "o": _ORG}),
    (FACT, "relative_work", "{r} is {j}", {"r": _REL_ALL, "j": _JOB}),
    (FACT, "relative_fact", "{r} lives in {c}", {"r": _REL_ALL, "c": _CITY}),
    (FACT, "contact", "{r}'s phone number is {p}", {"r": _REL_ALL, "p": _PHONE}),
    (FACT, "child_pet_name", "Our {a} is called {n}", {"a": _PET, "n": _NAME}),
    (FACT, "child_pet_name", "My {k}'s name is {n}", {"k": ["daughter", "son", "youngest", "eldest", "grandson", "niece"], "n": _NAME}),
    (FACT, "event_attr", "{e} {av}", {"e": _EVENT, "av": _ATTR_VAL}),
    (FACT, "named_place", "{p}", {"p": _PLACE}),
    (FACT, "owned_liked", "Our {tb}", {"tb": [f"{t[0]} {t[2] if len(t) > 2 else 'is'} {t[1]}" for t in _THING]}),
    (FACT, "preference", "I absolutely love {f}", {"f": _FOOD}),
    (FACT, "move_change", "We moved to {c} {w}", {"w": ["last year", "last month", "two years ago", "this spring", "a few weeks ago"], "c": _CITY}),
    (FACT, "move_change", "{r} just started at {o}", {"r": _REL_ALL, "o": _ORG}),
    (NOT, "plan", "{d} {t}", {"t": _TIME, "d": [d.capitalize() for d in _TODO]}),
    (NOT, "question", "What's {r}'s {a} again?", {"r": [r.replace("My ", "my ") for r in _REL_ALL], "a": _ASK}),
    (NOT, "question", "Where is {e} again?", {"e": [e[0].lower() + e[1:] for e in _EVENT]}),
    (NOT, "request", "Find me fun things to do in {c}", {"c": _CITY}),
    (NOT, "request", "Find a good {f} place near me", {"f": _FOOD}),
    (NOT, "question", "How do I make {f} at home?", {"f": _FOOD}),
    (NOT, "hypothetical", "It'd be great if {r} could come too", {"r": [r.replace("My ", "my ") for r in _REL_ALL]}),
    (NOT, "world_opinion", "Summers in {c} are brutal", {"c": _CITY}),
]
FRAME_SIZE = 16

# ---- second batch: the not-facts a fit on the embedding alone confuses most (grouped CV,
# 2026-12-01): first-person passing events, hypotheticals and wishes, questions about the
# user's own facts, plans, generalities. Appended after the frames so no id moves.
MORE: dict[tuple[str, str], list[str]] = {
    (NOT, "passing_event"): [
        "Just parked the car", "I had lunch at the cafeteria today", "just finished the dishes", "Forgot my umbrella this morning",
        "I'm on the train right now", "Just picked the kids up from school", "I stayed a bit late at work tonight", "Just got back from the store with way too much fruit",
        "Got a haircut today", "I just watered the plants", "Waiting for the elevator", "A package just showed up",
        "We had hot pot for dinner tonight", "I've had two coffees already this morning", "Just got out of a meeting", "I'm out for a walk",
        "Walked to work today", "I finally cleaned my room", "scrolling my phone on the bus", "I just checked the forecast",
    ],
    (NOT, "hypothetical"): [
        "It'd be so much easier if I could drive", "I wish my office were closer", "If I get a raise next year I want a bigger place",
        "Once the kids are older I'd like to take up painting", "If only I could sleep in every day", "Sometimes I think about quitting and traveling",
        "If it rains we'll just do it another day", "I wonder what would've happened if I'd studied medicine", "Maybe one day we'll move somewhere warmer",
        "If I ever get the chance I want to see the northern lights", "I hope my mom stays this healthy", "If only I didn't have to work weekends",
    ],
    (NOT, "question"): [
        "Where does my husband work again?", "What's my daughter's daycare called?", "Do you remember my dog's name?", "Which neighborhood did I say I live in?",
        "What degree does my cousin have?", "Where was that event I mentioned?", "When is my dad's birthday?", "What's my new boss called?",
        "What am I allergic to again?", "What phone do I use?", "Do you know where I work?", "Did I tell you how many kids I have?",
        "What's my email?", "Where am I from again?", "What was my gym called?", "How many people are in my book club?",
    ],
    (NOT, "plan"): [
        "Taking my mom to her checkup Saturday", "Heading to that industry summit next week", "Lunch with the new boss tomorrow", "Viewing an apartment the day after tomorrow",
        "Picking the kids up from school Friday afternoon", "We're moving next month", "Need to call my cousin back tonight", "Gym first thing tomorrow",
        "Three-day trip to Chicago at the end of the month", "Taking the dog for shots next weekend",
    ],
    (NOT, "world_opinion"): [
        "Building management is never reliable", "Everyone says this winter will be brutal", "So many people have pets now", "Store brands are usually just as good",
        "Book clubs are a great way to meet people", "Consistency is everything with exercise", "Kids start learning languages so early now", "Hospitals are always packed on weekends",
        "Marathons are so popular these days", "Living near a subway stop is worth it",
    ],
}


def _fill(template: str, slots: dict[str, list[str]], n: int) -> list[str]:
    """``n`` fillings of ``template``: slot i steps through its values with a co-prime stride."""
    names = list(slots)
    out: list[str] = []
    for i in islice(cycle(range(997)), n * 3):
        vals = {k: slots[k][(i * (2 * j + 1) + j) % len(slots[k])] for j, k in enumerate(names)}
        text = template.format(**vals)
        if text not in out:
            out.append(text)
        if len(out) == n:
            break
    return out


def clauses() -> list[dict]:
    """Every clause as ``{"text", "label", "kind", "group"}``, hand-written first, frames after."""
    rows = []
    for (label, kind), items in HAND.items():
        for i, text in enumerate(items):
            rows.append({"text": text, "label": label, "kind": kind, "group": f"en-{kind}-h{i // 4}"})
    for f, (label, kind, template, slots) in enumerate(FRAMES):
        for text in _fill(template, slots, FRAME_SIZE):
            rows.append({"text": text, "label": label, "kind": kind, "group": f"en-frame{f:02d}"})
    for (label, kind), items in MORE.items():
        for i, text in enumerate(items):
            rows.append({"text": text, "label": label, "kind": kind, "group": f"en-{kind}-m{i // 4}"})
    return rows
