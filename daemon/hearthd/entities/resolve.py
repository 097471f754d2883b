"""Resolving a mention ("my daughter Emma", "my father", "Sara", "we") to an entity, creating it when new.

Runs inside the write transaction that stores the facts, so two mentions of one new person in one session
resolve to the same row. The order of preference for a named mention: an entity the speaker already relates
to under that name, then a speaker of that name, then any entity of that name; a relation alone resolves to
the speaker's one entity under that relation (an unnamed one is created: "Alice's father"), and a name given
later to an unnamed relative names it ("my father" then "my father Jorge").
"""

from __future__ import annotations

import re
import unicodedata
from typing import Protocol

HOUSEHOLD_NAME = "the household"

# Kinship words as families from elsewhere say them ("my lola nena", "my kuya jerome", "Oma lives in Hamburg",
# Kenya's "cucu", the Philippines' "nanay"): one list, for resolving a mention and for reading a sentence
KIN_FROM_ELSEWHERE = {
    **dict.fromkeys(("lola", "nonna", "oma", "abuela", "babcia", "cucu", "shosho", "dadi", "nani"), "grandmother"),
    **dict.fromkeys(("lolo", "nonno", "opa", "abuelo", "guka", "dadaji", "nanaji"), "grandfather"),
    "kuya": "brother",
    "tita": "aunt",
    "tito": "uncle",
    "ammi": "mother",
    "abbu": "father",
    **dict.fromkeys(("nanay", "inay"), "mother"),
    **dict.fromkeys(("tatay", "itay"), "father"),
    # Southern and East Africa's, Malaysia's and Brunei's, the Hokkien and Mandarin families'
    # (not "gogo": an older woman's title too, "Gogo Thandi comes to clean")
    **dict.fromkeys(("ouma", "bibi", "mbuya", "ah ma", "popo", "nainai"), "grandmother"),
    **dict.fromkeys(("mkhulu", "oupa", "sekuru", "ah gong", "yeye"), "grandfather"),
    "bapa": "father",
    **dict.fromkeys(("tanty", "tantie"), "aunt"),  # (Trinidad's)
    **dict.fromkeys(("laaitie", "laitie"), "child"),  # (South Africa's "my laaitie")
    **dict.fromkeys(("madda", "mada"), "mother"),  # (Jamaica's "mi madda")
    **dict.fromkeys(("bredda", "breddah"), "brother"),  # (Jamaica's "mi bredda andre")
    "mathe": "mother",  # (Nairobi's Sheng: "my mathe stays kayole")
    "tutu": "grandmother",  # (Hawaii's "my tutu")
    **dict.fromkeys(("fada", "faada"), "father"),
    **dict.fromkeys(("granda", "grandda", "granfer"), "grandfather"),  # (Ulster's and Scotland's, Cornwall's)
    "ba mayo": "mother",  # (Zambia's)
}
# How people say a relation -> the one word it is stored under.
SYNONYMS = {
    "mum": "mother",
    "mom": "mother",
    "mummy": "mother",
    "mommy": "mother",
    "mam": "mother",
    "ma": "mother",
    "dad": "father",
    "daddy": "father",
    "papa": "father",
    "pa": "father",
    "kid": "child",
    "hubby": "husband",
    "missus": "wife",
    "fella": "partner",
    "other half": "partner",
    "grandma": "grandmother",
    "granny": "grandmother",
    "nan": "grandmother",
    "nana": "grandmother",
    "gran": "grandmother",
    "grannie": "grandmother",
    "gramps": "grandfather",
    "grandpops": "grandfather",
    "grandpa": "grandfather",
    "granddad": "grandfather",
    "grandad": "grandfather",
    "grampa": "grandfather",
    "gramma": "grandmother",
    **KIN_FROM_ELSEWHERE,
    "auntie": "aunt",
    "aunty": "aunt",
    "bf": "boyfriend",
    "gf": "girlfriend",
    "mother in law": "mother-in-law",
    "father in law": "father-in-law",
    "sister in law": "sister-in-law",
    "brother in law": "brother-in-law",
    "son in law": "son-in-law",
    "daughter in law": "daughter-in-law",
    "stepdad": "stepfather",
    "stepmum": "stepmother",
    "stepmom": "stepmother",
    "bestie": "best friend",
    "bff": "best friend",
    "bezzie": "best friend",
    "best mate": "best friend",
    "mate": "friend",
    "pal": "friend",
    "neighbor": "neighbour",
}
_CHILD = "child"
_PARENT = "parent"
# A relation -> how the other side names the first (gender unknown on that side, so the neutral word).
INVERSE = {
    **dict.fromkeys(("daughter", "son", "child", "stepdaughter", "stepson"), _PARENT),
    **dict.fromkeys(("mother", "father", "parent", "stepmother", "stepfather"), _CHILD),
    **dict.fromkeys(
        ("husband", "wife", "partner", "spouse", "boyfriend", "girlfriend", "fiance", "fiancee"), "partner"
    ),
    **dict.fromkeys(("brother", "sister", "sibling", "twin"), "sibling"),
    **dict.fromkeys(("grandmother", "grandfather", "grandparent"), "grandchild"),
    **dict.fromkeys(("granddaughter", "grandson", "grandchild"), "grandparent"),
    **dict.fromkeys(("aunt", "uncle"), "niece or nephew"),
    **dict.fromkeys(("niece", "nephew"), "aunt or uncle"),
    "cousin": "cousin",
    "friend": "friend",
    "neighbour": "neighbour",
    "neighbor": "neighbour",
    "colleague": "colleague",
    "boss": "employee",
    **dict.fromkeys(("mother-in-law", "father-in-law"), "child-in-law"),
    **dict.fromkeys(("son-in-law", "daughter-in-law"), "parent-in-law"),
    **dict.fromkeys(("brother-in-law", "sister-in-law"), "sibling-in-law"),
    "best friend": "best friend",
    "teacher": "pupil",
    "form teacher": "pupil",
    "piano teacher": "pupil",
    "tutor": "pupil",
    "coach": "pupil",
}
# Relations a query may ask by the neutral word: "Mum" for Emma is her parent who is a mother.
NEUTRAL = {"mother": _PARENT, "father": _PARENT, "daughter": _CHILD, "son": _CHILD}
KINDS = ("person", "pet", "place", "organisation", "thing", "household")


