"""Preferences, generated from the pydantic :class:`~core.settings.Settings` model.

Each field becomes an editor chosen by its type and constraints (``ge``/``le`` bound spin
boxes, a ``^(a|b)$`` pattern becomes a choice), labelled by its ``title`` with its
``description`` as help. A new setting in core appears here without GUI changes, under
Advanced unless :data:`app.settings_strings.BASIC_SETTINGS` names it: Basic holds what a
curator chooses (language, answer length, classification of imports…), Advanced the tuning.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError
from pydantic.fields import FieldInfo
from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QHBoxLayout, QLineEdit, QPushButton,
                               QScrollArea, QSpinBox, QTabWidget, QVBoxLayout, QWidget)

from app.labels import classification_label
from app.ops import Ops
from app.plain import form_row, plain_label, set_tip, set_whats_this
from app.qt import named
from app.settings_strings import BASIC_SETTINGS
from core.api import ConfigError, Settings

HIDDEN = {"version"}
# choices the model states only in words; the GUI offers them as a list
LANGUAGES = {"system": "System language", "en": "English", "es": "Español", "ca": "Català"}


def _constraint(field: FieldInfo, name: str) -> Any:
    for m in field.metadata:
        value = getattr(m, name, None)
        if value is not None:
            return value
    return None


def _choices(name: str, field: FieldInfo) -> list[tuple[str, str]] | None:
    if name == "ui_language":
        return [(k, QCoreApplication.translate("PreferencesView", v)) for k, v in LANGUAGES.items()]
    pattern = _constraint(field, "pattern")
    m = re.fullmatch(r"\^\(([\w|]+)\)\$", pattern or "")
    if not m:
        return None
    values = m.group(1).split("|")
    # a classification is shown in the interface language (the stored code is the item's data)
    return [(v, classification_label(v) if name == "default_classification" else v) for v in values]


class PreferencesView(QWidget):
    """One editor per setting; Save validates with pydantic and writes the file."""

    saved = Signal(object)  # the new Settings

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.editors: dict[str, QWidget] = {}
        basic, advanced = QFormLayout(), QFormLayout()
        for form in (basic, advanced):  # a long title puts its editor on the next line, never a sideways scroll
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        fields = [(n, f) for n, f in Settings.model_fields.items() if n not in HIDDEN]
        # Basic first: the page's keyboard start is the first editor
        fields.sort(key=lambda nf: nf[0] not in BASIC_SETTINGS)
        for name, field in fields:
            editor = self._editor(name, field)
            editor.setObjectName(f"pref_{name}")
            title = QCoreApplication.translate("Settings", field.title or name.replace("_", " ").capitalize())
            help_text = QCoreApplication.translate("Settings", field.description or "")
            set_tip(editor, help_text)
            set_whats_this(editor, help_text)
            label = plain_label(title)
            label.setBuddy(editor)
            set_tip(label, help_text)
            self.editors[name] = editor
            form_row(basic if name in BASIC_SETTINGS else advanced, label, editor)
        note = plain_label(self.tr("Tuning for search, indexing and answers. The defaults suit most archives; "
                                   "hover over a setting for what it does."))
        note.setWordWrap(True)
        advanced.insertRow(0, note)
        self.tabs = named(QTabWidget(), "preferenceTabs")
        for form, title, name in ((basic, self.tr("Basic"), "basicPreferences"),
                                  (advanced, self.tr("Advanced"), "advancedPreferences")):
            inner = named(QWidget(), name)
            inner.setLayout(form)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(inner)
            self.tabs.addTab(scroll, title)
        self.save_button = named(QPushButton(self.tr("&Save")), "savePreferences")
        self.revert_button = named(QPushButton(self.tr("Re&vert")), "revertPreferences")
        self.message = named(plain_label(), "preferencesMessage")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.message, 1)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs, 1)
        lay.addLayout(buttons)
        self.save_button.clicked.connect(self.save)
        self.revert_button.clicked.connect(self.load)
        self.load()

    def _editor(self, name: str, field: FieldInfo) -> QWidget:
        choices = _choices(name, field)
        if choices is not None:
            box = QComboBox()
            for value, label in choices:
                box.addItem(label, value)
            return box
        if field.annotation is bool:
            return QCheckBox()
        if field.annotation is int:
            spin = QSpinBox()
            spin.setRange(int(_constraint(field, "ge") or 0), int(_constraint(field, "le") or 1_000_000))
            return spin
        if field.annotation is float:
            dspin = QDoubleSpinBox()
            dspin.setDecimals(3)
            dspin.setSingleStep(0.01)
            dspin.setRange(float(_constraint(field, "ge") or -1e6), float(_constraint(field, "le") or 1e6))
            return dspin
        return QLineEdit()

    def load(self) -> None:
        """Show the current settings."""
        for name, editor in self.editors.items():
            value = getattr(self.ops.ovillo.settings, name)
            if isinstance(editor, QCheckBox):
                editor.setChecked(bool(value))
            elif isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(0, editor.findData(value)))
            elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
                editor.setValue(value)
            elif isinstance(editor, QLineEdit):
                editor.setText(str(value))
        self.message.clear()

    def values(self) -> dict[str, Any]:
        """The edited values, by field name."""
        out: dict[str, Any] = {}
        for name, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                out[name] = editor.isChecked()
            elif isinstance(editor, QComboBox):
                out[name] = editor.currentData()
            elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
                out[name] = editor.value()
            elif isinstance(editor, QLineEdit):
                out[name] = editor.text()
        return out

    def save(self) -> None:
        """Validate and write; an invalid combination is explained, nothing is written."""
        try:
            settings = Settings.model_validate({**self.ops.ovillo.settings.model_dump(), **self.values()})
        except ValidationError as exc:
            problem = ConfigError(self.tr("These preferences cannot be saved."),
                                  hint="; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()))
            self.ops.error_sink(problem, "")
            return
        try:
            self.ops.save_settings(settings)
        except OSError as exc:
            self.ops.error_sink(ConfigError(self.tr("The preferences file cannot be written."), hint=str(exc)), "")
            return
        self.message.setText(self.tr("Saved. Model and language changes apply the next time Ovillo starts."))
        self.saved.emit(settings)
