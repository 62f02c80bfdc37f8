"""Dragon Formula's league pages, included under ``leagues:`` (this game's ``league_urls``)."""

from django.urls import path

from dragonformula import league_views as views

PDF = {"as_pdf": True}

urlpatterns = [
    path("sets/<int:pk>/", views.set_detail, name="set_detail"),
    path("sets/<int:pk>/next/", views.next_set, name="next_set"),
    path("sets/<int:pk>/games/<int:number>/correct/", views.correct_game, name="correct_game"),
    path("sets/<int:pk>/undo/", views.undo_game, name="undo_game"),
    path("sets/<int:pk>/reading/", views.hand_preview, name="hand_preview"),
    path("sets/<int:pk>/sheet/", views.set_sheet, name="set_sheet"),
    path("sets/<int:pk>/sheet/pdf/", views.set_sheet, PDF, name="set_sheet_pdf"),
]
