from django.urls import path

from games.rulebook import views

app_name = "rulebook"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:name>/", views.game, name="game"),
]
