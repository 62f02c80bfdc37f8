"""Dragon Formula's URLs: the table's are the platform's (``games.tables.urls``, views in
``games.tables.views``; its look is in presenters and templates), plus the hand calculator and a
seat's waits."""

from django.urls import path

from dragonformula.calculator import calculator
from dragonformula.waits_helper import my_waits
from games.tables.urls import table_urlpatterns

app_name = "dragonformula"

urlpatterns = [
    path("calculator/", calculator, name="calculator"),
    *table_urlpatterns("dragonformula"),
    path("<str:code>/waits", my_waits, name="waits"),
]
