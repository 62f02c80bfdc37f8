"""The replay board steps turn by turn: a seat's consecutive actions are one step, a run of
passes (or of "ready for the next game") by any seats is one step; every step says what
happened in words of the page's language, never an action's raw name (``next_game``)."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation

from games.registry import engine_for, game_kind
from games.tables.actions import opening, starting
from games.trust.replay_words import ACTION_WORDS, run_words
from games.trust.replays import replay_of, replay_turns
from tests.web.trust_helpers import finish

pytestmark = pytest.mark.django_db

RAW_WORDS = sorted(
    set(engine_for("dragonformula").action_schema)
    | set(engine_for("dragsaga").action_schema)
    | {"tick"},
    key=len,
    reverse=True,
)


def finished(game_name, players, level, seed):
    table = opening.create_table(game_name=game_name, players=players, bot_level=level)
    return finish(starting.start(table, None, seed=seed))


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def worded(language: str, game_name: str) -> set[str]:
    """Every phrase the board may say an action did, in ``language``."""
    game_words = game_kind(game_name).presenters.ACTION_WORDS
    with translation.override(language):
        words = {str(w) for w in [*ACTION_WORDS.values(), *game_words.values()]}
        words |= {run_words(kind, n) for kind in ("pass", "next_game") for n in (1, 2, 3)}
        from games.trust.replay_words import action_words

        words |= {action_words({"type": "auto_pass", "on": on}) for on in (True, False)}
    return words


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize(
    ("game_name", "players", "level", "seed"),
    [("dragonformula", 4, "smart", 2), ("dragsaga", 3, "heuristic", 5)],
)
def test_every_step_of_a_whole_game_says_what_happened_in_words(
    client, language, game_name, players, level, seed
):
    game = finished(game_name, players, level, seed)
    turns = replay_turns(replay_of(game).log)
    client.cookies["django_language"] = language
    url = f"/games/{game.pk}/replay/"
    phrases = worded(language, game_name)
    kinds_seen = set()
    for turn in turns:
        page = client.get(
            url, {"turn": turn.index}, headers={"HX-Request": "true"}
        ).content.decode()
        assert f'data-step="{turn.last}"' in page and f'data-turn="{turn.index}"' in page
        line = re.search(r'<p class="replay-action">(.*?)</p>', page, re.S).group(1)
        said = text(line)
        assert "_" not in said, said
        for verb in re.findall(r'<span class="replay-verb">(.*?)</span>', line):
            assert html.unescape(verb) in phrases, said
        if language == "ja":
            assert not [w for w in RAW_WORDS if w in said.lower()], said
        kinds_seen |= {entry.action["type"] for entry in turn.entries}
    # The whole game was walked, its game ends and passes among it.
    assert turns[-1].last == game.version
    assert "pass" in kinds_seen
    if game_name == "dragonformula":
        assert "next_game" in kinds_seen


def test_a_run_of_passes_is_one_step_and_next_steps_over_it(client):
    game = finished("dragonformula", 4, "smart", 2)
    turns = replay_turns(replay_of(game).log)
    covered = [n for turn in turns for n in turn.numbers]
    assert covered == list(range(1, game.version + 1))  # every action once, in order
    for before, after in zip(turns[1:], turns[2:], strict=False):
        assert not (before.run and before.run == after.run)  # runs are whole
        if not before.run and not after.run and after.entries[0].seat is not None:
            assert before.entries[-1].seat != after.entries[0].seat  # a turn is whole
    runs = [
        turn
        for turn in turns
        if turn.run == "pass"
        and len(turn.entries) == 3
        and turns[turn.index - 1].entries[-1].action["type"] == "discard"
    ]
    assert runs, "a four-seat game has discards the three others let go"
    run = runs[0]
    discard = turns[run.index - 1]

    url = f"/games/{game.pk}/replay/"
    page = client.get(url, {"step": discard.last}).content.decode()
    assert f'class="replay-next" rel="next" href="{url}?step={run.last}"' in page
    at_run = client.get(url, {"step": run.last}).content.decode()
    line = text(re.search(r'<p class="replay-action">.*?</p>', at_run, re.S).group(0))
    seats = [entry.seat + 1 for entry in run.entries]
    assert all(f"Seat {seat}" in line for seat in seats) and line.strip().endswith("pass"), line
    assert f"Step {run.index} of {len(turns) - 1}" in text(at_run)


def test_a_seats_draw_and_discard_are_one_step(client):
    game = finished("dragonformula", 2, "smart", 1)
    turns = replay_turns(replay_of(game).log)
    first = turns[1]
    assert [e.action["type"] for e in first.entries] == ["draw", "discard"]
    url = f"/games/{game.pk}/replay/"
    page = client.get(url, {"step": first.last}).content.decode()
    line = text(re.search(r'<p class="replay-action">.*?</p>', page, re.S).group(0))
    assert "draws a card" in line and "discards" in line
    # A step inside a turn shows the turn so far; Next finishes it.
    inside = client.get(url, {"step": first.first}).content.decode()
    line = text(re.search(r'<p class="replay-action">.*?</p>', inside, re.S).group(0))
    assert "draws a card" in line and "discards" not in line
    assert f'href="{url}?step={first.last}"' in inside
