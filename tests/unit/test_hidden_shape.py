"""A hidden record and a missing one take the same path (issue #28, finding 16): the rule is in the
query, so a hidden record's row never reaches Python, and the two answers differ only by the id."""

from __future__ import annotations

from typing import Any

import pytest

from core import gate
from core.errors import NotFound
from core.service import Ovillo
from tests.unit.test_acl import mixed  # noqa: F401  (the fixture)


class Spy:
    """A cursor that keeps what was asked of it and every row it handed back."""

    def __init__(self, real: Any, log: list[tuple[str, object]]) -> None:
        self.real, self.log = real, log

    def execute(self, sql: str, params: object = None) -> "Spy":
        self.log.append(("sql", sql))
        self.real.execute(sql, params) if params is not None else self.real.execute(sql)
        return self

    def fetchone(self) -> object:
        row = self.real.fetchone()
        self.log.append(("row", row))
        return row

    def fetchall(self) -> object:
        rows = self.real.fetchall()
        self.log.append(("rows", rows))
        return rows


def trace(app: Ovillo, monkeypatch: pytest.MonkeyPatch, section_tipo: str, section_id: int) -> list[Any]:
    log: list[tuple[str, object]] = []
    real = app.store.cursor
    monkeypatch.setattr(app.store, "cursor", lambda: Spy(real(), log))
    with pytest.raises(NotFound):
        gate.record(app.store, section_tipo, section_id, app.profile("public"))
    monkeypatch.setattr(app.store, "cursor", real)
    return log


def test_a_hidden_record_is_answered_exactly_like_a_missing_one(mixed: Ovillo,  # noqa: F811
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    st, sid = mixed.store.cursor().execute(
        "SELECT section_tipo, section_id FROM records WHERE classification <> 'public' LIMIT 1").fetchone()
    gate.record(mixed.store, st, sid, mixed.profile("owner"))  # it exists
    hidden, missing = trace(mixed, monkeypatch, st, sid), trace(mixed, monkeypatch, st, 424242)
    assert hidden == missing  # the same statements, and no row back from either
    assert ("row", None) in hidden
