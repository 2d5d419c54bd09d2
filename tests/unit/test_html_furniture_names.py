"""Which class and id names make an HTML element page furniture (issue #34 point 6, measured in design §8): a link
in a sentence, a section anchored by its heading's slug, a layout name and Blogger's post widget stay article;
comment threads and MathML's TeX source stay out."""

from __future__ import annotations

from pathlib import Path

from core.ingest.readers import html_reader

FIX = Path(__file__).resolve().parents[1] / "fixtures"

PAGE = """<html><body>
<div class="panel-display panel-two-col-sidebar-right-mix">
 <div class="widget Blog" id="Blog1">
  <h2>La riada</h2>
  <p>El agua cubrió la iglesia de Sant Romà, como cuenta <a class="popup" href="/d">Dolores Pallarés</a> en su entrevista.</p>
  <div class="section" id="sharing-with-the-parish-archive">
   <h3>El archivo parroquial</h3>
   <p>Los libros de bautismos se salvaron porque el rector los subió al campanario aquella noche.</p>
  </div>
  <p>La fórmula del caudal era <math><mi>Q</mi><annotation encoding="application/x-tex">Q = v \\cdot A</annotation></math>
     según el informe de la confederación hidrográfica.</p>
 </div>
 <div class="comment odd clearfix"><p>Mi abuela también lo recordaba, gracias por escribirlo aquí.</p></div>
 <ul class="replies"><li>Responder a este comentario con más recuerdos del pueblo.</li></ul>
</div>
</body></html>"""


def test_names_that_are_not_furniture_and_comments_that_are(tmp_path: Path) -> None:
    f = tmp_path / "riada.html"
    f.write_text(PAGE, encoding="utf-8")
    res = html_reader.read(f, f.read_bytes())
    text = " ".join(b.text for rec in res.records for b in rec.blocks)
    assert "como cuenta Dolores Pallarés en su entrevista" in text  # <a class="popup"> inside the sentence
    assert "Los libros de bautismos se salvaron" in text  # id="sharing-with-…": a heading's anchor
    assert "El agua cubrió la iglesia" in text  # a layout name and Blogger's "widget Blog" hold the post
    assert "Q según el informe" in " ".join(text.split()) and "cdot" not in text  # the TeX source is not text
    assert "Mi abuela" not in text and "Responder" not in text  # the comment thread
    assert "no main content recognised: the whole page was read" not in res.notes


def test_a_blog_post_read_without_its_comments() -> None:
    f = FIX / "html" / "aclu.html"  # readability's aclu page: a panel layout whose name says "sidebar"
    res = html_reader.read(f, f.read_bytes())
    text = " ".join(b.text for rec in res.records for b in rec.blocks)
    assert "When you sign up for Facebook" in text and "Reply" not in text.split()
    assert "no main content recognised: the whole page was read" not in res.notes


def _para(topic: str) -> str:
    return (f"<p>El informe sobre {topic}, redactado por la comisión del valle, recoge testimonios, cartas, "
            f"fotografías y planos, y explica con detalle cómo cambió la vida del pueblo tras la riada.</p>")


def test_a_page_all_furniture_is_narrowed_to_its_densest_prose(tmp_path: Path) -> None:
    sections = "".join(f"<div class='sec'><div class='inner'>{_para(t)}{_para(t + ' (2)')}</div></div>"
                       for t in ("la presa", "el molino", "la iglesia"))
    teasers = "".join(f"<li><a href='/{i}'>Otra noticia {i}</a><p>Resumen breve de la noticia {i} del día.</p></li>"
                      for i in range(8))
    f = tmp_path / "shell.html"  # a script's hidden shell: every element is furniture by the rules above
    f.write_text(f"<html><body><div id='app' hidden><div class='story'>{sections}</div>"
                 f"<ul class='stream'>{teasers}</ul></div></body></html>", encoding="utf-8")
    res = html_reader.read(f, f.read_bytes())
    text = " ".join(b.text for rec in res.records for b in rec.blocks)
    assert all(f"El informe sobre {t}" in text for t in ("la presa", "el molino", "la iglesia"))  # every section
    assert "Otra noticia" not in text and "Resumen breve" not in text
    assert "no main content recognised: the whole page was read" in res.notes
