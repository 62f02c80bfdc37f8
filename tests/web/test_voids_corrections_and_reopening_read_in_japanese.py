"""The void banner, the printed VOID stamp, the correction stamp and an ended night's refusal
read in Japanese (the app's default language) as in English."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from dragsaga.scoring import DragSagaEntry, correct_result
from games.leagues import services
from games.nights.models import ClubNight
from tests.support.leagues import make_league, make_members, record_dragsaga
from tests.web.night_helpers import keeper_of
from tests.web.record_agreement import pdf_of

pytestmark = pytest.mark.django_db
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def test_a_void_and_a_correction_in_japanese(client, tmp_path):
    league = make_league("dragsaga", "春リーグ")
    aki, ben = make_members(league, "佐藤", "鈴木")
    organiser = keeper_of(league, "org")
    client.force_login(organiser)
    voided = record_dragsaga(league, [(aki, 3, 0, 0), (ben, 5, 0, 0)])
    corrected = record_dragsaga(league, [(aki, 4, 0, 0), (ben, 5, 0, 0)])
    correct_result(
        corrected,
        [DragSagaEntry(aki, 6, 0, 0), DragSagaEntry(ben, 5, 0, 0)],
        organiser,
        "数え間違い",
    )
    confirm = client.get(reverse("leagues:void_result", args=["dragsaga", voided.pk]), **JA)
    assert "この結果を無効にしますか？" in confirm.content.decode()
    assert "無効にする理由" in confirm.content.decode()
    client.post(reverse("leagues:void_result", args=["dragsaga", voided.pk]), {"reason": "卓違い"})
    page = client.get(reverse("leagues:dragsaga_detail", args=[voided.pk]), **JA).content.decode()
    assert "が無効にしました" in page and "卓違い" in page and "有効に戻す…" in page
    assert "どこにも数えられません" in page
    sheet = pdf_of(client, reverse("leagues:dragsaga_sheet_pdf", args=[voided.pk]), tmp_path, **JA)
    assert "無効" in sheet and "卓違い" in sheet
    sheet = pdf_of(
        client, reverse("leagues:dragsaga_sheet_pdf", args=[corrected.pk]), tmp_path, **JA
    )
    assert "が訂正しました" in sheet and "数え間違い" in sheet
    page = client.get(
        reverse("leagues:dragsaga_detail", args=[corrected.pk]), **JA
    ).content.decode()
    assert "ゲーム：訂正" in page and "変更前" in page


def test_an_ended_nights_refusal_and_reopening_in_japanese(client):
    league = make_league("dragsaga", "春リーグ")
    aki, ben = make_members(league, "佐藤", "鈴木")
    organiser = keeper_of(league, "org")
    night = ClubNight.objects.create(league=league, date=league.season_start)
    night.ended = timezone.now()
    night.save()
    client.force_login(organiser)
    data = {"club_night": night.pk, "player_0": aki.pk, "player_1": ben.pk}
    for seat in (0, 1):
        data |= {f"damage_{seat}": 3 + seat, f"cards_left_{seat}": 0, f"leftover_cost_{seat}": 0}
    response = client.post(reverse("leagues:record", args=[league.pk]), data, **JA)
    assert response.status_code == 409
    assert "この例会は終了しているため" in response.content.decode()
    page = client.get(reverse("nights:reopen", args=[night.pk]), **JA).content.decode()
    assert "例会を再開しますか？" in page and "再開する理由" in page
    with pytest.raises(services.NightEnded):
        services.check_night_open(night.matches.model(club_night=night))
