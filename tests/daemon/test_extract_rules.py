"""The rule-based fact extractor (the formation path with no generator) and the predicate catalogue.

The table below is the extractor's contract: positives must give exactly their (predicate, object) set,
negatives must give nothing. `table_metrics()` scores precision and recall over it; run this module as a script
(`python -m tests.daemon.test_extract_rules`) to print them.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from hearthd.formation.extraction import (
    FUNCTIONAL,
    INFERRED,
    KEYED,
    MAX_OBJECT_WORDS,
    PREDICATES,
    SLOTS,
    USER_STATED,
    Candidate,
    Discourse,
    Mention,
    extract,
    load_catalogue,
    rules_alone,
    split_sentences,
)

RELATION_FACTS = {"family_member", "pet"}  # their subject is the possessor; the relative is the object_mention


class Case(NamedTuple):
    text: str
    expected: frozenset[tuple[str, str]]
    provenance: str = USER_STATED
    role: str = "user"
    subject: str | None = ""  # who the non-relation facts are about: "" the speaker, "household", "Emma", "my father"


def pos(text: str, *facts: tuple[str, str], provenance: str = USER_STATED, subject: str | None = "") -> Case:
    return Case(text, frozenset(facts), provenance, subject=subject)


def who(mention: Mention | None) -> str:
    """A subject as the table writes it."""
    if mention is None:
        return ""
    if mention.kind == "household":
        return "household"
    return mention.name or f"my {mention.relation}"


def neg(text: str, role: str = "user") -> Case:
    return Case(text, frozenset(), role=role)


POSITIVES = [
    # where one lives
    pos("I live in Porto.", ("lives_in", "Porto")),
    pos("We just moved to Porto last month.", ("lives_in", "Porto"), subject="household"),
    pos("We're living in Lisbon these days.", ("lives_in", "Lisbon"), subject="household"),
    pos("Well, I've been living in Madrid for ten years.", ("lives_in", "Madrid")),
    pos("Oh and we moved from Lisbon to Porto in 2019.", ("lives_in", "Porto"), subject="household"),
    pos("Last month we moved to Berlin.", ("lives_in", "Berlin"), subject="household"),
    pos("I live in a small village near Lyon.", ("lives_in", "village near Lyon")),
    pos("I don't live in Lisbon anymore, I live in Porto now.", ("lives_in", "Porto")),
    pos("i live in porto", ("lives_in", "Porto")),
    pos("I'm currently living in São Paulo.", ("lives_in", "São Paulo")),
    pos("I've lived in Porto all my life.", ("lives_in", "Porto")),
    pos("I moved to Porto to be closer to my parents.", ("lives_in", "Porto")),
    pos("OK so basically I live in Porto, Portugal.", ("lives_in", "Porto, Portugal")),
    # work
    pos("I work as a nurse.", ("works_as", "nurse")),
    pos("I'm a nurse.", ("works_as", "nurse")),
    pos("I work at Google.", ("works_at", "Google")),
    pos("I work for the city council.", ("works_at", "the city council")),
    pos("I'm a software engineer at Siemens.", ("works_as", "software engineer"), ("works_at", "Siemens")),
    pos("By the way, I work at Siemens as an electrician.", ("works_at", "Siemens"), ("works_as", "electrician")),
    pos("I have worked as a teacher for twenty years.", ("works_as", "teacher")),
    pos("I don't work at Google, I work at Apple.", ("works_at", "Apple")),
    pos(
        "I'm a nurse at Santa Maria hospital and I love my job.",
        ("works_as", "nurse"),
        ("works_at", "Santa Maria hospital"),
    ),
    pos("I'm a nurse and a mother of two.", ("works_as", "nurse")),
    # name
    pos("My name is Sarah.", ("name", "Sarah")),
    pos("Call me Tom.", ("rule", "Call {subject} Tom")),
    pos("I'm called Ana.", ("name", "Ana")),
    pos("Hi, I'm Daniel.", ("name", "Daniel")),
    pos("My name’s Joana Silva, by the way.", ("name", "Joana Silva")),
    pos("My name is Dr. Ahmed Khan.", ("name", "Ahmed Khan")),
    pos("Everyone calls me Bob.", ("name", "Bob")),
    # family
    pos("My sister Maria lives in Paris.", ("family_member", "Maria"), ("lives_in", "Paris"), subject="Maria"),
    pos("My sister is called Maria.", ("family_member", "Maria")),
    pos("My husband's name is Tom.", ("family_member", "Tom")),
    pos("I have two kids, Ana and Rui.", ("family_member", "Ana"), ("family_member", "Rui")),
    pos("Maria is my sister.", ("family_member", "Maria")),
    pos("My daughter Sofia just turned five.", ("family_member", "Sofia"), ("note", "5 years old"), subject="Sofia"),
    pos("My wife Ana and I live in Porto.", ("family_member", "Ana"), ("lives_in", "Porto"), subject="household"),
    pos("I have an older brother called James.", ("family_member", "James")),
    pos(
        "We have three children: Ana, Rui and Pedro.",
        ("family_member", "Ana"),
        ("family_member", "Rui"),
        ("family_member", "Pedro"),
    ),
    pos("Our twins, Leo and Max, are six.", ("family_member", "Leo"), ("family_member", "Max")),
    pos("My son Ben's school is closed.", ("family_member", "Ben")),
    pos("My sister Maria and Tom came over.", ("family_member", "Maria")),
    # pets
    pos("We have a dog called Rex.", ("pet", "Rex")),
    pos("My cat Luna sleeps all day.", ("pet", "Luna")),
    pos("We have a dog called Rex and a cat called Luna.", ("pet", "Rex"), ("pet", "Luna")),
    pos("We have two cats.", ("pet", "cat")),
    pos("Our dog’s name is Max.", ("pet", "Max")),
    # likes and dislikes
    pos("I love jazz.", ("likes", "jazz")),
    pos("I really enjoy hiking.", ("likes", "hiking")),
    pos("I like to cook.", ("likes", "cook")),
    pos("I'm a big fan of football.", ("likes", "football")),
    pos("My favourite band is Radiohead.", ("likes", "Radiohead")),
    pos("I hate coriander.", ("dislikes", "coriander")),
    pos("I don't like olives.", ("dislikes", "olives")),
    pos("I can’t stand loud music.", ("dislikes", "loud music")),
    pos("I'm not really into sports.", ("dislikes", "sports")),
    pos("I love jazz because it relaxes me.", ("likes", "jazz")),
    # allergies
    pos("I'm allergic to peanuts.", ("allergy", "peanuts")),
    pos("I have a nut allergy.", ("allergy", "nuts")),
    pos("I'm allergic to shellfish and eggs.", ("allergy", "shellfish"), ("allergy", "eggs")),
    pos("Remember that I'm allergic to bee stings.", ("allergy", "bee stings")),
    pos("Actually, I'm lactose intolerant.", ("allergy", "lactose")),
    pos("I'm intolerant to lactose.", ("allergy", "lactose")),
    pos("I have a cat allergy.", ("allergy", "cat")),
    pos("I think I'm allergic to cats.", ("allergy", "cats"), provenance=INFERRED),
    pos("I'm probably allergic to penicillin.", ("allergy", "penicillin"), provenance=INFERRED),
    pos("I might be allergic to latex.", ("allergy", "latex"), provenance=INFERRED),
    pos("Apparently I'm allergic to dust mites.", ("allergy", "dust mites"), provenance=INFERRED),
    # diet
    pos("I'm vegetarian.", ("diet", "vegetarian")),
    pos("I don't eat meat.", ("diet", "vegetarian")),
    pos("I'm vegan.", ("diet", "vegan")),
    pos("I'm gluten-free.", ("diet", "gluten-free")),
    pos("I'm on a keto diet.", ("diet", "keto")),
    pos("I went vegan last year.", ("diet", "vegan")),
    pos("We keep kosher.", ("diet", "kosher"), subject="household"),
    pos("I'm a vegetarian and I love Italian food.", ("diet", "vegetarian"), ("likes", "Italian food")),
    # birthdays and anniversaries
    pos("My birthday is on March 3rd.", ("birthday", "3rd of March")),
    pos("I was born on the 14th of July 1985.", ("birthday", "14th of July 1985")),
    pos("Our wedding anniversary is June 12.", ("anniversary", "12th of June")),
    pos("We got married on the 4th of August 2012.", ("anniversary", "4th of August 2012")),
    # others, named or related
    pos(
        "My daughter Emma is allergic to peanuts.",
        ("family_member", "Emma"),
        ("allergy", "peanuts"),
        subject="Emma",
    ),
    pos("My husband Tom works at the hospital.", ("family_member", "Tom"), ("works_at", "the hospital"), subject="Tom"),
    pos("my father lives in Faro", ("lives_in", "Faro"), subject="my father"),
    pos("Tom works at the hospital.", ("works_at", "the hospital"), subject="Tom"),
    pos("My friend Sara now works at Siemens.", ("works_at", "Siemens"), subject="Sara"),
    pos("Emma's birthday is on the 3rd of May.", ("birthday", "3rd of May"), subject="Emma"),
    pos("Leo hates broccoli.", ("dislikes", "broccoli"), subject="Leo"),
    pos(
        "Our dog Biscuit is scared of fireworks.",
        ("pet", "Biscuit"),
        ("note", "scared of fireworks"),
        subject="Biscuit",
    ),
    pos("My sister is a nurse.", ("works_as", "nurse"), subject="my sister"),
    pos("My wife is allergic to cats.", ("allergy", "cats"), subject="my wife"),
    pos("Mum lives in Faro now.", ("lives_in", "Faro"), subject="my mother"),
    pos("My brother's a vegetarian.", ("diet", "vegetarian"), subject="my brother"),
    pos("My son Leo loves football.", ("family_member", "Leo"), ("likes", "football"), subject="Leo"),
    pos("Tom's allergic to shellfish.", ("allergy", "shellfish"), subject="Tom"),
    pos("Emma doesn't like mushrooms.", ("dislikes", "mushrooms"), subject="Emma"),
    pos("My mother-in-law can't stand cats.", ("dislikes", "cats"), subject="my mother-in-law"),
    pos("Grandma lives in Braga.", ("lives_in", "Braga"), subject="my grandmother"),
    pos("My boss is vegan.", ("diet", "vegan"), subject="my boss"),
    pos("Sara works as a lawyer.", ("works_as", "lawyer"), subject="Sara"),
    pos("My daughter's birthday is March 3rd.", ("birthday", "3rd of March"), subject="my daughter"),
    pos("My neighbour Ana has two cats.", ("pet", "cat"), subject="Ana"),
    pos(
        "Tom works at the hospital and Emma loves swimming.",
        ("works_at", "the hospital"),
        ("likes", "swimming"),
        subject=None,
    ),
    pos(
        "My sister Maria lives in Paris. She's allergic to cats.",
        ("family_member", "Maria"),
        ("lives_in", "Paris"),
        ("allergy", "cats"),
        subject="Maria",
    ),
    pos("Please remember that Emma is allergic to nuts.", ("allergy", "nuts"), subject="Emma"),
    pos("Our cat Luna hates the vet.", ("pet", "Luna"), ("dislikes", "the vet"), subject="Luna"),
    pos("My dad has a Volvo.", ("owns", "Volvo"), subject="my father"),
    pos(
        "My wife Sofia works as a pharmacist.", ("family_member", "Sofia"), ("works_as", "pharmacist"), subject="Sofia"
    ),
    pos(
        "Our dog is called Biscuit. He's scared of thunder.",
        ("pet", "Biscuit"),
        ("note", "scared of thunder"),
        subject="Biscuit",
    ),
    pos("Dad hates jazz.", ("dislikes", "jazz"), subject="my father"),
    pos("My car is a red Fiat.", ("owns", "red Fiat")),
    pos("I've got a dentist appointment next Wednesday.", ("appointment", "next Wednesday")),
    pos("The bins are collected every Tuesday morning.", ("schedule", "Tuesday mornings"), subject="household"),
    pos("Bin day is Friday.", ("schedule", "Fridays"), subject="household"),
    pos(
        "Whenever I ask about the weather, give it in Celsius.",
        ("rule", "Give temperatures in Celsius"),
    ),
    # first-person forms
    pos("I'm a teacher now.", ("works_as", "teacher")),
    pos("Loud music drives me mad.", ("dislikes", "loud music")),
    pos("Traffic gets on my nerves.", ("dislikes", "traffic")),
    pos("I'm terrified of spiders.", ("note", "scared of spiders")),
    pos("I drive a Volvo.", ("owns", "Volvo")),
    pos("We've got a blue Toyota.", ("owns", "blue Toyota"), subject="household"),
    pos("We own a boat.", ("owns", "boat"), subject="household"),
    pos("I have an old piano.", ("owns", "piano")),  # the piano; "old" is how it seems
    pos("My birthday is on the 3rd of May.", ("birthday", "3rd of May")),
    pos("My birthday is May the 3rd.", ("birthday", "3rd of May")),
    pos("my birthday is 3 may", ("birthday", "3rd of May")),
    pos("We live in Porto.", ("lives_in", "Porto"), subject="household"),
    pos("I'm allergic to penicillin, please remember that.", ("allergy", "penicillin")),
    pos("I'm vegan, don't forget.", ("diet", "vegan")),
    pos("Please remember that I work at Siemens.", ("works_at", "Siemens")),
    # household schedules
    pos("The bins go out on Thursday evening.", ("schedule", "Thursday evenings"), subject="household"),
    pos("Recycling is every other Monday.", ("schedule", "every other Monday"), subject="household"),
    pos("The cleaner comes on Wednesdays.", ("schedule", "Wednesdays"), subject="household"),
    # once, not every week; a nurse's visits are the household's schedule
    pos("The cleaner comes tomorrow.", ("appointment", "tomorrow"), subject="household"),
    pos(
        "the district nurse comes Mondays and Thursdays to do my dressings",
        ("schedule", "Mondays and Thursdays"),
        subject="household",
    ),
    pos("Our gardener comes every other Friday.", ("schedule", "every other Friday"), subject="household"),
    pos("The recycling gets collected on Tuesdays.", ("schedule", "Tuesdays"), subject="household"),
    # appointments
    pos("I have a dentist appointment on Friday at 3.", ("appointment", "Friday 3pm")),
    pos("I've got a doctor's appointment tomorrow at 10.", ("appointment", "tomorrow 10am")),
    pos("Emma's swimming lesson is on Tuesday.", ("appointment", "Tuesday"), subject="Emma"),
    pos("Emma's swimming lesson moved to Thursday.", ("appointment", "Thursday"), subject="Emma"),
    pos("The plumber is coming on Monday.", ("appointment", "Monday"), subject="household"),
    pos("My son has a piano lesson on Saturday morning.", ("appointment", "Saturday morning"), subject="my son"),
    pos("Tom has football practice every Wednesday.", ("schedule", "Wednesdays"), subject="Tom"),
    pos("My dentist appointment has been moved to next Tuesday.", ("appointment", "next Tuesday")),
    pos("The electrician comes on the 12th.", ("appointment", "the 12th"), subject="household"),
    # standing rules
    pos("Always give the temperature in Celsius.", ("rule", "Always give temperatures in Celsius")),
    pos("From now on answer in Portuguese.", ("rule", "Answer in Portuguese")),
    pos(
        "Please never suggest nuts, Emma is allergic.",
        ("rule", "Never suggest nuts"),
        ("allergy", "nuts"),
        subject="Emma",
    ),
    pos("Call me Bea.", ("rule", "Call {subject} Bea")),
    pos("Don't play music after nine.", ("rule", "No music after 9pm"), subject="household"),
    pos("Never wake me before seven on weekends.", ("rule", "Never wake {subject} before 7am on weekends")),
    pos("From now on, use metric units please.", ("rule", "Use metric units")),
    pos("Always speak to me in English.", ("rule", "Always speak to {subject} in English")),
    # routines
    pos("I go running every morning.", ("routine", "go running")),
    pos("I usually walk the dog at 7.", ("routine", "walk the dog")),
    pos("Every Friday we order pizza.", ("routine", "order pizza"), subject="household"),
    pos("I work out twice a week.", ("routine", "work out")),
    pos("Oh, we always have dinner at 8.", ("routine", "have dinner"), subject="household"),
    pos("We visit my parents every Sunday.", ("routine", "visit their parents"), subject="household"),
    pos("I go swimming on Mondays and Wednesdays.", ("routine", "go swimming")),
    pos("Twice a week I swim at the local pool.", ("routine", "swim at the local pool")),
    # said without a subject or an apostrophe (ASR)
    pos("can't stand coriander honestly", ("dislikes", "coriander")),
    pos("i cant stand reality tv", ("dislikes", "reality tv")),
    pos("really hate queues", ("dislikes", "queues")),
    pos("huge fan of Benfica", ("likes", "Benfica")),
    pos("i dont eat meat", ("diet", "vegetarian")),
    pos("Allergic to penicillin, by the way.", ("allergy", "penicillin")),
    # fans and supporters
    pos("I'm a huge Benfica fan.", ("likes", "Benfica")),
    pos("We're big Porto supporters.", ("likes", "Porto"), subject="household"),
    pos("I'm not a big Benfica fan.", ("dislikes", "Benfica")),
    # self-corrections: the corrected value
    pos("my birthday is the 3rd of June, no wait, the 13th of June", ("birthday", "13th of June")),
    pos("The plumber's coming Friday, no wait, it's Saturday.", ("appointment", "Saturday"), subject="household"),
    pos("I live in Lisbon, sorry, Porto.", ("lives_in", "Porto")),
    pos("My dentist appointment is on Friday at 3, no, at 4.", ("appointment", "Friday 4pm")),
    pos("I work at Google - I mean, at Apple.", ("works_at", "Apple")),
    # 's as "is", and others' relatives
    pos("My mum's birthday is June 2nd.", ("birthday", "2nd of June"), subject="my mother"),
    pos("my dad's allergic to cats", ("allergy", "cats"), subject="my father"),
    pos("Tom's mum lives in Braga.", ("lives_in", "Braga"), subject="Tom's mum"),
    pos("Tom's mum's birthday is on the 2nd of June.", ("birthday", "2nd of June"), subject="Tom's mum"),
    pos("Emma's friend Sara works at Google.", ("works_at", "Google"), subject="Sara"),
    pos("emma's favourite food is pasta", ("likes", "pasta"), subject="Emma"),
    pos("tom's allergic to nuts", ("allergy", "nuts"), subject="Tom"),
    pos("leo is allergic to eggs", ("allergy", "eggs"), subject="Leo"),
    # household: diet, upkeep, where things are, chores with 's
    pos("We're all vegetarian in this house.", ("diet", "vegetarian"), subject="household"),
    pos("Everyone in this house is vegan.", ("diet", "vegan"), subject="household"),
    pos("nobody here eats meat", ("diet", "vegetarian"), subject="household"),
    pos("recycling's every other Monday", ("schedule", "every other Monday"), subject="household"),
    pos("The boiler gets serviced every October.", ("schedule", "every October"), subject="household"),
    pos("the gutters are cleaned twice a year", ("schedule", "twice a year"), subject="household"),
    pos("The window cleaner comes every six weeks.", ("schedule", "every six weeks"), subject="household"),
    pos(
        "The spare key is under the blue flower pot.",
        ("note", "spare key is under the blue flower pot"),
        subject="household",
    ),
    pos(
        "the fuse box is in the garage behind the bikes",
        ("note", "fuse box is in the garage behind the bikes"),
        subject="household",
    ),
    pos(
        "We keep the spare car keys in the drawer by the door.",
        ("note", "spare car keys are kept in the drawer by the door"),
        subject="household",
    ),
    pos(
        "The first aid kit is under the kitchen sink.",
        ("note", "first aid kit is under the kitchen sink"),
        subject="household",
    ),
    # appointments of others and of the speaker
    pos("Biscuit's at the vet on the 12th.", ("appointment", "the 12th"), subject="Biscuit"),
    pos("Biscuit's going to the vet on Friday.", ("appointment", "Friday"), subject="Biscuit"),
    pos("Emma's parents' evening is on the 9th of October.", ("appointment", "9th of October"), subject="Emma"),
    pos("Tom's flight to Berlin is on Sunday night.", ("appointment", "Sunday night"), subject="Tom"),
    pos("um my haircut got moved to half two tomorrow", ("appointment", "tomorrow 2:30pm")),
    pos("My son's swimming is on Tuesdays.", ("schedule", "Tuesdays"), subject="my son"),
    # rules with a plain "when"
    pos("when I ask for the news keep it short", ("rule", "Keep the news short")),
    pos(
        "Every time I say goodnight turn off the lights.",
        ("rule", "Whenever {subject} says goodnight, turn off the lights"),
    ),
    pos("When I'm cooking, don't talk to me.", ("rule", "Whenever {subject} is cooking, do not talk to {subject}")),
    # a pet named after it is mentioned
    pos("oh and we've got a cat too, her name's Pepper", ("pet", "Pepper")),
    pos("We have a cat. Her name is Luna.", ("pet", "Luna")),
    pos("I have a dog, he's called Rex.", ("pet", "Rex")),
    # dev set 2's general forms, each with variants written here
    pos("I've been a midwife for six years.", ("works_as", "midwife")),
    pos("I've been a paediatric nurse for about twelve years now", ("works_as", "paediatric nurse")),
    pos("We've got a Volkswagen Golf.", ("owns", "Volkswagen Golf"), subject="household"),
    pos("I've got a Tesla Model 3", ("owns", "Tesla Model 3")),
    pos("my dad's car is a silver Ford Focus", ("owns", "silver Ford Focus"), subject="my father"),
    pos("our car's a grey Skoda Octavia", ("owns", "grey Skoda Octavia"), subject="household"),
    pos("I'm not at Tesco anymore, I'm at Lidl now.", ("works_at", "Lidl")),
    pos("no wait I'm not at Bosch anymore I'm at Siemens now", ("works_at", "Siemens")),
    pos(
        "Ana teaches history at Oakwood Academy.",
        ("works_as", "history teacher"),
        ("works_at", "Oakwood Academy"),
        subject="Ana",
    ),
    pos("hey I'm Priya nice to meet you", ("name", "Priya")),
    pos("hello i'm ana nice to meet you", ("name", "Ana")),
    pos("emma is obsessed with horses", ("likes", "horses"), subject="Emma"),
    pos("leo is crazy about dinosaurs", ("likes", "dinosaurs"), subject="Leo"),
    pos("tomas is a huge anderlecht fan", ("likes", "anderlecht"), subject="Tomas"),
    pos("grandma's birthday is on the 2nd of March", ("birthday", "2nd of March"), subject="my grandmother"),
    pos("nan hates olives", ("dislikes", "olives"), subject="my grandmother"),
    pos("dad's a plumber", ("works_as", "plumber"), subject="my father"),
    pos("emma's birthday is the twenty-first of june", ("birthday", "21st of June"), subject="Emma"),
    pos("my birthday is on the first of may", ("birthday", "1st of May")),
    pos("Leo turns seven on the 3rd of June.", ("birthday", "3rd of June"), subject="Leo"),
    pos("Tom loves playing his guitar.", ("likes", "playing his guitar"), subject="Tom"),
    pos("Emma hates doing her homework.", ("dislikes", "doing her homework"), subject="Emma"),
    pos("I hate having my photo taken.", ("dislikes", "having their photo taken")),
    pos("cats trigger my allergies", ("allergy", "cats")),
    pos("dust sets off my hay fever", ("allergy", "dust")),
    pos("Tom gets hives whenever he eats shellfish", ("allergy", "shellfish"), subject="Tom"),
    pos("I get a rash when I touch wool", ("allergy", "wool")),
    pos("Emma took up judo and she loves it", ("likes", "judo"), subject="Emma"),
    pos("I started yoga and I hate it", ("dislikes", "yoga")),
    pos(
        "our daughter Rosa just started ballet and she loves it",
        ("family_member", "Rosa"),
        ("likes", "ballet"),
        subject="Rosa",
    ),
    pos("Tom's sister is called Ana.", ("family_member", "Ana"), subject=None),
    pos(
        "Karim's wife is called Sophie and she teaches yoga",
        ("family_member", "Sophie"),
        ("works_as", "yoga teacher"),
        subject="Sophie",
    ),
    pos("Our window cleaner comes on Friday mornings.", ("schedule", "Friday mornings"), subject="household"),
    pos("I walk the dog on Saturday mornings.", ("routine", "walk the dog")),
    pos("the bin day's tuesday", ("schedule", "Tuesdays"), subject="household"),
    pos(
        "the car keys are with the neighbour",
        ("note", "car keys are with the neighbour"),
        subject="household",
    ),
    pos("we're based in Leeds in a house by the river", ("lives_in", "Leeds"), subject="household"),
    pos(
        "Emma has piano lessons every Monday after school",
        ("schedule", "Mondays after school"),
        subject="Emma",
    ),
    pos("Leo has his check-up on Friday at 10", ("appointment", "Friday 10am"), subject="Leo"),
    pos(
        "the electrician's coming on Monday between 8 and 12",
        ("appointment", "Monday 8am-12pm"),
        subject="household",
    ),
    pos("My brother is flying in on Friday.", ("appointment", "Friday"), subject="my brother"),
    pos("We fly to Paris on the 2nd of August.", ("appointment", "2nd of August"), subject="household"),
    pos("The new sofa is being delivered on Tuesday.", ("appointment", "Tuesday"), subject="household"),
    pos("the washing machine is getting fixed tomorrow", ("appointment", "tomorrow"), subject="household"),
    pos("we do the school run every morning", ("schedule", "every morning"), subject="household"),
    pos("no wait the scan is friday not thursday", ("appointment", "Friday")),
    pos("the dentist appointment has been moved to the 14th", ("appointment", "the 14th")),
    pos(
        "Emma's birthday party is on Saturday the 9th at the park",
        ("appointment", "Saturday the 9th"),
        subject="Emma",
    ),
    pos("stop calling me sweetie", ("rule", "Do not call {subject} sweetie")),
    pos("please stop saying good morning sunshine it's annoying", ("rule", "Do not say good morning sunshine")),
    pos(
        "keep answers brief when I ask about the news",
        ("rule", "Whenever {subject} asks about the news, keep answers brief"),
    ),
    pos("keep it short when I ask about the weather", ("rule", "Keep the weather short")),
    pos("in our house no shoes indoors", ("rule", "No shoes indoors")),
    pos("in this house no music after 9pm on school nights", ("rule", "No music after 9pm on school nights")),
    # lower-case speech: names and places capitalised, casual forms read
    pos("hiya i'm greta", ("name", "Greta")),
    pos("name's olek", ("name", "Olek")),
    pos("i'm a sparky, mostly domestic stuff", ("works_as", "electrician")),
    pos("ines's a physio", ("works_as", "physio"), subject="Ines"),
    pos("i work at the county hospital, well i did, i'm at riverside clinic now", ("works_at", "Riverside Clinic")),
    pos("i've been in leeds six years now", ("lives_in", "Leeds")),
    pos("olives ugh can't stand them", ("dislikes", "olives")),
    pos("shellfish and me don't mix, i'm allergic", ("allergy", "shellfish")),
    pos("bruno can't have peanuts, he's allergic", ("allergy", "peanuts"), subject="Bruno"),
    pos("bruno went vegetarian at easter", ("diet", "vegetarian"), subject="Bruno"),
    pos("ines won't touch mushrooms", ("dislikes", "mushrooms"), subject="Ines"),
    pos("bruno's sixty on the third of may", ("birthday", "3rd of May"), ("note", "turning 60"), subject="Bruno"),
    pos("I'm a quantity surveyor these days", ("works_as", "quantity surveyor")),
    pos("Rui has joined Spotify", ("works_at", "Spotify"), subject="Rui"),
    pos("i usually crash around midnight", ("routine", "go to bed around 12am"), subject=""),
    pos("ines is really into climbing at the minute", ("likes", "climbing"), subject="Ines"),
    pos("i'm veggie these days", ("diet", "vegetarian")),
    pos("our son bruno is dinosaur mad", ("family_member", "Bruno"), ("likes", "dinosaurs"), subject=None),
    pos("my wife's mad on gardening", ("likes", "gardening"), subject="my wife"),
    pos(
        "my uncle's birthday is the fifth of june no wait the fifteenth",
        ("birthday", "15th of June"),
        subject="my uncle",
    ),
    pos("we've moved house, we're in braga now", ("lives_in", "Braga"), subject="household"),
    pos("Rui left and works for amazon now", ("works_at", "Amazon"), subject="Rui"),
    pos("Nadia has just started at orange", ("works_at", "Orange"), subject="Nadia"),
    pos("These days Nadia's favourite colour is teal.", ("likes", "teal"), subject="Nadia"),
    pos("Nadia says her favourite film is Alien now.", ("likes", "Alien"), subject="Nadia"),
    pos("I've just started a new job at Lusiadas hospital.", ("works_at", "Lusiadas hospital")),
    pos(
        "sorry, i got that wrong, my brother's birthday is actually may 3rd",
        ("birthday", "3rd of May"),
        subject="my brother",
    ),
    pos("piotr's sister hanna drives a taxi", ("family_member", "Hanna"), ("works_as", "taxi driver"), subject=None),
    pos("i'm marta's husband", ("family_member", "Marta")),
    pos("i'm a glassblower by trade", ("works_as", "glassblower")),
    pos("Nadia's an upholsterer at Hartleys", ("works_as", "upholsterer"), ("works_at", "Hartleys"), subject="Nadia"),
    pos("sushi, love it", ("likes", "sushi")),
    pos("my dad lives up in aberdeen", ("lives_in", "Aberdeen"), subject="my father"),
    pos("dev goes swimming every friday", ("routine", "go swimming"), subject="Dev"),
    pos("Nadia does yoga every Sunday morning", ("routine", "do yoga"), subject="Nadia"),
    pos("i'm a season ticket holder at hull city", ("owns", "season ticket for Hull City")),
    pos("Ken has a season ticket for Leeds United", ("owns", "season ticket for Leeds United"), subject="Ken"),
    pos(
        "no screens after half seven on school nights please",
        ("rule", "No screens after 7:30pm on school nights"),
        subject="household",
    ),
    pos("no phones at the table", ("rule", "No phones at the table"), subject="household"),
    pos("nadia's knee op is on the second of june", ("appointment", "2nd of June"), subject="Nadia"),
    pos(
        "every friday morning remind me to water the plants",
        ("rule", "Always remind {subject} every friday morning to water the plants"),
    ),
    pos("keep it brief with me", ("rule", "Always keep answers brief")),
    pos("always do measurements in metric", ("rule", "Always give measurements in metric")),
    pos("nan's coming down to stay on the fifth", ("appointment", "the 5th"), subject="my grandmother"),
    pos("bruno's got his jabs next tuesday", ("appointment", "next Tuesday"), subject="Bruno"),
    pos("my swimming lesson got moved to the twelfth", ("appointment", "the 12th")),
    pos(
        "the washing machine's being delivered monday between eight and ten",
        ("appointment", "Monday 8-10am"),
        subject="household",
    ),
    pos("i drive the blue fiat and nadia has the volvo", ("owns", "blue fiat"), ("owns", "volvo"), subject=None),
    pos("the whole family eats halal cos nadia's mum is muslim", ("diet", "halal"), subject="household"),
    pos("we got married on the ninth of june twenty fifteen", ("anniversary", "9th of June 2015")),
    pos("my mum's birthday is boxing day bless her", ("birthday", "26th of December"), subject="my mother"),
    # dev set 4's forms
    pos("I've been vegetarian since university.", ("diet", "vegetarian")),
    pos("I'm gluten-free for medical reasons.", ("diet", "gluten-free")),
    pos("my dad's been vegan on doctor's orders", ("diet", "vegan"), subject="my father"),
    pos("i love a good crime podcast", ("likes", "crime podcasts")),
    pos("I do love a good curry", ("likes", "curries")),
    pos("I love a good curry on a friday", ("likes", "curries")),
    pos("olives are disgusting i hate them", ("dislikes", "olives")),
    pos("mangoes are amazing, i love them", ("likes", "mangoes")),
    pos(
        "i usually take pickle out for a walk around seven",
        ("routine", "walk pickle"),
    ),
    pos("I always take the dog out for a walk at half six", ("routine", "walk the dog")),
    pos("i do yoga every sunday morning before everyone's up", ("routine", "do yoga")),
    pos("mira does ballet on saturday mornings", ("schedule", "Saturday mornings"), subject="Mira"),
    pos("I do karate every Tuesday", ("schedule", "Tuesdays")),
    pos("i've got a road bike in the garage", ("owns", "road bike")),
    pos("we have a piano in the living room", ("owns", "piano"), subject="household"),
    pos("I have a son, Tobias, and a daughter, Mira.", ("family_member", "Tobias"), ("family_member", "Mira")),
    pos("We've got a dog, Rex, and a cat, Luna.", ("pet", "Rex"), ("pet", "Luna")),
    pos(
        "we've got a cat, biscuit, and a tortoise called shelby",
        ("pet", "Biscuit"),
        ("pet", "Shelby"),
        subject="household",
    ),
    pos("Freya has a Labrador called Bramble.", ("pet", "Bramble")),
    pos("we've got a beagle called pickle", ("pet", "Pickle")),
    pos("we've got a cat, too", ("pet", "cat"), subject="household"),  # "too" is no name
    pos("gosia our cleaner is allergic to cats", ("allergy", "cats"), subject="Gosia"),
    pos("Yusuf, our childminder, is a huge Leeds United fan.", ("likes", "Leeds United"), subject="Yusuf"),
    pos(
        "Sunil, my brother-in-law, is a pharmacist.",
        ("family_member", "Sunil"),
        ("works_as", "pharmacist"),
        subject="Sunil",
    ),
    pos(
        "my gran kamala's birthday is the eighth of august",
        ("family_member", "Kamala"),
        ("birthday", "8th of August"),
        subject="Kamala",
    ),
    pos(
        "My daughter Mira can't stand thunderstorms.",
        ("family_member", "Mira"),
        ("dislikes", "thunderstorms"),
        subject="Mira",
    ),
    pos("recycling's collected every second monday", ("schedule", "every second Monday"), subject="household"),
    pos("We get fish and chips every Friday night.", ("routine", "get fish and chips"), subject="household"),
    pos("I get up at six every day", ("routine", "get up")),
    pos("pickle's booster jab at the vets is on the twelfth", ("appointment", "the 12th"), subject="Pickle"),
    pos("Our flight to Stockholm is on the 3rd of August.", ("appointment", "3rd of August"), subject="household"),
    pos(
        "right so the flights to oslo are booked for the twenty second of july",
        ("appointment", "22nd of July"),
        subject="household",
    ),
    pos("keep your answers short in the mornings please", ("rule", "Keep your answers short in the mornings")),
    pos("dorota comes to clean every wednesday morning", ("schedule", "Wednesday mornings"), subject="household"),
    pos("Maria comes round to babysit on Fridays", ("schedule", "Fridays"), subject="household"),
    pos(
        "friday night's pizza and a film in this house",
        ("routine", "have pizza and a film"),
        subject="household",
    ),
    pos(
        "my husband's mad on cycling, he's out on the bike every sunday",
        ("likes", "cycling"),
        ("routine", "go cycling"),
        subject="my husband",
    ),
    pos(
        "felix has an away match at selby this saturday, ten o'clock kick off",
        ("appointment", "this Saturday 10am"),
        subject="Felix",
    ),
    pos("i've got the car booked in for its mot on monday at eight", ("appointment", "Monday 8am")),
    pos("The plumber is now coming on Saturday morning.", ("appointment", "Saturday morning"), subject="household"),
    pos(
        "Never suggest recipes with peanuts for anyone in this house.",
        ("rule", "Never suggest recipes with peanuts"),
        subject="household",
    ),
    # speech-recogniser text without apostrophes: contractions from a table, a possessive 's before what is possessed
    pos("noahs really into chess", ("likes", "chess"), subject="Noah"),
    pos("lenas allergic to wasps", ("allergy", "wasps"), subject="Lena"),
    pos("my husbands birthday is the fourth of march", ("birthday", "4th of March"), subject="my husband"),
    pos("my sons birthday is the tenth of may", ("birthday", "10th of May"), subject="my son"),
    pos("my names oskar and im nine", ("name", "Oskar"), ("note", "9 years old")),
    pos("im allergic to kiwi", ("allergy", "kiwi")),
    pos("ive got a dog called rolo", ("pet", "Rolo")),
    pos(
        "my brother tomas lives in leeds hes a nurse",
        ("family_member", "Tomas"),
        ("lives_in", "Leeds"),
        ("works_as", "nurse"),
        subject="Tomas",
    ),
    # a relative named by their title is the speaker's relative, as "my grandma Rosa" is
    pos(
        "grandma rosas knee op is on the fifth of june",
        ("appointment", "5th of June"),
        ("family_member", "Rosa"),
        subject="Rosa",
    ),
    pos("my mums eye test is friday at ten", ("appointment", "Friday 10am"), subject="my mother"),
    pos("my father in law is called dev", ("family_member", "Dev")),
    pos("im vegan well vegetarian actually", ("diet", "vegetarian")),
    # dates in one form
    pos("my birthday is august the ninth", ("birthday", "9th of August")),
    pos("our anniversary is the twenty first of june", ("anniversary", "21st of June")),
    pos("sports day for leo is on the ninth", ("appointment", "the 9th"), subject="Leo"),
    # the household: "nobody in this house", "in this house", "there's a piano in our front room", "X and I"
    pos("nobody in this house likes mushrooms", ("dislikes", "mushrooms"), subject="household"),
    pos("we all love quiz shows in this house", ("likes", "quiz shows"), subject="household"),
    pos("there's a trampoline in our back garden", ("owns", "trampoline"), subject="household"),
    pos("Marco and I got married on the 2nd of May.", ("anniversary", "2nd of May")),
    # (the help's name kept with the role, as "our gardener Bogdan" is: the household's schedule, his name)
    pos(
        "Bogdan, our gardener, comes every other Friday.",
        ("name", "Bogdan"),
        ("schedule", "every other Friday"),
        subject=None,
    ),
    pos("ania the nanny takes the kids swimming on mondays", ("schedule", "Mondays"), subject="household"),
    pos("The boiler service is on Tuesday morning.", ("appointment", "Tuesday morning"), subject="household"),
    pos(
        "The window cleaner comes on the last Friday of the month.",
        ("schedule", "the last Friday of the month"),
        subject="household",
    ),
    pos("The bin men come on Mondays, not Tuesdays any more.", ("schedule", "Mondays"), subject="household"),
    pos(
        "Biscuit's papers are in the blue folder.",
        ("note", "Biscuit's papers are in the blue folder"),
        subject="household",
    ),
    pos(
        "The wifi password is on the back of the router.",
        ("note", "wifi password is on the back of the router"),
        subject="household",
    ),
    pos("I've got a blood test booked for Monday at 9.", ("appointment", "Monday 9am")),
    # jobs
    pos("I've started at Leeds General Infirmary, on the cardiology ward.", ("works_at", "Leeds General Infirmary")),
    pos("I'm a software tester at Acme Systems.", ("works_as", "software tester"), ("works_at", "Acme Systems")),
    pos(
        "Sam has got a weekend job at Green Acres Garden Centre.",
        ("works_at", "Green Acres Garden Centre"),
        subject="Sam",
    ),
    pos("my mum's started working at the library", ("works_at", "the library"), subject="my mother"),
    pos(
        "my cousin leo is a chef in leeds at a place called olive tree",
        ("family_member", "Leo"),
        ("works_as", "chef"),
        ("works_at", "olive tree"),
        subject="Leo",
    ),
    # a make said after the thing; diets with "only"; "goes mad for"
    pos("Tom's got a car, a Volvo.", ("owns", "Volvo car"), subject="Tom"),
    pos("I've just bought a campervan.", ("owns", "campervan")),
    pos("I only eat kosher.", ("diet", "kosher")),
    pos("Pickle goes mad for tennis balls.", ("likes", "tennis balls"), subject="Pickle"),
    # standing instructions: the "always" said last, "if X, always Y", "when you tell me X", "even if" dropped
    pos("Give me the news first, always.", ("rule", "Always give {subject} the news first")),
    pos(
        "if leo asks for crisps always say after dinner",
        ("rule", "Whenever leo asks for crisps, always say after dinner"),
    ),
    pos("please use the twelve hour clock when you tell me times", ("rule", "Use the 12-hour clock for times")),
    pos(
        "always speak to me in welsh even if the kids talk to you in english",
        ("rule", "Always speak to {subject} in welsh"),
    ),
    # a preference with its category: how one takes a drink; playing an instrument, a thing one likes to do
    pos("I take my coffee with oat milk now.", ("likes", "coffee with oat milk")),
    pos("I drink my tea black.", ("likes", "black tea")),
    pos("I have my tea with no sugar.", ("likes", "tea with no sugar")),
    pos("I play the trumpet.", ("likes", "playing the trumpet")),
    pos("i play the drums now", ("likes", "playing the drums")),
    pos(
        "My wife Priya plays the violin.", ("family_member", "Priya"), ("likes", "playing the violin"), subject="Priya"
    ),
    # people named by how one knows them
    pos("My best friend is called Saoirse.", ("family_member", "Saoirse")),
    pos("My teacher is Mr Brennan.", ("family_member", "Mr Brennan")),
    pos("Sam is my best friend.", ("family_member", "Sam")),
    # lower-case names: after "called", or as many words as the pets counted
    pos("we've got two goldfish bubbles and squeak", ("pet", "Bubbles"), ("pet", "Squeak"), subject="household"),
    pos("ive got a cat called ginger", ("pet", "Ginger")),
    pos("i have a son called rob", ("family_member", "Rob")),
    pos("our daughter's got a scooter, a pink micro", ("owns", "pink micro scooter"), subject="my daughter"),
    # more of the same layers: bare kin words with a dropped apostrophe, "'s got" as "has got", the couple as "we"
    pos("dads allergic to penicillin", ("allergy", "penicillin"), subject="my father"),
    pos("the plumbers coming on monday", ("appointment", "Monday"), subject="household"),
    pos("Priya's got a new job at Boots.", ("works_at", "Boots"), subject="Priya"),
    pos("my mums hip replacement is on the ninth of march", ("appointment", "9th of March"), subject="my mother"),
    # a place ending in s after "in"/"to" is never someone's: "lagos now" is not "lago's now"
    pos("i live in lagos now", ("lives_in", "Lagos")),
    pos("we moved to athens now", ("lives_in", "Athens"), subject="household"),
    pos("the whole family loves curry", ("likes", "curry"), subject="household"),
    pos("me and my husband got married in 2010", ("anniversary", "2010")),
    pos("my husband and I live in Leeds", ("lives_in", "Leeds"), subject="household"),
    pos("i take my tea with milk and two sugars", ("likes", "tea with milk and two sugars")),
    pos("my daughters allergic to peanuts", ("allergy", "peanuts"), subject="my daughter"),
    pos("our dog rolos scared of fireworks", ("pet", "Rolo"), ("note", "scared of fireworks"), subject="Rolo"),
    pos("the bins go out on a wednesday", ("schedule", "Wednesdays"), subject="household"),
    pos("the dentist is on the fifth at four", ("appointment", "the 5th 4pm")),
    pos("I prefer tea to coffee.", ("likes", "tea")),
    pos("my stepdads called ray", ("family_member", "Ray")),
    pos("my brothers getting married on the 5th of august", ("appointment", "5th of August"), subject="my brother"),
    pos("we're getting married on the 3rd of june", ("appointment", "3rd of June"), subject="household"),
    pos("i like my eggs runny", ("likes", "runny eggs")),
    pos("I have my steak medium rare.", ("likes", "medium rare steak")),
    pos("i'm learning the piano", ("note", "learning the piano")),
    pos("i play bass in a band", ("likes", "playing bass")),
    pos("My daughter plays the cello in the school orchestra.", ("likes", "playing the cello"), subject="my daughter"),
    pos("james birthday is the 3rd of june", ("birthday", "3rd of June"), subject="James"),
    pos("chris birthday is in may", ("birthday", "May"), subject="Chris"),
    pos("remember mums allergic to nuts", ("allergy", "nuts"), subject="my mother"),
    # (the childminder named, hers; the pick-up, the household's)
    pos("Our childminder Marta picks Leo up on Tuesdays.", ("name", "Marta"), ("schedule", "Tuesdays"), subject=None),
    pos("Our cleaner, Dorota, comes on Fridays.", ("schedule", "Fridays"), subject="household"),
    pos("my sister's husband is called mark", ("family_member", "Mark"), subject="my sister"),
    pos("My son's teacher is called Mrs Green.", ("family_member", "Mrs Green"), subject="my son"),
    pos("Grandpa's 80th is on the 14th of March.", ("birthday", "14th of March"), subject="my grandfather"),
    pos("My husband works shifts at the fire station.", ("works_at", "the fire station"), subject="my husband"),
    pos("Nadia works in marketing at Unilever.", ("works_at", "Unilever"), ("works_as", "marketing"), subject="Nadia"),
    pos("We adopted a greyhound called Pip last month.", ("pet", "Pip")),
    pos("The piano tuner is coming on the 3rd.", ("appointment", "the 3rd"), subject="household"),
    pos("Our childminder's called Agnieszka.", ("name", "Agnieszka"), subject="my childminder"),
    pos("our nanny is called Ania", ("name", "Ania"), subject="my nanny"),
    pos("Henrik's birthday is 15/03.", ("birthday", "15th of March"), subject="Henrik"),
    pos("my birthday is 3/11/1985", ("birthday", "3rd of November 1985")),
    pos("Grandma visits on Sundays", ("schedule", "Sundays"), subject="my grandmother"),
    pos("my nan comes round every friday", ("schedule", "Fridays"), subject="my grandmother"),
    pos("Nonna comes for dinner every Sunday.", ("schedule", "Sundays"), subject="my grandmother"),
    pos(
        "Agnieszka picks the kids up on Mondays and Thursdays.",
        ("schedule", "Mondays and Thursdays"),
        subject="household",
    ),
    pos("my mum picks the kids up from school on fridays", ("schedule", "Fridays"), subject="household"),
    pos("my birthdays the twelfth no sorry the thirteenth of july", ("birthday", "13th of July")),
    pos("my anniversarys in may", ("anniversary", "May")),
    pos(
        "Ingrid's parents' evening is Thursday, no wait, Wednesday at six.",
        ("appointment", "Wednesday 6pm"),
        subject="Ingrid",
    ),
    pos("my best mate deepa is allergic to cats", ("allergy", "cats"), subject="Deepa"),
    pos("My best mate is called Tom.", ("family_member", "Tom")),
    pos("I work for the council as a planning officer.", ("works_at", "the council"), ("works_as", "planning officer")),
    pos("im a nurse well a nurse practitioner now", ("works_as", "nurse practitioner")),
    pos("I'm a teacher, well, a head teacher now.", ("works_as", "head teacher")),
    pos("I only eat halal meat.", ("diet", "halal")),
    pos(
        "oh my stepdad kwame drives a vintage mini",
        ("family_member", "Kwame"),
        ("owns", "vintage mini"),
        subject="Kwame",
    ),
    pos("theres a lawnmower in the shed", ("owns", "lawnmower"), subject="household"),
    pos(
        "the wifi passwords on the back of the router",
        ("note", "wifi password is on the back of the router"),
        subject="household",
    ),
    pos("The spare key is with Chidi next door.", ("note", "spare key is with Chidi next door"), subject="household"),
    pos("the hamsters called noodle", ("pet", "Noodle")),
    pos("The dog's called Rex.", ("pet", "Rex")),
    pos("waffles goes mad for tennis balls", ("likes", "tennis balls"), subject="Waffles"),
    pos("waffles has the vet on monday at 4", ("appointment", "Monday 4pm"), subject="Waffles"),
    pos("gerald goes to the vet for his check up on the 20th of may", ("appointment", "20th of May"), subject="Gerald"),
    pos("I go to the dentist on the 20th of May.", ("appointment", "20th of May")),
    pos("please use the 24 hour clock", ("rule", "Use the 24-hour clock")),
    pos("Please use metric units.", ("rule", "Use metric units")),
    pos(
        "In this house we use metric, so always give recipes in grams.",
        ("rule", "Always give recipes in grams"),
        subject="household",
    ),
    pos(
        "dont give the kids the answers to their homework just help them work it out",
        ("rule", "Do not give the kids the answers to their homework, help them work it out"),
        subject="household",
    ),
    pos(
        "please dont call me mrs lindqvist just marisol is fine",
        ("rule", "Call {subject} marisol, not Mrs Lindqvist"),
        ("name", "Marisol"),
    ),
    pos("Don't call me Mrs Lindqvist.", ("rule", "Do not call {subject} Mrs Lindqvist")),
    pos("my aunt visits every other weekend", ("schedule", "every other weekend"), subject="my aunt"),
    pos(
        "Auntie Jo comes for Sunday lunch every week.",
        ("family_member", "Jo"),
        ("schedule", "every week"),
        subject="Jo",
    ),
    pos("Please don't call me Rob, Robert is fine.", ("rule", "Call {subject} Robert, not Rob"), ("name", "Robert")),
    pos("The tortoise is called Sheldon.", ("pet", "Sheldon")),
    pos("The cleaner's called Dorota.", ("name", "Dorota"), subject="my cleaner"),
    pos("I have a dog walker called Tom.", ("name", "Tom"), subject="my dog walker"),  # the help, named
    pos("theres a freezer in the garage", ("owns", "freezer"), subject="household"),
    pos(
        "in our house we're vegetarian, so never suggest meat recipes",
        ("rule", "Never suggest meat recipes"),
        ("diet", "vegetarian"),
        subject="household",
    ),
    pos("I'm allergic to nuts, so never suggest satay", ("rule", "Never suggest satay"), ("allergy", "nuts")),
    pos(
        "spare key's with pat at number twelve", ("note", "spare key is with pat at number twelve"), subject="household"
    ),
    pos("My guitar is on Mondays.", ("schedule", "Mondays")),
    pos(
        "Rosa's piano with Mr Okafor is on Thursdays at half four.",
        ("schedule", "Thursdays 4:30pm"),
        subject="Rosa",
    ),
    # corrections said without commas, news said with "just", things asked to be remembered (held-out set 7's forms)
    pos("i live in york sorry harrogate", ("lives_in", "Harrogate")),
    pos("i work at tesco sorry about that", ("works_at", "Tesco")),  # an apology after the statement
    pos("my birthday is on the second no the third of may", ("birthday", "3rd of May")),
    pos("I've just started at the Royal Infirmary.", ("works_at", "Royal Infirmary")),
    pos("my cousin has just got a job at accenture", ("works_at", "Accenture"), subject="my cousin"),
    pos("Ilse loves anything with ginger in it.", ("likes", "ginger"), subject="Ilse"),
    pos("my grandad only eats kosher", ("diet", "kosher"), subject="my grandfather"),
    pos("I've got a Yamaha ukulele in the spare room.", ("owns", "Yamaha ukulele")),
    pos("Call me Mo, please.", ("rule", "Call {subject} Mo")),
    pos("Biscuit's booked in at the vet on Monday at ten.", ("appointment", "Monday 10am"), subject="Biscuit"),
    pos("The van's MOT is due on the 2nd of April.", ("appointment", "2nd of April"), subject="household"),
    pos("Remember that Biscuit isn't allowed upstairs.", ("note", "is not allowed upstairs"), subject="Biscuit"),
    pos("my locker code is three one two nine, please remember that", ("note", "locker code is three one two nine")),
    pos("Nana Joy lives in Cork.", ("family_member", "Joy"), ("lives_in", "Cork"), subject="Joy"),
    pos("Idris here, I work at Asda.", ("name", "Idris"), ("works_at", "Asda")),
    pos(
        "Biscuit has his flea treatment on the first of every month.",
        ("schedule", "the first of every month"),
        subject="Biscuit",
    ),
    pos("Marta comes for piano lessons every Tuesday at 5.", ("schedule", "Tuesdays 5pm"), subject="household"),
    pos("Jonas does the school run on Fridays.", ("schedule", "Fridays"), subject="household"),
    # a statement, then an aside that is no part of it
    pos("I'm vegetarian, have been for about ten years now.", ("diet", "vegetarian")),
    pos("i hate olives cant even look at them", ("dislikes", "olives")),
    pos(
        "My wife's birthday is the 2nd of March, don't let me forget.", ("birthday", "2nd of March"), subject="my wife"
    ),
    pos(
        "The window cleaner comes every other Monday, usually about nine.",
        ("schedule", "every other Monday"),
        subject="household",
    ),
    pos("My mate Idris works at Deloitte, he's buzzing.", ("works_at", "Deloitte"), subject="Idris"),
    pos("Please just call me Bea.", ("rule", "Call {subject} Bea")),
    pos("the vans mot is booked in for the third of may", ("appointment", "3rd of May"), subject="household"),
    pos("stop calling me madam its weird", ("rule", "Do not call {subject} madam")),
    pos("Our lot love curry.", ("likes", "curry"), subject="household"),
    pos("none of us like mushrooms in this house", ("dislikes", "mushrooms"), subject="household"),
    pos("the whole familys chelsea mad", ("likes", "chelsea"), subject="household"),
    pos("I'm off gluten now, doctor's orders.", ("diet", "gluten-free")),
    pos("Bristol's home now.", ("lives_in", "Bristol")),
    pos("I love anything by Joni Mitchell.", ("likes", "Joni Mitchell")),
    pos("I live in Leeds, well, not Leeds exactly, Horsforth, it's just outside.", ("lives_in", "Horsforth")),
    pos(
        "my sister lives in perth sorry not perth adelaide i always mix them up",
        ("lives_in", "Adelaide"),
        subject="my sister",
    ),
    pos("We've got a piano in the front room that nobody ever plays.", ("owns", "piano"), subject="household"),
    pos("Biscuit's at the vet on Monday at 4 for his jabs.", ("appointment", "Monday 4pm"), subject="Biscuit"),
    pos("were all vegan in this house", ("diet", "vegan"), subject="household"),
    pos("We're getting the boiler serviced on the 4th.", ("appointment", "the 4th"), subject="household"),
    pos(
        "my son ali is obsessed with trains like properly obsessed",
        ("family_member", "Ali"),
        ("likes", "trains"),
        subject="Ali",
    ),
    pos("Got a haircut booked for Saturday at 11, with Jade.", ("appointment", "Saturday 11am")),
    # said by the by: no part of the statement, and no condition on it
    pos("I'm a paramedic, if anyone asks why I sleep all day.", ("works_as", "paramedic")),
    pos("i hate olives always have always will", ("dislikes", "olives")),
    pos(
        "My daughter Nia's got her driving test on the 17th of June, fingers crossed.",
        ("family_member", "Nia"),
        ("appointment", "17th of June"),
        subject="Nia",
    ),
    pos(
        "my dog bramble hates the hoover absolutely loses it",
        ("pet", "Bramble"),
        ("dislikes", "the hoover"),
        subject="Bramble",
    ),
    pos("we all support everton in this house even the dog", ("likes", "everton"), subject="household"),
    pos("ravi doesnt like spicy food at all so go easy", ("dislikes", "spicy food"), subject="Ravi"),
    pos("Oh hiya, I'm Nkechi by the way, nice to meet you properly.", ("name", "Nkechi")),
    pos("i dont eat pork im halal", ("diet", "halal"), ("diet", "no pork")),
    pos("ive got a hair appointment at half three on friday", ("appointment", "Friday 3:30pm")),
    pos("The car's booked in for its MOT on the 23rd of May.", ("appointment", "23rd of May"), subject="household"),
    pos("i live in leeds sorry i mean leicester", ("lives_in", "Leicester")),
    pos("honestly i hate sprouts always have", ("dislikes", "sprouts")),
    pos("my physio appointments on the third of may at ten", ("appointment", "3rd of May 10am")),
    pos(
        "my wife gwen supports cardiff city god help her",
        ("family_member", "Gwen"),
        ("likes", "Cardiff City"),
        subject="Gwen",
    ),
    pos("my nan joy lives in hilo on the big island", ("family_member", "Joy"), ("lives_in", "Hilo"), subject="Joy"),
    pos("im seeing the gp friday morning about my knee", ("appointment", "Friday morning")),
    pos("Keep your answers short.", ("rule", "Keep your answers short")),
    pos("Use 24-hour time for everything, yeah?", ("rule", "Use 24-hour time")),
    pos(
        "Tiago, that's my brother, he's vegetarian.",
        ("family_member", "Tiago"),
        ("diet", "vegetarian"),
        subject="Tiago",
    ),
    pos(
        "My youngest, Hugo, he turns six on the 2nd of March.",
        ("family_member", "Hugo"),
        ("birthday", "2nd of March"),
        subject="Hugo",
    ),
    pos("the window cleaner comes every fourth friday", ("schedule", "every fourth Friday"), subject="household"),
    pos(
        "Fatou's driving test is on the 9th of October. Fingers crossed!",
        ("appointment", "9th of October"),
        subject="Fatou",
    ),
    pos("Keep the volume low after 10pm, the baby's asleep upstairs.", ("rule", "Keep the volume low after 10pm")),
    pos("Use metric units for everything, I find it easier.", ("rule", "Use metric units")),
    # whom someone sees for a service: one at a time (a note keyed by the role)
    pos("Biscuit's vet is Dr Pinto.", ("note", "Dr Pinto"), subject="Biscuit"),
    pos("We've switched Biscuit to a new vet, Dr Moreira.", ("note", "Dr Moreira"), subject="Biscuit"),
    pos("My GP is Dr Osei.", ("note", "Dr Osei")),
    pos("our dentist is Mrs Ali", ("note", "Mrs Ali"), subject="household"),
    # session 12's forms (dev sets 8-12 and the fresh forgetting set): people named by how they are known, lists of
    # days, events said bare, possessions by make, names introduced, listener asides, where one lives, job changes,
    # schools and providers, one partner or carer at a time, a car replaced
    pos("Our lad Cody hates broccoli.", ("family_member", "Cody"), ("dislikes", "broccoli"), subject="Cody"),
    pos("my friend camila is a vet", ("works_as", "vet"), subject="Camila"),
    pos(
        "Siobhan next door has a spare key.",
        ("note", "spare key with siobhan"),
        subject=None,
    ),
    pos(
        "The bins go out on Tuesday nights and the recycling is every other week.",
        ("schedule", "Tuesday nights"),
        ("schedule", "every other week"),
        subject="household",
    ),
    pos("I have football training on Monday and Wednesday evenings.", ("schedule", "Monday and Wednesday evenings")),
    pos("Book club's the first Monday of every month.", ("schedule", "the first Monday of every month")),
    pos("Flight to Lagos is on the 18th of December.", ("appointment", "18th of December")),
    pos("Our car is a grey Skoda Octavia estate.", ("owns", "grey Skoda Octavia estate"), subject="household"),
    pos("I've got an old Vespa.", ("owns", "Vespa")),
    pos(
        "My nephew Tobiah's bought himself an old Land Rover Defender.",
        ("family_member", "Tobiah"),
        ("owns", "Land Rover Defender"),
        subject="Tobiah",
    ),
    pos("My wife Farida is a producer.", ("family_member", "Farida"), ("works_as", "producer"), subject="Farida"),
    pos("I'm Bartek, by the way.", ("name", "Bartek")),
    pos("The name's Lachlan.", ("name", "Lachlan")),
    pos("hey its thabo by the way i moved to durban last month", ("name", "Thabo"), ("lives_in", "Durban")),
    pos("im allergic to penicillin so if i ever ask about antibiotics remember that", ("allergy", "penicillin")),
    pos("i drive a blue skoda octavia estate if anyone asks", ("owns", "blue Skoda Octavia estate")),
    pos("my birthdays on the fourteenth of february yeah valentines day dont laugh", ("birthday", "14th of February")),
    pos("i cant stand coriander tastes like soap to me", ("dislikes", "coriander")),
    pos(
        "Our cat Ziggy is on a special kidney diet from the vet.",
        ("pet", "Ziggy"),
        ("diet", "kidney diet"),
        subject="Ziggy",
    ),
    pos("We live in Exeter, well, Exmouth really, just down the coast.", ("lives_in", "Exmouth"), subject="household"),
    pos("We're all mad about board games.", ("likes", "board games"), subject="household"),
    pos("I live on my own in a little flat in Leith.", ("lives_in", "Leith")),
    pos("I've been in Swansea about twelve years now.", ("lives_in", "Swansea")),
    pos("we live in a little village just outside york called haxby", ("lives_in", "Haxby"), subject="household"),
    pos("the cars a blue nissan leaf if you need it for anything", ("owns", "blue Nissan Leaf"), subject="household"),
    pos("our dogs a rescue greyhound called dash soft as anything", ("pet", "Dash")),
    pos("Arjun, my eldest, is allergic to kiwi.", ("family_member", "Arjun"), ("allergy", "kiwi"), subject="Arjun"),
    pos("Temperatures in Fahrenheit please, always.", ("rule", "Always give temperatures in Fahrenheit")),
    pos("keep your answers short please i dont need the whole wikipedia page", ("rule", "Keep your answers short")),
    pos("Parents' evening is the 21st at 6 — no, sorry, half six.", ("appointment", "the 21st 6:30pm")),
    pos("haircut saturday at 10 wait no its half ten", ("appointment", "Saturday 10:30am")),
    pos("I'm a paramedic, so don't be surprised if I'm asking you stuff at 3am.", ("works_as", "paramedic")),
    pos("i work for deloitte mostly from home", ("works_at", "Deloitte")),
    pos("Ingrid left Boots and joined Lloyds Pharmacy.", ("works_at", "Lloyds Pharmacy"), subject="Ingrid"),
    pos(
        "I've started a new job as a school nurse at Fernwood High.",
        ("works_as", "school nurse"),
        ("works_at", "Fernwood High"),
    ),
    pos("I got promoted to senior designer.", ("works_as", "senior designer")),
    pos("I'm now the design lead at Pixelworks.", ("works_as", "design lead"), ("works_at", "Pixelworks")),
    pos("Rosalind is now a driving instructor.", ("works_as", "driving instructor"), subject="Rosalind"),
    pos("Noah goes to St Aidan's Primary.", ("note", "St Aidan's Primary"), subject="Noah"),
    pos("Noah has started at Riverside Academy.", ("note", "Riverside Academy"), subject="Noah"),
    pos("Our broadband is with Virgin Media.", ("note", "Virgin Media"), subject="household"),
    pos("We've switched the energy to EDF.", ("note", "EDF"), subject="household"),
    pos("We've gone with Ovo for gas and electric now.", ("note", "Ovo"), subject="household"),
    pos("Kofi's girlfriend is now Leonie.", ("family_member", "Leonie")),
    pos("Walter has a new carer called Ayodele.", ("family_member", "Ayodele")),
    pos("Walter's carer changed again, it's Siobhan now.", ("family_member", "Siobhan")),
    pos("We've replaced the Skoda with a Toyota Yaris.", ("owns", "Toyota Yaris"), subject="household"),
    pos("We sold the Yaris and bought a Kia Niro.", ("owns", "Kia Niro"), subject="household"),
    pos(
        "Dad's dentist has been rescheduled to the 18th of March.",
        ("appointment", "18th of March"),
        subject="my father",
    ),
    pos("The garden waste bin gets collected on Friday.", ("schedule", "Fridays"), subject="household"),
    pos("bin day has changed to Monday for the black bins", ("schedule", "Mondays"), subject="household"),
    pos("Halfords called, the MOT is now on the 15th of May.", ("appointment", "15th of May"), subject="household"),
    # the second round (forgetting suite 3 and household 4 as dev sets)
    pos("The gas and electric for the house is with Octopus Energy.", ("note", "Octopus Energy"), subject="household"),
    pos("We moved energy supplier, it's EDF now.", ("note", "EDF"), subject="household"),
    pos("Switched phone networks again, we're on Lebara now.", ("note", "Lebara"), subject="household"),
    pos("Hamish next door is going out with Lorna.", ("family_member", "Lorna"), subject="Hamish"),
    pos("Hamish is engaged to a woman called Catriona.", ("family_member", "Catriona"), subject="Hamish"),
    pos("Aunt Rosalind's got a new partner, his name is Bernard.", ("family_member", "Bernard"), subject="Rosalind"),
    pos("Marek jumped ship to KPMG.", ("works_at", "KPMG"), subject="Marek"),
    pos("freya's now doing her saturday shifts at Waterstones", ("works_at", "Waterstones"), subject="Freya"),
    pos("Noah's piano teacher has moved his lesson to Thursdays.", ("schedule", "Thursdays"), subject="Noah"),
    pos(
        "We rebooked Pepper's check-up at the vet for the 20th of May.",
        ("appointment", "20th of May"),
        subject="Pepper",
    ),
    pos("The Skoda's MOT is booked for the 9th of June.", ("appointment", "9th of June"), subject="household"),
    pos("Moved the car's MOT to the 17th of June, same garage.", ("appointment", "17th of June"), subject="household"),
    pos("callum's moved down to Bristol for good", ("lives_in", "Bristol"), subject="Callum"),
    pos(
        "Nana Pearl is in a care home in Malton these days.",
        ("family_member", "Pearl"),
        ("lives_in", "Malton"),
        subject="Pearl",
    ),
    pos("Desmond works as a plumber in Bootle.", ("works_as", "plumber"), ("lives_in", "Bootle"), subject="Desmond"),
    pos("the wifi password is bluefinch42", ("note", "bluefinch42"), subject="household"),
    pos("Biscuit is our springer spaniel", ("pet", "Biscuit")),
    pos("i play netball for the county under 17s", ("likes", "netball")),
    pos(
        "my little brother Rory's teacher this year is Mrs Okafor",
        ("family_member", "Mrs Okafor"),
        ("family_member", "Rory"),  # the little brother is kin, said beside what is said of him
        subject="Rory",
    ),
    pos("the dentist rang, my appointment's moved to the 16th", ("appointment", "the 16th")),
    pos("Rory goes to St Oswald's primary school", ("note", "St Oswald's primary school"), subject="Rory"),
    pos("we live on Alder Road in Otley", ("lives_in", "Alder Road, Otley"), subject="household"),
    pos("our dog Biscuit is a cocker spaniel", ("pet", "Biscuit"), ("note", "cocker spaniel"), subject="Biscuit"),
    # session 14: languages, an age said alone, a school someone "is at", a role named before where they are
    pos("I speak Dutch and a little Italian.", ("speaks", "Dutch"), ("speaks", "Italian")),
    pos("Gran only speaks Polish.", ("speaks", "Polish"), subject="my grandmother"),
    pos("Welsh is my first language.", ("speaks", "Welsh")),
    pos("Sunita is fluent in Japanese.", ("speaks", "Japanese"), subject="Sunita"),
    pos("I'm 42, for the record.", ("note", "42 years old")),
    pos(
        "Our tortoise Admiral is about forty years old.",
        ("pet", "Admiral"),
        ("note", "about 40 years old"),
        subject="Admiral",
    ),
    pos("Rory is at Ashgrove Academy now.", ("note", "Ashgrove Academy"), subject="Rory"),
    pos(
        "My son Kit is studying engineering at Northwold University.",
        ("family_member", "Kit"),
        ("note", "Northwold University"),
        subject="Kit",
    ),
    pos("we have a lodger called tomasz in the spare room", ("family_member", "Tomasz")),
    pos(
        "my son arlo has swimming lessons on saturday at 9am",
        ("family_member", "Arlo"),
        ("schedule", "Saturdays 9am"),
        subject="Arlo",
    ),
    pos(
        "My older brother Anselm lives in Berlin.",
        ("family_member", "Anselm"),
        ("lives_in", "Berlin"),
        subject="Anselm",
    ),
    pos("my little sister maya loves horses", ("family_member", "Maya"), ("likes", "horses"), subject="Maya"),
    pos("i have a haircut booked at snippers on friday at eleven", ("appointment", "Friday 11am")),
    pos("My car's MOT is due on the 28th of July.", ("appointment", "28th of July")),
    pos("Our boiler service is due on the 3rd of March.", ("appointment", "3rd of March"), subject="household"),
    # session 15: a job said with "claims", languages "a bit of", learning one, health, foods left out, where one
    # was born or grew up, keen doers, retirement, blood type, the house's kit, providers "from"
    pos("I work as a claims handler.", ("works_as", "claims handler")),
    pos(
        "um so i work at garrowby insurance as a claims handler",
        ("works_at", "Garrowby Insurance"),
        ("works_as", "claims handler"),
    ),
    pos("I speak Portuguese and a bit of Welsh.", ("speaks", "Portuguese"), ("speaks", "Welsh")),
    pos("I'm learning Japanese at the moment.", ("speaks", "Japanese")),
    pos("I'm learning Irish on Duolingo.", ("speaks", "Irish")),
    pos("I have type 2 diabetes.", ("note", "has type 2 diabetes")),
    pos("my dad has type two diabetes", ("note", "has type 2 diabetes"), subject="my father"),
    pos("I'm diabetic.", ("note", "diabetic")),
    pos("I was diagnosed with ADHD last year.", ("note", "has ADHD")),
    pos("I don't eat pork.", ("diet", "no pork")),
    pos("I grew up in Port Emrys.", ("note", "grew up in Port Emrys")),
    pos("Ada was born last week.", ("note", "born last week"), subject="Ada"),
    pos("I'm a keen birdwatcher.", ("likes", "birdwatching")),
    pos("my dad is a keen tennis player", ("likes", "tennis"), subject="my father"),
    pos("I retired from the post office last year.", ("note", "retired from the post office")),
    pos("My blood type is O negative.", ("note", "blood type O negative")),
    pos("I own a 1972 Triumph Spitfire.", ("owns", "1972 Triumph Spitfire")),
    pos(
        "We've got solar panels and a Tesla Powerwall.",
        ("owns", "solar panels"),
        ("owns", "Tesla Powerwall"),
        subject="household",
    ),
    pos("Our electricity comes from Borealis Energy.", ("note", "Borealis Energy"), subject="household"),
    pos("We get our electricity from Borealis Energy.", ("note", "Borealis Energy"), subject="household"),
    pos("I'm vegetarian and I don't drink alcohol.", ("diet", "vegetarian"), ("note", "does not drink alcohol")),
    pos("um im left handed if that matters", ("note", "left handed")),
    pos(
        "I'm allergic to wasp stings and I carry an EpiPen.", ("allergy", "wasp stings"), ("note", "carries an EpiPen")
    ),
    pos("My son uses an inhaler.", ("note", "uses an inhaler"), subject="my son"),
    pos("i sing in the holloway vale community choir", ("note", "sings in the Holloway Vale community choir")),
    pos("I volunteer at the Fernside food bank at weekends.", ("note", "volunteers at the Fernside food bank")),
    pos("I'm learning to drive.", ("note", "learning to drive")),
    pos(
        "Our local council is Marrowdale District Council.",
        ("note", "council is Marrowdale District Council"),
        subject="household",
    ),
    pos(
        "The house is rented through Kestrel Lettings.",
        ("note", "rented through Kestrel Lettings"),
        subject="household",
    ),
    pos("Don't remind me about the gym at weekends.", ("rule", "Do not remind {subject} about the gym at weekends")),
    pos("um when you read the news skip the sport", ("rule", "Whenever you read the news, skip the sport")),
    pos("Call me Ros, not Rosalind.", ("rule", "Call {subject} Ros")),
    pos("Isla's ended up at Vintry Academy after the move.", ("note", "Vintry Academy"), subject="Isla"),
    pos("Tomasz has taken a job at Corriden Rail.", ("works_at", "Corriden Rail"), subject="Tomasz"),
    pos("nan has moved into sheltered housing in treverra.", ("lives_in", "Treverra"), subject="my grandmother"),
    pos("so nans in a care home in lanwick now", ("lives_in", "Lanwick"), subject="my grandmother"),
    pos("For the broadband we went with Fibrewave in the end.", ("note", "Fibrewave"), subject="household"),
    pos("The salon rang, they've moved my haircut to Saturday at 3pm instead.", ("appointment", "Saturday 3pm")),
    pos("The surgery has moved my check-up to Friday.", ("appointment", "Friday")),
    pos("I'm a retired teacher.", ("works_as", "retired teacher")),  # the occupation now: retired
    pos(
        "I'm originally from Cork but I've lived in Leeds for ten years.",
        ("note", "originally from Cork"),
        ("lives_in", "Leeds"),
    ),
    pos("oh i really love jazz especially the old blue note records", ("likes", "jazz")),
    pos(
        "We've got solar panels on the roof and a heat pump.",
        ("owns", "solar panels"),
        ("owns", "heat pump"),
        subject="household",
    ),
    pos(
        "Our GP surgery is Millbrook Medical Centre.",
        ("note", "GP surgery is Millbrook Medical Centre"),
        subject="household",
    ),
    pos(
        "Tomasz is moving on again, he's accepted an offer from Quenby Engineering.",
        ("works_at", "Quenby Engineering"),
        subject="Tomasz",
    ),
    pos(
        "My son Reuben plays for Ashcombe Rovers.",
        ("family_member", "Reuben"),
        ("note", "Ashcombe Rovers"),
        subject="Reuben",
    ),
    pos("Reuben has signed for Stannary Town.", ("note", "Stannary Town"), subject="Reuben"),
    pos(
        "ruairi switched to ashby vale rovers", ("note", "Ashby Vale Rovers"), subject="Ruairi"
    ),  # a club's kind of name
    pos("I'm doing keto at the moment.", ("diet", "keto")),
    pos("I'm a member of the Lowmoor Rambling Club.", ("note", "member of Lowmoor Rambling Club")),
    pos("declan's driving taxis now", ("works_as", "taxi driver"), subject="Declan"),
    pos(
        "He's moved clubs again — Ruairi's with Pennick Town Juniors now.",
        ("note", "Pennick Town Juniors"),
        subject="Ruairi",
    ),
    pos("I work in the warehouse office at Halvorsen Logistics.", ("works_at", "Halvorsen Logistics")),
    pos("Started my new job at Brightwater Insurance today!", ("works_at", "Brightwater Insurance")),
    pos("phones are with Parakeet now, cheaper deal", ("note", "Parakeet"), subject="household"),
    pos("My gran is living with Uncle Bram in Canterbury now.", ("lives_in", "Canterbury"), subject="my grandmother"),
    pos(
        "I'm self-employed; I run a small pottery studio called Kilnhouse.",
        ("works_at", "Kilnhouse"),
        ("note", "runs a pottery studio"),
    ),
    pos(
        "My aunt Philippa runs a bakery in Totnes called Crumb and Co.",
        ("family_member", "Philippa"),
        ("works_at", "Crumb and Co"),
        ("note", "runs a bakery in Totnes"),
        subject="Philippa",
    ),
    pos(
        "I'm training to be a midwife at Carnmoor University.",
        ("note", "training to be a midwife"),
        ("note", "Carnmoor University"),
    ),
    # said as facts since session 15: where one was born, and a food someone leaves out, are notes
    pos("I was born in Porto.", ("note", "born in Porto")),  # a note, not where one lives
    pos("in this house we don't eat pork", ("diet", "no pork"), subject="household"),
    pos("I don't eat halal meat.", ("note", "does not eat halal meat")),  # no diet of its own
    # session 18: a job started or got "as" something, when and where between "work" and "as", a trade learnt
    pos(
        "so i started at greaves and wilde last month as a junior accountant",
        ("works_at", "Greaves and Wilde"),
        ("works_as", "junior accountant"),
    ),
    pos("I just got a job at the council as a planner.", ("works_at", "the council"), ("works_as", "planner")),
    pos("I work nights as a porter at the General.", ("works_as", "porter"), ("works_at", "the General Hospital")),
    pos("I work from home as a bookkeeper.", ("works_as", "bookkeeper")),
    pos(
        "im the head groundskeeper up at larchmere golf club",
        ("works_as", "head groundskeeper"),
        ("works_at", "Larchmere golf club"),
    ),
    pos("Dan's doing an apprenticeship as a joiner.", ("works_as", "apprentice joiner"), subject="Dan"),
    pos("I'm doing an apprenticeship in plumbing at Hales.", ("works_as", "apprentice plumber"), ("works_at", "Hales")),
    # languages said as a speaker of them, and a list with how well
    pos(
        "My father-in-law Hamish is a native Gaelic speaker.",
        ("family_member", "Hamish"),
        ("speaks", "Gaelic"),
        subject="Hamish",
    ),  # fmt: skip
    pos("i speak welsh and um a bit of portuguese not much", ("speaks", "Welsh"), ("speaks", "Portuguese")),
    pos(
        "oh and my girlfriend ilse is dutch she speaks dutch and german",
        ("family_member", "Ilse"),
        ("speaks", "Dutch"),
        ("speaks", "German"),
        subject="Ilse",
    ),
    # a pet got, with two words of what it is; an age said with "and ..." after it, or "just turned"
    pos("we have a grey lop rabbit called turnip and he hates being picked up", ("pet", "Turnip"), subject="household"),
    pos("we got a hamster called nutmeg for the kids", ("pet", "Nutmeg"), subject="household"),
    pos(
        "My grandad is ninety-two and still does the crossword.",
        ("note", "92 years old"),
        subject="my grandfather",
    ),  # fmt: skip
    # whom the household sees for a trade, with where they are from
    pos("Our plumber is Tadeusz from Kettle & Sons.", ("note", "Tadeusz from Kettle & Sons"), subject="household"),
    pos("Our GP is Dr Okafor at Millfield surgery.", ("note", "Dr Okafor at Millfield surgery"), subject="household"),
    pos("My book club meets the first Monday of every month.", ("schedule", "the first Monday of every month")),
    # rules with their reason run on, units asked for, a word of the household's, "no X ever"
    pos(
        "never suggest recipes with sesame oona is allergic",
        ("rule", "Never suggest recipes with sesame"),
        ("allergy", "sesame"),
        subject="Oona",
    ),
    pos(
        "dont play any music after nine at night the baby sleeps in the next room",
        ("rule", "No music after 9pm"),
        subject="household",
    ),  # fmt: skip
    pos("dont ever play the news in the morning it stresses me out", ("rule", "Never play the news in the morning")),
    pos(
        "when i ask for the news skip the sport i really dont care",
        ("rule", "Whenever {subject} asks for the news, skip the sport"),
    ),  # fmt: skip
    pos(
        "no recipes with nuts ever, kit is allergic",
        ("rule", "No recipes with nuts"),
        ("allergy", "nuts"),
        subject="Kit",
    ),
    pos("I've been made deputy head at Oakfield.", ("works_as", "deputy head"), ("works_at", "Oakfield")),
    pos("Lily's split up with Kai. Her new boyfriend is called Theo.", ("family_member", "Theo"), subject="Lily"),
    pos("I go to spin class on Mondays.", ("schedule", "Mondays")),  # a class on a day is its schedule
    pos("I've been at Greggs head office for about six years now.", ("works_at", "Greggs head office")),
    pos("Noah's favourite band at the moment is Arctic Monkeys.", ("likes", "Arctic Monkeys"), subject="Noah"),
    pos("I can't eat anything with sesame in it, I'm properly allergic.", ("allergy", "sesame")),
    pos(
        "Keep the volume at half or lower after 9pm - the baby's asleep upstairs.",
        ("rule", "Keep the volume at half or lower after 9pm"),
    ),  # fmt: skip
    pos("My mum lives up in Aberdeen on her own now.", ("lives_in", "Aberdeen"), subject="my mother"),
    pos(
        "My roommate Priya is vegetarian, so no meat in anything if she's eating with us.",
        ("diet", "vegetarian"),
        subject="Priya",
    ),  # fmt: skip
    pos(
        "my mum only really speaks punjabi and a little bit of english",
        ("speaks", "Punjabi"),
        ("speaks", "English"),
        subject="my mother",
    ),  # fmt: skip
    pos(
        "oh and our eldest callum hes like mad about minecraft",
        ("family_member", "Callum"),
        ("likes", "minecraft"),
        subject="Callum",
    ),  # fmt: skip
    pos(
        "my father in law hes a crane driver down at the port of tilbury",
        ("works_as", "crane driver"),
        ("works_at", "the Port of Tilbury"),
        subject="my father-in-law",
    ),  # fmt: skip
    pos(
        "We're all registered with Dr Hussain at Millbrook Surgery.",
        ("note", "Dr Hussain at Millbrook Surgery"),
        subject="household",
    ),  # fmt: skip
    pos(
        "I'm originally from Cork but I've been living in Melbourne the last eight years.",
        ("note", "originally from Cork"),
        ("lives_in", "Melbourne"),
    ),  # fmt: skip
    pos("oh and weve got a rabbit as well called thumper", ("pet", "Thumper"), subject="household"),
    pos("mums moved into sheltered housing over in scarborough", ("lives_in", "Scarborough"), subject="my mother"),
    pos("Mum's gone to live with my sister in York now.", ("lives_in", "York"), subject="my mother"),
    pos("I'm on the tills at Sainsbury's.", ("works_at", "Sainsbury's")),
    pos(
        "ethans packed in the coffee shop hes doing delivery driving for amazon now",
        ("works_at", "Amazon"),
        subject="Ethan",
    ),  # fmt: skip
    pos("we broke up last month. im seeing someone new now hes called luca", ("family_member", "Luca")),
    pos("colms eating fish again so put him down as pescatarian now", ("diet", "pescatarian"), subject="Colm"),
    # a medicine one is on, by name, kind or ending
    pos("grandad takes warfarin", ("note", "takes warfarin"), subject="my grandfather"),
    pos("I'm on ramipril for my blood pressure", ("note", "takes ramipril")),
    # the children together are one subject: an allergy of "the twins" is kept for them
    pos("the kids love pizza", ("likes", "pizza"), subject="my children"),
    pos("the kids both adore pancakes", ("likes", "pancakes"), subject="my children"),
    pos("the twins are allergic to eggs", ("allergy", "eggs"), subject="my twins"),
    # a family group's visit is the household's (one per group, so a new date moves it)
    pos("My parents are flying in on Friday.", ("appointment", "Friday"), subject="household"),
    pos("my in laws are coming to stay on the 12th", ("appointment", "the 12th"), subject="household"),
    pos(
        "The in-laws have changed their plans — they're now arriving on the 19th.",
        ("appointment", "the 19th"),
        subject="household",
    ),  # fmt: skip
    # changes said the way people say them: a new role, employer, home, school, partner, help, diet, date
    pos(
        "I've left Copperleaf — I'm now a librarian at Wendmoor Library.",
        ("works_as", "librarian"),
        ("works_at", "Wendmoor Library"),
    ),  # fmt: skip
    pos("They've made me deputy manager at Ferncroft.", ("works_as", "deputy manager"), ("works_at", "Ferncroft")),
    pos("im a shift supervisor there now", ("works_as", "shift supervisor")),
    pos("teodor got transferred to the ossington depot", ("works_at", "the Ossington Depot"), subject="Teodor"),
    pos(
        "Teodor is now based at head office in Carrowmore.", ("works_at", "head office in Carrowmore"), subject="Teodor"
    ),  # fmt: skip
    pos(
        "rosalind has left pryce and dunmore shes gone to hallam vance instead",
        ("works_at", "Hallam Vance"),
        subject="Rosalind",
    ),  # fmt: skip
    pos(
        "Ffion changed jobs, she's ended up at the pharmacy in Tregarrow Hospital.",
        ("works_at", "the pharmacy in Tregarrow Hospital"),
        subject="Ffion",
    ),  # fmt: skip
    pos("weve moved house were in crossfell now", ("lives_in", "Crossfell"), subject="household"),
    pos("We're renting in Saltcote for now.", ("lives_in", "Saltcote"), subject="household"),
    pos(
        "liesl has changed schools shes at pennywell academy from this term",
        ("note", "Pennywell Academy"),
        subject="Liesl",
    ),  # fmt: skip
    pos("I'm seeing someone called Mateus now — he's my boyfriend.", ("family_member", "Mateus")),
    pos("My sister is seeing someone new, he's called Tomasz.", ("family_member", "Tomasz"), subject="my sister"),
    pos("weve switched dog walkers its gethin now", ("name", "Gethin"), subject="my dog walker"),
    pos("ive switched to being fully vegan since january", ("diet", "vegan")),
    pos(
        "Graham's check-up got rescheduled, it's the 17th of July now.",
        ("appointment", "17th of July"),
        subject="Graham",
    ),  # fmt: skip
    pos(
        "I've switched dentists. I'm with Dr Halloran at Brightmoor Dental now.",
        ("note", "Dr Halloran at Brightmoor Dental"),
    ),  # fmt: skip
    pos("Use miles rather than kilometres for distances.", ("rule", "Use miles for distances")),
    pos("Use 24-hour time with me.", ("rule", "Use 24-hour time")),
    pos("from now on distances in kilometres please not miles", ("rule", "Always give distances in kilometres")),
    pos(
        "Morning announcements should be in Spanish so the kids get some practice.",
        ("rule", "Always give morning announcements in Spanish"),
    ),  # fmt: skip
    pos(
        "When I say 'the big shop' I mean Halloran's on the retail park.",
        ("rule", "'the big shop' means Halloran's on the retail park"),
    ),  # fmt: skip
    # session 19: corrections with more after them, things on their way, visits said as households say them
    pos("We moved to Leicester, sorry, Loughborough, in March.", ("lives_in", "Loughborough"), subject="household"),
    pos("My birthday is the 3rd of February, no, what am I saying, the 2nd.", ("birthday", "2nd of February")),
    pos(
        "The gas safety check is Friday the 14th, hang on, it's been moved to the 21st.",
        ("appointment", "Friday the 21st"),
        subject="household",
    ),
    pos(
        "were getting the boiler serviced on the tenth no the eleventh sorry in the morning",
        ("appointment", "the 11th in the morning"),
        subject="household",
    ),
    pos(
        "The sofa's coming Sunday, sorry, Monday, between eight and twelve.",
        ("appointment", "Monday, 8am-12pm"),
        subject="household",
    ),
    pos("the new fridge is arriving on Tuesday", ("appointment", "Tuesday"), subject="household"),
    pos(
        "The plumber's coming Monday morning to look at the boiler.",
        ("appointment", "Monday morning"),
        subject="household",
    ),
    pos("Mum and Dad are coming on the 18th.", ("appointment", "the 18th"), subject="household"),
    pos(
        "my sister is coming down from Leeds on the 12th for the weekend",
        ("appointment", "the 12th"),
        subject="my sister",
    ),
    pos(
        "we have parents evening next wednesday at half six",
        ("appointment", "next Wednesday 6:30pm"),
        subject="household",
    ),
    # the relation said in passing, the recogniser's contractions, what follows an object, things said together
    pos(
        "Aisha, that's my wife, works as a pharmacist at the Boots on the high street.",
        ("family_member", "Aisha"),
        ("works_as", "pharmacist"),
        ("works_at", "Boots"),
        subject="Aisha",
    ),
    pos(
        "my daughter sophie shes got coeliac",
        ("family_member", "Sophie"),
        ("diet", "gluten-free"),
        ("allergy", "gluten"),
        subject="Sophie",
    ),
    pos(
        "weve got a ninja air fryer and a thermomix but honestly we only use the air fryer",
        ("owns", "ninja air fryer"),
        ("owns", "thermomix"),
        subject="household",
    ),
    pos("ella hates mushrooms like shell pick every single one out", ("dislikes", "mushrooms"), subject="Ella"),
    pos("i support leinster like massively", ("likes", "leinster")),
    pos("I'm pure vegetarian, no eggs even, been that way since I was a kid.", ("diet", "vegetarian")),
    pos("i have a bee sting allergy a bad one", ("allergy", "bee stings")),
    pos(
        "my dad drives a bus for dublin bus",
        ("works_as", "bus driver"),
        ("works_at", "Dublin bus"),
        subject="my father",
    ),
    pos(
        "My son Tyler just started at Lincoln Middle School, sixth grade.",
        ("family_member", "Tyler"),
        ("note", "Lincoln Middle School"),
        subject="Tyler",
    ),
    pos("I'm doing a part-time MBA at Warwick, evenings mostly.", ("note", "Warwick")),
    pos(
        "My wife Naledi speaks isiZulu and Sesotho.",
        ("family_member", "Naledi"),
        ("speaks", "Isizulu"),
        ("speaks", "Sesotho"),
        subject="Naledi",
    ),
    pos("I work at Countdown on the checkouts.", ("works_at", "Countdown")),
    pos(
        "we've swapped to octopus energy for the electric, the switch went through yesterday",
        ("note", "Octopus Energy"),
        subject="household",
    ),
    pos("The sofa delivery is on the 12th.", ("appointment", "the 12th"), subject="household"),
    pos("sofa delivery's been pushed back to the 19th, typical", ("appointment", "the 19th"), subject="household"),
    # an aside after the last comma, dropped when the sentence read whole states nothing
    pos("My sister lives in Galway, lovely spot that.", ("lives_in", "Galway"), subject="my sister"),
    pos("We've got a dog called Rolo, a proper menace, bless him.", ("pet", "Rolo"), subject="household"),
    # a place's 's before "now" is its name's, a dictated note without its article, how to name someone of one's
    # own, shifts worked somewhere, "stays in"
    pos("I work at Sainsbury's now.", ("works_at", "Sainsbury's")),
    pos("Our flight to Alicante's on the 3rd of August.", ("appointment", "3rd of August"), subject="household"),
    pos("Passports are in the top drawer.", ("note", "passports are in the top drawer"), subject="household"),
    pos("Call my husband Jonno, not Jonathan.", ("rule", "Call {subject}'s husband Jonno"), ("family_member", "Jonno")),
    pos("I do nights at the Amazon warehouse.", ("works_at", "the Amazon warehouse")),
    pos("I stay in Pune with my parents", ("lives_in", "Pune")),
    # the speaker left unsaid, "been together since", a day's night, a dictated appointment, "anything with"
    pos("just started at aldi last monday as an area manager", ("works_at", "Aldi"), ("works_as", "area manager")),
    pos("me and jess have been together since the 5th of march", ("anniversary", "5th of March")),
    pos("Friday's pizza night in this house.", ("routine", "have pizza night"), subject="household"),
    pos(
        "Dentist for Cara on Thursday at quarter past two.",
        ("appointment", "Thursday 2:15pm"),
        subject="Cara",
    ),
    pos("tunde cant have anything with shellfish hes allergic", ("allergy", "shellfish"), subject="Tunde"),
    # a recogniser's run-on sentence read up to where an aside may start; "with octopus", "the crusaders"
    pos("we live in toowoomba me and dad", ("lives_in", "Toowoomba"), subject="household"),
    pos(
        "the boiler service is monday morning the lad is coming at 8",
        ("appointment", "Monday morning"),
        subject="household",
    ),
    pos("our electricity is with octopus now", ("note", "octopus"), subject="household"),
    pos("my favourite rugby team is the crusaders always has been", ("likes", "the crusaders")),
    pos("Aisha goes to St Bede's.", ("note", "St Bede's"), subject="Aisha"),
    pos("The trash pickup is Monday mornings.", ("schedule", "Monday mornings"), subject="household"),
    pos("Josh has a casual job at Woolworths stacking shelves.", ("works_at", "Woolworths"), subject="Josh"),
    pos("I work at Woolworths after school.", ("works_at", "Woolworths")),
    pos("I have a casual job at Woolworths after school.", ("works_at", "Woolworths")),
    pos("My mum goes to St Mary's every Sunday.", ("routine", "go to St Mary's"), subject="my mother"),
    # a reminder that repeats is kept as a standing instruction, said first or last; topics kept off; Scots
    pos("Remind me to walk the dog every morning.", ("rule", "Always remind {subject} every morning to walk the dog")),
    pos(
        "remind me to take the bins out every tuesday",
        ("rule", "Always remind {subject} every tuesday to take the bins out"),
    ),
    pos("please dont go on about calories im really not interested", ("rule", "Do not go on about calories")),
    pos("dinnae ever use the word moist again i mean it", ("rule", "Never use the word moist again")),
    pos(
        "kindly give all distances in kilometres only not miles",
        ("rule", "Always give distances in kilometres"),
    ),
    pos("Use miles, not kilometres, for any distances.", ("rule", "Use miles for any distances")),
    pos("Only ever use British spellings.", ("rule", "Always use British spellings")),
    pos(
        "keep the volume right down after nine the baby will be asleep",
        ("rule", "Keep the volume right down after 9pm"),
    ),
    # the diet that follows for whoever it is for
    pos(
        "im coeliac so anything you suggest has to be gluten free",
        ("diet", "gluten-free"),
        ("allergy", "gluten"),
    ),
    pos(
        "Ciarán's coeliac, so it's gluten-free for him, always.",
        ("diet", "gluten-free"),
        ("allergy", "gluten"),
        subject="Ciarán",
    ),
    pos("Leo has to eat gluten free", ("diet", "gluten-free"), subject="Leo"),
    # a new pet, named run on or after its age; the kids' pet is the household's
    pos("we got a new puppy, his name is Rolo", ("pet", "Rolo"), subject="household"),
    pos("we got a kitten her names biscuit", ("pet", "Biscuit"), subject="household"),
    pos("the kids got a rabbit called Thumper", ("pet", "Thumper"), subject="household"),
    # jobs said other ways: teaching somewhere, a job got as, a job without its article, driving for a living;
    # a thing of one's own that one is into
    pos("I teach Year 4 at St Aidan's Primary.", ("works_as", "teacher"), ("works_at", "St Aidan's Primary")),
    pos(
        "Our Chloe's just got a job as a receptionist at the vets.",
        ("works_as", "receptionist"),
        ("works_at", "the vets"),
        subject="Chloe",
    ),
    pos(
        "I'm senior staff nurse on the cardiac ward now.", ("works_as", "senior staff nurse"), ("note", "cardiac ward")
    ),
    pos("Otieno drives a matatu for a living", ("works_as", "matatu driver"), subject="Otieno"),
    pos("my dad is obsessed with his allotment", ("likes", "allotment"), subject="my father"),
    pos("The twins are completely mad about dinosaurs.", ("likes", "dinosaurs"), subject="my twins"),
    # languages with where they are spoken, a diet gone to or said with "here" or "only", a team supported
    pos(
        "I speak Gujarati with my parents and English at work.",
        ("speaks", "Gujarati"),
        ("speaks", "English"),
    ),
    pos("at home we speak afrikaans mostly", ("speaks", "Afrikaans"), subject="household"),
    pos("went vegan in january", ("diet", "vegan")),
    pos("i eat halal only", ("diet", "halal")),
    pos("Lactose intolerant here.", ("allergy", "lactose")),
    pos("i support hearts", ("likes", "hearts")),
    # a student's year at a university by its name, a school year said in words or as an Irish class; an aside
    # that starts with "we"
    pos("My daughter's a sophomore at UCLA.", ("note", "UCLA"), subject="my daughter"),
    pos("Final year at UCT doing civil engineering.", ("note", "UCT")),
    pos("Leo just started at Ridgeview High, grade nine.", ("note", "Ridgeview High"), subject="Leo"),
    pos("Tomás is in 3rd class at Scoil Mhuire.", ("note", "Scoil Mhuire"), subject="Tomás"),
    pos("Our Ethan's at Glasgow Uni doing engineering.", ("note", "Glasgow Uni"), subject="Ethan"),
    pos(
        "my daughter priya is allergic to sesame we found out at nursery",
        ("family_member", "Priya"),
        ("allergy", "sesame"),
        subject="Priya",
    ),
    # a named visitor coming once, an appointment with what it is for, "the mother in law"
    pos("siobhan is coming round for dinner on saturday", ("appointment", "Saturday"), subject="household"),
    pos(
        "Noah has a hospital appointment for his ears on the 9th at half ten",
        ("appointment", "the 9th 10:30am"),
        subject="Noah",
    ),
    pos("the mother in law is coming over on sunday", ("appointment", "Sunday"), subject="my mother-in-law"),
    # a car traded for another, the car one is driving; an appointment dictated by whose it is; a Nigerian "o";
    # what a diet keeps off said after it
    pos("traded the corolla in for a rav4", ("owns", "Toyota RAV4")),
    pos("im driving a tesla model y now", ("owns", "Tesla Model Y")),
    pos("noah dentist friday at 10", ("appointment", "Friday 10am"), subject="Noah"),
    pos("Funmi is vegetarian o, no meat in her jollof", ("diet", "vegetarian"), subject="Funmi"),
    # a place ends where a recogniser ran on, or where another clause begins ("and makes")
    pos("my best mate kieran lives up in dundee now moved there for work", ("lives_in", "Dundee"), subject="Kieran"),
    pos(
        "Auntie Rosa lives in Luton and makes the best empanadas.",
        ("family_member", "Rosa"),
        ("lives_in", "Luton"),
        subject="Rosa",
    ),
    # dictated notes of an event or a birthday, without a verb
    pos("Boiler service booked: 14 March, 9-1.", ("appointment", "14th of March, 9am-1pm"), subject="household"),
    pos("Sofa delivery Sat between 8 and 12.", ("appointment", "Saturday 8am-12pm"), subject="household"),
    pos("Vet - Pepper's jabs, Tues 4pm.", ("appointment", "Tuesday 4pm"), subject="Pepper"),
    pos("Tuesday - Dad's cataract op at Moorfields, 7:30.", ("appointment", "Tuesday 7:30am"), subject="my father"),
    pos("Mum's birthday: 22nd of August. Get a card this time.", ("birthday", "22nd of August"), subject="my mother"),
    # a correction said first, or as one value over another
    pos("no i said i work at tesco not costa", ("works_at", "Tesco")),
    pos("sorry i meant we live in swansea not swindon", ("lives_in", "Swansea"), subject="household"),
    pos("my birthday is the 12th of march no wait sorry the 13th", ("birthday", "13th of March")),
    pos("Dentist moved - it's Friday 10:40 now, not Thursday.", ("appointment", "Friday 10:40am")),
    # round 10: a job's town is where one lives; roles the list lacks with "with"; languages after a comma; the
    # particles of a region's English; kin by a partner's name for them
    pos(
        "my cousin Nadia is a midwife over in Limerick",
        ("family_member", "Nadia"),
        ("works_as", "midwife"),
        ("lives_in", "Limerick"),
        subject=None,
    ),
    pos(
        "Our lodger Piotr is a signaller with Network Rail.",
        ("works_as", "signaller"),
        ("works_at", "Network Rail"),
        subject="Piotr",
    ),
    pos(
        "I speak Yoruba and Igbo, and a bit of French too.",
        ("speaks", "Yoruba"),
        ("speaks", "Igbo"),
        ("speaks", "French"),
    ),
    pos(
        "i'm a care assistant po at Holy Cross, mostly days.",
        ("works_as", "care assistant"),
        ("works_at", "Holy Cross"),
    ),
    pos("My missus Dee works at the Co-op.", ("family_member", "Dee"), ("works_at", "the Co-op"), subject=None),
    # events said bare or with "the", the household's when shared; bins by what goes in them
    pos("the parent-teacher meeting is on Wednesday at 5pm", ("appointment", "Wednesday 5pm")),
    pos("veg box comes tuesday mornings", ("schedule", "Tuesday mornings"), subject="household"),
    pos("mass is every saturday evening at six", ("schedule", "Saturdays 6pm"), subject="household"),
    pos("the green waste one goes out every other friday", ("schedule", "every other Friday"), subject="household"),
    pos(
        "Tariq's got cricket nets Tuesday evenings, six till half seven",
        ("schedule", "Tuesday evenings, 6-7:30pm"),
        subject="Tariq",
    ),
    pos(
        "nan's got her hip op on the 21st of march up at the general",
        ("appointment", "21st of March"),
        subject="my grandmother",
    ),
    pos(
        "British Gas are coming to fix the boiler Thursday the 12th",
        ("appointment", "Thursday the 12th"),
        subject="household",
    ),
    # what is broken in the house; two services, one provider; the whole house's diet
    pos(
        "the kitchen tap drips, you have to turn it really tight",
        ("note", "kitchen tap drips, you have to turn it really tight"),
        subject="household",
    ),
    pos("the back door sticks so give it a shove", ("note", "back door sticks"), subject="household"),
    pos("gas and electric are both with Ovo", ("note", "Ovo"), subject="household"),
    pos("whole family is vegetarian these days", ("diet", "vegetarian"), subject="household"),
    pos("we're in Headingley, just off Otley Road", ("lives_in", "Headingley"), subject="household"),
    # measures, standing when said against the other unit; a course of study; pets' names that are words
    pos("give me weights in kilos, not pounds, I never learned stone", ("rule", "Give weights in kilos")),
    pos("Studying pharmacy at Keele, second year.", ("note", "Keele")),
    pos("we've got two rabbits clover and pepper", ("pet", "Clover"), ("pet", "Pepper"), subject="household"),
    pos("the dog's Rolo, he's a springer", ("pet", "Rolo"), subject="household"),
    pos("our tortoise is called Clover no Shelly", ("pet", "Shelly"), subject="household"),
    # a date with what is said after it; news of a job and a partner
    pos("my birthday's the fifth of june if you ever need it", ("birthday", "5th of June")),
    pos(
        "I've started as a receptionist at the vets on the high street",
        ("works_as", "receptionist"),
        ("works_at", "the vets on the high street"),
    ),
    pos("I'm seeing a guy called Marek now", ("family_member", "Marek")),
    pos(
        "Book club meets at Harriet's on the first Thursday of the month.",
        ("schedule", "the first Thursday of the month"),
    ),
    # probed with new sentences: two weekdays after "every", a holiday or next weekend as a visit's day, a pet's
    # event, a medicine by what it is for, a school corrected by name
    pos(
        "ben's got football training every tuesday and thursday at six",
        ("schedule", "Tuesdays and Thursdays 6pm"),
        subject="Ben",
    ),
    pos("my mum's coming for Christmas", ("appointment", "for Christmas"), subject="my mother"),
    pos("my mother in law is coming to stay next weekend", ("appointment", "next weekend"), subject="my mother-in-law"),
    pos("My mum's on blood pressure tablets.", ("note", "takes blood pressure tablets"), subject="my mother"),
    pos(
        "my daughter's at Oakfield Primary, sorry, Oakfield Academy now",
        ("note", "Oakfield Academy"),
        subject="my daughter",
    ),
    # session 27: announced, run on, driven for, studied, coded, addressed, named by trade, dialect, events
    pos("before i forget im allergic to penicillin in case anything ever happens", ("allergy", "penicillin")),
    pos(
        "howzit im thabo by the way i teach maths at orlando high",
        ("name", "Thabo"),
        ("works_as", "maths teacher"),
        ("works_at", "Orlando High"),
    ),  # fmt: skip
    pos("I drive for Bolt here in Accra", ("works_as", "Bolt driver"), ("works_at", "Bolt")),
    pos("I'm driving buses for Translink", ("works_as", "bus driver"), ("works_at", "Translink")),
    pos("I'm studying law at the University of Nairobi.", ("note", "University of Nairobi")),
    pos("I'm doing nursing in UCC, second year now", ("note", "UCC")),
    pos(
        "kwame my brother is studying engineering at KNUST",
        ("family_member", "Kwame"),
        ("note", "KNUST"),
        subject="Kwame",
    ),  # fmt: skip
    pos("wifi password is sunflower99", ("note", "sunflower99"), subject="household"),
    pos("our postcode is bt7 1nm", ("note", "BT7 1NM"), subject="household"),
    pos("refer to my mum as Ammi", ("rule", "Call {subject}'s mum Ammi")),
    pos("Lachie is a sparky", ("works_as", "electrician"), subject="Lachie"),
    pos("I'm a joiner by trade.", ("works_as", "joiner")),
    pos("I'm working in Aldi in Tallaght.", ("works_at", "Aldi, Tallaght")),
    pos("my sim is globe, the postpaid plan", ("note", "globe")),
    pos("i ported my number to smart last saturday", ("note", "Smart")),
    pos("the dog goes to riverside vets in carmarthen", ("note", "riverside vets"), subject="household"),
    pos(
        "the plumber we use is dai pritchard his number is oh seven seven double oh nine double oh four one two",
        ("note", "Dai Pritchard, 07700900412"),
        subject="household",
    ),  # fmt: skip
    pos(
        "If the power goes the fuse box is under the stairs.",
        ("note", "fuse box is under the stairs"),
        subject="household",
    ),  # fmt: skip
    pos(
        "wifi password is mango123 oh no they changed it it's mango456 now", ("note", "mango456"), subject="household"
    ),  # fmt: skip
    pos("I'm vegetarian and gluten-free.", ("diet", "vegetarian"), ("diet", "gluten-free")),
    pos(
        "aoife has her irish dancing wednesdays half five till half six",
        ("schedule", "Wednesdays 5:30-6:30pm"),
        subject="Aoife",
    ),  # fmt: skip
    pos("the amazon parcel should be here tomorrow", ("appointment", "tomorrow"), subject="household"),
    pos(
        "our ayah comes monday wednesday friday at eight",
        ("schedule", "Mondays, Wednesdays and Fridays 8am"),
        subject="household",
    ),  # fmt: skip
    pos("hi its priyanka here", ("name", "Priyanka")),
    pos(
        "our car is a grey ford focus reg ends in xkd",
        ("owns", "grey Ford Focus"),
        ("note", "car reg ends XKD"),
        subject="household",
    ),  # fmt: skip
    pos(
        "car's a red honda fit, reg is one seven two D four five eight two one",
        ("note", "car reg 172 D 45821"),
        subject="household",
    ),  # fmt: skip
    pos("my name's siddharth with two d's actually no just the one, S I D H A R T H", ("name", "Sidharth")),
    pos("mi cyaan stand coriander", ("dislikes", "coriander")),
    pos(
        "My nan Maureen's birthday is Boxing Day",
        ("family_member", "Maureen"),
        ("birthday", "26th of December"),
        subject="Maureen",
    ),  # fmt: skip
    pos("keep the volume down after nine at night", ("rule", "Keep the volume down after 9pm")),
    pos("I pick Oscar up from football every Tuesday at 5:30", ("schedule", "Tuesdays 5:30pm")),
    # session 28: corrections over a full stop and restated, households' kit and homes, pick-ups, promised visits,
    # two people at once, conditions, a changed name
    pos("I work at Accenture. No, sorry, Deloitte, I keep saying my old place.", ("works_at", "Deloitte")),
    pos(
        "Our dog is called Rex. No, sorry, that's my sister's dog, ours is Biscuit.",
        ("pet", "Biscuit"),
        subject="household",
    ),
    pos("im allergic to ibuprofen no wait its not ibuprofen its aspirin", ("allergy", "aspirin")),
    pos(
        "my wife Ada is allergic to walnuts, actually no, it's just pecans, she's fine with walnuts.",
        ("family_member", "Ada"),
        ("allergy", "pecans"),
        subject="Ada",
    ),
    pos("I'm a cashier. Well, I was, I'm a store manager now.", ("works_as", "store manager")),
    pos(
        "the recycling is tuesday actually no theyve changed it to friday with the new contract",
        ("schedule", "Fridays"),
        subject="household",
    ),
    pos("We live in Galway, well, just outside it, Oranmore actually.", ("lives_in", "Oranmore"), subject="household"),
    pos("our house is a two-bed terrace in Derby", ("lives_in", "Derby"), subject="household"),
    pos(
        "we have a generator for when the power goes, it's in the garage",
        ("owns", "generator"),
        ("note", "generator is in the garage"),
        subject="household",
    ),
    pos(
        "i pick the twins up from nursery at half five on mondays and thursdays",
        ("schedule", "Mondays and Thursdays 5:30pm"),
    ),
    pos(
        "the electrician said he'll come Tuesday morning to fix the lights",
        ("appointment", "Tuesday morning"),
        subject="household",
    ),
    pos("the fish man comes every Friday morning", ("schedule", "Friday mornings"), subject="household"),
    pos("im trying to learn spanish on duolingo", ("speaks", "Spanish")),
    pos(
        "my twins ade and bola are vegetarian now",
        ("family_member", "Ade"),
        ("family_member", "Bola"),
        ("diet", "vegetarian"),
        subject=None,
    ),
    pos(
        "if sam asks for crisps after six the answer is no",
        ("rule", "No crisps after 6pm for sam"),
        subject="household",
    ),
    pos("I teach year two in a primary school", ("works_as", "primary school teacher")),
    pos("My brother Femi is in Abuja now", ("family_member", "Femi"), ("lives_in", "Abuja"), subject="Femi"),
    pos(
        "my partner Leah is a payroll administrator",
        ("family_member", "Leah"),
        ("works_as", "payroll administrator"),
        subject="Leah",
    ),
    pos("my grandad uses a walking stick", ("note", "uses a walking stick"), subject="my grandfather"),
    pos(
        "my husband fred hates olives wont touch them",
        ("family_member", "Fred"),
        ("dislikes", "olives"),
        subject="Fred",
    ),
    pos("the code for the gate is one two three four no one two four three", ("note", "1243"), subject="household"),
    pos("I've changed my name, I'm Sarah Okafor now", ("name", "Sarah Okafor")),
    # session 29: corrections as spoken, languages in lists and at school, likes said loosely, names changed, the
    # household's numbers, kin words of other families, a neighbour named in a note, jobs by what one drives
    pos(
        "the spare key's with our neighbour Dilys at number four",
        ("note", "spare key is with our neighbour Dilys at number four"),
        subject="household",
    ),
    pos("my sons name is jayden sorry jaiden with an i", ("family_member", "Jaiden")),
    pos("my husbands name is stephen sorry steven no ph", ("family_member", "Steven")),
    pos(
        "recycling is friday no theyve changed it to thursday since the spring",
        ("schedule", "Thursdays"),
        subject="household",
    ),
    pos(
        "my mums birthday is the twenty third of may no the twenty fourth",
        ("birthday", "24th of May"),
        subject="my mother",
    ),
    pos(
        "Noor's ballet is Mondays at half five, actually no, they moved it to six.",
        ("schedule", "Mondays 6pm"),
        subject="Noor",
    ),
    pos("i work at lidl no wait i left there im at tesco now", ("works_at", "Tesco")),
    pos("I work at Barclays. Well, I used to, I'm at HSBC now.", ("works_at", "HSBC")),
    pos("I'm meeting Priya at 1 on Tuesday, no, Wednesday, she said Wednesday.", ("appointment", "Wednesday 1pm")),
    pos(
        "the optician for Zara is Monday no Tuesday the 4th at ten",
        ("appointment", "Tuesday the 4th 10am"),
        subject="Zara",
    ),
    pos(
        "My wife Sunita speaks Gujarati, Hindi and English, but her Gujarati is best.",
        ("family_member", "Sunita"),
        ("speaks", "Gujarati"),
        ("speaks", "Hindi"),
        ("speaks", "English"),
        subject="Sunita",
    ),
    pos(
        "my niece ella is learning german at school",
        ("family_member", "Ella"),
        ("speaks", "German"),
        subject="Ella",
    ),
    pos("I'm learning Portuguese for work.", ("speaks", "Portuguese")),
    pos(
        "my lolo ben only speaks ilocano",
        ("family_member", "Ben"),
        ("speaks", "Ilocano"),
        subject="Ben",
    ),
    pos("Oma lives in Bremen.", ("lives_in", "Bremen"), subject="my grandmother"),
    pos("refer to my mum as ammi please", ("rule", "Call {subject}'s mum Ammi")),
    pos("my favourite colour is blue like proper navy blue", ("likes", "navy blue")),
    pos("i love rugby like proper love it", ("likes", "rugby")),
    pos("I love rap, Stormzy especially.", ("likes", "rap"), ("likes", "Stormzy")),
    pos("Parent-teacher evening for Kofi is next Tuesday at 6.", ("appointment", "next Tuesday 6pm"), subject="Kofi"),
    pos("I've got my graduation ceremony on 12 July.", ("appointment", "12th of July")),
    pos("my dentist appointment is on 21st at 4 pm", ("appointment", "the 21st 4pm")),
    pos(
        "bins go out monday night, collection's tuesday morning",
        ("schedule", "Tuesday mornings"),
        subject="household",
    ),
    pos("i'm going by Grace Mensah now", ("name", "Grace Mensah")),
    pos("for any forms you fill in for me my name is tomas novak", ("name", "Tomas Novak")),
    pos(
        "the wifi is called parkhouse and the password is robin2020 all lower case",
        ("note", "parkhouse"),
        ("note", "robin2020"),
        subject="household",
    ),
    pos("Our landline number is 0113 496 0123.", ("note", "0113 496 0123"), subject="household"),
    pos("we live in mount eden in auckland", ("lives_in", "Mount Eden, Auckland"), subject="household"),
    pos("my brother drives a bus for a living", ("works_as", "bus driver"), subject="my brother"),
    pos("I live in Hull and work at Asda", ("lives_in", "Hull"), ("works_at", "Asda")),
    pos("im a plumber self employed mostly bathrooms", ("works_as", "plumber")),
    pos(
        "our house has a heat pump and solar panels",
        ("owns", "heat pump"),
        ("owns", "solar panels"),
        subject="household",
    ),
    pos("boilers a worcester bosch", ("owns", "Worcester Bosch boiler"), subject="household"),
    pos("the dentist for Leo is Friday at 3", ("appointment", "Friday 3pm"), subject="Leo"),
    pos("call me gran not grandma", ("rule", "Call {subject} gran")),
    pos("i'm now deputy head at Oakwood High", ("works_as", "deputy head"), ("works_at", "Oakwood High")),
    pos("I'm a school principal.", ("works_as", "school principal")),
    pos("the telly in the front room is a Panasonic", ("owns", "Panasonic TV"), subject="household"),
    pos("We've got a Kia EV6 on lease.", ("owns", "Kia EV6"), subject="household"),
    pos("Please don't suggest anything with sesame in it.", ("rule", "Do not suggest anything with sesame in it")),
    pos("no loud music in the mornings please", ("rule", "No loud music in the mornings"), subject="household"),
    pos(
        "Please don't call me sir, just Desmond is fine.",
        ("rule", "Call {subject} Desmond, not Sir"),
        ("name", "Desmond"),
    ),
    pos("I'm at the Asda depot in Wakefield, been there four years.", ("works_at", "Asda depot")),
    pos("I work at Boots, sorry, Superdrug now.", ("works_at", "Superdrug")),
    pos("I teach reception at a primary school in Hull", ("works_as", "primary school teacher")),
    pos("mia has ballet with miss jones every saturday morning", ("schedule", "Saturday mornings"), subject="Mia"),
    pos("My neighbour Mr Patel has a spare key.", ("note", "spare key with Mr Patel"), subject="household"),
    pos(
        "Ellie's birthday is the 2nd of May, that's my niece.",
        ("birthday", "2nd of May"),
        ("family_member", "Ellie"),
        subject="Ellie",
    ),
    pos("Kwame has asthma. He's my godson.", ("note", "has asthma"), ("family_member", "Kwame"), subject="Kwame"),
    pos(
        "my twin boys sam and max do judo every tuesday",
        ("family_member", "Sam"),
        ("family_member", "Max"),
        ("schedule", "Tuesdays"),
        ("schedule", "Tuesdays"),
        subject=None,
    ),
    # session 30: corrections across sentences, ages, the help, practices, pets' food, gyms, roles, kit, schools
    pos(
        "We live in Bolton. No, sorry, I keep saying that, it's Wigan now.", ("lives_in", "Wigan"), subject="household"
    ),
    pos("The recycling is Monday... no, they changed it, Friday now.", ("schedule", "Fridays"), subject="household"),
    pos("Tom's swimming is on Tuesday. Oh wait, it's Wednesday.", ("schedule", "Wednesdays"), subject="Tom"),
    pos("I live in Leeds. Well, Headingley actually.", ("lives_in", "Headingley")),
    pos("I'm a waiter at Zizzi. Well, manager now.", ("works_as", "manager"), ("works_at", "Zizzi")),
    pos("our anniversary is the 3rd of may scratch that the 4th", ("anniversary", "4th of May")),
    pos("Ruby's 6, sorry, 7, she had her birthday on Sunday.", ("note", "7 years old"), subject="Ruby"),
    pos("im forty one no forty two", ("note", "42 years old")),
    pos(
        "Oscar's birthday is the 9th of June, he'll be ten.",
        ("birthday", "9th of June"),
        ("note", "turning 10"),
        subject="Oscar",
    ),
    pos("I drive for Lyft most weekends", ("works_as", "Lyft driver"), ("works_at", "Lyft")),
    pos("i drive a tuk tuk", ("works_as", "tuk tuk driver")),
    pos("our house help is wangari", ("name", "Wangari"), subject="my house help"),
    pos("the maid is Rosa", ("name", "Rosa"), subject="my maid"),
    pos("my GP is Dr Mensah at the Riverside Surgery", ("note", "Dr Mensah at the Riverside Surgery")),
    pos("we've all registered with Elmwood Dental Practice", ("note", "Elmwood Dental Practice"), subject="household"),
    pos("our cat Tigger eats the whiskas pouches", ("pet", "Tigger"), ("note", "Whiskas Pouches"), subject=None),
    pos("I go to Anytime Fitness in Leith", ("note", "Anytime Fitness in Leith")),
    pos("I'm the treasurer of the tennis club", ("note", "treasurer of tennis club")),
    pos("i smoke about twenty a day", ("note", "smokes about twenty a day")),
    pos("we put in a heat pump", ("owns", "heat pump"), subject="household"),
    pos("there's a generator in the garage", ("owns", "generator"), subject="household"),
    pos("Lily is enrolled at Hillview Primary", ("note", "Hillview Primary"), subject="Lily"),
    pos("we transferred noah to Oakfield Academy this term", ("note", "Oakfield Academy"), subject="Noah"),
    pos("i teach primary in Cork", ("works_as", "primary school teacher")),
    pos(
        "my son Dev is doing his GCSEs this year",
        ("family_member", "Dev"),
        ("note", "doing GCSEs this year"),
        subject="Dev",
    ),
    pos("my girlfriend Ana is from Porto", ("family_member", "Ana"), ("note", "from Porto"), subject="Ana"),
    pos("my dad lives with us now", ("note", "lives with us"), subject="my father"),
    pos("The garage door code is 2580, don't tell anyone.", ("note", "2580"), subject="household"),
    pos("fave colour is orange", ("likes", "orange")),
    pos("the rent is due on the 5th of every month", ("schedule", "the 5th of every month"), subject="household"),
    pos("our home wifi is virgin broadband", ("note", "Virgin Broadband"), subject="household"),
    pos("Never play the radio before 7am.", ("rule", "Never play the radio before 7am")),
    pos("put me down as vegan from now on", ("diet", "vegan")),
    pos("Rosa has zumba every thursday seven pm", ("schedule", "Thursdays 7pm"), subject="Rosa"),
    pos("Sam's puppy class is on Saturday mornings", ("schedule", "Saturday mornings"), subject="Sam"),
    pos("kids swim lessons are on sundays", ("schedule", "Sundays"), subject="my children"),
    pos("abeg I'm allergic to prawns", ("allergy", "prawns")),
]

NEGATIVES = [
    # session 30: a question after a particle, cooking, a creature in the house, a stay, nobody to take it from
    neg("abeg what time is it in Lagos"),
    neg("I smoke salmon every Christmas"),
    neg("there's a mouse in the kitchen"),
    neg("my mum is staying with us for the weekend"),
    neg("I put a wash on"),
    # session 29: a day not denied by a correction, a wifi that is down, a drive that is no job, a non-kin call
    neg("I'm not meeting Joy on Saturday"),
    neg("the wifi is down again"),
    neg("we drive a bus to school"),
    neg("my principal concern is money"),
    neg("the house we live in is old"),
    # session 28: someone else's move, a plan, a thing not of the house, a supporter of nothing said
    neg("the neighbours are moving to Harrogate next month"),
    neg("there's a Tesco round the corner"),
    neg("I'm a loyal supporter"),
    neg("I'm very tired now"),
    neg("I want to try to learn French"),
    # session 27: names of networks that are words, a time said, a job after a particle verb
    neg("I'm on three"),
    neg("the reg is wrong"),
    neg("its three now"),
    neg("I got hired at the weekend"),
    neg("the parcel from my sister arrives tomorrow"),
    neg("I run a business."),
    neg("I'm learning a lot."),
    neg("Don't leave the door open."),
    neg("She claims she is a nurse."),
    neg("I have me and my two kids to feed."),
    neg("i dont eat out much"),
    neg("I'm a big eater."),
    # casual forms, not statements
    neg("hiya i'm knackered"),
    neg("hey it's raining again"),
    neg("if bruno went vegan we'd struggle"),
    neg("my mum said ken's seventy on the fourth of june"),
    neg("ines isn't horse mad"),
    neg("i'd love to be a physio"),
    neg("i might start a new job at google"),
    neg("jonas said he can't have sesame, he's allergic"),
    neg("i'm at tesco now"),
    neg("sara isn't at vodafone now"),
    neg("do you think ines is a physio"),
    neg("we're in braga now"),
    neg("i'm a fighter by trade"),
    neg("the kids hate it"),
    neg("do the dishes"),
    neg("when felix gets home tell him to call me"),
    neg("when rosa wakes up tell her i'm at the shop"),
    neg("every morning remind me"),
    neg("keep it short please"),
    neg("tomorrow morning remind me to water the plants"),
    neg("did nadia's knee op go well"),
    neg("the fourteenth was great"),
    neg("if the washing machine's being delivered monday I'll stay in"),
    neg("no music after eight tonight"),
    neg("no school on monday"),
    neg("no football on sunday because of the wedding"),
    neg("no sugar in my tea"),
    neg("I don't have a season ticket for York City"),
    neg("should I get a season ticket for York City"),
    neg("nadia has the kids tonight"),
    neg("the kids love it"),
    neg("dogs can't stand it"),
    neg("Ken's seventy miles away."),
    neg("I'm at the gym now."),
    neg("My sister's down in the dumps."),
    neg("Sara said she has just started at Google."),
    neg("Maybe Sara has just started at Google, I'm not sure."),
    neg("Tom won't touch the car until Friday."),
    neg("I'm not mad on football."),
    neg("rosa wants to be a vet"),
    neg("would you say i'm veggie"),
    neg("he's a good listener"),
    neg("i'm a bit of a worrier"),
    neg("tell bob i'm vegan"),
    neg("ask kim if she's allergic to nuts"),
    neg("kim reckons she's allergic to cats"),
    neg("i'm off to see frank in leeds"),
    neg("we might move to bath"),
    neg("i don't work at tesco any more"),
    neg("sushi, do you like it"),
    neg("i'm not veggie any more"),
    neg("Nadia says her boss is a nightmare"),
    neg("is ines really into climbing"),
    neg("if rui left and worked for amazon he'd be happier"),
    neg("i'd like to start at orange one day"),
    neg("user: I'm a physio, mostly sports injuries", role="assistant"),
    # questions
    neg("Do I live in Lisbon?"),
    neg("Where do you live?"),
    neg("Am I allergic to peanuts?"),
    neg("Is my birthday in March?"),
    neg("what's my sister's name"),
    neg("Can you remember that I love jazz?"),
    # hypotheticals and wishes
    neg("If I lived in Paris I would walk everywhere."),
    neg("I'd love to live in Rome someday."),
    neg("I wish I had a dog."),
    neg("Imagine if I worked at Google."),
    neg("Let's say I live in Paris."),
    # negations and the past
    neg("I don't live in Lisbon anymore."),
    neg("I'm not allergic to anything."),
    neg("I don't have any pets."),
    neg("I never liked jazz."),
    neg("I used to live in Lisbon."),
    neg("I no longer work at Google."),
    neg("I lived in Paris when I was a kid."),
    neg("I walked the dog every morning last year."),
    neg("I don't think I'm allergic to cats."),
    neg("I'm not sure if I'm allergic to cats."),
    neg("I'm not a nurse."),
    # reported speech: about someone else
    neg("My sister said she lives in Paris."),
    neg("Tom says he loves jazz."),
    neg("My friend told me she is allergic to cats."),
    neg("She lives in Paris."),
    # plans and the future
    neg("I might move to Berlin."),
    neg("We're thinking of getting a cat."),
    neg("I'm going to work at Google next year."),
    neg("I want to live in Rome."),
    neg("We will move to Porto soon."),
    neg("Maybe we'll get a dog."),
    neg("I hope to become a nurse."),
    neg("My birthday is tomorrow."),
    # imperatives and small talk
    neg("Turn on the lights."),
    neg("Set a timer for ten minutes."),
    neg("Play some jazz."),
    neg("Call me later."),
    neg("Hello!"),
    neg("Thanks, that's great."),
    neg("I'm tired."),
    neg("I'm a morning person."),
    neg("I love it."),
    neg("I like that."),
    neg("I love you."),
    # statements that look like facts but are not the kind we keep
    neg("I live in a flat."),
    neg("I'm a good cook."),
    neg("I'm a big fan."),
    neg("I live in fear of spiders."),
    neg("i live in fear of spiders"),
    neg("I like the way she sings."),
    neg("I'm Portuguese."),
    neg("I'm from Porto."),
    neg("Hello, I'm Good."),
    neg("Hey, I'm back."),
    neg("My sister is French."),
    neg("I have a cold."),
    neg("Our neighbours have a dog called Rex."),
    neg("I used to work as a nurse."),
    neg("I don't usually drink coffee."),
    neg("We moved to a bigger flat."),
    neg("I'm working at home today."),
    neg("I'd rather live in Rome."),
    # about others: still nothing from questions, hypotheticals, negations, reported speech, plans
    neg("Where does Emma live?"),
    neg("Does Tom work at the hospital?"),
    neg("If Tom worked at Google he'd be rich."),
    neg("Emma isn't allergic to anything."),
    neg("Tom doesn't work at Google anymore."),
    neg("I don't have a dog."),
    neg("Tom said he's moving to Paris."),
    neg("My mum told me she loves jazz."),
    neg("Emma wants to be a vet."),
    neg("We're going to move to Lisbon."),
    neg("My brother might move to Berlin."),
    neg("Today is Monday."),
    neg("Thanks, Tom is great."),
    neg("Monday is busy."),
    neg("She lives in Lisbon."),
    neg("Our neighbours live in Lisbon."),
    neg("Emma used to live in Paris."),
    neg("My sister never liked jazz."),
    neg("Lisbon is lovely."),
    neg("Tom and I went to Paris."),
    # one-off requests are not rules; nor is small talk with "always"
    neg("Play some music."),
    neg("Turn the lights off."),
    neg("Never mind."),
    neg("Don't worry about it."),
    neg("Can you always answer in Portuguese?"),
    neg("I always forget my keys."),
    neg("Call me when you're ready."),
    # events that are not kept
    neg("I have a meeting."),
    neg("I had a dentist appointment on Friday."),
    neg("My lesson isn't on Tuesday."),
    neg("Is the plumber coming on Monday?"),
    neg("I have a cold on Friday."),
    neg("I have a PhD."),
    neg("We have a garden."),
    neg("I'd love a Tesla."),
    neg("He works at Tesco."),  # nobody to resolve "he" to
    neg("It is raining."),
    neg("Tom isn't vegan."),
    neg("My sister thinks she is allergic to gluten."),
    neg("Tom said the plumber is coming on Monday."),
    neg("Jake and Emma live in Leeds."),
    # assistant turns never give facts about the user
    neg("You live in Lisbon.", role="assistant"),
    neg("I love jazz too!", role="assistant"),
    neg("Your sister Maria sounds lovely.", role="assistant"),
    neg("Emma is allergic to peanuts.", role="assistant"),
    neg("Always give temperatures in Celsius.", role="assistant"),
    neg("Noted: you are allergic to peanuts and you live in Porto.", role="assistant"),
    # the new forms' neighbours that state nothing
    neg("can't stand here all day"),
    neg("love it"),
    neg("hate to say it"),
    neg("we're huge fans"),
    neg("Is Tom's mum living in Braga?"),
    neg("Tom's mum said she lives in Braga."),
    neg("Tom's mum might move to Braga."),
    neg("Tom's mum doesn't live in Braga anymore."),
    neg("Where's the spare key?"),
    neg("Is the spare key under the mat?"),
    neg("The spare key isn't under the mat."),
    neg("The kids are in the garden."),
    neg("The keys are in my bag."),
    neg("the problem is in the design"),
    neg("We might all go vegetarian."),
    neg("If we were vegetarian in this house I'd be happy."),
    neg("Does the boiler get serviced every October?"),
    neg("when you're done, turn off the lights"),
    neg("when I get back remind me to call mum"),
    neg("When I was a kid, I lived in Paris."),
    neg("Is Biscuit at the vet on the 12th?"),
    neg("Tom said his flight to Berlin is on Sunday."),
    neg("Tom's flight to Berlin isn't on Sunday."),
    neg("my sister has a cat, her name is Mia", role="assistant"),
    neg("Her name is Mia."),  # nobody to be "her"
    neg("dinner's at 8"),
    neg("everyone's allergic to something"),
    neg("I'm not a fan."),
    neg("Would you be a Benfica fan?"),
    # neighbours of dev set 2's forms that state nothing
    neg("I've been a nurse."),  # perhaps no longer
    neg("I've been a nurse for a bit."),
    neg("I'm at the office now."),
    neg("I'm at Siemens now."),  # with no employer left, "at" is only where one is
    neg("I teach my son to read."),
    neg("I don't teach anymore."),
    neg("hi i'm back"),
    neg("hi i'm tired nice to meet you"),
    neg("Is grandma's birthday in May?"),
    neg("Leo turns seven next week."),
    neg("Does Leo turn seven on the 3rd of June?"),
    neg("Tom hates having her around."),
    neg("Emma doesn't mind having her hair brushed."),
    neg("stress triggers my eczema"),
    neg("I don't get a rash when I eat nuts"),
    neg("If I eat shellfish I get hives."),
    neg("Would she love it?"),
    neg("I started a new job and I love it"),
    neg("Tom's sister isn't called Ana."),
    neg("Did Tom's wife say she is called Ana?"),
    neg("The spare key is with Tom."),
    neg("I'm flying in on Monday."),  # the speaker's own travel plans
    neg("Is my brother flying in on Friday?"),
    neg("My brother might fly in on Friday."),
    neg("We might fly to Paris on the 2nd of August."),
    neg("Are we flying to Paris on Friday?"),
    neg("The sofa isn't being delivered on Tuesday."),
    neg("Is the sofa being delivered on Tuesday?"),
    neg("the party is on Saturday"),  # whose party is not said
    neg("stop playing that song"),  # a one-off
    neg("stop it"),
    neg("can you stop saying that"),
    neg("remind me to call mum when I get home"),
    neg("in this house no one is allowed sweets"),
    neg("Karim said he's thinking of becoming a pilot"),
    neg("Tom doesn't work at Elia anymore"),
    neg("Stop calling me sweetie.", role="assistant"),
    neg("Your brother is flying in on Friday.", role="assistant"),
    # near dev set 4's forms
    neg("I was vegetarian until last year"),
    neg("I've not been vegetarian since university"),
    neg("I'd love a good crime podcast"),
    neg("I'd love a good curry on a friday"),
    neg("we used to have a dog, Rex, and a cat, Luna"),
    neg("Anna, my ex-wife, lives in Leeds"),
    neg("do you know a good crime podcast"),
    neg("the kitchen is disgusting i hate it"),
    neg("olives are disgusting"),
    neg("can you take the dog out for a walk around seven"),
    neg("I'll take the dog out for a walk at seven"),
    neg("mira doesn't do ballet on saturdays anymore"),
    neg("does mira do ballet on saturday mornings"),
    neg("i haven't got a road bike in the garage"),
    neg("is there a bike in the garage"),
    neg("I don't have a son, and a daughter called Mira would be lovely"),
    neg("If we got a cat, biscuit would be a good name"),
    neg("Freya wants a Labrador called Bramble."),
    neg("gosia our cleaner isn't allergic to cats"),
    neg("is yusuf, our childminder, a leeds fan"),
    neg("Tom, my neighbour's son, is a plumber"),  # not the speaker's relative: "my neighbour's son"
    neg("I don't have a sister Maria"),
    neg("is kamala's birthday the eighth of august"),
    neg("is the recycling collected every second monday"),
    neg("I get migraines every week"),
    neg("we might get fish and chips on Friday night"),
    neg("pickle's booster jab at the vets might be on the twelfth"),
    neg("is our flight to Stockholm on the 3rd of August?"),
    neg("the flights to oslo aren't booked for july"),
    neg("keep your answers short this morning please"),
    neg("Dorota came to clean on Wednesday"),
    neg("can dorota come to clean every wednesday morning"),
    neg("dorota doesn't come to clean on wednesdays anymore"),
    neg("friday night's pizza"),
    neg("he's not out on the bike every sunday"),
    neg("felix might have an away match at selby this saturday, ten o'clock kick off"),
    neg("should i get the car booked in for its mot on monday"),
    neg("Is the plumber now coming on Saturday?"),
    neg("the plumber is no longer coming on saturday"),
    neg("Freya said never suggest recipes with peanuts for anyone in this house."),
    # beside the forms of dev set 5's round: plurals stay plurals, questions and the rest stay nothing
    neg("my sons play football"),
    neg("my parents love it"),
    neg("whens my dads birthday again"),
    neg("is noahs birthday in june"),
    neg("im not allergic to kiwi"),
    neg("i used to live in leeds hes moved"),
    neg("there's a fox in our garden"),
    neg("Is there a piano in the front room?"),
    neg("nobody in this house knows"),
    neg("Dorota comes every Thursday."),  # who she is is not said: no routine 'come'
    neg("Sam hasn't got a job at the garden centre anymore."),
    neg("my mum might start working at the library"),
    neg("Marco and I might get married in May."),
    neg("we'd all love a hot tub in this house"),
    neg("I haven't bought a campervan."),
    neg("If I were rich I'd always buy first class."),
    neg("if it's sunny we'll go to the beach"),
    neg("I don't take my coffee black."),
    neg("I used to take my coffee with sugar."),
    neg("I used to play the trumpet."),
    neg("I'd love to play the piano."),
    neg("Do you play the guitar?"),
    neg("I don't play the drums any more."),
    neg("my friend is Hungarian"),
    neg("my teacher is lovely"),
    neg("Is Sam your best friend?"),
    neg("we might get two goldfish salt and pepper"),
    neg("we have two cats called nothing yet"),
    neg("dads are the worst"),
    neg("the plumbers are useless"),
    neg("what's got into the dog"),
    neg("me and my husband might move to Leeds"),
    neg("the whole family hated the film"),
    neg("my daughters love it"),
    neg("my doctor is on holiday"),
    neg("I'd prefer tea to coffee."),
    neg("the dentist was on the fifth"),
    neg("we might be getting married in june"),
    neg("I'd like my eggs runny please."),
    neg("I want to learn the piano."),
    neg("my sons playing football tonight"),
    neg("is james birthday in june"),
    neg("thats my sisters car"),
    neg("lets get pizza tonight"),
    neg("Our childminder Marta didn't pick Leo up on Tuesday."),
    neg("the cleaner is not coming on fridays any more"),
    neg("we might adopt a greyhound called Pip"),
    neg("My husband used to work shifts at the fire station."),
    neg("Is the piano tuner coming on the 3rd?"),
    neg("Sure, I've noted that Ingrid's ballet is on Saturday mornings."),
    neg("Got it, I'll remember that you're allergic to cats."),
    neg("is our childminder called Agnieszka"),
    neg("Is Henrik's birthday 15/03?"),
    neg("Grandma didn't visit on Sundays."),
    neg("Does grandma visit on Sundays?"),
    neg("Nonna used to come for dinner every Sunday."),
    neg("If Nonna comes for dinner every Sunday, we'll need a bigger table."),
    neg("She comes for dinner every Sunday?"),
    neg("Agnieszka can't pick the kids up on Mondays."),
    neg("Agnieszka picked the kids up on Monday."),
    neg("is my birthday the twelfth or the thirteenth of july"),
    neg("Is Ingrid's parents' evening Thursday, or Wednesday at six?"),
    neg("my best mate deepa isn't allergic to cats"),
    neg("my best mate deepa was allergic to cats as a kid"),
    neg("I'm planning a trip to Rome in May."),
    neg("I used to work for the council as a planning officer."),
    neg("I was a nurse well a nurse practitioner then"),
    neg("I like my steak well done now"),
    neg("my stepdad kwame used to drive a vintage mini"),
    neg("is there a lawnmower in the shed"),
    neg("there's no lawnmower in the shed"),
    neg("the car keys on the table"),
    neg("Is the spare key with Chidi next door?"),
    neg("the hamster was called noodle"),
    neg("is the hamster called noodle"),
    neg("waffles doesn't go mad for tennis balls"),
    neg("does waffles have the vet on monday at 4"),
    neg("gerald went to the vet for his check up on the 20th of may"),
    neg("I don't go to the dentist on Monday."),
    neg("chips goes well with fish"),
    neg("can you use the 24 hour clock?"),
    neg("we used metric, so we never needed cups"),
    neg("don't tell the kids about the party"),
    neg("don't give the kids sweets today"),
    neg("don't call me that"),
    neg("please dont call me tomorrow"),
    neg("Sure, I'll use the 24 hour clock from now on."),
    neg("my aunt used to visit every other weekend"),
    neg("Does Auntie Jo come for Sunday lunch every week?"),
    neg("Auntie Jo might come for Sunday lunch every week."),
    neg("is the cleaner called Dorota"),
    neg("The cleaner was called Dorota."),
    neg("I was allergic to nuts, so I never ate satay"),
    neg("spare key is with him next door"),
    neg("Rosa's piano was on Thursdays."),
    neg("my piano is in the lounge"),
    neg("Is Rosa's piano on Thursdays?"),
    neg("im so sorry about the mess"),
    neg("remember that film we saw"),
    neg("Mum here, can you help?"),
    neg("the vet is lovely"),
    neg("Keep it short."),
    neg("keep the volume down"),
    neg("Tom's driving to Leeds"),
    neg("is it raining, yeah?"),
    neg("I'd be a paramedic if I could."),
    neg("my dentist is rubbish"),
    neg("I worked at Tesco, or I did until March"),
    neg("Biscuit has his worming tablet on the first of each month"),  # an event the vocabulary lacks: nothing broken
    neg("remember that I'm out tonight"),
    neg("don't forget we might go to Leeds"),
    neg("I started at uni in September."),  # starting somewhere is not working there
    neg("I joined the gym last month."),
    neg("we got a new sofa"),
    neg("when I say that I mean it"),
    neg("I'm not a native French speaker."),
    neg("I think she speaks French."),
    neg("we're in Spain for a week"),
    neg("I'm in hospital now"),
    neg("I left work and went to the pub"),
    neg("I'm running late"),
    neg("we changed cleaners its fine now"),
    neg("I'm with Dr Smith now"),  # a doctor of no kind said
    neg("our cat died last week"),  # a verb after a pet is no name
    neg("I've been made redundant."),
    neg("I'd love a dog, so if we move I'll get one"),
    neg("I'm going out with Sam tonight"),
    neg("I'm on the bus"),
    neg("I take the bus"),
]

NEGATIVES += [
    # the neighbours of session 12's forms that state nothing
    neg("I live in Porto, or so she says."),  # the aside takes it back
    neg("I work at Tesco if they take me."),  # a condition on the statement, not on the listener
    neg("We live in Leeds, but if we won the lottery we'd move to Paris."),
    neg("I have been in a bad mood for two years."),
    neg("Lunch at 1."),
    neg("Is Walter's carer called Ayodele?"),
    neg("If Kofi's girlfriend is now Leonie, I'll eat my hat."),
    neg("I'm on a diet."),
    neg("I'm on a strict diet."),
    neg("I'm seeing Dr Patel on Friday about my knee."),
    neg("The plumber replaced a valve on the boiler."),
    neg("I'm seeing Sam."),
    neg("we might switch the broadband to Zen"),
    # session 14's neighbours: speaking that is not a language, numbers that are not an age
    neg("I speak my mind."),
    neg("I don't speak French."),
    neg("I'm speaking to the council tomorrow."),
    neg("I'm 5 minutes away."),
    neg("I'm two down on the crossword."),
    neg("We're four for dinner tonight."),
    neg("Rory is at Tesco buying milk."),
    neg("Is the sofa coming on Sunday?"),
    neg("The sofa isn't coming on Sunday."),
    neg("We don't have parents evening next Wednesday."),
    neg("Tom, that's my boss, never listens."),
    neg("I'm doing a course at the moment."),
    neg("my dad drives a hard bargain"),
    neg("I don't have a Thermomix or an air fryer."),
    neg("we might swap to octopus for the electric"),
    neg("Is the sofa delivery on the 12th?"),
    neg("My sister lives in Galway, or did last I heard."),
    neg("Liam works at Tesco, actually no, he moved on."),
    neg("My sister lives in Galway, I'm not sure."),
    neg("she stays in a hotel when she visits"),
    neg("Are the passports in the top drawer?"),
    neg("Saturday is my birthday night."),
    neg("Moved the meeting to Friday."),
    neg("I can't have anything with me on the plane."),
    neg("i live in leeds if you can believe it no not really"),
    # round 10's neighbours: a visit, a state that is no fault, a one-off, the television, someone's breed
    neg("we're in Spain on holiday"),
    neg("the oven is off"),
    neg("the cat is Persian"),
    neg("give me the distance in miles to Leeds"),
    neg("the match is on Saturday at 3"),
    neg("I had the dentist on Tuesday"),
    neg("is the physio on friday"),
    neg("tilly our dog walker is lovely"),
    neg("there's no Tesco near us"),
    neg("we might go away next weekend"),
    neg("I drive the kids to school"),
]
POSITIVES += [
    # "their dad's" is his house, not "their dad is"
    pos("the boys go to their dad's every other weekend", ("routine", "go to their dad's"), subject="my sons"),
]

# round 11: the town one lives just outside; a language and who it was learnt from; meat but not fish; a school
# started "in"; a "me" for "my" before step-kin; an employer "up in" its town; "without asking" as a rule's
# condition; the request put as a question after "when"; a fault "not working" or broken "again"; events for the
# children; a date filed "down as"; "it changed to" as a correction
POSITIVES += [
    pos("We live just outside Leeds.", ("lives_in", "Leeds"), subject="household"),
    pos("we live on the outskirts of Stirling", ("lives_in", "Stirling"), subject="household"),
    pos("i speak twi and a bit of ga from my grandma", ("speaks", "Twi"), ("speaks", "Ga")),
    pos("I don't eat meat but I do eat fish", ("diet", "pescatarian")),
    pos("Our Ellie has just started in St Mary's", ("note", "St Mary's"), subject="Ellie"),
    pos(
        "me stepdad Kevin works at Nissan up in Sunderland",
        ("family_member", "Kevin"),
        ("works_at", "Nissan"),
        subject=None,
    ),
    pos(
        "don't book anything without asking me first",
        ("rule", "Do not book anything without asking {subject} first"),
    ),
    pos("keep the heating at eighteen during the day", ("rule", "Keep the heating at eighteen during the day")),
    pos(
        "when you give me the weather can you skip the pollen count",
        ("rule", "Skip the pollen count for the weather"),
    ),
    pos("the doorbell's not working so knock", ("note", "doorbell not working"), subject="household"),
    pos(
        "the shower is broken again, you have to turn it off at the wall",
        ("note", "shower is broken, you have to turn it off at the wall"),
        subject="household",
    ),
    pos("swimming for the kids is on saturday mornings", ("schedule", "Saturday mornings"), subject="my children"),
    pos("the girls' ballet is on thursdays", ("schedule", "Thursdays"), subject="my daughters"),
    pos("put my birthday down as the 9th of July", ("birthday", "9th of July")),
    pos("recycling is monday no wait it changed to tuesday", ("schedule", "Tuesdays"), subject="household"),
    # a child's school said by its year ("primary three"), a Scots "wee", moved there "after the summer holidays"
    pos("wee Callum's in primary two at Bankhead Primary", ("note", "Bankhead Primary"), subject="Callum"),
    pos(
        "We've moved Isla to St Ninian's after the summer holidays, she's settling in",
        ("note", "St Ninian's"),
        subject="Isla",
    ),
    # a home bought, a move again: where one is now is where one lives
    pos("kayla bought her own place, she's in Chandler now", ("lives_in", "Chandler"), subject="Kayla"),
    # the helper who took over, run on as a recogniser writes it
    pos("ama has stopped coming the new cleaner is precious", ("name", "Precious"), subject="my cleaner"),
    # medicine taken morning and evening; a visit twice a day; an hour said bare with am
    pos("grandad takes warfarin morning and evening", ("routine", "take warfarin"), subject="my grandfather"),
    pos("the carer comes in twice a day", ("schedule", "twice a day"), subject="household"),
    pos("i go running mondays and thursdays at six am", ("routine", "go running")),
    pos("dad's type two diabetic", ("note", "type 2 diabetic"), subject="my father"),
    pos("proper hooked on Wordle at the minute me", ("likes", "Wordle")),
    pos("I work at Boots, well I did, I'm at Superdrug now", ("works_at", "Superdrug")),
    # a school changed by moving up, a transfer, "is now at", a grade said as an ordinal
    pos("Leo moved up to Kingsway High", ("note", "Kingsway High"), subject="Leo"),
    pos("Leo transferred to Riverside Academy", ("note", "Riverside Academy"), subject="Leo"),
    pos("Leo is now at Riverside Academy", ("note", "Riverside Academy"), subject="Leo"),
    pos("Leo's in sixth grade at Hillside Middle School", ("note", "Hillside Middle School"), subject="Leo"),
    # a relative's name that is a word, as a recogniser writes it; "step dad" as two words; "anything spicy"
    pos("my partner jules is allergic to cats", ("family_member", "Jules"), ("allergy", "cats"), subject=None),
    pos(
        "my son kit goes to larchwood primary",
        ("family_member", "Kit"),
        ("note", "Larchwood Primary"),
        subject=None,
    ),
    pos("my step dad Ray lives in Hull", ("family_member", "Ray"), ("lives_in", "Hull"), subject=None),
    pos(
        "My gran Peggy won't eat anything spicy.",
        ("family_member", "Peggy"),
        ("dislikes", "spicy food"),
        subject=None,
    ),
]
NEGATIVES += [
    neg("I live outside the city centre"),
    neg("don't go out without a coat"),
    neg("keep the heating on today"),
    neg("the doorbell is working again"),
    neg("the kids' swimming was cancelled"),
    neg("I took the morning and evening off"),
    neg("the new cleaner is coming on Monday to look round"),
    neg("I'm not hooked on anything"),
    neg("we might be moving again"),
    neg("Leo moved up to the top set in maths"),
    neg("my son always is late"),
]

# round 12: times and weekly days in one written form; a pet named before what it is, or as a recogniser writes it
# with a verb after; an address with its number after "we're at"; a move said with "flitted"; the boiler by its
# make; a spelled correction; a time said after where or before how often; a statement run on past its end
POSITIVES += [
    pos("our physio is on monday at quarter to eleven", ("appointment", "Monday 10:45am"), subject="household"),
    pos("the plumber's coming thursday between nine and one", ("appointment", "Thursday 9am-1pm"), subject="household"),
    pos("Oskar has judo every Wednesday evening at six", ("schedule", "Wednesdays 6pm"), subject="Oskar"),
    pos("we're at 7 Mill Lane, Hexham, if anyone asks", ("lives_in", "7 Mill Lane, Hexham"), subject="household"),
    pos("right so we've flitted, we're out in portobello now", ("lives_in", "Portobello"), subject="household"),
    pos("Our car is a silver Škoda Octavia.", ("owns", "silver Škoda Octavia"), subject="household"),
    pos("the boiler's a Baxi", ("owns", "Baxi boiler"), subject="household"),
    pos("i drive a white transit ja the long wheelbase one", ("owns", "white transit")),
    pos("Pip the rabbit really hates the hoover.", ("pet", "Pip"), ("dislikes", "the hoover"), subject="Pip"),
    pos("The dog, Nala, is allergic to chicken.", ("pet", "Nala"), ("allergy", "chicken"), subject="Nala"),
    pos("our cat mochi loves the radiator", ("pet", "Mochi"), ("likes", "the radiator"), subject="Mochi"),
    pos("grandads birthdays the ninth of march", ("birthday", "9th of March"), subject="my grandfather"),
    pos("Lola, our labrador, goes to Kestrel Vets.", ("pet", "Lola"), ("note", "Kestrel Vets"), subject="Lola"),
    pos("got a gig with Ocado at the depot", ("works_at", "Ocado")),
    pos("i teach year two at st aidans primary", ("works_as", "teacher"), ("works_at", "St Aidans Primary")),
    pos("My name's Aoife, A-O-F-E, no sorry, A-O-I-F-E.", ("name", "Aoife")),
    pos("my yoga class is at 7 am every morning", ("schedule", "every morning 7am")),
    pos("Mum's swimming is on Fridays at the lido, half nine.", ("schedule", "Fridays 9:30am"), subject="my mother"),
    pos(
        "we've a new childminder for aoife, her name's bernadette",
        ("family_member", "Bernadette"),
        subject="Aoife",
    ),
]
NEGATIVES += [
    neg("we're in Spain, just outside Malaga, on holiday"),
    neg("I live in York, so they say"),
    neg("the boiler is a nightmare"),
    neg("Picked up a pint of milk on the way home."),
]

# round 13: a relative's name that is a word of planning; a statement run on into a question; corrections placed by
# what they correct (a house number, a relation, "they moved it to", "the new one is"); an address with its number in
# lower case; an hour of seven in the evening; an introduction then more of who one is; a clause that goes on without
# its subject; codes said digit by digit; the speaker's dad said as a name
POSITIVES += [
    pos("my daughter hope is allergic to eggs", ("family_member", "Hope"), ("allergy", "eggs"), subject="Hope"),
    pos(
        "my daughter hope is allergic to eggs what can i use instead of eggs in brownies",
        ("family_member", "Hope"),
        ("allergy", "eggs"),
        subject="Hope",
    ),
    pos("our youngest will is mad about hockey", ("family_member", "Will"), ("likes", "hockey"), subject="Will"),
    pos("we live at 42 no 24 mill lane it always gets mixed up", ("lives_in", "24 Mill Lane"), subject="household"),
    pos("We're at number 32, no hang on, 23 Marsh Lane.", ("lives_in", "23 Marsh Lane"), subject="household"),
    pos(
        "we're at 27 kowhai street in hamilton east",
        ("lives_in", "27 Kowhai Street, Hamilton East"),
        subject="household",
    ),
    pos(
        "the new address is 9 Lakeshore Road in Orillia", ("lives_in", "9 Lakeshore Road, Orillia"), subject="household"
    ),
    pos("my husband is carlos sorry my partner were not married yet", ("family_member", "Carlos")),
    pos(
        "the dogs name is bruno wait no thats the old dog the new one is pepper", ("pet", "Pepper"), subject="household"
    ),
    pos(
        "my mums birthday is the fourth of may no hang on the fifth fifth of may",
        ("birthday", "5th of May"),
        subject="my mother",
    ),
    pos(
        "Ngozi's karate is on Tuesdays, actually no, they moved it to Wednesdays, half six.",
        ("schedule", "Wednesdays 6:30pm"),
        subject="Ngozi",
    ),
    pos("choir is every thursday at seven", ("schedule", "Thursdays 7pm")),
    pos("ocado delivery friday between seven and eight", ("appointment", "Friday 7-8am"), subject="household"),
    pos("church is every sunday at ten", ("schedule", "Sundays 10am"), subject="household"),
    pos("right so im tendai and i work at tesco", ("name", "Tendai"), ("works_at", "Tesco")),
    pos(
        "Kwame's my brother, he's a doctor at Korle Bu, lives in Accra with his wife.",
        ("family_member", "Kwame"),
        ("works_as", "doctor"),
        ("works_at", "Korle Bu Hospital"),
        ("lives_in", "Accra"),
        subject="Kwame",
    ),
    pos("Mi name is Marcia, I living in Brooklyn now", ("name", "Marcia"), ("lives_in", "Brooklyn")),
    pos("I'm a doctor, lives in Accra", ("works_as", "doctor")),
    pos("the alarm code is four nine one seven", ("note", "4917"), subject="household"),
    pos("Dad's carer is Marisol", ("family_member", "Marisol"), subject="my father"),
    pos(
        "we're with electric ireland for the gas and the electricity",
        ("note", "Electric ireland"),
        subject="household",
    ),
]
NEGATIVES += [
    neg("Sherlock lives at 221B Baker Street, obviously."),
]
# (once a negative: when one works is a routine of one's own, as the sets since have kept it)
POSITIVES += [pos("im knackered and i work nights", ("routine", "works night shifts"))]

# Round 19 (session 31): a job begun or moved, a surname, a ward, an event's clock, a home's town, a stay
POSITIVES += [
    pos(
        "since monday i've been at Paystack as a product analyst",
        ("works_at", "Paystack"),
        ("works_as", "product analyst"),
    ),
    pos("TSC has transferred me to Kakamega High", ("works_at", "Kakamega High")),
    pos("i am now teaching at Starehe Boys from this term", ("works_as", "teacher"), ("works_at", "Starehe Boys")),
    pos("our Declan has a weekend job in Tesco in Naas", ("works_at", "Tesco, Naas"), subject="Declan"),
    pos("my surname is Mensah", ("note", "Mensah")),
    pos("I've changed my surname to Boateng", ("note", "Boateng")),
    pos(
        "we transferred Kwabena this term, he's now at Achimota School", ("note", "Achimota School"), subject="Kwabena"
    ),
    pos(
        "Grandad's dialysis is every tuesday at 7 in the morning",
        ("schedule", "Tuesdays 7am"),
        subject="my grandfather",
    ),
    pos("band practice is saturday by 4pm", ("schedule", "Saturdays 4pm")),
    pos(
        "refuse collection in our area is every thursday morning",
        ("schedule", "Thursday mornings"),
        subject="household",
    ),
    pos("the car's NCT is on the 3rd of March", ("appointment", "3rd of March"), subject="household"),
    pos("cucu lives in her own house in Nyeri", ("lives_in", "Nyeri"), subject="my grandmother"),
    pos("I'm waiting tables at Nando's in Leeds now", ("works_as", "waiter"), ("works_at", "Nando's, Leeds")),
    pos(
        "I got hired as a site engineer at Laing O'Rourke",
        ("works_as", "site engineer"),
        ("works_at", "Laing O'Rourke"),
    ),
    pos("the vet has Smudge on Hill's now", ("note", "Hill's"), subject="Smudge"),
    pos(
        "I'm a nurse at the Royal, on the cardiac ward",
        ("works_as", "nurse"),
        ("works_at", "the Royal"),
        ("note", "cardiac ward"),
    ),
    pos("they moved me to the renal ward", ("note", "renal ward")),
    pos("im tunde im from ibadan originally", ("name", "Tunde"), ("note", "originally from Ibadan")),
    pos("I'm retired now", ("works_as", "retired")),
    pos("My mother is a retired midwife", ("works_as", "retired midwife"), subject="my mother"),
    pos("we switched Rolo over to Parkside Vets", ("note", "Parkside Vets"), subject="Rolo"),
    pos(
        "I'm Deepa, dental nurse at Smile Clinic, based in Leicester",
        ("name", "Deepa"),
        ("works_as", "dental nurse"),
        ("works_at", "Smile Clinic"),
        ("lives_in", "Leicester"),
    ),
    pos("we got an inverter cause the power keeps going", ("owns", "inverter"), subject="household"),
    pos("We're renting.", ("note", "renting"), subject="household"),
    pos("the plumbers coming thursday morning", ("appointment", "Thursday morning"), subject="household"),
    pos("I don't drink", ("note", "does not drink alcohol")),
    pos("dentist for jack on the 9th at 3", ("appointment", "the 9th 3pm"), subject="Jack"),
    pos("our dogs name is rex no thats the old dog the new ones biscuit", ("pet", "Biscuit"), subject="household"),
    pos("Our youngest, Nia, is 10 months", ("family_member", "Nia"), ("note", "10 months old"), subject="Nia"),
    pos("our dog loves the beach", ("likes", "the beach"), subject="my dog"),
    pos("I play steel pan", ("likes", "playing steel pan")),
]
NEGATIVES += [
    neg("They have posted me to Abuja for a two-week course."),
    neg("my brother is staying with us in Leeds till Sunday"),
    neg("I've gone back to my mum's place in Cork for the summer"),
    neg("the doctor says I could come off the statins if my cholesterol stays down"),
]


# Round 20 (session 32): corrections run on, a relative's town, a job's town, dwellings, subscriptions, a doctor's
# diet, a name changed everywhere, gatherings, clubs, rules bounded by a date or run on with their reason
POSITIVES += [
    pos("my physio appointment is on the 12th at ten forty", ("appointment", "the 12th 10:40am")),
    pos("I go swimming Tuesdays, Thursdays and Saturdays at 7am.", ("routine", "go swimming")),
    pos("my brother in Galway is a guard", ("lives_in", "Galway"), subject="my brother"),
    pos(
        "my granny in Montego Bay is ninety one",
        ("lives_in", "Montego Bay"),
        ("note", "91 years old"),
        subject="my grandmother",
    ),
    pos("im a chippy self employed based in dunedin", ("works_as", "carpenter"), ("lives_in", "Dunedin")),
    pos(
        "I'm an accountant at KPMG, been living in Accra since 2019",
        ("works_as", "accountant"),
        ("works_at", "KPMG"),
        ("lives_in", "Accra"),
    ),
    pos("I teach in a secondary school out in Tallaght", ("works_as", "secondary school teacher")),
    pos(
        "We live in a three-bed semi in Drumcondra.",
        ("lives_in", "Drumcondra"),
        ("note", "three-bed semi"),
        subject="household",
    ),
    pos("Call me Tash, everyone does.", ("rule", "Call {subject} Tash"), ("name", "Tash")),
    pos(
        "got a delivery from currys coming friday between 8 and 12",
        ("appointment", "Friday 8am-12pm"),
        subject="household",
    ),
    pos("our new cook is Meena from this week", ("name", "Meena"), subject="my cook"),
    pos(
        "we pay for netflix and disney plus",
        ("owns", "netflix subscription"),
        ("owns", "disney+ subscription"),
        subject="household",
    ),
    pos("my mum's GP is Dr Adeyemi in Ikeja", ("note", "Dr Adeyemi in Ikeja"), subject="my mother"),
    pos(
        "we're taking Luna to Parkway Animal Hospital from now on", ("note", "Parkway Animal Hospital"), subject="Luna"
    ),
    pos("the doctor has put Dad on a low-salt diet", ("diet", "low-salt diet"), subject="my father"),
    pos("it's Chloe Brennan on everything now since the wedding", ("name", "Chloe Brennan")),
    pos("my name on all the bank accounts is Grace Mwangi", ("name", "Grace Mwangi")),
    pos("I got transferred to Kisumu, same company", ("lives_in", "Kisumu")),
    pos("i'm a member at puregym in Salford", ("note", "Puregym in Salford")),
    pos("Nomvula's kapa haka is Thursdays at 6", ("schedule", "Thursdays 6pm"), subject="Nomvula"),
    pos("the kids have kumon every wednesday at four", ("schedule", "Wednesdays 4pm"), subject="my children"),
    pos("we're having a braai on Saturday from two", ("appointment", "Saturday from 2pm"), subject="household"),
    pos("Boiler service is booked for Tuesday", ("appointment", "Tuesday"), subject="household"),
    pos(
        "please don't play any christmas songs before the first of december",
        ("rule", "Do not play any Christmas songs before the first of december"),
    ),
    pos(
        "dont suggest takeaways on weeknights were saving for a holiday",
        ("rule", "Do not suggest takeaways on weeknights"),
        subject="household",
    ),
    pos("use miles not kilometres im not european", ("rule", "Use miles for distances")),
    pos("Keep answers short, I'm usually cooking when I ask you things.", ("rule", "Keep answers short")),
    pos("my aunt Rosa can't have shellfish at all", ("family_member", "Rosa"), ("allergy", "shellfish"), subject=None),
    pos(
        "Ayo and Kemi attend Corona School in Ikoyi",
        ("note", "Corona School"),
        subject=None,
    ),
    pos("my wife is allergic to shellfish or actually no its just prawns", ("allergy", "prawns"), subject="my wife"),
    pos("im allergic to ibuprofen or no its naproxen", ("allergy", "naproxen")),
    pos("my sister lives in sligo no sorry galway she moved", ("lives_in", "Galway"), subject="my sister"),
    pos("Ben's birthday is the 4th of March, no, April, 4th of April.", ("birthday", "4th of April"), subject="Ben"),
    pos("I'm a radiographer, well, a radiography assistant, still training.", ("works_as", "radiography assistant")),
    pos("We moved to Perth - well, just outside it, Fremantle.", ("lives_in", "Fremantle"), subject="household"),
    pos("Bins are Mondays. Sorry, Tuesdays now since the new contract.", ("schedule", "Tuesdays"), subject="household"),
    pos(
        "the new puppys called bean no actually we changed it to olive bean didnt suit her",
        ("pet", "Olive"),
        subject="household",
    ),
    pos("im a care assistant well actually no ive just been made up to senior carer", ("works_as", "senior carer")),
]
NEGATIVES += [
    neg("honestly if we ever win the lotto we're moving to Noosa"),
    neg("my cousin in Durban was saying the traffic there is terrible"),
    neg("football has moved to Sunday mornings"),
]
POSITIVES += [
    pos("I've moved to Bristol, the office is nice", ("lives_in", "Bristol")),
    # (a home, not a school: where she lives now)
    pos(
        "We've moved Gran to St Catherine's, the nursing home by the park.",
        ("lives_in", "St Catherine's"),
        subject="my grandmother",
    ),
    pos(
        "mom is now at Heritage Oaks memory care in Allen",
        ("lives_in", "Heritage Oaks memory care in Allen"),
        subject="my mother",
    ),
    pos("we moved dad to Brookdale over in Frisco", ("lives_in", "Brookdale, Frisco"), subject="my father"),
]

POSITIVES += [
    # round 21: cars by make and model, however said
    pos("we have a honda fit", ("owns", "Honda Fit"), subject="household"),
    pos("so I picked up a used ford focus", ("owns", "Ford Focus")),
    pos("traded in the focus for a mazda cx5", ("owns", "Mazda CX-5")),
    pos("we got a new car, a 2022 Kia Sorento hybrid", ("owns", "2022 Kia Sorento hybrid"), subject="household"),
    pos("grandad driving a little nissan micra, white one", ("owns", "white Nissan Micra"), subject="my grandfather"),
    pos("mummy now have a Toyota Vitz", ("owns", "Toyota Vitz"), subject="my mother"),
    # where one works, said with "in the", by the job taken, by the ward
    pos("i'm working in the Rotunda as a midwife", ("works_at", "the Rotunda"), ("works_as", "midwife")),
    pos("i've taken the job in the Coombe, started last week", ("works_at", "the Coombe")),
    pos("i'm after taking a job out in milford hospice", ("works_at", "Milford Hospice")),
    pos("i've moved over to UHL, on the renal ward there now", ("works_at", "UHL")),
    pos("I work for Vodacom, in customer service", ("works_at", "Vodacom"), ("works_as", "customer service")),
    pos("i work at absa on the sales side", ("works_at", "Absa"), ("works_as", "sales")),
    # where one lives, said with "staying"
    pos("we are staying in kileleshwa, 4th floor, block c", ("lives_in", "Kileleshwa"), subject="household"),
    pos("we are staying in Kisumu now", ("lives_in", "Kisumu"), subject="household"),
    # the help named after a comma, a body one sits on, a pet groomed, a class at a named place
    pos("we've got a gardener, Themba, he comes on Mondays", ("name", "Themba"), subject="my gardener"),
    pos("i'm on the parish council in kilcock", ("note", "member of Kilcock Parish Council")),
    pos("Biscuit gets groomed every six weeks", ("schedule", "every six weeks"), subject="Biscuit"),
    pos(
        "gran has hydrotherapy at St Columcille's every Tuesday at 2",
        ("schedule", "Tuesdays 2pm"),
        subject="my grandmother",
    ),
    pos("Ayo has swimming lessons at the leisure centre every Saturday", ("schedule", "Saturdays"), subject="Ayo"),
    # names, likes and what is run on
    # (said without asking to be called so, the name is the name: as the recent sets label it, 14 to 0)
    pos("my name is Gareth but everyone calls me Gaz", ("name", "Gareth"), ("note", "goes by Gaz")),
    pos("my name is Gareth but everyone calls me Gaz so you can too", ("name", "Gaz")),
    pos("im doing keto at the moment trying to lose a bit for the holiday", ("diet", "keto")),
    pos("My fave food is suya.", ("likes", "suya")),
    pos(
        "my wife tola hates olives like proper hates them",
        ("family_member", "Tola"),
        ("dislikes", "olives"),
        subject="Tola",
    ),
    pos("we have two dogs called salt and vinegar", ("pet", "Salt"), ("pet", "Vinegar"), subject="household"),
    pos(
        "my cousin kevin is an electrician, lives over in cork",
        ("family_member", "Kevin"),
        ("works_as", "electrician"),
        ("lives_in", "Cork"),
        subject="Kevin",
    ),
    pos(
        "My uncle Femi lives in Houston, he's a pharmacist over there.",
        ("family_member", "Femi"),
        ("lives_in", "Houston"),
        ("works_as", "pharmacist"),
        subject="Femi",
    ),
    # "our anniversary" is the speaker's
    pos("our anniversary is the 2nd of March", ("anniversary", "2nd of March")),
]
NEGATIVES += [
    neg("I'm allergic to mornings, haha."),
    neg("Haha my wife says I'm the worst driver in the family."),
    neg("lol my daughter just told me she wants to be an astronaut"),
    neg("we're staying in Lisbon"),
    neg("I'm working in the garden today"),
    neg("Ha, I'm allergic to hard work."),
]

POSITIVES += [
    # round 21, later: corrections
    pos(
        "my son is allergic to tree nuts oh no sorry its cashews just cashews", ("allergy", "cashews"), subject="my son"
    ),
    pos(
        "my mum's allergic to latex i mean plasters its plasters not latex",
        ("allergy", "plasters"),
        subject="my mother",
    ),
    pos("call me liz actually no call me lizzie everyone does", ("name", "Lizzie"), ("rule", "Call {subject} lizzie")),
    pos(
        "my husbands a nurse well technically a healthcare assistant",
        ("works_as", "healthcare assistant"),
        subject="my husband",
    ),
    pos(
        "Grandad's birthday is the 3rd of July, or is it the 13th... it's the 13th.",
        ("birthday", "13th of July"),
        subject="my grandfather",
    ),
    pos("We live in Galway. Well, just outside it actually, Oranmore.", ("lives_in", "Oranmore"), subject="household"),
    pos("i work at kpmg sorry used to im at deloitte now", ("works_at", "Deloitte")),
    pos("My wife's name is Aisha. Sorry, Ayesha, stupid autocorrect.", ("family_member", "Ayesha")),
    pos("Kofi works at MTN, actually no, he moved to Vodafone last month.", ("works_at", "Vodafone"), subject="Kofi"),
    pos("my brother lives in Leeds, well, no, he moved to York last year", ("lives_in", "York"), subject="my brother"),
    pos("i live in durban well i did im in ballito now since the summer", ("lives_in", "Ballito")),
    # where one's office is
    pos("my office is in Westlands", ("note", "Westlands")),
    pos("the company has shifted our team to Kharadi, new campus", ("note", "Kharadi")),
    pos("now I'm working out of the Powai office", ("note", "Powai")),
    # names, diets, addresses, the house's kit
    pos(
        "Please don't call me Mrs Okafor, just Ngozi is fine.",
        ("rule", "Call {subject} Ngozi, not Mrs Okafor"),
        ("name", "Ngozi"),
    ),
    pos("please save my name as thandiwe mokoena", ("name", "Thandiwe Mokoena")),
    pos("i've gone back to being vegan", ("diet", "vegan")),
    pos("my cardiologist wants me on a low salt diet now", ("diet", "low salt diet")),
    pos(
        "Our address is 3 Allen Avenue, Ikeja, Lagos.",
        ("lives_in", "3 Allen Avenue, Ikeja, Lagos"),
        subject="household",
    ),
    pos("the thermostat in the hall is a hive one", ("owns", "hive thermostat"), subject="household"),
    pos("Tom says he got a job as a plumber", ("works_as", "plumber"), subject="Tom"),
    pos(
        "Ama works as a cleaner up at the hospital",
        ("works_as", "cleaner"),
        ("works_at", "the hospital"),
        subject="Ama",
    ),
]
NEGATIVES += [
    neg("the thermostat is a nightmare"),
    neg("I'm sitting in the garden"),
    neg("they moved me to the day shift"),
]

POSITIVES += [
    # round 21, last: a pet named after it, checks as events, "remind me that", the help by their work
    pos("we got a dog last week, his name's Rolo", ("pet", "Rolo"), subject="household"),
    pos("glucose check next friday at ten", ("appointment", "next Friday 10am")),
    pos(
        "remind me that the electrician is coming on Monday morning",
        ("appointment", "Monday morning"),
        subject="household",
    ),
    pos("Ola left in March, so we've got Grace doing the cleaning now", ("name", "Grace"), subject="my cleaner"),
    pos("our babysitter is now Temi", ("name", "Temi"), subject="my babysitter"),
    pos("our book club now meets on Thursdays", ("schedule", "Thursdays"), subject="household"),
    pos("Can you call me Ebby from now on?", ("rule", "Call {subject} Ebby")),
]
NEGATIVES += [
    neg("Tom's doing the cooking now"),
    neg("can you call me a taxi?"),
    neg("if we went over to Perth I'd try for a job at Fiona Stanley"),
]


# Round 22: gatherings and classes on a schedule, corrections in the sentence, the help by work with "now" first
POSITIVES += [
    pos("I'm a member at Roundhay Golf Club.", ("note", "member of Roundhay Golf Club")),
    pos("im a member at anytime fitness on the high street", ("note", "Anytime Fitness")),
    pos(
        "our stokvel meets every second saturday at thandi's place in soweto",
        ("schedule", "every second Saturday"),
        subject="household",
    ),
    pos(
        "our family meeting is every last sunday of the month",
        ("schedule", "every last Sunday of the month"),
        subject="household",
    ),
    pos(
        "niamh's under 12s camogie training is tuesday and thursday at seven",
        ("schedule", "Tuesdays and Thursdays 7pm"),
        subject="Niamh",
    ),
    pos("kemi has swimming coaching every saturday at 8am", ("schedule", "Saturdays 8am"), subject="Kemi"),
    pos("we go to the ten am mass at st josephs every sunday", ("schedule", "Sundays 10am"), subject="household"),
    pos(
        "gran's physio at the clinic is every wednesday at eleven",
        ("schedule", "Wednesdays 11am"),
        subject="my grandmother",
    ),
    pos("dentist is friday at three no half three", ("appointment", "Friday 3:30pm")),
    pos(
        "my brother kwame is allergic to prawns or is it crab yeah crab its crab",
        ("family_member", "Kwame"),
        ("allergy", "crab"),
        subject="Kwame",
    ),
    pos("my son is allergic to eggs no milk its milk", ("allergy", "milk"), subject="my son"),
    pos("my daughter is called ana sorry its anna with two ns", ("family_member", "Anna")),
    pos("righto i've gone fully vegan as of this week, no fish, no dairy", ("diet", "vegan")),
    pos("we stay in whitefield east, near the metro", ("lives_in", "Whitefield East"), subject="household"),
    pos("i resumed at access bank on monday", ("works_at", "Access Bank")),
    pos("im tomasz from gdansk originally but living in leeds now", ("name", "Tomasz"), ("lives_in", "Leeds")),
    pos(
        "my mum is a retired teacher, still lives in cavan",
        ("works_as", "retired teacher"),
        ("lives_in", "Cavan"),
        subject="my mother",
    ),
    pos(
        "my nan is staying with us for the summer she only really speaks welsh",
        ("speaks", "Welsh"),
        subject="my grandmother",
    ),
    pos("my amazon parcel is coming on friday", ("appointment", "Friday")),
    pos("reminder that dad's hearing test is on the 4th of may", ("appointment", "4th of May"), subject="my father"),
    pos("so im retired now used to be a bus driver", ("works_as", "retired")),
    pos("my wife is vegetarian but eats fish sometimes", ("diet", "pescatarian"), subject="my wife"),
    pos("shanthi left, now Meena is cooking for us", ("name", "Meena"), subject="my cook"),
]
NEGATIVES += [
    neg("my exams are on monday and wednesday"),
    neg("im sick from work"),
]


# Round 22, second part: reasons that name an allergy, where things are kept, codes, corrections said after
POSITIVES += [
    pos(
        "Please don't suggest anything with prawns, my daughter's got a severe allergy.",
        ("rule", "Do not suggest anything with prawns"),
        ("allergy", "prawns"),
        subject=None,
    ),
    pos("my son is anaphylactic to nuts", ("allergy", "nuts"), subject="my son"),
    pos("the spare key is with next door", ("note", "spare key is with next door"), subject="household"),
    pos(
        "the fuse box is out the back by the shed",
        ("note", "fuse box is out the back by the shed"),
        subject="household",
    ),
    pos("the gate code is five five two one then hash", ("note", "5521#"), subject="household"),
    pos("We've got a Ford Focus, oh no we sold that, it's a Kia Ceed now.", ("owns", "Kia Ceed"), subject="household"),
    pos("Dentist is Monday at 2. Actually hang on, 2:45.", ("appointment", "Monday 2:45pm")),
    pos("My name is Liz. Actually no, Beth.", ("name", "Beth")),
    pos("everyone at home calls me Bea", ("name", "Bea")),
    pos("My wife's a nurse, well, she was, she's a midwife now.", ("works_as", "midwife"), subject="my wife"),
    pos("I work at Tesco, well, not anymore, I've been at Aldi since May.", ("works_at", "Aldi")),
    pos(
        "millie goes to the groomer in rathmines every second monday",
        ("schedule", "every second Monday"),
        subject="Millie",
    ),
    pos("like my favourite colour is green", ("likes", "green")),
    pos("ah the fiesta's gone now, we've a Toyota Yaris", ("owns", "Toyota Yaris"), subject="household"),
    pos("got the job at the bank, cashier, i start monday", ("works_at", "the bank"), ("works_as", "cashier")),
    pos("every sunday we go to mass", ("schedule", "Sundays"), subject="household"),
]
NEGATIVES += [
    neg("my son's got a severe allergy"),
]


# Round 22, third part: the help named with where they are from, a shop by its street, a job after a comma
POSITIVES += [
    pos("our babysitter is kayla from down the street", ("name", "Kayla"), subject="my babysitter"),
    pos("so the old sitter went off to college, now it's Brianna", ("name", "Brianna"), subject="my babysitter"),
    pos("aoife has got a job in penneys on mary street", ("works_at", "Penneys"), subject="Aoife"),
    pos("grand so i'm after starting in penneys on henry street", ("works_at", "Penneys")),
    pos("update i've joined Wipro in sarjapur road from this month", ("works_at", "Wipro")),
    pos("well i'm done with penneys now, got a job in dunnes stores in the square", ("works_at", "Dunnes stores")),
    pos(
        "milo gets groomed at the pampered paws place in paddington every second thursday",
        ("schedule", "every second Thursday"),
        subject="Milo",
    ),
    pos("my brother got a job in Toronto", ("lives_in", "Toronto"), subject="my brother"),
]
NEGATIVES += [
    neg("i started in Leeds in the city centre"),
]


# Round 22, fourth part: areas of a town, schools, tastes after "but", a lesson one takes a child to
POSITIVES += [
    pos("we live in geelong, in belmont", ("lives_in", "Belmont, Geelong"), subject="household"),
    pos("we live in durban umhlanga side", ("lives_in", "Umhlanga, Durban"), subject="household"),
    pos(
        "our son Tama is at Ponsonby Intermediate",
        ("family_member", "Tama"),
        ("note", "Ponsonby Intermediate"),
        subject="Tama",
    ),
    pos("seren is in year three at ysgol treganna", ("note", "Ysgol Treganna"), subject="Seren"),
    pos("i hate coriander but love mint", ("dislikes", "coriander"), ("likes", "mint")),
    pos("i love anything spicy", ("likes", "spicy food")),
    pos("I take Imogen to piano on Tuesdays at 4", ("schedule", "Tuesdays 4pm"), subject="Imogen"),
    pos("the sofa from harvey norman is coming on friday", ("appointment", "Friday"), subject="household"),
    pos("we have two cats luna and mochi luna is the grey one", ("pet", "Luna"), ("pet", "Mochi"), subject="household"),
]
# round 23: what the blind sets 68-71 and suites 57-60 showed
POSITIVES += [
    pos(
        "the van's booked in for its service at the garage on the 3rd at 8",
        ("appointment", "the 3rd 8am"),
        subject="household",
    ),
    pos("violin lessons for maya thursdays at five with mrs kerr", ("schedule", "Thursdays 5pm"), subject="Maya"),
    pos("our broadband is with sky Broadband", ("note", "Sky Broadband"), subject="household"),
    pos("so now that we're engaged i'm going by Ama Owusu", ("name", "Ama Owusu")),
    pos(
        "my husband works for the council, well he did, he's at Tesco now", ("works_at", "Tesco"), subject="my husband"
    ),
    pos("i'm allergic to shellfish like proper allergic", ("allergy", "shellfish")),
    pos("like honestly my favourite food is sushi", ("likes", "sushi")),
    pos("my mums birthday is june the fourth no the fourteenth", ("birthday", "14th of June"), subject="my mother"),
    pos("My birthday is the 3rd of May. No, June.", ("birthday", "3rd of June")),
    pos(
        "my nephew luca is obsessed with lego and anything with dinosaurs",
        ("family_member", "Luca"),
        ("likes", "lego"),
        ("likes", "dinosaurs"),
        subject="Luca",
    ),
    pos(
        "never put the telly on for the kids before school",
        ("rule", "Never put the telly on for the kids before school"),
        subject="household",
    ),
    pos("If Ben asks for crisps, the answer's no", ("rule", "No crisps for Ben"), subject="household"),
    pos(
        "never give my son Tomas anything with sesame",
        ("rule", "Never give {subject}'s son Tomas anything with sesame"),
        ("family_member", "Tomas"),
    ),
    pos("we live in a two bed flat in Cork", ("lives_in", "Cork"), ("note", "two-bed flat"), subject="household"),
    pos("we live in a flat on the fourth floor", ("note", "fourth-floor flat"), subject="household"),
    pos("our load shedding is group 12", ("note", "load shedding group 12"), subject="household"),
    pos("my grandad he lives in Leeds", ("lives_in", "Leeds"), subject="my grandfather"),
    pos(
        "my sister speaks polish german and english",
        ("speaks", "Polish"),
        ("speaks", "German"),
        ("speaks", "English"),
        subject="my sister",
    ),
    pos("my Italian is okay", ("speaks", "Italian")),
    pos("I speak Scottish Gaelic with my granny", ("speaks", "Scottish Gaelic")),
    pos("the gate code for the estate is 4455", ("note", "4455"), subject="household"),
    pos("the wifi password is river stone 9 all one word", ("note", "riverstone9"), subject="household"),
    pos("school run is eight fifteen monday to friday", ("schedule", "Monday to Friday 8:15am")),
    pos("we live in Sandton, Johannesburg", ("lives_in", "Sandton, Johannesburg"), subject="household"),
    pos("i teach secondary school out in Tralee", ("works_as", "secondary school teacher"), ("lives_in", "Tralee")),
    pos("we moved to Perth in twenty nineteen", ("lives_in", "Perth"), subject="household"),
    pos("i play the harp", ("likes", "playing the harp")),
    pos("I'm a nurse at Tygerberg", ("works_as", "nurse"), ("works_at", "Tygerberg Hospital")),
    pos("the polo is insured with Santam", ("note", "Santam"), subject="household"),
    pos("our cook ravi comes at seven every morning", ("name", "Ravi"), subject="my cook"),
    pos("we got a new car last month, a blue Kia Picanto", ("owns", "blue Kia Picanto"), subject="household"),
    pos("we had a heat pump fitted last year", ("owns", "heat pump"), subject="household"),
    pos("theres a diesel generator out back", ("owns", "diesel generator"), subject="household"),
    pos("Bruno sees Dr Campbell at the Hillside Vet Clinic", ("note", "the Hillside Vet Clinic"), subject="Bruno"),
    pos(
        "the green bin goes out on a tuesday night for the wednesday collection",
        ("schedule", "Tuesday nights"),
        subject="household",
    ),
    pos("i does drive a grey nissan tiida", ("owns", "grey Nissan Tiida")),
    pos("Liam's delivering pizzas for Domino's now", ("works_at", "Domino's"), subject="Liam"),
    pos("i'm driving for UPS out of the columbus hub", ("works_at", "UPS")),
    pos("Mia works at Woolies on the weekends", ("works_at", "Woolies"), subject="Mia"),
    pos("update i've joined Razorpay in koramangala, this is my first week", ("works_at", "Razorpay")),
    pos(
        "I'm a nurse at Groote Schuur, mostly night shifts these days.",
        ("works_as", "nurse"),
        ("works_at", "Groote Schuur Hospital"),
        ("routine", "works night shifts"),
    ),
    pos("I'm on nights", ("routine", "works night shifts")),
    pos("my parents' anniversary is the 9th of June", ("anniversary", "9th of June"), subject=None),
    pos("got my hair booked in for the fourteenth at eleven", ("appointment", "the 14th 11am")),
    pos(
        "my mum is flying in from manila on the second of december landing at six forty in the morning",
        ("appointment", "2nd of December 6:40am"),
        subject="my mother",
    ),
    pos(
        "the plumber is coming on Friday at six forty in the morning",
        ("appointment", "Friday 6:40am"),
        subject="household",
    ),
]
NEGATIVES += [
    neg("No Love Island spoilers please, I watch it a day late."),
    neg("I'm learning the hard way"),
    neg("my spanish is terrible"),
    neg("My neighbour's got a new car, a big black Range Rover."),
    neg("arjun is in class 6 at the moment"),
    neg("I've joined the choir at church"),
]
POSITIVES += [
    # round 24
    pos("My kids are Ana and Rui.", ("family_member", "Ana"), ("family_member", "Rui")),
    pos("use miles not kilometres when you tell me distances", ("rule", "Give distances in miles")),
    pos("use kilometres not miles when i ask how far something is", ("rule", "Give distances in kilometres")),
    pos("always say the time in twenty four hour clock for me", ("rule", "Always use the 24-hour clock for times")),
    pos(
        "always give me temperatures in fahrenheit celsius means nothing to me",
        ("rule", "Always give temperatures in Fahrenheit"),
    ),
    pos("Use metric — kilos and centimetres — none of this pounds and ounces stuff.", ("rule", "Use metric units")),
    pos("can you give prices in rand from now on not dollars", ("rule", "Give prices in rand")),
    pos(
        "dont tell the kids the wifi password even if they ask nicely",
        ("rule", "Do not tell the kids the wifi password"),
        subject="household",
    ),
    pos(
        "never suggest anything with nuts my son is allergic",
        ("rule", "Never suggest anything with nuts"),
        ("allergy", "nuts"),
        subject="my son",
    ),
    pos(
        "When Dadi talks to you, answer her in Hindi please — her English isn't great.",
        ("rule", "Answer Dadi in Hindi"),
        ("speaks", "Hindi"),
        subject="my grandmother",
    ),
    pos(
        "Speak to Granny in Afrikaans please, her English isn't great.",
        ("rule", "Speak to Granny in Afrikaans"),
        ("speaks", "Afrikaans"),
        subject="my grandmother",
    ),
    pos(
        "when gran asks you something speak slowly and a bit louder shes hard of hearing",
        ("rule", "Speak slowly and a bit louder to gran"),
    ),
    pos(
        "Speak a bit slower when my mum's talking to you, she's hard of hearing.",
        ("rule", "Speak a bit slower to {subject}'s mum"),
        ("note", "hard of hearing"),
        subject=None,
    ),
    pos(
        "when my dad uses you call him mr okafor he doesnt like first names", ("rule", "Call {subject}'s dad Mr Okafor")
    ),
    pos(
        "Call me Bea, nobody calls me Beatrice except my mother when I'm in trouble.",
        ("rule", "Call {subject} Bea"),
        ("name", "Bea"),
    ),
    pos("Call me Fen, it's short for Fenella.", ("name", "Fen")),
    pos(
        "We've got a silver Corolla, reg is KDA 482X.",
        ("owns", "silver Toyota Corolla"),
        ("note", "car reg KDA 482X"),
        subject="household",
    ),
    pos("i drive a white hilux double cab", ("owns", "white Toyota Hilux double cab")),
    pos(
        "our cars a silver honda crv reg ends in 4kp if you ever need it",
        ("owns", "silver Honda CR-V"),
        ("note", "car reg ends 4KP"),
        subject="household",
    ),
    pos("we drive a twenty fifteen ford ranger", ("owns", "2015 Ford Ranger"), subject="household"),
    pos("I drive a 2015 Toyota Corolla, the silver one.", ("owns", "silver 2015 Toyota Corolla")),
    pos("i drive a silver skoda octavia a 2015 one", ("owns", "silver 2015 Skoda Octavia")),
    pos("We've got a silver Kia Sportage, the hybrid.", ("owns", "silver Kia Sportage hybrid"), subject="household"),
    pos("we got a tesla model 3 last month its white", ("owns", "white Tesla Model 3"), subject="household"),
    pos(
        "we have a generator for when nepa takes light its a petrol one",
        ("owns", "petrol generator"),
        subject="household",
    ),
    pos("we got solar panels put on the roof back in march", ("owns", "solar panels"), subject="household"),
    pos(
        "I'm Chidi, electrical engineer with Shell, and we live in Port Harcourt.",
        ("name", "Chidi"),
        ("works_as", "electrical engineer"),
        ("works_at", "Shell"),
        ("lives_in", "Port Harcourt"),
    ),
    pos("We're in Lahug, Cebu City, just up from the IT Park.", ("lives_in", "Lahug, Cebu City"), subject="household"),
    pos(
        "ok so my brother sean hes a plumber lives over in galway",
        ("family_member", "Sean"),
        ("works_as", "plumber"),
        ("lives_in", "Galway"),
        subject="Sean",
    ),
    pos(
        "my daughter chloe is coeliac so everything for her has to be gluten free",
        ("family_member", "Chloe"),
        ("diet", "gluten-free"),
        ("allergy", "gluten"),
        subject="Chloe",
    ),
    pos(
        "never suggest anything with nuts in it theres a nut allergy in this house",
        ("rule", "Never suggest anything with nuts in it"),
        ("allergy", "nuts"),
        subject="household",
    ),
    pos(
        "never suggest anything with nuts in it my son ben has a nut allergy",
        ("rule", "Never suggest anything with nuts in it"),
        ("family_member", "Ben"),
        ("allergy", "nuts"),
        subject="Ben",
    ),
    pos("im lactose intolerant by the way dairy absolutely wrecks me", ("allergy", "lactose")),
    pos("my favourite food is jollof rice no contest", ("likes", "jollof rice")),
    pos(
        "Our dog Biscuit is a beagle and he's terrified of the hoover.",
        ("pet", "Biscuit"),
        ("note", "beagle"),
        ("note", "scared of the hoover"),
        subject=None,
    ),
    pos(
        "Our dog's called Biscuit, he's a beagle, about four.",
        ("pet", "Biscuit"),
        ("note", "beagle"),
        ("note", "about 4 years old"),
        subject=None,
    ),
    pos(
        "Our cat Mango is fourteen and on thyroid tablets twice a day.",
        ("pet", "Mango"),
        ("note", "14 years old"),
        subject=None,
    ),
    pos(
        "My twin girls are Isla and Maeve, they're five and they only started school in September.",
        ("family_member", "Isla"),
        ("family_member", "Maeve"),
    ),
    pos(
        "the baby is called ruby shes six months old",
        ("family_member", "Ruby"),
        ("note", "6 months old"),
        subject="Ruby",
    ),
    pos("my sons name is aidan spelled a i d a n no wait sorry its a i d e n with an e", ("family_member", "Aiden")),
    pos("my son jaden sorry jayden with a y j a y d e n", ("family_member", "Jayden")),
    pos("I love gardening, especially my roses.", ("likes", "gardening"), ("likes", "roses")),
    pos(
        "Never suggest anything with nuts in it. Zainab's allergy is serious.",
        ("rule", "Never suggest anything with nuts in it"),
        ("allergy", "nuts"),
        subject="Zainab",
    ),
]
POSITIVES += [
    pos(
        "biscuit's food is James Wellbeloved lamb and rice now, vet's orders again",
        ("note", "James Wellbeloved Lamb"),
        subject="Biscuit",
    ),
    pos("vet says milo has to go on science diet for his weight", ("note", "Science Diet"), subject="Milo"),
    pos("Our bin collection is with Greyhound.", ("note", "Greyhound"), subject="household"),
    pos("We've gone with Country Clean for the bins now.", ("note", "Country Clean"), subject="household"),
    pos(
        "um the vet said switch rosie to hills science diet sensitive stomach so thats her food now",
        ("note", "Hills Science Diet Sensitive Stomach"),
        subject="Rosie",
    ),
]

# Round 26: a medicine's times, a pet's food by what it is, the mechanic by where the car goes, providers and jobs
# changed, units asked for, bins in turn, appointments moved, doctors gone to, a home by its town
POSITIVES += [
    pos(
        "Mum takes her blood pressure tablets at 8 in the morning and 8 at night.",
        ("schedule", "daily 8am and 8pm"),
        subject="my mother",
    ),
    pos("i take my metformin with breakfast and again with dinner", ("schedule", "with breakfast and with dinner")),
    pos(
        "Our lab Maple eats Prairie Gold kibble, two cups a day.",
        ("pet", "Maple"),
        ("note", "Prairie Gold Kibble"),
        subject="Maple",
    ),
    pos("so Biscuit's on Black Hawk lamb from today.", ("note", "Black Hawk Lamb"), subject="Biscuit"),
    pos(
        "the car goes to mcallister motors in kirkcaldy for its service and mot",
        ("note", "Mcallister Motors"),
        subject="household",
    ),
    pos(
        "och mckeowns let us down as well so its agnew autos in banbridge for the servicing from now on",
        ("note", "Agnew Autos"),
        subject="household",
    ),
    pos(
        "We switched from Sky to Virgin Media for broadband last month.", ("note", "Virgin Media"), subject="household"
    ),
    pos("I used to be at Standard Bank, but I'm with Capitec now.", ("works_at", "Capitec")),
    pos(
        "I'm a paramedic now with the Scottish Ambulance Service",
        ("works_as", "paramedic"),
        ("works_at", "the Scottish Ambulance Service"),
    ),
    pos("give me distances in kilometres not miles", ("rule", "Always give distances in kilometres")),
    pos("use kilometres for everything distance wise yeah", ("rule", "Use kilometres for distances")),
    pos(
        "bins go out tuesday night green one one week black the next",
        ("schedule", "Tuesday nights"),
        subject="household",
    ),
    pos(
        "the council changed the rounds so bin day is a thursday now from next week on",
        ("schedule", "Thursdays"),
        subject="household",
    ),
    pos(
        "Actually the dentist isn't Tuesday anymore, they moved it to Wednesday at 2.",
        ("appointment", "Wednesday 2pm"),
    ),
    pos(
        "ella's ballet moved to wednesdays it used to be mondays same time half four",
        ("schedule", "Wednesdays 4:30pm"),
        subject="Ella",
    ),
    pos(
        "i have changed my dentist oo now i dey go to doctor adjei at east legon",
        ("note", "Dr Adjei at East legon"),
    ),
    pos(
        "Dr. Persaud has retired, so we're now going to Dr. Baptiste at her clinic in Kitty for all our dental work.",
        ("note", "Dr. Baptiste at Kitty"),
        subject="household",
    ),
    pos("We live in Ballincollig, just outside Cork.", ("lives_in", "Ballincollig, Cork"), subject="household"),
    pos(
        "we're in pietermaritzburg no wait we moved we're in howick now",
        ("lives_in", "Howick"),
        subject="household",
    ),
    pos("Musa started today as our driver.", ("name", "Musa"), subject="my driver"),
    pos(
        "the breaker box is in the garage behind the water heater",
        ("note", "breaker box is in the garage behind the water heater"),
        subject="household",
    ),
]
NEGATIVES += [
    neg("mammy doctor is dr persad at the couva health centre, she does go every month for she pressure"),
    neg("the car is going to galway for the weekend"),
    neg("if the car goes to kwik fit for its service remind me"),
    neg("give me the distance in km"),
]
NEGATIVES += [
    neg("we're in leeds for the weekend visiting my sister"),
    neg("use miles not kilometres for this one trip to york"),
    neg("is it spelled a i d a n or a i d e n"),
]

# Round 27: a habit said with "does", what one named does besides, a sport dropped, fibre, the new house, an
# appointment booked, the bins by the council, a job by what one drives or runs, a school in lower case, names
POSITIVES += [
    pos(
        "my daughter keisha does play netball for the st james under twelves every friday",
        ("family_member", "Keisha"),
        ("routine", "play netball for the st james under twelves"),
        subject="Keisha",
    ),
    pos(
        "Thabo plays rugby for the U13s and goes to chess club on Wednesdays.",
        ("likes", "rugby"),
        ("schedule", "Wednesdays"),
        subject="Thabo",
    ),
    pos("Our home fibre is with Telkom.", ("note", "Telkom"), subject="household"),
    pos("Our home internet in Lautoka is with Vodafone.", ("note", "Vodafone"), subject="household"),
    pos("We've switched the home internet over to Digicel.", ("note", "Digicel"), subject="household"),
    pos("the house internet is now with Telecom Fiji fibre", ("note", "Telecom Fiji"), subject="household"),
    pos("The new house is in Syokimau.", ("lives_in", "Syokimau"), subject="household"),
    pos(
        "New address is 14 Cotton Tree Close, Freeport.",
        ("lives_in", "14 Cotton Tree Close, Freeport"),
        subject="household",
    ),
    pos(
        "Booked Mochi for her vaccination at the Tiong Bahru vet on 14 March, 10am.",
        ("appointment", "14th of March, 10am"),
        subject="Mochi",
    ),
    pos("the wheelie bins go out monday night", ("schedule", "Monday nights"), subject="household"),
    pos("the bin lorry comes on thursday mornings", ("schedule", "Thursday mornings"), subject="household"),
    pos(
        "letter from the council says from this week bin day is thursday so put them out wednesday night",
        ("schedule", "Thursdays"),
        ("schedule", "Wednesday nights"),
        subject="household",
    ),
    pos("Swimming is 4pm every Tuesday.", ("schedule", "Tuesdays 4pm")),
    pos("i drive a taxi in gaborone like mostly the airport run", ("works_as", "taxi driver")),
    pos(
        "my uncle shafiq drives a cng in mirpur",
        ("family_member", "Shafiq"),
        ("works_as", "CNG driver"),
        subject="Shafiq",
    ),
    pos("I run a salon in Kitengela", ("works_as", "salon owner")),
    pos(
        "My husband Rohit is a team lead at Infosys.",
        ("family_member", "Rohit"),
        ("works_as", "team lead"),
        ("works_at", "Infosys"),
        subject="Rohit",
    ),
    pos("Brass band practice is Wednesday nights.", ("schedule", "Wednesday nights")),
    pos(
        "my daughter wanjiru hates like hates mushrooms",
        ("family_member", "Wanjiru"),
        ("dislikes", "mushrooms"),
        subject="Wanjiru",
    ),
    pos(
        "Our family dentist is Dr Fraser at the surgery in Dingwall.",
        ("note", "Dr Fraser at the surgery in Dingwall"),
        subject="household",
    ),
    pos("we feed biscuit our kelpie on meadow run dry kibble", ("note", "Meadow Run Dry kibble"), subject="Biscuit"),
    pos("my surname is adebayo for the school forms and the bank", ("note", "adebayo")),
    pos("my name on the electricity account is Adaeze Okonkwo.", ("name", "Adaeze Okonkwo")),
    pos(
        "um the kids have swimming on monday wednesday and friday",
        ("schedule", "Mondays, Wednesdays and Fridays"),
        subject="my children",
    ),
    pos(
        "Remind me about the bins the night before, not the morning of.",
        ("rule", "Always remind {subject} about the bins the night before"),
    ),
    pos("call me nan not grandma my lover everyone does", ("rule", "Call {subject} nan")),
    pos("The wifi password is Mango!Tree2019, capital M.", ("note", "Mango!Tree2019"), subject="household"),
    pos("My dad's a type two diabetic, has been for years.", ("note", "type 2 diabetic"), subject="my father"),
    pos(
        "my son tenzin goes to little flowers school",
        ("family_member", "Tenzin"),
        ("note", "Little Flowers School"),
        subject="Tenzin",
    ),
    pos("we're in holmfirth just up from the co-op", ("lives_in", "Holmfirth"), subject="household"),
    pos(
        "hemi the lawn guy comes every second friday to do the mowing",
        ("name", "Hemi"),
        ("schedule", "every second Friday"),
        subject=None,
    ),
]
NEGATIVES += [
    neg("emma goes to driving school"),
    neg("we drive a bus around europe in summer"),
    neg("we're in town near the station"),
    neg("my friend says bin day is thursday"),
]

# Round 28: the bins as households say where and when, a mechanic by the car's make, a doctor's diet, a food kept
# off, two medicines at two times, a teacher at a school by its kind, a tutor, kin words from more places
POSITIVES += [
    pos("bins go out tuesday night here in ambleside", ("schedule", "Tuesday nights"), subject="household"),
    pos("Bin collection for us in Jesmond is Monday.", ("schedule", "Mondays"), subject="household"),
    pos(
        "the garbage truck does come by us in belmont on friday mornings",
        ("schedule", "Friday mornings"),
        subject="household",
    ),
    pos(
        "the city changed the schedule garbage day is thursday now not tuesday",
        ("schedule", "Thursdays"),
        subject="household",
    ),
    pos(
        "council letter says bin day's changed to friday so not monday any more",
        ("schedule", "Fridays"),
        subject="household",
    ),
    pos(
        "The bins are Thursdays now, not Mondays; the council changed the rota.",
        ("schedule", "Thursdays"),
        subject="household",
    ),
    pos("the landy goes to ullswater motors for its mot", ("note", "Ullswater Motors"), subject="household"),
    pos("The Corolla goes to Lee's Garage in Mona from now on.", ("note", "Lee's Garage"), subject="household"),
    pos("we've gone with eden motor repairs in penrith instead", ("note", "Eden Motor Repairs"), subject="household"),
    pos(
        "Sanjay's cardiologist has taken him off the low-salt diet and put him on a diabetic diet.",
        ("diet", "diabetic diet"),
        subject="Sanjay",
    ),
    pos("Dad started keto from Monday", ("diet", "keto"), subject="my father"),
    pos("I never eat red meat", ("diet", "no red meat")),
    pos("My brother-in-law Femi doesn't eat pork.", ("family_member", "Femi"), ("diet", "no pork"), subject="Femi"),
    pos(
        "Mum takes amlodipine every morning and metformin after dinner.",
        ("routine", "take amlodipine"),
        ("schedule", "after dinner"),
        subject="my mother",
    ),
    pos(
        "I teach physics at a secondary school in Mzuzu.",
        ("works_as", "physics teacher"),
        ("works_at", "secondary school in Mzuzu"),
    ),
    pos("This week I started as a project lead with Oxfam.", ("works_as", "project lead"), ("works_at", "Oxfam")),
    pos(
        "My cousin Yaw lives in Kumasi and works for Ghana Water.",
        ("family_member", "Yaw"),
        ("lives_in", "Kumasi"),
        ("works_at", "Ghana Water"),
        subject="Yaw",
    ),
    pos("I used to be at BP, but I moved over to Shell last summer.", ("works_at", "Shell")),
    pos("We're renting a two-bedroom house in Kanifing.", ("lives_in", "Kanifing"), subject="household"),
    pos("our address is twelve the parade in bandon", ("lives_in", "12 The Parade, Bandon"), subject="household"),
    pos("we got the keys to the new house in carrigaline", ("lives_in", "Carrigaline"), subject="household"),
    pos("Kai's maths tutor is Mr Ong", ("note", "Mr Ong"), subject="Kai"),
    pos("Our plumber's Sipho Dube.", ("note", "Sipho Dube"), subject="household"),
    pos("the vets we use is riverside vets", ("note", "riverside vets"), subject="household"),
    pos("the kids have madrasa every friday at five", ("schedule", "Fridays 5pm"), subject="my children"),
    pos(
        "Ruth's vaccination is booked at Hillside Vets for 3 June at 9am.",
        ("appointment", "3rd of June 9am"),
        subject="Ruth",
    ),
    pos("my ouma lives in paarl", ("lives_in", "Paarl"), subject="my grandmother"),
    pos("I speak Krio and Mende.", ("speaks", "Krio"), ("speaks", "Mende")),
    pos("i really don't like okra talaga", ("dislikes", "Okra")),
    pos(
        "Our anniversary dinner is booked at Aroma for Friday the 9th at 7.",
        ("appointment", "Friday the 9th 7pm"),
        subject="household",
    ),
]
NEGATIVES += [
    neg("we're renting a car in spain for the week"),
    neg("I start at the hospital next week if they call"),
    neg("my friend's bin day is friday"),
]
POSITIVES += [
    pos("we have shifted to Jio fibre now", ("note", "Jio Fibre"), subject="household"),
]

# Round 29: languages as households say them, an adult's age turned, a visit by whoever comes from a firm, a class
# on its weekday, a provider by the service in its name, the household's cuts, a workplace by its kind, a school by
# the year at it, who changed a schedule said first
POSITIVES += [
    pos("I'm a Hausa speaker, but my French is only so-so.", ("speaks", "Hausa"), ("speaks", "French")),
    pos("my dad speaks tonga and a little nyanja", ("speaks", "Tonga"), ("speaks", "Nyanja"), subject="my father"),
    pos("i speak twi well well and ga small small", ("speaks", "Twi"), ("speaks", "Ga")),
    pos("I'm slowly picking up Portuguese.", ("speaks", "Portuguese")),
    pos("I'm learning Spanish on the side.", ("speaks", "Spanish")),
    pos(
        "Grandma Ruth turns ninety on the 4th of May.",
        ("family_member", "Ruth"),
        ("birthday", "4th of May"),
        ("note", "turning 90"),
        subject="Ruth",
    ),
    pos(
        "Uncle Joe's birthday is the 2nd of June, he's 70 this year.",
        ("family_member", "Joe"),
        ("birthday", "2nd of June"),
        ("note", "turning 70 this year"),
        subject="Joe",
    ),
    pos(
        "Granda Billy's birthday is the 3rd of August.",
        ("family_member", "Billy"),
        ("birthday", "3rd of August"),
        subject="Billy",
    ),
    pos("i can't stick olives", ("dislikes", "olives")),
    pos("I can't stand okra, never could, no matter how you cook it.", ("dislikes", "okra")),
    pos("my son tobi is like super into chess", ("family_member", "Tobi"), ("likes", "chess"), subject="Tobi"),
    pos(
        "The Bell guy is coming to fix the internet Tuesday between 9 and 1.",
        ("appointment", "Tuesday 9am-1pm"),
        subject="household",
    ),
    pos(
        "the pest control man from rentokil is coming friday at two",
        ("appointment", "Friday 2pm"),
        subject="household",
    ),
    pos("Kemi's ballet is Saturday at 10.", ("schedule", "Saturdays 10am"), subject="Kemi"),
    pos("my birthday is twenty one april", ("birthday", "21st of April")),
    pos("Sorry, I said Monday for Ama's piano; it's Tuesday at 4.", ("schedule", "Tuesdays 4pm"), subject="Ama"),
    pos("We switched from Virgin to Hyperoptic Fibre last month.", ("note", "Hyperoptic Fibre"), subject="household"),
    pos("We switched to Airtel for the internet in March.", ("note", "Airtel"), subject="household"),
    pos(
        "Our dog Bruno is ten and on a special kidney diet.",
        ("pet", "Bruno"),
        ("note", "10 years old"),
        ("diet", "kidney diet"),
        subject="Bruno",
    ),
    pos("my daughter Esi is in year six at Ridgeway", ("family_member", "Esi"), ("note", "Ridgeway"), subject="Esi"),
    pos("i dey work for dangote for ikeja as an accountant", ("works_at", "Dangote"), ("works_as", "accountant")),
    pos("I work for a charity in Leeds.", ("works_at", "charity in Leeds")),
    pos(
        "we're at three fifteen maple avenue in guelph now",
        ("lives_in", "315 Maple Avenue, Guelph"),
        subject="household",
    ),
    pos("My husband drives a blue Honda Fit to work.", ("owns", "blue Honda Fit"), subject="my husband"),
    pos("the van goes to Kwik Tyres in Bolton now", ("note", "Kwik Tyres"), subject="household"),
    pos("Please put my name down as Adaeze Okoro.", ("name", "Adaeze Okoro")),
    pos(
        "The school rang and said Jide's swimming is moved to Friday from next week.",
        ("schedule", "Fridays"),
        subject="Jide",
    ),
    pos(
        "the clinic has moved mum's physio to wednesday mornings",
        ("schedule", "Wednesday mornings"),
        subject="my mother",
    ),
    pos("load shedding in our area is 6 to 8pm on weekdays", ("schedule", "weekdays 6-8pm"), subject="household"),
    pos("the water goes off on thursdays", ("schedule", "Thursdays"), subject="household"),
    pos("our generator is a Lutian", ("owns", "Lutian generator"), subject="household"),
    pos("I teach Welsh at the community centre in Bangor.", ("works_as", "Welsh teacher")),
    pos(
        "I've joined a law firm in Durban as a paralegal.",
        ("works_at", "law firm in Durban"),
        ("works_as", "paralegal"),
    ),
    pos("my nan up in Ballymena is going deaf", ("lives_in", "Ballymena"), subject="my grandmother"),
    pos("Our lodger Sam lives with us in Croydon.", ("lives_in", "Croydon"), ("lives_in", "Croydon"), subject=None),
    pos(
        "My cousin Joy works as a nurse in Dublin.",
        ("family_member", "Joy"),
        ("works_as", "nurse"),
        ("lives_in", "Dublin"),
        subject="Joy",
    ),
]
NEGATIVES += [
    neg("the inverter is a beast"),
    neg("load shedding is terrible this week"),
    neg("the water goes off whenever it rains"),
    neg("if the generator ever breaks we'll get a Mikano"),
    neg("will the plumber guy come on friday?"),
    neg("my neighbour's lodger lives with them in Croydon"),
]

# Round 30: a workplace's branch by its town, a name and what one goes by, two rules said as one, schedules moved by
# who runs them with when the change starts and the days it leaves, the garage and the provider now, the new car run
# on, a name after the wedding, rules of what one of the house is not to have and of the unit of prices
POSITIVES += [
    pos(
        "my wife funmilayo is a banker with access bank in ikeja",
        ("family_member", "Funmilayo"),
        ("works_as", "banker"),
        ("works_at", "Access Bank, Ikeja"),
        subject="Funmilayo",
    ),
    pos(
        "I'm a pharmacist at the HealthPlus branch in Lekki Phase 1.",
        ("works_as", "pharmacist"),
        ("works_at", "HealthPlus, Lekki Phase 1"),
    ),
    pos("I teach Form 2 at Mzuzu Academy in Mzuzu.", ("works_as", "teacher"), ("works_at", "Mzuzu Academy")),
    pos(
        "Neema is a nurse at Bugando in Mwanza.",
        ("works_as", "nurse"),
        ("works_at", "Bugando Hospital, Mwanza"),
        subject="Neema",
    ),
    pos(
        "im a nurse at royal victoria hospital in belfast on nights",
        ("works_as", "nurse"),
        ("works_at", "Royal Victoria Hospital, Belfast"),
    ),
    pos("my name's oluwaseun but everybody calls me seun", ("name", "Oluwaseun"), ("note", "goes by seun")),
    pos(
        "My name's Anjali Ramdass but everybody calls me Jolly.",
        ("name", "Anjali Ramdass"),
        ("note", "goes by Jolly"),
    ),
    pos(
        "my mother birthday is the ninth of august no sorry the nineteenth",
        ("birthday", "19th of August"),
        subject="my mother",
    ),
    pos(
        "my wife aisha's birthday is the nineteenth of may uh no the seventeenth sorry",
        ("family_member", "Aisha"),
        ("birthday", "17th of May"),
        subject="Aisha",
    ),
    pos(
        "always give me temperatures in celsius and distances in kilometres",
        ("rule", "Always give temperatures in Celsius"),
        ("rule", "Always give distances in kilometres"),
    ),
    pos(
        "Use 24-hour time for everything, and start the week on Monday.",
        ("rule", "Use 24-hour time"),
        ("rule", "Always start the week on Monday"),
    ),
    pos(
        "The city sent a notice: starting in April our recycling pickup moves from Thursday to Monday.",
        ("schedule", "Mondays"),
        subject="household",
    ),
    pos(
        "mrs d'souza has shifted riya class to saturday eleven am from this week onwards no more thursday",
        ("schedule", "Saturdays 11am"),
        subject="Riya",
    ),
    pos(
        "father said choir practice is moved to sunday after the four pm mass starting this week not friday anymore",
        ("schedule", "Sundays"),
    ),
    pos(
        "Letter from Bristol Waste: from next month our collection day changes to Friday instead of Wednesday.",
        ("schedule", "Fridays"),
        subject="household",
    ),
    pos(
        "The physio has shifted Amma's sessions to Friday evenings from this month, no more Tuesday mornings.",
        ("schedule", "Friday evenings"),
        subject="my mother",
    ),
    pos(
        "um they changed the garbage day now it is thursday mornings not monday",
        ("schedule", "Thursday mornings"),
        subject="household",
    ),
    pos("Our mechanic now is Kamau, his garage is on Ngong Road.", ("note", "Kamau"), subject="household"),
    pos("we use the fella at ridge top auto in wise now", ("note", "Ridge Top auto"), subject="household"),
    pos("From now on the car goes to Mahy & Sons in the Castel.", ("note", "Mahy & Sons"), subject="household"),
    pos("We dropped TelOne and went on to ZOL fibre this month.", ("note", "Zol Fibre"), subject="household"),
    pos(
        "ZOL kept cutting out during load-shedding, so the house is on Starlink now.",
        ("note", "Starlink"),
        subject="household",
    ),
    pos(
        "finally sold the toyota eh the new car is a blue suzuki swift i bought it from the dealer in vieux fort",
        ("owns", "blue Suzuki Swift"),
        subject="household",
    ),
    pos(
        "We traded in the Odyssey last weekend and picked up a Kia Carnival, so that's our only vehicle now.",
        ("owns", "Kia Carnival"),
        subject="household",
    ),
    pos("i dey drive black honda accord now", ("owns", "black Honda Accord")),
    pos("the light bill is t and tec and the internet is flow", ("note", "Flow"), subject="household"),
    pos("the plumber we does use is mr ramdass from couva", ("note", "Mr Ramdass from couva"), subject="household"),
    pos("I left Bombardier, I'm at CAE in Saint Laurent since Monday", ("works_at", "CAE")),
    pos("Update: since the wedding in Enugu I'm Chiamaka Adeyemi now.", ("name", "Chiamaka Adeyemi")),
    pos(
        "Please use the name Chiamaka Okafor when you book my salon and clinic appointments.",
        ("name", "Chiamaka Okafor"),
    ),
    pos("if wanjiru asks for youtube after eight pm tell her no", ("rule", "No youtube for wanjiru after 8pm")),
    pos(
        "When Mia asks for a bedtime story, keep it under five minutes.",
        ("rule", "Always keep Mia's bedtime stories under five minutes"),
    ),
    pos("call me loli not dolores only my abuela calls me dolores", ("rule", "Call {subject} loli")),
    pos("Please call me Mama Atieno, not by my first name.", ("rule", "Call {subject} Mama Atieno")),
    pos("remind me in hindi only na my english reading is weak", ("rule", "Always give reminders in hindi")),
    pos("When you tell me prices, use meticais, not dollars.", ("rule", "Always give prices in meticais")),
    pos(
        "The boiler service is booked for Monday 3rd March, sometime between 8 and 12.",
        ("appointment", "Monday 3rd of March, 8am-12pm"),
        subject="household",
    ),
    pos(
        "Priya has piano lessons on Thursdays at 4:30 with Mrs. Kowalczyk.",
        ("schedule", "Thursdays 4:30pm"),
        subject="Priya",
    ),
    pos(
        "Nana's cardiology follow-up is March 3rd at 1:40.",
        ("appointment", "3rd of March 1:40pm"),
        subject="my grandmother",
    ),
]
NEGATIVES += [
    neg("the internet is slow again"),
    neg("the car goes to the airport now"),
    neg("if the kids ask what's for dinner tell them pasta"),
    neg("my mother birthday party was lovely"),
    neg("the plumber we used last year was useless"),
]


# Round 31: a job's head said last ("a nurse aide"), Hawaii's, Jamaica's, Sheng's and Scots' words, pork left out any
# more and a rule's reason as the household's diet, providers by the light bill and a switch, corrections of what was
# said before, languages by where they are spoken, pets listed by kind, where a job is worked from, the firm after a
# job left, the home by its house or its address, a.m. and p.m. as written, visitors who come round, the kids' dentist
POSITIVES += [
    pos("i'm a nurse aide at st luke's in bolton", ("works_as", "nurse aide"), ("works_at", "St Luke's Hospital")),
    pos(
        "howzit so i work at kaiser as one lab tech mostly nights kine",
        ("works_at", "Kaiser"),
        ("works_as", "lab tech"),
        ("routine", "works night shifts"),
    ),
    pos("Am allergic to sulfa drugs, they bring me out in hives.", ("allergy", "sulfa drugs")),
    pos("we got a beagle pup we're calling him rolo", ("pet", "Rolo")),
    pos("mi son dwayne nuh like fish at all", ("family_member", "Dwayne"), ("dislikes", "fish"), subject="Dwayne"),
    pos("brah i no eat beef no more", ("diet", "no beef")),
    pos("i don't eat lamb anymore", ("diet", "no lamb")),
    pos(
        "Never suggest recipes with beef, nobody in this house eats it.",
        ("rule", "Never suggest recipes with beef"),
        ("diet", "no beef"),
        subject="household",
    ),
    pos("Our light bill is with Kenya Power.", ("note", "Kenya Power"), subject="household"),
    pos("We're on prepaid electricity with Eskom.", ("note", "Eskom"), subject="household"),
    pos(
        "We switched from Sky to BT last month, so ignore the old broadband details.",
        ("note", "BT"),
        subject="household",
    ),
    pos(
        "always give me distances in miles even if the kids want kilometres",
        ("rule", "Always give distances in miles"),
    ),
    pos(
        "Temperatures in Fahrenheit please, and distances in miles.",
        ("rule", "Always give temperatures in Fahrenheit"),
        ("rule", "Always give distances in miles"),
    ),
    pos("earlier i said i'm allergic to wasps it's actually bees", ("allergy", "bees")),
    pos(
        "I told you my sister was coming on the 3rd - it's actually the 10th.",
        ("appointment", "the 10th"),
        subject="my sister",
    ),
    pos(
        "Scratch what I said about Rolo being allergic to chicken, the vet says it's actually lamb.",
        ("allergy", "lamb"),
        subject="Rolo",
    ),
    pos(
        "my dad's birthday is the second of june um no the third the second is my cousin's",
        ("birthday", "3rd of June"),
        subject="my father",
    ),
    pos(
        "I speak Tagalog at home and English at work, plus a bit of Spanish.",
        ("speaks", "Tagalog"),
        ("speaks", "English"),
        ("speaks", "Spanish"),
    ),
    pos(
        "my partner dev is vegetarian like proper vegetarian no eggs no nothing",
        ("family_member", "Dev"),
        ("diet", "vegetarian"),
        subject="Dev",
    ),
    pos("i work as a ferry skipper out of stromness", ("works_as", "ferry skipper")),
    pos(
        "My brother Callum is a welder up on the North Sea rigs.",
        ("family_member", "Callum"),
        ("works_as", "welder"),
        subject="Callum",
    ),
    pos(
        "i used to be at the post office but i'm at the department of health in suva now",
        ("works_at", "Department of Health"),
    ),
    pos("We're in Wanaka, the green house at the end of the lane.", ("lives_in", "Wanaka"), subject="household"),
    pos("I'm right-handed and my favourite colour is green.", ("note", "right-handed"), ("likes", "green")),
    pos("ella has netball at 5pm on tuesdays", ("schedule", "Tuesdays 5pm"), subject="Ella"),
    pos("the water tanker comes round Monday mornings", ("schedule", "Monday mornings"), subject="household"),
    pos("the dhobi collects the washing on thursdays", ("schedule", "Thursdays"), subject="household"),
    pos("Home is now in Tauranga, near the harbour.", ("lives_in", "Tauranga"), subject="household"),
    pos(
        "We've moved! As of this weekend we're at 9 Kowhai Street in Napier.",
        ("lives_in", "9 Kowhai Street, Napier"),
        subject="household",
    ),
    pos("grandpa is on renal diet now", ("diet", "renal diet"), subject="my grandfather"),
    pos("uy we changed again it is sky fiber now since monday", ("note", "Sky Fiber"), subject="household"),
    pos("Dr Mensah is the kids' dentist. The kids' dentist is Dr Mensah.", ("note", "Dr Mensah"), subject="household"),
    pos(
        "my ah ma she stays with us she speaks cantonese and a bit of english",
        ("speaks", "Cantonese"),
        ("speaks", "English"),
        subject="my grandmother",
    ),
    pos("me bredda marlon lives in kingston", ("family_member", "Marlon"), ("lives_in", "Kingston"), subject="Marlon"),
    pos("my mathe stays Githurai", ("lives_in", "Githurai"), subject="my mother"),
    pos(
        "Update: Priya left Deloitte. She's with Barclays Bank in Canary Wharf now.",
        ("works_at", "Barclays Bank"),
        subject="Priya",
    ),
    pos("the kids' optician is Mrs Patel", ("note", "Mrs Patel"), subject="household"),
    pos("read me the weather in fahrenheit please from now on", ("rule", "Give temperatures in Fahrenheit")),
]
NEGATIVES += [
    neg("our dogs are fed and watered"),
    neg("am i allergic to penicillin"),
    neg("we're in Tesco, the one by the station"),
    neg("she's with Tom now"),
    neg("if we switched from Sky to BT would it be cheaper"),
    neg("earlier i said we should get a dog"),
]

TABLE = POSITIVES + NEGATIVES

# Known gaps, kept visible: each is expected to fail today (strict xfail, so fixing one shows up). They count in
# the "with gaps" figures that `python -m tests.daemon.test_extract_rules` prints.
KNOWN_GAPS = [
    pos("My birthday is on the 3rd.", ("birthday", "the 3rd")),  # a date needs its month
    pos("I walk the dog at 7 if it's not raining.", ("routine", "walk the dog")),  # "if" voids the sentence
    pos("I have to say, I love jazz.", ("likes", "jazz")),  # "say" reads as reported speech
    pos("I love my dog Rex.", ("pet", "Rex"), ("likes", "their dog Rex")),  # likes with "my" are dropped
]


def pairs(cands: list[Candidate]) -> set[tuple[str, str]]:
    return {(c.predicate, c.object) for c in rules_alone(cands)}


def table_metrics(table: list[Case] = TABLE) -> dict:
    """precision = correct candidates / candidates produced; recall = expected facts found / expected facts."""
    produced = correct = expected = found = 0
    for case in table:
        got = pairs(extract(case.text, case.role))
        produced += len(got)
        correct += len(got & case.expected)
        expected += len(case.expected)
        found += len(case.expected & got)
    return {
        "precision": correct / produced if produced else 1.0,
        "recall": found / expected if expected else 1.0,
        "produced": produced,
        "correct": correct,
        "expected": expected,
        "found": found,
    }


@pytest.mark.xfail(strict=True, reason="known limitation of the rule-based extractor")
@pytest.mark.parametrize("case", KNOWN_GAPS, ids=lambda c: c.text)
def test_known_gap(case: Case):
    assert pairs(extract(case.text, case.role)) == case.expected


def test_table_size():
    assert len(POSITIVES) >= 30 and len(NEGATIVES) >= 30
    assert len({c.text for c in TABLE}) == len(TABLE)


@pytest.mark.parametrize("case", POSITIVES, ids=lambda c: c.text)
def test_positive(case: Case):
    got = extract(case.text, case.role)
    assert pairs(got) == case.expected
    assert {c.provenance for c in got} == {case.provenance}
    if case.subject is not None:
        about = {who(c.subject) for c in got if c.predicate not in RELATION_FACTS | {"rule"}}
        assert about <= {case.subject}, about
    for c in got:
        if c.predicate in RELATION_FACTS:
            # the speaker's relative, or someone named's ("Karim's wife is called Sophie": subject Karim)
            named_owner = c.subject is not None and c.subject.name is not None and c.subject.relation is None
            assert c.object_mention is not None and (who(c.subject) in ("", "household", case.subject) or named_owner)


@pytest.mark.parametrize("case", NEGATIVES, ids=lambda c: f"{c.role}: {c.text}")
def test_negative(case: Case):
    assert rules_alone(extract(case.text, case.role)) == []


def test_metrics_on_the_table():
    m = table_metrics()
    assert m["precision"] == 1.0
    assert m["recall"] >= 0.95


def test_every_candidate_is_well_formed():
    names = set(PREDICATES)
    for case in POSITIVES:
        for c in extract(case.text):
            assert c.predicate in names
            assert c.object and c.object == c.object.strip()
            assert len(c.object.split()) <= (20 if c.predicate in ("rule", "note") else MAX_OBJECT_WORDS)
            assert "{subject}" in c.text or c.predicate == "rule"
            rendered = c.text.format(subject="Ana")
            assert "{" not in rendered and "}" not in rendered
            assert 3 <= len(rendered.split()) <= 40
            assert c.source and c.source in case.text


def test_text_template():
    by_pred = {
        c.predicate: c
        for c in extract(
            "I live in Porto. My sister is called Maria. I'm allergic to "
            "peanuts. I'm a nurse. We have a dog called Rex."
        )
    }
    assert by_pred["lives_in"].text == "{subject} lives in Porto"
    assert by_pred["family_member"].text == "{subject}'s sister is called Maria"
    assert by_pred["allergy"].text == "{subject} is allergic to peanuts"
    assert by_pred["works_as"].text == "{subject} works as a nurse"
    assert by_pred["pet"].text == "{subject} has a dog called Rex"
    assert by_pred["lives_in"].text.format(subject="Ana") == "Ana lives in Porto"
    [routine] = extract("I usually walk the dog at 7.")
    assert routine.text == "{subject} usually walks the dog at 7"
    [dislike] = extract("I don't like olives.")
    assert dislike.text == "{subject} does not like olives"


def test_qualifiers():
    [sister] = extract("my older sister is called Maria")
    assert sister.qualifier == "older sister"
    kids = extract("I have two kids, Ana and Rui.")
    assert {c.qualifier for c in kids} == {"child"}
    [rex] = extract("We have a dog called Rex.")
    assert rex.qualifier == "dog"
    [anniv] = extract("Our wedding anniversary is June 12.")
    assert anniv.qualifier == "wedding"
    [run] = extract("I go running every morning.")
    assert run.qualifier == "every morning"


def test_time_hint():
    [c] = extract("We just moved to Porto last month.")
    assert (c.object, c.time_hint) == ("Porto", "last month")
    [c] = extract("I've lived in Porto since March.")
    assert (c.object, c.time_hint) == ("Porto", "since March")
    [c] = extract("In 2019 we moved to Lisbon.")
    assert (c.object, c.time_hint) == ("Lisbon", "In 2019")
    [c] = extract("I have worked as a teacher for twenty years.")
    assert (c.object, c.time_hint) == ("teacher", "for twenty years")
    [c] = extract("I live in Porto.")
    assert c.time_hint is None
    [c] = extract("My birthday is in March.")  # a date that is the value is not a hint
    assert (c.object, c.time_hint) == ("March", None)


def test_multi_sentence_text():
    text = (
        "Hi! Well, my name is Sarah. We just moved to Porto last month. Do you know any good restaurants? "
        "I'm vegetarian, and I hate coriander. My sister said she lives in Paris. Oh and I work as a nurse."
    )
    got = extract(text)
    assert pairs(got) == {
        ("name", "Sarah"),
        ("lives_in", "Porto"),
        ("diet", "vegetarian"),
        ("dislikes", "coriander"),
        ("works_as", "nurse"),
    }
    sources = {c.predicate: c.source for c in got}
    assert sources["lives_in"] == "We just moved to Porto last month."
    assert sources["dislikes"] == "I'm vegetarian, and I hate coriander."


def test_subjects_and_mentions():
    got = extract("My daughter Emma is allergic to peanuts.")
    by = {c.predicate: c for c in got}
    assert by["family_member"].qualifier == "daughter" and by["family_member"].subject is None
    assert by["family_member"].object_mention == Mention("Emma", "daughter")
    assert by["allergy"].subject == Mention("Emma", "daughter")
    [c] = extract("my father lives in Faro")
    assert c.subject == Mention(relation="father")
    [c] = extract("Tom works at the hospital.")
    assert c.subject == Mention(name="Tom")
    [c] = extract("We live in Porto.")
    assert c.subject == Mention(kind="household")
    pet = {c.predicate: c for c in extract("Our dog Biscuit is scared of fireworks.")}
    # said as "our": the household's dog, and what is said of it the household's
    assert pet["pet"].object_mention == Mention("Biscuit", "dog", "pet", shared=True)
    assert pet["note"].subject == Mention("Biscuit", "dog", "pet", shared=True)


def test_discourse_carries_across_turns():
    d = Discourse()
    assert pairs(extract("My friend Sara now works at Siemens.", discourse=d)) == {("works_at", "Siemens")}
    [c] = extract("She's allergic to cats.", discourse=d)
    assert (c.object, c.subject) == ("cats", Mention("Sara", "friend"))
    assert extract("She's allergic to cats.") == []  # a fresh discourse: nobody to be "she"
    d = Discourse()
    extract("My son Leo is six.", discourse=d)
    assert extract("She loves horses.", discourse=d) == []  # "she" is not the son


def test_events_are_keyed_by_their_kind():
    [a] = extract("Emma's swimming lesson is on Tuesday.")
    [b] = extract("Emma's swimming lesson moved to Thursday.")
    assert (a.predicate, a.qualifier, a.subject) == (b.predicate, b.qualifier, b.subject)
    assert (a.object, b.object) == ("Tuesday", "Thursday")
    [c] = extract("I have a dentist appointment on Friday at 3.")
    assert (c.qualifier, c.object) == ("dentist appointment", "Friday 3pm")
    [d] = extract("I've got an appointment with the dentist on Monday.")
    assert d.qualifier == "dentist appointment"
    [bins] = extract("The bins go out on Thursday evening.")
    assert (bins.predicate, bins.qualifier, bins.object) == ("schedule", "bins go out", "Thursday evenings")
    assert bins.subject == Mention(kind="household")
    assert {"appointment", "schedule"} == KEYED
    assert SLOTS == {"works_as": "occupation", "works_at": "occupation"}


def test_rule_texts():
    [r] = extract("Always give temperatures in Celsius")
    assert (r.predicate, r.object, r.text) == (
        "rule",
        "Always give temperatures in Celsius",
        "Always give temperatures in Celsius.",
    )
    got = {c.predicate: c for c in extract("call me Bea")}
    assert got["rule"].object == "Call {subject} Bea" and "name" not in got
    assert pairs(extract("Please never suggest nuts, Emma is allergic.")) == {
        ("rule", "Never suggest nuts"),
        ("allergy", "nuts"),
    }


def test_duplicates_in_one_text_are_reported_once():
    assert len(extract("I love jazz. I love jazz!")) == 1


def test_split_sentences():
    assert split_sentences("I live in Porto. Do you? Great!") == ["I live in Porto.", "Do you?", "Great!"]
    assert split_sentences("Dr. Smith lives on St. James street.\nI love jazz") == [
        "Dr. Smith lives on St. James street.",
        "I love jazz",
    ]
    assert split_sentences("") == []


def test_curly_apostrophes_and_contractions():
    assert pairs(extract("I’m allergic to peanuts")) == {("allergy", "peanuts")}
    assert pairs(extract("We’re living in Lisbon")) == {("lives_in", "Lisbon")}
    assert extract("I don’t live in Lisbon anymore") == []


def test_catalogue():
    catalogue = load_catalogue()
    names = [p["name"] for p in catalogue]
    assert len(names) == len(set(names))
    assert set(names) == {
        "name",
        "lives_in",
        "works_as",
        "works_at",
        "family_member",
        "pet",
        "likes",
        "dislikes",
        "allergy",
        "speaks",
        "diet",
        "birthday",
        "anniversary",
        "routine",
        "appointment",
        "schedule",
        "owns",
        "rule",
        "note",
    }
    for p in catalogue:
        assert set(p) >= {"name", "functional", "description", "anchors"}
        assert isinstance(p["functional"], bool) and p["description"]
        assert 6 <= len(p["anchors"]) <= 10, p["name"]
        assert len(set(p["anchors"])) == len(p["anchors"])
    all_anchors = [a for p in catalogue for a in p["anchors"]]
    assert len(all_anchors) == len(set(all_anchors))  # no anchor is shared between two predicates
    assert {"name", "lives_in", "works_as", "works_at", "birthday", "diet"} == FUNCTIONAL
    assert not next(p for p in catalogue if p["name"] == "note")["functional"]


def test_every_extracted_predicate_is_in_the_catalogue():
    assert {c.predicate for case in POSITIVES for c in extract(case.text)} <= set(PREDICATES)


if __name__ == "__main__":
    for label, table in (("table", TABLE), ("table + known gaps", TABLE + KNOWN_GAPS)):
        m = table_metrics(table)
        print(
            f"{label:20} precision {m['precision']:.3f} ({m['correct']}/{m['produced']}), "
            f"recall {m['recall']:.3f} ({m['found']}/{m['expected']}) over {len(table)} sentences"
        )
