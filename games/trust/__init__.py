"""Trust: what lets players believe a table. The shuffle commitment and its verify page
(fairness), replays from seed and log, a player's history, with their model, admin, forms,
pages and the table page's trust panels (template library ``table_trust``); and the login
throttle that keeps members' accounts from password guessing (login_throttle)."""
