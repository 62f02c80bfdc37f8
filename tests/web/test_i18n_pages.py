"""Every page and partial rendered in Japanese carries no English left over.

The pages are rendered as a visitor, a guest at a table and a score keeper see them,
over the demo club plus a finished game of each kind. The visible text (and the
``title`` / ``aria-label`` / ``placeholder`` a reader meets) is searched for runs of
ASCII words and for ASCII full stops after Japanese; card codes, the players' and
leagues' names, table codes and numbers are what may stay ASCII.
"""

from __future__ import annotations

import html
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from dragonformula import scoring as df_scoring
from dragonformula.models import SetResult
from dragonformula.rules.cards import load_seed
from dragonformula.scoring import SeatEntry
from dragsaga.models import DragSagaResult
from dragsaga.rules.cards import default_card_set
from games.leagues.member_models import Member
from games.leagues.models import League, Match
from games.tables.models import Table
from tests.web.trust_helpers import bots_only_table, finish

pytestmark = pytest.mark.django_db

# Words that are the same in a Japanese text: the games' and formats' own names.
# Proper names and abbreviations a Japanese page writes in Latin letters too.
ALLOWED_WORDS = {"VP", "CSV", "PDF", "QR", "SHA", "English", "Dan", "HTMX", "openskill"}
CARD_CODE = r"[WCSPM]\d{1,2}|[WCSP][PNQK]"
WORD_RUN = re.compile(r"\b[A-Za-z][A-Za-z'’-]+(?:[ \t]+[A-Za-z][A-Za-z'’-]+)+\b")
LONE_WORD = re.compile(r"(?<![A-Za-z0-9_@./-])[a-z][a-z]{2,}(?![A-Za-z0-9_@./:-])")
ASCII_STOP = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff）」』]\.(?!\w)")
ATTRIBUTES = re.compile(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"')


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|pre)\b.*?</\1>", " ", page, flags=re.S)  # pre: commands
    # Text marked as another language on purpose (a card's English name under its Japanese one).
    page = re.sub(r'<(\w+)\b[^>]*\blang="(?:en|he)"[^>]*>.*?</\1>', " ", page, flags=re.S)
    page = re.sub(r"<(option|select)\b[^>]*\bhidden\b.*?</\1>", " ", page, flags=re.S)
    attributes = " \n ".join(ATTRIBUTES.findall(page))
    text = re.sub(r"</?(?:a|strong|em|b|i|span|small|code|abbr|time)\b[^>]*>", "", page)
    text = re.sub(r"<[^>]+>", "\n", text)
    return html.unescape(text + "\n" + attributes)


def english_leftovers(page: str, names: set[str]) -> list[str]:
    text = visible_text(page)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"https?://\S+", " ", text)
    text = re.sub(CARD_CODE, " ", text)
    found = [m.group(0) for m in WORD_RUN.finditer(text)]
    found += [m.group(0) for m in LONE_WORD.finditer(WORD_RUN.sub(" ", text))]
    found = [word for word in found if word not in ALLOWED_WORDS]
    found += [text[max(0, m.start() - 8) : m.end()] for m in ASCII_STOP.finditer(text)]
    return found


@pytest.fixture
def club(settings):
    settings.LANGUAGE_CODE = "ja"
    call_command("load_demo", stdout=io.StringIO())
    _, df_game = bots_only_table("dragonformula", 4, "smart")
    _, ds_game = bots_only_table("dragsaga", 3, "heuristic")
    df_game, ds_game = finish(df_game), finish(ds_game)
    keeper = get_user_model().objects.create_user("keeper", password="pw-long-enough-1")
    keeper.is_staff = True
    keeper.save()
    league = League.objects.get(game="dragonformula")
    members = list(league.members.order_by("name")[:4])
    open_set = df_scoring.start_set(
        Match.objects.create(league=league),
        [SeatEntry(m, e) for m, e in zip(members, ["fire", "water", "air", "earth"], strict=True)],
    )
    return {"df": df_game, "ds": ds_game, "keeper": keeper, "open_set": open_set.pk}


def names_of_club() -> set[str]:
    """Names stay as they are: players, leagues, tables, and the cards' English names that
    the bilingual tooltips show next to the Japanese ones."""
    names = set(Member.objects.values_list("name", flat=True))
    names |= {card["name_en"] for card in load_seed("tarot.json")["cards"]}
    names |= {card["name_en"] for card in default_card_set()}
    names |= set(League.objects.values_list("name", flat=True))
    names |= set(Table.objects.values_list("code", flat=True))
    names |= {"keeper", "花子"}
    return names


