"""The household's entities: people (every speaker is one), pets, places, organisations, things and the
household itself, with aliases and the relations by which each person names the others."""
