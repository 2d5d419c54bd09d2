"""Everything the CLI writes to a terminal passes through here (docs/design.md §10).

File names, document text, catalogue values and titles are an adversary's to choose: an ESC or
OSC sequence in them would recolour, retitle or clear the terminal (or plant a hyperlink), a
newline would forge a result line, a bidi override would reorder what is read. :func:`visible`
writes each such character as an escape (``\\x1b``, ``\\n``, ``\\u202e``); :func:`say` prints
human-readable lines through it, :func:`json_text` the ``--json`` output. The raw control
sequences the CLI means (the progress line's redraw) are written only by this module.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, TextIO

from core.api import timecode as core_timecode

# C0, DEL, C1, bidi embeddings/overrides and isolates (the Trojan Source set), line/paragraph separators
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_UNSAFE_IN_LINES = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")  # json.dumps escapes C0 itself
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
REDRAW = "\r\033[K"  # back to the start of the line and clear it: the progress line's own


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    return _NAMED.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) <= 0xFF else f"\\u{ord(ch):04x}")


def visible(text: object, *, lines: bool = False) -> str:
    """``str(text)`` with every character that could steer the terminal written as an escape.

    ``lines`` keeps ``\\n`` as a line break (an answer's paragraphs); everywhere else a newline
    inside a value is escaped, so it cannot start a line of its own.
    """
    return (_UNSAFE_IN_LINES if lines else _UNSAFE).sub(_escape, str(text))


def say(*parts: object, sep: str = " ", end: str = "\n", file: TextIO | None = None, flush: bool = False,
        lines: bool = False) -> None:
    """``print`` for people: each part made :func:`visible`; ``sep`` and ``end`` are the CLI's own."""
    print(sep.join(visible(p, lines=lines) for p in parts), end=end, file=file or sys.stdout, flush=flush)


def redraw(line: str, out: TextIO) -> None:
    """Replace the progress line on a terminal with ``line`` (made :func:`visible`)."""
    print(REDRAW + visible(line), end="", file=out, flush=True)


def clear_line(out: TextIO) -> None:
    """Erase the progress line."""
    print(REDRAW, end="", file=out, flush=True)


def timecode(seconds: float) -> str:
    """``hh:mm:ss`` of a passage's start in its recording."""
    return core_timecode(seconds, padded=True)


def json_text(value: Any) -> str:
    """``value`` as one line of JSON; non-ASCII text stays readable, nothing in it can steer a terminal.

    json.dumps escapes C0 but, with ``ensure_ascii=False``, leaves DEL, C1 and bidi controls raw;
    they are escaped here too (as ``\\u…``, which every JSON reader decodes to the same value).
    """
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(value, ensure_ascii=False))


def print_json(value: Any, *, flush: bool = False) -> None:
    """Print :func:`json_text` of ``value`` on standard output."""
    print(json_text(value), flush=flush)


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors and help pass through :func:`visible` (it echoes unknown arguments raw)."""

    def _print_message(self, message: str, file: Any = None) -> None:
        super()._print_message(visible(message, lines=True) if message else message, file)


# what the relevance floor suggests (core.retrieval.floor.suggestions), in the CLI's words
SUGGESTIONS = {"spelling": "did you mean: {}", "identifier": "check the number: no record you may see holds it",
               "fewer_words": "try fewer words", "other_language": "try other words, or another language"}


def no_match_lines(no_match: Any) -> list[str]:
    """The lines of an empty search: "no records match" and the suggestions (a ``NoMatch``), else "no results"."""
    if no_match is None:
        return ["no results"]
    return ["no records match"] + [f"  - {SUGGESTIONS[k].format(t)}" for k, t in no_match.suggestions]
