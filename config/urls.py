from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("dragonformula/", include("dragonformula.urls")),
    path("dragsaga/", include("dragsaga.urls")),
    path("rules/", include("games.rulebook.urls")),
    path("learn/", include("games.learn.urls")),
    path("leagues/", include("games.leagues.urls")),
    path("nights/", include("games.nights.urls")),
    path("", include("games.urls")),
]
