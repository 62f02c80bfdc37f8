"""DragSaga 銀龍大戦 rules in pure Python (no Django). ``ENGINE`` implements
``games.engine.Engine``; see ``engine.py`` for the actions and events."""

from .cards import default_card_set, validate_card_set
from .engine import ENGINE, DragSagaEngine

__all__ = [
    "ENGINE",
    "DragSagaEngine",
    "default_card_set",
    "validate_card_set",
]
