"""A game of the required parts alone (``games.contract``): the toy game's engine, these three
presenters and the toy game's table templates; its league module names nothing."""

from tests.web.toygame import REGIONS, action_from_post, present

__all__ = ["REGIONS", "action_from_post", "present"]
