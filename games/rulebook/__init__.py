"""The in-app rules pages of both games, generated from the data the engines use."""
