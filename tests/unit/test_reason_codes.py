"""An answer's reason is a stable code (the app translates it); the English details stay for the terminal."""

from __future__ import annotations

from core.answer.result import AnswerResult
from cli.ask import human_reason


def test_json_carries_the_code_and_its_details() -> None:
    res = AnswerResult("", False, True, "no_relevant_passages",
                       details=["no passage is relevant enough (best cosine 0.700 < 0.80)"])
    js = res.to_json()
    assert js["reason"] == "no_relevant_passages" and js["details"] == res.details


def test_terminal_output_reads_as_before() -> None:
    gate = AnswerResult("", False, True, "no_relevant_passages",
                        details=["nothing in the archive visible to this profile matched"])
    assert human_reason(gate) == "nothing in the archive visible to this profile matched"
    refused = AnswerResult("", False, True, "archive_does_not_say",
                           details=["the answer model accepted none of the 4 passages' sentences as an answer"])
    assert human_reason(refused) == ("the archive does not say this directly (the answer model accepted none of "
                                     "the 4 passages' sentences as an answer)")
    assert human_reason(AnswerResult("", False, True, "archive_does_not_say")) == \
        "the archive does not say this directly"
    assert human_reason(AnswerResult("", False, False, "cancelled")) == "cancelled"
