from django.urls import path

from dragonformula.calculator import calculator
from games.table_urls import table_urlpatterns

app_name = "dragonformula"

urlpatterns = [
    path("calculator/", calculator, name="calculator"),
    *table_urlpatterns("dragonformula"),
]
