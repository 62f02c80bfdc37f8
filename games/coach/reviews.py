"""The coach's review of a finished game, for one seat, computed in the background.

A seat's player opens its review after the game (``review_views``); the first look
starts it: the game is replayed from its log, every action the seat took is handed with
the state before it to the engine's ``review`` (in the bot-thinking worker pool,
``games.coach.bot_thinking``), and the answers are stored as they come (``Review.done`` of
``total``, which the page shows while it waits). Only a finished game is ever reviewed,
so nothing it shows was hidden from anyone any more.

Each human seat's review is also queued as soon as the game ends (:func:`game_saved`, a
subscriber of ``games.tables.events.game_saved``), so it is usually ready by the first look.

A review a stopped server left half done is started again at its next look, once it has
not moved for :data:`STALLED_SECONDS`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import as_completed
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from games.coach import bot_thinking
from games.coach.models import Review
from games.registry import game_kind
from games.tables.models import Game, Seat
from games.trust.replays import replay_of

logger = logging.getLogger(__name__)

STALLED_SECONDS = 120
COSTLIEST = 3  # decisions marked as the ones that cost the most


def decisions_of(game: Game, seat: int) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """(step, state before, action) of every action ``seat`` took in the finished ``game``."""
    replay = replay_of(game)
    engine = replay.engine
    found = []
    state = replay.start
    for step, entry in enumerate(replay.log, start=1):
        if entry.seat == seat and entry.action.get("type") not in engine.setting_actions:
            found.append((step, state, entry.action))
        state = engine.apply(state, entry.seat, entry.action, entry.at)
    return found


def game_saved(sender: Any, game: Game, **_: Any) -> None:
    """A move was saved: once the game it ended is committed, its human seats' reviews
    are queued (off the thread that saved it)."""
    if game.is_finished and getattr(settings, "REVIEWS_AFTER_THE_GAME", True):
        game_id = game.pk
        transaction.on_commit(lambda: queue_after_the_game(game_id))


def queue_after_the_game(game_id: int) -> None:
    """Open the review of every seat of the finished game a person played (in a thread of
    its own: the move that ended the game is answered at once)."""
    _in_background(_queue, game_id)


def _queue(game_id: int) -> None:
    game = Game.objects.get(pk=game_id)
    seats = Seat.objects.filter(table_id=game.table_id, player__isnull=False, bot_level="")
    for number in seats.values_list("number", flat=True):
        open_review(game, number)


def open_review(game: Game, seat: int) -> Review:
    """The seat's review, started if it has not been (or has stalled)."""
    review, created = Review.objects.get_or_create(game=game, seat=seat)
    stalled = review.status == Review.Status.RUNNING and review.updated < timezone.now() - (
        timedelta(seconds=STALLED_SECONDS)
    )
    if created or stalled or review.status == Review.Status.FAILED:
        Review.objects.filter(pk=review.pk).update(
            status=Review.Status.RUNNING, updated=timezone.now()
        )
        review.status = Review.Status.RUNNING
        start(review.pk)
    return review


def start(review_id: int) -> None:
    """Compute the review in a thread of its own (the request that asked returns at once)."""
    _in_background(compute, review_id)


def _in_background(work: Callable[[int], None], key: int) -> None:
    """``work(key)`` in a thread of its own that hands back its database connection, or at
    once when ``settings.REVIEWS_IN_BACKGROUND`` is off (tests wait for it)."""
    if not getattr(settings, "REVIEWS_IN_BACKGROUND", True):
        work(key)
        return

    def run_then_close() -> None:
        try:
            work(key)
        except Exception:
            logger.exception("%s(%s) failed", work.__name__, key)
        finally:
            connection.close()

    threading.Thread(target=run_then_close, daemon=True).start()


def compute(review_id: int) -> None:
    """Weigh every decision of the review's seat in the worker pool, storing as it goes."""
    close_old_connections()
    review = Review.objects.select_related("game").get(pk=review_id)
    game = review.game
    engine = game_kind(game.game_name).engine
    try:
        moves = decisions_of(game, review.seat)
        Review.objects.filter(pk=review_id).update(total=len(moves), done=0, decisions=[])
        samples = getattr(settings, "REVIEW_SAMPLES", None)
        futures = {
            bot_thinking.pool().submit(engine.review, state, review.seat, action, samples): (
                step,
                action,
            )
            for step, state, action in moves
        }
        weighed: list[dict[str, Any]] = []
        for done, future in enumerate(as_completed(futures), start=1):
            step, action = futures[future]
            word = future.result()
            if word is not None:
                weighed.append({"step": step, "action": action, **word})
            weighed.sort(key=lambda decision: decision["step"])
            Review.objects.filter(pk=review_id).update(
                done=done, decisions=weighed, updated=timezone.now()
            )
    except Exception:
        logger.exception("The review of game %s seat %s failed", game.pk, review.seat)
        Review.objects.filter(pk=review_id).update(status=Review.Status.FAILED)
        return
    Review.objects.filter(pk=review_id).update(status=Review.Status.DONE, updated=timezone.now())


def costliest(decisions: list[dict[str, Any]]) -> list[int]:
    """The steps of the (up to) three decisions whose chance fell furthest short of the
    coach's, costliest first; a decision as good as the coach's costs nothing."""
    costs = [(d["coach_chance"] - d["chance"], d["step"]) for d in decisions]
    costs = [cost for cost in costs if cost[0] > 0]
    costs.sort(key=lambda cost: (-cost[0], cost[1]))
    return [step for _, step in costs[:COSTLIEST]]
