"""Skill ratings of league players, per game (``games.ratings.ratings``)."""
