from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import RedirectView

from games.trust import password_resets

# The admin pages of the league results that moved to their games' apps, at their old
# addresses, so bookmarks and links written before the move still lead to them.
MOVED_ADMIN_PAGES = {
    "setresult": "dragonformula",
    "setgame": "dragonformula",
    "dragsagaresult": "dragsaga",
}


class MovedAdminPage(RedirectView):
    permanent = True

    def get_redirect_url(self, *args, model: str, rest: str, **kwargs) -> str:
        url = f"/admin/{MOVED_ADMIN_PAGES[model]}/{model}/{rest}"
        query = self.request.META.get("QUERY_STRING", "")
        return f"{url}?{query}" if query else url


urlpatterns = [
    re_path(
        r"^admin/games/(?P<model>" + "|".join(MOVED_ADMIN_PAGES) + r")/(?P<rest>.*)$",
        MovedAdminPage.as_view(),
    ),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    # "Forgot your password?" within its limits, and the outbox staff read without SMTP.
    path(
        "accounts/password_reset/",
        password_resets.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path("accounts/outbox/", password_resets.outbox, name="outbox"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("dragonformula/", include("dragonformula.urls")),
    path("dragsaga/", include("dragsaga.urls")),
    path("highcard/", include("examples.highcard.urls")),  # a table 404s unless it is installed
    path("rules/", include("games.rulebook.urls")),
    path("learn/", include("games.learn.urls")),
    path("leagues/", include("games.leagues.urls")),
    path("nights/", include("games.nights.urls")),
    path("", include("games.urls")),
]
