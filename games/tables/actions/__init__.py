"""What players and the server do to tables and games (the only writers), one module per
family of actions: ``guests`` (who plays), ``opening`` (a table, its rematch), ``seating``
(taking a seat before the start), ``starting``, ``hints``, ``playing`` (moves, deadlines,
the server's own move), ``stand_ins`` (a bot in an away seat), ``pace`` (when the server
moves next); ``refused`` is what they refuse, ``guided`` a guided first game's script.

Every change to a game goes through ``recording.record`` (lock, ticks, the action, the
log, the save, in one transaction). What happens after the commit (the table's sockets
hear "table N is at version V", the timers arm the next bot move, deadline or take-over)
hangs off :data:`games.tables.events.table_changed`, which those modules subscribe to;
what must be written with the move (a league's results) off
:data:`games.tables.events.game_saved`. This package imports none of them.
"""
