"""``ovillo-gui``: open a data folder in the desktop window (or the reading-room kiosk)."""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app.errors import install_excepthook, report_error, setup_logging
from app.i18n import install_translators, pick_language
from app.kiosk import load_config, set_pin
from core.errors import OvilloError
from core.service import Ovillo

ICON = Path(__file__).resolve().parents[1] / "resources" / "icons" / "ovillo.svg"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="ovillo-gui", description="Ovillo desktop window")
    p.add_argument("--home", help="data folder (default: $OVILLO_HOME, else the platform data folder)")
    p.add_argument("--models", type=Path, help="models folder (default: $OVILLO_MODELS or the user's)")
    p.add_argument("--kiosk", action="store_true", help="full-screen reading-room mode: public records only")
    p.add_argument("--set-kiosk-pin", action="store_true", help="set the staff PIN that leaves kiosk mode, then exit")
    p.add_argument("--kiosk-idle", type=int, help="seconds without input before the kiosk resets (with --set-kiosk-pin)")
    p.add_argument("--index-demo", nargs="+", metavar="PATH", help="index these folders in the background on start")
    p.add_argument("--collection", default="demo", help="collection for --index-demo (default: demo)")
    p.add_argument("--classification", default="public", help="classification for --index-demo (default: public)")
    p.add_argument("--lang", help="interface language (en, es, ca; default: the preference, else the system's)")
    return p.parse_args(argv)


def _set_pin(home: Path, idle: int | None) -> int:
    pin = getpass.getpass("New staff PIN (digits): ")
    if pin != getpass.getpass("Again: "):
        print("The PINs differ; nothing changed.", file=sys.stderr)
        return 1
    try:
        set_pin(home, pin, idle)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"Staff PIN stored (hashed) in {home / 'kiosk.json'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``ovillo-gui`` script."""
    args = parse_args(argv)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("Ovillo")
    app.setOrganizationName("Ovillo")
    app.setDesktopFileName("ovillo")
    app.setWindowIcon(QIcon(str(ICON)))
    try:
        ovillo = Ovillo(args.home, models_dir=args.models)
    except OvilloError as exc:
        box = report_error(None, exc)
        if box is not None:
            box.exec()
        return 2
    setup_logging(ovillo.paths.logs)
    home = ovillo.paths.home
    if args.set_kiosk_pin:
        ovillo.close()
        return _set_pin(home, args.kiosk_idle)
    translators = install_translators(app, pick_language(args.lang or ovillo.settings.ui_language))
    cfg = load_config(home)
    if args.kiosk and not cfg.has_pin:
        print("Kiosk mode needs a staff PIN first: ovillo-gui --home DIR --set-kiosk-pin", file=sys.stderr)
        ovillo.close()
        return 2

    from app.main_window import MainWindow  # after the translators, so every label is translated

    # Load the text encoder and the language identifier before the window exists: loading them
    # holds the GIL for a second or more, which would freeze a visible window however the work
    # is threaded.
    try:
        ovillo.warm_up()
    except OvilloError:
        pass  # missing models are reported by the first operation that needs them, in a dialog

    window = MainWindow(ovillo, kiosk=args.kiosk, kiosk_config=cfg)
    install_excepthook(lambda: window)
    if args.kiosk:
        window.showFullScreen()
    else:
        window.show()
    if args.index_demo and not args.kiosk:
        window.index_in_background(args.index_demo, collection=args.collection, classification=args.classification)
    try:
        return app.exec()
    finally:
        window.shutdown()
        ovillo.close()
        del translators


if __name__ == "__main__":
    sys.exit(main())
