"""core.db: connections, the single writer, migrations, the vector codec and in-memory vector tracks."""
