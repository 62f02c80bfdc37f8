"""What ``/verify/`` shows of a High Card seed (its ``deal_path`` hook): each seat's hand
and the whole shuffled deck, read from the engine's own fresh state."""

from __future__ import annotations

from django.utils.translation import gettext as _

from examples.highcard.presenters import face
from games.engine import State
from games.trust.fairness import Deal, DealRow, seat_label


def dealt_hands(state: State) -> Deal:
    rows = tuple(
        DealRow(label=seat_label(seat), cards=tuple(hand))
        for seat, hand in enumerate(state["hands"])
    )
    deck = tuple(state["deck"])
    return Deal(
        title=str(_("The hands dealt")),
        rows=rows,
        deck=deck,
        faces={code: face(code) for code in deck},
    )
