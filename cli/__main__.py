"""``python -m cli``: the same as the ``ovillo`` command."""

from cli.main import main

raise SystemExit(main())
