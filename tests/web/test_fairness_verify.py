"""The shuffle commitment on real tables: published at the start, revealed at the end, and
recomputed by the verify page with the game's own engine; tampering shows as a mismatch."""

import pytest

from games.trust import fairness
from games.trust.models import ShuffleCommitment
from tests.web.trust_helpers import bots_only_table, deal_rows, finish, text_of

pytestmark = pytest.mark.django_db


def test_the_commitment_is_published_at_the_start_and_hides_seed_and_salt(client):
    table, game = bots_only_table("dragsaga", 3, "random")
    commitment = ShuffleCommitment.objects.get(game=game)
    assert fairness.commitment_matches(commitment.salt, game.seed, commitment.commitment)

    page = client.get(f"/tables/{table.code}/verify/").content.decode()

    assert commitment.commitment in page
    assert str(game.seed) not in page and commitment.salt not in page
    assert "appear here when it ends" in page


def test_at_the_end_the_revealed_seed_matches_and_the_setup_is_dealt_again(client):
    table, game = bots_only_table("dragsaga", 3, "heuristic")
    published = ShuffleCommitment.objects.get(game=game).commitment
    game = finish(game)

    response = client.get(f"/tables/{table.code}/verify/")

    page, text = response.content.decode(), text_of(response)
    assert response.status_code == 200
    assert 'data-matches="true"' in page and "✓ Match" in text
    commitment = ShuffleCommitment.objects.get(game=game)
    assert commitment.commitment == published  # the same one shown since the start
    assert str(game.seed) in page and commitment.salt in page
    assert "reaches exactly the recorded end of the game" in text
    # The live game's own record of its start (its first public event) is what the
    # revealed seed deals again: colours, the first start player, the 15-card hands.
    started = game.state["log"][0]
    assert started["type"] == "game_start"
    hand = [card["id"] for card in game.state["cards"]]
    assert deal_rows(page) == [
        (
            f"Seat {seat + 1}",
            f"{colour} dragon" + (" · starts" if seat == started["start_player"] else ""),
            hand,
        )
        for seat, colour in enumerate(started["colours"])
    ]


def test_a_different_seed_fails_verification_visibly(client):
    table, game = bots_only_table("dragsaga", 2, "random")
    game = finish(game)
    commitment = ShuffleCommitment.objects.get(game=game)

    response = client.get(
        "/verify/",
        {
            "game": "dragsaga",
            "players": 2,
            "seed": game.seed + 1,
            "salt": commitment.salt,
            "commitment": commitment.commitment,
        },
    )

    page, text = response.content.decode(), text_of(response)
    assert response.status_code == 200
    assert 'data-matches="false"' in page and "✗ Mismatch" in text
    assert "NOT the SHA-256" in text
    assert fairness.commit(commitment.salt, game.seed + 1) in page


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("salt", "not-hex", "32 hexadecimal digits"),
        ("commitment", "abc", "64 hexadecimal digits"),
        ("seed", "twelve", "whole number"),
        ("players", "7", "less than or equal to 4"),
        ("game", "chess", "not one of the available choices"),
    ],
)
def test_malformed_input_is_refused_with_a_message(client, field, value, message):
    query = {
        "game": "dragsaga",
        "players": 3,
        "seed": 42,
        "salt": "ab" * 16,
        "commitment": "cd" * 32,
        field: value,
    }
    response = client.get("/verify/", query)
    assert response.status_code == 400
    assert message in text_of(response)
    assert "data-matches" not in response.content.decode()


def test_the_public_verify_page_explains_the_recipe(client):
    response = client.get("/verify/")
    assert response.status_code == 200
    assert "printf '%s:%s' SALT SEED | sha256sum" in text_of(response)


def test_the_table_page_shows_the_commitment_from_the_start_and_reveals_at_the_end(client):
    table, game = bots_only_table("dragsaga", 2, "random")
    commitment = ShuffleCommitment.objects.get(game=game)
    page = client.get(f"/dragsaga/{table.code}/").content.decode()
    assert f'data-commitment="{commitment.commitment}"' in page
    assert commitment.salt not in page and f'class="seed">{game.seed}' not in page

    game = finish(game)
    page = client.get(f"/dragsaga/{table.code}/").content.decode()
    assert f'data-commitment="{commitment.commitment}"' in page
    assert f'<code class="seed">{game.seed}</code>' in page
    assert f'<code class="salt">{commitment.salt}</code>' in page
