from django.urls import include, path

from games.leagues import (
    csv_views,
    identity_views,
    roster_views,
    season_views,
    tournament_views,
    views,
)
from games.registry import GAMES

app_name = "leagues"

PDF = {"as_pdf": True}

urlpatterns = [
    path("", views.league_list, name="league_list"),
    path("<int:pk>/", views.league_detail, name="league_detail"),
    path("<int:pk>/standings.csv", csv_views.standings_csv, name="standings_csv"),
    path("<int:pk>/results.csv", csv_views.results_csv, name="results_csv"),
    path("<int:pk>/record/", views.record, name="record"),
    path("<int:pk>/night-by-night/", tournament_views.season_progress, name="season_progress"),
    path("<int:pk>/calendar/", season_views.calendar, name="calendar"),
    path("<int:pk>/calendar/schedule/", season_views.schedule, name="schedule"),
    path("<int:pk>/calendar/<int:night>/change/", season_views.change_night, name="change_night"),
    path("<int:pk>/season/end/", season_views.end_season, name="end_season"),
    path("<int:pk>/tables/", views.open_table, name="open_table"),
    path("<int:pk>/sheet/", views.standings_sheet, name="standings_sheet"),
    path("<int:pk>/sheet/pdf/", views.standings_sheet, PDF, name="standings_sheet_pdf"),
    path("<int:pk>/players/link/", identity_views.link_member, name="link_member"),
    path("<int:pk>/players/import/", roster_views.import_members, name="import_members"),
    path("<int:pk>/players/claim-slips/", roster_views.claim_slips, name="claim_slips"),
    path(
        "<int:pk>/players/<int:member_pk>/change/",
        roster_views.change_member,
        name="change_member",
    ),
    path(
        "<int:pk>/players/<int:member_pk>/readmit/",
        roster_views.readmit_member,
        name="readmit_member",
    ),
    path(
        "<int:pk>/players/<int:member_pk>/unlink/",
        identity_views.unlink_member,
        name="unlink_member",
    ),
    path(
        "<int:pk>/players/<int:member_pk>/claim-code/", identity_views.claim_code, name="claim_code"
    ),
    path("<int:pk>/seats/<int:seat_pk>/name/", identity_views.name_seat, name="name_seat"),
    path("claim/", identity_views.claim, name="claim"),
    path("players/<int:pk>/", views.member_detail, name="member_detail"),
    path("<str:kind>/<int:pk>/void/", views.void_result, name="void_result"),
    path("<str:kind>/<int:pk>/restore/", views.void_result, {"restore": True}, name="restore"),
    path("sheets/<slug:game>/", views.blank_sheet, name="blank_sheet"),
    path("sheets/<slug:game>/pdf/", views.blank_sheet, PDF, name="blank_sheet_pdf"),
    # Each game's own league pages (a set's running table, a result's sheet …).
    *(path("", include(kind.league_urls)) for kind in GAMES.values() if kind.league_urls),
]
