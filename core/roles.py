"""Object roles: the characterising fields of an object record, stated once.

The catalogue importer reads them as columns, characterization votes on them, the catalogue
writes them back, and the window shows them. It imports nothing, so every layer may import it.
"""

from __future__ import annotations

#: the roles, in the order the catalogue's columns list them
OBJECT_ROLES: tuple[str, ...] = ("typology", "material", "period", "denomination")
