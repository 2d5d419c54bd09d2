"""Integration fixtures live in :mod:`tests.demo_fixtures` (shared with tests/gui); re-exported here.

The session's PostgreSQL server (:mod:`tests.pg_fixtures`) is started by the first test that asks for it.
"""

from tests.demo_fixtures import DEMO, DEMO_FOLDERS, REPO, copy_home
from tests.pg_fixtures import pg_server

__all__ = ["DEMO", "DEMO_FOLDERS", "REPO", "copy_home", "pg_server"]
