"""``ovillo objects`` — look up, neighbours and characterization of objects photographed by view.

``lookup --image VIEW=PATH …`` searches with new photographs (not in the archive); ``similar
SECTION_TIPO SECTION_ID`` starts from a catalogued object's stored vectors; ``characterize``
proposes typology, material, denomination and period from the neighbours. Values are checked
before anything is opened (one line, exit 2), like :mod:`cli.values`.
"""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path
from typing import Any

from cli.values import MAX_QUERY_CHARS, UsageError, check_text, profile_name, scalar, section_tipo_name, show, \
    value_list, whole
from cli.text import print_json, say

MAX_OBJECT_LIMIT = 50


def add_parser(sub: Any) -> None:
    """The ``objects`` subcommand and its actions."""
    ob = sub.add_parser("objects", help="objects by photographs: look up, neighbours, characterize")
    acts = ob.add_subparsers(dest="objects_action", required=True)

    def common(sp: argparse.ArgumentParser, *, text: bool = True) -> None:
        if text:
            sp.add_argument("--text", help="a description typed for new photographs (hybrid mode)")
        sp.add_argument("--mode", choices=["hybrid", "visual"], default="hybrid")
        sp.add_argument("--profile", default="owner")
        sp.add_argument("--json", action="store_true")

    def neighbours(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--near-duplicates", action="store_true", help="only near-duplicates")
        sp.add_argument("--all-views", action="store_true", help="compare each photograph with every view")
        sp.add_argument("--limit", metavar="N", help=f"objects to show (at most {MAX_OBJECT_LIMIT}; default 10)")

    lk = acts.add_parser("lookup", help="catalogued objects nearest new photographs")
    lk.add_argument("--image", action="append", default=[], metavar="VIEW=PATH", required=True)
    common(lk)
    neighbours(lk)
    si = acts.add_parser("similar", help="neighbours of a catalogued object")
    si.add_argument("section_tipo")
    si.add_argument("section_id")
    common(si, text=False)
    neighbours(si)
    ch = acts.add_parser("characterize", help="propose typology, material, denomination and period")
    ch.add_argument("section", nargs="*", metavar="SECTION_TIPO SECTION_ID")
    ch.add_argument("--image", action="append", default=[], metavar="VIEW=PATH")
    common(ch)


def check(args: argparse.Namespace) -> None:
    """Validate and normalise the ``objects`` arguments in place (:class:`UsageError` on the first bad one)."""
    action = args.objects_action
    args.profile = profile_name(args.profile)
    scalar(args.mode, "--mode")
    text = scalar(getattr(args, "text", None), "--text")
    args.text = None if text is None else check_text(text, "--text", MAX_QUERY_CHARS)
    if action in ("lookup", "similar"):
        limit = scalar(args.limit, "--limit")
        args.limit = 10 if limit is None else min(whole(limit, "--limit", 1), MAX_OBJECT_LIMIT)
    args.photos = _photos(args.image) if action in ("lookup", "characterize") else {}
    if action == "similar":
        args.section = (section_tipo_name(args.section_tipo), whole(args.section_id, "SECTION_ID", 0, 2**63 - 1))
    elif action == "characterize":
        given = value_list(args.section, "SECTION_TIPO SECTION_ID")
        if bool(given) == bool(args.photos):
            raise UsageError("characterize needs either --image VIEW=PATH … or SECTION_TIPO SECTION_ID, not both")
        if given and len(given) != 2:
            raise UsageError("characterize takes SECTION_TIPO and SECTION_ID")
        args.section = (section_tipo_name(given[0]), whole(given[1], "SECTION_ID", 0, 2**63 - 1)) if given else None


def _photos(values: object) -> dict[str, Path]:
    """``VIEW=PATH`` pairs → view → regular image file (views in en/es/ca, or ``image`` when unknown)."""
    from core.api import VIEWS, is_image

    photos: dict[str, Path] = {}
    for pair in value_list(values, "--image"):
        view, sep, path = pair.partition("=")
        if not sep or not view.strip() or not path.strip():
            raise UsageError(f"--image {show(pair)} is not VIEW=PATH", hint="e.g. --image obverse=coin_a.jpg")
        name = view.strip().lower()
        canonical = "image" if name in ("image", "imagen", "imatge", "photo", "foto") else VIEWS.get(name)
        if canonical is None:
            raise UsageError(f"--image: unknown view {show(view)}",
                             hint="Use obverse/anverso/anvers, reverse/reverso/revers, a, b, profile, top or image.")
        if canonical in photos:
            raise UsageError(f"--image: the {canonical} view is given twice")
        p = Path(path).expanduser()
        try:
            st = os.stat(p)
        except OSError:
            raise UsageError(f"--image: no such file {show(path)}") from None
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(f"--image: {show(path)} is not a regular file")
        if not is_image(p):
            raise UsageError(f"--image: {show(path)} is not a JPEG, PNG, TIFF or WebP file")
        photos[canonical] = p.resolve()
    return photos


def run(app: Any, args: argparse.Namespace) -> int:
    """Run one ``objects`` action against an open :class:`core.service.Ovillo`."""
    objects = app.objects
    profile = app.profile(args.profile)
    if args.objects_action == "characterize":
        result = objects.characterize(profile, photos=args.photos or None, section=args.section, text=args.text,
                                      mode=args.mode)
        _print_characterization(result, args.json)
        return 0
    if args.objects_action == "lookup":
        hits = objects.lookup(args.photos, profile, text=args.text, mode=args.mode, limit=args.limit,
                              near_duplicates=args.near_duplicates, all_views=args.all_views)
    else:
        hits = objects.similar(args.section[0], args.section[1], profile, mode=args.mode, limit=args.limit,
                               near_duplicates=args.near_duplicates, all_views=args.all_views)
    rows = [h.to_json() for h in hits]
    if args.json:
        print_json(rows)
    else:
        _print_hits(rows)
    return 0


def _print_hits(rows: list[dict[str, Any]]) -> None:
    if not rows:
        say("no similar objects")
    for n, h in enumerate(rows, 1):
        faces = "  ".join(f"{v} {s['score']:.3f} (#{s['rank']})" for v, s in h["views"].items())
        flag = "  NEAR-DUPLICATE" if h["near_duplicate"] else ""
        say(f"{n:>2}. {h['title']}  [{h['section_tipo']} {h['section_id']}] score {h['score']:.4f}{flag}")
        say(f"    {faces}")
        say(f"    {h['thumbnail'] or ''}")


def _print_characterization(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print_json(result)
        return
    for role, p in result["proposals"].items():
        if p.get("note"):
            say(f"{role:>12}: {p['note']} ({p['voters']} neighbours with a value)")
            continue
        value = (f"{p['earliest']} … {p['latest']} (central {p['central']})" if role == "period" else p["value"])
        others = ", ".join(f"{r['value']} {r['share']:.2f}" for r in p.get("runners_up", []))
        say(f"{role:>12}: {value}  confidence {p['confidence']:.2f}" + (f"  (also: {others})" if others else ""))
        say(f"{'':>14}evidence: " + ", ".join(f"{e['title']} {e['score']:.3f}" for e in p["evidence"][:4]))
    say(f"{len(result['neighbours'])} neighbours voted")
