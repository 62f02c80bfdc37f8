"""The live table: each seat's socket (consumers), what a committed change pushes to every
seat (announce), the server's own moves on a deadline (timers), and the goodbye a stopping
process sends every socket (going_away). What a push shows is rendered by
``games.regions``."""
