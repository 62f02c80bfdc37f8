"""The strong bots' thinking is shared by client and by table: one client that starts eight
4-seat strong-bot DragSaga tables (three bots keeping a dragon at once at each, 24 thoughts
of about 0.1 s) does not
make another client's strong bot wait behind all of them. Before, the thinking workers
took thoughts first come, first served: the other table waited for every one."""

import asyncio

import pytest

from games.coach import bot_thinking
from games.tables.actions import opening, starting
from games.tables.models import Player

pytestmark = pytest.mark.django_db(transaction=True)

SPAM_TABLES = 8


def strong_table(creator, session, players=4):
    """A strong-bot DragSaga table opened by ``creator`` from the browser ``session``,
    started: its bots keep their dragons while the creator's seat waits."""
    table = opening.create_table(
        game_name="dragsaga",
        players=players,
        bot_level="strong",
        created_by=creator,
        created_session=session,
        seat_bots=True,
    )
    return starting.start(table, creator)


@pytest.fixture
def pool():
    bot_thinking.shut_down()
    yield
    bot_thinking.shut_down()


def test_another_clients_strong_bot_answers_before_the_spammers_thoughts_are_done(settings, pool):
    settings.BOT_THINKING_WORKERS = 1
    spammer = Player.objects.create(display_name="Spam")
    member = Player.objects.create(display_name="Aiko")
    spam = [strong_table(spammer, "spam-browser") for _ in range(SPAM_TABLES)]
    other = strong_table(member, "aikos-browser", players=2)

    async def scenario():
        thoughts = [asyncio.ensure_future(bot_thinking.think(g.pk, g.version)) for g in spam]
        await asyncio.sleep(0.3)  # every spam table's bots are thinking or waiting to
        answer = await bot_thinking.think(other.pk, other.version)
        done_before = sum(len(t.result()) for t in thoughts if t.done())
        spam_answers = await asyncio.gather(*thoughts)
        return answer, done_before, sum(len(a) for a in spam_answers)

    answer, done_before, spam_thoughts = asyncio.run(scenario())
    assert answer  # the other table's bot decided
    assert spam_thoughts >= 3 * SPAM_TABLES  # three or four bots each
    # It waited for a few of the spammer's thoughts, never for most of them.
    assert done_before <= spam_thoughts // 2, (done_before, spam_thoughts)


def test_clients_take_turns_and_so_do_one_clients_tables():
    from games.coach.bot_thinking import FairQueue

    waiting = FairQueue()
    for n in range(3):
        waiting.put("spammer", "table 1", f"spam 1.{n}")
    waiting.put("spammer", "table 2", "spam 2.0")
    waiting.put("club", "table 3", "club 3.0")
    order = [waiting.take() for _ in range(len(waiting))]
    assert order == ["spam 1.0", "club 3.0", "spam 2.0", "spam 1.1", "spam 1.2"]
    with pytest.raises(IndexError):
        waiting.take()
