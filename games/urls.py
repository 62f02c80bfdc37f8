from django.urls import path

from games import health, views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("healthz", health.healthz, name="healthz"),
]
