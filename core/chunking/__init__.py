"""Structural chunking (see :mod:`core.chunking.chunker`)."""

from core.chunking.chunker import CHUNKER_VERSION, Chunk, chunk_record, compose_embedded, embedded_hash

__all__ = ["CHUNKER_VERSION", "Chunk", "chunk_record", "compose_embedded", "embedded_hash"]
