"""The seed tables against RULES §1.2 and §1.4."""

from collections import Counter

from dragonformula.rules import (
    DERIVED_MAJORS,
    PATHS,
    SEPHIROTH,
    bonus_name,
    bonus_points,
    card_info,
    hand_name,
    hand_points,
    multiplier_factor,
    multiplier_name,
    scoring_table,
)

# RULES §1.2, written out as there.
RULES_DERIVED = {
    1: "M0 M1 M2",
    2: "M0 M3 M4 M5",
    3: "M1 M3 M6 M7",
    4: "M5 M8 M9 M10",
    5: "M7 M8 M11 M12",
    6: "M2 M4 M6 M9 M11 M13 M14 M15",
    7: "M10 M13 M16 M17 M18",
    8: "M12 M15 M16 M19 M20",
    9: "M14 M17 M19 M21",
    10: "M18 M20 M21",
}
RULES_PATHS = {  # major: (path, letter, joins, class)
    "M0": (11, "Aleph", (1, 2), "elemental"),
    "M1": (12, "Beth", (1, 3), "planetary"),
    "M2": (13, "Gimel", (1, 6), "planetary"),
    "M3": (14, "Daleth", (2, 3), "planetary"),
    "M4": (15, "Heh", (2, 6), "zodiacal"),
    "M5": (16, "Vav", (2, 4), "zodiacal"),
    "M6": (17, "Zayin", (3, 6), "zodiacal"),
    "M7": (18, "Cheth", (3, 5), "zodiacal"),
    "M8": (19, "Teth", (4, 5), "zodiacal"),
    "M9": (20, "Yod", (4, 6), "zodiacal"),
    "M10": (21, "Kaph", (4, 7), "planetary"),
    "M11": (22, "Lamed", (5, 6), "zodiacal"),
    "M12": (23, "Mem", (5, 8), "elemental"),
    "M13": (24, "Nun", (6, 7), "zodiacal"),
    "M14": (25, "Samekh", (6, 9), "zodiacal"),
    "M15": (26, "Ayin", (6, 8), "zodiacal"),
    "M16": (27, "Peh", (7, 8), "planetary"),
    "M17": (28, "Tzaddi", (7, 9), "zodiacal"),
    "M18": (29, "Qoph", (7, 10), "zodiacal"),
    "M19": (30, "Resh", (8, 9), "planetary"),
    "M20": (31, "Shin", (8, 10), "elemental"),
    "M21": (32, "Tav", (9, 10), "planetary"),
}


def test_ten_sephiroth_with_japanese_and_english_names():
    assert [SEPHIROTH[n].name_en for n in range(1, 11)] == [
        "Kether", "Chokmah", "Binah", "Chesed", "Geburah",
        "Tiphareth", "Netzach", "Hod", "Yesod", "Malkuth",
    ]  # fmt: skip
    assert [SEPHIROTH[n].name_ja for n in range(1, 11)] == [
        "ケテル", "コクマー", "ビナー", "ケセド", "ゲブラー",
        "ティファレト", "ネツアク", "ホド", "イェソド", "マルクト",
    ]  # fmt: skip


def test_paths_match_the_rules_table():
    seen = {code: (p.number, p.letter_en, p.sephiroth, p.major_class) for code, p in PATHS.items()}
    assert seen == RULES_PATHS
    assert len({p.letter_glyph for p in PATHS.values()}) == 22


def test_44_path_ends():
    ends = Counter(end for path in PATHS.values() for end in path.sephiroth)
    assert sum(ends.values()) == 44 == 22 * 2
    assert ends == Counter({n: len(RULES_DERIVED[n].split()) for n in RULES_DERIVED})


def test_three_elemental_seven_planetary_twelve_zodiacal():
    classes = Counter(path.major_class for path in PATHS.values())
    assert classes == {"elemental": 3, "planetary": 7, "zodiacal": 12}
    planetary = {c for c, p in PATHS.items() if p.major_class == "planetary"}
    assert planetary == {"M1", "M2", "M3", "M10", "M16", "M19", "M21"}
    assert {c for c, p in PATHS.items() if p.major_class == "elemental"} == {"M0", "M12", "M20"}


def test_derived_majors_equal_the_lists_in_the_rules():
    assert {n: " ".join(codes) for n, codes in DERIVED_MAJORS.items()} == RULES_DERIVED


def test_attributions_carry_glyphs():
    assert card_info("M4")["attribution"] == {
        "key": "aries", "name_en": "Aries", "name_ja": "牡羊座", "glyph": "♈",
    }  # fmt: skip
    assert card_info("M19")["attribution"]["glyph"] == "☉"


# RULES §1.4, as there.
RULES_POINTS = {
    **{f"sephirot_{n}": 100 for n in range(1, 11)},
    "elemental_palace": 1000,
    "elemental_series": 1000,
    "center_pillar": 1500,
    "straight_major": 1500,
    "constellation": 1500,
    "my_elemental_palace": 2000,
    "my_elemental_series": 2000,
    "kingdom_of_princesses": 3000,
    "beauty_of_princes": 3000,
    "understanding_of_queens": 3000,
    "wisdom_of_kings": 3000,
}
RULES_BONUSES = {
    "my_series": 100,
    "my_court_series": 100,
    "three_triples": 100,
    "material": 200,
    "triangle": 300,
    "planetary": 500,
    "triple_series": 1000,
    "first_order": 1000,
    "second_order": 1000,
    "third_order": 1000,
    "pillar_of_mercy": 1500,
    "pillar_of_severity": 1500,
}


def test_scoring_table_matches_the_rules():
    table = scoring_table()
    assert {h["id"]: h["points"] for h in table["hands"]} == RULES_POINTS
    assert {b["id"]: b["points"] for b in table["bonuses"]} == RULES_BONUSES
    assert {m["id"]: m["factor"] for m in table["multipliers"]} == {
        "genius": 10, "surprise": 5, "last_judgement": 2,
    }  # fmt: skip
    assert all(hand_points(h) == p for h, p in RULES_POINTS.items())
    assert all(bonus_points(b) == p for b, p in RULES_BONUSES.items())
    assert multiplier_factor("surprise") == 5


def test_every_id_has_japanese_and_english_names():
    assert hand_name("sephirot_6", "en") == "Sephirot hand: Tiphareth"
    assert hand_name("sephirot_6") == "セフィロト上がり・ティファレト"
    assert hand_name("center_pillar") == "センターピラー"
    assert bonus_name("pillar_of_mercy") == "ピラーオブマーシー"
    assert bonus_name("pillar_of_mercy", "en") == "Pillar of Mercy"
    assert multiplier_name("last_judgement") == "ラストジャッジメント"
    table = scoring_table()
    for entry in table["hands"] + table["bonuses"] + table["multipliers"]:
        assert entry["name_ja"] and entry["name_en"]
        assert entry["condition_ja"] and entry["condition_en"]


def test_the_genius_condition_says_no_pick_of_ones_own_in_both_languages():
    # RULES 1.4: Genius is a Dan on the first draw "before any pick of theirs"; the
    # Japanese rules page must say so as the English one does.
    genius = next(m for m in scoring_table()["multipliers"] if m["id"] == "genius")
    assert "before any pick of yours" in genius["condition_en"]
    assert "自分のピック" in genius["condition_ja"]
