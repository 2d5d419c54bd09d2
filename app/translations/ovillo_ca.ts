<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ca">
<context>
    <name>AskView</name>
    <message>
        <location filename="../views/ask.py" line="84"/>
        <source>Ask the archive a question…</source>
        <translation>Fes una pregunta a l&apos;arxiu…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="85"/>
        <source>&amp;Ask</source>
        <translation>&amp;Pregunta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="86"/>
        <source>S&amp;top</source>
        <translation>&amp;Atura</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="87"/>
        <source>&amp;New conversation</source>
        <translation>&amp;Nova conversa</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="116"/>
        <source>Searching the archive…</source>
        <translation>Cercant a l&apos;arxiu…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="129"/>
        <source>Stopping…</source>
        <translation>Aturant…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="151"/>
        <source>%1 passages found; writing the answer…</source>
        <translation>%1 passatges trobats; redactant la resposta…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="152"/>
        <source>Nothing relevant found.</source>
        <translation>No s&apos;ha trobat res pertinent.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="158"/>
        <source>Checking each citation against its passage…</source>
        <translation>Comprovant cada cita amb el seu passatge…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="161"/>
        <source>Some citations did not check out; rewriting once…</source>
        <translation>Algunes cites no se sostenen; es reescriu una vegada…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="167"/>
        <source>Grounded answer: every sentence cites the archive.</source>
        <translation>Resposta fonamentada: cada frase cita l&apos;arxiu.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="169"/>
        <source>No answer: %1</source>
        <translation>Sense resposta: %1</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="171"/>
        <source>Stopped.</source>
        <translation>Aturat.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="173"/>
        <source>Could not ground an answer in the archive.</source>
        <translation>No s&apos;ha pogut fonamentar una resposta en l&apos;arxiu.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="205"/>
        <source>† cites no passage: not checked against the archive.</source>
        <translation>† no cita cap passatge: no s&apos;ha comprovat amb l&apos;arxiu.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="209"/>
        <source>(stopped)</source>
        <translation>(aturat)</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="211"/>
        <source>No answer</source>
        <translation>Sense resposta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="211"/>
        <source>Could not ground an answer</source>
        <translation>No s&apos;ha pogut fonamentar la resposta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="213"/>
        <source>Closest passages found:</source>
        <translation>Passatges més propers trobats:</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <location filename="../errors.py" line="43"/>
        <source>Ovillo</source>
        <translation>Ovillo</translation>
    </message>
    <message>
        <location filename="../errors.py" line="54"/>
        <source>Something went wrong inside Ovillo. Your archive is safe.</source>
        <translation>Alguna cosa ha fallat dins d&apos;Ovillo. El vostre arxiu està a resguard.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="55"/>
        <source>The details were written to the log file in the data folder. You can copy them to send a report.</source>
        <translation>Els detalls s&apos;han desat al registre de la carpeta de dades. Podeu copiar-los per enviar un informe.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="57"/>
        <source>Copy details</source>
        <translation>Copia els detalls</translation>
    </message>
</context>
<context>
    <name>ImageStrip</name>
    <message>
        <location filename="../views/object_tiles.py" line="290"/>
        <source>obverse</source>
        <translation>anvers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="290"/>
        <source>reverse</source>
        <translation>revers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="290"/>
        <source>image</source>
        <translation>imatge</translation>
    </message>
