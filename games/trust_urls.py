"""Routes of the trust pages (included by ``games.urls``, in its ``games`` namespace)."""

from django.urls import path

from games import trust_views

urlpatterns = [
    path("verify/", trust_views.verify, name="verify"),
    path("tables/<str:code>/verify/", trust_views.table_verify, name="table_verify"),
    path("tables/<str:code>/replay/", trust_views.table_replay, name="table_replay"),
    path("tables/<str:code>/leave/", trust_views.leave_table, name="leave_table"),
    path("games/<int:pk>/replay/", trust_views.replay, name="replay"),
    path("players/<int:pk>/", trust_views.player_history, name="player_history"),
    path("me/", trust_views.my_history, name="my_history"),
]
