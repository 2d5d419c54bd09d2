"""Passages' Markdown as markup (app.passage_html): tables and emphasis shown, nothing else from the archive
ever read as HTML, the query's words and an answer's quote still marked."""

from __future__ import annotations

import re

from app.passage_html import is_markdown, passage_html, passage_parts, snippet_html
from app.text import MARK

# the demo lab diary's table, as the Markdown reader stores it: its lines joined by spaces
FLAT_TABLE = ("| King | Number | Reign | |---|---|---| | Jaume I | 14 | 1213–1276 | | Jaume II | 6 | 1291–1327 | "
              "| Pere III \"the Ceremonious\" | 3 | 1336–1387 |")


def cells(markup: str, tag: str = "td") -> list[str]:
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", markup)]


def test_a_stored_table_is_a_table_again() -> None:
    (kind, markup), = passage_parts(FLAT_TABLE)
    assert kind == "table"
    assert cells(markup, "th") == ["King", "Number", "Reign"]
    assert cells(markup) == ["Jaume I", "14", "1213–1276", "Jaume II", "6", "1291–1327",
                             "Pere III &quot;the Ceremonious&quot;", "3", "1336–1387"]


def test_prose_around_a_table_stays_prose() -> None:
    parts = passage_parts("A first identification: " + FLAT_TABLE + " Total weight: 19.8 g.")
    assert [k for k, _m in parts] == ["p", "table", "p"]
    assert parts[0][1] == "A first identification:" and parts[2][1] == "Total weight: 19.8 g."


def test_a_table_written_a_row_a_line_with_alignment_and_an_escaped_pipe() -> None:
    (kind, markup), = passage_parts("| a | b |\n|:-:|--:|\n| x \\| y | 3 |")
    assert kind == "table" and cells(markup) == ["x | y", "3"]
    assert "align='center'" in markup and "align='right'" in markup


def test_emphasis_code_and_links() -> None:
    markup = passage_html("There are **23 coins**, all *dineros*; see `a*b*` and [the map](https://example.org/m_1).")
    assert "<b>23 coins</b>" in markup and "<i>dineros</i>" in markup and "<code>a*b*</code>" in markup
    # a link's words and address are shown; the window never follows it
    assert "the map <small>(https://example.org/m_1)</small>" in markup and "href" not in markup


def test_the_archive_never_writes_html() -> None:
    hostile = ("**<img src='/secret/coin.jpg'>** <a href='file:///etc'>x</a> ![<b>alt</b>](/secret/a.jpg) "
               "| <i>h</i> | b | |---|---| | <script>1</script> | 2 |")
    markup = passage_html(hostile)
    assert "<img" not in markup and "<a " not in markup and "<script" not in markup and "<i>h" not in markup
    assert "&lt;img src=&#x27;/secret/coin.jpg&#x27;&gt;" in markup and "&lt;b&gt;alt&lt;/b&gt;" in markup
    assert "/secret/a.jpg" not in markup  # an image is its alt text, never loaded


def test_plain_text_is_read_as_written() -> None:
    text = "2*x*y for snake_case_name, oh01_josep_ca.vtt"
    assert not is_markdown(text)
    assert snippet_html(text) == "2*x*y for snake_case_name, oh01_josep_ca.vtt"
    assert is_markdown(text, "notes/diary.MD") and is_markdown("**bold**") and is_markdown(FLAT_TABLE)


def test_query_words_and_the_quote_are_marked_inside_the_markup() -> None:
    text = "There are **23 coins** of Jaume I.\n\n" + FLAT_TABLE
    start, end = text.index("coins"), text.index("Jaume II")
    markup = passage_html(text, "coins", (start, end), quote_css="Q", block_css="H", prefix="[p. 2] ")
    assert markup.startswith("<p style='H'>[p. 2] There are <b>23 <span style='Q'>" + MARK + "coins</span></span></b>")
    assert "<table border='1' cellspacing='0' cellpadding='4' style='H'>" in markup
    # the quote runs into the table, marked cell by cell (never a span across the table's markup)
    assert "<td align='left'><span style='Q'>Jaume I</span></td>" in markup
    assert "<td align='left'>Jaume II</td>" in markup
    # the quoted words are a sequence of marked runs: none of the marks crosses a tag it did not open
    for run in re.findall(r"<span style='Q'>(.*?)</span>(?!</span>)", markup):
        assert "<td" not in run and "<tr" not in run


def test_not_markdown_keeps_the_old_rendering() -> None:
    text = "line one\nline **two**"
    assert passage_html(text, markdown=False, prefix="▶ ") == "<p>▶ line one<br>line **two**</p>"
