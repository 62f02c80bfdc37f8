"""High Card's rules, free of Django: the deal, a round's face-down cards, the reveal, the end.

See :mod:`examples.highcard.rules.engine` for the game itself.
"""

from examples.highcard.rules.engine import DECK, ENGINE, HAND, HighCardEngine, value

__all__ = ["DECK", "ENGINE", "HAND", "HighCardEngine", "value"]
