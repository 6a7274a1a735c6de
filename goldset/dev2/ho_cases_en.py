"""dev2 English extraction cases (a development set), written by hand on 2026-12-01."""

from ho_common import HAB, HEALTH, ID, OTHER, PREF, REL, case, fact, noon

CASES = [
    # --- relatives ---
    case("relatives", "My stepmom is a dental hygienist", [
        fact("My stepmom is a dental hygienist", REL, "stepmother.job")]),
    case("relatives", "my grandpa on my dad's side is 93", [
        fact("My grandpa is 93", REL, "grandfather.age", alt=["my grandpa on my dad's side is 93"])]),
    case("relatives", "My sister-in-law lives in Halifax", [
        fact("My sister-in-law lives in Halifax", REL, "sister_in_law.residence")]),
    case("relatives", "My uncle Ray owns a hardware store", [
        fact("My uncle Ray owns a hardware store", REL, "person:Ray.job")]),
    case("relatives", "My nephew's in third grade", [fact("My nephew is in third grade", REL, "nephew.education")]),
    case("relatives", "My wife's brother is a paramedic", [
        fact("My wife's brother is a paramedic", REL, "wife.brother.job")]),
    # --- colleagues ---
    case("colleagues", "My team lead's name is Oksana", [fact("My team lead's name is Oksana", REL, "team_lead.name")]),
    case("colleagues", "My coworker Jamal is from Lagos", [
        fact("My coworker Jamal is from Lagos", REL, "person:Jamal.hometown")]),
    case("colleagues", "Our new intern is studying at Georgia Tech", [
        fact("Our intern is studying at Georgia Tech", REL, "intern.school")]),
    # --- friends ---
    case("friends", "My best friend teaches chemistry at a high school", [
        fact("My best friend teaches chemistry at a high school", REL, "best_friend.job")]),
    case("friends", "My roommate's from Melbourne and she's obsessed with climbing", [
        fact("My roommate is from Melbourne", REL, "roommate.hometown"),
        fact("My roommate is obsessed with climbing", REL, "roommate.climbing.preference")]),
    case("friends", "My neighbor has three golden retrievers", [
        fact("My neighbor has three golden retrievers", REL, "neighbor.pets.dog")]),
    # --- named people ---
    case("named_people", "Priya is my sister's best friend", [
        fact("Priya is my sister's best friend", REL, "person:Priya.relation")]),
    case("named_people", "Tomás lives in Lisbon now", [fact("Tomás lives in Lisbon", REL, "person:Tomás.residence")]),
    case("named_people", "Helen from accounting is allergic to gluten", [
        fact("Helen from accounting is allergic to gluten", REL, "person:Helen.gluten.allergy")]),
    case("named_people", "Priya's birthday is August 9", [
        fact("Priya's birthday is August 9", REL, "person:Priya.birthday")]),
    # --- possessions ---
    case("possessions", "My laptop is a 2021 MacBook Air", [
        fact("My laptop is a 2021 MacBook Air", OTHER, "laptop.brand")]),
    case("possessions", "I drive a gray Kia Sorento", [fact("I drive a gray Kia Sorento", OTHER, "car.brand")]),
    case("possessions", "I have a rescue greyhound named Pixel", [
        fact("I have a rescue greyhound", OTHER, "pets.dog"),
        fact("My dog's name is Pixel", OTHER, "pets.dog_name", alt=["My greyhound is named Pixel"])]),
    # --- places ---
    case("places", "I live in Minneapolis, near Lake Harriet", [
        fact("I live in Minneapolis, near Lake Harriet", ID, "residence")]),
    case("places", "I was born in Manila but grew up in San Diego", [
        fact("I was born in Manila", ID, "birthplace"),
        fact("I grew up in San Diego", ID, "grew_up")]),
    case("places", "My hometown is a tiny village in Cornwall", [
        fact("My hometown is a tiny village in Cornwall", ID, "hometown")]),
    # --- work and education ---
    case("work_education", "I'm a sous chef at an Italian place downtown", [
        fact("I'm a sous chef at an Italian place downtown", ID, "job")]),
    case("work_education", "I did my master's in urban planning", [
        fact("I did my master's in urban planning", ID, "education")]),
    case("work_education", "I make about 70k a year", [fact("I make about 70k a year", ID, "salary")]),
    # --- health and diet ---
    case("health_diet", "I'm lactose intolerant, so no dairy for me", [
        fact("I'm lactose intolerant", HEALTH, "lactose_intolerance")]),
    case("health_diet", "I have celiac disease", [fact("I have celiac disease", HEALTH, "celiac_disease")]),
    case("health_diet", "Shrimp makes my throat swell up, I'm allergic", [
        fact("I'm allergic to shrimp", HEALTH, "shrimp.allergy", alt=["Shrimp makes my throat swell up"])]),
    # --- habits ---
    case("habits", "I meditate for ten minutes every morning", [
        fact("I meditate for ten minutes every morning", HAB, "meditation")]),
    case("habits", "I do yoga twice a week", [fact("I do yoga twice a week", HAB, "yoga")]),
    # --- preferences ---
    case("preferences", "I absolutely love Thai food", [
        fact("I absolutely love Thai food", PREF, "thai_food.preference")]),
    case("preferences", "Olives, I can't stand them", [
        fact("I can't stand olives", PREF, "olives.preference", alt=["Olives, I can't stand them"])]),
    case("preferences", "My favorite band is The National", [
        fact("My favorite band is The National", PREF, "band.favorite")]),
    # --- opinions that name the thing ---
    case("opinions", "The ramen place on 5th Street is amazing", [
        fact("The ramen place on 5th Street is amazing", PREF, "ramen_place.preference")]),
    case("opinions", "My new Sony headphones are really comfortable", [
        fact("My new Sony headphones are really comfortable", PREF, "sony_headphones.preference")]),
    case("opinions", "honestly I thought Oppenheimer was way too long", [
        fact("Oppenheimer was way too long", PREF, "oppenheimer.preference")]),
    # --- compound: two or three facts, the later ones with a pronoun ---
    case("compound", "My husband Kenji is an architect and he's really into bonsai", [
        fact("My husband's name is Kenji", REL, "husband.name", alt=["My husband Kenji"]),
        fact("My husband is an architect", REL, "husband.job", alt=["My husband Kenji is an architect"]),
        fact("My husband is really into bonsai", REL, "husband.bonsai.preference")]),
    case("compound", "My sister lives in Denver; she works for the city", [
        fact("My sister lives in Denver", REL, "sister.residence"),
        fact("My sister works for the city", REL, "sister.employer")]),
    case("compound", "I have a tabby cat, she's eleven", [
        fact("I have a tabby cat", OTHER, "pets.cat"),
        fact("My cat is eleven", OTHER, "pets.cat.age", alt=["My tabby cat is eleven"])]),
    case("compound", "My boss is from Seoul and he hates meetings before ten", [
        fact("My boss is from Seoul", REL, "boss.hometown"),
        fact("My boss hates meetings before ten", REL, "boss.meetings.preference")]),
    case("compound", "Priya works at Shopify and she lives in Ottawa", [
        fact("Priya works at Shopify", REL, "person:Priya.employer"),
        fact("Priya lives in Ottawa", REL, "person:Priya.residence")]),
    # --- relative time, resolved against `at` ---
    case("relative_time", "I adopted a kitten yesterday", [
        fact("I adopted a kitten", OTHER, "pets.cat", valid_from="2026-03-09")], at=noon("2026-03-10")),
    case("relative_time", "I started a new job at Figma last month", [
        fact("I started a new job at Figma", ID, "employer", valid_from="2026-05")], at=noon("2026-06-18")),
    case("relative_time", "We moved to Raleigh last year", [
        fact("We moved to Raleigh", ID, "residence", valid_from="2025", alt=["I moved to Raleigh"])],
        at=noon("2026-04-02")),
    case("relative_time", "I broke my wrist two days ago", [
        fact("I broke my wrist", HEALTH, "broken_wrist", valid_from="2026-09-13")], at=noon("2026-09-15")),
    case("relative_time", "My brother got married last week", [
        fact("My brother got married", REL, "brother.marital_status", valid_from="2026-05-11/2026-05-17")],
        at=noon("2026-05-20")),
    # --- negated and mixed ---
    case("negated", "I don't have a driver's license", [fact("I don't have a driver's license", ID, "driver_license")]),
    case("mixed", "My son is allergic to eggs, can he eat this cake?", [
        fact("My son is allergic to eggs", REL, "son.eggs.allergy")]),
    # --- must yield nothing ---
    case("none:question", "Do you remember what my daughter's name is?", []),
    case("none:question", "What's a good place to eat in Lisbon?", []),
    case("none:question", "How many calories are in a banana?", []),
    case("none:question", "Can you remind me what I told you about my boss?", []),
    case("none:chatter", "hey, how's it going", []),
    case("none:chatter", "lol that's hilarious", []),
    case("none:chatter", "I'm so tired today", []),
    case("none:chatter", "ok thanks!", []),
    case("none:hypothetical", "If I won the lottery I'd buy a boat", []),
    case("none:hypothetical", "I wish I could speak Japanese", []),
    case("none:hypothetical", "Maybe someday I'll open a bakery", []),
    case("none:calendar", "Dentist appointment Thursday at 3", []),
    case("none:calendar", "Meeting with the landlord tomorrow at 10am", []),
    case("none:calendar", "Dinner with Sam on Friday at 7", []),
    case("none:opinion", "ugh, that's so annoying", []),
    case("none:opinion", "my friend says the new iPhone isn't worth it", []),
    case("none:assistant", "Got it, I'll remember that you're allergic to shrimp.", [], role="assistant"),
    case("none:assistant", "You might enjoy the Alfama district when you're in Lisbon.", [], role="assistant"),
    case("none:assistant", "Here's a simple recipe for gluten-free banana bread.", [], role="assistant"),
]
