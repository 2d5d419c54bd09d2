"""Reading order of OCR line boxes (core/ingest/reading_order.py) on synthetic pages of known layout."""

from __future__ import annotations

from core.ingest.ocr import layout
from core.ingest.reading_order import flows, order
from core.models.ocr_engine import OcrLine

H = 30  # line height in pixels, as at ~10 pt and 200 dpi


def line(text: str, x: float, row: int, w: float = 450, top: float = 100) -> OcrLine:
    return OcrLine(text, 0.99, x, top + row * 40, x + w, top + row * 40 + H)


def texts(lines: list[OcrLine]) -> list[str]:
    return [lines[i].text for i in order(lines)]


def test_a_single_column_reads_top_to_bottom_whatever_order_the_engine_gave() -> None:
    page = [line(f"l{i}", 100, i, w=900 - 37 * (i % 3)) for i in range(12)]
    assert texts(page[::-1]) == [f"l{i}" for i in range(12)]
    assert texts(page[5:] + page[:5]) == [f"l{i}" for i in range(12)]


def test_two_columns_are_read_one_after_the_other_between_headings_across_both() -> None:
    title = line("Title across both", 100, 0, w=1000)
    intro = line("An introduction across both columns", 100, 1, w=1000)
    left = [line(f"a{i}", 100, 3 + i) for i in range(6)]
    right = [line(f"b{i}", 600, 3 + i) for i in range(5)]
    middle = line("A heading across both", 100, 10, w=1000)
    left2 = [line(f"c{i}", 100, 11 + i) for i in range(3)]
    right2 = [line(f"d{i}", 600, 11 + i) for i in range(3)]
    footer = line("A footer across both", 100, 15, w=1000)
    engine_order = [title, intro] + [x for pair in zip(right + [middle], left) for x in pair] + \
        [x for pair in zip(right2, left2) for x in pair] + [footer]
    assert texts(engine_order) == (["Title across both", "An introduction across both columns"]
                                   + [f"a{i}" for i in range(6)] + [f"b{i}" for i in range(5)]
                                   + ["A heading across both"] + [f"c{i}" for i in range(3)]
                                   + [f"d{i}" for i in range(3)] + ["A footer across both"])


def test_a_long_line_reaching_into_a_narrow_gutter_does_not_interleave_the_columns() -> None:
    left = [line(f"a{i}", 100, i, w=470 if i == 4 else 440) for i in range(8)]  # a4 ends 20 px into b's column
    right = [line(f"b{i}", 550, i) for i in range(8)]
    assert texts(right + left) == [f"a{i}" for i in range(8)] + [f"b{i}" for i in range(8)]
    assert [len(f) for f in flows(right + left)] == [8, 8]


def test_a_letters_date_at_the_right_stays_above_the_text_below_it() -> None:
    sender = line("Sender, Main Street 3", 100, 0, w=400)
    date = line("Comafreda, 2 February 1958", 700, 2, w=400)
    greeting = line("Dear Sir,", 100, 4, w=150)
    body = [line(f"body {i}", 100, 5 + i, w=1000) for i in range(3)]
    assert texts([date, body[1], greeting, sender, body[0], body[2]]) == \
        ["Sender, Main Street 3", "Comafreda, 2 February 1958", "Dear Sir,", "body 0", "body 1", "body 2"]


def test_overlapping_boxes_and_a_cycle_lose_no_line() -> None:
    tangled = [OcrLine("x", 0.9, 100, 100, 600, 130), OcrLine("y", 0.9, 580, 95, 900, 135),
               OcrLine("z", 0.9, 90, 110, 950, 128), OcrLine("w", 0.9, 100, 100, 600, 130)]
    got = order(tangled)
    assert sorted(got) == [0, 1, 2, 3]
    assert order([]) == [] and order(tangled[:1]) == [0]


def test_layout_joins_each_column_into_its_own_paragraphs() -> None:
    left = [line(w, 100, i) for i, w in enumerate(["The excava-", "tion ended", "in July."])]
    right = [line(w, 600, i) for i, w in enumerate(["Water rose", "in the", "autumn."])]
    assert layout(right + left) == ["The excavation ended in July.", "Water rose in the autumn."]
