"""Periods of objects as years (negative = BC): ``-350/-300``, ``s. IV a.C.``, ``1681``, ``segle XVII``."""

from __future__ import annotations

import re

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_BC = re.compile(r"\b(a\.?\s?c\.?|a\.?\s?n\.?\s?e\.?|b\.?c\.?e?\.?)(?!\w)", re.I)
_CENTURY = re.compile(r"(?:\bs\.|\bsiglo|\bsegle|\bcentury|\bc\.)\s*([IVXLCDM]+)\b", re.I)
_CENTURY_AFTER = re.compile(r"\b([IVXLCDM]+)(?:th|st|nd|rd)?\s+century\b", re.I)
_YEAR = re.compile(r"(?<![\w])-?\d{1,4}(?!\d)")


def _roman(s: str) -> int | None:
    total, prev = 0, 0
    for ch in reversed(s.upper()):
        v = _ROMAN.get(ch)
        if v is None:
            return None
        total = total - v if v < prev else total + v
        prev = max(prev, v)
    return total or None


def _one(part: str) -> tuple[int, int] | None:
    """One bound: a year or a century, BC when marked."""
    bc = bool(_BC.search(part))
    text = _BC.sub(" ", part)
    m = _CENTURY.search(text) or _CENTURY_AFTER.search(text)
    if m:
        n = _roman(m.group(1))
        if n is None:
            return None
        return (-(n * 100), -(n * 100 - 99)) if bc else ((n - 1) * 100 + 1, n * 100)
    y = _YEAR.search(text)
    if not y:
        return None
    year = int(y.group(0))
    if bc and year > 0:
        year = -year
    return year, year


def parse_period(value: str | None) -> tuple[int, int] | None:
    """(earliest, latest) years of a period text, or None when it names none."""
    if not value or not value.strip():
        return None
    parts = [p for p in re.split(r"\s*(?:/|–|—|\.\.| to | - | a | al )\s*", value.strip()) if p]
    bounds = [b for b in (_one(p) for p in parts) if b is not None]
    if not bounds:
        return None
    if len(parts) > 1 and _BC.search(parts[-1]) and not _BC.search(parts[0]) and len(bounds) == len(parts):
        first = _one(parts[0] + " a.C.")  # "IV-III a.C.": the era written once applies to both
        bounds[0] = first or bounds[0]
    lo, hi = min(b[0] for b in bounds), max(b[1] for b in bounds)
    return lo, hi
