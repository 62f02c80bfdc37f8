"""What ``/verify/`` shows of a Dragon Formula seed (this game's ``deal_path`` hook): the deal
of the first game, read from the engine's own fresh state."""

from __future__ import annotations

from django.utils.translation import gettext as _

from dragonformula.presenters import ELEMENT_NAMES
from games.engine import State
from games.trust.fairness import Deal, DealRow, faces_from_presenters, seat_label


def first_deal(state: State) -> Deal:
    """The first game of the first set: elements, the ten cards dealt to each seat and the
    pile; dealt from one shuffled deck, so hands then pile is the deck, top first."""
    hands = [list(hand) for hand in state["hands"]]
    elements = state["elements"]
    rows = [
        DealRow(
            label=seat_label(seat),
            cards=tuple(hand),
            note=str(ELEMENT_NAMES.get(elements[seat], elements[seat]))
            + (" · " + str(_("starts")) if seat == state["starter"] else ""),
        )
        for seat, hand in enumerate(hands)
    ]
    rows.append(DealRow(label=str(_("Pile, top first")), cards=tuple(state["pile"])))
    deck = tuple(card for hand in hands for card in hand) + tuple(state["pile"])
    return Deal(
        title=str(_("The deal of the first game")),
        rows=tuple(rows),
        deck=deck,
        faces=faces_from_presenters("dragonformula", deck),
    )
