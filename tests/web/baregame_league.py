"""The bare game's league scoring: nothing of its own, every part the platform's default."""
