"""Synthetic but realistic household memory: conversation turns, facts, episodes and recall queries.

Everything is deterministic: item i of each stream depends only on (stream, i), never on how many items are
asked for, so the first 10k turns of a 100k corpus are the 10k corpus. That lets the embedding cache
(bench/dataset.py) grow by appending instead of re-embedding.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

CORPUS_VERSION = 1

HOUSEHOLD = ("alice", "bob", "carol", "dan")
# (speaker id, band, weight): the household's four voices, an unsure guest voice and anonymous callers.
SPEAKERS = (
    ("alice", "high", 30),
    ("bob", "high", 25),
    ("carol", "high", 15),
    ("dan", "high", 15),
    ("guest", "medium", 5),
    (None, None, 10),
)
ROOMS = ("kitchen", "living-room", "bedroom", "office", "hallway", "garage", "kids-room", "phone-chat")

PEOPLE = """Grandma Rose, Uncle Pete, Aunt Maria, Jonas, Priya, Mehmet, Sofia, Liam, Olivia, Noah, Emma, Lucas, Mia,
Ethan, Ava, Mateo, Isabella, Hiro, Yuki, Fatima, Omar, Chloe, Henrik, Ingrid, Pablo, Lucia, Kwame, Amara, Tomasz,
Zofia, Dmitri, Anya, Rahul, Deepa, Marcus, Jade, Felix, Nora, Oscar, Greta, Mr. Alvarez, Mrs. Chen, Dr. Patel,
Dr. Okafor, coach Miller, Mrs. Lindqvist, the Johnsons, the neighbours, Sam from work, Kenji, Leila, Bruno, Elena,
Viktor, Hannah, Theo, Ruby, Arjun, Camille, Baptiste, Siobhan, Declan, Astrid""".replace("\n", " ").split(", ")
PLACES = """the dentist, the pharmacy, the farmers market, the library, the swimming pool, Lisbon, Barcelona,
Copenhagen, Kyoto, the lake house, grandma's flat, the garden centre, the vet, the hardware store, the bakery on
Elm Street, the climbing gym, the cinema, the train station, the airport, the school, the office, the post office,
the bike shop, the Italian place downtown, the Thai restaurant, the park by the river, the museum, the zoo,
the ski resort, the campsite, the bank, the town hall, the hospital, the kindergarten, the tennis club,
the car wash, IKEA, the supermarket, the butcher, the fish market, the garden, the attic, the cellar,
the beach in Brittany, the mountains, Vienna, Prague, Edinburgh, Naples, the cottage in Wales, the pub
on the corner, the ice rink, the bowling alley, the music school, the playground, the recycling centre""".replace(
    "\n", " "
).split(", ")
FOODS = """lasagne, sushi, pad thai, tacos, risotto, banana bread, pancakes, chicken curry, lentil soup, paella,
ramen, falafel, goulash, pierogi, moussaka, shakshuka, apple pie, carrot cake, mac and cheese, fish and chips,
pesto pasta, vegetable stir fry, beef stew, burritos, quiche, ratatouille, dumplings, pho, tiramisu, brownies,
porridge, granola, sourdough, hummus, guacamole, roast chicken, salmon, tofu, meatballs, couscous, gnocchi,
minestrone, tomato soup, cheesecake, waffles, croissants, cinnamon rolls, chili con carne, enchiladas,
spring rolls, samosas, biryani, lamb tagine, mushroom pie, pizza margherita, caesar salad, greek salad,
potato gratin, spaghetti carbonara, pumpkin soup, strawberry jam""".replace("\n", " ").split(", ")
ACTIVITIES = """football practice, piano lessons, swimming, yoga, the book club, choir rehearsal, a parents'
evening, the school play, a birthday party, a dentist appointment, a job interview, the car service, a haircut,
a doctor's appointment, karate, ballet, chess club, a hike, a bike ride, a barbecue, movie night, a board game
evening, the pub quiz, a video call with grandma, the dog's vaccination, a plumber visit, the boiler check,
homework, the science fair, tennis lessons, a run, the gym, a cooking class, a pottery class, the camping trip,
a sleepover, the budget review, tax returns, spring cleaning, painting the fence, mowing the lawn,
the weekly shop, meal prep, a dinner party, a date night, the school run, guitar practice,
a language exchange, a volunteer shift, a flight to Lisbon, the parent-teacher meeting""".replace("\n", " ").split(", ")
TIMES = """on Monday, on Tuesday, on Wednesday, on Thursday, on Friday, on Saturday, on Sunday, tomorrow morning,
tonight, this evening, next week, next weekend, at 7 am, at half past eight, at noon, at 3 pm, at 6:30,
after school, before lunch, after dinner, in January, in February, in March, in April, in May, in June, in July,
in August, in September, in October, in November, in December, at the end of the month, over Easter,
over the summer holidays, at Christmas, on the 14th, first thing on Monday, in two weeks, every Thursday""".replace(
    "\n", " "
).split(", ")
THINGS = """the car keys, the passports, the umbrella, the phone charger, the library books, the tax papers,
the spare key, the dog's lead, the swimming bag, the blue jacket, the tent, the drill, the birthday present,
the concert tickets, the recipe book, the headphones, the school uniform, the wifi password, the insurance
letter, the bike pump, the thermos, the sunglasses, the hiking boots, the laptop, the remote control,
the first aid kit, the battery pack, the camera, the garden hose, the extension cord""".replace("\n", " ").split(", ")
FEELINGS = "tired, excited, worried, happy, stressed, relieved, bored, nervous, proud, grumpy".split(", ")
PETS = ("Biscuit the dog", "Pepper the cat", "the goldfish", "Luna the rabbit", "the hamster", "Max the dog")
APPLIANCES = (
    "the dishwasher",
    "the washing machine",
    "the boiler",
    "the fridge",
    "the oven",
    "the heating",
    "the router",
    "the smoke alarm",
    "the tumble dryer",
    "the kettle",
)
JOBS = (
    "a nurse",
    "a teacher",
    "a software engineer",
    "an accountant",
    "a carpenter",
    "a chef",
    "a pharmacist",
    "a bus driver",
    "a graphic designer",
    "a vet",
    "a lawyer",
    "a journalist",
)
ALLERGIES = ("peanuts", "shellfish", "gluten", "lactose", "cats", "pollen", "penicillin", "eggs", "sesame")
HOBBIES = (
    "gardening",
    "birdwatching",
    "knitting",
    "rock climbing",
    "baking",
    "photography",
    "chess",
    "running",
    "woodworking",
    "painting",
    "sailing",
    "jigsaw puzzles",
    "video games",
    "fishing",
)
SPORTS_TEAMS = ("Arsenal", "the Lakers", "Bayern", "the Red Sox", "Ajax", "Celtic", "the All Blacks")

USER_TEMPLATES = (
    "Remind me to call {person} {time}.",
    "Can you add {food} to the shopping list?",
    "What time is {activity} {time}?",
    "I need to take {pet} to the vet {time}.",
    "Did {person} say anything about {activity}?",
    "We're having {food} for dinner {time}, {person} is coming over.",
    "Where did I put {thing}?",
    "I left {thing} at {place}, remind me to pick it up {time}.",
    "How long does it take to get to {place} by train?",
    "{person} is allergic to {allergy}, so no {food} at the party.",
    "I'm feeling {feeling} about {activity} {time}.",
    "Set a timer for twenty minutes, the {food} is in the oven.",
    "Book a table at {place} for four people {time}.",
    "{appliance} is making a weird noise again.",
    "Can you remember that {person} works as {job} now?",
    "What was the name of the restaurant we went to with {person} in {city}?",
    "I want to try cooking {food} this weekend, what do I need?",
    "Tell {person} that {activity} moved to {time}.",
    "My favourite thing to eat is {food}, I could have it every day.",
    "We should plan a trip to {city} {time}.",
    "Don't let me forget {thing} when we go to {place}.",
    "Did anyone feed {pet} this morning?",
    "I started {hobby} last month and I love it.",
    "Who is picking up the kids from {place} {time}?",
    "The kids have {activity} {time}, can you put it in the calendar?",
    "How much did we spend at {place} last month?",
    "Is it going to rain {time}? We wanted to go to {place}.",
    "{person}'s birthday is {time}, what should we get them?",
    "I think {appliance} needs a service before winter.",
    "I really don't like {food}, please stop suggesting it.",
    "Play something relaxing, I'm {feeling} after {activity}.",
    "We ran out of {food2} and {food}, add both to the list.",
    "Cancel {activity} {time}, {person} is sick.",
    "What did {person} recommend for {activity}?",
    "Remind everyone that {appliance} repair man comes {time}.",
    "I watched {team} play yesterday with {person}, what a game.",
    "Can you find the recipe for {food} that {person} sent?",
    "My sister {person} is moving to {city} {time}.",
    "Switch off the lights in the {room} please.",
    "Turn the heating down in the {room}, it's too warm.",
)
ASSISTANT_TEMPLATES = (
    "Okay, I'll remind you to call {person} {time}.",
    "I've added {food} to the shopping list.",
    "{activity} is {time}, according to the family calendar.",
    "Noted: {pet} goes to the vet {time}.",
    "{person} mentioned {activity} last week, but didn't give a time.",
    "Sounds lovely. Should I add {food} ingredients to the list?",
    "The last time you mentioned {thing}, you said it was at {place}.",
    "I'll remind you {time} to pick up {thing} from {place}.",
    "The train to {place} usually takes about forty minutes.",
    "Got it, I'll keep {allergy} in mind for {person}.",
    "That's understandable. Do you want me to make a checklist for {activity}?",
    "Timer set for twenty minutes. Enjoy the {food}!",
    "I can't book tables myself, but I've noted you want {place} {time}.",
    "You could check the filter of {appliance}; last time that fixed it.",
    "Got it, {person} works as {job}.",
    "I think it was a small place near the harbour in {city}, you went with {person}.",
    "For {food} you'll need a few basics; shall I put them on the list?",
    "I'll let {person} know that {activity} is now {time}.",
    "Noted, {food} is your favourite.",
    "{city} {time} sounds great. Shall I note it as a trip idea?",
    "I'll remind you about {thing} before you leave for {place}.",
    "Nobody has told me about feeding {pet} today.",
    "That's great, how is {hobby} going so far?",
    "{person} said they could do the pickup from {place} {time}.",
    "I've put {activity} in the calendar {time}.",
    "I don't have your bank statements, but you mentioned {place} a few times.",
    "The forecast says light showers {time}; {place} might be better in the afternoon.",
    "For {person}'s birthday, last year you gave them something for {hobby}.",
    "Noted, {appliance} needs a service.",
    "Understood, no more {food} suggestions.",
    "Playing a calm playlist. I hope you feel better after {activity}.",
    "Added {food2} and {food} to the list.",
    "I've cancelled {activity} {time} and noted that {person} is sick.",
    "{person} recommended trying {place} for {activity}.",
    "I'll remind everyone that the repair visit for {appliance} is {time}.",
    "Sounds like a great match. {team} must have been on form.",
    "I found a {food} recipe {person} shared a while ago.",
    "Exciting news about {person} moving to {city}.",
    "Lights in the {room} are off.",
    "Heating in the {room} turned down by two degrees.",
)
FACT_TEMPLATES = (
    ("lives_in", "{who} lives in {city}."),
    ("works_as", "{who} works as {job}."),
    ("likes", "{who} likes {food}."),
    ("dislikes", "{who} does not like {food}."),
    ("allergy", "{who} is allergic to {allergy}."),
    ("birthday", "{who}'s birthday is {time_date}."),
    ("pet", "{who} has a pet: {pet}."),
    ("routine", "{who} goes to {activity} {weekday}."),
    ("hobby", "{who} enjoys {hobby}."),
    ("family", "{who}'s {relation} is called {person}."),
    ("favourite_place", "{who}'s favourite place is {place}."),
    ("supports", "{who} supports {team}."),
    ("friend", "{who} is good friends with {person}."),
    ("diet", "{who} is trying to eat less {food}."),
    ("appointment", "{who} has {activity} booked at {place}."),
    ("keeps", "{who} keeps {thing} in the {room}."),
    ("note", "The {appliance_bare} was last serviced {time}."),
    ("note", "{person} owes {who} money for the tickets to {city}."),
)
EPISODE_HEADLINES = (
    "Planning {activity} with {person}",
    "Dinner plans: {food}",
    "Looking for {thing}",
    "Trip idea: {city}",
    "{appliance_cap} trouble",
    "{person}'s birthday",
    "Weekly shopping list",
    "Vet visit for {pet}",
    "Kids' schedule for {time}",
    "Recipe hunt: {food}",
)
EPISODE_SUMMARIES = (
    "{who} talked about {activity} {time} and asked to tell {person}. The assistant added it to the calendar.",
    "{who} planned {food} for dinner with {person} coming over, and added {food2} to the shopping list.",
    "{who} could not find {thing}; it was last seen at {place}. A reminder was set for {time}.",
    "{who} and {person} discussed a trip to {city} {time}, including the train from {place}.",
    "{who} reported that {appliance} was making noise; a repair visit was noted for {time}.",
    "{who} wanted ideas for {person}'s birthday; {person} likes {hobby} and {food}.",
    "{who} went through the weekly shop: {food}, {food2} and something for {pet}.",
    "{who} booked {pet} in at the vet {time} and asked to be reminded the day before.",
    "The kids have {activity} {time}; {who} and {person} split the pickups from {place}.",
    "{who} looked for the {food} recipe {person} shared and planned to cook it {time}.",
)
RELATIONS = (
    "mother",
    "father",
    "sister",
    "brother",
    "grandmother",
    "cousin",
    "best friend",
    "neighbour",
    "boss",
    "godmother",
)
WEEKDAYS = (
    "every Monday",
    "every Tuesday",
    "on Wednesdays",
    "every Thursday",
    "on Fridays",
    "on Saturday mornings",
    "on Sundays",
)
CITIES = (
    "Lisbon",
    "Barcelona",
    "Copenhagen",
    "Kyoto",
    "Vienna",
    "Prague",
    "Edinburgh",
    "Naples",
    "Berlin",
    "Montreal",
    "Oslo",
    "Seville",
    "Porto",
    "Krakow",
    "Bristol",
    "Lyon",
    "Utrecht",
    "Gothenburg",
)
DATES = tuple(
    f"{d} {m}"
    for m in (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    )
    for d in (3, 9, 14, 21, 28)
)

QUERY_TEMPLATES = (
    "when is {activity}",
    "what does {who} like to eat",
    "where did I leave {thing}",
    "is anyone allergic to {allergy}",
    "what did {person} say about {activity}",
    "{food} recipe",
    "trip to {city}",
    "when is {person}'s birthday",
    "what is wrong with {appliance}",
    "who works as {job}",
    "vet appointment for {pet}",
    "what did we eat when {person} came over",
    "{who}'s hobbies",
    "where does {who} live",
    "plans {time}",
    "restaurant in {city} with {person}",
    "shopping list {food}",
    "how is {who} feeling about {activity}",
    "{place}",
    "did we book {place} {time}",
)


def _fill(rng: random.Random, template: str, who: str | None = None) -> str:
    food, food2 = rng.sample(FOODS, 2)
    appliance = rng.choice(APPLIANCES)
    return template.format(
        person=rng.choice(PEOPLE),
        time=rng.choice(TIMES),
        food=food,
        food2=food2,
        activity=rng.choice(ACTIVITIES),
        pet=rng.choice(PETS),
        thing=rng.choice(THINGS),
        place=rng.choice(PLACES),
        allergy=rng.choice(ALLERGIES),
        feeling=rng.choice(FEELINGS),
        appliance=appliance,
        appliance_bare=appliance.removeprefix("the "),
        appliance_cap=appliance.removeprefix("the ").capitalize(),
        job=rng.choice(JOBS),
        city=rng.choice(CITIES),
        hobby=rng.choice(HOBBIES),
        team=rng.choice(SPORTS_TEAMS),
        room=rng.choice(ROOMS).replace("-", " "),
        who=(who or rng.choice(HOUSEHOLD)).capitalize(),
        relation=rng.choice(RELATIONS),
        weekday=rng.choice(WEEKDAYS),
        time_date=rng.choice(DATES),
    )


def _rng(stream: str, i: int) -> random.Random:
    return random.Random(f"{CORPUS_VERSION}:{stream}:{i}")


def _weighted_speaker(rng: random.Random):
    total = sum(w for *_x, w in SPEAKERS)
    r = rng.uniform(0, total)
    for speaker, band, w in SPEAKERS:
        r -= w
        if r <= 0:
            return speaker, band
    return SPEAKERS[0][:2]


@dataclass
class Session:
    index: int
    room: str
    speaker: str | None
    band: str | None
    turns: list[tuple[str, str]]  # (role, text)


def session(i: int) -> Session:
    """Session i: one room, one speaker, 2-8 exchanges (user + assistant), topics drawn from the templates."""
    rng = _rng("session", i)
    speaker, band = _weighted_speaker(rng)
    room = rng.choice(ROOMS)
    turns = []
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(len(USER_TEMPLATES))
        # Fill user and assistant turns of one exchange from the same draws so they talk about the same thing.
        state = rng.getstate()
        turns.append(("user", _fill(rng, USER_TEMPLATES[k])))
        if rng.random() < 0.9:
            rng.setstate(state)
            turns.append(("assistant", _fill(rng, ASSISTANT_TEMPLATES[k])))
            rng.random()
    return Session(i, room, speaker, band, turns)


def turn_stream(n: int):
    """The first n turns, as (session, role, text) in order; the last session may be cut short."""
    count, i = 0, 0
    while count < n:
        s = session(i)
        for role, text in s.turns:
            if count >= n:
                return
            yield s, role, text
            count += 1
        i += 1


@dataclass
class Fact:
    subject: str
    predicate: str
    object: str
    text: str
    owner: str | None
    superseded: bool
    pinned: bool


def fact(i: int) -> Fact:
    rng = _rng("fact", i)
    who = rng.choice(HOUSEHOLD)
    predicate, template = rng.choice(FACT_TEMPLATES)
    text = _fill(rng, template, who)
    owner = who if rng.random() < 0.6 else None  # 60 % personal pools, 40 % household
    obj = text.rstrip(".").split(" ", 2)[-1]
    return Fact(who, predicate, obj, text, owner, superseded=rng.random() < 0.05, pinned=rng.random() < 0.01)


@dataclass
class Episode:
    headline: str
    summary: str
    who: str
    owner: str | None


def episode(i: int) -> Episode:
    rng = _rng("episode", i)
    who = rng.choice(HOUSEHOLD)
    k = rng.randrange(len(EPISODE_HEADLINES))
    state = rng.getstate()
    headline = _fill(rng, EPISODE_HEADLINES[k], who)
    rng.setstate(state)
    summary = _fill(rng, EPISODE_SUMMARIES[k], who)
    owner = who if rng.random() < 0.5 else None
    return Episode(headline, summary, who, owner)


def episode_text(e: Episode) -> str:
    """What the daemon embeds for an episode (store/tracks.py EPISODES.text_sql)."""
    return f"{e.headline}. {e.summary}"


def queries(n: int, stream: str = "query") -> list[str]:
    """n varied recall queries (short questions and keyword lookups, as a user or an LLM tool call asks)."""
    out = []
    for i in range(n):
        rng = _rng(stream, i)
        if rng.random() < 0.25:  # a live-turn-like sentence
            out.append(_fill(rng, rng.choice(USER_TEMPLATES)))
        else:
            out.append(_fill(rng, rng.choice(QUERY_TEMPLATES)))
    return out
