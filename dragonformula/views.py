"""Views of the table pages (thin: reads come from selectors, actions from games.services)."""
