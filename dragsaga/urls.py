"""DragSaga's URLs: the table's, which are the platform's (``games.tables.urls``, views in
``games.tables.views``; its look is in presenters and templates)."""

from games.tables.urls import table_urlpatterns

app_name = "dragsaga"

urlpatterns = table_urlpatterns("dragsaga")
