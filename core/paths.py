"""Where Ovillo keeps its files: one place decides (argument → OVILLO_HOME → platformdirs)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "ovillo"


def resolve_home(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Return the data folder: the argument, else ``$OVILLO_HOME``, else the platform data dir."""
    if explicit:
        return Path(explicit).expanduser().resolve()
    env = os.environ.get("OVILLO_HOME")
    if env:
        return Path(env).expanduser().resolve()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_models_dir() -> Path:
    """Models are shared by every data folder of a user unless OVILLO_MODELS says otherwise."""
    env = os.environ.get("OVILLO_MODELS")
    if env:
        return Path(env).expanduser().resolve()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "models"


@dataclass(frozen=True)
class Paths:
    """Every file location derived from the data folder."""

    home: Path
    models: Path

    @classmethod
    def from_home(cls, home: str | os.PathLike[str] | None = None, models: Path | None = None) -> "Paths":
        """Build the layout; models default to the user-wide models folder."""
        return cls(home=resolve_home(home), models=models or default_models_dir())

    @property
    def store(self) -> Path:
        """The DuckDB file."""
        return self.home / "ovillo.duckdb"

    @property
    def settings(self) -> Path:
        """The settings JSON file."""
        return self.home / "settings.json"

    @property
    def work(self) -> Path:
        """The person's own work: recent and saved searches, working lists (:mod:`core.work`)."""
        return self.home / "work.json"

    @property
    def logs(self) -> Path:
        """Log folder (unexpected errors land here)."""
        return self.home / "logs"

    def ensure(self) -> int:
        """Create the data folder if it is missing, private to its owner (:mod:`core.private`); returns how
        many of its entries were readable by other accounts and have been tightened."""
        from core.private import make_private

        return make_private(self.home)
