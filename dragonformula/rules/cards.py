"""The 78 tarot cards and their notation (RULES §1.1).

A card is written by its code: ``W1``…``W10``, ``WP``, ``WN``, ``WQ``, ``WK`` for the
Wands (likewise ``C`` Cups, ``S`` Swords, ``P`` Pentacles) and ``M0``…``M21`` for the
major arcana. Parsers accept upper or lower case and any run of spaces or commas
between codes. The card table (names, correspondences) is read once from
``seeds/tarot.json``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, total_ordering
from pathlib import Path
from typing import Any

SEEDS = Path(__file__).resolve().parents[2] / "seeds"

SUITS = ("W", "C", "S", "P")
MAJOR = "M"
COURTS = ("P", "N", "Q", "K")  # court order P < N < Q < K; ranks 11..14
COURT_RANK = {court: 11 + i for i, court in enumerate(COURTS)}
ELEMENTS = ("fire", "water", "air", "earth")
OWN_SUIT = {"fire": "W", "water": "C", "air": "S", "earth": "P"}

ALL_CARDS: tuple[str, ...] = (
    *(f"{suit}{rank}" for suit in SUITS for rank in (*(str(n) for n in range(1, 11)), *COURTS)),
    *(f"M{n}" for n in range(22)),
)
"""The 78 codes in canonical order: Wands, Cups, Swords, Pentacles (1–10, P N Q K), majors."""

INDEX: dict[str, int] = {code: i for i, code in enumerate(ALL_CARDS)}

_SEPARATORS = re.compile(r"[\s,]+")


def load_seed(name: str) -> Any:
    """A JSON file from ``seeds/`` (read with plain ``json``)."""
    with open(SEEDS / name, encoding="utf-8") as seed:
        return json.load(seed)


@cache
def _tarot() -> dict[str, dict[str, Any]]:
    table = {entry["code"]: entry for entry in load_seed("tarot.json")["cards"]}
    if sorted(table, key=INDEX.__getitem__) != list(ALL_CARDS):
        raise RuntimeError("seeds/tarot.json does not hold exactly the 78 cards of RULES §1.1")
    return table


class CardError(ValueError):
    """A card-code mistake: ``str()`` is plain English (logs, JSON batches); ``code`` and
    ``params`` let a reader's interface say it in the reader's language (the rules package
    cannot use Django's gettext). Codes: ``not_card_codes``, ``unknown_card_code`` (code),
    ``card_given_twice`` (code), ``wrong_card_count`` (count, given), ``unknown_element``
    (element), ``genius_with_surprise`` (one win cannot be both)."""

    def __init__(self, message: str, kind: str, /, **params: Any) -> None:
        super().__init__(message)
        self.code = kind
        self.params = params


@total_ordering
@dataclass(frozen=True)
class Card:
    """One tarot card, e.g. ``Card("W3")`` (any case). Cards sort in :data:`ALL_CARDS` order."""

    code: str

    def __post_init__(self) -> None:
        if not isinstance(self.code, str):
            raise CardError(
                f"not a card code: {self.code!r}", "unknown_card_code", code=str(self.code)[:20]
            )
        normal = self.code.strip().upper()
        if normal not in INDEX:
            raise CardError(
                f"unknown card code {self.code!r} (expected e.g. W3, CQ, M12)",
                "unknown_card_code",
                code=self.code.strip()[:20],
            )
        object.__setattr__(self, "code", normal)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return INDEX[self.code] < INDEX[other.code]

    @property
    def index(self) -> int:
        """The position in :data:`ALL_CARDS`."""
        return INDEX[self.code]

    @property
    def suit(self) -> str:
        """``"W"``, ``"C"``, ``"S"``, ``"P"``, or ``"M"`` for a major."""
        return self.code[0]

    @property
    def is_major(self) -> bool:
        return self.suit == MAJOR

    @property
    def is_court(self) -> bool:
        return not self.is_major and self.code[1:] in COURT_RANK

    @property
    def is_number(self) -> bool:
        return not self.is_major and not self.is_court

    @property
    def rank(self) -> int:
        """1–10 for number cards, 11–14 for P N Q K, the major's number (0–21) for majors."""
        tail = self.code[1:]
        return COURT_RANK[tail] if tail in COURT_RANK else int(tail)

    @property
    def number(self) -> int | None:
        """The number of a number card or a major; ``None`` for a court."""
        return None if self.is_court else self.rank

    @property
    def court(self) -> str | None:
        """``"P"``, ``"N"``, ``"Q"`` or ``"K"`` for a court, else ``None``."""
        return self.code[1:] if self.is_court else None

    @property
    def element(self) -> str | None:
        """The element of a suited card (``"fire"`` for Wands …), ``None`` for a major."""
        return None if self.is_major else ELEMENTS[SUITS.index(self.suit)]

    @property
    def name_ja(self) -> str:
        return _tarot()[self.code]["name_ja"]

    @property
    def name_en(self) -> str:
        return _tarot()[self.code]["name_en"]

    def name(self, lang: str = "ja") -> str:
        return self.name_en if lang.startswith("en") else self.name_ja

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


CARDS: tuple[Card, ...] = tuple(Card(code) for code in ALL_CARDS)


def card(code: str | Card) -> Card:
    """The card for ``code`` (any case, surrounding blanks ignored); ``ValueError`` names a bad code."""
    if isinstance(code, Card):
        return code
    if isinstance(code, str):
        index = INDEX.get(code.strip().upper())
        if index is not None:
            return CARDS[index]
    return Card(code)  # raises the ValueError naming the code


def parse_cards(text_or_list: str | Iterable[str | Card], count: int | None = None) -> list[Card]:
    """The cards written in ``text_or_list``, in the order given.

    ``text_or_list`` is a string of codes separated by any run of spaces or commas, or an
    iterable of codes or :class:`Card` objects. A malformed code, a card given twice or
    (when ``count`` is set) a wrong number of cards raises ``ValueError`` naming it.
    """
    if isinstance(text_or_list, str):
        tokens: list[str | Card] = [t for t in _SEPARATORS.split(text_or_list) if t]
    elif isinstance(text_or_list, Iterable) and not isinstance(text_or_list, Mapping):
        tokens = list(text_or_list)
    else:
        raise CardError(
            f"expected card codes as text or a list, got {text_or_list!r}", "not_card_codes"
        )
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        found = card(token)
        if found in seen:
            raise CardError(
                f"card {found.code} given twice (token {str(token).strip()!r})",
                "card_given_twice",
                code=found.code,
            )
        seen.add(found)
        cards.append(found)
    if count is not None and len(cards) != count:
        shown = " ".join(c.code for c in cards) or "nothing"
        raise CardError(
            f"expected {count} cards, got {len(cards)}: {shown}",
            "wrong_card_count",
            count=count,
            given=len(cards),
        )
    return cards


def format_cards(cards: Iterable[str | Card]) -> str:
    """The canonical text of some cards: upper-case codes in canonical order, space separated."""
    return " ".join(c.code for c in sorted(card(c) for c in cards))


def card_info(code: str | Card) -> dict[str, Any]:
    """Everything the seed table knows about a card (names ja/en, suit, rank, path …).

    Meant for tooltips: a fresh dict the caller may change.
    """
    return json.loads(json.dumps(_tarot()[card(code).code]))


def card_name(code: str | Card, lang: str = "ja") -> str:
    return card(code).name(lang)
