"""Trust: what lets players believe a table — the shuffle commitment and its verify page
(fairness), replays from seed and log, a player's history, who stood in for whom; with their
models, admin, forms, pages and the table page's trust panels (template library
``table_trust``)."""
