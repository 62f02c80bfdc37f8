from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.rulebook import dragonformula as dragonformula_page
from games.rulebook import dragsaga as dragsaga_page


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "rulebook/index.html")


def dragon_formula(request: HttpRequest) -> HttpResponse:
    return render(request, "rulebook/dragonformula.html", dragonformula_page.page_context())


def dragsaga(request: HttpRequest) -> HttpResponse:
    context = dragsaga_page.page_context(request.GET.get("set"))
    return render(request, "rulebook/dragsaga.html", context)
