"""Tables: the players, tables, seats, games and their action log (models); a move applied
and recorded (actions) and read back (selectors, statements); the table's pages, forms
and URLs; the limits and refusals a player meets; the signal every committed change sends
(events)."""
