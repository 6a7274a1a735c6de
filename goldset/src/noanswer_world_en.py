# ruff: noqa: E501  (data lists: one line per store fact or query reads best)
"""English stores and questions for ``goldset/noanswer_world.jsonl`` (see build_noanswer_world.py).

Written by hand for memcli on 2026-12-03 (round 17, gate17), separately from the Chinese lists and
before any change to the gate was made: two users' stores of 16 facts, each with general-knowledge
questions (geography, science, history, how-to, definitions, arithmetic, coding) that share a word
or a topic with a stored fact but ask about the world, and questions about the user asked without
"my"/"I" (clipped, as people type to an assistant: "coffee order?") that the store answers.
"""

STORES = [
    {
        "user": "world-en-1",
        "facts": [
            "My name is Megan Foster", "I hiked part of the Appalachian Trail last spring", "I climbed Mount Rainier two years ago",
            "I drink a flat white every morning", "I work as a data analyst at an insurance company", "I have a golden retriever called Maple",
            "I'm allergic to shellfish", "I'm learning Python in the evenings", "My husband is a high school chemistry teacher",
            "I live in Seattle", "I have my annual physical every March", "I play volleyball on Thursday nights",
            "My favourite author is Kazuo Ishiguro", "I took a river cruise down the Danube in 2022", "I drive a grey Honda Civic",
            "I'm vegetarian",
        ],
        "general": [
            ("What's the tallest mountain in Africa?", "geography"), ("How long is the Appalachian Trail?", "geography"),
            ("Which states does the Appalachian Trail pass through?", "geography"), ("How tall is Mount Rainier?", "geography"),
            ("Is Mount Rainier an active volcano?", "science"), ("What is the longest river in Europe?", "geography"),
            ("Which countries does the Danube flow through?", "geography"), ("Where does the Danube begin?", "geography"),
            ("How much caffeine is in a flat white?", "science"), ("What's the difference between a latte and a flat white?", "definition"),
            ("Where did golden retrievers originate?", "history"), ("How long do golden retrievers live?", "science"),
            ("What causes a shellfish allergy?", "science"), ("What is a Python decorator?", "coding"),
            ("How do you reverse a list in Python?", "coding"), ("What does a data analyst do?", "definition"),
            ("What's the chemical symbol for sodium?", "science"), ("What is the boiling point of water at sea level?", "science"),
            ("What's the population of Seattle?", "geography"), ("Why does it rain so much in Seattle?", "science"),
            ("How many players are on a volleyball team?", "definition"), ("When was volleyball invented?", "history"),
            ("Which novels did Kazuo Ishiguro write?", "history"), ("How does a hybrid car engine work?", "science"),
            ("Is the Honda Civic a reliable car?", "definition"), ("What is 17 times 23?", "arithmetic"),
            ("What's the square root of 144?", "arithmetic"), ("Do vegetarians eat eggs?", "definition"),
            ("How do you make a vegetarian lasagna?", "howto"), ("What does an annual physical usually include?", "definition"),
        ],
        "answer": [
            ("Coffee order?", [4]), ("Dog's name?", [6]), ("Any food allergies?", [7]), ("When's the annual physical?", [11]),
            ("Which night is volleyball?", [12]), ("Favourite author?", [13]), ("What car again?", [15]),
            ("Home city?", [10]), ("Still vegetarian?", [16]), ("Recommend a restaurant I'd like", [16]),
            ("Husband's job?", [9]), ("Which programming language, the evening course?", [8]), ("Day job?", [5]),
            ("Which mountain was climbed two years ago?", [3]), ("Where was that river cruise?", [14]),
        ],
    },
    {
        "user": "world-en-2",
        "facts": [
            "I'm Jordan Blake", "I teach physics at a community college", "I grew up in Glasgow", "I live in Austin now",
            "I went to Tokyo for my honeymoon", "I run a half marathon every October", "My mom has type 2 diabetes",
            "I have two cats, Pepper and Miso", "I drink green tea instead of coffee", "My son is learning the violin",
            "My favourite movie is Interstellar", "My blood type is A negative", "I go swimming at the YMCA on Saturday mornings",
            "My birthday is on July 14", "I quit smoking three years ago", "I code on a Linux laptop",
        ],
        "general": [
            ("What's the capital of Scotland?", "geography"), ("What is the population of Glasgow?", "geography"),
            ("What is Austin famous for?", "geography"), ("How far is Austin from Dallas?", "geography"),
            ("What's the population of Tokyo?", "geography"), ("When did Tokyo host the Olympics?", "history"),
            ("How long is a half marathon?", "definition"), ("Who holds the marathon world record?", "history"),
            ("What causes type 2 diabetes?", "science"), ("How many hours a day do cats sleep?", "science"),
            ("Why do cats purr?", "science"), ("Does green tea have more caffeine than coffee?", "science"),
            ("How many strings does a violin have?", "definition"), ("Who directed Interstellar?", "history"),
            ("What is a black hole?", "definition"), ("What is the speed of light?", "science"),
            ("Who can receive A negative blood?", "science"), ("How many calories does swimming burn?", "science"),
            ("What does YMCA stand for?", "definition"), ("What happened in France on July 14, 1789?", "history"),
            ("Why is smoking bad for your lungs?", "science"), ("Who created Linux?", "history"),
            ("How do you list hidden files in Linux?", "coding"), ("What is Newton's second law in physics?", "science"),
            ("What is 15% of 80?", "arithmetic"), ("How many seconds are in a day?", "arithmetic"),
            ("Why is the sky blue?", "science"), ("What is the difference between weather and climate?", "definition"),
            ("Who painted the Mona Lisa?", "history"), ("How do you brew green tea properly?", "howto"),
        ],
        "answer": [
            ("Which subject, teaching-wise?", [2]), ("Where's home originally?", [3]), ("Which city these days?", [4]),
            ("Cats' names?", [8]), ("Tea or coffee in the morning?", [9]), ("Son's instrument?", [10]),
            ("Favourite movie?", [11]), ("Blood type?", [12]), ("Swimming day?", [13]), ("Birthday?", [14]),
            ("Still smoking?", [15]), ("Half marathon month?", [6]), ("Mom's health condition?", [7]),
            ("Honeymoon destination?", [5]), ("Which laptop for coding?", [16]),
        ],
    },
]
