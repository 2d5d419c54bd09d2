"""The sync's read-ahead thread (:class:`core.sync.bulk.PageReader`) with a fake server: order,
the bound on what waits in memory, errors handed to the caller, and a close that never hangs."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone
from collections.abc import Iterator
from typing import Any

import pyarrow as pa
import pytest

import core.sync.bulk as bulk
from core.sync.bulk import Page, PageReader

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


class FakeServer:
    """A stream of ``pages`` pages of ``rows`` vectors each, then the empty page; optionally failing
    at one; records whether the stream was closed (which cancels the statement on a real server)."""

    def __init__(self, pages: int, rows: int, fail_at: int | None = None) -> None:
        self.pages, self.rows, self.fail_at = pages, rows, fail_at
        self.served: list[int] = []
        self.closed = False
        self.lock = threading.Lock()

    def stream(self, con: Any, limit: int, after: tuple[datetime, str, int], models: Any) -> Iterator[Page]:
        try:
            for n in range(after[2] + 1, self.pages):
                if self.fail_at is not None and n == self.fail_at:
                    raise ConnectionError("server gone")
                with self.lock:
                    self.served.append(n)
                yield Page(pa.table({"k": [n]}), pa.table({"v": list(range(self.rows))}), (T0, "p", n), 10)
            yield Page(pa.table({"k": pa.array([], pa.int64())}), pa.table({"v": pa.array([], pa.int64())}), None, 0)
        except GeneratorExit:
            self.closed = True
            raise


def reader(monkeypatch: pytest.MonkeyPatch, server: FakeServer, ahead_rows: int) -> PageReader:
    monkeypatch.setattr(bulk, "stream_pages", server.stream)
    return PageReader(object(), 10, (T0, "p", -1), {}, ahead_rows=ahead_rows)  # type: ignore[arg-type]


def wait_until(cond: Any) -> None:
    deadline = time.monotonic() + 5
    while not cond() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_pages_arrive_in_order_then_the_empty_page(monkeypatch: pytest.MonkeyPatch) -> None:
    server = FakeServer(pages=6, rows=3)
    r = reader(monkeypatch, server, ahead_rows=100)
    got = []
    while (page := r.next()).last is not None:
        got.append(page.records["k"][0].as_py())
    r.close()
    assert got == [0, 1, 2, 3, 4, 5]
    joined = Page.joined([Page(pa.table({"k": [1]}), pa.table({"v": [1, 2]}), (T0, "p", 1), 3),
                          Page(pa.table({"k": [2]}), pa.table({"v": [3]}), (T0, "p", 2), 4)])
    assert joined.records.num_rows == 2 and joined.chunks.num_rows == 3 and joined.last == (T0, "p", 2)
    assert joined.nbytes == 7


def test_at_most_ahead_rows_wait_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    server = FakeServer(pages=50, rows=4)
    r = reader(monkeypatch, server, ahead_rows=10)  # two pages of 4 fit, a third does not
    wait_until(lambda: len(server.served) >= 3)
    time.sleep(0.2)  # had the bound not held, the thread would have read far ahead by now
    assert len(server.served) == 3  # two queued, the third read and waiting for room
    assert r.next().records["k"][0].as_py() == 0
    wait_until(lambda: len(server.served) >= 4)
    time.sleep(0.1)
    assert len(server.served) == 4
    r.close()


def test_a_read_error_reaches_the_caller_after_the_pages_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    server = FakeServer(pages=10, rows=1, fail_at=3)
    r = reader(monkeypatch, server, ahead_rows=100)
    assert [r.next().records["k"][0].as_py() for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ConnectionError, match="server gone"):
        r.next()
    r.close()


def test_close_returns_while_the_thread_waits_for_room(monkeypatch: pytest.MonkeyPatch) -> None:
    server = FakeServer(pages=1000, rows=5)
    r = reader(monkeypatch, server, ahead_rows=5)
    wait_until(lambda: len(server.served) >= 2)
    t = time.monotonic()
    r.close()
    assert time.monotonic() - t < 2 and len(server.served) < 10
    assert server.closed  # the statement is cancelled, not read to its end
