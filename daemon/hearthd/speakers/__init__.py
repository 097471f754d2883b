"""Speakers: voiceprint embedding (resemblyzer) and the registry of enrolled people (spec section 7)."""
