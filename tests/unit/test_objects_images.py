"""Object photographs: view names and grouping, safe decoding, catalogue columns, periods."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from core.errors import CorruptSource, UnsupportedFormat
from core.ingest.images import group_of, is_member, split_view, write_thumbnail
from core.ingest.period import parse_period
from core.ingest.readers import csv_reader, image_reader
from core.models.image_io import decode, read_rgb


def png_bytes(w: int = 40, h: int = 30, colour: tuple[int, int, int] = (200, 10, 10)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(buf, "PNG")
    return buf.getvalue()


def bomb_png(w: int = 60000, h: int = 60000) -> bytes:
    """A valid PNG header claiming 3.6 Gpx (a few bytes on disk)."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
            + struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND")))


@pytest.mark.parametrize("value,expected", [
    ("-350/-300", (-350, -300)), ("s. IV a.C.", (-400, -301)), ("1681", (1681, 1681)),
    ("1620/1660", (1620, 1660)), ("s. XVII", (1601, 1700)), ("segle III aC", (-300, -201)),
    ("300 a.C. / 250 a.C.", (-300, -250)), ("s. I", (1, 100)), ("sin fecha", None), ("", None),
])
def test_periods_parse_to_years(value: str, expected: tuple[int, int] | None) -> None:
    assert parse_period(value) == expected


def test_view_names_in_three_languages_and_letters() -> None:
    assert split_view(Path("c12_anverso.jpg")) == ("c12", "obverse")
    assert split_view(Path("MNC-001_reverse.png")) == ("MNC-001", "reverse")
    assert split_view(Path("x7_revers.webp")) == ("x7", "reverse")
    assert split_view(Path("x7_a.jpg")) == ("x7", "obverse") and split_view(Path("x7_b.jpg")) == ("x7", "reverse")
    assert split_view(Path("holiday_photo.jpg")) is None and split_view(Path("coin.jpg")) is None


def test_a_folder_groups_views_by_id(tmp_path: Path) -> None:
    for name in ("c1_anverso.jpg", "c1_reverso.png", "c2_a.jpg", "lonely.jpg", "c1_notes.txt"):
        (tmp_path / name).write_bytes(b"x")
    assert [p.name for p in group_of(tmp_path / "c1_reverso.png")] == ["c1_anverso.jpg", "c1_reverso.png"]
    assert is_member(tmp_path / "c1_reverso.png") and not is_member(tmp_path / "c1_anverso.jpg")
    assert group_of(tmp_path / "lonely.jpg") == [tmp_path / "lonely.jpg"] and not is_member(tmp_path / "c2_a.jpg")
    rec = image_reader.read(tmp_path / "c1_anverso.jpg", b"").records[0]
    assert rec.key == "object:c1" and set(rec.images) == {"obverse", "reverse"} and not rec.blocks
    single = image_reader.read(tmp_path / "lonely.jpg", b"").records[0]
    assert single.images == {"image": str(tmp_path / "lonely.jpg")}


@pytest.mark.parametrize("raw,fragment", [
    (b"", "empty image file"),
    (b"\x89PNG\r\n\x1a\nthis is not a png at all", "not a readable image"),
    (bomb_png(), "too large"),
    (png_bytes()[:60], "corrupt"),
])
def test_hostile_images_are_refused_with_a_reason(raw: bytes, fragment: str) -> None:
    with pytest.raises(CorruptSource, match=fragment):
        decode(raw, "bad.png", max_side=1024)


def test_an_unsupported_format_under_an_image_name_is_refused() -> None:
    buf = io.BytesIO()
    Image.new("RGB", (20, 20)).save(buf, "GIF")
    with pytest.raises(UnsupportedFormat, match="GIF"):
        decode(buf.getvalue(), "fake.jpg", max_side=1024)


