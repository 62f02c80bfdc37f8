"""Routes of a club night's pages (mounted at ``/nights/`` by config/urls.py)."""

from django.urls import path

from games.nights import (
    exports,
    real_table_views,
    reopen_views,
    verify_views,  # noqa: F401 - registers /verify/?kind=seat-draw
)
from games.nights import views as night_views

app_name = "nights"

urlpatterns = [
    path("new/<int:league>/", night_views.new_night, name="new"),
    path("online-round/<int:league>/", night_views.new_online_round, name="new_online_round"),
    path("<int:pk>/", night_views.night_page, name="night"),
    path("<int:pk>/act/", night_views.act, name="act"),
    path("<int:pk>/reopen/", reopen_views.reopen, name="reopen"),
    path("seat/<str:token>/", night_views.take_seat, name="take_seat"),
    path("<int:pk>/screen/", night_views.screen, name="screen"),
    path("<int:pk>/results.csv", exports.results_csv, name="results_csv"),
    path("<int:pk>/standings.csv", exports.standings_csv, name="standings_csv"),
    path("<int:pk>/tables/<int:table>/sheet/", real_table_views.table_sheet, name="table_sheet"),
    path(
        "<int:pk>/tables/<int:table>/sheet/pdf/",
        real_table_views.table_sheet,
        {"as_pdf": True},
        name="table_sheet_pdf",
    ),
    path("<int:pk>/tables/<int:table>/result/", real_table_views.table_result, name="table_result"),
]
