"""Table pushes over the websocket come in the viewer's language, like the page itself."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.live.consumers import viewer_language as scope_language
from tests.web.sockets import in_own_loop
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db(transaction=True)

WATCHING = {"en": "You are watching this table.", "ja": "この卓を観戦しています。"}


async def first_frame(code: str, headers: list[tuple[bytes, bytes]]) -> str:
    from config.asgi import application

    socket = WebsocketCommunicator(
        application, f"/ws/table/{code}/", headers=[(b"origin", b"http://localhost"), *headers]
    )
    connected, _ = await socket.connect()
    assert connected
    frame = await socket.receive_from()
    await socket.disconnect()
    return frame


@pytest.mark.parametrize(
    ("headers", "language"),
    [
        ([], "ja"),
        ([(b"accept-language", b"en-US,en;q=0.9")], "en"),
        ([(b"cookie", b"django_language=en")], "en"),
        ([(b"cookie", b"django_language=ja"), (b"accept-language", b"en")], "ja"),
        ([(b"cookie", b"django_language=xx"), (b"accept-language", b"fr, en;q=0.5")], "en"),
    ],
)
@in_own_loop
async def test_socket_frames_use_the_viewers_language(settings, headers, language):
    settings.LANGUAGE_CODE = "ja"
    table, _game, _players = await database_sync_to_async(seated_table)(
        "dragonformula", ["Ann", "Ben"]
    )
    frame = await first_frame(table.code, headers)
    assert WATCHING[language] in frame
    other = "en" if language == "ja" else "ja"
    assert WATCHING[other] not in frame


def test_scope_language_falls_back_to_the_site_default(settings):
    settings.LANGUAGE_CODE = "ja"
    assert scope_language({"headers": [(b"accept-language", b"de, fr")]}) == "ja"
    assert scope_language({"cookies": {"django_language": "en-gb"}}) == "en"