def test_exif_orientation_is_applied(tmp_path: Path) -> None:
    im = Image.new("RGB", (40, 20), (10, 200, 10))
    im.paste((200, 10, 10), (0, 0, 20, 20))  # the left half red
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90° clockwise to display
    path = tmp_path / "turned.jpg"
    im.save(path, "JPEG", exif=exif)
    # ingest and the encoders read through the one decoder: both see the photograph upright
    for pixels in (decode(path.read_bytes(), path.name, max_side=1024), read_rgb(path)):
        assert pixels.shape[:2] == (40, 20)
        assert pixels[3, 10, 0] > 150 > pixels[3, 10, 1] and pixels[-4, 10, 1] > 150 > pixels[-4, 10, 0]
    upright = tmp_path / "upright.png"
    im.save(upright)  # no orientation tag: the pixels Pillow (and Immaculate) read, unturned
    with Image.open(upright) as plain:
        assert (read_rgb(upright) == np.asarray(plain.convert("RGB"))).all()


def test_large_images_shrink_but_never_below_the_models_short_side() -> None:
    buf = io.BytesIO()
    Image.new("RGB", (3000, 2000), (1, 2, 3)).save(buf, "PNG")
    assert decode(buf.getvalue(), "big.png", max_side=1024).shape == (683, 1024, 3)
    buf = io.BytesIO()
    Image.new("RGB", (4000, 300), (1, 2, 3)).save(buf, "PNG")
    assert decode(buf.getvalue(), "strip.png", max_side=1024).shape[0] == 288  # short side kept for SSCD


def test_tiff_first_page_and_webp(tmp_path: Path) -> None:
    buf = io.BytesIO()
    Image.new("RGB", (30, 30), (255, 0, 0)).save(buf, "TIFF", save_all=True,
                                                 append_images=[Image.new("RGB", (30, 30), (0, 0, 255))])
    first = decode(buf.getvalue(), "two.tif", max_side=1024)
    assert tuple(first[0, 0]) == (255, 0, 0)
    buf = io.BytesIO()
    Image.new("RGB", (30, 20), (0, 128, 0)).save(buf, "WEBP", lossless=True)
    assert decode(buf.getvalue(), "x.webp", max_side=1024).shape == (20, 30, 3)
    thumb = write_thumbnail(np.zeros((600, 900, 3), np.uint8), "ab" * 32, tmp_path)
    with Image.open(thumb) as t:
        assert max(t.size) <= 256 and thumb.parent.name == "ab"


def test_catalogue_columns_name_images_and_roles(tmp_path: Path) -> None:
    csv = tmp_path / "monedas.csv"
    csv.write_text("inventario;titulo;tipologia;material;periodo;denominacion;anverso;reverso\n"
                   "M1;As de Kese;As ibérico;bronce;s. II a.C.;as;img/m1_a.jpg;img/m1_b.jpg\n"
                   "M2;;Real;plata;1681;real;img/m2_a.jpg;\n", encoding="utf-8")
    recs = csv_reader.read(csv, csv.read_bytes()).records
    assert recs[0].images == {"obverse": str(tmp_path / "img/m1_a.jpg"), "reverse": str(tmp_path / "img/m1_b.jpg")}
    assert recs[0].roles == {"typology": "As ibérico", "material": "bronce", "period": "s. II a.C.",
                             "denomination": "as", "period_years": [-200, -101]}
    assert "m1_a.jpg" not in recs[0].blocks[0].text  # file names are not what the object is about
    assert recs[1].images == {"obverse": str(tmp_path / "img/m2_a.jpg")} and recs[1].title == "M2"


