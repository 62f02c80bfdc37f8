from django.urls import path

from dragonformula.calculator import calculator

app_name = "dragonformula"

urlpatterns: list = [
    path("calculator/", calculator, name="calculator"),
]
