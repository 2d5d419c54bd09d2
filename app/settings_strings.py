"""Settings titles and language names marked for translation (lupdate reads this file).

The titles live in :mod:`core.settings` (no Qt there); a GUI test checks this list covers them.
"""

from PySide6.QtCore import QT_TRANSLATE_NOOP

SETTING_TITLES = [
    QT_TRANSLATE_NOOP("Settings", 'Text model'),
    QT_TRANSLATE_NOOP("Settings", 'Image model'),
    QT_TRANSLATE_NOOP("Settings", 'Largest photograph side before encoding (px)'),
    QT_TRANSLATE_NOOP("Settings", 'Neighbours that vote when characterizing an object'),
    QT_TRANSLATE_NOOP("Settings", 'Threads'),
    QT_TRANSLATE_NOOP("Settings", 'Embedding batch size'),
    QT_TRANSLATE_NOOP("Settings", 'Target chunk size (tokens)'),
    QT_TRANSLATE_NOOP("Settings", 'Minimum chunk size (tokens)'),
    QT_TRANSLATE_NOOP("Settings", 'Classification of locally ingested records'),
    QT_TRANSLATE_NOOP("Settings", 'Seconds before an abandoned queue claim is retried'),
    QT_TRANSLATE_NOOP("Settings", 'Attempts before a failing source is parked'),
    QT_TRANSLATE_NOOP("Settings", 'Largest file accepted (MB)'),
    QT_TRANSLATE_NOOP("Settings", 'Keyword weight in hybrid search'),
    QT_TRANSLATE_NOOP("Settings", 'Interface language'),
    QT_TRANSLATE_NOOP("Settings", 'Show retrieval scores on results'),
    QT_TRANSLATE_NOOP("Settings", 'Answer model'),
    QT_TRANSLATE_NOOP("Settings", 'Answer model threads'),
    QT_TRANSLATE_NOOP("Settings", 'Answer context size (tokens)'),
    QT_TRANSLATE_NOOP("Settings", 'Longest answer (tokens)'),
    QT_TRANSLATE_NOOP("Settings", 'Passages retrieved per question'),
    QT_TRANSLATE_NOOP("Settings", 'Relevance threshold (dense cosine)'),
    QT_TRANSLATE_NOOP("Settings", 'Answer check threshold'),
]

# the settings' help (Preferences shows each as its editor's tooltip and "What's this?")
SETTING_DESCRIPTIONS = [
    QT_TRANSLATE_NOOP("Settings", 'Encoder used for new indexes (name of a model manifest).'),
    QT_TRANSLATE_NOOP("Settings", 'Encoder for photographs of objects (name of a model manifest).'),
    QT_TRANSLATE_NOOP("Settings", 'Larger photographs are reduced to this long side when read (never the short side '
                                  'below the 288 px the image model resizes to).'),
    QT_TRANSLATE_NOOP("Settings", 'CPU threads for the encoder and the answer model.'),
    QT_TRANSLATE_NOOP("Settings", 'Weight in Reciprocal Rank Fusion (dense = 1) of a BM25 hit holding every query '
                                  'word; a hit holding fewer counts less (coverage³).'),
    QT_TRANSLATE_NOOP("Settings", 'For tuning and debugging; never shown in the kiosk.'),
    QT_TRANSLATE_NOOP("Settings", 'GGUF generation model used by Ask (name of a model manifest).'),
    QT_TRANSLATE_NOOP("Settings", 'CPU threads of the answer model (its own process).'),
    QT_TRANSLATE_NOOP("Settings", 'Context window the answer model is loaded with; the prompt budget follows it. '
                                  'Larger gives more evidence but a slower first token.'),
    QT_TRANSLATE_NOOP("Settings", 'Below it a passage is not evidence; with none, Ask refuses without calling the '
                                  'model (calibrated for e5).'),
    QT_TRANSLATE_NOOP("Settings", 'The answer model reads each sentence of the archive found for a question; below '
                                  'this probability of "yes, it answers" the sentence is shown as related, not as the '
                                  'answer.'),
]

LANGUAGE_NAMES = [
    QT_TRANSLATE_NOOP("PreferencesView", 'System language'),
    QT_TRANSLATE_NOOP("PreferencesView", 'English'),
    QT_TRANSLATE_NOOP("PreferencesView", 'Español'),
    QT_TRANSLATE_NOOP("PreferencesView", 'Català'),
]

# the settings on the Basic tab of Preferences (what a curator chooses); every other one is Advanced
BASIC_SETTINGS = ("ui_language", "default_classification", "max_file_mb", "answer_max_tokens", "show_scores")
