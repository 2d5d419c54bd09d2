"""Fill the English plural-only catalogue (``app/translations/ovillo_en.ts``).

English runs on the source strings, but a source like ``"%n record(s)"`` needs a catalogue
for Qt to pick "1 record" / "20 records". ``lupdate -pluralonly`` extracts just those
messages; this writes their two numerus forms by the source's own "(s)" marks.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

_MARK = re.compile(r"\((e?s)\)")


def forms(source: str) -> tuple[str, str]:
    """Singular and plural of a ``%n … thing(s)`` source."""
    return _MARK.sub("", source), _MARK.sub(lambda m: m.group(1), source)


def fill(ts: Path) -> int:
    """Write every numerus message's forms (kept when a person already wrote them). Returns the count written."""
    tree = ET.parse(ts)
    root = tree.getroot()
    root.set("language", "en")
    written = 0
    for msg in root.iter("message"):
        if msg.get("numerus") != "yes":
            continue
        tr = msg.find("translation")
        if tr is None:
            tr = ET.SubElement(msg, "translation")
        if tr.get("type") != "unfinished" and [f.text for f in tr.findall("numerusform") if f.text]:
            continue
        for f in list(tr):
            tr.remove(f)
        tr.attrib.pop("type", None)
        tr.text = None
        for text in forms(msg.findtext("source") or ""):
            ET.SubElement(tr, "numerusform").text = text
        written += 1
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    return written


if __name__ == "__main__":
    print(f"English plural forms written: {fill(Path(sys.argv[1]))}")
