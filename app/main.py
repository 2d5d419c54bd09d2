"""``ovillo-gui``: open a data folder in the desktop window (or the reading-room kiosk)."""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer, QTranslator
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app.errors import install_excepthook, report_error, setup_logging
from app.i18n import install_translators, pick_language
from app.kiosk import KIOSK_FILE, WeakPinError, load_config, pin_problem_text, set_pin
from app.kiosk_pin import MIN_DIGITS, pin_problem
from app.platform_check import missing_library, problem_text
from app.style import install_style
from core.api import Ovillo, OvilloError

ICON = Path(__file__).resolve().parents[1] / "resources" / "icons" / "ovillo.svg"
MIN_IDLE_S, MAX_IDLE_S = 10, 86_400  # --kiosk-idle: a reset every few seconds would make the kiosk unusable


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
    p.add_argument("--quit-after", type=float, metavar="SECONDS",
                   help="show the window, then close it after SECONDS (checks an install starts)")
    p.add_argument("--lang", help="interface language (en, es, ca; default: the preference, else the system's)")
    return p.parse_args(argv)


def _say(text: str) -> None:
    print(text, file=sys.stderr)


def _uninstall(app: QCoreApplication, translators: list[QTranslator]) -> None:
    """Remove the catalogues again when main() returns without a window (tests call it in one process)."""
    for t in translators:
        app.removeTranslator(t)


def _set_pin(home: Path, idle: int | None) -> int:
    """``--set-kiosk-pin``: read the new PIN twice from the terminal, refuse weak ones with the reason."""
    if idle is not None and not MIN_IDLE_S <= idle <= MAX_IDLE_S:
        bad = QCoreApplication.translate("KioskPin", "--kiosk-idle must be between %1 and %2 seconds; nothing changed.")
        _say(bad.replace("%1", str(MIN_IDLE_S)).replace("%2", str(MAX_IDLE_S)))
        return 2
    try:
        prompt = QCoreApplication.translate("KioskPin", "New staff PIN (at least %1 digits): ")
        pin = getpass.getpass(prompt.replace("%1", str(MIN_DIGITS)))
        problem = pin_problem(pin)
        if problem is not None:
            _say(pin_problem_text(problem) + " " + QCoreApplication.translate("KioskPin", "Nothing changed."))
            return 1
        again = getpass.getpass(QCoreApplication.translate("KioskPin", "Type it again: "))
    except (EOFError, KeyboardInterrupt):
        _say(QCoreApplication.translate("KioskPin", "No PIN entered; nothing changed."))
        return 1
    if pin != again:
        _say(QCoreApplication.translate("KioskPin", "The PINs differ; nothing changed."))
        return 1
    try:
        set_pin(home, pin, idle)
    except WeakPinError as exc:  # checked above; kept so a rule added later can never be skipped
        _say(pin_problem_text(exc.problem))
        return 1
    done = QCoreApplication.translate("KioskPin", "Staff PIN stored (hashed) in %1")
    print(done.replace("%1", str(home / KIOSK_FILE)))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``ovillo-gui`` script."""
    args = parse_args(argv)
    existing = QCoreApplication.instance()
    if args.set_kiosk_pin:  # reads a PIN from the terminal: no display needed, so no GUI application
        app: QCoreApplication = existing if existing is not None else QCoreApplication(sys.argv[:1])
    elif isinstance(existing, QApplication):
        app = existing
    else:
        lost = missing_library()
        if lost is not None:  # QApplication() would abort naming the wrong library
            _say(problem_text(lost))
            return 3
        app = QApplication(sys.argv[:1])
    app.setApplicationName("Ovillo")
    app.setOrganizationName("Ovillo")
    if isinstance(app, QApplication):
        app.setDesktopFileName("ovillo")
        app.setWindowIcon(QIcon(str(ICON)))
    try:
        ovillo = Ovillo(args.home, models_dir=args.models, doing="window")
    except OvilloError as exc:
        if not isinstance(app, QApplication):
            _say(str(exc))
            return 2
        box = report_error(None, exc)
        if box is not None:
            box.exec()
        return 2
    setup_logging(ovillo.paths.logs)
    home = ovillo.paths.home
    translators = install_translators(app, pick_language(args.lang or ovillo.settings.ui_language))
    if args.set_kiosk_pin:  # after the translators: its messages follow the interface language too
        ovillo.close()
        try:
            return _set_pin(home, args.kiosk_idle)
        finally:
            _uninstall(app, translators)
    cfg = load_config(home)
    if args.kiosk and not cfg.has_pin:
        if cfg.legacy:
            _say(QCoreApplication.translate(
                "KioskPin", "The staff PIN was stored by an older version of Ovillo and is no longer accepted.")
                + " " + QCoreApplication.translate(
                    "KioskPin", "Set a new one (at least %1 digits): ovillo-gui --home DIR --set-kiosk-pin")
                .replace("%1", str(MIN_DIGITS)))
        else:
            _say(QCoreApplication.translate(
                "KioskPin", "Kiosk mode needs a staff PIN first: ovillo-gui --home DIR --set-kiosk-pin"))
        ovillo.close()
        _uninstall(app, translators)
        return 2

    from app.main_window import MainWindow  # after the translators, so every label is translated

    # Load the text encoder and the language identifier before the window exists: loading them
    # holds the GIL for a second or more, which would freeze a visible window however the work
    # is threaded.
    try:
        ovillo.warm_up()
    except OvilloError:
        pass  # missing models are reported by the first operation that needs them, in a dialog

    assert isinstance(app, QApplication)  # only --set-kiosk-pin runs without one, and it returned above
    style = install_style(app)  # one style sheet, light or dark as the system is, followed at run time
    window = MainWindow(ovillo, kiosk=args.kiosk, kiosk_config=cfg)
    install_excepthook(lambda: window)
    if args.kiosk:
        window.showFullScreen()
    else:
        window.show()
        window.start_watching()
    if ovillo.made_private:
        window.statusBar().showMessage(QCoreApplication.translate(
            "Main", "%n file(s) and folder(s) of this data folder that other accounts could read are now private.",
            "", ovillo.made_private), 30_000)
    if args.index_demo and not args.kiosk:
        window.index_in_background(args.index_demo, collection=args.collection, classification=args.classification)
    if args.quit_after is not None:
        QTimer.singleShot(int(args.quit_after * 1000), window.close)
    try:
        return app.exec()
    finally:
        window.shutdown()
        ovillo.close()
        style.deleteLater()
        del translators


if __name__ == "__main__":
    sys.exit(main())
