<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en">
<context>
    <name>AskView</name>
    <message numerus="yes">
        <location filename="../views/ask.py" line="207" />
        <source>Reading %n passage(s)…</source>
        <translation>
            <numerusform>Reading %n passage…</numerusform>
            <numerusform>Reading %n passages…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ask.py" line="210" />
        <source>Found %n sentence(s) in the archive; checking whether they answer…</source>
        <translation>
            <numerusform>Found %n sentence in the archive; checking whether they answer…</numerusform>
            <numerusform>Found %n sentences in the archive; checking whether they answer…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BrowseView</name>
    <message numerus="yes">
        <location filename="../views/browse.py" line="176" />
        <source>%1 of %n record(s)</source>
        <translation>
            <numerusform>%1 of %n record</numerusform>
            <numerusform>%1 of %n records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/browse.py" line="177" />
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message numerus="yes">
        <location filename="../main.py" line="156" />
        <source>%n file(s) and folder(s) of this data folder that other accounts could read are now private.</source>
        <translation>
            <numerusform>%n file and folder of this data folder that other accounts could read are now private.</numerusform>
            <numerusform>%n files and folders of this data folder that other accounts could read are now private.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../main_window.py" line="245" />
        <source>Starting over in %n second(s) — touch the screen to continue.</source>
        <translation>
            <numerusform>Starting over in %n second — touch the screen to continue.</numerusform>
            <numerusform>Starting over in %n seconds — touch the screen to continue.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ObjectsView</name>
    <message numerus="yes">
        <location filename="../views/objects.py" line="201" />
        <source>%n neighbour(s)</source>
        <translation>
            <numerusform>%n neighbour</numerusform>
            <numerusform>%n neighbours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="203" />
        <source>%n near-duplicate(s): this object may already be catalogued</source>
        <translation>
            <numerusform>%n near-duplicate: this object may already be catalogued</numerusform>
            <numerusform>%n near-duplicates: this object may already be catalogued</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecordView</name>
    <message numerus="yes">
        <location filename="../views/record.py" line="254" />
        <source>%n page(s) read with low confidence: %1</source>
        <translation>
            <numerusform>%n page read with low confidence: %1</numerusform>
            <numerusform>%n pages read with low confidence: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SearchView</name>
    <message numerus="yes">
        <location filename="../views/search.py" line="253" />
        <source>%1 of %n record(s)</source>
        <translation>
            <numerusform>%1 of %n record</numerusform>
            <numerusform>%1 of %n records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search.py" line="254" />
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorklistView</name>
    <message numerus="yes">
        <location filename="../views/worklist.py" line="143" />
        <source>%1: %n record(s)</source>
        <translation>
            <numerusform>%1: %n record</numerusform>
            <numerusform>%1: %n records</numerusform>
        </translation>
    </message>
</context>
</TS>