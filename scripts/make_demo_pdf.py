#!/usr/bin/env python3
"""Generate the demo excavation report PDF for the Ovillo demo archive.

Output: resources/demo/reports/interim_report_2019.pdf (4 pages, English).
All content is fictional sample data. Each page carries its own facts so that
page-level retrieval/citation can be tested:

  page 1  summary, site, team, trenches, method
  page 2  Trench 4: the pottery kiln
  page 3  Trench 5: the Cal Sastre coin hoard
  page 4  Trenches 1-3, oral history, recommendations

Requires fpdf2 (``pip install fpdf2``). Uses DejaVu Sans if it is installed
(full Unicode); otherwise falls back to the core Helvetica font (Latin-1).
Usage:  python scripts/make_demo_pdf.py [output.pdf]
"""
from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

from fpdf import FPDF

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "resources" / "demo" / "reports" / "interim_report_2019.pdf"
DEJAVU_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]

TITLE = "Comafreda Project: Interim Report on the 2019 Excavation Season"
RUNNING = "Comafreda Project - Interim Report 2019 - Sample data (fictional)"

# Each page: list of blocks. ("h1"|"h2"|"p"|"li", text) or ("table", rows)
PAGES: list[list[tuple]] = [
    [
        ("h1", TITLE),
        ("p", "Sant Martí de Comafreda, Vall del Salí (Lleida). Directors: Dr Helen Marsh "
              "(Northbridge University) and Dra. Núria Puigverd i Solà (Centre d'Estudis de la "
              "Vall de Comafreda). Report date: 16 March 2020."),
        ("note", "Sample data - fictional. This report was written for the Ovillo demo archive; "
                 "all people, places and finds are invented."),
        ("h2", "1. Summary"),
        ("p", "Between 1 and 30 July 2019 a drought lowered the Comafreda reservoir to 18% of its "
              "capacity and exposed the village of Sant Martí de Comafreda, flooded in 1959 when "
              "the gates of the Comafreda dam were closed. Five trenches were excavated with 27 "
              "volunteers. The main results were a seventeenth-century pottery kiln (Trench 4), a "
              "fourteenth-century coin hoard (Trench 5), the casting pit of the church bell la "
              "Martina (Trench 1), the wheel pit of the lower mill (Trench 2) and the forge and "
              "kitchen midden of the blacksmith's house (Trench 3)."),
        ("h2", "2. Site and method"),
        ("p", "The water level on 1 July was 411.6 m above sea level. The site datum is a brass pin "
              "in the threshold of the church door at 412.30 m. Trenches were located from the 1956 "
              "cadastral plan, a magnetometer survey and information from former residents. "
              "Recording used single-context sheets; 212 contexts, 46 drawn plans and over 3,000 "
              "photographs were produced. At the end of the season all structures were covered "
              "with geotextile and river sand before the water returned."),
        ("h2", "3. Trenches"),
        ("table", [
            ("Trench", "Location", "Main result"),
            ("1", "Apse of Sant Martí church", "12th-c. apse; bell-casting pit (1786)"),
            ("2", "Molí de Baix (lower mill)", "Wheel pit; millstone; Roman denarius"),
            ("3", "Cal Ferrer (blacksmith)", "Forge; 31 glazed sherds"),
            ("4", "L'Olleria, river bank", "Pottery kiln, 17th century"),
            ("5", "Cal Sastre, church square", "Hoard of 23 billon coins"),
        ]),
    ],
    [
        ("h1", "4. Trench 4: the pottery kiln"),
        ("p", "A circular magnetic anomaly on the river bank, in the field the 1956 cadastre calls "
              "l'Olleria, proved to be an up-draught pottery kiln, first exposed on 17 July 2019. "
              "No potter had been remembered in the valley, and the field name was the only trace "
              "of the workshop."),
        ("h2", "4.1 Structure"),
        ("li", "Circular firing chamber with an internal diameter of 2.4 m and walls preserved to a "
               "height of 1.1 m, built of stone bonded with clay."),
        ("li", "The inner face is lined with clay vitrified to a glossy green by repeated firings."),
        ("li", "A central brick pillar supported a perforated floor (grate); about one third of the "
               "grate survives, with flue holes 6 cm in diameter."),
        ("li", "The stoke-hole (firing mouth) opens to the south-east, towards the river."),
        ("h2", "4.2 Products and wasters"),
        ("p", "A dump of about 1,200 wasters surrounds the kiln: warped honey-glazed plates, green-"
              "glazed bowls fused together and pieces with blistered glaze, together with "
              "three-pointed clay kiln spacers. XRF analysis shows that the wasters and the glazed "
              "tableware from Trench 3 are chemically indistinguishable (high-lead glazes coloured "
              "with copper for green and iron for honey): the village's glazed pottery was made "
              "here."),
        ("h2", "4.3 Dating"),
        ("p", "A copper ardit of Philip IV struck in Barcelona in 1654 (CMF-033) lay in the ashes "
              "of the last firing in the stoke-hole, so the kiln was in use, or abandoned, after "
              "1654. The archaeomagnetic sample from the vitrified wall gives a provisional date of "
              "1650-1690. The kiln is therefore interpreted as a workshop of the second half of the "
              "seventeenth century."),
    ],
    [
        ("h1", "5. Trench 5: the Cal Sastre coin hoard"),
        ("p", "On 22 July 2019 the volunteer Marc Soler noticed a circle of loose soil in the "
              "beaten-earth floor of the back room of Cal Sastre, the house beside the church "
              "square. At a depth of 0.35 m a slate disc sealed a complete honey-glazed jug "
              "(gerreta) 14.5 cm high (CMF-007, CMF-008). The jug was lifted unopened and taken "
              "the same day to the Museu Comarcal del Salí."),
        ("h2", "5.1 Composition"),
        ("p", "X-radiography showed the coins stacked in two rolls, and traces of linen show that "
              "they were wrapped in cloth. The hoard contains 23 billon dineros of the Barcelona "
              "mint, with a total weight of 19.8 g:"),
        ("table", [
            ("Ruler", "Coins", "Reign"),
            ("Jaume I", "14", "1213-1276"),
            ("Jaume II", "6", "1291-1327"),
            ("Pere III 'the Ceremonious'", "3", "1336-1387"),
        ]),
        ("h2", "5.2 Date and interpretation"),
        ("p", "The three coins of Pere III are the latest and are barely worn, so the hoard was "
              "closed after 1336, most probably between 1340 and 1350. A link with the Black Death, "
              "which reached the valley in 1348, is possible but cannot be proved. Village tradition "
              "had long held that 'the money of the plague' was buried in Cal Sastre. The numismatic "
              "study is by Dr Andreu Pujol (Museu Comarcal del Salí)."),
        ("h2", "5.3 Security"),
        ("p", "The exact find-spot is recorded in a restricted file and is not published. On the "
              "night of 26-27 July three metal-detector holes were dug beside the trench; the "
              "incident was reported to the police and nothing was taken."),
    ],
    [
        ("h1", "6. Other trenches"),
        ("p", "Trench 1 (church apse). The foundation of a twelfth-century Romanesque apse survives "
              "under the eighteenth-century floor. Beside it, a casting pit 1.9 m in diameter "
              "contained 64 bronze droplets (about 78% copper, 22% tin) and fragments of the clay "
              "mould, one inscribed ...RTINA 17...: this is where the bell la Martina was cast in "
              "1786. The bell now hangs in the church of Vilanova del Salí."),
        ("p", "Trench 2 (Molí de Baix). The vaulted wheel pit, 2.10 m wide, contained half of the "
              "upper millstone (1.25 m in diameter), left in place. A silver denarius of Antoninus "
              "Pius (CMF-001) was recovered from the gravel of the tail-race on 9 July; it was "
              "probably carried down by the river."),
        ("p", "Trench 3 (Cal Ferrer). A forge hearth with 2.4 kg of smithing slag and a horseshoe "
              "was found at the back of the house. The kitchen midden produced 31 glazed sherds "
              "(green and honey lead glazes, plus one sixteenth-century lustreware fragment) and a "
              "copper ardit of Charles II dated 1681."),
        ("h2", "7. Oral history"),
        ("p", "Four interviews were recorded with people linked to the village: Josep Vilaró i "
              "Bosch (Catalan), Carmen Rius Lahoz (Spanish), Manuel Gaspar Ortiz, a driller on the "
              "dam (Spanish), and Elena Vidal Brugué (English). Their identifications of houses "
              "were essential for naming the trenches."),
        ("h2", "8. Recommendations"),
        ("li", "Conserve and fully publish the Cal Sastre hoard and the kiln assemblage."),
        ("li", "Compare the mould inscription with the inscription on the bell in Vilanova del Salí."),
        ("li", "Prepare a rapid-response plan for a second season whenever the reservoir falls "
               "below 20% of capacity."),
        ("li", "Monitor the site during droughts to prevent illegal metal detecting."),
    ],
]

