<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>AskView</name>
    <message>
        <location filename="../views/ask.py" line="84"/>
        <source>Ask the archive a question…</source>
        <translation>Haz una pregunta al archivo…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="85"/>
        <source>&amp;Ask</source>
        <translation>&amp;Preguntar</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="86"/>
        <source>S&amp;top</source>
        <translation>&amp;Detener</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="87"/>
        <source>&amp;New conversation</source>
        <translation>&amp;Nueva conversación</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="116"/>
        <source>Searching the archive…</source>
        <translation>Buscando en el archivo…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="129"/>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="151"/>
        <source>%1 passages found; writing the answer…</source>
        <translation>%1 pasajes encontrados; redactando la respuesta…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="152"/>
        <source>Nothing relevant found.</source>
        <translation>No se encontró nada pertinente.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="158"/>
        <source>Checking each citation against its passage…</source>
        <translation>Comprobando cada cita con su pasaje…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="161"/>
        <source>Some citations did not check out; rewriting once…</source>
        <translation>Algunas citas no se sostienen; se reescribe una vez…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="167"/>
        <source>Grounded answer: every sentence cites the archive.</source>
        <translation>Respuesta fundamentada: cada frase cita el archivo.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="169"/>
        <source>No answer: %1</source>
        <translation>Sin respuesta: %1</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="171"/>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="173"/>
        <source>Could not ground an answer in the archive.</source>
        <translation>No se pudo fundamentar una respuesta en el archivo.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="205"/>
        <source>† cites no passage: not checked against the archive.</source>
        <translation>† no cita ningún pasaje: no se ha comprobado con el archivo.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="209"/>
        <source>(stopped)</source>
        <translation>(detenido)</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="211"/>
        <source>No answer</source>
        <translation>Sin respuesta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="211"/>
        <source>Could not ground an answer</source>
        <translation>No se pudo fundamentar la respuesta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="213"/>
        <source>Closest passages found:</source>
        <translation>Pasajes más cercanos encontrados:</translation>
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
        <translation>Algo falló dentro de Ovillo. Su archivo está a salvo.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="55"/>
        <source>The details were written to the log file in the data folder. You can copy them to send a report.</source>
        <translation>Los detalles se guardaron en el registro de la carpeta de datos. Puede copiarlos para enviar un informe.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="57"/>
        <source>Copy details</source>
        <translation>Copiar detalles</translation>
    </message>
</context>
<context>
    <name>ImageStrip</name>
    <message>
        <location filename="../views/object_tiles.py" line="290"/>
        <source>obverse</source>
        <translation>anverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="290"/>
        <source>reverse</source>
        <translation>reverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="290"/>
        <source>image</source>
        <translation>imagen</translation>
    </message>
