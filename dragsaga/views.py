"""DragSaga's table views are the platform's (games.views); its look is in presenters and templates."""