_LATIN1_FIX = {"\u2014": "-", "\u2013": "-", "\u2026": "...", "\u2018": "'", "\u2019": "'",
               "\u201c": '"', "\u201d": '"'}


class Report(FPDF):
    def __init__(self) -> None:
        super().__init__(format="A4")
        self.set_margins(20, 20, 20)
        self.set_auto_page_break(True, margin=20)
        self.family = "Helvetica"
        for d in DEJAVU_DIRS:
            if (d / "DejaVuSans.ttf").exists() and (d / "DejaVuSans-Bold.ttf").exists():
                self.add_font("DejaVu", "", str(d / "DejaVuSans.ttf"))
                self.add_font("DejaVu", "B", str(d / "DejaVuSans-Bold.ttf"))
                if (d / "DejaVuSans-Oblique.ttf").exists():
                    self.add_font("DejaVu", "I", str(d / "DejaVuSans-Oblique.ttf"))
                else:
                    self.add_font("DejaVu", "I", str(d / "DejaVuSans.ttf"))
                self.family = "DejaVu"
                break

    def t(self, s: str) -> str:
        if self.family == "DejaVu":
            return s
        for a, b in _LATIN1_FIX.items():
            s = s.replace(a, b)
        return s.encode("latin-1", "replace").decode("latin-1")

    def header(self) -> None:
        self.set_font(self.family, "I", 8)
        self.set_text_color(110)
        self.cell(0, 6, self.t(RUNNING), align="L")
        self.ln(10)
        self.set_text_color(0)

    def footer(self) -> None:
        self.set_y(-15)
        self.set_font(self.family, "I", 8)
        self.set_text_color(110)
        self.cell(0, 10, f"Page {self.page_no()} of {{nb}}", align="C")
        self.set_text_color(0)


