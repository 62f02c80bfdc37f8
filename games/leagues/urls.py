from django.urls import path

from games.leagues import views

app_name = "leagues"

PDF = {"as_pdf": True}

urlpatterns = [
    path("", views.league_list, name="league_list"),
    path("<int:pk>/", views.league_detail, name="league_detail"),
    path("<int:pk>/standings.csv", views.standings_csv, name="standings_csv"),
    path("<int:pk>/results.csv", views.results_csv, name="results_csv"),
    path("<int:pk>/record/", views.record, name="record"),
    path("<int:pk>/tables/", views.open_table, name="open_table"),
    path("<int:pk>/sheet/", views.standings_sheet, name="standings_sheet"),
    path("<int:pk>/sheet/pdf/", views.standings_sheet, PDF, name="standings_sheet_pdf"),
    path("<int:pk>/players/link/", views.link_member, name="link_member"),
    path("<int:pk>/players/<int:member_pk>/unlink/", views.unlink_member, name="unlink_member"),
    path("<int:pk>/players/<int:member_pk>/claim-code/", views.claim_code, name="claim_code"),
    path("<int:pk>/seats/<int:seat_pk>/name/", views.name_seat, name="name_seat"),
    path("claim/", views.claim, name="claim"),
    path("players/<int:pk>/", views.member_detail, name="member_detail"),
    path("<str:kind>/<int:pk>/void/", views.void_result, name="void_result"),
    path("<str:kind>/<int:pk>/restore/", views.void_result, {"restore": True}, name="restore"),
    path("sets/<int:pk>/", views.set_detail, name="set_detail"),
    path("sets/<int:pk>/next/", views.next_set, name="next_set"),
    path("sets/<int:pk>/reading/", views.hand_preview, name="hand_preview"),
    path("sets/<int:pk>/sheet/", views.set_sheet, name="set_sheet"),
    path("sets/<int:pk>/sheet/pdf/", views.set_sheet, PDF, name="set_sheet_pdf"),
    path("dragsaga/<int:pk>/", views.dragsaga_detail, name="dragsaga_detail"),
    path("dragsaga/<int:pk>/sheet/", views.dragsaga_sheet, name="dragsaga_sheet"),
    path("dragsaga/<int:pk>/sheet/pdf/", views.dragsaga_sheet, PDF, name="dragsaga_sheet_pdf"),
    path("sheets/dragonformula/", views.blank_set_sheet, name="blank_set_sheet"),
    path("sheets/dragonformula/pdf/", views.blank_set_sheet, PDF, name="blank_set_sheet_pdf"),
    path("sheets/dragsaga/", views.blank_dragsaga_sheet, name="blank_dragsaga_sheet"),
    path("sheets/dragsaga/pdf/", views.blank_dragsaga_sheet, PDF, name="blank_dragsaga_sheet_pdf"),
]
