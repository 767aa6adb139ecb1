"""``python -m switcher`` runs the command line."""

from switcher.cli import main

raise SystemExit(main())
