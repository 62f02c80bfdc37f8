"""A league database filled by the code of main 09dcb9e (when the platform still kept each
game's result models), and the standings pages a checkout renders from a database.

``fill`` was run once from a checkout of 09dcb9e; its database and the pages that code
rendered (``render``) are the fixtures of ``test_old_results_keep_their_standings``, which
migrates a copy of that database with today's code and renders the same pages again::

    DATABASE_URL=sqlite:////tmp/old.sqlite3 python <this file> fill
    DATABASE_URL=sqlite:////tmp/old.sqlite3 python <this file> render <pages.json>
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, os.getcwd())
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
os.environ["ALLOWED_HOSTS"] = "testserver"

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402


def fill() -> None:
    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    from dragonformula import league as df
    from dragonformula.rules import random_winning_hand
    from dragsaga.league import DragSagaEntry, record_result
    from games.leagues import ratings, services
    from games.models import DragSagaLine, League, SetLine, SetResult

    keeper = get_user_model().objects.create_user("keeper", password="x", is_staff=True)
    df_league = League.objects.get(game="dragonformula")
    ds_league = League.objects.get(game="dragsaga")
    df_members = list(df_league.members.order_by("pk"))
    ds_members = list(ds_league.members.order_by("pk"))

    # A Dragon Formula set kept game by game, then a game corrected (its history keeps both).
    match = services.new_match(df_league)
    seats = [
        df.SeatEntry(m, e)
        for m, e in zip(df_members[:4], ["fire", "water", "air", "earth"], strict=True)
    ]
    set_result = df.start_set(match, seats)
    first = df.record_game(set_result, df.GameEntry(winner=None, win="none"), by=keeper)
    for _number in range(1, 4):
        df.record_game(set_result, df.GameEntry(winner=None, win="none"), by=keeper)
    cards = tuple(random_winning_hand(random.Random(7), special_share=0.0))
    df.correct_game(
        first,
        df.GameEntry(winner=1, cards=cards, penalties=(df.PenaltyEntry(2, "wrong_order"),)),
        by=keeper,
    )
    # A set voided by the keeper.
    services.void_result(
        SetResult.objects.filter(match__league=df_league).order_by("pk")[0], keeper
    )
    # A seat a bot played for its drawn player (as mark_bot_lines marks it).
    bot_set = SetResult.objects.filter(match__league=df_league, complete=True).order_by("-pk")[1]
    SetLine.objects.filter(set=bot_set, seat=0).update(by_bot=True)
    ratings.rebuild("dragonformula")

    # DragSaga: a new match of two games, one voided, one with a bot-played seat.
    match = services.new_match(ds_league)
    a = record_result(
        match,
        [
            DragSagaEntry(m, d, c, n)
            for m, d, c, n in zip(ds_members[:3], (5, 9, 3), (4, 0, 7), (2, 0, 3), strict=True)
        ],
    )
    b = record_result(
        match,
        [
            DragSagaEntry(m, d, c, n)
            for m, d, c, n in zip(ds_members[1:4], (8, 8, 2), (0, 3, 0), (0, 1, 0), strict=True)
        ],
    )
    services.void_result(a, keeper)
    DragSagaLine.objects.filter(game=b, seat=2).update(by_bot=True)
    ratings.rebuild("dragsaga")


def pages() -> dict[str, str]:
    from games.models import League, Member

    out = {}
    staff = Client()
    staff.force_login(get_user_model().objects.get(username="keeper"))
    for who, client in (("anon", Client()), ("keeper", staff)):
        for lang in ("ja", "en"):
            urls = []
            for league in League.objects.order_by("pk"):
                for name in ("league_detail", "standings_sheet", "standings_csv", "results_csv"):
                    urls.append(reverse(f"leagues:{name}", args=[league.pk]))
            for member in Member.objects.filter(guest=False).order_by("pk"):
                urls.append(reverse("leagues:member_detail", args=[member.pk]))
            for url in urls:
                response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
                assert response.status_code == 200, (url, response.status_code)
                out[f"{who} {lang} {url}"] = response.content.decode()
    # Each result's own pages (a set's games and corrections, its sheet), as its keeper sees
    # them; found by their tables, which keep their names whichever app owns the model.
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM games_setresult ORDER BY id")
        sets = [row[0] for row in cursor.fetchall()]
        cursor.execute("SELECT id FROM games_dragsagaresult ORDER BY id")
        dragsaga = [row[0] for row in cursor.fetchall()]
    urls = [f"/leagues/sets/{pk}/" for pk in sets] + [f"/leagues/sets/{pk}/sheet/" for pk in sets]
    urls += [f"/leagues/dragsaga/{pk}/" for pk in dragsaga]
    urls += [f"/leagues/dragsaga/{pk}/sheet/" for pk in dragsaga]
    for url in urls:
        response = staff.get(url, HTTP_ACCEPT_LANGUAGE="ja")
        assert response.status_code == 200, (url, response.status_code)
        out[f"keeper ja {url}"] = response.content.decode()
    return out


if __name__ == "__main__":
    if sys.argv[1] == "fill":
        fill()
    else:
        Path(sys.argv[2]).write_text(json.dumps(pages(), ensure_ascii=False, sort_keys=True))
