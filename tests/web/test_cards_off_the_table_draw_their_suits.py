"""Dragon Formula cards shown off the table (replays, /verify/) draw their suits from symbols
the page defines, as the table page does: every suit a card uses is defined once on the page,
the deck's order included."""

from __future__ import annotations

import re

import pytest

from games.trust.models import ShuffleCommitment
from tests.web.trust_helpers import bots_only_table, finish

pytestmark = pytest.mark.django_db

# A set game whose replay draws cards of every suit: a game dealt at random may leave a suit
# out of the replay's hands (seed 78's has no Pentacles), and a page could then leave that
# suit's symbol out unseen. The deal and the bots' choices both come from the seed.
EVERY_SUIT_SEED = 1


def suits_drawn_and_defined(page: str) -> tuple[set[str], list[str]]:
    used = set(re.findall(r'<use href="#(suit-[WCSP])"', page))
    defined = re.findall(r'<symbol id="(suit-[WCSP])"', page)
    return used, defined


def test_replays_and_verify_pages_define_the_suits_their_cards_draw(client):
    table, game = bots_only_table("dragonformula", 2, "smart", seed=EVERY_SUIT_SEED)
    game = finish(game)
    commitment = ShuffleCommitment.objects.get(game=game)
    pages = {
        "replay": client.get(f"/games/{game.pk}/replay/").content.decode(),
        "replay step": client.get(
            f"/games/{game.pk}/replay/", {"step": 5}, headers={"HX-Request": "true"}
        ).content.decode(),
        "table verify": client.get(f"/tables/{table.code}/verify/").content.decode(),
        "verify": client.get(
            "/verify/",
            {
                "game": "dragonformula",
                "players": 2,
                "seed": game.seed,
                "salt": commitment.salt,
                "commitment": commitment.commitment,
            },
        ).content.decode(),
    }
    for name in ("replay", "table verify", "verify"):
        used, defined = suits_drawn_and_defined(pages[name])
        assert used == {"suit-W", "suit-C", "suit-S", "suit-P"}, name
        assert sorted(defined) == sorted(used), name  # each defined once
    # A step swapped in by htmx uses the page's definitions (it does not repeat them).
    used, defined = suits_drawn_and_defined(pages["replay step"])
    assert used and not defined
    deck = re.search(r'<ol class="deck-order">(.*?)</ol>', pages["verify"], re.S).group(1)
    chips = re.findall(r'<li data-code="([^"]*)">(.*?)</li>', deck, re.S)
    assert len(chips) == 78
    for code, chip in chips:
        assert ('href="#suit-' + code[0] + '"' in chip) == (not code.startswith("M")), code


def test_dragsaga_pages_carry_no_tarot_suits(client):
    table, game = bots_only_table("dragsaga", 2, "random")
    game = finish(game)
    for url in (f"/games/{game.pk}/replay/", f"/tables/{table.code}/verify/"):
        page = client.get(url).content.decode()
        assert suits_drawn_and_defined(page) == (set(), [])
