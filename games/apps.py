from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Club tables")

    def ready(self) -> None:
        from games.leagues import nights

        nights.connect_signals()  # a club night's pages hear of its results
