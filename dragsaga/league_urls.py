"""DragSaga's league pages, included under ``leagues:`` (this game's ``league_urls``)."""

from django.urls import path

from dragsaga import league_views as views

urlpatterns = [
    path("dragsaga/<int:pk>/", views.game_detail, name="dragsaga_detail"),
    path("dragsaga/<int:pk>/correct/", views.correct_game, name="dragsaga_correct"),
    path("dragsaga/<int:pk>/sheet/", views.game_sheet, name="dragsaga_sheet"),
    path(
        "dragsaga/<int:pk>/sheet/pdf/",
        views.game_sheet,
        {"as_pdf": True},
        name="dragsaga_sheet_pdf",
    ),
]
