"""Forgetting: retention of the ledger (and, later, dismiss, erase with receipts, audit, export)."""
