"""The text embedder service (one model, a priority queue) and the background (re-)embedding of rows."""
