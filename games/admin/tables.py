"""Admin for players, tables and games."""
