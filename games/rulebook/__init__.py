"""The in-app rules pages: each game's page is the game's own (its ``rulebook`` hook)."""
