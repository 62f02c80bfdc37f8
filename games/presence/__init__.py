"""Presence: who is at each seat. A seat's sockets opening and closing, a player away and
the bot that stands in after the table's limit (leavers, away), the server processes
holding sockets, with their models; and who is at the table as every seat sees it
(at_the_table)."""
