"""The facade front ends talk to (through :mod:`core.api`): :class:`Ovillo`, an open data folder and its rooms."""

from core.service.facade import Ovillo

__all__ = ["Ovillo"]
