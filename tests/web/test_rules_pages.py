"""The rules pages show the engines' own data and every decision the engines take where the original texts are silent, in both languages."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dragonformula.rulebook import EXAMPLE_ELEMENT, HAND_EXAMPLES, SEPHIRA_PLACES
from dragonformula.rules.cards import card_info
from dragonformula.rules.hands import best_hand
from dragsaga.rules.cards import default_card_set

pytestmark = pytest.mark.django_db

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
DF_HANDS = json.loads((SEEDS / "df_hands.json").read_text(encoding="utf-8"))

DF_DECISIONS = [
    "bonus-once",
    "triple-series-my-series",
    "multipliers-multiply",
    "pick-not-same-card",
    "priority-nearness",
    "pile-empty",
    "victory-points",
    "match-tie",
    "dan-timing",
    "pick-holding",
    "genius-surprise",
    "last-judgement",
    "pile-runs-out",
    "false-dan",
    "competition-ranking",
]
DRAGSAGA_DECISIONS = [
    "card-set",
    "one-guard",
    "target-change",
    "passed",
    "first-start-player",
    "tie-break",
    "league-points",
]


class Element:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []
        self.content: list[Element | str] = []  # text and child elements in document order

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        parts = [part if isinstance(part, str) else part.text() for part in self.content]
        return " ".join(" ".join(parts).split())

    def append(self, child: Element) -> None:
        self.children.append(child)
        self.content.append(child)

    def iter(self):
        yield self
        for child in self.children:
            yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Element]:
        return [
            e
            for e in self.iter()
            if (tag is None or e.tag == tag) and (cls is None or cls in e.classes)
        ]

    def by_id(self, ident: str) -> Element:
        found = [e for e in self.iter() if e.attrs.get("id") == ident]
        assert len(found) == 1, f"expected one element with id {ident!r}, found {len(found)}"
        return found[0]


class Page(HTMLParser):
    """A small DOM from the stdlib parser: enough to ask what a player sees where."""

    VOID = {"meta", "link", "input", "br", "img", "hr", "line", "circle", "rect", "path", "use"}

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("document", {}, None)
        self.current = self.root
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.append(element)
        if tag not in self.VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        self.current.append(Element(tag, {k: v or "" for k, v in attrs}, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.content.append(data)


def get_page(client, path: str, language: str) -> Element:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert f'<html lang="{language}">' in response.content.decode()
    return Page(response.content.decode()).root


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_hand_shows_its_name_points_and_example_cards(client, language):
    page = get_page(client, "/rules/dragonformula/", language)
    for hand in DF_HANDS["hands"]:
        row = page.by_id(f"hand-{hand['id']}")
        assert hand[f"name_{language}"] in row.text()
        assert row.find_all("td", "points")[0].text() == str(hand["points"])
        shown = [face.attrs["data-card"] for face in row.find_all("span", "tarot-card")]
        assert shown == HAND_EXAMPLES[hand["id"]].split()


def test_sephirot_hands_name_the_majors_derived_from_their_sephira(client):
    page = get_page(client, "/rules/dragonformula/", "en")
    kether = page.by_id("hand-sephirot_1").text()
    assert "Three Aces (the head)" in kether and "Kether: M0 M1 M2" in kether
    malkuth = page.by_id("hand-sephirot_10").text()
    assert "M18 M20 M21" in malkuth


@pytest.mark.parametrize("language", ["ja", "en"])
def test_bonuses_and_multipliers_show_names_and_amounts(client, language):
    page = get_page(client, "/rules/dragonformula/", language)
    names = {bonus["id"]: bonus[f"name_{language}"] for bonus in DF_HANDS["bonuses"]}
    for bonus in DF_HANDS["bonuses"]:
        row = page.by_id(f"bonus-{bonus['id']}")
        assert names[bonus["id"]] in row.text()
        assert f"+{bonus['points']}" in row.text()
        for replaced in bonus["replaces"]:
            assert names[replaced] in row.text()
    for multiplier in DF_HANDS["multipliers"]:
        row = page.by_id(f"multiplier-{multiplier['id']}")
        assert multiplier[f"name_{language}"] in row.text()
        assert f"×{multiplier['factor']}" in row.text()


def test_tree_diagram_draws_the_22_paths_between_their_sephiroth(client):
    page = get_page(client, "/rules/dragonformula/", "en")
    svg = page.find_all("svg", "tree-of-life")[0]
    nodes = {
        int(group.attrs["data-sephira"]): group.find_all("circle")[0].attrs
        for group in svg.find_all("g", "tree-sephira")
    }
    assert sorted(nodes) == list(range(1, 11))
    paths = svg.find_all("g", "tree-path")
    assert len(paths) == 22
    for group in paths:
        info = card_info(group.attrs["data-card"])
        line = group.find_all("line")[0].attrs
        ends = {(line["x1"], line["y1"]), (line["x2"], line["y2"])}
        joined = {(nodes[n]["cx"], nodes[n]["cy"]) for n in info["sephiroth"]}
        assert ends == joined, info["code"]
        assert info["numeral"] in group.text()


def test_tree_layout_keeps_the_three_pillars():
    """Mercy on the right (2 4 7), Severity on the left (3 5 8), the middle pillar 1 6 9 10."""
    assert {n for n, (column, _row) in SEPHIRA_PLACES.items() if column == 1} == {2, 4, 7}
    assert {n for n, (column, _row) in SEPHIRA_PLACES.items() if column == -1} == {3, 5, 8}
    assert {n for n, (column, _row) in SEPHIRA_PLACES.items() if column == 0} == {1, 6, 9, 10}


@pytest.mark.parametrize("hand_id", sorted(HAND_EXAMPLES))
def test_each_example_is_read_by_the_engine_as_the_hand_it_illustrates(hand_id):
    element = EXAMPLE_ELEMENT.get(hand_id, "earth")
    result = best_hand(HAND_EXAMPLES[hand_id], element)
    assert result is not None and result.hand == hand_id


def test_examples_cover_every_hand_of_the_scoring_table():
    assert set(HAND_EXAMPLES) == {hand["id"] for hand in DF_HANDS["hands"]}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_dragsaga_page_lists_the_whole_card_set(client, language):
    page = get_page(client, "/rules/dragsaga/", language)
    cards = default_card_set()
    assert len(cards) == 15
    rows = page.find_all("tbody")[0].find_all("tr")
    assert len(rows) == 15
    for card, row in zip(cards, rows, strict=True):
        assert row.attrs["id"] == f"card-{card['id']}"
        cells = [cell.text() for cell in row.children]
        assert card[f"name_{language}"] in cells[1]
        assert cells[3] == str(card["cost"])


def test_dragsaga_effects_read_from_the_card_data(client):
    page = get_page(client, "/rules/dragsaga/", "en")
    assert "target takes 7" in page.by_id("card-divine_storm").text()
    assert "every other player takes 4" in page.by_id("card-divine_blaze").text()
    assert "blocks one melee attack" in page.by_id("card-scale_shield").text()
    assert "blocks one attack of either kind" in page.by_id("card-divine_aegis").text()


@pytest.mark.parametrize(
    ("path", "decisions"),
    [("/rules/dragonformula/", DF_DECISIONS), ("/rules/dragsaga/", DRAGSAGA_DECISIONS)],
)
@pytest.mark.parametrize(("language", "label"), [("ja", "裁定"), ("en", "Decision")])
def test_every_decision_is_shown_marked_as_a_decision(client, path, decisions, language, label):
    page = get_page(client, path, language)
    marked = page.find_all(cls="decision")
    assert [element.attrs["id"] for element in marked] == [f"decision-{d}" for d in decisions]
    for element in marked:
        assert element.find_all("strong", "decision-label")[0].text() == f"◆ {label}"
        assert len(element.text()) > len(label) + 15


def test_decisions_say_what_rules_md_decided(client):
    df = get_page(client, "/rules/dragonformula/", "en")
    assert "at most once per hand" in df.by_id("decision-bonus-once").text()
    assert "3, 2, 1" in df.by_id("decision-victory-points").text()
    assert "2.5" in df.by_id("decision-victory-points").text()
    assert "Nearness alone decides" in df.by_id("decision-priority-nearness").text()
    assert "no winner" in df.by_id("decision-pile-empty").text()
    assert "1, 1, 3, 4" in df.by_id("decision-competition-ranking").text()
    assert "Golden Dawn" in df.by_id("note-pillars").text()
    saga = get_page(client, "/rules/dragsaga/", "en")
    assert "1, 1, 3" in saga.by_id("decision-tie-break").text()
    assert "admin" in saga.by_id("decision-card-set").text()


def test_japanese_rules_use_the_original_texts_words(client):
    df = get_page(client, "/rules/dragonformula/", "ja").text()
    for word in ("ピックアンダン", "三枚組", "派生", "スターター", "勝利ポイント", "ジェニアス"):
        assert word in df
    saga = get_page(client, "/rules/dragsaga/", "ja").text()
    for word in ("ターゲットトークン", "神龍", "捨て山", "ペナルティーダメージ"):
        assert word in saga


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["The Fool", "path 11", "Aleph", "1 Kether", "2 Chokmah", "elemental: Air"]),
        ("ja", ["愚者", "小径 11", "アレフ", "1 ケテル", "2 コクマー", "元素：風"]),
    ],
)
def test_card_faces_carry_their_correspondences_in_the_page_language(client, language, words):
    page = get_page(client, "/rules/dragonformula/", language)
    faces = {face.attrs["data-card"]: face for face in page.find_all("span", "tarot-card")}
    fool = faces["M0"]
    for word in words:
        assert word in fool.attrs["title"]
    assert "1–2" in fool.text()
    ace = faces["W1"]
    assert ("Ace of Wands" if language == "en" else "棒のエース") in ace.attrs["title"]
    assert ace.find_all("svg", "suit-symbol"), "the suit is drawn, not only coloured"
    assert re.search(r"\bA\b", ace.text())


def test_rules_index_links_both_games(client):
    page = get_page(client, "/rules/", "en")
    links = {a.attrs["href"] for a in page.find_all("a")}
    assert {"/rules/dragonformula/", "/rules/dragsaga/"} <= links


@pytest.mark.parametrize(
    ("path", "ja", "en"),
    [
        (
            "/rules/dragonformula/",
            "ドラゴン・フォーミュラ",
            "Dragon Formula ドラゴン・フォーミュラ",
        ),
        ("/rules/dragsaga/", "銀龍大戦（ドラグサーガ）", "DragSaga 銀龍大戦（ドラグサーガ）"),
    ],
)
def test_a_rules_title_names_the_game_once_in_japanese(client, path, ja, en):
    """A Japanese page does not repeat the Japanese name as its own subtitle; an English
    one gives it beside the English name."""
    for language, title in (("ja", ja), ("en", en)):
        heading = get_page(client, path, language).find_all("h1")[0].text()
        assert " ".join(heading.split()) == title
