"""High Card, the club's reference game: installed only where the settings turn the
example games on (``EXAMPLE_GAMES``), so the lobby offers it nowhere else."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HighCardConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "examples.highcard"
    label = "highcard"
    verbose_name = _("High Card")

    def ready(self) -> None:
        from games.registry import RegisteredGame, register

        register(
            RegisteredGame(
                name="highcard",
                label=_("High Card"),
                engine_path="examples.highcard.rules:ENGINE",
                presenters_path="examples.highcard.presenters",
                template_dir="highcard",
                rulebook_path="examples.highcard.rulebook",
                league_path="examples.highcard.league",
                deal_path="examples.highcard.deal:dealt_hands",
                demo_path="examples.highcard.demo:load_demo_league",
                refusals_path="examples.highcard.refusals",
                stylesheet="highcard/highcard.css",
            )
        )
