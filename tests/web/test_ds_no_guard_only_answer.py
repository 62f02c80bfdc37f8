"""When "No guard" is a hit player's only answer, the prompt offers it as the one thing to
press (primary and focused, so Enter answers) and its flip budget says why each face-down
card cannot guard. The table still waits the guard window for them: answering for them at
once would tell everyone they hold no guard."""

import re

import pytest

from games.regions import rendering
from games.registry import engine_for
from tests.web.tables import seated_table
from tests.web.test_ds_flip_limit_explained import NAMES, play_until

pytestmark = pytest.mark.django_db
ENGINE = engine_for("dragsaga")


def test_no_guard_as_the_only_answer_is_explained_and_focused():
    table, game, players = seated_table("dragsaga", NAMES, seed=4, options={})

    def ann_can_only_say_no_guard(state):
        guard = state["phase"] == "turns" and state["guard"]
        return (
            bool(guard)
            and 0 in guard["pending"]
            and ENGINE.legal_actions(state, 0) == [{"type": "no_guard"}]
        )

    play_until(game, players, ann_can_only_say_no_guard, limit=2000)
    html = rendering.render_regions(table, players[0])["prompt"]
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "cannot be flipped" in text or "does not block" in text or "is an attack" in text
    assert re.search(
        r'<button class="big primary" name="action" value="[^"]*no_guard[^"]*" autofocus>', html
    )
    # The others see only that Ann is deciding, not why.
    assert "autofocus" not in rendering.render_regions(table, players[1])["prompt"]
