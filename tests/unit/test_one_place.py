"""Classifications, object roles and the default classification each live in one place (issue #10)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

from core.acl import CLASSIFICATIONS
from core.models.fake_encoder import HashingEncoder
from core.objects.catalogue import COLUMNS, ObjectFields
from core.roles import OBJECT_ROLES
from core.api import OBJECT_ROLES as SERVICE_ROLES
from core.service import Ovillo
from core.settings import Settings
from tests.conftest import drain
from tests.unit.test_encoders import FakeImageEncoder
from tests.unit.test_objects_images import png_bytes

REPO = Path(__file__).resolve().parents[2]
# the list spelled out, in any quoting ("public", "restricted" / public|restricted|…)
SPELLED = {
    "classifications": re.compile(r"public\W{1,4}restricted\W{1,4}secret"),
    "object roles": re.compile(r"[\"']typology[\"']\s*,\s*[\"']material[\"']"),
}
# where a spelling is the definition, or cannot import it
ALLOWED = {
    "classifications": {"core/acl.py",  # the definition
                        "core/store/migrations.py"},  # the schema's CHECK and built-in profiles (acl imports store)
    "object roles": {"core/roles.py"},  # the definition: the columns the importer reads
}


def sources() -> list[Path]:
    return sorted([*REPO.glob("core/**/*.py"), *REPO.glob("app/**/*.py")])


def test_each_list_is_spelled_in_one_place() -> None:
    found: dict[str, set[str]] = {name: set() for name in SPELLED}
    for path in sources():
        text = path.read_text(encoding="utf-8")
        for name, pattern in SPELLED.items():
            if pattern.search(text):
                found[name].add(path.relative_to(REPO).as_posix())
    assert found == ALLOWED
    assert set(OBJECT_ROLES) <= set(COLUMNS)  # the catalogue writes what the importer reads
    assert SERVICE_ROLES == OBJECT_ROLES
    assert Settings.model_json_schema()["properties"]["default_classification"]["pattern"] == \
        "^(" + "|".join(CLASSIFICATIONS) + ")$"


def test_a_new_object_takes_the_archives_default_classification(tmp_path: Path) -> None:
    photo = tmp_path / "m1_obverse.png"
    photo.write_bytes(png_bytes(colour=(120, 90, 30)))
    assert ObjectFields(title="x").classification is None  # no default of its own
    settings = Settings(default_classification="public", image_model="fake-image-8")
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder(),
                image_encoder=FakeImageEncoder(), settings=settings) as app:
        cat = app.catalogue
        exam = cat.examine({"obverse": photo})
        saved = drain(cat.save(exam, ObjectFields(title="Moneda sin clasificar", inventory="T-1")))[1]
        stored = app.store.cursor().execute("SELECT classification FROM records WHERE section_tipo = ? "
                                            "AND section_id = ?", [saved.section_tipo, saved.section_id]).fetchone()
        assert stored == ("public",)
        with (cat.folder(saved.section_tipo) / "catalogue.csv").open(encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        assert [(r["id"], r["classification"]) for r in rows] == [("T-1", "public")]
