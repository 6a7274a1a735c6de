# ruff: noqa: E501  (data lists: one line per store fact or query reads best)
"""English stores and questions for ``goldset/noanswer.jsonl`` (see build_noanswer.py).

Written by hand for memcli on 2026-12-01, separately from the Chinese lists (not translations):
four users' stores of 15-18 facts, questions with no answer in the store (general knowledge,
tasks, near misses) and questions with one (relevant facts by number, 1-based).
"""

STORES = [
    {
        "user": "na-en-1",
        "facts": [
            "My name is Hannah Brooks", "I'm 29 years old", "I'm from Leeds", "I live in Manchester", "I work as a nurse at the children's hospital",
            "I have a beagle named Biscuit", "I'm allergic to penicillin", "I love climbing on weekends", "My boyfriend is called Tom",
            "My boyfriend works at a bank", "My sister lives in Bristol", "My mum's birthday is on June 3", "I don't drink alcohol",
            "I'm learning Spanish on Duolingo", "My manager is called Priya", "My manager is from Birmingham",
        ],
        "answer": [
            ("What's my dog's name?", [6], ["pet"]), ("Where am I from?", [3], ["attr_query"]), ("What do I do?", [5], ["attr_query"]),
            ("What am I allergic to?", [7], ["keyword"]), ("Where does my boyfriend work?", [10], ["subject"]),
            ("How old am I?", [2], ["attr_query"]), ("What's the name of the person from Birmingham?", [15, 16], ["person_by_fact"]),
            ("When is mom's birthday?", [12], ["keyword"]), ("Which language am I learning?", [14], ["keyword"]),
            ("Where does my sister live?", [11], ["subject"]),
        ],
        "near_miss": [
            "What's my cat's name?", "What does my sister do for a living?", "Where does my dad live?", "When is my boyfriend's birthday?",
            "Where does my sister work?", "What's my manager's phone number?", "Where does my brother work?", "What's my favourite film?",
            "What car do I drive?", "What does my mum like to eat?", "Where is my boyfriend from?", "What's my blood type?",
        ],
    },
    {
        "user": "na-en-2",
        "facts": [
            "I'm Daniel Ortiz", "I grew up in San Antonio", "I live in Denver now", "I'm a software engineer at a logistics startup",
            "I run about 30 miles a week", "I'm vegetarian", "I have type 1 diabetes", "My wife Elena is a pediatrician",
            "My son Leo is 7", "My daughter is in high school", "My dad used to be a firefighter", "My brother lives in Austin",
            "My brother is a chef", "My coworker Sam is into board games", "I drive a blue Subaru Outback", "I studied computer science at UT Austin",
            "I usually go to bed around midnight",
        ],
        "answer": [
            ("What's my son's name?", [9], ["subject"]), ("What does my brother do?", [13], ["subject"]), ("What car do I have?", [15], ["keyword"]),
            ("Where did I go to college?", [16], ["attr_query"]), ("What does my wife do for work?", [8], ["subject"]),
            ("What time do I go to sleep?", [17], ["no_overlap"]), ("Do I have any medical conditions?", [7], ["no_overlap"]),
            ("Do I eat meat?", [6], ["no_overlap"]), ("What does the relative in Austin do?", [12, 13], ["person_by_fact"]),
            ("What are Sam's hobbies?", [14], ["subject"]),
        ],
        "near_miss": [
            "What's my daughter's name?", "What did my mom do before she retired?", "Where does my sister live?", "When is my wife's birthday?",
            "How old is my dog?", "What's my favourite dessert?", "What does my coworker Jess like?", "What's my brother's phone number?",
            "Where is my dad from?", "Which school does my son go to?", "What bike do I ride?", "How tall am I?",
        ],
    },
    {
        "user": "na-en-3",
        "facts": [
            "My name is Aisha Khan", "I'm a pharmacist in Toronto", "I was born in Lahore", "I live in Mississauga", "I keep a lot of houseplants",
            "I can't stand cilantro", "My husband is called Omar", "My husband is an accountant", "My husband grew up in Karachi",
            "My grandmother is 91", "My cousin is doing a PhD in chemistry", "My cousin is from Vancouver", "I go to pilates every Wednesday evening",
            "I have a grey cat named Pixel", "My best friend is Mei", "My best friend is a graphic designer in Montreal", "I'm learning to play the cello",
        ],
        "answer": [
            ("Where is my husband from?", [9], ["attr_query"]), ("Where is my cousin from?", [12], ["attr_query"]),
            ("How old is my grandmother?", [10], ["subject"]), ("What's my cat called?", [14], ["pet"]), ("Which instrument am I learning?", [17], ["keyword"]),
            ("What's my job?", [2], ["attr_query"]), ("What's the name of the person who grew up in Karachi?", [7, 9], ["person_by_fact"]),
            ("Who is the friend that designs in Montreal?", [15, 16], ["person_by_fact"]), ("What do I do on Wednesday evenings?", [13], ["keyword"]),
            ("What food do I hate?", [6], ["no_overlap"]),
        ],
        "near_miss": [
            "What's my dog's name?", "How old is my grandfather?", "What is my brother studying?", "When is my husband's birthday?",
            "Where does my best friend's sister live?", "What does my mother do?", "What's my favourite colour?", "What does my husband like to eat?",
            "What's my cousin's name?", "Where does my grandmother live?", "What does my husband do for fun?", "What's my phone number?",
        ],
    },
    {
        "user": "na-en-4",
        "facts": [
            "I'm Robert Chen", "I'm 47", "I own a small bakery in Portland", "I live in the Pearl District", "I'm originally from Honolulu",
            "My wife's name is Karen", "My wife teaches middle school English", "My older son is at university in Scotland", "My youngest daughter is 10",
            "I drink oolong tea every morning", "I play tennis on Sunday mornings", "I have high cholesterol", "My business partner is Marcus",
            "Marcus is from Chicago", "My brother runs a hardware store in Seattle", "I drive a black Toyota Tacoma", "My favourite band is Fleetwood Mac",
            "I visit Hawaii every Christmas",
        ],
        "answer": [
            ("What does my wife do?", [7], ["subject"]), ("Where is my older son studying?", [8], ["subject"]), ("How old am I?", [2], ["attr_query"]),
            ("Any health issues I should watch?", [12], ["no_overlap"]), ("What's the name of the person from Chicago?", [13, 14], ["person_by_fact"]),
            ("What's my job?", [3], ["attr_query"]), ("What sport do I play on Sundays?", [11], ["keyword"]), ("Where does my brother work?", [15], ["attr_query"]),
            ("What music do I like?", [17], ["no_overlap"]), ("What kind of truck do I drive?", [16], ["keyword"]),
        ],
        "near_miss": [
            "Where does my younger son study?", "Where is my wife from?", "What business does my sister run?", "What is my wife's phone number?",
            "How old is Marcus?", "What's Marcus's phone number?", "What's my daughter's name?", "Where does my daughter go to school?",
            "What's my favourite movie?", "Where does my mother live?", "What's my dog called?", "What is my son majoring in?",
        ],
    },
]

