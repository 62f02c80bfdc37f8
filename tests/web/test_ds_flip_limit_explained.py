"""DragSaga explains its flip limit (RULES §2.3 4) and its ending (§2.4) on the table:
at flipping, the cost left this round and why a placed card has no Flip button; at the
end, damage + penalty = final damage for every seat, how a tie was settled, placings and
victory points. Ann (seat 0) places Dragon Breath (5) and Divine Blaze (6)."""

import re

import pytest

from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Ben", "Cho"]
ENGINE = engine_for("dragsaga")


def ann_plays(state, legal):
    """Ann keeps Divine Blaze, places it with Dragon Breath, flips the 5 first and never guards."""
    by_type = {a["type"]: a for a in reversed(legal)}
    if state["phase"] == "choose_dragon":
        return {"type": "choose_dragon", "card": "divine_blaze"}
    if state["phase"] == "place":
        if not {"dragon_breath", "divine_blaze"} <= set(state["seats"][0]["hand"]):
            return ENGINE.bot_action(state, 0, "heuristic")
        target = next(a["target"] for a in legal if a["type"] == "place")
        return {"type": "place", "cards": ["dragon_breath", "divine_blaze"], "target": target}
    flips = [a for a in legal if a["type"] == "flip" and a["card"] == "dragon_breath"]
    if flips:
        return flips[0]
    for kind in ("no_guard", "end_turn", "pass"):
        if kind in by_type:
            return by_type[kind]
    return legal[0]


def play_until(game, players, done, limit=400):
    for _step in range(limit):
        if done(game.state):
            return game
        seat = ENGINE.waiting_for(game.state)[0]
        if seat == 0:
            action = ann_plays(game.state, ENGINE.legal_actions(game.state, 0))
        else:
            action = ENGINE.bot_action(game.state, seat, "heuristic")
        game = playing.apply_action(game, players[seat], action, game.version)
    raise AssertionError("the game never got there")


def prompt_text(table, player) -> str:
    html = rendering.render_regions(table, player)["prompt"]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_after_the_five_the_six_says_why_it_cannot_flip():
    table, game, players = seated_table("dragsaga", NAMES, seed=4, options={})

    def ann_flipped_the_five_on_her_turn(state):
        placed = state["seats"][0]["placed"]
        return (
            state["phase"] == "turns"
            and state["turn"]["seat"] == 0
            and state["guard"] is None
            and any(p["card"] == "dragon_breath" and p["flipped"] for p in placed)
        )

    game = play_until(game, players, ann_flipped_the_five_on_her_turn)
    text = prompt_text(table, players[0])
    assert "Flip cost left this round: 1 of 6." in text
    assert "Divine Blaze cannot be flipped: it costs 6, only 1 left." in text
    assert "Flip Divine Blaze" not in text
    # The others never learn what Ann placed.
    assert "Divine Blaze cannot" not in prompt_text(table, players[1])


def test_the_end_shows_damage_plus_penalty_and_the_placings():
    table, game, players = seated_table("dragsaga", NAMES, seed=4, options={})
    game = play_until(game, players, lambda s: s["finished"], limit=2000)
    html = rendering.render_regions(table, players[1])["scores"]
    result = game.state["result"]
    cost = {card["id"]: card["cost"] for card in game.state["cards"]}
    for row in result["placings"]:
        shown = html.split(f'data-seat="{row["seat"]}"', 1)[1].split("</tr>", 1)[0]
        assert row["penalty"] == sum(cost[c] for c in row["hand"]) // 2
        sum_cell = re.sub(r"<[^>]+>", "", shown.split('class="sum"', 1)[1].split("</td>", 1)[0])
        assert f"{row['damage']} + {row['penalty']} = {row['final_damage']}" in sum_cell
        assert f"½ × {sum(cost[c] for c in row['hand'])} (cost left in hand)" in sum_cell
        assert f'class="place">{row["rank"]}<' in shown
    # The penalty's rule and the tie-break, said once under the table.
    assert html.count("half the cost of the cards left in hand, rounded down") == 1
    assert "fewer cards left in hand" in html


