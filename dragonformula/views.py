"""Dragon Formula's table views are the platform's (games.tables.views); its look is in presenters and templates."""
