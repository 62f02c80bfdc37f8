"""What a game gives the platform: the game contract (docs/adding-a-game.md walks it).

A game app registers one ``games.registry.RegisteredGame`` in its ``AppConfig.ready()``.
It names its parts by dotted paths; :func:`games.contract.checks.check_game` reads each
one then, so a game that lacks a required part stops the start-up with a sentence naming
the game and the part, and the platform afterwards reads every part as a typed object
(never a name looked up by its string). The parts, in the order a game is written:

Required
    ``name`` (the URL namespace and address: one lower-case word) and ``label``;
    the **engine** (``engine_path``): a ``games.engine.Engine``, its state, view and
    outcome carrying the keys of :mod:`games.contract.shapes`;
    the **presenters** (``presenters_path``): :class:`Presenters`' ``present``,
    ``action_from_post`` and ``REGIONS`` (with a ``"prompt"`` region);
    the **templates** (``template_dir``): ``<template_dir>/table.html`` extending
    ``games/table_page.html``, and each region's partial.

Optional (each with a default that works)
    the rest of the **presenters** (lobby options, shared regions, looks, the catch-up's
    words, card faces for replays, hints, notices);
    **league scoring** (``league_path``): a :class:`LeagueScoring`; without it no league
    plays the game;
    a **rules page** (``rulebook_path``): a :class:`Rulebook`;
    **learning** (``learn_path``): a :class:`Learning`, the cheat sheet and guided game;
    **refusal messages** (``refusals_path``): :class:`Refusals`, the engine's messages in
    the player's language;
    a **stylesheet** (``stylesheet``): the static path of the game's CSS, linked on every
    page after the club's own; a **print stylesheet** (``print_stylesheet``): its score
    sheets' CSS, linked on every sheet (inlined in its PDF) after the club's ``print.css``;
    **header links** (the presenters' ``HEADER_LINKS``);
    **score sheets** (the league part's ``blank_sheet``), the **deal** ``/verify/`` shows
    (``deal_path``), **stacked deals** (``stacked_path``), a **demo** (``demo_path``)
    and the game's own **league pages** (``league_urls``).
"""

from games.contract.checks import check_game
from games.contract.league import LeagueScoring
from games.contract.pages import Demo, Learning, Rulebook
from games.contract.presenters import Presenters
from games.contract.reading import ContractError, read_part
from games.contract.refusals import Refusals
from games.contract.shapes import Event, Outcome, Placing, State, View

__all__ = [
    "ContractError",
    "Demo",
    "Event",
    "LeagueScoring",
    "Learning",
    "Outcome",
    "Placing",
    "Presenters",
    "Refusals",
    "Rulebook",
    "State",
    "View",
    "check_game",
    "read_part",
]
