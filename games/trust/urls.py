"""Routes of the trust pages (included by ``games.urls``, in its ``games`` namespace)."""

from django.urls import path

from games.trust import views

urlpatterns = [
    path("verify/", views.verify, name="verify"),
    path("tables/<str:code>/verify/", views.table_verify, name="table_verify"),
    path("tables/<str:code>/replay/", views.table_replay, name="table_replay"),
    path("tables/<str:code>/leave/", views.leave_table, name="leave_table"),
    path("games/<int:pk>/replay/", views.replay, name="replay"),
    path("players/<int:pk>/", views.player_history, name="player_history"),
    path("me/", views.my_history, name="my_history"),
]
