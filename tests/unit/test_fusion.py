"""Reciprocal Rank Fusion with per-list and per-item weights."""

from __future__ import annotations

import pytest

from core.retrieval.fusion import RRF_K, rrf


def test_plain_rrf_sums_reciprocal_ranks() -> None:
    fused = dict(rrf([["a", "b"], ["b", "c"]]))
    assert fused["b"] == pytest.approx(1 / (RRF_K + 2) + 1 / (RRF_K + 1))
    assert fused["a"] == pytest.approx(1 / (RRF_K + 1))
    assert [cid for cid, _ in rrf([["a", "b"], ["b", "c"]])][0] == "b"


def test_per_item_weights_silence_some_votes() -> None:
    # the second list's "x" has no weight: it cannot outvote the first list's order
    fused = rrf([["a", "x"], ["x", "a"]], weights=[1.0, {"a": 1.0}])
    assert [cid for cid, _ in fused] == ["a", "x"]
    assert dict(fused)["x"] == pytest.approx(1 / (RRF_K + 2))


def test_ties_break_by_id_for_stability() -> None:
    assert [cid for cid, _ in rrf([["b"], ["a"]])] == ["a", "b"]
