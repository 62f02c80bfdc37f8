"""Management commands that speak to a person in one language.

A :class:`TranslatedCommand` takes ``--lang ja|en`` (the default is the project's
``LANGUAGE_CODE``, Japanese) and runs ``handle`` with that language active, so every
line it writes through gettext reads in that language. Machine output (``--json``,
batch answers) stays language-neutral: commands simply do not translate it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation
from django.utils.translation import gettext_lazy


class TranslatedCommand(BaseCommand):
    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        # ``help`` texts are translatable (in the project's language: ``--help`` is read
        # before ``--lang``); argparse wants the description as a plain string.
        self.help = str(self.help)
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help=gettext_lazy("the language of the human-readable output (default: %(default)s)"),
        )
        return parser

    def execute(self, *args: Any, **options: Any) -> Any:
        with translation.override(options.get("lang") or settings.LANGUAGE_CODE):
            return super().execute(*args, **options)
