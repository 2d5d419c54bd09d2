"""Similar objects over a real store with hand-made vectors: fusion across views, the gate, the vote."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from core.acl import load_profile
from core.errors import NotFound
from core.objects.characterize import NOT_ENOUGH, characterize, date_vote, vote
from core.objects.similar import ObjectFinder, ObjectHit, ObjectQuery, ViewScore
from core.store.db import Store
from core.store.writer import EmbeddingRow, RecordRow, RecordWriter

MODEL = "sscd-test"
DIM = 16


def unit(*pairs: tuple[int, float]) -> np.ndarray:
    v = np.zeros(DIM, np.float32)
    for i, x in pairs:
        v[i] = x
    return v / np.linalg.norm(v)


def near(base: np.ndarray, cos: float, axis: int) -> np.ndarray:
    """A unit vector at cosine ``cos`` from ``base`` (``axis`` orthogonal to it)."""
    other = np.zeros(DIM, np.float32)
    other[axis] = 1.0
    return (cos * base + np.sqrt(1 - cos ** 2) * other).astype(np.float32)


OBV, REV = unit((0, 1.0)), unit((1, 1.0))


def coin(sid: int, obverse: np.ndarray | None, reverse: np.ndarray | None, *, cls: str = "public",
         roles: dict[str, object] | None = None) -> RecordRow:
    rows = [EmbeddingRow(component_tipo=f"img:{view}", chunk_index=0, model=MODEL, embedding=vec,
                         source_text=f"/photos/{sid}_{view}.jpg", source_hash=f"{sid}{view}", modality="image",
                         chunk_meta={"view": view, "thumb": f"/thumbs/{sid}_{view}.jpg", "path": "p"})
            for view, vec in (("obverse", obverse), ("reverse", reverse)) if vec is not None]
    return RecordRow("coins", sid, f"coin {sid}", cls, data={"roles": roles or {}, "source_path": "cat.csv",
                                                             "views": {r.chunk_meta["view"]: r.chunk_meta
                                                                       for r in rows}},
                     embeddings=rows)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "o.duckdb")
    RecordWriter(s).write([
        coin(1, near(OBV, 0.80, 5), near(REV, 0.80, 6), roles={"typology": "as", "period_years": [-200, -150]}),
        coin(2, near(OBV, 0.95, 7), near(REV, 0.10, 8), roles={"typology": "as", "period_years": [-180, -150]}),
        coin(3, near(OBV, 0.30, 9), near(REV, 0.90, 10), roles={"typology": "denario", "period_years": [-150, -100]}),
        coin(4, near(OBV, 0.20, 11), near(REV, 0.20, 12), roles={"typology": "as"}),
        coin(66, OBV, REV, cls="secret", roles={"typology": "tesoro secreto", "period_years": [1900, 1900]}),
        coin(7, near(OBV, 0.99, 13), None, cls="restricted"),
    ])
    yield s
    s.close()


def keys(hits: list[ObjectHit]) -> list[int]:
    return [h.section_id for h in hits]


def test_close_on_both_faces_beats_close_on_one(store: Store) -> None:
    # a collection around them: ten coins half-alike on both faces
    RecordWriter(store).write([coin(100 + i, near(OBV, 0.5, 2), near(REV, 0.5, 3)) for i in range(10)])
    hits = ObjectFinder(store, MODEL).lookup(ObjectQuery({"obverse": OBV, "reverse": REV}), load_profile(store, "public"))
    # coin 2 is the closest obverse (0.95) and coin 3 the closest reverse (0.90), but coin 1 is close on both
    assert keys(hits)[0] == 1
    assert hits[0].views["obverse"].rank == 2 and hits[0].views["reverse"].rank == 2
    order = keys(ObjectFinder(store, MODEL).lookup(ObjectQuery({"obverse": OBV, "reverse": REV}, limit=50),
                                                   load_profile(store, "public")))
    assert order.index(4) > max(order.index(2), order.index(3))  # far on both faces: last


def test_hidden_objects_take_no_rank_and_are_never_counted(store: Store) -> None:
    finder = ObjectFinder(store, MODEL)
    public = finder.lookup(ObjectQuery({"obverse": OBV, "reverse": REV}, limit=50), load_profile(store, "public"))
    assert 66 not in keys(public) and 7 not in keys(public) and len(public) == 4
    assert sorted(h.views["obverse"].rank for h in public) == [1, 2, 3, 4]  # no gap where the secret coin was
    owner = finder.lookup(ObjectQuery({"obverse": OBV, "reverse": REV}, limit=50), load_profile(store, "owner"))
    assert keys(owner)[0] == 66 and owner[0].near_duplicate
    assert characterize(public)["proposals"]["typology"]["value"] == "as"
    assert all(e["section_id"] != 66 for p in characterize(public)["proposals"].values() for e in p["evidence"])
    with pytest.raises(NotFound):
        finder.similar("coins", 66, load_profile(store, "public"))


def test_similar_uses_stored_vectors_and_excludes_the_seed(store: Store) -> None:
    finder = ObjectFinder(store, MODEL)
    hits = finder.similar("coins", 1, load_profile(store, "owner"), mode="visual", limit=3)
    assert 1 not in keys(hits) and keys(hits)[0] == 66


def test_one_face_searches_that_view_and_all_views_on_request(store: Store) -> None:
    finder = ObjectFinder(store, MODEL)
    public = load_profile(store, "public")
    hits = finder.lookup(ObjectQuery({"reverse": REV}), public)
    assert keys(hits)[0] == 3 and set(hits[0].views) == {"reverse"}
    # a reverse photographed but labelled obverse still finds coin 3 when all views are compared
    mislabelled = finder.lookup(ObjectQuery({"obverse": REV}, all_views=True), public)
    assert keys(mislabelled)[0] == 3


def test_near_duplicate_needs_every_compared_view_over_the_floor(store: Store) -> None:
    finder = ObjectFinder(store, MODEL, floor=0.85)
    hits = finder.lookup(ObjectQuery({"obverse": OBV, "reverse": REV}), load_profile(store, "public"))
    by = {h.section_id: h for h in hits}
    assert by[2].views["obverse"].same_die and not by[2].near_duplicate  # a die link, not the same coin
    only = finder.lookup(ObjectQuery({"obverse": OBV}, near_duplicates_only=True), load_profile(store, "public"))
    assert keys(only) == [2]


def hit(sid: int, sim: float, **roles: object) -> ObjectHit:
    return ObjectHit("c", sid, f"c{sid}", 0.01, views={"obverse": ViewScore(sim, sid)}, roles=dict(roles))


def test_categorical_vote_is_weighted_with_runners_up() -> None:
    p = vote("material", [hit(1, 0.9, material="plata"), hit(2, 0.8, material="Plata"),
                          hit(3, 0.5, material="bronce"), hit(4, 0.9)])
    assert p.value == "plata" and p.voters == 3
    assert p.confidence == pytest.approx(1.7 / 2.2) and p.runners_up[0][0] == "bronce"
    assert [h.section_id for h in p.evidence] == [1, 2]
    few = vote("material", [hit(1, 0.9, material="plata"), hit(2, 0.9, material="plata")])
    assert few.value is None and few.to_json()["note"] == NOT_ENOUGH


def test_date_vote_range_central_and_agreement() -> None:
    agree = date_vote([hit(i, 0.9, period_years=[-200, -150]) for i in range(3)])
    assert (agree.earliest, agree.latest, agree.central, agree.confidence) == (-200, -150, -175, 1.0)
    split = date_vote([hit(1, 0.9, period_years=[-200, -200]), hit(2, 0.9, period_years=[1700, 1700]),
                       hit(3, 0.9, period_years=[-200, -200]), hit(4, 0.9, period_years=[1700, 1700])])
    assert split.confidence == pytest.approx(0.0, abs=1e-9) and split.earliest == -200 and split.latest == 1700
    assert date_vote([hit(1, 0.9, period_years=[1, 2])]).to_json()["note"] == NOT_ENOUGH


def test_the_central_year_of_neighbours_from_two_eras_is_one_of_the_heavier_era() -> None:
    # three 17th-century pieces and two Iberian ones: the weighted mean (~930) is a year none holds
    mixed = date_vote([hit(1, 0.9, period_years=[1600, 1650]), hit(2, 0.8, period_years=[1660, 1681]),
                       hit(3, 0.7, period_years=[1600, 1650]), hit(4, 0.85, period_years=[-300, -250]),
                       hit(5, 0.6, period_years=[-250, -200])])
    assert mixed.central == 1625 and (mixed.earliest, mixed.latest) == (-300, 1681)
    assert mixed.confidence < 0.2  # the spread still says the neighbours disagree
    # the heavier side wins even when it has fewer voters
    heavy = date_vote([hit(1, 0.95, period_years=[-200, -150]), hit(2, 0.9, period_years=[-200, -150]),
                       hit(3, 0.2, period_years=[1700, 1700]), hit(4, 0.2, period_years=[1700, 1700]),
                       hit(5, 0.2, period_years=[1700, 1700])])
    assert heavy.central == -175
