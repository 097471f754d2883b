"""Forgetting: dismiss and restore (curation), erase with signed receipts, retention of the ledger, export and import."""
