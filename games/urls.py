from django.urls import include, path

from games import health
from games.coach import views as review_views
from games.tables import alerts, views
from games.turns import views as turn_views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("healthz", health.healthz, name="healthz"),
    path("guest/", views.guest, name="guest"),
    path("signup/", views.signup, name="signup"),
    path("join/", views.join, name="join"),
    path("new/<str:game_name>/", views.new_table, name="new_table"),
    path("rematch/<str:code>/", views.rematch, name="rematch"),
    path("games/<int:pk>/review/<int:seat>/", review_views.review, name="review"),
    path(
        "games/<int:pk>/review/<int:seat>/status",
        review_views.review_status,
        name="review_status",
    ),
    path("alerts/", alerts.set_alert, name="set_alert"),
    path("your-move/", turn_views.your_move, name="your_move"),
    path("your-move/link/", turn_views.your_move_link, name="your_move_link"),
    path("your-move/vacation/", turn_views.vacation, name="vacation"),
    path("your-move/notices/", turn_views.notice_settings, name="notice_settings"),
    path("your-move/push/", turn_views.push_on, name="push_on"),
    path("your-move/push/off/", turn_views.push_off, name="push_off"),
    path("", include("games.trust.urls")),
]
