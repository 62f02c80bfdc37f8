from games.tables.urls import table_urlpatterns

app_name = "dragsaga"

urlpatterns = table_urlpatterns("dragsaga")
