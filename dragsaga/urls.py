"""DragSaga's URLs: the table's, which are the platform's (``games.table_urls``, views in
``games.views``; its look is in presenters and templates)."""

from games.table_urls import table_urlpatterns

app_name = "dragsaga"

urlpatterns = table_urlpatterns("dragsaga")
