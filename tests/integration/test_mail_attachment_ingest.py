"""Mail attachments through the whole ingest (issue #34): a readable attachment is a record of its own that names
its message's record, a second ingest of the changed message keeps every record id, and the record view's facts
say what carried it."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from email.message import EmailMessage
from pathlib import Path

import numpy as np
from PIL import Image

from core.models.encoder import ImageEncoder
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.settings import Settings
from tests.conftest import drain


def _message(extra: str = "") -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "Marta Pujol <marta@arxiu.example>", "joan@museu.example", "Campanar"
    msg["Date"] = "Tue, 02 Mar 1999 10:00:00 +0100"
    msg.set_content("Us envio l'inventari de les campanes." + extra)
    msg.add_attachment("La campana grossa es va fondre el 1802.", filename="inventari.txt")
    msg.add_attachment(b"\x00\x01", maintype="application", subtype="zip", filename="fotos.zip")
    return bytes(msg)


def _records(app: Ovillo) -> dict[str, tuple[int, dict]]:
    rows = app.store.cursor().execute("SELECT section_id, title, data FROM records").fetchall()
    return {title: (int(sid), json.loads(data)) for sid, title, data in rows}


def test_an_attachment_is_its_own_record_linked_to_the_message(tmp_path: Path, fake_app: Ovillo) -> None:
    from app.record_facts import record_fields

    root = tmp_path / "fons"
    root.mkdir()
    (root / "campanar.eml").write_bytes(_message())
    _, summary = drain(fake_app.library.ingest([root]))
    assert [Path(o.path).name for o in summary.ok] == ["campanar.eml"]
    first = _records(fake_app)
    assert sorted(first) == ["Campanar", "Inventari"]
    message_id, message = first["Campanar"]
    attachment_id, attached = first["Inventari"]
    assert attached["fields"]["attached_to_id"] == message_id and attached["source_path"] == message["source_path"]
    assert message["fields"]["attachments"] == ["inventari.txt", "fotos.zip"]
    assert message["fields"]["attachments_not_read"] == ["fotos.zip (application/zip): not a format Ovillo reads"]
    hits = fake_app.search.records("campana grossa fondre 1802", limit=2)
    assert hits and hits[0].section_id == attachment_id
    # the record view's facts: the message's attachments, and "attached to" its subject on the attachment
    assert ("attached_to", "Campanar") in record_fields("Inventari", "public", "ca", attached)
    assert ("attachments", "inventari.txt, fotos.zip") in record_fields("Campanar", "public", "ca", message)
    # the message edited and read again: the same records under the same ids, none added
    (root / "campanar.eml").write_bytes(_message(" Salutacions."))
    _, again = drain(fake_app.library.ingest([root]))
    assert [Path(o.path).name for o in again.ok] == ["campanar.eml"]
    second = _records(fake_app)
    assert {t: sid for t, (sid, _) in second.items()} == {t: sid for t, (sid, _) in first.items()}


def test_outlook_messages_are_read_and_a_damaged_one_fails_alone(tmp_path: Path, fake_app: Ovillo) -> None:
    fix = Path(__file__).resolve().parents[1] / "fixtures" / "msg"
    root = tmp_path / "correu"
    root.mkdir()
    for name in ("quick_brown_fox.msg", "pdf_attachment.msg"):
        (root / name).write_bytes((fix / name).read_bytes())
    (root / "trencat.msg").write_bytes((fix / "quick_brown_fox.msg").read_bytes()[:3000])
    _, summary = drain(fake_app.library.ingest([root]))
    assert sorted(Path(o.path).name for o in summary.ok) == ["pdf_attachment.msg", "quick_brown_fox.msg"]
    assert [Path(o.path).name for o in summary.failed] == ["trencat.msg"]
    assert "damaged Outlook message" in summary.failed[0].reason
    records = _records(fake_app)
    assert records["sample_pdf"][1]["fields"]["attached_to_id"] == records["This is a Subject"][0]
    hits = fake_app.search.records("jumps over the lazy dog", limit=1)
    assert hits and hits[0].title == "the quick brown fox"


class _Pixels(ImageEncoder):
    """A stand-in image encoder: the mean colour, spread over the dimension (no model files)."""

    name = Settings().image_model
    dimension = 512

    def embed_batch(self, images: Sequence[np.ndarray]) -> np.ndarray:
        out = np.zeros((len(images), self.dimension), np.float32)
        for i, im in enumerate(images):
            out[i, :3] = im.reshape(-1, 3).mean(axis=0) + 1
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def test_a_pictured_attachment_is_an_object_whose_photo_the_data_folder_keeps(tmp_path: Path) -> None:
    buf = io.BytesIO()
    Image.new("RGB", (120, 80), (180, 120, 60)).save(buf, "JPEG")
    msg = EmailMessage()
    msg["From"], msg["Subject"], msg["Date"] = "marta@arxiu.example", "La campana", "Tue, 02 Mar 1999 10:00:00 +0100"
    msg.set_content("Us envio la foto de la campana.")
    msg.add_attachment(buf.getvalue(), maintype="image", subtype="jpeg", filename="campana.jpg")
    root = tmp_path / "fons"
    root.mkdir()
    (root / "foto.eml").write_bytes(bytes(msg))
    home = tmp_path / "home"
    with Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder(), image_encoder=_Pixels()) as app:
        _, summary = drain(app.library.ingest([root]))
        assert [Path(o.path).name for o in summary.ok] == ["foto.eml"], summary.failed
        records = _records(app)
        sid, photo = records["Campana"]
        kept = Path(photo["views"]["image"]["path"])
        assert kept.parent.parent == home / "pages" and kept.name == "att-1.jpg" and kept.read_bytes() == buf.getvalue()
        assert photo["fields"]["attached_to_id"] == records["La campana"][0]
        assert app.store.cursor().execute("SELECT count(*) FROM rag_embeddings WHERE section_id = ? AND "
                                          "modality = 'image'", [sid]).fetchone() == (1,)
        _, again = drain(app.library.ingest([root]))  # the sweep after a run keeps what a live record shows
        assert kept.is_file() and len(again.skipped) == 1
        (root / "foto.eml").unlink()  # the message gone: its picture goes with it
        drain(app.library.ingest([root]))
        assert not kept.exists()
