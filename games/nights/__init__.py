"""Club nights: check-in, rounds, the seat draw and its tables, the night's board and its socket.

The night pages' writes live in one module per business (views only check who may do it):
``schedule`` (the season's calendar), ``check_in``, ``rounds`` (announced, drawn, timed; the
night's end), ``round_tables`` (a drawn table opened online or at real cards, a member taking
their seat), ``seat_links`` (a phone seated by a one-time link); ``tonight`` is what the pages
read. Each write runs in one transaction and, once it is committed, tells the night's Channels
group (``announcing``) so the projector page and every open night page redraw themselves.
League results need no call from here: a night table's match is an ordinary league match, and
the result signals (``announcing.connect_signals``) announce the night whenever one of its
matches records a game. Refusals raise ``refused.NightRefused`` with a message for the keeper
and an HTTP status.
"""
