"""Turn-based tables: a move deadline of hours or days per seat, kept in the database and
played by a scheduler any serving process runs (``scheduler``), standing answers, vacation
days, and the "your move" inbox."""
