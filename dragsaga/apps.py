from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DragSagaConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dragsaga"
    verbose_name = _("DragSaga")

    def ready(self) -> None:
        from games.registry import RegisteredGame, register

        register(
            RegisteredGame(
                name="dragsaga",
                label=_("DragSaga"),
                engine_path="dragsaga.rules:ENGINE",
                presenters_path="dragsaga.presenters",
                template_dir="dragsaga",
                stylesheet="dragsaga/dragsaga.css",
                print_stylesheet="dragsaga/print.css",
                stacked_path="dragsaga.rules.table:stacked_game",
                learn_path="dragsaga.learn",
                rulebook_path="dragsaga.rulebook",
                league_path="dragsaga.league",
                league_urls="dragsaga.league_urls",
                refusals_path="dragsaga.refusals",
                deal_path="dragsaga.deal:starting_setup",
                demo_path="dragsaga.demo:load_demo_league",
            )
        )
