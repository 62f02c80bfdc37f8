"""A club night of each game with a correction and a void, as an organiser makes them through
the pages: afterwards every figure on every page and file agrees with the results that count
(the league page, standings CSV and PDF, results CSV, the night board, tonight's standings on
the night page and the projector, the player pages), and each printed sheet says what became
of its result (VOID, or "corrected on … by …")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from dragonformula.models import SetResult
from dragsaga.models import DragSagaResult
from games.nights import round_tables
from games.nights.models import NightTable
from tests.support.leagues import make_league
from tests.web.night_helpers import keeper_of, night_of, one_table_drawn, tally
from tests.web.record_agreement import (
    EN,
    assert_every_column_is_named,
    assert_every_figure_agrees,
    pdf_of,
    table_rows,
)

pytestmark = pytest.mark.django_db


def drawn_at_real_cards(game):
    league = make_league(game, "Saga League" if game == "dragsaga" else "Formula League")
    night, members = night_of(league, count=4)
    organiser = keeper_of(league, "org")
    night_table = one_table_drawn(night, members)
    round_tables.open_table(night_table, NightTable.Mode.CARDS)
    night_table.refresh_from_db()
    return league, night, members, organiser, night_table


def seat_names(night_table):
    return [seat.entrant.name for seat in night_table.seats.order_by("number")]


def truth_of_dragsaga(league):
    """Each player's VP, final damage and games from the DragSaga games that count."""
    truth = {}
    for result in DragSagaResult.objects.filter(match__league=league, voided_at=None):
        for line in result.lines.select_related("member"):
            vp, points, played = truth.get(line.member.name, (Decimal(0), 0, 0))
            truth[line.member.name] = (
                vp + line.victory_points,
                points + line.final_damage,
                played + 1,
            )
    return truth


