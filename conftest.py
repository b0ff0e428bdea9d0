"""Root pytest configuration: what to collect for doctests."""

import importlib.util

collect_ignore_glob = ["docs/*", "benchmarks/*", "binder/*"]
# The OpenSpiel adapter imports open_spiel, an optional extra (`bench`).
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore_glob.append("boardgames_widgets/openspiel.py")
