"""An answer's reason is a stable code (the app translates it); the English details stay for the terminal."""

from __future__ import annotations

from core.answer.result import AnswerResult
from core.cli_ask import human_reason


def test_json_carries_the_code_and_its_details() -> None:
    res = AnswerResult("", False, True, "no_relevant_passages",
                       details=["no passage is relevant enough (best cosine 0.700 < 0.80)"])
    js = res.to_json()
    assert js["reason"] == "no_relevant_passages" and js["details"] == res.details


def test_terminal_output_reads_as_before() -> None:
    gate = AnswerResult("", False, True, "no_relevant_passages",
                        details=["nothing in the archive visible to this profile matched"])
    assert human_reason(gate) == "nothing in the archive visible to this profile matched"
    refused = AnswerResult("", False, True, "not_in_passages",
                           details=["the passages found do not contain the answer"])
    assert human_reason(refused) == "the passages found do not contain the answer"
    bad = AnswerResult("", False, False, "not_grounded", details=["[S9] is not one of the evidence passages given",
                                                                  "a second problem"])
    assert human_reason(bad) == "could not ground: [S9] is not one of the evidence passages given; a second problem"
    assert human_reason(AnswerResult("", False, False, "not_grounded")) == "could not ground: no sentence cites a passage"
    assert human_reason(AnswerResult("", False, False, "cancelled")) == "cancelled"
