"""``ovillo`` on the command line: a front end like the window, talking to core through :mod:`core.api` only."""
