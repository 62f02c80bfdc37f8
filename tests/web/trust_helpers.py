"""Helpers of the trust tests: bot-only tables played to the end, and reading the pages."""

import html
import re

from games.tables.actions import opening, playing, starting
from games.tables.models import Game


def bots_only_table(game_name, players, level, seed=None):
    """A table the club starts with bots in every seat (dealt from ``seed`` if given)."""
    table = opening.create_table(game_name=game_name, players=players, bot_level=level)
    return table, starting.start(table, None, seed=seed)


def finish(game, limit=5000):
    """Let the server move the game (bots, deadlines) until it ends."""
    for _step in range(limit):
        if game.is_finished:
            return game
        game = playing.advance(game.pk, game.version) or Game.objects.get(pk=game.pk)
    raise AssertionError("the bots did not finish the game")


def text_of(response):
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def deal_rows(page):
    """(label, note, cards) of each row of the deal the verify page shows."""
    rows = []
    for label, cell in re.findall(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td></tr>', page, re.S):
        note = re.search(r'<span class="deal-note">(.*?)</span>', cell)
        cards = re.findall(r'<span class="deal-card" data-code="([^"]*)">', cell)
        rows.append((html.unescape(label), html.unescape(note.group(1)) if note else "", cards))
    return rows


def deck_order(page):
    """The whole deck, top first, as the verify page lists it."""
    block = re.search(r'<ol class="deck-order">(.*?)</ol>', page, re.S).group(1)
    return re.findall(r'<span class="card-code">(.*?)</span>', block)
