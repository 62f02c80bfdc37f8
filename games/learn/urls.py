from django.urls import path

from games.learn import views

app_name = "learn"

urlpatterns = [
    path("<slug:name>/cheat-sheet/", views.cheat_sheet, name="cheat_sheet"),
]