def test_sidecar_maps_image_columns(tmp_path: Path) -> None:
    csv = tmp_path / "c.csv"
    csv.write_text("Ref,Nom,Foto A,Foto R,Metall\nS1,Segell,a.png,r.png,plom\n", encoding="utf-8")
    (tmp_path / "c.csv.mapping.json").write_text(
        '{"id": "Ref", "title": "Nom", "material": "Metall", "images": {"obverse": "Foto A", "reverse": "Foto R"}}')
    rec = csv_reader.read(csv, csv.read_bytes()).records[0]
    assert set(rec.images) == {"obverse", "reverse"} and rec.roles == {"material": "plom"}
    (tmp_path / "c.csv.mapping.json").write_text('{"title": "Nom", "images": {"obverse": "Foto X"}}')
    with pytest.raises(CorruptSource, match="Foto X"):
        csv_reader.read(csv, csv.read_bytes())


def test_without_an_image_model_only_the_photographs_wait(tmp_path: Path) -> None:
    from core.models.fake_encoder import HashingEncoder
    from core.service import Ovillo
    from tests.conftest import drain

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "coin_obverse.png").write_bytes(png_bytes())  # named as a view: no text probe (OCR) needed
    (folder / "notes.md").write_text("# Notas\n\nUna moneda de bronce.\n", encoding="utf-8")
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "no-models", encoder=HashingEncoder()) as app:
        _, summary = drain(app.library.ingest([folder]))
        assert [Path(o.path).name for o in summary.ok] == ["notes.md"]
        assert [Path(o.path).name for o in summary.failed] == ["coin_obverse.png"]
        assert "image model" in summary.failed[0].reason


class TinyImageEncoder:
    """A stand-in image encoder (mean colour): fast pipeline tests; the real one is in tests/integration."""

    name = "sscd-disc-mixup-distilled"
    dimension = 3
    modality = "image"

    def embed_batch(self, images: list[np.ndarray]) -> np.ndarray:
        vecs = np.array([im.reshape(-1, 3).mean(axis=0) + 1.0 for im in images], dtype=np.float32)
        return vecs / np.linalg.norm(vecs, axis=1, keepdims=True)


def test_photographs_beyond_the_memory_budget_are_read_again(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from core.ingest import objects
    from core.models.fake_encoder import HashingEncoder
    from core.service import Ovillo
    from tests.conftest import drain

    monkeypatch.setattr(objects, "KEEP_DECODED", 1)  # only the first photograph of a file stays decoded
    folder = tmp_path / "in"
    (folder / "img").mkdir(parents=True)
    lines = ["id,titulo,anverso"]
    for i in range(5):
        (folder / "img" / f"m{i}.png").write_bytes(png_bytes(colour=(40 * i, 10, 200 - 30 * i)))
        lines.append(f"{i},Moneda {i},img/m{i}.png")
    (folder / "cat.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    enc = TinyImageEncoder()
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder(),
                image_encoder=enc) as app:  # type: ignore[arg-type]
        _, summary = drain(app.library.ingest([folder]))
        assert [Path(o.path).name for o in summary.ok] == ["cat.csv"] and not summary.failed
        rows = app.store.cursor().execute("SELECT source_text, embedding FROM rag_embeddings "
                                          "WHERE modality = 'image' ORDER BY source_text").fetchall()
        assert len(rows) == 5
        for path, vec in rows:  # each vector is its own photograph's, whether kept or read again
            with Image.open(path) as im:
                assert np.allclose(vec, enc.embed_batch([np.asarray(im.convert("RGB"))])[0], atol=1e-5)


def test_a_photograph_changed_before_its_turn_is_not_embedded_as_the_old_one(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from core.ingest import objects

    monkeypatch.setattr(objects, "KEEP_DECODED", 0)
    (tmp_path / "a.png").write_bytes(png_bytes())
    views, errors = objects.prepare_views({"obverse": str(tmp_path / "a.png")}, base=tmp_path, roots=[],
                                          follow=False, model="m", thumbs=tmp_path / "t", max_side=1024,
                                          limit=1 << 20)
    assert not errors and views[0].pixels is None
    (tmp_path / "a.png").write_bytes(png_bytes(colour=(0, 0, 0)))
    with pytest.raises(CorruptSource, match="changed while"):
        views[0].take_pixels()
