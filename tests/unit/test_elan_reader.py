"""ELAN .eaf: independent tiers as timecoded turns, translations at their parent's time (#34)."""

from __future__ import annotations

from pathlib import Path

from core.ingest.readers import reader_for

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "elan"
EAF = """<ANNOTATION_DOCUMENT AUTHOR="" DATE="2019-07-14T10:00:00+02:00" FORMAT="3.0" VERSION="3.0">
<HEADER TIME_UNITS="milliseconds"><MEDIA_DESCRIPTOR MEDIA_URL="file:///x/oh02.wav" RELATIVE_MEDIA_URL="./oh02.wav"/>
</HEADER><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="1000"/><TIME_SLOT TIME_SLOT_ID="ts2"/>
<TIME_SLOT TIME_SLOT_ID="ts3"/><TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="4000"/></TIME_ORDER>
<TIER LINGUISTIC_TYPE_REF="utt" PARTICIPANT="Carmen" TIER_ID="ca">
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
<ANNOTATION_VALUE>El molí de baix</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4">
<ANNOTATION_VALUE>ja no mol.</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>
<TIER LINGUISTIC_TYPE_REF="tr" PARENT_REF="ca" TIER_ID="es">
<ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3" ANNOTATION_REF="a1"><ANNOTATION_VALUE>El molino de abajo</ANNOTATION_VALUE>
</REF_ANNOTATION></ANNOTATION></TIER>
<LINGUISTIC_TYPE LINGUISTIC_TYPE_ID="utt" TIME_ALIGNABLE="true"/>
<LINGUISTIC_TYPE CONSTRAINTS="Symbolic_Association" LINGUISTIC_TYPE_ID="tr" TIME_ALIGNABLE="false"/>
<LANGUAGE LANG_ID="cat"/></ANNOTATION_DOCUMENT>"""


def test_speach_sample_tiers_in_time_order() -> None:
    path = FIX / "speach_test.eaf"
    result = reader_for(path)(path, path.read_bytes())
    (rec,) = result.records
    assert result.reader == "elan"
    got = [(b.tc_in, b.tc_out, b.speaker, b.text) for b in rec.blocks[:4]]
    assert got == [(0.83, 5.2, "marker", "convo start"), (1.04, 2.33, "P001", "How do you read this?"),
                   (3.2, 5.05, "P001", "このリンゴ、おいしいね！"), (5.51, 6.35, "P001", "What does it mean?")]
    assert rec.blocks[-1].tc_in == 16.615 and rec.blocks[-1].text == "Oh thanks"
    assert {b.component for b in rec.blocks} == {"rag:transcript"}  # the language codes are labels, not text
    assert result.notes == ["dependent tiers not indexed apart (they split or code their parent): "
                            "Person1 (Chunk), Person1 (ChunkLanguage), Person1 (Language)"]
    assert rec.data["media_url"] == "./test.wav" and rec.date_start is None  # DATE is when it was saved


def test_unaligned_slots_and_translation_tiers() -> None:
    (rec,) = reader_for(Path("oh02.eaf"))(Path("oh02.eaf"), EAF.encode()).records
    got = [(b.tc_in, b.tc_out, b.speaker, b.component, b.text) for b in rec.blocks]
    assert got == [(1.0, 2.0, "Carmen", "rag:transcript", "El molí de baix"),  # ts2, ts3 unaligned: 2 s and 3 s
                   (1.0, 2.0, "Carmen", "rag:translation", "El molino de abajo"),
                   (3.0, 4.0, "Carmen", "rag:transcript", "ja no mol.")]
    assert rec.lang == "ca" and rec.data["saved"] == "2019-07-14T10:00:00+02:00"
