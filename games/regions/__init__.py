"""A table as each viewer sees it: the table's snapshot after a change, read once
(snapshots), its regions rendered for one viewer from what their seat may see (rendering),
and the looks a remembered region is filed under (looks). The table's page, its pushes
(``games.live``) and the replay and trust pages (``games.trust``) all render from here;
nothing here reaches the sockets, the announcer or the timers."""
