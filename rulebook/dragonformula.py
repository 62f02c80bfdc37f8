"""What the Dragon Formula rules page shows, built from the seeds the engine reads.

Names, points and factors come from ``seeds/df_hands.json``, the cards and the
22 paths from ``seeds/tarot.json``, the sephiroth from ``seeds/tree.json``; this
module only adds the words that explain each hand and a layout for the tree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from dragonformula.rules.cards import card_info, load_seed

MAJORS = tuple(f"M{n}" for n in range(22))

# The Tree of Life as it is usually drawn: three pillars, Kether on top.
# (column: -1 left / 0 middle / 1 right, row from the top)
SEPHIRA_PLACES: dict[int, tuple[int, float]] = {
    1: (0, 0),
    2: (1, 0.5),
    3: (-1, 0.5),
    4: (1, 2),
    5: (-1, 2),
    6: (0, 2.75),
    7: (1, 4),
    8: (-1, 4),
    9: (0, 4.75),
    10: (0, 6),
}
TREE_WIDTH = 320
TREE_HEIGHT = 600
TREE_MARGIN = 40
NODE_RADIUS = 22

# One example of every hand, shown as card faces; tests check that the engine
# reads each one as the hand it illustrates.
HAND_EXAMPLES: dict[str, str] = {
    "sephirot_1": "W1 C1 S1 C4 C5 C6 S7 S8 S9 M0 M1",
    "sephirot_2": "W2 C2 S2 PP PN PQ W7 W8 W9 M3 M4",
    "sephirot_3": "W3 C3 S3 C7 C8 C9 WQ CQ SQ M6 M7",
    "sephirot_4": "W4 C4 S4 P6 P7 P8 WN CN SN M8 M9",
    "sephirot_5": "W5 C5 S5 W1 W2 W3 SN SQ SK M11 M12",
    "sephirot_6": "W6 C6 S6 C1 C2 C3 PN PQ PK M13 M14",
    "sephirot_7": "W7 C7 S7 S1 S2 S3 WP CP SP M16 M17",
    "sephirot_8": "W8 C8 S8 P2 P3 P4 CN CQ CK M19 M20",
    "sephirot_9": "W9 C9 S9 W4 W5 W6 M3 M4 M5 M17 M21",
    "sephirot_10": "W10 C10 S10 C2 C3 C4 WK CK SK M18 M21",
    "elemental_palace": "CP CN CQ CK C1 C2 C3 C4 C7 C8 C9",
    "elemental_series": "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SQ",
    "center_pillar": "W1 C1 W6 S6 C9 P9 S10 P10 M2 M14 M21",
    "straight_major": "M5 M6 M7 M8 M9 M10 M11 M12 M13 M14 M15",
    "constellation": "M4 M5 M6 M7 M8 M9 M11 M13 M14 M15 M17",
    "my_elemental_palace": "WP WN WQ WK W1 W2 W3 W4 W8 W9 W10",
    "my_elemental_series": "W1 W2 W3 W4 W5 W6 W7 W8 W9 W10 WK",
    "kingdom_of_princesses": "WP CP SP PP W10 C10 S10 P10 M18 M20 M21",
    "beauty_of_princes": "WN CN SN PN W6 C6 S6 P6 M2 M4 M6",
    "understanding_of_queens": "WQ CQ SQ PQ W3 C3 S3 P3 M1 M3 M6",
    "wisdom_of_kings": "WK CK SK PK W2 C2 S2 P2 M0 M3 M4",
}
# The "my" hands need the winner's element: the examples are for the Fire seat.
EXAMPLE_ELEMENT = {"my_elemental_palace": "fire", "my_elemental_series": "fire"}

SPECIAL_CONDITIONS: dict[str, Promise] = {
    "elemental_palace": _(
        "One suit: its four courts, its Ace, and two series of its number cards 2–10."
    ),
    "elemental_series": _("One suit: all ten number cards and one of its courts."),
    "center_pillar": _(
        "Two number cards each of 1, 6, 9 and 10 (any suits), and M2, M14, M21 — the paths "
        "joining 1-6-9-10."
    ),
    "straight_major": _("Eleven majors with consecutive numbers (no wrap-around)."),
    "constellation": _("Eleven zodiacal majors."),
    "my_elemental_palace": _(
        "An elemental palace in your own suit (instead of the elemental palace's points)."
    ),
    "my_elemental_series": _(
        "An elemental series in your own suit (instead of the elemental series' points)."
    ),
    "kingdom_of_princesses": _("Four Pages, four 10s, and M18, M20, M21."),
    "beauty_of_princes": _("Four Knights, four 6s, and three majors derived from 6."),
    "understanding_of_queens": _("Four Queens, four 3s, and three majors derived from 3."),
    "wisdom_of_kings": _("Four Kings, four 2s, and three majors derived from 2."),
}
BONUS_CONDITIONS: dict[str, Promise] = {
    "my_series": _("A series in your own suit among the two melds."),
    "my_court_series": _("A court series in your own suit among the two melds."),
    "three_triples": _("The head and both melds are triples."),
    "material": _("The hand holds M0, M12 and M20 (the three elemental majors)."),
    "triangle": _(
        "The head and the melds are number triples of three different numbers a, b, c, and "
        "the two derived majors' paths connect a, b and c."
    ),
    "planetary": _("The hand holds all seven planetary majors M1 M2 M3 M10 M16 M19 M21."),
    "triple_series": _(
        "The nine meld cards are the numbers n, n+1, n+2 in the same three suits: they read "
        "both as three triples and as three series (e.g. W3 W4 W5 C3 C4 C5 S3 S4 S5)."
    ),
    "first_order": _("A triangle on 7, 8, 9."),
    "second_order": _("A triangle on 4, 5, 6."),
    "third_order": _("A triangle on 1, 2, 3."),
    "pillar_of_mercy": _("A triangle on 3, 5, 8."),
    "pillar_of_severity": _("A triangle on 2, 4, 7."),
}
MULTIPLIER_CONDITIONS: dict[str, Promise] = {
    "genius": _(
        "Dan on your first draw of the game, before any pick of yours (your turn may have "
        "been skipped by others' picks)."
    ),
    "surprise": _("Pick-and-Dan before your first draw of the game."),
    "last_judgement": _(
        "Dan on drawing the last card of the pile, or Pick-and-Dan on the discard of the "
        "player who drew it."
    ),
}


def majors() -> list[dict[str, Any]]:
    """The 22 majors with their paths and class, in number order."""
    classes = {entry["key"]: entry for entry in load_seed("tarot.json")["classes"]}
    return [
        dict(info, class_info=classes[info["class"]])
        for info in (card_info(code) for code in MAJORS)
    ]


def suits() -> list[dict[str, Any]]:
    """The four suits, each with a number card and a court to show."""
    return [
        dict(suit, example_number=f"{suit['code']}{rank}", example_court=f"{suit['code']}{court}")
        for suit, rank, court in zip(
            load_seed("tarot.json")["suits"], (1, 4, 7, 10), "PNQK", strict=True
        )
    ]


def sephiroth() -> list[dict[str, Any]]:
    return load_seed("tree.json")["sephiroth"]


def derived_majors(number: int) -> list[str]:
    """The majors whose path touches sephira ``number`` (派生), e.g. 1 → M0 M1 M2."""
    return [info["code"] for info in majors() if number in info["sephiroth"]]


def hand_table() -> dict[str, list[dict[str, Any]]]:
    """The winning hands from ``df_hands.json`` with their conditions and example cards."""
    names = {entry["number"]: entry for entry in sephiroth()}
    rows: dict[str, list[dict[str, Any]]] = {"sephirot": [], "special": []}
    for hand in load_seed("df_hands.json")["hands"]:
        row = dict(hand, example=HAND_EXAMPLES[hand["id"]].split())
        if hand["kind"] == "sephirot":
            number = hand["sephira"]
            sephira = names[number]
            row["sephira_info"] = sephira
            row["derived"] = derived_majors(number)
        else:
            row["condition"] = SPECIAL_CONDITIONS[hand["id"]]
        row["example_element"] = EXAMPLE_ELEMENT.get(hand["id"])
        rows[hand["kind"]].append(row)
    return rows


def bonus_table() -> list[dict[str, Any]]:
    """The sephirot bonuses, each with its condition and the bonuses it replaces."""
    bonuses = load_seed("df_hands.json")["bonuses"]
    by_id = {bonus["id"]: bonus for bonus in bonuses}
    return [
        dict(
            bonus,
            condition=BONUS_CONDITIONS[bonus["id"]],
            replaced_bonuses=[by_id[replaced] for replaced in bonus["replaces"]],
        )
        for bonus in bonuses
    ]


def multiplier_table() -> list[dict[str, Any]]:
    return [
        dict(multiplier, condition=MULTIPLIER_CONDITIONS[multiplier["id"]])
        for multiplier in load_seed("df_hands.json")["multipliers"]
    ]


@dataclass(frozen=True)
class TreeNode:
    number: int
    x: float
    y: float
    info: dict[str, Any]


@dataclass(frozen=True)
class TreePath:
    code: str
    x1: float
    y1: float
    x2: float
    y2: float
    info: dict[str, Any]

    @property
    def label_x(self) -> float:
        return (self.x1 + self.x2) / 2

    @property
    def label_y(self) -> float:
        return (self.y1 + self.y2) / 2


@dataclass(frozen=True)
class TreeDiagram:
    width: int
    height: int
    radius: int
    nodes: list[TreeNode]
    paths: list[TreePath]


def tree_diagram() -> TreeDiagram:
    """The ten sephiroth placed on three pillars and the 22 majors' paths between them."""
    rows = max(row for _column, row in SEPHIRA_PLACES.values())
    column_step = (TREE_WIDTH - 2 * TREE_MARGIN) / 2
    row_step = (TREE_HEIGHT - 2 * TREE_MARGIN) / rows

    def place(number: int) -> tuple[float, float]:
        column, row = SEPHIRA_PLACES[number]
        return TREE_WIDTH / 2 + column * column_step, TREE_MARGIN + row * row_step

    nodes = [TreeNode(entry["number"], *place(entry["number"]), entry) for entry in sephiroth()]
    paths = []
    for info in majors():
        low, high = info["sephiroth"]
        paths.append(TreePath(info["code"], *place(low), *place(high), info))
    return TreeDiagram(TREE_WIDTH, TREE_HEIGHT, NODE_RADIUS, nodes, paths)


def page_context() -> dict[str, Any]:
    """Everything the Dragon Formula rules page shows."""
    return {
        "suits": suits(),
        "majors": majors(),
        "tree": tree_diagram(),
        "derived": [
            {"number": entry["number"], "info": entry, "majors": derived_majors(entry["number"])}
            for entry in sephiroth()
        ],
        "hands": hand_table(),
        "bonuses": bonus_table(),
        "multipliers": multiplier_table(),
    }
