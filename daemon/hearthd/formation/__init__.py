"""The write path: committing turns to the ledger (L0) and storing facts."""