</context>
<context>
    <name>ImportView</name>
    <message>
        <location filename="../views/importer.py" line="50"/>
        <source>Drop files or folders here</source>
        <translation>Suelte aquí archivos o carpetas</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="51"/>
        <source>Add &amp;files…</source>
        <translation>Añadir &amp;archivos…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="52"/>
        <source>Add f&amp;older…</source>
        <translation>Añadir &amp;carpeta…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="53"/>
        <source>&amp;Remove</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="55"/>
        <source>default: the folder&apos;s name</source>
        <translation>por defecto: el nombre de la carpeta</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="58"/>
        <source>Keep current (new files: %1)</source>
        <translation>Mantener la actual (archivos nuevos: %1)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="63"/>
        <source>Also loosen records already stored (reclassify)</source>
        <translation>Relajar también los registros ya guardados (reclasificar)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="65"/>
        <source>Without this, a record already stored keeps its classification when it is stricter than the one chosen here.</source>
        <translation>Sin esto, un registro ya guardado conserva su clasificación cuando es más estricta que la elegida aquí.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="69"/>
        <source>&amp;Start import</source>
        <translation>&amp;Iniciar importación</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="70"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausa</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="71"/>
        <source>Res&amp;ume</source>
        <translation>&amp;Reanudar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="72"/>
        <source>&amp;Cancel</source>
        <translation>Ca&amp;ncelar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="85"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="86"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="93"/>
        <source>Files and folders to import (drag and drop them here):</source>
        <translation>Archivos y carpetas que importar (arrástrelos aquí):</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="98"/>
        <source>Overall</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="100"/>
        <source>Current file</source>
        <translation>Archivo actual</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="104"/>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="131"/>
        <source>Choose files to import</source>
        <translation>Elija archivos para importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="135"/>
        <source>Choose a folder to import</source>
        <translation>Elija una carpeta para importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="186"/>
        <source>Loosen classifications?</source>
        <translation>¿Relajar clasificaciones?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="187"/>
        <source>Records already stored with a stricter classification will become “%1” and may be seen by more people. Continue?</source>
        <translation>Los registros ya guardados con una clasificación más estricta pasarán a «%1» y podrán verlos más personas. ¿Continuar?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="201"/>
        <source>Looking for files…</source>
        <translation>Buscando archivos…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="213"/>
        <source>Pausing after the current file…</source>
        <translation>Pausando tras el archivo actual…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="230"/>
        <source>Import cancelled.</source>
        <translation>Importación cancelada.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="235"/>
        <source>Looking for files… %1 found</source>
        <translation>Buscando archivos… %1 encontrados</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="244"/>
        <source>%1 of %2 files · about %3 left</source>
        <translation>%1 de %2 archivos · quedan unos %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="246"/>
        <source>%1 of %2 files</source>
        <translation>%1 de %2 archivos</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="251"/>
        <source>Updating the keyword index…</source>
        <translation>Actualizando el índice de palabras clave…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="252"/>
        <source>Indexing: %1</source>
        <translation>Indexando: %1</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="258"/>
        <source>%1 record(s) reclassified: %2 → %3</source>
        <translation>%1 registro(s) reclasificado(s): %2 → %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="261"/>
        <source>%1 record(s) kept %2, stricter than %3 (tick “reclassify” to loosen)</source>
        <translation>%1 registro(s) conservan %2, más estricta que %3 (marque «reclasificar» para relajarla)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="270"/>
        <source>Not indexed, unsupported file type %1: %2</source>
        <translation>No indexado, tipo de archivo no admitido %1: %2</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="283"/>
        <source>Import stopped.</source>
        <translation>Importación detenida.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="285"/>
        <source>Paused. Resume continues where it stopped.</source>
        <translation>En pausa. Reanudar continúa donde se detuvo.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="287"/>
        <source>Cancelled. %1 file(s) indexed; the rest stays queued.</source>
        <translation>Cancelado. %1 archivo(s) indexados; el resto queda en cola.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="290"/>
        <source>Done: %1 indexed, %2 unchanged, %3 failed.</source>
        <translation>Hecho: %1 indexados, %2 sin cambios, %3 con errores.</translation>
    </message>
