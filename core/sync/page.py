"""One page of central rows in the local writer's columns, and its payload size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import pyarrow as pa
import pyarrow.compute as pc


@dataclass
class Page:
    """One page: records and chunks in the writer's columns, the last keyset position, bytes read."""

    records: pa.Table
    chunks: pa.Table
    last: tuple[datetime, str, int] | None
    nbytes: int

    @staticmethod
    def joined(pages: Sequence["Page"]) -> "Page":
        """Consecutive pages as one (keyset pages never share a key)."""
        return Page(pa.concat_tables([p.records for p in pages]), pa.concat_tables([p.chunks for p in pages]),
                    pages[-1].last, sum(p.nbytes for p in pages))


def payload(table: pa.Table) -> int:
    """The values' sizes: text by its bytes, other scalars 8 each, vectors 4 per dimension."""
    total = 0
    for col in table.columns:
        if pa.types.is_string(col.type):
            total += int(pc.sum(pc.binary_length(col)).as_py() or 0)
        elif pa.types.is_list(col.type) and pa.types.is_floating(col.type.value_type):
            total += 4 * int(pc.sum(pc.list_value_length(col)).as_py() or 0)
        else:
            total += 8 * (len(col) - col.null_count)
    return total
