"""Template filters for league pages and score sheets: Dragon Formula names in the page's language."""

from django import template

from games.leagues import hands

register = template.Library()


@register.filter
def hand_name(hand_id: str) -> str:
    return hands.hand_name(hand_id) if hand_id else ""
