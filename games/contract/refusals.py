"""A game's refusal messages: what its engine's ``IllegalAction`` messages say in the
player's language.

The rules packages cannot use Django's gettext, so an engine raises ``IllegalAction`` with
a plain English ``message``, a stable ``code`` and ``params``. A game's refusals module
(``refusals_path``) lists them, marked with ``gettext_noop`` so the catalogues find them
(``scripts/i18n_check.py``): ``MESSAGES``, the messages its engine writes as constants, and
``TEMPLATES``, by code, the messages that name a card or a number, filled from ``params``.
The platform keeps its own few (``games.tables.refusals``); a message nobody lists is shown
in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Refusals:
    MESSAGES: frozenset[str] = frozenset()
    TEMPLATES: Mapping[str, str] = field(default_factory=dict)


NONE = Refusals()
