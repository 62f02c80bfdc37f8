"""Leagues: recording results (services), standings (selectors), pages, CSV and score sheets."""
