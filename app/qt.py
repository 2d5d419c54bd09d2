"""Small typed helpers over Qt that PySide's stubs cannot express."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject

Q = TypeVar("Q", bound=QObject)


def named(obj: Q, name: str) -> Q:
    """``obj`` with its objectName set (tests and style sheets find widgets by name).

    PySide accepts ``objectName=`` as a constructor keyword at run time, but its stubs do not
    list Qt properties as keywords, so mypy rejects it; this keeps the same one-liner typed.
    """
    obj.setObjectName(name)
    return obj