def test_a_dragsaga_game_corrected_then_voided_and_recorded_again_agrees_everywhere(
    client, tmp_path
):
    league, night, members, organiser, night_table = drawn_at_real_cards("dragsaga")
    client.force_login(organiser)
    names = seat_names(night_table)
    record = reverse("nights:table_result", args=[night.pk, night_table.pk])
    response = client.post(record, tally(night_table, [(7, 0, 0), (3, 0, 0), (5, 1, 4), (9, 0, 0)]))
    assert response.status_code == 302, response.content.decode()
    result = DragSagaResult.objects.get()
    assert_every_figure_agrees(client, league, night, truth_of_dragsaga(league), tmp_path)

    # A correction: the first seat took 2 damage, not 7; it now places first.
    correct = reverse("leagues:dragsaga_correct", args=[result.pk])
    form = client.get(correct, **EN).content.decode()
    assert 'name="damage_0"' in form and 'value="7"' in form and 'name="reason"' in form
    data = tally(night_table, [(2, 0, 0), (3, 0, 0), (5, 1, 4), (9, 0, 0)])
    refused = client.post(correct, data)  # no reason: nothing changes
    assert refused.status_code == 400
    assert result.lines.get(seat=0).damage == 7
    response = client.post(correct, {**data, "reason": "misread the tokens"})
    assert response.status_code == 302, response.content.decode()
    first = result.lines.get(seat=0)
    assert (first.damage, first.final_damage, first.rank, first.victory_points) == (2, 2, 1, 3)
    truth = truth_of_dragsaga(league)
    assert truth[names[0]] == (Decimal(3), 2, 1)
    assert_every_figure_agrees(client, league, night, truth, tmp_path)
    page = client.get(reverse("leagues:dragsaga_detail", args=[result.pk]), **EN).content.decode()
    history = page[page.index('id="history"') :]
    assert "Game corrected" in history and "misread the tokens" in history and "org" in history
    assert_every_column_is_named(page)
    damage_row = next(row for row in table_rows(history) if row[:2] == [names[0], "Damage tokens"])
    assert damage_row[2:] == ["7", "2"]  # before and after
    sheet = pdf_of(client, reverse("leagues:dragsaga_sheet_pdf", args=[result.pk]), tmp_path)
    assert "Corrected on" in sheet and "by org" in sheet and "misread the tokens" in sheet

    # A void: asked first, with a reason; it counts nowhere and the table is recorded again.
    void = reverse("leagues:void_result", args=["dragsaga", result.pk])
    asked = client.get(void, **EN).content.decode()
    assert "Void this result?" in asked and 'name="reason"' in asked
    assert client.post(void, {"reason": "  "}).status_code == 400
    result.refresh_from_db()
    assert result.voided_at is None
    assert client.post(void, {"reason": "wrong players at the table"}).status_code == 302
    result.refresh_from_db()
    assert result.void_reason == "wrong players at the table"
    assert_every_figure_agrees(
        client, league, night, {name: (Decimal(0), 0, 0) for name in names}, tmp_path
    )
    board = client.get(reverse("nights:night", args=[night.pk]), **EN).content.decode()
    assert "<s>void:" in board and record in board  # struck out, and recorded again from here
    response = client.post(record, tally(night_table, [(4, 0, 0), (6, 2, 5), (4, 1, 2), (8, 0, 0)]))
    assert response.status_code == 302, response.content.decode()
    again = DragSagaResult.objects.get(voided_at=None)
    assert again.match_id == result.match_id and again.number == 2
    truth = truth_of_dragsaga(league)
    assert_every_figure_agrees(client, league, night, truth, tmp_path)
    board = client.get(reverse("nights:night", args=[night.pk]), **EN).content.decode()
    shown = board[board.index('class="results"') :].split("</p>")[0]
    for line in again.lines.select_related("member"):
        assert (
            f"{line.member.name} {line.final_damage} · {line.victory_points.normalize():f}" in shown
        )
    assert "void" not in shown
    assert client.get(record).status_code == 409  # recorded, and counting: not twice
    sheet = client.get(reverse("nights:table_sheet", args=[night.pk, night_table.pk]))
    assert sheet["Location"] == reverse("leagues:dragsaga_sheet", args=[again.pk])

    # The void game's page and sheet say so, and offer nothing that would fail.
    page = client.get(reverse("leagues:dragsaga_detail", args=[result.pk]), **EN).content.decode()
    assert 'class="void-banner"' in page and "wrong players at the table" in page and "org" in page
    assert "Correct this game" not in page and "Void this game" not in page
    assert "Count it again" in page
    assert client.post(correct, {**data, "reason": "x"}).status_code == 409
    history = page[page.index('id="history"') :]
    assert "Game voided" in history and "Game recorded" in history
    sheet = pdf_of(client, reverse("leagues:dragsaga_sheet_pdf", args=[result.pk]), tmp_path)
    assert "VOID" in sheet and "wrong players at the table" in sheet
    html_sheet = client.get(reverse("leagues:dragsaga_sheet", args=[result.pk]), **EN)
    assert "VOID" in html_sheet.content.decode()


def record_set_games(client, set_result, winners):
    page = reverse("leagues:set_detail", args=[set_result.pk])
    for winner in winners:
        fields = (
            {"winner": winner, "win": "dan", "hand": "sephirot_6"}
            if winner != ""
            else {
                "winner": "",
                "win": "none",
            }
        )
        response = client.post(page, fields)
        assert response.status_code == 302, response.content.decode()


def truth_of_sets(league):
    truth = {}
    for set_result in SetResult.objects.filter(match__league=league, voided_at=None, complete=True):
        for line in set_result.lines.select_related("member"):
            vp, points, played = truth.get(line.member.name, (Decimal(0), 0, 0))
            truth[line.member.name] = (vp + line.victory_points, points + line.points, played + 1)
    return truth


