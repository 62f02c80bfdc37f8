"""When the process stops (SIGTERM), every socket it serves is closed with 1001 "going away",
so browsers know at once and reconnect (to another process, or to this one restarted)
instead of waiting for a dead connection to time out.

Under Daphne an application cannot send 1001 itself: Autobahn, which speaks WebSocket for
Daphne, takes only 1000 or 3000-4999 from an application's ``websocket.close``. So this runs
in Twisted's own shutdown (:func:`attach_to_server`, a "before shutdown" trigger, which Daphne
runs on SIGTERM): each open WebSocket connection of the reactor sends its close frame with
Autobahn's ``sendCloseFrame``, and the shutdown waits :data:`FLUSH_SECONDS` for the frames to
leave before the connections are dropped.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

logger = logging.getLogger(__name__)

GOING_AWAY = 1001
FLUSH_SECONDS = 0.3  # for the close frames to leave before the connections are dropped


def close_every_socket(reactor: Any) -> int:
    """Send every open WebSocket connection of ``reactor`` a close frame with
    :data:`GOING_AWAY`; how many."""
    from autobahn.websocket.protocol import WebSocketProtocol

    count = 0
    for reader in list(reactor.getReaders()):
        protocol = getattr(reader, "protocol", None)
        if isinstance(protocol, WebSocketProtocol) and protocol.state == protocol.STATE_OPEN:
            protocol.sendCloseFrame(code=GOING_AWAY, reasonUtf8=b"going away")
            count += 1
    logger.info("Stopping: %d sockets closed with %d", count, GOING_AWAY)
    return count


def attach_to_server() -> None:
    """Under Daphne (Twisted's asyncio reactor): close every socket before the shutdown."""
    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is None:
        return
    from twisted.internet import task
    from twisted.internet.asyncioreactor import AsyncioSelectorReactor

    if not isinstance(reactor, AsyncioSelectorReactor):
        return

    def before_shutdown() -> Any:
        close_every_socket(reactor)
        return task.deferLater(reactor, FLUSH_SECONDS, lambda: None)

    reactor.addSystemEventTrigger("before", "shutdown", before_shutdown)
