"""A finished game whose log today's rules refuse (a Dragon Formula "I'm back" from before
the platform's stand-ins played for seats out of time) has its replay refused with a
message and a 409, not a server error."""

from datetime import UTC, datetime

import pytest

from games.tables.models import ActionLog, Game
from tests.web.tables import browser_of, seated_table
from tests.web.trust_helpers import text_of

pytestmark = pytest.mark.django_db


def test_a_log_the_rules_now_refuse_has_no_replay_and_says_why(settings):
    settings.LANGUAGE_CODE = "en"
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    ActionLog.objects.create(
        game=game, version=game.version + 1, seat=0, action={"type": "back"}, now=1.0
    )
    Game.objects.filter(pk=game.pk).update(
        version=game.version + 1, finished=datetime.now(tz=UTC), outcome={"placings": []}
    )
    response = browser_of(players[0]).get(f"/games/{game.pk}/replay/")
    assert response.status_code == 409
    assert "no longer replays under today's rules" in text_of(response)