def test_a_dragon_formula_set_corrected_then_voided_and_counted_again_agrees_everywhere(
    client, tmp_path
):
    league, night, members, organiser, night_table = drawn_at_real_cards("dragonformula")
    client.force_login(organiser)
    set_result = SetResult.objects.get()
    record_set_games(client, set_result, [0, 1, "", ""])
    set_result.refresh_from_db()
    assert set_result.complete
    truth = truth_of_sets(league)
    assert_every_figure_agrees(client, league, night, truth, tmp_path)

    # Game 2 was the fourth seat's, not the second's.
    correct = reverse("leagues:correct_game", args=[set_result.pk, 2])
    fields = {"winner": 3, "win": "dan", "hand": "sephirot_6"}
    assert client.post(correct, fields).status_code == 400  # the reason is asked for
    response = client.post(correct, {**fields, "reason": "it was the fourth seat's Dan"})
    assert response.status_code == 302, response.content.decode()
    truth = truth_of_sets(league)
    assert_every_figure_agrees(client, league, night, truth, tmp_path)
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk]), **EN).content.decode()
    assert "it was the fourth seat&#x27;s Dan" in page or "it was the fourth seat's Dan" in page
    assert_every_column_is_named(page)
    sheet = pdf_of(client, reverse("leagues:set_sheet_pdf", args=[set_result.pk]), tmp_path)
    assert "Corrected on" in sheet and "by org" in sheet

    # Voided, it counts nowhere; its page offers no correction or undo, its sheet says VOID.
    void = reverse("leagues:void_result", args=["set", set_result.pk])
    assert client.post(void, {"reason": "a player was not drawn here"}).status_code == 302
    names = [line.member.name for line in set_result.lines.select_related("member")]
    assert_every_figure_agrees(
        client, league, night, {name: (Decimal(0), 0, 0) for name in names}, tmp_path
    )
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk]), **EN).content.decode()
    assert 'class="void-banner"' in page and "a player was not drawn here" in page
    assert "Correct a game" not in page and "Undo game" not in page
    assert "points, ranks and victory points are in the league" not in page
    assert client.get(correct).status_code == 409
    undo = client.post(reverse("leagues:undo_game", args=[set_result.pk]))
    assert undo.status_code == 409
    sheet = pdf_of(client, reverse("leagues:set_sheet_pdf", args=[set_result.pk]), tmp_path)
    assert "VOID" in sheet and "a player was not drawn here" in sheet

    # Counted again, with a reason: every figure is back, and the history holds both.
    restore = reverse("leagues:restore", args=["set", set_result.pk])
    assert client.post(restore, {"reason": "the draw was right after all"}).status_code == 302
    assert_every_figure_agrees(client, league, night, truth, tmp_path)
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk]), **EN).content.decode()
    history = page[page.index('id="history"') :]
    assert "Set voided" in history and "a player was not drawn here" in history
    assert "Set counted again" in history and "the draw was right after all" in history
    assert history.index("Set counted again") < history.index("Set voided")  # newest first


def seated(set_result):
    return [(line.member_id, line.element) for line in set_result.lines.order_by("seat")]


def test_a_night_tables_void_set_is_recorded_again_and_agrees_everywhere(client, tmp_path):
    league, night, members, organiser, night_table = drawn_at_real_cards("dragonformula")
    client.force_login(organiser)
    voided = SetResult.objects.get()
    record_set_games(client, voided, [0, "", "", ""])
    void = reverse("leagues:void_result", args=["set", voided.pk])
    assert client.post(void, {"reason": "played with the wrong deck"}).status_code == 302
    page = client.get(reverse("leagues:set_detail", args=[voided.pk]), **EN).content.decode()
    assert "Record this table&#x27;s set again" in page or "Record this table's set again" in page
    response = client.post(reverse("leagues:next_set", args=[voided.pk]))
    assert response.status_code == 302
    again = SetResult.objects.get(voided_at=None)
    assert (again.match_id, again.number) == (voided.match_id, 2)
    assert seated(again) == seated(voided)
    # Once the table has a set that counts, it is not recorded a third time.
    assert client.post(reverse("leagues:next_set", args=[voided.pk])).status_code == 409
    record_set_games(client, again, [1, "", "", ""])
    assert_every_figure_agrees(client, league, night, truth_of_sets(league), tmp_path)
    board = client.get(reverse("nights:night", args=[night.pk]), **EN).content.decode()
    assert reverse("leagues:set_detail", args=[again.pk]) in board
    assert "<s>void:" not in board
