"""The channel layer of one serving process: every table's sockets and their groups kept in
this process's memory, as Channels' ``InMemoryChannelLayer`` keeps them, for a club that
runs on one machine (scaled out, Redis's layer takes its place; config/settings.py).

It follows Channels' channel layer specification and the in-memory layer's rules:

- a message waits on its channel for ``expiry`` seconds; one left unread that long is
  dropped, and its channel leaves every group (a socket that went away without leaving
  its groups stops being sent to);
- a channel holds ``capacity`` messages at most (``channel_capacity`` by pattern): a
  ``send`` beyond it raises ``ChannelFull``, a group send skips that channel;
- a channel's membership of a group ends ``group_expiry`` seconds after it joined;
- every receiver gets its own copy of a message.

What it does not do is walk every channel and every group on every receive and every
group send: a channel's own messages are looked at when it is received from or sent to,
a group's members when it is sent to, and the rest once a second at most.
"""

from __future__ import annotations

import asyncio
import random
import string
import time
from collections import deque
from contextlib import suppress
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import BaseChannelLayer

# The longest a channel no one receives from keeps its expired messages.
SWEEP_SECONDS = 1.0


class _Inbox:
    """One channel's waiting messages, each with the moment it expires, and its receivers."""

    __slots__ = ("messages", "receivers")

    def __init__(self) -> None:
        self.messages: deque[tuple[float, dict[str, Any]]] = deque()
        self.receivers: deque[asyncio.Future[None]] = deque()

    def wake_one(self) -> None:
        while self.receivers:
            receiver = self.receivers.popleft()
            if not receiver.done():
                receiver.set_result(None)
                return

    def drop_expired(self, now: float) -> bool:
        """Drop the messages expired by ``now``; whether there were any."""
        dropped = False
        while self.messages and self.messages[0][0] < now:
            self.messages.popleft()
            dropped = True
        return dropped


class LocalChannelLayer(BaseChannelLayer):
    """Channels' layer API (with the groups and flush extensions) in one process's memory."""

    extensions = ["groups", "flush"]

    def __init__(
        self,
        expiry: float = 60,
        group_expiry: float = 86400,
        capacity: int = 100,
        channel_capacity: dict[Any, int] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(expiry=expiry, capacity=capacity, channel_capacity=channel_capacity)
        self.channel_capacity = self.compile_capacities(channel_capacity or {})
        self.group_expiry = group_expiry
        self.channels: dict[str, _Inbox] = {}
        self.groups: dict[str, dict[str, float]] = {}  # group -> channel -> joined at
        self._joined: dict[str, set[str]] = {}  # channel -> its groups
        self._next_sweep = 0.0

    # Channels

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """Put ``message`` on ``channel`` (``ChannelFull`` when it holds its capacity)."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        self._put(channel, message, time.time())

    async def receive(self, channel: str) -> dict[str, Any]:
        """The first message on ``channel``, waiting for one if none is there; of several
        receivers of one channel, one gets each message."""
        self.require_valid_channel_name(channel)
        now = time.time()
        self._sweep(now)
        inbox = self.channels.setdefault(channel, _Inbox())
        if inbox.drop_expired(now):
            self._leave_groups(channel)
        while not inbox.messages:
            receiver = asyncio.get_running_loop().create_future()
            inbox.receivers.append(receiver)
            try:
                await receiver
            except BaseException:
                receiver.cancel()
                if receiver in inbox.receivers:
                    inbox.receivers.remove(receiver)
                if inbox.messages:  # a message it was woken for goes to the next receiver
                    inbox.wake_one()
                elif not inbox.receivers and self.channels.get(channel) is inbox:
                    del self.channels[channel]
                raise
        _expires, message = inbox.messages.popleft()
        if not inbox.messages and not inbox.receivers and self.channels.get(channel) is inbox:
            del self.channels[channel]
        return message

    async def new_channel(self, prefix: str = "specific.") -> str:
        """A new name for a channel this process receives from."""
        return f"{prefix}.inmemory!{''.join(random.choices(string.ascii_letters, k=12))}"

    def queued(self, channel: str) -> int:
        """How many messages wait on ``channel`` (what a bench waits to see drained)."""
        inbox = self.channels.get(channel)
        return len(inbox.messages) if inbox else 0

    # Groups

    async def group_add(self, group: str, channel: str) -> None:
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        self.groups.setdefault(group, {})[channel] = time.time()
        self._joined.setdefault(channel, set()).add(group)

    async def group_discard(self, group: str, channel: str) -> None:
        self.require_valid_channel_name(channel)
        self.require_valid_group_name(group)
        self._discard(group, channel)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Put ``message`` on every channel of ``group``; a full channel is skipped."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        now = time.time()
        self._sweep(now)
        members = self.groups.get(group)
        if not members:
            return
        joined_after = now - self.group_expiry
        for channel, joined in list(members.items()):
            if joined < joined_after:
                self._discard(group, channel)
                continue
            with suppress(ChannelFull):  # a socket that reads no more misses this one
                self._put(channel, message, now)

    # Flush

    async def flush(self) -> None:
        self.channels, self.groups, self._joined = {}, {}, {}

    async def close(self) -> None:
        """Nothing to close: it holds no connection."""

    # Keeping the rules

    def _put(self, channel: str, message: dict[str, Any], now: float) -> None:
        inbox = self.channels.setdefault(channel, _Inbox())
        if inbox.drop_expired(now):
            self._leave_groups(channel)
        if len(inbox.messages) >= self.get_capacity(channel):
            raise ChannelFull(channel)
        inbox.messages.append((now + self.expiry, deepcopy(message)))
        inbox.wake_one()

    def _discard(self, group: str, channel: str) -> None:
        members = self.groups.get(group)
        if members is not None:
            members.pop(channel, None)
            if not members:
                del self.groups[group]
        groups = self._joined.get(channel)
        if groups is not None:
            groups.discard(group)
            if not groups:
                del self._joined[channel]

    def _leave_groups(self, channel: str) -> None:
        for group in list(self._joined.get(channel, ())):
            self._discard(group, channel)

    def _sweep(self, now: float) -> None:
        """Once a second at most: expired messages and memberships everywhere."""
        if now < self._next_sweep:
            return
        self._next_sweep = now + SWEEP_SECONDS
        for channel, inbox in list(self.channels.items()):
            if inbox.drop_expired(now):
                self._leave_groups(channel)
                if not inbox.messages and not inbox.receivers:
                    del self.channels[channel]
        joined_after = now - self.group_expiry
        for group, members in list(self.groups.items()):
            for channel, joined in list(members.items()):
                if joined < joined_after:
                    self._discard(group, channel)