class MentionLike(Protocol):
    @property
    def name(self) -> str | None: ...

    @property
    def relation(self) -> str | None: ...

    @property
    def kind(self) -> str: ...


def norm(name: str) -> str:
    """What a name is matched on: lower case, no punctuation or leading article."""
    value = re.sub(r"[^\w\s\-]", " ", (name or "").lower())
    words = value.split()
    if words and words[0] in ("the", "a", "an", "my", "our"):
        words = words[1:]
    return " ".join(words)


def folded(key: str) -> str:
    """A name key without its accents: "ruairí" is "ruairi", as a speech recogniser or a keyboard often writes it."""
    return "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))


def relation_word(relation: str | None) -> str | None:
    if not relation:
        return None
    word = norm(relation)
    return SYNONYMS.get(word, word) or None


def canonical(tx, entity_id: int) -> int:
    """Follow merges to the entity that holds the facts now."""
    seen = set()
    while entity_id not in seen:
        seen.add(entity_id)
        row = tx.execute("SELECT merged_into FROM entities WHERE id = ?", (entity_id,)).fetchone()
        if row is None or row[0] is None:
            return entity_id
        entity_id = row[0]
    return entity_id


def household(tx, now: float) -> int:
    row = tx.execute("SELECT id FROM entities WHERE kind = 'household' ORDER BY id LIMIT 1").fetchone()
    if row:
        return row[0]
    return tx.execute(
        "INSERT INTO entities(kind, name, created_at) VALUES ('household', ?, ?)", (HOUSEHOLD_NAME, now)
    ).lastrowid


def person_of_speaker(tx, speaker_id: str, now: float) -> int:
    """The person a speaker is (created with the speaker's name and id as aliases)."""
    row = tx.execute("SELECT id FROM entities WHERE speaker_id = ?", (speaker_id,)).fetchone()
    if row:
        return canonical(tx, row[0])
    srow = tx.execute("SELECT name FROM speakers WHERE id = ?", (speaker_id,)).fetchone()
    name = srow[0] if srow else speaker_id
    adopted = unspoken_person(tx, name, speaker_id)
    if adopted is not None and srow:
        # "my daughter Emma" said before Emma spoke herself: she is that Emma, with her relations
        tx.execute("UPDATE entities SET speaker_id = ? WHERE id = ?", (speaker_id, adopted))
        add_alias(tx, adopted, speaker_id)
        return adopted
    entity = tx.execute(
        "INSERT INTO entities(kind, name, speaker_id, created_at) VALUES ('person', ?, ?, ?)",
        (name, speaker_id if srow else None, now),
    ).lastrowid
    add_alias(tx, entity, name)
    add_alias(tx, entity, speaker_id)
    return entity


def unspoken_person(conn, name: str, speaker_id: str) -> int | None:
    """The one person others named by this speaker's name or id who is nobody's voice yet, if exactly one."""
    keys = sorted({norm(name), norm(speaker_id)} - {""})
    rows = conn.execute(
        f"SELECT DISTINCT e.id FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        f"WHERE a.norm IN ({', '.join('?' * len(keys))}) AND e.kind = 'person' AND e.speaker_id IS NULL "
        f"AND e.merged_into IS NULL",
        keys,
    ).fetchall()
    return rows[0][0] if len(rows) == 1 else None