</context>
<context>
    <name>KioskPin</name>
    <message>
        <location filename="../kiosk.py" line="32"/>
        <source>The staff PIN may contain only the digits 0 to 9.</source>
        <translation>El PIN del personal solo puede contener los dígitos del 0 al 9.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="34"/>
        <source>The staff PIN needs at least %1 digits.</source>
        <translation>El PIN del personal necesita al menos %1 dígitos.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="37"/>
        <source>The staff PIN may have at most %1 digits.</source>
        <translation>El PIN del personal puede tener como máximo %1 dígitos.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="40"/>
        <source>Use at least three different digits (not 111111 or 121212).</source>
        <translation>Use al menos tres dígitos distintos (no 111111 ni 121212).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="42"/>
        <source>Digits in a row are too easy to guess (like 123456, 654321, 135791 or 112233).</source>
        <translation>Los dígitos seguidos son demasiado fáciles de adivinar (como 123456, 654321, 135791 o 112233).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="45"/>
        <source>A repeated or mirrored group is too easy to guess (like 123123 or 123321).</source>
        <translation>Un grupo repetido o en espejo es demasiado fácil de adivinar (como 123123 o 123321).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="48"/>
        <source>Lines on the keypad are too easy to guess (like 147258 or 159753).</source>
        <translation>Las líneas del teclado son demasiado fáciles de adivinar (como 147258 o 159753).</translation>
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
        <translation>--kiosk-idle debe estar entre %1 y %2 segundos; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="58"/>
        <source>New staff PIN (at least %1 digits): </source>
        <translation>Nuevo PIN del personal (al menos %1 dígitos): </translation>
    </message>
    <message>
        <location filename="../main.py" line="62"/>
        <source>Nothing changed.</source>
        <translation>No se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="64"/>
        <source>Type it again: </source>
        <translation>Escríbalo de nuevo: </translation>
    </message>
    <message>
        <location filename="../main.py" line="66"/>
        <source>No PIN entered; nothing changed.</source>
        <translation>No se ha introducido ningún PIN; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="69"/>
        <source>The PINs differ; nothing changed.</source>
        <translation>Los PIN no coinciden; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="76"/>
        <source>Staff PIN stored (hashed) in %1</source>
        <translation>PIN del personal guardado (como hash) en %1</translation>
    </message>
    <message>
        <location filename="../main.py" line="122"/>
        <source>The staff PIN was stored by an older version of Ovillo and is no longer accepted.</source>
        <translation>El PIN del personal lo guardó una versión anterior de Ovillo y ya no se acepta.</translation>
    </message>
    <message>
        <location filename="../main.py" line="124"/>
        <source>Set a new one (at least %1 digits): ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>Establezca uno nuevo (al menos %1 dígitos): ovillo-gui --home DIR --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../main.py" line="128"/>
        <source>Kiosk mode needs a staff PIN first: ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>El modo quiosco necesita antes un PIN del personal: ovillo-gui --home DIR --set-kiosk-pin</translation>
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
        <translation>Buscar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="58"/>
        <source>Ask</source>
        <translation>Preguntar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="59"/>
        <source>Objects</source>
        <translation>Objetos</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="61"/>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="61"/>
        <source>Library</source>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="62"/>
        <source>Preferences</source>
        <translation>Preferencias</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="62"/>
        <source>Sync</source>
        <translation>Sincronizar</translation>
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
            <numerusform>Se vuelve a empezar en %n segundo: toque la pantalla para continuar.</numerusform>
            <numerusform>Se vuelve a empezar en %n segundos: toque la pantalla para continuar.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MediaPanel</name>
    <message>
        <location filename="../media.py" line="49"/>
        <location filename="../media.py" line="234"/>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <location filename="../media.py" line="50"/>
        <source>Play or pause the recording</source>
        <translation>Reproducir o pausar la grabación</translation>
    </message>
    <message>
        <location filename="../media.py" line="52"/>
        <source>Position in the recording</source>
        <translation>Posición en la grabación</translation>
    </message>
    <message>
        <location filename="../media.py" line="60"/>
        <source>Recording:</source>
        <translation>Grabación:</translation>
    </message>
    <message>
        <location filename="../media.py" line="101"/>
        <source>▶ Play from %1</source>
        <translation>▶ Reproducir desde %1</translation>
    </message>
    <message>
        <location filename="../media.py" line="234"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../media.py" line="247"/>
        <source>Cannot play this recording.</source>
        <translation>No se puede reproducir esta grabación.</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../menus.py" line="26"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="29"/>
        <source>&amp;Import files…</source>
        <translation>&amp;Importar archivos…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="33"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location filename="../menus.py" line="38"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location filename="../menus.py" line="44"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location filename="../menus.py" line="45"/>
        <source>User &amp;guide</source>
        <translation>&amp;Guía de uso</translation>
    </message>
    <message>
        <location filename="../menus.py" line="48"/>
        <source>&amp;About Ovillo</source>
        <translation>&amp;Acerca de Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="50"/>
        <source>About Ovillo</source>
        <translation>Acerca de Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="51"/>
        <source>Ovillo asks a heritage archive questions by meaning, offline: search, grounded answers with quoted sources, objects by photograph, and sync with a central archive. Nothing leaves this computer except a sync you start.</source>
        <translation>Ovillo pregunta a un archivo patrimonial por el sentido, sin conexión: búsqueda, respuestas fundamentadas con fuentes citadas, objetos por fotografía y sincronización con un archivo central. Nada sale de este ordenador salvo una sincronización que usted inicie.</translation>
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
        <translation>casi duplicado</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="178"/>
        <source>Open the record of %1</source>
        <translation>Abrir la ficha de %1</translation>
    </message>
