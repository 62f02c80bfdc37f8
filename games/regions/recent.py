"""What this process remembers while it is asked for: the latest entries, at most a number
of them, each also let go once nobody has put or asked for it in a while.

A club's server renders the same regions and reads the same changes for every viewer of a
move, and then never again once the table has moved on: an entry that waits for a bounded
cache to fill before it goes holds its memory through a quiet evening. :class:`Recent` is
that memory kept to what is in use; :func:`remembered` files a function's results in one,
as ``functools.lru_cache`` would (with its ``cache_info`` and ``cache_clear``).
"""

from __future__ import annotations

import functools
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple


class Recent:
    """The latest entries put, at most ``size`` of them (thread-safe): what this process
    remembers of recent changes and tables. With ``seconds``, an entry neither put nor
    asked for in that long is forgotten too (at the next put or get)."""

    def __init__(self, size: int, seconds: float | None = None) -> None:
        # key -> (when last put or asked for, value); the least recently used first
        self._entries: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        self._size, self._seconds = size, seconds
        self._lock = threading.Lock()
        self.clock = time.monotonic  # seconds, for the ages (a test may stand in its own)

    def get(self, key: Hashable) -> Any:
        now = self.clock()
        with self._lock:
            self._forget_stale(now)
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries[key] = (now, found[1])
            self._entries.move_to_end(key)
            return found[1]

    def put(self, key: Hashable, value: Any) -> None:
        now = self.clock()
        with self._lock:
            self._entries[key] = (now, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
            self._forget_stale(now)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def _forget_stale(self, now: float) -> None:
        if self._seconds is None:
            return
        while self._entries:
            touched, _value = next(iter(self._entries.values()))
            if now - touched <= self._seconds:
                return  # the rest were used later still
            self._entries.popitem(last=False)


class CacheInfo(NamedTuple):
    """How a :func:`remembered` function's entries have served, as ``lru_cache`` says it."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


def remembered(size: int, seconds: float) -> Callable[[Callable[..., Any]], Any]:
    """A function's results remembered by its positional arguments in a :class:`Recent` of
    ``size`` entries, each let go ``seconds`` after it was last asked for. A result is never
    ``None``. Two threads asking at once for one not yet remembered may both work it out."""

    def decorate(function: Callable[..., Any]) -> Any:
        entries = Recent(size, seconds)
        counts = {"hits": 0, "misses": 0}

        @functools.wraps(function)
        def wrapper(*args: Hashable) -> Any:
            found = entries.get(args)
            if found is not None:
                counts["hits"] += 1
                return found
            counts["misses"] += 1
            result = function(*args)
            entries.put(args, result)
            return result

        def cache_info() -> CacheInfo:
            return CacheInfo(counts["hits"], counts["misses"], size, len(entries))

        def cache_clear() -> None:
            entries.clear()
            counts.update(hits=0, misses=0)

        wrapper.cache_info = cache_info  # type: ignore[attr-defined]
        wrapper.cache_clear = cache_clear  # type: ignore[attr-defined]
        wrapper.entries = entries  # type: ignore[attr-defined]  # a test may set its clock
        return wrapper

    return decorate
