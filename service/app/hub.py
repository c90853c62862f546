"""In-process pub/sub for the live WebSocket clients.

Each client gets a bounded ``asyncio.Queue`` of JSON texts; ``publish`` serialises a message once and
puts it on every queue without waiting. A client whose queue is full is too slow: it is dropped (its
queue is emptied and ends with ``None``), never the server. ``publish`` may be called from any thread;
off the event loop it hands the fan-out to the loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import Any

log = logging.getLogger(__name__)


class Subscription:
    """One client's queue: JSON texts, then ``None`` when it was dropped or the hub stopped."""

    def __init__(self, size: int) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=size)
        self.dropped = False

    def end(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


class Hub:
    def __init__(self, queue_size: int = 256) -> None:
        self.queue_size = queue_size
        self._clients: set[Subscription] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: int | None = None
        self.published = 0
        self.dropped = 0

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()

    async def stop(self) -> None:
        for sub in list(self._clients):
            sub.end()
        self._clients.clear()
        self._loop = None

    @property
    def clients(self) -> int:
        return len(self._clients)

    def subscribe(self) -> Subscription:
        """A new client's subscription (call on the event loop)."""
        sub = Subscription(self.queue_size)
        self._clients.add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        self._clients.discard(sub)

    def publish(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every client; safe from any thread, never blocks."""
        loop = self._loop
        if loop is None:
            return  # not started (or stopped): nobody is listening
        text = json.dumps(message, separators=(",", ":"))
        if threading.get_ident() == self._thread:
            self._fan_out(text)
        else:
            loop.call_soon_threadsafe(self._fan_out, text)

    def _fan_out(self, text: str) -> None:
        self.published += 1
        for sub in list(self._clients):
            try:
                sub.queue.put_nowait(text)
            except asyncio.QueueFull:
                log.warning("live client dropped: %d messages behind", sub.queue.qsize())
                self._clients.discard(sub)
                sub.dropped = True
                self.dropped += 1
                sub.end()
