"""The window's own words around core's messages, marked for translation (lupdate reads this file):
the English words core puts in a message's ``{what}`` part, and the window's wording of messages core
words for the command line. Core's own messages are in :mod:`app.error_texts`.
"""

from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the few English words put in a message's ``{what}`` part ("empty {what}: nothing to index")
_PART_WORDS: dict[str, object] = {
    "file": QT_TRANSLATE_NOOP("CoreErrors", "file"),
    "transcript": QT_TRANSLATE_NOOP("CoreErrors", "transcript"),
    "CSV file": QT_TRANSLATE_NOOP("CoreErrors", "CSV file"),
    "XML file": QT_TRANSLATE_NOOP("CoreErrors", "XML file"),
    # what a kiosk refuses ("{what} is not available in kiosk mode", app/ops.py)
    "Saving objects": QT_TRANSLATE_NOOP("CoreErrors", "Saving objects"),
    "Importing": QT_TRANSLATE_NOOP("CoreErrors", "Importing"),
    "Sync": QT_TRANSLATE_NOOP("CoreErrors", "Sync"),
    "Maintenance": QT_TRANSLATE_NOOP("CoreErrors", "Maintenance"),
    "The import log": QT_TRANSLATE_NOOP("CoreErrors", "The import log"),
    "Preferences": QT_TRANSLATE_NOOP("CoreErrors", "Preferences"),
    "Editing records": QT_TRANSLATE_NOOP("CoreErrors", "Editing records"),
}
PART_WORDS: dict[str, str] = {word: str(text) for word, text in _PART_WORDS.items()}

#: the window's own wording of the messages and hints core words for the command line (``--ca-file``,
#: ``--insecure``): the Sync page has a CA certificate field and a trusted-network box instead
_WINDOW_TEXTS: dict[str, object] = {
    "sync.ca_needs_verify": QT_TRANSLATE_NOOP(
        "WindowErrors", "a CA certificate file needs sslmode=verify-full, but the address asks for sslmode={mode}"),
    "hint.tls": QT_TRANSLATE_NOOP(
        "WindowErrors", "Choose the server's CA certificate file under “CA certificate” (ask the server's "
                        "administrator for it); only on a trusted network, tick “Allow a server without verified "
                        "TLS” instead."),
    "hint.tls_ca": QT_TRANSLATE_NOOP(
        "WindowErrors", "The server's certificate is not signed by the CA certificate chosen here (or has expired): "
                        "ask the server's administrator for the one that signed it, then choose it here."),
    "hint.tls_ca_file": QT_TRANSLATE_NOOP(
        "WindowErrors", "The CA certificate file chosen here cannot be read: choose it again."),
    "hint.tls_none": QT_TRANSLATE_NOOP(
        "WindowErrors", "This server does not offer TLS: ask its administrator; only on a trusted network, tick "
                        "“Allow a server without verified TLS”."),
    "hint.tls_check": QT_TRANSLATE_NOOP(
        "WindowErrors", "Check the CA certificate file chosen here and the server's TLS settings; nothing was sent "
                        "and nothing local changed."),
    "hint.password_file": QT_TRANSLATE_NOOP("WindowErrors", "Type the password."),
}
WINDOW_TEXTS: dict[str, str] = {code: str(text) for code, text in _WINDOW_TEXTS.items()}