def add_alias(tx, entity_id: int, alias: str) -> None:
    key = norm(alias)
    for k in dict.fromkeys((key, folded(key))) if key else ():  # found said with its accents or without
        tx.execute(
            "INSERT OR IGNORE INTO entity_aliases(entity_id, alias, norm) VALUES (?, ?, ?)", (entity_id, alias, k)
        )


def link(tx, from_entity: int, relation: str, to_entity: int, now: float) -> None:
    """Record how from_entity names to_entity, and the inverse."""
    if from_entity == to_entity:
        return
    tx.execute(
        "INSERT OR IGNORE INTO entity_relations(from_entity, relation, to_entity, created_at) VALUES (?, ?, ?, ?)",
        (from_entity, relation, to_entity, now),
    )
    inverse = INVERSE.get(relation)
    if inverse:
        tx.execute(
            "INSERT OR IGNORE INTO entity_relations(from_entity, relation, to_entity, created_at) VALUES (?, ?, ?, ?)",
            (to_entity, inverse, from_entity, now),
        )


def _create(tx, kind: str, name: str, now: float, alias: bool = True) -> int:
    entity = tx.execute(
        "INSERT INTO entities(kind, name, created_at) VALUES (?, ?, ?)", (kind if kind in KINDS else "thing", name, now)
    ).lastrowid
    if alias:
        add_alias(tx, entity, name)
    return entity


def alias_norms(conn, entity_id: int) -> set[str]:
    """Every name an entity is known by, normalised ("biscuit", "mrs okafor")."""
    return {r[0] for r in conn.execute("SELECT norm FROM entity_aliases WHERE entity_id = ?", (entity_id,))}


def related(tx, from_entity: int, relation: str) -> list[int]:
    """The live entities from_entity names by relation, newest first."""
    return [
        r[0]
        for r in tx.execute(
            "SELECT e.id FROM entity_relations r JOIN entities e ON e.id = r.to_entity "
            "WHERE r.from_entity = ? AND r.relation = ? AND e.merged_into IS NULL "
            "ORDER BY r.created_at DESC, e.id DESC",
            (from_entity, relation),
        )
    ]


def _named(tx, key: str, kind: str, speaker_entity: int | None) -> int | None:
    rows = tx.execute(
        "SELECT e.id, e.kind, e.speaker_id IS NOT NULL AS speaks, "
        "EXISTS (SELECT 1 FROM entity_relations r WHERE r.from_entity = ? AND r.to_entity = e.id) AS mine "
        "FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "WHERE a.norm IN (?, ?) AND e.merged_into IS NULL",
        (speaker_entity or -1, key, folded(key)),
    ).fetchall()
    if not rows:
        return _by_short_name(tx, key, kind, speaker_entity)
    same_kind = [r for r in rows if r["kind"] == kind] or rows
    best = max(same_kind, key=lambda r: (r["mine"], r["speaks"], r["id"]))
    return best["id"]


def _by_short_name(tx, key: str, kind: str, speaker_entity: int | None) -> int | None:
    """ "raff" for Rafferty, "fen" for Fenella: the one relative of the speaker or the household whose name begins
    with it (three letters or more), known by it too from then on; none when two could be meant."""
    if len(key) < 3 or " " in key or speaker_entity is None:
        return None
    rows = tx.execute(
        "SELECT DISTINCT e.id FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "JOIN entity_relations r ON r.to_entity = e.id "
        "WHERE substr(a.norm, 1, ?) = ? AND a.norm <> ? AND e.kind = ? AND e.merged_into IS NULL "
        "AND (r.from_entity = ? OR r.from_entity IN (SELECT id FROM entities WHERE kind = 'household'))",
        (len(key), key, key, kind, speaker_entity),
    ).fetchall()
    if len(rows) != 1:
        return None
    add_alias(tx, rows[0]["id"], key)
    return rows[0]["id"]


