"""Admin for leagues, club nights, matches and results."""