def test_a_tie_on_final_damage_says_how_it_was_settled():
    from dragsaga.presenters import _result_rows

    cards = {"claw": {"id": "claw", "cost": 1}, "roar": {"id": "roar", "cost": 4}}
    placings = [
        {"seat": 1, "rank": 1, "damage": 9, "penalty": 0, "final_damage": 9, "hand_count": 1,
         "hand": ["claw"], "victory_points": 3.0},
        {"seat": 0, "rank": 2, "damage": 7, "penalty": 2, "final_damage": 9, "hand_count": 2,
         "hand": ["claw", "roar"], "victory_points": 2.0},
        {"seat": 2, "rank": 3, "damage": 12, "penalty": 0, "final_damage": 12, "hand_count": 0,
         "hand": [], "victory_points": 1.0},
    ]  # fmt: skip
    rows = _result_rows({"placings": placings}, cards, NAMES)
    assert [r["tie"] for r in rows] == ["hand_count", "hand_count", ""]
    assert [r["hand_cost"] for r in rows] == [1, 5, 0]
    assert rows[0]["name"] == "Ben"


def seat_article(html: str, seat: int) -> str:
    return html.split(f'data-seat="{seat}"', 1)[1].split("</article>", 1)[0]


def test_own_placed_cards_show_their_faces_to_their_owner_only():
    table, game, players = seated_table("dragsaga", NAMES, seed=4, options={})
    game = play_until(game, players, lambda s: s["phase"] == "turns")
    placed = {p["card"] for p in game.state["seats"][0]["placed"]}
    assert placed == {"dragon_breath", "divine_blaze"}

    mine = seat_article(rendering.render_regions(table, players[0])["seats"], 0)
    assert mine.count('class="own-placed"') == 2
    assert set(re.findall(r'data-card="(\w+)"', mine)) == placed

    for other in players[1:]:
        theirs = seat_article(rendering.render_regions(table, other)["seats"], 0)
        assert "own-placed" not in theirs and "data-card=" not in theirs, "backs only"


def test_after_the_six_the_prompt_says_the_budget_is_spent_not_that_both_are_face_up(
    monkeypatch,
):
    """Ann flips Divine Blaze (6) first: Dragon Breath stays face down. The prompt says the
    round's cost is spent and why the 5 cannot flip, never that both cards are face up."""
    table, game, players = seated_table("dragsaga", NAMES, seed=4, options={})

    fives_first = ann_plays

    def six_first(state, legal):
        sixes = [a for a in legal if a["type"] == "flip" and a["card"] == "divine_blaze"]
        return sixes[0] if sixes else fives_first(state, legal)

    monkeypatch.setitem(globals(), "ann_plays", six_first)

    def ann_flipped_the_six(state):
        placed = state["seats"][0]["placed"]
        return (
            state["phase"] == "turns"
            and state["turn"]["seat"] == 0
            and state["guard"] is None
            and any(p["card"] == "divine_blaze" and p["flipped"] for p in placed)
            and not all(p["flipped"] for p in placed)
        )

    play_until(game, players, ann_flipped_the_six)
    text = prompt_text(table, players[0])
    assert "No flip cost left this round: your flips have spent all 6." in text
    assert "Dragon Breath cannot be flipped: it costs 5, only 0 left." in text
    assert "face up" not in text


def test_each_reason_a_card_cannot_flip_is_its_own_sentence():
    """Two cards that cannot flip read as two sentences ("…turn. Divine Storm is …"), never
    run together ("turn.Divine Storm")."""
    from django.utils import translation

    from dragsaga.templatetags.dragsaga_words import ds_flip_budget

    def face(en, ja, cost):
        return {"name_en": en, "name_ja": ja, "cost": cost}

    flips = {
        "left": 6,
        "blocked": [
            {"reason": "guard_on_own_turn", "face": face("Scale Shield", "鱗の盾", 2)},
            {"reason": "attack_on_own_turn", "face": face("Divine Storm", "神龍の嵐", 6)},
        ],
    }
    with translation.override("en"):
        text = re.sub(r"<[^>]+>", "", str(ds_flip_budget(flips, 6)))
    assert "another player's turn. Divine Storm is an attack" in " ".join(text.split())
