"""High Card's URLs: a table's, which are the platform's (``games.tables.urls``); the URL
namespace is the game's name, as the platform reverses ``<game>:act``."""

from games.tables.urls import table_urlpatterns

app_name = "highcard"

urlpatterns = table_urlpatterns("highcard")
