"""What to do on a page that has nothing to show yet: a few words and, where useful, clickable examples.

The guidance is an overlay on the page's main list or text area, so the pages' own layouts do not
change; it hides itself as soon as that area has content (a result, an answer, a file, a photo).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QAbstractScrollArea, QPushButton, QVBoxLayout, QWidget

from app.plain import plain_label
from app.qt import named
from core.api import NoMatch


class EmptyState(QWidget):
    """Guidance laid over ``host`` while ``empty()`` holds; ``chosen`` carries a clicked example."""

    chosen = Signal(str)

    def __init__(self, host: QWidget, name: str, text: str, examples: Sequence[str] = (),
                 empty: Callable[[], bool] = lambda: True) -> None:
        area = host.viewport() if isinstance(host, QAbstractScrollArea) else host
        super().__init__(area)
        self.setObjectName(name)
        self._host = area
        self._empty = empty
        self.message = named(plain_label(text), f"{name}Text")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        lay.addWidget(self.message)
        self.examples: list[QPushButton] = []
        for n, example in enumerate(examples):
            button = named(QPushButton(example), f"{name}Example{n}")
            button.setFlat(True)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.setStyleSheet("color: palette(link); text-decoration: underline;")
            button.clicked.connect(lambda _c=False, q=example: self.chosen.emit(q))
            lay.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
            self.examples.append(button)
        lay.addStretch(2)
        area.installEventFilter(self)
        self.setGeometry(area.rect())
        self.refresh()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """Cover the host whenever it is resized."""
        if obj is self._host and event.type() == QEvent.Type.Resize:
            self.setGeometry(self._host.rect())
        return False

    def refresh(self) -> None:
        """Show while the host is empty, hide once it has content."""
        try:
            empty = self._empty()
        except RuntimeError:
            return  # the page is being destroyed (its list empties as it goes): nothing to show
        self.setVisible(empty)
        if empty:
            self.raise_()


class NoMatchNote(EmptyState):
    """Laid over the results when a search found no records that match (:class:`core.retrieval.hits.NoMatch`):
    says so plainly, why, and what to try; a spelling suggestion is a button that searches it, and
    "show the closest anyway" lists what the search found under the floor, labelled as such."""

    show_closest = Signal()

    def __init__(self, host: QWidget) -> None:
        self.active = False
        super().__init__(host, "searchNoMatch", "", empty=lambda: self.active)
        self.spelling = named(QPushButton(), "searchNoMatchSpelling")
        self.spelling.setFlat(True)
        self.spelling.setCursor(Qt.CursorShape.PointingHandCursor)
        self.spelling.setStyleSheet("color: palette(link); text-decoration: underline;")
        self.spelling.clicked.connect(lambda: self.chosen.emit(self.spelling.property("query")))
        lay = self.layout()
        assert isinstance(lay, QVBoxLayout)  # EmptyState's own
        lay.insertWidget(2, self.spelling, 0, Qt.AlignmentFlag.AlignHCenter)
        self.spelling.hide()
        self.closest = named(QPushButton(), "searchNoMatchClosest")
        self.closest.setFlat(True)
        self.closest.setCursor(Qt.CursorShape.PointingHandCursor)
        self.closest.setStyleSheet("color: palette(link); text-decoration: underline;")
        self.closest.setText(QCoreApplication.translate("NoMatchNote", "Show the closest records anyway"))
        self.closest.clicked.connect(self.show_closest.emit)
        lay.insertWidget(3, self.closest, 0, Qt.AlignmentFlag.AlignHCenter)
        self.closest.hide()

    def show_for(self, no_match: NoMatch | None, query: str) -> None:
        """Show the note for ``no_match`` (None hides it)."""
        self.active = no_match is not None
        if no_match is not None:
            lines = [QCoreApplication.translate("NoMatchNote", "No records match “%1”.").replace("%1", query)]
            lines.append(QCoreApplication.translate("NoMatchNote", "No record you can see has this number or identifier.") if no_match.reason == "identifier"
                         else QCoreApplication.translate("NoMatchNote", "Nothing in the archive is close to these words in meaning, and none of them "
                                  "appears in it."))
            tips = {"identifier": QCoreApplication.translate("NoMatchNote", "Check the number."), "fewer_words": QCoreApplication.translate("NoMatchNote", "Try fewer words."),
                    "other_language": QCoreApplication.translate("NoMatchNote", "Try other words, or the same words in another language.")}
            lines += [tips[k] for k, _t in no_match.suggestions if k in tips]
            self.message.setText("\n".join(lines))
            spelled = next((t for k, t in no_match.suggestions if k == "spelling" and t), "")
            self.spelling.setText(QCoreApplication.translate("NoMatchNote", "Did you mean: %1").replace("%1", spelled))
            self.spelling.setProperty("query", spelled)
            self.spelling.setVisible(bool(spelled))
            self.closest.setVisible(bool(no_match.closest))
        self.refresh()
