"""Answer ids as the window reads them: a canonical passage id ``tipo-id#chunk`` back into its parts."""

from __future__ import annotations


def parse_passage_id(cid: str) -> tuple[str, int, int] | None:
    """(section_tipo, section_id, chunk_index) of a canonical passage id ``tipo-id#chunk``."""
    head, sep, chunk = cid.rpartition("#")
    tipo, dash, sid = head.rpartition("-")
    if not sep or not dash or not tipo:
        return None
    try:
        return tipo, int(sid), int(chunk)
    except ValueError:
        return None
