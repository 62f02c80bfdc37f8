from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DragonFormulaConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dragonformula"
    verbose_name = _("Dragon Formula")

    def ready(self) -> None:
        from games.registry import RegisteredGame, register

        register(
            RegisteredGame(
                name="dragonformula",
                label=_("Dragon Formula"),
                engine_path="dragonformula.rules.engine:ENGINE",
                presenters_path="dragonformula.presenters",
                template_dir="dragonformula",
                stylesheet="dragonformula/dragonformula.css",
                print_stylesheet="dragonformula/print.css",
                stacked_path="dragonformula.rules.game:stacked_game",
                learn_path="dragonformula.learn",
                rulebook_path="dragonformula.rulebook",
                league_path="dragonformula.league",
                league_urls="dragonformula.league_urls",
                refusals_path="dragonformula.refusals",
                deal_path="dragonformula.deal:first_deal",
                demo_path="dragonformula.demo:load_demo_league",
            )
        )