</context>
<context>
    <name>ObjectsView</name>
    <message>
        <location filename="../views/objects.py" line="42"/>
        <source>&amp;Choose photographs…</source>
        <translation>&amp;Elegir fotografías…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="43"/>
        <source>Clear</source>
        <translation>Vaciar</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="45"/>
        <source>Optional description (used by hybrid lookup and saved)</source>
        <translation>Descripción opcional (la usa la búsqueda híbrida y se guarda)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="47"/>
        <source>Hybrid: photographs and description</source>
        <translation>Híbrida: fotografías y descripción</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="48"/>
        <source>Visual: photographs only</source>
        <translation>Visual: solo fotografías</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="49"/>
        <source>&amp;Look up</source>
        <translation>&amp;Buscar parecidos</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="56"/>
        <source>made up when empty</source>
        <translation>se genera si se deja vacío</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="58"/>
        <source>default: the nearest neighbour&apos;s collection</source>
        <translation>por defecto: la colección del objeto más cercano</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="64"/>
        <source>&amp;Save object</source>
        <translation>&amp;Guardar objeto</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="93"/>
        <source>Typology</source>
        <translation>Tipología</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="93"/>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="94"/>
        <source>Denomination</source>
        <translation>Denominación</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="94"/>
        <source>Period</source>
        <translation>Periodo</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="96"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="100"/>
        <source>Inventory</source>
        <translation>Inventario</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="101"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="102"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="117"/>
        <source>Nearest catalogued objects</source>
        <translation>Objetos catalogados más cercanos</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="132"/>
        <source>Choose photographs</source>
        <translation>Elegir fotografías</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="133"/>
        <source>Images (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</source>
        <translation>Imágenes (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="143"/>
        <source>Two photographs have the same face; only the first is used.</source>
        <translation>Dos fotografías tienen la misma cara; solo se usa la primera.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="166"/>
        <source>Add at least one photograph first.</source>
        <translation>Añade antes al menos una fotografía.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="173"/>
        <source>Looking up…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="180"/>
        <source>The lookup failed.</source>
        <translation>La búsqueda ha fallado.</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="196"/>
        <source>%n neighbour(s)</source>
        <translation>
            <numerusform>%n objeto cercano</numerusform>
            <numerusform>%n objetos cercanos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="198"/>
        <source>%n near-duplicate(s): this object may already be catalogued</source>
        <translation>
            <numerusform>%n casi duplicado: puede que este objeto ya esté catalogado</numerusform>
            <numerusform>%n casi duplicados: puede que este objeto ya esté catalogado</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="217"/>
        <source>Give the object a title first.</source>
        <translation>Pon antes un título al objeto.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="221"/>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="228"/>
        <source>Saved as %1 in %2.</source>
        <translation>Guardado como %1 en %2.</translation>
    </message>
</context>
<context>
    <name>PhotoList</name>
    <message>
        <location filename="../views/object_tiles.py" line="58"/>
        <source>Drop photographs of the object here, or choose them.</source>
        <translation>Suelta aquí las fotografías del objeto, o elígelas.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="65"/>
        <source>obverse</source>
        <translation>anverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="65"/>
        <source>reverse</source>
        <translation>reverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="65"/>
        <source>other</source>
        <translation>otra</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="84"/>
        <source>Remove this photograph</source>
        <translation>Quitar esta fotografía</translation>
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
        <translation>Bloqueado durante %1 tras %2 PIN incorrectos.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="198"/>
        <source>No usable staff PIN is stored: set one with ovillo-gui --set-kiosk-pin</source>
        <translation>No hay guardado ningún PIN del personal válido: establezca uno con ovillo-gui --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="201"/>
        <source>Wrong PIN.</source>
        <translation>PIN incorrecto.</translation>
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
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="75"/>
        <source>Re&amp;vert</source>
        <translation>&amp;Revertir</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="143"/>
        <source>These preferences cannot be saved.</source>
        <translation>Estas preferencias no se pueden guardar.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="150"/>
        <source>The preferences file cannot be written.</source>
        <translation>No se puede escribir el archivo de preferencias.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="152"/>
        <source>Saved. Model and language changes apply the next time Ovillo starts.</source>
        <translation>Guardado. Los cambios de modelo e idioma se aplican al reiniciar Ovillo.</translation>
    </message>
</context>
<context>
    <name>ProposalRow</name>
    <message>
        <location filename="../views/object_tiles.py" line="220"/>
        <source>Accept</source>
        <translation>Aceptar</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="221"/>
        <source>Put the proposed value back</source>
        <translation>Volver al valor propuesto</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="242"/>
        <source>not enough evidence</source>
        <translation>pruebas insuficientes</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="249"/>
        <source>%1 % sure</source>
        <translation>confianza %1 %</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="251"/>
        <source>Also voted: %1</source>
        <translation>También votados: %1</translation>
    </message>
</context>
<context>
    <name>RecordView</name>
    <message>
        <location filename="../views/record.py" line="51"/>
        <source>← Back</source>
        <translation>← Volver</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="52"/>
        <source>Open original file</source>
        <translation>Abrir el archivo original</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="63"/>
        <source>Similar records</source>
        <translation>Registros similares</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="115"/>
        <source>This record is no longer in the library.</source>
        <translation>Este registro ya no está en la biblioteca.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="170"/>
        <source>page %1</source>
        <translation>página %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="184"/>
        <source>p. %1</source>
        <translation>p. %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="193"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="193"/>
        <source>Record</source>
        <translation>Registro</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="194"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="194"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="195"/>
        <source>Dates</source>
        <translation>Fechas</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="195"/>
        <source>Passages</source>
        <translation>Pasajes</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="197"/>
        <source>Passage</source>
        <translation>Pasaje</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="199"/>
        <location filename="../views/record.py" line="203"/>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="232"/>
        <source>Play from here</source>
        <translation>Reproducir desde aquí</translation>
    </message>
</context>
<context>
    <name>SearchView</name>
    <message>
        <location filename="../views/search.py" line="45"/>
        <source>Search the archive by meaning, in any language…</source>
        <translation>Busque en el archivo por significado, en cualquier idioma…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="50"/>
        <source>from any year</source>
        <translation>desde cualquier año</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="51"/>
        <source>to any year</source>
        <translation>hasta cualquier año</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="65"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="65"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="66"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="72"/>
        <source>Dates</source>
        <translation>Fechas</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="110"/>
        <source>All collections</source>
        <translation>Todas las colecciones</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="111"/>
        <source>All languages</source>
        <translation>Todos los idiomas</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="112"/>
        <source>Any classification</source>
        <translation>Cualquier clasificación</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="146"/>
        <location filename="../views/search.py" line="159"/>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search.py" line="185"/>
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n resultado</numerusform>
            <numerusform>%n resultados</numerusform>
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
        <translation>Modelo de texto</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="10"/>
        <source>Image model</source>
        <translation>Modelo de imagen</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="11"/>
        <source>Largest photograph side before encoding (px)</source>
        <translation>Lado mayor de una fotografía antes de codificarla (px)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="12"/>
        <source>Neighbours that vote when characterizing an object</source>
        <translation>Vecinos que votan al caracterizar un objeto</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="13"/>
        <source>Threads</source>
        <translation>Hilos</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="14"/>
        <source>Embedding batch size</source>
        <translation>Tamaño de lote de vectorización</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="15"/>
        <source>Target chunk size (tokens)</source>
        <translation>Tamaño objetivo de fragmento (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="16"/>
        <source>Minimum chunk size (tokens)</source>
        <translation>Tamaño mínimo de fragmento (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="17"/>
        <source>Classification of locally ingested records</source>
        <translation>Clasificación de los registros importados localmente</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="18"/>
        <source>Seconds before an abandoned queue claim is retried</source>
        <translation>Segundos antes de reintentar una reserva abandonada de la cola</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="19"/>
        <source>Attempts before a failing source is parked</source>
        <translation>Intentos antes de apartar una fuente que falla</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="20"/>
        <source>Largest file accepted (MB)</source>
        <translation>Archivo más grande aceptado (MB)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="21"/>
        <source>Keyword weight in hybrid search</source>
        <translation>Peso de las palabras clave en la búsqueda híbrida</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="22"/>
        <source>Interface language</source>
        <translation>Idioma de la interfaz</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="23"/>
        <source>Show retrieval scores on results</source>
        <translation>Mostrar las puntuaciones de recuperación en los resultados</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="24"/>
        <source>Answer model</source>
        <translation>Modelo de respuesta</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="25"/>
        <source>Answer model threads</source>
        <translation>Hilos del modelo de respuesta</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="26"/>
        <source>Answer context size (tokens)</source>
        <translation>Contexto del modelo de respuesta (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="27"/>
        <source>Longest answer (tokens)</source>
        <translation>Respuesta más larga (tokens)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="28"/>
        <source>Passages retrieved per question</source>
        <translation>Pasajes recuperados por pregunta</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="29"/>
        <source>Relevance threshold (dense cosine)</source>
        <translation>Umbral de pertinencia (coseno denso)</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="30"/>
        <source>Semantic support threshold</source>
        <translation>Umbral de apoyo semántico</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="31"/>
        <source>Model check threshold</source>
        <translation>Umbral de la comprobación por el modelo</translation>
    </message>
</context>
<context>
    <name>StatusView</name>
    <message>
        <location filename="../views/status.py" line="22"/>
        <source>Records</source>
        <translation>Registros</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="22"/>
        <source>Passages</source>
        <translation>Pasajes</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="23"/>
        <source>Source files</source>
        <translation>Archivos de origen</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="23"/>
        <source>Failed files</source>
        <translation>Archivos con errores</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="24"/>
        <source>Waiting in the index queue</source>
        <translation>En espera en la cola de indexación</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="24"/>
        <source>Store size</source>
        <translation>Tamaño del almacén</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="25"/>
        <source>Pinned text model</source>
        <translation>Modelo de texto fijado</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="25"/>
        <source>Schema</source>
        <translation>Esquema</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="26"/>
        <source>Data folder</source>
        <translation>Carpeta de datos</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="31"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualizar</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="32"/>
        <source>Rebuild &amp;keyword index</source>
        <translation>Reconstruir el índice de &amp;palabras clave</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="43"/>
        <source>Files that could not be indexed</source>
        <translation>Archivos que no se pudieron indexar</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="64"/>
        <source>none yet</source>
        <translation>ninguno todavía</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="76"/>
        <source>Rebuilding the keyword index…</source>
        <translation>Reconstruyendo el índice de palabras clave…</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="79"/>
        <source>Keyword index rebuilt.</source>
        <translation>Índice de palabras clave reconstruido.</translation>
    </message>
</context>
<context>
    <name>SyncView</name>
    <message>
        <location filename="../views/sync.py" line="49"/>
        <source>Remember in the system keyring</source>
        <translation>Recordar en el llavero del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="51"/>
        <source>&amp;Forget saved password</source>
        <translation>&amp;Olvidar la contraseña guardada</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="54"/>
        <source>CA certificate (verifies the server)</source>
        <translation>Certificado de la CA (verifica el servidor)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="55"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="56"/>
        <source>Allow a server without verified TLS (trusted network only)</source>
        <translation>Permitir un servidor sin TLS verificado (solo en una red de confianza)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="58"/>
        <location filename="../views/sync.py" line="220"/>
        <source>&amp;Sync</source>
        <translation>&amp;Sincronizar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="59"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="74"/>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="75"/>
        <source>User</source>
        <translation>Usuario</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="76"/>
        <source>Password</source>
        <translation>Contraseña</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="78"/>
        <source>CA file</source>
        <translation>Archivo de la CA</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="85"/>
        <source>Bring the records you may read from the central archive onto this computer. Your own records are never changed.</source>
        <translation>Trae a este ordenador los registros del archivo central que puedes leer. Tus propios registros nunca se modifican.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="116"/>
        <source>saved in the system keyring</source>
        <translation>guardada en el llavero del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="118"/>
        <source>Never synced.</source>
        <translation>Nunca sincronizado.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="120"/>
        <source>Last sync: %1 · server %2 · user %3</source>
        <translation>Última sincronización: %1 · servidor %2 · usuario %3</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="121"/>
        <source>not finished</source>
        <translation>sin terminar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="130"/>
        <source>Choose the server&apos;s CA certificate</source>
        <translation>Elige el certificado de la CA del servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="144"/>
        <location filename="../views/sync.py" line="182"/>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="160"/>
        <source>Stopping after the current page…</source>
        <translation>Deteniendo tras la página en curso…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="174"/>
        <source>%1 of %2 records</source>
        <translation>%1 de %2 registros</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="176"/>
        <source>about %1 left</source>
        <translation>quedan unos %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="180"/>
        <source>Checking what is no longer permitted…</source>
        <translation>Comprobando lo que ya no está permitido…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="183"/>
        <source>Sync: %1</source>
        <translation>Sincronización: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="188"/>
        <source>Added %1 · updated %2 · removed %3 · revoked %4 · vectors reused %5 · embedded %6 · %7 in %8 s</source>
        <translation>Añadidos %1 · actualizados %2 · eliminados %3 · revocados %4 · vectores reutilizados %5 · calculados %6 · %7 en %8 s</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="194"/>
        <source>Sync finished.</source>
        <translation>Sincronización terminada.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="201"/>
        <source>The sync stopped: %1</source>
        <translation>La sincronización se detuvo: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="206"/>
        <source>Sync cancelled: what arrived is kept. Resume continues from there.</source>
        <translation>Sincronización cancelada: se conserva lo recibido. Reanudar continúa desde ahí.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="220"/>
        <source>&amp;Resume</source>
        <translation>&amp;Reanudar</translation>
    </message>
</context>
</TS>
