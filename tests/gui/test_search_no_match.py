"""The search page and the kiosk say plainly when no records match, with what to try."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.conftest import WAIT_MS, WindowFactory


@pytest.mark.parametrize("kiosk", [False, True])
def test_nonsense_shows_the_no_match_note(qtbot: QtBot, make_window: WindowFactory, kiosk: bool) -> None:
    w = make_window(kiosk=kiosk)
    w.search.query.setText("xyzzy qwerty")
    qtbot.waitUntil(lambda: w.search.no_match.isVisible(), timeout=WAIT_MS)
    text = w.search.no_match.message.text()
    assert "No records match “xyzzy qwerty”." in text and "another language" in text
    assert w.search.results.count() == 0 and w.search.info.text() == "No records match"
    w.search.query.setText("glazed sherds in trench 3")  # a real query hides it again
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    assert not w.search.no_match.isVisible()


def test_a_misspelt_word_is_offered_as_a_search(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    w.search.query.setText("xyzzy campanna")
    qtbot.waitUntil(lambda: w.search.no_match.isVisible(), timeout=WAIT_MS)
    assert w.search.no_match.spelling.isVisible()  # "campana" is in the demo: one letter away
    w.search.no_match.spelling.click()
    assert "campana" in w.search.query.text()


@pytest.mark.parametrize("kiosk", [False, True])
def test_the_closest_records_are_shown_on_request_and_said_to_be_no_match(
        qtbot: QtBot, make_window: WindowFactory, kiosk: bool) -> None:
    w = make_window(kiosk=kiosk)
    w.search.query.setText("xyzzy qwerty")
    qtbot.waitUntil(lambda: w.search.no_match.isVisible(), timeout=WAIT_MS)
    assert w.search.results.count() == 0 and w.search.no_match.closest.isVisible()
    w.search.no_match.closest.click()
    qtbot.waitUntil(lambda: w.search.results.count() > 0, timeout=WAIT_MS)
    assert not w.search.no_match.isVisible()
    assert w.search.info.text().startswith("The closest records: none of them is close")
    if kiosk:  # the kiosk's profile is public: what it shows under the floor is public too
        assert all(h.classification == "public" for h in w.search.hits)
