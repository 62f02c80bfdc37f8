from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Club tables")

    def ready(self) -> None:
        from games.coach import reviews
        from games.leagues import online, result_lines
        from games.live import announce, timers
        from games.nights import announcing, online_rounds
        from games.tables import events as table_events
        from games.trust import login_throttle
        from games.turns import deadlines

        announcing.connect_signals()  # a club night's pages hear of its results
        result_lines.connect_signals()  # every game's results in the platform's lines
        # After every committed change: the sockets hear of it, then the timers arm the
        # server's next move (in this order). With every saved move: a league's results, and
        # once a game ended, its players' reviews.
        table_events.table_changed.connect(announce.tell_sockets, dispatch_uid="announce")
        table_events.table_changed.connect(timers.arm_next_move, dispatch_uid="timers")
        table_events.game_saved.connect(online.game_saved, dispatch_uid="league_results")
        table_events.game_saved.connect(reviews.game_saved, dispatch_uid="reviews")
        # A successful login clears that account's failed tries from that address, no one else's.
        user_logged_in.connect(login_throttle.clear_own_failures, dispatch_uid="login_throttle")
        # A turn-based game's deadlines are written with each move, and as it starts.
        table_events.game_saved.connect(deadlines.game_saved, dispatch_uid="turn_deadlines")
        table_events.game_started.connect(deadlines.game_started, dispatch_uid="turn_start")
        table_events.table_changed.connect(deadlines.seats_changed, dispatch_uid="turn_seats")
        # A move at an online round's table: the round's pages say who is to move now.
        table_events.game_saved.connect(online_rounds.game_saved, dispatch_uid="online_rounds")
