"""Hearth daemon: the long-term memory of a home voice assistant."""

__version__ = "0.1.0"
