"""The coach: after a game, each seat's decisions weighed by a strong bot (reviews, with
their model and page); and the worker processes strong bots think in, at a table and for
a review (bot_thinking, thinking_worker)."""
