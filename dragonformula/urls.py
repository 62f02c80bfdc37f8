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
