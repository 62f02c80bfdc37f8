from games.table_urls import table_urlpatterns

app_name = "dragonformula"

urlpatterns = table_urlpatterns("dragonformula")