</context>
<context>
    <name>ImportView</name>
    <message>
        <location filename="../views/importer.py" line="50"/>
        <source>Drop files or folders here</source>
        <translation>Deixeu anar aquí fitxers o carpetes</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="51"/>
        <source>Add &amp;files…</source>
        <translation>Afegeix &amp;fitxers…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="52"/>
        <source>Add f&amp;older…</source>
        <translation>Afegeix una &amp;carpeta…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="53"/>
        <source>&amp;Remove</source>
        <translation>&amp;Treu</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="55"/>
        <source>default: the folder&apos;s name</source>
        <translation>per defecte: el nom de la carpeta</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="58"/>
        <source>Keep current (new files: %1)</source>
        <translation>Mantén l&apos;actual (fitxers nous: %1)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="63"/>
        <source>Also loosen records already stored (reclassify)</source>
        <translation>Relaxa també els registres ja desats (reclassifica)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="65"/>
        <source>Without this, a record already stored keeps its classification when it is stricter than the one chosen here.</source>
        <translation>Sense això, un registre ja desat conserva la seva classificació quan és més estricta que la triada aquí.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="69"/>
        <source>&amp;Start import</source>
        <translation>&amp;Inicia la importació</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="70"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausa</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="71"/>
        <source>Res&amp;ume</source>
        <translation>&amp;Reprèn</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="72"/>
        <source>&amp;Cancel</source>
        <translation>Ca&amp;ncel·la</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="85"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="86"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="93"/>
        <source>Files and folders to import (drag and drop them here):</source>
        <translation>Fitxers i carpetes per importar (arrossegueu-los aquí):</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="98"/>
        <source>Overall</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="100"/>
        <source>Current file</source>
        <translation>Fitxer actual</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="104"/>
        <source>Problems</source>
        <translation>Problemes</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="131"/>
        <source>Choose files to import</source>
        <translation>Trieu fitxers per importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="135"/>
        <source>Choose a folder to import</source>
        <translation>Trieu una carpeta per importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="186"/>
        <source>Loosen classifications?</source>
        <translation>Voleu relaxar les classificacions?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="187"/>
        <source>Records already stored with a stricter classification will become “%1” and may be seen by more people. Continue?</source>
        <translation>Els registres ja desats amb una classificació més estricta passaran a «%1» i els podrà veure més gent. Voleu continuar?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="201"/>
        <source>Looking for files…</source>
        <translation>Cercant fitxers…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="213"/>
        <source>Pausing after the current file…</source>
        <translation>Posant en pausa després del fitxer actual…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="230"/>
        <source>Import cancelled.</source>
        <translation>Importació cancel·lada.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="235"/>
        <source>Looking for files… %1 found</source>
        <translation>Cercant fitxers… %1 trobats</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="244"/>
        <source>%1 of %2 files · about %3 left</source>
        <translation>%1 de %2 fitxers · queden uns %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="246"/>
        <source>%1 of %2 files</source>
        <translation>%1 de %2 fitxers</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="251"/>
        <source>Updating the keyword index…</source>
        <translation>Actualitzant l&apos;índex de paraules clau…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="252"/>
        <source>Indexing: %1</source>
        <translation>Indexant: %1</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="258"/>
        <source>%1 record(s) reclassified: %2 → %3</source>
        <translation>%1 registre(s) reclassificat(s): %2 → %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="261"/>
        <source>%1 record(s) kept %2, stricter than %3 (tick “reclassify” to loosen)</source>
        <translation>%1 registre(s) mantenen %2, més estricta que %3 (marqueu «reclassifica» per relaxar-la)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="270"/>
        <source>Not indexed, unsupported file type %1: %2</source>
        <translation>No indexat, tipus de fitxer no admès %1: %2</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="283"/>
        <source>Import stopped.</source>
        <translation>Importació aturada.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="285"/>
        <source>Paused. Resume continues where it stopped.</source>
        <translation>En pausa. Reprendre continua on s&apos;ha aturat.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="287"/>
        <source>Cancelled. %1 file(s) indexed; the rest stays queued.</source>
        <translation>Cancel·lat. %1 fitxer(s) indexats; la resta queda a la cua.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="290"/>
        <source>Done: %1 indexed, %2 unchanged, %3 failed.</source>
        <translation>Fet: %1 indexats, %2 sense canvis, %3 amb errors.</translation>
    </message>
