"""``python manage.py rate --rebuild [--game <a registered game>] [--lang en]``: replay
every result that counts, in the order results were completed, and store the ratings anew
(the same numbers the incremental updates gave). Without ``--rebuild``: the ratings now."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.management.language import TranslatedCommand
from games.ratings import ratings
from games.ratings.models import Rating
from games.registry import GAMES


class Command(TranslatedCommand):
    help = gettext_lazy("Skill ratings: rebuild them from every result, or list them.")

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--rebuild", action="store_true", help=gettext_lazy("replay every result in order")
        )
        parser.add_argument(
            "--game",
            choices=list(GAMES),
            help=gettext_lazy("only this game (default: every game)"),
        )

    def handle(self, *args, **options) -> None:
        games = [options["game"]] if options["game"] else list(GAMES)
        for game in games:
            label = GAMES[game].label
            if options["rebuild"]:
                count = ratings.rebuild(game)
                self.stdout.write(
                    _("%(game)s: %(count)s results rated.") % {"game": label, "count": count}
                )
                continue
            self.stdout.write(str(label))
            listed = Rating.objects.filter(game=game).select_related("member")
            for rating in sorted(listed, key=lambda r: -ratings.ordinal(r.mu, r.sigma)):
                shown = ratings.shown(rating.mu, rating.sigma, rating.results)
                self.stdout.write(
                    f"  {shown:>4}  {rating.member.name}  "
                    f"μ={rating.mu:.2f} σ={rating.sigma:.2f} ({rating.results})"
                )
