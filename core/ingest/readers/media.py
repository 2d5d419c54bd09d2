"""Find the audio or video file that sits beside a transcript."""

from __future__ import annotations

from pathlib import Path

MEDIA_SUFFIXES = (".mp3", ".m4a", ".ogg", ".oga", ".opus", ".wav", ".flac", ".mp4", ".webm", ".mkv", ".mov")


def find_media(transcript: Path) -> str | None:
    """Same stem, any media suffix; None when there is no media file."""
    for suffix in MEDIA_SUFFIXES:
        candidate = transcript.with_suffix(suffix)
        if candidate.exists():
            return str(candidate)
    return None
