"""L1 working windows (the live context of each conversation) and L2 compaction (the rolling summary)."""
