"""What ``/verify/`` shows of a DragSaga seed (this game's ``deal_path`` hook): the starting
setup, read from the engine's own fresh state."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import State
from games.trust.fairness import Deal, DealRow, seat_label

COLOUR_NAMES = {
    "red": gettext_lazy("red dragon"),
    "blue": gettext_lazy("blue dragon"),
    "green": gettext_lazy("green dragon"),
    "yellow": gettext_lazy("yellow dragon"),
    "black": gettext_lazy("black dragon"),
}


def starting_setup(state: State) -> Deal:
    """The starting setup: each seat's dragon colour and hand, and the first start player."""
    rows = [
        DealRow(
            label=seat_label(seat),
            cards=tuple(seat_state["hand"]),
            note=str(COLOUR_NAMES.get(state["colours"][seat], state["colours"][seat]))
            + (" · " + str(_("starts")) if seat == state["start_player"] else ""),
        )
        for seat, seat_state in enumerate(state["seats"])
    ]
    faces = {card["id"]: dict(card) for card in state.get("cards", [])}
    return Deal(title=str(_("The starting setup")), rows=tuple(rows), faces=faces)
