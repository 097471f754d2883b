"""The LLM seam: `generate(prompt, schema=None)` and the steps built on it (extraction, the one-word judge,
the episode narrative). With the `none` provider every step takes its rule-based or extractive path."""
