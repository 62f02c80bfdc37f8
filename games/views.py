from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "games/lobby.html")


def healthz(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})