</context>
<context>
    <name>KioskPin</name>
    <message>
        <location filename="../kiosk.py" line="32"/>
        <source>The staff PIN may contain only the digits 0 to 9.</source>
        <translation>El PIN del personal només pot contenir els dígits del 0 al 9.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="34"/>
        <source>The staff PIN needs at least %1 digits.</source>
        <translation>El PIN del personal necessita com a mínim %1 dígits.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="37"/>
        <source>The staff PIN may have at most %1 digits.</source>
        <translation>El PIN del personal pot tenir com a màxim %1 dígits.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="40"/>
        <source>Use at least three different digits (not 111111 or 121212).</source>
        <translation>Feu servir com a mínim tres dígits diferents (no 111111 ni 121212).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="42"/>
        <source>Digits in a row are too easy to guess (like 123456, 654321, 135791 or 112233).</source>
        <translation>Els dígits seguits són massa fàcils d&apos;endevinar (com 123456, 654321, 135791 o 112233).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="45"/>
        <source>A repeated or mirrored group is too easy to guess (like 123123 or 123321).</source>
        <translation>Un grup repetit o en mirall és massa fàcil d&apos;endevinar (com 123123 o 123321).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="48"/>
        <source>Lines on the keypad are too easy to guess (like 147258 or 159753).</source>
        <translation>Les línies del teclat són massa fàcils d&apos;endevinar (com 147258 o 159753).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="57"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="58"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../main.py" line="54"/>
        <source>--kiosk-idle must be between %1 and %2 seconds; nothing changed.</source>
        <translation>--kiosk-idle ha d&apos;estar entre %1 i %2 segons; no s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="58"/>
        <source>New staff PIN (at least %1 digits): </source>
        <translation>Nou PIN del personal (com a mínim %1 dígits): </translation>
    </message>
    <message>
        <location filename="../main.py" line="62"/>
        <source>Nothing changed.</source>
        <translation>No s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="64"/>
        <source>Type it again: </source>
        <translation>Torneu-lo a escriure: </translation>
    </message>
    <message>
        <location filename="../main.py" line="66"/>
        <source>No PIN entered; nothing changed.</source>
        <translation>No s&apos;ha introduït cap PIN; no s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="69"/>
        <source>The PINs differ; nothing changed.</source>
        <translation>Els PIN no coincideixen; no s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="76"/>
        <source>Staff PIN stored (hashed) in %1</source>
        <translation>PIN del personal desat (com a hash) a %1</translation>
    </message>
    <message>
        <location filename="../main.py" line="122"/>
        <source>The staff PIN was stored by an older version of Ovillo and is no longer accepted.</source>
        <translation>El PIN del personal el va desar una versió anterior d&apos;Ovillo i ja no s&apos;accepta.</translation>
    </message>
    <message>
        <location filename="../main.py" line="124"/>
        <source>Set a new one (at least %1 digits): ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>Establiu-ne un de nou (com a mínim %1 dígits): ovillo-gui --home DIR --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../main.py" line="128"/>
        <source>Kiosk mode needs a staff PIN first: ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>El mode quiosc necessita abans un PIN del personal: ovillo-gui --home DIR --set-kiosk-pin</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="42"/>
        <source>Ovillo — reading room</source>
        <translation>Ovillo — sala de consulta</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="42"/>
        <source>Ovillo</source>
        <translation>Ovillo</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="56"/>
        <source>Search</source>
        <translation>Cerca</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="58"/>
        <source>Ask</source>
        <translation>Pregunta</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="59"/>
        <source>Objects</source>
        <translation>Objectes</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="61"/>
        <source>Import</source>
        <translation>Importa</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="61"/>
        <source>Library</source>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="62"/>
        <source>Preferences</source>
        <translation>Preferències</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="62"/>
        <source>Sync</source>
        <translation>Sincronitza</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="122"/>
        <source>Staff…</source>
        <translation>Personal…</translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.py" line="209"/>
        <source>Starting over in %n second(s) — touch the screen to continue.</source>
        <translation>
            <numerusform>Es torna a començar d&apos;aquí a %n segon: toqueu la pantalla per continuar.</numerusform>
            <numerusform>Es torna a començar d&apos;aquí a %n segons: toqueu la pantalla per continuar.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MediaPanel</name>
    <message>
        <location filename="../media.py" line="49"/>
        <location filename="../media.py" line="234"/>
        <source>Play</source>
        <translation>Reprodueix</translation>
    </message>
    <message>
        <location filename="../media.py" line="50"/>
        <source>Play or pause the recording</source>
        <translation>Reprodueix o posa en pausa l&apos;enregistrament</translation>
    </message>
    <message>
        <location filename="../media.py" line="52"/>
        <source>Position in the recording</source>
        <translation>Posició a l&apos;enregistrament</translation>
    </message>
    <message>
        <location filename="../media.py" line="60"/>
        <source>Recording:</source>
        <translation>Enregistrament:</translation>
    </message>
    <message>
        <location filename="../media.py" line="101"/>
        <source>▶ Play from %1</source>
        <translation>▶ Reprodueix des de %1</translation>
    </message>
    <message>
        <location filename="../media.py" line="234"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../media.py" line="247"/>
        <source>Cannot play this recording.</source>
        <translation>No es pot reproduir aquest enregistrament.</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../menus.py" line="26"/>
        <source>&amp;File</source>
        <translation>&amp;Fitxer</translation>
    </message>
    <message>
        <location filename="../menus.py" line="29"/>
        <source>&amp;Import files…</source>
        <translation>&amp;Importa fitxers…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="33"/>
        <source>&amp;Quit</source>
        <translation>&amp;Surt</translation>
    </message>
    <message>
        <location filename="../menus.py" line="38"/>
        <source>&amp;View</source>
        <translation>&amp;Visualitza</translation>
    </message>
    <message>
        <location filename="../menus.py" line="44"/>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <location filename="../menus.py" line="45"/>
        <source>User &amp;guide</source>
        <translation>&amp;Guia d&apos;ús</translation>
    </message>
    <message>
        <location filename="../menus.py" line="48"/>
        <source>&amp;About Ovillo</source>
        <translation>&amp;Quant a Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="50"/>
        <source>About Ovillo</source>
        <translation>Quant a Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="51"/>
        <source>Ovillo asks a heritage archive questions by meaning, offline: search, grounded answers with quoted sources, objects by photograph, and sync with a central archive. Nothing leaves this computer except a sync you start.</source>
        <translation>Ovillo pregunta a un arxiu patrimonial pel sentit, sense connexió: cerca, respostes fonamentades amb fonts citades, objectes per fotografia i sincronització amb un arxiu central. Res no surt d&apos;aquest ordinador tret d&apos;una sincronització que inicieu vós.</translation>
    </message>
