from django.urls import path

from games.learn import views

app_name = "learn"

urlpatterns = [
    path("<slug:name>/", views.guided_game, name="game"),
    path("<slug:name>/start", views.start_guided_game, name="start"),
    path("<slug:name>/cheat-sheet/", views.cheat_sheet, name="cheat_sheet"),
]
