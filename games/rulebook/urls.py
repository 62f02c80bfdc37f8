from django.urls import path

from games.rulebook import views

app_name = "rulebook"

urlpatterns = [
    path("", views.index, name="index"),
    path("dragonformula/", views.dragon_formula, name="dragonformula"),
    path("dragsaga/", views.dragsaga, name="dragsaga"),
]
