"""A game of the required parts alone (``games.contract``): the reference game's engine, its
three required presenters and its table templates (examples/highcard); its league module
names nothing."""

from examples.highcard.presenters import REGIONS, action_from_post, present

__all__ = ["REGIONS", "action_from_post", "present"]
