"""The read path: per-track search, hybrid fusion, recall and context assembly."""