def resolve(tx, mention: MentionLike | None, speaker_id: str | None, now: float) -> int:
    """The entity a candidate is about; None (or a missing speaker) is the speaker (or the household)."""
    speaker_entity = person_of_speaker(tx, speaker_id, now) if speaker_id else None
    if mention is None:
        return speaker_entity or household(tx, now)
    if mention.kind == "household":
        return household(tx, now)
    name = (mention.name or "").strip() or None
    relation = relation_word(mention.relation)
    if relation:
        # A note with no speaker: "Grandma visits on Sundays" is the household's grandmother; "our son Felix" is
        # the household's son, whoever says it.
        shared = getattr(mention, "shared", False)
        owner = household(tx, now) if shared else speaker_entity or household(tx, now)
        mine = related(tx, owner, relation)
        if name:
            key = norm(name)
            for entity in mine:
                if tx.execute(
                    "SELECT 1 FROM entity_aliases WHERE entity_id = ? AND norm = ?", (entity, key)
                ).fetchone():
                    return entity
            unnamed = [e for e in mine if not _has_alias(tx, e)]
            if len(unnamed) == 1:  # "my father" before, "my father Jorge" now: the same man
                rename(tx, unnamed[0], name)
                return unnamed[0]
            entity = _named(tx, key, mention.kind, speaker_entity) or _create(tx, mention.kind, name, now)
            link(tx, owner, relation, entity, now)
            return entity
        if mine:
            return mine[0]
        owner_name = display_name(tx, owner) if speaker_entity else None
        label = f"{owner_name}'s {relation}" if owner_name else relation.capitalize()
        entity = _create(tx, mention.kind, label, now, alias=False)
        link(tx, owner, relation, entity, now)
        return entity
    if name:
        return _named(tx, norm(name), mention.kind, speaker_entity) or _create(tx, mention.kind, name, now)
    return speaker_entity or household(tx, now)


def _has_alias(tx, entity_id: int) -> bool:
    return tx.execute("SELECT 1 FROM entity_aliases WHERE entity_id = ?", (entity_id,)).fetchone() is not None


def rename(tx, entity_id: int, name: str) -> None:
    """A new display name (the old one stays an alias, so mentions of it still resolve)."""
    tx.execute("UPDATE entities SET name = ? WHERE id = ?", (name, entity_id))
    add_alias(tx, entity_id, name)


def display_name(tx, entity_id: int) -> str:
    row = tx.execute("SELECT name FROM entities WHERE id = ?", (entity_id,)).fetchone()
    return row[0] if row else "someone"


def subject_label(tx, entity_id: int) -> str:
    """What facts.subject holds for an entity: the speaker id of a speaking person (as before entities), the
    word household, or the entity's name."""
    row = tx.execute("SELECT kind, name, speaker_id FROM entities WHERE id = ?", (entity_id,)).fetchone()
    if row is None:
        return "household"
    if row["kind"] == "household":
        return "household"
    return row["speaker_id"] or row["name"]


def names_as_written(conn, text: str, is_word) -> str:
    """The sentence with the names of the people and pets already known written as names ("we transferred paolo to
    Ateneo Grade School", "the vet's put milo on Royal Canin"), where the rest of it is written with capitals: one
    word names only, and none that `is_word` says is a word too ("Rocky", "Pepper"). A sentence all in lower case is
    left as it is (the rules read a recogniser's text as such)."""
    said = set(_LOWER_WORD.findall(text))
    if text == text.lower() or not said:
        return text
    # only the words said are looked up (by the aliases' index), and the sentence is rewritten in one pass
    names = {
        row["alias"].lower(): row["alias"]
        for row in conn.execute(
            "SELECT a.alias FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
            f"WHERE a.norm IN ({', '.join('?' * len(said))}) AND e.kind IN ('person', 'pet') AND e.merged_into IS NULL",
            sorted(said),
        )
        if re.fullmatch(r"[A-Z][a-z]{2,}", row["alias"]) and not is_word(row["alias"].lower())
    }
    return _LOWER_WORD.sub(lambda m: names.get(m.group(), m.group()), text) if names else text


_LOWER_WORD = re.compile(r"\b[a-z]{3,}\b")


def of_the_household(conn, name: str | None) -> bool:
    """Whether `name` is someone or something the household itself names by a relation ("our son Felix", "our dog
    Biscuit"): what is said of them is the household's to know."""
    if not name:
        return False
    return (
        conn.execute(
            "SELECT 1 FROM entity_aliases a JOIN entity_relations r ON r.to_entity = a.entity_id "
            "JOIN entities h ON h.id = r.from_entity WHERE h.kind = 'household' AND a.norm = ? LIMIT 1",
            (norm(name),),
        ).fetchone()
        is not None
    )


def preview_name(conn, mention: MentionLike | None, speaker_id: str | None, speaker_name: str) -> str:
    """The name a mention will be shown by, read before the write (the fact's text is embedded first)."""
    if mention is None:
        return speaker_name
    if mention.kind == "household":
        return "The household"
    if mention.name:
        return mention.name
    relation = relation_word(mention.relation)
    if relation and not speaker_id:
        return relation.capitalize()
    if relation:
        person = conn.execute("SELECT id FROM entities WHERE speaker_id = ?", (speaker_id,)).fetchone()
        mine = related(conn, person[0], relation) if person else []
        if mine:
            return display_name(conn, mine[0])
    return f"{speaker_name}'s {relation or 'someone'}"
