"""The Dragon Formula rules page (``/rules/dragonformula/``, this game's ``rulebook`` hook):
what it shows, built from the tables the engine scores with.

Names, conditions, points and factors come from the hand evaluator's scoring table
(``seeds/df_hands.json``), the cards and the 22 paths from the tree module
(``seeds/tarot.json``, ``seeds/tree.json``); this module adds an example of each
hand and a layout for the tree diagram.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dragonformula.rules.cards import card_info, load_seed
from dragonformula.rules.score_table import scoring_table
from dragonformula.rules.tree import SEPHIROTH, derived_majors

TEMPLATE = "dragonformula/rulebook.html"

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
    """The ten sephiroth (number, names, meanings) in order."""
    return [vars(sephira) for _number, sephira in sorted(SEPHIROTH.items())]


def hand_table() -> dict[str, list[dict[str, Any]]]:
    """The winning hands, sephirot and special, each with its example cards."""
    names = {entry["number"]: entry for entry in sephiroth()}
    rows: dict[str, list[dict[str, Any]]] = {"sephirot": [], "special": []}
    for hand in scoring_table()["hands"]:
        row = dict(hand, example=HAND_EXAMPLES[hand["id"]].split())
        row["example_element"] = EXAMPLE_ELEMENT.get(hand["id"])
        if hand["kind"] == "sephirot":
            row["sephira_info"] = names[hand["sephira"]]
            row["derived"] = derived_majors(hand["sephira"])
        rows[hand["kind"]].append(row)
    return rows


def bonus_table() -> list[dict[str, Any]]:
    """The sephirot bonuses, each with the bonuses it replaces."""
    bonuses = scoring_table()["bonuses"]
    by_id = {bonus["id"]: bonus for bonus in bonuses}
    return [
        dict(bonus, replaced_bonuses=[by_id[replaced] for replaced in bonus["replaces"]])
        for bonus in bonuses
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


def page_context(request: Any = None) -> dict[str, Any]:
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
        "multipliers": scoring_table()["multipliers"],
    }