def render(out: Path) -> Path:
    pdf = Report()
    pdf.set_title(TITLE)
    pdf.set_author("Helen Marsh; Núria Puigverd i Solà")
    pdf.set_subject("Sample data - fictional excavation report (Ovillo demo)")
    pdf.set_keywords("Comafreda; excavation; kiln; coin hoard; bell; reservoir")
    pdf.set_lang("en")
    pdf.set_creation_date(datetime(2020, 3, 16, 12, 0, tzinfo=timezone.utc))  # reproducible output
    width = pdf.w - pdf.l_margin - pdf.r_margin
    for blocks in PAGES:
        pdf.add_page()
        for kind, content in blocks:
            if kind == "h1":
                pdf.set_font(pdf.family, "B", 15)
                pdf.multi_cell(width, 7.5, pdf.t(content), align="L")
                pdf.ln(2)
            elif kind == "h2":
                pdf.ln(1)
                pdf.set_font(pdf.family, "B", 11.5)
                pdf.multi_cell(width, 6.5, pdf.t(content), align="L")
                pdf.ln(0.5)
            elif kind == "p":
                pdf.set_font(pdf.family, "", 10)
                pdf.multi_cell(width, 5.2, pdf.t(content), align="L")
                pdf.ln(1.8)
            elif kind == "note":
                pdf.set_font(pdf.family, "I", 9)
                pdf.set_text_color(150, 0, 0)
                pdf.multi_cell(width, 5, pdf.t(content), align="L")
                pdf.set_text_color(0)
                pdf.ln(1.5)
            elif kind == "li":
                pdf.set_font(pdf.family, "", 10)
                pdf.set_x(pdf.l_margin + 4)
                pdf.multi_cell(width - 4, 5.2, pdf.t("\u2022 " if pdf.family == "DejaVu" else "- ") + pdf.t(content), align="L")
                pdf.ln(0.8)
            elif kind == "table":
                pdf.set_font(pdf.family, "", 9.5)
                with pdf.table(col_widths=(1, 2, 2.6) if len(content[0]) == 3 else None,
                               text_align="LEFT", line_height=5.6) as table:
                    for row in content:
                        r = table.row()
                        for cell in row:
                            r.cell(pdf.t(cell))
                pdf.ln(2)
            else:  # pragma: no cover
                raise ValueError(kind)
        expected = len([p for p in PAGES[: PAGES.index(blocks) + 1]])
        if pdf.page_no() != expected:
            raise SystemExit(f"content of page {expected} overflowed onto page {pdf.page_no()}")
    out.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(out))
    return out


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else DEFAULT_OUT
    path = render(out)
    print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