</context>
<context>
    <name>NeighbourGrid</name>
    <message>
        <location filename="../views/object_tiles.py" line="168"/>
        <source>obv.</source>
        <translation>anv.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="168"/>
        <source>rev.</source>
        <translation>rev.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="168"/>
        <source>img.</source>
        <translation>img.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="192"/>
        <source>near-duplicate</source>
        <translation>gairebé duplicat</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="178"/>
        <source>Open the record of %1</source>
        <translation>Obre la fitxa de %1</translation>
    </message>
</context>
<context>
    <name>ObjectsView</name>
    <message>
        <location filename="../views/objects.py" line="42"/>
        <source>&amp;Choose photographs…</source>
        <translation>&amp;Tria fotografies…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="43"/>
        <source>Clear</source>
        <translation>Buida</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="45"/>
        <source>Optional description (used by hybrid lookup and saved)</source>
        <translation>Descripció opcional (la fa servir la cerca híbrida i es desa)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="47"/>
        <source>Hybrid: photographs and description</source>
        <translation>Híbrida: fotografies i descripció</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="48"/>
        <source>Visual: photographs only</source>
        <translation>Visual: només fotografies</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="49"/>
        <source>&amp;Look up</source>
        <translation>&amp;Cerca semblants</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="56"/>
        <source>made up when empty</source>
        <translation>es genera si es deixa buit</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="58"/>
        <source>default: the nearest neighbour&apos;s collection</source>
        <translation>per defecte: la col·lecció de l&apos;objecte més proper</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="64"/>
        <source>&amp;Save object</source>
        <translation>&amp;Desa l&apos;objecte</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="93"/>
        <source>Typology</source>
        <translation>Tipologia</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="93"/>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="94"/>
        <source>Denomination</source>
        <translation>Denominació</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="94"/>
        <source>Period</source>
        <translation>Període</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="96"/>
        <source>Title</source>
        <translation>Títol</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="100"/>
        <source>Inventory</source>
        <translation>Inventari</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="101"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="102"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="117"/>
        <source>Nearest catalogued objects</source>
        <translation>Objectes catalogats més propers</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="132"/>
        <source>Choose photographs</source>
        <translation>Tria fotografies</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="133"/>
        <source>Images (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</source>
        <translation>Imatges (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="143"/>
        <source>Two photographs have the same face; only the first is used.</source>
        <translation>Dues fotografies tenen la mateixa cara; només es fa servir la primera.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="166"/>
        <source>Add at least one photograph first.</source>
        <translation>Afegeix primer almenys una fotografia.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="173"/>
        <source>Looking up…</source>
        <translation>Cercant…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="180"/>
        <source>The lookup failed.</source>
        <translation>La cerca ha fallat.</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="196"/>
        <source>%n neighbour(s)</source>
        <translation>
            <numerusform>%n objecte proper</numerusform>
            <numerusform>%n objectes propers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="198"/>
        <source>%n near-duplicate(s): this object may already be catalogued</source>
        <translation>
            <numerusform>%n gairebé duplicat: potser aquest objecte ja està catalogat</numerusform>
            <numerusform>%n gairebé duplicats: potser aquest objecte ja està catalogat</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="217"/>
        <source>Give the object a title first.</source>
        <translation>Posa primer un títol a l&apos;objecte.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="221"/>
        <source>Saving…</source>
        <translation>Desant…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="228"/>
        <source>Saved as %1 in %2.</source>
        <translation>Desat com a %1 a %2.</translation>
    </message>
</context>
<context>
    <name>PhotoList</name>
    <message>
        <location filename="../views/object_tiles.py" line="58"/>
        <source>Drop photographs of the object here, or choose them.</source>
        <translation>Deixa anar aquí les fotografies de l&apos;objecte, o tria-les.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="65"/>
        <source>obverse</source>
        <translation>anvers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="65"/>
        <source>reverse</source>
        <translation>revers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="65"/>
        <source>other</source>
        <translation>altra</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="84"/>
        <source>Remove this photograph</source>
        <translation>Treu aquesta fotografia</translation>
    </message>
</context>
<context>
    <name>PinDialog</name>
    <message>
        <location filename="../kiosk.py" line="134"/>
        <source>Staff</source>
        <translation>Personal</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="142"/>
        <source>Staff PIN:</source>
        <translation>PIN del personal:</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="175"/>
        <source>Locked for %1 after %2 wrong PINs.</source>
        <translation>Bloquejat durant %1 després de %2 PIN incorrectes.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="198"/>
        <source>No usable staff PIN is stored: set one with ovillo-gui --set-kiosk-pin</source>
        <translation>No hi ha desat cap PIN del personal vàlid: establiu-ne un amb ovillo-gui --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="201"/>
        <source>Wrong PIN.</source>
        <translation>PIN incorrecte.</translation>
    </message>
</context>
<context>
    <name>PreferencesView</name>
    <message>
        <location filename="../settings_strings.py" line="35"/>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="36"/>
        <source>English</source>
        <translation>English</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="37"/>
        <source>Español</source>
        <translation>Español</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="38"/>
        <source>Català</source>
        <translation>Català</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="74"/>
        <source>&amp;Save</source>
        <translation>&amp;Desa</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="75"/>
        <source>Re&amp;vert</source>
        <translation>&amp;Reverteix</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="143"/>
        <source>These preferences cannot be saved.</source>
        <translation>Aquestes preferències no es poden desar.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="150"/>
        <source>The preferences file cannot be written.</source>
        <translation>No es pot escriure el fitxer de preferències.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="152"/>
        <source>Saved. Model and language changes apply the next time Ovillo starts.</source>
        <translation>Desat. Els canvis de model i d&apos;idioma s&apos;apliquen en reiniciar Ovillo.</translation>
    </message>
</context>
<context>
    <name>ProposalRow</name>
    <message>
        <location filename="../views/object_tiles.py" line="220"/>
        <source>Accept</source>
        <translation>Accepta</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="221"/>
        <source>Put the proposed value back</source>
        <translation>Torna al valor proposat</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="242"/>
        <source>not enough evidence</source>
        <translation>proves insuficients</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="249"/>
        <source>%1 % sure</source>
        <translation>confiança %1 %</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="251"/>
        <source>Also voted: %1</source>
        <translation>També votats: %1</translation>
    </message>
</context>
<context>
    <name>RecordView</name>
    <message>
        <location filename="../views/record.py" line="51"/>
        <source>← Back</source>
        <translation>← Enrere</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="52"/>
        <source>Open original file</source>
        <translation>Obre el fitxer original</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="63"/>
        <source>Similar records</source>
        <translation>Registres semblants</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="115"/>
        <source>This record is no longer in the library.</source>
        <translation>Aquest registre ja no és a la biblioteca.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="170"/>
        <source>page %1</source>
        <translation>pàgina %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="184"/>
        <source>p. %1</source>
        <translation>p. %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="193"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="193"/>
        <source>Record</source>
        <translation>Registre</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="194"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="194"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="195"/>
        <source>Dates</source>
        <translation>Dates</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="195"/>
        <source>Passages</source>
        <translation>Passatges</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="197"/>
        <source>Passage</source>
        <translation>Passatge</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="199"/>
        <location filename="../views/record.py" line="203"/>
        <source>File</source>
        <translation>Fitxer</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="232"/>
        <source>Play from here</source>
        <translation>Reprodueix des d&apos;aquí</translation>
    </message>
</context>
<context>
    <name>SearchView</name>
    <message>
        <location filename="../views/search.py" line="45"/>
        <source>Search the archive by meaning, in any language…</source>
        <translation>Cerqueu a l&apos;arxiu per significat, en qualsevol idioma…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="50"/>
        <source>from any year</source>
        <translation>des de qualsevol any</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="51"/>
        <source>to any year</source>
        <translation>fins a qualsevol any</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="65"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="65"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="66"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="72"/>
        <source>Dates</source>
        <translation>Dates</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="110"/>
        <source>All collections</source>
        <translation>Totes les col·leccions</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="111"/>
        <source>All languages</source>
        <translation>Tots els idiomes</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="112"/>
        <source>Any classification</source>
        <translation>Qualsevol classificació</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="146"/>
        <location filename="../views/search.py" line="159"/>
        <source>Searching…</source>
        <translation>Cercant…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search.py" line="185"/>
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n resultat</numerusform>
            <numerusform>%n resultats</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search.py" line="239"/>
        <source>p. %1</source>
        <translation>p. %1</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <location filename="../settings_strings.py" line="9"/>
        <source>Text model</source>
        <translation>Model de text</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="10"/>
        <source>Image model</source>
        <translation>Model d&apos;imatge</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="11"/>
        <source>Largest photograph side before encoding (px)</source>
        <translation>Costat més gran d&apos;una fotografia abans de codificar-la (px)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="12"/>
        <source>Neighbours that vote when characterizing an object</source>
        <translation>Veïns que voten en caracteritzar un objecte</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="13"/>
        <source>Threads</source>
        <translation>Fils</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="14"/>
        <source>Embedding batch size</source>
        <translation>Mida del lot de vectorització</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="15"/>
        <source>Target chunk size (tokens)</source>
        <translation>Mida objectiu de fragment (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="16"/>
        <source>Minimum chunk size (tokens)</source>
        <translation>Mida mínima de fragment (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="17"/>
        <source>Classification of locally ingested records</source>
        <translation>Classificació dels registres importats localment</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="18"/>
        <source>Seconds before an abandoned queue claim is retried</source>
        <translation>Segons abans de reintentar una reserva abandonada de la cua</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="19"/>
        <source>Attempts before a failing source is parked</source>
        <translation>Intents abans d&apos;apartar una font que falla</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="20"/>
        <source>Largest file accepted (MB)</source>
        <translation>Fitxer més gran acceptat (MB)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="21"/>
        <source>Keyword weight in hybrid search</source>
        <translation>Pes de les paraules clau en la cerca híbrida</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="22"/>
        <source>Interface language</source>
        <translation>Idioma de la interfície</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="23"/>
        <source>Show retrieval scores on results</source>
        <translation>Mostra les puntuacions de recuperació als resultats</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="24"/>
        <source>Answer model</source>
        <translation>Model de resposta</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="25"/>
        <source>Answer model threads</source>
        <translation>Fils del model de resposta</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="26"/>
        <source>Answer context size (tokens)</source>
        <translation>Context del model de resposta (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="27"/>
        <source>Longest answer (tokens)</source>
        <translation>Resposta més llarga (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="28"/>
        <source>Passages retrieved per question</source>
        <translation>Passatges recuperats per pregunta</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="29"/>
        <source>Relevance threshold (dense cosine)</source>
        <translation>Llindar de pertinència (cosinus dens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="30"/>
        <source>Semantic support threshold</source>
        <translation>Llindar de suport semàntic</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="31"/>
        <source>Model check threshold</source>
        <translation>Llindar de la comprovació pel model</translation>
    </message>
</context>
<context>
    <name>StatusView</name>
    <message>
        <location filename="../views/status.py" line="22"/>
        <source>Records</source>
        <translation>Registres</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="22"/>
        <source>Passages</source>
        <translation>Passatges</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="23"/>
        <source>Source files</source>
        <translation>Fitxers d&apos;origen</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="23"/>
        <source>Failed files</source>
        <translation>Fitxers amb errors</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="24"/>
        <source>Waiting in the index queue</source>
        <translation>En espera a la cua d&apos;indexació</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="24"/>
        <source>Store size</source>
        <translation>Mida del magatzem</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="25"/>
        <source>Pinned text model</source>
        <translation>Model de text fixat</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="25"/>
        <source>Schema</source>
        <translation>Esquema</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="26"/>
        <source>Data folder</source>
        <translation>Carpeta de dades</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="31"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualitza</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="32"/>
        <source>Rebuild &amp;keyword index</source>
        <translation>Reconstrueix l&apos;índex de &amp;paraules clau</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="43"/>
        <source>Files that could not be indexed</source>
        <translation>Fitxers que no s&apos;han pogut indexar</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="64"/>
        <source>none yet</source>
        <translation>cap encara</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="76"/>
        <source>Rebuilding the keyword index…</source>
        <translation>Reconstruint l&apos;índex de paraules clau…</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="79"/>
        <source>Keyword index rebuilt.</source>
        <translation>Índex de paraules clau reconstruït.</translation>
    </message>
</context>
<context>
    <name>SyncView</name>
    <message>
        <location filename="../views/sync.py" line="49"/>
        <source>Remember in the system keyring</source>
        <translation>Recorda-la al clauer del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="51"/>
        <source>&amp;Forget saved password</source>
        <translation>&amp;Oblida la contrasenya desada</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="54"/>
        <source>CA certificate (verifies the server)</source>
        <translation>Certificat de la CA (verifica el servidor)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="55"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Navega…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="56"/>
        <source>Allow a server without verified TLS (trusted network only)</source>
        <translation>Permet un servidor sense TLS verificat (només en una xarxa de confiança)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="58"/>
        <location filename="../views/sync.py" line="220"/>
        <source>&amp;Sync</source>
        <translation>&amp;Sincronitza</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="59"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancel·la</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="74"/>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="75"/>
        <source>User</source>
        <translation>Usuari</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="76"/>
        <source>Password</source>
        <translation>Contrasenya</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="78"/>
        <source>CA file</source>
        <translation>Fitxer de la CA</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="85"/>
        <source>Bring the records you may read from the central archive onto this computer. Your own records are never changed.</source>
        <translation>Porta a aquest ordinador els registres de l&apos;arxiu central que pots llegir. Els teus propis registres no es modifiquen mai.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="116"/>
        <source>saved in the system keyring</source>
        <translation>desada al clauer del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="118"/>
        <source>Never synced.</source>
        <translation>Mai sincronitzat.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="120"/>
        <source>Last sync: %1 · server %2 · user %3</source>
        <translation>Darrera sincronització: %1 · servidor %2 · usuari %3</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="121"/>
        <source>not finished</source>
        <translation>sense acabar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="130"/>
        <source>Choose the server&apos;s CA certificate</source>
        <translation>Tria el certificat de la CA del servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="144"/>
        <location filename="../views/sync.py" line="182"/>
        <source>Connecting…</source>
        <translation>Connectant…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="160"/>
        <source>Stopping after the current page…</source>
        <translation>Aturant després de la pàgina en curs…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="174"/>
        <source>%1 of %2 records</source>
        <translation>%1 de %2 registres</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="176"/>
        <source>about %1 left</source>
        <translation>en queden uns %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="180"/>
        <source>Checking what is no longer permitted…</source>
        <translation>Comprovant el que ja no està permès…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="183"/>
        <source>Sync: %1</source>
        <translation>Sincronització: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="188"/>
        <source>Added %1 · updated %2 · removed %3 · revoked %4 · vectors reused %5 · embedded %6 · %7 in %8 s</source>
        <translation>Afegits %1 · actualitzats %2 · eliminats %3 · revocats %4 · vectors reutilitzats %5 · calculats %6 · %7 en %8 s</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="194"/>
        <source>Sync finished.</source>
        <translation>Sincronització acabada.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="201"/>
        <source>The sync stopped: %1</source>
        <translation>La sincronització s&apos;ha aturat: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="206"/>
        <source>Sync cancelled: what arrived is kept. Resume continues from there.</source>
        <translation>Sincronització cancel·lada: es conserva el que ha arribat. Reprèn continua des d&apos;allà.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="220"/>
        <source>&amp;Resume</source>
        <translation>&amp;Reprèn</translation>
    </message>
</context>
</TS>
