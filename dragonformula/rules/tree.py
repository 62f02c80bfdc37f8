"""The Tree of Life (RULES §1.2): the ten sephiroth and the 22 paths of the majors.

The sephiroth come from ``seeds/tree.json``; each major's path (its number, Hebrew
letter, the two sephiroth it joins, its class and attribution) from ``seeds/tarot.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import card, card_info, load_seed

CLASSES = ("elemental", "planetary", "zodiacal")


@dataclass(frozen=True)
class Sephira:
    number: int
    name_en: str
    name_ja: str
    meaning_en: str
    meaning_ja: str

    def name(self, lang: str = "ja") -> str:
        return self.name_en if lang.startswith("en") else self.name_ja


@dataclass(frozen=True)
class Path:
    """The path of one major: ``M0`` is path 11, Aleph, joining Kether (1) and Chokmah (2)."""

    number: int
    major: str
    letter_en: str
    letter_ja: str
    letter_glyph: str
    sephiroth: tuple[int, int]
    major_class: str
    attribution: dict[str, Any]

    def touches(self, sephira: int) -> bool:
        return sephira in self.sephiroth


SEPHIROTH: dict[int, Sephira] = {
    entry["number"]: Sephira(
        entry["number"],
        entry["name_en"],
        entry["name_ja"],
        entry["meaning_en"],
        entry["meaning_ja"],
    )
    for entry in load_seed("tree.json")["sephiroth"]
}


def _path(code: str) -> Path:
    info = card_info(code)
    letter = info["letter"]
    low, high = sorted(info["sephiroth"])
    return Path(
        number=info["path"],
        major=code,
        letter_en=letter["name_en"],
        letter_ja=letter["name_ja"],
        letter_glyph=letter["glyph"],
        sephiroth=(low, high),
        major_class=info["class"],
        attribution=info["attribution"],
    )


PATHS: dict[str, Path] = {f"M{n}": _path(f"M{n}") for n in range(22)}
"""Each major's path, by the major's code."""

DERIVED_MAJORS: dict[int, tuple[str, ...]] = {
    n: tuple(code for code, path in PATHS.items() if path.touches(n)) for n in SEPHIROTH
}
"""The majors derived from (派生) each sephira: those whose path touches it."""

MAJORS_OF_CLASS: dict[str, tuple[str, ...]] = {
    cls: tuple(code for code, path in PATHS.items() if path.major_class == cls) for cls in CLASSES
}


def derived_majors(sephira: int) -> tuple[str, ...]:
    """The codes of the majors derived from ``sephira`` (1–10)."""
    if sephira not in DERIVED_MAJORS:
        raise ValueError(f"no sephira {sephira!r} (1–10)")
    return DERIVED_MAJORS[sephira]


def path_of(major: str) -> Path:
    """The path of a major given by code (``ValueError`` for a minor card)."""
    code = card(major).code
    if code not in PATHS:
        raise ValueError(f"{code} is not a major arcana")
    return PATHS[code]


def sephira_name(sephira: int, lang: str = "ja") -> str:
    if sephira not in SEPHIROTH:
        raise ValueError(f"no sephira {sephira!r} (1–10)")
    return SEPHIROTH[sephira].name(lang)
