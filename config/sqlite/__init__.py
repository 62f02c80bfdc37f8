"""SQLite as one serving process writes it: its threads take turns at the write lock
(:mod:`config.sqlite.base`)."""