def pages(club) -> list[tuple[str, dict]]:
    df, ds = club["df"], club["ds"]
    df_league = League.objects.get(game="dragonformula")
    ds_league = League.objects.get(game="dragsaga")
    a_set = SetResult.objects.filter(match__league=df_league).first()
    open_set = SetResult.objects.get(pk=club["open_set"])
    ds_game = DragSagaResult.objects.filter(match__league=ds_league).first()
    htmx = {"headers": {"HX-Request": "true"}}
    calc = reverse("dragonformula:calculator")
    urls = [
        ("/", {}),
        (reverse("rulebook:index"), {}),
        ("/rules/dragonformula/", {}),
        ("/rules/dragsaga/", {}),
        (reverse("leagues:league_list"), {}),
        (reverse("leagues:league_detail", args=[df_league.pk]), {}),
        (reverse("leagues:league_detail", args=[ds_league.pk]), {}),
        (reverse("leagues:league_detail", args=[df_league.pk]) + "?sort=wins&dir=desc", htmx),
        (reverse("leagues:set_detail", args=[a_set.pk]), {}),
        (reverse("leagues:set_sheet", args=[a_set.pk]), {}),
        (reverse("leagues:set_detail", args=[open_set.pk]), {}),
        (reverse("leagues:dragsaga_detail", args=[ds_game.pk]), {}),
        (reverse("leagues:dragsaga_sheet", args=[ds_game.pk]), {}),
        (reverse("leagues:blank_sheet", args=["dragonformula"]), {}),
        (reverse("leagues:blank_sheet", args=["dragsaga"]), {}),
        (reverse("leagues:standings_sheet", args=[df_league.pk]), {}),
        (calc, {}),
        (calc + "?codes=W3+C3+S3+C5+S5+P5+W8+C8+P8+M7+M12&element=fire&multipliers=genius", {}),
        (calc + "?codes=W1+C1+S6+P6+W9+S9+C10+P10+M2+M14+M21&element=water", htmx),
        (calc + "?codes=W3+X9&element=fire", {}),
        (reverse("games:replay", args=[df.pk]), {}),
        (reverse("games:replay", args=[df.pk]) + "?step=end", {}),
        (reverse("games:replay", args=[df.pk]) + "?step=5", htmx),
        (reverse("games:replay", args=[ds.pk]), {}),
        (reverse("games:replay", args=[ds.pk]) + "?step=end", {}),
        (reverse("games:table_verify", args=[df.table.code]), {}),
        (reverse("games:table_verify", args=[ds.table.code]), {}),
        (reverse("games:verify"), {}),
        (reverse("dragonformula:table", args=[df.table.code]), {}),
        (reverse("dragsaga:table", args=[ds.table.code]), {}),
        (reverse("games:signup"), {}),
        (reverse("login"), {}),
    ]
    for table in Table.objects.filter(status=Table.Status.OPEN):
        urls.append((reverse(f"{table.game_name}:table", args=[table.code]), {}))
        urls.append((reverse("games:join") + f"?code={table.code}", {}))
    player = df.table.seats.exclude(player=None).first()
    if player is not None:
        urls.append((reverse("games:player_history", args=[player.player_id]), {}))
    return urls


@pytest.mark.parametrize(
    ("html_text", "found"),
    [
        ("<p>1 番席： <code>pass</code></p>", ["pass"]),
        ("<option>Default set (RULES 2.1)</option>", ["Default set"]),
        ("<p>クラブのメンバーは<a>ログイン</a>できます.</p>", ["はログインできます."]),
        ("<li>ボット（random）</li>", ["random"]),
    ],
)
def test_the_check_finds_what_a_newcomer_found(html_text, found):
    assert english_leftovers(html_text, set()) == found


def test_the_check_lets_card_codes_names_and_marked_english_through():
    page = '<p>Aki: W3 C10 M7 · 12 VP</p><small lang="en">The Fool</small><pre>printf x</pre>'
    assert english_leftovers(page, {"Aki"}) == []


def test_no_english_reaches_a_japanese_page(club):
    names = names_of_club()
    guest = Client()
    guest.post("/guest/", {"display_name": "花子"})
    keeper = Client()
    keeper.force_login(club["keeper"])
    problems = {}
    for url, extra in pages(club):
        for who, client in (("guest", guest), ("keeper", keeper)):
            response = client.get(url, **extra)
            assert response.status_code < 500, url
            leftovers = english_leftovers(response.content.decode(), names)
            if leftovers:
                problems[f"{who} {url}"] = sorted(set(leftovers))
    preview = reverse("leagues:hand_preview", args=[club["open_set"]])
    for cards in ("W3 C3 S3 C5 S5 P5 W8 C8 P8 M7 M12", "W3 W3", "X9", "W1 W2"):
        response = keeper.post(preview, {"winner": 0, "cards": cards}, headers={"HX-Request": "1"})
        leftovers = english_leftovers(response.content.decode(), names)
        if leftovers:
            problems[f"preview {cards}"] = sorted(set(leftovers))
    record = reverse("leagues:set_detail", args=[club["open_set"]])
    for data in ({"winner": 0, "win": "dan", "cards": "W3 X9"}, {"winner": "", "cards": "W1"}):
        response = keeper.post(record, data)
        assert response.status_code == 400
        leftovers = english_leftovers(response.content.decode(), names)
        if leftovers:
            problems[f"record {data}"] = sorted(set(leftovers))
    assert problems == {}