GENERAL = [
    "How tall is Mount Everest?", "How long is the Great Wall of China?", "How many planets are in the solar system?", "What is the speed of light?",
    "When did the Roman Empire fall?", "At what temperature does water boil?", "What's the largest ocean on Earth?", "How many states are in the US?",
    "How far is the moon from Earth?", "Who wrote Pride and Prejudice?", "When did the dinosaurs go extinct?", "Why is the sky blue?",
    "How many bones are in the human body?", "How long is the Nile river?", "What is the chemical formula of table salt?", "What's the tallest building in the world?",
    "Who came up with the theory of relativity?", "What is the capital of Australia?", "How many time zones does Russia have?", "What causes the northern lights?",
    "Where do penguins live?", "What do koalas eat?", "What is a black hole?", "When did World War II end?", "How old is the universe?",
    "What's the population of Tokyo?", "Who painted the Mona Lisa?", "What are Newton's three laws of motion?", "What does DNA stand for?",
    "How often are the Olympic Games held?", "How do you calculate the area of a circle?", "How long is a flight from London to New York?",
    "Will it rain tomorrow?", "What's the exchange rate between the dollar and the euro?", "What is bitcoin?", "Will AI replace programmers?",
    "Who wrote Hamlet?", "Which city is the Eiffel Tower in?", "Why does the moon have phases?", "How do earthquakes happen?",
    "What does vitamin D do?", "How does a vaccine work?", "What's the fastest land animal?", "How does caffeine affect sleep?",
    "How do bees make honey?", "Why do volcanoes erupt?", "How were the pyramids built?", "How long is a marathon?", "Where did chess originate?",
    "What is quantum chromodynamics?", "How big is the universe?", "Which country has won the most World Cups?", "Are electric cars cheaper to run than petrol cars?",
    "What's the difference between stocks and bonds?", "How can I improve my public speaking?", "What is the capital of Canada?",
    "How many grams are in a pound?", "What causes global warming?", "Which countries does the Andes mountain range cross?", "What is the boiling point of nitrogen?",
    "Are whales fish?", "Who invented the telephone?", "Why do leaves change colour in autumn?", "What is the longest river in the world?",
]

TASKS = [
    "Translate 'good morning, how are you' into French", "Write a Python function that checks if a string is a palindrome", "Draft an email asking my landlord to fix the heating",
    "Write a SQL query that returns the top 5 customers by revenue", "Proofread this paragraph for me", "Write a haiku about autumn leaves",
    "Explain recursion like I'm five", "Generate a strong random password", "Convert this callback code to async/await", "Tell me a joke about programmers",
    "Summarize the key points of this article", "Implement bubble sort in JavaScript", "Make an agenda for a one-hour project kickoff", "Convert 100 euros to yen",
    "Suggest a name for a podcast about gardening", "Explain blockchain in one sentence", "Write an opening line for a product launch speech",
    "Give me a regex that matches an email address", "What is 17 times 23?", "Write quicksort in C++", "Recommend a few classic mystery novels",
    "Plan a three-day itinerary for Rome", "How do I undo my last git commit?", "Write a short bio for my LinkedIn profile", "Convert this JSON to YAML",
    "Design a database schema for an online bookstore", "Write a happy birthday message for a coworker", "Check this sentence for grammar mistakes",
    "How do I make a pivot table in Excel?", "Write the opening of a year-end review", "Rewrite this sentence in the passive voice",
    "Come up with a team-building activity for ten people", "Add comments to this Python snippet", "What's the difference between Docker and a virtual machine?",
    "Write a scraper that grabs page titles", "Write a bash script that renames all .txt files", "Write a 300-word book review of 1984",
    "How do I see which process is using port 8080 on Linux?", "Translate this into Spanish: where is the train station", "Write a limerick about a cat who codes",
    "Write a welcome note for a new team member", "Implement a singleton in Java",
]
