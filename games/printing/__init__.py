"""Printable pages as PDF: score sheets, standings, claim slips (``pdf``, with its fonts)."""
