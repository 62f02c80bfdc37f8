from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "games/lobby.html")
