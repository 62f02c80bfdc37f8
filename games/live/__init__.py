"""The live table: each seat's socket (consumers), what a committed change pushes to every
seat (announce), the table's snapshot a push is rendered from (snapshots), how the table
looks to one viewer (rendering, looks), the server's own moves on a deadline (timers), and
the goodbye a stopping process sends every socket (going_away)."""
