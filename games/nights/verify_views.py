"""A round's seat draw checked on ``/verify/?kind=seat-draw``: the commitment, then the
seating recomputed from the revealed seed (registered with the verify page on import)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.nights import board as night_board
from games.nights import rounds as night_rounds
from games.nights.models import NightRound
from games.registry import game_kind
from games.tables.validators import DigitsIntegerField
from games.trust import fairness
from games.trust import views as trust_views
from games.trust.fairness import COMMITMENT_PATTERN, SALT_PATTERN


class SeatDrawVerifyForm(forms.Form):
    night = DigitsIntegerField(label=gettext_lazy("Club night"), min_value=1, max_value=2**31 - 1)
    round = DigitsIntegerField(label=gettext_lazy("Round"), min_value=1, max_value=2**15)
    seed = DigitsIntegerField(label=gettext_lazy("Seed"), min_value=-(2**63), max_value=2**63 - 1)
    salt = forms.RegexField(
        label=gettext_lazy("Salt"), regex=SALT_PATTERN, max_length=32, strip=True
    )
    commitment = forms.RegexField(
        label=gettext_lazy("Commitment published before the draw"),
        regex=COMMITMENT_PATTERN,
        max_length=64,
        strip=True,
    )


def verify_seat_draw(request: HttpRequest) -> HttpResponse:
    """Recompute a round's seat draw from its revealed seed: the commitment, then the seating."""
    form = SeatDrawVerifyForm(request.GET)
    context: dict[str, Any] = {"form": form}
    if not form.is_valid():
        return render(request, "nights/verify_draw.html", context, status=400)
    data = form.cleaned_data
    night_round = (
        NightRound.objects.select_related("night__league")
        .filter(night_id=data["night"], number=data["round"])
        .first()
    )
    if night_round is None or night_round.status != NightRound.Status.DONE:
        context["message"] = _("No finished round has that number: its seed is shown when it ends.")
        return render(request, "nights/verify_draw.html", context, status=404)
    matches = fairness.commitment_matches(data["salt"], data["seed"], data["commitment"])
    published = night_round.commitment == data["commitment"]
    redrawn = night_rounds.redraw(night_round.draw_input, data["seed"])
    names = {str(e.pk): e.name for e in night_round.night.entrants.all()}
    kind = game_kind(night_round.night.league.game)
    recorded = night_rounds.drawn_tables(night_round)
    same = [
        [(int(p), e) for p, e in zip(t.players, t.elements or [""] * len(t.players), strict=True)]
        for t in redrawn.tables
    ] == recorded
    context.update(
        {
            "night_round": night_round,
            "night": night_round.night,
            "commitment_matches": matches and published,
            "recomputed": fairness.commit(data["salt"], data["seed"]),
            "hash_input": fairness.commitment_message(data["salt"], data["seed"]).decode("ascii"),
            "same_seating": same,
            "tables": [
                [
                    (names.get(p, p), night_board.element_label(kind, e))
                    for p, e in zip(t.players, t.elements or [""] * len(t.players), strict=True)
                ]
                for t in redrawn.tables
            ],
            "repeat_pairs": redrawn.repeat_pairs,
        }
    )
    return render(request, "nights/verify_draw.html", context)


trust_views.register_verify_kind("seat-draw", verify_seat_draw)
