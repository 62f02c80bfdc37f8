"""Every game's league results as the platform's one generic result and line per player.

The standings, wins, tonight's table and the member pages count the platform's
:class:`~games.models.Result` (match, number, void, complete) and its
:class:`~games.models.ResultLine` rows (member, seat, rank, victory points, points, played by
a bot), whatever the game. A game without result models of its own records straight into
them. A game with its own (``RESULT_MODEL``/``LINE_MODEL``: a Dragon Formula set with its
elements and games, a DragSaga game with its damage) keeps its detail there, and
:func:`keep` is the one writer of that result's platform rows: a result and its line with the
same match, number and seat. It runs on every save and delete of the game's results and
lines (:func:`connect_signals`), and the game calls it after writing lines in bulk, so the
platform's rows always say what the game's rows say.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Model
from django.db.models.signals import post_delete, post_save

from games.leagues import results
from games.leagues.models import Result, ResultLine
from games.registry import GAMES, game_registered

FIGURES = ("member_id", "rank", "victory_points", "by_bot", "points")
# Rating changes name their result by its platform ``Result``: while a migration renames them,
# a game's own pks are moved out of the way by this much.
RENAMING = 10**15


def own_models(game: Any) -> bool:
    """Whether a registered game keeps results of its own (its lines are kept here too)."""
    return game.has_league and game.league.RESULT_MODEL is not Result


def kept_here() -> list[str]:
    """The games whose platform results are copies :func:`keep` writes (never edited alone)."""
    return [name for name, game in GAMES.items() if own_models(game)]


def _status(result: Any) -> dict[str, Any]:
    """What the platform's result says of a game's result: a game's result without a
    ``complete`` field counts once recorded; it was finished (the ratings' order) when it
    completed, or was recorded."""
    complete = getattr(result, "complete", True)
    done = getattr(result, "completed_at", None) or result.created_at
    return {
        "voided_at": result.voided_at,
        "voided_by_id": result.voided_by_id,
        "complete": complete,
        "completed_at": done if complete else None,
    }


def keep(result: Any, *, made: bool = True) -> None:
    """Make the platform's result and lines of ``result`` (one of a game's own results, saved)
    say what the game's result and lines say now. Without ``made``, only a platform result
    made already is kept (a line saved or deleted: its result's rows may be going too)."""
    game = results.game_of(type(result))
    status = _status(result)
    generic = Result.objects.filter(match_id=result.match_id, number=result.number).first()
    if generic is None and not made:
        return
    if generic is None:
        generic = Result.objects.create(match_id=result.match_id, number=result.number, **status)
    elif any(getattr(generic, key) != value for key, value in status.items()):
        Result.objects.filter(pk=generic.pk).update(**status)
    points = results.line_points(game)
    own = {
        line.seat: {
            "member_id": line.member_id,
            "rank": line.rank,
            "victory_points": line.victory_points,
            "by_bot": line.by_bot,
            "points": getattr(line, points),
        }
        for line in results.line_model(game).objects.filter(**{results.line_result(game): result})
    }
    kept = {line.seat: line for line in ResultLine.objects.filter(result=generic)}
    gone = [line.pk for seat, line in kept.items() if seat not in own]
    if gone:
        ResultLine.objects.filter(pk__in=gone).delete()
    changed = [
        line
        for seat, line in kept.items()
        if seat in own and any(getattr(line, key) != own[seat][key] for key in FIGURES)
    ]
    if changed:
        # The member moves first out of the way of the unique (result, member) pair.
        ResultLine.objects.filter(pk__in=[line.pk for line in changed]).delete()
    ResultLine.objects.bulk_create(
        ResultLine(result=generic, seat=seat, **figures)
        for seat, figures in own.items()
        if seat not in kept or kept[seat] in changed
    )


def keep_match(match: Any) -> None:
    """:func:`keep` every result of ``match`` (after the game's lines moved in bulk)."""
    game = match.league.game
    if results.result_model(game) is Result:
        return
    for result in getattr(match, results.match_results(game)).all():
        keep(result)


# The result and line models of the games with results of their own: (game, is a result).
_WATCHED: dict[type[Model], tuple[str, bool]] = {}


def _saved(sender: type[Model], instance: Any, raw: bool = False, **_: Any) -> None:
    if raw:
        return
    game, is_a_result = _WATCHED[sender]
    if is_a_result:
        keep(instance)
        return
    key = getattr(instance, f"{results.line_result(game)}_id")
    for result in results.result_model(game).objects.filter(pk=key):
        keep(result, made=False)


def _deleted(sender: type[Model], instance: Any, **_: Any) -> None:
    if _WATCHED[sender][1]:
        Result.objects.filter(match_id=instance.match_id, number=instance.number).delete()
    else:
        _saved(sender, instance)


def _watch(sender: Any, kind: Any, **_: Any) -> None:
    """A game registered: if it keeps results of its own, every save and delete of them and of
    their lines keeps the platform's rows."""
    if not own_models(kind):
        return
    for model, is_a_result in ((kind.league.RESULT_MODEL, True), (kind.league.LINE_MODEL, False)):
        _WATCHED[model] = (kind.name, is_a_result)
        post_save.connect(_saved, sender=model, dispatch_uid=f"result_lines_saved_{model}")
        post_delete.connect(_deleted, sender=model, dispatch_uid=f"result_lines_gone_{model}")


def connect_signals() -> None:
    """Watch every game registered from now on (the games register after the platform's app
    is ready) and those registered already."""
    game_registered.connect(_watch, dispatch_uid="result_lines")
    for kind in GAMES.values():
        _watch(None, kind)


def carried_over(app_label: str, result: str, line: str, points: str) -> Any:
    """A data migration's operation: :func:`carry_over` the stored results of the game whose
    app is ``app_label`` (a game's name is its app's label); undone by deleting their platform
    rows."""
    from django.db import migrations

    def forwards(apps: Any, schema_editor: Any) -> None:
        carry_over(apps, app_label, result, line, points)

    def backwards(apps: Any, schema_editor: Any) -> None:
        generic = apps.get_model("games", "Result").objects.filter(match__league__game=app_label)
        changes = apps.get_model("games", "RatingChange").objects.filter(game=app_label)
        changes.update(result_id=F("result_id") + RENAMING)
        own = apps.get_model(app_label, result).objects
        for kept in generic.iterator():
            found = own.filter(match_id=kept.match_id, number=kept.number).first()
            if found is not None:
                changes.filter(result_id=kept.pk + RENAMING).update(result_id=found.pk)
        generic.delete()

    return migrations.RunPython(forwards, backwards)


def carry_over(apps: Any, app_label: str, result: str, line: str, points: str) -> None:
    """For a data migration: give every stored result of a game (its app's ``result`` and
    ``line`` models, the line's total in ``points``) its platform result and lines, with the
    historical models of ``apps``; its rating changes then name the platform's result."""
    changes = apps.get_model("games", "RatingChange").objects.filter(game=app_label)
    changes.update(result_id=F("result_id") + RENAMING)
    generic_result = apps.get_model("games", "Result")
    generic_line = apps.get_model("games", "ResultLine")
    own_line = apps.get_model(app_label, line)
    key = next(
        f.name
        for f in own_line._meta.fields
        if f.related_model is not None and f.related_model.__name__ == result
    )
    for own in apps.get_model(app_label, result).objects.order_by("pk").iterator():
        generic = generic_result.objects.create(match_id=own.match_id, number=own.number)
        status = {**_status(own), "created_at": own.created_at}
        generic_result.objects.filter(pk=generic.pk).update(**status)
        generic_line.objects.bulk_create(
            generic_line(
                result=generic,
                seat=row.seat,
                member_id=row.member_id,
                rank=row.rank,
                victory_points=row.victory_points,
                by_bot=row.by_bot,
                points=getattr(row, points),
            )
            for row in own_line.objects.filter(**{key: own}).order_by("seat")
        )
        changes.filter(result_id=own.pk + RENAMING).update(result_id=generic.pk)
