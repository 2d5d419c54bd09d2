"""Integration fixtures live in :mod:`tests.demo_fixtures` (shared with tests/gui); re-exported here."""

from tests.demo_fixtures import DEMO, DEMO_FOLDERS, REPO, copy_home

__all__ = ["DEMO", "DEMO_FOLDERS", "REPO", "copy_home"]
