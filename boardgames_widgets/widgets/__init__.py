"""Widgets (ipywidgets + ipycanvas). Imported lazily by ``boardgames_widgets``."""
