"""``python -m boardgames_widgets``: the ``boardgames-widgets`` command (see :mod:`boardgames_widgets.cli`)."""

import sys

from boardgames_widgets.cli import main

if __name__ == "__main__":
    sys.exit(main())
