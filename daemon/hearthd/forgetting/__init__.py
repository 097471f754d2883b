"""Forgetting: dismiss and restore (curation), erase with signed receipts, retention, export and import."""
