"""A guided first game cannot be knocked off its script: at every step of both games,
every action the rules would let the player take (the engine's own list) is either the
step's own, which leads to the script's next step, or is refused at the table (a 400 with
a sentence saying what to do) and changes nothing. Its clocks never play a seat, it deals
no game after its last step, its last step opens a real table in one tap, and it is listed
nowhere a player's games are."""

import json
import re
from html import unescape

import pytest

from games.learn import steps as guided_steps
from games.learn.models import GuidedGame
from games.registry import game_kind
from games.tables.actions import pace, playing, starting
from games.tables.models import Game, Player, Seat, Table
from tests.web.tables import browser_of, htmx_post

pytestmark = pytest.mark.django_db

SCRIPTS = {
    "dragonformula": [
        "draw", "discard", "wait_bot", "pick", "give_back", "wait_win", "pick_and_dan", "done",
    ],
    "dragsaga": [
        "dragon", "wait", "place", "wait", "flip", "wait", "end_turn", "wait", "guard", "wait",
        "place_again", "wait", "no_guard", "wait", "no_guard_again", "change_target",
        "flip_limit", "end_turn_again", "place_last", "wait", "pass", "wait", "done",
    ],
}  # fmt: skip


class Guided:
    """A newcomer's guided game of ``game_name``, played through the table's own page."""

    def __init__(self, game_name):
        self.name = game_name
        self.kind = game_kind(game_name)
        self.engine = self.kind.engine
        self.player = Player.objects.create(display_name="Newcomer")
        self.browser = browser_of(self.player)
        self.browser.get("/")
        htmx_post(self.browser, f"/learn/{game_name}/start", {})
        self.table = Table.objects.get(guided_game__player=self.player)
        self.url = f"/{game_name}/{self.table.code}/act"

    @property
    def game(self):
        return Game.objects.get(table=self.table)

    def step(self, state=None):
        view = self.engine.view(self.game.state if state is None else state, 0)
        return guided_steps.step_of(self.kind, self.table, view)

    def post(self, action):
        game = self.game
        answer = htmx_post(
            self.browser, self.url, {"action": _json(action), "version": str(game.version)}
        )
        return answer.status_code, unescape(answer.content.decode())

    def bots(self):
        """The bot's moves, as the server's timers make them, until the newcomer is awaited."""
        for _move in range(50):
            game = self.game
            if game.is_finished or 1 not in self.engine.waiting_for(game.state):
                return
            playing.advance(game.pk, game.version, now=game.created.timestamp() + 1)


def _json(action):
    return json.dumps(action)


def _walk(guided):
    """Every state the newcomer sees, to the end: each legal action of theirs is tried; the
    step's own goes on (as the engine would take it, the next state is still on the
    script), every other is refused; then the step's own is played, or the bot moves."""
    walked = []
    for _move in range(80):
        game = guided.game
        step = guided.step()
        walked.append(step.key)
        if step.done:
            return walked, step
        legal = guided.engine.legal_actions(game.state, 0)
        own = [action for action in legal if step.allows(action)]
        for action in legal:
            if step.allows(action):
                after = guided.engine.apply(game.state, 0, action, game.created.timestamp() + 1)
                assert guided.step(after).key != "over", (step.key, action)
                continue
            status, body = guided.post(action)
            assert status == 400, (step.key, action, status)
            assert step.do in body, (step.key, action)  # says what to do instead
            assert guided.game.version == game.version, (step.key, action)  # changed nothing
        if own:
            status, _body = guided.post(own[0])
            assert status == 200, (step.key, own[0])
        else:  # a wait for the bot: nothing the newcomer may do, the bot moves
            assert step.number == 0 or step.key.startswith("wait"), step.key
            playing.advance(game.pk, game.version, now=game.created.timestamp() + 1)
        assert guided.game.version > game.version, f"stuck at {step.key}"
    raise AssertionError(f"the guided game never ended: {walked}")


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
def test_every_legal_action_at_every_step_is_the_steps_own_or_refused(game_name):
    guided = Guided(game_name)
    walked, last = _walk(guided)
    assert [key for i, key in enumerate(walked) if i == 0 or key != walked[i - 1]] == SCRIPTS[
        game_name
    ], walked
    # The numbered steps count 1, 2, ... to the last, each number once (no step twice).
    assert len({key for key in walked if key != "wait"}) == last.number == last.total


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
def test_after_its_last_step_the_guided_table_deals_no_other_game(game_name):
    guided = Guided(game_name)
    _walk(guided)
    guided.bots()
    game = guided.game
    for action in guided.engine.legal_actions(game.state, 0):  # "Next game", settings
        status, body = guided.post(action)
        assert status == 400 and "This guided game is over" in body
    # No countdown, however long the newcomer reads: no tick, no timer, no new game.
    later = game.created.timestamp() + 24 * 3600
    assert pace.next_wakeup(game, later) is None
    playing.tick(game, now=later)
    assert Game.objects.get(pk=game.pk).version == game.version
    page = guided.browser.get(f"/{game_name}/{guided.table.code}/").content.decode()
    assert 'data-step="done"' in page and "countdown" not in page
    assert "Next game" not in page


def test_a_wrong_tap_is_refused_with_what_to_do_in_japanese_too():
    guided = Guided("dragonformula")
    guided.browser.cookies["django_language"] = "ja"
    status, body = guided.post({"type": "auto_pass", "on": True})
    assert status == 400
    assert "ガイド" in body and "山札" in body  # what to do: take the top card of the pile


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
def test_the_last_step_opens_a_real_table_in_one_tap_and_the_lesson_is_listed_nowhere(
    game_name,
):
    guided = Guided(game_name)
    _walk(guided)
    page = guided.browser.get(f"/{game_name}/{guided.table.code}/").content.decode()
    assert 'data-action="real_game"' in page
    # The one tap: the button's form as it stands on the page (the lobby's defaults).
    answer = htmx_post(guided.browser, f"/new/{game_name}/", _hidden_fields(page))
    real = Table.objects.exclude(pk=guided.table.pk).get()
    assert answer.headers["HX-Redirect"] == f"/{game_name}/{real.code}/"
    seats = list(Seat.objects.filter(table=real).order_by("number"))
    assert seats[0].player == guided.player and all(seat.bot_level for seat in seats[1:])
    # Ready: its newcomer starts it as it is.
    assert not starting.start(real, guided.player, seed=1).is_finished
    # The guided game is nobody's played game: not in "My games", not in the lobby.
    history = guided.browser.get("/me/", follow=True).content.decode()
    assert "Newcomer" in history and f'data-game="{guided.game.pk}"' not in history
    assert guided.table.code not in guided.browser.get("/").content.decode()
    assert GuidedGame.objects.filter(table=guided.table).exists()


def _hidden_fields(page):
    """The real-game form's fields as the page writes them."""
    form = page[page.index('class="real-game"') :]
    form = form[: form.index("</form>")]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
